// SPDX-License-Identifier: Apache-2.0
package org.edfast.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.edfast.jca.EdFastProvider;

/**
 * Hand-written JCA benchmark: keyGen, sign, verify and signAndVerify for
 * Ed25519 and Ed448 at 64, 512, 1024 and 16384 bytes, for EdFast, SunEC and
 * BouncyCastle (when bcprov is on the class path), plus the same EVP loop run
 * in C through EVP with edfast preferred ("C EVP": the ceiling for EdFast; EvpLoop).
 *
 * Each row: every implementation is warmed up, then the timed iterations of the
 * four columns are interleaved (EdFast, SunEC, BC, C, EdFast, ...) so that a
 * change of machine load hits them alike; the median of each column's
 * iterations is reported.  Time is the measuring thread's CPU time by default
 * (--clock cpu), which keeps the figures meaningful on a shared, loaded machine;
 * --clock wall measures elapsed time instead.
 *
 * Options: --smoke (tiny run: checks that every implementation agrees and that
 * every cell can be measured; no timing claims), --iterations N (default 5),
 * --millis M (per iteration, default 300), --warmup M (default 500),
 * --curves Ed25519,Ed448, --ops keyGen,sign,verify,signAndVerify, --sizes 64,512.
 */
public final class EdBench {
    static final String[] ALL_OPS = {"keyGen", "sign", "verify", "signAndVerify"};
    static int iterations = 5;
    static long iterMillis = 300;
    static long warmupMillis = 500;
    static boolean cpuClock = true;
    static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    /** One timed iteration of one column: operations per second. */
    interface Runner {
        double iterate(long millis) throws Exception;
    }

    static long now() {
        return cpuClock ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    interface Op {
        void run() throws Exception;
    }

    private EdBench() {
    }

    public static void main(String[] args) throws Exception {
        boolean smoke = false;
        List<String> curves = List.of("Ed25519", "Ed448");
        List<String> ops = List.of(ALL_OPS);
        int[] sizes = {64, 512, 1024, 16384};
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--smoke":
                    smoke = true;
                    break;
                case "--iterations":
                    iterations = Integer.parseInt(args[++i]);
                    break;
                case "--millis":
                    iterMillis = Long.parseLong(args[++i]);
                    break;
                case "--clock":
                    cpuClock = args[++i].equals("cpu");
                    break;
                case "--warmup":
                    warmupMillis = Long.parseLong(args[++i]);
                    break;
                case "--curves":
                    curves = List.of(args[++i].split(","));
                    break;
                case "--ops":
                    ops = List.of(args[++i].split(","));
                    break;
                case "--sizes":
                    sizes = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                    break;
                default:
                    System.err.println("unknown option " + args[i]);
                    System.exit(2);
            }
        }
        if (smoke) {
            iterations = 1;
            iterMillis = 20;
            warmupMillis = 20;
        }

        Provider edfast = new EdFastProvider();
        Provider sunec = Security.getProvider("SunEC");
        Provider bc = loadBouncyCastle();
        List<Provider> providers = new ArrayList<>(List.of(edfast, sunec));
        if (bc != null) {
            providers.add(bc);
        }

        System.out.printf("# JDK %s, EdFast via %s, BouncyCastle %s%n",
                Runtime.version(), EdFastProvider.openSslProvider(),
                bc == null ? "absent" : bc.getVersionStr());
        System.out.printf("# C EVP: %s%n", EvpLoop.UNAVAILABLE == null
                ? "edfast.so from edfast.modules, next to the default provider, ?provider=edfast"
                : "not measured: " + EvpLoop.UNAVAILABLE);
        System.out.printf("# load average at start: %s%n", loadAverage());
        System.out.printf("# %d interleaved iterations x %d ms after %d ms warm-up; median ops per %s second%n",
                iterations, iterMillis, warmupMillis, cpuClock ? "CPU" : "wall-clock");

        check(providers, curves);

        String hdr = String.format("%-14s %-8s %6s %12s %12s %12s %12s %9s %9s",
                "op", "curve", "bytes", "EdFast", "SunEC", "BC", "C EVP", "EdFast/BC", "EdFast/C");
        System.out.println(hdr);
        System.out.println("-".repeat(hdr.length()));
        boolean allMeasured = true;
        for (String op : ops) {
            for (String curve : curves) {
                int[] rowSizes = op.equals("keyGen") ? new int[] {0} : sizes;
                for (int size : rowSizes) {
                    Runner[] runners = new Runner[4];
                    for (int p = 0; p < 3 && p < providers.size(); p++) {
                        runners[p] = javaRunner(operation(providers.get(p), op, curve, size));
                    }
                    runners[3] = cRunner(op, curve, size);
                    double[] r = measureRow(runners);
                    allMeasured &= r[0] > 0 && r[1] > 0 && (!EdFastProvider.isNative() || r[3] > 0);
                    System.out.printf("%-14s %-8s %6s %12s %12s %12s %12s %9s %9s%n", op, curve,
                            size == 0 ? "-" : Integer.toString(size), fmt(r[0]), fmt(r[1]),
                            fmt(r[2]), fmt(r[3]), ratio(r[0], r[2]), pct(r[0], r[3]));
                }
            }
        }
        System.out.printf("# load average at end: %s%n", loadAverage());
        if (!allMeasured) {
            System.err.println("some cells could not be measured");
            System.exit(1);
        }
    }

    static Provider loadBouncyCastle() {
        try {
            return (Provider) Class.forName("org.bouncycastle.jce.provider.BouncyCastleProvider")
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (Exception e) {
            return "?";
        }
    }

    static byte[] message(int size) {
        byte[] m = new byte[size];
        new Random(size).nextBytes(m);
        return m;
    }

    /** Every provider signs identically (same key material) and verifies every other's signature. */
    static void check(List<Provider> providers, List<String> curves) throws Exception {
        for (String curve : curves) {
            KeyPair kp = KeyPairGenerator.getInstance(curve, providers.get(0)).generateKeyPair();
            byte[] msg = message(100);
            byte[] first = null;
            for (Provider p : providers) {
                KeyPair own = translate(kp, curve, p);
                Signature s = Signature.getInstance(curve, p);
                s.initSign(own.getPrivate());
                s.update(msg);
                byte[] sig = s.sign();
                if (first == null) {
                    first = sig;
                } else if (!Arrays.equals(first, sig)) {
                    throw new AssertionError(curve + ": " + p.getName() + " signs differently");
                }
                for (Provider q : providers) {
                    Signature v = Signature.getInstance(curve, q);
                    v.initVerify(translate(kp, curve, q).getPublic());
                    v.update(msg);
                    if (!v.verify(sig)) {
                        throw new AssertionError(curve + ": " + q.getName() + " rejects " + p.getName());
                    }
                }
            }
        }
        System.out.println("# check: all implementations give identical signatures and verify each other");
    }

    /** The key pair as the provider's own key objects (through its KeyFactory). */
    static KeyPair translate(KeyPair kp, String curve, Provider p) throws Exception {
        java.security.KeyFactory kf = java.security.KeyFactory.getInstance(curve, p);
        return new KeyPair(
                kf.generatePublic(new java.security.spec.X509EncodedKeySpec(kp.getPublic().getEncoded())),
                kf.generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(kp.getPrivate().getEncoded())));
    }

    static Op operation(Provider p, String op, String curve, int size) throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance(curve, p);
        KeyPair kp = kpg.generateKeyPair();
        byte[] msg = message(size);
        Signature signer = Signature.getInstance(curve, p);
        signer.initSign(kp.getPrivate());
        Signature verifier = Signature.getInstance(curve, p);
        verifier.initVerify(kp.getPublic());
        signer.update(msg);
        byte[] sig = signer.sign();
        switch (op) {
            case "keyGen":
                return kpg::generateKeyPair;
            case "sign":
                return () -> {
                    signer.update(msg);
                    signer.sign();
                };
            case "verify":
                return () -> {
                    verifier.update(msg);
                    if (!verifier.verify(sig)) {
                        throw new AssertionError("verify failed");
                    }
                };
            case "signAndVerify":
                return () -> {
                    signer.update(msg);
                    byte[] s = signer.sign();
                    verifier.update(msg);
                    if (!verifier.verify(s)) {
                        throw new AssertionError("verify failed");
                    }
                };
            default:
                throw new IllegalArgumentException(op);
        }
    }

    static Runner javaRunner(Op o) {
        return millis -> {
            long budget = millis * 1_000_000L;
            long start = now();
            long n = 0;
            long elapsed;
            do {
                for (int i = 0; i < 8; i++) {
                    o.run();
                }
                n += 8;
                elapsed = now() - start;
            } while (elapsed < budget);
            return n * 1e9 / elapsed;
        };
    }

    /** The same operations looped in C through EVP with edfast preferred (EvpLoop). */
    static Runner cRunner(String op, String curve, int size) {
        if (EvpLoop.UNAVAILABLE != null) {
            return null;
        }
        int code = Arrays.asList(ALL_OPS).indexOf(op);
        int[] count = {8};
        return millis -> {
            // Adjust the count so that one native call lasts about one iteration.
            long ns = EvpLoop.nanos(curve, code, size, count[0], cpuClock);
            if (ns <= 0) {
                return Double.NaN;
            }
            double rate = count[0] * 1e9 / ns;
            count[0] = (int) Math.max(8, Math.min(2_000_000, rate * millis / 1000.0));
            return rate;
        };
    }

    /** Warms every column, then interleaves their iterations; the medians. */
    static double[] measureRow(Runner[] runners) throws Exception {
        double[][] rates = new double[runners.length][iterations];
        for (Runner r : runners) {
            if (r != null) {
                long end = System.nanoTime() + warmupMillis * 1_000_000L;
                do {
                    r.iterate(Math.max(1, warmupMillis / 5));
                } while (System.nanoTime() < end);
            }
        }
        for (int i = 0; i < iterations; i++) {
            for (int c = 0; c < runners.length; c++) {
                rates[c][i] = runners[c] == null ? Double.NaN : runners[c].iterate(iterMillis);
            }
        }
        double[] med = new double[runners.length];
        for (int c = 0; c < runners.length; c++) {
            med[c] = median(rates[c]);
        }
        return med;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }

    static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) ? "-" : String.format(Locale.ROOT, "%.2fx", a / b);
    }

    static String pct(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * a / b);
    }
}
