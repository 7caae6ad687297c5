/*
 * RFC 8032 known answers: section 7.4 (Ed448: blank, 1 octet, 1 octet with
 * context "foo", 256 octets) and section 7.5 (Ed448ph "abc", with and
 * without context).  Public key, signature and verification, plus rejection
 * when the context, the flag or the message changes.
 */
#include "eddsa448.h"
#include "shake256.h"
#include "testutil.h"

struct vector {
    const char *name, *seed, *pub, *msg, *ctx, *sig;
    int prehash;
};

static const struct vector V[] = {
    { "7.4 blank",
      "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
      "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
      "", "",
      "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4dbb61149f05a7363268c71d95808ff2e652600",
      0 },
    { "7.4 1 octet",
      "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
      "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
      "03", "",
      "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00",
      0 },
    { "7.4 1 octet, context foo",
      "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
      "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
      "03", "666f6f",
      "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00",
      0 },
    { "7.4 256 octets",
      "2ec5fe3c17045abdb136a5e6a913e32ab75ae68b53d2fc149b77e504132d37569b7e766ba74a19bd6162343a21c8590aa9cebca9014c636df5",
      "79756f014dcfe2079f5dd9e718be4171e2ef2486a08f25186f6bff43a9936b9bfe12402b08ae65798a3d81e22e9ec80e7690862ef3d4ed3a00",
      "15777532b0bdd0d1389f636c5f6b9ba734c90af572877e2d272dd078aa1e567cfa80e12928bb542330e8409f3174504107ecd5efac61ae7504dabe2a602ede89e5cca6257a7c77e27a702b3ae39fc769fc54f2395ae6a1178cab4738e543072fc1c177fe71e92e25bf03e4ecb72f47b64d0465aaea4c7fad372536c8ba516a6039c3c2a39f0e4d832be432dfa9a706a6e5c7e19f397964ca4258002f7c0541b590316dbc5622b6b2a6fe7a4abffd96105eca76ea7b98816af0748c10df048ce012d901015a51f189f3888145c03650aa23ce894c3bd889e030d565071c59f409a9981b51878fd6fc110624dcbcde0bf7a69ccce38fabdf86f3bef6044819de11",
      "",
      "c650ddbb0601c19ca11439e1640dd931f43c518ea5bea70d3dcde5f4191fe53f00cf966546b72bcc7d58be2b9badef28743954e3a44a23f880e8d4f1cfce2d7a61452d26da05896f0a50da66a239a8a188b6d825b3305ad77b73fbac0836ecc60987fd08527c1a8e80d5823e65cafe2a3d00",
      0 },
    { "7.5 abc (Ed448ph)",
      "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
      "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880",
      "616263", "",
      "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae381f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3ad203df7dc7ce360c3cd3696d9d9fab90f00",
      1 },
    { "7.5 abc, context foo (Ed448ph)",
      "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
      "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880",
      "616263", "666f6f",
      "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa481065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab71284f8d0704a608c54a6b62d97beb511d132100",
      1 },
};

int main(void)
{
    for (size_t v = 0; v < sizeof(V) / sizeof(V[0]); v++) {
        uint8_t seed[57], pub[57], want[114], sig[114], msg[512], ctx[16], ph[64], got_pub[57];
        size_t msg_len = hex_decode(msg, sizeof(msg), V[v].msg);
        size_t ctx_len = hex_decode(ctx, sizeof(ctx), V[v].ctx);
        struct edfast_instance inst = {
            V[v].prehash ? EDFAST_PREHASH : (ctx_len ? EDFAST_CONTEXT : EDFAST_PURE), ctx, ctx_len
        };
        const uint8_t *m = msg;
        size_t m_len = msg_len;
        void *key, *pubkey;

        hex_decode(seed, 57, V[v].seed);
        hex_decode(pub, 57, V[v].pub);
        hex_decode(want, 114, V[v].sig);
        if (V[v].prehash) {
            shake256(ph, 64, msg, msg_len); /* PH(M) = SHAKE256(M, 64) */
            m = ph;
            m_len = 64;
        }

        CHECK(native_ed448_derive_public(seed, got_pub) == 1 && memcmp(got_pub, pub, 57) == 0,
              "%s: public key", V[v].name);
        key = native_ed448_key_new(seed, pub);
        pubkey = native_ed448_key_new(NULL, pub);
        CHECK(key != NULL && pubkey != NULL, "%s: key_new", V[v].name);
        CHECK(native_ed448_sign(key, &inst, m, m_len, sig) == 1 && memcmp(sig, want, 114) == 0,
              "%s: signature", V[v].name);
        CHECK(native_ed448_sign(pubkey, &inst, m, m_len, sig) == 0, "%s: public-only key cannot sign", V[v].name);
        CHECK(native_ed448_verify(pubkey, &inst, m, m_len, want) == 1, "%s: verify", V[v].name);
        CHECK(native_ed448_verify(key, &inst, m, m_len, want) == 1, "%s: verify with private key", V[v].name);

        /* other framings of the same bytes must fail */
        {
            struct edfast_instance other = inst;
            uint8_t c2[16];

            other.framing = V[v].prehash ? EDFAST_PURE : EDFAST_PREHASH;
            CHECK(native_ed448_verify(pubkey, &other, m, m_len, want) == 0 || m_len != 64,
                  "%s: flipped prehash flag", V[v].name);
            other = inst;
            memcpy(c2, ctx, sizeof(c2));
            c2[0] ^= 1;
            other.context = c2;
            other.context_len = ctx_len ? ctx_len : 1;
            other.framing = V[v].prehash ? EDFAST_PREHASH : EDFAST_CONTEXT;
            CHECK(native_ed448_verify(pubkey, &other, m, m_len, want) == 0, "%s: other context", V[v].name);
            if (m_len > 0) {
                uint8_t m2[512];

                memcpy(m2, m, m_len);
                m2[m_len - 1] ^= 0x40;
                CHECK(native_ed448_verify(pubkey, &inst, m2, m_len, want) == 0, "%s: other message", V[v].name);
            }
            want[10] ^= 1;
            CHECK(native_ed448_verify(pubkey, &inst, m, m_len, want) == 0, "%s: corrupted R", V[v].name);
            want[10] ^= 1;
            want[60] ^= 1;
            CHECK(native_ed448_verify(pubkey, &inst, m, m_len, want) == 0, "%s: corrupted S", V[v].name);
        }
        native_ed448_key_free(key);
        native_ed448_key_free(pubkey);
    }
    native_ed448_key_free(NULL);
    return test_finish("test_rfc8032");
}
