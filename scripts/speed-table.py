#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The README's speed tables, made from the benchmark's CSV files, never typed.

Each CPU class has a CSV written by `edfast-bench --csv` in bench/results/
(NAME.csv) and its facts beside it (NAME.meta: cpu=, command=, commit=,
openssl=, clock= cpu or wall, as the command's --clock).  For each, one table: per curve and operation, edfast through EVP
(its default backend, native) against OpenSSL's default provider, and libsodium or
libdecaf and lib25519 (the fastest published Ed25519, a row to beat) called
directly, each against edfast's native code called directly, as operations per
second and as ratios.

And the real-program table: scripts/realworld.sh's output as it printed it
(its header lines and table) in bench/results/realworld-NAME.txt.

    python3 scripts/speed-table.py [RESULTS_DIR]          print both blocks
    python3 scripts/speed-table.py --check README.md [RESULTS_DIR]
        exit 1 when a README block between its markers differs
"""
import csv
import os
import sys

BLOCKS = {  # README block: its begin and end markers
    "speed": ("<!-- speed-table:begin (scripts/speed-table.py writes this block) -->",
              "<!-- speed-table:end -->"),
    "realworld": ("<!-- realworld-table:begin (scripts/speed-table.py writes this block) -->",
                  "<!-- realworld-table:end -->"),
}
# The rows shown: operation, message bytes (keygen has none).
ROWS = [("keygen", "0"), ("sign", "64"), ("verify", "64"), ("verify-newkey", "64")]
LIBS = {"Ed25519": "lib:libsodium", "Ed448": "lib:libdecaf"}


def read_meta(path):
    meta = {}
    with open(path) as f:
        for line in f:
            key, sep, value = line.rstrip("\n").partition("=")
            if sep:
                meta[key.strip()] = value.strip()
    for key in ("cpu", "command", "commit", "openssl", "clock"):
        if key not in meta:
            sys.exit(f"speed-table: {path} has no {key}=")
    return meta


def rate(rows, curve, op, size, impl, column):
    for r in rows:
        if (r["table"], r["curve"], r["op"], r["msg_bytes"], r["impl"]) == ("ops", curve, op, size, impl):
            return float(r[column])
    return None


def fmt_rate(v):
    return "-" if v is None else f"{v:,.0f}"


def fmt_ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}x"


def table(name, results_dir):
    meta = read_meta(os.path.join(results_dir, name + ".meta"))
    with open(os.path.join(results_dir, name + ".csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    # The benchmark's --clock: per second of the measuring thread's CPU time, or of wall time.
    column = {"cpu": "ops_per_cpu_s", "wall": "ops_per_s"}[meta["clock"]]
    unit = "CPU-second" if meta["clock"] == "cpu" else "second"
    out = [
        f"**{meta['cpu']}** — OpenSSL {meta['openssl']}, commit {meta['commit']}, "
        f"`{meta['command']}` ([CSV](bench/results/{name}.csv))",
        "",
        f"| curve | operation | edfast via EVP, ops per {unit} | default provider via EVP | edfast vs default "
        "| edfast's native code called directly | vs libsodium / libdecaf called directly "
        "| vs lib25519 called directly |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for curve in ("Ed25519", "Ed448"):
        for op, size in ROWS:
            ours = rate(rows, curve, op, size, "evp:edfast/native", column)
            default = rate(rows, curve, op, size, "evp:default", column)
            if ours is None and default is None:
                continue
            direct = rate(rows, curve, op, size, "backend:native", column)
            lib = rate(rows, curve, op, size, LIBS[curve], column)
            anchor = rate(rows, curve, op, size, "anchor:lib25519", column) if curve == "Ed25519" else None
            label = op if size == "0" else f"{op} ({size} B)"
            out.append(f"| {curve} | {label} | {fmt_rate(ours)} | {fmt_rate(default)} | "
                       f"{fmt_ratio(ours, default)} | {fmt_rate(direct)} | {fmt_ratio(direct, lib)} | "
                       f"{fmt_ratio(direct, anchor)} |")
    return "\n".join(out)


def speed_tables(results_dir):
    names = sorted(n[:-len(".csv")] for n in os.listdir(results_dir) if n.endswith(".csv"))
    if not names:
        sys.exit(f"speed-table: no CSV file in {results_dir}")
    return "\n\n".join(table(n, results_dir) for n in names)


def realworld_table(path):
    """scripts/realworld.sh's output as it printed it: its facts, then its table."""
    facts, rows = {}, []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("|"):
                rows.append(line)
            else:
                key, sep, value = line.partition(": ")
                if sep:
                    facts[key] = value
    for key in ("CPU", "OpenSSL", "Java", "edfast", "Command", "Load average when it started (1, 5, 15 min)"):
        if key not in facts:
            sys.exit(f"speed-table: {path} has no '{key}:' line (realworld.sh's header)")
    head = (f"**{facts['CPU']}** — {facts['OpenSSL'].split(' (')[0]}, {facts['Java']}, "
            f"commit {facts['edfast'][:7]}, `bash {facts['Command']} build`, load average at the start "
            f"{facts['Load average when it started (1, 5, 15 min)'].split()[0]} "
            f"([output](bench/results/{os.path.basename(path)}))")
    return "\n".join([head, ""] + rows)


def realworld_tables(results_dir):
    names = sorted(n for n in os.listdir(results_dir) if n.startswith("realworld-") and n.endswith(".txt"))
    if not names:
        sys.exit(f"speed-table: no realworld-*.txt in {results_dir}")
    return "\n\n".join(realworld_table(os.path.join(results_dir, n)) for n in names)


MAKERS = {"speed": speed_tables, "realworld": realworld_tables}


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    default_dir = os.path.join(here, "..", "bench", "results")
    if argv[:1] == ["--check"]:
        readme = argv[1]
        results_dir = argv[2] if len(argv) > 2 else default_dir
        text = open(readme).read()
        failed = 0
        for name, (begin, end) in BLOCKS.items():
            if begin not in text or end not in text:
                sys.exit(f"speed-table: {readme} has no {name} block")
            block = text.split(begin, 1)[1].split(end, 1)[0].strip()
            want = MAKERS[name](results_dir)
            if block != want:
                print(f"speed-table: {readme}'s {name} table differs from what scripts/speed-table.py makes "
                      f"of {results_dir}; run it and paste its output between the markers:\n{want}")
                failed = 1
        if not failed:
            print(f"speed-table: {readme}'s speed and real-program tables match {results_dir}")
        return failed
    results_dir = argv[0] if argv else default_dir
    for name, (begin, end) in BLOCKS.items():
        print(begin)
        print(MAKERS[name](results_dir))
        print(end)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
