/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Signature context parameters: arbitrary OSSL_PARAM arrays (known and
 * unknown names, every data type, any size) given to EVP_DigestSignInit_ex,
 * to EVP_PKEY_CTX_set_params after it, or to EVP_MD_CTX_set_params, perhaps
 * through a duplicated EVP_MD_CTX.  Every backend must give the same answers
 * and the same signature, and a signature made must verify under the same
 * parameters; with no parameter at all, the signature must be the default
 * provider's.
 *
 * Input: flags (bit 0 curve; bits 1-2 where the parameters go: 0 init,
 * 1 EVP_PKEY_CTX_set_params, 2 EVP_MD_CTX_set_params, 3 half and half;
 * bit 3 duplicate the EVP_MD_CTX; bit 4 name a digest; bit 5 public-only key
 * (signing must fail)), parameter count, parameters, message.  A parameter:
 * name selector (known name, or < 0x20: that many bytes of name follow),
 * type, size, data.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include "fuzz_common.h"

#define MAX_PARAMS 6

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_setup();
    return 0;
}

static const char *const known_names[] = {
    "instance", "context-string", "digest", "properties", "algorithm-id", "nonce-type",
    "digest-size", "pad-mode", "Instance", "context_string",
};
#define KNOWN (sizeof(known_names) / sizeof(known_names[0]))

/* RFC 8032 7.1 TEST 1 and 7.4 "-----Blank" secret keys */
static const uint8_t seeds[ET_CURVES][57] = {
    {0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c,
     0xc4, 0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae,
     0x7f, 0x60},
    {0x6c, 0x82, 0xa5, 0x62, 0xcb, 0x80, 0x8d, 0x10, 0xd6, 0x32, 0xbe, 0x89, 0xc8, 0x51, 0x3e,
     0xbf, 0x6c, 0x92, 0x9f, 0x34, 0xdd, 0xfa, 0x8c, 0x9f, 0x63, 0xc9, 0x96, 0x0e, 0xf6, 0xe3,
     0x48, 0xa3, 0x52, 0x8c, 0x8a, 0x3f, 0xcc, 0x2f, 0x04, 0x4e, 0x39, 0xa3, 0xfc, 0x5b, 0x94,
     0x49, 0x2f, 0x8f, 0x03, 0x2e, 0x75, 0x49, 0xa2, 0x00, 0x98, 0xf9, 0x5b},
};

struct param_set {
    OSSL_PARAM params[MAX_PARAMS + 1];
    void *owned[2 * MAX_PARAMS + 1];
    size_t owned_count;
    void *ptrs[MAX_PARAMS];
};

static void *own(struct param_set *set, size_t size)
{
    void *p = malloc(size == 0 ? 1 : size);

    FZ_ASSERT(p != NULL, "no memory");
    set->owned[set->owned_count++] = p;
    return p;
}

/* Builds the parameters; data buffers are exactly as large as declared. */
static void parse_params(struct fz_input *in, struct param_set *set, size_t count)
{
    static const unsigned types[] = {
        OSSL_PARAM_INTEGER, OSSL_PARAM_UNSIGNED_INTEGER, OSSL_PARAM_REAL, OSSL_PARAM_UTF8_STRING,
        OSSL_PARAM_OCTET_STRING, OSSL_PARAM_UTF8_PTR, OSSL_PARAM_OCTET_PTR, 0x55,
    };
    size_t i;

    memset(set, 0, sizeof(*set));
    for (i = 0; i < count && i < MAX_PARAMS; i++) {
        OSSL_PARAM *p = &set->params[i];
        uint8_t sel = fz_byte(in);
        unsigned type = types[fz_byte(in) % 8];
        size_t size = fz_byte(in);
        uint8_t *buf;

        if (sel < 0x20) {
            char *name = own(set, (size_t)sel + 1);

            name[fz_bytes(in, (uint8_t *)name, sel)] = '\0';
            p->key = name;
        } else {
            p->key = known_names[sel % KNOWN];
        }
        p->data_type = type;
        /* strings carry their NUL terminator past data_size, as OpenSSL's callers do */
        buf = own(set, size + 1);
        size = fz_bytes(in, buf, size);
        buf[size] = '\0';
        if (type == OSSL_PARAM_UTF8_PTR || type == OSSL_PARAM_OCTET_PTR) {
            set->ptrs[i] = buf;
            p->data = &set->ptrs[i];
        } else {
            p->data = buf;
        }
        p->data_size = size;
        p->return_size = OSSL_PARAM_UNMODIFIED;
    }
    set->params[i] = OSSL_PARAM_construct_end();
}

static void free_params(struct param_set *set)
{
    for (size_t i = 0; i < set->owned_count; i++)
        free(set->owned[i]);
}

struct outcome {
    int init, set, sign, verify;
    uint8_t sig[ET_MAX_SIG];
    size_t sig_len;
};

static void run(struct et_env *env, EVP_PKEY *pkey, uint8_t flags, const OSSL_PARAM *params,
                size_t split, const uint8_t *msg, size_t msg_len, struct outcome *out)
{
    int where = (flags >> 1) & 3;
    const char *md = (flags & 16) ? "SHA512" : NULL;
    const OSSL_PARAM *init_params = where == 0 ? params : where == 3 ? params + split : NULL;
    const OSSL_PARAM *late = where == 0 ? NULL : params;
    OSSL_PARAM late_copy[MAX_PARAMS + 1];

    memset(out, 0, sizeof(*out));
    if (where == 3) {
        memcpy(late_copy, params, split * sizeof(OSSL_PARAM));
        late_copy[split] = OSSL_PARAM_construct_end();
        late = late_copy;
    }
    for (int verifying = 0; verifying < 2; verifying++) {
        EVP_MD_CTX *mctx = EVP_MD_CTX_new(), *use = mctx, *dup = NULL;
        EVP_PKEY_CTX *pctx = NULL;
        int init, set = 1, done;

        FZ_ASSERT(mctx != NULL, "no memory");
        init = verifying
            ? EVP_DigestVerifyInit_ex(mctx, &pctx, md, env->ctx, ET_EDFAST, pkey, init_params)
            : EVP_DigestSignInit_ex(mctx, &pctx, md, env->ctx, ET_EDFAST, pkey, init_params);
        init = init == 1;
        if (init && late != NULL)
            set = (where == 2 ? EVP_MD_CTX_set_params(mctx, late)
                              : EVP_PKEY_CTX_set_params(pctx, late)) == 1;
        if (init && (flags & 8)) {
            dup = EVP_MD_CTX_new();
            FZ_ASSERT(dup != NULL && EVP_MD_CTX_copy_ex(dup, mctx) == 1, "EVP_MD_CTX_copy_ex");
            use = dup;
        }
        if (!verifying) {
            out->init = init;
            out->set = set;
            out->sig_len = sizeof(out->sig);
            done = init && set && EVP_DigestSign(use, out->sig, &out->sig_len, msg, msg_len) == 1;
            out->sign = done;
            if (!done)
                out->sig_len = 0;
        } else {
            out->verify = init && set
                && EVP_DigestVerify(use, out->sig, et_sig_len(EVP_PKEY_get_id(pkey)
                                                              == EVP_PKEY_ED25519 ? ET_ED25519
                                                                                  : ET_ED448),
                                    msg, msg_len) == 1;
        }
        EVP_MD_CTX_free(dup);
        EVP_MD_CTX_free(mctx);
        ERR_clear_error();
    }
}

/* Keys made once per backend context: the seed's pair, and its public half alone. */
static EVP_PKEY *cached_key(size_t b, enum et_curve curve, int public_only)
{
    static EVP_PKEY *keys[ET_CURVES][FZ_MAX_ENVS][2];
    EVP_PKEY **slot = &keys[curve][b][public_only];

    if (*slot == NULL) {
        struct et_env *env = fz.by_curve[curve][b].env;
        EVP_PKEY *pair = et_key_from_seed(env, curve, ET_EDFAST, seeds[curve]);
        uint8_t pub[ET_MAX_KEY];
        size_t pub_len;

        FZ_ASSERT(pair != NULL && fz_raw(pair, pub, &pub_len, NULL, NULL), "key");
        if (public_only) {
            *slot = et_key(env, curve, ET_EDFAST, NULL, pub);
            EVP_PKEY_free(pair);
        } else {
            *slot = pair;
        }
    }
    return *slot;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_input in = {data, size};
    uint8_t flags = fz_byte(&in);
    enum et_curve curve = (enum et_curve)(flags & 1);
    size_t count = fz_byte(&in) % (MAX_PARAMS + 1);
    struct param_set set;
    struct outcome first, now;
    const char *first_name = NULL;
    size_t split;

    fz_setup();
    parse_params(&in, &set, count);
    split = count / 2;
    for (size_t b = 0; b < fz.count[curve]; b++) {
        struct et_env *env = fz.by_curve[curve][b].env;
        const char *name = fz.by_curve[curve][b].name;
        EVP_PKEY *pkey = cached_key(b, curve, (flags & 32) != 0);

        FZ_ASSERT(pkey != NULL, "%s: key import", name);
        run(env, pkey, flags, set.params, split, in.data, in.len, &now);
        FZ_ASSERT(!now.sign || now.verify, "%s %s: own signature does not verify",
                  et_curve_name(curve), name);
        FZ_ASSERT(!(flags & 32) || !now.sign, "%s: signed with a public key", name);
        FZ_ASSERT(!(flags & 16) || !now.init, "%s: a digest was accepted", name);
        if (first_name == NULL) {
            first = now;
            first_name = name;
        } else {
            FZ_ASSERT(now.init == first.init && now.set == first.set && now.sign == first.sign
                          && now.verify == first.verify,
                      "%s: %s init/set/sign/verify %d%d%d%d, %s %d%d%d%d", et_curve_name(curve),
                      name, now.init, now.set, now.sign, now.verify, first_name, first.init,
                      first.set, first.sign, first.verify);
            if (now.sig_len != first.sig_len || memcmp(now.sig, first.sig, now.sig_len) != 0) {
                fz_hex(name, now.sig, now.sig_len);
                fz_hex(first_name, first.sig, first.sig_len);
                FZ_ASSERT(0, "%s: signatures differ", et_curve_name(curve));
            }
        }
    }
    if (count == 0 && !(flags & 48) && first.sign) {
        /* no parameter: pure EdDSA, byte for byte the default provider's */
        EVP_PKEY *ref = et_key_from_seed(fz.ref, curve, ET_DEFAULT, seeds[curve]);
        uint8_t sig[ET_MAX_SIG];
        size_t sig_len = sizeof(sig);

        FZ_ASSERT(ref != NULL && et_sign(fz.ref, ref, ET_DEFAULT, in.data, in.len, sig, &sig_len),
                  "default provider signs");
        FZ_ASSERT(sig_len == first.sig_len && memcmp(sig, first.sig, sig_len) == 0,
                  "%s: signature differs from the default provider's", et_curve_name(curve));
        EVP_PKEY_free(ref);
    }
    free_params(&set);
    ERR_clear_error();
    return 0;
}
