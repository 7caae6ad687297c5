// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.InvalidAlgorithmParameterException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The known-answer test the native path passes before it serves: for each
 * curve, RFC 8032's first section-7 vector through the loaded glue and
 * whatever OpenSSL provider serves it (the key's public half derived, the
 * signature made, the signature verified with the public key alone), and
 * one altered signature refused.  A failure sends every operation to SunEC.
 */
final class SelfTest {
    private SelfTest() {
    }

    /** Curve, vector name, seed, public key, signature of the empty message. */
    private static final Object[][] VECTORS = {
        {Curve.ED25519, "RFC 8032 7.1 TEST 1",
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
        {Curve.ED448, "RFC 8032 7.4 blank",
            "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
            "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
            "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600"},
    };

    /** Null when every curve passed, else what failed first. */
    static String run() {
        HexFormat hex = HexFormat.of();
        for (Object[] v : VECTORS) {
            Curve curve = (Curve) v[0];
            String why = check(curve, hex.parseHex((String) v[2]), hex.parseHex((String) v[3]),
                    hex.parseHex((String) v[4]));
            if (why != null) {
                return "self-test failed: " + curve.specName + " " + v[1] + ": " + why;
            }
        }
        return null;
    }

    private static String check(Curve curve, byte[] seed, byte[] expectedPub, byte[] expectedSig) {
        byte[] message = new byte[0];
        long privateKey = 0, publicKey = 0, ctx = 0;
        try {
            byte[] pub = new byte[curve.keyLen];
            privateKey = NativeLib.keyFromRaw(curve.id, seed, pub);
            if (privateKey == 0) {
                return "the private key was not made";
            }
            if (!Arrays.equals(pub, expectedPub)) {
                return "wrong public key";
            }
            publicKey = NativeLib.keyFromRaw(curve.id, null, expectedPub);
            ctx = NativeLib.newSigCtx();
            if (publicKey == 0 || ctx == 0) {
                return "the public key or a signature context was not made";
            }
            byte[] sig = new byte[curve.sigLen];
            int n = NativeLib.sign(ctx, privateKey, curve.id, NativeLib.INST_PURE, null, message, 0, 0, sig);
            if (n != curve.sigLen || !Arrays.equals(sig, expectedSig)) {
                return "wrong signature (sign returned " + n + ")";
            }
            int verdict = NativeLib.verify(ctx, publicKey, curve.id, NativeLib.INST_PURE, null, message, 0, 0,
                    expectedSig);
            if (verdict != 1) {
                return "the signature not verified (verify returned " + verdict + ")";
            }
            byte[] altered = expectedSig.clone();
            altered[0] ^= 1;
            verdict = NativeLib.verify(ctx, publicKey, curve.id, NativeLib.INST_PURE, null, message, 0, 0, altered);
            if (verdict != 0) {
                return "an altered signature not refused (verify returned " + verdict + ")";
            }
            return null;
        } catch (InvalidAlgorithmParameterException | RuntimeException e) {
            return e.toString();
        } finally {
            if (ctx != 0) {
                NativeLib.freeSigCtx(ctx);
            }
            if (publicKey != 0) {
                NativeLib.freeKey(publicKey);
            }
            if (privateKey != 0) {
                NativeLib.freeKey(privateKey);
            }
        }
    }
}
