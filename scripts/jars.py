#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes edfast's jars so that the same content gives the same bytes.

    jars.py normalize IN OUT
        IN rewritten: the manifest first (java.util.jar.JarInputStream looks
        for it there), then every other entry in name order, each dated
        SOURCE_DATE_EPOCH (UTC; zip's floor, 1980, when earlier), with fixed
        modes and no extra fields.  JDK 17's jar tool has no --date option.

    jars.py platform OUT PLAIN_JAR CLASSIFIER MAJOR=DIR [MAJOR=DIR...]
        A platform jar: PLAIN_JAR's entries plus, for each OpenSSL major
        version, DIR's libedfastjni.so and edfast.so as
        org/edfast/jca/native/CLASSIFIER/opensslMAJOR/..., and their SHA-256
        digests in org/edfast/jca/native/CLASSIFIER/SHA256SUMS, which the
        loader (NativeLoader.java) checks what it extracts against.
"""
import hashlib
import os
import sys
import time
import zipfile
from pathlib import Path

MANIFEST = ("META-INF/", "META-INF/MANIFEST.MF")
LIBRARIES = ("libedfastjni.so", "edfast.so")


def write_jar(target: str, entries: dict) -> None:
    """entries: name -> bytes (a name ending in / is a directory)."""
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    stamp = max(time.gmtime(epoch)[:6], (1980, 1, 1, 0, 0, 0))
    order = [n for n in MANIFEST if n in entries] + sorted(n for n in entries if n not in MANIFEST)
    with zipfile.ZipFile(target, "w") as out:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.create_system = 3  # Unix, so that the mode below is read
            directory = name.endswith("/")
            info.external_attr = (0o40755 if directory else 0o100644) << 16
            info.compress_type = zipfile.ZIP_STORED if directory else zipfile.ZIP_DEFLATED
            out.writestr(info, entries[name], compresslevel=9)


def read_jar(source: str) -> dict:
    with zipfile.ZipFile(source) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def platform(target: str, plain: str, classifier: str, pairs: list) -> None:
    entries = read_jar(plain)
    root = f"org/edfast/jca/native/{classifier}/"
    sums = []
    for pair in pairs:
        major, _, folder = pair.partition("=")
        if not major.isdigit() or not folder:
            raise SystemExit(f"jars.py: {pair}: expected MAJOR=DIR")
        for library in LIBRARIES:
            data = (Path(folder) / library).read_bytes()
            name = f"openssl{major}/{library}"
            entries[root + name] = data
            sums.append(f"{hashlib.sha256(data).hexdigest()}  {name}\n")
    entries[root + "SHA256SUMS"] = "".join(sorted(sums, key=lambda l: l.split()[1])).encode()
    write_jar(target, entries)


def main() -> int:
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "normalize":
        write_jar(args[2], read_jar(args[1]))
        return 0
    if len(args) >= 5 and args[0] == "platform":
        platform(args[1], args[2], args[3], args[4:])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
