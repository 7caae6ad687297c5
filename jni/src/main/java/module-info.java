// SPDX-License-Identifier: Apache-2.0
/**
 * EdFast: a JCA provider of Ed25519 and Ed448 over OpenSSL 3 (the edfast
 * provider module when available), SunEC when the native path is not.  On
 * the module path it is found by ServiceLoader and by name in java.security;
 * on JDK 22 and later, --enable-native-access=org.edfast.jca lets it load its
 * JNI library without a warning.
 */
module org.edfast.jca {
    requires java.logging;

    exports org.edfast.jca;

    provides java.security.Provider with org.edfast.jca.EdFastProvider;
}
