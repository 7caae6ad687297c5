/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time conditions, one convention for both curves: a condition that
 * may depend on a secret is a uint64_t mask, all ones for true and zero for
 * false.  Every predicate of the field code (iszero, isnegative, eq, ...)
 * returns one, and every conditional operation (cmov, cneg) takes one.
 *
 * Why masks and not 0/1: a mask is what a select consumes (v & mask), so it
 * is made once, where the condition is computed, instead of again (0 - b) in
 * every select of a table scan; masks combine with &, | and ~ as they are
 * (the Ed448 decoder ANDs five checks); and a mask that has passed through
 * ct_barrier() is opaque to the optimiser, whereas a value the compiler can
 * see is 0 or 1 invites it to turn a select back into a branch (clang did so
 * in Ed448's table scan; the valgrind constant-time test caught it).  The
 * helpers below and the field cmovs pass masks through it; the hot table
 * scans (each curve's base_table.h, Ed25519's point_adx.c) make theirs inline, where
 * the valgrind test checks them and a barrier would cost instructions.  A
 * condition leaves as int 0/1 only where an API is boolean (decode, verify),
 * as (int)(mask & 1).
 */
#ifndef EDFAST_NATIVE_CT_H
#define EDFAST_NATIVE_CT_H

#include <stdint.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CT_MSAN 1
#include <sanitizer/msan_interface.h>
#endif
#endif

/*
 * Hides a value from the optimiser (an empty asm that "changes" it).  A
 * MemorySanitizer build (test/ct_check.h) needs it as much: without it,
 * clang 19 -O3 turned sub_cond's select (ed448/scalar.c) into a branch on a
 * freeze of the borrow, and that tool takes a frozen value as initialised,
 * so it neither reported the branch nor followed the secret past it.  As it
 * checks an asm operand as strictly as a branch condition and marks the
 * result initialised, there the operand goes in unmarked and the result
 * takes the value's mark back: the same asm, the secret still followed.
 */
static inline uint64_t ct_barrier(uint64_t x)
{
#if defined(CT_MSAN)
    uint64_t y = x;

    __msan_unpoison(&y, sizeof(y));
    __asm__("" : "+r"(y));
    __msan_copy_shadow(&y, &x, sizeof(y));
    x = y;
#elif defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* All ones when x is zero, else zero. */
static inline uint64_t ct_iszero64(uint64_t x)
{
    return ct_barrier(((x | (0 - x)) >> 63) - 1);
}

/* All ones when bit 0 of x is set, else zero. */
static inline uint64_t ct_mask_bit0(uint64_t x)
{
    return ct_barrier(0 - (x & 1));
}

#endif
