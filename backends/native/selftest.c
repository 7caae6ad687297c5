/* SPDX-License-Identifier: Apache-2.0 */
/* The native backend's known-answer self-test (see selftest.h). */
#include "selftest.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <openssl/err.h>
#include "cpu.h"

/* An RFC 8032 test vector with the empty message, in hex as the RFC prints it. */
struct known_answer {
    char seed[2 * EDFAST_MAX_KEY_BYTES + 1], pub[2 * EDFAST_MAX_KEY_BYTES + 1];
    char sig[2 * EDFAST_MAX_SIG_BYTES + 1];
};

static const struct known_answer known_answers[EDFAST_CURVE_COUNT] = {
    [EDFAST_ED25519] = { /* section 7.1, TEST 1 */
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
        "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    },
    [EDFAST_ED448] = { /* section 7.4, "Blank" */
        "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3"
        "528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
        "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778"
        "edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
        "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f"
        "2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a"
        "9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4db"
        "b61149f05a7363268c71d95808ff2e652600",
    },
};

static const char *const curve_names[EDFAST_CURVE_COUNT] = {"ed25519", "ed448"};

/* The known answer in bytes, and its signature with one bit of S flipped. */
struct known_bytes {
    uint8_t seed[EDFAST_MAX_KEY_BYTES], pub[EDFAST_MAX_KEY_BYTES];
    uint8_t sig[EDFAST_MAX_SIG_BYTES], corrupted[EDFAST_MAX_SIG_BYTES];
};

/* The value of a lower-case hex digit: the vectors above have no other characters. */
static uint8_t nibble(char digit)
{
    return (uint8_t)(digit <= '9' ? digit - '0' : digit - 'a' + 10);
}

static void unhex(uint8_t *out, size_t len, const char *hex)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
}

static void known_bytes(enum edfast_curve curve, struct known_bytes *known)
{
    size_t key_bytes = edfast_key_bytes(curve);

    unhex(known->seed, key_bytes, known_answers[curve].seed);
    unhex(known->pub, key_bytes, known_answers[curve].pub);
    unhex(known->sig, 2 * key_bytes, known_answers[curve].sig);
    memcpy(known->corrupted, known->sig, 2 * key_bytes);
    /* S changes by one: still canonical, so the whole verification equation must catch it. */
    known->corrupted[key_bytes] ^= 1;
}

/*
 * What ops get wrong of the known answer on the path now serving their curve
 * ("" when nothing), or NULL when out of memory (no verdict on the path).
 * The first verification of a key takes the light path and later ones its
 * per-key tables (verify_state.h): both are checked.
 */
static const char *known_answer_fault(const struct edfast_curve_ops *ops,
                                      const struct known_bytes *known)
{
    static const struct edfast_instance pure = {EDFAST_PURE, NULL, 0};
    static const uint8_t empty_message[1];
    const uint8_t *const verified[3] = {known->sig, known->corrupted, known->sig};
    static const int valid[3] = {1, 0, 1};
    static const char *const wrong_verdict[3] = {
        "valid signature rejected", "corrupted signature accepted",
        "valid signature rejected on the key's tables",
    };
    size_t key_bytes = edfast_key_bytes(ops->curve);
    uint8_t pub[EDFAST_MAX_KEY_BYTES], sig[EDFAST_MAX_SIG_BYTES];
    const char *fault = "";
    void *state = ops->key_from_seed(known->seed, pub);

    if (state == NULL)
        return NULL;
    if (memcmp(pub, known->pub, key_bytes) != 0)
        fault = "public key mismatch";
    else if (!ops->sign(state, &pure, empty_message, 0, sig))
        fault = "signing failed";
    else if (memcmp(sig, known->sig, 2 * key_bytes) != 0)
        fault = "signature mismatch";
    for (int i = 0; i < 3 && fault != NULL && fault[0] == '\0'; i++) {
        int verdict = ops->verify(state, &pure, empty_message, 0, verified[i]);

        if (verdict < 0)
            fault = NULL;
        else if (verdict != valid[i])
            fault = wrong_verdict[i];
    }
    ops->key_free(state);
    return fault;
}

static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;
/*
 * Per curve: 0 until its self-test has run, then 1 when a path passed and
 * serves it, -1 when none did.  Set once, under run_lock, after the report.
 */
static atomic_int outcomes[EDFAST_CURVE_COUNT];
/* What each curve's self-test found; written under run_lock before its outcome. */
static char reports[EDFAST_CURVE_COUNT][240];

/* Appends to a curve's report; the longest (every path failing) fits. */
static void note(char *report, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void note(char *report, const char *format, ...)
{
    size_t used = strlen(report);
    va_list args;

    va_start(args, format);
    vsnprintf(report + used, sizeof(reports[0]) - used, format, args);
    va_end(args);
}

/*
 * Tests ops's curve from the chosen path down, leaving it served by the first
 * path that passes, and writes what it found to report.  Returns 1 when one
 * did, 0 when none did, -1 when out of memory (the curve back on the chosen
 * path).
 */
static int test_curve(const struct edfast_curve_ops *ops, const struct edfast_native_cpu *cpu,
                      char *report)
{
    struct known_bytes known;
    const char *separator = " ";

    known_bytes(ops->curve, &known);
    report[0] = '\0';
    note(report, "%s:", curve_names[ops->curve]);
    for (int path = (int)cpu->path; path >= 0; path--) {
        const char *fault;

        if (!(cpu->available & (1u << path)))
            continue;
        edfast_native_serve(ops->curve, (enum edfast_native_path)path);
        fault = known_answer_fault(ops, &known);
        if (fault == NULL) {
            edfast_native_serve(ops->curve, cpu->path);
            return -1;
        }
        if (fault[0] == '\0') {
            note(report, "%s%s passed", separator,
                 edfast_native_path_name((enum edfast_native_path)path));
            return 1;
        }
        note(report, "%s%s failed (%s)", separator,
             edfast_native_path_name((enum edfast_native_path)path), fault);
        if (cpu->forced) {
            note(report, ", no other path tried (EDFAST_NATIVE_PATH)");
            return 0;
        }
        separator = ", ";
    }
    return 0;
}

int native_selftest_prepare(const struct edfast_curve_ops *ops)
{
    enum edfast_curve curve = ops->curve;
    int outcome = atomic_load_explicit(&outcomes[curve], memory_order_acquire);

    if (outcome == 0) {
        pthread_mutex_lock(&run_lock);
        outcome = atomic_load_explicit(&outcomes[curve], memory_order_relaxed);
        if (outcome == 0) {
            int passed = test_curve(ops, edfast_native_cpu(), reports[curve]);

            if (passed < 0) {
                reports[curve][0] = '\0';
                pthread_mutex_unlock(&run_lock);
                ERR_raise_data(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE,
                               "edfast native backend: self-test: out of memory");
                return 0;
            }
            outcome = passed ? 1 : -1;
            atomic_store_explicit(&outcomes[curve], outcome, memory_order_release);
        }
        pthread_mutex_unlock(&run_lock);
    }
    if (outcome > 0)
        return 1;
    ERR_raise_data(ERR_LIB_PROV, ERR_R_INTERNAL_ERROR, "edfast native backend: self-test failed: %s",
                   reports[curve]);
    return 0;
}

/*
 * Both curves' reports, or "not run" for a curve not yet used, in a buffer
 * of the calling thread's: a curve's report is written once, but the line
 * changes when a curve is first used, maybe while another thread reads it.
 */
const char *native_selftest_report(void)
{
    static _Thread_local char line[2 * sizeof(reports[0]) + 32];
    size_t used = 0;

    line[0] = '\0';
    for (int curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        int ran = atomic_load_explicit(&outcomes[curve], memory_order_acquire) != 0;

        used += (size_t)snprintf(line + used, sizeof(line) - used, "%s%s%s", curve ? "; " : "",
                                 ran ? reports[curve] : curve_names[curve], ran ? "" : ": not run");
    }
    return line;
}

const char *native_selftest_path(enum edfast_curve curve)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();
    int outcome = atomic_load_explicit(&outcomes[curve], memory_order_acquire);

    if (outcome < 0)
        return "none";
    /* The curve's own path is written while its self-test runs: read only after. */
    if (outcome == 0)
        return edfast_native_path_name(cpu->path);
    return edfast_native_path_name(cpu->curve_path[curve]);
}
