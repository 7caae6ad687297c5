/* SPDX-License-Identifier: Apache-2.0 */
/*
 * [a]B in constant time: signed radix-2^5 digits, each a masked scan of a
 * table row (base_table.h) and a mixed addition; the four-lane code of a
 * path that has it does four digits at once.
 */
#include <openssl/crypto.h>

#include "accel.h"
#include "scalar.h"
#include "tables.h"

void n25519_ge_scalarmult_base(n25519_ge_p3 *h, const uint8_t a[32])
{
    int8_t e[N25519_BASE_DIGITS];
    n25519_ge_niels t;
    n25519_ge_completed r;
    n25519_ge_p2 s;
    uint64_t mag, neg;
    const struct n25519_accel *accel = n25519_accel_selected();
    const n25519_base_row *base_table;

    n25519_sc_signed_radix(e, a, N25519_BASE_W, N25519_BASE_DIGITS);
    if (accel != NULL && accel->scalarmult_base_lanes != NULL) {
        accel->scalarmult_base_lanes(h, e, n25519_ge_base_lanes_table());
        OPENSSL_cleanse(e, sizeof(e));
        return;
    }
    if (accel != NULL && accel->scalarmult_base != NULL) {
        accel->scalarmult_base(h, e, N25519_BASE_DIGITS);
        OPENSSL_cleanse(e, sizeof(e));
        return;
    }
    base_table = n25519_ge_base_table();

    n25519_ge_identity(h);
    for (int i = 1; i < N25519_BASE_DIGITS; i += 2) {
        n25519_digit_split(&mag, &neg, e[i]);
        n25519_select_niels_body(&t, base_table[i / 2], mag, neg);
        n25519_ge_madd(&r, h, &t);
        n25519_ge_completed_to_p3(h, &r);
    }
    n25519_ge_p3_to_p2(&s, h);
    for (int i = 0; i < N25519_BASE_W - 1; i++) {
        n25519_ge_dbl(&r, &s);
        n25519_ge_completed_to_p2(&s, &r);
    }
    n25519_ge_dbl(&r, &s);
    n25519_ge_completed_to_p3(h, &r);
    for (int i = 0; i < N25519_BASE_DIGITS; i += 2) {
        n25519_digit_split(&mag, &neg, e[i]);
        n25519_select_niels_body(&t, base_table[i / 2], mag, neg);
        n25519_ge_madd(&r, h, &t);
        n25519_ge_completed_to_p3(h, &r);
    }
    OPENSSL_cleanse(e, sizeof(e));
    OPENSSL_cleanse(&t, sizeof(t));
    OPENSSL_cleanse(&r, sizeof(r));
    OPENSSL_cleanse(&s, sizeof(s));
}
