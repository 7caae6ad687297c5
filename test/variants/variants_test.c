/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RFC 8032's other instances through EVP: Ed25519ctx, Ed25519ph, Ed448 with
 * a context and Ed448ph, selected by the signature parameters "instance" and
 * "context-string" (OpenSSL 3.2's names, which edfast also takes on 3.0).
 * RFC 8032 section 7 vectors with every backend preference, random cases
 * against libsodium's Ed25519ph and libdecaf's Ed448 when they are built,
 * and the combinations RFC 8032 does not define refused with a clear error.
 *
 * An instance some backend of this build frames is demanded; one none frames
 * must be refused with edfast's "no backend serves this algorithm", and is
 * reported skipped (framed.h).
 */
#include <stdio.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "edfast_test_util.h"
#include "framed.h"
#ifdef EDFAST_HAVE_SODIUM
#include <sodium.h>
#endif
#ifdef EDFAST_HAVE_DECAF
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf/ed448.h>
#endif

struct vector {
    const char *name;
    enum et_curve curve;
    const char *instance;
    const char *seed, *pub, *msg, *context, *sig;
};

static const struct vector vectors[] = {
    {"7.2 Ed25519ctx foo", ET_ED25519, "Ed25519ctx",
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
     "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"},
    {"7.2 Ed25519ctx bar", ET_ED25519, "Ed25519ctx",
     "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "f726936d19c800494e3fdaff20b276a8", "626172",
     "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3"
     "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d"},
    {"7.3 Ed25519ph abc", ET_ED25519, "Ed25519ph",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "616263", "",
     "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
     "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"},
    {"7.4 Ed448 1 octet, context foo", ET_ED448, "Ed448",
     "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463a"
     "fbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
     "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c086"
     "6aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
     "03", "666f6f",
     "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2"
     "151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da"
     "1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d"
     "5428407e85dcbc98a49155c13764e66c3c00"},
    {"7.5 Ed448ph abc", ET_ED448, "Ed448ph",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42"
     "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
     "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743"
     "c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880",
     "616263", "",
     "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae38"
     "1f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd"
     "433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3"
     "ad203df7dc7ce360c3cd3696d9d9fab90f00"},
    {"7.5 Ed448ph abc, context foo", ET_ED448, "Ed448ph",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42"
     "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
     "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743"
     "c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880",
     "616263", "666f6f",
     "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa48"
     "1065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3"
     "653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab7128"
     "4f8d0704a608c54a6b62d97beb511d132100"},
};

static unsigned long unframed_cases;

/* EVP_DigestSignInit_ex / EVP_DigestVerifyInit_ex with the instance parameters. */
static int init_with(EVP_MD_CTX *md, struct et_env *env, const char *propq, EVP_PKEY *pkey,
                     int signing, const char *instance, const uint8_t *context,
                     size_t context_len)
{
    OSSL_PARAM params[3];
    size_t n = 0;

    if (instance != NULL)
        params[n++] = OSSL_PARAM_construct_utf8_string("instance", (char *)instance, 0);
    if (context != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string("context-string", (void *)context,
                                                        context_len);
    params[n] = OSSL_PARAM_construct_end();
    return signing
        ? EVP_DigestSignInit_ex(md, NULL, NULL, env->ctx, propq, pkey, params) == 1
        : EVP_DigestVerifyInit_ex(md, NULL, NULL, env->ctx, propq, pkey, params) == 1;
}

static int init(EVP_MD_CTX *md, struct et_env *env, EVP_PKEY *pkey, int signing,
                const char *instance, const uint8_t *context, size_t context_len)
{
    return init_with(md, env, ET_EDFAST, pkey, signing, instance, context, context_len);
}

static int sign_with(struct et_env *env, const char *propq, EVP_PKEY *pkey, const char *instance,
                     const uint8_t *context, size_t context_len, const uint8_t *msg,
                     size_t msg_len, uint8_t *sig)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t sig_len = ET_MAX_SIG;
    int ok = md != NULL && init_with(md, env, propq, pkey, 1, instance, context, context_len)
        && EVP_DigestSign(md, sig, &sig_len, msg, msg_len) == 1;

    EVP_MD_CTX_free(md);
    return ok;
}

static int sign(struct et_env *env, EVP_PKEY *pkey, const char *instance, const uint8_t *context,
                size_t context_len, const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    return sign_with(env, ET_EDFAST, pkey, instance, context, context_len, msg, msg_len, sig);
}

/* 1 valid, 0 invalid, -1 refused at init. */
static int verify(struct et_env *env, EVP_PKEY *pkey, const char *instance,
                  const uint8_t *context, size_t context_len, const uint8_t *msg,
                  size_t msg_len, const uint8_t *sig, size_t sig_len)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int verdict = -1;

    if (md != NULL && init(md, env, pkey, 0, instance, context, context_len))
        verdict = EVP_DigestVerify(md, sig, sig_len, msg, msg_len) == 1;
    EVP_MD_CTX_free(md);
    return verdict;
}

/*
 * An instance no backend of this build frames: signing and verifying are
 * refused with edfast's reason, and the case counts as skipped.
 */
static void check_unframed(struct et_env *env, enum et_curve curve, EVP_PKEY *pkey,
                           const char *instance, const uint8_t *context, size_t context_len,
                           const char *what)
{
    static const uint8_t msg[] = "unframed";
    uint8_t sig[ET_MAX_SIG] = {0};

    ET_CHECK(!sign(env, pkey, instance, context, context_len, msg, sizeof(msg), sig)
                 && et_error_contains(ET_UNSERVED),
             "%s: %s framed by no backend of this build, but not refused so", what, instance);
    ET_CHECK(verify(env, pkey, instance, context, context_len, msg, sizeof(msg), sig,
                    et_sig_len(curve)) != 1
                 && et_error_contains(ET_UNSERVED),
             "%s: %s framed by no backend of this build, but its verify not refused so", what,
             instance);
    if (unframed_cases++ < 8)
        printf("SKIPPED: %s: no backend of this build frames %s (refused as it must be)\n",
               what, instance);
}

static void check_vector(struct et_env *env, const struct vector *v, const char *backend)
{
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY], want[ET_MAX_SIG], got[ET_MAX_SIG];
    uint8_t msg[64], context[16], got_pub[ET_MAX_KEY];
    size_t msg_len = et_unhex(v->msg, msg, sizeof(msg));
    size_t context_len = et_unhex(v->context, context, sizeof(context));
    size_t sig_len = et_sig_len(v->curve), pub_len = sizeof(got_pub);
    EVP_PKEY *pkey;

    et_unhex(v->seed, seed, sizeof(seed));
    et_unhex(v->pub, pub, sizeof(pub));
    et_unhex(v->sig, want, sizeof(want));
    pkey = et_key_from_seed(env, v->curve, ET_EDFAST, seed);
    ET_CHECK(pkey != NULL, "%s [%s]: key", v->name, backend);
    if (pkey == NULL)
        return;
    ET_CHECK(EVP_PKEY_get_raw_public_key(pkey, got_pub, &pub_len) == 1
                 && memcmp(got_pub, pub, pub_len) == 0,
             "%s [%s]: public key", v->name, backend);
    if (!et_framed(v->curve, v->instance, context_len)) {
        char what[96];

        snprintf(what, sizeof(what), "%s [%s]", v->name, backend);
        check_unframed(env, v->curve, pkey, v->instance, context, context_len, what);
        EVP_PKEY_free(pkey);
        return;
    }
    ET_CHECK(sign(env, pkey, v->instance, context, context_len, msg, msg_len, got)
                 && memcmp(got, want, sig_len) == 0,
             "%s [%s]: signature", v->name, backend);
    ET_CHECK(verify(env, pkey, v->instance, context, context_len, msg, msg_len, want, sig_len) == 1,
             "%s [%s]: verify", v->name, backend);
    context[0] ^= 1; /* another context, or for none a one-byte one */
    ET_CHECK(verify(env, pkey, v->instance, context, context_len ? context_len : 1, msg, msg_len,
                    want, sig_len) == 0,
             "%s [%s]: another context must not verify", v->name, backend);
    context[0] ^= 1;
    ET_CHECK(verify(env, pkey, NULL, NULL, 0, msg, msg_len, want, sig_len) == 0,
             "%s [%s]: the pure instance must not verify it", v->name, backend);
    EVP_PKEY_free(pkey);
}

/* Combinations RFC 8032 leaves undefined, refused with edfast's reason. */
static void check_refusals(struct et_env *env)
{
    static const uint8_t seed[ET_MAX_KEY] = {7};
    uint8_t long_context[256] = {0}, sig[ET_MAX_SIG];
    EVP_PKEY *ed25519 = et_key_from_seed(env, ET_ED25519, ET_EDFAST, seed);
    EVP_PKEY *ed448 = et_key_from_seed(env, ET_ED448, ET_EDFAST, seed);

    ET_CHECK(!sign(env, ed25519, "Ed25519", (const uint8_t *)"ab", 2, sig, 1, sig)
                 && et_error_contains("invalid context string"),
             "a context on pure Ed25519 must be refused");
    ET_CHECK(!sign(env, ed25519, "Ed25519ctx", NULL, 0, sig, 1, sig)
                 && et_error_contains("invalid context string"),
             "Ed25519ctx without a context must be refused");
    ET_CHECK(!sign(env, ed25519, "Ed25519ctx", long_context, 256, sig, 1, sig)
                 && et_error_contains("invalid context string"),
             "a 256-byte context must be refused");
    if (et_framed(ET_ED25519, "Ed25519ctx", 255))
        ET_CHECK(sign(env, ed25519, "Ed25519ctx", long_context, 255, sig, 1, sig),
                 "a 255-byte context must be taken");
    else
        check_unframed(env, ET_ED25519, ed25519, "Ed25519ctx", long_context, 255,
                       "a 255-byte context");
    ET_CHECK(!sign(env, ed25519, "Ed25519xx", NULL, 0, sig, 1, sig)
                 && et_error_contains("unknown EdDSA instance"),
             "an unknown instance must be refused");
    ET_CHECK(!sign(env, ed25519, "Ed448ph", NULL, 0, sig, 1, sig)
                 && et_error_contains("unknown EdDSA instance"),
             "an Ed448 instance on an Ed25519 key must be refused");
    ET_CHECK(!sign(env, ed448, "Ed25519", NULL, 0, sig, 1, sig)
                 && et_error_contains("unknown EdDSA instance"),
             "an Ed25519 instance on an Ed448 key must be refused");
    ET_CHECK(verify(env, ed25519, "Ed25519ctx", NULL, 0, sig, 1, sig, 64) != 1,
             "verifying Ed25519ctx without a context must not succeed");
    EVP_PKEY_free(ed25519);
    EVP_PKEY_free(ed448);
}

/* Random keys, messages and contexts, signed by edfast and by the libraries. */
static void check_against_libraries(struct et_env *env, struct et_rng *rng, const char *backend)
{
    int round;

    for (round = 0; round < 200; round++) {
        uint8_t seed[ET_MAX_KEY], msg[300], context[255], got[ET_MAX_SIG], want[ET_MAX_SIG];
        size_t msg_len = et_rng_next(rng) % sizeof(msg);
        size_t context_len = et_rng_next(rng) % 8 == 0 ? 0 : et_rng_next(rng) % 256;
        EVP_PKEY *pkey;

        et_rng_bytes(rng, seed, sizeof(seed));
        et_rng_bytes(rng, msg, msg_len);
        et_rng_bytes(rng, context, context_len);
        (void)want;
#ifdef EDFAST_HAVE_SODIUM
        pkey = et_key_from_seed(env, ET_ED25519, ET_EDFAST, seed);
        {
            uint8_t pk[32], sk[64];
            crypto_sign_ed25519ph_state state;

            crypto_sign_ed25519_seed_keypair(pk, sk, seed);
            crypto_sign_ed25519ph_init(&state);
            crypto_sign_ed25519ph_update(&state, msg, msg_len);
            crypto_sign_ed25519ph_final_create(&state, want, NULL, sk);
            if (et_framed(ET_ED25519, "Ed25519ph", 0))
                ET_CHECK(sign(env, pkey, "Ed25519ph", NULL, 0, msg, msg_len, got)
                             && memcmp(got, want, 64) == 0,
                         "Ed25519ph [%s] round %d: differs from libsodium", backend, round);
            else if (round == 0)
                check_unframed(env, ET_ED25519, pkey, "Ed25519ph", NULL, 0,
                               "Ed25519ph against libsodium");
        }
        EVP_PKEY_free(pkey);
#endif
#ifdef EDFAST_HAVE_DECAF
        pkey = et_key_from_seed(env, ET_ED448, ET_EDFAST, seed);
        {
            uint8_t pub[57];
            int prehashed = (int)(et_rng_next(rng) & 1);
            const char *instance = prehashed ? "Ed448ph" : "Ed448";

            decaf_ed448_derive_public_key(pub, seed);
            if (prehashed) {
                decaf_ed448_prehash_ctx_t hash;

                decaf_ed448_prehash_init(hash);
                decaf_ed448_prehash_update(hash, msg, msg_len);
                decaf_ed448_sign_prehash(want, seed, pub, hash, context, (uint8_t)context_len);
                decaf_ed448_prehash_destroy(hash);
            } else {
                decaf_ed448_sign(want, seed, pub, msg, msg_len, 0, context, (uint8_t)context_len);
            }
            if (!et_framed(ET_ED448, instance, context_len)) {
                check_unframed(env, ET_ED448, pkey, instance, context, context_len,
                               "Ed448 against libdecaf");
            } else {
                ET_CHECK(sign(env, pkey, instance, context, context_len, msg, msg_len, got)
                             && memcmp(got, want, 114) == 0,
                         "%s [%s] round %d: differs from libdecaf", instance, backend, round);
                ET_CHECK(verify(env, pkey, instance, context, context_len, msg, msg_len, want,
                                114) == 1,
                         "libdecaf's signature must verify [%s] round %d", backend, round);
            }
        }
        EVP_PKEY_free(pkey);
#endif
        (void)pkey;
    }
}

/* Whether the key backend of env's curve frames every instance itself. */
static int frames_all(const struct et_env *env, enum et_curve curve)
{
    return strcmp(env->backend[curve], "native") == 0 || strcmp(env->backend[curve], "decaf") == 0;
}

/*
 * The fallback state: when the key's backend does not frame an instance
 * (sodium, openssl), the key keeps a state of the backend that does, made on
 * first use.  One key signs several messages, each twice, and every
 * signature must be the one of a key whose backend frames the instance
 * itself: OpenSSL's default provider from 3.2 on (3.0 has no instance
 * parameter), else edfast loaded with a backend framing every instance.
 */
static void check_fallback_state(struct et_env *env, struct et_rng *rng, const char *backend)
{
    static const struct {
        enum et_curve curve;
        const char *instance;
        size_t context_len;
    } cases[] = {
        {ET_ED25519, "Ed25519ctx", 3}, {ET_ED25519, "Ed25519ph", 0},
        {ET_ED448, "Ed448", 5},        {ET_ED448, "Ed448ph", 0},
    };
    int by_default = OpenSSL_version_num() >= 0x30200000L;
    struct et_env ref;
    int have_ref = by_default || et_env_open(&ref, "native,decaf");
    size_t c;

    for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        enum et_curve curve = cases[c].curve;
        uint8_t seed[ET_MAX_KEY], msg[100], context[8], got[ET_MAX_SIG], again[ET_MAX_SIG];
        uint8_t want[ET_MAX_SIG];
        size_t sig_len = et_sig_len(curve);
        EVP_PKEY *pkey, *want_key;
        int m;

        if (frames_all(env, curve) || !et_framed(curve, cases[c].instance, cases[c].context_len))
            continue;
        if (!by_default && (!have_ref || !frames_all(&ref, curve))) {
            printf("SKIPPED: %s [%s]: nothing to compare the fallback with\n", cases[c].instance,
                   backend);
            continue;
        }
        et_rng_bytes(rng, seed, sizeof(seed));
        et_rng_bytes(rng, context, sizeof(context));
        pkey = et_key_from_seed(env, curve, ET_EDFAST, seed);
        want_key = by_default ? et_key_from_seed(env, curve, ET_DEFAULT, seed)
                              : et_key_from_seed(&ref, curve, ET_EDFAST, seed);
        ET_CHECK(pkey != NULL && want_key != NULL, "%s [%s]: keys", cases[c].instance, backend);
        for (m = 0; pkey != NULL && want_key != NULL && m < 4; m++) {
            size_t msg_len = et_rng_next(rng) % sizeof(msg);

            et_rng_bytes(rng, msg, msg_len);
            ET_CHECK(sign_with(by_default ? env : &ref, by_default ? ET_DEFAULT : ET_EDFAST,
                               want_key, cases[c].instance, context, cases[c].context_len, msg,
                               msg_len, want),
                     "%s [%s]: reference signature", cases[c].instance, backend);
            ET_CHECK(sign(env, pkey, cases[c].instance, context, cases[c].context_len, msg,
                          msg_len, got)
                         && sign(env, pkey, cases[c].instance, context, cases[c].context_len,
                                 msg, msg_len, again)
                         && memcmp(got, want, sig_len) == 0 && memcmp(again, want, sig_len) == 0,
                     "%s [%s] message %d: the fallback state's signature differs from %s's",
                     cases[c].instance, backend, m, by_default ? "default" : ref.backend[curve]);
            ET_CHECK(verify(env, pkey, cases[c].instance, context, cases[c].context_len, msg,
                            msg_len, want, sig_len) == 1,
                     "%s [%s] message %d: the fallback state does not verify", cases[c].instance,
                     backend, m);
        }
        EVP_PKEY_free(pkey);
        EVP_PKEY_free(want_key);
    }
    if (!by_default && have_ref)
        et_env_close(&ref);
}

int main(void)
{
    static const char *const preferences[] = {"native", "sodium", "decaf", "openssl"};
    struct et_rng rng;
    size_t p, v;

    et_rng_seed(&rng, et_choose_seed());
    for (p = 0; p < sizeof(preferences) / sizeof(preferences[0]); p++) {
        struct et_env env;

        if (!et_env_open(&env, preferences[p])) {
            ET_CHECK(0, "cannot load edfast with EDFAST_BACKEND=%s", preferences[p]);
            continue;
        }
        printf("EDFAST_BACKEND=%s: ED25519=%s ED448=%s\n", preferences[p],
               env.backend[ET_ED25519], env.backend[ET_ED448]);
        for (v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++)
            check_vector(&env, &vectors[v], preferences[p]);
        check_refusals(&env);
        check_against_libraries(&env, &rng, preferences[p]);
        check_fallback_state(&env, &rng, preferences[p]);
        et_env_close(&env);
    }
    if (unframed_cases > 0)
        printf("SKIPPED: %lu cases of instances no backend of this build frames (each checked "
               "to be refused)\n", unframed_cases);
    return et_finish("variants");
}
