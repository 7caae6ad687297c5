/* SPDX-License-Identifier: Apache-2.0 */
/*
 * edfast's decoders (PEM to DER, EncryptedPrivateKeyInfo to PrivateKeyInfo,
 * PrivateKeyInfo and SubjectPublicKeyInfo to keys) through
 * OSSL_DECODER_CTX_new_for_pkey with propq provider=edfast, held to the
 * default provider's decoders: when both give a key, it is the same key;
 * when edfast gives an ED25519/ED448 key the default provider must too
 * (edfast accepting what OpenSSL refuses would be a parser bug).  A decoded
 * key must sign and verify.
 *
 * Input: flags (bits 0-1 input type: none, DER, PEM; bits 2-3 structure: none,
 * PrivateKeyInfo, EncryptedPrivateKeyInfo, SubjectPublicKeyInfo; bits 4-5
 * key type: none, ED25519, ED448; bits 6-7 selection: 0, keypair, public,
 * private), then the encoded data.  Encrypted keys use the passphrase "fuzz".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/decoder.h>
#include <openssl/err.h>
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_setup();
    fz_setup_alone();
    return 0;
}

static const char *const input_types[] = {NULL, "DER", "PEM", NULL};
static const char *const structures[] = {NULL, "PrivateKeyInfo", "EncryptedPrivateKeyInfo",
                                         "SubjectPublicKeyInfo"};
static const char *const key_types[] = {NULL, "ED25519", "ED448", NULL};
static const int selections[] = {0, EVP_PKEY_KEYPAIR,
                                 EVP_PKEY_PUBLIC_KEY, OSSL_KEYMGMT_SELECT_PRIVATE_KEY};

static EVP_PKEY *decode(OSSL_LIB_CTX *ctx, const char *propq, uint8_t flags, const uint8_t *data,
                        size_t size)
{
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *dctx = OSSL_DECODER_CTX_new_for_pkey(
        &pkey, input_types[flags & 3], structures[(flags >> 2) & 3], key_types[(flags >> 4) & 3],
        selections[(flags >> 6) & 3], ctx, propq);
    const unsigned char *p = data;
    size_t len = size;

    if (dctx == NULL) {
        ERR_clear_error();
        return NULL;
    }
    OSSL_DECODER_CTX_set_passphrase(dctx, (const unsigned char *)"fuzz", 4);
    if (!OSSL_DECODER_from_data(dctx, &p, &len)) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    OSSL_DECODER_CTX_free(dctx);
    ERR_clear_error();
    return pkey;
}

static int is_eddsa(const EVP_PKEY *pkey)
{
    return EVP_PKEY_is_a(pkey, "ED25519") || EVP_PKEY_is_a(pkey, "ED448");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t flags;
    EVP_PKEY *ref, *got;
    struct et_env *env;

    fz_setup();
    fz_setup_alone();
    if (size < 1 || size > 8192)
        return 0;
    flags = data[0];
    data++;
    size--;
    if (fz_too_costly(data, size))
        return 0;
    /* each input through one backend's instance, in turn */
    env = &fz_alone[size % fz_alone_count];
    got = decode(env->ctx, ET_EDFAST, flags, data, size);
    if (getenv("FZ_VERBOSE") != NULL)
        fprintf(stderr, "flags %02x: edfast %s\n", flags, got != NULL ? "decoded a key" : "refused");
    if (got == NULL)
        return 0;
    FZ_ASSERT(strcmp(et_key_provider(got), "edfast") == 0, "decoded key is %s's",
              et_key_provider(got));
    FZ_ASSERT(is_eddsa(got), "edfast decoded a key that is not EdDSA");
    ref = decode(fz.ref->ctx, ET_DEFAULT, flags, data, size);
    FZ_ASSERT(ref != NULL, "edfast decoded a key the default provider refuses (flags %02x)",
              flags);
    {
        uint8_t a[ET_MAX_KEY], b[ET_MAX_KEY], pa[ET_MAX_KEY], pb[ET_MAX_KEY];
        size_t al, bl, pal, pbl;
        enum et_curve curve = EVP_PKEY_is_a(got, "ED25519") ? ET_ED25519 : ET_ED448;

        FZ_ASSERT(EVP_PKEY_is_a(ref, et_curve_name(curve)), "key types differ");
        FZ_ASSERT(fz_raw(got, a, &al, pa, &pal) && fz_raw(ref, b, &bl, pb, &pbl), "raw export");
        FZ_ASSERT(al == bl && memcmp(a, b, al) == 0, "public keys differ");
        FZ_ASSERT(pal == pbl && memcmp(pa, pb, pal) == 0, "private halves differ (%zu, %zu)",
                  pal, pbl);
        if (pal != 0) {
            uint8_t sig[ET_MAX_SIG], rsig[ET_MAX_SIG];
            size_t sl = sizeof(sig), rl = sizeof(rsig);

            FZ_ASSERT(et_sign(env, got, ET_EDFAST, data, size, sig, &sl), "decoded key signs");
            FZ_ASSERT(et_sign(fz.ref, ref, ET_DEFAULT, data, size, rsig, &rl), "default signs");
            FZ_ASSERT(sl == rl && memcmp(sig, rsig, sl) == 0, "signatures differ");
            FZ_ASSERT(et_verify(env, got, ET_EDFAST, data, size, sig, sl) == 1, "verify");
        }
    }
    EVP_PKEY_free(ref);
    EVP_PKEY_free(got);
    ERR_clear_error();
    return 0;
}
