#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A jar carries the project's licence and notice, byte for byte, as
META-INF/LICENSE and META-INF/NOTICE (Apache-2.0, section 4).

    jar_licence_test.py JAR SOURCE_ROOT
"""
import sys
import zipfile
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    jar, root = Path(sys.argv[1]), Path(sys.argv[2])
    passed = failed = 0
    with zipfile.ZipFile(jar) as archive:
        names = set(archive.namelist())
        for name in ("LICENSE", "NOTICE"):
            entry = f"META-INF/{name}"
            if entry not in names:
                print(f"FAIL: {jar.name} has no {entry}")
                failed += 1
            elif archive.read(entry) != (root / name).read_bytes():
                print(f"FAIL: {jar.name}'s {entry} differs from {name}")
                failed += 1
            else:
                print(f"ok: {jar.name} carries {name} as {entry}")
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
