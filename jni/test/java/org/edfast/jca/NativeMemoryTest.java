// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Sign+verify with fresh key pairs, generators and Signature objects each time:
 * every native object the glue hands to Java (EVP_PKEY, key generation
 * EVP_PKEY_CTX, signature context) must be freed by the Cleaner once its owner
 * is gone.  Measured by the glue's own counts of live objects, not by the
 * process's resident size: that moves by ±12 MiB with the JIT, metaspace and
 * malloc arenas, and would hide a small leak or report a false one.
 * Count: edfast.test.memoryOps.
 */
class NativeMemoryTest {
    private static final int[] KINDS = {
        NativeTestHooks.LIVE_KEYS, NativeTestHooks.LIVE_KEYGENS, NativeTestHooks.LIVE_SIGCTXS,
    };
    /**
     * What may legitimately outlive the loop, per kind: the test thread's shared
     * pair of signature contexts, made when the owned ones ran out
     * (edfast.maxOwnedContexts), lives as long as the thread.
     */
    private static final long SLACK = 2;
    /** Bound on waiting for the Cleaner: generous, as the machine may be loaded. */
    private static final long DRAIN_NANOS = 60_000_000_000L;

    static long[] live() {
        // Keys the Cleaner let go of wait for the next key made to free them: free them
        // here, so that the counts are of objects still owned (or leaked).
        NativeKey.Released.freeAll();
        long[] n = new long[KINDS.length];
        for (int k = 0; k < KINDS.length; k++) {
            n[k] = NativeTestHooks.liveObjects(KINDS[k]);
        }
        return n;
    }

    static String describe(long[] n) {
        return "keys " + n[0] + ", keygen contexts " + n[1] + ", signature contexts " + n[2];
    }

    static boolean within(long[] n, long[] limit) {
        for (int k = 0; k < n.length; k++) {
            if (n[k] > limit[k]) {
                return false;
            }
        }
        return true;
    }

    /** Counts once garbage is collected and the Cleaner has stopped freeing (they stay the same a while). */
    static long[] settled() throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_NANOS;
        long[] prev = null;
        long[] now = live();
        int same = 0;
        while (same < 5 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
            prev = now;
            now = live();
            same = Arrays.equals(prev, now) ? same + 1 : 0;
        }
        return now;
    }

    /** Collects garbage until every count is within limit, or the time is up; the last counts. */
    static long[] drained(long[] limit) throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_NANOS;
        long[] now = live();
        while (!within(now, limit) && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
            now = live();
        }
        return now;
    }

    static long rssKiB() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    /**
     * ops rounds of keygen + sign + verify with nothing kept; returns the most
     * native keys alive at once.  A method of its own so that no local of the
     * loop stays reachable from the caller's frame afterwards.
     */
    static long churn(int ops, byte[] msg) throws Exception {
        long peak = 0;
        for (int i = 0; i < ops; i++) {
            KeyPair kp = KeyPairGenerator.getInstance("Ed25519", T.EDFAST).generateKeyPair();
            Signature s = Signature.getInstance("Ed25519", T.EDFAST);
            s.initSign(kp.getPrivate());
            s.update(msg);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance("Ed25519", T.EDFAST);
            v.initVerify(kp.getPublic());
            v.update(msg);
            if (!v.verify(sig)) {
                throw new AssertionError("verify failed at " + i);
            }
            peak = Math.max(peak, NativeTestHooks.liveObjects(NativeTestHooks.LIVE_KEYS));
        }
        return peak;
    }

    @Test
    void freshKeysLeaveNoNativeObjects() throws Exception {
        assumeTrue(EdFastProvider.isNative(), "native path only");
        int ops = Integer.getInteger("edfast.test.memoryOps", 200_000);
        byte[] msg = T.bytes(64, 1);
        churn(Math.max(ops / 10, 1000), msg); // JIT and the thread's shared contexts, outside the count

        long[] before = settled();
        long rssBefore = rssKiB();
        long t0 = System.nanoTime();
        long peak = churn(ops, msg);
        double secs = (System.nanoTime() - t0) / 1e9;
        long[] limit = before.clone();
        for (int k = 0; k < limit.length; k++) {
            limit[k] += SLACK;
        }
        long[] after = drained(limit);
        System.out.printf("native objects: %d x (keygen + sign + verify), fresh keys, generators and"
                + " Signature objects, in %.1f s (%.0f/s); live before: %s; after: %s; most keys alive at"
                + " once: %d; VmRSS %d -> %d KiB (not asserted)%n",
                ops, secs, ops / secs, describe(before), describe(after), peak, rssBefore, rssKiB());

        // Everything made in the loop is freed once unreachable: a leak of one object in
        // a thousand operations leaves hundreds behind.
        assertTrue(within(after, limit), "native objects still alive after " + ops + " operations and "
                + DRAIN_NANOS / 1_000_000_000L + " s of garbage collection: " + describe(after)
                + " (before: " + describe(before) + ")");
        // Keys wait for a collection the heap alone would seldom need (CTest gives the
        // JVM a young generation holding ~100k iterations' garbage: ~90k keys alive at
        // once without the glue's request).  The glue requests a full collection past
        // LIVE_KEYS_BEFORE_GC live keys, after which only the keys made while the
        // Cleaner catches up are added (a handful where measured).
        long peakLimit = before[0] + 2L * NativeKey.LIVE_KEYS_BEFORE_GC;
        assertTrue(peak <= peakLimit, peak + " native keys alive at once (limit " + peakLimit
                + "): the collection requested past edfast.liveKeysBeforeGc="
                + NativeKey.LIVE_KEYS_BEFORE_GC + " keys did not keep them bounded");
    }
}
