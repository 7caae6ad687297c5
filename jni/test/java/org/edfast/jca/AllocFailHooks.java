// SPDX-License-Identifier: Apache-2.0
package org.edfast.jca;

/**
 * OpenSSL's memory functions replaced by ones that fail a chosen allocation
 * (the test library libedfastjni_allocfail.so, jni/test/native): see
 * test/hardening/alloc_hooks.h.  Counting and failing are per arming thread.
 */
final class AllocFailHooks {
    private AllocFailHooks() {
    }

    /** Whether OpenSSL took the hooks (nothing of libcrypto's had allocated before the library loaded). */
    static native boolean installed();

    static native void recordStart();

    /** Stops recording; the allocations the calling thread made. */
    static native long recordStop();

    /** Whether the i-th recorded allocation's call stack came before it. */
    static native boolean repeated(long i);

    /** Fails the calling thread's k-th allocation from now; tracks edfast's blocks. */
    static native void startFailing(long k);

    /** Stops failing; the allocations the thread made since startFailing. */
    static native long stopFailing();

    /** "file:line" of the failed allocation, or null when none failed. */
    static native String failedAt();

    static native boolean failedUnderEdfast();

    /** "count where-the-first-is-from" of the tracked blocks still held; untrack forgets them. */
    static native String blocksLeft(boolean untrack);
}
