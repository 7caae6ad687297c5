/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time check (ct_check.h: under valgrind memcheck, or in a
 * MemorySanitizer build): the seed is marked secret, so any branch or memory
 * index that depends on it (or on anything derived from it) in derive_public,
 * key_from_seed, key_new or sign is reported and fails the run.  Each output
 * must still carry the mark (ct_still_secret), which shows the tool followed
 * the secret through the path's code, the ifma path's AVX-512 Keccak and
 * 4-way fixed base included; it is then marked public to be compared.  The
 * first key and signature are RFC 8032's, checked against it (known_answer).
 *
 * "native448_ct leak" deliberately branches on the secret so the test
 * harness can show that the check catches it (expected to fail).
 */
#include "ct_check.h"
#include "ed448/eddsa448.h"
#include "native_path.h"

/*
 * RFC 8032's first Ed448 vector (7.4, blank), its seed secret.  A
 * MemorySanitizer build runs no test but these, and on the ifma path its
 * Keccak is its own (ed448/shake256_avx512.c), so that Keccak's results are
 * checked here, where it runs.
 */
static void known_answer(void)
{
    static const struct edfast_instance pure = { EDFAST_PURE, NULL, 0 };
    uint8_t seed[57], pub[57], want_pub[57], sig[114], want_sig[114], empty[1] = { 0 };
    void *key;

    et_unhex("6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3"
             "528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b", seed, sizeof(seed));
    et_unhex("5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778"
             "edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180", want_pub, sizeof(want_pub));
    et_unhex("533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f"
             "2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a"
             "9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4db"
             "b61149f05a7363268c71d95808ff2e652600", want_sig, sizeof(want_sig));
    ct_secret(seed, sizeof(seed));
    key = native_ed448_key_from_seed(seed, pub);
    ET_CHECK(key != NULL, "RFC 8032 7.4 blank: key_from_seed");
    if (key == NULL)
        return;
    ET_CHECK(ct_still_secret(pub, sizeof(pub)), "RFC 8032 7.4 blank: the key lost the mark");
    ct_public(pub, sizeof(pub));
    ET_CHECK(memcmp(pub, want_pub, sizeof(pub)) == 0, "RFC 8032 7.4 blank: public key");
    ET_CHECK(native_ed448_sign(key, &pure, empty, 0, sig) == 1, "RFC 8032 7.4 blank: sign");
    ct_public(sig, sizeof(sig));
    ET_CHECK(memcmp(sig, want_sig, sizeof(sig)) == 0, "RFC 8032 7.4 blank: signature");
    native_ed448_key_free(key);
}

int main(int argc, char **argv)
{
    struct edfast_instance insts[3];
    uint8_t seed[57], pub[57], pub2[57], sig[114], msg[100], ctx[8] = "context";
    int leak = argc > 1 && strcmp(argv[1], "leak") == 0;
    void *key;

    native_path_or_skip();
    ct_checker_or_skip();
    known_answer();
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
        ET_CHECK(ct_still_secret(pub, sizeof(pub)), "derive_public's key lost the mark");
        ct_public(pub, sizeof(pub));
        /* key_from_seed: the key generation path (one hash of the seed for both halves) */
        key = native_ed448_key_from_seed(seed, pub2);
        ET_CHECK(key != NULL, "key_from_seed");
        ET_CHECK(ct_still_secret(pub2, sizeof(pub2)), "key_from_seed's key lost the mark");
        ct_public(pub2, sizeof(pub2));
        ET_CHECK(memcmp(pub, pub2, sizeof(pub)) == 0, "key_from_seed derives derive_public's key");
        native_ed448_key_free(key);
        key = native_ed448_key_new(seed, pub);
        for (int k = 0; k < 3; k++) {
            size_t len = insts[k].framing == EDFAST_PREHASH ? 64 : (size_t)(round * 37);

            ET_CHECK(native_ed448_sign(key, &insts[k], msg, len, sig) == 1, "sign");
            ET_CHECK(ct_still_secret(sig, 57) && ct_still_secret(sig + 57, 57), "R or S lost the mark");
            ct_public(sig, sizeof(sig));
            ET_CHECK(native_ed448_verify(key, &insts[k], msg, len, sig) == 1, "verify");
        }
        native_ed448_key_free(key);
    }
    return et_finish("native448_ct");
}
