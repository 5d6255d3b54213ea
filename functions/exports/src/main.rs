#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    http_glue::lambda::run(exports_area::routes).await
}
