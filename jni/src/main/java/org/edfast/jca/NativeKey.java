package org.edfast.jca;

import java.lang.ref.Cleaner;

/**
 * Ownership of one reference to a native EVP_PKEY, released by a Cleaner once
 * the Java object holding it is unreachable.
 */
final class NativeKey {
    static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "EdFast-cleaner");
        t.setDaemon(true);
        return t;
    });

    private static final class Release implements Runnable {
        private final long handle;

        Release(long handle) {
            this.handle = handle;
        }

        @Override
        public void run() {
            NativeLib.freeKey(handle);
        }
    }

    private NativeKey() {
    }

    /** Makes owner responsible for handle (non-zero); returns handle. */
    static long attach(Object owner, long handle) {
        CLEANER.register(owner, new Release(handle));
        return handle;
    }
}
