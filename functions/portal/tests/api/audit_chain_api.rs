//! The audit trail is tamper-evident, on both engines: after a workload every chain holds
//! (`GET /api/audit/verify`, the trail's own check); a record changed or deleted directly in
//! the store (the SQLite file, or the item in moto) is named; and changes of one chain at
//! the same moment all land, linked one after another.

use apitest::{on_both_engines, Api, Engine};
use cases::chain::VerifyScope;
use http::StatusCode;
use serde_json::{json, Value};

fn form(fir: &str) -> Value {
    json!({"fir_no": fir, "fir_date": "2026-10-05", "section_and_act": "379 IPC", "crime_title": "Theft",
           "district": "Central District", "police_station": "Civil Lines", "status": "Pending", "priority": "Low",
           "brief_details": "Motorcycle stolen from the market parking.", "investigation_officers": []})
}

/// Files a grievance and changes it twice, with a note: a chain of four records.
async fn workload(api: &Api, token: &str, fir: &str) -> i64 {
    let created = api.post("/api/grievances", token, form(fir)).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["data"]["id"].as_i64().unwrap();
    let mut body = form(fir);
    for (version, details) in [(1, "Motorcycle stolen near the bus stand."), (2, "Motorcycle recovered, owner informed.")] {
        body["brief_details"] = json!(details);
        body["version"] = json!(version);
        let updated = api.put(&format!("/api/grievances/{id}"), token, body.clone()).await;
        assert_eq!(updated.status, StatusCode::OK, "{:?}", updated.body);
    }
    assert_eq!(api.post(&format!("/api/grievances/{id}/notes"), token, json!({"text": "Owner called"})).await.status, StatusCode::CREATED);
    id
}

async fn trail_of(api: &Api, token: &str, id: i64) -> Vec<Value> {
    api.get(&format!("/api/audit/grievance/{id}"), token).await.body.as_array().cloned().unwrap()
}

/// Changes a record's notes (or deletes it) where it is kept, behind the portal's back.
async fn tamper(api: &Api, engine: Engine, record_id: &str, delete: bool) {
    let (grievance, rest) = record_id.split_once('-').unwrap();
    let (tag, position) = rest.rsplit_once('-').unwrap();
    match engine {
        Engine::Sqlite => {
            let db = rusqlite::Connection::open(api.dir().unwrap().join("portal.db")).unwrap();
            db.execute_batch("DROP TRIGGER IF EXISTS audit_records_unchanged; DROP TRIGGER IF EXISTS audit_records_kept; PRAGMA foreign_keys = OFF;").unwrap();
            let keys = rusqlite::params![grievance.parse::<i64>().unwrap(), tag, position.parse::<i64>().unwrap()];
            let sql = if delete {
                "DELETE FROM audit_records WHERE grievance_id = ?1 AND change_tag = ?2 AND position = ?3"
            } else {
                "UPDATE audit_records SET notes = 'nothing happened here' WHERE grievance_id = ?1 AND change_tag = ?2 AND position = ?3"
            };
            assert_eq!(db.execute(sql, keys).unwrap(), 1);
            if delete {
                db.execute("DELETE FROM audit_viewers WHERE seq NOT IN (SELECT seq FROM audit_records)", []).unwrap();
            }
        }
        Engine::Dynamo => {
            let partition = format!("AUDIT#{grievance}");
            let items = store::read_all(api.state.store.as_ref(), store::Query::table(partition)).await.unwrap();
            let mut item = items.into_iter().find(|i| i.str("id") == Some(record_id)).expect("the record's item");
            let write = if delete {
                store::Write::delete(item.key.clone())
            } else {
                item.attrs.insert("notes".into(), json!("nothing happened here"));
                store::Write::put(item)
            };
            api.state.store.transact(vec![write]).await.unwrap();
        }
    }
}

async fn a_changed_or_deleted_record_is_named_and_the_rest_holds(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let (first, second) = (workload(&api, &admin, "FIR-C1").await, workload(&api, &admin, "FIR-C2").await);
    let export = api.get("/api/grievances/export/excel", &admin).await;
    assert_eq!(export.status, StatusCode::OK, "an event in the admin's own chain: {:?}", export.body);

    let whole = api.state.trail.verify(VerifyScope::All).await.unwrap();
    assert_eq!(whole.broken, None, "{whole:?}");
    assert!(whole.chains >= 3 && whole.records >= 9, "two grievances' chains and the admin's events: {whole:?}");
    let shown = api.get("/api/audit/verify", &admin).await;
    assert_eq!(shown.status, StatusCode::OK, "{:?}", shown.body);
    assert_eq!(shown.body["broken"], Value::Null);
    assert!(shown.body["records"].as_u64().unwrap() >= 9, "{:?}", shown.body);

    // The second of the first grievance's four records, changed.
    let records = trail_of(&api, &admin, first).await;
    let changed = records[2]["id"].as_str().unwrap().to_string();
    tamper(&api, engine, &changed, false).await;
    let broken = api.state.trail.verify(VerifyScope::All).await.unwrap().broken.expect("a changed record breaks its chain");
    assert_eq!((broken.chain.as_str(), broken.record_id.as_str()), (format!("grievance:{first}").as_str(), changed.as_str()));
    assert_eq!(broken.reason, "its content was changed after it was written");
    let shown = api.get("/api/audit/verify", &admin).await;
    assert_eq!(shown.body["broken"]["recordId"], changed.as_str(), "{:?}", shown.body);
    let other = api.get(&format!("/api/audit/verify?search=GRV-{}-{second:06}", &trail_of(&api, &admin, second).await[0]["grievance_number"].as_str().unwrap()[4..8]), &admin).await;
    assert_eq!(other.body["broken"], Value::Null, "the other grievance's chain holds: {:?}", other.body);

    // The newest record of the second grievance, deleted: the chain's head is ahead of it.
    let records = trail_of(&api, &admin, second).await;
    let newest = records[0]["id"].as_str().unwrap().to_string();
    tamper(&api, engine, &newest, true).await;
    let broken = api.state.trail.verify(VerifyScope::Chains(vec![format!("grievance:{second}")])).await.unwrap().broken.expect("a deleted record");
    assert_eq!((broken.record_id.as_str(), broken.reason.as_str()), (records[1]["id"].as_str().unwrap(), "the chain's newest 1 records are missing"));
}

/// Whoever holds the store puts a record of a grievance in, with no link, and cuts another
/// grievance's newest record off, winding its chain's head back to the link before (whose
/// number and hash the store shows). The check names both, on both engines, and the upgrade
/// every start (or `portal migrate`) runs links the one and seals the other not.
async fn a_record_put_in_or_a_head_wound_back_is_named_and_never_adopted(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let (first, second) = (workload(&api, &admin, "FIR-W1").await, workload(&api, &admin, "FIR-W2").await);
    let newest = trail_of(&api, &admin, second).await;
    let (cut, kept) = (newest[0]["id"].as_str().unwrap().to_string(), newest[1]["id"].as_str().unwrap().to_string());
    let forged = format!("{first}-forged-0");
    match engine {
        Engine::Sqlite => {
            let db = rusqlite::Connection::open(api.dir().unwrap().join("portal.db")).unwrap();
            db.execute_batch("DROP TRIGGER IF EXISTS audit_records_kept; DROP TRIGGER IF EXISTS audit_links_kept; PRAGMA foreign_keys = OFF;").unwrap();
            assert_eq!(crate::common::insert_forged_record(&db, first), forged);
            let seq: i64 = db.query_row("SELECT max(seq) FROM audit_records WHERE grievance_id = ?1 AND change_tag <> 'forged'", [second], |r| r.get(0)).unwrap();
            db.execute_batch(&format!(
                "DELETE FROM audit_viewers WHERE seq = {seq}; DELETE FROM audit_links WHERE seq = {seq}; DELETE FROM audit_records WHERE seq = {seq};
                 UPDATE audit_chain_heads SET link = (SELECT max(link) FROM audit_links WHERE chain = {second}) WHERE chain = {second};"
            ))
            .unwrap();
        }
        Engine::Dynamo => {
            let store = api.state.store.as_ref();
            let items = store::read_all(store, store::Query::table(format!("AUDIT#{first}"))).await.unwrap();
            let mut put_in = items.into_iter().last().unwrap();
            put_in.key.sk = format!("{}~forged", put_in.key.sk);
            for link in ["chain", "link", "prev", "hash"] {
                put_in.attrs.remove(link);
            }
            put_in.attrs.insert("id".into(), json!(forged));
            put_in.attrs.insert("new_value".into(), json!("Closed"));
            let items = store::read_all(store, store::Query::table(format!("AUDIT#{second}"))).await.unwrap();
            let newest = items.into_iter().find(|i| i.str("id") == Some(cut.as_str())).unwrap();
            let head_key = store::Key::new(format!("CHAIN#grievance:{second}"), "HEAD");
            let mut head = store.get(&head_key).await.unwrap().unwrap();
            head.attrs.insert("link".into(), json!(newest.i64("link").unwrap() - 1));
            head.attrs.insert("hash".into(), json!(newest.str("prev").unwrap()));
            api.state.store.transact(vec![store::Write::put(put_in), store::Write::delete(newest.key.clone()), store::Write::put(head)]).await.unwrap();
        }
    }
    for run in ["as found", "after the upgrade"] {
        let named = |chain: String| api.state.trail.verify(VerifyScope::Chains(vec![chain]));
        let broken = named(format!("grievance:{first}")).await.unwrap().broken.unwrap_or_else(|| panic!("{run}: the record put in"));
        assert_eq!((broken.record_id.as_str(), broken.reason.as_str()), (forged.as_str(), "it is in no chain: the portal did not write it"), "{run}");
        let broken = named(format!("grievance:{second}")).await.unwrap().broken.unwrap_or_else(|| panic!("{run}: the wound-back head"));
        assert_eq!(broken.record_id, kept, "{run}: the last record that holds");
        assert!(broken.reason.starts_with("the chain's head does not carry the portal's seal"), "{run}: {broken:?}");
        assert!(api.state.trail.verify(VerifyScope::All).await.unwrap().broken.is_some(), "{run}");
        api.state.trail.upgrade().await.unwrap();
    }
}

/// A checkpoint's summary of the trail is made again, the same, from the records kept later:
/// records written after it do not count, and one of those before it removed does.
async fn the_trail_as_it_stood_at_a_checkpoint_is_made_again_from_todays_records(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let (first, _) = (workload(&api, &admin, "FIR-S1").await, workload(&api, &admin, "FIR-S2").await);
    let trail = api.state.trail.as_ref();
    // On DynamoDB a checkpoint counts the records written up to a time two minutes past (a
    // change stamps its records before it lands): a time ahead stands for "now" here.
    let as_of = match engine {
        Engine::Sqlite => trail.summary_now().await.unwrap().0,
        Engine::Dynamo => "time:2999-01-01T00:00:00Z".to_string(),
    };
    let then = trail.summary_as_of(&as_of).await.unwrap();
    assert_eq!((then.chains, then.records), (2, 8), "two grievances of four records each");
    let key = cases::checkpoint::signing_key_from_material(b"a checkpoint key for the tests, 32 characters or more");
    let checkpoint = cases::checkpoint::Checkpoint::sign(&key, "2026-11-28T10:00:00Z", &as_of, &then);
    assert_eq!(audit_area::checkpoints::extends(trail, &checkpoint, &key.verifying_key()).await.unwrap(), Ok(()));
    if engine == Engine::Sqlite {
        workload(&api, &admin, "FIR-S3").await;
        assert_eq!(trail.summary_as_of(&as_of).await.unwrap(), then, "records written after it do not count");
        assert_ne!(trail.summary_now().await.unwrap().1, then);
    }
    // The newest record of a chain removed with its link: the chain as the checkpoint saw it
    // is no longer there. (A record removed from the middle leaves the head as it was: the
    // chains' own check names that one, and `verify --since` runs both.)
    let newest = trail_of(&api, &admin, first).await[0]["id"].as_str().unwrap().to_string();
    if engine == Engine::Sqlite {
        let db = rusqlite::Connection::open(api.dir().unwrap().join("portal.db")).unwrap();
        db.execute_batch(&format!(
            "DROP TRIGGER IF EXISTS audit_links_kept; PRAGMA foreign_keys = OFF;
             DELETE FROM audit_links WHERE seq = (SELECT max(seq) FROM audit_records WHERE grievance_id = {first});"
        ))
        .unwrap();
    }
    tamper(&api, engine, &newest, true).await;
    let finding = audit_area::checkpoints::extends(trail, &checkpoint, &key.verifying_key()).await.unwrap().unwrap_err();
    assert_eq!(
        finding.to_string(),
        "1 of the 8 records the checkpoint of 2026-11-28T10:00:00Z counted are missing: records were removed, or the store was put back to an older state"
    );
    assert!(trail.summary_as_of("seq:x").await.is_err() && trail.summary_as_of("time:x").await.is_err());
}

/// Eight notes on one grievance at once: each change reads and moves the chain's head in its
/// own transaction, so some must link again after another; all land, and the chain holds.
async fn changes_of_one_chain_at_once_all_land_linked(engine: Engine) {
    let api = Api::new(engine, portal::areas).await;
    let admin = api.admin().await;
    let id = workload(&api, &admin, "FIR-P1").await;
    let path = format!("/api/grievances/{id}/notes");
    let notes = (0..8).map(|n| api.post(&path, &admin, json!({"text": format!("Note {n}")})));
    for answer in futures_util::future::join_all(notes).await {
        assert_eq!(answer.status, StatusCode::CREATED, "{:?}", answer.body);
    }
    let verification = api.state.trail.verify(VerifyScope::Chains(vec![format!("grievance:{id}")])).await.unwrap();
    assert_eq!((verification.records, verification.broken), (12, None), "four records, then eight notes");
}

on_both_engines!(
    a_changed_or_deleted_record_is_named_and_the_rest_holds,
    a_record_put_in_or_a_head_wound_back_is_named_and_never_adopted,
    the_trail_as_it_stood_at_a_checkpoint_is_made_again_from_todays_records,
    changes_of_one_chain_at_once_all_land_linked
);
