/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What every native backend test includes: the test library
 * (edfast_test_util.h) and the native path a test runs (EDFAST_NATIVE_PATH,
 * backends/native/cpu.h), shared by the Ed25519 and Ed448 tests.  CTest runs each test once per
 * path this build has: a path the CPU lacks reports the test skipped (77),
 * an unknown name fails it.
 */
#ifndef EDFAST_TEST_NATIVE_PATH_H
#define EDFAST_TEST_NATIVE_PATH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "edfast_test_util.h"

/*
 * The native differential tests' case count when none is given: 100,000, and
 * 10,000 for an emulated-ifma twin, whose code the real ifma path (on CPUs
 * with IFMA) and its other tests cover, and whose run costs CI time.
 */
#ifdef EDFAST_IFMA_EMULATED
#define NATIVE_DIFF_DEFAULT_CASES 10000
#define NATIVE_PATH_NOTE " (the ifma code on emulated intrinsics)"
#else
#define NATIVE_DIFF_DEFAULT_CASES 100000
#define NATIVE_PATH_NOTE ""
#endif

static inline void native_path_or_skip(void)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();

    if (cpu->status != EDFAST_NATIVE_OK) {
        printf("%s: %s\n", cpu->status == EDFAST_NATIVE_LACKING ? "SKIPPED" : "FAILED",
               cpu->message);
        exit(cpu->status == EDFAST_NATIVE_LACKING ? ET_SKIP : 1);
    }
    printf("native path: %s%s\n", edfast_native_path_name(cpu->path), NATIVE_PATH_NOTE);
}

#endif
