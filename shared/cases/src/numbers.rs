//! Finding grievances by number: the grievance number (`GRV-2025-000123`) or the FIR number,
//! exactly or by its first characters. Each engine keeps an index of both numbers, so a
//! lookup reads a page of that index whatever the number of grievances. The list's free text
//! is a substring search over four fields; a number in hand is answered here, at the cost of a
//! key lookup, on both engines alike.

use domain::Msg;
use crate::port::{StoredPage, Viewer};
pub use crate::port::{NumberMatch, NumberQuery};
use crate::record::Grievance;
use crate::Cases;
use domain::{Error, Result};

/// The longest number a lookup takes (its message says 40): a FIR number with its station's
/// prefix is far shorter.
pub const MAX_NUMBER_LEN: usize = 40;

/// How many numbers of the index one lookup examines at most. A lookup by a user who sees
/// few grievances may pass over many numbers that are not theirs: it stops here and answers
/// a short page with a cursor (`StoredPage::bounded`), as the list's bounded scans do.
pub const LOOKUP_BUDGET: usize = 500;

/// The largest page a lookup answers (its message says 50).
pub const MAX_LOOKUP_PAGE: usize = 50;

/// A number as the index keeps it: trimmed and in capitals, so `grv-2025-000123` finds
/// `GRV-2025-000123` (both numbers are ASCII letters, digits, '/' and '-').
pub fn number_key(number: &str) -> String {
    number.trim().to_ascii_uppercase()
}

/// The distinct keys a grievance is indexed under: its grievance number and its FIR number
/// (one key when both are the same text; none for an empty FIR number).
pub fn keys_of(g: &Grievance) -> Vec<String> {
    let mut keys = vec![number_key(&g.grievance_number)];
    let fir = number_key(&g.fields.fir_no);
    if !fir.is_empty() && fir != keys[0] {
        keys.push(fir);
    }
    keys
}

/// A grievance's place in a lookup's order, highest first: its key, then its id. The index
/// entries of the item engine are sorted by this text; the relational engine pages by it.
pub fn position(key: &str, id: i64) -> String {
    format!("{key}#{id:012}")
}

impl NumberQuery {
    /// The lookup of `text` (as typed); 400 naming the `number` field when it is empty, too
    /// long, or holds a character no number has.
    pub fn parse(text: &str, matching: NumberMatch) -> Result<NumberQuery> {
        let key = number_key(text);
        if key.is_empty() {
            return Err(Error::field("number", Msg::NumberRequired));
        }
        if key.chars().count() > MAX_NUMBER_LEN {
            return Err(Error::field("number", Msg::NumberTooLong));
        }
        if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '/' || c == '-') {
            return Err(Error::field("number", Msg::NumberCharacters));
        }
        Ok(NumberQuery { key, matching })
    }

    /// The text looked up, as the index keeps numbers.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Whether an indexed number (its key) answers the lookup.
    pub fn matches(&self, key: &str) -> bool {
        match self.matching {
            NumberMatch::Exact => key == self.key,
            NumberMatch::Prefix => key.starts_with(&self.key),
        }
    }

    /// The key a grievance is answered under: the highest of its keys that matches, so that
    /// a grievance whose two numbers both match is answered once, at one place in the order.
    pub fn answered_under<'k>(&self, keys: &'k [String]) -> Option<&'k str> {
        keys.iter().filter(|k| self.matches(k)).max().map(String::as_str)
    }
}

/// The lookup as the API answers it: the grievances the viewer may see whose grievance
/// number or FIR number matches, highest number first, each once; names relabelled from the
/// admin lists as a list's are.
pub async fn find(cases: Cases<'_>, viewer: &Viewer, query: &NumberQuery, limit: usize, cursor: Option<String>) -> Result<crate::reads::ListPage> {
    if !(1..=MAX_LOOKUP_PAGE).contains(&limit) {
        return Err(Error::field("limit", Msg::LimitOutOfRange50));
    }
    let StoredPage { mut items, cursor, bounded, matched, .. } = cases.grievances.find_by_number(viewer, query, limit, cursor).await?;
    // The engines answer within the viewer's reach; a grievance outside it never leaves here,
    // nor is it counted: what the lookup read is told in visible hits only, so that a number
    // of another station's says no more than a number nobody has.
    items.retain(|s| viewer.may_see(&s.grievance));
    let examined = items.len() as u64;
    crate::relabel::relabel_all(cases.lists, &mut items).await?;
    Ok(crate::reads::ListPage { items: items.into_iter().map(|s| s.grievance).collect(), cursor, examined, bounded, matched })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lookup_is_trimmed_in_capitals_and_refuses_what_no_number_holds() {
        let q = NumberQuery::parse("  grv-2025-0001 ", NumberMatch::Prefix).unwrap();
        assert_eq!(q.key(), "GRV-2025-0001");
        assert!(q.matches("GRV-2025-000123"));
        assert!(!q.matches("GRV-2024-000123"));
        let exact = NumberQuery::parse("12/2025", NumberMatch::Exact).unwrap();
        assert!(exact.matches("12/2025") && !exact.matches("12/20256"));
        for (text, message) in [
            ("   ", "Enter a grievance number or FIR number"),
            ("GRV 2025", "A number holds only letters, digits, '/' and '-'"),
            ("%", "A number holds only letters, digits, '/' and '-'"),
            (&"1".repeat(41), "A number has at most 40 characters"),
        ] {
            let Err(Error::Validation { fields, .. }) = NumberQuery::parse(text, NumberMatch::Exact) else { panic!("{text} is refused") };
            assert_eq!(fields["number"], message, "{text}");
        }
    }

    #[test]
    fn a_grievance_is_answered_under_its_highest_matching_number() {
        let q = NumberQuery::parse("1", NumberMatch::Prefix).unwrap();
        let keys = vec!["GRV-2025-000001".to_string(), "12/2025".to_string()];
        assert_eq!(q.answered_under(&keys), Some("12/2025"));
        let q = NumberQuery::parse("GRV", NumberMatch::Prefix).unwrap();
        assert_eq!(q.answered_under(&keys), Some("GRV-2025-000001"));
        let keys = vec!["GRV-2025-000001".to_string(), "GRV-7".to_string()];
        assert_eq!(q.answered_under(&keys), Some("GRV-7"));
        assert_eq!(NumberQuery::parse("X", NumberMatch::Prefix).unwrap().answered_under(&keys), None);
    }
}
