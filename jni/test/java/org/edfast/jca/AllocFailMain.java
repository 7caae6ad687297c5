// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

/**
 * Every allocation failure in the JCA glue's native calls handled (issue 33;
 * the C side is test/hardening/alloc_fail_test.c).
 *
 * Run in a JVM of its own (CTest jni_alloc_fail_*), with
 * -Dedfast.test.allocFailLib naming libedfastjni_allocfail.so: it is loaded
 * first, so that OpenSSL takes its memory functions before anything of
 * libcrypto's allocates, then the glue.  Each public operation of the
 * provider is run once to warm the caches, once recording its allocations,
 * then again with its k-th allocation failed, for k = 1, 2, ... (an
 * allocation whose call stack came before in the run is failed once).  Each
 * operation runs on a thread of its own, so that it also makes the thread's
 * shared signature contexts (SigContexts) and leaves nothing behind but what
 * the collector frees.  Each failure must
 *   - end the operation with the right result (a cache that could not be
 *     filled, an operation handed to SunEC) or with the exception SunEC
 *     throws there (a GeneralSecurityException of the method's, or
 *     ProviderException for key generation), or OutOfMemoryError, the JDK's
 *     own answer when memory runs out; never a wrong result, never another
 *     exception or a crash;
 *   - leak nothing: each block edfast's sources (the glue, the provider, the
 *     backends) allocated during the operation is freed once the collector
 *     has freed its Java objects;
 *   - leave nothing half-built: the same operation, run again without a
 *     failure, gives the right result, and the glue's choice of who serves
 *     prehash and contexts (NativeLib.instanceSupport) is unchanged.
 * Prints "allocation failures injected: N, handled: N"; a failure names the
 * operation, k and the allocation.
 */
public final class AllocFailMain {
    private static final byte[] MESSAGE = "allocation failures, handled".getBytes();
    private static final byte[] LONG_MESSAGE = new byte[5000]; // past the glue's stack buffer
    private static final byte[] CONTEXT = "foo".getBytes();

    private static Provider edfast;
    private static final Provider SUNEC = Security.getProvider("SunEC");
    private static long injected;
    private static long handled;
    private static long allocationsSeen;
    private static int failures;

    /** One operation: its calls (run with a failure), then its check (run without). */
    private interface Operation {
        /** Run first on the operation's thread, before any failure. */
        default void prepare() throws Exception {
        }

        Object call() throws Exception;

        boolean right(Object result) throws Exception;
    }

    /** What a run of an operation gave: a result, or what it threw. */
    private static final class Outcome {
        Object result;
        Throwable thrown;
        long made;
        String failedAt;
        boolean underEdfast;
    }

    private AllocFailMain() {
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            failures++;
            System.out.println("FAIL: " + what);
        }
    }

    /** Runs op on a thread of its own, failing its k-th allocation (0: none; -1: recording). */
    private static Outcome runOn(Operation op, long k) throws InterruptedException {
        Outcome out = new Outcome();
        Thread t = new Thread(() -> {
            try {
                op.prepare();
            } catch (Throwable e) {
                out.thrown = e;
                return;
            }
            if (k < 0) {
                AllocFailHooks.recordStart();
            } else if (k > 0) {
                AllocFailHooks.startFailing(k);
            }
            try {
                out.result = op.call();
            } catch (Throwable e) {
                out.thrown = e;
            } finally {
                if (k < 0) {
                    out.made = AllocFailHooks.recordStop();
                } else if (k > 0) {
                    out.made = AllocFailHooks.stopFailing();
                    out.failedAt = AllocFailHooks.failedAt();
                    out.underEdfast = AllocFailHooks.failedUnderEdfast();
                }
            }
        });
        t.start();
        t.join();
        return out;
    }

    /** Whether e is how the glue may end an operation whose allocation failed. */
    private static boolean clean(Throwable e) {
        return e instanceof GeneralSecurityException || e instanceof ProviderException
                || e instanceof OutOfMemoryError;
    }

    private static String describe(Outcome o) throws Exception {
        if (o.thrown != null) {
            return "threw " + o.thrown;
        }
        return o.result == null ? "gave null" : "gave a result";
    }

    /** The tracked blocks left once the collector has freed what it can ("0 " when none). */
    private static String settle() throws InterruptedException {
        String left = AllocFailHooks.blocksLeft(false);
        for (int i = 0; i < 60 && !left.startsWith("0 "); i++) {
            System.gc();
            Thread.sleep(i < 5 ? 2 : 20);
            NativeKey.Released.freeAll();
            left = AllocFailHooks.blocksLeft(false);
        }
        return left;
    }

    private static int[] instanceSupport() {
        return new int[] {NativeLib.instanceSupport(0), NativeLib.instanceSupport(1)};
    }

    private static void runFailing(String what, Operation op) throws Exception {
        int failuresBefore = failures;
        Outcome warm = runOn(op, 0);
        check(warm.thrown == null && op.right(warm.result), what + ": without a failure: " + describe(warm));
        Outcome rec = runOn(op, -1);
        check(rec.thrown == null && op.right(rec.result), what + ": recorded run: " + describe(rec));
        if (failures > failuresBefore) {
            if (warm.thrown != null) {
                warm.thrown.printStackTrace(System.out);
            }
            return;
        }
        settle();
        AllocFailHooks.blocksLeft(true);
        int[] support = instanceSupport();
        long n = rec.made;
        allocationsSeen += n;
        for (long k = 1; k <= n; k++) {
            if (AllocFailHooks.repeated(k - 1)) {
                continue;
            }
            Outcome o = runOn(op, k);
            if (o.made < k || o.failedAt == null) { // nothing failed (another path this time)
                check(o.thrown == null && op.right(o.result),
                        what + ": with allocation " + k + " not failed: " + describe(o));
                o.result = null;
                settle();
                AllocFailHooks.blocksLeft(true);
                continue;
            }
            String at = what + ": allocation " + k + " (" + o.failedAt + ") failed: ";
            boolean rightVerdict = o.thrown != null || op.right(o.result);
            boolean cleanEnd = o.thrown == null || clean(o.thrown);
            o.result = null; // what the operation made is to be collected now
            String left = settle();
            boolean noLeak = left.startsWith("0 ");
            AllocFailHooks.blocksLeft(true);
            Outcome again = runOn(op, 0);
            boolean recovered = again.thrown == null && op.right(again.result)
                    && Arrays.equals(support, instanceSupport());
            check(rightVerdict, at + "wrong result");
            check(cleanEnd, at + "not a clean end: " + o.thrown);
            if (!cleanEnd) {
                o.thrown.printStackTrace(System.out);
            }
            check(noLeak, at + "blocks left behind (count, first): " + left);
            check(recovered, at + "the same call after it " + describe(again)
                    + ", instance support " + Arrays.toString(instanceSupport()) + " (was "
                    + Arrays.toString(support) + ")");
            injected++;
            if (rightVerdict && cleanEnd && noLeak && recovered) {
                handled++;
            }
        }
        if (System.getenv("EDFAST_ALLOC_FAIL_VERBOSE") != null) {
            System.out.println("  " + what + ": " + n + " allocations");
        }
    }

    private static byte[] sign(Provider p, String alg, PrivateKey key, EdDSAParameterSpec spec, byte[] msg)
            throws GeneralSecurityException {
        Signature s = Signature.getInstance(alg, p);
        if (spec != null) {
            s.setParameter(spec);
        }
        s.initSign(key);
        s.update(msg);
        return s.sign();
    }

    private static boolean verify(Provider p, String alg, PublicKey key, EdDSAParameterSpec spec, byte[] msg,
            byte[] sig) throws GeneralSecurityException {
        Signature s = Signature.getInstance(alg, p);
        if (spec != null) {
            s.setParameter(spec);
        }
        s.initVerify(key);
        s.update(msg);
        return s.verify(sig);
    }

    /** An operation whose right result is a given signature. */
    private static Operation signs(byte[] expected, java.util.concurrent.Callable<Object> call) {
        return new Operation() {
            public Object call() throws Exception {
                return call.call();
            }

            public boolean right(Object result) {
                return result instanceof byte[] && Arrays.equals((byte[]) result, expected);
            }
        };
    }

    /** An operation whose right result is a valid verdict. */
    private static Operation verifies(java.util.concurrent.Callable<Object> call) {
        return new Operation() {
            public Object call() throws Exception {
                return call.call();
            }

            public boolean right(Object result) {
                return Boolean.TRUE.equals(result);
            }
        };
    }

    private static void runCurve(String curve) throws Exception {
        KeyPair reference = KeyPairGenerator.getInstance(curve, SUNEC).generateKeyPair();
        byte[] pkcs8 = reference.getPrivate().getEncoded();
        byte[] spki = reference.getPublic().getEncoded();
        KeyFactory factory = KeyFactory.getInstance(curve, edfast);
        PrivateKey priv = factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        PublicKey pub = factory.generatePublic(new X509EncodedKeySpec(spki));
        EdDSAParameterSpec[] specs = {null, new EdDSAParameterSpec(false, CONTEXT), new EdDSAParameterSpec(true)};
        String[] specNames = {"pure", "with a context", "prehash"};

        Operation keygen = new Operation() {
            public Object call() throws Exception {
                return KeyPairGenerator.getInstance(curve, edfast).generateKeyPair();
            }

            public boolean right(Object result) throws Exception {
                // the pair must hold together: SunEC signs with its private half, verifies with its public one
                if (!(result instanceof KeyPair)) {
                    return false;
                }
                KeyPair kp = (KeyPair) result;
                return verify(SUNEC, curve, kp.getPublic(), null, MESSAGE,
                        sign(SUNEC, curve, kp.getPrivate(), null, MESSAGE));
            }
        };
        runFailing(curve + " key generation (new generator)", keygen);
        runFailing(curve + " key generation (a generator's next pair)", new Operation() {
            private KeyPairGenerator generator;

            public void prepare() throws Exception {
                generator = KeyPairGenerator.getInstance(curve, edfast);
                generator.generateKeyPair();
            }

            public Object call() throws Exception {
                // let go of the generator: what it holds is freed once it is collected
                KeyPairGenerator g = generator;
                generator = null;
                return g.generateKeyPair();
            }

            public boolean right(Object result) throws Exception {
                return keygen.right(result);
            }
        });
        runFailing(curve + " key generation, then signing with it", new Operation() {
            public Object call() throws Exception {
                KeyPair kp = KeyPairGenerator.getInstance(curve, edfast).generateKeyPair();
                return new Object[] {kp, sign(edfast, curve, kp.getPrivate(), null, MESSAGE)};
            }

            public boolean right(Object result) throws Exception {
                Object[] r = (Object[]) result;
                KeyPair kp = (KeyPair) r[0];
                return Arrays.equals((byte[]) r[1], sign(SUNEC, curve, kp.getPrivate(), null, MESSAGE));
            }
        });
        for (int v = 0; v < specs.length; v++) {
            EdDSAParameterSpec spec = specs[v];
            String variant = specNames[v];
            byte[] expected = sign(SUNEC, curve, reference.getPrivate(), spec, MESSAGE);
            byte[] expectedLong = sign(SUNEC, curve, reference.getPrivate(), spec, LONG_MESSAGE);
            runFailing(curve + " sign " + variant + " (key from PKCS#8)", signs(expected,
                    () -> sign(edfast, curve, factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)), spec, MESSAGE)));
            runFailing(curve + " verify " + variant + " (key from X.509)", verifies(
                    () -> verify(edfast, curve, factory.generatePublic(new X509EncodedKeySpec(spki)), spec, MESSAGE,
                            expected)));
            runFailing(curve + " sign " + variant + " (key made before)", signs(expected,
                    () -> sign(edfast, curve, priv, spec, MESSAGE)));
            runFailing(curve + " verify " + variant + " (key made before)", verifies(
                    () -> verify(edfast, curve, pub, spec, MESSAGE, expected)));
            runFailing(curve + " sign " + variant + " (SunEC's key)", signs(expected,
                    () -> sign(edfast, curve, reference.getPrivate(), spec, MESSAGE)));
            runFailing(curve + " verify " + variant + " (SunEC's key)", verifies(
                    () -> verify(edfast, curve, reference.getPublic(), spec, MESSAGE, expected)));
            runFailing(curve + " sign " + variant + " (long message)", signs(expectedLong,
                    () -> sign(edfast, curve, priv, spec, LONG_MESSAGE)));
            runFailing(curve + " verify " + variant + " (long message)", verifies(
                    () -> verify(edfast, curve, pub, spec, LONG_MESSAGE, expectedLong)));
        }
    }

    public static void main(String[] args) throws Exception {
        String lib = System.getProperty("edfast.test.allocFailLib");
        if (lib == null) {
            System.out.println("FAIL: -Dedfast.test.allocFailLib must name libedfastjni_allocfail.so");
            System.exit(1);
        }
        System.load(lib); // before the glue: OpenSSL takes the hooks only before its first allocation
        if (!AllocFailHooks.installed()) {
            System.out.println("FAIL: OpenSSL refused the memory functions: something allocated first");
            System.exit(1);
        }
        edfast = new EdFastProvider();
        if (!NativeLib.AVAILABLE) {
            System.out.println("FAIL: the native path is not in use: " + NativeLib.DESCRIPTION);
            System.exit(1);
        }
        System.out.println("EdFast: " + NativeLib.DESCRIPTION + "; Signature objects "
                + (SigContexts.PRIVATE_CAP > 0 ? "own their contexts" : "borrow their thread's contexts"));
        Arrays.fill(LONG_MESSAGE, (byte) 0x5a);
        for (String curve : new String[] {"Ed25519", "Ed448"}) {
            runCurve(curve);
        }
        System.out.println("allocations made by the operations: " + allocationsSeen);
        System.out.println("allocation failures injected: " + injected + ", handled: " + handled);
        check(injected > 0 && handled == injected, "every injected failure handled");
        System.out.println(failures == 0 ? "jni_alloc_fail: passed" : "jni_alloc_fail: " + failures + " failures");
        System.exit(failures == 0 ? 0 : 1);
    }
}
