// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ProviderTest {
    @Test
    void registeredThroughServiceLoader() {
        boolean found = false;
        for (Provider p : ServiceLoader.load(Provider.class)) {
            if (p.getName().equals("EdFast")) {
                found = true;
                assertTrue(p instanceof EdFastProvider);
            }
        }
        assertTrue(found, "META-INF/services/java.security.Provider names EdFastProvider");
    }

    @Test
    void everyServiceAndAlias() throws Exception {
        String[] names = {"EdDSA", "Ed25519", "Ed448", "OID.1.3.101.112", "1.3.101.112",
            "OID.1.3.101.113", "1.3.101.113"};
        for (String n : names) {
            assertSame(T.EDFAST, Signature.getInstance(n, T.EDFAST).getProvider(), n);
            assertSame(T.EDFAST, KeyPairGenerator.getInstance(n, T.EDFAST).getProvider(), n);
            assertSame(T.EDFAST, KeyFactory.getInstance(n, T.EDFAST).getProvider(), n);
        }
        assertEquals("Ed25519", T.EDFAST.getService("Signature", "1.3.101.112").getAlgorithm());
        assertEquals("Ed448", T.EDFAST.getService("KeyFactory", "OID.1.3.101.113").getAlgorithm());
        assertEquals("EdFast", T.EDFAST.getName());
    }

    @Test
    void pathAndOpenSslProviderAreVisible() {
        String d = EdFastProvider.openSslProvider();
        System.out.println("EdFast serves through: " + d);
        assertEquals(T.EXPECT_NATIVE, EdFastProvider.isNative(), d);
        if (T.EXPECT_NATIVE) {
            assertTrue(d.matches("edfast \\(ED25519=\\w+, ED448=\\w+\\)"), d);
            System.out.println("details: " + NativeLib.details());
            assertEquals("", EdFastProvider.loadingError());
        } else {
            assertTrue(d.startsWith("SunEC ("), d);
            // The fallback run has no java.library.path: the reason names the library.
            assertTrue(EdFastProvider.loadingError().startsWith("cannot load the JNI library edfastjni"),
                    EdFastProvider.loadingError());
            assertTrue(d.contains(EdFastProvider.loadingError()), d);
        }
    }
}
