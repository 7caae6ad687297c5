// SPDX-License-Identifier: Apache-2.0
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
     * ~9 KB of tables for a key verified with twice), so a program making many
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
            LIVE.decrementAndGet();
            if (!Released.offer(handle)) {
                NativeLib.freeKey(handle);
            }
        }
    }

    /**
     * Native keys the Cleaner has let go of, freed by the next threads that make
     * keys rather than by the Cleaner thread.  glibc's malloc keeps freed blocks
     * per thread, and a block freed by another thread goes back under its arena's
     * lock: when the Cleaner freed every key, a thread generating keys found its
     * cache always empty and took that lock for every allocation, against the
     * Cleaner's frees (measured on JDK 17: about 15% of its CPU time in futex
     * wake-ups).  Freed on the making thread, the memory is reused from its own
     * cache.  At most CAPACITY keys wait, and past that the Cleaner frees them
     * itself as before; when no thread makes keys any more, they wait until one
     * does (with edfast's native backend a few hundred bytes a key, up to ~10 KB
     * for a key verified with twice: at most ~10 MB).
     */
    static final class Released {
        static final int CAPACITY = 1024;
        /** Keys each new key frees: more than one, so that the queue empties while keys are made. */
        private static final int FREED_PER_KEY = 2;
        private static final long[] RING = new long[CAPACITY];
        private static int head;
        private static int count;

        private Released() {
        }

        static synchronized boolean offer(long handle) {
            if (count == CAPACITY) {
                return false;
            }
            RING[(head + count) % CAPACITY] = handle;
            count++;
            return true;
        }

        /** The oldest waiting key, or 0. */
        static synchronized long poll() {
            if (count == 0) {
                return 0;
            }
            long h = RING[head];
            head = (head + 1) % CAPACITY;
            count--;
            return h;
        }

        /** Frees up to max waiting keys on the calling thread; how many it freed. */
        static int free(int max) {
            int n = 0;
            for (long h; n < max && (h = poll()) != 0; n++) {
                NativeLib.freeKey(h);
            }
            return n;
        }

        /** Frees every waiting key (for tests that count native objects). */
        static void freeAll() {
            while (free(CAPACITY) > 0) {
                // until a pass finds none
            }
        }
    }

    final long handle;

    /** Takes over handle (non-zero). */
    NativeKey(long handle) {
        this.handle = handle;
        CLEANER.register(this, new Release(handle));
        Released.free(Released.FREED_PER_KEY);
        if (LIVE.incrementAndGet() > LIVE_KEYS_BEFORE_GC) {
            long now = System.nanoTime();
            if (now - lastGcRequest > 100_000_000L) {
                lastGcRequest = now;
                System.gc();
            }
        }
    }

    /**
     * The native key of a generated pair, shared by its two halves.  The
     * generator's own key stays pending here, outside the Cleaner, until a
     * half first needs it; the generator frees it when it makes the next pair
     * (or is collected) if no half has: most generated keys are stored, not
     * used, and a native key kept until the collector finds it unreachable
     * costs its maker a cold free (docs/performance.md, "Figures from code
     * comments").  A half that comes later makes the key again from both
     * halves and leaves it here.
     */
    static final class Slot {
        private long pending;
        private NativeKey key;

        Slot(long pending) {
            this.pending = pending;
        }

        /** The pair's native key, the generator's taken over on first use; null once that was freed. */
        synchronized NativeKey take() {
            if (key == null && pending != 0) {
                key = new NativeKey(pending);
                pending = 0;
            }
            return key;
        }

        /** Keeps the key the private half made after the generator's was freed (only it makes one). */
        synchronized void keep(NativeKey k) {
            key = k;
        }

        /** The generator moves on: its key, unless a half took it, is freed while still in cache. */
        synchronized void drop() {
            if (pending != 0) {
                NativeLib.freeKey(pending);
                pending = 0;
            }
        }
    }

    /** The native key of a pair this glue generated, its public half taken as it is. */
    static NativeKey fromPair(Curve curve, byte[] seed, byte[] pub) throws java.security.InvalidKeyException {
        long h = NativeLib.keyFromPair(curve.id, seed, pub);
        if (h == 0) {
            throw new java.security.InvalidKeyException("OpenSSL refused the " + curve.specName + " key pair");
        }
        return new NativeKey(h);
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
}
