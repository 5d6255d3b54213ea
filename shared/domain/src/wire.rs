//! A form's fields as a request sends them, before the form's rules read them.
//!
//! Each form is a struct with serde, its fields named and described in the OpenAPI document.
//! A field's shape, though, is judged by the rule that reads it, not by serde: text where a
//! whole number belongs, or a list where text belongs, is answered with that field's own
//! message under its own `fields` key, which the web app shows beside the input, rather than
//! as one "the request body is not valid" for the whole form. So a field is a [`Sent<T>`]:
//! left out, `null`, a `T`, or something that is not a `T`.

use serde::{Deserialize, Deserializer};

/// One field of a form as it arrived.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Sent<T> {
    /// Not in the body.
    #[default]
    Absent,
    /// Sent as `null`.
    Null,
    Given(T),
    /// Sent, but not as a `T`; the form's rule for the field says what it must be.
    Unusable,
}

impl<T> Sent<T> {
    /// The value when one was given; `None` when left out, `null` or unusable.
    pub fn given(self) -> Option<T> {
        match self {
            Sent::Given(value) => Some(value),
            _ => None,
        }
    }

    pub fn as_given(&self) -> Option<&T> {
        match self {
            Sent::Given(value) => Some(value),
            _ => None,
        }
    }

}

impl Sent<String> {
    /// The text trimmed; empty when left out, `null` or not text.
    pub fn trimmed(&self) -> String {
        self.as_given().map(|s| s.trim().to_string()).unwrap_or_default()
    }
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Sent<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Read whole first, so that a value of the wrong shape is kept as `Unusable` instead
        // of failing the form.
        Ok(match serde_json::Value::deserialize(d)? {
            serde_json::Value::Null => Sent::Null,
            value => T::deserialize(value).map_or(Sent::Unusable, Sent::Given),
        })
    }
}

/// A value that is not a list or an object: text, a number or true/false, for the fields
/// where the web app and older clients send a number as text or a flag as 0 or 1.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Scalar {
    Flag(bool),
    Number(serde_json::Number),
    Text(String),
}

impl Scalar {
    /// A whole number, or text holding one (spaces around it ignored).
    pub fn whole_number(&self) -> Option<i64> {
        match self {
            Scalar::Number(n) => n.as_i64(),
            Scalar::Text(s) => s.trim().parse().ok(),
            Scalar::Flag(_) => None,
        }
    }

    /// Text holding nothing but spaces.
    pub fn is_blank_text(&self) -> bool {
        matches!(self, Scalar::Text(s) if s.trim().is_empty())
    }
}

/// Text, or a number taken as its digits (a FIR number typed as digits reaches the server
/// as a number from some clients).
#[derive(Clone, Debug, PartialEq)]
pub struct Text(pub String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Text(String),
            Number(serde_json::Number),
        }
        Ok(Text(match Either::deserialize(d)? {
            Either::Text(s) => s.trim().to_string(),
            Either::Number(n) => n.to_string(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize, Debug)]
    struct Form {
        #[serde(default)]
        count: Sent<u32>,
        #[serde(default)]
        label: Sent<Text>,
        #[serde(default)]
        order: Sent<Scalar>,
    }

    fn form(json: &str) -> Form {
        serde_json::from_str(json).expect("a form never fails on its fields' shapes")
    }

    #[test]
    fn a_field_is_left_out_null_given_or_unusable() {
        assert_eq!(form("{}").count, Sent::Absent);
        assert_eq!(form(r#"{"count": null}"#).count, Sent::Null);
        assert_eq!(form(r#"{"count": 7}"#).count, Sent::Given(7));
        assert_eq!(form(r#"{"count": "7"}"#).count, Sent::Unusable);
        assert_eq!(form(r#"{"count": -1}"#).count, Sent::Unusable);
        assert_eq!(form(r#"{"count": [7]}"#).count, Sent::Unusable);
    }

    #[test]
    fn text_takes_a_number_as_its_digits_and_nothing_else() {
        assert_eq!(form(r#"{"label": " FIR/1 "}"#).label, Sent::Given(Text("FIR/1".into())));
        assert_eq!(form(r#"{"label": 42}"#).label, Sent::Given(Text("42".into())));
        assert_eq!(form(r#"{"label": true}"#).label, Sent::Unusable);
        assert_eq!(form(r#"{"label": {"a": 1}}"#).label, Sent::Unusable);
    }

    #[test]
    fn a_scalar_reads_a_whole_number_from_text_too() {
        assert_eq!(form(r#"{"order": " 12 "}"#).order.given().and_then(|s| s.whole_number()), Some(12));
        assert_eq!(form(r#"{"order": 12}"#).order.given().and_then(|s| s.whole_number()), Some(12));
        assert_eq!(form(r#"{"order": 1.5}"#).order.given().and_then(|s| s.whole_number()), None);
        assert_eq!(form(r#"{"order": true}"#).order.given().and_then(|s| s.whole_number()), None);
        assert!(form(r#"{"order": "  "}"#).order.given().unwrap().is_blank_text());
        assert_eq!(form(r#"{"order": [1]}"#).order, Sent::Unusable);
    }
}
