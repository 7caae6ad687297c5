/*
 * Constant-time check (ct_check.h: under valgrind memcheck, or in a
 * MemorySanitizer build): the seed is marked secret, so any branch or memory
 * index that depends on it (or on anything derived from it) in derive_public,
 * key_from_seed, key_new or sign is reported and fails the run.  The outputs
 * are marked public again before they are compared.
 *
 * "native448_ct leak" deliberately branches on the secret so the test
 * harness can show that the check catches it (expected to fail).
 */
#include "ct_check.h"
#include "eddsa448.h"
#include "native_path.h"

int main(int argc, char **argv)
{
    struct edfast_instance insts[3];
    uint8_t seed[57], pub[57], pub2[57], sig[114], msg[100], ctx[8] = "context";
    int leak = argc > 1 && strcmp(argv[1], "leak") == 0;
    void *key;

    native_path_or_skip();
    ct_checker_or_skip();
#if defined(CT_MSAN) && !defined(EDFAST_IFMA_EMULATED)
    /*
     * The ifma path's own Ed448 code is the Keccak of shake256_avx512.c,
     * whose vpternlogq MemorySanitizer checks strictly, as if its operands
     * were branched on: every hash of a secret would be reported.  Its data
     * flow is checked on the emulated twin, by valgrind and by this build.
     */
    if (edfast_native_cpu()->path == EDFAST_NATIVE_IFMA) {
        printf("SKIPPED: MemorySanitizer cannot follow the AVX-512 Keccak (vpternlogq); "
               "native448_ct_ifma_emulated checks its data flow\n");
        return ET_SKIP;
    }
#endif

    insts[0] = (struct edfast_instance){ EDFAST_PURE, NULL, 0 };
    insts[1] = (struct edfast_instance){ EDFAST_CONTEXT, ctx, sizeof(ctx) };
    insts[2] = (struct edfast_instance){ EDFAST_PREHASH, ctx, 3 };
    memset(msg, 0x5a, sizeof(msg));
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 57; i++)
            seed[i] = (uint8_t)(i * 7 + round);
        ct_secret(seed, sizeof(seed));

        if (leak && (seed[3] & 1)) /* the bug this test exists to catch */
            msg[0] ^= 1;

        native_ed448_derive_public(seed, pub);
        ct_public(pub, sizeof(pub));
        /* key_from_seed: the key generation path (one hash of the seed for both halves) */
        key = native_ed448_key_from_seed(seed, pub2);
        ET_CHECK(key != NULL, "key_from_seed");
        ct_public(pub2, sizeof(pub2));
        ET_CHECK(memcmp(pub, pub2, sizeof(pub)) == 0, "key_from_seed derives derive_public's key");
        native_ed448_key_free(key);
        key = native_ed448_key_new(seed, pub);
        for (int k = 0; k < 3; k++) {
            size_t len = insts[k].framing == EDFAST_PREHASH ? 64 : (size_t)(round * 37);

            ET_CHECK(native_ed448_sign(key, &insts[k], msg, len, sig) == 1, "sign");
            ct_public(sig, sizeof(sig));
            ET_CHECK(native_ed448_verify(key, &insts[k], msg, len, sig) == 1, "verify");
        }
        native_ed448_key_free(key);
    }
    return et_finish("native448_ct");
}
