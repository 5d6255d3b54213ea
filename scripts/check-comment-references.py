"""No issue number or specification section number in code comments (or test names): a
comment says the rule itself, which stays true when the tracker or the specification moves.

Searches the tracked code, tests, styles, SQL, YAML, TOML and the Makefile with `git grep`
for an issue number ("issue", "issues" or "Issue" before a number, also hyphenated), the
section sign, and "spec" or "specification" followed by "section" or "sec." and a number.
The generated API files (web/openapi.json, web/src/api/schema.d.ts) and the test fixtures'
data (tests/fixtures/) are left out.

Each offending line is printed as path:line:text and the exit status is 1. Otherwise one line
says there is none and the exit status is 0.

Usage: python3 scripts/check-comment-references.py"""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The section sign is written as an escape so that this file does not match itself.
PATTERN = "[Ii]ssues?[- ]#?[0-9]+|\u00a7|spec(ification)? (section|sec\\.?) ?[0-9]"
PATHS = ["*.rs", "*.ts", "*.tsx", "*.py", "*.sh", "*.sql", "*.css", "*.yaml", "*.toml", "Makefile"]
EXCLUDED = [
    ":(exclude)web/src/api/schema.d.ts",
    ":(exclude)web/openapi.json",
    ":(exclude,glob)**/tests/fixtures/**",
]


def main() -> int:
    found = subprocess.run(
        ["git", "grep", "-nE", PATTERN, "--", *PATHS, *EXCLUDED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    # git grep: 0 when something matched, 1 when nothing did, anything else an error.
    if found.returncode not in (0, 1):
        sys.stderr.write(found.stderr)
        return 2
    lines = found.stdout.splitlines()
    if not lines:
        print("no issue or specification section number in code comments")
        return 0
    print(f"{len(lines)} line(s) cite an issue or a specification section; say the rule itself:")
    for line in lines:
        print(f"  {line}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
