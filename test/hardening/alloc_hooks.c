/* SPDX-License-Identifier: Apache-2.0 */
/* OpenSSL's memory functions, failing a chosen allocation: see alloc_hooks.h. */
#define _GNU_SOURCE /* dladdr */
#include "alloc_hooks.h"
#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>

static _Thread_local int armed;     /* this thread counts (and may fail) its allocations */
static _Thread_local int recording; /* this thread records its allocations' call stacks */
static long fail_at;                /* the allocation to fail, counted from arming; 0: none */
static long made;                   /* allocations since arming */
static int edfast_only, passed_over;
static struct alloc_failure failed;

/*
 * Each block carries a header; the blocks edfast's sources allocate while
 * tracking is on are linked, and unlinked when freed, so that what an
 * operation leaves behind can be named by where it was allocated.
 */
struct block {
    struct block *prev, *next; /* in tracked, when linked */
    char where[47];            /* file (its last two parts) and line */
    char linked;
    _Alignas(16) unsigned char data[];
};
static struct block tracked = {&tracked, &tracked, "", 0};
static int tracking;
static pthread_mutex_t tracked_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether a function of edfast.so or libedfastjni.so is among the callers. */
static int edfast_on_stack(void)
{
    void *frames[96];
    int n = backtrace(frames, 96), i;
    Dl_info info;

    for (i = 0; i < n; i++)
        if (dladdr(frames[i], &info) != 0 && info.dli_fname != NULL
                && (strstr(info.dli_fname, "/edfast.so") != NULL
                    || strstr(info.dli_fname, "/libedfastjni.so") != NULL))
            return 1;
    return 0;
}

int alloc_edfast_file(const char *file)
{
    static const char root[] = EDFAST_SOURCE_DIR "/";
    static const char *const dirs[] = {"provider/", "backends/", "jni/native/"};
    size_t i;

    if (file == NULL || strncmp(file, root, sizeof(root) - 1) != 0)
        return 0;
    for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
        if (strncmp(file + sizeof(root) - 1, dirs[i], strlen(dirs[i])) == 0)
            return 1;
    return 0;
}

#define MAX_RECORDED 65536
static uint64_t recorded[MAX_RECORDED];
static long recorded_count;

static uint64_t stack_hash(void)
{
    void *frames[24];
    int n = backtrace(frames, 24), i;
    uint64_t h = 1469598103934665603u;

    for (i = 0; i < n; i++)
        h = (h ^ (uint64_t)(uintptr_t)frames[i]) * 1099511628211u;
    return h;
}

static int fail_this(const char *file, int line)
{
    if (recording && recorded_count < MAX_RECORDED)
        recorded[recorded_count++] = stack_hash();
    if (!armed || fail_at == 0 || ++made != fail_at)
        return 0;
    if (edfast_only && !alloc_edfast_file(file)) {
        passed_over = 1;
        return 0;
    }
    snprintf(failed.file, sizeof(failed.file), "%s", file != NULL ? file : "?");
    failed.line = line;
    failed.under_edfast = edfast_on_stack();
    return 1;
}

static void link_block(struct block *b, const char *file, int line)
{
    const char *tail = file != NULL ? file + strlen(file) : NULL;
    int slashes = 0;

    b->linked = (char)(tracking && alloc_edfast_file(file));
    if (!b->linked)
        return;
    while (tail != NULL && tail > file && (tail[-1] != '/' || ++slashes < 2))
        tail--;
    snprintf(b->where, sizeof(b->where), "%s:%d", tail != NULL ? tail : "?", line);
    pthread_mutex_lock(&tracked_lock);
    b->next = &tracked;
    b->prev = tracked.prev;
    tracked.prev->next = b;
    tracked.prev = b;
    pthread_mutex_unlock(&tracked_lock);
}

static void unlink_locked(struct block *b)
{
    b->prev->next = b->next;
    b->next->prev = b->prev;
    b->linked = 0;
}

static void unlink_block(struct block *b)
{
    if (!b->linked)
        return;
    pthread_mutex_lock(&tracked_lock);
    unlink_locked(b);
    pthread_mutex_unlock(&tracked_lock);
}

static void *hook_malloc(size_t n, const char *file, int line)
{
    struct block *b;

    if (fail_this(file, line) || (b = malloc(sizeof(*b) + n)) == NULL)
        return NULL;
    link_block(b, file, line);
    return b->data;
}

static void *hook_realloc(void *old, size_t n, const char *file, int line)
{
    struct block *b;

    if (old == NULL)
        return hook_malloc(n, file, line);
    b = (struct block *)((unsigned char *)old - offsetof(struct block, data));
    if (n == 0) {
        unlink_block(b);
        free(b);
        return NULL;
    }
    if (fail_this(file, line))
        return NULL;
    unlink_block(b);
    if ((b = realloc(b, sizeof(*b) + n)) == NULL)
        return NULL; /* the old block stays, untracked */
    link_block(b, file, line);
    return b->data;
}

static void hook_free(void *p, const char *file, int line)
{
    struct block *b;

    (void)file;
    (void)line;
    if (p == NULL)
        return;
    b = (struct block *)((unsigned char *)p - offsetof(struct block, data));
    unlink_block(b);
    free(b);
}

int alloc_hooks_install(void)
{
    edfast_on_stack(); /* loads what backtrace() needs before the hooks count anything */
    return CRYPTO_set_mem_functions(hook_malloc, hook_realloc, hook_free);
}

void alloc_start_failing(long k, int only_edfast)
{
    made = 0;
    passed_over = 0;
    failed.file[0] = '\0';
    edfast_only = only_edfast;
    fail_at = k;
    tracking = 1;
    armed = 1;
}

void alloc_stop_failing(void)
{
    fail_at = 0;
    armed = 0;
}

long alloc_made(void)
{
    return made;
}

int alloc_passed_over(void)
{
    return passed_over;
}

const struct alloc_failure *alloc_failed(void)
{
    return &failed;
}

long alloc_blocks_left(char *first, size_t first_len, int untrack)
{
    struct block *b, *next;
    long n = 0;

    first[0] = '\0';
    pthread_mutex_lock(&tracked_lock);
    for (b = tracked.next; b != &tracked; b = next) {
        next = b->next;
        if (n++ == 0)
            snprintf(first, first_len, "%s", b->where);
        if (untrack)
            unlink_locked(b);
    }
    if (untrack)
        tracking = 0;
    pthread_mutex_unlock(&tracked_lock);
    return n;
}

void alloc_record_start(void)
{
    recorded_count = 0;
    recording = 1;
}

long alloc_record_stop(void)
{
    recording = 0;
    return recorded_count;
}

int alloc_repeated(long i)
{
    for (long j = 0; j < i; j++)
        if (recorded[j] == recorded[i])
            return 1;
    return 0;
}
