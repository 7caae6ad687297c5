/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RFC 8032 Ed448 / Ed448ph.
 *
 * Verification matches OpenSSL 3.0 (crypto/ec/curve448/eddsa.c): it rejects
 * S >= l (all 57 bytes compared, so byte 56 must be 0), rejects A or R unless
 * they decode under OpenSSL's rule (n448_ge_frombytes), and otherwise accepts
 * exactly when [4]([S]B - [k]A - R) = 0.  OpenSSL compares [S]B - [k]A and R
 * after the 4-isogeny to its twisted curve, up to 2-torsion there; the
 * isogeny kills the 4-torsion of edwards448, and the twisted 2-torsion point
 * is not in the image, so its test is the same cofactored equation.
 */
#include "eddsa448.h"

#include <string.h>
#include <openssl/crypto.h>

#include "point.h"
#include "scalar.h"
#include "scalarmult.h"
#include "shake256.h"
#include "verify_state.h"

/* A seed, a public key and each half of a signature or of the seed's hash. */
#define KEY_BYTES EDFAST_ED448_KEY_BYTES
#define SIG_BYTES (2 * KEY_BYTES)

/*
 * A key's secret half, apart from the rest so that it alone comes from
 * OpenSSL's secure heap when the application enabled one (as the default
 * provider keeps its private keys), and the public tables do not fill it.
 */
struct n448_secret {
    n448_sc scalar;              /* clamped secret scalar mod l */
    uint8_t prefix[KEY_BYTES]; /* second half of SHAKE256(seed, SIG_BYTES) */
};

struct n448_key {
    struct n448_secret *secret; /* NULL for a public-only key */
    uint8_t pub[KEY_BYTES];     /* exactly as given */
    /*
     * The odd-multiple tables of A (24 KiB), built by the second
     * verification (verify_state.h), so that keys never verified twice stay
     * small: A itself is decoded by each light verification, not kept.
     */
    struct edfast_verify_state vstate;
    n448_ge_vartable *table;
};

/* Secret scalar and prefix from a seed (RFC 8032 5.2.5), constant time. */
static void expand_seed(n448_sc *s, uint8_t prefix[KEY_BYTES], const uint8_t seed[KEY_BYTES])
{
    uint8_t h[SIG_BYTES];

    n448_shake256(h, sizeof(h), seed, KEY_BYTES);
    h[0] &= 0xfc;
    h[KEY_BYTES - 1] = 0;
    h[KEY_BYTES - 2] |= 0x80;
    n448_sc_frombytes(s, h, KEY_BYTES);
    if (prefix)
        memcpy(prefix, h + KEY_BYTES, KEY_BYTES);
    OPENSSL_cleanse(h, sizeof(h));
}

/* pub = encode([s]B), s the expanded secret scalar. */
static void public_from_scalar(uint8_t pub[KEY_BYTES], const n448_sc *s)
{
    n448_ge p;

    n448_ge_scalarmult_base(&p, s);
    n448_ge_tobytes(pub, &p);
    OPENSSL_cleanse(&p, sizeof(p));
}

int native_ed448_derive_public(const uint8_t seed[KEY_BYTES], uint8_t pub[KEY_BYTES])
{
    n448_sc s;

    expand_seed(&s, NULL, seed);
    public_from_scalar(pub, &s);
    OPENSSL_cleanse(&s, sizeof(s));
    return 1;
}

/* A key with no public key yet and, when with_secret, room for the secret half. */
static struct n448_key *key_alloc(int with_secret)
{
    struct n448_key *k = OPENSSL_zalloc(sizeof(*k));

    if (k == NULL)
        return NULL;
    edfast_vstate_init(&k->vstate);
    if (with_secret && (k->secret = OPENSSL_secure_malloc(sizeof(*k->secret))) == NULL) {
        OPENSSL_free(k);
        return NULL;
    }
    return k;
}

void *native_ed448_key_new(const uint8_t *seed, const uint8_t pub[KEY_BYTES])
{
    struct n448_key *k;

    if (pub == NULL) /* a caller error, not a key that merely fails to decode */
        return NULL;
    k = key_alloc(seed != NULL);
    if (k == NULL)
        return NULL;
    if (seed != NULL)
        expand_seed(&k->secret->scalar, k->secret->prefix, seed);
    memcpy(k->pub, pub, KEY_BYTES);
    return k;
}

void *native_ed448_key_from_seed(const uint8_t seed[KEY_BYTES], uint8_t pub[KEY_BYTES])
{
    struct n448_key *k = key_alloc(1);

    if (k == NULL)
        return NULL;
    expand_seed(&k->secret->scalar, k->secret->prefix, seed);
    public_from_scalar(k->pub, &k->secret->scalar);
    memcpy(pub, k->pub, KEY_BYTES);
    return k;
}

void native_ed448_key_free(void *key)
{
    struct n448_key *k = key;

    if (k == NULL)
        return;
    /* Only the secret half needs wiping; the rest is public. */
    OPENSSL_secure_clear_free(k->secret, sizeof(*k->secret));
    OPENSSL_free(k->table);
    OPENSSL_free(k);
}

/* SHAKE256 started with dom4(phflag, context), which every Ed448 instance has. */
static void hash_init_dom4(n448_shake256_ctx *c, const struct edfast_instance *inst)
{
    uint8_t hdr[10] = { 'S', 'i', 'g', 'E', 'd', '4', '4', '8', 0, 0 };

    hdr[8] = inst->framing == EDFAST_PREHASH ? 1 : 0;
    hdr[9] = (uint8_t)inst->context_len;
    n448_shake256_init(c);
    n448_shake256_absorb(c, hdr, sizeof(hdr));
    if (inst->context_len > 0)
        n448_shake256_absorb(c, inst->context, inst->context_len);
}

/* k = SHAKE256(dom4 || R || A || M, SIG_BYTES) mod l */
static void challenge(n448_sc *k, const struct edfast_instance *inst, const uint8_t r[KEY_BYTES],
                      const uint8_t pub[KEY_BYTES], const uint8_t *msg, size_t msg_len)
{
    n448_shake256_ctx c;
    uint8_t h[SIG_BYTES];

    hash_init_dom4(&c, inst);
    n448_shake256_absorb(&c, r, KEY_BYTES);
    n448_shake256_absorb(&c, pub, KEY_BYTES);
    n448_shake256_absorb(&c, msg, msg_len);
    n448_shake256_squeeze(&c, h, sizeof(h));
    n448_sc_frombytes(k, h, sizeof(h));
}

int native_ed448_sign(const void *key, const struct edfast_instance *instance,
                      const uint8_t *msg, size_t msg_len, uint8_t sig[SIG_BYTES])
{
    const struct n448_key *k = key;
    n448_shake256_ctx c;
    uint8_t h[SIG_BYTES];
    n448_sc r, ch, s;
    n448_ge rp;

    if (k == NULL || k->secret == NULL)
        return 0;
    if (msg == NULL) /* msg_len is 0 */
        msg = (const uint8_t *)"";
    hash_init_dom4(&c, instance);

    /* r = SHAKE256(dom4 || prefix || M, SIG_BYTES) mod l */
    n448_shake256_absorb(&c, k->secret->prefix, KEY_BYTES);
    n448_shake256_absorb(&c, msg, msg_len);
    n448_shake256_squeeze(&c, h, sizeof(h));
    n448_sc_frombytes(&r, h, sizeof(h));

    n448_ge_scalarmult_base(&rp, &r);
    n448_ge_tobytes(sig, &rp);

    challenge(&ch, instance, sig, k->pub, msg, msg_len);
    n448_sc_muladd(&s, &ch, &k->secret->scalar, &r);
    n448_sc_tobytes(sig + KEY_BYTES, &s);
    OPENSSL_cleanse(&c, sizeof(c));
    OPENSSL_cleanse(h, sizeof(h));
    OPENSSL_cleanse(&r, sizeof(r));
    OPENSSL_cleanse(&s, sizeof(s));
    OPENSSL_cleanse(&rp, sizeof(rp));
    return 1;
}

/* One verification's data, for its steps (verify_state.h's edfast_vstate_verify). */
struct verification {
    struct edfast_verify_args in; /* in.key: a struct n448_key */
    n448_sc s, ch;                /* S and the challenge */
};

/* The second verification's step: the tables of A; 0 when out of memory. */
static int build_tables(void *ctx)
{
    struct n448_key *k = ((struct verification *)ctx)->in.key;
    n448_ge_vartable *t = OPENSSL_malloc(sizeof(*t));
    n448_ge A;

    /* The key decoded at its first verification (SEEN): it decodes again. */
    if (t == NULL || !n448_ge_frombytes(&A, k->pub) || !n448_ge_vartable_init(t, &A)) {
        OPENSSL_free(t);
        return 0;
    }
    k->table = t;
    return 1;
}

static void verify_challenge(void *ctx)
{
    struct verification *v = ctx;
    const struct n448_key *k = v->in.key;

    challenge(&v->ch, v->in.instance, v->in.sig, k->pub, v->in.msg, v->in.msg_len);
    n448_sc_frombytes(&v->s, v->in.sig + KEY_BYTES, KEY_BYTES);
}

/* The full path compares with R's encoding; the light one needs R as a point. */
static int verify_full(void *ctx)
{
    const struct verification *v = ctx;
    const struct n448_key *k = v->in.key;

    return n448_ge_verify(&v->s, &v->ch, k->table, v->in.sig);
}

/*
 * The light path (verify_state.h): decodes A, and R on the way
 * (n448_ge_frombytes_key_and_r: on the ifma path the two roots take the time of
 * one), and checks the equation with A as a point.  Returns 1 valid, 0 not;
 * *decodes says whether A decoded.
 */
static int verify_light(void *ctx, int *decodes)
{
    const struct verification *v = ctx;
    const struct n448_key *k = v->in.key;
    n448_ge A, R;
    unsigned found = n448_ge_frombytes_key_and_r(&A, k->pub, &R, v->in.sig);

    *decodes = found & 1;
    /* An R that is no point's canonical encoding matches nothing. */
    if (!(found & 1) || !((found >> 1) & 1))
        return 0;
    return n448_ge_verify_light(&v->s, &v->ch, &A, &R);
}

static const struct edfast_verify_ops verify_ops = {
    build_tables, verify_challenge, verify_full, verify_light
};

int native_ed448_verify(const void *key, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, const uint8_t sig[SIG_BYTES])
{
    /* The lazily built state is a cache: logically the key does not change. */
    struct n448_key *k = (struct n448_key *)key;
    struct verification v;

    if (k == NULL)
        return 0;
    if (msg == NULL) /* msg_len is 0 */
        msg = (const uint8_t *)"";
    if (!n448_sc_is_canonical(sig + KEY_BYTES))
        return 0;
    v.in = (struct edfast_verify_args){ k, instance, msg, msg_len, sig };
    return edfast_vstate_verify(&k->vstate, &verify_ops, &v);
}
