/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant time of the sodium and decaf backends' glue (and of what it calls
 * in libsodium and libdecaf), run under valgrind memcheck: the seed is marked
 * undefined (VALGRIND_MAKE_MEM_UNDEFINED) before a key state is made and sign is
 * called through backend.h, so a branch or a memory index that depends on it is
 * reported and fails the run.  Public results (the public key, the
 * signature) are marked defined before they are checked.
 *
 *   hardening_ct_glue            key_from_seed deriving the public key, then
 *                                sign (every framing the backend serves)
 *   hardening_ct_glue given-pub  key_from_pair given the seed and its public key
 *                                (EVP_PKEY_fromdata with both halves)
 *
 * Without valgrind the program still runs and checks the signatures.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include <openssl/err.h>
#include "backend.h"
#include "edfast_test_util.h"

static void exercise(const struct edfast_curve_ops *b, enum edfast_curve curve, int given_pub,
                     struct et_rng *rng)
{
    static const uint8_t context[3] = {'f', 'o', 'o'};
    const struct edfast_curve_ops *ref = edfast_backend_by_name("openssl")->curve[curve];
    size_t klen = edfast_key_bytes(curve);
    uint8_t seed[EDFAST_MAX_KEY_BYTES], pub[EDFAST_MAX_KEY_BYTES], sig[EDFAST_MAX_SIG_BYTES];
    uint8_t msg[48];

    for (int round = 0; round < 3; round++) {
        void *state, *check;

        (void)check;

        et_rng_bytes(rng, seed, klen);
        et_rng_bytes(rng, msg, sizeof(msg));
        if (given_pub)
            ET_CHECK(ref->derive_public(seed, pub), "reference public key");
        VALGRIND_MAKE_MEM_UNDEFINED(seed, klen);
        state = given_pub ? b->key_from_pair(seed, pub) : b->key_from_seed(seed, pub);
        VALGRIND_MAKE_MEM_DEFINED(pub, klen);
        ET_CHECK(state != NULL, "%s key state", b->backend);
        if (state == NULL)
            continue;
        for (int f = 0; f < EDFAST_FRAMING_COUNT; f++) {
            struct edfast_instance in = {(enum edfast_framing)f, f == EDFAST_PURE ? NULL : context,
                                         f == EDFAST_PURE ? 0 : sizeof(context)};

            if (f == EDFAST_PURE && curve == EDFAST_ED448) {
                in.context = NULL;
                in.context_len = 0;
            }
            /* the reference where it frames this instance, else the backend itself */
            const struct edfast_curve_ops *v = edfast_ops_serve(ref, (enum edfast_framing)f) ? ref : b;

            if (!edfast_ops_serve(b, (enum edfast_framing)f))
                continue;
            check = v->key_from_pair(NULL, pub);
            ET_CHECK(b->sign(state, &in, msg, sizeof(msg), sig) == 1, "%s sign framing %d",
                     b->backend, f);
            VALGRIND_MAKE_MEM_DEFINED(sig, 2 * klen);
            ET_CHECK(check != NULL && v->verify(check, &in, msg, sizeof(msg), sig) == 1,
                     "%s: %s verifies the signature (framing %d)", b->backend, v->backend, f);
            v->key_free(check);
        }
        b->key_free(state);
        VALGRIND_MAKE_MEM_DEFINED(seed, klen);
    }
}

int main(int argc, char **argv)
{
    int given_pub = argc > 1 && strcmp(argv[1], "given-pub") == 0;
    static const char *const names[] = {"sodium", "decaf"};
    struct et_rng rng;
    int tested = 0;

    et_rng_seed(&rng, 8);
    if (!edfast_backends_acquire()) {
        fprintf(stderr, "backends do not start\n");
        return 1;
    }
    for (size_t i = 0; i < 2; i++) {
        const struct edfast_backend *b = edfast_backend_by_name(names[i]);

        if (b == NULL) {
            printf("%s: not in this build\n", names[i]);
            continue;
        }
        for (int curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
            if (b->curve[curve] != NULL) {
                if (!edfast_ops_ready(b->curve[curve])) {
                    fprintf(stderr, "%s: not ready\n", names[i]);
                    ERR_print_errors_fp(stderr);
                    return 1;
                }
                printf("%s %s%s\n", names[i], curve == EDFAST_ED25519 ? "Ed25519" : "Ed448",
                       given_pub ? " (public key given)" : "");
                exercise(b->curve[curve], (enum edfast_curve)curve, given_pub, &rng);
                tested++;
            }
    }
    edfast_backends_release();
    if (tested == 0) {
        printf("SKIPPED: neither libsodium nor libdecaf in this build\n");
        return ET_SKIP;
    }
    return et_finish(given_pub ? "hardening_ct_glue given-pub" : "hardening_ct_glue");
}
