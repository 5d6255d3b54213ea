//! Linked grievances (issue 17): staff who may update two grievances mark them as linked (a
//! duplicate kept on purpose, a cross case); each then shows the other. Kept beside both
//! grievances in one transaction with a LINKED (or UNLINKED) record on the one it was made
//! from. Only linked grievances the reader may see are shown.

use crate::port::{Beside, Cases};
use crate::reads::{self, Viewer};
use crate::record::Actor;
use crate::writes::{AuditEntry, CHANGED};
use domain::audit::AuditAction;
use domain::{Error, Result};
use serde::Serialize;
use utoipa::ToSchema;

pub const SELF_LINK: &str = "A grievance cannot be linked to itself";
pub const LINKED_ALREADY: &str = "These grievances are linked already";
pub const NOT_LINKED: &str = "These grievances are not linked";

/// A linked grievance as the detail screen lists it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LinkedGrievance {
    pub id: i64,
    pub grievance_number: String,
    pub fir_no: String,
    pub police_station: String,
    pub status: String,
}

/// The grievances linked to `id` that the viewer may see (`id` itself must be theirs to see).
pub async fn list(cases: Cases<'_>, viewer: &Viewer, id: i64) -> Result<Vec<LinkedGrievance>> {
    reads::get(cases, viewer, id).await?;
    let mut linked = Vec::new();
    for other in cases.files.links(id).await? {
        if let Ok(g) = reads::get(cases, viewer, other).await {
            linked.push(LinkedGrievance {
                id: g.id,
                grievance_number: g.grievance_number,
                fir_no: g.fields.fir_no,
                police_station: g.fields.police_station,
                status: g.fields.status,
            });
        }
    }
    Ok(linked)
}

/// Links `id` and `other`, both within the viewer's reach (else "not found").
pub async fn link(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: i64, other: i64) -> Result<()> {
    change(cases, actor, viewer, id, other, true).await
}

/// Removes the link between `id` and `other`.
pub async fn unlink(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: i64, other: i64) -> Result<()> {
    change(cases, actor, viewer, id, other, false).await
}

async fn change(cases: Cases<'_>, actor: &Actor, viewer: &Viewer, id: i64, other: i64, linked: bool) -> Result<()> {
    if id == other {
        return Err(Error::field("grievance_id", SELF_LINK));
    }
    let g = reads::get(cases, viewer, id).await?;
    let o = reads::get(cases, viewer, other).await?;
    let (action, old_value, new_value, beside) = match linked {
        true => (AuditAction::Linked, None, Some(o.grievance_number.clone()), Beside::Link(other)),
        false => (AuditAction::Unlinked, Some(o.grievance_number.clone()), None, Beside::Unlink(other)),
    };
    let entry = AuditEntry { action, field_name: Some("links".into()), old_value, new_value, notes: None, action_details: None };
    match cases.grievances.record_beside(&g, beside, actor, entry).await {
        Err(Error::Conflict(m)) if m == CHANGED => Err(Error::conflict(if linked { LINKED_ALREADY } else { NOT_LINKED })),
        other => other,
    }
}
