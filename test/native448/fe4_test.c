/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ifma path's 4-way field (../../backends/native/ed448/fe4_ifma.h)
 * against the portable one (field.h): products, squares, sums and
 * differences of random and edge elements (0, 1, p - 1, p, 2^448 - 1 and
 * limbs at their bounds), long chains that must stay tight, and the
 * conversions both ways.  Runs on the ifma path only (the real instructions,
 * or the emulated twin); other paths report it skipped.
 */
#include "cpu.h"
#include "native_path.h"

#if EDFAST_NATIVE_X86

#include "ed448/fe4_ifma.h"

/* Every lane of x is equal, mod p, to want[lane]. */
N448_IFMA_TARGET static void check_lanes(const n448_fe4 *x, const n448_fe want[4], const char *what, int i)
{
    n448_fe got[4];

    n448_fe4_to_fe(got, *x);
    for (int j = 0; j < 4; j++)
        ET_CHECK(n448_fe_eq(&got[j], &want[j]) != 0, "%s, case %d, lane %d", what, i, j);
}

/* Every limb of every lane below 2^51: what the multiplier and the squaring rely on. */
N448_IFMA_TARGET static void check_tight(const n448_fe4 *x, const char *what, int i)
{
    uint64_t lane[4];
    int tight = 1;

    for (int k = 0; k < N448_FE4_LIMBS; k++) {
        _mm256_storeu_si256((__m256i *)(void *)lane, x->l[k]);
        for (int j = 0; j < 4; j++)
            tight &= lane[j] < ((uint64_t)1 << 51);
    }
    ET_CHECK(tight, "%s tight, case %d", what, i);
}

/* Random 56-byte values, every so often an edge value instead. */
static void element(n448_fe *r, struct et_rng *rng, int i)
{
    uint8_t b[56];

    et_rng_bytes(rng, b, sizeof(b));
    switch (et_rng_next(rng) % 8) {
    case 0:
        memset(b, 0, sizeof(b));
        b[0] = (uint8_t)(i % 3 == 0); /* 0 or 1 */
        break;
    case 1: /* p - 1 + (0, 1 or 2) as 2^448 - 2^224 - 2 + ... */
        memset(b, 0xff, sizeof(b));
        b[28] = 0xfe;
        b[0] = (uint8_t)(0xfe + i % 3);
        break;
    case 2:
        memset(b, 0xff, sizeof(b)); /* 2^448 - 1, above p */
        break;
    default:
        break;
    }
    n448_fe_frombytes(r, b);
}

N448_IFMA_TARGET static void test_random(struct et_rng *rng, int cases)
{
    for (int i = 0; i < cases; i++) {
        n448_fe a[4], b[4], want[4], t;
        n448_fe4 va, vb, r;

        for (int j = 0; j < 4; j++) {
            element(&a[j], rng, i + j);
            element(&b[j], rng, i + 2 * j);
        }
        va = n448_fe4_from_fe(a);
        vb = n448_fe4_from_fe(b);
        check_lanes(&va, a, "conversion", i);
        check_tight(&va, "conversion", i);

        r = n448_fe4_mul(va, vb);
        for (int j = 0; j < 4; j++)
            n448_fe_mul(&want[j], &a[j], &b[j]);
        check_lanes(&r, want, "mul", i);
        check_tight(&r, "mul", i);

        r = n448_fe4_sq(va);
        for (int j = 0; j < 4; j++)
            n448_fe_sq(&want[j], &a[j]);
        check_lanes(&r, want, "sq", i);
        check_tight(&r, "sq", i);

        r = n448_fe4_add(va, vb);
        for (int j = 0; j < 4; j++)
            n448_fe_add(&want[j], &a[j], &b[j]);
        check_lanes(&r, want, "add", i);
        check_tight(&r, "add", i);

        r = n448_fe4_sub(va, vb);
        for (int j = 0; j < 4; j++)
            n448_fe_sub(&want[j], &a[j], &b[j]);
        check_lanes(&r, want, "sub", i);
        check_tight(&r, "sub", i);

        /* a multiplier input that is the sum of two tight elements, uncarried */
        r = n448_fe4_mul(n448_fe4_add_nc(va, vb), n448_fe4_add_nc(vb, vb));
        for (int j = 0; j < 4; j++) {
            n448_fe_add(&want[j], &a[j], &b[j]);
            n448_fe_add(&t, &b[j], &b[j]);
            n448_fe_mul(&want[j], &want[j], &t);
        }
        check_lanes(&r, want, "mul of uncarried sums", i);
        check_tight(&r, "mul of uncarried sums", i);
    }
}

/* Limbs at their largest tight value (2^51 - 1): the bounds of the folds and carries. */
N448_IFMA_TARGET static void test_largest_limbs(void)
{
    n448_fe4 v, r;
    n448_fe x[4], want[4];

    for (int i = 0; i < N448_FE4_LIMBS; i++)
        v.l[i] = _mm256_set1_epi64x(((long long)1 << 51) - 1);
    n448_fe4_to_fe(x, v);
    r = n448_fe4_mul(n448_fe4_add_nc(v, v), n448_fe4_add_nc(v, v));
    for (int j = 0; j < 4; j++) {
        n448_fe_add(&want[j], &x[j], &x[j]);
        n448_fe_mul(&want[j], &want[j], &want[j]);
    }
    check_lanes(&r, want, "largest sums multiplied", 0);
    check_tight(&r, "largest sums multiplied", 0);
    r = n448_fe4_sq(v);
    for (int j = 0; j < 4; j++)
        n448_fe_sq(&want[j], &x[j]);
    check_lanes(&r, want, "largest squared", 0);
    r = n448_fe4_sub(n448_fe4_sub(v, v), v);
    for (int j = 0; j < 4; j++) {
        n448_fe_sub(&want[j], &x[j], &x[j]);
        n448_fe_sub(&want[j], &want[j], &x[j]);
    }
    check_lanes(&r, want, "largest subtracted", 0);
    check_tight(&r, "largest subtracted", 0);
}

/* 1000 squarings and products in a row: the results must stay tight and right. */
N448_IFMA_TARGET static void test_chain(struct et_rng *rng)
{
    n448_fe a[4], b[4];
    n448_fe4 va, vb;

    for (int j = 0; j < 4; j++) {
        element(&a[j], rng, j);
        element(&b[j], rng, j + 5);
    }
    va = n448_fe4_from_fe(a);
    vb = n448_fe4_from_fe(b);
    for (int k = 0; k < 1000; k++) {
        va = n448_fe4_sq(va);
        va = n448_fe4_mul(va, vb);
        vb = n448_fe4_sub(vb, va);
        for (int j = 0; j < 4; j++) {
            n448_fe_sq(&a[j], &a[j]);
            n448_fe_mul(&a[j], &a[j], &b[j]);
            n448_fe_sub(&b[j], &b[j], &a[j]);
        }
    }
    check_lanes(&va, a, "chain", 0);
    check_lanes(&vb, b, "chain", 1);
    check_tight(&va, "chain", 0);
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x4fe4448) };

    native_path_or_skip();
    if (edfast_native_cpu()->path != EDFAST_NATIVE_IFMA) {
        printf("SKIPPED: the 4-way field is the ifma path's, not %s's\n",
               edfast_native_path_name(edfast_native_cpu()->path));
        return ET_SKIP;
    }
    test_random(&rng, 20000);
    test_largest_limbs();
    test_chain(&rng);
    return et_finish("native448_fe4");
}

#else

int main(void)
{
    printf("SKIPPED: the 4-way field is x86-64 only\n");
    return ET_SKIP;
}

#endif
