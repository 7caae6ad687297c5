// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.security.InvalidAlgorithmParameterException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The JNI library (libedfastjni.so) and the one-time choice between the native
 * path (OpenSSL 3 through EVP) and the Java path (delegation to SunEC).
 */
final class NativeLib {
    static final Logger LOG = Logger.getLogger("org.edfast.jca");

    /*
     * The numbers passed to and returned by the natives: twins of the enums at
     * the top of jni/native/edfast_jni.c, value for value (curves: Curve.id);
     * change both.  The glue refuses a value outside its enum with an
     * IllegalArgumentException.
     */
    /** EdDSA instance (enum instance): pure, with a context (Ed25519ctx, Ed448), prehash. */
    static final int INST_PURE = 0, INST_CTX = 1, INST_PH = 2;
    /**
     * sign/verify results besides a length or a verdict.  RC_SUNEC: OpenSSL declined
     * the operation and SunEC does it, the glue's decision (declined() in
     * edfast_jni.c, and jni/README.md "Who serves an operation").
     */
    static final int RC_ERROR = -1, RC_SUNEC = -2;

    /** True when the native path is in use. */
    static final boolean AVAILABLE;
    /** Which OpenSSL provider serves, or why the Java path is used. */
    static final String DESCRIPTION;
    /** Why the Java path is used; empty on the native path. */
    static final String LOADING_ERROR;

    static {
        boolean ok = false;
        String description;
        String why = null;
        if (Boolean.getBoolean("edfast.forceJava")) {
            why = "Java path forced by edfast.forceJava=true";
            description = "SunEC (" + why + ")";
            LOG.info("EdFast: " + description);
        } else {
            why = NativeLoader.load();
            if (why == null) {
                String modules = System.getProperty("edfast.modules");
                boolean bundled = modules == null && NativeLoader.bundledModuleDir() != null;
                why = init(bundled ? NativeLoader.bundledModuleDir() : modules,
                        System.getProperty("edfast.openssl.conf"), bundled ? NativeLoader.bundledModuleDigest() : null);
                NativeLoader.removeExtracted();
            }
            if (why == null) {
                why = SelfTest.run();
            }
            if (why == null) {
                ok = true;
                description = description();
                if (LOG.isLoggable(Level.FINE)) {
                    LOG.fine("EdFast: OpenSSL provider " + description + "; " + details());
                }
            } else {
                description = "SunEC (native path unavailable: " + why + ")";
                LOG.warning("EdFast: native path unavailable, delegating to SunEC: " + why);
            }
        }
        AVAILABLE = ok;
        DESCRIPTION = description;
        LOADING_ERROR = ok ? "" : why;
    }

    private NativeLib() {
    }

    /**
     * Chooses the library context; null on success, else why not.  With
     * moduleDigest (a platform jar's edfast.so, written to modulesDir), that
     * file is checked against the digest and is the only edfast.so loaded.
     */
    private static native String init(String modulesDir, String confFile, String moduleDigest);

    static native String description();

    static native String details();

    static native long keyFromRaw(int curve, byte[] priv, byte[] pub);

    /** Both halves of a pair the glue generated: the public one is taken, not derived. */
    static native long keyFromPair(int curve, byte[] priv, byte[] pub);

    static native void freeKey(long key);

    static native long newKeyGen(int curve);

    static native void freeKeyGen(long genctx);

    static native long generate(long genctx, int curve, byte[] priv, byte[] pub);

    static native long newSigCtx();

    static native void freeSigCtx(long sigctx);

    /** A context over 255 bytes is refused as SunEC refuses it in setParameter. */
    static native int sign(long sigctx, long key, int curve, int instance, byte[] context,
            byte[] msg, int off, int len, byte[] sigOut) throws InvalidAlgorithmParameterException;

    static native int verify(long sigctx, long key, int curve, int instance, byte[] context,
            byte[] msg, int off, int len, byte[] sig) throws InvalidAlgorithmParameterException;

    /** 1 when prehash/context go to OpenSSL, 0 when to SunEC, -1 not known yet. */
    static native int instanceSupport(int curve);
}
