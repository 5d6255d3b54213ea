#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    http_glue::lambda::run(audit_area::routes).await
}
