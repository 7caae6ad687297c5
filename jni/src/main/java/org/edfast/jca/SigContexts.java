// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Native signature contexts (an EVP_MD_CTX plus glue state, jni/native).
 *
 * A Signature object normally owns one for its whole life, so that repeated
 * operations with the same key only re-initialise it.  Contexts are freed by
 * the Cleaner, i.e. only after a garbage collection notices their owner is gone;
 * code that makes a fresh Signature object per operation would otherwise pile
 * up thousands of dead-but-unfreed contexts between collections.  So at most
 * PRIVATE_CAP owned contexts exist at a time (dead ones included); beyond that
 * a Signature object borrows the calling thread's shared pair (one for signing,
 * one for verifying) per operation, which is as fast when the key repeats.
 */
final class SigContexts {
    static final int PRIVATE_CAP = Integer.getInteger("edfast.maxOwnedContexts", 512);
    private static final AtomicInteger LIVE = new AtomicInteger();

    private static final class Release implements Runnable {
        private final long handle;

        Release(long handle) {
            this.handle = handle;
        }

        @Override
        public void run() {
            NativeLib.freeSigCtx(handle);
            LIVE.decrementAndGet();
        }
    }

    /** The calling thread's two shared contexts, freed when the thread is gone. */
    private static final class ThreadPair {
        final long sign;
        final long verify;

        ThreadPair() {
            long s = NativeLib.newSigCtx();
            long v = NativeLib.newSigCtx();
            if (s == 0 || v == 0) {
                // the one that was made would otherwise be lost with this half-built pair
                NativeLib.freeSigCtx(s);
                NativeLib.freeSigCtx(v);
                throw new OutOfMemoryError("EVP_MD_CTX");
            }
            sign = s;
            verify = v;
            NativeKey.CLEANER.register(this, () -> {
                NativeLib.freeSigCtx(s);
                NativeLib.freeSigCtx(v);
            });
        }
    }

    private static final ThreadLocal<ThreadPair> SHARED = ThreadLocal.withInitial(ThreadPair::new);

    private SigContexts() {
    }

    /** A context owned by owner (freed with it), or 0 when the cap is reached. */
    static long own(Object owner) {
        if (LIVE.incrementAndGet() > PRIVATE_CAP) {
            LIVE.decrementAndGet();
            return 0;
        }
        long h = NativeLib.newSigCtx();
        if (h == 0) {
            LIVE.decrementAndGet();
            return 0;
        }
        NativeKey.CLEANER.register(owner, new Release(h));
        return h;
    }

    /** The calling thread's shared context for signing or verifying. */
    static long threadShared(boolean signing) {
        ThreadPair p = SHARED.get();
        return signing ? p.sign : p.verify;
    }
}
