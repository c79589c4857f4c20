/* replay.c - a main() for the fuzz targets when libFuzzer is not linked in:
 * runs every file named on the command line, or every file of every
 * directory named, through LLVMFuzzerTestOneInput, in name order. Each
 * input is read into a heap buffer of exactly its size, so that ASan sees
 * any over-read.
 *
 * With no arguments (as `make check` runs it) it replays the committed seed
 * corpus and crash reproducers: $TOP_SRCDIR/tests/fuzz/corpus/FUZZ_NAME
 * (TOP_SRCDIR from the environment; FUZZ_NAME is compiled in).
 *
 * Exit 0 when every input ran (a bug shows as a crash or a sanitizer
 * report, as under libFuzzer), 99 when the corpus cannot be read. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open '%s'\n", path);
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: out of memory for '%s'\n", path);
        return -1;
    }
    /* Exactly len bytes: a copy, so that reads past the end are caught. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, len);
    free(buf);
    if (getenv("REPLAY_VERBOSE"))
        fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs a file, or the files of a directory (not recursive). Returns the
 * number of inputs run, or -1. */
static long run_path(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "replay: no such file or directory '%s'\n", path);
        return -1;
    }
    if (!S_ISDIR(sb.st_mode))
        return run_file(path) == 0 ? 1 : -1;
    DIR *d = opendir(path);
    if (!d)
        return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **nn = realloc(names, (cap = cap ? 2 * cap : 64) *
                                           sizeof *names);
            if (!nn)
                break;
            names = nn;
        }
        size_t l = strlen(path) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(l)))
            break;
        snprintf(names[n++], l, "%s/%s", path, e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    long ran = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat fb;
        if (stat(names[i], &fb) == 0 && S_ISREG(fb.st_mode)) {
            if (run_file(names[i]) != 0)
                ran = -1;
            else if (ran >= 0)
                ran++;
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    long total = 0;
    if (argc < 2) {
        const char *top = getenv("TOP_SRCDIR");
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s", top ? top : ".",
                 FUZZ_NAME);
        long r = run_path(dir);
        if (r <= 0) {
            fprintf(stderr, "replay %s: no corpus in '%s'\n", FUZZ_NAME, dir);
            return 99;
        }
        total = r;
    } else {
        for (int i = 1; i < argc; i++) {
            long r = run_path(argv[i]);
            if (r < 0)
                return 99;
            total += r;
        }
    }
    printf("replay %s: %ld input(s) ran clean\n", FUZZ_NAME, total);
    return 0;
}
