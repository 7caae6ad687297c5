/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time check (ct_check.h: under valgrind memcheck, or in a
 * MemorySanitizer build): the seed (and the message nonce it leads to) is
 * marked secret, so any branch or memory index that depends on it in
 * derive_public, key_from_seed, key_new or sign is reported and fails the
 * run.  Each output must still carry the mark (ct_still_secret), which shows
 * the tool followed the secret through the path's code; it is then marked
 * public, since comparing outputs is fine.
 *
 * "native25519_ct leak" adds a deliberate branch on the secret, so that CTest
 * shows the check catches one (expected to fail).
 */
#include "ct_check.h"
#include "ed25519/eddsa25519.h"
#include "native_path.h"

static struct et_rng rng;

/*
 * Whether the checker follows the secret through all of this path's code, so
 * that every output must come out still marked (ct_still_secret).  Not
 * MemorySanitizer on the adx path: it takes the outputs of inline assembly,
 * which the adx field arithmetic is, as initialised, so there it follows the
 * secret through the hashing and the scalar arithmetic but past no field
 * operation; valgrind (native25519_ct_adx in a build without sanitizers)
 * checks the whole path.
 */
static int checker_follows_path(void)
{
#ifdef CT_MSAN
    return edfast_native_cpu()->path != EDFAST_NATIVE_ADX;
#else
    return 1;
#endif
}

int main(int argc, char **argv)
{
    static const uint8_t ctx[3] = { 'f', 'o', 'o' };
    const struct edfast_instance inst[3] = {
        { EDFAST_PURE, NULL, 0 }, { EDFAST_CONTEXT, ctx, 3 }, { EDFAST_PREHASH, NULL, 0 }
    };
    uint8_t seed[32], pub[32], pub2[32], sig[64], sig2[64], msg[64];
    const int leak = argc > 1 && strcmp(argv[1], "leak") == 0;
    int marks_kept;

    native_path_or_skip();
    ct_checker_or_skip();
    marks_kept = checker_follows_path();
    if (!marks_kept)
        printf("MemorySanitizer loses the secret in the adx path's inline assembly: "
               "native25519_ct_adx under valgrind checks this path\n");
    et_rng_seed(&rng, 6);
    for (int round = 0; round < 4; round++) {
        void *k;

        et_rng_bytes(&rng, seed, 32);
        et_rng_bytes(&rng, msg, sizeof(msg));
        /* derive_public with a secret seed */
        ct_secret(seed, 32);
        native_ed25519_derive_public(seed, pub);
        ET_CHECK(!marks_kept || ct_still_secret(pub, 32), "derive_public's key lost the mark");
        ct_public(pub, 32);
        ct_public(seed, 32);
        native_ed25519_derive_public(seed, pub2);
        ET_CHECK(memcmp(pub, pub2, 32) == 0, "derive_public is deterministic");

        /* key_from_seed: the key generation path (one hash of the seed for both halves) */
        ct_secret(seed, 32);
        k = native_ed25519_key_from_seed(seed, pub2);
        ET_CHECK(k != NULL, "key_from_seed");
        ET_CHECK(!marks_kept || ct_still_secret(pub2, 32), "key_from_seed's key lost the mark");
        ct_public(pub2, 32);
        ET_CHECK(memcmp(pub, pub2, 32) == 0, "key_from_seed derives derive_public's key");
        native_ed25519_key_free(k);

        /* key_new and sign with the seed secret; pub is public */
        ct_secret(seed, 32);
        if (leak && (seed[5] & 1)) /* the bug this test exists to catch */
            msg[0] ^= 1;
        k = native_ed25519_key_new(seed, pub);
        ET_CHECK(k != NULL, "key_new");
        for (int f = 0; f < 3; f++) {
            ET_CHECK(native_ed25519_sign(k, &inst[f], msg, sizeof(msg), sig) == 1, "sign");
            ET_CHECK(!marks_kept || (ct_still_secret(sig, 32) && ct_still_secret(sig + 32, 32)),
                     "R or S lost the mark");
            ct_public(sig, 64);
            /* The signature must still be right: verify it with a public-only key. */
            {
                void *pk = native_ed25519_key_new(NULL, pub);

                ET_CHECK(native_ed25519_verify(pk, &inst[f], msg, sizeof(msg), sig) == 1,
                         "round %d framing %d: signature does not verify", round, f);
                native_ed25519_key_free(pk);
            }
            /* and be deterministic */
            ET_CHECK(native_ed25519_sign(k, &inst[f], msg, sizeof(msg), sig2) == 1, "sign again");
            ct_public(sig2, 64);
            ET_CHECK(memcmp(sig, sig2, 64) == 0, "sign is deterministic");
        }
        native_ed25519_key_free(k);
        ct_public(seed, 32);
    }
    return et_finish("native25519_ct");
}
