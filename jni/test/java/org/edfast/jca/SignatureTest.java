// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.KeyPair;
import java.security.Signature;
import org.junit.jupiter.api.Test;

/** Determinism, empty messages, how the message is fed, re-use of one Signature object. */
class SignatureTest {
    @Test
    void deterministicAndEmpty() throws Exception {
        for (String alg : T.CURVES) {
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            byte[] a = T.sign(alg, T.EDFAST, kp.getPrivate(), new byte[0]);
            byte[] b = T.sign(alg, T.EDFAST, kp.getPrivate(), new byte[0]);
            assertArrayEquals(a, b);
            assertEquals(alg.equals("Ed25519") ? 64 : 114, a.length);
            // sign() with no update at all is the empty message
            Signature s = Signature.getInstance(alg, T.EDFAST);
            s.initSign(kp.getPrivate());
            assertArrayEquals(a, s.sign());
            s.initVerify(kp.getPublic());
            assertTrue(s.verify(a));
            assertArrayEquals(T.sign(alg, T.SUNEC, kp.getPrivate(), new byte[0]), a);
        }
    }

    @Test
    void updatesInPiecesEqualOneShot() throws Exception {
        for (String alg : T.CURVES) {
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            byte[] msg = T.bytes(16384, 11);
            byte[] want = T.sign(alg, T.SUNEC, kp.getPrivate(), msg);

            Signature s = Signature.getInstance(alg, T.EDFAST);
            s.initSign(kp.getPrivate());
            for (int off = 0; off < msg.length; ) {
                int n = Math.min(msg.length - off, 1 + off % 777);
                s.update(msg, off, n);
                off += n;
            }
            assertArrayEquals(want, s.sign(), "several updates");

            long t0 = System.nanoTime();
            for (byte b : msg) {
                s.update(b);
            }
            byte[] single = s.sign();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertArrayEquals(want, single, "single-byte updates");
            assertTrue(ms < 2000, "16 KiB of single-byte updates took " + ms + " ms");

            s.update(ByteBuffer.wrap(msg));
            assertArrayEquals(want, s.sign(), "ByteBuffer");
            ByteBuffer direct = ByteBuffer.allocateDirect(msg.length);
            direct.put(msg).flip();
            s.update(direct);
            assertArrayEquals(want, s.sign(), "direct ByteBuffer");

            byte[] out = new byte[want.length + 10];
            s.update(msg);
            assertEquals(want.length, s.sign(out, 5, want.length + 5));
            assertArrayEquals(want, java.util.Arrays.copyOfRange(out, 5, 5 + want.length));

            s.initVerify(kp.getPublic());
            for (byte b : msg) {
                s.update(b);
            }
            assertTrue(s.verify(want));
            s.update(msg, 0, 100);
            s.update(msg, 100, msg.length - 100);
            assertTrue(s.verify(want));
        }
    }

    @Test
    void oneObjectManyKeysAndModes() throws Exception {
        Signature s = Signature.getInstance("EdDSA", T.EDFAST);
        for (int i = 0; i < 20; i++) {
            String alg = T.CURVES[i % 2];
            KeyPair kp = T.keyPair(alg, i % 3 == 0 ? T.SUNEC : T.EDFAST);
            byte[] msg = T.bytes(i * 37, i);
            s.initSign(kp.getPrivate());
            s.update(msg);
            byte[] sig = s.sign();
            assertArrayEquals(T.sign(alg, T.SUNEC, kp.getPrivate(), msg), sig);
            s.update(msg); // a second sign after sign() re-uses the key
            assertArrayEquals(sig, s.sign());
            s.initVerify(kp.getPublic());
            s.update(msg);
            assertTrue(s.verify(sig));
            s.update(msg);
            assertTrue(s.verify(sig));
        }
    }
}
