/*
 * Shared helpers for the native Ed448 tests: a deterministic RNG (so a
 * failure can be replayed from the printed seed), hex decoding, failure
 * counting and OpenSSL EVP reference operations.
 */
#ifndef EDFAST_TEST_NATIVE448_TESTUTIL_H
#define EDFAST_TEST_NATIVE448_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>

#include "native_path.h"

#define SKIP_CODE 77

static int test_failures;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            if (test_failures++ < 20) {                                   \
                fprintf(stderr, "%s:%d: FAILED %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                             \
                fprintf(stderr, "\n");                                    \
            }                                                             \
        }                                                                 \
    } while (0)

static inline int test_finish(const char *name)
{
    if (test_failures) {
        fprintf(stderr, "%s: %d failure(s)\n", name, test_failures);
        return 1;
    }
    printf("%s: all passed\n", name);
    return 0;
}

/* splitmix64: small, fast and good enough to drive randomized tests. */
typedef struct {
    uint64_t s;
} test_rng;

static inline uint64_t rng_u64(test_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void rng_bytes(test_rng *r, uint8_t *out, size_t n)
{
    while (n > 0) {
        uint64_t v = rng_u64(r);

        for (int i = 0; i < 8 && n > 0; i++, n--)
            *out++ = (uint8_t)(v >> (8 * i));
    }
}

/* Seed from the environment variable EDFAST_TEST_SEED when set. */
static inline uint64_t test_seed(uint64_t fallback)
{
    const char *s = getenv("EDFAST_TEST_SEED");

    return s ? strtoull(s, NULL, 0) : fallback;
}

static inline size_t hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0;

    while (hex[0] && hex[1] && n < cap) {
        unsigned v;

        if (sscanf(hex, "%2x", &v) != 1)
            break;
        out[n++] = (uint8_t)v;
        hex += 2;
    }
    return n;
}

/* ---- OpenSSL default-provider reference operations ---- */

static inline int ossl_public(const uint8_t seed[57], uint8_t pub[57])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, seed, 57);
    size_t len = 57;
    int ok = k != NULL && EVP_PKEY_get_raw_public_key(k, pub, &len) == 1 && len == 57;

    EVP_PKEY_free(k);
    return ok;
}

/*
 * OpenSSL 3.0's EVP interface offers only pure Ed448 (it has no "instance" or
 * "context-string" parameters), so the EVP comparisons are pure Ed448; the
 * context and prehash instances are compared with libdecaf instead.
 */
static inline int ossl_sign(EVP_PKEY *k, const uint8_t *msg, size_t msg_len, uint8_t sig[114])
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    size_t sl = 114;
    int ok = c != NULL && EVP_DigestSignInit(c, NULL, NULL, NULL, k) == 1
             && EVP_DigestSign(c, sig, &sl, msg, msg_len) == 1 && sl == 114;

    EVP_MD_CTX_free(c);
    return ok;
}

/* 1 valid, 0 invalid, -1 when OpenSSL refused to set up (never expected). */
static inline int ossl_verify(const uint8_t pub[57], const uint8_t *msg, size_t msg_len,
                              const uint8_t sig[114])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pub, 57);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int r = -1;

    if (k != NULL && c != NULL && EVP_DigestVerifyInit(c, NULL, NULL, NULL, k) == 1)
        r = EVP_DigestVerify(c, sig, 114, msg, msg_len) == 1;
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(k);
    return r;
}

#endif
