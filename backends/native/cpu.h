/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The native backend's one CPU-dispatch point.
 *
 * A path is a level of instruction-set extensions (paths.def lists them);
 * each level's code is used whole, so every path is tested as a unit.  The
 * best path the CPU runs is chosen once per process (pthread_once); the
 * environment variable EDFAST_NATIVE_PATH=<name> forces one.  A forced path
 * the CPU lacks, or an unknown name, is refused: the table then holds the
 * portable path and a message, the backend's init fails with that message,
 * and the tests report the path skipped (CPU lacks it) or failed (unknown
 * name).
 *
 * Each curve is served by a path of its own (the self-test may move one
 * lower), through its table of accelerated code (curves.def), which the
 * curve's code reads with its accel.h.  All x86-only code (target
 * attributes, intrinsics, CPUID) is compiled only under EDFAST_NATIVE_X86:
 * in cpu_x86.c and in the files backends/native/README.md marks, which are
 * empty elsewhere.
 */
#ifndef EDFAST_NATIVE_CPU_H
#define EDFAST_NATIVE_CPU_H

#include <stddef.h>

#include "../backend.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define EDFAST_NATIVE_X86 1
#else
#define EDFAST_NATIVE_X86 0
#endif

enum edfast_native_path {
#define EDFAST_NATIVE_PATH_ENTRY(ENUM, name, architecture, needs, probe) EDFAST_NATIVE_##ENUM,
#include "paths.def"
#undef EDFAST_NATIVE_PATH_ENTRY
    EDFAST_NATIVE_PATHS
};

enum edfast_native_status {
    EDFAST_NATIVE_OK = 0,
    EDFAST_NATIVE_LACKING = 1, /* EDFAST_NATIVE_PATH names a path this CPU cannot run */
    EDFAST_NATIVE_UNKNOWN = 2  /* EDFAST_NATIVE_PATH is not a path name */
};

struct edfast_native_cpu {
    enum edfast_native_path path; /* the chosen path */
    enum edfast_native_status status;
    unsigned available; /* bit p set for each path p this CPU runs */
    int forced;         /* EDFAST_NATIVE_PATH named the path */
    /* The path serving each curve: path, unless a self-test moved the curve lower. */
    enum edfast_native_path curve_path[EDFAST_CURVE_COUNT];
    /* Each curve's accelerated code on its path (its accel.h's type); NULL: the portable code. */
    const void *accel[EDFAST_CURVE_COUNT];
    char message[160]; /* why the request was refused; "" when it was not */
};

/* The selected path, filled on first call; cheap after that (hot paths call it). */
const struct edfast_native_cpu *edfast_native_cpu(void);

const char *edfast_native_path_name(enum edfast_native_path path);

/*
 * Serve a curve from another path the CPU runs: how the native backend's
 * self-test tries a path and falls back from one that fails.  Only for that
 * set-up, which runs before the curve serves its first operation: a table
 * changed under a running operation would mix two paths' data.
 */
void edfast_native_serve(enum edfast_curve curve, enum edfast_native_path path);

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
