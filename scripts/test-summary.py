"""Adds up what every runner of `make test` reported and prints one closing line,
'tests: N passed, N failed', so that the whole run reads as one result."""

import re
import sys

text = re.sub(r"\x1b\[[0-9;]*m", "", open(sys.argv[1], encoding="utf-8", errors="replace").read())
passed = failed = 0
for ok, bad in re.findall(r"test result: \w+\. (\d+) passed; (\d+) failed", text):  # cargo
    passed, failed = passed + int(ok), failed + int(bad)
for line in re.findall(r"^\s*Tests\s+(.*)$", text, re.M):  # vitest
    passed += sum(int(n) for n in re.findall(r"(\d+) passed", line))
    failed += sum(int(n) for n in re.findall(r"(\d+) failed", line))
for n in re.findall(r"^\s+(\d+) passed \(", text, re.M):  # playwright
    passed += int(n)
for n in re.findall(r"^\s+(\d+) failed$", text, re.M):
    failed += int(n)
print(f"tests: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
