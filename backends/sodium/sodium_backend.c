/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libsodium's Ed25519.  libsodium signs exactly as RFC 8032 and OpenSSL do,
 * but its verifier refuses some inputs OpenSSL accepts (small-order A or R,
 * non-canonical A); those, and only those, are re-judged by the reference so
 * that the verdict is always OpenSSL's.
 */
#include <string.h>
#include <sodium.h>
#include <openssl/err.h>
#include "../backend_list.h"
#include "../key_memory.h"
#include "../library.h"

/* libsodium's functions, bound when the backend first readies Ed25519 (library.h). */
static struct {
    __typeof__(sodium_init) *init;
    __typeof__(crypto_sign_ed25519_seed_keypair) *seed_keypair;
    __typeof__(crypto_sign_ed25519_detached) *sign_detached;
    __typeof__(crypto_sign_ed25519_verify_detached) *verify_detached;
} sodium;

static const struct edfast_library_symbol sodium_symbols[] = {
    {"sodium_init", (void **)&sodium.init},
    {"crypto_sign_ed25519_seed_keypair", (void **)&sodium.seed_keypair},
    {"crypto_sign_ed25519_detached", (void **)&sodium.sign_detached},
    {"crypto_sign_ed25519_verify_detached", (void **)&sodium.verify_detached},
};

static struct edfast_library libsodium = {
    .backend = "sodium",
    .soname = EDFAST_SODIUM_SONAME,
    .symbols = sodium_symbols,
    .symbol_count = sizeof(sodium_symbols) / sizeof(sodium_symbols[0]),
    EDFAST_LIBRARY_STATE,
};

struct sodium_key {
    /* libsodium's secret key layout: seed || public key, the latter hashed as given. */
    uint8_t secret[crypto_sign_ed25519_SECRETKEYBYTES];
    int has_secret;
};

/* sodium_init is idempotent and thread-safe itself. */
static int sodium_prepare(void)
{
    if (!edfast_library_open(&libsodium))
        return 0;
    if (sodium.init() >= 0)
        return 1;
    ERR_raise_data(ERR_LIB_PROV, ERR_R_INIT_FAIL, "edfast sodium backend: sodium_init failed");
    return 0;
}

static int sodium_derive_public(const uint8_t *seed, uint8_t *pub)
{
    uint8_t secret[crypto_sign_ed25519_SECRETKEYBYTES];
    int ok = sodium.seed_keypair(pub, secret, seed) == 0;

    OPENSSL_cleanse(secret, sizeof(secret));
    return ok;
}

static void *sodium_key_from_seed(const uint8_t *seed, uint8_t *pub)
{
    struct sodium_key *key = edfast_state_zalloc(sizeof(*key), 1);

    if (key == NULL)
        return NULL;
    key->has_secret = 1;
    sodium.seed_keypair(pub, key->secret, seed);
    return key;
}

static void *sodium_key_from_pair(const uint8_t *seed, const uint8_t *pub)
{
    struct sodium_key *key = edfast_state_zalloc(sizeof(*key), seed != NULL);

    if (key == NULL)
        return NULL;
    key->has_secret = seed != NULL;
    if (seed != NULL)
        memcpy(key->secret, seed, crypto_sign_ed25519_SEEDBYTES);
    memcpy(key->secret + crypto_sign_ed25519_SEEDBYTES, pub, crypto_sign_ed25519_PUBLICKEYBYTES);
    return key;
}

static void sodium_key_free(void *state)
{
    edfast_state_clear_free(state, sizeof(struct sodium_key));
}

static int sodium_sign(const void *state, const struct edfast_instance *instance,
                       const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    const struct sodium_key *key = state;

    (void)instance; /* pure, the one framing served */
    return key->has_secret
        && sodium.sign_detached(sig, NULL, msg, msg_len, key->secret) == 0;
}

/*
 * Encodings of y (sign bit cleared) of the eight points of small order:
 * 0 and p (order 4), 1 and p+1 (the identity), p-1 (order 2), and the two
 * y-coordinates of the points of order 8, roots of d*y^4 + 2*y^2 - 1 = 0.
 */
static const uint8_t small_order_y[][32] = {
    {0},
    {1},
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
     0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
    {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
     0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
};

static int is_small_order_encoding(const uint8_t *encoding)
{
    size_t i;

    for (i = 0; i < sizeof(small_order_y) / sizeof(small_order_y[0]); i++)
        if (memcmp(encoding, small_order_y[i], 31) == 0
                && (encoding[31] & 0x7f) == small_order_y[i][31])
            return 1;
    return 0;
}

/* y >= p = 2^255 - 19, with the sign bit cleared. */
static int is_non_canonical_y(const uint8_t *encoding)
{
    size_t i;

    if ((encoding[31] & 0x7f) != 0x7f || encoding[0] < 0xed)
        return 0;
    for (i = 1; i < 31; i++)
        if (encoding[i] != 0xff)
            return 0;
    return 1;
}

/* Whether libsodium refuses this input before it checks the equation. */
static int sodium_refuses_early(const uint8_t *pub, const uint8_t *sig)
{
    return is_small_order_encoding(sig) || is_small_order_encoding(pub)
        || is_non_canonical_y(pub);
}

static int reference_verify(const uint8_t *pub, const struct edfast_instance *instance,
                            const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const struct edfast_curve_ops *ops = edfast_openssl_backend.curve[EDFAST_ED25519];
    void *reference = ops->key_from_pair(NULL, pub);
    int ok = reference != NULL ? ops->verify(reference, instance, msg, msg_len, sig) : -1;

    ops->key_free(reference);
    return ok;
}

static int sodium_verify(const void *state, const struct edfast_instance *instance,
                         const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const uint8_t *pub = ((const struct sodium_key *)state)->secret + crypto_sign_ed25519_SEEDBYTES;

    if (sodium.verify_detached(sig, msg, msg_len, pub) == 0)
        return 1;
    return sodium_refuses_early(pub, sig) ? reference_verify(pub, instance, msg, msg_len, sig) : 0;
}

static const struct edfast_curve_ops ed25519_ops = {
    .backend = "sodium",
    .curve = EDFAST_ED25519,
    .framings = EDFAST_FRAMING_BIT(EDFAST_PURE),
    .derive_public = sodium_derive_public,
    .key_from_seed = sodium_key_from_seed,
    .key_from_pair = sodium_key_from_pair,
    .key_free = sodium_key_free,
    .prepare = sodium_prepare,
    .sign = sodium_sign,
    .verify = sodium_verify,
};

const struct edfast_backend edfast_sodium_backend = {
    .name = "sodium",
    .curve = {[EDFAST_ED25519] = &ed25519_ops},
};
