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
#include <openssl/provider.h>
#include <openssl/decoder.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include "fuzz_common.h"

/*
 * Library contexts holding edfast alone, one per backend: with the default
 * provider beside it, OpenSSL 3.0 may run the default provider's decoders
 * even under propq provider=edfast, so edfast's own would go untested.
 */
static struct et_env alone[FZ_MAX_ENVS];
static size_t alone_count;

static void setup_alone(void)
{
    static const char *const names[] = {"native", "sodium", "decaf", "openssl"};

    if (alone_count != 0)
        return;
    for (size_t i = 0; i < FZ_MAX_ENVS; i++) {
        struct et_env *env = &alone[alone_count];

        env->ctx = OSSL_LIB_CTX_new();
        FZ_ASSERT(env->ctx != NULL
                      && OSSL_PROVIDER_set_default_search_path(env->ctx, et_provider_dir()),
                  "library context");
        setenv("EDFAST_BACKEND", names[i], 1);
        env->edfast = OSSL_PROVIDER_load(env->ctx, "edfast");
        unsetenv("EDFAST_BACKEND");
        FZ_ASSERT(env->edfast != NULL, "cannot load edfast alone");
        alone_count++;
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_setup();
    setup_alone();
    return 0;
}

static const char *const input_types[] = {NULL, "DER", "PEM", NULL};
static const char *const structures[] = {NULL, "PrivateKeyInfo", "EncryptedPrivateKeyInfo",
                                         "SubjectPublicKeyInfo"};
static const char *const key_types[] = {NULL, "ED25519", "ED448", NULL};
static const int selections[] = {0, EVP_PKEY_KEYPAIR,
                                 EVP_PKEY_PUBLIC_KEY, OSSL_KEYMGMT_SELECT_PRIVATE_KEY};

/*
 * Password-based key derivation whose cost the input sets (PBKDF2 or PBES1
 * iterations, scrypt's N) would let one input run for minutes: such inputs
 * are skipped, as they say nothing about edfast.
 */
static int too_costly_der(const unsigned char *der, long len)
{
    const unsigned char *p = der;
    X509_SIG *p8 = d2i_X509_SIG(NULL, &p, len);
    const X509_ALGOR *alg = NULL;
    const ASN1_OBJECT *oid = NULL;
    const void *pval = NULL;
    int ptype = 0, costly = 0, nid;

    if (p8 == NULL)
        return 0;
    X509_SIG_get0(p8, &alg, NULL);
    X509_ALGOR_get0(&oid, &ptype, &pval, alg);
    nid = OBJ_obj2nid(oid);
    if (nid == NID_pbes2) {
        PBE2PARAM *pbe2 = ptype == V_ASN1_SEQUENCE
            ? ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBE2PARAM), alg->parameter)
            : NULL;

        costly = 1;
        if (pbe2 != NULL && OBJ_obj2nid(pbe2->keyfunc->algorithm) == NID_id_pbkdf2) {
            PBKDF2PARAM *kdf = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBKDF2PARAM),
                                                         pbe2->keyfunc->parameter);

            if (kdf != NULL && kdf->iter != NULL)
                costly = ASN1_INTEGER_get(kdf->iter) > 2048 || ASN1_INTEGER_get(kdf->iter) < 0;
            PBKDF2PARAM_free(kdf);
        }
        PBE2PARAM_free(pbe2);
    } else if (ptype == V_ASN1_SEQUENCE) {
        PBEPARAM *pbe = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBEPARAM),
                                                  alg->parameter);

        costly = pbe == NULL || pbe->iter == NULL || ASN1_INTEGER_get(pbe->iter) > 2048
            || ASN1_INTEGER_get(pbe->iter) < 0;
        PBEPARAM_free(pbe);
    }
    X509_SIG_free(p8);
    return costly;
}

static int too_costly(const uint8_t *data, size_t size)
{
    BIO *bio = BIO_new_mem_buf(data, (int)size);
    char *name = NULL, *header = NULL;
    unsigned char *der = NULL;
    long der_len = 0;
    int costly = too_costly_der(data, (long)size);

    ERR_set_mark();
    /* every PEM block, as a decoder may read any of them */
    while (!costly && bio != NULL && PEM_read_bio(bio, &name, &header, &der, &der_len) > 0) {
        costly = too_costly_der(der, der_len);
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(der);
        name = header = NULL;
        der = NULL;
    }
    ERR_pop_to_mark();
    BIO_free(bio);
    return costly;
}

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
    setup_alone();
    if (size < 1 || size > 8192)
        return 0;
    flags = data[0];
    data++;
    size--;
    if (too_costly(data, size))
        return 0;
    /* each input through one backend's instance, in turn */
    env = &alone[size % alone_count];
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
