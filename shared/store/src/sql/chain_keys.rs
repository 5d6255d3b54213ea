//! The audit trail's chains as the file keys them: by a number, not by name. A million
//! grievances make a million chains, and each chain's name was kept three times over (in every
//! link, in the links' index and in the chain's head); a number takes a few bytes where
//! "grievance:1234567" takes seventeen.
//!
//! The names are the trail's (`cases::chain::chain_of`): a grievance's chain is named by the
//! grievance's id, the administrative changes make one chain, and each user's other events one
//! more. Each name has exactly one number and back:
//!
//! | chain             | number       |
//! |-------------------|--------------|
//! | `grievance:{id}`  | `id` (1 up)  |
//! | `admin`           | 0            |
//! | `user:{id}`       | `-1 - id`    |
//!
//! Names come back in name order only where the order is part of what is answered (a
//! checkpoint's summary, a whole check of the trail): [`name_sql`] writes the name in SQL for
//! an `ORDER BY`.

/// The number `name` is kept under (`None`: no chain of the trail has that name).
pub fn key_of(name: &str) -> Option<i64> {
    let number = |digits: &str| -> Option<i64> {
        // The digits exactly as a number prints them: "grievance:07" is not grievance 7's.
        let n: i64 = digits.parse().ok()?;
        (n.to_string() == digits).then_some(n)
    };
    if name == "admin" {
        Some(0)
    } else if let Some(id) = name.strip_prefix("grievance:") {
        number(id).filter(|&n| n > 0)
    } else if let Some(id) = name.strip_prefix("user:") {
        number(id).filter(|&n| n >= 0).map(|n| -1 - n)
    } else {
        None
    }
}

/// The name of the chain kept under `key`.
pub fn name_of(key: i64) -> String {
    match key {
        0 => "admin".to_string(),
        n if n > 0 => format!("grievance:{n}"),
        n => format!("user:{}", -1 - n),
    }
}

/// [`name_of`] in SQL, of the key in `column`.
pub fn name_sql(column: &str) -> String {
    format!("CASE WHEN {column} > 0 THEN 'grievance:' || {column} WHEN {column} = 0 THEN 'admin' ELSE 'user:' || (-1 - {column}) END")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_one_key_and_back_in_rust_and_in_sql() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        for name in ["admin", "grievance:1", "grievance:1234567", "user:0", "user:1", "user:42", &format!("grievance:{}", i64::MAX), &format!("user:{}", i64::MAX)] {
            let key = key_of(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(name_of(key), name);
            let in_sql: String = conn.query_row(&format!("SELECT {}", name_sql("?1")), [key], |r| r.get(0)).unwrap();
            assert_eq!(in_sql, name, "key {key}");
        }
        for not_a_chain in ["", "grievance:0", "grievance:-3", "grievance:07", "grievance:", "user:-1", "user:x", "Admin", "grievance:1 ", "district:1"] {
            assert_eq!(key_of(not_a_chain), None, "{not_a_chain:?}");
        }
    }
}
