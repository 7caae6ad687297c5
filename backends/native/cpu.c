/* SPDX-License-Identifier: Apache-2.0 */
/* The one CPU-dispatch point of the native backend (see cpu.h). */
#include "cpu.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpu_probe.h"

#define EDFAST_NATIVE_CURVE_ENTRY(curve, accels) extern const void *const accels[EDFAST_NATIVE_PATHS];
#include "curves.def"
#undef EDFAST_NATIVE_CURVE_ENTRY

static const void *const *const curve_accels[EDFAST_CURVE_COUNT] = {
#define EDFAST_NATIVE_CURVE_ENTRY(curve, accels) [curve] = accels,
#include "curves.def"
#undef EDFAST_NATIVE_CURVE_ENTRY
};

static const struct {
    const char *name, *needs;
    int (*probe)(void); /* NULL: a path of another architecture */
} paths[EDFAST_NATIVE_PATHS] = {
#define EDFAST_NATIVE_PATH_ENTRY(ENUM, name, architecture, needs, probe) \
    [EDFAST_NATIVE_##ENUM] = { #name, needs, EDFAST_NATIVE_PROBE_##architecture(probe) },
#include "paths.def"
#undef EDFAST_NATIVE_PATH_ENTRY
};

int edfast_cpu_any(void)
{
    return 1;
}

const char *edfast_native_path_name(enum edfast_native_path path)
{
    return (unsigned)path < EDFAST_NATIVE_PATHS ? paths[path].name : "?";
}

/* Bit p set for each path p this CPU (and its OS, for the vector state) runs. */
static unsigned probe(void)
{
    unsigned available = 0;

    for (int p = 0; p < EDFAST_NATIVE_PATHS; p++)
        if (paths[p].probe != NULL && paths[p].probe())
            available |= 1u << p;
    return available;
}

/* "portable, adx" and so on: the names of the paths in available. */
static void path_list(char *out, size_t out_len, unsigned available)
{
    out[0] = '\0';
    for (int p = 0; p < EDFAST_NATIVE_PATHS; p++)
        if (available & (1u << p)) {
            size_t used = strlen(out);

            snprintf(out + used, out_len - used, "%s%s", used ? ", " : "", paths[p].name);
        }
}

enum edfast_native_status edfast_native_choose(const char *request, unsigned available,
                                               enum edfast_native_path *path, char *message,
                                               size_t message_len)
{
    char list[80];

    message[0] = '\0';
    *path = EDFAST_NATIVE_PORTABLE;
    if (request == NULL || request[0] == '\0') {
        for (int p = EDFAST_NATIVE_PATHS - 1; p > 0; p--)
            if (available & (1u << p)) {
                *path = (enum edfast_native_path)p;
                break;
            }
        return EDFAST_NATIVE_OK;
    }
    for (int p = 0; p < EDFAST_NATIVE_PATHS; p++) {
        if (strcmp(request, paths[p].name) != 0)
            continue;
        if (available & (1u << p)) {
            *path = (enum edfast_native_path)p;
            return EDFAST_NATIVE_OK;
        }
        path_list(list, sizeof(list), available);
        snprintf(message, message_len,
                 "EDFAST_NATIVE_PATH=%s: this CPU lacks it (needs %s); it runs: %s",
                 paths[p].name, paths[p].needs, list);
        return EDFAST_NATIVE_LACKING;
    }
    path_list(list, sizeof(list), ~0u >> (32 - EDFAST_NATIVE_PATHS));
    snprintf(message, message_len, "EDFAST_NATIVE_PATH=%.40s: not a path (%s)", request, list);
    return EDFAST_NATIVE_UNKNOWN;
}

static struct edfast_native_cpu selected;
static pthread_once_t selected_once = PTHREAD_ONCE_INIT;

static void select_path(void)
{
    static const char request_variable[] EDFAST_LOAD_DATA = "EDFAST_NATIVE_PATH";
    const char *request = getenv(request_variable);

    selected.available = probe();
    selected.forced = request != NULL && request[0] != '\0';
    selected.status = edfast_native_choose(request, selected.available, &selected.path,
                                           selected.message, sizeof(selected.message));
    for (int curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
        edfast_native_serve((enum edfast_curve)curve, selected.path);
}

void edfast_native_serve(enum edfast_curve curve, enum edfast_native_path path)
{
    selected.curve_path[curve] = path;
    selected.accel[curve] = curve_accels[curve][path];
}

const struct edfast_native_cpu *edfast_native_cpu(void)
{
    pthread_once(&selected_once, select_path);
    return &selected;
}
