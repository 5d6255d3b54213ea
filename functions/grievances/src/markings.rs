//! An officer's marking of a case (`cases::writes::Marking`: sensitive, withheld from
//! publication) as its route takes it: the flag and the reason read, the case changed within
//! the caller's scope, and the case answered as the caller is given it. Each route checks its
//! own permission first.
use cases::pendency::{Clock, GrievanceView};
use cases::reads;
use cases::writes::{self, Marking};
use domain::wire::{Sent, Text};
use domain::GrievanceId;
use http_glue::{ApiJson, ApiResult, AppState, Caller, ClientInfo, Envelope};

/// Marks case `id` (or clears the mark) as `flag` (the body's field name and value) says,
/// with the stated reason.
pub(crate) async fn mark(
    state: &AppState,
    caller: &Caller,
    client: &ClientInfo,
    id: GrievanceId,
    marking: Marking,
    flag: (&str, &Sent<bool>),
    reason: &Sent<Text>,
) -> ApiResult<ApiJson<Envelope<GrievanceView>>> {
    let on = match flag.1 {
        Sent::Given(on) => *on,
        _ => return Err(domain::Error::field(flag.0, domain::Msg::FieldNotFlag { field: flag.0.into() }).into()),
    };
    let reason = domain::parties::marking_reason(reason)?;
    let seen = reads::to_change(state.cases(), &caller.viewer(state.lists.as_ref()).await?, id).await?;
    let g = writes::mark(state.cases(), &caller.actor(client), &seen, marking, on, reason).await?;
    Ok(ApiJson(Envelope::ok(Clock::now(state.lists.as_ref()).await?.view(g))))
}
