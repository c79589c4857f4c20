/* fuzz_argv.c - fuzz target: the option parsers. argv comes from the input;
 * each stage's getopts (every stage in filters/filters.h, so new stages are
 * fuzzed as they land) runs on it, plus the parsers underneath (sizes,
 * formats, windows, tails, the common options).
 *
 * Input layout: [0] which stage (b % number of stages); the rest split at
 * NUL bytes into at most 48 arguments (argv[0] is the stage name, as
 * main.c passes it). Each argument is its own heap copy of exactly its
 * length + 1, so ASan sees a parser reading past an argument's end.
 *
 * GNU getopt keeps state between calls (the position inside a cluster like
 * "-vq", the permutation bounds); the stages set optind = 1, which does not
 * reset all of it. optind = 0 does (glibc: full reinitialisation), so
 * every run starts with a getopt call on an empty vector with optind = 0.
 *
 * Oracles: a stage's getopts returns GFP_OK or GFP_EINVAL (usage errors are
 * all it may find), with a one-line message on failure; on success INPUT
 * and OUTPUT are set and non-empty, and the common options are in range.
 * A window that parses fills without NaN and within [-0.1, 1 + 1e-6]
 * (flattop dips below 0, and its coefficients, scipy's, sum to
 * 1.000000003). */
#include "config.h"
#include "gfp.h"
#include "filters.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 48
#define MAX_INPUT 8192

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "fuzz_argv: check failed: %s: ", #cond);        \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

#define GFP_STAGE_PTR(name) &gfp_stage_##name,
static const gfp_stage_handler *const stages[] = {GFP_STAGES(GFP_STAGE_PTR)};
#undef GFP_STAGE_PTR
#define NSTAGES (sizeof stages / sizeof *stages)

static void getopt_reset(void)
{
    static char prog[] = "reset";
    char *v[] = {prog, NULL};
    optind = 0;
    opterr = 0;
    while (getopt(1, v, "") != -1) {
    }
    optopt = '?'; /* glibc's initial value, as in a fresh process */
}

/* The parsers under the options, on one argument. */
static void parsers(const char *a)
{
    uint64_t v;
    if (gfp_parse_size(a, &v) == GFP_OK)
        CHECK(*a >= '0' && *a <= '9', "size '%s'", a);
    gfp_format f;
    if (gfp_format_parse(a, &f) == GFP_OK) {
        char name[32];
        gfp_format g;
        gfp_format_name(&f, name, sizeof name);
        CHECK(gfp_format_parse(name, &g) == GFP_OK && g.sample == f.sample &&
                  g.is_complex == f.is_complex,
              "format '%s' -> '%s'", a, name);
    }
    gfp_tail t;
    if (gfp_tail_parse(a, &t) == GFP_OK && t > GFP_TAIL_ERROR)
        abort();
    gfp_window w;
    if (gfp_window_parse(a, &w) == GFP_OK) {
        static double buf[257];
        size_t lens[] = {1, 2, 7, 256, 257};
        for (size_t i = 0; i < 5; i++) {
            gfp_window_fill(&w, lens[i], buf);
            for (size_t k = 0; k < lens[i]; k++)
                CHECK(!isnan(buf[k]) && buf[k] >= -0.1 && buf[k] <= 1.0 + 1e-6,
                      "window '%s' n=%zu: w[%zu] = %g", a, lens[i], k,
                      buf[k]);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    const gfp_stage_handler *h = stages[data[0] % NSTAGES];
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    argv[argc++] = strdup(h->name);
    size_t i = 1;
    while (i < size && argc < MAX_ARGS) {
        size_t j = i;
        while (j < size && data[j])
            j++;
        char *a = malloc(j - i + 1);
        CHECK(a, "malloc");
        memcpy(a, data + i, j - i);
        a[j - i] = 0;
        argv[argc++] = a;
        i = j + 1;
    }
    argv[argc] = NULL;
    /* getopt permutes argv: keep the pointers to free them. */
    char *owned[MAX_ARGS + 1];
    memcpy(owned, argv, sizeof owned);

    for (int k = 1; k < argc; k++)
        parsers(argv[k]);

    void *priv = calloc(1, h->priv_size ? h->priv_size : 1);
    CHECK(priv, "calloc");
    gfp_common c;
    gfp_common_defaults(&c);
    gfp_error err = {0};
    const char *in = NULL, *out = NULL;
    getopt_reset();
    gfp_status st = h->getopts(priv, &c, &in, &out, argc, argv, &err);
    if (st != GFP_OK) {
        CHECK(st == GFP_EINVAL, "%s: status %d (%s)", h->name, (int)st,
              err.msg);
        /* One line - unless an argument holds a newline: messages quote
         * arguments as given (reported: not escaped, as coreutils' quotearg
         * would). */
        int nl_arg = 0;
        for (int k = 0; k < argc; k++)
            nl_arg |= strchr(owned[k], '\n') != NULL;
        CHECK(err.status == st && err.msg[0] &&
                  (nl_arg || !strchr(err.msg, '\n')),
              "%s: bad message '%s'", h->name, err.msg);
    } else if (!c.help) {
        CHECK(in && out && *in && *out, "%s: no INPUT/OUTPUT", h->name);
        CHECK(!strcmp(c.engine, "auto") || !strcmp(c.engine, "cpu") ||
                  !strcmp(c.engine, "gpu") || !strcmp(c.engine, "cufft"),
              "engine '%s'", c.engine);
        CHECK(c.threads >= 0 && c.threads <= 1024 && c.device >= 0 &&
                  c.device <= 1023,
              "threads %d device %d", c.threads, c.device);
    }
    /* A stage's start() is not run: it opens files. stop() is only called
     * after start() by main.c, so it is not called here either. */
    free(priv);
    for (int k = 0; k < argc; k++)
        free(owned[k]);
    return 0;
}
