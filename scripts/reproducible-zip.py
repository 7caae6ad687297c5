#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Rewrites a jar (zip) so that the same content gives the same bytes: the
manifest first (java.util.jar.JarInputStream looks for it there), then every
other entry in name order, each dated SOURCE_DATE_EPOCH (UTC; zip's floor,
1980, when earlier), with fixed permissions and no extra fields.  JDK 17's
jar tool has no --date option to do this itself.

    reproducible-zip.py IN OUT
"""
import os
import sys
import time
import zipfile

FIRST = ("META-INF/", "META-INF/MANIFEST.MF")


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    source, target = sys.argv[1], sys.argv[2]
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    stamp = max(time.gmtime(epoch)[:6], (1980, 1, 1, 0, 0, 0))
    with zipfile.ZipFile(source) as archive:
        names = archive.namelist()
        order = [n for n in FIRST if n in names] + sorted(n for n in names if n not in FIRST)
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            for name in order:
                info = zipfile.ZipInfo(name, date_time=stamp)
                info.create_system = 3  # Unix, so that the mode below is read
                info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
                info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
                out.writestr(info, archive.read(name), compresslevel=9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
