/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Java benchmark's "C EVP" column (org.edfast.bench.EvpLoop): the JCA
 * benchmark's operations looped in C through EVP, with edfast preferred as the
 * JCA glue has it when no configuration routes EdDSA to edfast (edfast.so
 * loaded into a library context of its own next to the default provider,
 * fetches with "?provider=edfast").  A benchmark library, never shipped: the
 * production glue (jni/native) holds no benchmark entry point.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <jni.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include "edfast_names.h"

#define MAX_SIG 114

/* What a loop times, as EdBench.ALL_OPS orders them: key generation, or signing and/or verifying (bits). */
enum loop_op { LOOP_KEYGEN = 0, LOOP_SIGN = 1, LOOP_VERIFY = 2, LOOP_SIGN_VERIFY = 3, LOOP_OPS };

static OSSL_LIB_CTX *libctx;
static const char propq[] = "?" EDFAST_PROPERTIES;

static void throw_new(JNIEnv *env, const char *cls, const char *msg)
{
    jclass c = (*env)->FindClass(env, cls);

    if (c != NULL)
        (*env)->ThrowNew(env, c, msg);
}

static double now_ns(int cpu_clock)
{
    struct timespec ts;

    clock_gettime(cpu_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/*
 * open(modulesDir): loads edfast.so from modulesDir, and the default provider,
 * into the loop's library context; null on success, else why not.
 */
JNIEXPORT jstring JNICALL
Java_org_edfast_bench_EvpLoop_open(JNIEnv *env, jclass cls, jstring jdir)
{
    const char *dir = jdir != NULL ? (*env)->GetStringUTFChars(env, jdir, NULL) : NULL;
    char why[300] = "";

    (void)cls;
    if (libctx == NULL) {
        OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();

        if (ctx == NULL || dir == NULL || !OSSL_PROVIDER_set_default_search_path(ctx, dir)
                || OSSL_PROVIDER_load(ctx, EDFAST_PROVIDER_NAME) == NULL
                || OSSL_PROVIDER_load(ctx, "default") == NULL) {
            unsigned long e = ERR_peek_last_error();

            snprintf(why, sizeof(why), "cannot load %s.so from %s: %s", EDFAST_PROVIDER_NAME,
                     dir != NULL ? dir : "(no directory)",
                     e != 0 ? ERR_reason_error_string(e) : "no OpenSSL error");
            ERR_clear_error();
            OSSL_LIB_CTX_free(ctx);
        } else {
            libctx = ctx;
        }
    }
    if (dir != NULL)
        (*env)->ReleaseStringUTFChars(env, jdir, dir);
    return why[0] != '\0' ? (*env)->NewStringUTF(env, why) : NULL;
}

/*
 * nanos(curve, op, msgLen, iterations, cpuClock): nanoseconds (of this
 * thread's CPU time when cpuClock, else wall time) for `iterations`
 * operations with one key of the curve ("ED25519", "ED448"), each signature
 * context re-initialised per message as the glue does; -1 on failure.
 */
JNIEXPORT jlong JNICALL
Java_org_edfast_bench_EvpLoop_nanos(JNIEnv *env, jclass cls, jstring jcurve, jint op, jint msg_len,
                                    jint iterations, jboolean cpu_clock)
{
    const char *curve;
    EVP_PKEY_CTX *gctx = NULL;
    EVP_PKEY *key = NULL;
    EVP_MD_CTX *sctx = NULL, *vctx = NULL;
    unsigned char *msg = NULL, sig[MAX_SIG];
    size_t siglen = sizeof(sig);
    double start = 0, end = 0;
    int ok;

    (void)cls;
    if (op < 0 || op >= LOOP_OPS || msg_len < 0 || iterations < 0 || jcurve == NULL) {
        throw_new(env, "java/lang/IllegalArgumentException", "bad loop operation, length, count or curve");
        return -1;
    }
    if (libctx == NULL) {
        throw_new(env, "java/lang/IllegalStateException", "EvpLoop.open has not succeeded");
        return -1;
    }
    curve = (*env)->GetStringUTFChars(env, jcurve, NULL);
    if (curve == NULL)
        return -1;
    gctx = EVP_PKEY_CTX_new_from_name(libctx, curve, propq);
    (*env)->ReleaseStringUTFChars(env, jcurve, curve);
    ok = gctx != NULL && EVP_PKEY_keygen_init(gctx) > 0 && EVP_PKEY_generate(gctx, &key) > 0
        && (sctx = EVP_MD_CTX_new()) != NULL && (vctx = EVP_MD_CTX_new()) != NULL
        && (msg = OPENSSL_malloc((size_t)msg_len + 1)) != NULL;
    if (ok) {
        for (jint i = 0; i < msg_len; i++)
            msg[i] = (unsigned char)(i * 31 + 7);
        ok = EVP_DigestSignInit_ex(sctx, NULL, NULL, libctx, propq, key, NULL) == 1
            && EVP_DigestSign(sctx, sig, &siglen, msg, (size_t)msg_len) == 1
            && EVP_DigestVerifyInit_ex(vctx, NULL, NULL, libctx, propq, key, NULL) == 1;
    }
    if (ok) {
        start = now_ns(cpu_clock);
        for (jint i = 0; ok && i < iterations; i++) {
            if (op == LOOP_KEYGEN) {
                EVP_PKEY *k = NULL;

                ok = EVP_PKEY_generate(gctx, &k) > 0;
                EVP_PKEY_free(k);
                continue;
            }
            if (op & LOOP_SIGN) {
                siglen = sizeof(sig);
                ok = EVP_DigestSignInit_ex(sctx, NULL, NULL, NULL, NULL, NULL, NULL) == 1
                    && EVP_DigestSign(sctx, sig, &siglen, msg, (size_t)msg_len) == 1;
            }
            if (ok && (op & LOOP_VERIFY))
                ok = EVP_DigestVerifyInit_ex(vctx, NULL, NULL, NULL, NULL, NULL, NULL) == 1
                    && EVP_DigestVerify(vctx, sig, siglen, msg, (size_t)msg_len) == 1;
        }
        end = now_ns(cpu_clock);
    }
    ERR_clear_error();
    EVP_PKEY_CTX_free(gctx);
    EVP_PKEY_free(key);
    EVP_MD_CTX_free(sctx);
    EVP_MD_CTX_free(vctx);
    OPENSSL_free(msg);
    return ok ? (jlong)(end - start) : -1;
}
