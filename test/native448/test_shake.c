/*
 * SHAKE256 against OpenSSL's EVP_shake256, run once per Keccak-f[1600]
 * implementation the machine has (portable C always; AVX-512VL when CPUID
 * reports it): one-shot for every input length around the 136-byte rate,
 * random lengths up to 5000 bytes absorbed in pieces split at random points
 * (empty pieces included), and long squeezes split over several calls.  The
 * two permutations are also compared with each other on random states, and
 * with the known permutation of the all-zero state.
 */
#include "shake256.h"
#include "testutil.h"

/* test hook in shake256.c (not in the header): 1 forces the portable
 * permutation, 0 restores the automatic choice; returns 1 portable, 2 AVX-512VL */
int n448_keccak_select_portable(int force);

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

static void run_suite(test_rng *rng, const char *impl)
{
    static uint8_t in[MAX_IN + 16], want[MAX_OUT], got[MAX_OUT];

    rng_bytes(rng, in, sizeof(in));
    /* one shot, every length 0..600, output crossing block boundaries */
    for (size_t len = 0; len <= 600; len++) {
        size_t outlen = 1 + len % 300;

        ossl_shake(want, outlen, in, len);
        n448_shake256(got, outlen, in, len);
        CHECK(memcmp(want, got, outlen) == 0, "%s one-shot len %zu out %zu", impl, len, outlen);
    }
    /* one shot from every misalignment of the input pointer */
    for (size_t off = 0; off < 16; off++) {
        size_t len = 1000 + off * 37;

        ossl_shake(want, 200, in + off, len);
        n448_shake256(got, 200, in + off, len);
        CHECK(memcmp(want, got, 200) == 0, "%s offset %zu len %zu", impl, off, len);
    }
    /* random lengths, absorbed and squeezed in random pieces */
    for (int it = 0; it < 3000; it++) {
        size_t len = (size_t)(rng_u64(rng) % (MAX_IN + 1));
        size_t outlen = 1 + (size_t)(rng_u64(rng) % (it % 10 == 0 ? MAX_OUT : 300));
        size_t maxpiece = 1 + (size_t)(rng_u64(rng) % (it % 3 == 0 ? 20 : 700));
        n448_shake256_ctx c;
        size_t done = 0;

        rng_bytes(rng, in, len);
        ossl_shake(want, outlen, in, len);
        n448_shake256_init(&c);
        while (done < len) {
            size_t n = (size_t)(rng_u64(rng) % (maxpiece + 1));

            if (n > len - done)
                n = len - done;
            n448_shake256_absorb(&c, in + done, n);
            done += n;
        }
        done = 0;
        while (done < outlen) {
            size_t n = (size_t)(rng_u64(rng) % (it % 2 ? 150 : 1000));

            if (n > outlen - done)
                n = outlen - done;
            n448_shake256_squeeze(&c, got + done, n);
            done += n;
        }
        CHECK(memcmp(want, got, outlen) == 0, "%s chunked len %zu out %zu", impl, len, outlen);
    }
}

int main(void)
{
    test_rng rng = { test_seed(0x5a4e256) };
    uint64_t s[25] = { 0 };
    int best;

    /* Keccak-f[1600] of the zero state: first lane, from the Keccak team's
     * KeccakF-1600-IntermediateValues.txt */
    n448_keccak_f1600(s);
    CHECK(s[0] == 0xF1258F7940E1DDE7ULL && s[24] == 0xEAF1FF7B5CECA249ULL,
          "keccak-f of zero state: %016llx", (unsigned long long)s[0]);

    best = n448_keccak_select_portable(0);
    printf("automatic choice: %s\n", best == 2 ? "AVX-512VL" : "portable");

    CHECK(n448_keccak_select_portable(1) == 1, "forcing the portable permutation");
    run_suite(&rng, "portable");
    if (best == 2) {
        uint64_t a[25], b[25];

        CHECK(n448_keccak_select_portable(0) == 2, "restoring AVX-512VL");
        run_suite(&rng, "avx512");
        /* the two permutations agree on random states, iterated */
        for (int it = 0; it < 200; it++) {
            for (int i = 0; i < 25; i++)
                a[i] = b[i] = rng_u64(&rng);
            for (int k = 0; k < 1 + it % 5; k++) {
                n448_keccak_select_portable(1);
                n448_keccak_f1600(a);
                n448_keccak_select_portable(0);
                n448_keccak_f1600(b);
            }
            CHECK(memcmp(a, b, sizeof(a)) == 0, "permutations differ, state %d", it);
        }
    } else {
        printf("AVX-512VL permutation not available here: portable only\n");
    }
    n448_keccak_select_portable(0);
    return test_finish("test_shake");
}
