// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.InvalidParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.interfaces.EdECKey;
import java.util.List;

/**
 * The "EdFast" JCA provider: Signature, KeyPairGenerator and KeyFactory for
 * EdDSA, Ed25519 and Ed448, computed by OpenSSL 3 (the edfast provider module
 * when available) through JNI, and by SunEC when the native path is unavailable.
 *
 * <p>System properties: {@code edfast.forceJava=true} (always delegate to SunEC),
 * {@code edfast.modules} (directory holding edfast.so), {@code edfast.openssl.conf}
 * (an openssl.cnf to load into a fresh library context instead of OpenSSL's own
 * configuration); for a platform jar, which holds its libraries:
 * {@code edfast.openssl} (3 or 4: the OpenSSL major whose pair to load, else the
 * newest the system has), {@code edfast.nativeDir} (where to write them, else
 * {@code java.io.tmpdir}), {@code edfast.useSystemLibrary=true} (load the
 * system's libedfastjni.so instead, as without a platform jar).
 */
public final class EdFastProvider extends Provider {
    private static final long serialVersionUID = 1L;
    public static final String NAME = "EdFast";

    public EdFastProvider() {
        super(NAME, "0.1", "EdFast: Ed25519/Ed448 through OpenSSL 3 (edfast provider), SunEC fallback");
        String[] algorithms = {"EdDSA", "Ed25519", "Ed448"};
        for (String type : new String[] {"Signature", "KeyPairGenerator", "KeyFactory"}) {
            for (String alg : algorithms) {
                List<String> aliases = alg.equals("Ed25519")
                        ? List.of("OID.1.3.101.112", "1.3.101.112")
                        : alg.equals("Ed448") ? List.of("OID.1.3.101.113", "1.3.101.113") : null;
                putService(new EdService(this, type, alg, aliases));
            }
        }
    }

    /**
     * Which OpenSSL provider serves and with which backends, e.g.
     * {@code "edfast (ED25519=sodium, ED448=decaf)"}, or, on the Java path,
     * {@code "SunEC (...reason...)"}.
     */
    public static String openSslProvider() {
        return NativeLib.DESCRIPTION;
    }

    /**
     * Why SunEC serves instead of the native path (the JNI library not loaded,
     * no OpenSSL 3, a failed known-answer self-test, edfast.forceJava), or the
     * empty string when the native path serves.
     */
    public static String loadingError() {
        return NativeLib.LOADING_ERROR;
    }

    /** True when operations run natively through OpenSSL. */
    public static boolean isNative() {
        return NativeLib.AVAILABLE;
    }

    private static final class EdService extends Service {
        private final Curve curve;

        EdService(Provider p, String type, String alg, List<String> aliases) {
            super(p, type, alg, EdFastProvider.class.getName() + "$" + type + "." + alg, aliases,
                    null);
            this.curve = Curve.byName(alg);
        }

        @Override
        public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
            if (constructorParameter != null) {
                throw new InvalidParameterException("constructorParameter not used with "
                        + getType() + " engines");
            }
            switch (getType()) {
                case "Signature":
                    return new EdFastSignature(curve);
                case "KeyPairGenerator":
                    return new EdFastKeyPairGenerator(curve);
                case "KeyFactory":
                    return new EdFastKeyFactory(curve);
                default:
                    throw new NoSuchAlgorithmException(getType() + "." + getAlgorithm());
            }
        }

        @Override
        public boolean supportsParameter(Object parameter) {
            if (!getType().equals("Signature")) {
                return super.supportsParameter(parameter);
            }
            if (parameter == null) {
                return true;
            }
            if (!(parameter instanceof EdECKey)) {
                return false;
            }
            return curve == null || Curve.byName(((EdECKey) parameter).getParams().getName()) == curve;
        }
    }
}
