//! Numbers in the words the portal answers, grouped as the web app shows them (en-IN:
//! 1,00,000), so a figure in a message reads the same as the figure on the screen.

/// `n` with Indian digit grouping: the last three digits, then pairs.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let (head, last) = digits.split_at(digits.len().saturating_sub(3));
    let mut out = String::new();
    let lead = head.len() % 2;
    for (i, c) in head.chars().enumerate() {
        if i > 0 && (i + 2 - lead) % 2 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if !head.is_empty() {
        out.push(',');
    }
    out.push_str(last);
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_as_en_in() {
        let cases = [(0, "0"), (999, "999"), (1_000, "1,000"), (10_000, "10,000"), (100_000, "1,00,000"), (1_234_567, "12,34,567"), (123_456_789, "12,34,56,789")];
        for (n, text) in cases {
            assert_eq!(grouped(n), text);
        }
    }
}
