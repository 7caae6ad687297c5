/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Differential test: edfast (every backend serving each curve) against
 * OpenSSL's default provider on random seeds and messages.
 *
 * Per case (drawn once and put to every backend; the default provider
 * answers it once): the public key derived from the seed and the signature
 * must be byte-identical; each provider must accept the other's signature;
 * a random bit flipped in the message, the signature or the public key
 * must get the same verdict (a rejection) from both.  Then, for one case in
 * eight, a seed imported together with a public key that is not its own
 * (another key's, or random bytes): the signature must equal the default
 * provider's for the same pair (run in a child process, so that a crash is
 * reported, not fatal).
 *
 * Usage: differential_test [cases per curve and backend, default 10000]
 * The seed is printed; EDFAST_TEST_SEED=<n> repeats a run.  The two curves
 * run in two processes at once; EDFAST_TEST_SERIAL=1 runs them in one.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/wait.h>
#include <openssl/err.h>
#include "edfast_test_util.h"

#define MAX_MSG 4096

struct stats {
    unsigned long cases, flips_msg, flips_sig, flips_pub, long_msgs;
};

/* Mostly short messages, some long ones, up to MAX_MSG bytes. */
static size_t message_length(struct et_rng *rng)
{
    uint64_t r = et_rng_next(rng);
    unsigned kind = (unsigned)(r % 100);

    r >>= 8;
    if (kind < 80)
        return (size_t)(r % 65);
    if (kind < 95)
        return (size_t)(r % 513);
    return (size_t)(r % (MAX_MSG + 1));
}

static int report(unsigned long index, const char *what, const uint8_t *seed, size_t klen)
{
    fprintf(stderr, "  case %lu: %s\n", index, what);
    et_print_hex("seed", seed, klen);
    return 0;
}

/* A verdict from both providers on a public key, message and signature. */
static void both_verdicts(struct et_env *env, enum et_curve c, const uint8_t *pub,
                          const uint8_t *msg, size_t mlen, const uint8_t *sig, int out[2])
{
    EVP_PKEY *ek = et_key(env, c, ET_EDFAST, NULL, pub);
    EVP_PKEY *dk = et_key(env, c, ET_DEFAULT, NULL, pub);

    out[0] = ek != NULL ? et_verify(env, ek, ET_EDFAST, msg, mlen, sig, et_sig_len(c)) : -3;
    out[1] = dk != NULL ? et_verify(env, dk, ET_DEFAULT, msg, mlen, sig, et_sig_len(c)) : -3;
    EVP_PKEY_free(ek);
    EVP_PKEY_free(dk);
}

/*
 * One case: a seed, a message and a bit to flip, with the default
 * provider's answers, made once and put to every backend.
 */
enum flip { FLIP_MESSAGE, FLIP_SIGNATURE, FLIP_PUBLIC_KEY };

struct case_data {
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY], sig[ET_MAX_SIG];
    uint8_t msg[MAX_MSG], flipped_msg[MAX_MSG], flipped_sig[ET_MAX_SIG], flipped_pub[ET_MAX_KEY];
    size_t mlen, bit;
    enum flip flip;
    int ok;            /* the default provider made the key and signed */
    int accepts_own;   /* its verdict on its own signature */
    int flip_verdict;  /* its verdict on the flipped input */
};

/* Draws a case and takes the default provider's answers (in env, which holds it too). */
static void make_case(struct et_env *env, enum et_curve c, struct et_rng *rng,
                      struct case_data *d)
{
    size_t klen = et_key_len(c), slen = et_sig_len(c), plen = klen, dslen = slen;
    EVP_PKEY *dk;
    uint64_t r;

    d->mlen = message_length(rng);
    et_rng_bytes(rng, d->seed, klen);
    et_rng_bytes(rng, d->msg, d->mlen);
    r = et_rng_next(rng);
    d->flip = d->mlen > 0 ? (enum flip)(r % 3) : (enum flip)(1 + r % 2);
    d->bit = (size_t)((r >> 8) % (8 * (d->flip == FLIP_MESSAGE     ? d->mlen
                                       : d->flip == FLIP_SIGNATURE ? slen
                                                                   : klen)));
    dk = et_key_from_seed(env, c, ET_DEFAULT, d->seed);
    d->ok = dk != NULL && EVP_PKEY_get_raw_public_key(dk, d->pub, &plen) == 1 && plen == klen
        && et_sign(env, dk, ET_DEFAULT, d->msg, d->mlen, d->sig, &dslen) && dslen == slen;
    if (d->ok) {
        memcpy(d->flipped_msg, d->msg, d->mlen);
        memcpy(d->flipped_sig, d->sig, slen);
        memcpy(d->flipped_pub, d->pub, klen);
        d->accepts_own = et_verify(env, dk, ET_DEFAULT, d->msg, d->mlen, d->sig, slen);
        switch (d->flip) {
        case FLIP_MESSAGE:
            d->flipped_msg[d->bit / 8] ^= (uint8_t)(1u << (d->bit % 8));
            d->flip_verdict = et_verify(env, dk, ET_DEFAULT, d->flipped_msg, d->mlen, d->sig, slen);
            break;
        case FLIP_SIGNATURE:
            d->flipped_sig[d->bit / 8] ^= (uint8_t)(1u << (d->bit % 8));
            d->flip_verdict = et_verify(env, dk, ET_DEFAULT, d->msg, d->mlen, d->flipped_sig, slen);
            break;
        case FLIP_PUBLIC_KEY: {
            EVP_PKEY *bad;

            d->flipped_pub[d->bit / 8] ^= (uint8_t)(1u << (d->bit % 8));
            bad = et_key(env, c, ET_DEFAULT, NULL, d->flipped_pub);
            d->flip_verdict = bad != NULL
                ? et_verify(env, bad, ET_DEFAULT, d->msg, d->mlen, d->sig, slen) : -3;
            EVP_PKEY_free(bad);
            break;
        }
        }
    }
    ERR_clear_error();
    EVP_PKEY_free(dk);
}

/*
 * The case through edfast with one backend: the same public key and the
 * same signature as the default provider's; edfast accepts that signature
 * and the default provider accepts edfast's (the same bytes, so its own
 * verdict); the flipped input gets a rejection from both.
 */
static void one_case(struct et_env *env, enum et_curve c, const char *backend,
                     const struct case_data *d, unsigned long index, struct stats *st)
{
    static const char *const flip_names[] = {"message", "signature", "public key"};
    size_t klen = et_key_len(c), slen = et_sig_len(c), elen = klen, eslen = slen;
    uint8_t epub[ET_MAX_KEY], esig[ET_MAX_SIG];
    EVP_PKEY *ek, *bad;
    int verdict, ok;

    st->cases++;
    st->long_msgs += d->mlen > 512;
    ET_CHECK(d->ok, "%s case %lu: the default provider cannot make the key or sign",
             et_curve_name(c), index);
    if (!d->ok)
        return;
    ek = et_key_from_seed(env, c, ET_EDFAST, d->seed);
    ok = ek != NULL && strcmp(et_key_provider(ek), "edfast") == 0;
    ET_CHECK(ok, "%s/%s case %lu: key import from seed", et_curve_name(c), backend, index);
    if (!ok) {
        report(index, "import", d->seed, klen);
        goto done;
    }

    ok = EVP_PKEY_get_raw_public_key(ek, epub, &elen) == 1 && elen == klen
        && memcmp(epub, d->pub, klen) == 0;
    ET_CHECK(ok, "%s/%s case %lu: public keys differ", et_curve_name(c), backend, index);
    if (!ok) {
        report(index, "public key", d->seed, klen);
        goto done;
    }

    ok = et_sign(env, ek, ET_EDFAST, d->msg, d->mlen, esig, &eslen) && eslen == slen
        && memcmp(esig, d->sig, slen) == 0;
    ET_CHECK(ok, "%s/%s case %lu (%zu-byte message): signatures differ", et_curve_name(c),
             backend, index, d->mlen);
    if (!ok) {
        report(index, "signature", d->seed, klen);
        et_print_hex("edfast ", esig, slen);
        et_print_hex("default", d->sig, slen);
        goto done;
    }

    /* Each accepts the other's signature. */
    ET_CHECK(et_verify(env, ek, ET_EDFAST, d->msg, d->mlen, d->sig, slen) == 1,
             "%s/%s case %lu: edfast rejects the default provider's signature",
             et_curve_name(c), backend, index);
    ET_CHECK(d->accepts_own == 1,
             "%s/%s case %lu: the default provider rejects edfast's signature",
             et_curve_name(c), backend, index);

    /* One random bit flipped in the message, the signature or the public key. */
    switch (d->flip) {
    case FLIP_MESSAGE:
        verdict = et_verify(env, ek, ET_EDFAST, d->flipped_msg, d->mlen, d->sig, slen);
        st->flips_msg++;
        break;
    case FLIP_SIGNATURE:
        verdict = et_verify(env, ek, ET_EDFAST, d->msg, d->mlen, d->flipped_sig, slen);
        st->flips_sig++;
        break;
    default:
        bad = et_key(env, c, ET_EDFAST, NULL, d->flipped_pub);
        verdict = bad != NULL ? et_verify(env, bad, ET_EDFAST, d->msg, d->mlen, d->sig, slen) : -3;
        EVP_PKEY_free(bad);
        st->flips_pub++;
        break;
    }
    ET_CHECK(verdict == d->flip_verdict && verdict == 0,
             "%s/%s case %lu: %s bit %zu flipped: edfast %d, default %d", et_curve_name(c),
             backend, index, flip_names[d->flip], d->bit, verdict, d->flip_verdict);
    ERR_clear_error();

done:
    EVP_PKEY_free(ek);
}

/* What the child is doing, written out by the signal handler if it dies. */
static char current_case[512];

static void on_fatal_signal(int sig)
{
    static const char head[] = "FAIL: the process died of a signal while ";
    char tail[32];
    int n = snprintf(tail, sizeof(tail), " (signal %d)\n", sig);

    /* Only write(2) and _exit(2) here. */
    if (write(STDERR_FILENO, head, sizeof(head) - 1) < 0
            || write(STDERR_FILENO, current_case, strlen(current_case)) < 0
            || (n > 0 && write(STDERR_FILENO, tail, (size_t)n) < 0))
        _exit(128 + sig);
    _exit(128 + sig);
}

static void describe(const char *what, enum et_curve c, const char *backend, unsigned long index,
                     const uint8_t *seed, const uint8_t *pub, size_t mlen)
{
    char *p = current_case;
    size_t i, klen = et_key_len(c), left = sizeof(current_case);
    int n = snprintf(p, left, "%s with %s/%s, case %lu, %zu-byte message, seed ", what,
                     et_curve_name(c), backend, index, mlen);

    for (i = 0; n > 0 && (size_t)n < left && i < klen; i++) {
        p += n;
        left -= (size_t)n;
        n = snprintf(p, left, "%02x", seed[i]);
    }
    if (n > 0 && (size_t)n < left) {
        p += n;
        left -= (size_t)n;
        n = snprintf(p, left, ", public key ");
    }
    for (i = 0; n > 0 && (size_t)n < left && i < klen; i++) {
        p += n;
        left -= (size_t)n;
        n = snprintf(p, left, "%02x", pub[i]);
    }
}

/*
 * A seed imported together with a public key that is not its own (another
 * key's, or random bytes that are usually not a point): OpenSSL hashes the
 * public key as given, and edfast must sign exactly as it does.
 */
static void mismatched_case(struct et_env *env, enum et_curve c, const char *backend,
                            struct et_rng *rng, unsigned long index)
{
    size_t klen = et_key_len(c), slen = et_sig_len(c), eslen = slen, dslen = slen;
    uint8_t seed[ET_MAX_KEY], other[ET_MAX_KEY], oseed[ET_MAX_KEY];
    uint8_t esig[ET_MAX_SIG], dsig[ET_MAX_SIG];
    static uint8_t msg[MAX_MSG];
    size_t mlen = message_length(rng);
    EVP_PKEY *em, *dm;
    int verdict[2], ok;

    et_rng_bytes(rng, seed, klen);
    et_rng_bytes(rng, msg, mlen);
    if ((et_rng_next(rng) & 1) != 0) {
        EVP_PKEY *other_key;
        size_t olen = klen;

        et_rng_bytes(rng, oseed, klen);
        other_key = et_key_from_seed(env, c, ET_DEFAULT, oseed);
        if (other_key == NULL || EVP_PKEY_get_raw_public_key(other_key, other, &olen) != 1)
            et_rng_bytes(rng, other, klen);
        EVP_PKEY_free(other_key);
    } else {
        et_rng_bytes(rng, other, klen);
    }
    describe("signing a seed with a foreign public key", c, backend, index, seed, other, mlen);
    em = et_key(env, c, ET_EDFAST, seed, other);
    dm = et_key(env, c, ET_DEFAULT, seed, other);
    ok = em != NULL && dm != NULL && et_sign(env, em, ET_EDFAST, msg, mlen, esig, &eslen)
        && et_sign(env, dm, ET_DEFAULT, msg, mlen, dsig, &dslen) && eslen == dslen
        && memcmp(esig, dsig, slen) == 0;
    ET_CHECK(ok, "%s/%s foreign-key case %lu: signatures differ", et_curve_name(c), backend,
             index);
    if (!ok) {
        et_print_hex("seed  ", seed, klen);
        et_print_hex("public", other, klen);
    } else {
        /* Both judge that signature under the foreign public key alike. */
        describe("verifying under a foreign public key", c, backend, index, seed, other, mlen);
        both_verdicts(env, c, other, msg, mlen, esig, verdict);
        ET_CHECK(verdict[0] == verdict[1],
                 "%s/%s foreign-key case %lu: edfast %d, default %d", et_curve_name(c),
                 backend, index, verdict[0], verdict[1]);
    }
    ERR_clear_error();
    EVP_PKEY_free(em);
    EVP_PKEY_free(dm);
}

/*
 * The foreign-key cases run in a child process, so that a backend that
 * aborts on them fails this check without hiding the rest of the run.
 */
static void run_mismatched(struct et_env *env, enum et_curve c, const char *backend,
                           uint64_t seed, unsigned long count)
{
    pid_t pid;
    int status = 0;

    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid == 0) {
        struct et_rng rng;
        unsigned long i;

        et_failures = 0; /* this child's own count */
        signal(SIGABRT, on_fatal_signal);
        signal(SIGSEGV, on_fatal_signal);
        signal(SIGBUS, on_fatal_signal);
        et_rng_seed(&rng, seed);
        for (i = 0; i < count && et_failures < 20; i++)
            mismatched_case(env, c, backend, &rng, i);
        printf("%s with %s: %lu foreign-public-key pairs, %lu failures\n", et_curve_name(c),
               backend, i, et_failures);
        fflush(stdout);
        _exit(et_failures == 0 ? 0 : 1);
    }
    ET_CHECK(pid > 0, "fork failed");
    if (pid <= 0)
        return;
    waitpid(pid, &status, 0);
    ET_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
             "%s/%s: signing with foreign public keys %s", et_curve_name(c), backend,
             WIFSIGNALED(status) || WEXITSTATUS(status) >= 128
                 ? "crashed the process (see above)" : "gave different signatures");
}

/*
 * Every backend serving one curve, on the same cases: each case is drawn
 * and answered by the default provider once, then put to every backend
 * (the default provider's work, most of this test's time, is not repeated
 * per backend).
 */
static void run_curve(enum et_curve c, uint64_t seed, unsigned long count)
{
    const char *names[ET_MAX_BACKENDS];
    size_t n = et_backends_for(c, names), b;
    struct et_env env[ET_MAX_BACKENDS];
    struct stats st[ET_MAX_BACKENDS] = {{0}};
    int open[ET_MAX_BACKENDS] = {0};
    static struct case_data d;
    struct et_rng rng;
    unsigned long i, failures_before = et_failures;
    size_t reference = n; /* the first open context: the default provider answers there */

    ET_CHECK(n > 0, "no backend serves %s", et_curve_name(c));
    for (b = 0; b < n; b++) {
        open[b] = et_env_open_for(&env[b], c, names[b]);
        ET_CHECK(open[b], "cannot load edfast with backend %s", names[b]);
        if (open[b] && reference == n)
            reference = b;
    }
    et_rng_seed(&rng, seed ^ ((uint64_t)(c + 1) << 56));
    for (i = 0; reference < n && i < count && et_failures - failures_before < 20; i++) {
        make_case(&env[reference], c, &rng, &d);
        for (b = 0; b < n; b++)
            if (open[b])
                one_case(&env[b], c, names[b], &d, i, &st[b]);
    }
    for (b = 0; b < n; b++) {
        if (!open[b])
            continue;
        printf("%s with %s: %lu cases (%lu messages over 512 bytes; bit flips: %lu message,"
               " %lu signature, %lu public key)\n",
               et_curve_name(c), names[b], st[b].cases, st[b].long_msgs, st[b].flips_msg,
               st[b].flips_sig, st[b].flips_pub);
        fflush(stdout);
        /* Each backend its own stream of foreign-key cases, so any one can be rerun alone. */
        run_mismatched(&env[b], c, names[b],
                       rng.state ^ 0x5bd1e995u ^ ((uint64_t)(b + 1) << 48), count / 8 + 1);
        et_env_close(&env[b]);
    }
    printf("%s: %lu failures in the cases above\n", et_curve_name(c), et_failures - failures_before);
}

/*
 * The two curves run in two processes at once (EDFAST_TEST_SERIAL=1: one
 * after the other in this one); each line of output names its curve.
 */
int main(int argc, char **argv)
{
    unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 10) : 10000;
    uint64_t seed = et_choose_seed();
    const char *serial = getenv("EDFAST_TEST_SERIAL");
    pid_t pids[ET_CURVES];
    enum et_curve c;

    if (serial != NULL && serial[0] != '\0' && strcmp(serial, "0") != 0) {
        for (c = ET_ED25519; c < ET_CURVES; c++)
            run_curve(c, seed, count);
        return et_finish("differential");
    }
    fflush(stdout);
    for (c = ET_ED25519; c < ET_CURVES; c++) {
        pids[c] = fork();
        if (pids[c] == 0) {
            run_curve(c, seed, count);
            _exit(et_finish(et_curve_name(c)));
        }
        ET_CHECK(pids[c] > 0, "fork failed");
    }
    for (c = ET_ED25519; c < ET_CURVES; c++) {
        int status = 0;

        if (pids[c] <= 0)
            continue;
        waitpid(pids[c], &status, 0);
        ET_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: %s", et_curve_name(c),
                 WIFEXITED(status) ? "failures (see above)" : "the process crashed");
    }
    return et_finish("differential");
}
