/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wycheproof (ed25519, ed448) and ed25519-speccheck verification cases: the
 * verdict of edfast, with every backend serving the curve, must equal the
 * verdict of OpenSSL's default provider computed here.  Wycheproof's
 * valid/invalid labels must hold too, signatures of the wrong length must be
 * refused by both, and speccheck must give 1 1 1 1 0 0 0 0 0 0 0 1.
 *
 * Usage: vectors_test <vectors dir>   (exits 77 when the directory is absent)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "edfast_test_util.h"
#include "mini_json.h"
#include <openssl/err.h>

static const int speccheck_expected[] = {1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1};
#define SPECCHECK_COUNT (sizeof(speccheck_expected) / sizeof(speccheck_expected[0]))

static struct mj_value *load_json(const char *dir, const char *name)
{
    char path[4096];
    char *text;
    struct mj_value *root;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    text = et_read_file(path, NULL);
    ET_CHECK(text != NULL, "cannot read %s", path);
    if (text == NULL)
        return NULL;
    root = mj_parse(text);
    ET_CHECK(root != NULL, "cannot parse %s", path);
    free(text);
    return root;
}

/*
 * One verification by edfast and by the default provider; returns edfast's
 * verdict (1 valid, 0 not, -1 no key).  The public key may have any length.
 */
struct verdicts {
    int edfast, deflt;
};

static struct verdicts judge(struct et_env *env, enum et_curve c, const char *pk_hex,
                             const char *msg_hex, const char *sig_hex, const char *what)
{
    struct verdicts v = {-2, -2};
    size_t pk_len, msg_len, sig_len;
    uint8_t *pk = et_unhex_alloc(pk_hex, &pk_len);
    uint8_t *msg = et_unhex_alloc(msg_hex, &msg_len);
    uint8_t *sig = et_unhex_alloc(sig_hex, &sig_len);
    EVP_PKEY *ek = NULL, *dk = NULL;

    if (pk == NULL || msg == NULL || sig == NULL) {
        ET_CHECK(0, "%s: bad hex", what);
        goto done;
    }
    if (pk_len != et_key_len(c)) {
        /* Neither provider may take a public key of the wrong length. */
        ek = EVP_PKEY_new_raw_public_key_ex(env->ctx, et_curve_name(c), ET_EDFAST, pk, pk_len);
        dk = EVP_PKEY_new_raw_public_key_ex(env->ctx, et_curve_name(c), ET_DEFAULT, pk, pk_len);
        ET_CHECK(ek == NULL && dk == NULL, "%s: %zu-byte public key accepted", what, pk_len);
        v.edfast = v.deflt = 0;
        goto done;
    }
    ek = et_key(env, c, ET_EDFAST, NULL, pk);
    dk = et_key(env, c, ET_DEFAULT, NULL, pk);
    ET_CHECK(ek != NULL && dk != NULL, "%s: public key import (edfast %s, default %s)", what,
             ek != NULL ? "ok" : "failed", dk != NULL ? "ok" : "failed");
    if (ek == NULL || dk == NULL)
        goto done;
    ET_CHECK(strcmp(et_key_provider(ek), "edfast") == 0, "%s: key not held by edfast", what);
    v.edfast = et_verify(env, ek, ET_EDFAST, msg, msg_len, sig, sig_len);
    v.deflt = et_verify(env, dk, ET_DEFAULT, msg, msg_len, sig, sig_len);
    ERR_clear_error();
    ET_CHECK(v.edfast == v.deflt, "%s: edfast says %d, default says %d", what, v.edfast,
             v.deflt);
    if (sig_len != et_sig_len(c))
        ET_CHECK(v.edfast == 0 && v.deflt == 0,
                 "%s: %zu-byte signature not refused (edfast %d, default %d)", what, sig_len,
                 v.edfast, v.deflt);
done:
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);
    free(pk);
    free(msg);
    free(sig);
    return v;
}

static void run_wycheproof(struct et_env *env, enum et_curve c, const char *backend,
                           const struct mj_value *root)
{
    const struct mj_value *groups = mj_get(root, "testGroups");
    size_t g, t, cases = 0, valid = 0, wrong_length = 0;

    ET_CHECK(groups != NULL && groups->type == MJ_ARRAY && groups->count > 0,
             "wycheproof %s: no testGroups", et_curve_name(c));
    if (groups == NULL || groups->type != MJ_ARRAY)
        return;
    for (g = 0; g < groups->count; g++) {
        const struct mj_value *group = &groups->items[g];
        const char *pk = mj_get_string(mj_get(group, "publicKey"), "pk");
        const struct mj_value *tests = mj_get(group, "tests");

        ET_CHECK(pk != NULL && tests != NULL && tests->type == MJ_ARRAY,
                 "wycheproof %s: group %zu malformed", et_curve_name(c), g);
        if (pk == NULL || tests == NULL || tests->type != MJ_ARRAY)
            continue;
        for (t = 0; t < tests->count; t++) {
            const struct mj_value *test = &tests->items[t];
            const struct mj_value *id = mj_get(test, "tcId");
            const char *msg = mj_get_string(test, "msg");
            const char *sig = mj_get_string(test, "sig");
            const char *result = mj_get_string(test, "result");
            char what[128];
            struct verdicts v;

            snprintf(what, sizeof(what), "wycheproof %s tcId %s (edfast/%s)", et_curve_name(c),
                     id != NULL && id->text != NULL ? id->text : "?", backend);
            ET_CHECK(msg != NULL && sig != NULL && result != NULL, "%s: malformed", what);
            if (msg == NULL || sig == NULL || result == NULL)
                continue;
            v = judge(env, c, pk, msg, sig, what);
            cases++;
            valid += v.edfast == 1;
            wrong_length += strlen(sig) != 2 * et_sig_len(c);
            /* OpenSSL 3's default provider agrees with every label; so must edfast. */
            if (strcmp(result, "valid") == 0)
                ET_CHECK(v.edfast == 1, "%s: labelled valid, edfast says %d", what, v.edfast);
            else if (strcmp(result, "invalid") == 0)
                ET_CHECK(v.edfast == 0, "%s: labelled invalid, edfast says %d", what, v.edfast);
        }
    }
    printf("wycheproof %s with %s: %zu cases (%zu accepted, %zu of the wrong signature length)\n",
           et_curve_name(c), backend, cases, valid, wrong_length);
    ET_CHECK(cases > 0, "wycheproof %s: no cases", et_curve_name(c));
}

static void run_speccheck(struct et_env *env, const char *backend, const struct mj_value *root)
{
    size_t i;
    char line[64] = "", *p = line;

    ET_CHECK(root->type == MJ_ARRAY && root->count == SPECCHECK_COUNT,
             "speccheck: %zu cases, %zu expected", root->count, SPECCHECK_COUNT);
    if (root->type != MJ_ARRAY)
        return;
    for (i = 0; i < root->count && i < SPECCHECK_COUNT; i++) {
        const struct mj_value *item = &root->items[i];
        const char *msg = mj_get_string(item, "message");
        const char *pk = mj_get_string(item, "pub_key");
        const char *sig = mj_get_string(item, "signature");
        char what[96];
        struct verdicts v;

        snprintf(what, sizeof(what), "speccheck case %zu (edfast/%s)", i, backend);
        ET_CHECK(msg != NULL && pk != NULL && sig != NULL, "%s: malformed", what);
        if (msg == NULL || pk == NULL || sig == NULL)
            continue;
        v = judge(env, ET_ED25519, pk, msg, sig, what);
        ET_CHECK(v.deflt == speccheck_expected[i], "%s: default provider says %d, %d expected",
                 what, v.deflt, speccheck_expected[i]);
        ET_CHECK(v.edfast == speccheck_expected[i], "%s: edfast says %d, %d expected", what,
                 v.edfast, speccheck_expected[i]);
        p += snprintf(p, sizeof(line) - (size_t)(p - line), "%s%d", i == 0 ? "" : " ", v.edfast);
    }
    printf("speccheck with %s: %s\n", backend, line);
}

int main(int argc, char **argv)
{
    static const char *const files[ET_CURVES] = {"wycheproof/ed25519_test.json",
                                                  "wycheproof/ed448_test.json"};
    const char *dir = argc > 1 ? argv[1] : "../shared/vectors";
    struct stat st;
    enum et_curve c;

    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIPPED: vectors directory %s absent\n", dir);
        return ET_SKIP;
    }
    for (c = ET_ED25519; c < ET_CURVES; c++) {
        const char *names[ET_MAX_BACKENDS];
        size_t count = et_backends_for(c, names), b;
        struct mj_value *wycheproof = load_json(dir, files[c]);
        struct mj_value *speccheck = c == ET_ED25519 ? load_json(dir, "speccheck/cases.json")
                                                     : NULL;

        ET_CHECK(count > 0, "no backend serves %s", et_curve_name(c));
        for (b = 0; b < count; b++) {
            struct et_env env;

            if (!et_env_open_for(&env, c, names[b])) {
                ET_CHECK(0, "cannot load edfast with backend %s", names[b]);
                continue;
            }
            if (wycheproof != NULL)
                run_wycheproof(&env, c, names[b], wycheproof);
            if (speccheck != NULL)
                run_speccheck(&env, names[b], speccheck);
            et_env_close(&env);
        }
        mj_free(wycheproof);
        mj_free(speccheck);
    }
    return et_finish("vectors");
}
