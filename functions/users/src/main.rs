#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    http_glue::lambda::run(users_area::routes).await
}
