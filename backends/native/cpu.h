/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The native backend's one CPU-dispatch point.
 *
 * A path is a level of instruction-set extensions; each level's code is used
 * whole, so every path is tested as a unit:
 *   portable  plain C, every CPU
 *   adx       x86-64 with BMI2, ADX and AVX2 (Broadwell, Zen and later)
 *   ifma      adx plus AVX-512F, AVX-512VL and AVX-512 IFMA (Ice Lake, Zen 4)
 * The best path the CPU runs is chosen once per process (pthread_once); the
 * environment variable EDFAST_NATIVE_PATH=portable|adx|ifma forces one.  A
 * forced path the CPU lacks, or an unknown name, is refused: the table then
 * holds the portable path and a message, the backend's init fails with that
 * message, and the tests report the path skipped (CPU lacks it) or failed
 * (unknown name).
 *
 * All x86-only code (target attributes, intrinsics, CPUID) is compiled only
 * under EDFAST_NATIVE_X86: here and in the *_x86.c / *_ifma.c / *_avx512.c
 * files, which are empty elsewhere.
 */
#ifndef EDFAST_NATIVE_CPU_H
#define EDFAST_NATIVE_CPU_H

#include <stddef.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define EDFAST_NATIVE_X86 1
#else
#define EDFAST_NATIVE_X86 0
#endif

enum edfast_native_path {
    EDFAST_NATIVE_PORTABLE = 0,
    EDFAST_NATIVE_ADX = 1,
    EDFAST_NATIVE_IFMA = 2,
    EDFAST_NATIVE_PATHS
};

enum edfast_native_status {
    EDFAST_NATIVE_OK = 0,
    EDFAST_NATIVE_LACKING = 1, /* EDFAST_NATIVE_PATH names a path this CPU cannot run */
    EDFAST_NATIVE_UNKNOWN = 2  /* EDFAST_NATIVE_PATH is not a path name */
};

/* Each curve's accelerated code for one path (ed25519/accel.h, ed448/accel.h). */
struct n25519_accel;
struct n448_accel;

struct edfast_native_cpu {
    enum edfast_native_path path; /* the chosen path */
    enum edfast_native_status status;
    unsigned available; /* bit p set for each path p this CPU runs */
    int forced;         /* EDFAST_NATIVE_PATH named the path */
    /* The paths serving each curve: path, unless a self-test moved the curve lower. */
    enum edfast_native_path ed25519_path, ed448_path;
    const struct n25519_accel *ed25519; /* NULL: the portable code throughout */
    const struct n448_accel *ed448;     /* NULL: the portable code throughout */
    char message[160];                  /* why the request was refused; "" when it was not */
};

/* The selected path, filled on first call; cheap after that (hot paths call it). */
const struct edfast_native_cpu *edfast_native_cpu(void);

const char *edfast_native_path_name(enum edfast_native_path path);

/*
 * Serve one curve from another path the CPU runs: how the native backend's
 * self-test tries a path and falls back from one that fails.  Only for that
 * set-up, which runs before the curve serves its first operation: a table
 * changed under a running operation would mix two paths' data.
 */
void edfast_native_serve_ed25519(enum edfast_native_path path);
void edfast_native_serve_ed448(enum edfast_native_path path);

/*
 * The choice itself, apart from the CPU and the environment: request is the
 * variable's value (NULL or "" when unset), available has bit p set for each
 * path p the CPU runs.  Writes the path to use (portable when refused) and,
 * when refused, a message; returns the status.
 */
enum edfast_native_status edfast_native_choose(const char *request, unsigned available,
                                               enum edfast_native_path *path, char *message,
                                               size_t message_len);

#endif
