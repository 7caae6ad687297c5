// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.EdECPrivateKeySpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** RFC 8032 section 7 through JCA: pure instances plainly, ctx and ph through EdDSAParameterSpec. */
class Rfc8032Test {
    @TestFactory
    List<DynamicTest> vectors() {
        List<DynamicTest> tests = new ArrayList<>();
        int i = 0;
        for (Object[] v : Rfc8032Vectors.ALL) {
            tests.add(DynamicTest.dynamicTest(i++ + ": " + v[0] + " " + v[1], () -> run(v)));
        }
        return tests;
    }

    private static EdDSAParameterSpec spec(Object[] v) {
        String ctx = (String) v[5];
        boolean ph = (Boolean) v[6];
        if (ctx == null || ctx.isEmpty()) {
            return new EdDSAParameterSpec(ph);
        }
        return new EdDSAParameterSpec(ph, T.hex(ctx));
    }

    private static void run(Object[] v) throws Exception {
        Curve c = (Curve) v[0];
        byte[] seed = T.hex((String) v[2]);
        byte[] pub = T.hex((String) v[3]);
        byte[] msg = T.hex((String) v[4]);
        byte[] want = T.hex((String) v[7]);
        EdDSAParameterSpec spec = spec(v);

        KeyFactory kf = KeyFactory.getInstance(c.specName, T.EDFAST);
        PrivateKey priv = kf.generatePrivate(new EdECPrivateKeySpec(c.spec, seed));
        // The public key the seed gives, through OpenSSL on the native path.
        PublicKey derived = kf.generatePublic(new java.security.spec.X509EncodedKeySpec(
                Der.x509(c, pub)));
        assertArrayEquals(Der.x509(c, pub), derived.getEncoded());
        if (EdFastProvider.isNative()) {
            byte[] out = new byte[c.keyLen];
            long h = NativeLib.keyFromRaw(c.id, seed, out);
            assertTrue(h != 0);
            NativeLib.freeKey(h);
            assertArrayEquals(pub, out, "public key from seed");
        }

        for (String alg : new String[] {c.specName, "EdDSA"}) {
            Signature s = Signature.getInstance(alg, T.EDFAST);
            s.setParameter(spec);
            s.initSign(priv);
            s.update(msg);
            assertArrayEquals(want, s.sign(), alg + " signature");

            s.initVerify(derived);
            s.update(msg);
            assertTrue(s.verify(want), alg + " verify");

            byte[] other = msg.length == 0 ? new byte[] {1} : msg.clone();
            other[0] ^= 1;
            s.update(other);
            assertFalse(s.verify(want), alg + " verify of another message");
        }
        // SunEC agrees (and takes EdFast's keys).
        for (Provider p : new Provider[] {T.SUNEC}) {
            Signature s = Signature.getInstance(c.specName, p);
            s.setParameter(spec);
            s.initSign(priv);
            s.update(msg);
            assertArrayEquals(want, s.sign(), "SunEC with the EdFast key");
            s.initVerify(derived);
            s.update(msg);
            assertTrue(s.verify(want));
        }
        assertEquals(c.spec.getName(), ((EdECPublicKey) derived).getParams().getName());
    }
}
