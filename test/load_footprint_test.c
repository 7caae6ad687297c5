/* SPDX-License-Identifier: Apache-2.0 */
#define _DEFAULT_SOURCE /* realpath, mkstemp, fdopen */
/*
 * Loading edfast reads nothing in the segment that holds its read-only data
 * (.rodata: a few KiB of small constants, then the curve tables from the
 * next 64 KiB boundary).  On a read fault in a file mapping the kernel maps
 * the fault's whole 64 KiB window (fault-around), so one constant read while
 * loading made every process that reads the configuration 64 KiB bigger
 * (docs/performance.md, "Load cost"); the load-time constants are
 * EDFAST_LOAD_DATA instead (backend.h).
 *
 * The check: load the module as openssl.cnf.sample turns it on, draw random
 * bytes (what a process that never uses EdDSA does), and read the segment's
 * resident size in /proc/self/smaps: it must be 0.  Then sign once, which
 * reads the tables: the segment must be resident then, or the check could not
 * fail.  Instrumented builds (sanitizers, coverage) and cross builds run
 * other code at load and skip; so does a layout without a segment of its own
 * for read-only data (a linker without -z separate-code).
 */
#include <elf.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/rand.h>
#include "edfast_test_util.h"

/* The file offset of the read-only, non-executable segment holding .rodata; 0 when none. */
static unsigned long rodata_segment_offset(const char *module)
{
    FILE *f = fopen(module, "rb");
    ElfW(Ehdr) eh;
    ElfW(Shdr) sh, strtab;
    unsigned long rodata = 0, found = 0;
    char name[16];

    if (f == NULL || fread(&eh, sizeof(eh), 1, f) != 1)
        goto done;
    if (fseek(f, (long)(eh.e_shoff + (ElfW(Off))eh.e_shstrndx * eh.e_shentsize), SEEK_SET) != 0
        || fread(&strtab, sizeof(strtab), 1, f) != 1)
        goto done;
    for (int i = 0; i < eh.e_shnum && rodata == 0; i++) {
        if (fseek(f, (long)(eh.e_shoff + (ElfW(Off))i * eh.e_shentsize), SEEK_SET) != 0
            || fread(&sh, sizeof(sh), 1, f) != 1
            || fseek(f, (long)(strtab.sh_offset + sh.sh_name), SEEK_SET) != 0
            || fread(name, sizeof(name), 1, f) != 1)
            goto done;
        if (strncmp(name, ".rodata", sizeof(".rodata")) == 0)
            rodata = (unsigned long)sh.sh_offset;
    }
    for (int i = 0; i < eh.e_phnum && rodata != 0; i++) {
        ElfW(Phdr) ph;

        if (fseek(f, (long)(eh.e_phoff + (ElfW(Off))i * eh.e_phentsize), SEEK_SET) != 0
            || fread(&ph, sizeof(ph), 1, f) != 1)
            goto done;
        if (ph.p_type == PT_LOAD && ph.p_offset <= rodata && rodata < ph.p_offset + ph.p_filesz
            && !(ph.p_flags & (PF_X | PF_W)))
            found = (unsigned long)ph.p_offset;
    }
done:
    if (f != NULL)
        fclose(f);
    return found;
}

/* The resident KiB of the module's mapping at file offset, or -1 when it is not mapped. */
static long resident_kib(const char *module, unsigned long offset)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    char line[4096];
    int inside = 0;
    long kib = -1;

    if (f == NULL)
        return -1;
    while (fgets(line, sizeof(line), f) != NULL) {
        unsigned long start, end, map_offset;
        char perms[8], path[3000] = "";

        if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %2999s", &start, &end, perms, &map_offset, path) >= 4) {
            inside = strcmp(path, module) == 0 && map_offset == offset;
            continue;
        }
        if (inside && sscanf(line, "Rss: %ld kB", &kib) == 1)
            break;
    }
    fclose(f);
    return kib;
}

static int sign_once(void)
{
    EVP_PKEY *key = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    unsigned char sig[64];
    size_t sig_len = sizeof(sig);
    int ok = key != NULL && md != NULL && EVP_DigestSignInit_ex(md, NULL, NULL, NULL, NULL, key, NULL)
             && EVP_DigestSign(md, sig, &sig_len, (const unsigned char *)"m", 1);

    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    return ok;
}

int main(int argc, char **argv)
{
    char given[2048], module[PATH_MAX], conf_path[] = "/tmp/edfast-load-footprint-XXXXXX";
    unsigned char random[4];
    unsigned long offset;
    long after_load, after_sign;
    FILE *conf;
    int fd, loaded;

    if (argc > 1 && strcmp(argv[1], "instrumented") == 0) {
        printf("SKIPPED: an instrumented or cross build runs other code at load\n");
        return 77;
    }
    snprintf(given, sizeof(given), "%s/edfast.so", et_provider_dir());
    /* smaps names the file by its real path */
    ET_CHECK(realpath(given, module) != NULL, "no %s", given);
    if (et_failures)
        return et_finish("load_footprint");
    offset = rodata_segment_offset(module);
    if (offset == 0) {
        printf("SKIPPED: %s has no read-only segment of its own for .rodata\n", module);
        return 77;
    }
    fd = mkstemp(conf_path);
    conf = fd < 0 ? NULL : fdopen(fd, "w");
    ET_CHECK(conf != NULL, "writing a configuration file");
    if (conf == NULL)
        return et_finish("load_footprint");
    fprintf(conf,
            "openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n"
            "alg_section = algorithm_sect\n[provider_sect]\nedfast = edfast_sect\n"
            "default = default_sect\n[default_sect]\nactivate = 1\n[edfast_sect]\n"
            "module = %s\nactivate = 1\n[algorithm_sect]\ndefault_properties = ?provider=edfast\n",
            module);
    fclose(conf);
    loaded = OSSL_LIB_CTX_load_config(NULL, conf_path) && OSSL_PROVIDER_available(NULL, "edfast")
             && RAND_bytes(random, sizeof(random)) == 1;
    unlink(conf_path);
    ET_CHECK(loaded, "loading edfast as openssl.cnf.sample does, then RAND_bytes");
    if (!loaded)
        return et_finish("load_footprint");
    after_load = resident_kib(module, offset);
    ET_CHECK(sign_once(), "an Ed25519 signature after loading");
    after_sign = resident_kib(module, offset);
    printf("the read-only data segment (file offset 0x%lx): %ld KiB resident after loading and "
           "drawing random bytes, %ld KiB after one Ed25519 signature\n",
           offset, after_load, after_sign);
    ET_CHECK(after_load == 0, "loading mapped %ld KiB of the read-only data segment", after_load);
    ET_CHECK(after_sign > 0, "a signature left the read-only data segment unmapped: the check is blind");
    return et_finish("load_footprint");
}
