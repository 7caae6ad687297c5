/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHAKE256 against OpenSSL's EVP_shake256, with the Keccak-f[1600] of the
 * native path under test (CTest runs it once per path): one-shot for every
 * input length around the 136-byte rate, random lengths up to 5000 bytes
 * absorbed in pieces split at random points (empty pieces included), and
 * long squeezes split over several calls; and the known permutation of the
 * all-zero state.
 */
#include "ed448/shake256.h"
#include "native_path.h"

static void ossl_shake(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();

    if (c == NULL || !EVP_DigestInit_ex(c, EVP_shake256(), NULL)
        || !EVP_DigestUpdate(c, in, inlen) || !EVP_DigestFinalXOF(c, out, outlen))
        memset(out, 0, outlen);
    EVP_MD_CTX_free(c);
}

#define MAX_IN 5000
#define MAX_OUT 3000

static void run_suite(struct et_rng *rng, const char *impl)
{
    static uint8_t in[MAX_IN + 16], want[MAX_OUT], got[MAX_OUT];

    et_rng_bytes(rng, in, sizeof(in));
    /* one shot, every length 0..600, output crossing block boundaries */
    for (size_t len = 0; len <= 600; len++) {
        size_t outlen = 1 + len % 300;

        ossl_shake(want, outlen, in, len);
        n448_shake256(got, outlen, in, len);
        ET_CHECK(memcmp(want, got, outlen) == 0, "%s one-shot len %zu out %zu", impl, len, outlen);
    }
    /* one shot from every misalignment of the input pointer */
    for (size_t off = 0; off < 16; off++) {
        size_t len = 1000 + off * 37;

        ossl_shake(want, 200, in + off, len);
        n448_shake256(got, 200, in + off, len);
        ET_CHECK(memcmp(want, got, 200) == 0, "%s offset %zu len %zu", impl, off, len);
    }
    /* random lengths, absorbed and squeezed in random pieces */
    for (int it = 0; it < 3000; it++) {
        size_t len = (size_t)(et_rng_next(rng) % (MAX_IN + 1));
        size_t outlen = 1 + (size_t)(et_rng_next(rng) % (it % 10 == 0 ? MAX_OUT : 300));
        size_t maxpiece = 1 + (size_t)(et_rng_next(rng) % (it % 3 == 0 ? 20 : 700));
        n448_shake256_ctx c;
        size_t done = 0;

        et_rng_bytes(rng, in, len);
        ossl_shake(want, outlen, in, len);
        n448_shake256_init(&c);
        while (done < len) {
            size_t n = (size_t)(et_rng_next(rng) % (maxpiece + 1));

            if (n > len - done)
                n = len - done;
            n448_shake256_absorb(&c, in + done, n);
            done += n;
        }
        done = 0;
        while (done < outlen) {
            size_t n = (size_t)(et_rng_next(rng) % (it % 2 ? 150 : 1000));

            if (n > outlen - done)
                n = outlen - done;
            n448_shake256_squeeze(&c, got + done, n);
            done += n;
        }
        ET_CHECK(memcmp(want, got, outlen) == 0, "%s chunked len %zu out %zu", impl, len, outlen);
    }
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x5a4e256) };
    uint64_t s[25] = { 0 };

    native_path_or_skip();

    /* Keccak-f[1600] of the zero state: first lane, from the Keccak team's
     * KeccakF-1600-IntermediateValues.txt */
    n448_keccak_f1600(s);
    ET_CHECK(s[0] == 0xF1258F7940E1DDE7ULL && s[24] == 0xEAF1FF7B5CECA249ULL,
             "keccak-f of zero state: %016llx", (unsigned long long)s[0]);

    run_suite(&rng, edfast_native_path_name(edfast_native_cpu()->path));
    return et_finish("native448_shake256");
}
