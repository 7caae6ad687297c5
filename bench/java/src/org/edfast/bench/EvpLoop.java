// SPDX-License-Identifier: Apache-2.0
package org.edfast.bench;

/**
 * The "C EVP" column: the benchmark's operations looped in C through EVP with
 * edfast preferred (bench/java/native/evp_loop.c, libedfastbench_jni.so), the
 * ceiling for the JCA provider.  Benchmark code only: the JCA library has no
 * such entry point.
 */
final class EvpLoop {
    /** Why the column cannot be measured, or null when it can. */
    static final String UNAVAILABLE;

    static {
        String why;
        try {
            System.loadLibrary("edfastbench_jni");
            why = open(System.getProperty("edfast.modules"));
        } catch (UnsatisfiedLinkError e) {
            why = "cannot load libedfastbench_jni.so: " + e.getMessage();
        }
        UNAVAILABLE = why;
    }

    private EvpLoop() {
    }

    private static native String open(String modulesDir);

    /**
     * Nanoseconds for iterations operations (op: EdBench.ALL_OPS's index) on curve
     * ("ED25519", "ED448") at msgLen bytes, of this thread's CPU time when cpuClock; -1 on failure.
     */
    static native long nanos(String curve, int op, int msgLen, int iterations, boolean cpuClock);
}
