/*
 * SHAKE256 against OpenSSL's EVP_shake256: one-shot for every input length
 * around the 136-byte rate, random chunked absorbs, and squeezes split over
 * several calls.
 */
#include "shake256.h"
#include "testutil.h"

static void ossl_shake(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();

    if (c == NULL || !EVP_DigestInit_ex(c, EVP_shake256(), NULL)
        || !EVP_DigestUpdate(c, in, inlen) || !EVP_DigestFinalXOF(c, out, outlen))
        memset(out, 0, outlen);
    EVP_MD_CTX_free(c);
}

int main(void)
{
    test_rng rng = { test_seed(0x5a4e256) };
    static uint8_t in[2048], want[700], got[700];

    rng_bytes(&rng, in, sizeof(in));
    /* one shot, every length 0..600, output crossing block boundaries */
    for (size_t len = 0; len <= 600; len++) {
        size_t outlen = 1 + len % 300;

        ossl_shake(want, outlen, in, len);
        n448_shake256(got, outlen, in, len);
        CHECK(memcmp(want, got, outlen) == 0, "one-shot len %zu out %zu", len, outlen);
    }
    /* random chunking of absorb and squeeze */
    for (int it = 0; it < 3000; it++) {
        size_t len = (size_t)(rng_u64(&rng) % sizeof(in));
        size_t outlen = 1 + (size_t)(rng_u64(&rng) % sizeof(want));
        n448_shake256_ctx c;
        size_t done = 0;

        rng_bytes(&rng, in, len);
        ossl_shake(want, outlen, in, len);
        n448_shake256_init(&c);
        while (done < len) {
            size_t n = (size_t)(rng_u64(&rng) % 200);

            if (n > len - done)
                n = len - done;
            n448_shake256_absorb(&c, in + done, n);
            done += n;
        }
        done = 0;
        while (done < outlen) {
            size_t n = 1 + (size_t)(rng_u64(&rng) % 150);

            if (n > outlen - done)
                n = outlen - done;
            n448_shake256_squeeze(&c, got + done, n);
            done += n;
        }
        CHECK(memcmp(want, got, outlen) == 0, "chunked len %zu out %zu", len, outlen);
    }
    return test_finish("test_shake");
}
