#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    http_glue::lambda::run(grievances_area::routes).await
}
