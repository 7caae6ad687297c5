#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""docs/errors.md against the cases hardening_errors runs: the table cannot drift.

    python3 scripts/check-errors-doc.py HARDENING_ERRORS_PROGRAM [docs/errors.md]

Runs `hardening_errors --table` and compares its rows with the document's.  The
document is made on OpenSSL 3.0 (it says so), whose libcrypto words its own
reasons differently from later versions: on 3.0 every column is compared, on
other versions every column but the reasons (each case's success or failure
and edfast's own reasons are checked by hardening_errors itself there).
"""
import os
import subprocess
import sys


def rows(text, with_reasons):
    out = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith("| entry point |"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if not with_reasons and len(cells) == 5:
            cells = cells[:3] + cells[4:]
        out.append(" | ".join(cells))
    return out


def main(argv):
    program = argv[0]
    doc = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "docs", "errors.md")
    made = subprocess.run([program, "--table"], capture_output=True, text=True)
    if made.returncode != 0:
        print(made.stdout[-2000:], made.stderr[-2000:])
        sys.exit(f"check-errors-doc: {program} --table failed")
    version = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout
    on_30 = version.startswith("OpenSSL 3.0.")
    want, have = rows(made.stdout, on_30), rows(open(doc).read(), on_30)
    if want == have:
        print(f"check-errors-doc: {doc} matches the {len(want)} cases"
              + ("" if on_30 else " (reasons not compared: the table is made on OpenSSL 3.0)"))
        return 0
    missing = [r for r in want if r not in have]
    stale = [r for r in have if r not in want]
    print(f"check-errors-doc: {doc} differs from `{os.path.basename(program)} --table`")
    for r in missing[:20]:
        print("  not in the document:", r)
    for r in stale[:20]:
        print("  in the document only:", r)
    if not missing and not stale:
        print("  the same rows in another order")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
