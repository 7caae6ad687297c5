/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The native backend's self-test (backends/native/selftest.h), seen from
 * outside: it runs for each curve before the curve's first key, not at load;
 * what the provider's parameters report before and after, which path serves
 * each curve, and the signatures it then makes.  argv[1] names the paths
 * whose answers are wrong in the module tested (EDFAST_PROVIDER_DIR):
 *   none        edfast.so itself: each curve passes on the best path the CPU runs;
 *   best        the test build with that path faulty (faulty_path.c, run with
 *               EDFAST_TEST_FAULTY_PATHS=best): each curve falls back to the
 *               next lower path, and the report says why;
 *   all         the test build with every path faulty: edfast loads, and every
 *               key of either curve is refused, OpenSSL's error queue saying why.
 * The best path is the one EDFAST_NATIVE_PATH forces, if set: then no other
 * is tried, so that a faulty forced path refuses its curve's keys.
 * Wherever a curve passes, edfast's signatures of random keys and messages
 * are byte for byte the default provider's, and a corrupted one is rejected
 * (the faulty Ed448 path accepts it).  The same program with "best" on the
 * test build with no path faulty is the control: no fallback, so it must
 * fail.
 */
#include <stdio.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/provider.h>
#include "cpu.h"
#include "edfast_names.h"
#include "edfast_test_util.h"

#define SIGNATURES_PER_CURVE 32

static const char *const curve_names[ET_CURVES] = {"ed25519", "ed448"};
/* How faulty_path.c's fault on each curve shows in the self-test's report. */
static const char *const faults[ET_CURVES] = {"signature mismatch", "corrupted signature accepted"};

/*
 * A curve's part of the self-test's report when the paths in faulty fail:
 * from the best path down to the first that passes.  Returns whether one
 * does.
 */
static int expected_report(enum et_curve curve, unsigned faulty, char *out, size_t size)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();
    const char *separator = " ";
    size_t used = (size_t)snprintf(out, size, "%s:", curve_names[curve]);
    int served = 0;

    for (int path = (int)cpu->path; path >= 0 && !served; path--) {
        const char *name = edfast_native_path_name((enum edfast_native_path)path);

        if (!(cpu->available & (1u << path)))
            continue;
        served = !(faulty & (1u << path));
        if (served)
            used += (size_t)snprintf(out + used, size - used, "%s%s passed", separator, name);
        else
            used += (size_t)snprintf(out + used, size - used, "%s%s failed (%s)", separator, name,
                                     faults[curve]);
        separator = ", ";
        if (!served && cpu->forced) {
            snprintf(out + used, size - used, ", no other path tried (EDFAST_NATIVE_PATH)");
            break;
        }
    }
    return served;
}

/* The first path at or below the best one that is not faulty: the one serving. */
static enum edfast_native_path serving_path(unsigned faulty)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();

    for (int path = (int)cpu->path; path > 0; path--)
        if ((cpu->available & (1u << path)) && !(faulty & (1u << path)))
            return (enum edfast_native_path)path;
    return EDFAST_NATIVE_PORTABLE;
}

/*
 * The provider's parameters: the self-test report report, and each curve on
 * path[curve] (before its self-test, the path it will test first).
 */
static void check_parameters(struct et_env *env, const char *report, const char *const path[ET_CURVES])
{
    const char *got[ET_CURVES] = {NULL, NULL}, *selftest = NULL;
    OSSL_PARAM params[4];

    params[0] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_ED25519_NATIVE_PATH,
                                              (char **)&got[ET_ED25519], 0);
    params[1] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_ED448_NATIVE_PATH,
                                              (char **)&got[ET_ED448], 0);
    params[2] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_NATIVE_SELFTEST, (char **)&selftest, 0);
    params[3] = OSSL_PARAM_construct_end();
    ET_CHECK(OSSL_PROVIDER_get_params(env->edfast, params), "get_params failed");
    printf("%s: %s\n", EDFAST_PARAM_NATIVE_SELFTEST, selftest != NULL ? selftest : "(unset)");
    ET_CHECK(selftest != NULL && strcmp(selftest, report) == 0, "self-test report %s, expected %s",
             selftest != NULL ? selftest : "(unset)", report);
    for (int curve = 0; curve < ET_CURVES; curve++) {
        ET_CHECK(strcmp(env->backend[curve], "native") == 0, "%s served by %s, not native",
                 curve_names[curve], env->backend[curve]);
        ET_CHECK(got[curve] != NULL && strcmp(got[curve], path[curve]) == 0,
                 "%s on path %s, expected %s", curve_names[curve],
                 got[curve] != NULL ? got[curve] : "(unset)", path[curve]);
    }
}

/*
 * No path of the curve passes: its keys are refused, twice (the outcome is
 * kept), with the curve's report in OpenSSL's error queue.
 */
static void check_refused(struct et_env *env, enum et_curve curve, const char *report)
{
    uint8_t seed[ET_MAX_KEY] = {1};

    for (int attempt = 0; attempt < 2; attempt++) {
        char errors[2048] = "";
        const char *data;
        int flags;
        EVP_PKEY *key;

        ERR_clear_error();
        key = et_key_from_seed(env, curve, ET_EDFAST, seed);
        ET_CHECK(key == NULL, "%s: a key made although no path passes its self-test",
                 curve_names[curve]);
        EVP_PKEY_free(key);
        while (ERR_get_error_all(NULL, NULL, NULL, &data, &flags) != 0)
            if (flags & ERR_TXT_STRING) {
                strncat(errors, data, sizeof(errors) - strlen(errors) - 2);
                strcat(errors, "\n");
            }
        printf("errors (%s, attempt %d):\n%s", curve_names[curve], attempt + 1, errors);
        ET_CHECK(strstr(errors, "self-test failed: ") != NULL && strstr(errors, report) != NULL,
                 "%s: the error queue lacks the report %s", curve_names[curve], report);
    }
}

/* Random keys and messages: edfast's signatures are the default provider's, and verify. */
static void check_signatures(struct et_env *env, enum et_curve curve, struct et_rng *rng)
{
    for (int i = 0; i < SIGNATURES_PER_CURVE; i++) {
        uint8_t seed[ET_MAX_KEY], msg[200], ours[ET_MAX_SIG], theirs[ET_MAX_SIG];
        size_t msg_len = (size_t)(et_rng_next(rng) % sizeof(msg));
        size_t ours_len = sizeof(ours), theirs_len = sizeof(theirs);
        EVP_PKEY *edfast_key, *default_key;

        et_rng_bytes(rng, seed, et_key_len(curve));
        et_rng_bytes(rng, msg, msg_len);
        edfast_key = et_key_from_seed(env, curve, ET_EDFAST, seed);
        default_key = et_key_from_seed(env, curve, ET_DEFAULT, seed);
        ET_CHECK(edfast_key != NULL && default_key != NULL
                     && strcmp(et_key_provider(edfast_key), "edfast") == 0,
                 "%s keys", et_curve_name(curve));
        if (edfast_key != NULL && default_key != NULL
                && et_sign(env, edfast_key, ET_EDFAST, msg, msg_len, ours, &ours_len)
                && et_sign(env, default_key, ET_DEFAULT, msg, msg_len, theirs, &theirs_len)) {
            ET_CHECK(ours_len == theirs_len && memcmp(ours, theirs, ours_len) == 0,
                     "%s signature %d differs from the default provider's", et_curve_name(curve), i);
            ET_CHECK(et_verify(env, edfast_key, ET_EDFAST, msg, msg_len, ours, ours_len) == 1,
                     "%s signature %d rejected", et_curve_name(curve), i);
            ours[ours_len / 2] ^= 1;
            ET_CHECK(et_verify(env, edfast_key, ET_EDFAST, msg, msg_len, ours, ours_len) == 0,
                     "%s corrupted signature %d accepted", et_curve_name(curve), i);
        } else {
            ET_CHECK(0, "%s signing %d failed", et_curve_name(curve), i);
        }
        EVP_PKEY_free(edfast_key);
        EVP_PKEY_free(default_key);
    }
}

int main(int argc, char **argv)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();
    const char *path[ET_CURVES];
    char part[ET_CURVES][256], report[600];
    unsigned faulty;
    struct et_env env;
    struct et_rng rng;

    if (argc != 2) {
        fprintf(stderr, "usage: %s none|best|all\n", argv[0]);
        return 2;
    }
    if (cpu->status != EDFAST_NATIVE_OK) {
        printf("%s: %s\n", cpu->status == EDFAST_NATIVE_LACKING ? "SKIPPED" : "FAILED", cpu->message);
        return cpu->status == EDFAST_NATIVE_LACKING ? ET_SKIP : 1;
    }
    faulty = strcmp(argv[1], "all") == 0    ? cpu->available
             : strcmp(argv[1], "best") == 0 ? 1u << cpu->path
                                            : 0;
    printf("module: %s/edfast.so; best path: %s%s; faulty: %s\n", et_provider_dir(),
           edfast_native_path_name(cpu->path), cpu->forced ? " (forced)" : "", argv[1]);
    if (!et_env_open(&env, NULL)) {
        ET_CHECK(0, "edfast did not load");
        return et_finish("native_selftest");
    }
    /* loaded: nothing tested yet, each curve on the path it will test first */
    for (int curve = 0; curve < ET_CURVES; curve++) {
        path[curve] = edfast_native_path_name(cpu->path);
        snprintf(part[curve], sizeof(part[curve]), "%s: not run", curve_names[curve]);
    }
    snprintf(report, sizeof(report), "%s; %s", part[ET_ED25519], part[ET_ED448]);
    check_parameters(&env, report, path);
    et_rng_seed(&rng, et_seed_or(0x5e1f7e57));
    for (int curve = 0; curve < ET_CURVES; curve++) {
        if (expected_report((enum et_curve)curve, faulty, part[curve], sizeof(part[curve]))) {
            check_signatures(&env, (enum et_curve)curve, &rng);
            path[curve] = edfast_native_path_name(serving_path(faulty));
        } else {
            check_refused(&env, (enum et_curve)curve, part[curve]);
            path[curve] = "none";
        }
        snprintf(report, sizeof(report), "%s; %s", part[ET_ED25519], part[ET_ED448]);
        check_parameters(&env, report, path);
    }
    et_env_close(&env);
    return et_finish("native_selftest");
}
