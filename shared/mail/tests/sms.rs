//! The SMS engines against real servers: the HTTP gateway engine against a gateway on a
//! loopback port (the test sink), with its auth header, DLT ids and a refusal kept as the
//! error to retry on; Amazon SNS against moto.

use mail::sms::{HttpGateway, Sms, SmsSender};

fn sms<'a>(text: &'a str) -> Sms<'a> {
    Sms { to: "+919812345678", text, dlt_template_id: "1007000000000000001" }
}

#[tokio::test]
async fn the_http_gateway_sends_what_the_body_template_says() {
    let sink = testkit::sms::SmsSink::start();
    let gateway = HttpGateway::new(&sink.url(), "POST", None, Some("Authorization: Bearer gateway-key"), "1101000000000001", "GRVPRT").unwrap();
    gateway.send(&sms("शिकायत GRV-2026-000001 दर्ज हुई")).await.unwrap();
    let received = sink.received();
    assert_eq!(received.len(), 1);
    let r = &received[0];
    assert_eq!((r["method"].as_str(), r["authorization"].as_str(), r["contentType"].as_str()), (Some("POST"), Some("Bearer gateway-key"), Some("application/json")));
    assert_eq!(r["json"]["text"], "शिकायत GRV-2026-000001 दर्ज हुई");
    assert_eq!((r["json"]["to"].as_str(), r["json"]["template_id"].as_str(), r["json"]["entity_id"].as_str(), r["json"]["sender"].as_str()), (Some("+919812345678"), Some("1007000000000000001"), Some("1101000000000001"), Some("GRVPRT")));

    // A GET gateway takes everything in its URL; a form body is URL-encoded.
    let get = HttpGateway::new(&format!("{}?to={{to}}&msg={{text}}&tid={{template_id}}", sink.url()), "GET", None, None, "", "").unwrap();
    get.send(&sms("Grievance GRV-1 & more")).await.unwrap();
    let form = HttpGateway::new(&sink.url(), "POST", Some("mobile={to}&message={text}"), None, "", "").unwrap();
    form.send(&sms("Grievance GRV-2")).await.unwrap();
    let received = sink.received();
    assert_eq!(received[1]["query"]["msg"], "Grievance GRV-1 & more");
    assert_eq!(received[1]["query"]["tid"], "1007000000000000001");
    assert_eq!(received[2]["form"]["message"], "Grievance GRV-2");

    sink.fail_next(1);
    let refused = gateway.send(&sms("Grievance GRV-3")).await.unwrap_err();
    assert!(refused.starts_with("the SMS gateway answered 503 Service Unavailable"), "{refused}");
    assert_eq!(sink.received().len(), 3, "a refused message is not taken");
    let down = HttpGateway::new(&format!("http://127.0.0.1:{}/send", testkit::free_port()), "POST", None, None, "", "").unwrap();
    assert!(down.send(&sms("x")).await.unwrap_err().starts_with("the SMS gateway did not answer"));
}

#[tokio::test]
async fn sns_publishes_to_the_number_with_the_dlt_attributes() {
    let credentials = aws_sdk_sns::config::Credentials::new("test", "test", None, None, "local");
    let config = aws_config::defaults(aws_config::BehaviorVersion::latest())
        .endpoint_url(testkit::moto_endpoint())
        .region(aws_config::Region::new("ap-south-1"))
        .credentials_provider(credentials)
        .load()
        .await;
    let sns = mail::sms::Sns::new(aws_sdk_sns::Client::new(&config), "1101000000000001".into(), "GRVPRT".into());
    let id = sns.send(&sms("Grievance GRV-2026-000001 is registered.")).await.unwrap();
    assert!(!id.is_empty(), "SNS answers the message's id");
    let refused = sns.send(&Sms { to: "not a number", ..sms("x") }).await.unwrap_err();
    assert!(refused.contains("Invalid parameter") || refused.contains("InvalidParameter"), "{refused}");
    assert_eq!(sns.describe(), "Amazon SNS");
}
