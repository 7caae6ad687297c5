#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What a Java program that signs once pays for EdFast: a fresh JVM making one
Ed25519 signature (bench/java FirstUse), three ways, interleaved run by run:

  sunec      the JDK's providers as they are (SunEC signs)
  system     EdFast's plain jar, libedfastjni.so and edfast.so from the build
             tree (as the .deb installs them)
  platform   the platform jar alone, which extracts, checks and loads its own
             libraries (build/jni/edfast-jca-linux-<arch>.jar, or --jar)

and prints each way's medians: the process's CPU time (user + system) and
peak resident memory (scripts/rusage-run.c), and FirstUse's milliseconds
from creating the provider to the signature.  The first line says the CPU,
the java and the commit.

    python3 scripts/java-first-use.py [--build DIR] [--jar PLATFORM_JAR] [--runs N]
"""
import argparse
import glob
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def load_cost():
    """scripts/load-cost.py's runner and description of the machine."""
    spec = importlib.util.spec_from_file_location("load_cost", os.path.join(HERE, "load-cost.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--jar", help="platform jar (default: the build's)")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--java", default="java")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    bench = os.path.join(build, "bench", "java", "edfast-java-bench.jar")
    plain = os.path.join(build, "jni", "edfast-jca.jar")
    platform = args.jar or (glob.glob(os.path.join(build, "jni", "edfast-jca-linux-*.jar")) or [None])[0]
    for path in (bench, plain, platform):
        if path is None or not os.path.exists(path):
            sys.exit("java-first-use.py: missing %s (build first)" % path)
    lc = load_cost()
    cpu, _, commit = lc.describe(["openssl"])
    java = subprocess.run([args.java, "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    print("java-first-use: CPU %s; %s; commit %s; %d runs per way, interleaved; jars: plain %d KiB, "
          "platform %d KiB" % (cpu, java, commit, args.runs, os.path.getsize(plain) // 1024,
                               os.path.getsize(platform) // 1024))
    main_class = "org.edfast.bench.FirstUse"
    ways = {
        "sunec": [args.java, "-cp", bench, main_class, "sunec"],
        "system": [args.java, "-Djava.library.path=" + os.path.join(build, "jni"),
                   "-Dedfast.modules=" + os.path.join(build, "provider"),
                   "-cp", bench + ":" + plain, main_class, "edfast"],
        "platform": [args.java, "-cp", bench + ":" + platform, main_class, "edfast"],
    }
    names = list(ways)
    cpu_ms = {w: [] for w in names}
    rss = {w: [] for w in names}
    first = {w: [] for w in names}
    signer = {}
    env = dict(os.environ)
    for var in ("OPENSSL_CONF", "OPENSSL_MODULES", "JAVA_TOOL_OPTIONS"):
        env.pop(var, None)
    with tempfile.TemporaryDirectory(prefix="edfast-first-use-") as tmp:
        runner = lc.build_runner(tmp)
        for i in range(max(1, args.runs)):
            for j in range(len(names)):
                way = names[(i + j) % len(names)]
                done = subprocess.run([runner] + ways[way], env=env, capture_output=True, text=True)
                if done.returncode != 0:
                    sys.exit("java-first-use.py: %s failed: %s" % (way, done.stdout + done.stderr))
                line = next(l for l in done.stdout.splitlines() if l.startswith("first-use-ms "))
                user_us, system_us, maxrss = (int(x) for x in done.stdout.split()[-3:])
                cpu_ms[way].append((user_us + system_us) / 1e3)
                rss[way].append(maxrss)
                first[way].append(float(line.split()[1]))
                signer[way] = line.split(" ", 3)[3]
    for way in names:
        print("%-8s process CPU %.0f ms, peak %d KiB, provider to first signature %.1f ms (median); %s"
              % (way, statistics.median(cpu_ms[way]), statistics.median(rss[way]),
                 statistics.median(first[way]), signer[way]))


if __name__ == "__main__":
    main()
