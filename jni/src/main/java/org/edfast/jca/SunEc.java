// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.Provider;
import java.security.ProviderException;
import java.security.Security;

/** The JDK's own EdDSA provider, which EdFast delegates to when it cannot serve natively. */
final class SunEc {
    private static volatile Provider provider;

    private SunEc() {
    }

    static Provider provider() {
        Provider p = provider;
        if (p == null) {
            p = Security.getProvider("SunEC");
            if (p == null) {
                throw new ProviderException("SunEC provider is not available");
            }
            provider = p;
        }
        return p;
    }
}
