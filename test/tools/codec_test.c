/* SPDX-License-Identifier: Apache-2.0 */
/*
 * edfast's encoders and decoders held to OpenSSL's default provider, through
 * the OSSL_ENCODER / OSSL_DECODER API, in two library contexts: one with
 * edfast alone, one with the default provider alone.
 *
 * - every output type and structure, for every selection OpenSSL uses:
 *   the same verdict and the same bytes (text included), for key pairs and
 *   public-only keys;
 * - EncryptedPrivateKeyInfo both ways: edfast encrypts and the default
 *   provider decrypts, and the other way round; a wrong passphrase fails;
 * - decoding the default provider's DER and PEM in edfast alone gives edfast
 *   keys with the same halves;
 * - across providers: edfast's encoders encode a default-provider key
 *   (import_object), edfast's decoder exports the key it read (export_object);
 * - broken input (truncations, wrong lengths, parameters, garbage, random
 *   corruptions) fails cleanly, with edfast's reason where the structure is
 *   edfast's, and edfast accepts nothing the default provider refuses.
 *
 * Usage: codec_test <dir holding edfast.so> [light]
 */
#include <stdio.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include "edfast_test_util.h"

static OSSL_LIB_CTX *edf, *dfl; /* edfast alone; default alone */
/* "light": fewer combinations, for a run under valgrind. */
static int light;
static const char *provider_dir;

static const char *provider_of(const EVP_PKEY *pkey)
{
    const OSSL_PROVIDER *prov = EVP_PKEY_get0_provider(pkey);

    return prov == NULL ? "?" : OSSL_PROVIDER_get0_name(prov);
}

/* Encodes; returns 1 and the bytes, or 0.  *data is OPENSSL_free'd by the caller. */
static int encode(const EVP_PKEY *pkey, int selection, const char *type, const char *structure,
                  const char *cipher, const char *pass, unsigned char **data, size_t *len)
{
    OSSL_ENCODER_CTX *ctx = OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, type, structure, NULL);
    int ok = ctx != NULL && OSSL_ENCODER_CTX_get_num_encoders(ctx) > 0;

    *data = NULL;
    *len = 0;
    if (ok && cipher != NULL)
        ok = OSSL_ENCODER_CTX_set_cipher(ctx, cipher, NULL)
            && OSSL_ENCODER_CTX_set_passphrase(ctx, (const unsigned char *)pass, strlen(pass));
    ok = ok && OSSL_ENCODER_to_data(ctx, data, len);
    OSSL_ENCODER_CTX_free(ctx);
    if (!ok) {
        OPENSSL_free(*data);
        *data = NULL;
        *len = 0;
    }
    return ok;
}

static EVP_PKEY *decode(OSSL_LIB_CTX *libctx, const unsigned char *data, size_t len,
                        const char *type, const char *structure, int selection,
                        const char *pass)
{
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *ctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, type, structure, NULL,
                                                          selection, libctx, NULL);

    if (ctx == NULL)
        return NULL;
    if (pass != NULL)
        OSSL_DECODER_CTX_set_passphrase(ctx, (const unsigned char *)pass, strlen(pass));
    if (!OSSL_DECODER_from_data(ctx, &data, &len)) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    OSSL_DECODER_CTX_free(ctx);
    return pkey;
}

static int same_halves(const EVP_PKEY *a, const EVP_PKEY *b, int private)
{
    unsigned char x[64], y[64];
    size_t xl = sizeof(x), yl = sizeof(y);

    if (private)
        return EVP_PKEY_get_raw_private_key(a, x, &xl) && EVP_PKEY_get_raw_private_key(b, y, &yl)
            && xl == yl && memcmp(x, y, xl) == 0;
    return EVP_PKEY_get_raw_public_key(a, x, &xl) && EVP_PKEY_get_raw_public_key(b, y, &yl)
        && xl == yl && memcmp(x, y, xl) == 0;
}

static const int selections[] = {
    OSSL_KEYMGMT_SELECT_PRIVATE_KEY,
    OSSL_KEYMGMT_SELECT_PUBLIC_KEY,
    OSSL_KEYMGMT_SELECT_KEYPAIR,
    EVP_PKEY_PRIVATE_KEY, /* keypair bits as EVP uses them, parameters included */
    EVP_PKEY_PUBLIC_KEY,
    EVP_PKEY_KEY_PARAMETERS,
    OSSL_KEYMGMT_SELECT_ALL,
};

static const struct {
    const char *type, *structure;
} outputs[] = {
    {"DER", "PrivateKeyInfo"},
    {"PEM", "PrivateKeyInfo"},
    {"DER", "SubjectPublicKeyInfo"},
    {"PEM", "SubjectPublicKeyInfo"},
    {"DER", "EncryptedPrivateKeyInfo"}, /* without a cipher: refused by both */
    {"DER", NULL},
    {"PEM", NULL},
    {"TEXT", NULL},
};

/* edfast's encoding of e, the default's of d: same verdict, same bytes. */
static void compare_encodings(const char *what, const EVP_PKEY *e, const EVP_PKEY *d)
{
    size_t i, j;

    for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
        for (j = 0; j < sizeof(selections) / sizeof(selections[0]); j += light ? 3 : 1) {
            unsigned char *eout, *dout;
            size_t elen, dlen;
            int eok = encode(e, selections[j], outputs[i].type, outputs[i].structure, NULL, NULL,
                             &eout, &elen);
            int dok = encode(d, selections[j], outputs[i].type, outputs[i].structure, NULL, NULL,
                             &dout, &dlen);

            ET_CHECK(eok == dok, "%s %s/%s selection %#x: edfast %s, default %s", what,
                     outputs[i].type, outputs[i].structure ? outputs[i].structure : "-",
                     selections[j], eok ? "encodes" : "refuses", dok ? "encodes" : "refuses");
            ET_CHECK(elen == dlen && (elen == 0 || memcmp(eout, dout, elen) == 0),
                     "%s %s/%s selection %#x: outputs differ", what, outputs[i].type,
                     outputs[i].structure ? outputs[i].structure : "-", selections[j]);
            OPENSSL_free(eout);
            OPENSSL_free(dout);
            ERR_clear_error();
        }
    }
}

static void check_print(const char *what, const EVP_PKEY *e, const EVP_PKEY *d, int private)
{
    BIO *eb = BIO_new(BIO_s_mem()), *db = BIO_new(BIO_s_mem());
    char *ep = NULL, *dp = NULL;
    long el, dl;
    int eok, dok;

    eok = private ? EVP_PKEY_print_private(eb, e, 0, NULL) : EVP_PKEY_print_public(eb, e, 0, NULL);
    dok = private ? EVP_PKEY_print_private(db, d, 0, NULL) : EVP_PKEY_print_public(db, d, 0, NULL);
    el = BIO_get_mem_data(eb, &ep);
    dl = BIO_get_mem_data(db, &dp);
    ET_CHECK(eok == dok && el == dl && (el == 0 || memcmp(ep, dp, (size_t)el) == 0),
             "%s: EVP_PKEY_print_%s differs", what, private ? "private" : "public");
    BIO_free(eb);
    BIO_free(db);
}

static void check_encrypted(const char *what, const EVP_PKEY *e, const EVP_PKEY *d)
{
    static const char *const types[] = {"PEM", "DER"};
    static const char *const structures[] = {"PrivateKeyInfo", "EncryptedPrivateKeyInfo"};
    size_t t, s;

    for (t = 0; t < 2; t++) {
        for (s = 0; s < 2; s += light ? 2 : 1) {
            unsigned char *out;
            size_t len;
            EVP_PKEY *back;

            /* edfast encrypts, the default provider decrypts */
            ET_CHECK(encode(e, EVP_PKEY_KEYPAIR, types[t], structures[s], "AES-256-CBC", "sesame",
                            &out, &len),
                     "%s: edfast cannot encrypt %s/%s", what, types[t], structures[s]);
            if (len > 0 && t == 0)
                ET_CHECK(len > 37 && memcmp(out, "-----BEGIN ENCRYPTED PRIVATE KEY-----", 37) == 0,
                         "%s: encrypted PEM has the wrong label", what);
            back = decode(dfl, out, len, types[t], NULL, 0, "sesame");
            ET_CHECK(back != NULL && same_halves(back, d, 1) && same_halves(back, d, 0),
                     "%s: the default provider cannot decrypt edfast's %s/%s", what, types[t],
                     structures[s]);
            EVP_PKEY_free(back);
            back = decode(edf, out, len, types[t], NULL, 0, "sesame");
            ET_CHECK(back != NULL && same_halves(back, e, 1),
                     "%s: edfast cannot decrypt its own %s/%s", what, types[t], structures[s]);
            EVP_PKEY_free(back);
            back = decode(edf, out, len, types[t], NULL, 0, "not sesame");
            ET_CHECK(back == NULL, "%s: a wrong passphrase decrypted", what);
            EVP_PKEY_free(back);
            ERR_clear_error();
            OPENSSL_free(out);

            /* the default provider encrypts, edfast decrypts */
            ET_CHECK(encode(d, EVP_PKEY_KEYPAIR, types[t], structures[s], "AES-128-CBC", "open",
                            &out, &len),
                     "%s: the default provider cannot encrypt", what);
            back = decode(edf, out, len, types[t], NULL, 0, "open");
            ET_CHECK(back != NULL && strcmp(provider_of(back), "edfast") == 0
                         && same_halves(back, d, 1) && same_halves(back, d, 0),
                     "%s: edfast cannot decrypt the default provider's %s/%s", what, types[t],
                     structures[s]);
            EVP_PKEY_free(back);
            OPENSSL_free(out);
            ERR_clear_error();
        }
    }
}

/* The default provider's encodings of d decode in edfast alone to the same key. */
static void check_decoding(const char *what, const EVP_PKEY *d, int private)
{
    static const char *const types[] = {"DER", "PEM"};
    const char *structure = private ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
    int selection = private ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    size_t t;

    for (t = 0; t < 2; t++) {
        unsigned char *out;
        size_t len;
        EVP_PKEY *back;
        const char *input_types[] = {types[t], NULL};
        size_t i;

        ET_CHECK(encode(d, selection, types[t], structure, NULL, NULL, &out, &len),
                 "%s: default encoding", what);
        for (i = 0; i < 2; i++) {
            back = decode(edf, out, len, input_types[i], NULL, 0, NULL);
            ET_CHECK(back != NULL && strcmp(provider_of(back), "edfast") == 0
                         && same_halves(back, d, 0) && (!private || same_halves(back, d, 1)),
                     "%s: edfast cannot decode %s %s (input type %s)", what, types[t], structure,
                     input_types[i] ? input_types[i] : "any");
            EVP_PKEY_free(back);
            back = decode(edf, out, len, input_types[i], structure, selection, NULL);
            ET_CHECK(back != NULL && same_halves(back, d, 0),
                     "%s: edfast cannot decode %s %s with structure and selection", what, types[t],
                     structure);
            EVP_PKEY_free(back);
        }
        /* every truncation: the default provider's verdict, and no crash or leak */
        for (i = 0; i < len; i += light ? 13 : (len > 200 ? 7 : 1)) {
            EVP_PKEY *ref = decode(dfl, out, i, types[t], NULL, 0, NULL);

            back = decode(edf, out, i, types[t], NULL, 0, NULL);
            ET_CHECK((back == NULL) == (ref == NULL) && (back == NULL || same_halves(back, ref, 0)),
                     "%s: a %zu-byte truncation of %s %s: edfast %s, default %s", what, i, types[t],
                     structure, back ? "decodes" : "refuses", ref ? "decodes" : "refuses");
            EVP_PKEY_free(back);
            EVP_PKEY_free(ref);
            ERR_clear_error();
        }
        OPENSSL_free(out);
    }
}

/* A hand-made DER with a flaw edfast must refuse, with its reason. */
static void check_refused(const char *what, const unsigned char *der, size_t len,
                          const char *needle)
{
    EVP_PKEY *back = decode(edf, der, len, "DER", NULL, 0, NULL);
    unsigned long err;
    char text[256] = "";
    int found = 0;

    ET_CHECK(back == NULL, "%s: decoded", what);
    while ((err = ERR_get_error()) != 0) {
        ERR_error_string_n(err, text, sizeof(text));
        if (strstr(text, needle) != NULL)
            found = 1;
    }
    ET_CHECK(found, "%s: no error saying \"%s\"", what, needle);
    EVP_PKEY_free(back);
}

static void check_bad_input(void)
{
    /* SPKI ED25519 with a 31-byte key */
    unsigned char spki[44] = {0x30, 0x29, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
                              0x03, 0x20, 0x00};
    /* SPKI ED25519 with NULL parameters */
    unsigned char spki_params[46] = {0x30, 0x2c, 0x30, 0x07, 0x06, 0x03, 0x2b, 0x65, 0x70,
                                     0x05, 0x00, 0x03, 0x21, 0x00};
    /* PKCS#8 ED448 with a 56-byte seed */
    unsigned char p8[72] = {0x30, 0x46, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b,
                            0x65, 0x71, 0x04, 0x3a, 0x04, 0x38};
    /* PKCS#8 ED25519 whose privateKey is not an OCTET STRING */
    unsigned char p8_raw[48] = {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b,
                                0x65, 0x70, 0x04, 0x22, 0x02, 0x20, 0x01};
    static const unsigned char garbage[] = "-----BEGIN PRIVATE KEY-----\nnot base64\n";

    check_refused("31-byte ED25519 public key", spki, 43, "invalid key length");
    check_refused("ED25519 SubjectPublicKeyInfo with parameters", spki_params, 46, "bad encoding");
    check_refused("56-byte ED448 seed", p8, 72, "invalid key length");
    check_refused("ED25519 privateKey not an OCTET STRING", p8_raw, 48, "bad encoding");
    ET_CHECK(decode(edf, garbage, sizeof(garbage) - 1, NULL, NULL, 0, NULL) == NULL,
             "garbage decoded");
    ET_CHECK(decode(edf, (const unsigned char *)"", 0, NULL, NULL, 0, NULL) == NULL,
             "nothing decoded");
    ERR_clear_error();
}

/*
 * Random corruptions (a fixed seed: reproducible; EDFAST_TEST_SEED changes it) of valid encodings, decoded
 * in both contexts: nothing may crash or leak, and whatever edfast accepts the
 * default provider must accept as the same key.
 */
static struct et_rng mutation_rng;

static void check_mutations(const char *what, const EVP_PKEY *d)
{
    static const struct {
        const char *type, *structure;
        int selection;
    } forms[] = {
        {"DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR},
        {"PEM", "PrivateKeyInfo", EVP_PKEY_KEYPAIR},
        {"DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY},
        {"DER", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR},
    };
    size_t f;
    int round;

    for (f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        unsigned char *good, *bad;
        size_t len;
        int encrypted = strcmp(forms[f].structure, "EncryptedPrivateKeyInfo") == 0;

        if (!encode(d, forms[f].selection, forms[f].type, forms[f].structure,
                    encrypted ? "AES-128-CBC" : NULL, "pw", &good, &len))
            continue;
        if ((bad = OPENSSL_malloc(len)) == NULL) {
            OPENSSL_free(good);
            return;
        }
        for (round = 0; round < (light ? (encrypted ? 2 : 10) : encrypted ? 30 : 300); round++) {
            EVP_PKEY *e, *r;
            int flips = 1 + (int)(et_rng_next(&mutation_rng) & 3), k;

            memcpy(bad, good, len);
            for (k = 0; k < flips; k++) {
                uint64_t r = et_rng_next(&mutation_rng);

                bad[(r >> 8) % len] ^= (unsigned char)(1u << (r & 7));
            }
            e = decode(edf, bad, len, forms[f].type, NULL, 0, "pw");
            r = decode(dfl, bad, len, forms[f].type, NULL, 0, "pw");
            ET_CHECK(e == NULL || (r != NULL && same_halves(e, r, 0)),
                     "%s: edfast accepts a corrupted %s %s the default provider %s", what,
                     forms[f].type, forms[f].structure, r == NULL ? "refuses" : "reads otherwise");
            EVP_PKEY_free(e);
            EVP_PKEY_free(r);
            ERR_clear_error();
        }
        OPENSSL_free(bad);
        OPENSSL_free(good);
    }
}

/* ---- across providers: edfast's import_object and export_object ---- */

struct exported {
    unsigned char priv[64], pub[64];
    size_t priv_len, pub_len;
    int calls;
};

static int collect(const OSSL_PARAM params[], void *arg)
{
    struct exported *x = arg;
    const OSSL_PARAM *p;
    void *priv = x->priv, *pub = x->pub;

    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
            && !OSSL_PARAM_get_octet_string(p, &priv, sizeof(x->priv), &x->priv_len))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL
            && !OSSL_PARAM_get_octet_string(p, &pub, sizeof(x->pub), &x->pub_len))
        return 0;
    return 1;
}

/* Instead of making a key, asks the decoder to export the one it made. */
static int construct_by_export(OSSL_DECODER_INSTANCE *inst, const OSSL_PARAM *params, void *arg)
{
    struct exported *x = arg;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_OBJECT_PARAM_REFERENCE);
    const void *ref;
    size_t ref_len;

    x->calls++;
    return p != NULL && OSSL_PARAM_get_octet_string_ptr(p, &ref, &ref_len)
        && OSSL_DECODER_export(inst, (void *)ref, ref_len, collect, x)
        && strcmp(OSSL_PROVIDER_get0_name(OSSL_DECODER_get0_provider(
                      OSSL_DECODER_INSTANCE_get_decoder(inst))), "edfast") == 0;
}

static void check_across_providers(const char *alg, const EVP_PKEY *d)
{
    OSSL_LIB_CTX *both = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p1 = NULL, *p2 = NULL;
    EVP_PKEY *dk = NULL;
    unsigned char seed[64], pub[64], *der = NULL;
    size_t slen = sizeof(seed), plen = sizeof(pub), der_len = 0, i;
    static const char *const structures[] = {"PrivateKeyInfo", "SubjectPublicKeyInfo"};

    ET_CHECK(both != NULL && OSSL_PROVIDER_set_default_search_path(both, provider_dir)
                 && (p1 = OSSL_PROVIDER_load(both, "edfast")) != NULL
                 && (p2 = OSSL_PROVIDER_load(both, "default")) != NULL,
             "%s: a context with both providers", alg);
    if (p1 == NULL || p2 == NULL)
        goto end;
    /* A default-provider key encoded by edfast's encoders: their import_object. */
    EVP_PKEY_get_raw_private_key(d, seed, &slen);
    EVP_PKEY_get_raw_public_key(d, pub, &plen);
    dk = EVP_PKEY_new_raw_private_key_ex(both, alg, "provider=default", seed, slen);
    ET_CHECK(dk != NULL && strcmp(provider_of(dk), "default") == 0, "%s: default key", alg);
    for (i = 0; dk != NULL && i < 2; i++) {
        int selection = i == 0 ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
        OSSL_ENCODER_CTX *ectx = OSSL_ENCODER_CTX_new_for_pkey(dk, selection, "PEM", structures[i],
                                                               "provider=edfast");
        unsigned char *out = NULL, *ref = NULL;
        size_t len = 0, ref_len = 0;

        ET_CHECK(ectx != NULL && OSSL_ENCODER_CTX_get_num_encoders(ectx) > 0
                     && OSSL_ENCODER_to_data(ectx, &out, &len),
                 "%s: edfast's encoders cannot encode a default-provider key (%s)", alg, structures[i]);
        ET_CHECK(encode(d, selection, "PEM", structures[i], NULL, NULL, &ref, &ref_len)
                     && len == ref_len && memcmp(out, ref, len) == 0,
                 "%s: edfast's encoding of a default-provider key differs (%s)", alg, structures[i]);
        OSSL_ENCODER_CTX_free(ectx);
        OPENSSL_free(out);
        OPENSSL_free(ref);
    }
    /* edfast's decoder handing its key to someone else: its export_object. */
    if (encode(d, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", NULL, NULL, &der, &der_len)) {
        OSSL_DECODER *decoder = OSSL_DECODER_fetch(edf, alg, "input=der,structure=PrivateKeyInfo");
        OSSL_DECODER_CTX *dctx = OSSL_DECODER_CTX_new();
        struct exported x;
        const unsigned char *p = der;
        size_t left = der_len;

        memset(&x, 0, sizeof(x));
        ET_CHECK(decoder != NULL && dctx != NULL && OSSL_DECODER_CTX_set_input_type(dctx, "DER")
                     && OSSL_DECODER_CTX_add_decoder(dctx, decoder)
                     && OSSL_DECODER_CTX_set_construct(dctx, construct_by_export)
                     && OSSL_DECODER_CTX_set_construct_data(dctx, &x)
                     && OSSL_DECODER_from_data(dctx, &p, &left) && x.calls == 1,
                 "%s: decoding with an exporting constructor", alg);
        ET_CHECK(x.priv_len == slen && memcmp(x.priv, seed, slen) == 0 && x.pub_len == plen
                     && memcmp(x.pub, pub, plen) == 0,
                 "%s: edfast's decoder exports another key than it read", alg);
        OSSL_DECODER_CTX_free(dctx);
        OSSL_DECODER_free(decoder);
        OPENSSL_free(der);
    }

end:
    EVP_PKEY_free(dk);
    OSSL_PROVIDER_unload(p1);
    OSSL_PROVIDER_unload(p2);
    OSSL_LIB_CTX_free(both);
    ERR_clear_error();
}

static void run_curve(const char *alg)
{
    EVP_PKEY *d = EVP_PKEY_Q_keygen(dfl, NULL, alg), *e = NULL, *dpub = NULL, *epub = NULL;
    unsigned char seed[64], pub[64];
    size_t slen = sizeof(seed), plen = sizeof(pub);
    char what[64];

    ET_CHECK(d != NULL && EVP_PKEY_get_raw_private_key(d, seed, &slen)
                 && EVP_PKEY_get_raw_public_key(d, pub, &plen),
             "%s: default key", alg);
    if (d == NULL)
        return;
    e = EVP_PKEY_new_raw_private_key_ex(edf, alg, NULL, seed, slen);
    epub = EVP_PKEY_new_raw_public_key_ex(edf, alg, NULL, pub, plen);
    dpub = EVP_PKEY_new_raw_public_key_ex(dfl, alg, NULL, pub, plen);
    ET_CHECK(e != NULL && epub != NULL && dpub != NULL && strcmp(provider_of(e), "edfast") == 0,
             "%s: edfast keys", alg);
    if (e != NULL && epub != NULL && dpub != NULL) {
        snprintf(what, sizeof(what), "%s key pair", alg);
        compare_encodings(what, e, d);
        check_print(what, e, d, 1);
        check_print(what, e, d, 0);
        check_encrypted(what, e, d);
        check_decoding(what, d, 1);
        check_mutations(what, d);
        check_across_providers(alg, d);
        snprintf(what, sizeof(what), "%s public key", alg);
        compare_encodings(what, epub, dpub);
        check_print(what, epub, dpub, 0);
        check_decoding(what, dpub, 0);
    }
    EVP_PKEY_free(d);
    EVP_PKEY_free(e);
    EVP_PKEY_free(dpub);
    EVP_PKEY_free(epub);
}

int main(int argc, char **argv)
{
    OSSL_PROVIDER *edfast, *deflt;

    if (argc < 2 || argc > 3 || (argc == 3 && strcmp(argv[2], "light") != 0)) {
        fprintf(stderr, "usage: %s <dir holding edfast.so> [light]\n", argv[0]);
        return 2;
    }
    light = argc == 3;
    provider_dir = argv[1];
    et_rng_seed(&mutation_rng, et_seed_or(0x9e3779b97f4a7c15ULL));
    edf = OSSL_LIB_CTX_new();
    dfl = OSSL_LIB_CTX_new();
    if (edf == NULL || dfl == NULL || !OSSL_PROVIDER_set_default_search_path(edf, argv[1])
            || (edfast = OSSL_PROVIDER_load(edf, "edfast")) == NULL
            || (deflt = OSSL_PROVIDER_load(dfl, "default")) == NULL) {
        fprintf(stderr, "FAIL: cannot load the providers\n");
        ERR_print_errors_fp(stderr);
        return 1;
    }
    run_curve("ED25519");
    run_curve("ED448");
    check_bad_input();
    OSSL_PROVIDER_unload(edfast);
    OSSL_PROVIDER_unload(deflt);
    OSSL_LIB_CTX_free(edf);
    OSSL_LIB_CTX_free(dfl);
    return et_finish("tools_codec");
}
