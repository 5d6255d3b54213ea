//! Reading the free-text "Section & Act" staff have always typed ("379 IPC", "u/s 303(2)
//! BNS", "4/6 POCSO", "302, 307 IPC r/w 34", "20 NDPS Act") into sections. The text itself is
//! kept as entered; what cannot be read with confidence is left for staff, never guessed.

use super::section::{Act, ChargedSection, SectionNo};

/// What a free text held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub sections: Vec<ChargedSection>,
    /// Every part of the text was understood: no number without an act, no unknown word.
    pub complete: bool,
}

/// Words that carry no section or act: "u/s 379 IPC", "Sections 3 and 4 of the Act".
const FILLER: &[&str] = &[
    "U", "S", "US", "SEC", "SECS", "SECTION", "SECTIONS", "R", "W", "RW", "READ", "WITH", "AND", "OF", "THE", "AN", "IN", "UNDER", "ALSO", "CLAUSE", "SUB",
    "धारा", "धाराएं", "व", "एवं", "और", "सहपठित",
];

/// The acts by the words staff write them with, after dots are dropped ("I.P.C." is "IPC").
fn act_word(word: &str) -> Option<Act> {
    Act::parse(word).filter(|a| *a != Act::Other).or(match word {
        "भादवि" | "भादंवि" | "भादसं" | "भादंसं" => Some(Act::Ipc),
        "बीएनएस" | "भान्यासं" => Some(Act::Bns),
        "बीएनएसएस" | "भानासुसं" => Some(Act::Bnss),
        "दप्रसं" | "दंप्रसं" => Some(Act::Crpc),
        "पॉक्सो" | "पोक्सो" => Some(Act::Pocso),
        _ => None,
    })
}

enum Token {
    Number(SectionNo),
    Act(Act, Option<String>),
    Filler,
    Unknown,
}

fn tokens(text: &str) -> Vec<Token> {
    // Separators between sections: commas, slashes ("379/411"), '&', ';', '+'. Dots are
    // dropped so that "I.P.C." and "Sec." read as words.
    let cleaned: String = text.chars().filter(|c| *c != '.').map(|c| if matches!(c, ',' | '/' | '&' | ';' | '+' | ':' | '\\') { ' ' } else { c }).collect();
    let words: Vec<String> = cleaned.split_whitespace().map(str::to_string).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        let upper = word.to_uppercase();
        if upper.trim_end_matches("ACT").is_empty() {
            // "Act" alone, after a known act ("POCSO Act") or a year ("Act 2012"): no meaning.
            out.push(Token::Filler);
        } else if word.starts_with(|c: char| c.is_ascii_digit()) {
            // A year after "Act" ("Arms Act 1959") is no section.
            let after_act = i > 0 && words[i - 1].eq_ignore_ascii_case("act");
            let is_year = word.len() == 4 && word.parse::<u32>().is_ok_and(|y| (1800..=2100).contains(&y));
            out.push(match SectionNo::parse(word) {
                _ if after_act && is_year => Token::Filler,
                Some(no) => Token::Number(no),
                None => Token::Unknown,
            });
        } else if let Some(act) = act_word(&upper).or_else(|| act_word(word)) {
            out.push(Token::Act(act, None));
        } else if FILLER.contains(&upper.as_str()) || FILLER.contains(&word.as_str()) {
            out.push(Token::Filler);
        } else if word.chars().all(char::is_alphabetic) {
            // Another law, named by the words before "Act": "NDPS Act", "Arms Act", "SC ST
            // (PoA) Act" is not read (its brackets), and stays for staff.
            let start = i;
            let mut j = i;
            while j < words.len() && j - start < 5 && words[j].chars().all(char::is_alphabetic) && !words[j].eq_ignore_ascii_case("act") {
                j += 1;
            }
            if j < words.len() && words[j].eq_ignore_ascii_case("act") && j > start {
                out.push(Token::Act(Act::Other, Some(format!("{} Act", words[start..j].join(" ")))));
                i = j + 1;
                continue;
            }
            out.push(Token::Unknown);
        } else {
            out.push(Token::Unknown);
        }
        i += 1;
    }
    out
}

/// A case's sections: those it keeps, or, when it keeps none (filed before sections were
/// kept, or its form picked none), those its "Section & Act" `text` is read into.
pub fn kept_or_read<'a>(kept: &'a [ChargedSection], text: &str) -> std::borrow::Cow<'a, [ChargedSection]> {
    match kept.is_empty() {
        true => std::borrow::Cow::Owned(read(text).sections),
        false => std::borrow::Cow::Borrowed(kept),
    }
}

/// Reads `text` into sections. Numbers go to the act written after them ("379, 411 IPC"),
/// or, when an act comes first ("IPC 379"), to that act; a number with no act, or a word that
/// is neither, leaves the reading incomplete.
pub fn read(text: &str) -> Reading {
    let mut sections: Vec<ChargedSection> = Vec::new();
    let mut pending: Vec<SectionNo> = Vec::new();
    let mut leading: Option<(Act, Option<String>)> = None;
    let mut complete = true;
    let push = |sections: &mut Vec<ChargedSection>, act: Act, name: &Option<String>, no: SectionNo| {
        let section = ChargedSection { act, act_name: name.clone(), section: no, offence_date: None };
        if !sections.contains(&section) {
            sections.push(section);
        }
    };
    for token in tokens(text) {
        match token {
            Token::Number(no) => match &leading {
                Some((act, name)) => push(&mut sections, *act, name, no),
                None => pending.push(no),
            },
            Token::Act(act, name) => {
                if pending.is_empty() {
                    leading = Some((act, name));
                } else {
                    for no in pending.drain(..) {
                        push(&mut sections, act, &name, no);
                    }
                    leading = None;
                }
            }
            Token::Filler => {}
            Token::Unknown => complete = false,
        }
    }
    if !pending.is_empty() {
        complete = false;
    }
    if sections.is_empty() {
        complete = false;
    }
    Reading { sections, complete }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cites(text: &str) -> (Vec<String>, bool) {
        let r = read(text);
        (r.sections.iter().map(ChargedSection::citation).collect(), r.complete)
    }

    fn all(list: &[&str]) -> (Vec<String>, bool) {
        (list.iter().map(|s| s.to_string()).collect(), true)
    }

    #[test]
    fn the_ways_stations_write_sections_are_read() {
        assert_eq!(cites("379 IPC"), all(&["IPC 379"]));
        assert_eq!(cites("u/s 303(2) BNS"), all(&["BNS 303(2)"]));
        assert_eq!(cites("4/6 POCSO"), all(&["POCSO 4", "POCSO 6"]));
        assert_eq!(cites("302, 307 IPC r/w 34 IPC"), all(&["IPC 302", "IPC 307", "IPC 34"]));
        assert_eq!(cites("Sec. 420 I.P.C."), all(&["IPC 420"]));
        assert_eq!(cites("IPC 302"), all(&["IPC 302"]));
        assert_eq!(cites("376, 506 IPC & 4 POCSO Act"), all(&["IPC 376", "IPC 506", "POCSO 4"]));
        assert_eq!(cites("64 BNS, 4 POCSO Act 2012"), all(&["BNS 64", "POCSO 4"]));
        assert_eq!(cites("498-A IPC"), all(&["IPC 498A"]));
        assert_eq!(cites("u/s 20 NDPS Act"), all(&["NDPS Act 20"]));
        assert_eq!(cites("25 Arms Act, 1959"), all(&["Arms Act 25"]));
        assert_eq!(cites("154 Cr.P.C."), all(&["CrPC 154"]));
        assert_eq!(cites("धारा 379 भादवि"), all(&["IPC 379"]));
    }

    #[test]
    fn what_cannot_be_read_with_confidence_is_marked_so() {
        assert_eq!(cites("Theft"), (vec![], false));
        assert_eq!(cites("379"), (vec![], false), "a number with no act");
        assert_eq!(cites("379 IPC and something else"), (vec!["IPC 379".to_string()], false));
        assert_eq!(cites(""), (vec![], false));
    }
}
