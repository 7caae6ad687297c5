/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Faults on chosen native paths, for the self-test's tests only: linked into
 * the test build of the provider module that CMakeLists.txt here makes, never
 * into edfast.so.  The linker's --wrap sends the native backend's Ed25519
 * sign and Ed448 verify here, both as the provider calls them and as the
 * self-test does.  While a curve is served by a path named in
 * EDFAST_TEST_FAULTY_PATHS (comma-separated path names; "best" names the path
 * the CPU choice picked, whatever the CPU), its answers are wrong the way a
 * miscompiled path's or a faulty CPU's would be: Ed25519 signatures with one
 * bit flipped, and Ed448 verification accepting every signature.  Each must
 * be caught by a different check of the self-test.
 */
#include <stdlib.h>
#include <string.h>
#include "cpu.h"
#include "ed25519/eddsa25519.h"
#include "ed448/eddsa448.h"

int __real_native_ed25519_sign(const void *key, const struct edfast_instance *instance,
                               const uint8_t *msg, size_t msg_len, uint8_t sig[64]);
int __wrap_native_ed25519_sign(const void *key, const struct edfast_instance *instance,
                               const uint8_t *msg, size_t msg_len, uint8_t sig[64]);
int __real_native_ed448_verify(const void *key, const struct edfast_instance *instance,
                               const uint8_t *msg, size_t msg_len,
                               const uint8_t sig[2 * EDFAST_ED448_KEY_BYTES]);
int __wrap_native_ed448_verify(const void *key, const struct edfast_instance *instance,
                               const uint8_t *msg, size_t msg_len,
                               const uint8_t sig[2 * EDFAST_ED448_KEY_BYTES]);

static int named(const char *item, size_t len, const char *name)
{
    return strlen(name) == len && strncmp(item, name, len) == 0;
}

static int faulty(enum edfast_native_path serving)
{
    const char *item = getenv("EDFAST_TEST_FAULTY_PATHS");

    while (item != NULL && *item != '\0') {
        size_t len = strcspn(item, ",");

        if (named(item, len, edfast_native_path_name(serving))
                || (named(item, len, "best") && serving == edfast_native_cpu()->path))
            return 1;
        item += len;
        item += strspn(item, ",");
    }
    return 0;
}

int __wrap_native_ed25519_sign(const void *key, const struct edfast_instance *instance,
                               const uint8_t *msg, size_t msg_len, uint8_t sig[64])
{
    int ok = __real_native_ed25519_sign(key, instance, msg, msg_len, sig);

    if (ok && faulty(edfast_native_cpu()->curve_path[EDFAST_ED25519]))
        sig[0] ^= 0x80;
    return ok;
}

int __wrap_native_ed448_verify(const void *key, const struct edfast_instance *instance,
                               const uint8_t *msg, size_t msg_len,
                               const uint8_t sig[2 * EDFAST_ED448_KEY_BYTES])
{
    int verdict = __real_native_ed448_verify(key, instance, msg, msg_len, sig);

    return faulty(edfast_native_cpu()->curve_path[EDFAST_ED448]) && verdict >= 0 ? 1 : verdict;
}
