#!/usr/bin/env bash
# Writes functions/portal/tests/fixtures/release-v15-items: a small data directory written by
# this release of the portal (schema 15, the embedded store's accounts, lists, sessions,
# lockouts, notices, outbox and settings still kept as items), for the upgrade test
# (functions/portal/tests/api/upgrade_api.rs) that every later release must keep green.
#
# Everything is written the way staff write it: the real binary's `portal serve` on a free
# port, driven over HTTP (the Python below), then `portal audit checkpoint`. What the API
# answered is kept beside the data (expected.json) for the test to compare with, exactly.
#
#   scripts/make-release-fixture.sh [OUT_DIR]
#
# PORTAL_BIN names a portal binary to use instead of building this tree's
# (`cargo build -p portal`). Run it from a clean checkout of the release the fixture is to
# stand for: the README it writes names that commit.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/functions/portal/tests/fixtures/release-v15-items}
portal=${PORTAL_BIN:-}
if [ -z "$portal" ]; then
    (cd "$root" && cargo build -p portal)
    portal=${CARGO_TARGET_DIR:-$root/target}/debug/portal
fi
commit=$(git -C "$root" rev-parse HEAD)
dirty=$(git -C "$root" status --porcelain --untracked-files=no | head -1)

work=$(mktemp -d)
trap 'if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
data=$work/data
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# The first Admin, as the API tests' `common::serve` makes it (same email and password), so
# the test signs in with its helpers.
export PORTAL_ADMIN_EMAIL=served-admin@portal.test PORTAL_ADMIN_PASSWORD=Served-Pass-1 PORTAL_ADMIN_TWO_FACTOR=optional
export RUST_LOG=warn

serve() {
    "$portal" serve --port "$port" --data-dir "$data" --web-dir /nonexistent >>"$work/serve.log" 2>&1 &
    pid=$!
}
stop() {
    kill -TERM "$pid"
    wait "$pid" || true
    pid=
}

cat >"$work/generate.py" <<'PYTHON'
"""Drives a running portal over HTTP: phase `staff` writes most of the records, phase
`pending` (a portal whose notifier does not run) leaves one event in the outbox, phase
`expect` reads what the API answers and what waits in the outbox, into expected.json."""

import base64, hashlib, hmac, json, os, re, sqlite3, struct, sys, time, urllib.error, urllib.request

BASE = f"http://127.0.0.1:{os.environ['PORT']}"
STATE = os.environ["STATE"]
PASSWORD = "Officer-Pass-1"
ADMIN = ("served-admin@portal.test", "Served-Pass-1")
# Small files whose types the portal reads from their content (as the casework tests').
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89"
LISTS = ["categories", "priorities", "statuses", "call_types", "crime_titles", "districts", "police_stations",
         "positions", "reasons", "actions", "departments", "designations"]


def call(method, path, token=None, body=None, expect=(200, 201), headers=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read()
    answer = json.loads(text) if text and text[:1] in b"{[" else text
    if expect and status not in expect:
        sys.exit(f"{method} {path}: {status} {answer}")
    return status, answer


def ok(method, path, token=None, body=None):
    return call(method, path, token, body)[1]


def totp(secret, at=None):
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int((at or time.time()) // 30)), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def login(email, password=PASSWORD):
    answer = ok("POST", "/api/auth/login", body={"email": email, "password": password})
    return answer["token"]


def item(kind, token, name):
    found = [i for i in ok("GET", f"/api/admin/dropdowns/{kind}", token) if i["name"] == name]
    assert len(found) == 1, (kind, name)
    return found[0]


def load():
    with open(STATE) as f:
        return json.load(f)


def save(state):
    with open(STATE, "w") as f:
        json.dump(state, f, indent=1)


def staff():
    admin = login(*ADMIN)
    s = {"passwords": {ADMIN[0]: ADMIN[1]}}

    # Admin lists: two districts in a range and one outside, stations in them; a status, a
    # priority, a call type and a reason added; then a district and a station renamed, a
    # seeded call type deactivated, a seeded priority renamed.
    ids = {}
    for name, range_ in [("Agra", "Agra Range"), ("Firozabad", "Agra Range"), ("Mathura", None)]:
        ids[name] = ok("POST", "/api/admin/dropdowns/districts", admin, {"name": name, "range": range_})["id"]
    for name, district in [("Sadar Bazar", "Agra"), ("Tajganj", "Agra"), ("Tundla", "Firozabad"), ("Kotwali", "Mathura")]:
        ids[name] = ok("POST", "/api/admin/dropdowns/police_stations", admin, {"name": name, "district_id": ids[district]})["id"]
    ok("POST", "/api/admin/dropdowns/statuses", admin, {"name": "Under Enquiry", "meaning": "in_progress"})
    ok("POST", "/api/admin/dropdowns/priorities", admin, {"name": "Urgent"})
    ok("POST", "/api/admin/dropdowns/call_types", admin, {"name": "Dial 112"})
    ok("POST", "/api/admin/dropdowns/reasons", admin, {"name": "Civil nature of dispute"})
    ok("POST", "/api/admin/dropdowns/crime_titles", admin, {"name": "Cheating"})
    letter = item("call_types", admin, "Letter")
    ok("PUT", f"/api/admin/dropdowns/call_types/{letter['id']}", admin, {"name": "Letter", "is_active": False})
    ok("PUT", f"/api/admin/dropdowns/districts/{ids['Firozabad']}", admin, {"name": "Firozabad Rural"})
    ok("PUT", f"/api/admin/dropdowns/police_stations/{ids['Tajganj']}", admin, {"name": "Tajganj East"})
    medium = item("priorities", admin, "Medium")
    ok("PUT", f"/api/admin/dropdowns/priorities/{medium['id']}", admin, {"name": "Normal", "display_order": medium["display_order"]})

    # Roles: a station officer whose closures need approval, a superintendent who approves,
    # an auditor whose role requires a second factor, a reader.
    def role(name, grants, **more):
        return ok("POST", "/api/roles", admin, {"name": name, "permissions": grants, **more})["data"]["id"]
    sho_role = role("Station Officer", {"grievances": "create,read,update,view_posting"}, closing_needs_approval=True,
                    description="Files and works the cases of the station")
    sp_role = role("Superintendent", {"grievances": "read,update,approve,view_posting", "audit": "read"})
    auditor_role = role("Auditor", {"grievances": "read", "audit": "read,view_all"}, require_two_factor=True)
    reader_role = role("Reader", {"grievances": "read"})

    # Users, posted where they work; every one's password is PASSWORD.
    def user(email, name, role_id, posting=None, **more):
        body = {"name": name, "email": email, "password": PASSWORD, "department": "Crime Branch", "designation": "Inspector",
                "role_id": role_id, "status": "active", "phone": "9876543210", **more}
        if posting:
            body["posting"] = posting
        s["passwords"][email] = PASSWORD
        return ok("POST", "/api/users", admin, body)["data"]["id"]
    sho = user("sho.sadar@agra.test", "Ravi Kumar", sho_role, {"level": "station", "id": ids["Sadar Bazar"]})
    sp = user("sp@agra.test", "Anita Singh", sp_role, {"level": "district", "id": ids["Agra"]}, designation="Superintendent of Police")
    user("auditor@portal.test", "Meena Gupta", auditor_role)
    retired = user("retired@mathura.test", "Old Constable", reader_role, {"level": "station", "id": ids["Kotwali"]})
    user("typo@agra.test", "Suresh Yadav", reader_role, {"level": "district", "id": ids["Agra"]})
    user("locked@agra.test", "Vikram Chauhan", reader_role)
    ok("PUT", f"/api/users/{retired}", admin, {"name": "Old Constable", "email": "retired@mathura.test", "department": "Crime Branch",
                                               "designation": "Head Constable", "role_id": reader_role, "status": "inactive",
                                               "posting": {"level": "station", "id": ids["Kotwali"]}})

    # The auditor sets up the second factor the role requires.
    auditor = login("auditor@portal.test")
    setup = ok("POST", "/api/auth/two-factor/setup", auditor)
    enabled = ok("POST", "/api/auth/two-factor/enable", auditor, {"code": totp(setup["secret"])})
    s["two_factor"] = {"email": "auditor@portal.test", "secret": setup["secret"], "recovery_codes": enabled["recovery_codes"]}

    # Grievances. The station officer files two at Sadar Bazar (one with every FIR detail);
    # the Admin files one there and three elsewhere.
    sho_token = login("sho.sadar@agra.test")
    def file(token, station, district, fir, **more):
        body = {"type_of_call": "Walk-in", "fir_no": fir, "fir_date": "2025-11-03", "section_and_act": "379 IPC", "crime_title": "Theft",
                "district": district, "police_station": station, "status": "Pending", "priority": "High",
                "brief_details": "Motorcycle stolen from the market parking.", "date_of_inward": "2025-11-04", **more}
        return ok("POST", "/api/grievances", token, body)["data"]
    g1 = file(sho_token, "Sadar Bazar", "Agra", "112/2025", section_and_act="420 IPC, 66D IT Act", crime_title="Cheating",
              type_of_call="Dial 112", priority="Normal", put_in_court=True, cross_case=True, reason="Civil nature of dispute",
              current_investigation_officer="SI Pradeep Sharma",
              investigation_officers=[{"officer_name": "SI Pradeep Sharma", "from_date": "2025-11-05", "to_date": None, "findings": "Bank records sought."},
                                      {"officer_name": "ASI Kamla Devi", "from_date": "2025-11-04", "to_date": "2025-11-05", "findings": "Statement of the complainant recorded."}],
              brief_details="Complainant paid ₹2,40,000 for a plot that the seller had sold twice. शिकायतकर्ता से धोखाधड़ी।",
              date_of_order="2025-11-20", date_for_scrutiny="2025-11-10", scrutiny_officer_name="CO City",
              received_date_after_scrutiny="2025-11-15", date_of_outward="2025-11-21", action_taken_by_ig_office="Called for a report")
    g2 = file(sho_token, "Sadar Bazar", "Agra", "113/2025")
    g3 = file(admin, "Sadar Bazar", "Agra", "77/2025", fir_date="2025-10-12", priority="Low")
    g4 = file(admin, "Kotwali", "Mathura", "9/2025", fir_date="2025-09-01", crime_title="Cheating")
    g5 = file(admin, "Tundla", "Firozabad Rural", "15/2025", fir_date="2025-12-01")
    gone = file(admin, "Tundla", "Firozabad Rural", "16/2025", fir_date="2025-12-02")
    statuses = {i["name"]: i["id"] for i in ok("GET", "/api/admin/dropdowns/statuses", admin)}

    # Their course: an assignment, an edit, a status with notes, a resolution, a transfer, a
    # link, a closure approved and one still waiting, a deletion.
    ok("PUT", f"/api/grievances/{g3['id']}/assign", admin, {"user_id": sho})
    ok("PUT", f"/api/grievances/{g3['id']}/status", admin, {"status_id": statuses["Under Enquiry"], "notes": "Enquiry by CO Sadar."})
    edited = dict(ok("GET", f"/api/grievances/{g2['id']}", sho_token)["data"])
    edited.update(brief_details="Motorcycle UP80 AB 1234 stolen from the market parking.", priority="Low")
    ok("PUT", f"/api/grievances/{g2['id']}", sho_token, edited)
    ok("PUT", f"/api/grievances/{g4['id']}/status", admin, {"status_id": statuses["Resolved"], "final_decision": "Amount returned to the complainant."})
    ok("PUT", f"/api/grievances/{g5['id']}/transfer", admin, {"police_station_id": ids["Kotwali"], "reason": "Filed at the wrong station."})
    ok("POST", f"/api/grievances/{g1['id']}/links", sho_token, {"grievance_id": g2["id"]})
    ok("PUT", f"/api/grievances/{g2['id']}/status", sho_token, {"status_id": statuses["Closed"], "notes": "Motorcycle recovered."})
    sp_token = login("sp@agra.test")
    version = ok("GET", f"/api/grievances/{g2['id']}", sp_token)["data"]["version"]
    ok("POST", f"/api/grievances/{g2['id']}/closure/approve", sp_token, {"version": version})
    ok("PUT", f"/api/grievances/{g1['id']}/status", sho_token, {"status_id": statuses["Closed"], "notes": "Compromise reached."})
    ok("DELETE", f"/api/grievances/{gone['id']}", admin)

    # Notes and attachments.
    ok("POST", f"/api/grievances/{g1['id']}/notes", sho_token, {"text": "Complainant visited the station with the sale deed."})
    ok("POST", f"/api/grievances/{g1['id']}/notes", admin, {"text": "SP office asked for a status report by Friday."})
    ok("POST", f"/api/grievances/{g3['id']}/notes", sho_token, {"text": "पीड़ित का बयान दर्ज किया गया।"})
    for g, token, name, declared, data in [(g1, sho_token, "sale deed.pdf", "application/pdf", PDF), (g3, admin, "site photo.png", "image/png", PNG)]:
        ticket = ok("POST", f"/api/grievances/{g['id']}/attachments/uploads", token, {"file_name": name, "content_type": declared, "size": len(data)})
        status, answer = call("PUT", ticket["url"], headers=ticket.get("headers") or {}, raw=data)
        ok("POST", f"/api/grievances/{g['id']}/attachments", token, {"upload_id": ticket["upload_id"], "file_name": name})

    # Settings changed from their defaults.
    # The limits are only for "Urgent", which no grievance is: nothing here is ever overdue,
    # so no start of a later build escalates anything (an escalation would add to the trail
    # and change the grievances the test compares, more with each day the fixture ages).
    ok("PUT", "/api/admin/pendency-limits", admin, {"limits": {"Urgent": {"inward": 3, "scrutiny": 7, "with_io": 30, "in_court": 90}}})
    ok("PUT", "/api/admin/escalation-rules", admin, {"district_days": 4, "range_days": 9, "state_days": 20})
    ok("PUT", "/api/admin/transfer-limit", admin, {"max_transfers": 5})

    # The notices of the assignment and the closures are written by the notifier (every
    # second here); the station officer reads one of theirs.
    for _ in range(60):
        mine = ok("GET", "/api/notifications", sho_token)["data"]["items"]
        theirs = ok("GET", "/api/notifications", sp_token)["data"]["items"]
        if len(mine) >= 2 and len(theirs) >= 2:
            break
        time.sleep(0.5)
    else:
        sys.exit(f"the notices did not arrive: {mine} {theirs}")
    ok("POST", f"/api/notifications/{mine[-1]['id']}/read", sho_token)

    s.update(ids=ids, grievances=[g["id"] for g in (g1, g2, g3, g4, g5)], deleted=gone["id"], users={"sho": sho, "sp": sp})
    save(s)


def pending():
    """The notifier does not run in this portal: the event of this assignment stays in the
    outbox, for the next release to carry over and deliver. Then the sign-ins whose records
    the test checks, last, so that they are the freshest when the fixture is closed."""
    s = load()
    admin = login(*ADMIN)
    ok("PUT", f"/api/grievances/{s['grievances'][2]}/assign", admin, {"user_id": s["users"]["sp"]})

    # Failed sign-ins: three for one email (counted, not locked), five for another (locked).
    for email, failures in [("typo@agra.test", 3), ("locked@agra.test", 5)]:
        for _ in range(failures):
            status, answer = call("POST", "/api/auth/login", body={"email": email, "password": "Wrong-Pass-9"}, expect=(401,))
    status, answer = call("POST", "/api/auth/login", body={"email": "locked@agra.test", "password": PASSWORD}, expect=(429,))

    # The session the test reuses: the station officer's, signed in last.
    token = login("sho.sadar@agra.test")
    claims = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
    s["session"] = {"email": "sho.sadar@agra.test", "user_id": int(claims["sub"]), "session_id": claims["sid"], "token": token}
    s["lockout"] = {"locked": "locked@agra.test", "counted": {"typo@agra.test": 3}}
    s["outbox_recipient"] = "sp@agra.test"
    s["session_me"] = ok("GET", "/api/auth/me", token)
    s["written_at"] = int(time.time())
    save(s)


def everything(path, token, limit=500):
    """Every record of a page-by-offset list."""
    got = []
    while True:
        page = ok("GET", f"{path}{'&' if '?' in path else '?'}limit={limit}&offset={len(got)}", token)
        if not page:
            return got
        got.extend(page)


def expect():
    s = load()
    admin = login(*ADMIN)
    sho = login("sho.sadar@agra.test")
    sp = login("sp@agra.test")
    e = {k: s[k] for k in ("written_at", "passwords", "two_factor", "session", "session_me", "lockout", "ids", "deleted", "outbox_recipient")}
    e["users"] = ok("GET", "/api/users", admin)
    e["roles"] = ok("GET", "/api/roles", admin)
    e["lists"] = {kind: ok("GET", f"/api/admin/dropdowns/{kind}", admin) for kind in LISTS}
    e["grievance_list"] = ok("GET", "/api/grievances?limit=200", admin)
    e["grievances"], e["notes"], e["attachments"], e["links"], e["history"] = {}, {}, {}, {}, {}
    e["attachment_bytes"] = {}
    for g in s["grievances"]:
        e["grievances"][str(g)] = ok("GET", f"/api/grievances/{g}", admin)["data"]
        e["notes"][str(g)] = ok("GET", f"/api/grievances/{g}/notes", admin)["data"]
        e["attachments"][str(g)] = ok("GET", f"/api/grievances/{g}/attachments", admin)["data"]
        e["links"][str(g)] = ok("GET", f"/api/grievances/{g}/links", admin)["data"]
        e["history"][str(g)] = ok("GET", f"/api/grievances/{g}/history", admin)["data"]
        for a in e["attachments"][str(g)]:
            link = ok("GET", f"/api/grievances/{g}/attachments/{a['id']}/link", admin)["url"]
            status, data = call("GET", link, expect=(200,))
            e["attachment_bytes"][a["id"]] = base64.b64encode(data).decode()
    e["scope_sho"] = ok("GET", "/api/grievances?limit=200", sho)
    e["notifications"] = {ADMIN[0]: ok("GET", "/api/notifications", admin)["data"],
                          "sho.sadar@agra.test": ok("GET", "/api/notifications", sho)["data"],
                          "sp@agra.test": ok("GET", "/api/notifications", sp)["data"]}
    e["settings"] = {"pendency_limits": ok("GET", "/api/admin/pendency-limits", admin),
                     "escalation_rules": ok("GET", "/api/admin/escalation-rules", admin),
                     "transfer_limit": ok("GET", "/api/admin/transfer-limit", admin)}
    e["audit_all"] = everything("/api/audit/all", admin)
    e["audit_statistics"] = ok("GET", "/api/audit/statistics", admin)
    e["audit_verify"] = ok("GET", "/api/audit/verify", admin)
    e["stats"] = ok("GET", "/api/grievances/stats", admin)
    with open(os.environ["EXPECTED"], "w") as f:
        json.dump(e, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def outbox():
    """What waits in the outbox (the emails, the undelivered event), read from the file: the
    API does not show it."""
    db = sqlite3.connect(os.environ["DB"])
    rows = db.execute("SELECT pk, sk, attrs FROM items WHERE pk LIKE 'MAIL#%' OR pk LIKE 'OUTBOX#%' ORDER BY pk, sk").fetchall()
    with open(os.environ["EXPECTED"]) as f:
        e = json.load(f)
    e["outbox"] = {"mail": [], "events": []}
    for pk, sk, attrs in rows:
        attrs = json.loads(attrs)
        if pk.startswith("MAIL#"):
            e["outbox"]["mail"].append({"to": attrs["to"], "subject": attrs["subject"], "body": attrs["body"], "attempts": attrs["attempts"]})
        else:
            e["outbox"]["events"].append({"id": sk, "kind": attrs["kind"], "grievance_id": attrs["grievance_id"]})
    # The checkpoint `portal audit checkpoint` made of the whole trail, as it said.
    said = open(os.environ["CHECKPOINT_SAID"]).read()
    counts = re.search(r"Checkpoint of the audit trail: (\d+) records in (\d+) chains", said)
    name = re.search(r"Written to .*/checkpoints/(\S+)", said)
    e["checkpoint"] = {"file": f"checkpoints/{name.group(1)}", "records": int(counts.group(1)), "chains": int(counts.group(2))}
    with open(os.environ["EXPECTED"], "w") as f:
        json.dump(e, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


{"staff": staff, "pending": pending, "expect": expect, "outbox": outbox}[sys.argv[1]]()
PYTHON

wait_ready() {
    for _ in $(seq 200); do
        curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || { cat "$work/serve.log"; exit 1; }
        sleep 0.1
    done
    echo "the portal did not start" >&2
    exit 1
}

export PORT=$port STATE=$work/state.json EXPECTED=$work/expected.json DB=$data/portal.db CHECKPOINT_SAID=$work/checkpoint.txt
PORTAL_NOTIFY_SECONDS=1 serve
wait_ready
python3 "$work/generate.py" staff
stop
PORTAL_NOTIFY_SECONDS=86400 serve
wait_ready
python3 "$work/generate.py" pending
python3 "$work/generate.py" expect
stop
# A signed checkpoint of the whole trail as it now stands, for `portal audit verify --since`.
"$portal" audit checkpoint --data-dir "$data" >"$work/checkpoint.txt"
python3 "$work/generate.py" outbox
# Everything in the file itself: no write-ahead log beside it.
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()' "$data/portal.db"
rm -f "$data/portal.db-wal" "$data/portal.db-shm"

rm -rf "$out"
mkdir -p "$out"
cp -a "$data/." "$out/"
rm "$out/portal.db"
gzip -9n <"$data/portal.db" >"$out/portal.db.gz"
cp "$work/expected.json" "$out/expected.json"
cat >"$out/README.txt" <<README
A data directory written on $(date -u +%Y-%m-%d) by the portal built from commit
$commit${dirty:+ (with uncommitted changes)}, schema 15: accounts, roles, sessions, sign-in
lockouts, two-factor state, admin lists, settings, notices and the notification outbox kept
as items of the embedded store; grievances and the audit trail as rows.

Written by scripts/make-release-fixture.sh, the one committed with this directory, run in a
clean checkout of that commit with the script copied in (PORTAL_BIN=... to use a portal built
there). Running it again writes the same records, with other secrets, ids and times, and
expected.json with them. portal.db is gzipped;
the other files are as the portal left them: jwt-secret, secrets-key (seals the second
factor's secret), audit-key (the trail's chain key), checkpoint-key and checkpoints/ (a
signed checkpoint of the trail, made by \`portal audit checkpoint\`), attachments/.
These secrets are a test's, for this fixture only.

expected.json holds what the API answered once everything was written (users, roles,
lists, grievances, notes, attachments and their bytes, links, histories, notifications,
settings, the whole audit trail and its verification), what waited in the outbox, the
password of every user (all "Officer-Pass-1" but the Admin's), the auditor's second-factor
secret and recovery codes, the station officer's session (user, session id, token), the
emails with failed sign-ins, and written_at (unix seconds).

functions/portal/tests/api/upgrade_api.rs starts the current build on a copy and checks it.
README
echo "wrote $out ($(du -sh "$out" | cut -f1)):"
(cd "$out" && find . -type f | sort | xargs ls -l)
cat "$work/checkpoint.txt"
