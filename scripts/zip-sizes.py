#!/usr/bin/env python3
"""Prints each Lambda zip's size and fails when one is 10 MB or more (the bar of PERFORMANCE.md)."""
import os
import sys

LIMIT = 10 * 1000 * 1000
failed = False
print(f"{'function':<12} {'zip':>10}")
for name in sys.argv[1:]:
    path = os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "lambda", name, "bootstrap.zip")
    size = os.path.getsize(path)
    mark = "" if size < LIMIT else "  <- over 10 MB"
    failed |= size >= LIMIT
    print(f"{name:<12} {size / 1e6:>7.2f} MB{mark}")
sys.exit(1 if failed else 0)
