// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** 8 threads, each with its own Signature objects, on shared keys of both curves. */
class ConcurrencyTest {
    @Test
    void eightThreadsSharedKeys() throws Exception {
        int threads = 8;
        // 10,000 operations (a sign or a verify) per thread; SunEC (the Java path) is much slower.
        int ops = EdFastProvider.isNative() ? 10_000 : 1_000;
        KeyPair[] keys = {T.keyPair("Ed25519", T.EDFAST), T.keyPair("Ed448", T.EDFAST),
            T.keyPair("Ed25519", T.SUNEC)};
        String[] algs = {"Ed25519", "Ed448", "Ed25519"};
        byte[][] msgs = new byte[16][];
        byte[][][] want = new byte[keys.length][16][];
        for (int m = 0; m < msgs.length; m++) {
            msgs[m] = T.bytes(m * 61, m);
            for (int k = 0; k < keys.length; k++) {
                want[k][m] = T.sign(algs[k], T.SUNEC, keys[k].getPrivate(), msgs[m]);
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Integer>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int id = t;
            results.add(pool.submit(() -> {
                Signature[] signers = new Signature[keys.length];
                Signature[] verifiers = new Signature[keys.length];
                for (int k = 0; k < keys.length; k++) {
                    signers[k] = Signature.getInstance(algs[k], T.EDFAST);
                    signers[k].initSign(keys[k].getPrivate());
                    verifiers[k] = Signature.getInstance(algs[k], T.EDFAST);
                    verifiers[k].initVerify(keys[k].getPublic());
                }
                int done = 0;
                for (int i = 0; i < ops; i += 2) {
                    // Ed448 is the slower curve: one operation in 8 uses it.
                    int k = (i + id) % 8 == 0 ? 1 : (i / 2 + id) % 2 == 0 ? 0 : 2;
                    int m = (i + id) % msgs.length;
                    signers[k].update(msgs[m]);
                    byte[] sig = signers[k].sign();
                    assertArrayEquals(want[k][m], sig);
                    verifiers[k].update(msgs[m]);
                    assertTrue(verifiers[k].verify(sig));
                    if (i % 500 == 0) { // re-init now and then, with the shared key
                        verifiers[k].initVerify(keys[k].getPublic());
                        signers[k].initSign(keys[k].getPrivate());
                    }
                    done += 2;
                }
                return done;
            }));
        }
        int total = 0;
        for (Future<Integer> f : results) {
            total += f.get();
        }
        pool.shutdown();
        assertEquals(threads * ops, total);
    }
}
