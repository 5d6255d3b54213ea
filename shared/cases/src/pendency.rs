//! Stages and pendency in the store: the Admin Panel's limits, each grievance's pendency as
//! the API answers it, and the overdue grievances, read from the stage index rather than by
//! reading every grievance.

use crate::record::Grievance;
use crate::{keys, reads::Viewer};
use domain::lists::ListKind;
use domain::pendency::{self as rules, Pendency, PendencyLimits, Stage, StageAt};
use domain::Result;
use serde::Serialize;
use std::collections::BTreeMap;
use store::{Index, Item, Query, SortKey, Store, Write};
use time::Date;
use utoipa::ToSchema;

pub fn date_text(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

pub fn stage_of(g: &Grievance) -> StageAt {
    rules::stage_of(&g.fields, domain::audit::is_final_status(&g.fields.status), g.resolved_at.as_deref(), &g.updated_at)
}

/// The limits in force: the Admin Panel's, or the defaults until it has saved any.
pub async fn limits(store: &dyn Store) -> Result<PendencyLimits> {
    match store.get(&keys::pendency_limits()).await? {
        Some(item) => Ok(item.attrs.get("limits").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default()),
        None => Ok(PendencyLimits::defaults()),
    }
}

/// Saves new limits. A priority is stored with the Priorities list's own spelling, since the
/// stage index is keyed by the grievance's priority as stored.
pub async fn save_limits(store: &dyn Store, limits: PendencyLimits) -> Result<PendencyLimits> {
    let priorities = lists::list(store, ListKind::Priorities).await?;
    let canonical = limits
        .0
        .into_iter()
        .map(|(p, stages)| (priorities.iter().find(|item| item.name.eq_ignore_ascii_case(&p)).map(|item| item.name.clone()).unwrap_or(p), stages))
        .collect();
    let limits = PendencyLimits(canonical);
    let value = serde_json::to_value(&limits).map_err(domain::Error::internal)?;
    store.transact(vec![Write::put(Item::new(keys::pendency_limits()).with("limits", value))]).await?;
    Ok(limits)
}

/// A grievance as the API answers it: the record and where it stands.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GrievanceView {
    #[serde(flatten)]
    pub grievance: Grievance,
    pub pendency: Pendency,
}

/// How to tell pendency today: the limits in force and today's date in India.
#[derive(Clone, Debug)]
pub struct Clock {
    pub limits: PendencyLimits,
    pub today: Date,
}

impl Clock {
    pub async fn now(store: &dyn Store) -> Result<Clock> {
        Ok(Clock { limits: limits(store).await?, today: domain::clock::today() })
    }

    pub fn pendency(&self, g: &Grievance) -> Pendency {
        rules::pendency(stage_of(g), &g.fields.priority, &self.limits, self.today)
    }

    pub fn view(&self, grievance: Grievance) -> GrievanceView {
        GrievanceView { pendency: self.pendency(&grievance), grievance }
    }
}

/// The overdue grievances the viewer may see at each of `stations`: for each stage and
/// priority with a limit, the range of the stage index that entered the stage too long ago,
/// counted by the store (never read item by item).
pub async fn overdue_by_station(store: &dyn Store, viewer: Viewer, clock: &Clock, stations: &[String]) -> Result<BTreeMap<String, i64>> {
    let scope = if viewer.view_all { None } else { Some(viewer.user_id) };
    let mut counts = BTreeMap::new();
    for station in stations {
        let mut overdue = 0;
        for (priority, stages) in &clock.limits.0 {
            for stage in Stage::TIMED {
                let Some(limit) = stages.get(&stage) else { continue };
                let cutoff = date_text(rules::overdue_cutoff(clock.today, *limit));
                let query = Query::index(Index::Gsi3, keys::stage_pk(scope, station, stage, priority)).sort(SortKey::AtMost(format!("{cutoff}#~")));
                overdue += store.count(&query).await? as i64;
            }
        }
        counts.insert(station.clone(), overdue);
    }
    Ok(counts)
}
