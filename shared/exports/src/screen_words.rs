//! The words the Audit History screen shows for a record's action and field, for the files
//! that export it: read from the web app's own catalogues (web/src/i18n/locales), built into
//! the binary, so that a file and the screen say the same in English and in Hindi.

use crate::Language;
use serde_json::Value;
use std::sync::OnceLock;

macro_rules! catalogue {
    ($language:literal, $name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/i18n/locales/", $language, "/", $name, ".json"))
    };
}

struct Catalogues {
    audit: Value,
    grievances: Value,
    casework: Value,
}

fn parsed(text: &str) -> Value {
    serde_json::from_str(text).expect("the web app's catalogues are JSON (vitest checks them)")
}

fn catalogues(language: Language) -> &'static Catalogues {
    static ENGLISH: OnceLock<Catalogues> = OnceLock::new();
    static HINDI: OnceLock<Catalogues> = OnceLock::new();
    match language {
        Language::English => ENGLISH.get_or_init(|| Catalogues {
            audit: parsed(catalogue!("en", "audit")),
            grievances: parsed(catalogue!("en", "grievances")),
            casework: parsed(catalogue!("en", "casework")),
        }),
        Language::Hindi => HINDI.get_or_init(|| Catalogues {
            audit: parsed(catalogue!("hi", "audit")),
            grievances: parsed(catalogue!("hi", "grievances")),
            casework: parsed(catalogue!("hi", "casework")),
        }),
    }
}

/// The text at `path` in `language`'s catalogue of `pick`, else in the English one.
fn word(language: Language, pick: fn(&Catalogues) -> &Value, path: &[&str]) -> Option<String> {
    let find = |c: &Catalogues| path.iter().try_fold(pick(c), |v, key| v.get(key)).and_then(Value::as_str).map(str::to_string);
    find(catalogues(language)).or_else(|| find(catalogues(Language::English)))
}

/// "Status Changed" for STATUS_CHANGED, as the screen names an action; an action the
/// catalogue does not know in words made of its code.
pub fn action(code: &str, language: Language) -> String {
    word(language, |c| &c.audit, &["action", &code.to_uppercase()]).unwrap_or_else(|| capitalised(&code.to_lowercase().replace('_', " ")))
}

/// A filter of the Audit History as its screen shows it: an action by its name, the kind of
/// changes by its words ("Administrative changes"); any other (a date, a search) as given.
pub fn filter(name: &str, value: &str, language: Language) -> String {
    match name {
        "Action" => action(value, language),
        "Kind" => word(language, |c| &c.audit, &["kind", value]).unwrap_or_else(|| value.to_string()),
        _ => value.to_string(),
    }
}

/// What the screen's Field column says of a record's field: what an administrative change
/// was made to, the linked grievances, or the grievance's field by its label.
pub fn field(name: &str, language: Language) -> String {
    if name.is_empty() {
        return String::new();
    }
    let known = word(language, |c| &c.audit, &["subject", name])
        .or_else(|| (name == "links").then(|| word(language, |c| &c.casework, &["links", "title"])).flatten())
        .or_else(|| word(language, |c| &c.grievances, &["field", name]));
    known.unwrap_or_else(|| capitalised(name.replace(['_', '.'], " ").trim()))
}

fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_fields_read_as_on_the_screen_in_both_languages() {
        assert_eq!(action("STATUS_CHANGED", Language::English), "Status Changed");
        assert_eq!(action("STATUS_CHANGED", Language::Hindi), "स्थिति बदली गई");
        assert_eq!(action("created", Language::English), "Created", "a legacy lower-case action");
        assert_eq!(action("SOMETHING_NEW", Language::English), "Something new");
        assert_eq!(field("case_notes", Language::English), "Case notes");
        assert_eq!(field("case_notes", Language::Hindi), "केस डायरी");
        assert_eq!(field("role", Language::English), "Role", "what an administrative change was made to");
        assert_eq!(field("links", Language::English), "Linked grievances");
        assert_eq!(field("assigned_to_id", Language::English), "Assigned to id");
        assert_eq!(field("", Language::English), "");
        assert_eq!(filter("Action", "CREATED", Language::English), "Created");
        assert_eq!(filter("Kind", "admin", Language::English), "Administrative changes");
        assert_eq!(filter("Search", "GRV-1", Language::Hindi), "GRV-1");
    }
}
