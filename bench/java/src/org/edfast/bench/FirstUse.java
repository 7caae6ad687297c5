// SPDX-License-Identifier: Apache-2.0
package org.edfast.bench;

import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;

/**
 * One Ed25519 signature in a fresh JVM, as a program that signs once does it:
 * "edfast" inserts EdFast first (loading its library, its self-test), "sunec"
 * leaves the JDK's providers as they are.  Prints the milliseconds from the
 * provider's creation to the signature, and who signed
 * (scripts/java-first-use.py runs it).
 */
public final class FirstUse {
    private FirstUse() {
    }

    public static void main(String[] args) throws Exception {
        boolean edfast = args.length == 1 && args[0].equals("edfast");
        long start = System.nanoTime();
        if (edfast) {
            Provider p = (Provider) Class.forName("org.edfast.jca.EdFastProvider").getConstructor().newInstance();
            Security.insertProviderAt(p, 1);
        }
        PrivateKey key = KeyFactory.getInstance("Ed25519")
                .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, new byte[32]));
        Signature s = Signature.getInstance("Ed25519");
        s.initSign(key);
        s.update(new byte[64]);
        s.sign();
        long ns = System.nanoTime() - start;
        String how = edfast ? (String) Class.forName("org.edfast.jca.EdFastProvider").getMethod("openSslProvider")
                .invoke(null) : "SunEC";
        System.out.printf("first-use-ms %.2f signer %s via %s%n", ns / 1e6, s.getProvider().getName(), how);
    }
}
