package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import org.junit.jupiter.api.Test;

/**
 * Sign+verify with a fresh key pair (and fresh Signature objects) each time:
 * the EVP_PKEYs and EVP_MD_CTXs freed by the Cleaner must keep the resident
 * size flat.  CTest runs the JVM with a pre-touched fixed-size heap so that
 * VmRSS moves with native memory only.  Count: edfast.test.memoryOps.
 */
class NativeMemoryTest {
    static long rssKiB() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS");
    }

    @Test
    void freshKeysLeaveNativeMemoryFlat() throws Exception {
        assumeTrue(EdFastProvider.isNative(), "native path only");
        int ops = Integer.getInteger("edfast.test.memoryOps", 200_000);
        int warm = Math.max(ops / 10, 20_000);
        KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519", T.EDFAST);
        byte[] msg = T.bytes(64, 1);
        long[] rss = new long[5]; // after warm-up, then after each quarter
        long t0 = 0;
        for (int i = 0, q = 0; i <= warm + ops; i++) {
            if (i >= warm && (i - warm) % (ops / 4) == 0 && q < rss.length) {
                System.gc();
                Thread.sleep(200);
                rss[q++] = rssKiB();
                if (q == 1) {
                    t0 = System.nanoTime();
                }
            }
            if (i == warm + ops) {
                break;
            }
            KeyPair kp = g.generateKeyPair();
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
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf("native memory: %d x (keygen + sign + verify), fresh keys and Signature objects,"
                + " in %.1f s (%.0f/s); VmRSS KiB after warm-up and each quarter: %s%n",
                ops, secs, ops / secs, java.util.Arrays.toString(rss));
        // Flat: what is freed through the Cleaner comes back; the second half adds (almost) nothing.
        long secondHalf = rss[4] - rss[2];
        long whole = rss[4] - rss[0];
        assertTrue(secondHalf < 8 * 1024, "VmRSS grew by " + secondHalf + " KiB in the second half");
        assertTrue(whole < 32 * 1024, "VmRSS grew by " + whole + " KiB");
    }
}
