// SPDX-License-Identifier: Apache-2.0
/*
 * JcaSignMany: sign and verify many messages with one Ed25519 / Ed448 key
 * through the JCA and the EdFast provider, the fast way and the usual slow
 * ways, with the rate of each.
 *
 *   java -Djava.library.path=BUILD/jni -Dedfast.modules=BUILD/provider \
 *        -cp BUILD/jni/edfast-jca.jar:CLASSES JcaSignMany [-n COUNT] [-c ed25519|ed448|both]
 *
 * (java -cp BUILD/jni/edfast-jca.jar examples/JcaSignMany.java ... runs it without
 * compiling it first.)
 *
 * What to reuse, and why (jni/src/main/java/org/edfast/jca):
 *  - The key objects.  An EdFast key makes its native EVP_PKEY on first use and
 *    keeps it; a key decoded again (KeyFactory) per message imports it anew,
 *    which for a private key recomputes the public half (as dear as a signature)
 *    and for a public key loses the verification tables built on its second use.
 *  - One Signature object per thread (Signature is not thread-safe).  It owns a
 *    native EVP_MD_CTX; after sign() or verify() it is ready for the next message
 *    with the same key, and initSign/initVerify again with the same key object is
 *    also cheap: the context is re-initialised, the key is not imported again.
 *    A Signature.getInstance per message costs a provider look-up and a new
 *    native context (past 512 live ones, a per-thread shared one is borrowed).
 *  - A key from another provider (SunEC's, say) is converted on initSign /
 *    initVerify; the Signature object remembers the last one converted, so keep
 *    the same key object rather than making a new one per message.
 *
 * Every signature is compared with SunEC's (EdDSA is deterministic) and
 * verified, and a verify of an altered message must say false; anything else
 * exits 1.  The rates are what they are on the machine at hand; nothing checks them.
 */
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Random;

import org.edfast.jca.EdFastProvider;

public final class JcaSignMany {
    private static final Provider EDFAST = new EdFastProvider();

    /** What one curve's runs share. */
    private static final class Job {
        final String alg;
        final KeyPair pair;
        final byte[] pkcs8;
        final byte[] x509;
        final byte[][] msgs;

        Job(String alg, KeyPair pair, byte[][] msgs) {
            this.alg = alg;
            this.pair = pair;
            this.pkcs8 = pair.getPrivate().getEncoded();
            this.x509 = pair.getPublic().getEncoded();
            this.msgs = msgs;
        }
    }

    @FunctionalInterface
    private interface SignWay {
        byte[][] run(Job j, int n) throws Exception;
    }

    @FunctionalInterface
    private interface VerifyWay {
        boolean[] run(Job j, byte[][] msgs, byte[][] sigs, int n) throws Exception;
    }

    // ---- signing -----------------------------------------------------------

    /** The fast way: one Signature, initSign once; sign() leaves it ready for the next message. */
    private static byte[][] signReuse(Job j, int n) throws Exception {
        Signature s = Signature.getInstance(j.alg, EDFAST);
        s.initSign(j.pair.getPrivate());
        byte[][] sigs = new byte[n][];
        for (int i = 0; i < n; i++) {
            s.update(j.msgs[i]);
            sigs[i] = s.sign();
        }
        return sigs;
    }

    /** As fast: initSign again with the same key object costs no native key import. */
    private static byte[][] signInitEach(Job j, int n) throws Exception {
        Signature s = Signature.getInstance(j.alg, EDFAST);
        byte[][] sigs = new byte[n][];
        for (int i = 0; i < n; i++) {
            s.initSign(j.pair.getPrivate());
            s.update(j.msgs[i]);
            sigs[i] = s.sign();
        }
        return sigs;
    }

    private static byte[][] signNewSignature(Job j, int n) throws Exception {
        byte[][] sigs = new byte[n][];
        for (int i = 0; i < n; i++) {
            Signature s = Signature.getInstance(j.alg, EDFAST);
            s.initSign(j.pair.getPrivate());
            s.update(j.msgs[i]);
            sigs[i] = s.sign();
        }
        return sigs;
    }

    /** Naive: the key decoded per message (a new key object: a native import each time). */
    private static byte[][] signDecodeEach(Job j, int n) throws Exception {
        KeyFactory kf = KeyFactory.getInstance(j.alg, EDFAST);
        Signature s = Signature.getInstance(j.alg, EDFAST);
        byte[][] sigs = new byte[n][];
        for (int i = 0; i < n; i++) {
            PrivateKey k = kf.generatePrivate(new PKCS8EncodedKeySpec(j.pkcs8));
            s.initSign(k);
            s.update(j.msgs[i]);
            sigs[i] = s.sign();
        }
        return sigs;
    }

    // ---- verifying ---------------------------------------------------------

    private static boolean[] verifyReuse(Job j, byte[][] msgs, byte[][] sigs, int n) throws Exception {
        Signature s = Signature.getInstance(j.alg, EDFAST);
        s.initVerify(j.pair.getPublic());
        boolean[] good = new boolean[n];
        for (int i = 0; i < n; i++) {
            s.update(msgs[i]);
            good[i] = s.verify(sigs[i]);
        }
        return good;
    }

    private static boolean[] verifyNewSignature(Job j, byte[][] msgs, byte[][] sigs, int n) throws Exception {
        boolean[] good = new boolean[n];
        for (int i = 0; i < n; i++) {
            Signature s = Signature.getInstance(j.alg, EDFAST);
            s.initVerify(j.pair.getPublic());
            s.update(msgs[i]);
            good[i] = s.verify(sigs[i]);
        }
        return good;
    }

    /** Naive: the public key decoded per message; its verification tables are never built. */
    private static boolean[] verifyDecodeEach(Job j, byte[][] msgs, byte[][] sigs, int n) throws Exception {
        KeyFactory kf = KeyFactory.getInstance(j.alg, EDFAST);
        Signature s = Signature.getInstance(j.alg, EDFAST);
        boolean[] good = new boolean[n];
        for (int i = 0; i < n; i++) {
            PublicKey k = kf.generatePublic(new X509EncodedKeySpec(j.x509));
            s.initVerify(k);
            s.update(msgs[i]);
            good[i] = s.verify(sigs[i]);
        }
        return good;
    }

    // ---- running and checking ----------------------------------------------

    private static final String[] SIGN_NAMES = {
        "fast: one Signature, initSign once",
        "one Signature, initSign(same key) per message",
        "Signature.getInstance per message",
        "naive: KeyFactory.generatePrivate per message",
    };
    private static final SignWay[] SIGN_WAYS = {
        JcaSignMany::signReuse, JcaSignMany::signInitEach,
        JcaSignMany::signNewSignature, JcaSignMany::signDecodeEach,
    };
    private static final String[] VERIFY_NAMES = {
        "fast: one Signature, initVerify once",
        "Signature.getInstance per message",
        "naive: KeyFactory.generatePublic per message",
    };
    private static final VerifyWay[] VERIFY_WAYS = {
        JcaSignMany::verifyReuse, JcaSignMany::verifyNewSignature, JcaSignMany::verifyDecodeEach,
    };

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    /** The calling thread's CPU time: the rates then hold on a busy machine too. */
    private static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static void report(String alg, String op, String way, int n, long nanos, double base) {
        double rate = n / (nanos * 1e-9);
        System.out.printf("%-8s %-6s %-52s %10.0f /s%s%n", alg, op, way, rate,
                base > 0 ? String.format("  %5.2fx", rate / base) : "");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.err.println("JcaSignMany: " + what);
            System.exit(1);
        }
    }

    /** The JIT compiles what runs often: a short untimed pass first, so that rates are of compiled code. */
    private static int warmup(int n) {
        return Math.min(n, 1000);
    }

    private static void runCurve(String alg, int n) throws Exception {
        Random rnd = new Random(n); // distinct messages, so that nothing can be served from a cache
        byte[][] msgs = new byte[n][64];
        for (byte[] m : msgs) {
            rnd.nextBytes(m);
        }
        KeyPairGenerator kpg = KeyPairGenerator.getInstance(alg, EDFAST);
        Job j = new Job(alg, kpg.generateKeyPair(), msgs);

        // SunEC's answers, from its own key object made from the same PKCS#8 bytes.
        PrivateKey sunecKey = KeyFactory.getInstance(alg, "SunEC").generatePrivate(new PKCS8EncodedKeySpec(j.pkcs8));
        Signature sunec = Signature.getInstance(alg, "SunEC");
        sunec.initSign(sunecKey);
        byte[][] ref = new byte[n][];
        long t = 0;
        for (int pass = 0; pass < 2; pass++) {
            int count = pass == 0 ? warmup(n) : n;
            t = cpuNanos();
            for (int i = 0; i < count; i++) {
                sunec.update(msgs[i]);
                ref[i] = sunec.sign();
            }
            t = cpuNanos() - t;
        }
        report(alg, "sign", "SunEC (reference)", n, t, 0);

        double base = 0;
        for (int w = 0; w < SIGN_WAYS.length; w++) {
            for (int pass = 0; pass < 2; pass++) {
                int count = pass == 0 ? warmup(n) : n;
                t = cpuNanos();
                byte[][] sigs = SIGN_WAYS[w].run(j, count);
                t = cpuNanos() - t;
                for (int i = 0; i < count; i++) {
                    check(Arrays.equals(sigs[i], ref[i]),
                            alg + ", " + SIGN_NAMES[w] + ": signature " + i + " differs from SunEC's");
                }
                if (pass == 1) {
                    base = base == 0 ? n / (t * 1e-9) : base;
                    report(alg, "sign", SIGN_NAMES[w], n, t, base);
                }
            }
        }

        // Each way must also say no: message 0 altered in one bit.
        byte[][] vmsgs = msgs.clone();
        vmsgs[0] = msgs[0].clone();
        vmsgs[0][0] ^= 1;
        base = 0;
        for (int w = 0; w < VERIFY_WAYS.length; w++) {
            for (int pass = 0; pass < 2; pass++) {
                int count = pass == 0 ? warmup(n) : n;
                t = cpuNanos();
                boolean[] good = VERIFY_WAYS[w].run(j, vmsgs, ref, count);
                t = cpuNanos() - t;
                for (int i = 0; i < count; i++) {
                    check(good[i] == (i != 0), alg + ", " + VERIFY_NAMES[w] + ": signature " + i
                            + (i == 0 ? " verified for an altered message" : " did not verify"));
                }
                if (pass == 1) {
                    base = base == 0 ? n / (t * 1e-9) : base;
                    report(alg, "verify", VERIFY_NAMES[w], n, t, base);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int n = 10000;
        String curves = "both";
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-n") && i + 1 < args.length) {
                n = Integer.parseInt(args[++i]);
            } else if (args[i].equals("-c") && i + 1 < args.length) {
                curves = args[++i];
            } else {
                System.err.println("usage: JcaSignMany [-n COUNT] [-c ed25519|ed448|both]");
                System.exit(2);
            }
        }
        check(n > 0 && (curves.equals("ed25519") || curves.equals("ed448") || curves.equals("both")),
                "bad arguments");

        System.out.println("Java " + System.getProperty("java.version") + "; EdFast served by "
                + EdFastProvider.openSslProvider() + "; " + n
                + " messages of 64 bytes; rates per second of this thread's CPU time");
        // Without libedfastjni.so (java.library.path) EdFast hands everything to SunEC: correct, not fast.
        check(EdFastProvider.isNative() && EdFastProvider.openSslProvider().startsWith("edfast"),
                "edfast does not serve: run with -Djava.library.path=<build>/jni -Dedfast.modules=<build>/provider");
        if (!curves.equals("ed448")) {
            runCurve("Ed25519", n);
        }
        if (!curves.equals("ed25519")) {
            runCurve("Ed448", n);
        }
        System.out.println("all signatures equal SunEC's and verify; an altered message does not");
    }
}
