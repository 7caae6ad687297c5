/* The RFC 8032 Ed25519 algorithms on top of field/scalar/point/sha512. */
#include "eddsa25519.h"

#include <string.h>

#include <openssl/crypto.h>

#include "point.h"
#include "scalar.h"
#include "sha512.h"
#include "verify_state.h"

struct first_verify {
    n25519_ge_p3 neg_a;
    n25519_ge_lighttable light;
};

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
     * Built by the first two verifies (verify_state.h), each allocated then,
     * so that a key never verified (most generated keys) is about 100 bytes,
     * which the allocator serves from its per-thread cache.
     */
    struct edfast_verify_state vstate;
    struct first_verify *first; /* -A and its light table (1.4 KB), from the first */
    n25519_ge_vartable *full;   /* its split tables (7.7 KB), from the second */
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
    k->first = NULL;
    k->full = NULL;
    if (with_secret && (k->secret = OPENSSL_secure_malloc(sizeof(*k->secret))) == NULL) {
        OPENSSL_free(k);
        return NULL;
    }
    if (!edfast_vstate_init(&k->vstate)) {
        OPENSSL_secure_free(k->secret);
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
    edfast_vstate_destroy(&k->vstate);
    /* Only the secret half needs wiping; the tables hold public points. */
    OPENSSL_secure_clear_free(k->secret, sizeof(*k->secret));
    OPENSSL_free(k->first);
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

/* The signature's R, when the first verification decodes it along with the key. */
struct first_r {
    const uint8_t *enc;
    n25519_ge_p3 point;
    int decoded; /* 1 decoded, 0 refused, -1 not attempted (the key was decoded before) */
};

/*
 * The first verify's step (verify_state.h): decodes A, keeps -A and its
 * light table, and decodes R on the way (two square roots in 1.4x the
 * time of one on the adx path, point.h).
 */
static int decode_key(void *key, void *arg)
{
    struct n25519_key *k = key;
    struct first_r *r = arg;
    n25519_ge_p3 A;
    struct first_verify *first = OPENSSL_malloc(sizeof(*first));
    unsigned found;

    if (first == NULL)
        return -1;
    found = n25519_ge_frombytes_key_and_r(&A, k->pub, &r->point, r->enc);
    if (!(found & 1)) {
        OPENSSL_free(first);
        return 0;
    }
    r->decoded = (found >> 1) & 1;
    n25519_ge_neg(&first->neg_a, &A);
    n25519_ge_lighttable_init(&first->light, &first->neg_a);
    k->first = first;
    return 1;
}

/* The second verify's step: the split tables of -A (0 when out of memory). */
static int build_tables(void *key)
{
    struct n25519_key *k = key;
    n25519_ge_vartable *full = OPENSSL_malloc(sizeof(*full));

    if (full == NULL)
        return 0;
    n25519_ge_vartable_init(full, &k->first->neg_a);
    k->full = full;
    return 1;
}

int native_ed25519_verify(const void *key, const struct edfast_instance *instance,
                          const uint8_t *msg, size_t msg_len, const uint8_t sig[64])
{
    /* The lazily built tables are a cache: logically the key does not change. */
    struct n25519_key *k = (struct n25519_key *)key;
    struct first_r r = { .enc = sig, .decoded = -1 };
    uint8_t kh[32], rcheck[32];
    n25519_ge_p2 R;
    enum edfast_vstate st;

    if (k == NULL)
        return 0;
    if (!n25519_sc_is_canonical(sig + 32))
        return 0;
    st = edfast_vstate_advance(&k->vstate, k, &r, decode_key, build_tables);
    if (st == EDFAST_VSTATE_NONE) /* out of memory for the first step */
        return -1;
    /* An R that is no point's canonical encoding matches nothing. */
    if (st == EDFAST_VSTATE_BAD || r.decoded == 0)
        return 0;
    challenge(kh, instance, sig, k->pub, msg, msg_len);
    /* Whether [S]B - [k]A encodes as R byte for byte: no cofactor, canonical R only. */
    if (st != EDFAST_VSTATE_FULL)
        return n25519_ge_verify_light(sig + 32, kh, &k->first->light, sig, r.decoded == 1 ? &r.point : NULL);
    n25519_ge_double_scalarmult_vartime(&R, sig + 32, kh, k->full);
    n25519_ge_p2_tobytes_vartime(rcheck, &R);
    return memcmp(rcheck, sig, 32) == 0;
}
