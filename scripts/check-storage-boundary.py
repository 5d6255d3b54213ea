"""Keeps the storage shapes behind the ports: outside shared/store (the generic store, the
relational schema and the engines of shared/store/engines), no Rust file may build or read
items of the generic store, attribute maps or keys. The rules speak domain types to their
ports; a key, an index or an attribute name anywhere else is a leak to fix, not to list.

Tests that write or read raw items on purpose (a data directory of an earlier release, an
old release's missing views, a usage count set as the grievance writes would) are named
below, each with why."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# What only the store and its engines may write.
PATTERNS = [
    r"serde_json::Map",
    r"\bstore::(Item|Key|Write|Query|Changes|Condition|Index|Attrs)\b",
    r"\b(Item|Key)::new\(",
    r"\.attrs\b",
    r"\bQuery::(table|index)\(",
    r"\bWrite::(put|put_new|update|delete)\(",
    r"\bChanges::default\(",
]

ALLOWED = {
    # Reads the previous releases' files item by item to check that the upgrade kept them.
    "functions/portal/tests/api/upgrade_api.rs",
    # Removes the per-user audit views, as the release before them left a DynamoDB table.
    "functions/portal/tests/api/security_api.rs",
    # Sets an item's usage count as three grievance writes would.
    "functions/portal/tests/api/admin_api.rs",
    # Changes and deletes an audit record item behind the portal's back, as an insider with
    # the table would, to see the chains name it.
    "functions/portal/tests/api/audit_chain_api.rs",
    # Reads a user's item as kept, to see that no second-factor secret is there in plain text.
    "functions/portal/tests/api/two_factor_api.rs",
}

violations = []
checked = 0
for path in sorted(ROOT.glob("**/*.rs")):
    rel = path.relative_to(ROOT).as_posix()
    if rel.startswith(("target/", "shared/store/", "web/")) or "/node_modules/" in rel or rel in ALLOWED:
        continue
    checked += 1
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0]
        if any(re.search(p, code) for p in PATTERNS):
            violations.append(f"{rel}:{number}: {line.strip()}")

for v in violations:
    print(v)
print(f"storage boundary: {checked} Rust files outside shared/store checked, {len(violations)} with item, key or attribute code")
sys.exit(1 if violations else 0)
