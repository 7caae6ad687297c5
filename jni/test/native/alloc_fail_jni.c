/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The allocation-failure hooks (test/hardening/alloc_hooks.c) for a JVM:
 * org.edfast.jca.AllocFailHooks.  Loaded by the test before the JCA glue, so
 * that OpenSSL takes the hooks (JNI_OnLoad) before anything of libcrypto's
 * allocates; a test library, never shipped.
 */
#include <jni.h>
#include <stdio.h>
#include "alloc_hooks.h"

static int hooks_installed;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    (void)vm;
    (void)reserved;
    hooks_installed = alloc_hooks_install();
    return JNI_VERSION_1_8;
}

JNIEXPORT jboolean JNICALL
Java_org_edfast_jca_AllocFailHooks_installed(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return hooks_installed ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL
Java_org_edfast_jca_AllocFailHooks_recordStart(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    alloc_record_start();
}

JNIEXPORT jlong JNICALL
Java_org_edfast_jca_AllocFailHooks_recordStop(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return alloc_record_stop();
}

JNIEXPORT jboolean JNICALL
Java_org_edfast_jca_AllocFailHooks_repeated(JNIEnv *env, jclass cls, jlong i)
{
    (void)env;
    (void)cls;
    return alloc_repeated(i) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL
Java_org_edfast_jca_AllocFailHooks_startFailing(JNIEnv *env, jclass cls, jlong k)
{
    (void)env;
    (void)cls;
    alloc_start_failing(k, 0);
}

JNIEXPORT jlong JNICALL
Java_org_edfast_jca_AllocFailHooks_stopFailing(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    alloc_stop_failing();
    return alloc_made();
}

/* Where the failed allocation was asked for ("file:line"), or null when none failed. */
JNIEXPORT jstring JNICALL
Java_org_edfast_jca_AllocFailHooks_failedAt(JNIEnv *env, jclass cls)
{
    const struct alloc_failure *f = alloc_failed();
    char where[300];

    (void)cls;
    if (f->file[0] == '\0')
        return NULL;
    snprintf(where, sizeof(where), "%s:%d%s", f->file, f->line,
             f->under_edfast ? "" : " (no edfast code on the stack)");
    return (*env)->NewStringUTF(env, where);
}

JNIEXPORT jboolean JNICALL
Java_org_edfast_jca_AllocFailHooks_failedUnderEdfast(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    return alloc_failed()->under_edfast ? JNI_TRUE : JNI_FALSE;
}

/* The tracked blocks still held, and where the first is from ("n first"); untrack forgets them. */
JNIEXPORT jstring JNICALL
Java_org_edfast_jca_AllocFailHooks_blocksLeft(JNIEnv *env, jclass cls, jboolean untrack)
{
    char first[48], out[80];
    long n = alloc_blocks_left(first, sizeof(first), untrack == JNI_TRUE);

    (void)cls;
    snprintf(out, sizeof(out), "%ld %s", n, first);
    return (*env)->NewStringUTF(env, out);
}
