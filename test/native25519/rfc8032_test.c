/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RFC 8032 section 7.1 (Ed25519), 7.2 (Ed25519ctx) and 7.3 (Ed25519ph)
 * vectors: public key, signature byte for byte, verification, and rejection
 * when the framing or context differs.  Also the longest context and PH(M).
 */
#include <openssl/sha.h>

#include "ed25519/eddsa25519.h"
#include "native_path.h"

struct vec {
    enum edfast_framing framing;
    const char *seed, *pub, *msg, *ctx, *sig;
};

static const struct vec VECS[] = {
    /* 7.1 TEST 1, 2, 3 */
    { EDFAST_PURE, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
      "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "", "",
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b" },
    { EDFAST_PURE, "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
      "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72", "",
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00" },
    { EDFAST_PURE, "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
      "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82", "",
      "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a" },
    /* 7.1 TEST SHA(abc): the message is SHA-512("abc") signed with pure Ed25519 */
    { EDFAST_PURE, "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
      "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f", "",
      "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704" },
    /* 7.2 foo, bar, foo2, foo3 */
    { EDFAST_CONTEXT, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
      "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
      "f726936d19c800494e3fdaff20b276a8", "666f6f",
      "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d" },
    { EDFAST_CONTEXT, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
      "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
      "f726936d19c800494e3fdaff20b276a8", "626172",
      "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d" },
    { EDFAST_CONTEXT, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
      "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
      "508e9e6882b979fea900f62adceaca35", "666f6f",
      "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc64908922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b" },
    { EDFAST_CONTEXT, "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
      "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772",
      "f726936d19c800494e3fdaff20b276a8", "666f6f",
      "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f" },
    /* 7.3 TEST abc: M = "abc", the API takes PH(M) = SHA-512(M) */
    { EDFAST_PREHASH, "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
      "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "616263", "",
      "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406" },
};

static void run(const struct vec *v, int idx)
{
    uint8_t seed[32], pub[32], msg[128], ctx[16], sig[64], got[64], pub2[32];
    long mlen = et_unhex(v->msg, msg, sizeof(msg)), clen = et_unhex(v->ctx, ctx, sizeof(ctx));
    struct edfast_instance in = { v->framing, clen ? ctx : NULL, (size_t)clen };
    void *sk, *pk;

    et_unhex(v->seed, seed, 32);
    et_unhex(v->pub, pub, 32);
    et_unhex(v->sig, sig, 64);
    if (v->framing == EDFAST_PREHASH) {
        SHA512(msg, (size_t)mlen, msg);
        mlen = 64;
    }
    ET_CHECK(native_ed25519_derive_public(seed, pub2) == 1 && memcmp(pub, pub2, 32) == 0,
             "public key of vector %d", idx);
    sk = native_ed25519_key_new(seed, pub);
    pk = native_ed25519_key_new(NULL, pub);
    ET_CHECK(sk && pk, "key_new");
    ET_CHECK(native_ed25519_sign(sk, &in, msg, (size_t)mlen, got) == 1 && memcmp(got, sig, 64) == 0,
             "signature of vector %d", idx);
    ET_CHECK(native_ed25519_verify(pk, &in, msg, (size_t)mlen, sig) == 1, "verify vector %d", idx);
    ET_CHECK(native_ed25519_verify(sk, &in, msg, (size_t)mlen, sig) == 1, "verify (sk) vector %d", idx);
    ET_CHECK(native_ed25519_sign(pk, &in, msg, (size_t)mlen, got) == 0, "sign without secret");

    /* Any other framing or context must not verify this signature. */
    {
        static const uint8_t other[3] = { 'f', 'o', 'p' };
        struct edfast_instance alt[4] = {
            { EDFAST_PURE, NULL, 0 },
            { EDFAST_CONTEXT, other, 3 },
            { EDFAST_PREHASH, NULL, 0 },
            { EDFAST_PREHASH, other, 3 },
        };

        for (int j = 0; j < 4; j++) {
            if (alt[j].framing == v->framing && alt[j].context_len == in.context_len)
                continue;
            ET_CHECK(native_ed25519_verify(pk, &alt[j], msg, (size_t)mlen, sig) == 0,
                     "vector %d verifies under framing %d", idx, j);
        }
    }
    /* One flipped bit anywhere in the signature or message fails. */
    for (int bit = 0; bit < 512; bit += 7) {
        sig[bit / 8] ^= (uint8_t)(1 << (bit % 8));
        ET_CHECK(native_ed25519_verify(pk, &in, msg, (size_t)mlen, sig) == 0, "flip %d", bit);
        sig[bit / 8] ^= (uint8_t)(1 << (bit % 8));
    }
    if (mlen) {
        msg[0] ^= 1;
        ET_CHECK(native_ed25519_verify(pk, &in, msg, (size_t)mlen, sig) == 0, "msg flip");
        msg[0] ^= 1;
    }
    native_ed25519_key_free(sk);
    native_ed25519_key_free(pk);
}

/*
 * The longest context and PH(M) of the right length.  Refusing the framings
 * RFC 8032 leaves undefined is the caller's job (eddsa25519.h); the provider's
 * tests check it (variants_test check_refusals, hardening errors_test).
 */
static void framing_rules(void)
{
    uint8_t seed[32] = { 1 }, pub[32], sig[64], msg[64] = { 0 }, ctx[256] = { 0 };
    void *k;

    native_ed25519_derive_public(seed, pub);
    k = native_ed25519_key_new(seed, pub);
    ET_CHECK(native_ed25519_sign(k, &(struct edfast_instance){ EDFAST_PURE, NULL, 0 }, msg, 3, sig) == 1,
             "pure");
    ET_CHECK(native_ed25519_sign(k, &(struct edfast_instance){ EDFAST_CONTEXT, ctx, 255 }, msg, 3, sig) == 1,
             "ctx 255");
    ET_CHECK(native_ed25519_verify(k, &(struct edfast_instance){ EDFAST_CONTEXT, ctx, 255 }, msg, 3, sig) == 1,
             "ctx 255 verify");
    ET_CHECK(native_ed25519_sign(k, &(struct edfast_instance){ EDFAST_PREHASH, NULL, 0 }, msg, 64, sig) == 1,
             "ph");
    ET_CHECK(native_ed25519_verify(k, &(struct edfast_instance){ EDFAST_PREHASH, NULL, 0 }, msg, 64, sig) == 1,
             "ph verify");
    native_ed25519_key_free(k);
    native_ed25519_key_free(NULL);
}

int main(void)
{
    native_path_or_skip();
    for (size_t i = 0; i < sizeof(VECS) / sizeof(VECS[0]); i++)
        run(&VECS[i], (int)i);
    framing_rules();
    return et_finish("native25519_rfc8032");
}
