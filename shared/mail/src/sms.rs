//! Sending SMS to citizens, for the same outbox as the emails (`cases::notices`): one port, two
//! engines. On one machine an HTTP SMS gateway, described by environment variables as Indian
//! gateways are (a URL, a method, a body with placeholders, an auth header); in the cloud
//! Amazon SNS, reached with the function's own role. With neither configured there is no
//! sender, and the outbox keeps the messages until there is.

use async_trait::async_trait;
use std::time::Duration;

/// One SMS: to a number with its country code (`+919812345678`), its text, and the DLT ids
/// Indian rules require with it (the template's, and the sending entity's from the sender's
/// own configuration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sms<'a> {
    pub to: &'a str,
    pub text: &'a str,
    pub dlt_template_id: &'a str,
}

/// Something that sends one SMS, answering the gateway's id for it. An error is worth
/// retrying later: the caller keeps the message and tries again.
#[async_trait]
pub trait SmsSender: Send + Sync + 'static {
    async fn send(&self, sms: &Sms<'_>) -> Result<String, String>;
    /// What it sends through, for the logs.
    fn describe(&self) -> String;
}

/// How the gateway's body (or, for GET, its URL) writes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Json,
    Form,
}

/// An HTTP SMS gateway, as the environment describes it.
pub struct HttpGateway {
    client: reqwest::Client,
    url: String,
    method: reqwest::Method,
    body: Option<String>,
    encoding: Encoding,
    auth: Option<(reqwest::header::HeaderName, reqwest::header::HeaderValue)>,
    entity_id: String,
    sender: String,
}

/// The body sent when `PORTAL_SMS_BODY` is not set.
pub const DEFAULT_BODY: &str = r#"{"to":"{to}","text":"{text}","template_id":"{template_id}","entity_id":"{entity_id}","sender":"{sender}"}"#;

impl HttpGateway {
    /// `body` with `{to}`, `{text}`, `{template_id}`, `{entity_id}` and `{sender}`; a body
    /// that starts with `{` or `[` is JSON (values escaped as JSON strings), any other is a
    /// form (values URL-encoded). A GET sends no body: its placeholders are in the URL.
    /// `auth` is one header, `Name: value`.
    pub fn new(url: &str, method: &str, body: Option<&str>, auth: Option<&str>, entity_id: &str, sender: &str) -> Result<HttpGateway, String> {
        let method = match method.trim().to_ascii_uppercase().as_str() {
            "" | "POST" => reqwest::Method::POST,
            "GET" => reqwest::Method::GET,
            "PUT" => reqwest::Method::PUT,
            other => return Err(format!("PORTAL_SMS_METHOD={other:?}: use POST, GET or PUT")),
        };
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("PORTAL_SMS_URL={url:?} is not a URL: {e}"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("PORTAL_SMS_URL={url:?}: use an http or https address"));
        }
        let body = (method != reqwest::Method::GET).then(|| body.unwrap_or(DEFAULT_BODY).to_string());
        let encoding = match body.as_deref().map(str::trim_start) {
            Some(b) if b.starts_with('{') || b.starts_with('[') => Encoding::Json,
            _ => Encoding::Form,
        };
        let auth = match auth.map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(header) => {
                let (name, value) = header.split_once(':').ok_or("PORTAL_SMS_AUTH_HEADER must be written `Name: value`")?;
                let name = reqwest::header::HeaderName::from_bytes(name.trim().as_bytes()).map_err(|e| format!("PORTAL_SMS_AUTH_HEADER's name: {e}"))?;
                let mut value = reqwest::header::HeaderValue::from_str(value.trim()).map_err(|e| format!("PORTAL_SMS_AUTH_HEADER's value: {e}"))?;
                value.set_sensitive(true);
                Some((name, value))
            }
        };
        let client = reqwest::Client::builder().timeout(Duration::from_secs(15)).build().map_err(|e| e.to_string())?;
        Ok(HttpGateway { client, url: url.to_string(), method, body, encoding, auth, entity_id: entity_id.to_string(), sender: sender.to_string() })
    }

    fn fill(&self, template: &str, sms: &Sms<'_>, encoding: Encoding) -> String {
        let write = |value: &str| match encoding {
            Encoding::Json => {
                let quoted = serde_json::to_string(value).expect("a string is JSON");
                quoted[1..quoted.len() - 1].to_string()
            }
            Encoding::Form => url::form_urlencoded::byte_serialize(value.as_bytes()).collect(),
        };
        template
            .replace("{to}", &write(sms.to))
            .replace("{template_id}", &write(sms.dlt_template_id))
            .replace("{entity_id}", &write(&self.entity_id))
            .replace("{sender}", &write(&self.sender))
            // Last: the text is the citizen-facing words, which may hold braces of their own.
            .replace("{text}", &write(sms.text))
    }
}

#[async_trait]
impl SmsSender for HttpGateway {
    async fn send(&self, sms: &Sms<'_>) -> Result<String, String> {
        let url = self.fill(&self.url, sms, Encoding::Form);
        let mut request = self.client.request(self.method.clone(), &url);
        if let Some((name, value)) = &self.auth {
            request = request.header(name.clone(), value.clone());
        }
        if let Some(body) = &self.body {
            let content_type = match self.encoding {
                Encoding::Json => "application/json",
                Encoding::Form => "application/x-www-form-urlencoded",
            };
            request = request.header(reqwest::header::CONTENT_TYPE, content_type).body(self.fill(body, sms, self.encoding));
        }
        let response = request.send().await.map_err(|e| format!("the SMS gateway did not answer: {e}"))?;
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let shown: String = text.chars().take(200).collect();
        if status.is_success() {
            Ok(shown)
        } else {
            Err(format!("the SMS gateway answered {status}: {shown}"))
        }
    }

    fn describe(&self) -> String {
        let host = reqwest::Url::parse(&self.url).ok().and_then(|u| u.host_str().map(str::to_string)).unwrap_or_default();
        format!("the SMS gateway at {host} ({})", self.method)
    }
}

/// Amazon SNS, as the function's role allows (`sns:Publish` to phone numbers only), with the
/// DLT attributes SNS takes for India.
#[cfg(feature = "cloud")]
pub struct Sns {
    client: aws_sdk_sns::Client,
    entity_id: String,
    sender: String,
}

#[cfg(feature = "cloud")]
impl Sns {
    pub fn new(client: aws_sdk_sns::Client, entity_id: String, sender: String) -> Sns {
        Sns { client, entity_id, sender }
    }
}

#[cfg(feature = "cloud")]
#[async_trait]
impl SmsSender for Sns {
    async fn send(&self, sms: &Sms<'_>) -> Result<String, String> {
        use aws_sdk_sns::types::MessageAttributeValue;
        let text = |value: &str| MessageAttributeValue::builder().data_type("String").string_value(value).build().map_err(|e| e.to_string());
        let mut publish = self
            .client
            .publish()
            .phone_number(sms.to)
            .message(sms.text)
            .message_attributes("AWS.SNS.SMS.SMSType", text("Transactional")?)
            .message_attributes("AWS.MM.SMS.TemplateId", text(sms.dlt_template_id)?);
        if !self.entity_id.is_empty() {
            publish = publish.message_attributes("AWS.MM.SMS.EntityId", text(&self.entity_id)?);
        }
        if !self.sender.is_empty() {
            publish = publish.message_attributes("AWS.SNS.SMS.SenderID", text(&self.sender)?);
        }
        let sent = publish.send().await.map_err(|e| aws_sdk_sns::error::DisplayErrorContext(e).to_string())?;
        Ok(sent.message_id().unwrap_or_default().to_string())
    }

    fn describe(&self) -> String {
        "Amazon SNS".to_string()
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// The SMS sender the environment names, if any:
/// - `PORTAL_SMS_VIA=sns` (the cloud): Amazon SNS;
/// - `PORTAL_SMS_URL` (one machine), with `PORTAL_SMS_METHOD`, `PORTAL_SMS_BODY` and
///   `PORTAL_SMS_AUTH_HEADER`: that HTTP gateway.
///
/// Both take `PORTAL_SMS_ENTITY_ID` (the department's DLT entity id) and `PORTAL_SMS_SENDER`
/// (its DLT header). A setting that cannot work is an error, seen at start.
pub async fn from_env() -> Result<Option<std::sync::Arc<dyn SmsSender>>, String> {
    let entity_id = var("PORTAL_SMS_ENTITY_ID").unwrap_or_default();
    let sender = var("PORTAL_SMS_SENDER").unwrap_or_default();
    if var("PORTAL_SMS_VIA").is_some_and(|v| v.eq_ignore_ascii_case("sns")) {
        return sns(entity_id, sender).await;
    }
    let Some(url) = var("PORTAL_SMS_URL") else { return Ok(None) };
    let method = var("PORTAL_SMS_METHOD").unwrap_or_default();
    let gateway = HttpGateway::new(&url, &method, var("PORTAL_SMS_BODY").as_deref(), var("PORTAL_SMS_AUTH_HEADER").as_deref(), &entity_id, &sender)?;
    Ok(Some(std::sync::Arc::new(gateway)))
}

#[cfg(feature = "cloud")]
async fn sns(entity_id: String, sender: String) -> Result<Option<std::sync::Arc<dyn SmsSender>>, String> {
    let config = aws_config::load_from_env().await;
    Ok(Some(std::sync::Arc::new(Sns::new(aws_sdk_sns::Client::new(&config), entity_id, sender))))
}

#[cfg(not(feature = "cloud"))]
async fn sns(_entity_id: String, _sender: String) -> Result<Option<std::sync::Arc<dyn SmsSender>>, String> {
    Err("PORTAL_SMS_VIA=sns, but this build has no Amazon SNS: set PORTAL_SMS_URL instead, or build with --features cloud".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sms() -> Sms<'static> {
        Sms { to: "+919812345678", text: "Grievance \"GRV-1\" & {more}", dlt_template_id: "1007000000000000001" }
    }

    #[test]
    fn a_json_body_escapes_its_values_and_a_form_encodes_them() {
        let json = HttpGateway::new("http://127.0.0.1:9/send", "POST", None, None, "1101", "GRVPRT").unwrap();
        let body = json.fill(DEFAULT_BODY, &sms(), Encoding::Json);
        let parsed: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(parsed["text"], "Grievance \"GRV-1\" & {more}");
        assert_eq!((parsed["to"].as_str(), parsed["template_id"].as_str(), parsed["entity_id"].as_str(), parsed["sender"].as_str()), (Some("+919812345678"), Some("1007000000000000001"), Some("1101"), Some("GRVPRT")));
        let form = HttpGateway::new("http://127.0.0.1:9/send", "POST", Some("mobile={to}&msg={text}"), None, "", "").unwrap();
        assert_eq!(form.fill("mobile={to}&msg={text}", &sms(), Encoding::Form), "mobile=%2B919812345678&msg=Grievance+%22GRV-1%22+%26+%7Bmore%7D");
    }

    #[test]
    fn settings_that_cannot_work_are_refused() {
        assert!(HttpGateway::new("ftp://x/send", "POST", None, None, "", "").is_err());
        assert!(HttpGateway::new("http://x/send", "PATCH", None, None, "", "").is_err());
        assert_eq!(HttpGateway::new("http://x/send", "POST", None, Some("Bearer abc"), "", "").err().unwrap(), "PORTAL_SMS_AUTH_HEADER must be written `Name: value`");
    }
}
