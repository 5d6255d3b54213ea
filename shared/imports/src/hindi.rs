//! A message in Hindi, from the web app's Hindi catalogue (the one the screens show errors
//! from), so that an import's report reads the same in the browser and on the command line.

use domain::Msg;
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn catalogue() -> &'static BTreeMap<String, String> {
    static HINDI: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    HINDI.get_or_init(|| {
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/i18n/locales/hi/errors.json")))
            .expect("the Hindi catalogue is a JSON object of texts")
    })
}

/// `message` in Hindi, its values put in; the English text where the catalogue has none.
pub fn text(message: &Msg) -> String {
    match catalogue().get(message.code()) {
        Some(template) => message.params().iter().fold(template.clone(), |text, (name, value)| text.replace(&format!("{{{{{name}}}}}"), value)),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_message_reads_in_hindi_with_its_values() {
        let text = super::text(&domain::Msg::BulkSelectionInvalid { max: "200".into() });
        assert!(text.contains("200") && !text.contains("{{"), "{text}");
        assert!(text.chars().any(|c| ('\u{0900}'..='\u{097F}').contains(&c)), "in Devanagari: {text}");
    }
}
