/*
 * Ed25519's code for the accelerated paths (see ../cpu.h): one instance per
 * path, in accel_x86.c, picked by cpu.c.  A NULL table means the portable
 * code throughout.
 */
#ifndef N25519_ACCEL_H
#define N25519_ACCEL_H

#include <stddef.h>
#include <stdint.h>

#include "base_table.h"
#include "cpu.h"
#include "point.h"

struct n25519_accel {
    /* SHA-512 compression of nblocks 128-byte blocks. */
    void (*sha512_blocks)(uint64_t state[8], const uint8_t *blocks, size_t nblocks);
    /* The exponentiation of square roots (decoding). */
    n25519_fe_pow_fn *pow22523;
    /* The light table of a key's first verification (point.h). */
    void (*lighttable_init)(n25519_ge_lighttable *t, const n25519_ge_p3 *q);
    /*
     * The path's own fixed-base multiplication, of the N25519_BASE_DIGITS
     * signed digits e: the four-limb one (point_adx.h) reads the row table,
     * the four-lane one (fixed_base_ifma.h) the lane table (tables.h).  A
     * path sets one of the two.
     */
    void (*scalarmult_base)(n25519_ge_p3 *h, const int8_t *e, int n,
                            const uint64_t (*table)[16][16]);
    void (*scalarmult_base_lanes)(n25519_ge_p3 *h, const int8_t *e,
                                  const n25519_base_lanes_group *table);
    /*
     * The path's own double-scalar multiplications (the four-limb ones of
     * point_adx.h, the 4-way IFMA ones of point_ifma.h).
     */
    void (*double_scalarmult)(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                              const int8_t (*knaf)[256], int top,
                              const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES],
                              const n25519_ge_niels (*atab)[N25519_ATABLE_ENTRIES]);
    /*
     * A key's first verification (point.h's n25519_ge_verify_light): r = the
     * pieces of snaf against btab plus lnaf[j] against ltab[j].
     */
    void (*light_scalarmult)(n25519_ge_p2 *r, const int8_t (*snaf)[256], const int8_t (*lnaf)[256],
                             const n25519_ge_lighttable *const *ltab, int top,
                             const n25519_ge_niels (*btab)[N25519_BTABLE_ENTRIES]);
};

/* The selected path's square-root exponentiation, or the portable one. */
static inline n25519_fe_pow_fn *n25519_accel_pow22523(void)
{
    const struct n25519_accel *accel = edfast_native_cpu()->ed25519;

    return accel != NULL && accel->pow22523 != NULL ? accel->pow22523 : n25519_fe_pow22523;
}

#endif
