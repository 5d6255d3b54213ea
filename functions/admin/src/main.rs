#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    http_glue::lambda::run(admin_area::routes).await
}
