package org.edfast.jca;

import java.lang.ref.Cleaner;

/**
 * Ownership of one reference to a native EVP_PKEY, released by a Cleaner once
 * this object is unreachable.  The two halves of a generated key pair share
 * one (one EVP_PKEY, one Cleaner registration).
 */
final class NativeKey {
    static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "EdFast-cleaner");
        t.setDaemon(true);
        return t;
    });

    /**
     * Key objects wait for a garbage collection before the Cleaner frees their
     * native key, and a native key can be large (edfast's native backend keeps
     * ~9 KB of verification tables per key), so a program making many
     * short-lived keys would hold a lot of native memory the collector cannot
     * see.  Past this many live native keys, a collection is requested (at most
     * every 100 ms), as the JDK does for direct buffers.
     */
    static final int LIVE_KEYS_BEFORE_GC = Integer.getInteger("edfast.liveKeysBeforeGc", 8192);
    private static final java.util.concurrent.atomic.AtomicInteger LIVE =
            new java.util.concurrent.atomic.AtomicInteger();
    private static volatile long lastGcRequest;

    private static final class Release implements Runnable {
        private final long handle;

        Release(long handle) {
            this.handle = handle;
        }

        @Override
        public void run() {
            NativeLib.freeKey(handle);
            LIVE.decrementAndGet();
        }
    }

    final long handle;

    /** Takes over handle (non-zero). */
    NativeKey(long handle) {
        this.handle = handle;
        CLEANER.register(this, new Release(handle));
        if (LIVE.incrementAndGet() > LIVE_KEYS_BEFORE_GC) {
            long now = System.nanoTime();
            if (now - lastGcRequest > 100_000_000L) {
                lastGcRequest = now;
                System.gc();
            }
        }
    }

    /** The native key of raw halves (seed or pub may be null); what names it in the error. */
    static NativeKey fromRaw(Curve curve, byte[] seed, byte[] pub) throws java.security.InvalidKeyException {
        long h = NativeLib.keyFromRaw(curve.id, seed, pub);
        if (h == 0) {
            throw new java.security.InvalidKeyException("OpenSSL refused the " + curve.specName
                    + (seed != null ? " private key" : " public key"));
        }
        return new NativeKey(h);
    }

    /** Native keys not yet freed (for tests). */
    static int live() {
        return LIVE.get();
    }
}
