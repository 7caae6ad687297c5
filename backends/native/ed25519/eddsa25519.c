/* SPDX-License-Identifier: Apache-2.0 */
/* The RFC 8032 Ed25519 algorithms on top of field/scalar/point/sha512. */
#include "eddsa25519.h"

#include <string.h>

#include <openssl/crypto.h>

#include "point.h"
#include "scalar.h"
#include "sha512.h"
#include "verify_state.h"

/*
 * A key's secret half, apart from the rest so that it alone comes from
 * OpenSSL's secure heap when the application enabled one (as the default
 * provider keeps its private keys), and the public tables do not fill it.
 */
struct n25519_secret {
    uint8_t scalar[32]; /* clamped secret scalar, reduced mod L */
    uint8_t prefix[32]; /* second half of SHA-512(seed), the nonce key */
};

struct n25519_key {
    uint8_t pub[32];               /* as given; hashed as is */
    struct n25519_secret *secret;  /* NULL for a public-only key */
    /*
     * The split tables of -A (7.7 KB), built by the second verification
     * (verify_state.h): until then the key is under 64 bytes, which the
     * allocator serves from its per-thread cache.
     */
    struct edfast_verify_state vstate;
    n25519_ge_vartable *full;
};

/* Expands a seed into the clamped scalar (mod L) and the nonce prefix. */
static void expand_seed(uint8_t scalar[32], uint8_t prefix[32], const uint8_t seed[32])
{
    uint8_t h[64];

    n25519_sha512(h, seed, 32);
    h[0] &= 248;
    h[31] &= 63;
    h[31] |= 64;
    /* Reducing mod L does not change [a]B or S and lets the fixed-base code assume a < L. */
    n25519_sc_reduce32(scalar, h);
    if (prefix != NULL)
        memcpy(prefix, h + 32, 32);
    OPENSSL_cleanse(h, sizeof(h));
}

/* pub = encode([a]B), a the expanded secret scalar. */
static void public_from_scalar(uint8_t pub[32], const uint8_t a[32])
{
    n25519_ge_p3 A;

    n25519_ge_scalarmult_base(&A, a);
    n25519_ge_tobytes(pub, &A);
    OPENSSL_cleanse(&A, sizeof(A));
}

int native_ed25519_derive_public(const uint8_t seed[32], uint8_t pub[32])
{
    uint8_t a[32];

    expand_seed(a, NULL, seed);
    public_from_scalar(pub, a);
    OPENSSL_cleanse(a, sizeof(a));
    return 1;
}

/* A key with no public key yet and, when with_secret, room for the secret half. */
static struct n25519_key *key_alloc(int with_secret)
{
    struct n25519_key *k = OPENSSL_malloc(sizeof(*k));

    if (k == NULL)
        return NULL;
    k->secret = NULL;
    k->full = NULL;
    edfast_vstate_init(&k->vstate);
    if (with_secret && (k->secret = OPENSSL_secure_malloc(sizeof(*k->secret))) == NULL) {
        OPENSSL_free(k);
        return NULL;
    }
    return k;
}

void *native_ed25519_key_new(const uint8_t *seed, const uint8_t pub[32])
{
    struct n25519_key *k = key_alloc(seed != NULL);

    if (k == NULL)
        return NULL;
    memcpy(k->pub, pub, 32);
    if (seed != NULL)
        expand_seed(k->secret->scalar, k->secret->prefix, seed);
    return k;
}

void *native_ed25519_key_from_seed(const uint8_t seed[32], uint8_t pub[32])
{
    struct n25519_key *k = key_alloc(1);

    if (k == NULL)
        return NULL;
    expand_seed(k->secret->scalar, k->secret->prefix, seed);
    public_from_scalar(k->pub, k->secret->scalar);
    memcpy(pub, k->pub, 32);
    return k;
}

void native_ed25519_key_free(void *key)
{
    struct n25519_key *k = key;

    if (k == NULL)
        return;
    /* Only the secret half needs wiping; the tables hold public points. */
    OPENSSL_secure_clear_free(k->secret, sizeof(*k->secret));
    OPENSSL_free(k->full);
    OPENSSL_free(k);
}

/* Starts a hash with dom2(phflag, context), which every instance but pure Ed25519 has. */
static void hash_start(n25519_sha512_ctx *c, const struct edfast_instance *in)
{
    static const char prefix[] = "SigEd25519 no Ed25519 collisions";
    uint8_t flags[2];

    n25519_sha512_init(c);
    if (in->framing == EDFAST_PURE)
        return;
    flags[0] = in->framing == EDFAST_PREHASH;
    flags[1] = (uint8_t)in->context_len;
    n25519_sha512_update(c, prefix, sizeof(prefix) - 1);
    n25519_sha512_update(c, flags, 2);
    if (flags[1])
        n25519_sha512_update(c, in->context, flags[1]);
}

/* k = SHA-512(dom2 || R || A || M) mod L. */
static void challenge(uint8_t k[32], const struct edfast_instance *in, const uint8_t r[32],
                      const uint8_t pub[32], const uint8_t *msg, size_t msg_len)
{
    n25519_sha512_ctx c;
    uint8_t h[64];

    hash_start(&c, in);
    n25519_sha512_update(&c, r, 32);
    n25519_sha512_update(&c, pub, 32);
    n25519_sha512_update(&c, msg, msg_len);
    n25519_sha512_final(&c, h);
    n25519_sc_reduce64(k, h);
}

int native_ed25519_sign(const void *key, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, uint8_t sig[64])
{
    const struct n25519_key *k = key;
    n25519_sha512_ctx c;
    uint8_t h[64], r[32], kh[32];
    n25519_ge_p3 R;

    if (k == NULL || k->secret == NULL)
        return 0;

    /* r = SHA-512(dom2 || prefix || M) mod L, R = [r]B */
    hash_start(&c, instance);
    n25519_sha512_update(&c, k->secret->prefix, 32);
    n25519_sha512_update(&c, msg, msg_len);
    n25519_sha512_final(&c, h);
    n25519_sc_reduce64(r, h);
    n25519_ge_scalarmult_base(&R, r);
    n25519_ge_tobytes(sig, &R);

    /* S = (r + k a) mod L */
    challenge(kh, instance, sig, k->pub, msg, msg_len);
    n25519_sc_muladd(sig + 32, kh, k->secret->scalar, r);

    OPENSSL_cleanse(&c, sizeof(c));
    OPENSSL_cleanse(h, sizeof(h));
    OPENSSL_cleanse(r, sizeof(r));
    OPENSSL_cleanse(&R, sizeof(R));
    return 1;
}

/* One verification's data, for its steps (verify_state.h's edfast_vstate_verify). */
struct verification {
    struct edfast_verify_args in; /* in.key: a struct n25519_key */
    uint8_t kh[32];               /* the challenge */
};

/* The second verification's step: the split tables of -A; 0 when out of memory. */
static int build_tables(void *ctx)
{
    struct n25519_key *k = ((struct verification *)ctx)->in.key;
    n25519_ge_vartable *full = OPENSSL_malloc(sizeof(*full));
    n25519_ge_p3 A, neg_a;

    /* The key decoded at its first verification (SEEN): it decodes again. */
    if (full == NULL || !n25519_ge_frombytes(&A, k->pub)) {
        OPENSSL_free(full);
        return 0;
    }
    n25519_ge_neg(&neg_a, &A);
    n25519_ge_vartable_init(full, &neg_a);
    k->full = full;
    return 1;
}

static void verify_challenge(void *ctx)
{
    struct verification *v = ctx;
    const struct n25519_key *k = v->in.key;

    challenge(v->kh, v->in.instance, v->in.sig, k->pub, v->in.msg, v->in.msg_len);
}

/* Whether [S]B - [k]A encodes as R byte for byte: no cofactor, canonical R only. */
static int verify_full(void *ctx)
{
    const struct verification *v = ctx;
    const struct n25519_key *k = v->in.key;

    return n25519_ge_verify(v->in.sig + 32, v->kh, k->full, v->in.sig);
}

/*
 * The light path (verify_state.h): decodes A, and R on the way (two square
 * roots side by side, point.h), and checks the
 * equation with a light table of -A made on the stack.  Returns 1 valid, 0
 * not; *decodes says whether A decoded.
 */
static int verify_light(void *ctx, int *decodes)
{
    const struct verification *v = ctx;
    const struct n25519_key *k = v->in.key;
    const uint8_t *sig = v->in.sig;
    n25519_ge_lighttable light;
    n25519_ge_p3 A, R, neg_a;
    unsigned found = n25519_ge_frombytes_key_and_r(&A, k->pub, &R, sig);

    *decodes = found & 1;
    /* An R that is no point's canonical encoding matches nothing. */
    if (!(found & 1) || !((found >> 1) & 1))
        return 0;
    n25519_ge_neg(&neg_a, &A);
    n25519_ge_lighttable_init(&light, &neg_a);
    return n25519_ge_verify_light(sig + 32, v->kh, &light, sig, &R);
}

static const struct edfast_verify_ops verify_ops = {
    build_tables, verify_challenge, verify_full, verify_light
};

int native_ed25519_verify(const void *key, const struct edfast_instance *instance,
                          const uint8_t *msg, size_t msg_len, const uint8_t sig[64])
{
    /* The lazily built tables are a cache: logically the key does not change. */
    struct n25519_key *k = (struct n25519_key *)key;
    struct verification v;

    if (k == NULL)
        return 0;
    if (!n25519_sc_is_canonical(sig + 32))
        return 0;
    v.in = (struct edfast_verify_args){ k, instance, msg, msg_len, sig };
    return edfast_vstate_verify(&k->vstate, &verify_ops, &v);
}
