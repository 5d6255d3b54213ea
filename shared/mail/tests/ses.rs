//! The SES engine against a server speaking SES's protocol (moto): a sender SES has not
//! verified is refused, with SES's own reason for the logs and a retry; a verified one sends.

use mail::Mailer;

/// SES's v1 query API, which the tests use to verify a sender and read the send count (the
/// product needs neither, so it has no client for it). moto tells services apart by the
/// signature's scope, which it does not check.
async fn ses_query(action: &str, params: &[(&str, &str)]) -> String {
    let mut form: Vec<(&str, &str)> = vec![("Action", action), ("Version", "2010-12-01")];
    form.extend_from_slice(params);
    reqwest::Client::new()
        .post(testkit::moto_endpoint())
        .header("authorization", "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=0")
        .form(&form)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

fn sent_last_day(quota: &str) -> f64 {
    let start = quota.find("<SentLast24Hours>").expect("a send quota") + "<SentLast24Hours>".len();
    quota[start..quota[start..].find('<').unwrap() + start].parse().unwrap()
}

#[tokio::test]
async fn ses_sends_as_a_verified_sender_only() {
    let credentials = aws_sdk_sesv2::config::Credentials::new("test", "test", None, None, "local");
    let config = aws_config::defaults(aws_config::BehaviorVersion::latest())
        .endpoint_url(testkit::moto_endpoint())
        .region(aws_config::Region::new("us-east-1"))
        .credentials_provider(credentials)
        .load()
        .await;
    let sender = format!("{}@police.test", testkit::unique("grievances"));
    let ses = mail::Ses::new(aws_sdk_sesv2::Client::new(&config), sender.clone(), None);
    let before = sent_last_day(&ses_query("GetSendQuota", &[]).await);

    let refused = ses.send("sp@agra.test", "Grievance GRV-2026-000001 assigned to you", "Dear SP,").await.unwrap_err();
    assert!(refused.contains("Email address not verified"), "{refused}");

    ses_query("VerifyEmailIdentity", &[("EmailAddress", &sender)]).await;
    ses.send("sp@agra.test", "शिकायत GRV-2026-000001 आपको सौंपी गई", "प्रिय SP,").await.unwrap();
    assert_eq!(sent_last_day(&ses_query("GetSendQuota", &[]).await), before + 1.0);
    assert_eq!(ses.describe(), format!("Amazon SES as {sender}"));
}
