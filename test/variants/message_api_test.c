/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OpenSSL 3.4+'s message signing API and the algorithm names that fix the
 * RFC 8032 instance (ED25519ph, ED25519ctx, ED448ph), edfast against the
 * default provider of the same library, which has them from 3.4 on.
 *
 * Each algorithm is fetched explicitly (EVP_SIGNATURE_fetch) from each
 * provider and used three ways:
 *   - EVP_PKEY_sign_message_init + EVP_PKEY_sign on the message, and
 *     EVP_PKEY_verify_message_init + EVP_PKEY_verify;
 *   - EVP_PKEY_sign_init_ex2 + EVP_PKEY_sign on PH(M), 64 bytes, for the ph
 *     names, and for ED25519 / ED448 with "instance" set to the ph instance;
 *   - the cases 3.4 refuses (an "instance" on a name that fixes it, PH(M) of
 *     the wrong length, sign_init without the ph instance, a message update,
 *     a key of the other curve), which edfast must refuse too.
 * On RFC 8032 section 7 vectors and random keys, messages and contexts, with
 * every backend preference: signatures byte-identical to the RFC's and the
 * default provider's, verdicts identical on good and on corrupted signatures.
 *
 * Built only with headers that have OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT;
 * skipped (77) when the running libcrypto is older than 3.4.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include "edfast_test_util.h"
#include "framed.h"

enum mode {
    MESSAGE,   /* EVP_PKEY_{sign,verify}_message_init: tbs is the message */
    PREHASHED, /* EVP_PKEY_{sign,verify}_init_ex2: tbs is PH(M) */
};

struct algorithm {
    const char *name;
    enum et_curve curve;
    int prehash;           /* the instance hashes the message first */
    int needs_context;     /* Ed25519ctx: a non-empty context */
    int takes_context;     /* every instance but pure Ed25519 */
    const char *instance;  /* what "instance" must say for sign_init on the base name */
};

static const struct algorithm algorithms[] = {
    {"ED25519", ET_ED25519, 0, 0, 0, NULL},
    {"ED25519ph", ET_ED25519, 1, 0, 1, NULL},
    {"ED25519ctx", ET_ED25519, 0, 1, 1, NULL},
    {"ED448", ET_ED448, 0, 0, 1, NULL},
    {"ED448ph", ET_ED448, 1, 0, 1, NULL},
};
#define ALGORITHMS (sizeof(algorithms) / sizeof(algorithms[0]))

struct vector {
    const char *name;
    const char *algorithm;
    const char *seed, *msg, *context, *sig;
};

/* RFC 8032 section 7. */
static const struct vector vectors[] = {
    {"7.1 Ed25519 test 2", "ED25519",
     "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb", "72", "",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"7.2 Ed25519ctx foo", "ED25519ctx",
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
     "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"},
    {"7.2 Ed25519ctx bar", "ED25519ctx",
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "f726936d19c800494e3fdaff20b276a8", "626172",
     "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3"
     "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d"},
    {"7.3 Ed25519ph abc", "ED25519ph",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42", "616263", "",
     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
     "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"},
    {"7.4 Ed448 1 octet, context foo", "ED448",
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463a"
     "fbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
     "03", "666f6f",
     "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2"
     "151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da"
     "1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d"
     "5428407e85dcbc98a49155c13764e66c3c00"},
    {"7.5 Ed448ph abc", "ED448ph",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42"
     "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
     "616263", "",
     "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae38"
     "1f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd"
     "433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3"
     "ad203df7dc7ce360c3cd3696d9d9fab90f00"},
    {"7.5 Ed448ph abc, context foo", "ED448ph",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42"
     "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
     "616263", "666f6f",
     "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa48"
     "1065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3"
     "653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab7128"
     "4f8d0704a608c54a6b62d97beb511d132100"},
};

static const struct algorithm *algorithm_named(const char *name)
{
    size_t i;

    for (i = 0; i < ALGORITHMS; i++)
        if (strcmp(algorithms[i].name, name) == 0)
            return &algorithms[i];
    return NULL;
}

/* One provider's side: its keys and its fetched signature algorithms. */
struct side {
    const char *propq;
    const char *provider;
    EVP_SIGNATURE *sig[ALGORITHMS];
};

/* PH(M): SHA-512, or SHAKE256 with 64 bytes out, from the default provider. */
static int prehash(struct et_env *env, enum et_curve curve, const uint8_t *msg, size_t msg_len,
                   uint8_t out[64])
{
    EVP_MD *md = EVP_MD_fetch(env->ctx, curve == ET_ED25519 ? "SHA512" : "SHAKE256",
                              ET_DEFAULT);
    EVP_MD_CTX *hash = EVP_MD_CTX_new();
    int ok = md != NULL && hash != NULL && EVP_DigestInit_ex(hash, md, NULL)
        && EVP_DigestUpdate(hash, msg, msg_len)
        && (curve == ET_ED448 ? EVP_DigestFinalXOF(hash, out, 64)
                              : EVP_DigestFinal_ex(hash, out, NULL));

    EVP_MD_CTX_free(hash);
    EVP_MD_free(md);
    return ok;
}

struct request {
    enum mode mode;
    const char *instance;  /* "instance" parameter, or NULL */
    const uint8_t *context;
    size_t context_len;    /* context NULL: no "context-string" parameter */
    int update;            /* try EVP_PKEY_sign_message_update before signing */
};

static EVP_PKEY_CTX *start(struct et_env *env, EVP_PKEY *pkey, const struct side *side,
                           EVP_SIGNATURE *sig, int signing, const struct request *rq)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(env->ctx, pkey, side->propq);
    OSSL_PARAM params[3];
    size_t n = 0;
    int ok;

    if (pctx == NULL)
        return NULL;
    if (rq->instance != NULL)
        params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_INSTANCE,
                                                       (char *)rq->instance, 0);
    if (rq->context != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_CONTEXT_STRING,
                                                        (void *)rq->context, rq->context_len);
    params[n] = OSSL_PARAM_construct_end();
    if (rq->mode == MESSAGE)
        ok = signing ? EVP_PKEY_sign_message_init(pctx, sig, params)
                     : EVP_PKEY_verify_message_init(pctx, sig, params);
    else
        ok = signing ? EVP_PKEY_sign_init_ex2(pctx, sig, params)
                     : EVP_PKEY_verify_init_ex2(pctx, sig, params);
    if (ok != 1) {
        EVP_PKEY_CTX_free(pctx);
        return NULL;
    }
    return pctx;
}

/* Whether the last sign() was refused with edfast's ET_UNSERVED. */
static int last_unserved;
/* Cases of instances no backend of this build frames (framed.h), refused as they must be. */
static unsigned long unframed_cases;

/* A case the default provider signed and edfast refused: right only when unframed. */
static int unframed(enum et_curve curve, const char *instance, size_t context_len,
                    int edfast_unserved, const char *label)
{
    if (et_framed(curve, instance, context_len))
        return 0;
    ET_CHECK(edfast_unserved, "%s: %s framed by no backend of this build, but not refused so",
             label, instance);
    if (unframed_cases++ < 8)
        printf("SKIPPED: %s: no backend of this build frames %s (refused as it must be)\n",
               label, instance);
    return 1;
}

/* 1 signed (sig gets its length in *sig_len), 0 refused anywhere. */
static int sign(struct et_env *env, EVP_PKEY *pkey, const struct side *side, EVP_SIGNATURE *sig,
                const struct request *rq, const uint8_t *tbs, size_t tbs_len, uint8_t *out,
                size_t *out_len)
{
    EVP_PKEY_CTX *pctx = start(env, pkey, side, sig, 1, rq);
    size_t cap = ET_MAX_SIG, needed = 0;
    int ok = pctx != NULL;

    if (ok && rq->update)
        ok = EVP_PKEY_sign_message_update(pctx, tbs, tbs_len) == 1;
    ok = ok && EVP_PKEY_sign(pctx, NULL, &needed, tbs, tbs_len) == 1 && needed <= ET_MAX_SIG
        && EVP_PKEY_sign(pctx, out, &cap, tbs, tbs_len) == 1;
    *out_len = ok ? cap : 0;
    EVP_PKEY_CTX_free(pctx);
    last_unserved = et_error_contains(ET_UNSERVED);
    return ok;
}

/* 1 valid, 0 invalid, -1 refused at init. */
static int verify(struct et_env *env, EVP_PKEY *pkey, const struct side *side, EVP_SIGNATURE *sig,
                  const struct request *rq, const uint8_t *tbs, size_t tbs_len,
                  const uint8_t *signature, size_t sig_len)
{
    EVP_PKEY_CTX *pctx = start(env, pkey, side, sig, 0, rq);
    int verdict = pctx == NULL ? -1 : EVP_PKEY_verify(pctx, signature, sig_len, tbs, tbs_len) == 1;

    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
    return verdict;
}

struct pair {
    struct et_env *env;
    struct side side[2]; /* 0 edfast, 1 default */
    const char *backend;
};

/*
 * One case through both providers: both sign or both refuse, identically;
 * each verifies the other's signature and refuses it corrupted.  want, when
 * given, is the expected signature.  Returns whether they signed.
 */
static int compare(struct pair *pr, const struct algorithm *alg, const uint8_t *seed,
                   const struct request *rq, const uint8_t *tbs, size_t tbs_len,
                   const uint8_t *want, const char *label)
{
    size_t a = (size_t)(alg - algorithms);
    uint8_t sig[2][ET_MAX_SIG];
    size_t sig_len[2];
    int signed_ok[2] = {0, 0}, unserved[2] = {0, 0}, s, result = 0;
    EVP_PKEY *key[2] = {NULL, NULL};

    for (s = 0; s < 2; s++) {
        key[s] = et_key_from_seed(pr->env, alg->curve, pr->side[s].propq, seed);
        ET_CHECK(key[s] != NULL, "%s [%s]: %s key", label, pr->backend, pr->side[s].provider);
        if (key[s] == NULL)
            goto out;
    }
    for (s = 0; s < 2; s++) {
        signed_ok[s] = sign(pr->env, key[s], &pr->side[s], pr->side[s].sig[a], rq, tbs, tbs_len,
                            sig[s], &sig_len[s]);
        unserved[s] = last_unserved;
    }
    if (!signed_ok[0] && signed_ok[1]
            && unframed(alg->curve, rq->instance != NULL ? rq->instance : alg->name,
                        rq->context_len, unserved[0], label)) {
        /* what the callers expect of the default provider holds for this case */
        result = 1;
        goto out;
    }
    ET_CHECK(signed_ok[0] == signed_ok[1], "%s [%s]: edfast %s, default %s", label, pr->backend,
             signed_ok[0] ? "signs" : "refuses", signed_ok[1] ? "signs" : "refuses");
    if (!signed_ok[0] || !signed_ok[1])
        goto out;
    result = 1;
    ET_CHECK(sig_len[0] == sig_len[1] && sig_len[0] == et_sig_len(alg->curve)
                 && memcmp(sig[0], sig[1], sig_len[0]) == 0,
             "%s [%s]: signatures differ", label, pr->backend);
    if (want != NULL)
        ET_CHECK(memcmp(sig[0], want, et_sig_len(alg->curve)) == 0,
                 "%s [%s]: not RFC 8032's signature", label, pr->backend);
    {
        struct request vrq = *rq;
        int v;

        vrq.update = 0;
        for (s = 0; s < 2; s++) {
            /* each side verifies the other's signature, then a corrupted one */
            v = verify(pr->env, key[s], &pr->side[s], pr->side[s].sig[a], &vrq, tbs, tbs_len,
                       sig[1 - s], sig_len[1 - s]);
            ET_CHECK(v == 1, "%s [%s]: %s does not verify it (%d)", label, pr->backend,
                     pr->side[s].provider, v);
        }
        sig[0][tbs_len % sig_len[0]] ^= (uint8_t)(1u << (tbs_len % 8));
        v = verify(pr->env, key[0], &pr->side[0], pr->side[0].sig[a], &vrq, tbs, tbs_len, sig[0],
                   sig_len[0]);
        ET_CHECK(v == verify(pr->env, key[1], &pr->side[1], pr->side[1].sig[a], &vrq, tbs,
                             tbs_len, sig[0], sig_len[0])
                     && v == 0,
                 "%s [%s]: corrupted signature: edfast says %d", label, pr->backend, v);
    }
out:
    EVP_PKEY_free(key[0]);
    EVP_PKEY_free(key[1]);
    return result;
}

static void check_vectors(struct pair *pr)
{
    size_t v;

    for (v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++) {
        const struct vector *vec = &vectors[v];
        const struct algorithm *alg = algorithm_named(vec->algorithm);
        uint8_t seed[ET_MAX_KEY], msg[64], context[16], want[ET_MAX_SIG], ph[64];
        size_t msg_len = et_unhex(vec->msg, msg, sizeof(msg));
        size_t context_len = et_unhex(vec->context, context, sizeof(context));
        struct request rq = {MESSAGE, NULL, context_len ? context : NULL, context_len, 0};
        char label[96];

        et_unhex(vec->seed, seed, sizeof(seed));
        et_unhex(vec->sig, want, sizeof(want));
        snprintf(label, sizeof(label), "%s, message API", vec->name);
        ET_CHECK(compare(pr, alg, seed, &rq, msg, msg_len, want, label), "%s: signed", label);
        if (!alg->prehash)
            continue;
        ET_CHECK(prehash(pr->env, alg->curve, msg, msg_len, ph), "%s: PH(M)", vec->name);
        rq.mode = PREHASHED;
        snprintf(label, sizeof(label), "%s, sign_init on PH(M)", vec->name);
        ET_CHECK(compare(pr, alg, seed, &rq, ph, sizeof(ph), want, label), "%s: signed", label);
        /* The base name with "instance" set to the ph one takes PH(M) too. */
        rq.instance = alg->curve == ET_ED25519 ? "Ed25519ph" : "Ed448ph";
        snprintf(label, sizeof(label), "%s, %s sign_init, instance %s", vec->name,
                 et_curve_name(alg->curve), rq.instance);
        ET_CHECK(compare(pr, algorithm_named(et_curve_name(alg->curve)), seed, &rq, ph,
                         sizeof(ph), want, label),
                 "%s: signed", label);
    }
}

/* What 3.4 refuses, edfast must refuse as well (compare checks both agree). */
static void check_refusals(struct pair *pr)
{
    static const uint8_t seed[ET_MAX_KEY] = {9, 8, 7};
    static const uint8_t msg[64] = {1, 2, 3};
    static const uint8_t ctx3[3] = {'f', 'o', 'o'};
    static const uint8_t ctx256[256] = {0};
    struct request rq;
    size_t a;
    char label[96];

    for (a = 0; a < ALGORITHMS; a++) {
        const struct algorithm *alg = &algorithms[a];

        rq = (struct request){MESSAGE, alg->curve == ET_ED25519 ? "Ed25519" : "Ed448", NULL, 0, 0};
        snprintf(label, sizeof(label), "%s: message API with \"instance\"", alg->name);
        ET_CHECK(!compare(pr, alg, seed, &rq, msg, 3, NULL, label), "%s: must refuse", label);

        rq = (struct request){MESSAGE, NULL, NULL, 0, 1};
        snprintf(label, sizeof(label), "%s: sign_message_update", alg->name);
        ET_CHECK(!compare(pr, alg, seed, &rq, msg, 3, NULL, label), "%s: must refuse", label);

        rq = (struct request){MESSAGE, NULL, ctx256, sizeof(ctx256), 0};
        snprintf(label, sizeof(label), "%s: 256-byte context", alg->name);
        ET_CHECK(!compare(pr, alg, seed, &rq, msg, 3, NULL, label), "%s: must refuse", label);

        rq = (struct request){MESSAGE, NULL, ctx3, sizeof(ctx3), 0};
        snprintf(label, sizeof(label), "%s: context foo", alg->name);
        ET_CHECK(compare(pr, alg, seed, &rq, msg, 3, NULL, label) == alg->takes_context,
                 "%s: must %s", label, alg->takes_context ? "sign" : "refuse");

        rq = (struct request){MESSAGE, NULL, NULL, 0, 0};
        snprintf(label, sizeof(label), "%s: no context", alg->name);
        ET_CHECK(compare(pr, alg, seed, &rq, msg, 3, NULL, label) == !alg->needs_context,
                 "%s: must %s", label, alg->needs_context ? "refuse" : "sign");

        rq = (struct request){PREHASHED, NULL, alg->needs_context ? ctx3 : NULL,
                              alg->needs_context ? sizeof(ctx3) : 0, 0};
        snprintf(label, sizeof(label), "%s: sign_init, 64-byte tbs", alg->name);
        /* ph names take PH(M); ED25519ctx signs its tbs as a message; the base names refuse */
        ET_CHECK(compare(pr, alg, seed, &rq, msg, 64, NULL, label)
                     == (alg->prehash || alg->needs_context),
                 "%s: sign or refuse as 3.4 does", label);
        if (alg->prehash) {
            snprintf(label, sizeof(label), "%s: sign_init, 63-byte PH(M)", alg->name);
            ET_CHECK(!compare(pr, alg, seed, &rq, msg, 63, NULL, label), "%s: must refuse",
                     label);
        }
    }
    /* ED25519 / ED448 sign_init with an instance that is not the ph one */
    rq = (struct request){PREHASHED, "Ed25519ctx", ctx3, sizeof(ctx3), 0};
    ET_CHECK(!compare(pr, algorithm_named("ED25519"), seed, &rq, msg, 64, NULL,
                      "ED25519: sign_init, instance Ed25519ctx"),
             "ED25519 sign_init with Ed25519ctx must refuse");
    rq = (struct request){PREHASHED, "Ed448", NULL, 0, 0};
    ET_CHECK(!compare(pr, algorithm_named("ED448"), seed, &rq, msg, 64, NULL,
                      "ED448: sign_init, instance Ed448"),
             "ED448 sign_init with Ed448 must refuse");
    /*
     * A key of the other curve: query_key_types.  (OpenSSL 3.4.2 and 3.5.3
     * leak a reference to a key manager on this refusal, in
     * evp_pkey_signature_init's early return: valgrind reports it here.)
     */
    {
        EVP_PKEY *ed448 = et_key_from_seed(pr->env, ET_ED448, ET_EDFAST, seed);
        uint8_t sig[ET_MAX_SIG];
        size_t sig_len;

        rq = (struct request){MESSAGE, NULL, NULL, 0, 0};
        ET_CHECK(ed448 != NULL
                     && !sign(pr->env, ed448, &pr->side[0],
                              pr->side[0].sig[algorithm_named("ED25519ph") - algorithms], &rq, msg,
                              3, sig, &sig_len),
                 "edfast ED25519ph must refuse an ED448 key");
        EVP_PKEY_free(ed448);
    }
}

/* Whether edfast refuses to sign (at init or at sign) with reason on the error queue. */
static int refused_with(struct pair *pr, const struct algorithm *alg, const struct request *rq,
                        size_t tbs_len, const char *reason)
{
    static const uint8_t seed[ET_MAX_KEY] = {5, 4, 3};
    static const uint8_t tbs[80] = {6};
    EVP_PKEY *pkey = et_key_from_seed(pr->env, alg->curve, ET_EDFAST, seed);
    EVP_PKEY_CTX *pctx = NULL;
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    int refused = 0;

    ERR_clear_error();
    if (pkey != NULL) {
        pctx = start(pr->env, pkey, &pr->side[0], pr->side[0].sig[alg - algorithms], 1, rq);
        refused = pctx == NULL || EVP_PKEY_sign(pctx, sig, &len, tbs, tbs_len) != 1;
    }
    refused = refused && et_error_contains(reason);
    EVP_PKEY_CTX_free(pctx);
    EVP_PKEY_free(pkey);
    ERR_clear_error();
    return refused;
}

/*
 * One reason per meaning: an "instance" on a name that fixes it, and PH(M)
 * of the wrong length, each with its own reason, not "unknown EdDSA instance".
 */
static void check_reasons(struct pair *pr)
{
    struct request rq;
    size_t a;

    for (a = 0; a < ALGORITHMS; a++) {
        const struct algorithm *alg = &algorithms[a];
        const char *ph = alg->curve == ET_ED25519 ? "Ed25519ph" : "Ed448ph";

        rq = (struct request){MESSAGE, alg->curve == ET_ED25519 ? "Ed25519" : "Ed448", NULL, 0, 0};
        ET_CHECK(refused_with(pr, alg, &rq, 3, "instance fixed by the algorithm"),
                 "%s [%s]: message API with \"instance\": no \"instance fixed by the algorithm\"",
                 alg->name, pr->backend);
        if (alg->needs_context)
            continue;
        /* The ph names, and the base names with "instance" set to the ph one, take PH(M). */
        rq = (struct request){PREHASHED, alg->prehash ? NULL : ph, NULL, 0, 0};
        ET_CHECK(refused_with(pr, alg, &rq, 63, "invalid PH(M) length")
                     && refused_with(pr, alg, &rq, 65, "invalid PH(M) length"),
                 "%s [%s]: sign_init with PH(M) of 63 or 65 bytes: no \"invalid PH(M) length\"",
                 alg->name, pr->backend);
    }
}

/*
 * Not the message API, but seen with 3.4: EVP_DigestSignInit with no key
 * re-initialises, keeping the instance and context set before (3.2+).
 */
static int digest_sign_reinit(struct pair *pr, int s, enum et_curve curve, const char *instance,
                              const uint8_t *context, size_t context_len, uint8_t *sig)
{
    static const uint8_t seed[ET_MAX_KEY] = {5, 4, 3};
    EVP_PKEY *key = et_key_from_seed(pr->env, curve, pr->side[s].propq, seed);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    OSSL_PARAM params[3];
    size_t n = 0, len = ET_MAX_SIG;
    int ok;

    params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_INSTANCE,
                                                   (char *)instance, 0);
    if (context != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_CONTEXT_STRING,
                                                        (void *)context, context_len);
    params[n] = OSSL_PARAM_construct_end();
    ok = key != NULL && md != NULL
        && EVP_DigestSignInit_ex(md, NULL, NULL, pr->env->ctx, pr->side[s].propq, key, params)
               == 1
        && EVP_DigestSignInit(md, NULL, NULL, NULL, NULL) == 1
        && EVP_DigestSign(md, sig, &len, (const uint8_t *)"abc", 3) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    last_unserved = et_error_contains(ET_UNSERVED);
    return ok;
}

static void check_reinit(struct pair *pr)
{
    static const struct {
        enum et_curve curve;
        const char *instance;
        const char *context;
    } cases[] = {
        {ET_ED25519, "Ed25519ph", NULL},
        {ET_ED25519, "Ed25519ctx", "foo"},
        {ET_ED448, "Ed448ph", "foo"},
        {ET_ED448, "Ed448", "bar"},
    };
    size_t i;

    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint8_t sig[2][ET_MAX_SIG];
        const uint8_t *context = (const uint8_t *)cases[i].context;
        size_t context_len = context != NULL ? strlen(cases[i].context) : 0;
        int ok0 = digest_sign_reinit(pr, 0, cases[i].curve, cases[i].instance, context,
                                     context_len, sig[0]);
        int unserved = last_unserved;
        int ok1 = digest_sign_reinit(pr, 1, cases[i].curve, cases[i].instance, context,
                                     context_len, sig[1]);

        if (!ok0 && ok1
                && unframed(cases[i].curve, cases[i].instance, context_len, unserved,
                            "re-initialised with no key"))
            continue;
        ET_CHECK(ok0 && ok1 && memcmp(sig[0], sig[1], et_sig_len(cases[i].curve)) == 0,
                 "[%s] %s, context %s, re-initialised with no key: edfast %d, default %d, %s",
                 pr->backend, cases[i].instance, cases[i].context ? cases[i].context : "none",
                 ok0, ok1, ok0 && ok1 ? "signatures differ" : "not both signed");
    }
}

/* Random keys, messages and contexts through both providers. */
static void check_random(struct pair *pr, struct et_rng *rng, int rounds)
{
    int round;

    for (round = 0; round < rounds; round++) {
        const struct algorithm *alg = &algorithms[et_rng_next(rng) % ALGORITHMS];
        uint8_t seed[ET_MAX_KEY], msg[300], context[255], ph[64];
        size_t msg_len = et_rng_next(rng) % sizeof(msg);
        size_t context_len = !alg->takes_context ? 0
            : alg->needs_context ? 1 + et_rng_next(rng) % 255
            : et_rng_next(rng) % 4 == 0 ? 0 : et_rng_next(rng) % 256;
        struct request rq = {MESSAGE, NULL, context_len ? context : NULL, context_len, 0};
        char label[96];

        et_rng_bytes(rng, seed, sizeof(seed));
        et_rng_bytes(rng, msg, msg_len);
        et_rng_bytes(rng, context, context_len);
        snprintf(label, sizeof(label), "random %d: %s, %zu-byte message, %zu-byte context", round,
                 alg->name, msg_len, context_len);
        ET_CHECK(compare(pr, alg, seed, &rq, msg, msg_len, NULL, label), "%s: signed", label);
        if (alg->prehash && prehash(pr->env, alg->curve, msg, msg_len, ph)) {
            rq.mode = PREHASHED;
            snprintf(label, sizeof(label), "random %d: %s on PH(M), %zu-byte context", round,
                     alg->name, context_len);
            ET_CHECK(compare(pr, alg, seed, &rq, ph, sizeof(ph), NULL, label), "%s: signed",
                     label);
        }
    }
}

static int open_side(struct et_env *env, struct side *side, const char *propq,
                     const char *provider)
{
    size_t a;

    side->propq = propq;
    side->provider = provider;
    for (a = 0; a < ALGORITHMS; a++) {
        side->sig[a] = EVP_SIGNATURE_fetch(env->ctx, algorithms[a].name, propq);
        ET_CHECK(side->sig[a] != NULL, "%s: no %s signature", provider, algorithms[a].name);
        if (side->sig[a] == NULL)
            return 0;
        ET_CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_SIGNATURE_get0_provider(side->sig[a])),
                        provider) == 0,
                 "%s fetched from another provider", algorithms[a].name);
    }
    return 1;
}

static void close_side(struct side *side)
{
    size_t a;

    for (a = 0; a < ALGORITHMS; a++)
        EVP_SIGNATURE_free(side->sig[a]);
}

int main(int argc, char **argv)
{
    static const char *const preferences[] = {"native", "sodium", "decaf", "openssl"};
    int rounds = argc > 1 ? atoi(argv[1]) : 150;
    struct et_rng rng;
    size_t p;

    printf("libcrypto %s\n", OpenSSL_version(OPENSSL_VERSION_STRING));
    if (OpenSSL_version_num() < 0x30400000L) {
        printf("SKIPPED: the message API and the ph/ctx names need OpenSSL 3.4+\n");
        return ET_SKIP;
    }
    et_rng_seed(&rng, et_choose_seed());
    for (p = 0; p < sizeof(preferences) / sizeof(preferences[0]); p++) {
        struct et_env env;
        struct pair pr;

        if (!et_env_open(&env, preferences[p])) {
            ET_CHECK(0, "cannot load edfast with EDFAST_BACKEND=%s", preferences[p]);
            continue;
        }
        printf("EDFAST_BACKEND=%s: ED25519=%s ED448=%s\n", preferences[p],
               env.backend[ET_ED25519], env.backend[ET_ED448]);
        memset(&pr, 0, sizeof(pr));
        pr.env = &env;
        pr.backend = preferences[p];
        if (open_side(&env, &pr.side[0], ET_EDFAST, "edfast")
            && open_side(&env, &pr.side[1], ET_DEFAULT, "default")) {
            check_vectors(&pr);
            check_refusals(&pr);
            check_reasons(&pr);
            check_reinit(&pr);
            check_random(&pr, &rng, rounds);
        }
        close_side(&pr.side[0]);
        close_side(&pr.side[1]);
        et_env_close(&env);
    }
    if (unframed_cases > 0)
        printf("SKIPPED: %lu cases of instances no backend of this build frames (each checked "
               "to be refused)\n", unframed_cases);
    return et_finish("message_api");
}
