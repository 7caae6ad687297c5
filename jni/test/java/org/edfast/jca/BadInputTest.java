// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Bad input gives what SunEC on JDK 25 gives: the same exception type and
 * message, or the same false.  On JDK 25+ every case is also run through SunEC
 * and the outcomes compared; JDK 17's SunEC differs (it accepts a signature
 * with a trailing byte), so there only EdFast's outcome is checked.
 */
class BadInputTest {
    interface Action {
        Object run(Provider p) throws Exception;
    }

    /** "true"/"false", or "ExceptionClass: message". */
    static String outcome(Action a, Provider p) {
        try {
            return String.valueOf(a.run(p));
        } catch (Exception e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    static void expect(String want, Action a) {
        String got = outcome(a, T.EDFAST);
        assertEquals(want, got);
        if (T.JDK >= 25) {
            assertEquals(outcome(a, T.SUNEC), got, "SunEC on JDK " + T.JDK + " differs");
        }
    }

    static byte[] validSig(String alg, KeyPair kp, byte[] msg) throws Exception {
        return T.sign(alg, T.EDFAST, kp.getPrivate(), msg);
    }

    /** A little-endian encoding of v in n bytes. */
    static byte[] le(BigInteger v, int n) {
        byte[] be = v.toByteArray();
        byte[] out = new byte[n];
        for (int i = 0; i < be.length && i < n; i++) {
            out[i] = be[be.length - 1 - i];
        }
        return out;
    }

    static Action verifying(String alg, PublicKey k, byte[] msg, byte[] sig) {
        return p -> T.verify(alg, p, k, msg, sig);
    }

    @Test
    void signatureLengths() throws Exception {
        for (String alg : T.CURVES) {
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            byte[] msg = T.bytes(20, 1);
            byte[] sig = validSig(alg, kp, msg);
            expect("true", verifying(alg, kp.getPublic(), msg, sig));
            expect("SignatureException: signature length invalid",
                    verifying(alg, kp.getPublic(), msg, Arrays.copyOf(sig, sig.length + 1)));
            expect("SignatureException: signature length invalid",
                    verifying(alg, kp.getPublic(), msg, Arrays.copyOf(sig, sig.length - 1)));
            expect("SignatureException: signature length invalid",
                    verifying(alg, kp.getPublic(), msg, new byte[0]));
        }
    }

    @Test
    void scalarTooLarge() throws Exception {
        for (String alg : T.CURVES) {
            Curve c = Curve.byName(alg);
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            byte[] msg = T.bytes(20, 2);
            byte[] sig = validSig(alg, kp, msg);
            // S + L: the same verdict under a cofactor-free check, but non-canonical
            byte[] s = Arrays.copyOfRange(sig, c.keyLen, c.sigLen);
            byte[] be = s.clone();
            for (int i = 0; i < be.length / 2; i++) {
                byte t = be[i];
                be[i] = be[be.length - 1 - i];
                be[be.length - 1 - i] = t;
            }
            BigInteger sPlusL = new BigInteger(1, be).add(c.order);
            byte[] bad = sig.clone();
            System.arraycopy(le(sPlusL, c.keyLen), 0, bad, c.keyLen, c.keyLen);
            expect("SignatureException: s is too large", verifying(alg, kp.getPublic(), msg, bad));
            // exactly L
            System.arraycopy(le(c.order, c.keyLen), 0, bad, c.keyLen, c.keyLen);
            expect("SignatureException: s is too large", verifying(alg, kp.getPublic(), msg, bad));
            // L - 1 is in range: just a wrong signature
            System.arraycopy(le(c.order.subtract(BigInteger.ONE), c.keyLen), 0, bad, c.keyLen, c.keyLen);
            expect("false", verifying(alg, kp.getPublic(), msg, bad));
            Arrays.fill(bad, c.keyLen, c.sigLen, (byte) 0xff);
            expect("SignatureException: s is too large", verifying(alg, kp.getPublic(), msg, bad));
        }
    }

    /** An encoding whose y is in range but gives no point. */
    static byte[] offCurve(Curve c) {
        for (int y = 2; ; y++) {
            byte[] enc = le(BigInteger.valueOf(y), c.keyLen);
            if ("Invalid point".equals(c.checkPoint(enc, 0))) {
                return enc;
            }
        }
    }

    @Test
    void rThatIsNoPoint() throws Exception {
        for (String alg : T.CURVES) {
            Curve c = Curve.byName(alg);
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            byte[] msg = T.bytes(20, 3);
            byte[] sig = validSig(alg, kp, msg);
            byte[] bad = sig.clone();
            System.arraycopy(offCurve(c), 0, bad, 0, c.keyLen);
            expect("SignatureException: Invalid point", verifying(alg, kp.getPublic(), msg, bad));
            // y = p: not canonical
            System.arraycopy(le(c.p, c.keyLen), 0, bad, 0, c.keyLen);
            expect("SignatureException: y value is too large", verifying(alg, kp.getPublic(), msg, bad));
            // x = 0 with the sign bit set: y = 1 is the identity (x = 0)
            byte[] one = le(BigInteger.ONE, c.keyLen);
            one[c.keyLen - 1] |= (byte) 0x80;
            System.arraycopy(one, 0, bad, 0, c.keyLen);
            expect("SignatureException: Invalid point", verifying(alg, kp.getPublic(), msg, bad));
            // a valid point that is just the wrong R: false
            byte[] otherR = validSig(alg, kp, T.bytes(21, 4));
            System.arraycopy(otherR, 0, bad, 0, c.keyLen);
            System.arraycopy(sig, c.keyLen, bad, c.keyLen, c.keyLen);
            expect("false", verifying(alg, kp.getPublic(), msg, bad));
            // wrong message and flipped bit in S: false
            byte[] flipped = sig.clone();
            flipped[c.keyLen] ^= 1;
            expect("false", verifying(alg, kp.getPublic(), msg, flipped));
            expect("false", verifying(alg, kp.getPublic(), T.bytes(20, 99), sig));
        }
    }

    @Test
    void publicKeyThatIsNoPoint() throws Exception {
        for (String alg : T.CURVES) {
            Curve c = Curve.byName(alg);
            byte[] enc = offCurve(c);
            // The factories accept it (as SunEC's do); initVerify refuses it.
            Action a = p -> {
                PublicKey k = KeyFactory.getInstance(alg, p).generatePublic(
                        new X509EncodedKeySpec(Der.x509(c, enc)));
                Signature s = Signature.getInstance(alg, p);
                s.initVerify(k);
                return "initialised";
            };
            expect("InvalidKeyException: Invalid point", a);
            Action big = p -> {
                PublicKey k = KeyFactory.getInstance(alg, p).generatePublic(
                        new EdECPublicKeySpec(c.spec, new EdECPoint(false, c.p.add(BigInteger.ONE))));
                Signature s = Signature.getInstance(alg, p);
                s.initVerify(k);
                return "initialised";
            };
            expect("InvalidKeyException: y value is too large", big);
        }
    }

    @Test
    void wrongCurveAndWrongKeyType() throws Exception {
        KeyPair ed448 = T.keyPair("Ed448", T.EDFAST);
        KeyPair ed25519 = T.keyPair("Ed25519", T.EDFAST);
        expect("InvalidKeyException: Parameters must be Ed25519", p -> {
            Signature.getInstance("Ed25519", p).initSign(ed448.getPrivate());
            return "ok";
        });
        expect("InvalidKeyException: Parameters must be Ed448", p -> {
            Signature.getInstance("Ed448", p).initVerify(ed25519.getPublic());
            return "ok";
        });
        KeyPair ec = KeyPairGenerator.getInstance("X25519").generateKeyPair();
        expect("InvalidKeyException: Unsupported key type", p -> {
            Signature.getInstance("EdDSA", p).initSign(ec.getPrivate());
            return "ok";
        });
        expect("InvalidKeyException: Unsupported key type", p -> {
            Signature.getInstance("Ed25519", p).initVerify(ec.getPublic());
            return "ok";
        });
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair p256 = g.generateKeyPair();
        expect("InvalidKeyException: Unsupported key type", p -> {
            Signature.getInstance("Ed448", p).initSign(p256.getPrivate());
            return "ok";
        });
        // EdDSA takes either curve
        assertTrue(T.verify("EdDSA", T.EDFAST, ed448.getPublic(), new byte[3],
                T.sign("EdDSA", T.EDFAST, ed448.getPrivate(), new byte[3])));
    }

    @Test
    @SuppressWarnings("deprecation")
    void parameters() throws Exception {
        KeyPair kp = T.keyPair("Ed25519", T.EDFAST);
        expect("InvalidAlgorithmParameterException: Only EdDSAParameterSpec supported", p -> {
            Signature.getInstance("Ed25519", p).setParameter(NamedParameterSpec.ED25519);
            return "ok";
        });
        // A context over 255 bytes cannot even be put in an EdDSAParameterSpec, but a subclass
        // can give one; setParameter refuses it (as does the glue, NativeArgumentsTest).
        assertThrows(InvalidParameterException.class, () -> new EdDSAParameterSpec(false, new byte[256]));
        EdDSAParameterSpec longContext = new EdDSAParameterSpec(false) {
            @Override
            public java.util.Optional<byte[]> getContext() {
                return java.util.Optional.of(new byte[256]);
            }
        };
        expect("InvalidAlgorithmParameterException: Context is longer than 255 bytes", p -> {
            Signature.getInstance("Ed25519", p).setParameter(longContext);
            return "ok";
        });
        expect("InvalidParameterException: Cannot change signature parameters during operation", p -> {
            Signature s = Signature.getInstance("Ed25519", p);
            s.initSign(kp.getPrivate());
            s.update(new byte[10]);
            s.setParameter(new EdDSAParameterSpec(true));
            return "ok";
        });
        // After the operation ends, changing them is fine again.
        expect("ok", p -> {
            Signature s = Signature.getInstance("Ed25519", p);
            s.initSign(kp.getPrivate());
            s.update(new byte[10]);
            s.sign();
            s.setParameter(new EdDSAParameterSpec(true));
            s.setParameter(null);
            return "ok";
        });
        Signature s = Signature.getInstance("Ed25519", T.EDFAST);
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> s.setParameter(new ECGenParameterSpec("secp256r1")));
        assertThrows(UnsupportedOperationException.class, () -> s.getParameter("x"));
        assertEquals(null, s.getParameters());
        s.initSign(kp.getPrivate());
        s.update((byte) 1);
        assertThrows(InvalidParameterException.class, () -> s.setParameter(new EdDSAParameterSpec(false)));
        assertNotNull(s.sign());
    }

    @Test
    void wrongSignatureIsFalse() throws Exception {
        for (String alg : T.CURVES) {
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            KeyPair other = T.keyPair(alg, T.EDFAST);
            byte[] msg = T.bytes(50, 7);
            byte[] sig = validSig(alg, kp, msg);
            assertFalse(T.verify(alg, T.EDFAST, other.getPublic(), msg, sig));
            Signature v = Signature.getInstance(alg, T.EDFAST);
            v.initVerify(kp.getPublic());
            // a throw does not leave the message behind: the next verify is clean
            v.update(msg);
            assertThrows(SignatureException.class, () -> v.verify(new byte[3]));
            v.update(msg);
            assertTrue(v.verify(sig));
        }
    }

    @Test
    void missingInit() throws Exception {
        Signature s = Signature.getInstance("Ed25519", T.EDFAST);
        assertThrows(SignatureException.class, () -> s.update((byte) 1));
        assertThrows(SignatureException.class, s::sign);
        assertThrows(InvalidKeyException.class, () -> s.initSign(null));
    }
}
