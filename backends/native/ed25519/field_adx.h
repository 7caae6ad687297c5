/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic in GF(2^255 - 19) for x86-64 CPUs with BMI2 and ADX (mulx,
 * adcx, adox: Intel Broadwell and AMD Zen onwards): four 64-bit limbs.
 *
 * An element is any 256-bit value v[0] + 2^64 v[1] + 2^128 v[2] + 2^192 v[3]
 * and stands for itself mod p.  Every operation takes any such value and
 * returns one (2^256 = 38 mod p folds what overflows), so there are no limb
 * bounds to track; only encoding reduces below p.  Against the radix-2^51
 * code (field.h), a product is 16 64x64-bit multiplications instead of 25,
 * and mulx, which leaves the flags alone, lets the carries of the partial
 * products run in two interleaved chains, adcx on CF and adox on OF.
 *
 * Only compiled for x86-64 with a GNU-compatible compiler; callers run it
 * only on a CPU that has BMI2 and ADX (see backends/native/cpu.h).  Every
 * function is constant time.
 */
#ifndef N25519_FIELD_ADX_H
#define N25519_FIELD_ADX_H

#if defined(__x86_64__) && defined(__GNUC__)
#define N25519_HAVE_FIELD_ADX 1
#ifndef __OPTIMIZE__
/* Unoptimised, the products' 13 registers and the memory operands do not fit. */
#error "field_adx.h needs -O1 or more (the native library is always built with -O3)"
#endif

#include <stdint.h>

#include "field.h"

typedef struct {
    uint64_t v[4];
} n25519_fe64;

static inline void n25519_fe64_zero(n25519_fe64 *h)
{
    h->v[0] = h->v[1] = h->v[2] = h->v[3] = 0;
}

static inline void n25519_fe64_one(n25519_fe64 *h)
{
    n25519_fe64_zero(h);
    h->v[0] = 1;
}

/* 2d, field.c's n25519_fe_d2 in this field (the two libraries link apart: ../cpu.cmake). */
static const n25519_fe64 n25519_fe64_d2 = { { 0xebd69b9426b2f159, 0x00e0149a8283b156,
                                              0x198e80f2eef3d130, 0x2406d9dc56dffce7 } };

/* h = f + g */
static inline void n25519_fe64_add(n25519_fe64 *h, const n25519_fe64 *f, const n25519_fe64 *g)
{
    uint64_t r0 = f->v[0], r1 = f->v[1], r2 = f->v[2], r3 = f->v[3], fold;

    /* A carry out of 2^256 comes back as 38; that can carry once more, and
     * then what is left below 38 takes the second 38 without a carry. */
    __asm__("addq %[g0], %[r0]\n\t"
            "adcq %[g1], %[r1]\n\t"
            "adcq %[g2], %[r2]\n\t"
            "adcq %[g3], %[r3]\n\t"
            "sbbq %[fold], %[fold]\n\t"
            "andq $38, %[fold]\n\t"
            "addq %[fold], %[r0]\n\t"
            "adcq $0, %[r1]\n\t"
            "adcq $0, %[r2]\n\t"
            "adcq $0, %[r3]\n\t"
            "sbbq %[fold], %[fold]\n\t"
            "andq $38, %[fold]\n\t"
            "addq %[fold], %[r0]"
            : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3),
              [fold] "=&r"(fold)
            : [g0] "rm"(g->v[0]), [g1] "rm"(g->v[1]), [g2] "rm"(g->v[2]), [g3] "rm"(g->v[3])
            : "cc");
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
}

/* h = f - g */
static inline void n25519_fe64_sub(n25519_fe64 *h, const n25519_fe64 *f, const n25519_fe64 *g)
{
    uint64_t r0 = f->v[0], r1 = f->v[1], r2 = f->v[2], r3 = f->v[3], fold;

    /* A borrow of 2^256 is 38 too many: take 38 away, and once more if that
     * borrows again (then the value is far above 38 and cannot). */
    __asm__("subq %[g0], %[r0]\n\t"
            "sbbq %[g1], %[r1]\n\t"
            "sbbq %[g2], %[r2]\n\t"
            "sbbq %[g3], %[r3]\n\t"
            "sbbq %[fold], %[fold]\n\t"
            "andq $38, %[fold]\n\t"
            "subq %[fold], %[r0]\n\t"
            "sbbq $0, %[r1]\n\t"
            "sbbq $0, %[r2]\n\t"
            "sbbq $0, %[r3]\n\t"
            "sbbq %[fold], %[fold]\n\t"
            "andq $38, %[fold]\n\t"
            "subq %[fold], %[r0]"
            : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3),
              [fold] "=&r"(fold)
            : [g0] "rm"(g->v[0]), [g1] "rm"(g->v[1]), [g2] "rm"(g->v[2]), [g3] "rm"(g->v[3])
            : "cc");
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
}

/*
 * The 512-bit value t4..t7 * 2^256 + t0..t3, folded to 256 bits with
 * 2^256 = 38: the high half times 38 is added in two chains, the 6-bit
 * overflow times 38 once more, and a last carry as in add.  Shared by mul and
 * sq as the tail of their assembly.  Its scratch (zero, then the overflow
 * mask) is the register that held f's address, which is free by then.
 */
#define N25519_FE64_REDUCE                                                                  \
    "movl $38, %%edx\n\t"                                                                   \
    "xorl %k[f], %k[f]\n\t"                                                             \
    "mulxq %[t4], %[lo], %[hi]\n\t"                                                         \
    "adcxq %[lo], %[t0]\n\t"                                                                \
    "adoxq %[hi], %[t1]\n\t"                                                                \
    "mulxq %[t5], %[lo], %[hi]\n\t"                                                         \
    "adcxq %[lo], %[t1]\n\t"                                                                \
    "adoxq %[hi], %[t2]\n\t"                                                                \
    "mulxq %[t6], %[lo], %[hi]\n\t"                                                         \
    "adcxq %[lo], %[t2]\n\t"                                                                \
    "adoxq %[hi], %[t3]\n\t"                                                                \
    "mulxq %[t7], %[lo], %[t4]\n\t"                                                         \
    "adcxq %[lo], %[t3]\n\t"                                                                \
    "adoxq %[f], %[t4]\n\t"                                                               \
    "adcxq %[f], %[t4]\n\t"                                                               \
    "imulq $38, %[t4], %[t4]\n\t"                                                           \
    "addq %[t4], %[t0]\n\t"                                                                 \
    "adcq $0, %[t1]\n\t"                                                                    \
    "adcq $0, %[t2]\n\t"                                                                    \
    "adcq $0, %[t3]\n\t"                                                                    \
    "sbbq %[f], %[f]\n\t"                                                               \
    "andq $38, %[f]\n\t"                                                                  \
    "addq %[f], %[t0]\n\t"

/* h = f g */
static inline void n25519_fe64_mul(n25519_fe64 *h, const n25519_fe64 *f, const n25519_fe64 *g)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    const uint64_t *fp = f->v;

    /* Row i adds f[i] g at limb i: the low halves of the four products in
     * the CF chain, the high halves in the OF chain; the row's top limb
     * starts at zero and takes both chains' last carries. */
    __asm__("movq 0(%[f]), %%rdx\n\t"
            "mulxq 0(%[g]), %[t0], %[t1]\n\t"
            "mulxq 8(%[g]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulxq 16(%[g]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulxq 24(%[g]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"

            "movq 8(%[f]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            "mulxq 0(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t1]\n\t"
            "adoxq %[hi], %[t2]\n\t"
            "mulxq 8(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t2]\n\t"
            "adoxq %[hi], %[t3]\n\t"
            "mulxq 16(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 24(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "adcq $0, %[t5]\n\t"

            "movq 16(%[f]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            "mulxq 0(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t2]\n\t"
            "adoxq %[hi], %[t3]\n\t"
            "mulxq 8(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 16(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "mulxq 24(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t5]\n\t"
            "adoxq %[hi], %[t6]\n\t"
            "adcq $0, %[t6]\n\t"

            "movq 24(%[f]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            "mulxq 0(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 8(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "mulxq 16(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t5]\n\t"
            "adoxq %[hi], %[t6]\n\t"
            "mulxq 24(%[g]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t6]\n\t"
            "adoxq %[hi], %[t7]\n\t"
            "adcq $0, %[t7]\n\t"

            N25519_FE64_REDUCE
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
              [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi),
              [f] "+&r"(fp)
            /* "memory" rather than "m"(*f), "m"(*g): clang gives each m operand
             * a register of its own, one too many beside the 13 here under
             * ASan or MSan; measured no slower on the adx path. */
            : [g] "r"(g->v)
            : "rdx", "cc", "memory");
    h->v[0] = t0;
    h->v[1] = t1;
    h->v[2] = t2;
    h->v[3] = t3;
}

/* h = f^2 */
static inline void n25519_fe64_sq(n25519_fe64 *h, const n25519_fe64 *f)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    const uint64_t *fp = f->v;

    /* The six cross products f[i] f[j] (i < j) once, doubled, then the four
     * squares added in one carry chain (mulx leaves the flags alone). */
    __asm__("movq 0(%[f]), %%rdx\n\t"
            "mulxq 8(%[f]), %[t1], %[t2]\n\t"
            "mulxq 16(%[f]), %[lo], %[t3]\n\t"
            "addq %[lo], %[t2]\n\t"
            "mulxq 24(%[f]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"

            "movq 8(%[f]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            "mulxq 16(%[f]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 24(%[f]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "adcq $0, %[t5]\n\t"

            "movq 16(%[f]), %%rdx\n\t"
            "mulxq 24(%[f]), %[lo], %[t6]\n\t"
            "addq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"

            "xorl %k[t7], %k[t7]\n\t"
            "addq %[t1], %[t1]\n\t"
            "adcq %[t2], %[t2]\n\t"
            "adcq %[t3], %[t3]\n\t"
            "adcq %[t4], %[t4]\n\t"
            "adcq %[t5], %[t5]\n\t"
            "adcq %[t6], %[t6]\n\t"
            "adcq $0, %[t7]\n\t"

            "movq 0(%[f]), %%rdx\n\t"
            "mulxq %%rdx, %[t0], %[hi]\n\t"
            "addq %[hi], %[t1]\n\t"
            "movq 8(%[f]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "adcq %[hi], %[t3]\n\t"
            "movq 16(%[f]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t4]\n\t"
            "adcq %[hi], %[t5]\n\t"
            "movq 24(%[f]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t6]\n\t"
            "adcq %[hi], %[t7]\n\t"

            N25519_FE64_REDUCE
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
              [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi),
              [f] "+&r"(fp)
            : "m"(*f)
            : "rdx", "cc");
    h->v[0] = t0;
    h->v[1] = t1;
    h->v[2] = t2;
    h->v[3] = t3;
}

/* h = mask ? g : h (../ct.h); the adx table scan calls it with a mask made inline. */
static inline void n25519_fe64_cmov(n25519_fe64 *h, const n25519_fe64 *g, uint64_t mask)
{
    for (int i = 0; i < 4; i++)
        h->v[i] ^= (h->v[i] ^ g->v[i]) & mask;
}

/* Between the representations: from radix 2^51 (any limbs field.h allows)
 * and back (tight limbs). */
void n25519_fe64_from_fe(n25519_fe64 *h, const n25519_fe *f);
void n25519_fe64_to_fe(n25519_fe *h, const n25519_fe64 *f);

/* h[j] = f[j]^((p-5)/8), j < n <= N25519_POW_WAYS, by field.h's chain; constant time. */
void n25519_fe64_pow22523(n25519_fe64 *h, const n25519_fe64 *f, int n);
/* The same for radix-2^51 elements (accel.h's pow22523): on AMD Zen 3 1.2x field.c's speed for
 * one element, 1.7x for two (commit e92ab12). */
n25519_fe_pow_fn n25519_adx_pow22523;

#endif /* __x86_64__ && __GNUC__ */
#endif
