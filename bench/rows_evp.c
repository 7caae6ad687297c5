/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The EVP rows: OpenSSL's default provider and edfast.so, each alone in a
 * library context of its own.  keygen = EVP_PKEY_CTX_new_from_name +
 * EVP_PKEY_keygen_init + EVP_PKEY_keygen + frees; sign = EVP_DigestSignInit_ex
 * + EVP_DigestSign; verify likewise; on one reused EVP_MD_CTX (evp:) or a new
 * one per operation (evp-fresh:).
 */
#define _POSIX_C_SOURCE 200809L

#include "impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "edfast_names.h"

static const char *const evp_names[EDFAST_CURVE_COUNT] = {"ED25519", "ED448"};
const char *const evp_backend_params[EDFAST_CURVE_COUNT] = {
    EDFAST_PARAM_ED25519_BACKEND, EDFAST_PARAM_ED448_BACKEND};

int evp_ctx_load_default(struct evp_ctx *c, char *why, size_t why_len)
{
    memset(c, 0, sizeof(*c));
    c->provider_name = "default";
    c->propq = "provider=default";
    if ((c->libctx = OSSL_LIB_CTX_new()) == NULL) {
        snprintf(why, why_len, "OSSL_LIB_CTX_new failed");
        return 0;
    }
    if ((c->provider = OSSL_PROVIDER_load(c->libctx, "default")) == NULL) {
        snprintf(why, why_len, "cannot load OpenSSL's default provider");
        return 0;
    }
    return 1;
}

/* EDFAST_BACKEND=backend while edfast.so is loaded, then as it was. */
static OSSL_PROVIDER *load_edfast_with(OSSL_LIB_CTX *libctx, const char *backend)
{
    const char *old = getenv("EDFAST_BACKEND");
    char *saved = old != NULL ? strdup(old) : NULL;
    OSSL_PROVIDER *provider = NULL;

    if (backend != NULL && setenv("EDFAST_BACKEND", backend, 1) != 0)
        goto done;
    provider = OSSL_PROVIDER_load(libctx, EDFAST_PROVIDER_NAME);
    if (backend != NULL) {
        if (saved != NULL)
            setenv("EDFAST_BACKEND", saved, 1);
        else
            unsetenv("EDFAST_BACKEND");
    }
done:
    free(saved);
    return provider;
}

int evp_ctx_load_edfast(struct evp_ctx *c, const char *module_dir, const char *backend,
                        char *why, size_t why_len)
{
    char *names[EDFAST_CURVE_COUNT] = {NULL, NULL};
    OSSL_PARAM params[EDFAST_CURVE_COUNT + 1];
    enum edfast_curve curve;

    memset(c, 0, sizeof(*c));
    c->provider_name = EDFAST_PROVIDER_NAME;
    c->propq = EDFAST_PROPERTIES;
    if ((c->libctx = OSSL_LIB_CTX_new()) == NULL) {
        snprintf(why, why_len, "OSSL_LIB_CTX_new failed");
        return 0;
    }
    if (!OSSL_PROVIDER_set_default_search_path(c->libctx, module_dir)) {
        snprintf(why, why_len, "cannot set the provider search path to %s", module_dir);
        return 0;
    }
    if ((c->provider = load_edfast_with(c->libctx, backend)) == NULL) {
        snprintf(why, why_len, "cannot load edfast from %s (EDFAST_BACKEND=%s)", module_dir,
                 backend != NULL ? backend : "<as in the environment>");
        return 0;
    }
    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
        params[curve] = OSSL_PARAM_construct_utf8_ptr(evp_backend_params[curve], &names[curve], 0);
    params[EDFAST_CURVE_COUNT] = OSSL_PARAM_construct_end();
    if (!OSSL_PROVIDER_get_params(c->provider, params)) {
        snprintf(why, why_len, "cannot read edfast's backend parameters");
        return 0;
    }
    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        if (names[curve] == NULL) {
            snprintf(why, why_len, "edfast did not report %s", evp_backend_params[curve]);
            return 0;
        }
        snprintf(c->served[curve], sizeof(c->served[curve]), "%s", names[curve]);
    }
    return 1;
}

void evp_ctx_free(struct evp_ctx *c)
{
    if (c->provider != NULL)
        OSSL_PROVIDER_unload(c->provider);
    OSSL_LIB_CTX_free(c->libctx);
    memset(c, 0, sizeof(*c));
}

static int evp_keygen(struct impl *im, uint64_t iteration)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(im->ctx->libctx, evp_names[im->curve],
                                                    im->ctx->propq);
    EVP_PKEY *pkey = NULL;
    int ok = pctx != NULL && EVP_PKEY_keygen_init(pctx) > 0 && EVP_PKEY_keygen(pctx, &pkey) > 0;

    (void)iteration; /* EVP keygen draws its own seed */
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(pctx);
    return ok;
}

int evp_sign_on(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job, uint8_t *sig)
{
    size_t siglen = EDFAST_MAX_SIG_BYTES;

    return EVP_DigestSignInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, im->pkey,
                                 NULL) == 1
        && EVP_DigestSign(mdctx, sig, &siglen, job->msg, job->len) == 1
        && siglen == 2 * edfast_key_bytes(im->curve);
}

int evp_verify_on(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job, const uint8_t *sig)
{
    if (EVP_DigestVerifyInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, im->pkey,
                                NULL) != 1)
        return -1;
    return EVP_DigestVerify(mdctx, sig, 2 * edfast_key_bytes(im->curve), job->msg, job->len);
}

/*
 * Verification with a key object made from the raw public key pub for this one
 * call.  OpenSSL 3.0 keeps a used context's EVP_PKEY_CTX, and with it the old
 * key, whatever key the next init names: a used context is reset first, and
 * reset after, so that the row's next sign or verify has its own key again.
 */
static int evp_verify_newkey_on(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job,
                                const uint8_t *pub)
{
    EVP_PKEY *pkey = EVP_PKEY_new_raw_public_key_ex(im->ctx->libctx, evp_names[im->curve],
                                                    im->ctx->propq, pub,
                                                    edfast_key_bytes(im->curve));
    int ok = -1;

    if (EVP_MD_CTX_get_pkey_ctx(mdctx) != NULL)
        EVP_MD_CTX_reset(mdctx);
    if (pkey != NULL
            && EVP_DigestVerifyInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, pkey,
                                       NULL) == 1)
        ok = EVP_DigestVerify(mdctx, job->sig, 2 * edfast_key_bytes(im->curve), job->msg,
                              job->len);
    EVP_MD_CTX_reset(mdctx);
    EVP_PKEY_free(pkey);
    return ok;
}

/* The row's own context, or (evp-fresh) a new one, freed by done(). */
static EVP_MD_CTX *ctx_for(struct impl *im)
{
    return im->mdctx != NULL ? im->mdctx : EVP_MD_CTX_new();
}

static void done(struct impl *im, EVP_MD_CTX *mdctx)
{
    if (mdctx != im->mdctx)
        EVP_MD_CTX_free(mdctx);
}

static int evp_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    EVP_MD_CTX *mdctx = ctx_for(im);
    int ok = mdctx != NULL && evp_sign_on(im, mdctx, job, sig);

    done(im, mdctx);
    return ok;
}

static int evp_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    EVP_MD_CTX *mdctx = ctx_for(im);
    int ok = mdctx != NULL ? evp_verify_on(im, mdctx, job, sig) : -1;

    done(im, mdctx);
    return ok;
}

static int evp_verify_newkey(struct impl *im, const struct job *job, const uint8_t *pub)
{
    EVP_MD_CTX *mdctx = ctx_for(im);
    int ok = mdctx != NULL ? evp_verify_newkey_on(im, mdctx, job, pub) : -1;

    done(im, mdctx);
    return ok;
}

static void evp_free(struct impl *im)
{
    EVP_PKEY_free(im->pkey);
    EVP_MD_CTX_free(im->mdctx);
}

static const struct impl_ops evp_ops = {
    evp_keygen, evp_sign, evp_verify, evp_verify_newkey, evp_free,
};

static const char *provider_name(const OSSL_PROVIDER *prov)
{
    return prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "(none)";
}

/* That the row measures what its label says: the provider of the key and of a signature. */
static int served_by_its_provider(struct impl *im, char *why, size_t why_len)
{
    static const uint8_t msg[] = "which provider";
    const struct job job = {msg, sizeof(msg), NULL};
    uint8_t sig[EDFAST_MAX_SIG_BYTES];
    EVP_MD_CTX *mdctx = EVP_MD_CTX_new();
    const char *key_by = provider_name(EVP_PKEY_get0_provider(im->pkey)), *signed_by = NULL;
    int ok = 0;

    if (strcmp(key_by, im->ctx->provider_name) != 0)
        snprintf(why, why_len, "the key is held by provider %s, not %s", key_by,
                 im->ctx->provider_name);
    else if (mdctx == NULL || !evp_sign_on(im, mdctx, &job, sig))
        snprintf(why, why_len, "EVP sign failed");
    else if (strcmp(signed_by = provider_name(EVP_PKEY_CTX_get0_provider(
                        EVP_MD_CTX_get_pkey_ctx(mdctx))), im->ctx->provider_name) != 0)
        snprintf(why, why_len, "signed by provider %s, not %s", signed_by,
                 im->ctx->provider_name);
    else
        ok = 1;
    EVP_MD_CTX_free(mdctx);
    return ok;
}

int evp_impl_init(struct impl *im, enum edfast_curve curve, enum kind kind, struct evp_ctx *c,
                  const char *name, const uint8_t *seed, char *why, size_t why_len)
{
    size_t len = edfast_key_bytes(curve);

    impl_start(im, curve, kind, "%s:%s", kind_names[kind], name);
    im->ops = &evp_ops;
    im->ctx = c;
    memcpy(im->seed, seed, len);
    im->pkey = EVP_PKEY_new_raw_private_key_ex(c->libctx, evp_names[curve], c->propq, seed, len);
    if (im->pkey == NULL) {
        snprintf(why, why_len, "cannot make a %s key in the %s context", evp_names[curve],
                 c->provider_name);
        return 0;
    }
    if (!EVP_PKEY_get_raw_public_key(im->pkey, im->pub, &len)
            || len != edfast_key_bytes(curve)) {
        snprintf(why, why_len, "cannot read the public key");
        return 0;
    }
    if (kind == KIND_EVP && (im->mdctx = EVP_MD_CTX_new()) == NULL) {
        snprintf(why, why_len, "EVP_MD_CTX_new failed");
        return 0;
    }
    return served_by_its_provider(im, why, why_len);
}
