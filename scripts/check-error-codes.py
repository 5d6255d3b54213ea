#!/usr/bin/env python3
"""Every message the server can answer an error with must have a stable code in the
catalogue (shared/domain/src/messages.rs), so that the web app can show it in the user's
language. This finds the messages in the Rust sources (the literals handed to the error
constructors and the message constants) and fails when one matches no catalogue template.

  check-error-codes.py CODES.json     CODES.json: {code: template}, from `portal error-codes`
  check-error-codes.py --list         prints the messages found, one per line
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONTEXTS = re.compile(
    r"(Error::(?:field|bad_request|not_found|conflict|forbidden)\("
    r"|Error::(?:Unauthorized|TooManyAttempts|Unavailable|BadRequest|NotFound|Conflict|Forbidden)\("
    r"|errors\.add\(|fields\.add\(|ApiError::new\(|\bErr\(|checked\(raw, "
    r"|pub const [A-Z_]+: &str = )"
)
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Literals in those contexts that are not messages shown to a user.
NOT_MESSAGES = {
    "Asha Admin", "Crime Title", "Type of Call", "internal error", "The file",
    "the blob of a removed attachment could not be deleted", "Grievance Portal",
    "Failed to deserialize the JSON body into the target type: ",
    # Internal errors (logged, answered as the generic message) and command-line output.
    "list item {id} ({}) is gone", "not a queued email's key", "pendency limits {other}",
    "a grievance serialises", "a page holds 1 to {most} items, not {limit}", "a transaction holds 1 to 100 writes, not {}",
    "an attachment whose record failed could not be deleted", "at most 100 keys at once", "batch read left keys unprocessed",
    "blob key {key:?} is not a plain file name", "cannot sweep old {what}", "item without a string {name}",
    "the counter came back without a value", "the exports bucket did not answer during init", "two writes on one item {:?}",
    "Could not create the Admin: {e}", "Admin reset password",
    "grievance details: {e}", "a grievance's fields are not a JSON object", "schema version {version} is newer than this build ({SCHEMA_VERSION})",
    "status meaning {text}", "counting a slice of the grievances failed", "SELECT 1 FROM grievances WHERE id = ?1",
    "BatchWriteItem left items unprocessed after 20 attempts", "a record serialises to an object",
    "audit record id {} cannot be read",
    "background export", "export failed", "export progress not saved",
    "SELECT attrs FROM items WHERE pk = ?1 AND sk = ?2", "a write failed unexpectedly", "a write was not run",
    "audit details: unknown dictionary {n}", "audit details: {e}", "an answer could not be written as JSON",
    "a length of {length} bytes", "unknown dictionary {n}", "{written} bytes of {length}",
    # Sweeps, keys and chains: logged or internal; portal check and backup: command-line output.
    "a sealed secret is damaged", "not a record's write", "the audit chain key was already set to another key",
    "grievance-portal audit chain (no key configured)", "{e}: the trail of {} is chained with the first directory's key",
    "cannot remove ended sessions", "cannot check the audit trail against its newest checkpoint", "cannot finish deletions or delete the files of deleted grievances' attachments",
    "the files of a deleted grievance's attachments are left for the next sweep", "the key file {} is damaged", "cannot read {}",
    "PRAGMA foreign_key_check", "a row of {} (rowid {}) refers to a missing row of {}", "cannot delete an old backup",
    "cannot read {} (it must be a directory)", "the scheduled backup stopped", "{ATTACHMENTS}/ cannot be read: {e}",
    "{DATABASE} cannot be opened: {e}", "{DATABASE} is damaged: {e}", "{DATABASE}: the foreign keys cannot be checked: {e}",
    "{name} cannot be read: {e}", "{name} may be read by others than its owner (mode {:o}): chmod 600 it",
    # The mail settings, refused at start (shared/mail): the operator's console, not an answer.
    "PORTAL_SMTP_SECURITY={other:?}: use starttls, tls or none", "set both PORTAL_SMTP_USERNAME and PORTAL_SMTP_PASSWORD, or neither",
    "SES_FROM_ADDRESS is set, but this build has no Amazon SES: set PORTAL_SMTP_HOST instead, or build with --features cloud",
    # Reading a record's field names (shared/domain/src/audit.rs): never answered.
    "not a struct", "only the field names were wanted",
}


def messages():
    found = set()
    for path in sorted(list((ROOT / "shared").rglob("*.rs")) + list((ROOT / "functions").rglob("*.rs"))):
        if "/tests/" in str(path) or "/apitest/" in str(path) or "/testkit/" in str(path):
            continue
        text = path.read_text()
        cut = text.find("#[cfg(test)]")
        if cut >= 0:
            text = text[:cut]
        for match in CONTEXTS.finditer(text):
            statement = text[match.end(): match.end() + 400].split(";")[0]
            for literal in LITERAL.findall(statement):
                if len(literal) >= 6 and re.search(r"[A-Za-z] [A-Za-z]", literal) and literal not in NOT_MESSAGES:
                    found.add(literal)
    return sorted(found)


def pattern(template):
    parts = re.split(r"\{[^}]*\}", template)
    return re.compile("^" + ".+?".join(re.escape(p) for p in parts) + "$", re.S)


def main():
    if sys.argv[1:] == ["--list"]:
        print("\n".join(messages()))
        return
    codes = json.loads(pathlib.Path(sys.argv[1]).read_text())
    templates = [pattern(t) for t in codes.values()]
    # A message's own placeholders ({}, {label}) stand for any text.
    missing = [m for m in messages() if not any(t.match(re.sub(r"\{[^}]*\}", "x", m)) for t in templates)]
    if missing:
        print("Messages without a code in shared/domain/src/messages.rs:")
        for m in missing:
            print(f"  {m!r}")
        sys.exit(1)
    print(f"error codes: {len(messages())} server messages, each with a code ({len(codes)} codes)")


if __name__ == "__main__":
    main()
