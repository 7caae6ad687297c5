/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OpenSSL's memory functions replaced by ones that fail a chosen allocation
 * and track the blocks edfast's code allocates: the core of the
 * allocation-failure tests, shared by the C one (alloc_fail_test.c) and the
 * JCA glue's (jni/test/native/alloc_fail_jni.c).
 *
 * Counting and failing happen on the thread that armed them only, so that a
 * JVM's other threads (a Cleaner freeing keys) neither shift the count nor
 * take a failure meant for the operation; the tracked list is locked.
 *
 * "edfast's code" is edfast.so and the JCA glue's libedfastjni.so, and
 * "edfast's sources" are provider/, backends/ and jni/native/ under
 * EDFAST_SOURCE_DIR (the allocator is told the allocating file).
 */
#ifndef EDFAST_ALLOC_HOOKS_H
#define EDFAST_ALLOC_HOOKS_H

#include <stddef.h>

/* The allocation that failed: where it was asked for (copied: the library may be unloaded since). */
struct alloc_failure {
    char file[256];
    int line;
    int under_edfast; /* edfast's code was on the stack */
};

/*
 * Replaces OpenSSL's memory functions; 0 when OpenSSL refuses (something
 * allocated before).  Call before anything of libcrypto's runs.
 */
int alloc_hooks_install(void);

/*
 * Fails the calling thread's k-th allocation from now (k > 0), and tracks the
 * blocks edfast's sources allocate until alloc_blocks_left.  With
 * edfast_only, an allocation made by other sources is let through instead
 * (alloc_passed_over then says so).
 */
void alloc_start_failing(long k, int edfast_only);
/* Stops failing (the count stays readable). */
void alloc_stop_failing(void);
/* Allocations the arming thread made since alloc_start_failing. */
long alloc_made(void);
/* Whether the k-th allocation was let through (edfast_only) instead of failed. */
int alloc_passed_over(void);
/* The failed allocation (file empty when none failed). */
const struct alloc_failure *alloc_failed(void);
/* Whether file (an allocation's OPENSSL_FILE) is one of edfast's sources. */
int alloc_edfast_file(const char *file);
/*
 * The tracked blocks still held; where the first was allocated goes to first.
 * With untrack, stops tracking and forgets them.
 */
long alloc_blocks_left(char *first, size_t first_len, int untrack);

/*
 * Recording the call stack of each allocation the calling thread makes, so
 * that one repeated in a loop (PBKDF2's rounds) is failed once, not at every turn.
 */
void alloc_record_start(void);
/* Stops recording; the allocations recorded. */
long alloc_record_stop(void);
/* Whether the i-th recorded allocation's call stack came before it in the recording. */
int alloc_repeated(long i);

#endif
