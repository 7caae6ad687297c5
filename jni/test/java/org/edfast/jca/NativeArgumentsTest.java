// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.security.InvalidAlgorithmParameterException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.EdECPrivateKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The glue's refusals, calling the natives directly with one bad value each:
 * a number outside its enum (curve, instance, loop operation, kind of handle)
 * is an IllegalArgumentException, where masking it would have answered for
 * another curve; a context over 255 bytes is SunEC's
 * InvalidAlgorithmParameterException, where cutting it short would have
 * signed with another context.  A refused call makes no native object (the
 * glue's live counts come back to where they were) and leaves the signature
 * context it was given as usable as before.
 */
class NativeArgumentsTest {
    private static final int[] BAD_CURVES = {-1, 2, 3, Integer.MIN_VALUE};
    private static final int[] BAD_INSTANCES = {-1, 3, Integer.MAX_VALUE};
    private static final int[] BAD_KINDS = {-1, 3};

    private static void refused(Class<? extends Throwable> type, String message, Executable call) {
        Throwable t = assertThrows(type, call);
        assertTrue(t.getMessage() != null && t.getMessage().contains(message),
                "message " + t.getMessage() + " should name " + message);
    }

    /** Refused as outside its enum, the message naming the argument and its value. */
    private static void outside(String argument, int value, Executable call) {
        refused(IllegalArgumentException.class, argument + " " + value, call);
    }

    private static PrivateKey sunEcKey(Curve c, byte[] seed) throws Exception {
        return KeyFactory.getInstance(c.specName, T.SUNEC)
                .generatePrivate(new EdECPrivateKeySpec(c.spec, seed));
    }

    @Test
    void badValuesAreRefusedAndLeaveNothing() throws Exception {
        assumeTrue(EdFastProvider.isNative(), "native path only");
        Curve[] curves = Curve.values();
        byte[][] seeds = new byte[curves.length][];
        long[] keys = new long[curves.length];
        long[] before = NativeMemoryTest.settled();
        long sigctx = NativeLib.newSigCtx();
        long gen = NativeLib.newKeyGen(Curve.ED25519.id);
        try {
            for (Curve c : curves) {
                seeds[c.id] = T.bytes(c.keyLen, 40 + c.id);
                keys[c.id] = NativeLib.keyFromRaw(c.id, seeds[c.id], null);
                assertNotEquals(0, keys[c.id]);
            }
            byte[] msg = T.bytes(100, 41);
            int n = msg.length;
            byte[] out = new byte[Curve.ED448.sigLen];
            byte[] priv = new byte[Curve.ED448.keyLen];
            byte[] pub = new byte[Curve.ED448.keyLen];
            int pure = NativeLib.INST_PURE;
            int ed25519 = Curve.ED25519.id;
            long key = keys[ed25519];
            byte[] sig = new byte[Curve.ED25519.sigLen];

            for (int bad : BAD_CURVES) {
                outside("curve", bad, () -> NativeLib.keyFromRaw(bad, seeds[0], null));
                outside("curve", bad, () -> NativeLib.keyFromRaw(bad, null, pub));
                outside("curve", bad, () -> NativeLib.keyFromPair(bad, seeds[0], pub));
                outside("curve", bad, () -> NativeLib.newKeyGen(bad));
                outside("curve", bad, () -> NativeLib.generate(gen, bad, priv, pub));
                outside("curve", bad, () -> NativeLib.sign(sigctx, key, bad, pure, null, msg, 0, n, out));
                outside("curve", bad, () -> NativeLib.verify(sigctx, key, bad, pure, null, msg, 0, n, sig));
                outside("curve", bad, () -> NativeLib.instanceSupport(bad));
            }
            for (int bad : BAD_INSTANCES) {
                outside("instance", bad,
                        () -> NativeLib.sign(sigctx, key, ed25519, bad, null, msg, 0, n, out));
                outside("instance", bad,
                        () -> NativeLib.verify(sigctx, key, ed25519, bad, null, msg, 0, n, sig));
            }
            for (int bad : BAD_KINDS) {
                outside("kind of handle", bad, () -> NativeTestHooks.liveObjects(bad));
            }
            assertThrows(ArrayIndexOutOfBoundsException.class,
                    () -> NativeLib.sign(sigctx, key, ed25519, pure, null, msg, 1, n, out));

            byte[] ctx255 = T.bytes(255, 42);
            byte[] ctx256 = T.bytes(256, 43);
            for (Curve c : curves) {
                long k = keys[c.id];
                byte[] cSig = new byte[c.sigLen];
                for (int inst : new int[] {NativeLib.INST_CTX, NativeLib.INST_PH}) {
                    refused(InvalidAlgorithmParameterException.class, "Context is longer than 255 bytes",
                            () -> NativeLib.sign(sigctx, k, c.id, inst, ctx256, msg, 0, n, out));
                    refused(InvalidAlgorithmParameterException.class, "Context is longer than 255 bytes",
                            () -> NativeLib.verify(sigctx, k, c.id, inst, ctx256, msg, 0, n, cSig));
                }
                // After the refusals the same signature context signs as before, and 255 bytes
                // are a context: signed as SunEC signs them when OpenSSL takes contexts, handed
                // to SunEC (RC_SUNEC) when it does not.
                for (byte[] ctx : new byte[][] {null, ctx255}) {
                    int inst = ctx == null ? NativeLib.INST_PURE : NativeLib.INST_CTX;
                    String what = c + " with context " + (ctx == null ? "none" : ctx.length + " bytes");
                    byte[] got = new byte[c.sigLen];
                    int rc = NativeLib.sign(sigctx, k, c.id, inst, ctx, msg, 0, n, got);
                    if (ctx != null && NativeLib.instanceSupport(c.id) == 0) {
                        assertEquals(NativeLib.RC_SUNEC, rc, what);
                        continue;
                    }
                    Signature s = Signature.getInstance(c.specName, T.SUNEC);
                    s.setParameter(ctx == null ? new EdDSAParameterSpec(false)
                            : new EdDSAParameterSpec(false, ctx));
                    s.initSign(sunEcKey(c, seeds[c.id]));
                    s.update(msg);
                    assertEquals(c.sigLen, rc, what);
                    assertArrayEquals(s.sign(), got, what);
                }
            }
        } finally {
            for (long k : keys) {
                NativeLib.freeKey(k);
            }
            NativeLib.freeKeyGen(gen);
            NativeLib.freeSigCtx(sigctx);
        }
        long[] after = NativeMemoryTest.settled();
        assertArrayEquals(before, after, "native objects before: " + NativeMemoryTest.describe(before)
                + "; after: " + NativeMemoryTest.describe(after));
    }

    /**
     * What OpenSSL declines goes to SunEC (RC_SUNEC), which EdFastSignature then
     * runs: edfast refuses Ed25519ctx with an empty context when signing and
     * verifying.  The answer itself is compared with SunEC's in InteropTest.
     */
    @Test
    void declinedIsSunEcs() throws Exception {
        assumeTrue(EdFastProvider.openSslProvider().startsWith("edfast "), "edfast serves");
        Curve c = Curve.ED25519;
        long sigctx = NativeLib.newSigCtx();
        long key = NativeLib.keyFromRaw(c.id, T.bytes(c.keyLen, 44), null);
        try {
            byte[] msg = T.bytes(10, 45);
            byte[] sig = new byte[c.sigLen];
            byte[] empty = new byte[0];
            for (int round = 0; round < 2; round++) {
                assertEquals(NativeLib.RC_SUNEC,
                        NativeLib.sign(sigctx, key, c.id, NativeLib.INST_CTX, empty, msg, 0, msg.length, sig));
                assertEquals(NativeLib.RC_SUNEC,
                        NativeLib.verify(sigctx, key, c.id, NativeLib.INST_CTX, empty, msg, 0, msg.length, sig));
                // and the context serves pure EdDSA again: declining left nothing behind
                assertEquals(c.sigLen,
                        NativeLib.sign(sigctx, key, c.id, NativeLib.INST_PURE, null, msg, 0, msg.length, sig));
                assertEquals(1,
                        NativeLib.verify(sigctx, key, c.id, NativeLib.INST_PURE, null, msg, 0, msg.length, sig));
            }
        } finally {
            NativeLib.freeKey(key);
            NativeLib.freeSigCtx(sigctx);
        }
    }
}
