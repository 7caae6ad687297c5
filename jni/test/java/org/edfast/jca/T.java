// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.util.HexFormat;
import java.util.Random;

/** Shared test helpers. */
final class T {
    static final Provider EDFAST = new EdFastProvider();
    static final Provider SUNEC = Security.getProvider("SunEC");
    /** Set by CTest: true for the native run, false for the run without the JNI library. */
    static final boolean EXPECT_NATIVE =
            Boolean.parseBoolean(System.getProperty("edfast.test.expectNative", "true"));
    static final int JDK = Runtime.version().feature();
    static final String[] CURVES = {"Ed25519", "Ed448"};

    private T() {
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static KeyPair keyPair(String alg, Provider p) throws Exception {
        return KeyPairGenerator.getInstance(alg, p).generateKeyPair();
    }

    static byte[] sign(String alg, Provider p, java.security.PrivateKey k, byte[] msg)
            throws Exception {
        Signature s = Signature.getInstance(alg, p);
        s.initSign(k);
        s.update(msg);
        return s.sign();
    }

    static boolean verify(String alg, Provider p, java.security.PublicKey k, byte[] msg, byte[] sig)
            throws Exception {
        Signature s = Signature.getInstance(alg, p);
        s.initVerify(k);
        s.update(msg);
        return s.verify(sig);
    }
}
