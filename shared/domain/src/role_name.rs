//! Role names that cannot impersonate one another. "Аdmin" with a Cyrillic А, "Admin"
//! followed by a zero-width space, or "ＡＤＭＩＮ" in full-width letters read as "Admin" on
//! screen; a role manager who could create one would have a role that staff take for the
//! real Admin. A name is therefore stored cleaned (NFKC, invisible characters removed), and
//! compared by its UTS #39 confusable skeleton, case folded.

use unicode_normalization::UnicodeNormalization;

/// Characters that show nothing: controls, zero-width spaces and joiners, direction marks,
/// the soft hyphen, the byte order mark.
fn invisible(c: char) -> bool {
    c.is_control() || matches!(c, '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// The name as it is stored and shown: compatibility-normalised, without invisible
/// characters, with runs of spaces made one and the ends trimmed.
pub fn clean(name: &str) -> String {
    let visible: String = name.nfkc().filter(|c| !invisible(*c)).collect();
    visible.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What two names that look alike have in common: the key under which a role name is unique.
pub fn key(name: &str) -> String {
    let folded = clean(name).to_lowercase();
    let skeleton: String = unicode_security::skeleton(&folded).collect();
    // A skeleton maps to prototypes that may be capitals ("l" and "I" share one): fold again.
    skeleton.nfkc().collect::<String>().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_of_admin_share_its_key() {
        let admin = key("Admin");
        for fake in ["admin", " ADMIN ", "\u{0410}dmin", "Admin\u{200B}", "Ad\u{200D}min", "\u{FF21}\u{FF44}\u{FF4D}\u{FF49}\u{FF4E}", "Admіn", "AdmIn"] {
            assert_eq!(key(fake), admin, "{fake:?}");
        }
        assert_ne!(key("Admins"), admin);
        assert_ne!(key("Auditor"), admin);
    }

    #[test]
    fn a_name_is_stored_without_what_cannot_be_seen() {
        assert_eq!(clean("  Station\u{200B}  House\u{00AD} Officer "), "Station House Officer");
        assert_eq!(clean("\u{FF33}\u{FF28}\u{FF2F}"), "SHO");
        assert_eq!(clean("थाना प्रभारी"), "थाना प्रभारी", "Devanagari stays as typed");
    }
}
