//! The notices port's conformance suite, on the embedded engine (the notices' own SQLite
//! tables, the events written by the relational grievances engine) and on DynamoDB (moto: the
//! item engines). Events reach the outbox as they do in the portal: raised by a grievance
//! change committed through the grievances port, in the change's own transaction.

use domain::grievance::{Day, FirNumber, GrievanceFields};
use cases::notices::{Event, Happening, Mail, Notice, NoticeId, Notices, QueuedMail};
use cases::port::{AuditBatch, AuditChange, GrievanceChange, Grievances, Refs, Stored};
use cases::{Actor, Grievance};
use domain::lists::StatusMeaning;
use domain::Error;
use engines::dynamo::grievances::ItemGrievances;
use engines::dynamo::notices::ItemNotices;
use engines::sqlite::grievances::SqlGrievances;
use engines::sqlite::notices::SqlNotices;
use std::sync::Arc;
use store::dynamo::DynamoStore;
use store::sqlite::SqliteStore;
use store::{Query, Store};

/// Who makes the changes: never told of their own.
const OFFICER: i64 = 101;

struct Setup {
    notices: Arc<dyn Notices>,
    grievances: Arc<dyn Grievances>,
}

fn actor() -> Actor {
    Actor { user_id: OFFICER, name: "Officer 101".into(), ..Actor::default() }
}

fn batch(version: i64) -> AuditBatch {
    AuditBatch { actor: actor(), at: domain::clock::now_text(), change: AuditChange::Version(version), entries: Vec::new() }
}

fn new_grievance(id: i64) -> Stored {
    let at = domain::clock::now_text();
    let fields = GrievanceFields { fir_no: FirNumber::parse(&format!("FIR/2026/{id:05}")).unwrap(), fir_date: Day::parse("2026-11-01").unwrap(), brief_details: "Two-wheeler stolen".into(), ..GrievanceFields::default() };
    let grievance = Grievance {
        id,
        grievance_number: format!("GRV-2026-{id:06}"),
        fields,
        district_id: None,
        police_station_id: None,
        status_id: None,
        priority_id: None,
        status_meaning: StatusMeaning::Open,
        filed_by: OFFICER,
        filed_by_name: "Officer 101".into(),
        assigned_to: None,
        assigned_to_name: None,
        filed_at: at.clone(),
        updated_at: at,
        resolved_at: None,
        version: 1,
        closure: None,
        escalation: None,
        clock_events: Vec::new(),
        next_due: None,
        clock_runs: Vec::new(),
        people_text: None,
    };
    Stored { grievance, refs: Refs::new() }
}

/// Files grievance `id` (no event: nobody is told of a new grievance) and assigns it to each
/// of `assignees` in turn, one change each (an event each); answers it as it is last.
async fn assign_in_turn(grievances: &dyn Grievances, id: i64, assignees: &[i64]) -> Stored {
    let mut now = new_grievance(id);
    grievances.commit(GrievanceChange { before: None, after: Some(&now), audit: batch(1), fir_guard: None, trash: None, source: None }).await.unwrap();
    for to in assignees {
        let mut next = now.clone();
        next.grievance.assigned_to = Some(*to);
        next.grievance.assigned_to_name = Some(format!("Officer {to}"));
        next.grievance.version += 1;
        grievances.commit(GrievanceChange { before: Some(&now), after: Some(&next), audit: batch(next.grievance.version), fir_guard: None, trash: None, source: None }).await.unwrap();
        now = next;
    }
    now
}

fn mail_to(user: i64, event: &Event) -> Mail {
    cases::notices::mail_of(event, &format!("officer{user}@portal.test"), &format!("Officer {user}"), None)
}

fn ids(notices: &[Notice]) -> Vec<NoticeId> {
    notices.iter().map(|n| n.id.clone()).collect()
}

/// What a queued email is, whatever the engine keeps it as.
fn sent(mail: &[QueuedMail]) -> Vec<(String, u32, Option<String>)> {
    mail.iter().map(|q| (q.mail.to.clone(), q.attempts, q.last_error.clone())).collect()
}

fn in_minutes(minutes: i64) -> String {
    domain::clock::to_text(domain::clock::now() + time::Duration::minutes(minutes))
}

async fn join_all<T: Send + 'static>(handles: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}

async fn events_wait_oldest_first_and_a_repeated_delivery_writes_once(Setup { notices, grievances }: Setup) {
    assert!(notices.pending_events(10).await.unwrap().is_empty());
    let last = assign_in_turn(grievances.as_ref(), 1, &[201, 202, 201]).await;
    let events = notices.pending_events(10).await.unwrap();
    let told: Vec<Happening> = events.iter().map(|e| e.happening.clone()).collect();
    assert_eq!(told, [Happening::Assigned { to: 201 }, Happening::Assigned { to: 202 }, Happening::Assigned { to: 201 }], "oldest first");
    assert!(events.windows(2).all(|w| w[0].id < w[1].id));
    assert_eq!((events[0].grievance_id, events[0].grievance_number.as_str(), events[0].actor_id, events[0].actor_name.as_str()), (1, "GRV-2026-000001", OFFICER, "Officer 101"));
    assert_eq!(notices.pending_events(2).await.unwrap(), events[..2], "at most the limit, the oldest");

    // A change refused as stale raises nothing: its events are written with it or not at all.
    let mut stale = last.clone();
    stale.grievance.assigned_to = Some(203);
    stale.grievance.version = 3;
    let mut read = last.clone();
    read.grievance.version = 2;
    let refused = grievances.commit(GrievanceChange { before: Some(&read), after: Some(&stale), audit: batch(3), fir_guard: None, trash: None, source: None }).await;
    assert!(matches!(refused, Err(Error::Conflict(_))), "{refused:?}");
    assert_eq!(notices.pending_events(10).await.unwrap(), events, "no event of a refused change");

    // The notifier crashed after writing the notice and runs again: one notice, one email.
    let first = &events[0];
    for _ in 0..2 {
        notices.deliver(first, 201, Some(&mail_to(201, first))).await.unwrap();
    }
    notices.deliver(first, 301, None).await.unwrap();
    assert_eq!(notices.unread(201).await.unwrap(), 1);
    assert_eq!(notices.page(201, 10, None).await.unwrap().items, [Notice::of(first, false)]);
    assert_eq!(notices.page(301, 10, None).await.unwrap().items, [Notice::of(first, false)], "a notice without an email");
    let due = notices.due_mail(&in_minutes(1), 10).await.unwrap();
    assert_eq!(sent(&due), [("officer201@portal.test".to_string(), 0, None)], "one email, for the one recipient given one");
    assert_eq!(due[0].mail, mail_to(201, first));

    notices.settle(first).await.unwrap();
    notices.settle(first).await.unwrap();
    assert_eq!(notices.pending_events(10).await.unwrap(), events[1..], "settled once, gone");
}

async fn a_users_notices_page_newest_first_and_are_theirs_alone(Setup { notices, grievances }: Setup) {
    assign_in_turn(grievances.as_ref(), 2, &[201, 202, 201, 202, 201]).await;
    let events = notices.pending_events(10).await.unwrap();
    assert_eq!(events.len(), 5);
    for event in &events {
        notices.deliver(event, 401, None).await.unwrap();
    }
    notices.deliver(&events[0], 402, None).await.unwrap();
    let newest_first: Vec<NoticeId> = events.iter().rev().map(|e| e.id.clone()).collect();

    let mut pages = Vec::new();
    let mut after = None;
    loop {
        let page = notices.page(401, 2, after).await.unwrap();
        pages.push(ids(&page.items));
        match page.cursor {
            Some(cursor) => after = Some(cursor),
            None => break,
        }
    }
    assert_eq!(pages, [newest_first[..2].to_vec(), newest_first[2..4].to_vec(), newest_first[4..].to_vec()]);
    let whole = notices.page(401, 5, None).await.unwrap();
    assert_eq!((ids(&whole.items), whole.cursor), (newest_first.clone(), None), "a full page with nothing after it has no cursor");
    let short = notices.page(401, 4, None).await.unwrap();
    assert_eq!(short.cursor, Some(newest_first[3].clone()), "the last notice read while more follow");

    // Marked read, it says so where it is in the list.
    assert!(notices.mark_read(401, &newest_first[1]).await.unwrap());
    let read: Vec<bool> = notices.page(401, 5, None).await.unwrap().items.iter().map(|n| n.read).collect();
    assert_eq!(read, [false, true, false, false, false]);
    assert_eq!(notices.unread(401).await.unwrap(), 4);

    // Another user's notices: their own only, even with a cursor taken from someone else's.
    assert_eq!(ids(&notices.page(402, 5, None).await.unwrap().items), [events[0].id.clone()]);
    assert_eq!(ids(&notices.page(402, 5, Some(newest_first[0].clone())).await.unwrap().items), [events[0].id.clone()]);
    assert!(notices.page(403, 5, None).await.unwrap().items.is_empty());
    assert_eq!(notices.mark_read(402, &newest_first[0]).await.unwrap_err(), Error::NotFound(domain::Msg::NotificationNotFound), "not theirs");
    assert_eq!(notices.unread(401).await.unwrap(), 4, "nothing of 401's changed");
}

/// Every notice is marked read once, whoever marks it: single marks and "mark all" racing
/// each other answer exactly as many marks as there were unread notices.
async fn parallel_marks_count_each_notice_once(Setup { notices, grievances }: Setup) {
    assign_in_turn(grievances.as_ref(), 3, &[201, 202, 201, 202, 201, 202]).await;
    let events = notices.pending_events(10).await.unwrap();
    for event in &events {
        notices.deliver(event, 501, None).await.unwrap();
    }
    assert_eq!(notices.unread(501).await.unwrap(), 6);
    let mut marks = Vec::new();
    for _ in 0..2 {
        for event in &events {
            let (notices, id) = (notices.clone(), event.id.clone());
            marks.push(tokio::spawn(async move { u64::from(notices.mark_read(501, &id).await.unwrap()) }));
        }
        let notices = notices.clone();
        marks.push(tokio::spawn(async move { notices.mark_all_read(501).await.unwrap() }));
    }
    let marked: u64 = join_all(marks).await.into_iter().sum();
    assert_eq!(marked, 6, "each of the six unread notices marked once");
    assert_eq!(notices.unread(501).await.unwrap(), 0);
    assert!(notices.page(501, 10, None).await.unwrap().items.iter().all(|n| n.read));
    assert!(!notices.mark_read(501, &events[0].id).await.unwrap(), "marking a read one again changes nothing");
    assert_eq!(notices.mark_all_read(501).await.unwrap(), 0);
    let unknown = NoticeId::parse("01795724241261372-000000000003-000000009-0").unwrap();
    assert_eq!(notices.mark_read(501, &unknown).await.unwrap_err(), Error::NotFound(domain::Msg::NotificationNotFound));
}

async fn emails_fall_due_are_retried_and_kept_aside_after_failing_for_good(Setup { notices, grievances }: Setup) {
    assign_in_turn(grievances.as_ref(), 4, &[201, 202]).await;
    let events = notices.pending_events(10).await.unwrap();
    let (first, second) = (&events[0], &events[1]);
    notices.deliver(first, 601, Some(&mail_to(601, first))).await.unwrap();
    assert!(notices.due_mail("2020-01-01T00:00:00Z", 10).await.unwrap().is_empty(), "not due before it was queued");
    let queued = notices.due_mail(&domain::clock::now_text(), 10).await.unwrap();
    assert_eq!(sent(&queued), [("officer601@portal.test".to_string(), 0, None)], "due as it is queued");

    // A failed send is due again at its retry time; two workers failing it at once move it once.
    let retry_at = in_minutes(2);
    notices.mail_failed(&queued[0], "connection reset", Some(&retry_at)).await.unwrap();
    notices.mail_failed(&queued[0], "connection reset", Some(&in_minutes(4))).await.unwrap();
    assert!(notices.due_mail(&in_minutes(1), 10).await.unwrap().is_empty(), "waiting for its retry");
    let retried = notices.due_mail(&retry_at, 10).await.unwrap();
    assert_eq!(sent(&retried), [("officer601@portal.test".to_string(), 1, Some("connection reset".to_string()))]);
    assert_eq!(sent(&notices.due_mail(&in_minutes(60), 10).await.unwrap()), sent(&retried), "once");

    // Oldest due first, at most the limit.
    notices.deliver(second, 602, Some(&mail_to(602, second))).await.unwrap();
    let both = notices.due_mail(&in_minutes(60), 10).await.unwrap();
    assert_eq!(both.iter().map(|q| q.mail.to.as_str()).collect::<Vec<_>>(), ["officer602@portal.test", "officer601@portal.test"]);
    assert_eq!(sent(&notices.due_mail(&in_minutes(60), 1).await.unwrap()), sent(&both[..1]));

    // Failed for good: out of the outbox, kept aside, newest first.
    notices.mail_failed(&retried[0], "mailbox unavailable", None).await.unwrap();
    notices.mail_failed(&both[0], "no such user", None).await.unwrap();
    assert!(notices.due_mail(&in_minutes(600), 10).await.unwrap().is_empty());
    let failed = notices.failed_mail(10).await.unwrap();
    assert_eq!(
        sent(&failed),
        [("officer602@portal.test".to_string(), 1, Some("no such user".to_string())), ("officer601@portal.test".to_string(), 2, Some("mailbox unavailable".to_string()))]
    );
    assert_eq!(failed[1].mail, mail_to(601, first), "the email kept whole");
    assert_eq!(notices.failed_mail(1).await.unwrap().len(), 1);

    // Sent: gone, and sent again (a retried removal) changes nothing.
    notices.deliver(first, 603, Some(&mail_to(603, first))).await.unwrap();
    let queued = notices.due_mail(&in_minutes(1), 10).await.unwrap();
    assert_eq!(queued.len(), 1);
    notices.mail_sent(&queued[0]).await.unwrap();
    notices.mail_sent(&queued[0]).await.unwrap();
    assert!(notices.due_mail(&in_minutes(600), 10).await.unwrap().is_empty());
    assert_eq!(notices.failed_mail(10).await.unwrap().len(), 2);
}

macro_rules! on_both_engines {
    ($($name:ident),* $(,)?) => {
        mod sqlite_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let dir = tempfile::tempdir().unwrap();
                    let store = std::sync::Arc::new(super::SqliteStore::open(dir.path().join("portal.db")).unwrap());
                    let setup = super::Setup {
                        notices: std::sync::Arc::new(super::SqlNotices::new(store.clone())),
                        grievances: std::sync::Arc::new(super::SqlGrievances::new(store)),
                    };
                    super::$name(setup).await;
                }
            )*
        }
        mod dynamodb_engine {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let store = super::DynamoStore::local(testkit::moto_endpoint(), testkit::unique("notices")).await;
                    store.ensure_table().await.unwrap();
                    let store: std::sync::Arc<dyn super::Store> = std::sync::Arc::new(store);
                    let setup = super::Setup {
                        notices: std::sync::Arc::new(super::ItemNotices::new(store.clone())),
                        grievances: std::sync::Arc::new(super::ItemGrievances::new(store)),
                    };
                    super::$name(setup).await;
                }
            )*
        }
    };
}

on_both_engines!(
    events_wait_oldest_first_and_a_repeated_delivery_writes_once,
    a_users_notices_page_newest_first_and_are_theirs_alone,
    parallel_marks_count_each_notice_once,
    emails_fall_due_are_retried_and_kept_aside_after_failing_for_good,
);

/// What the port answers about everything it holds, but for the engine's own email keys.
#[derive(Debug, PartialEq)]
struct Everything {
    events: Vec<Event>,
    pages: Vec<(Vec<Notice>, u64)>,
    due: Vec<(String, u32, Option<String>, Mail)>,
    failed: Vec<(String, u32, Option<String>, Mail)>,
}

async fn everything(notices: &dyn Notices, users: &[i64]) -> Everything {
    let mut pages = Vec::new();
    for user in users {
        pages.push((notices.page(*user, 100, None).await.unwrap().items, notices.unread(*user).await.unwrap()));
    }
    let whole = |mail: Vec<QueuedMail>| mail.into_iter().map(|q| (q.mail.to.clone(), q.attempts, q.last_error, q.mail)).collect();
    Everything {
        events: notices.pending_events(100).await.unwrap(),
        pages,
        due: whole(notices.due_mail(&in_minutes(600), 100).await.unwrap()),
        failed: whole(notices.failed_mail(100).await.unwrap()),
    }
}

/// A data directory of an earlier release keeps notices as items: the upgrade moves each
/// value into the tables (read back the same through the port), leaves no item behind, and
/// finds nothing the second time. What it moved goes on working.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_moves_every_item_into_the_tables_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SqliteStore::open_with_items(dir.path().join("portal.db")).unwrap());
    let items: Arc<dyn Store> = store.clone();
    let (before, grievances) = (ItemNotices::new(items.clone()), ItemGrievances::new(items.clone()));
    assign_in_turn(&grievances, 5, &[201, 202, 201, 202, 201]).await;
    let events = before.pending_events(10).await.unwrap();
    // Ten notices over two users, two of them read; emails queued, retried and failed for good.
    for event in &events[..4] {
        before.deliver(event, 701, Some(&mail_to(701, event))).await.unwrap();
        before.deliver(event, 702, None).await.unwrap();
        before.settle(event).await.unwrap();
    }
    for event in &events[4..] {
        before.deliver(event, 12, Some(&mail_to(12, event))).await.unwrap();
        before.deliver(event, 9, Some(&mail_to(9, event))).await.unwrap();
    }
    before.mark_read(701, &events[1].id).await.unwrap();
    before.mark_read(702, &events[3].id).await.unwrap();
    let queued = before.due_mail(&in_minutes(1), 100).await.unwrap();
    assert_eq!(queued.len(), 6);
    before.mail_failed(&queued[0], "connection reset", Some(&in_minutes(30))).await.unwrap();
    before.mail_failed(&queued[1], "mailbox unavailable", None).await.unwrap();
    let users = [701, 702, 12, 9];
    let kept = everything(&before, &users).await;
    assert_eq!((kept.events.len(), kept.due.len(), kept.failed.len()), (1, 5, 1));

    let after = SqlNotices::new(store.clone());
    assert_eq!(after.upgrade().await.unwrap(), 1 + 10 + 5 + 1, "events, notices, queued and failed emails");
    assert_eq!(everything(&after, &users).await, kept, "every value as it was");
    let mut partitions: Vec<String> = (0..4).flat_map(|s| [format!("OUTBOX#{s}"), format!("MAIL#{s}")]).collect();
    partitions.push("MAILFAILED".into());
    partitions.extend(users.iter().flat_map(|u| [format!("NOTICE#{u}"), format!("UNREAD#{u}")]));
    for pk in partitions {
        assert!(store.query(&Query::table(pk.clone())).await.unwrap().items.is_empty(), "{pk} left behind");
    }
    assert_eq!(after.upgrade().await.unwrap(), 0, "nothing the second time");
    assert_eq!(everything(&after, &users).await, kept);

    // Delivered before the upgrade, delivered again after it: still once.
    after.deliver(&events[4], 12, Some(&mail_to(12, &events[4]))).await.unwrap();
    assert_eq!(after.due_mail(&in_minutes(600), 100).await.unwrap().len(), 5);
    assert_eq!(after.mark_all_read(701).await.unwrap(), 3);
    assert!(!after.mark_read(702, &events[3].id).await.unwrap(), "read before the upgrade");
    let due = after.due_mail(&in_minutes(600), 100).await.unwrap();
    after.mail_sent(&due[0]).await.unwrap();
    assert_eq!(after.due_mail(&in_minutes(600), 100).await.unwrap().len(), 4);
}
