/*
 * Our SHA-512 against OpenSSL's for every length up to 700 and random piecewise
 * updates, with both the BMI2 and the portable round functions.
 */
#include <openssl/sha.h>

#include "sha512.h"
#include "tutil.h"

static void run(void)
{
    static uint8_t msg[4096];
    uint8_t want[64], got[64];

    t_randbytes(msg, sizeof(msg));
    for (size_t len = 0; len <= 700; len++) {
        SHA512(msg, len, want);
        n25519_sha512(got, msg, len);
        CHECK(memcmp(want, got, 64) == 0, "one-shot len %zu", len);
    }
    for (int i = 0; i < 3000; i++) {
        size_t len = t_rand64() % sizeof(msg), done = 0;
        n25519_sha512_ctx c;

        n25519_sha512_init(&c);
        while (done < len) {
            size_t piece = t_rand64() % 300;

            if (piece > len - done)
                piece = len - done;
            n25519_sha512_update(&c, msg + done, piece);
            done += piece;
        }
        n25519_sha512_final(&c, got);
        SHA512(msg, len, want);
        CHECK(memcmp(want, got, 64) == 0, "pieces len %zu", len);
    }
    /* FIPS 180-2 "abc" */
    {
        uint8_t abc[64];

        t_unhexs(abc, 64, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                          "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
        n25519_sha512(got, "abc", 3);
        CHECK(memcmp(abc, got, 64) == 0, "abc");
    }
}

int main(void)
{
    native_path_or_skip();
    t_seed(3);
    run();
    return t_finish("test_sha512");
}
