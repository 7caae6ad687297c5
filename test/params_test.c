/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The calls other tests leave out, each held to what OpenSSL's default
 * provider does with the same call (or, for edfast's own errors, to the
 * reason docs/errors.md gives): key management with unusual selections
 * (parameters only, a private check of a public key, a key without key
 * material), the parameter tables of keys, key generation, signatures and the
 * provider, encoder settings (a cipher under properties only the
 * application's providers have, one that does not exist, none, settings of
 * the wrong type), encryption without a passphrase, structures a key cannot
 * fill, input over the decoders' limit, and per backend a pair whose halves
 * do not belong together and the empty message given as NULL.  With the
 * argument bogus-native-path (run with EDFAST_NATIVE_PATH naming no path):
 * edfast refuses to load, saying why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include "edfast_test_util.h"

/* RFC 8032's seeds. */
static const char *const seeds[ET_CURVES] = {
    "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
    "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463a"
    "fbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
};

struct pair {
    const char *propq;
    EVP_PKEY *key, *pub, *other, *empty; /* pair, its public half, another pair, no material */
};

static EVP_PKEY *paramgen(struct et_env *env, enum et_curve c, const char *propq)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(c), propq);
    EVP_PKEY *key = NULL;

    if (pctx == NULL || EVP_PKEY_paramgen_init(pctx) != 1 || EVP_PKEY_paramgen(pctx, &key) != 1)
        key = NULL;
    EVP_PKEY_CTX_free(pctx);
    return key;
}

static int make_pair(struct et_env *env, enum et_curve c, const char *propq, struct pair *p)
{
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY];
    size_t pub_len = sizeof(pub);

    p->propq = propq;
    et_unhex(seeds[c], seed, sizeof(seed));
    p->key = et_key_from_seed(env, c, propq, seed);
    if (p->key == NULL || !EVP_PKEY_get_raw_public_key(p->key, pub, &pub_len))
        return 0;
    p->pub = et_key(env, c, propq, NULL, pub);
    seed[0] ^= 1;
    p->other = et_key_from_seed(env, c, propq, seed);
    p->empty = paramgen(env, c, propq);
    return p->pub != NULL && p->other != NULL && p->empty != NULL;
}

static void free_pair(struct pair *p)
{
    EVP_PKEY_free(p->key);
    EVP_PKEY_free(p->pub);
    EVP_PKEY_free(p->other);
    EVP_PKEY_free(p->empty);
}

/* Whether every parameter a lists, b lists too with the same type. */
static int listed_in(const OSSL_PARAM *a, const OSSL_PARAM *b, const char **missing)
{
    const OSSL_PARAM *q;

    *missing = NULL;
    for (; a != NULL && a->key != NULL; a++) {
        q = OSSL_PARAM_locate_const(b, a->key);
        if (q == NULL || q->data_type != a->data_type) {
            *missing = a->key;
            return 0;
        }
    }
    return 1;
}

/* ---- key management ---- */

enum check { PARAM_CHECK, PUBLIC_CHECK, PRIVATE_CHECK, PAIRWISE_CHECK, CHECKS };

static int run_check(struct et_env *env, EVP_PKEY *key, const char *propq, enum check check)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(env->ctx, key, propq);
    int r = -9;

    if (pctx != NULL) {
        switch (check) {
        case PARAM_CHECK: r = EVP_PKEY_param_check(pctx); break;
        case PUBLIC_CHECK: r = EVP_PKEY_public_check(pctx); break;
        case PRIVATE_CHECK: r = EVP_PKEY_private_check(pctx); break;
        case PAIRWISE_CHECK: r = EVP_PKEY_pairwise_check(pctx); break;
        case CHECKS: break;
        }
    }
    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
    return r == 1;
}

/* The octet-string parameter name of key: 1 with its bytes, 0 when absent or refused. */
static int get_octets(EVP_PKEY *key, const char *name, uint8_t *out, size_t *len)
{
    int ok = EVP_PKEY_get_octet_string_param(key, name, out, ET_MAX_KEY, len);

    ERR_clear_error();
    return ok == 1;
}

static void test_keymgmt(struct et_env *env, enum et_curve c, struct pair *e, struct pair *d)
{
    const char *curve = et_curve_name(c);
    enum check check;
    uint8_t eb[ET_MAX_KEY], db[ET_MAX_KEY];
    size_t el = 0, dl = 0;
    EVP_PKEY *ek = NULL, *dk = NULL;
    EVP_PKEY_CTX *ectx, *dctx;
    OSSL_PARAM params[2];
    const char *missing = NULL;
    int er, dr;

    /* Every check of a public key and of a key without material. */
    for (check = PARAM_CHECK; check < CHECKS; check++) {
        er = run_check(env, e->pub, e->propq, check);
        dr = run_check(env, d->pub, d->propq, check);
        ET_CHECK(er == dr, "%s public key, check %d: edfast %d, default %d", curve, check, er, dr);
        er = run_check(env, e->empty, e->propq, check);
        dr = run_check(env, d->empty, d->propq, check);
        ET_CHECK(er == dr, "%s empty key, check %d: edfast %d, default %d", curve, check, er, dr);
    }
    er = run_check(env, e->key, e->propq, PARAM_CHECK);
    dr = run_check(env, d->key, d->propq, PARAM_CHECK);
    ET_CHECK(er == dr && er == 1, "%s pair, parameter check: edfast %d, default %d", curve, er, dr);

    /* EdDSA keys have no parameters: any two keys of a curve have the same. */
    er = EVP_PKEY_parameters_eq(e->key, e->other);
    dr = EVP_PKEY_parameters_eq(d->key, d->other);
    ET_CHECK(er == dr, "%s parameters_eq: edfast %d, default %d", curve, er, dr);
    er = EVP_PKEY_eq(e->empty, e->empty);
    dr = EVP_PKEY_eq(d->empty, d->empty);
    ET_CHECK(er == dr, "%s eq of keys without material: edfast %d, default %d", curve, er, dr);

    /* A public key has no private half; a key without material has neither. */
    er = get_octets(e->pub, OSSL_PKEY_PARAM_PRIV_KEY, eb, &el);
    dr = get_octets(d->pub, OSSL_PKEY_PARAM_PRIV_KEY, db, &dl);
    ET_CHECK(er == dr, "%s priv of a public key: edfast %d, default %d", curve, er, dr);
    /*
     * Known answer, not the default provider's: OpenSSL 3.0's answers with
     * success and 0 bytes; a key without a public half has none to give.
     */
    er = get_octets(e->empty, OSSL_PKEY_PARAM_PUB_KEY, eb, &el);
    ET_CHECK(er == 0, "%s pub of an empty key given (%zu bytes)", curve, el);

    /* What edfast says it can tell, the default provider tells too. */
    ET_CHECK(listed_in(EVP_PKEY_gettable_params(e->key), EVP_PKEY_gettable_params(d->key),
                       &missing),
             "%s: edfast's gettable %s, not so in the default provider", curve, missing);

    /* Importing with a selection of parameters only, and a key half of the wrong type. */
    ET_CHECK(get_octets(e->key, OSSL_PKEY_PARAM_PUB_KEY, eb, &el), "%s pub", curve);
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, eb, el);
    params[1] = OSSL_PARAM_construct_end();
    ectx = EVP_PKEY_CTX_new_from_name(env->ctx, curve, e->propq);
    dctx = EVP_PKEY_CTX_new_from_name(env->ctx, curve, d->propq);
    er = EVP_PKEY_fromdata_init(ectx) == 1
        && EVP_PKEY_fromdata(ectx, &ek, EVP_PKEY_KEY_PARAMETERS, params) == 1;
    dr = EVP_PKEY_fromdata_init(dctx) == 1
        && EVP_PKEY_fromdata(dctx, &dk, EVP_PKEY_KEY_PARAMETERS, params) == 1;
    ET_CHECK(er == dr, "%s fromdata, parameters only: edfast %d, default %d", curve, er, dr);
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);
    ek = dk = NULL;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_PUB_KEY, (char *)"x", 0);
    params[0].data_size = el;
    params[0].data = eb;
    er = EVP_PKEY_fromdata(ectx, &ek, EVP_PKEY_PUBLIC_KEY, params) == 1;
    dr = EVP_PKEY_fromdata(dctx, &dk, EVP_PKEY_PUBLIC_KEY, params) == 1;
    ET_CHECK(er == dr && er == 0, "%s fromdata, pub as a UTF8 string: edfast %d, default %d",
             curve, er, dr);
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);
    EVP_PKEY_CTX_free(ectx);
    EVP_PKEY_CTX_free(dctx);
    ERR_clear_error();

    /* The parameters an import takes, a key generation's settings, a short buffer. */
    ectx = EVP_PKEY_CTX_new_from_name(env->ctx, curve, e->propq);
    dctx = EVP_PKEY_CTX_new_from_name(env->ctx, curve, d->propq);
    er = EVP_PKEY_fromdata_init(ectx) == 1 && EVP_PKEY_fromdata_init(dctx) == 1;
    ET_CHECK(er && EVP_PKEY_fromdata_settable(ectx, EVP_PKEY_KEYPAIR) != NULL
                 && listed_in(EVP_PKEY_fromdata_settable(ectx, EVP_PKEY_KEYPAIR),
                              EVP_PKEY_fromdata_settable(dctx, EVP_PKEY_KEYPAIR), &missing),
             "%s: edfast imports %s, the default provider does not", curve,
             missing != NULL ? missing : "nothing");
    er = EVP_PKEY_fromdata_settable(ectx, EVP_PKEY_KEY_PARAMETERS) != NULL;
    dr = EVP_PKEY_fromdata_settable(dctx, EVP_PKEY_KEY_PARAMETERS) != NULL;
    ET_CHECK(er == dr, "%s: import of parameters only: edfast %d, default %d", curve, er, dr);
    ET_CHECK(EVP_PKEY_keygen_init(ectx) == 1 && EVP_PKEY_keygen_init(dctx) == 1
                 && EVP_PKEY_CTX_settable_params(ectx) != NULL
                 && listed_in(EVP_PKEY_CTX_settable_params(ectx),
                              EVP_PKEY_CTX_settable_params(dctx), &missing),
             "%s: edfast's key generation takes %s, the default provider's does not", curve,
             missing != NULL ? missing : "nothing");
    EVP_PKEY_CTX_free(ectx);
    EVP_PKEY_CTX_free(dctx);
    er = EVP_PKEY_get_octet_string_param(e->key, OSSL_PKEY_PARAM_PUB_KEY, eb, 10, &el);
    dr = EVP_PKEY_get_octet_string_param(d->key, OSSL_PKEY_PARAM_PUB_KEY, db, 10, &dl);
    ET_CHECK(er == dr && er == 0, "%s: pub into 10 bytes: edfast %d, default %d", curve, er, dr);
    ERR_clear_error();

    /* A duplicate of a public key is that key. */
    ek = EVP_PKEY_dup(e->pub);
    ET_CHECK(ek != NULL && EVP_PKEY_eq(ek, d->pub) == 1, "%s dup of a public key", curve);
    EVP_PKEY_free(ek);
}

/* ---- encoders and decoders ---- */

/* Encodes key; NULL when refused.  *len gets the length. */
static unsigned char *encode(EVP_PKEY *key, int selection, const char *type,
                             const char *structure, const char *propq, const OSSL_PARAM *params,
                             const char *cipher, const char *cipher_props, const char *pass,
                             size_t *len)
{
    OSSL_ENCODER_CTX *ctx = OSSL_ENCODER_CTX_new_for_pkey(key, selection, type, structure, propq);
    unsigned char *out = NULL;
    int ok = ctx != NULL && OSSL_ENCODER_CTX_get_num_encoders(ctx) > 0;

    *len = 0;
    if (ok && params != NULL)
        ok = OSSL_ENCODER_CTX_set_params(ctx, params);
    if (ok && cipher != NULL)
        ok = OSSL_ENCODER_CTX_set_cipher(ctx, cipher, cipher_props);
    if (ok && pass != NULL)
        ok = OSSL_ENCODER_CTX_set_passphrase(ctx, (const unsigned char *)pass, strlen(pass));
    if (!ok || !OSSL_ENCODER_to_data(ctx, &out, len)) {
        OPENSSL_free(out);
        out = NULL;
    }
    OSSL_ENCODER_CTX_free(ctx);
    return out;
}

static EVP_PKEY *decode(OSSL_LIB_CTX *libctx, const unsigned char *data, size_t len,
                        const char *type, const char *structure, int selection,
                        const char *propq, const char *pass)
{
    EVP_PKEY *key = NULL;
    OSSL_DECODER_CTX *ctx = OSSL_DECODER_CTX_new_for_pkey(&key, type, structure, NULL, selection,
                                                          libctx, propq);

    if (ctx != NULL && pass != NULL)
        OSSL_DECODER_CTX_set_passphrase(ctx, (const unsigned char *)pass, strlen(pass));
    if (ctx == NULL || !OSSL_DECODER_from_data(ctx, &data, &len)) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    OSSL_DECODER_CTX_free(ctx);
    return key;
}

static OSSL_LIB_CTX *edfast_alone;

/* The key of the hex seed in a library context holding edfast alone. */
static EVP_PKEY *edfast_alone_key(enum et_curve c, const char *seed_hex)
{
    uint8_t seed[ET_MAX_KEY];
    size_t len = et_unhex(seed_hex, seed, sizeof(seed));

    if (edfast_alone == NULL && (edfast_alone = et_ctx_alone(NULL)) == NULL)
        return NULL;
    return EVP_PKEY_new_raw_private_key_ex(edfast_alone, et_curve_name(c), NULL, seed, len);
}

/*
 * Whether the settings edfast's PrivateKeyInfo encoder takes, the default
 * provider's takes too (OpenSSL 4.0's takes more, for other algorithms).
 */
static int encoder_settables_match(struct et_env *env, const char **missing)
{
    const char *props = ",output=der,structure=PrivateKeyInfo";
    char eq[96], dq[96];
    OSSL_ENCODER *e, *d;
    const OSSL_PARAM *es;
    int ok;

    snprintf(eq, sizeof(eq), "%s%s", ET_EDFAST, props);
    snprintf(dq, sizeof(dq), "%s%s", ET_DEFAULT, props);
    e = OSSL_ENCODER_fetch(env->ctx, "ED25519", eq);
    d = OSSL_ENCODER_fetch(env->ctx, "ED25519", dq);
    es = e != NULL ? OSSL_ENCODER_settable_ctx_params(e) : NULL;
    *missing = "everything";
    ok = es != NULL && d != NULL && listed_in(es, OSSL_ENCODER_settable_ctx_params(d), missing);
    OSSL_ENCODER_free(e);
    OSSL_ENCODER_free(d);
    return ok;
}

/* edfast's encoding of ek and the default provider's of dk: same verdict, same bytes. */
static void same_encoding(const char *what, EVP_PKEY *ek, const char *epropq, EVP_PKEY *dk,
                          const char *dpropq, int selection, const char *type,
                          const char *structure, const OSSL_PARAM *params)
{
    size_t elen, dlen;
    unsigned char *eout = encode(ek, selection, type, structure, epropq, params, NULL, NULL,
                                 NULL, &elen);
    unsigned char *dout = encode(dk, selection, type, structure, dpropq, params, NULL, NULL,
                                 NULL, &dlen);

    ET_CHECK((eout == NULL) == (dout == NULL)
                 && (eout == NULL || (elen == dlen && memcmp(eout, dout, elen) == 0)),
             "%s: edfast %s (%zu bytes), default %s (%zu bytes)", what,
             eout != NULL ? "encodes" : "refuses", elen, dout != NULL ? "encodes" : "refuses",
             dlen);
    OPENSSL_free(eout);
    OPENSSL_free(dout);
    ERR_clear_error();
}

static void compare_encoders(struct pair *e, struct pair *d, const char *curve)
{
    const int pair = OSSL_KEYMGMT_SELECT_KEYPAIR;
    OSSL_PARAM no_cipher[2];
    char what[96];

    /* A cipher named NULL: no encryption after all. */
    no_cipher[0] = OSSL_PARAM_construct_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0);
    no_cipher[1] = OSSL_PARAM_construct_end();
    snprintf(what, sizeof(what), "%s PrivateKeyInfo, cipher NULL", curve);
    same_encoding(what, e->key, e->propq, d->key, d->propq, pair, "DER", "PrivateKeyInfo",
                  no_cipher);
    /* Selection 0 (guess) and a selection of no key part OpenSSL knows. */
    snprintf(what, sizeof(what), "%s selection 0", curve);
    same_encoding(what, e->key, e->propq, d->key, d->propq, 0, "PEM", NULL, NULL);
    snprintf(what, sizeof(what), "%s selection 0x100", curve);
    same_encoding(what, e->key, e->propq, d->key, d->propq, 0x100, "DER", NULL, NULL);
    /* Structures the key cannot fill. */
    snprintf(what, sizeof(what), "%s public key as PrivateKeyInfo", curve);
    same_encoding(what, e->pub, e->propq, d->pub, d->propq, pair, "DER", "PrivateKeyInfo", NULL);
    snprintf(what, sizeof(what), "%s empty key as SubjectPublicKeyInfo", curve);
    same_encoding(what, e->empty, e->propq, d->empty, d->propq, pair, "DER",
                  "SubjectPublicKeyInfo", NULL);
}

/* PKCS#8 of the curve with the AlgorithmIdentifier's parameters NULL (RFC 8410: absent). */
static size_t pkcs8_with_parameters(enum et_curve c, unsigned char *der)
{
    static const unsigned char head[2][18] = {
        {0x30, 0x30, 0x02, 0x01, 0x00, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x05, 0x00,
         0x04, 0x22, 0x04, 0x20},
        {0x30, 0x49, 0x02, 0x01, 0x00, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x71, 0x05, 0x00,
         0x04, 0x3b, 0x04, 0x39},
    };

    memcpy(der, head[c], sizeof(head[c]));
    et_unhex(seeds[c], der + sizeof(head[c]), ET_MAX_KEY);
    return sizeof(head[c]) + et_key_len(c);
}

static void test_decoders(struct et_env *env, enum et_curve c, struct pair *e, struct pair *d,
                          const char *curve)
{
    unsigned char der[96], *big;
    size_t len = pkcs8_with_parameters(c, der), elen;
    EVP_PKEY *ek, *dk, *ec;
    unsigned char *eout;

    ET_CHECK(edfast_alone != NULL, "no context of edfast alone");
    if (edfast_alone == NULL)
        return;
    ek = decode(edfast_alone, der, len, "DER", "PrivateKeyInfo", 0, NULL, NULL);
    dk = decode(env->ctx, der, len, "DER", "PrivateKeyInfo", 0, d->propq, NULL);
    ET_CHECK(ek == NULL && dk == NULL, "%s PrivateKeyInfo with parameters: edfast %s, default %s",
             curve, ek != NULL ? "decodes" : "refuses", dk != NULL ? "decodes" : "refuses");
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);

    /* Another algorithm's PrivateKeyInfo is not edfast's to decode. */
    ec = EVP_PKEY_Q_keygen(env->ctx, ET_DEFAULT, "EC", "P-256");
    eout = ec != NULL ? encode(ec, OSSL_KEYMGMT_SELECT_KEYPAIR, "DER", "PrivateKeyInfo",
                               ET_DEFAULT, NULL, NULL, NULL, NULL, &elen)
                      : NULL;
    ek = eout != NULL ? decode(edfast_alone, eout, elen, "DER", "PrivateKeyInfo", 0, NULL, NULL)
                      : NULL;
    ET_CHECK(eout != NULL && ek == NULL, "%s context: an EC PrivateKeyInfo %s", curve,
             eout == NULL ? "not made" : "decoded by edfast alone");
    EVP_PKEY_free(ek);
    EVP_PKEY_free(ec);
    OPENSSL_free(eout);

    /* A selection of no key part: no decoder takes it. */
    eout = encode(e->key, OSSL_KEYMGMT_SELECT_KEYPAIR, "DER", "PrivateKeyInfo", e->propq, NULL,
                  NULL, NULL, NULL, &elen);
    ek = eout != NULL ? decode(edfast_alone, eout, elen, "DER", NULL, 0x100, NULL, NULL) : NULL;
    dk = eout != NULL ? decode(env->ctx, eout, elen, "DER", NULL, 0x100, d->propq, NULL) : NULL;
    ET_CHECK(eout != NULL && (ek == NULL) == (dk == NULL), "%s selection 0x100: edfast %s, "
             "default %s", curve, ek != NULL ? "decodes" : "refuses",
             dk != NULL ? "decodes" : "refuses");
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);
    OPENSSL_free(eout);

    /* PEM over what edfast reads (4 MiB): refused. */
    big = OPENSSL_malloc(4 * 1024 * 1024 + 1);
    if (big != NULL) {
        memset(big, 'A', 4 * 1024 * 1024 + 1);
        ek = decode(edfast_alone, big, 4 * 1024 * 1024 + 1, "PEM", NULL, 0, NULL, NULL);
        ET_CHECK(ek == NULL, "%s: PEM over 4 MiB decoded", curve);
        EVP_PKEY_free(ek);
    }
    OPENSSL_free(big);
    ERR_clear_error();
}

/*
 * 1 when, the setting of an unknown cipher refused and ignored, encoding an
 * EncryptedPrivateKeyInfo fails rather than write the key unencrypted.
 */
static int refuses_after_unknown_cipher(EVP_PKEY *key, const char *propq)
{
    OSSL_ENCODER_CTX *ctx = key != NULL
        ? OSSL_ENCODER_CTX_new_for_pkey(key, OSSL_KEYMGMT_SELECT_KEYPAIR, "DER",
                                        "EncryptedPrivateKeyInfo", propq)
        : NULL;
    unsigned char *out = NULL;
    size_t len = 0;
    int refused;

    if (ctx == NULL || OSSL_ENCODER_CTX_get_num_encoders(ctx) == 0) {
        OSSL_ENCODER_CTX_free(ctx);
        return -1;
    }
    (void)OSSL_ENCODER_CTX_set_cipher(ctx, "NO-SUCH-CIPHER", NULL);
    OSSL_ENCODER_CTX_set_passphrase(ctx, (const unsigned char *)"pw", 2);
    refused = !OSSL_ENCODER_to_data(ctx, &out, &len);
    OPENSSL_free(out);
    OSSL_ENCODER_CTX_free(ctx);
    ERR_clear_error();
    return refused;
}

static void test_codecs(struct et_env *env, enum et_curve c, struct pair *e, struct pair *d)
{
    const char *curve = et_curve_name(c);
    const int pkcs8 = OSSL_KEYMGMT_SELECT_KEYPAIR;
    unsigned char *eout, *dout, *big;
    size_t elen, dlen;
    EVP_PKEY *back, *alone;
    OSSL_PARAM bad[3];
    int number = 1;
    const char *missing;

    ET_CHECK(encoder_settables_match(env, &missing),
             "edfast's encoder takes %s, the default provider's does not", missing);

    /*
     * A cipher under properties that only the application's providers meet:
     * edfast fetches it without them (from its own context), and the default
     * provider reads what it wrote.  In a context of edfast alone, as in one
     * with the default provider too libcrypto also hands the setting to the
     * default provider's encoders, which refuse it.
     */
    alone = edfast_alone_key(c, seeds[c]);
    eout = alone != NULL ? encode(alone, pkcs8, "DER", "EncryptedPrivateKeyInfo", NULL, NULL,
                                  "AES-128-CBC", ET_EDFAST, "pw", &elen)
                         : NULL;
    back = eout != NULL ? decode(env->ctx, eout, elen, "DER", NULL, 0, ET_DEFAULT, "pw") : NULL;
    ET_CHECK(back != NULL && EVP_PKEY_eq(back, d->key) == 1,
             "%s: encrypted with a cipher under edfast's properties, not read back (%s)", curve,
             eout == NULL ? "not encoded" : "not decoded");
    EVP_PKEY_free(back);
    OPENSSL_free(eout);

    /* The same settings where edfast's encoders are the only ones to see them. */
    bad[0] = OSSL_PARAM_construct_int(OSSL_ENCODER_PARAM_CIPHER, &number);
    bad[1] = OSSL_PARAM_construct_end();
    eout = alone != NULL ? encode(alone, pkcs8, "DER", "PrivateKeyInfo", NULL, bad, NULL, NULL,
                                  NULL, &elen)
                         : NULL;
    ET_CHECK(eout == NULL, "%s: edfast alone takes a cipher given as a number", curve);
    OPENSSL_free(eout);
    bad[0] = OSSL_PARAM_construct_utf8_string(OSSL_ENCODER_PARAM_CIPHER, (char *)"AES-128-CBC",
                                              0);
    bad[1] = OSSL_PARAM_construct_int(OSSL_ENCODER_PARAM_PROPERTIES, &number);
    bad[2] = OSSL_PARAM_construct_end();
    eout = alone != NULL ? encode(alone, pkcs8, "DER", "PrivateKeyInfo", NULL, bad, NULL, NULL,
                                  NULL, &elen)
                         : NULL;
    ET_CHECK(eout == NULL, "%s: edfast alone takes properties given as a number", curve);
    OPENSSL_free(eout);
    ET_CHECK(refuses_after_unknown_cipher(alone, NULL) == 1
                 && refuses_after_unknown_cipher(d->key, d->propq) == 1,
             "%s: EncryptedPrivateKeyInfo after an unknown cipher is not refused", curve);
    EVP_PKEY_free(alone);
    ERR_clear_error();

    /* A cipher nobody has, and settings of the wrong type: refused by both. */
    eout = encode(e->key, pkcs8, "DER", "EncryptedPrivateKeyInfo", e->propq, NULL, "NO-SUCH-CIPHER",
                  NULL, "pw", &elen);
    dout = encode(d->key, pkcs8, "DER", "EncryptedPrivateKeyInfo", d->propq, NULL, "NO-SUCH-CIPHER",
                  NULL, "pw", &dlen);
    ET_CHECK(eout == NULL && dout == NULL, "%s: an unknown cipher: edfast %s, default %s", curve,
             eout != NULL ? "encodes" : "refuses", dout != NULL ? "encodes" : "refuses");
    OPENSSL_free(eout);
    OPENSSL_free(dout);
    bad[0] = OSSL_PARAM_construct_int(OSSL_ENCODER_PARAM_CIPHER, &number);
    bad[1] = OSSL_PARAM_construct_end();
    eout = encode(e->key, pkcs8, "DER", "PrivateKeyInfo", e->propq, bad, NULL, NULL, NULL, &elen);
    dout = encode(d->key, pkcs8, "DER", "PrivateKeyInfo", d->propq, bad, NULL, NULL, NULL, &dlen);
    ET_CHECK((eout == NULL) == (dout == NULL), "%s: a cipher given as a number: edfast %s, "
             "default %s", curve, eout != NULL ? "encodes" : "refuses",
             dout != NULL ? "encodes" : "refuses");
    OPENSSL_free(eout);
    OPENSSL_free(dout);
    ERR_clear_error();

    /* Encryption with no passphrase to be had: refused by both. */
    eout = encode(e->key, pkcs8, "PEM", "EncryptedPrivateKeyInfo", e->propq, NULL, "AES-128-CBC",
                  NULL, NULL, &elen);
    dout = encode(d->key, pkcs8, "PEM", "EncryptedPrivateKeyInfo", d->propq, NULL, "AES-128-CBC",
                  NULL, NULL, &dlen);
    ET_CHECK(eout == NULL && dout == NULL, "%s: encryption without a passphrase: edfast %s, "
             "default %s", curve, eout != NULL ? "encodes" : "refuses",
             dout != NULL ? "encodes" : "refuses");
    OPENSSL_free(eout);
    OPENSSL_free(dout);
    ERR_clear_error();

    /* Text of a key without material, and of a public key asked for its private half. */
    eout = encode(e->empty, OSSL_KEYMGMT_SELECT_ALL, "TEXT", NULL, e->propq, NULL, NULL, NULL,
                  NULL, &elen);
    dout = encode(d->empty, OSSL_KEYMGMT_SELECT_ALL, "TEXT", NULL, d->propq, NULL, NULL, NULL,
                  NULL, &dlen);
    ET_CHECK((eout == NULL) == (dout == NULL), "%s: text of an empty key: edfast %s, default %s",
             curve, eout != NULL ? "encodes" : "refuses", dout != NULL ? "encodes" : "refuses");
    OPENSSL_free(eout);
    OPENSSL_free(dout);
    eout = encode(e->pub, OSSL_KEYMGMT_SELECT_PRIVATE_KEY, "TEXT", NULL, e->propq, NULL, NULL,
                  NULL, NULL, &elen);
    dout = encode(d->pub, OSSL_KEYMGMT_SELECT_PRIVATE_KEY, "TEXT", NULL, d->propq, NULL, NULL,
                  NULL, NULL, &dlen);
    ET_CHECK((eout == NULL) == (dout == NULL) && (eout == NULL || (elen == dlen
                                                                && memcmp(eout, dout, elen) == 0)),
             "%s: private text of a public key: edfast %s, default %s", curve,
             eout != NULL ? "encodes" : "refuses", dout != NULL ? "encodes" : "refuses");
    OPENSSL_free(eout);
    OPENSSL_free(dout);
    ERR_clear_error();

    compare_encoders(e, d, curve);
    test_decoders(env, c, e, d, curve);

    /*
     * A SubjectPublicKeyInfo followed by zeros up to 4 MiB and a byte: over
     * what edfast's decoders read, refused (libcrypto keeps a decoder's
     * errors to itself).
     */
    eout = encode(e->key, OSSL_KEYMGMT_SELECT_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo", e->propq,
                  NULL, NULL, NULL, NULL, &elen);
    back = eout != NULL && edfast_alone != NULL
        ? decode(edfast_alone, eout, elen, "DER", "SubjectPublicKeyInfo",
                 OSSL_KEYMGMT_SELECT_PUBLIC_KEY, NULL, NULL)
        : NULL;
    ET_CHECK(back != NULL && EVP_PKEY_eq(back, d->pub) == 1, "%s: SubjectPublicKeyInfo alone",
             curve);
    EVP_PKEY_free(back);
    big = back != NULL ? OPENSSL_zalloc(4 * 1024 * 1024 + 1) : NULL;
    if (big != NULL) {
        memcpy(big, eout, elen);
        ERR_clear_error();
        back = decode(edfast_alone, big, 4 * 1024 * 1024 + 1, "DER", "SubjectPublicKeyInfo",
                      OSSL_KEYMGMT_SELECT_PUBLIC_KEY, NULL, NULL);
        ET_CHECK(back == NULL, "%s: input over 4 MiB decoded", curve);
        EVP_PKEY_free(back);
    }
    OPENSSL_free(big);
    OPENSSL_free(eout);
}

/* ---- signatures and the provider ---- */

static EVP_PKEY_CTX *sign_ctx(struct et_env *env, EVP_MD_CTX *md, EVP_PKEY *key, const char *propq)
{
    EVP_PKEY_CTX *pctx = NULL;

    return EVP_DigestSignInit_ex(md, &pctx, NULL, env->ctx, propq, key, NULL) == 1 ? pctx : NULL;
}

static void test_signature(struct et_env *env, enum et_curve c, struct pair *e, struct pair *d)
{
    const char *curve = et_curve_name(c);
    EVP_MD_CTX *emd = EVP_MD_CTX_new(), *dmd = EVP_MD_CTX_new();
    EVP_PKEY_CTX *ectx = sign_ctx(env, emd, e->key, e->propq);
    EVP_PKEY_CTX *dctx = sign_ctx(env, dmd, d->key, d->propq);
    const OSSL_PARAM *settable;
    const char *missing = NULL;
    OSSL_PARAM params[2];

    ET_CHECK(ectx != NULL && dctx != NULL, "%s: sign contexts", curve);
    if (ectx == NULL || dctx == NULL)
        goto end;
    ET_CHECK(EVP_PKEY_CTX_gettable_params(ectx) != NULL
                 && listed_in(EVP_PKEY_CTX_gettable_params(ectx),
                              EVP_PKEY_CTX_gettable_params(dctx), &missing),
             "%s: edfast's signature tells %s, the default provider's does not", curve,
             missing != NULL ? missing : "nothing");
    /* OpenSSL 3.2's names for RFC 8032's instances, which 3.0's default provider lacks. */
    settable = EVP_PKEY_CTX_settable_params(ectx);
    ET_CHECK(OSSL_PARAM_locate_const(settable, "instance") != NULL
                 && OSSL_PARAM_locate_const(settable, "context-string") != NULL,
             "%s: edfast's signature does not take instance and context-string", curve);
    params[0] = OSSL_PARAM_construct_utf8_string("instance", (char *)"Ed25519ctxEd448ph", 0);
    params[1] = OSSL_PARAM_construct_end();
    ERR_clear_error();
    ET_CHECK(EVP_PKEY_CTX_set_params(ectx, params) != 1
                 && et_error_contains("unknown EdDSA instance"),
             "%s: an instance name of 17 bytes is not refused as unknown", curve);
    /* Names match without regard to ASCII case, as in the default provider of 3.2 and later. */
    params[0] = OSSL_PARAM_construct_utf8_string(
        "instance", (char *)(c == ET_ED25519 ? "eD25519CTX" : "ED448PH"), 0);
    ERR_clear_error();
    ET_CHECK(EVP_PKEY_CTX_set_params(ectx, params) == 1,
             "%s: instance %s in other case refused", curve, (char *)params[0].data);
    if (OSSL_PARAM_locate_const(EVP_PKEY_CTX_settable_params(dctx), "instance") != NULL)
        ET_CHECK(EVP_PKEY_CTX_set_params(dctx, params) == 1,
                 "%s: the default provider refuses instance %s", curve, (char *)params[0].data);
    ERR_clear_error();

end:
    EVP_MD_CTX_free(emd);
    EVP_MD_CTX_free(dmd);
}

static void test_provider(struct et_env *env)
{
    static const char *const names[] = {OSSL_PROV_PARAM_NAME, OSSL_PROV_PARAM_VERSION,
                                        OSSL_PROV_PARAM_BUILDINFO, OSSL_PROV_PARAM_STATUS};
    const OSSL_PARAM *e = OSSL_PROVIDER_gettable_params(env->edfast);
    const OSSL_PARAM *d = OSSL_PROVIDER_gettable_params(env->deflt);
    int estatus = 0, dstatus = 0;
    OSSL_PARAM params[2];
    size_t i;

    /* The names every provider of OpenSSL's has, as the default provider has them. */
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        const OSSL_PARAM *p = OSSL_PARAM_locate_const(e, names[i]);
        const OSSL_PARAM *q = OSSL_PARAM_locate_const(d, names[i]);

        ET_CHECK(p != NULL && q != NULL && p->data_type == q->data_type,
                 "provider parameter %s: not as in the default provider", names[i]);
    }
    params[0] = OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &estatus);
    params[1] = OSSL_PARAM_construct_end();
    ET_CHECK(OSSL_PROVIDER_get_params(env->edfast, params) == 1, "edfast's status");
    params[0] = OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &dstatus);
    ET_CHECK(OSSL_PROVIDER_get_params(env->deflt, params) == 1 && estatus == dstatus
                 && estatus == 1,
             "status: edfast %d, default %d", estatus, dstatus);
}

/* ---- each backend ---- */

/* EVP_DigestVerify with the message pointer as given (NULL for none): 1, 0, or -1. */
static int verify_raw(struct et_env *env, EVP_PKEY *key, const char *propq, const uint8_t *msg,
                      size_t len, const uint8_t *sig, size_t sig_len)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int r = md != NULL && EVP_DigestVerifyInit_ex(md, NULL, NULL, env->ctx, propq, key, NULL) == 1
        ? EVP_DigestVerify(md, sig, sig_len, msg, len)
        : -1;

    EVP_MD_CTX_free(md);
    ERR_clear_error();
    return r;
}

static void test_backend(struct et_env *env, enum et_curve c, const char *backend)
{
    uint8_t seed[ET_MAX_KEY], other[ET_MAX_KEY], pub[ET_MAX_KEY], esig[ET_MAX_SIG],
        dsig[ET_MAX_SIG];
    size_t len = et_unhex(seeds[c], seed, sizeof(seed)), pub_len = sizeof(pub);
    size_t elen = sizeof(esig), dlen = sizeof(dsig);
    EVP_PKEY *ek, *dk, *k;
    int er, dr;

    /*
     * A pair whose public half is another seed's: signed with the public key
     * as given, as the default provider signs (a backend that cannot hands it
     * to one that can).
     */
    memcpy(other, seed, len);
    other[0] ^= 1;
    k = et_key_from_seed(env, c, ET_DEFAULT, other);
    ET_CHECK(k != NULL && EVP_PKEY_get_raw_public_key(k, pub, &pub_len), "%s: key", backend);
    EVP_PKEY_free(k);
    ek = et_key(env, c, ET_EDFAST, seed, pub);
    dk = et_key(env, c, ET_DEFAULT, seed, pub);
    ET_CHECK(ek != NULL && dk != NULL
                 && et_sign(env, ek, ET_EDFAST, (const uint8_t *)"m", 1, esig, &elen)
                 && et_sign(env, dk, ET_DEFAULT, (const uint8_t *)"m", 1, dsig, &dlen)
                 && elen == dlen && memcmp(esig, dsig, elen) == 0,
             "%s %s: a mismatched pair's signature is not the default provider's", backend,
             et_curve_name(c));
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);

    /* The empty message given as NULL. */
    dk = et_key_from_seed(env, c, ET_DEFAULT, seed);
    ek = et_key_from_seed(env, c, ET_EDFAST, seed);
    dlen = sizeof(dsig);
    ET_CHECK(dk != NULL && ek != NULL && et_sign(env, dk, ET_DEFAULT, NULL, 0, dsig, &dlen),
             "%s: signing the empty message", backend);
    er = ek != NULL ? verify_raw(env, ek, ET_EDFAST, NULL, 0, dsig, dlen) : -1;
    dr = dk != NULL ? verify_raw(env, dk, ET_DEFAULT, NULL, 0, dsig, dlen) : -1;
    ET_CHECK(er == dr && er == 1, "%s %s: the empty message as NULL: edfast %d, default %d",
             backend, et_curve_name(c), er, dr);
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);

    /*
     * A public key whose y is above p in its top limb only (not a
     * non-canonical encoding): verified, and refused, as the default provider does.
     */
    memset(pub, 0, sizeof(pub));
    pub[0] = 0xee;
    pub[et_key_len(c) - 1] = c == ET_ED25519 ? 0x7f : 0;
    ek = et_key(env, c, ET_EDFAST, NULL, pub);
    dk = et_key(env, c, ET_DEFAULT, NULL, pub);
    er = ek != NULL ? verify_raw(env, ek, ET_EDFAST, (const uint8_t *)"m", 1, dsig, dlen) : -1;
    dr = dk != NULL ? verify_raw(env, dk, ET_DEFAULT, (const uint8_t *)"m", 1, dsig, dlen) : -1;
    ET_CHECK(er == dr, "%s %s: public key ee..7f: edfast %d, default %d", backend,
             et_curve_name(c), er, dr);
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);
}

/*
 * Run with EDFAST_NATIVE_PATH naming no path: the native backend's set-up
 * fails, so edfast does not load, and says why (backends/native/README.md).
 */
static int bogus_native_path(void)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov;
    const char *data = NULL;
    int flags = 0, said = 0;

    ET_CHECK(libctx != NULL && OSSL_PROVIDER_set_default_search_path(libctx, et_provider_dir()),
             "library context");
    prov = OSSL_PROVIDER_load(libctx, "edfast");
    ET_CHECK(prov == NULL, "edfast loaded with EDFAST_NATIVE_PATH=%s",
             getenv("EDFAST_NATIVE_PATH"));
    while (ERR_get_error_all(NULL, NULL, NULL, &data, &flags) != 0)
        if ((flags & ERR_TXT_STRING) != 0 && strstr(data, "not a path") != NULL)
            said = 1;
    ET_CHECK(said, "no error saying the native path is not a path");
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(libctx);
    return et_finish("params bogus-native-path");
}

int main(int argc, char **argv)
{
    enum et_curve c;
    struct et_env env;

    if (argc > 1 && strcmp(argv[1], "bogus-native-path") == 0)
        return bogus_native_path();
    for (c = ET_ED25519; c < ET_CURVES; c++) {
        const char *names[ET_MAX_BACKENDS];
        size_t n = et_backends_for(c, names), b;

        for (b = 0; b < n; b++) {
            int opened = et_env_open_for(&env, c, names[b]);

            ET_CHECK(opened, "%s: %s", et_curve_name(c), names[b]);
            if (opened) {
                test_backend(&env, c, names[b]);
                et_env_close(&env);
            }
        }
    }
    if (!et_env_open(&env, NULL))
        return 1;
    test_provider(&env);
    for (c = ET_ED25519; c < ET_CURVES; c++) {
        struct pair e = {0}, d = {0};

        ET_CHECK(make_pair(&env, c, ET_EDFAST, &e) && make_pair(&env, c, ET_DEFAULT, &d),
                 "%s: keys", et_curve_name(c));
        if (e.empty != NULL && d.empty != NULL) {
            test_keymgmt(&env, c, &e, &d);
            test_codecs(&env, c, &e, &d);
            test_signature(&env, c, &e, &d);
        }
        free_pair(&e);
        free_pair(&d);
    }
    et_env_close(&env);
    et_ctx_alone_free(edfast_alone);
    return et_finish("params");
}
