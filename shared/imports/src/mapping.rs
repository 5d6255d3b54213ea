//! Which column of a file holds which field: matched by the columns' names, or as the Admin
//! chose on the dry run's report.

use crate::table::Row;
use crate::values::name_key;
use domain::{Error, FieldErrors, Msg, Result};
use sha2::{Digest, Sha256};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A field and the column that holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FieldMapping {
    pub field: String,
    pub label: String,
    pub required: bool,
    /// The header of the file's column, or null for none.
    pub column: Option<String>,
}

/// A field a kind of file may hold.
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    /// The field's key, as the report and a chosen mapping name it.
    pub key: &'static str,
    /// Its English name, as the screens write it.
    pub label: &'static str,
    /// A row without it fails.
    pub required: bool,
    /// Other headers registers give it, matched as [`name_key`] reads them.
    pub aliases: &'static [&'static str],
}

/// The fields of a kind of file, each with the column that holds it, if any.
#[derive(Clone, Debug)]
pub struct Mapping {
    fields: &'static [FieldSpec],
    headers: Vec<String>,
    columns: Vec<Option<usize>>,
}

impl Mapping {
    /// Matches `fields` to the `header` row's columns: as `chosen` says (a field's column by
    /// its header, or `None` for none), else by name. A chosen header the file does not have,
    /// or a field the kind does not know, is refused.
    pub fn new(fields: &'static [FieldSpec], header: &Row, chosen: &BTreeMap<String, Option<String>>) -> Result<Mapping> {
        let headers: Vec<String> = header.cells.iter().map(|h| h.trim().to_string()).collect();
        let mut errors = FieldErrors::default();
        for (field, column) in chosen {
            if !fields.iter().any(|f| f.key == field) {
                errors.add(&format!("mapping.{field}"), Msg::ImportMappingInvalid { column: field.clone() });
            } else if let Some(column) = column {
                if !headers.iter().any(|h| h == column.trim()) {
                    errors.add(&format!("mapping.{field}"), Msg::ImportMappingInvalid { column: column.clone() });
                }
            }
        }
        errors.finish()?;
        let keys: Vec<String> = headers.iter().map(|h| name_key(h)).collect();
        let columns = fields
            .iter()
            .map(|field| match chosen.get(field.key) {
                Some(Some(column)) => headers.iter().position(|h| h == column.trim()),
                Some(None) => None,
                None => {
                    let names: Vec<String> = [field.key, field.label].iter().chain(field.aliases).map(|n| name_key(n)).collect();
                    keys.iter().position(|k| !k.is_empty() && names.contains(k))
                }
            })
            .collect();
        Ok(Mapping { fields, headers, columns })
    }

    /// The file's headers.
    pub fn headers(&self) -> &[String] {
        &self.headers
    }

    /// The mapping as the report shows it.
    pub fn report(&self) -> Vec<FieldMapping> {
        self.fields
            .iter()
            .zip(&self.columns)
            .map(|(f, c)| FieldMapping { field: f.key.to_string(), label: f.label.to_string(), required: f.required, column: c.map(|c| self.headers[c].clone()) })
            .collect()
    }

    /// The header of the column that holds `field`.
    pub fn column(&self, field: &str) -> Option<&str> {
        let index = self.fields.iter().position(|f| f.key == field)?;
        self.columns[index].map(|c| self.headers[c].as_str())
    }

    /// `row`'s values by field, each trimmed ("" where the file has no column for it).
    pub fn row(&self, row: Row) -> MappedRow {
        let values = self.columns.iter().map(|c| c.and_then(|c| row.cells.get(c)).map(|v| v.trim().to_string()).unwrap_or_default()).collect();
        MappedRow { number: row.number, fields: self.fields, values }
    }
}

/// A row's values by field.
#[derive(Clone, Debug)]
pub struct MappedRow {
    pub number: u64,
    fields: &'static [FieldSpec],
    values: Vec<String>,
}

impl MappedRow {
    /// The value of `field`, trimmed; "" when blank or not in the file.
    pub fn get(&self, field: &str) -> &str {
        self.fields.iter().position(|f| f.key == field).map(|i| self.values[i].as_str()).unwrap_or_default()
    }

    /// The value of `field`, `None` when blank.
    pub fn given(&self, field: &str) -> Option<&str> {
        Some(self.get(field)).filter(|v| !v.is_empty())
    }

    /// A digest of the row's values as mapped: another import of the same row has the same.
    pub fn digest(&self) -> String {
        let mut hash = Sha256::new();
        for (field, value) in self.fields.iter().zip(&self.values) {
            hash.update(field.key.as_bytes());
            hash.update([0x1f]);
            hash.update(value.as_bytes());
            hash.update([0x1e]);
        }
        hex::encode(&hash.finalize()[..16])
    }

    /// The required fields left blank, each as a field error.
    pub fn required(&self, errors: &mut FieldErrors) {
        for (field, value) in self.fields.iter().zip(&self.values) {
            if field.required && value.is_empty() {
                errors.add(field.key, Msg::ImportValueRequired { field: field.label.to_string() });
            }
        }
    }
}

/// An error whose fields name a form's fields, with each renamed to the import's field that
/// fed it (`renames`: form field, import field); the others are kept as they are.
pub fn renamed(error: Error, renames: &[(&str, &str)]) -> Error {
    match error {
        Error::Validation { message, fields } => Error::Validation {
            message,
            fields: fields
                .into_iter()
                .map(|(field, msg)| {
                    let top = field.split(['.', '[']).next().unwrap_or_default();
                    let name = renames.iter().find(|(form, _)| *form == top).map(|(_, import)| import.to_string()).unwrap_or(field);
                    (name, msg)
                })
                .collect(),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: &[FieldSpec] = &[
        FieldSpec { key: "district", label: "District", required: true, aliases: &["zila"] },
        FieldSpec { key: "station_code", label: "Police station code", required: false, aliases: &["ps code"] },
    ];

    fn header(cells: &[&str]) -> Row {
        Row { number: 1, cells: cells.iter().map(|c| c.to_string()).collect() }
    }

    #[test]
    fn columns_are_matched_by_name_or_as_chosen() {
        let row = header(&["Zila ", "PS-Code", "NIC code"]);
        let auto = Mapping::new(FIELDS, &row, &BTreeMap::new()).unwrap();
        assert_eq!(auto.column("district"), Some("Zila"));
        assert_eq!(auto.column("station_code"), Some("PS-Code"));
        let chosen = Mapping::new(FIELDS, &row, &BTreeMap::from([("station_code".to_string(), Some("NIC code".to_string()))])).unwrap();
        assert_eq!(chosen.column("station_code"), Some("NIC code"));
        let none = Mapping::new(FIELDS, &row, &BTreeMap::from([("district".to_string(), None)])).unwrap();
        assert_eq!(none.column("district"), None);
        let mapped = chosen.row(Row { number: 7, cells: vec![" Agra ".into(), "X".into(), "UP123".into()] });
        assert_eq!((mapped.number, mapped.get("district"), mapped.get("station_code")), (7, "Agra", "UP123"));
    }

    #[test]
    fn a_chosen_column_must_be_in_the_file() {
        let row = header(&["District"]);
        for chosen in [("station_code", Some("Code")), ("weapon", None)] {
            let error = Mapping::new(FIELDS, &row, &BTreeMap::from([(chosen.0.to_string(), chosen.1.map(str::to_string))])).unwrap_err();
            assert!(matches!(error, Error::Validation { .. }), "{chosen:?}");
        }
    }

    #[test]
    fn the_same_row_has_the_same_digest() {
        let mapping = Mapping::new(FIELDS, &header(&["District", "PS code"]), &BTreeMap::new()).unwrap();
        let a = mapping.row(Row { number: 2, cells: vec!["Agra".into(), "1".into()] });
        let b = mapping.row(Row { number: 9, cells: vec!["Agra ".into(), "1".into()] });
        let c = mapping.row(Row { number: 2, cells: vec!["Agra".into(), "2".into()] });
        assert_eq!(a.digest(), b.digest());
        assert_ne!(a.digest(), c.digest());
    }
}
