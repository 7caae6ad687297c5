// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** EdFast and SunEC: same keys, same encodings, same signatures, each verifying the other's. */
class InteropTest {
    /** A SecureRandom that replays a fixed stream, so two generators can draw the same seed. */
    static final class Replay extends SecureRandom {
        private static final long serialVersionUID = 1L;
        private final Random r;

        Replay(long seed) {
            super(new byte[0]);
            r = new Random(seed);
        }

        @Override
        public void nextBytes(byte[] b) {
            r.nextBytes(b);
        }
    }

    @Test
    void signaturesIdenticalAndCrossVerified() throws Exception {
        for (String alg : T.CURVES) {
            for (Provider keys : new Provider[] {T.EDFAST, T.SUNEC}) {
                KeyPair kp = T.keyPair(alg, keys);
                for (int len : new int[] {0, 1, 64, 1000, 16384}) {
                    byte[] msg = T.bytes(len, len);
                    byte[] a = T.sign(alg, T.EDFAST, kp.getPrivate(), msg);
                    byte[] b = T.sign(alg, T.SUNEC, kp.getPrivate(), msg);
                    assertArrayEquals(b, a, alg + " keys from " + keys.getName() + " len " + len);
                    assertTrue(T.verify(alg, T.SUNEC, kp.getPublic(), msg, a));
                    assertTrue(T.verify(alg, T.EDFAST, kp.getPublic(), msg, b));
                }
            }
        }
    }

    @Test
    void prehashAndContextMatchSunEc() throws Exception {
        byte[] ctx255 = T.bytes(255, 9);
        for (String alg : T.CURVES) {
            KeyPair kp = T.keyPair(alg, T.EDFAST);
            EdDSAParameterSpec[] specs = {new EdDSAParameterSpec(false),
                new EdDSAParameterSpec(true), new EdDSAParameterSpec(false, T.bytes(3, 1)),
                new EdDSAParameterSpec(true, T.bytes(7, 2)), new EdDSAParameterSpec(false, ctx255),
                new EdDSAParameterSpec(false, new byte[0])};
            for (EdDSAParameterSpec spec : specs) {
                byte[] msg = T.bytes(100, 5);
                java.security.Signature e = java.security.Signature.getInstance(alg, T.EDFAST);
                java.security.Signature s = java.security.Signature.getInstance(alg, T.SUNEC);
                e.setParameter(spec);
                s.setParameter(spec);
                e.initSign(kp.getPrivate());
                s.initSign(kp.getPrivate());
                e.update(msg);
                s.update(msg);
                byte[] se = e.sign();
                assertArrayEquals(s.sign(), se);
                // again on the same object: the re-initialised context keeps the parameters
                for (int again = 0; again < 3; again++) {
                    e.update(msg);
                    assertArrayEquals(se, e.sign());
                }
                s.initVerify(kp.getPublic());
                s.update(msg);
                assertTrue(s.verify(se));
                e.initVerify(kp.getPublic());
                for (int again = 0; again < 3; again++) {
                    e.update(msg);
                    assertTrue(e.verify(se));
                    e.update(msg);
                    e.update((byte) 0);
                    assertFalse(e.verify(se));
                }
                // and back to pure on the same object
                if (EdFastProvider.isNative() && spec.getContext().isPresent()) {
                    System.out.println(alg + " prehash/context natively served: "
                            + (NativeLib.instanceSupport(Curve.byName(alg).id) == 1));
                }
                e.setParameter(new EdDSAParameterSpec(false));
                e.initSign(kp.getPrivate());
                e.update(msg);
                assertArrayEquals(T.sign(alg, T.SUNEC, kp.getPrivate(), msg), e.sign());
            }
        }
    }

    @Test
    void encodingsByteIdentical() throws Exception {
        for (String alg : T.CURVES) {
            KeyPair sun = T.keyPair(alg, T.SUNEC);
            KeyFactory ekf = KeyFactory.getInstance(alg, T.EDFAST);
            KeyFactory skf = KeyFactory.getInstance(alg, T.SUNEC);
            EdECPrivateKey sp = (EdECPrivateKey) sun.getPrivate();
            EdECPublicKey spub = (EdECPublicKey) sun.getPublic();

            PrivateKey ep = ekf.generatePrivate(new EdECPrivateKeySpec(sp.getParams(),
                    sp.getBytes().get()));
            PublicKey epub = ekf.generatePublic(new EdECPublicKeySpec(spub.getParams(),
                    spub.getPoint()));
            assertArrayEquals(sun.getPrivate().getEncoded(), ep.getEncoded());
            assertArrayEquals(sun.getPublic().getEncoded(), epub.getEncoded());
            assertEquals(sun.getPrivate().getFormat(), ep.getFormat());
            assertEquals(sun.getPublic().getFormat(), epub.getFormat());
            assertEquals(sun.getPrivate().getAlgorithm(), ep.getAlgorithm());
            assertEquals(sun.getPublic().getAlgorithm(), epub.getAlgorithm());
            assertTrue(epub.equals(sun.getPublic()) && sun.getPublic().equals(epub));
            assertTrue(ep.equals(sun.getPrivate()) && sun.getPrivate().equals(ep));

            // Each factory reads the other's encodings.
            PrivateKey ep2 = ekf.generatePrivate(new PKCS8EncodedKeySpec(sun.getPrivate().getEncoded()));
            PublicKey epub2 = ekf.generatePublic(new X509EncodedKeySpec(sun.getPublic().getEncoded()));
            assertArrayEquals(sp.getBytes().get(), ((EdECPrivateKey) ep2).getBytes().get());
            assertEquals(spub.getPoint().getY(), ((EdECPublicKey) epub2).getPoint().getY());
            assertEquals(spub.getPoint().isXOdd(), ((EdECPublicKey) epub2).getPoint().isXOdd());
            PrivateKey sp2 = skf.generatePrivate(new PKCS8EncodedKeySpec(ep.getEncoded()));
            PublicKey spub2 = skf.generatePublic(new X509EncodedKeySpec(epub.getEncoded()));
            assertArrayEquals(ep.getEncoded(), sp2.getEncoded());
            assertArrayEquals(epub.getEncoded(), spub2.getEncoded());

            // getKeySpec both ways
            EdECPublicKeySpec ps = ekf.getKeySpec(sun.getPublic(), EdECPublicKeySpec.class);
            assertEquals(spub.getPoint().getY(), ps.getPoint().getY());
            EdECPrivateKeySpec ks = skf.getKeySpec(ep, EdECPrivateKeySpec.class);
            assertArrayEquals(sp.getBytes().get(), ks.getBytes());
            assertArrayEquals(ep.getEncoded(),
                    ekf.getKeySpec(ep, PKCS8EncodedKeySpec.class).getEncoded());
            assertArrayEquals(epub.getEncoded(),
                    ekf.getKeySpec(epub, X509EncodedKeySpec.class).getEncoded());

            // EdFast-generated keys read by SunEC
            KeyPair ekp = T.keyPair(alg, T.EDFAST);
            assertArrayEquals(ekp.getPublic().getEncoded(),
                    skf.generatePublic(new X509EncodedKeySpec(ekp.getPublic().getEncoded())).getEncoded());
            EdECPrivateKey ekpPriv = (EdECPrivateKey) ekp.getPrivate();
            PrivateKey back = skf.generatePrivate(new PKCS8EncodedKeySpec(ekp.getPrivate().getEncoded()));
            assertArrayEquals(ekpPriv.getBytes().get(), ((EdECPrivateKey) back).getBytes().get());
        }
    }

    @Test
    void translateKey() throws Exception {
        for (String alg : T.CURVES) {
            KeyFactory ekf = KeyFactory.getInstance(alg, T.EDFAST);
            KeyFactory skf = KeyFactory.getInstance(alg, T.SUNEC);
            KeyPair sun = T.keyPair(alg, T.SUNEC);
            KeyPair ed = T.keyPair(alg, T.EDFAST);
            for (Key k : new Key[] {sun.getPrivate(), sun.getPublic()}) {
                Key t = ekf.translateKey(k);
                assertNotSame(k, t);
                assertTrue(t instanceof EdFastPrivateKey || t instanceof EdFastPublicKey);
                assertArrayEquals(k.getEncoded(), t.getEncoded());
            }
            for (Key k : new Key[] {ed.getPrivate(), ed.getPublic()}) {
                if (EdFastProvider.isNative()) { // on the Java path the generator makes SunEC keys
                    assertSame(k, ekf.translateKey(k));
                }
                Key t = skf.translateKey(k);
                assertArrayEquals(k.getEncoded(), t.getEncoded());
            }
            // Sign with translated keys.
            byte[] msg = T.bytes(33, 3);
            byte[] sig = T.sign(alg, T.EDFAST, (PrivateKey) ekf.translateKey(sun.getPrivate()), msg);
            assertTrue(T.verify(alg, T.SUNEC, sun.getPublic(), msg, sig));
        }
    }

    @Test
    void keyGenerationFromCallersRandomMatchesSunEc() throws Exception {
        for (String alg : T.CURVES) {
            NamedParameterSpec spec = new NamedParameterSpec(alg);
            KeyPairGenerator e = KeyPairGenerator.getInstance("EdDSA", T.EDFAST);
            KeyPairGenerator s = KeyPairGenerator.getInstance("EdDSA", T.SUNEC);
            e.initialize(spec, new Replay(42));
            s.initialize(spec, new Replay(42));
            KeyPair a = e.generateKeyPair();
            KeyPair b = s.generateKeyPair();
            assertArrayEquals(b.getPrivate().getEncoded(), a.getPrivate().getEncoded());
            assertArrayEquals(b.getPublic().getEncoded(), a.getPublic().getEncoded());
        }
        KeyPairGenerator g = KeyPairGenerator.getInstance("EdDSA", T.EDFAST);
        assertEquals("Ed25519", ((EdECPublicKey) g.generateKeyPair().getPublic()).getParams().getName());
        g.initialize(448);
        assertEquals("Ed448", ((EdECPublicKey) g.generateKeyPair().getPublic()).getParams().getName());
        g.initialize(255);
        assertEquals("Ed25519", ((EdECPublicKey) g.generateKeyPair().getPublic()).getParams().getName());
        assertInstanceOf(EdECPrivateKey.class, g.generateKeyPair().getPrivate());
    }

    /**
     * A generated pair's native key is the generator's until the next pair
     * comes; a pair first used after that makes its key again from both
     * halves.  Either way its signatures are SunEC's, for both halves in either
     * order of first use.
     */
    @Test
    void generatedPairsSignAsSunEcWheneverFirstUsed() throws Exception {
        byte[] msg = T.bytes(50, 7);
        for (String alg : T.CURVES) {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg, T.EDFAST);
            KeyPair early = g.generateKeyPair();
            KeyPair late = g.generateKeyPair();
            KeyPair verifiedFirst = g.generateKeyPair();
            g.generateKeyPair(); // early's and late's generator keys are gone, verifiedFirst's too
            for (KeyPair kp : new KeyPair[] {early, late}) {
                byte[] sig = T.sign(alg, T.EDFAST, kp.getPrivate(), msg);
                PrivateKey sun = KeyFactory.getInstance(alg, T.SUNEC)
                        .generatePrivate(new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()));
                assertArrayEquals(T.sign(alg, T.SUNEC, sun, msg), sig);
                assertTrue(T.verify(alg, T.EDFAST, kp.getPublic(), msg, sig));
            }
            byte[] sunSig = T.sign(alg, T.SUNEC, KeyFactory.getInstance(alg, T.SUNEC)
                    .generatePrivate(new PKCS8EncodedKeySpec(verifiedFirst.getPrivate().getEncoded())), msg);
            assertTrue(T.verify(alg, T.EDFAST, verifiedFirst.getPublic(), msg, sunSig));
            assertArrayEquals(sunSig, T.sign(alg, T.EDFAST, verifiedFirst.getPrivate(), msg));
            // the pair the generator made last: its own key, taken over by the first use
            KeyPair last = g.generateKeyPair();
            byte[] sig = T.sign(alg, T.EDFAST, last.getPrivate(), msg);
            assertTrue(T.verify(alg, T.SUNEC, last.getPublic(), msg, sig));
            assertTrue(T.verify(alg, T.EDFAST, last.getPublic(), msg, sig));
        }
    }

    @Test
    void keyGeneratorRejectsWrongSizesAndCurves() throws Exception {
        assertThrows(InvalidParameterException.class,
                () -> KeyPairGenerator.getInstance("EdDSA", T.EDFAST).initialize(256));
        assertThrows(InvalidParameterException.class,
                () -> KeyPairGenerator.getInstance("Ed25519", T.EDFAST).initialize(448));
        assertThrows(InvalidParameterException.class,
                () -> KeyPairGenerator.getInstance("Ed448", T.EDFAST).initialize(255));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> KeyPairGenerator.getInstance("Ed448", T.EDFAST).initialize(NamedParameterSpec.ED25519));
        assertThrows(InvalidAlgorithmParameterException.class,
                () -> KeyPairGenerator.getInstance("EdDSA", T.EDFAST).initialize(NamedParameterSpec.X25519));
        // and SunEC agrees
        assertThrows(InvalidParameterException.class,
                () -> KeyPairGenerator.getInstance("Ed25519", T.SUNEC).initialize(448));
    }
}
