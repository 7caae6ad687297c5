/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What edfast does with bad input, for every backend serving each curve:
 * keys and signatures of the wrong length, signing with a public-only key,
 * a digest name, streaming, public keys that are not points, a signature
 * buffer too small.  Each refusal must come with edfast's reason on the error
 * queue; nothing may crash or leak (this program also runs under valgrind as
 * CTest bad_input_valgrind).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include "edfast_test_util.h"

static const char *const seed_hex[ET_CURVES] = {
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
};

static const char *const pub_hex[ET_CURVES] = {
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
};

/* The text of edfast's error, and that it is edfast's (its library name). */
static int edfast_error(const char *reason)
{
    unsigned long e;
    int found = 0;

    while ((e = ERR_get_error()) != 0) {
        const char *r = ERR_reason_error_string(e);
        const char *lib = ERR_lib_error_string(e);
        char text[256];

        ERR_error_string_n(e, text, sizeof(text));
        if (r != NULL && strstr(r, reason) != NULL && strstr(text, reason) != NULL
                && lib != NULL && strcmp(lib, "edfast") == 0)
            found = 1;
    }
    return found;
}

static void test_key_lengths(struct et_env *env, enum et_curve c, const char *label)
{
    static const size_t lengths[ET_CURVES][4] = {{31, 33, 0, 57}, {56, 58, 0, 32}};
    uint8_t buf[128];
    size_t i;

    memset(buf, 0x42, sizeof(buf));
    for (i = 0; i < 4; i++) {
        size_t len = lengths[c][i];
        EVP_PKEY *k;
        EVP_PKEY_CTX *pctx;
        OSSL_PARAM params[3];

        ERR_clear_error();
        k = EVP_PKEY_new_raw_private_key_ex(env->ctx, et_curve_name(c), ET_EDFAST, buf, len);
        ET_CHECK(k == NULL, "%s: %zu-byte private key accepted", label, len);
        ET_CHECK(edfast_error("invalid key length"),
                 "%s: %zu-byte private key: no \"invalid key length\" from edfast", label, len);
        EVP_PKEY_free(k);

        k = EVP_PKEY_new_raw_public_key_ex(env->ctx, et_curve_name(c), ET_EDFAST, buf, len);
        ET_CHECK(k == NULL, "%s: %zu-byte public key accepted", label, len);
        ET_CHECK(edfast_error("invalid key length"),
                 "%s: %zu-byte public key: no \"invalid key length\" from edfast", label, len);
        EVP_PKEY_free(k);

        /* A right-sized private half with a wrong-sized public half. */
        k = NULL;
        params[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, buf,
                                                      et_key_len(c));
        params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, buf, len);
        params[2] = OSSL_PARAM_construct_end();
        pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(c), ET_EDFAST);
        ET_CHECK(pctx != NULL && EVP_PKEY_fromdata_init(pctx) == 1
                 && EVP_PKEY_fromdata(pctx, &k, EVP_PKEY_KEYPAIR, params) != 1 && k == NULL,
                 "%s: pair with a %zu-byte public half accepted", label, len);
        ET_CHECK(edfast_error("invalid key length"),
                 "%s: pair with a %zu-byte public half: no \"invalid key length\"", label, len);
        EVP_PKEY_free(k);
        EVP_PKEY_CTX_free(pctx);
    }
    /* A key half of the wrong type, and no key half at all. */
    {
        EVP_PKEY *k = NULL;
        EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(c), ET_EDFAST);
        OSSL_PARAM params[2];
        char text[] = "0123456789012345678901234567890123456789012345678901234567890";

        params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_PUB_KEY, text,
                                                     et_key_len(c));
        params[1] = OSSL_PARAM_construct_end();
        ET_CHECK(pctx != NULL && EVP_PKEY_fromdata_init(pctx) == 1
                 && EVP_PKEY_fromdata(pctx, &k, EVP_PKEY_PUBLIC_KEY, params) != 1 && k == NULL,
                 "%s: a UTF-8 public key accepted", label);
        ET_CHECK(edfast_error("invalid key length"), "%s: UTF-8 public key: no edfast error",
                 label);
        EVP_PKEY_free(k);
        k = NULL;
        params[0] = OSSL_PARAM_construct_end();
        ET_CHECK(pctx != NULL && EVP_PKEY_fromdata(pctx, &k, EVP_PKEY_KEYPAIR, params) != 1
                 && k == NULL, "%s: a key with no data accepted", label);
        ET_CHECK(edfast_error("neither a public nor a private key given"),
                 "%s: a key with no data: no edfast error", label);
        EVP_PKEY_free(k);
        EVP_PKEY_CTX_free(pctx);
    }
}

/*
 * Signs into an exact buffer on a context whose last EVP_DigestSign was refused
 * for a buffer too small (mctx NULL: such a context is made for propq first).
 * OpenSSL 3.4 finalises the context in libcrypto even then, for every
 * provider; 3.0 leaves it usable.  Returns 1 (a good signature), 0 (refused)
 * or -1 (a wrong signature).
 */
static int after_refusal(struct et_env *env, EVP_MD_CTX *mctx, EVP_PKEY *priv, const char *propq,
                         enum et_curve c)
{
    static const uint8_t msg[] = "message";
    EVP_MD_CTX *own = NULL;
    uint8_t sig[ET_MAX_SIG];
    size_t len = et_sig_len(c) - 1;
    int rv;

    if (mctx == NULL) {
        mctx = own = EVP_MD_CTX_new();
        if (own == NULL
                || EVP_DigestSignInit_ex(own, NULL, NULL, env->ctx, propq, priv, NULL) != 1
                || EVP_DigestSign(own, sig, &len, msg, sizeof(msg)) == 1) {
            EVP_MD_CTX_free(own);
            return -1;
        }
    }
    len = et_sig_len(c);
    rv = EVP_DigestSign(mctx, sig, &len, msg, sizeof(msg)) == 1;
    if (rv && (len != et_sig_len(c) || et_verify(env, priv, ET_DEFAULT, msg, sizeof(msg), sig,
                                                 len) != 1))
        rv = -1;
    ERR_clear_error();
    EVP_MD_CTX_free(own);
    return rv;
}

static void test_signature_lengths(struct et_env *env, enum et_curve c, const char *label,
                                   EVP_PKEY *priv, EVP_PKEY *pub)
{
    static const size_t lengths[ET_CURVES][5] = {{0, 63, 65, 1, 128}, {0, 113, 115, 57, 228}};
    static const uint8_t msg[] = "message";
    uint8_t sig[2 * ET_MAX_SIG + 8];
    size_t i, len;
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();

    len = sizeof(sig);
    memset(sig, 0, sizeof(sig));
    ET_CHECK(et_sign(env, priv, ET_EDFAST, msg, sizeof(msg), sig, &len) && len == et_sig_len(c),
             "%s: signing", label);
    for (i = 0; i < 5; i++) {
        size_t slen = lengths[c][i];
        int rv = -5;

        ERR_clear_error();
        /* A used EVP_MD_CTX keeps its EVP_PKEY_CTX (and key) in OpenSSL 3.0: reset it. */
        EVP_MD_CTX_reset(mctx);
        if (mctx != NULL
                && EVP_DigestVerifyInit_ex(mctx, NULL, NULL, env->ctx, ET_EDFAST, pub, NULL) == 1)
            rv = EVP_DigestVerify(mctx, sig, slen, msg, sizeof(msg));
        ET_CHECK(rv == 0, "%s: %zu-byte signature: verify returned %d, 0 expected", label, slen,
                 rv);
        ET_CHECK(edfast_error("invalid signature length"),
                 "%s: %zu-byte signature: no \"invalid signature length\" from edfast", label, slen);
    }
    /* A signature buffer too small, then just right (after_refusal: on the same context). */
    for (i = 0; i < 3; i++) {
        size_t sizes[3] = {et_sig_len(c) - 1, 1, 0};
        int rv;

        ERR_clear_error();
        EVP_MD_CTX_reset(mctx);
        len = sizes[i];
        rv = mctx != NULL
            && EVP_DigestSignInit_ex(mctx, NULL, NULL, env->ctx, ET_EDFAST, priv, NULL) == 1
            ? EVP_DigestSign(mctx, sig, &len, msg, sizeof(msg)) : -5;
        ET_CHECK(rv != 1, "%s: signed into a %zu-byte buffer", label, sizes[i]);
        ET_CHECK(edfast_error("signature buffer too small"),
                 "%s: %zu-byte signature buffer: no \"signature buffer too small\"", label, sizes[i]);
    }
    {
        int mine = mctx != NULL ? after_refusal(env, mctx, priv, ET_EDFAST, c) : -1;
        int ref = after_refusal(env, NULL, priv, ET_DEFAULT, c);

        ET_CHECK(mine != -1 && ref != -1 && mine == ref,
                 "%s: signing into an exact buffer on the refusing context: edfast %d, the "
                 "default provider %d", label, mine, ref);
    }
    /* Re-initialised (with no key: it keeps the key), the context signs. */
    len = et_sig_len(c);
    ET_CHECK(mctx != NULL && EVP_DigestSignInit(mctx, NULL, NULL, NULL, NULL) == 1
             && EVP_DigestSign(mctx, sig, &len, msg, sizeof(msg)) == 1 && len == et_sig_len(c),
             "%s: signing into an exact buffer after a refusal", label);
    EVP_MD_CTX_free(mctx);
    ERR_clear_error();
}

/*
 * EVP_PKEY_sign_init and EVP_PKEY_sign of "message" with the signature
 * fetched by propq: 1 signed (into sig, *len), 0 init refused, -1 init
 * accepted and signing failed.
 */
static int pkey_sign(struct et_env *env, EVP_PKEY *priv, const char *propq, enum et_curve c,
                     uint8_t *sig, size_t *len)
{
    static const uint8_t msg[] = "message";
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(env->ctx, priv, propq);
    int rv = 0;

    *len = et_sig_len(c);
    if (pctx != NULL && EVP_PKEY_sign_init(pctx) > 0)
        rv = EVP_PKEY_sign(pctx, sig, len, msg, sizeof(msg)) == 1 ? 1 : -1;
    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
    return rv;
}

static void test_refusals(struct et_env *env, enum et_curve c, const char *label,
                          EVP_PKEY *priv, EVP_PKEY *pub)
{
    static const uint8_t msg[] = "message";
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx;
    const char *digests[] = {"SHA256", "SHA512"};
    size_t i;

    if (mctx == NULL) {
        ET_CHECK(0, "out of memory");
        return;
    }
    /* Signing with a public-only key. */
    ERR_clear_error();
    ET_CHECK(EVP_DigestSignInit_ex(mctx, NULL, NULL, env->ctx, ET_EDFAST, pub, NULL) != 1
             || EVP_DigestSign(mctx, sig, &len, msg, sizeof(msg)) != 1,
             "%s: signed with a public-only key", label);
    ET_CHECK(edfast_error("not a private key"), "%s: public-only signing: no \"not a private key\"",
             label);
    EVP_MD_CTX_reset(mctx);

    /* A digest named. */
    for (i = 0; i < 2; i++) {
        ERR_clear_error();
        ET_CHECK(EVP_DigestSignInit_ex(mctx, NULL, digests[i], env->ctx, ET_EDFAST, priv, NULL) != 1,
                 "%s: EVP_DigestSignInit_ex with digest %s accepted", label, digests[i]);
        ET_CHECK(edfast_error("EdDSA takes no digest"),
                 "%s: digest %s: no \"EdDSA takes no digest\"", label, digests[i]);
        EVP_MD_CTX_reset(mctx);
        ERR_clear_error();
        ET_CHECK(EVP_DigestVerifyInit_ex(mctx, NULL, digests[i], env->ctx, ET_EDFAST, pub,
                                         NULL) != 1,
                 "%s: EVP_DigestVerifyInit_ex with digest %s accepted", label, digests[i]);
        ET_CHECK(edfast_error("EdDSA takes no digest"),
                 "%s: verify digest %s: no \"EdDSA takes no digest\"", label, digests[i]);
        EVP_MD_CTX_reset(mctx);
    }

    /* No streaming: update calls fail, as with the default provider. */
    ET_CHECK(EVP_DigestSignInit_ex(mctx, NULL, NULL, env->ctx, ET_EDFAST, priv, NULL) == 1
             && EVP_DigestSignUpdate(mctx, msg, sizeof(msg)) != 1,
             "%s: EVP_DigestSignUpdate accepted", label);
    EVP_MD_CTX_reset(mctx);
    ET_CHECK(EVP_DigestVerifyInit_ex(mctx, NULL, NULL, env->ctx, ET_EDFAST, pub, NULL) == 1
             && EVP_DigestVerifyUpdate(mctx, msg, sizeof(msg)) != 1,
             "%s: EVP_DigestVerifyUpdate accepted", label);
    EVP_MD_CTX_free(mctx);
    ERR_clear_error();

    /*
     * EVP_PKEY_sign_init: refused by OpenSSL 3.0's default provider, accepted
     * from 3.4 on (for PH(M) with the ph instance: EVP_PKEY_sign of a message
     * without it is refused); edfast must do the same.
     */
    {
        static const char *const outcome[] = {"fails after init", "refuses", "signs"};
        int mine = pkey_sign(env, priv, ET_EDFAST, c, sig, &len);
        uint8_t ref[ET_MAX_SIG];
        size_t ref_len = sizeof(ref);
        int theirs = pkey_sign(env, priv, ET_DEFAULT, c, ref, &ref_len);

        ET_CHECK(mine == theirs,
                 "%s: EVP_PKEY_sign_init/EVP_PKEY_sign: edfast %s, the default provider %s",
                 label, outcome[mine + 1], outcome[theirs + 1]);
        ET_CHECK(mine != 1 || (len == ref_len && memcmp(sig, ref, len) == 0),
                 "%s: EVP_PKEY_sign: edfast's signature differs from the default provider's",
                 label);
    }
    /* Operations EdDSA keys do not have (not through edfast either). */
    pctx = EVP_PKEY_CTX_new_from_pkey(env->ctx, priv, ET_EDFAST);
    ET_CHECK(pctx != NULL && EVP_PKEY_derive_init(pctx) <= 0, "%s: EVP_PKEY_derive_init accepted",
             label);
    ET_CHECK(pctx != NULL && EVP_PKEY_encrypt_init(pctx) <= 0,
             "%s: EVP_PKEY_encrypt_init accepted", label);
    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
    (void)c;
}

/* A key with no key material (EVP_PKEY_paramgen: EdDSA has no parameters). */
static void test_empty_key(struct et_env *env, enum et_curve c, const char *label)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(c), ET_EDFAST);
    EVP_PKEY *k = NULL;
    uint8_t sig[ET_MAX_SIG] = {0}, pub[ET_MAX_KEY];
    size_t len = sizeof(sig);

    ET_CHECK(pctx != NULL && EVP_PKEY_paramgen_init(pctx) == 1 && EVP_PKEY_paramgen(pctx, &k) == 1
             && k != NULL, "%s: EVP_PKEY_paramgen", label);
    if (k != NULL) {
        ERR_clear_error();
        ET_CHECK(!et_sign(env, k, ET_EDFAST, (const uint8_t *)"m", 1, sig, &len),
                 "%s: signed with an empty key", label);
        ET_CHECK(edfast_error("no key set"), "%s: empty key signing: no \"no key set\"", label);
        ET_CHECK(et_verify(env, k, ET_EDFAST, (const uint8_t *)"m", 1, sig, et_sig_len(c)) != 1,
                 "%s: verified with an empty key", label);
        ET_CHECK(edfast_error("no key set"), "%s: empty key verifying: no \"no key set\"", label);
        len = sizeof(pub);
        ET_CHECK(EVP_PKEY_get_raw_private_key(k, pub, &len) != 1,
                 "%s: an empty key exports a private key", label);
        ERR_clear_error();
    }
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(pctx);
}

/* ---- public keys that are not points ---- */

/* Whether the encoding's y gives no x: (y^2-1)/(d*y^2+a') is not a square mod p. */
static int off_curve_y(enum et_curve c, const BIGNUM *y, BN_CTX *bn)
{
    BIGNUM *p = BN_new(), *d = BN_new(), *u = BN_new(), *v = BN_new(), *t = BN_new();
    int ok = 0, k;

    if (p == NULL || d == NULL || u == NULL || v == NULL || t == NULL)
        goto done;
    if (c == ET_ED25519) {
        /* p = 2^255 - 19, d = -121665/121666; x^2 = (y^2 - 1) / (d y^2 + 1) */
        BIGNUM *den = BN_new();

        ok = den != NULL && BN_set_word(p, 1) && BN_lshift(p, p, 255) && BN_sub_word(p, 19)
            && BN_set_word(den, 121666) && BN_mod_inverse(den, den, p, bn) != NULL
            && BN_set_word(d, 121665) && BN_mod_mul(d, d, den, p, bn) && BN_sub(d, p, d)
            && BN_mod_sqr(t, y, p, bn) && BN_copy(u, t) && BN_sub_word(u, 1)
            && BN_mod_mul(v, d, t, p, bn) && BN_add_word(v, 1);
        BN_free(den);
    } else {
        /* p = 2^448 - 2^224 - 1, d = -39081; x^2 = (y^2 - 1) / (d y^2 - 1) */
        BIGNUM *q = BN_new();

        ok = q != NULL && BN_set_word(p, 1) && BN_lshift(p, p, 448) && BN_set_word(q, 1)
            && BN_lshift(q, q, 224) && BN_sub(p, p, q) && BN_sub_word(p, 1)
            && BN_set_word(d, 39081) && BN_sub(d, p, d) && BN_mod_sqr(t, y, p, bn)
            && BN_copy(u, t) && BN_sub_word(u, 1) && BN_mod_mul(v, d, t, p, bn)
            && BN_sub_word(v, 1);
        BN_free(q);
    }
    ok = ok && BN_nnmod(u, u, p, bn) && BN_nnmod(v, v, p, bn) && !BN_is_zero(v)
        && BN_mod_mul(t, u, v, p, bn);
    /* u/v is a square exactly when u*v is one */
    k = ok ? BN_kronecker(t, p, bn) : -2;
    ok = k == -1;
done:
    BN_free(p);
    BN_free(d);
    BN_free(u);
    BN_free(v);
    BN_free(t);
    return ok;
}

static void test_not_points(struct et_env *env, enum et_curve c, const char *label,
                            EVP_PKEY *priv)
{
    static const uint8_t msg[] = "message";
    size_t klen = et_key_len(c), slen = et_sig_len(c), len = sizeof(uint8_t[ET_MAX_SIG]);
    uint8_t sig[ET_MAX_SIG], enc[ET_MAX_KEY];
    BN_CTX *bn = BN_CTX_new();
    BIGNUM *y = BN_new();
    unsigned long candidate;
    int found = 0, tried = 0;

    ET_CHECK(bn != NULL && y != NULL, "out of memory");
    ET_CHECK(et_sign(env, priv, ET_EDFAST, msg, sizeof(msg), sig, &len), "%s: signing", label);
    for (candidate = 2; bn != NULL && y != NULL && found < 6 && candidate < 1000; candidate++) {
        EVP_PKEY *ek, *dk;
        int ev, dv;

        if (!BN_set_word(y, candidate) || !off_curve_y(c, y, bn))
            continue;
        memset(enc, 0, sizeof(enc));
        if (BN_bn2lebinpad(y, enc, (int)klen) != (int)klen)
            continue;
        if (found % 2 == 1)
            enc[klen - 1] |= 0x80; /* the sign bit of x */
        found++;
        ek = et_key(env, c, ET_EDFAST, NULL, enc);
        dk = et_key(env, c, ET_DEFAULT, NULL, enc);
        ET_CHECK(ek != NULL && dk != NULL, "%s: public key y=%lu does not import (as OpenSSL)",
                 label, candidate);
        ev = ek != NULL ? et_verify(env, ek, ET_EDFAST, msg, sizeof(msg), sig, slen) : -3;
        dv = dk != NULL ? et_verify(env, dk, ET_DEFAULT, msg, sizeof(msg), sig, slen) : -3;
        if (getenv("EDFAST_TEST_VERBOSE") != NULL)
            printf("%s: off-curve y=%lu\n", label, candidate);
        ET_CHECK(ev == 0 && dv == 0, "%s: off-curve public key y=%lu: edfast %d, default %d",
                 label, candidate, ev, dv);
        tried++;
        EVP_PKEY_free(ek);
        EVP_PKEY_free(dk);
    }
    ET_CHECK(found == 6 && tried == 6, "%s: found only %d off-curve encodings", label, found);

    /* Other garbage: all ones, all zeros, and (Ed448) bits set in the last byte's unused bits. */
    {
        uint8_t garbage[3][ET_MAX_KEY];
        size_t g;

        memset(garbage[0], 0xff, sizeof(garbage[0]));
        memset(garbage[1], 0x00, sizeof(garbage[1]));
        memcpy(garbage[2], sig, klen); /* R of the signature, with the top byte spoiled */
        garbage[2][klen - 1] ^= c == ET_ED448 ? 0x01 : 0x40;
        for (g = 0; g < 3; g++) {
            EVP_PKEY *ek = et_key(env, c, ET_EDFAST, NULL, garbage[g]);
            EVP_PKEY *dk = et_key(env, c, ET_DEFAULT, NULL, garbage[g]);
            int ev = ek != NULL ? et_verify(env, ek, ET_EDFAST, msg, sizeof(msg), sig, slen) : -3;
            int dv = dk != NULL ? et_verify(env, dk, ET_DEFAULT, msg, sizeof(msg), sig, slen) : -3;

            ET_CHECK(ev == dv && ev == 0, "%s: garbage public key %zu: edfast %d, default %d",
                     label, g, ev, dv);
            EVP_PKEY_free(ek);
            EVP_PKEY_free(dk);
        }
    }
    ERR_clear_error();
    BN_free(y);
    BN_CTX_free(bn);
}

int main(void)
{
    enum et_curve c;

    for (c = ET_ED25519; c < ET_CURVES; c++) {
        const char *names[ET_MAX_BACKENDS];
        size_t n = et_backends_for(c, names), b;
        uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY];

        ET_CHECK(n > 0, "no backend serves %s", et_curve_name(c));
        ET_CHECK(et_unhex(seed_hex[c], seed, sizeof(seed)) == et_key_len(c)
                 && et_unhex(pub_hex[c], pub, sizeof(pub)) == et_key_len(c), "fixture");
        for (b = 0; b < n; b++) {
            struct et_env env;
            char label[64];
            EVP_PKEY *priv, *pubkey;
            unsigned long before = et_failures;

            snprintf(label, sizeof(label), "%s/%s", et_curve_name(c), names[b]);
            if (!et_env_open_for(&env, c, names[b])) {
                ET_CHECK(0, "cannot load edfast with backend %s", names[b]);
                continue;
            }
            priv = et_key_from_seed(&env, c, ET_EDFAST, seed);
            pubkey = et_key(&env, c, ET_EDFAST, NULL, pub);
            ET_CHECK(priv != NULL && pubkey != NULL, "%s: key import", label);
            test_key_lengths(&env, c, label);
            test_empty_key(&env, c, label);
            if (priv != NULL && pubkey != NULL) {
                test_signature_lengths(&env, c, label, priv, pubkey);
                test_refusals(&env, c, label, priv, pubkey);
                test_not_points(&env, c, label, priv);
            }
            EVP_PKEY_free(priv);
            EVP_PKEY_free(pubkey);
            printf("%s: %s\n", label, et_failures == before ? "ok" : "FAILED");
            et_env_close(&env);
        }
    }
    return et_finish("bad_input");
}
