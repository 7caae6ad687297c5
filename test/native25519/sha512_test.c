/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Our SHA-512 against OpenSSL's for every length up to 700 and random piecewise
 * updates, with both the BMI2 and the portable round functions.
 */
#include <openssl/sha.h>

#include "ed25519/sha512.h"
#include "native_path.h"

static struct et_rng rng;

static void run(void)
{
    static uint8_t msg[4096];
    uint8_t want[64], got[64];

    et_rng_bytes(&rng, msg, sizeof(msg));
    for (size_t len = 0; len <= 700; len++) {
        SHA512(msg, len, want);
        n25519_sha512(got, msg, len);
        ET_CHECK(memcmp(want, got, 64) == 0, "one-shot len %zu", len);
    }
    for (int i = 0; i < 3000; i++) {
        size_t len = et_rng_next(&rng) % sizeof(msg), done = 0;
        n25519_sha512_ctx c;

        n25519_sha512_init(&c);
        while (done < len) {
            size_t piece = et_rng_next(&rng) % 300;

            if (piece > len - done)
                piece = len - done;
            n25519_sha512_update(&c, msg + done, piece);
            done += piece;
        }
        n25519_sha512_final(&c, got);
        SHA512(msg, len, want);
        ET_CHECK(memcmp(want, got, 64) == 0, "pieces len %zu", len);
    }
    /* FIPS 180-2 "abc" */
    {
        uint8_t abc[64];

        et_unhex("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                 "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f", abc, 64);
        n25519_sha512(got, "abc", 3);
        ET_CHECK(memcmp(abc, got, 64) == 0, "abc");
    }
}

int main(void)
{
    native_path_or_skip();
    et_rng_seed(&rng, 3);
    run();
    return et_finish("native25519_sha512");
}
