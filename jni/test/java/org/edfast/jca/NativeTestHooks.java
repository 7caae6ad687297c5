// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

/**
 * The test build of the JNI library's own entry point: the glue's counts of the
 * native handles it has given to Java and not yet been asked to free.
 *
 * <p>Only the test build of libedfastjni.so (compiled with EDFAST_JNI_TEST_HOOKS,
 * in build/jni/test-hooks/, which CTest puts on the JUnit runs' java.library.path)
 * counts and has this native; the shipped library has neither, so calling it
 * there is an UnsatisfiedLinkError.  The test build serves only where this class
 * is on the class path (NativeLib.init refuses otherwise), which no production
 * jar is.  Call it once the native path is up (EdFastProvider.isNative()).
 */
final class NativeTestHooks {
    /**
     * Kinds of native handle counted (enum live_kind at the top of
     * jni/native/edfast_jni.c, value for value): EVP_PKEY, key generation
     * EVP_PKEY_CTX, signature context.
     */
    static final int LIVE_KEYS = 0, LIVE_KEYGENS = 1, LIVE_SIGCTXS = 2;

    private NativeTestHooks() {
    }

    /** Native handles of a kind (LIVE_*) made and not yet freed; a kind outside them is refused. */
    static native long liveObjects(int kind);
}
