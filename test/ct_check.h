/*
 * The constant-time tests' view of secrets (native25519/ct_test.c,
 * native448/ct_test.c): a secret is marked as uninitialised memory, so that
 * a tool that tracks uninitialised bits reports any branch or memory index
 * that depends on it, and a value that is public by definition (a public
 * key, a signature) is marked initialised before it is used.  Two tools do
 * the tracking:
 *   valgrind memcheck  the test's CTest command runs it under valgrind; any
 *                      build without sanitizers, every path valgrind can
 *                      execute (not AVX-512: the ifma path is checked there
 *                      through its emulated twin);
 *   MemorySanitizer    a clang -fsanitize=memory build (scripts/hardening.sh
 *                      msan), which runs the real AVX-512 instructions.  It
 *                      cannot see into the adx path's inline assembly.
 * Run under neither, the test has nothing to check with and reports itself
 * skipped.
 */
#ifndef EDFAST_TEST_CT_CHECK_H
#define EDFAST_TEST_CT_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "ct.h" /* CT_MSAN: a MemorySanitizer build */
#include "edfast_test_util.h"

#ifdef CT_MSAN
#include <sanitizer/msan_interface.h>
#define ct_secret(p, n) __msan_allocated_memory((p), (n))
#define ct_public(p, n) __msan_unpoison((p), (n))
#define CT_CHECKER "MemorySanitizer"
#define ct_checked() 1
#elif defined(__has_include) && __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define ct_secret(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define ct_public(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#define CT_CHECKER "valgrind memcheck"
#define ct_checked() (RUNNING_ON_VALGRIND != 0)
#else
/* no valgrind headers (a cross build): nothing can check */
#define ct_secret(p, n) ((void)(p), (void)(n))
#define ct_public(p, n) ((void)(p), (void)(n))
#define CT_CHECKER "nothing"
#define ct_checked() 0
#endif

/* Exits 77 (skipped) when no tool watches the secrets. */
static inline void ct_checker_or_skip(void)
{
    if (!ct_checked()) {
        printf("SKIPPED: neither under valgrind nor built with MemorySanitizer: "
               "nothing would see a secret-dependent branch\n");
        exit(ET_SKIP);
    }
    printf("constant time checked by %s\n", CT_CHECKER);
}

#endif
