/* SPDX-License-Identifier: Apache-2.0 */
/*
 * edfast's encoders (PrivateKeyInfo, EncryptedPrivateKeyInfo,
 * SubjectPublicKeyInfo as DER or PEM, and text) on keys made from the input,
 * held to the default provider's encoders: the same verdict, and the same
 * bytes wherever OpenSSL's output is deterministic (everything but
 * encryption, whose salt and IV are random).  What edfast writes must decode
 * back, by edfast's decoders and by the default provider's, to the key it
 * came from.
 *
 * Input: flags (bit 0 curve; bit 1 public key only; bits 2-4 output:
 * PrivateKeyInfo DER/PEM, EncryptedPrivateKeyInfo DER/PEM,
 * SubjectPublicKeyInfo DER/PEM, text, PEM of no named structure; bits 5-6
 * selection: keypair, public key, private key, parameters; bit 7 the key is
 * the default provider's, which OpenSSL exports to edfast's key management
 * for edfast's encoders), cipher selector
 * (bits 0-2: none, AES-128-CBC, AES-256-CBC, DES-EDE3-CBC, CAMELLIA-128-CBC,
 * AES-128-GCM, a name no provider has, none; bits 3-7 passphrase length,
 * up to 20), the passphrase, then the seed or the public key.
 */
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
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

struct output {
    const char *type, *structure;
};

static const struct output outputs[] = {
    {"DER", "PrivateKeyInfo"},
    {"PEM", "PrivateKeyInfo"},
    {"DER", "EncryptedPrivateKeyInfo"},
    {"PEM", "EncryptedPrivateKeyInfo"},
    {"DER", "SubjectPublicKeyInfo"},
    {"PEM", "SubjectPublicKeyInfo"},
    {"TEXT", NULL},
    {"PEM", NULL},
};

static const int selections[] = {EVP_PKEY_KEYPAIR, EVP_PKEY_PUBLIC_KEY,
                                 OSSL_KEYMGMT_SELECT_PRIVATE_KEY,
                                 OSSL_KEYMGMT_SELECT_ALL_PARAMETERS};

static const char *const ciphers[] = {NULL, "AES-128-CBC", "AES-256-CBC", "DES-EDE3-CBC",
                                      "CAMELLIA-128-CBC", "AES-128-GCM", "NO-SUCH-CIPHER", NULL};

struct job {
    const struct output *out;
    int selection;
    const char *cipher;
    uint8_t pass[20];
    size_t pass_len;
};

/* 1 with the encoding in *buf (OPENSSL_free it), 0 when the encoders refuse. */
static int encode(const struct job *job, EVP_PKEY *pkey, const char *propq, unsigned char **buf,
                  size_t *len)
{
    OSSL_ENCODER_CTX *ectx = OSSL_ENCODER_CTX_new_for_pkey(pkey, job->selection, job->out->type,
                                                           job->out->structure, propq);
    int ok = ectx != NULL && OSSL_ENCODER_CTX_get_num_encoders(ectx) > 0;

    *buf = NULL;
    *len = 0;
    if (ok && job->cipher != NULL)
        ok = OSSL_ENCODER_CTX_set_cipher(ectx, job->cipher, NULL) == 1
            && OSSL_ENCODER_CTX_set_passphrase(ectx, job->pass, job->pass_len) == 1;
    ok = ok && OSSL_ENCODER_to_data(ectx, buf, len) == 1;
    if (!ok) {
        OPENSSL_free(*buf);
        *buf = NULL;
        *len = 0;
    }
    OSSL_ENCODER_CTX_free(ectx);
    ERR_clear_error();
    return ok;
}

static EVP_PKEY *decode(const struct job *job, OSSL_LIB_CTX *ctx, const char *propq,
                        const unsigned char *buf, size_t len)
{
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *dctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, job->out->type, NULL, NULL, 0,
                                                           ctx, propq);

    if (dctx != NULL && OSSL_DECODER_CTX_set_passphrase(dctx, job->pass, job->pass_len) == 1
            && OSSL_DECODER_from_data(dctx, &buf, &len) == 1) {
        OSSL_DECODER_CTX_free(dctx);
        ERR_clear_error();
        return pkey;
    }
    EVP_PKEY_free(pkey);
    OSSL_DECODER_CTX_free(dctx);
    ERR_clear_error();
    return NULL;
}

/* The decoded key holds what the encoding carried of the original key. */
static void check_decoded(const char *who, EVP_PKEY *decoded, const EVP_PKEY *orig,
                          int has_private)
{
    uint8_t pub[ET_MAX_KEY], priv[ET_MAX_KEY], opub[ET_MAX_KEY], opriv[ET_MAX_KEY];
    size_t pub_len, priv_len, opub_len, opriv_len;

    FZ_ASSERT(decoded != NULL, "%s cannot decode edfast's encoding", who);
    FZ_ASSERT(EVP_PKEY_get_id(decoded) == EVP_PKEY_get_id(orig), "%s: key type differs", who);
    FZ_ASSERT(fz_raw(decoded, pub, &pub_len, priv, &priv_len)
                  && fz_raw(orig, opub, &opub_len, opriv, &opriv_len),
              "%s: raw export", who);
    FZ_ASSERT(pub_len == opub_len && memcmp(pub, opub, pub_len) == 0, "%s: public key differs",
              who);
    FZ_ASSERT(priv_len == (has_private ? opriv_len : 0) && memcmp(priv, opriv, priv_len) == 0,
              "%s: private key differs (%zu bytes, %zu)", who, priv_len, opriv_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_input in = {data, size};
    uint8_t flags = fz_byte(&in), cipher = fz_byte(&in);
    enum et_curve curve = (enum et_curve)(flags & 1);
    int public_only = (flags >> 1) & 1, foreign = flags >> 7;
    struct job job = {&outputs[(flags >> 2) & 7], selections[(flags >> 5) & 3], ciphers[cipher & 7],
                      {0}, 0};
    uint8_t key[ET_MAX_KEY];
    struct et_env *env;
    EVP_PKEY *pkey, *ref;
    unsigned char *got = NULL, *want = NULL;
    size_t got_len, want_len;
    int got_ok, want_ok, deterministic;

    fz_setup();
    fz_setup_alone();
    job.pass_len = fz_bytes(&in, job.pass, (cipher >> 3) % 21);
    fz_fill(&in, key, et_key_len(curve));
    ref = et_key(fz.ref, curve, ET_DEFAULT, public_only ? NULL : key, public_only ? key : NULL);
    ERR_clear_error();
    if (ref == NULL)
        return 0; /* not a key OpenSSL takes: fuzz_import's business */
    /* each input through one backend's instance, in turn */
    env = foreign ? fz.ref : &fz_alone[in.len % fz_alone_count];
    if (foreign) {
        pkey = ref;
        EVP_PKEY_up_ref(pkey);
    } else {
        pkey = et_key(env, curve, ET_EDFAST, public_only ? NULL : key, public_only ? key : NULL);
        FZ_ASSERT(pkey != NULL, "edfast refuses a key the default provider takes");
    }
    got_ok = encode(&job, pkey, ET_EDFAST, &got, &got_len);
    want_ok = encode(&job, ref, ET_DEFAULT, &want, &want_len);
    FZ_ASSERT(got_ok == want_ok, "%s %s/%s selection %d cipher %s: edfast %s, default %s",
              et_curve_name(curve), job.out->type,
              job.out->structure != NULL ? job.out->structure : "-", job.selection,
              job.cipher != NULL ? job.cipher : "-", got_ok ? "encodes" : "refuses",
              want_ok ? "encodes" : "refuses");
    /* Encryption draws a salt and an IV; a cipher leaves public keys and text as they are. */
    deterministic = job.cipher == NULL || strcmp(job.out->type, "TEXT") == 0
        || (job.out->structure != NULL && strcmp(job.out->structure, "SubjectPublicKeyInfo") == 0);
    if (got_ok && deterministic && (got_len != want_len || memcmp(got, want, got_len) != 0)) {
        fz_hex("edfast", got, got_len);
        fz_hex("default", want, want_len);
        FZ_ASSERT(0, "%s %s/%s selection %d: encodings differ", et_curve_name(curve),
                  job.out->type, job.out->structure != NULL ? job.out->structure : "-",
                  job.selection);
    }
    if (got_ok && strcmp(job.out->type, "TEXT") != 0) {
        /* PEM of no named structure carries the private key when one is selected */
        int has_private = job.out->structure != NULL
            ? strstr(job.out->structure, "PrivateKeyInfo") != NULL
            : !public_only && (job.selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
        EVP_PKEY *back;

        back = decode(&job, fz.ref->ctx, ET_DEFAULT, got, got_len);
        check_decoded("the default provider", back, ref, has_private);
        EVP_PKEY_free(back);
        if (!foreign) {
            back = decode(&job, env->ctx, ET_EDFAST, got, got_len);
            check_decoded("edfast", back, ref, has_private);
            FZ_ASSERT(strcmp(et_key_provider(back), "edfast") == 0, "decoded by %s",
                      et_key_provider(back));
            EVP_PKEY_free(back);
        }
    }
    OPENSSL_free(got);
    OPENSSL_free(want);
    EVP_PKEY_free(pkey);
    EVP_PKEY_free(ref);
    ERR_clear_error();
    return 0;
}
