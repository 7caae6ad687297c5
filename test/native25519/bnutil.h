/* SPDX-License-Identifier: Apache-2.0 */
/* BIGNUM bridges for checking field and scalar arithmetic against OpenSSL. */
#ifndef N25519_BNUTIL_H
#define N25519_BNUTIL_H

#include <stdint.h>

#include <openssl/bn.h>

static inline BIGNUM *bn_from_le(const uint8_t *s, size_t n)
{
    return BN_lebin2bn(s, (int)n, NULL);
}

static inline void bn_to_le32(uint8_t out[32], const BIGNUM *a)
{
    BN_bn2lebinpad(a, out, 32);
}

/* 2^255 - 19 */
static inline BIGNUM *bn_p(void)
{
    BIGNUM *p = BN_new();

    BN_set_bit(p, 255);
    BN_sub_word(p, 19);
    return p;
}

/* 2^252 + 27742317777372353535851937790883648493 */
static inline BIGNUM *bn_l(void)
{
    BIGNUM *l = NULL;

    BN_dec2bn(&l, "27742317777372353535851937790883648493");
    BIGNUM *t = BN_new();
    BN_set_bit(t, 252);
    BN_add(l, l, t);
    BN_free(t);
    return l;
}

#endif
