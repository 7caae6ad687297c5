/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wycheproof Ed448 verification cases: our verdict must equal OpenSSL's
 * default provider (computed here through EVP) on every case, and both must
 * match the file's valid/invalid label.  argv[1] is the vectors directory,
 * as for native25519_vectors; without its wycheproof/ed448_test.json the
 * test reports SKIPPED (77).
 */
#include "ed448/eddsa448.h"
#include "native_path.h"

/* The next "key": "value" string pair after *pos, for a key of interest. */
static const char *next_field(const char *pos, const char **key_out, char *val, size_t cap)
{
    static const char *keys[] = { "\"pk\"", "\"msg\"", "\"sig\"", "\"result\"" };
    const char *best = NULL;
    size_t bi = 0;

    for (size_t i = 0; i < 4; i++) {
        const char *p = strstr(pos, keys[i]);

        if (p && (!best || p < best)) {
            best = p;
            bi = i;
        }
    }
    if (!best)
        return NULL;
    *key_out = keys[bi];
    best = strchr(best + strlen(keys[bi]), '"');
    if (!best)
        return NULL;
    best++;
    {
        const char *end = strchr(best, '"');
        size_t n = end ? (size_t)(end - best) : 0;

        if (!end || n >= cap)
            return NULL;
        memcpy(val, best, n);
        val[n] = 0;
        return end + 1;
    }
}

int main(int argc, char **argv)
{
    static char buf[1 << 20], val[1 << 16];
    static uint8_t pk[128], msg[1 << 15], sig[512];
    size_t pk_len = 0, msg_len = 0, sig_len = 0, n;
    int cases = 0, agree = 0, labelled_ok = 0;
    const char *pos, *key;
    char path[4096];
    FILE *f = NULL;

    native_path_or_skip();

    if (argc >= 2) {
        snprintf(path, sizeof(path), "%s/wycheproof/ed448_test.json", argv[1]);
        f = fopen(path, "rb");
    }
    if (f == NULL) {
        printf("SKIPPED: no Wycheproof vectors (%s)\n", argc > 1 ? path : "no vectors directory");
        return ET_SKIP;
    }
    n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = 0;

    for (pos = buf; (pos = next_field(pos, &key, val, sizeof(val))) != NULL;) {
        if (strcmp(key, "\"pk\"") == 0) {
            pk_len = et_unhex(val, pk, sizeof(pk));
        } else if (strcmp(key, "\"msg\"") == 0) {
            msg_len = et_unhex(val, msg, sizeof(msg));
        } else if (strcmp(key, "\"sig\"") == 0) {
            sig_len = et_unhex(val, sig, sizeof(sig));
        } else {
            struct edfast_instance pure = { EDFAST_PURE, NULL, 0 };
            int want_valid = strcmp(val, "valid") == 0;
            int ours = 0, theirs = 0;

            if (pk_len > sizeof(pk) || msg_len > sizeof(msg) || sig_len > sizeof(sig)) {
                ET_CHECK(0, "case %d: a hex field does not decode", cases + 1);
                continue;
            }
            /*
             * Lengths other than 57/114 never reach a backend: the provider
             * refuses them.  A key's first verification takes the light path
             * and later ones the per-key tables: both must agree.
             */
            if (pk_len == 57 && sig_len == 114) {
                void *k = native_ed448_key_new(NULL, pk);
                int again, third;

                ours = native_ed448_verify(k, &pure, msg, msg_len, sig);
                again = native_ed448_verify(k, &pure, msg, msg_len, sig);
                third = native_ed448_verify(k, &pure, msg, msg_len, sig);
                ET_CHECK(ours == again && again == third, "case %d: light %d, tables %d, %d", cases + 1,
                         ours, again, third);
                native_ed448_key_free(k);
            }
            {
                EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pk, pk_len);
                EVP_MD_CTX *c = EVP_MD_CTX_new();

                if (k && c && EVP_DigestVerifyInit(c, NULL, NULL, NULL, k) == 1)
                    theirs = EVP_DigestVerify(c, sig, sig_len, msg, msg_len) == 1;
                EVP_MD_CTX_free(c);
                EVP_PKEY_free(k);
            }
            cases++;
            agree += ours == theirs;
            labelled_ok += ours == want_valid;
            ET_CHECK(ours == theirs, "case %d: ours %d, OpenSSL %d (label %s)", cases, ours, theirs, val);
            ET_CHECK(ours == want_valid, "case %d: ours %d, label %s", cases, ours, val);
        }
    }
    ET_CHECK(cases == 87, "expected 87 cases, parsed %d", cases);
    printf("wycheproof ed448: %d cases, %d agree with OpenSSL, %d match the label\n", cases, agree,
           labelled_ok);
    return et_finish("native448_vectors");
}
