/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Agreement with libdecaf for the instances OpenSSL 3.0's EVP cannot reach:
 * Ed448 with a context and Ed448ph (with and without context), on random
 * seeds, messages and contexts.  Signatures must be byte-identical and each
 * side must accept the other's signature and reject a corrupted one.
 */
#ifdef EDFAST_HAVE_DECAF
#include <decaf/ed448.h>
#endif

#include "ed448/eddsa448.h"
#include "ed448/shake256.h"
#include "native_path.h"

/*
 * Cases when none is given.  The twin on emulated IFMA runs the ifma path's
 * 4-way verification a lane at a time, minutes under ASan for 3000 cases;
 * the real ifma path, where the CPU has it, runs them all.
 */
#ifdef EDFAST_IFMA_EMULATED
#define DECAF_DEFAULT_CASES 300
#else
#define DECAF_DEFAULT_CASES 3000
#endif

#ifndef EDFAST_HAVE_DECAF
int main(void)
{
    printf("SKIPPED: libdecaf not found at configure time\n");
    return ET_SKIP;
}
#else
int main(int argc, char **argv)
{
    long cases = argc > 1 ? atol(argv[1]) : DECAF_DEFAULT_CASES;
    struct et_rng rng = { et_seed_or(0xdeca448) };

    native_path_or_skip();

    for (long i = 0; i < cases; i++) {
        uint8_t seed[57], pub[57], dpub[57], sig[114], dsig[114], msg[300], ctx[255], ph[64];
        size_t len = (size_t)(et_rng_next(&rng) % sizeof(msg));
        size_t ctx_len = (size_t)(et_rng_next(&rng) % 256);
        int prehash = (int)(et_rng_next(&rng) % 2);
        struct edfast_instance inst;
        const uint8_t *m = msg;
        size_t m_len = len;
        void *key;

        if (i % 7 == 0)
            ctx_len = 0;
        et_rng_bytes(&rng, seed, 57);
        et_rng_bytes(&rng, msg, len);
        et_rng_bytes(&rng, ctx, ctx_len);
        inst.framing = prehash ? EDFAST_PREHASH : (ctx_len ? EDFAST_CONTEXT : EDFAST_PURE);
        inst.context = ctx;
        inst.context_len = ctx_len;
        if (prehash) {
            n448_shake256(ph, sizeof(ph), msg, len);
            m = ph;
            m_len = sizeof(ph);
        }

        native_ed448_derive_public(seed, pub);
        decaf_ed448_derive_public_key(dpub, seed);
        ET_CHECK(memcmp(pub, dpub, 57) == 0, "case %ld: public key", i);

        key = native_ed448_key_new(seed, pub);
        ET_CHECK(native_ed448_sign(key, &inst, m, m_len, sig) == 1, "case %ld: sign", i);
        /* the plain (seed, pub) entry point is the one asked for; decaf marks it deprecated */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        decaf_ed448_sign(dsig, seed, dpub, m, m_len, (uint8_t)prehash, ctx, (uint8_t)ctx_len);
#pragma GCC diagnostic pop
        ET_CHECK(memcmp(sig, dsig, 114) == 0, "case %ld: signature (ph %d, ctx %zu)", i, prehash, ctx_len);
        ET_CHECK(native_ed448_verify(key, &inst, m, m_len, dsig) == 1, "case %ld: we reject decaf's", i);
        ET_CHECK(decaf_ed448_verify(sig, pub, m, m_len, (uint8_t)prehash, ctx, (uint8_t)ctx_len)
                  == DECAF_SUCCESS,
                 "case %ld: decaf rejects ours", i);
        sig[et_rng_next(&rng) % 114] ^= (uint8_t)(1u << (et_rng_next(&rng) % 8));
        ET_CHECK(native_ed448_verify(key, &inst, m, m_len, sig)
                  == (decaf_ed448_verify(sig, pub, m, m_len, (uint8_t)prehash, ctx, (uint8_t)ctx_len)
                      == DECAF_SUCCESS),
                 "case %ld: verdicts on a corrupted signature", i);
        native_ed448_key_free(key);
    }
    printf("decaf: %ld cases\n", cases);
    return et_finish("native448_decaf");
}
#endif
