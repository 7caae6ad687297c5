/* SPDX-License-Identifier: Apache-2.0 */
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
 *                      msan), which runs the real AVX-512 instructions of
 *                      both curves (the Keccak with its ternary operations
 *                      spelled out, see ed448/shake256_avx512.c).  It takes
 *                      the outputs of inline assembly as initialised, so it
 *                      loses the secret in the Ed25519 adx path's field
 *                      arithmetic, which valgrind checks.
 * Run under neither, the test has nothing to check with and reports itself
 * skipped.  Each test also checks that its outputs still carry the mark
 * (ct_still_secret) before it marks them public: a tool that lost the secret
 * on the way would pass without having checked the rest of the path.
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
#define CT_VALGRIND 1
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

/*
 * Whether any byte of p[0..n) still carries the secret's mark, read without
 * a report (MemorySanitizer's shadow, valgrind's V bits).  An output of the
 * code under test that has lost the mark shows the tool stopped following
 * the secret on the way, and then a pass would prove nothing about that code.
 */
static inline int ct_still_secret(const void *p, size_t n)
{
#ifdef CT_MSAN
    return __msan_test_shadow(p, n) >= 0;
#elif defined(CT_VALGRIND)
    unsigned char vbits[64];

    for (size_t off = 0; off < n; off += sizeof(vbits)) {
        size_t len = n - off < sizeof(vbits) ? n - off : sizeof(vbits);

        if (VALGRIND_GET_VBITS((const unsigned char *)p + off, vbits, len) != 1)
            return 0;
        for (size_t i = 0; i < len; i++)
            if (vbits[i] != 0)
                return 1;
    }
    return 0;
#else
    (void)p;
    (void)n;
    return 0;
#endif
}

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
