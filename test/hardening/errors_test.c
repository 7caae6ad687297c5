/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bad input at every public entry point of edfast, and the error each gives
 * (docs/errors.md lists these cases by name), then: no secret in any error.
 *
 * Each case runs one call with provider=edfast, records whether it succeeded
 * and the error queue's reason strings, and checks them against the table.
 * Every error text of the run is also printed into one memory BIO with
 * ERR_print_errors; at the end that text must hold neither the seeds used
 * nor their expanded secrets (SHA-512 / SHAKE256 halves, the clamped scalar),
 * as hex in either case or raw bytes.
 *
 * hardening_errors --table prints the cases as markdown rows.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "edfast_test_util.h"

static BIO *all_errors;   /* everything ERR_print_errors printed in the run */
static int print_table;
static struct et_env env; /* edfast + default */
static OSSL_LIB_CTX *alone; /* edfast only: its decoders and encoders */
static OSSL_PROVIDER *alone_prov;

/* RFC 8032 7.1 TEST 1 and 7.4 blank seeds: the secrets that must never show */
static uint8_t seeds[ET_CURVES][ET_MAX_KEY];
static EVP_PKEY *pair[ET_CURVES], *pubonly[ET_CURVES];
static uint8_t pubs[ET_CURVES][ET_MAX_KEY];

static char reasons[2048];
static char bare_reasons[2048]; /* the same without the detail texts */

/*
 * Moves the error queue, as ERR_print_errors prints it, into all_errors, and
 * its reasons (with any detail text) into reasons[].  A printed line is
 * "tid:error:code:library:function:reason:file:line:data".
 */
static void take_errors(void)
{
    BIO *one = BIO_new(BIO_s_mem());
    char *text, *line, *save = NULL;
    long len;

    reasons[0] = '\0';
    bare_reasons[0] = '\0';
    ERR_print_errors(one);
    len = BIO_get_mem_data(one, &text);
    BIO_write(all_errors, text, (int)len);
    BIO_write(one, "", 1); /* NUL-terminate */
    BIO_get_mem_data(one, &text);
    for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char *field[9] = {0};
        char *p = line;
        size_t used = strlen(reasons), bare_used = strlen(bare_reasons);

        for (int i = 0; i < 8 && p != NULL; i++) {
            field[i] = p;
            p = strchr(p, ':');
            if (p != NULL)
                *p++ = '\0';
        }
        field[8] = p;
        snprintf(reasons + used, sizeof(reasons) - used, "%s%s%s%s", used ? " / " : "",
                 field[5] != NULL ? field[5] : line,
                 field[8] != NULL && field[8][0] != '\0' ? ": " : "",
                 field[8] != NULL ? field[8] : "");
        snprintf(bare_reasons + bare_used, sizeof(bare_reasons) - bare_used, "%s%s",
                 bare_used ? " / " : "", field[5] != NULL ? field[5] : line);
    }
    BIO_free(one);
}

/*
 * expect: NULL = must succeed; "" = must fail, any or no reason; otherwise
 * must fail with this text among the reasons.
 */
static void check_case(const char *id, const char *entry, const char *input, int ok,
                       const char *expect)
{
    take_errors();
    if (print_table)
        printf("| %s | %s | %s | %s | `%s` |\n", entry, input, ok ? "succeeds" : "fails",
               reasons[0] ? reasons : "(none)", id);
    if (expect == NULL)
        ET_CHECK(ok, "%s: %s with %s should succeed; errors: %s", id, entry, input, reasons);
    else
        ET_CHECK(!ok && strstr(reasons, expect) != NULL,
                 "%s: %s with %s: %s, reasons \"%s\", expected failure with \"%s\"", id, entry,
                 input, ok ? "succeeded" : "failed", reasons, expect);
}
#define CASE(id, entry, input, expr, expect) check_case(id, entry, input, (expr), expect)

/* ---- helpers ---- */

static EVP_PKEY *fromdata(enum et_curve c, const char *name, int type, const void *data,
                          size_t len, int selection)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env.ctx, et_curve_name(c), ET_EDFAST);
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM params[2];

    params[0].key = name;
    params[0].data_type = (unsigned)type;
    params[0].data = (void *)data;
    params[0].data_size = len;
    params[0].return_size = OSSL_PARAM_UNMODIFIED;
    params[1] = OSSL_PARAM_construct_end();
    if (pctx == NULL || EVP_PKEY_fromdata_init(pctx) != 1
            || EVP_PKEY_fromdata(pctx, &pkey, selection, name != NULL ? params : params + 1) != 1)
        pkey = NULL;
    EVP_PKEY_CTX_free(pctx);
    return pkey;
}

static int import_ok(enum et_curve c, const char *name, int type, const void *data, size_t len,
                     int selection)
{
    EVP_PKEY *k = fromdata(c, name, type, data, len, selection);

    EVP_PKEY_free(k);
    return k != NULL;
}

/* DigestSign/Verify with a digest name, parameters at init, and a signature buffer size */
static int sign_with(EVP_PKEY *key, const char *md, const OSSL_PARAM *params, size_t sigsize)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    uint8_t sig[ET_MAX_SIG];
    size_t len = sigsize;
    int ok = m != NULL
        && EVP_DigestSignInit_ex(m, NULL, md, env.ctx, ET_EDFAST, key, params) == 1
        && EVP_DigestSign(m, sig, &len, (const uint8_t *)"msg", 3) == 1;

    EVP_MD_CTX_free(m);
    return ok;
}

static int verify_by(EVP_PKEY *key, const char *propq, const OSSL_PARAM *params,
                     const uint8_t *sig, size_t len)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = m != NULL
        && EVP_DigestVerifyInit_ex(m, NULL, NULL, env.ctx, propq, key, params) == 1
        && EVP_DigestVerify(m, sig, len, (const uint8_t *)"msg", 3) == 1;

    EVP_MD_CTX_free(m);
    return ok;
}

static int verify_with(EVP_PKEY *key, const OSSL_PARAM *params, const uint8_t *sig, size_t len)
{
    return verify_by(key, ET_EDFAST, params, sig, len);
}

static int set_params_after_init(EVP_PKEY *key, const OSSL_PARAM *params)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    int ok = m != NULL
        && EVP_DigestSignInit_ex(m, &pctx, NULL, env.ctx, ET_EDFAST, key, NULL) == 1
        && EVP_PKEY_CTX_set_params(pctx, params) == 1;

    EVP_MD_CTX_free(m);
    return ok;
}

static int stream_update(EVP_PKEY *key)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = m != NULL
        && EVP_DigestSignInit_ex(m, NULL, NULL, env.ctx, ET_EDFAST, key, NULL) == 1
        && EVP_DigestSignUpdate(m, "msg", 3) == 1;

    EVP_MD_CTX_free(m);
    return ok;
}

static int pkey_sign(EVP_PKEY *key)
{
    EVP_PKEY_CTX *p = EVP_PKEY_CTX_new_from_pkey(env.ctx, key, ET_EDFAST);
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    int ok = p != NULL && EVP_PKEY_sign_init(p) == 1
        && EVP_PKEY_sign(p, sig, &len, (const uint8_t *)"msg", 3) == 1;

    EVP_PKEY_CTX_free(p);
    return ok;
}

static int algorithm_id(EVP_PKEY *key, size_t cap)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    uint8_t buf[64];
    OSSL_PARAM params[2];
    int ok;

    params[0] = OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, buf, cap);
    params[1] = OSSL_PARAM_construct_end();
    ok = m != NULL && EVP_DigestSignInit_ex(m, &pctx, NULL, env.ctx, ET_EDFAST, key, NULL) == 1
        && EVP_PKEY_CTX_get_params(pctx, params) == 1;
    EVP_MD_CTX_free(m);
    return ok;
}

static int check_pair(EVP_PKEY *key)
{
    EVP_PKEY_CTX *p = EVP_PKEY_CTX_new_from_pkey(env.ctx, key, ET_EDFAST);
    int ok = p != NULL && EVP_PKEY_pairwise_check(p) == 1;

    EVP_PKEY_CTX_free(p);
    return ok;
}

static int raw_private(EVP_PKEY *key, size_t cap)
{
    uint8_t buf[ET_MAX_KEY];
    size_t len = cap;

    return EVP_PKEY_get_raw_private_key(key, buf, &len) == 1;
}

static int encode(EVP_PKEY *key, const char *type, const char *structure, int selection,
                  const char *cipher)
{
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(key, selection, type, structure,
                                                        ET_EDFAST);
    unsigned char *out = NULL;
    size_t len = 0;
    int ok = e != NULL && OSSL_ENCODER_CTX_get_num_encoders(e) > 0
        && (cipher == NULL || (OSSL_ENCODER_CTX_set_cipher(e, cipher, NULL) == 1
                               && OSSL_ENCODER_CTX_set_passphrase(
                                      e, (const unsigned char *)"pw", 2) == 1))
        && OSSL_ENCODER_to_data(e, &out, &len) == 1;

    OPENSSL_clear_free(out, len);
    OSSL_ENCODER_CTX_free(e);
    return ok;
}

static int decode(const void *data, size_t len, const char *type, const char *structure,
                  const char *pass)
{
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&pkey, type, structure, NULL, 0, alone,
                                                        ET_EDFAST);
    const unsigned char *p = data;
    int ok;

    if (d != NULL && pass != NULL)
        OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)pass, strlen(pass));
    ok = d != NULL && OSSL_DECODER_from_data(d, &p, &len) == 1 && pkey != NULL;
    EVP_PKEY_free(pkey);
    OSSL_DECODER_CTX_free(d);
    return ok;
}

static int load_with_backend(const char *value)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p;
    int ok;

    OSSL_PROVIDER_set_default_search_path(ctx, et_provider_dir());
    setenv("EDFAST_BACKEND", value, 1);
    p = OSSL_PROVIDER_load(ctx, "edfast");
    unsetenv("EDFAST_BACKEND");
    ok = p != NULL;
    if (p != NULL) {
        /* it must still serve both curves */
        EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(ctx, "ED448", ET_EDFAST, seeds[1], 57);

        ok = k != NULL;
        EVP_PKEY_free(k);
        OSSL_PROVIDER_unload(p);
    }
    OSSL_LIB_CTX_free(ctx);
    return ok;
}

static int load_with_config(const char *backend_line)
{
    char path[] = "/tmp/edfast-errors-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    int ok;

    if (f == NULL || ctx == NULL)
        return 0;
    fprintf(f, "openssl_conf = conf\n[conf]\nproviders = provs\n[provs]\nedfast = edfast_sect\n"
               "[edfast_sect]\nmodule = %s/edfast.so\n%s\nactivate = 1\n",
            et_provider_dir(), backend_line);
    fclose(f);
    ok = OSSL_LIB_CTX_load_config(ctx, path) == 1 && OSSL_PROVIDER_available(ctx, "edfast");
    if (ok) {
        EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(ctx, "ED25519", ET_EDFAST, seeds[0], 32);

        ok = k != NULL;
        EVP_PKEY_free(k);
    }
    OSSL_LIB_CTX_free(ctx);
    remove(path);
    return ok;
}

static int generate(enum et_curve c, const OSSL_PARAM *params)
{
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(env.ctx, et_curve_name(c), ET_EDFAST);
    EVP_PKEY *key = NULL;
    int ok = g != NULL && EVP_PKEY_keygen_init(g) == 1
        && (params == NULL || EVP_PKEY_CTX_set_params(g, params) == 1)
        && EVP_PKEY_generate(g, &key) == 1 && key != NULL;

    EVP_PKEY_free(key);
    EVP_PKEY_CTX_free(g);
    return ok;
}

static int todata(EVP_PKEY *key, int selection)
{
    OSSL_PARAM *params = NULL;
    int ok = EVP_PKEY_todata(key, selection, &params) == 1 && params != NULL
        && OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY) != NULL;

    OSSL_PARAM_free(params);
    return ok;
}

/* ---- the cases ---- */

static void provider_cases(void)
{
    char *long_value = malloc(20000);

    memset(long_value, 'x', 19999);
    long_value[19999] = '\0';
    CASE("prov.backend.garbage", "provider init (EDFAST_BACKEND)", "garbage name \"no,such;;\"",
         load_with_backend("no,such;;"), NULL);
    CASE("prov.backend.empty", "provider init (EDFAST_BACKEND)", "empty", load_with_backend(""),
         NULL);
    CASE("prov.backend.long", "provider init (EDFAST_BACKEND)", "20000 bytes",
         load_with_backend(long_value), NULL);
    CASE("prov.config.garbage", "provider config (`backend =`)", "garbage \"\\x01,,,zz\"",
         load_with_config("backend = \\x01,,,zz"), NULL);
    CASE("prov.config.empty", "provider config (`backend =`)", "empty", load_with_config("backend ="),
         NULL);
    long_value[4000] = '\0';
    {
        char line[4100];

        snprintf(line, sizeof(line), "backend = %s", long_value);
        CASE("prov.config.long", "provider config (`backend =`)", "4000 bytes",
             load_with_config(line), NULL);
    }
    free(long_value);
}

static void keymgmt_cases(void)
{
    uint8_t buf[128];

    memset(buf, 0xab, sizeof(buf));
    for (int c = 0; c < ET_CURVES; c++) {
        size_t k = et_key_len(c);
        char id[64], in[96];
        const char *cn = c == ET_ED25519 ? "25519" : "448";

#define ID(s) (snprintf(id, sizeof(id), "km%s." s, cn), id)
#define IN(...) (snprintf(in, sizeof(in), __VA_ARGS__), in)
        CASE(ID("import.pub.null"), "keymgmt import (EVP_PKEY_fromdata)", "pub: NULL, 0 bytes",
             import_ok(c, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, NULL, 0,
                       EVP_PKEY_PUBLIC_KEY), "invalid key length");
        CASE(ID("import.pub.short"), "keymgmt import (EVP_PKEY_fromdata)",
             IN("pub: %zu bytes", k - 1),
             import_ok(c, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, buf, k - 1,
                       EVP_PKEY_PUBLIC_KEY), "invalid key length");
        CASE(ID("import.pub.long"), "keymgmt import (EVP_PKEY_fromdata)",
             IN("pub: %zu bytes", k + 1),
             import_ok(c, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, buf, k + 1,
                       EVP_PKEY_PUBLIC_KEY), "invalid key length");
        CASE(ID("import.pub.type"), "keymgmt import (EVP_PKEY_fromdata)",
             "pub as a UTF-8 string",
             import_ok(c, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_UTF8_STRING, buf, k,
                       EVP_PKEY_PUBLIC_KEY), "invalid key length");
        CASE(ID("import.pub.garbage"), "keymgmt import (EVP_PKEY_fromdata)",
             IN("pub: %zu bytes 0xab (no curve point)", k),
             import_ok(c, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, buf, k,
                       EVP_PKEY_PUBLIC_KEY), NULL);
        CASE(ID("import.priv.null"), "keymgmt import (EVP_PKEY_fromdata)", "priv: NULL, 0 bytes",
             import_ok(c, OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, NULL, 0,
                       EVP_PKEY_KEYPAIR), "invalid key length");
        CASE(ID("import.priv.short"), "keymgmt import (EVP_PKEY_fromdata)",
             IN("priv: %zu bytes", k - 1),
             import_ok(c, OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, seeds[c], k - 1,
                       EVP_PKEY_KEYPAIR), "invalid key length");
        CASE(ID("import.priv.long"), "keymgmt import (EVP_PKEY_fromdata)",
             IN("priv: %zu bytes", k + 1),
             import_ok(c, OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, buf, k + 1,
                       EVP_PKEY_KEYPAIR), "invalid key length");
        CASE(ID("import.priv.garbage"), "keymgmt import (EVP_PKEY_fromdata)",
             IN("priv: %zu bytes 0xab", k),
             import_ok(c, OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PARAM_OCTET_STRING, buf, k,
                       EVP_PKEY_KEYPAIR), NULL);
        CASE(ID("import.none"), "keymgmt import (EVP_PKEY_fromdata)", "no parameter",
             import_ok(c, NULL, 0, NULL, 0, EVP_PKEY_KEYPAIR),
             "neither a public nor a private key given");
        CASE(ID("import.unknown"), "keymgmt import (EVP_PKEY_fromdata)",
             "only an unknown parameter",
             import_ok(c, "no-such-param", OSSL_PARAM_OCTET_STRING, buf, 4, EVP_PKEY_KEYPAIR),
             "neither a public nor a private key given");
        CASE(ID("import.params_only"), "keymgmt import (EVP_PKEY_fromdata)",
             "selection: domain parameters only",
             import_ok(c, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PARAM_OCTET_STRING, pubs[c], k,
                       EVP_PKEY_KEY_PARAMETERS), "");
        {
            OSSL_PARAM gp[2];

            gp[0] = OSSL_PARAM_construct_utf8_string("no-such-param", "x", 0);
            gp[1] = OSSL_PARAM_construct_end();
            CASE(ID("gen.unknown"), "keymgmt gen (EVP_PKEY_generate)", "unknown parameter",
                 generate(c, gp), NULL);
            gp[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, "\x01garbage", 0);
            CASE(ID("gen.properties"), "keymgmt gen (EVP_PKEY_generate)",
                 "garbage properties string", generate(c, gp), NULL);
        }
        CASE(ID("export.pubonly"), "keymgmt export (EVP_PKEY_todata)",
             "public-only key, selection keypair", todata(pubonly[c], EVP_PKEY_KEYPAIR), NULL);
        CASE(ID("export.params_only"), "keymgmt export (EVP_PKEY_todata)",
             "selection: domain parameters only", todata(pair[c], EVP_PKEY_KEY_PARAMETERS), "");
        CASE(ID("match.other_curve"), "keymgmt match (EVP_PKEY_eq)", "a key of the other curve",
             EVP_PKEY_eq(pair[c], pair[1 - c]) == 1, "");
        CASE(ID("export.priv.pubonly"), "keymgmt get_params (EVP_PKEY_get_raw_private_key)",
             "public-only key", raw_private(pubonly[c], ET_MAX_KEY), "");
        CASE(ID("export.priv.small"), "keymgmt get_params (EVP_PKEY_get_raw_private_key)",
             IN("buffer of %zu bytes", k - 1), raw_private(pair[c], k - 1), "");
        {
            EVP_PKEY *mismatch = et_key(&env, c, ET_EDFAST, seeds[c], buf);

            CASE(ID("validate.mismatch"), "keymgmt validate (EVP_PKEY_pairwise_check)",
                 "seed with another key's public half", mismatch != NULL && check_pair(mismatch),
                 "");
            EVP_PKEY_free(mismatch);
        }
        CASE(ID("validate.pubonly"), "keymgmt validate (EVP_PKEY_pairwise_check)",
             "public-only key", check_pair(pubonly[c]), "");
    }
}

/*
 * The keymgmt entry points with NULL key data, called through edfast's own
 * dispatch table (OSSL_PROVIDER_query_operation), as any core may call them:
 * each refuses, none dereferences it.
 */
static void keymgmt_null_cases(void)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *algs = OSSL_PROVIDER_query_operation(alone_prov, OSSL_OP_KEYMGMT,
                                                               &no_cache);

    for (const OSSL_ALGORITHM *a = algs; a != NULL && a->algorithm_names != NULL; a++) {
        OSSL_FUNC_keymgmt_has_fn *has = NULL;
        OSSL_FUNC_keymgmt_match_fn *match = NULL;
        OSSL_FUNC_keymgmt_get_params_fn *get_params = NULL;
        OSSL_FUNC_keymgmt_validate_fn *validate = NULL;
        OSSL_FUNC_keymgmt_dup_fn *dup = NULL;
        const char *cn = strncmp(a->algorithm_names, "ED25519", 7) == 0 ? "25519" : "448";
        int bits = 0;
        OSSL_PARAM p[2];
        char id[64];

        for (const OSSL_DISPATCH *f = a->implementation; f->function_id != 0; f++) {
            if (f->function_id == OSSL_FUNC_KEYMGMT_HAS)
                has = OSSL_FUNC_keymgmt_has(f);
            else if (f->function_id == OSSL_FUNC_KEYMGMT_MATCH)
                match = OSSL_FUNC_keymgmt_match(f);
            else if (f->function_id == OSSL_FUNC_KEYMGMT_GET_PARAMS)
                get_params = OSSL_FUNC_keymgmt_get_params(f);
            else if (f->function_id == OSSL_FUNC_KEYMGMT_VALIDATE)
                validate = OSSL_FUNC_keymgmt_validate(f);
            else if (f->function_id == OSSL_FUNC_KEYMGMT_DUP)
                dup = OSSL_FUNC_keymgmt_dup(f);
        }
        ET_CHECK(has != NULL && match != NULL && get_params != NULL && validate != NULL
                     && dup != NULL,
                 "%s: keymgmt table without has, match, get_params, validate or dup",
                 a->algorithm_names);
        if (has == NULL || match == NULL || get_params == NULL || validate == NULL || dup == NULL)
            continue;
        p[0] = OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_BITS, &bits);
        p[1] = OSSL_PARAM_construct_end();
#undef ID
#define ID(x) (snprintf(id, sizeof(id), "km%s.null." x, cn), id)
        CASE(ID("has"), "keymgmt has (direct call)", "key data NULL",
             has(NULL, OSSL_KEYMGMT_SELECT_ALL), "");
        CASE(ID("match"), "keymgmt match (direct call)", "both key data NULL",
             match(NULL, NULL, OSSL_KEYMGMT_SELECT_ALL), "");
        CASE(ID("get_params"), "keymgmt get_params (direct call)", "key data NULL",
             get_params(NULL, p), "");
        CASE(ID("validate"), "keymgmt validate (direct call)", "key data NULL",
             validate(NULL, OSSL_KEYMGMT_SELECT_KEYPAIR, 0), "");
        CASE(ID("dup"), "keymgmt dup (direct call)", "key data NULL",
             dup(NULL, OSSL_KEYMGMT_SELECT_ALL) != NULL, "");
#undef ID
    }
    ET_CHECK(algs != NULL, "edfast offers no key management");
    OSSL_PROVIDER_unquery_operation(alone_prov, OSSL_OP_KEYMGMT, algs);
}

static void signature_cases(void)
{
    uint8_t sig[ET_MAX_SIG + 2], ctx256[256];
    char id[64], in[96];

    memset(sig, 0x5a, sizeof(sig));
    memset(ctx256, 'c', sizeof(ctx256));
    for (int c = 0; c < ET_CURVES; c++) {
        size_t s = et_sig_len(c);
        const char *cn = c == ET_ED25519 ? "25519" : "448";
        const char *other = c == ET_ED25519 ? "Ed448" : "Ed25519";
        OSSL_PARAM p[3];

#undef ID
#define ID(x) (snprintf(id, sizeof(id), "sig%s." x, cn), id)
        CASE(ID("init.digest"), "signature digest_sign_init", "digest \"SHA512\"",
             sign_with(pair[c], "SHA512", NULL, s), "EdDSA takes no digest");
        CASE(ID("init.pubonly"), "signature digest_sign_init", "public-only key",
             sign_with(pubonly[c], NULL, NULL, s), "not a private key");
        CASE(ID("sign.small"), "signature digest_sign", IN("buffer of %zu bytes", s - 1),
             sign_with(pair[c], NULL, NULL, s - 1), "signature buffer too small");
        CASE(ID("sign.zero"), "signature digest_sign", "buffer of 0 bytes",
             sign_with(pair[c], NULL, NULL, 0), "signature buffer too small");
        CASE(ID("verify.null"), "signature digest_verify", "signature NULL, 0 bytes",
             verify_with(pubonly[c], NULL, NULL, 0), "invalid signature length");
        CASE(ID("verify.short"), "signature digest_verify", IN("signature of %zu bytes", s - 1),
             verify_with(pubonly[c], NULL, sig, s - 1), "invalid signature length");
        CASE(ID("verify.long"), "signature digest_verify", IN("signature of %zu bytes", s + 1),
             verify_with(pubonly[c], NULL, sig, s + 1), "invalid signature length");
        /*
         * A signature that does not verify: verify returns 0, and the error
         * queue holds the reasons it holds with the default provider (none on
         * OpenSSL 3.0; from 3.5 on, libcrypto adds its own, whose detail
         * names the provider's algorithm: compared without the detail).
         */
        take_errors();
        {
            char ref[sizeof(reasons)], bare_ref[sizeof(bare_reasons)];
            int ref_ok = verify_by(pubonly[c], ET_DEFAULT, NULL, sig, s), ok;

            take_errors();
            memcpy(ref, reasons, sizeof(ref));
            memcpy(bare_ref, bare_reasons, sizeof(bare_ref));
            ok = verify_with(pubonly[c], NULL, sig, s);
            take_errors();
            if (print_table)
                printf("| signature digest_verify | %s | returns 0 (not valid) | %s | `%s` |\n",
                       IN("garbage signature of %zu bytes", s), reasons[0] ? reasons : "(none)",
                       ID("verify.garbage"));
            ET_CHECK(!ok && !ref_ok && strcmp(bare_reasons, bare_ref) == 0,
                     "%s: a bad signature: errors \"%s\", the default provider's \"%s\"",
                     ID("verify.garbage"), reasons, ref);
        }
        p[0] = OSSL_PARAM_construct_utf8_string("instance", "Ed25519foo", 0);
        p[1] = OSSL_PARAM_construct_end();
        CASE(ID("params.instance.unknown"), "signature set_ctx_params", "instance \"Ed25519foo\"",
             sign_with(pair[c], NULL, p, s), "unknown EdDSA instance");
        p[0] = OSSL_PARAM_construct_utf8_string("instance", (char *)other, 0);
        CASE(ID("params.instance.other"), "signature set_ctx_params",
             IN("instance \"%s\" (other curve)", other), sign_with(pair[c], NULL, p, s),
             "unknown EdDSA instance");
        p[0] = OSSL_PARAM_construct_octet_string("instance", "Ed25519", 7);
        CASE(ID("params.instance.type"), "signature set_ctx_params",
             "instance as an octet string", sign_with(pair[c], NULL, p, s),
             "unknown EdDSA instance");
        p[0] = OSSL_PARAM_construct_utf8_string("instance", "", 0);
        CASE(ID("params.instance.empty"), "signature set_ctx_params", "instance \"\"",
             sign_with(pair[c], NULL, p, s), "unknown EdDSA instance");
        /* data_size says "Ed2": the bytes after it are not part of the name */
        p[0] = OSSL_PARAM_construct_utf8_string("instance", c == ET_ED25519 ? "Ed25519ph"
                                                                            : "Ed448ph", 3);
        CASE(ID("params.instance.size"), "signature set_ctx_params",
             IN("instance \"%.3s\" (data_size 3, more bytes follow)",
                c == ET_ED25519 ? "Ed25519ph" : "Ed448ph"),
             sign_with(pair[c], NULL, p, s), "unknown EdDSA instance");
        p[0] = OSSL_PARAM_construct_octet_string("context-string", ctx256, 256);
        CASE(ID("params.context.long"), "signature set_ctx_params", "context-string of 256 bytes",
             sign_with(pair[c], NULL, p, s), "invalid context string");
        p[0] = OSSL_PARAM_construct_utf8_string("context-string", "foo", 0);
        CASE(ID("params.context.type"), "signature set_ctx_params",
             "context-string as a UTF-8 string", sign_with(pair[c], NULL, p, s),
             "invalid context string");
        p[0] = OSSL_PARAM_construct_octet_string("context-string", ctx256, 256);
        CASE(ID("params.late.context.long"), "signature set_ctx_params (EVP_PKEY_CTX_set_params)",
             "context-string of 256 bytes after init", set_params_after_init(pair[c], p),
             "invalid context string");
        p[0] = OSSL_PARAM_construct_utf8_string("no-such-param", "x", 0);
        CASE(ID("params.unknown"), "signature set_ctx_params", "unknown parameter name",
             sign_with(pair[c], NULL, p, s), NULL);
        if (c == ET_ED25519) {
            p[0] = OSSL_PARAM_construct_octet_string("context-string", "foo", 3);
            CASE(ID("sign.pure_with_context"), "signature digest_sign",
                 "pure Ed25519 with a context", sign_with(pair[c], NULL, p, s),
                 "invalid context string");
            p[0] = OSSL_PARAM_construct_utf8_string("instance", "Ed25519ctx", 0);
            CASE(ID("sign.ctx_without_context"), "signature digest_sign",
                 "Ed25519ctx without a context", sign_with(pair[c], NULL, p, s),
                 "invalid context string");
        }
        CASE(ID("update"), "signature (no digest_sign_update)", "EVP_DigestSignUpdate",
             stream_update(pair[c]), "");
        CASE(ID("pkey_sign"), "signature (no sign_init)", "EVP_PKEY_sign", pkey_sign(pair[c]), "");
        CASE(ID("get.algid.small"), "signature get_ctx_params", "algorithm-id buffer of 2 bytes",
             algorithm_id(pair[c], 2), "");
    }
}

static void codec_cases(void)
{
    static const uint8_t garbage[] = {0x30, 0x03, 0x02, 0x01, 0x00, 0xff, 0xfe};
    static const char pem_garbage[] =
        "-----BEGIN PRIVATE KEY-----\nnot base64 at all!!\n-----END PRIVATE KEY-----\n";
    char id[64];

    for (int c = 0; c < ET_CURVES; c++) {
        const char *cn = c == ET_ED25519 ? "25519" : "448";
        size_t pki_len, epki_len, spki_len;
        unsigned char *pki = et_encode(pair[c], EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", 0,
                                       &pki_len);
        unsigned char *epki = et_encode(pair[c], EVP_PKEY_KEYPAIR, "DER", "EncryptedPrivateKeyInfo",
                                        1, &epki_len);
        unsigned char *spki = et_encode(pair[c], EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo",
                                        0, &spki_len);
        unsigned char copy[512];

        ET_CHECK(pki != NULL && epki != NULL && spki != NULL && pki_len < sizeof(copy),
                 "encodings for the decoder cases");
        if (pki == NULL || epki == NULL || spki == NULL)
            return;
#undef ID
#define ID(x) (snprintf(id, sizeof(id), "codec%s." x, cn), id)
        CASE(ID("enc.pki.pubonly"), "encoder PrivateKeyInfo", "public-only key",
             encode(pubonly[c], "DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, NULL), "");
        CASE(ID("enc.epki.nocipher"), "encoder EncryptedPrivateKeyInfo", "no cipher set",
             encode(pair[c], "DER", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR, NULL), "");
        CASE(ID("enc.epki.badcipher"), "encoder EncryptedPrivateKeyInfo",
             "cipher \"NO-SUCH-CIPHER\"",
             encode(pair[c], "DER", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR,
                    "NO-SUCH-CIPHER"), "");
        CASE(ID("dec.pki.ok"), "decoder PrivateKeyInfo", "the key's own DER",
             decode(pki, pki_len, "DER", "PrivateKeyInfo", NULL), NULL);
        CASE(ID("dec.empty"), "decoder (any)", "0 bytes", decode("", 0, "DER", NULL, NULL), "");
        CASE(ID("dec.garbage"), "decoder (any)", "7 bytes of garbage DER",
             decode(garbage, sizeof(garbage), "DER", NULL, NULL), "");
        CASE(ID("dec.pki.truncated"), "decoder PrivateKeyInfo", "DER cut by one byte",
             decode(pki, pki_len - 1, "DER", "PrivateKeyInfo", NULL), "");
        memcpy(copy, pki, pki_len);
        copy[1]--;  /* outer length */
        copy[pki_len - et_key_len(c) - 1]--; /* inner OCTET STRING length: one byte short */
        copy[pki_len - et_key_len(c) - 3]--; /* privateKey OCTET STRING length */
        CASE(ID("dec.pki.shortseed"), "decoder PrivateKeyInfo",
             "well-formed DER with a seed one byte short",
             decode(copy, pki_len - 1, "DER", "PrivateKeyInfo", NULL), "invalid key length");
        memcpy(copy, spki, spki_len);
        copy[1]--;
        copy[spki_len - et_key_len(c) - 2]--; /* BIT STRING length */
        CASE(ID("dec.spki.shortkey"), "decoder SubjectPublicKeyInfo",
             "well-formed DER with a key one byte short",
             decode(copy, spki_len - 1, "DER", "SubjectPublicKeyInfo", NULL),
             "invalid key length");
        CASE(ID("dec.epki.nopass"), "decoder EncryptedPrivateKeyInfo", "no passphrase",
             decode(epki, epki_len, "DER", "EncryptedPrivateKeyInfo", NULL), "");
        CASE(ID("dec.epki.wrongpass"), "decoder EncryptedPrivateKeyInfo", "wrong passphrase",
             decode(epki, epki_len, "DER", "EncryptedPrivateKeyInfo", "wrong"), "");
        CASE(ID("dec.epki.rightpass"), "decoder EncryptedPrivateKeyInfo", "right passphrase",
             decode(epki, epki_len, "DER", "EncryptedPrivateKeyInfo", "pw"), NULL);
        CASE(ID("dec.pem.garbage"), "decoder PEM", "PEM armour around garbage",
             decode(pem_garbage, sizeof(pem_garbage) - 1, "PEM", NULL, NULL), "");
        {
            /* base64 with a space and NULs inside a line: OpenSSL's PEM reader refuses it */
            static const char nul_pem[] =
                "-----BEGIN PUBLIC KEY-----\n"
                "MCowBQYDK2VwAyEA11qYAYKxCrfV \0\0\0\0\0\0\0S/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n"
                "-----END PUBLIC KEY-----\n";

            CASE(ID("dec.pem.nul"), "decoder PEM", "NUL bytes inside a base64 line",
                 decode(nul_pem, sizeof(nul_pem) - 1, "PEM", NULL, NULL), "");
        }
        OPENSSL_clear_free(pki, pki_len);
        OPENSSL_clear_free(epki, epki_len);
        OPENSSL_free(spki);
    }
    {
        size_t big = 5 * 1024 * 1024;
        unsigned char *huge = calloc(1, big);

        huge[0] = 0x30;
        CASE("codec.dec.huge", "decoder (any)", "5 MiB input",
             decode(huge, big, "DER", NULL, NULL), "");
        free(huge);
    }
}

/* ---- no secret in the error texts ---- */

static int contains(const char *hay, size_t hay_len, const uint8_t *needle, size_t len)
{
    for (size_t i = 0; i + len <= hay_len; i++)
        if (memcmp(hay + i, needle, len) == 0)
            return 1;
    return 0;
}

static int contains_hex(const char *hay, size_t hay_len, const uint8_t *secret, size_t len)
{
    char hex[2 * 200 + 1], upper[2 * 200 + 1];
    /* 8 bytes of any secret is enough to count as a leak */
    size_t window = 8;

    for (size_t i = 0; i < len; i++) {
        snprintf(hex + 2 * i, 3, "%02x", secret[i]);
        snprintf(upper + 2 * i, 3, "%02X", secret[i]);
    }
    for (size_t off = 0; off + window <= len; off++)
        if (contains(hay, hay_len, (const uint8_t *)hex + 2 * off, 2 * window)
                || contains(hay, hay_len, (const uint8_t *)upper + 2 * off, 2 * window)
                || contains(hay, hay_len, secret + off, window))
            return 1;
    /* OpenSSL's "ab:cd:ef" style too */
    {
        char colon[3 * 200 + 1];

        for (size_t i = 0; i < len; i++)
            snprintf(colon + 3 * i, 4, "%02x:", secret[i]);
        for (size_t off = 0; off + window <= len; off++)
            if (contains(hay, hay_len, (const uint8_t *)colon + 3 * off, 3 * window - 1))
                return 1;
    }
    return 0;
}

static void expanded_secrets(enum et_curve c, uint8_t *out, size_t *len)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();

    if (c == ET_ED25519) {
        unsigned int n = 0;

        EVP_DigestInit_ex(m, EVP_sha512(), NULL);
        EVP_DigestUpdate(m, seeds[c], 32);
        EVP_DigestFinal_ex(m, out, &n);
        *len = 64;
        memcpy(out + 64, out, 32); /* the clamped scalar */
        out[64] &= 248;
        out[64 + 31] = (uint8_t)((out[64 + 31] & 127) | 64);
        *len = 96;
    } else {
        EVP_DigestInit_ex(m, EVP_shake256(), NULL);
        EVP_DigestUpdate(m, seeds[c], 57);
        EVP_DigestFinalXOF(m, out, 114);
        memcpy(out + 114, out, 57);
        out[114] &= 252;
        out[114 + 55] |= 128;
        out[114 + 56] = 0;
        *len = 171;
    }
    EVP_MD_CTX_free(m);
}

static void secret_cases(void)
{
    char *text;
    long text_len;

    /* a few more error paths with the secret keys: every failing signing path */
    for (int c = 0; c < ET_CURVES; c++) {
        OSSL_PARAM p[2];

        p[0] = OSSL_PARAM_construct_utf8_string("instance", "Ed25519ph", 0);
        p[1] = OSSL_PARAM_construct_end();
        sign_with(pair[c], NULL, p, et_sig_len(c));
        sign_with(pair[c], "SHAKE256", NULL, et_sig_len(c));
        check_pair(pair[c]);
        take_errors();
    }
    text_len = BIO_get_mem_data(all_errors, &text);
    ET_CHECK(text_len > 1000, "the run raised errors to look through (%ld bytes)", text_len);
    for (int c = 0; c < ET_CURVES; c++) {
        uint8_t expanded[200];
        size_t len;

        expanded_secrets(c, expanded, &len);
        ET_CHECK(!contains_hex(text, (size_t)text_len, seeds[c], et_key_len(c)),
                 "secrets.none_in_errors: %s seed appears in the error output", et_curve_name(c));
        ET_CHECK(!contains_hex(text, (size_t)text_len, expanded, len),
                 "secrets.none_in_errors: %s expanded secret appears in the error output", et_curve_name(c));
    }
    if (getenv("EDFAST_ERRORS_DUMP") != NULL)
        fwrite(text, 1, (size_t)text_len, stderr);
    printf("looked through %ld bytes of error output for the seeds and their expansions\n",
           text_len);
}

int main(int argc, char **argv)
{
    static const char *seed_hex[ET_CURVES] = {
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc"
        "5b94492f8f032e7549a20098f95b"};

    print_table = argc > 1 && strcmp(argv[1], "--table") == 0;
    all_errors = BIO_new(BIO_s_mem());
    if (!et_env_open(&env, NULL))
        return 1;
    alone = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(alone, et_provider_dir());
    alone_prov = OSSL_PROVIDER_load(alone, "edfast");
    ET_CHECK(alone_prov != NULL, "edfast alone");
    for (int c = 0; c < ET_CURVES; c++) {
        size_t len = sizeof(pubs[c]);

        et_unhex(seed_hex[c], seeds[c], sizeof(seeds[c]));
        pair[c] = et_key_from_seed(&env, c, ET_EDFAST, seeds[c]);
        ET_CHECK(pair[c] != NULL && EVP_PKEY_get_raw_public_key(pair[c], pubs[c], &len) == 1,
                 "key");
        pubonly[c] = et_key(&env, c, ET_EDFAST, NULL, pubs[c]);
    }
    ERR_clear_error();
    if (print_table)
        printf("| entry point | input | result | reason(s) on the error queue | hardening_errors case |\n"
               "|---|---|---|---|---|\n");
    provider_cases();
    keymgmt_cases();
    keymgmt_null_cases();
    signature_cases();
    codec_cases();
    secret_cases();
    for (int c = 0; c < ET_CURVES; c++) {
        EVP_PKEY_free(pair[c]);
        EVP_PKEY_free(pubonly[c]);
    }
    OSSL_PROVIDER_unload(alone_prov);
    OSSL_LIB_CTX_free(alone);
    et_env_close(&env);
    BIO_free(all_errors);
    return et_finish("hardening_errors");
}
