//! Sending email and SMS, for the notifications outbox (`cases::notices`): one port each, two engines each (SMS in [`sms`]).
//! On one machine an SMTP server named by environment variables; in the cloud Amazon SES,
//! reached with the function's own role (no SMTP credentials to keep). With neither
//! configured there is no mailer, and the outbox keeps the messages until there is.

pub mod sms;

use async_trait::async_trait;
use std::time::Duration;

/// Something that sends one plain-text email. An error is worth retrying later: the caller
/// keeps the email and tries again.
#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String>;
    /// What it sends through, for the logs.
    fn describe(&self) -> String;
}

/// How an SMTP connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// STARTTLS on the submission port (587): the usual choice.
    StartTls,
    /// TLS from the first byte (465).
    Tls,
    /// None: a relay on the same machine or the local network only.
    None,
}

impl Security {
    fn parse(text: &str) -> Result<Security, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "starttls" => Ok(Security::StartTls),
            "tls" | "ssl" => Ok(Security::Tls),
            "none" | "plain" => Ok(Security::None),
            other => Err(format!("PORTAL_SMTP_SECURITY={other:?}: use starttls, tls or none")),
        }
    }

    fn default_port(self) -> u16 {
        match self {
            Security::StartTls => 587,
            Security::Tls => 465,
            Security::None => 25,
        }
    }
}

/// An SMTP server to send through.
pub struct Smtp {
    transport: lettre::AsyncSmtpTransport<lettre::Tokio1Executor>,
    from: lettre::message::Mailbox,
    described: String,
}

impl Smtp {
    pub fn new(host: &str, port: Option<u16>, security: Security, credentials: Option<(String, String)>, from: &str) -> Result<Smtp, String> {
        use lettre::transport::smtp::authentication::Credentials;
        use lettre::AsyncSmtpTransport;
        let port = port.unwrap_or(security.default_port());
        let builder = match security {
            Security::StartTls => AsyncSmtpTransport::<lettre::Tokio1Executor>::starttls_relay(host).map_err(|e| e.to_string())?,
            Security::Tls => AsyncSmtpTransport::<lettre::Tokio1Executor>::relay(host).map_err(|e| e.to_string())?,
            Security::None => AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous(host),
        };
        let builder = builder.port(port).timeout(Some(Duration::from_secs(20)));
        let builder = match credentials {
            Some((user, password)) => builder.credentials(Credentials::new(user, password)),
            None => builder,
        };
        let from = from.parse().map_err(|e| format!("the sender {from:?} is not an email address: {e}"))?;
        Ok(Smtp { transport: builder.build(), from, described: format!("SMTP {host}:{port} ({security:?})") })
    }
}

#[async_trait]
impl Mailer for Smtp {
    async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        use lettre::AsyncTransport;
        let to = to.parse().map_err(|e| format!("the recipient {to:?} is not an email address: {e}"))?;
        let message = lettre::Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(lettre::message::header::ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(|e| e.to_string())?;
        self.transport.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }

    fn describe(&self) -> String {
        self.described.clone()
    }
}

/// Amazon SES (API v2), as the function's role allows (`ses:SendEmail` on the sender's
/// identity only).
#[cfg(feature = "cloud")]
pub struct Ses {
    client: aws_sdk_sesv2::Client,
    from: String,
    configuration_set: Option<String>,
}

#[cfg(feature = "cloud")]
impl Ses {
    pub fn new(client: aws_sdk_sesv2::Client, from: String, configuration_set: Option<String>) -> Ses {
        Ses { client, from, configuration_set }
    }
}

#[cfg(feature = "cloud")]
#[async_trait]
impl Mailer for Ses {
    async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        use aws_sdk_sesv2::types::{Body, Content, Destination, EmailContent, Message};
        let text = |data: &str| Content::builder().data(data).charset("UTF-8").build().map_err(|e| e.to_string());
        let message = Message::builder().subject(text(subject)?).body(Body::builder().text(text(body)?).build()).build();
        self.client
            .send_email()
            .from_email_address(&self.from)
            .destination(Destination::builder().to_addresses(to).build())
            .content(EmailContent::builder().simple(message).build())
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map(|_| ())
            .map_err(|e| aws_sdk_sesv2::error::DisplayErrorContext(e).to_string())
    }

    fn describe(&self) -> String {
        format!("Amazon SES as {}", self.from)
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// The mailer the environment names, if any:
/// - `SES_FROM_ADDRESS` (the cloud; `SES_CONFIGURATION_SET` optional): Amazon SES;
/// - `PORTAL_SMTP_HOST` (one machine), with `PORTAL_SMTP_PORT`, `PORTAL_SMTP_SECURITY`
///   (starttls, tls or none), `PORTAL_SMTP_USERNAME`, `PORTAL_SMTP_PASSWORD` and
///   `PORTAL_MAIL_FROM`: that SMTP server.
///
/// A setting that cannot work is an error, so that a typo is seen at start, not as silence.
pub async fn from_env() -> Result<Option<Box<dyn Mailer>>, String> {
    if let Some(from) = var("SES_FROM_ADDRESS") {
        return ses(from).await;
    }
    let Some(host) = var("PORTAL_SMTP_HOST") else { return Ok(None) };
    let security = Security::parse(&var("PORTAL_SMTP_SECURITY").unwrap_or_default())?;
    let port = match var("PORTAL_SMTP_PORT") {
        Some(p) => Some(p.parse().map_err(|_| format!("PORTAL_SMTP_PORT={p:?} is not a port number"))?),
        None => None,
    };
    let credentials = match (var("PORTAL_SMTP_USERNAME"), var("PORTAL_SMTP_PASSWORD")) {
        (Some(user), Some(password)) => Some((user, password)),
        (None, None) => None,
        _ => return Err("set both PORTAL_SMTP_USERNAME and PORTAL_SMTP_PASSWORD, or neither".into()),
    };
    let from = var("PORTAL_MAIL_FROM").ok_or("PORTAL_SMTP_HOST is set: set PORTAL_MAIL_FROM too (the sender's address)")?;
    Ok(Some(Box::new(Smtp::new(&host, port, security, credentials, &from)?)))
}

#[cfg(feature = "cloud")]
async fn ses(from: String) -> Result<Option<Box<dyn Mailer>>, String> {
    let config = aws_config::load_from_env().await;
    Ok(Some(Box::new(Ses::new(aws_sdk_sesv2::Client::new(&config), from, var("SES_CONFIGURATION_SET")))))
}

/// A build without the cloud engines cannot send through SES: said at start, not as silence.
#[cfg(not(feature = "cloud"))]
async fn ses(_from: String) -> Result<Option<Box<dyn Mailer>>, String> {
    Err("SES_FROM_ADDRESS is set, but this build has no Amazon SES: set PORTAL_SMTP_HOST instead, or build with --features cloud".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn security_names() {
        assert_eq!(Security::parse("").unwrap(), Security::StartTls);
        assert_eq!(Security::parse("TLS").unwrap(), Security::Tls);
        assert_eq!(Security::parse("none").unwrap().default_port(), 25);
        assert_eq!(Security::parse("smtps").unwrap_err(), "PORTAL_SMTP_SECURITY=\"smtps\": use starttls, tls or none");
    }

    #[test]
    fn a_bad_sender_is_refused_at_start() {
        let error = Smtp::new("localhost", Some(2525), Security::None, None, "not an address").err().unwrap();
        assert!(error.starts_with("the sender \"not an address\" is not an email address"), "{error}");
    }
}
