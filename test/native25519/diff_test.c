/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Differential test against OpenSSL's default provider: random seeds and
 * messages (0..4096 bytes, mostly short); public keys and signatures must be
 * byte-identical, our verifier must accept OpenSSL's signature, and a flipped
 * bit must be rejected.  OpenSSL's verify is slow (docs/performance.md,
 * "Figures from code comments"), so it checks
 * our signature and the flipped bit on every 8th case, and random mutations
 * of the public key and signature (including S >= L) on every 16th, always
 * against our verdict.  Two threads share the cases (the machine has two
 * cores).  argv[1]: number of cases, argv[2]: PRNG seed.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers, stat */

#include <pthread.h>

#include <openssl/evp.h>

#include "ed25519/eddsa25519.h"
#include "native_path.h"

/* Thread-local: each thread of the run draws its own reproducible sequence. */
static _Thread_local struct et_rng rng;

static _Thread_local EVP_MD_CTX *MD;

static const uint8_t L_BYTES[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
};

static int evp_verify(const uint8_t pub[32], const uint8_t *msg, size_t mlen, const uint8_t sig[64])
{
    EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    int ok = 0;

    EVP_MD_CTX_reset(MD);
    if (pk != NULL && EVP_DigestVerifyInit(MD, NULL, NULL, NULL, pk) == 1)
        ok = EVP_DigestVerify(MD, sig, 64, msg, mlen) == 1;
    EVP_PKEY_free(pk);
    return ok;
}

static int native_verify_fresh(const uint8_t pub[32], const uint8_t *msg, size_t mlen,
                               const uint8_t sig[64])
{
    static const struct edfast_instance pure = { EDFAST_PURE, NULL, 0 };
    void *k = native_ed25519_key_new(NULL, pub);
    int ok = native_ed25519_verify(k, &pure, msg, mlen, sig);

    native_ed25519_key_free(k);
    return ok;
}

static size_t random_len(void)
{
    uint64_t r = et_rng_next(&rng) % 100;

    if (r < 75)
        return (size_t)(et_rng_next(&rng) % 65);
    if (r < 95)
        return (size_t)(et_rng_next(&rng) % 513);
    return (size_t)(et_rng_next(&rng) % 4097);
}

/* s += L over 256 bits (S >= L afterwards when it fits). */
static void add_l(uint8_t s[32])
{
    unsigned carry = 0;

    for (int i = 0; i < 32; i++) {
        carry += s[i] + L_BYTES[i];
        s[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

struct job {
    long first, count, mutations;
    uint64_t seed;
};

static void *run(void *arg)
{
    static const struct edfast_instance pure = { EDFAST_PURE, NULL, 0 };
    static _Thread_local uint8_t msg[4096];
    struct job *job = arg;

    MD = EVP_MD_CTX_new();
    et_rng_seed(&rng, job->seed);
    for (long i = job->first; i < job->first + job->count && et_failures < 20; i++) {
        uint8_t seed[32], pub[32], opub[32], sig[64], osig[64], bad[64], mpub[32];
        size_t mlen = random_len(), olen = 32, slen = 64;
        const int with_evp = (i & 7) == 0;
        EVP_PKEY *sk;
        void *k;
        int v1, v2;

        et_rng_bytes(&rng, seed, 32);
        et_rng_bytes(&rng, msg, mlen);

        sk = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
        ET_CHECK(sk && EVP_PKEY_get_raw_public_key(sk, opub, &olen) == 1, "EVP key");
        EVP_MD_CTX_reset(MD);
        ET_CHECK(EVP_DigestSignInit(MD, NULL, NULL, NULL, sk) == 1
                 && EVP_DigestSign(MD, osig, &slen, msg, mlen) == 1 && slen == 64, "EVP sign");
        EVP_PKEY_free(sk);

        ET_CHECK(native_ed25519_derive_public(seed, pub) == 1 && memcmp(pub, opub, 32) == 0,
                 "case %ld: public key differs", i);
        k = native_ed25519_key_new(seed, pub);
        ET_CHECK(native_ed25519_sign(k, &pure, msg, mlen, sig) == 1 && memcmp(sig, osig, 64) == 0,
                 "case %ld: signature differs (len %zu)", i, mlen);
        /* Cross verification: our verifier on OpenSSL's signature and vice versa. */
        ET_CHECK(native_ed25519_verify(k, &pure, msg, mlen, osig) == 1, "case %ld: native rejects", i);
        if (with_evp)
            ET_CHECK(evp_verify(pub, msg, mlen, sig) == 1, "case %ld: OpenSSL rejects ours", i);

        /* One flipped bit in the signature or the message: rejected (by both, when asked). */
        memcpy(bad, sig, 64);
        if (mlen && (i & 2)) {
            size_t bit = (size_t)(et_rng_next(&rng) % (mlen * 8));

            msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            v1 = native_ed25519_verify(k, &pure, msg, mlen, bad);
            v2 = with_evp ? evp_verify(pub, msg, mlen, bad) : 0;
            msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        } else {
            size_t bit = (size_t)(et_rng_next(&rng) % 512);

            bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            v1 = native_ed25519_verify(k, &pure, msg, mlen, bad);
            v2 = with_evp ? evp_verify(pub, msg, mlen, bad) : 0;
        }
        ET_CHECK(v1 == v2 && v1 == 0, "case %ld: flipped bit verdicts %d/%d", i, v1, v2);

        /* Mutations of the key and signature. */
        if ((i & 15) == 8) {
            memcpy(bad, sig, 64);
            memcpy(mpub, pub, 32);
            switch (et_rng_next(&rng) % 6) {
            case 0: /* S + L: same value mod L, must be rejected */
                add_l(bad + 32);
                break;
            case 1: /* random high bits in S */
                bad[63] |= (uint8_t)(0x10 << (et_rng_next(&rng) % 4));
                break;
            case 2: /* random public key bytes */
                et_rng_bytes(&rng, mpub, 32);
                break;
            case 3: /* sign bit of A flipped */
                mpub[31] ^= 0x80;
                break;
            case 4: /* random R */
                et_rng_bytes(&rng, bad, 32);
                break;
            default: /* signature of another message */
                msg[0] ^= 0x55;
                if (!mlen)
                    msg[0] ^= 0x55;
                break;
            }
            v1 = native_verify_fresh(mpub, msg, mlen, bad);
            v2 = evp_verify(mpub, msg, mlen, bad);
            ET_CHECK(v1 == v2, "case %ld: mutation verdicts native %d OpenSSL %d", i, v1, v2);
            job->mutations++;
        }
        native_ed25519_key_free(k);
    }
    EVP_MD_CTX_free(MD);
    return NULL;
}

int main(int argc, char **argv)
{
    long cases = argc > 1 ? strtol(argv[1], NULL, 10) : NATIVE_DIFF_DEFAULT_CASES;
    uint64_t seedval = argc > 2 ? strtoull(argv[2], NULL, 10) : 5;
    struct job jobs[2] = { { 0, cases / 2, 0, seedval }, { cases / 2, cases - cases / 2, 0, seedval + 1 } };
    pthread_t th;

    native_path_or_skip();

    printf("test_diff: %ld cases, seed %llu\n", cases, (unsigned long long)seedval);
    if (pthread_create(&th, NULL, run, &jobs[1]) != 0) {
        run(&jobs[1]);
        run(&jobs[0]);
    } else {
        run(&jobs[0]);
        pthread_join(th, NULL);
    }
    printf("%ld mutations compared\n", jobs[0].mutations + jobs[1].mutations);
    return et_finish("native25519_diff");
}
