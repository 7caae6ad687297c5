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
        int warm = Math.max(ops / 10, 10_000);
        KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519", T.EDFAST);
        byte[] msg = T.bytes(64, 1);
        long start = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < warm + ops; i++) {
            if (i == warm) {
                System.gc();
                Thread.sleep(200);
                start = rssKiB();
                t0 = System.nanoTime();
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
        System.gc();
        Thread.sleep(200);
        long end = rssKiB();
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf("native memory: %d keygen+sign+verify in %.1f s (%.0f/s); VmRSS %d KiB -> %d KiB (%+d KiB)%n",
                ops, secs, ops / secs, start, end, end - start);
        assertTrue(end - start < 24 * 1024, "VmRSS grew by " + (end - start) + " KiB");
    }
}
