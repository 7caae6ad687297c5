#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What loading edfast costs a process, against OpenSSL's own modules.

    python3 scripts/load-cost.py [--build DIR] [--runs N] [--openssl CMD] [--one-shot]

Runs the same openssl command under three configurations, interleaved run by
run (the order rotating, so that no configuration always follows another):

  default   OpenSSL's default provider alone
  legacy    the default provider and OpenSSL's legacy provider
  edfast    the default provider and edfast with default_properties =
            ?provider=edfast, as openssl.cnf.sample and the .deb's edfast.cnf

and prints, per command, each configuration's median CPU time (user + system)
and median peak resident memory (wait4's rusage, through scripts/rusage-run.c),
and the
differences from the default provider alone.  The first command, `openssl rand
-hex 4`, uses no EdDSA: what every process that reads the configuration pays.
With --one-shot, one key generation, one signature and one verification with
each curve follow (fresh processes, keys and messages made beforehand), with
the ratio default / edfast of their CPU time (above 1: edfast is faster).
The first lines say the CPU, the OpenSSL version and the commit.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

CONFIGS = ("default", "legacy", "edfast")


def conf_text(kind, module):
    sections = ["default = default_sect"]
    if kind == "legacy":
        sections.append("legacy = legacy_sect")
    if kind == "edfast":
        sections.insert(0, "edfast = edfast_sect")
    text = ["openssl_conf = openssl_init", "[openssl_init]", "providers = provider_sect"]
    if kind == "edfast":
        text.append("alg_section = algorithm_sect")
    text += ["[provider_sect]"] + sections + ["[default_sect]", "activate = 1"]
    if kind == "legacy":
        text += ["[legacy_sect]", "activate = 1"]
    if kind == "edfast":
        text += ["[edfast_sect]", "module = " + module, "activate = 1",
                 "[algorithm_sect]", "default_properties = ?provider=edfast"]
    return "\n".join(text) + "\n"


def run_once(runner, argv, conf):
    """CPU seconds (user + system) and peak resident KiB of one run of argv."""
    env = dict(os.environ, OPENSSL_CONF=conf)
    env.pop("EDFAST_BACKEND", None)
    env.pop("EDFAST_NATIVE_PATH", None)
    done = subprocess.run([runner] + argv, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("load-cost.py: %s failed under %s (%d): %s"
                 % (" ".join(argv), conf, done.returncode, done.stderr))
    user_us, system_us, maxrss = (int(x) for x in done.stdout.split()[-3:])
    return (user_us + system_us) * 1e-6, maxrss


def build_runner(directory):
    """Compiles scripts/rusage-run.c (see there why the measured processes need it)."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rusage-run.c")
    runner = os.path.join(directory, "rusage-run")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-o", runner, source], check=True)
    return runner


def describe(openssl):
    cpu = "?"
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                cpu = line.split(":", 1)[1].strip()
    except OSError:
        pass
    version = subprocess.run(openssl + ["version"], capture_output=True, text=True).stdout.strip()
    here = os.path.dirname(os.path.abspath(__file__))
    commit = subprocess.run(["git", "-C", here, "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip() or "?"
    return cpu, version, commit


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build", help="build tree holding provider/edfast.so")
    ap.add_argument("--runs", type=int, default=60, help="runs of each configuration (>= 1)")
    ap.add_argument("--openssl", default="openssl", help="the openssl command")
    ap.add_argument("--one-shot", action="store_true",
                    help="also one keygen, sign and verify per curve, a fresh process each")
    args = ap.parse_args()
    module = os.path.abspath(os.path.join(args.build, "provider", "edfast.so"))
    if not os.path.exists(module):
        sys.exit("load-cost.py: no %s (build first)" % module)
    openssl = args.openssl.split()
    cpu, version, commit = describe(openssl)
    print("load-cost: CPU %s; %s; commit %s; %d runs per configuration, interleaved"
          % (cpu, version, commit, args.runs))

    with tempfile.TemporaryDirectory(prefix="edfast-load-") as tmp:
        runner = build_runner(tmp)
        confs = {}
        for kind in CONFIGS:
            confs[kind] = os.path.join(tmp, kind + ".cnf")
            with open(confs[kind], "w") as f:
                f.write(conf_text(kind, module))
        commands = [("rand (no EdDSA)", openssl + ["rand", "-hex", "4"])]
        if args.one_shot:
            message = os.path.join(tmp, "message")
            with open(message, "wb") as f:
                f.write(b"edfast load-cost message\n")
            for curve in ("ED25519", "ED448"):
                key = os.path.join(tmp, curve + ".pem")
                pub = os.path.join(tmp, curve + ".pub")
                sig = os.path.join(tmp, curve + ".sig")
                subprocess.run(openssl + ["genpkey", "-algorithm", curve, "-out", key], check=True)
                subprocess.run(openssl + ["pkey", "-in", key, "-pubout", "-out", pub], check=True)
                subprocess.run(openssl + ["pkeyutl", "-sign", "-rawin", "-inkey", key, "-in",
                                          message, "-out", sig], check=True)
                commands += [
                    ("genpkey " + curve, openssl + ["genpkey", "-algorithm", curve, "-out",
                                                    os.path.join(tmp, "new.pem")]),
                    ("sign " + curve, openssl + ["pkeyutl", "-sign", "-rawin", "-inkey", key,
                                                 "-in", message, "-out",
                                                 os.path.join(tmp, "out.sig")]),
                    ("verify " + curve, openssl + ["pkeyutl", "-verify", "-rawin", "-pubin",
                                                   "-inkey", pub, "-in", message, "-sigfile",
                                                   sig]),
                ]
        for name, argv in commands:
            cpu_s = {k: [] for k in CONFIGS}
            rss = {k: [] for k in CONFIGS}
            for i in range(max(1, args.runs)):
                for j in range(len(CONFIGS)):
                    kind = CONFIGS[(i + j) % len(CONFIGS)]
                    t, m = run_once(runner, argv, confs[kind])
                    cpu_s[kind].append(t)
                    rss[kind].append(m)
            med_t = {k: statistics.median(v) * 1e3 for k, v in cpu_s.items()}
            med_m = {k: statistics.median(v) for k, v in rss.items()}
            print("%s: CPU ms (median) default %.2f, legacy %.2f (%+.2f), edfast %.2f (%+.2f); "
                  "peak KiB default %d, legacy %d (%+d), edfast %d (%+d); "
                  "default/edfast CPU %.2fx"
                  % (name, med_t["default"], med_t["legacy"], med_t["legacy"] - med_t["default"],
                     med_t["edfast"], med_t["edfast"] - med_t["default"],
                     med_m["default"], med_m["legacy"], med_m["legacy"] - med_m["default"],
                     med_m["edfast"], med_m["edfast"] - med_m["default"],
                     med_t["default"] / med_t["edfast"]))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
