//! What a user keeps of their own on the server: saved views of the grievance list (its
//! filters, order and density under a name), the view the list opens with, and which kinds of
//! notice reach them by email. And the views an Admin publishes to a role, which every holder
//! of the role finds beside their own.

use crate::messages::Msg;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use utoipa::ToSchema;

/// The most views a user keeps, and the most an Admin publishes.
pub const MAX_VIEWS: usize = 30;

/// The longest name of a view.
pub const MAX_NAME_CHARS: usize = 60;

/// The longest query a view keeps.
pub const MAX_QUERY_CHARS: usize = 1000;

/// The list parameters a view may keep: the list's filters and order, never a page's cursor
/// or size.
pub const VIEW_PARAMS: [&str; 23] = [
    "search", "fir_no", "district", "police_station", "status", "priority", "from_date", "to_date", "overdue", "closure", "escalated", "appeal", "clock", "within",
    "act", "section", "assignee", "crime_head", "filed_from", "filed_to", "sort", "direction", "view",
];

/// How densely the list shows its rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Density {
    #[default]
    Comfortable,
    Compact,
}

/// A view's name: 1 to [`MAX_NAME_CHARS`] characters, blanks around it dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ViewName(String);

impl ViewName {
    pub fn parse(text: &str) -> Result<ViewName> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::field("name", Msg::ViewNameRequired));
        }
        if text.chars().count() > MAX_NAME_CHARS {
            return Err(Error::field("name", Msg::ViewNameTooLong { max: MAX_NAME_CHARS.to_string() }));
        }
        Ok(ViewName(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for ViewName {
    type Error = Error;
    fn try_from(text: String) -> Result<ViewName> {
        ViewName::parse(&text)
    }
}

impl From<ViewName> for String {
    fn from(name: ViewName) -> String {
        name.0
    }
}

/// A view's query: the list's query string (`status=Pending&sort=priority`), holding only
/// [`VIEW_PARAMS`], each once. What each value means the list checks when the view is opened,
/// as it checks a typed URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ViewQuery(String);

impl ViewQuery {
    pub fn parse(text: &str) -> Result<ViewQuery> {
        let text = text.trim().trim_start_matches('?');
        let invalid = || Error::field("query", Msg::ViewQueryInvalid);
        if text.chars().count() > MAX_QUERY_CHARS {
            return Err(invalid());
        }
        let mut seen = BTreeSet::new();
        for pair in text.split('&').filter(|p| !p.is_empty()) {
            let name = pair.split_once('=').map_or(pair, |(name, _)| name);
            if !VIEW_PARAMS.contains(&name) || !seen.insert(name) || pair.chars().any(char::is_control) {
                return Err(invalid());
            }
        }
        Ok(ViewQuery(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for ViewQuery {
    type Error = Error;
    fn try_from(text: String) -> Result<ViewQuery> {
        ViewQuery::parse(&text)
    }
}

impl From<ViewQuery> for String {
    fn from(query: ViewQuery) -> String {
        query.0
    }
}

/// A named view of the grievance list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SavedView {
    /// Unique among the user's views and the published ones ("v…" a user's, "p…" published).
    pub id: String,
    #[schema(value_type = String)]
    pub name: ViewName,
    #[schema(value_type = String, example = "status=Pending&sort=priority&direction=asc")]
    pub query: ViewQuery,
    #[serde(default)]
    pub density: Density,
}

/// A view the Admin published to the holders of a role.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PublishedView {
    #[serde(flatten)]
    pub view: SavedView,
    pub role_id: i64,
}

/// Every published view, with the revision a change is conditioned on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishedViews {
    pub revision: i64,
    pub views: Vec<PublishedView>,
}

/// One user's own: their views, their default view (one of theirs or one published to their
/// role) and the kinds of notice they do not want by email.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserPreferences {
    /// Moved on by every save; a save from an older one is refused (409).
    pub revision: i64,
    #[serde(default)]
    pub views: Vec<SavedView>,
    #[serde(default)]
    pub default_view: Option<String>,
    /// Notice kinds (`cases::notices::NoticeKind`, as their snake_case names) not sent by
    /// email; they are still in the portal's notifications.
    #[serde(default)]
    pub email_off: BTreeSet<String>,
}

impl UserPreferences {
    /// Adds a view under a new id, refused past [`MAX_VIEWS`].
    pub fn add_view(&mut self, name: ViewName, query: ViewQuery, density: Density) -> Result<&SavedView> {
        if self.views.len() >= MAX_VIEWS {
            return Err(Error::field("name", Msg::TooManyViews { max: MAX_VIEWS.to_string() }));
        }
        let id = format!("v{}", self.views.iter().filter_map(|v| v.id.strip_prefix('v')?.parse::<u64>().ok()).max().unwrap_or(0) + 1);
        self.views.push(SavedView { id, name, query, density });
        Ok(self.views.last().expect("just pushed"))
    }
}

impl PublishedViews {
    pub fn add(&mut self, name: ViewName, query: ViewQuery, density: Density, role_id: i64) -> Result<&PublishedView> {
        if self.views.len() >= MAX_VIEWS {
            return Err(Error::field("name", Msg::TooManyViews { max: MAX_VIEWS.to_string() }));
        }
        let id = format!("p{}", self.views.iter().filter_map(|v| v.view.id.strip_prefix('p')?.parse::<u64>().ok()).max().unwrap_or(0) + 1);
        self.views.push(PublishedView { view: SavedView { id, name, query, density }, role_id });
        Ok(self.views.last().expect("just pushed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_keeps_only_the_lists_filters_and_order_each_once() {
        assert_eq!(ViewQuery::parse("?status=Pending&sort=priority&direction=asc").unwrap().as_str(), "status=Pending&sort=priority&direction=asc");
        assert!(ViewQuery::parse("").is_ok(), "no filter is a view too");
        for bad in ["cursor=abc", "limit=200", "status=A&status=B", "status=A\u{0}"] {
            assert!(ViewQuery::parse(bad).is_err(), "{bad}");
        }
        assert!(ViewQuery::parse(&"search=x".repeat(200)).is_err(), "too long");
    }

    #[test]
    fn names_are_trimmed_and_bounded_and_ids_are_never_reused() {
        assert!(ViewName::parse("   ").is_err());
        assert!(ViewName::parse(&"x".repeat(61)).is_err());
        let mut mine = UserPreferences::default();
        let q = ViewQuery::parse("").unwrap();
        let first = mine.add_view(ViewName::parse(" Mine ").unwrap(), q.clone(), Density::Compact).unwrap().id.clone();
        let second = mine.add_view(ViewName::parse("Other").unwrap(), q.clone(), Density::Comfortable).unwrap().id.clone();
        assert_eq!((first.as_str(), second.as_str(), mine.views[0].name.as_str()), ("v1", "v2", "Mine"));
        mine.views.remove(0);
        assert_eq!(mine.add_view(ViewName::parse("Third").unwrap(), q.clone(), Density::Compact).unwrap().id, "v3");
        for n in mine.views.len()..MAX_VIEWS {
            mine.add_view(ViewName::parse(&format!("n{n}")).unwrap(), q.clone(), Density::Compact).unwrap();
        }
        assert!(mine.add_view(ViewName::parse("one too many").unwrap(), q, Density::Compact).is_err());
    }
}
