//! What every text type of the domain offers besides its rule.

/// What a text that has passed its rule offers besides: read as a `&str`, shown as itself,
/// compared with a literal, given up as a `String`, and taken back from the store as it was
/// written (`as_stored`: every value there came through the type's `parse`).
#[macro_export]
macro_rules! text_type {
    ($name:ident) => {
        impl $name {
            pub fn as_stored(text: String) -> $name {
                $name(text)
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                value.0
            }
        }
    };
}
