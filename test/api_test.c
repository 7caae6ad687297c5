/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Key management and signature behaviour of edfast through EVP, for every
 * backend serving each curve, held to RFC 8032 data and to what OpenSSL's
 * default provider does with the same calls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/x509.h>
#include "edfast_test_util.h"

/* Two RFC 8032 key pairs per curve, and a signature by the first. */
struct fixture {
    const char *seed, *pub, *seed2, *pub2, *msg, *sig;
    int bits, security_bits, size, nid;
    uint8_t algorithm_id[7];
};

static const struct fixture fixtures[ET_CURVES] = {
    [ET_ED25519] = {
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
        256, 128, 64, NID_ED25519,
        {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70}},
    [ET_ED448] = {
        "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
        "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
        "cd23d24f714274e744343237b93290f511f6425f98e64459ff203e8985083ffdf60500553abc0e05cd02184bdb89c4ccd67e187951267eb328",
        "dcea9e78f35a1bf3499a831b10b86c90aac01cd84b67a0109b55a36e9328b1e365fce161d71ce7131a543ea4cb5f7e9f1d8b00696447001400",
        "03",
        "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00",
        456, 224, 114, NID_ED448,
        {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71}},
};

struct data {
    enum et_curve c;
    const char *label;
    size_t klen, slen, mlen;
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY], seed2[ET_MAX_KEY], pub2[ET_MAX_KEY];
    uint8_t msg[8], sig[ET_MAX_SIG];
};

static int is_edfast(const EVP_PKEY *pkey)
{
    return pkey != NULL && strcmp(et_key_provider(pkey), "edfast") == 0;
}

static void test_public_only(struct et_env *env, const struct data *d)
{
    EVP_PKEY *fromdata = et_key(env, d->c, ET_EDFAST, NULL, d->pub);
    EVP_PKEY *raw = EVP_PKEY_new_raw_public_key_ex(env->ctx, et_curve_name(d->c), ET_EDFAST,
                                                   d->pub, d->klen);
    uint8_t out[ET_MAX_KEY], bad[ET_MAX_SIG];
    size_t len = sizeof(out);

    ET_CHECK(is_edfast(fromdata) && is_edfast(raw), "%s: public-only import", d->label);
    if (fromdata == NULL || raw == NULL)
        goto done;
    ET_CHECK(et_verify(env, fromdata, ET_EDFAST, d->msg, d->mlen, d->sig, d->slen) == 1,
             "%s: public-only key (fromdata) does not verify", d->label);
    ET_CHECK(et_verify(env, raw, ET_EDFAST, d->msg, d->mlen, d->sig, d->slen) == 1,
             "%s: public-only key (raw) does not verify", d->label);
    memcpy(bad, d->sig, d->slen);
    bad[3] ^= 0x10;
    ET_CHECK(et_verify(env, raw, ET_EDFAST, d->msg, d->mlen, bad, d->slen) == 0,
             "%s: public-only key accepts a corrupted signature", d->label);
    ET_CHECK(EVP_PKEY_get_raw_public_key(raw, out, &len) == 1 && len == d->klen
             && memcmp(out, d->pub, d->klen) == 0, "%s: public key export", d->label);
    len = sizeof(out);
    ET_CHECK(EVP_PKEY_get_raw_private_key(raw, out, &len) != 1,
             "%s: a public-only key exports a private key", d->label);
    ERR_clear_error();
done:
    EVP_PKEY_free(fromdata);
    EVP_PKEY_free(raw);
}

static const OSSL_PARAM *octets(const OSSL_PARAM *params, const char *name, size_t len)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, name);

    return p != NULL && p->data_type == OSSL_PARAM_OCTET_STRING && p->data_size == len ? p : NULL;
}

static void test_export(struct et_env *env, const struct data *d)
{
    EVP_PKEY *priv = et_key_from_seed(env, d->c, ET_EDFAST, d->seed);
    EVP_PKEY *pubkey = et_key(env, d->c, ET_EDFAST, NULL, d->pub);
    EVP_PKEY *again = NULL, *deflt = NULL;
    OSSL_PARAM *params = NULL;
    const OSSL_PARAM *p;
    uint8_t out[ET_MAX_KEY];
    size_t len = 0;
    EVP_PKEY_CTX *pctx = NULL;

    ET_CHECK(is_edfast(priv) && is_edfast(pubkey), "%s: key import", d->label);
    if (priv == NULL || pubkey == NULL)
        goto done;
    ET_CHECK(EVP_PKEY_get_raw_public_key(priv, NULL, &len) == 1 && len == d->klen,
             "%s: raw public key size query gives %zu", d->label, len);
    len = 0;
    ET_CHECK(EVP_PKEY_get_raw_private_key(priv, NULL, &len) == 1 && len == d->klen,
             "%s: raw private key size query gives %zu", d->label, len);
    len = sizeof(out);
    ET_CHECK(EVP_PKEY_get_raw_private_key(priv, out, &len) == 1 && len == d->klen
             && memcmp(out, d->seed, d->klen) == 0, "%s: raw private key export", d->label);
    len = sizeof(out);
    ET_CHECK(EVP_PKEY_get_raw_public_key(priv, out, &len) == 1 && len == d->klen
             && memcmp(out, d->pub, d->klen) == 0, "%s: raw public key export", d->label);

    /* EVP_PKEY_todata of the pair, and fromdata of that into edfast and default. */
    ET_CHECK(EVP_PKEY_todata(priv, EVP_PKEY_KEYPAIR, &params) == 1, "%s: todata", d->label);
    if (params != NULL) {
        p = octets(params, OSSL_PKEY_PARAM_PRIV_KEY, d->klen);
        ET_CHECK(p != NULL && memcmp(p->data, d->seed, d->klen) == 0, "%s: todata priv",
                 d->label);
        p = octets(params, OSSL_PKEY_PARAM_PUB_KEY, d->klen);
        ET_CHECK(p != NULL && memcmp(p->data, d->pub, d->klen) == 0, "%s: todata pub", d->label);
        pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(d->c), ET_EDFAST);
        ET_CHECK(pctx != NULL && EVP_PKEY_fromdata_init(pctx) == 1
                 && EVP_PKEY_fromdata(pctx, &again, EVP_PKEY_KEYPAIR, params) == 1
                 && is_edfast(again) && EVP_PKEY_eq(again, priv) == 1,
                 "%s: todata/fromdata round trip", d->label);
        EVP_PKEY_CTX_free(pctx);
        pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(d->c), ET_DEFAULT);
        ET_CHECK(pctx != NULL && EVP_PKEY_fromdata_init(pctx) == 1
                 && EVP_PKEY_fromdata(pctx, &deflt, EVP_PKEY_KEYPAIR, params) == 1
                 && EVP_PKEY_eq(deflt, priv) == 1,
                 "%s: edfast's todata taken by the default provider", d->label);
        EVP_PKEY_CTX_free(pctx);
        OSSL_PARAM_free(params);
        params = NULL;
    }
    /* A public-only key exports its public half and no private half. */
    ET_CHECK(EVP_PKEY_todata(pubkey, EVP_PKEY_PUBLIC_KEY, &params) == 1
             && octets(params, OSSL_PKEY_PARAM_PUB_KEY, d->klen) != NULL
             && OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY) == NULL,
             "%s: todata of a public-only key", d->label);
    OSSL_PARAM_free(params);
    params = NULL;
    ET_CHECK(EVP_PKEY_todata(pubkey, EVP_PKEY_KEYPAIR, &params) != 1
             || OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY) == NULL,
             "%s: a public-only key exports a private half", d->label);
    OSSL_PARAM_free(params);
    ERR_clear_error();
done:
    EVP_PKEY_free(priv);
    EVP_PKEY_free(pubkey);
    EVP_PKEY_free(again);
    EVP_PKEY_free(deflt);
}

static void test_params(struct et_env *env, const struct data *d)
{
    const struct fixture *f = &fixtures[d->c];
    EVP_PKEY *keys[2];
    const char *names[2] = {"edfast", "default"};
    size_t i;

    keys[0] = et_key_from_seed(env, d->c, ET_EDFAST, d->seed);
    keys[1] = et_key_from_seed(env, d->c, ET_DEFAULT, d->seed);
    for (i = 0; i < 2; i++) {
        EVP_PKEY *k = keys[i];
        int bits = 0, sbits = 0, size = 0;
        char md[32] = "unset";
        size_t mdlen = 99;

        ET_CHECK(k != NULL && strcmp(et_key_provider(k), names[i]) == 0, "%s: %s key import",
                 d->label, names[i]);
        if (k == NULL)
            continue;
        ET_CHECK(EVP_PKEY_get_bits(k) == f->bits, "%s: %s bits %d", d->label, names[i],
                 EVP_PKEY_get_bits(k));
        ET_CHECK(EVP_PKEY_get_security_bits(k) == f->security_bits, "%s: %s security bits %d",
                 d->label, names[i], EVP_PKEY_get_security_bits(k));
        ET_CHECK(EVP_PKEY_get_size(k) == f->size, "%s: %s size %d", d->label, names[i],
                 EVP_PKEY_get_size(k));
        ET_CHECK(EVP_PKEY_get_int_param(k, OSSL_PKEY_PARAM_BITS, &bits) == 1 && bits == f->bits,
                 "%s: %s bits param %d", d->label, names[i], bits);
        ET_CHECK(EVP_PKEY_get_int_param(k, OSSL_PKEY_PARAM_SECURITY_BITS, &sbits) == 1
                 && sbits == f->security_bits, "%s: %s security-bits param %d", d->label,
                 names[i], sbits);
        ET_CHECK(EVP_PKEY_get_int_param(k, OSSL_PKEY_PARAM_MAX_SIZE, &size) == 1
                 && size == f->size, "%s: %s max-size param %d", d->label, names[i], size);
        ET_CHECK(EVP_PKEY_get_utf8_string_param(k, OSSL_PKEY_PARAM_MANDATORY_DIGEST, md,
                                                sizeof(md), &mdlen) == 1
                 && mdlen == 0 && md[0] == '\0',
                 "%s: %s mandatory-digest \"%s\" (%zu)", d->label, names[i], md, mdlen);
        ERR_clear_error();
    }
    EVP_PKEY_free(keys[0]);
    EVP_PKEY_free(keys[1]);
}

static void test_eq(struct et_env *env, const struct data *d)
{
    EVP_PKEY *e = et_key_from_seed(env, d->c, ET_EDFAST, d->seed);
    EVP_PKEY *dflt = et_key_from_seed(env, d->c, ET_DEFAULT, d->seed);
    EVP_PKEY *epub = et_key(env, d->c, ET_EDFAST, NULL, d->pub);
    EVP_PKEY *e2 = et_key_from_seed(env, d->c, ET_EDFAST, d->seed2);
    EVP_PKEY *d2 = et_key_from_seed(env, d->c, ET_DEFAULT, d->seed2);
    EVP_PKEY *o = NULL;

    ET_CHECK(is_edfast(e) && dflt != NULL && is_edfast(epub) && is_edfast(e2) && d2 != NULL,
             "%s: key import", d->label);
    if (e != NULL && dflt != NULL && epub != NULL && e2 != NULL && d2 != NULL) {
        ET_CHECK(EVP_PKEY_eq(e, dflt) == 1, "%s: edfast key != the same default key", d->label);
        ET_CHECK(EVP_PKEY_eq(dflt, e) == 1, "%s: default key != the same edfast key", d->label);
        ET_CHECK(EVP_PKEY_eq(e, epub) == 1, "%s: pair != its public half", d->label);
        ET_CHECK(EVP_PKEY_eq(e, e2) == 0, "%s: different edfast keys equal", d->label);
        ET_CHECK(EVP_PKEY_eq(e, d2) == 0, "%s: edfast key equals another default key", d->label);
        ET_CHECK(EVP_PKEY_eq(d2, e) == 0, "%s: default key equals another edfast key", d->label);
        ET_CHECK(EVP_PKEY_parameters_eq(e, dflt) == 1, "%s: parameters_eq", d->label);
    }
    /* The other curve's key is never equal. */
    {
        enum et_curve oc = d->c == ET_ED25519 ? ET_ED448 : ET_ED25519;
        uint8_t oseed[ET_MAX_KEY] = {1, 2, 3};

        o = EVP_PKEY_new_raw_private_key_ex(env->ctx, et_curve_name(oc), ET_EDFAST, oseed,
                                            et_key_len(oc));
        ET_CHECK(is_edfast(o) && e != NULL && EVP_PKEY_eq(e, o) != 1, "%s: equal to an %s key",
                 d->label, et_curve_name(oc));
    }
    ERR_clear_error();
    EVP_PKEY_free(o);
    EVP_PKEY_free(e);
    EVP_PKEY_free(dflt);
    EVP_PKEY_free(epub);
    EVP_PKEY_free(e2);
    EVP_PKEY_free(d2);
}

/* EVP_PKEY_check and friends; returns the four results through out. */
static void checks(struct et_env *env, EVP_PKEY *k, const char *propq, int out[4])
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(env->ctx, k, propq);

    out[0] = pctx != NULL ? EVP_PKEY_check(pctx) : -9;
    out[1] = pctx != NULL ? EVP_PKEY_pairwise_check(pctx) : -9;
    out[2] = pctx != NULL ? EVP_PKEY_public_check(pctx) : -9;
    out[3] = pctx != NULL ? EVP_PKEY_private_check(pctx) : -9;
    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
}

static void test_check(struct et_env *env, const struct data *d)
{
    EVP_PKEY *good = et_key(env, d->c, ET_EDFAST, d->seed, d->pub);
    EVP_PKEY *bad = et_key(env, d->c, ET_EDFAST, d->seed, d->pub2);
    EVP_PKEY *pub = et_key(env, d->c, ET_EDFAST, NULL, d->pub);
    EVP_PKEY *dbad = et_key(env, d->c, ET_DEFAULT, d->seed, d->pub2);
    int r[4], dr[4];

    ET_CHECK(is_edfast(good) && is_edfast(bad) && is_edfast(pub) && dbad != NULL,
             "%s: key import (a mismatched pair must import, as in OpenSSL)", d->label);
    if (good != NULL) {
        checks(env, good, ET_EDFAST, r);
        ET_CHECK(r[0] == 1 && r[1] == 1 && r[2] == 1 && r[3] == 1,
                 "%s: good pair: check %d, pairwise %d, public %d, private %d", d->label, r[0],
                 r[1], r[2], r[3]);
    }
    if (bad != NULL) {
        checks(env, bad, ET_EDFAST, r);
        ET_CHECK(r[0] != 1 && r[1] != 1, "%s: mismatched pair passes: check %d, pairwise %d",
                 d->label, r[0], r[1]);
        ET_CHECK(r[2] == 1, "%s: mismatched pair: public check %d", d->label, r[2]);
        if (dbad != NULL) {
            checks(env, dbad, ET_DEFAULT, dr);
            ET_CHECK((r[0] == 1) == (dr[0] == 1) && (r[1] == 1) == (dr[1] == 1),
                     "%s: mismatched pair: edfast check %d/%d, default %d/%d", d->label, r[0],
                     r[1], dr[0], dr[1]);
        }
    }
    if (pub != NULL) {
        checks(env, pub, ET_EDFAST, r);
        ET_CHECK(r[2] == 1, "%s: public-only key: public check %d", d->label, r[2]);
        ET_CHECK(r[0] != 1 && r[1] != 1, "%s: public-only key passes a pair check (%d, %d)",
                 d->label, r[0], r[1]);
    }
    EVP_PKEY_free(good);
    EVP_PKEY_free(bad);
    EVP_PKEY_free(pub);
    EVP_PKEY_free(dbad);
}

static void test_dup(struct et_env *env, const struct data *d)
{
    EVP_PKEY *k = et_key_from_seed(env, d->c, ET_EDFAST, d->seed), *dup;
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);

    ET_CHECK(is_edfast(k), "%s: import", d->label);
    if (k == NULL)
        return;
    dup = EVP_PKEY_dup(k);
    ET_CHECK(is_edfast(dup), "%s: EVP_PKEY_dup", d->label);
    EVP_PKEY_free(k); /* the duplicate must outlive the original */
    if (dup != NULL) {
        ET_CHECK(et_sign(env, dup, ET_EDFAST, d->msg, d->mlen, sig, &len) && len == d->slen
                 && memcmp(sig, d->sig, d->slen) == 0, "%s: the duplicate signs differently",
                 d->label);
        ET_CHECK(EVP_PKEY_eq(dup, dup) == 1, "%s: dup not equal to itself", d->label);
    }
    EVP_PKEY_free(dup);
}

static void test_keygen(struct et_env *env, const struct data *d)
{
    EVP_PKEY *k[2] = {NULL, NULL}, *dk = NULL;
    uint8_t pub[ET_MAX_KEY], sig[ET_MAX_SIG];
    size_t len = sizeof(pub), slen = sizeof(sig), i;
    static const uint8_t msg[] = "keygen";
    int r[4];

    for (i = 0; i < 2; i++) {
        EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(d->c),
                                                        ET_EDFAST);

        ET_CHECK(pctx != NULL && EVP_PKEY_keygen_init(pctx) == 1
                 && EVP_PKEY_keygen(pctx, &k[i]) == 1 && is_edfast(k[i]),
                 "%s: EVP_PKEY_keygen with provider=edfast", d->label);
        EVP_PKEY_CTX_free(pctx);
    }
    if (k[0] == NULL || k[1] == NULL)
        goto done;
    ET_CHECK(EVP_PKEY_eq(k[0], k[1]) == 0, "%s: two generated keys are equal", d->label);
    checks(env, k[0], ET_EDFAST, r);
    ET_CHECK(r[0] == 1 && r[1] == 1, "%s: generated key fails its check (%d, %d)", d->label, r[0],
             r[1]);
    ET_CHECK(et_sign(env, k[0], ET_EDFAST, msg, sizeof(msg), sig, &slen) && slen == d->slen,
             "%s: the generated key does not sign", d->label);
    ET_CHECK(EVP_PKEY_get_raw_public_key(k[0], pub, &len) == 1 && len == d->klen,
             "%s: generated key's public half", d->label);
    dk = et_key(env, d->c, ET_DEFAULT, NULL, pub);
    ET_CHECK(dk != NULL && et_verify(env, dk, ET_DEFAULT, msg, sizeof(msg), sig, slen) == 1,
             "%s: the default provider rejects a generated key's signature", d->label);
    /* The generated key itself, used by the default provider (exported to it by EVP). */
    ET_CHECK(et_verify(env, k[0], ET_DEFAULT, msg, sizeof(msg), sig, slen) == 1,
             "%s: default provider verifying with the generated key", d->label);
done:
    ERR_clear_error();
    EVP_PKEY_free(k[0]);
    EVP_PKEY_free(k[1]);
    EVP_PKEY_free(dk);
}

/*
 * Using a context again after a one-shot EVP_DigestSign or EVP_DigestVerify,
 * directly or through a copy: OpenSSL 3.0 allows it, 3.4 finalises the
 * context in libcrypto, for the default provider too.  Each such step is
 * recorded (REUSE_OK: the right answer, REUSE_REFUSED: the call failed) and
 * edfast must do what the default provider did in the same run.  A wrong
 * answer is always a failure.
 */
enum reuse_step { SIGN_AGAIN, SIGN_COPY_OF_USED, VERIFY_AGAIN, VERIFY_COPY_OF_USED, REUSE_STEPS };
enum { REUSE_REFUSED, REUSE_OK, REUSE_WRONG };
static const char *const reuse_step_names[REUSE_STEPS] = {
    "a second EVP_DigestSign on one context", "EVP_DigestSign on a copy of a used context",
    "a second EVP_DigestVerify on one context", "EVP_DigestVerify on a copy of a used context"};
static const char *const reuse_outcome_names[] = {"refused", "right", "wrong"};

static int sign_outcome(EVP_MD_CTX *mctx, const struct data *d)
{
    uint8_t sig[ET_MAX_SIG + 16];
    size_t len = sizeof(sig);

    if (EVP_DigestSign(mctx, sig, &len, d->msg, d->mlen) != 1) {
        ERR_clear_error();
        return REUSE_REFUSED;
    }
    return len == d->slen && memcmp(sig, d->sig, d->slen) == 0 ? REUSE_OK : REUSE_WRONG;
}

/* A refusal may return 0 as a bad signature does: with a valid one, anything but 1 is it. */
static int verify_outcome(EVP_MD_CTX *mctx, const struct data *d)
{
    int rv = EVP_DigestVerify(mctx, d->sig, d->slen, d->msg, d->mlen);

    ERR_clear_error();
    return rv == 1 ? REUSE_OK : REUSE_REFUSED;
}

/* Sign-context behaviour, run on edfast and on the default provider alike. */
static void test_sign_ctx(struct et_env *env, const struct data *d, const char *propq,
                          int reuse[REUSE_STEPS])
{
    EVP_PKEY *k = et_key_from_seed(env, d->c, propq, d->seed);
    EVP_MD_CTX *mctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    uint8_t sig[ET_MAX_SIG + 16], sig2[ET_MAX_SIG + 16], empty_sig[ET_MAX_SIG];
    size_t len, len2;
    const char *who = strcmp(propq, ET_EDFAST) == 0 ? "edfast" : "default";

    ET_CHECK(k != NULL && mctx != NULL && copy != NULL, "%s %s: set-up", d->label, who);
    if (k == NULL || mctx == NULL || copy == NULL)
        goto done;
    ET_CHECK(EVP_DigestSignInit_ex(mctx, &pctx, NULL, env->ctx, propq, k, NULL) == 1,
             "%s %s: EVP_DigestSignInit_ex", d->label, who);

    /* Size query with no buffer: it leaves the context usable on every version. */
    len = 0;
    ET_CHECK(EVP_DigestSign(mctx, NULL, &len, d->msg, d->mlen) == 1 && len == d->slen,
             "%s %s: size query gives %zu", d->label, who, len);
    len = sizeof(sig);
    ET_CHECK(EVP_DigestSign(mctx, sig, &len, d->msg, d->mlen) == 1 && len == d->slen
             && memcmp(sig, d->sig, d->slen) == 0, "%s %s: first signature", d->label, who);
    reuse[SIGN_AGAIN] = sign_outcome(mctx, d);

    /* algorithm-id, through the EVP_PKEY_CTX of the sign context. */
    {
        uint8_t der[64];
        OSSL_PARAM params[2];
        const uint8_t *p = der;
        X509_ALGOR *algor = NULL;
        int ptype = -1;
        const void *pval = NULL;
        const ASN1_OBJECT *obj = NULL;

        params[0] = OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, der,
                                                      sizeof(der));
        params[1] = OSSL_PARAM_construct_end();
        ET_CHECK(pctx != NULL && EVP_PKEY_CTX_get_params(pctx, params) == 1
                 && params[0].return_size == 7
                 && memcmp(der, fixtures[d->c].algorithm_id, 7) == 0,
                 "%s %s: algorithm-id (%zu bytes)", d->label, who, params[0].return_size);
        if (params[0].return_size <= sizeof(der))
            algor = d2i_X509_ALGOR(NULL, &p, (long)params[0].return_size);
        if (algor != NULL)
            X509_ALGOR_get0(&obj, &ptype, &pval, algor);
        ET_CHECK(algor != NULL && OBJ_obj2nid(obj) == fixtures[d->c].nid && ptype == V_ASN1_UNDEF,
                 "%s %s: algorithm-id is not the X509_ALGOR of %s without parameters", d->label,
                 who, et_curve_name(d->c));
        X509_ALGOR_free(algor);
    }

    ET_CHECK(EVP_MD_CTX_copy_ex(copy, mctx) == 1, "%s %s: EVP_MD_CTX_copy_ex of a used context",
             d->label, who);
    reuse[SIGN_COPY_OF_USED] = sign_outcome(copy, d);

    /*
     * Re-initialisation with no key keeps the key (and makes a used context
     * usable again); a copy of the fresh context signs alike and keeps working
     * once the original is gone.
     */
    ET_CHECK(EVP_DigestSignInit(mctx, NULL, NULL, NULL, NULL) == 1,
             "%s %s: EVP_DigestSignInit with a NULL key", d->label, who);
    ET_CHECK(EVP_MD_CTX_copy_ex(copy, mctx) == 1, "%s %s: EVP_MD_CTX_copy_ex", d->label, who);
    EVP_MD_CTX_free(mctx);
    mctx = NULL;
    pctx = NULL;
    len = sizeof(sig);
    ET_CHECK(EVP_DigestSign(copy, sig, &len, d->msg, d->mlen) == 1 && len == d->slen
             && memcmp(sig, d->sig, d->slen) == 0, "%s %s: the copied context signs differently",
             d->label, who);
    ET_CHECK(EVP_DigestSignInit(copy, NULL, NULL, NULL, NULL) == 1,
             "%s %s: EVP_DigestSignInit of the copy with a NULL key", d->label, who);
    len = sizeof(sig);
    ET_CHECK(EVP_DigestSign(copy, sig, &len, d->msg, d->mlen) == 1 && len == d->slen
             && memcmp(sig, d->sig, d->slen) == 0, "%s %s: re-initialised context lost the key",
             d->label, who);

    /* The empty message, given as a zero-length buffer and as NULL. */
    len = sizeof(empty_sig);
    ET_CHECK(EVP_DigestSignInit(copy, NULL, NULL, NULL, NULL) == 1
             && EVP_DigestSign(copy, empty_sig, &len, (const uint8_t *)"", 0) == 1
             && len == d->slen, "%s %s: signing the empty message", d->label, who);
    ET_CHECK(et_verify(env, k, propq, (const uint8_t *)"", 0, empty_sig, d->slen) == 1,
             "%s %s: the empty message's signature does not verify", d->label, who);
    ET_CHECK(et_verify(env, k, propq, d->msg, d->mlen, empty_sig, d->slen) == 0,
             "%s %s: the empty message's signature verifies another message", d->label, who);
    len2 = sizeof(sig2);
    ET_CHECK(EVP_DigestSignInit(copy, NULL, NULL, NULL, NULL) == 1
             && EVP_DigestSign(copy, sig2, &len2, NULL, 0) == 1 && len2 == d->slen
             && memcmp(sig2, empty_sig, d->slen) == 0,
             "%s %s: signing (NULL, 0) differs from signing the empty message", d->label, who);
done:
    ERR_clear_error();
    EVP_MD_CTX_free(mctx);
    EVP_MD_CTX_free(copy);
    EVP_PKEY_free(k);
}

/* The same on the verify side: reuse, NULL-key re-init and a copied verify context. */
static void test_verify_ctx(struct et_env *env, const struct data *d, const char *propq,
                            int reuse[REUSE_STEPS])
{
    EVP_PKEY *k = et_key(env, d->c, propq, NULL, d->pub);
    EVP_MD_CTX *mctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
    const char *who = strcmp(propq, ET_EDFAST) == 0 ? "edfast" : "default";

    if (k == NULL || mctx == NULL || copy == NULL) {
        ET_CHECK(0, "%s %s: verify set-up", d->label, who);
        goto done;
    }
    ET_CHECK(EVP_DigestVerifyInit_ex(mctx, NULL, NULL, env->ctx, propq, k, NULL) == 1
             && EVP_DigestVerify(mctx, d->sig, d->slen, d->msg, d->mlen) == 1,
             "%s %s: verify context", d->label, who);
    reuse[VERIFY_AGAIN] = verify_outcome(mctx, d);
    ET_CHECK(EVP_MD_CTX_copy_ex(copy, mctx) == 1, "%s %s: copy of a used verify context",
             d->label, who);
    reuse[VERIFY_COPY_OF_USED] = verify_outcome(copy, d);
    ET_CHECK(EVP_DigestVerifyInit(mctx, NULL, NULL, NULL, NULL) == 1
             && EVP_MD_CTX_copy_ex(copy, mctx) == 1
             && EVP_DigestVerify(copy, d->sig, d->slen, d->msg, d->mlen) == 1,
             "%s %s: copied verify context", d->label, who);
    ET_CHECK(EVP_DigestVerifyInit(copy, NULL, NULL, NULL, NULL) == 1
             && EVP_DigestVerify(copy, d->sig, d->slen, d->msg, d->mlen) == 1,
             "%s %s: verify context re-initialised with a NULL key", d->label, who);
done:
    ERR_clear_error();
    EVP_MD_CTX_free(mctx);
    EVP_MD_CTX_free(copy);
    EVP_PKEY_free(k);
}

/* edfast reuses contexts as the default provider does in this run. */
static void test_reuse(struct et_env *env, const struct data *d, int print)
{
    int mine[REUSE_STEPS], ref[REUSE_STEPS];

    for (int i = 0; i < REUSE_STEPS; i++)
        mine[i] = ref[i] = REUSE_WRONG;
    test_sign_ctx(env, d, ET_DEFAULT, ref);
    test_verify_ctx(env, d, ET_DEFAULT, ref);
    test_sign_ctx(env, d, ET_EDFAST, mine);
    test_verify_ctx(env, d, ET_EDFAST, mine);
    for (int i = 0; i < REUSE_STEPS; i++) {
        if (print)
            printf("%s: the default provider: %s: %s\n", et_curve_name(d->c),
                   reuse_step_names[i], reuse_outcome_names[ref[i]]);
        ET_CHECK(ref[i] != REUSE_WRONG && mine[i] == ref[i],
                 "%s: %s: edfast %s, the default provider %s", d->label, reuse_step_names[i],
                 reuse_outcome_names[mine[i]], reuse_outcome_names[ref[i]]);
    }
}

static int load_data(enum et_curve c, const char *label, struct data *d)
{
    const struct fixture *f = &fixtures[c];

    memset(d, 0, sizeof(*d));
    d->c = c;
    d->label = label;
    d->klen = et_key_len(c);
    d->slen = et_sig_len(c);
    d->mlen = et_unhex(f->msg, d->msg, sizeof(d->msg));
    return et_unhex(f->seed, d->seed, sizeof(d->seed)) == d->klen
        && et_unhex(f->pub, d->pub, sizeof(d->pub)) == d->klen
        && et_unhex(f->seed2, d->seed2, sizeof(d->seed2)) == d->klen
        && et_unhex(f->pub2, d->pub2, sizeof(d->pub2)) == d->klen
        && et_unhex(f->sig, d->sig, sizeof(d->sig)) == d->slen && d->mlen != (size_t)-1;
}

int main(void)
{
    enum et_curve c;

    for (c = ET_ED25519; c < ET_CURVES; c++) {
        const char *names[ET_MAX_BACKENDS];
        size_t n = et_backends_for(c, names), b;

        ET_CHECK(n > 0, "no backend serves %s", et_curve_name(c));
        for (b = 0; b < n; b++) {
            struct et_env env;
            struct data d;
            char label[64];
            unsigned long before = et_failures;

            snprintf(label, sizeof(label), "%s/%s", et_curve_name(c), names[b]);
            ET_CHECK(load_data(c, label, &d), "%s: fixture", label);
            if (!et_env_open_for(&env, c, names[b])) {
                ET_CHECK(0, "cannot load edfast with backend %s", names[b]);
                continue;
            }
            test_public_only(&env, &d);
            test_export(&env, &d);
            test_params(&env, &d);
            test_eq(&env, &d);
            test_check(&env, &d);
            test_dup(&env, &d);
            test_keygen(&env, &d);
            test_reuse(&env, &d, b == 0);
            printf("%s: %s\n", label, et_failures == before ? "ok" : "FAILED");
            et_env_close(&env);
        }
    }
    return et_finish("api");
}
