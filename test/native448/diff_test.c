/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Differential test against OpenSSL's default provider (pure Ed448 through
 * EVP): for N random (seed, message) cases, the public key and signature must
 * be byte-identical, each side must accept the other's signature (sampled:
 * every 4th case here, every 8th for OpenSSL), and one
 * variant per case must get the same verdict from both: a flipped bit in the
 * signature, message or public key, S + l, high bits of byte 56, random or
 * small-order/non-canonical encodings of A and R, and signatures made valid
 * only up to 4-torsion (R or A moved by a torsion point), which OpenSSL's
 * cofactored check accepts.
 *
 * Usage: native448_diff [cases] (default: default_cases(), or EDFAST_DIFF_CASES); two threads.
 */
#include <pthread.h>

#include "ed448/eddsa448.h"
#include "edwards_ref.h"
#include "ed448/point.h"
#include "ed448/scalar.h"
#include "ed448/shake256.h"
#include "native_path.h"

#define THREADS 2
#define MAX_MSG 4096

/* OpenSSL default-provider reference operations. */
static int ossl_public(const uint8_t seed[57], uint8_t pub[57])
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
static int ossl_sign(EVP_PKEY *k, const uint8_t *msg, size_t msg_len, uint8_t sig[114])
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    size_t sl = 114;
    int ok = c != NULL && EVP_DigestSignInit(c, NULL, NULL, NULL, k) == 1
             && EVP_DigestSign(c, sig, &sl, msg, msg_len) == 1 && sl == 114;

    EVP_MD_CTX_free(c);
    return ok;
}

/* 1 valid, 0 invalid, -1 when OpenSSL refused to set up (never expected). */
static int ossl_verify(const uint8_t pub[57], const uint8_t *msg, size_t msg_len,
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

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t base_seed;
static long total_cases;

struct worker {
    int id;
    long first, count;
    long failures;
    long accepted_variants, variants;
};

static const struct edfast_instance PURE = { EDFAST_PURE, NULL, 0 };

/* The secret scalar of a seed (RFC 8032 5.2.5), computed independently of eddsa448.c. */
static void secret_scalar(n448_sc *a, const uint8_t seed[57])
{
    uint8_t h[114];

    n448_shake256(h, sizeof(h), seed, 57);
    h[0] &= 0xfc;
    h[56] = 0;
    h[55] |= 0x80;
    n448_sc_frombytes(a, h, 57);
}

/* S = r + H(dom4(0, "") || R || A || M) a, for a chosen R encoding and public key bytes. */
static void forge_s(uint8_t sig[114], const n448_sc *r, const n448_sc *a, const uint8_t pub[57],
                    const uint8_t *msg, size_t len)
{
    static const uint8_t dom[10] = { 'S', 'i', 'g', 'E', 'd', '4', '4', '8', 0, 0 };
    uint8_t h[114];
    n448_shake256_ctx c;
    n448_sc k, s;

    n448_shake256_init(&c);
    n448_shake256_absorb(&c, dom, sizeof(dom));
    n448_shake256_absorb(&c, sig, 57);
    n448_shake256_absorb(&c, pub, 57);
    n448_shake256_absorb(&c, msg, len);
    n448_shake256_squeeze(&c, h, sizeof(h));
    n448_sc_frombytes(&k, h, sizeof(h));
    n448_sc_muladd(&s, &k, a, r);
    n448_sc_tobytes(sig + 57, &s);
}

/* One of the three non-identity 4-torsion points (1,0), (0,-1), (-1,0). */
static void torsion_point(n448_ge *t, unsigned which)
{
    ref448_identity(t);
    n448_fe_zero(&t->Y);
    n448_fe_one(&t->X);
    if (which == 1) {
        n448_fe_zero(&t->X);
        n448_fe_one(&t->Y);
        n448_fe_neg(&t->Y, &t->Y);
    } else if (which == 2) {
        n448_fe_neg(&t->X, &t->X);
    }
    n448_fe_zero(&t->T); /* x y = 0 for all three */
}

static void add_points(n448_ge *r, const n448_ge *p, const n448_ge *q)
{
    ref448_cached c;

    ref448_to_cached(&c, q);
    ref448_add(r, p, &c);
}

/* Encodings of y = v (small) or y = p + v (non-canonical), with a sign bit. */
static void small_y(uint8_t out[57], unsigned v, int noncanonical, int sign)
{
    memset(out, 0, 57);
    if (noncanonical) {
        /* p = 2^448 - 2^224 - 1: bytes ff.. with byte 28 = fe; p + v for small v */
        memset(out, 0xff, 56);
        out[28] = 0xfe;
        {
            unsigned carry = v;

            for (int i = 0; i < 56 && carry; i++) {
                unsigned t = out[i] + carry;

                out[i] = (uint8_t)t;
                carry = t >> 8;
            }
        }
    } else {
        out[0] = (uint8_t)v;
        out[1] = (uint8_t)(v >> 8);
        if (v == (unsigned)-1)
            memset(out, 0, 57);
    }
    out[56] = sign ? 0x80 : 0;
}

/*
 * Builds variant number `kind` of (pub, msg, sig) in place.  Returns the
 * number of bytes of msg to use.
 */
static size_t make_variant(struct et_rng *rng, unsigned kind, const uint8_t seed[57], uint8_t pub[57],
                           uint8_t *msg, size_t len, uint8_t sig[114])
{
    n448_sc a, r;
    n448_ge p, t;
    uint8_t raw[114];

    switch (kind) {
    case 0: /* flipped bit in the signature */
        sig[et_rng_next(rng) % 114] ^= (uint8_t)(1u << (et_rng_next(rng) % 8));
        break;
    case 1: /* flipped bit in the message (or a byte appended to an empty one) */
        if (len == 0)
            msg[len++] = 0;
        else
            msg[et_rng_next(rng) % len] ^= (uint8_t)(1u << (et_rng_next(rng) % 8));
        break;
    case 2: /* flipped bit in the public key */
        pub[et_rng_next(rng) % 57] ^= (uint8_t)(1u << (et_rng_next(rng) % 8));
        break;
    case 3: { /* S + l: the same residue, not canonical */
        static const uint8_t l[57] = {
            0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d, 0x72, 0xc2, 0x6c,
            0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4, 0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff,
            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f, 0x00
        };
        unsigned carry = 0;

        for (int i = 0; i < 57; i++) {
            unsigned v = sig[57 + i] + l[i] + carry;

            sig[57 + i] = (uint8_t)v;
            carry = v >> 8;
        }
        break;
    }
    case 4: /* a high bit of byte 56 of R, A or S */
        (et_rng_next(rng) % 3 == 0 ? pub : sig + (et_rng_next(rng) % 2) * 57)[56] |=
            (uint8_t)(1u << (et_rng_next(rng) % 7));
        break;
    case 5: /* random bytes for R or A (about half decode) */
        et_rng_bytes(rng, (et_rng_next(rng) % 2) ? pub : sig, 57);
        (et_rng_next(rng) % 2 ? pub : sig)[56] &= 0x80;
        break;
    case 6: /* R moved by a 4-torsion point, S made valid for it: cofactored-valid */
    case 7: /* A moved by a 4-torsion point, S made valid for it */
        secret_scalar(&a, seed);
        et_rng_bytes(rng, raw, sizeof(raw));
        n448_sc_frombytes(&r, raw, sizeof(raw));
        n448_ge_base(&p);
        {
            /* [r]B by the library's fixed-base path is what sign uses; reuse it */
            extern void n448_ge_scalarmult_base(n448_ge *, const n448_sc *);

            n448_ge_scalarmult_base(&p, &r);
        }
        torsion_point(&t, (unsigned)(et_rng_next(rng) % 3));
        if (kind == 6) {
            add_points(&p, &p, &t);
            n448_ge_tobytes(sig, &p);
        } else {
            n448_ge A;

            n448_ge_tobytes(sig, &p);
            if (n448_ge_frombytes(&A, pub)) {
                add_points(&A, &A, &t);
                n448_ge_tobytes(pub, &A);
            }
        }
        forge_s(sig, &r, &a, pub, msg, len);
        break;
    case 8: /* small-order or identity-like public key / R, in every encoding */
    case 9: { /* non-canonical y = p + v */
        uint8_t *target = (et_rng_next(rng) % 2) ? pub : sig;
        static const unsigned vals[] = { 0, 1, 2, 3 };
        unsigned v = vals[et_rng_next(rng) % 4];

        small_y(target, v, kind == 9, (int)(et_rng_next(rng) % 2));
        if (kind == 8 && et_rng_next(rng) % 4 == 0) {
            /* y = -1 = p - 1 */
            small_y(target, 0, 0, (int)(et_rng_next(rng) % 2));
            memset(target, 0xff, 56);
            target[28] = 0xfe;
            target[0] = 0xfe;
        }
        break;
    }
    default:
        break;
    }
    return len;
}

static size_t random_length(struct et_rng *rng)
{
    uint64_t c = et_rng_next(rng) % 100;

    if (c < 80)
        return (size_t)(et_rng_next(rng) % 65);
    if (c < 95)
        return (size_t)(et_rng_next(rng) % 513);
    return (size_t)(et_rng_next(rng) % (MAX_MSG + 1));
}

static void fail(struct worker *w, long i, const char *what)
{
    pthread_mutex_lock(&report_lock);
    if (w->failures < 10)
        fprintf(stderr, "case %ld (thread %d): %s\n", i, w->id, what);
    pthread_mutex_unlock(&report_lock);
    w->failures++;
}

static void *run(void *arg)
{
    struct worker *w = arg;
    static __thread uint8_t msg[MAX_MSG + 1];

    for (long i = w->first; i < w->first + w->count; i++) {
        struct et_rng rng = { base_seed ^ (uint64_t)i * 0x9e3779b97f4a7c15ULL };
        uint8_t seed[57], pub[57], opub[57], sig[114], osig[114], vpub[57], vsig[114];
        size_t len = random_length(&rng), vlen;
        unsigned kind;
        EVP_PKEY *ok;
        void *key;
        int ours, theirs;

        et_rng_bytes(&rng, seed, 57);
        et_rng_bytes(&rng, msg, len);

        native_ed448_derive_public(seed, pub);
        if (!ossl_public(seed, opub) || memcmp(pub, opub, 57) != 0) {
            fail(w, i, "public key differs");
            continue;
        }
        key = native_ed448_key_new(seed, pub);
        ok = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, seed, 57);
        if (!native_ed448_sign(key, &PURE, msg, len, sig) || !ossl_sign(ok, msg, len, osig)
            || memcmp(sig, osig, 114) != 0)
            fail(w, i, "signature differs");
        /*
         * Cross-verification on every fourth case (the signatures are the
         * same bytes anyway).  It is the key's first verification (light
         * path), so that case's variant below goes through the key's tables.
         */
        if (i % 4 == 0 && native_ed448_verify(key, &PURE, msg, len, osig) != 1)
            fail(w, i, "we reject OpenSSL's signature");
        if (i % 8 == 0 && ossl_verify(pub, msg, len, sig) != 1)
            fail(w, i, "OpenSSL rejects our signature");

        kind = (unsigned)(et_rng_next(&rng) % 10);
        memcpy(vpub, pub, 57);
        memcpy(vsig, sig, 114);
        vlen = make_variant(&rng, kind, seed, vpub, msg, len, vsig);
        {
            void *vk = memcmp(vpub, pub, 57) == 0 ? key : native_ed448_key_new(NULL, vpub);

            ours = native_ed448_verify(vk, &PURE, msg, vlen, vsig);
            /* a fresh key's first verification is the light path; the next uses tables */
            if (vk != key && i % 8 == 1 && native_ed448_verify(vk, &PURE, msg, vlen, vsig) != ours)
                fail(w, i, "light and table verification differ");
            if (vk != key)
                native_ed448_key_free(vk);
        }
        theirs = ossl_verify(vpub, msg, vlen, vsig);
        if (ours != theirs) {
            char what[96];

            snprintf(what, sizeof(what), "variant %u: ours %d, OpenSSL %d", kind, ours, theirs);
            fail(w, i, what);
        }
        w->variants++;
        w->accepted_variants += ours == 1;
        if ((kind == 6 || kind == 7) && ours != 1 && theirs == 1)
            fail(w, i, "torsion variant rejected");

        native_ed448_key_free(key);
        EVP_PKEY_free(ok);
    }
    return NULL;
}

/*
 * The count when none is given.  The portable path and ifma, whose
 * verification runs 4-way IFMA arithmetic of its own (../ed448/accel.h's
 * joint), get the full count.  adx runs the very field, point and scalar
 * functions native448_diff_portable checks, and differs from them only in
 * the fixed-base row scan (native448_point checks it against a plain index
 * for every index), so it checks that the dispatch reaches the right code,
 * with 10,000 cases, not the full count again (which is most of this test's
 * time, OpenSSL's Ed448 being slow).  A path that gets Ed448 arithmetic of
 * its own (a field or point member in ../ed448/accel.h) must get the full
 * count.
 */
static long default_cases(void)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();
    long cases = cpu->path == EDFAST_NATIVE_ADX ? 10000 : NATIVE_DIFF_DEFAULT_CASES;

    if (cases != NATIVE_DIFF_DEFAULT_CASES)
        printf("the %s path runs the portable Ed448 arithmetic (its own code is the row scan): "
               "%ld cases by default (native448_diff_portable runs %d)\n",
               edfast_native_path_name(cpu->path), cases, NATIVE_DIFF_DEFAULT_CASES);
    return cases;
}

int main(int argc, char **argv)
{
    const char *env = getenv("EDFAST_DIFF_CASES");
    struct worker w[THREADS];
    pthread_t th[THREADS];
    long failures = 0, accepted = 0;

    native_path_or_skip();

    total_cases = argc > 1 ? atol(argv[1]) : env ? atol(env) : default_cases();
    base_seed = et_seed_or(0xd1ff448);
    for (int t = 0; t < THREADS; t++) {
        w[t] = (struct worker){ t, total_cases * t / THREADS,
                                total_cases * (t + 1) / THREADS - total_cases * t / THREADS, 0, 0, 0 };
        if (pthread_create(&th[t], NULL, run, &w[t]) != 0)
            run(&w[t]), th[t] = 0;
    }
    for (int t = 0; t < THREADS; t++) {
        if (th[t])
            pthread_join(th[t], NULL);
        failures += w[t].failures;
        accepted += w[t].accepted_variants;
    }
    printf("diff: %ld cases, %ld variants accepted by both sides, %ld failures (seed 0x%llx)\n",
           total_cases, accepted, failures, (unsigned long long)base_seed);
    ET_CHECK(failures == 0, "%ld of %ld cases differ from OpenSSL", failures, total_cases);
    return et_finish("native448_diff");
}
