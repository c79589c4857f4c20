/* cli.c - option parsing shared by the subcommands. */
#include "config.h"
#include "gfp.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void gfp_common_defaults(gfp_common *c)
{
    memset(c, 0, sizeof *c);
    c->engine = "auto";
    c->tail = GFP_TAIL_PAD;
}

gfp_status gfp_opt_size(const char *name, const char *arg, uint64_t lo,
                        uint64_t hi, size_t *out, gfp_error *err)
{
    uint64_t v;
    if (gfp_parse_size(arg, &v) != GFP_OK)
        return gfp_fail(err, GFP_EINVAL,
                        "--%s: '%s' is not a size (digits with an optional "
                        "k, M, G, Ki, Mi or Gi suffix)", name, arg);
    if (v < lo || v > hi)
        return gfp_fail(err, GFP_EINVAL,
                        "--%s: %s is out of range (%llu .. %llu)", name, arg,
                        (unsigned long long)lo, (unsigned long long)hi);
    *out = (size_t)v;
    return GFP_OK;
}

gfp_status gfp_common_opt(gfp_common *c, int code, const char *arg,
                          char **argv, gfp_error *err)
{
    size_t v;
    switch (code) {
    case GFP_OPT_ENGINE:
        if (strcmp(arg, "auto") && strcmp(arg, "cpu") && strcmp(arg, "gpu") &&
            strcmp(arg, "cufft") && strcmp(arg, "hybrid"))
            return gfp_fail(err, GFP_EINVAL, "--engine: '%s' is not one of "
                            "auto, cpu, gpu, cufft, hybrid", arg);
        c->engine = arg;
        return GFP_OK;
    case GFP_OPT_THREADS:
        if (gfp_opt_size("threads", arg, 1, 1024, &v, err))
            return GFP_EINVAL;
        c->threads = (int)v;
        return GFP_OK;
    case GFP_OPT_WISDOM:
        c->wisdom = arg;
        return GFP_OK;
    case GFP_OPT_DEVICE:
        if (gfp_opt_size("device", arg, 0, 1023, &v, err))
            return GFP_EINVAL;
        c->device = (int)v;
        return GFP_OK;
    case GFP_OPT_PRECISION:
        if (!strcmp(arg, "f32"))
            c->dbl = 0;
        else if (!strcmp(arg, "f64"))
            c->dbl = 1;
        else
            return gfp_fail(err, GFP_EINVAL,
                            "--precision: '%s' is not f32 or f64", arg);
        return GFP_OK;
    case GFP_OPT_TAIL:
        if (gfp_tail_parse(arg, &c->tail))
            return gfp_fail(err, GFP_EINVAL,
                            "--tail: '%s' is not pad, drop or error", arg);
        return GFP_OK;
    case 'v':
        c->verbose++;
        c->quiet = 0;
        return GFP_OK;
    case 'q':
        c->quiet = 1;
        c->verbose = 0;
        return GFP_OK;
    case 'h':
        c->help = 1;
        return GFP_OK;
    case '?':
        /* A short option character; a long option's missing argument
         * leaves its code here (maybe a control character). */
        if (optopt > ' ' && optopt < 0x7f)
            return gfp_fail(err, GFP_EINVAL, "unknown option '-%c' or "
                            "missing argument", optopt);
        return gfp_fail(err, GFP_EINVAL, "unknown option or missing "
                        "argument: '%s'", argv[optind - 1]);
    }
    return gfp_fail(err, GFP_EINVAL, "option code %d is not handled", code);
}

void gfp_common_usage(FILE *out)
{
    fputs(
        "  --precision f32|f64   arithmetic precision (default f32)\n"
        "  --tail pad|drop|error what to do with a last, incomplete frame\n"
        "                        (default pad with zeros; -v reports it)\n"
        "  --engine auto|cpu|gpu where to compute (default auto: the GPU when\n"
        "                        usable, else the CPU with one note); also\n"
        "                        cufft (the reference) and hybrid (CPU and GPU\n"
        "                        at once, r of every batch to the GPU; the CPU\n"
        "                        alone, with one note, without a GPU)\n"
        "  --device N            GPU to use (default 0)\n"
        "  --threads N           CPU engine threads (default 1; hybrid: the\n"
        "                        count calibrate measured with, else every CPU)\n"
        "  --wisdom FILE         FFTW wisdom file, read and updated\n"
        "  -v, --verbose         report counts and choices on stderr\n"
        "  -q, --quiet           no progress line, no notes\n"
        "  -h, --help            this help\n",
        out);
}

gfp_status gfp_opt_double(const char *name, const char *arg, double lo,
                          double hi, double *out, gfp_error *err)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (end == arg || *end || errno || !isfinite(v))
        return gfp_fail(err, GFP_EINVAL, "--%s: '%s' is not a number", name,
                        arg);
    if (v < lo || v > hi)
        return gfp_fail(err, GFP_EINVAL, "--%s: %s is out of range (%g .. "
                        "%g)", name, arg, lo, hi);
    *out = v;
    return GFP_OK;
}

gfp_status gfp_opt_wxh(const char *name, const char *arg, uint64_t max_side,
                       uint64_t max_values, size_t *w, size_t *h,
                       gfp_error *err)
{
    const char *x = strchr(arg, 'x');
    char a[64];
    uint64_t vw, vh;
    if (!x || (size_t)(x - arg) >= sizeof a)
        goto bad;
    memcpy(a, arg, (size_t)(x - arg));
    a[x - arg] = '\0';
    if (gfp_parse_size(a, &vw) || gfp_parse_size(x + 1, &vh))
        goto bad;
    if (vw < 1 || vh < 1 || vw > max_side || vh > max_side)
        return gfp_fail(err, GFP_EINVAL, "--%s: sides must be 1 to %llu",
                        name, (unsigned long long)max_side);
    size_t n;
    if (!gfp_mul_ok((size_t)vw, (size_t)vh, &n) || n > max_values)
        return gfp_fail(err, GFP_EINVAL, "--%s: %s is too many values", name,
                        arg);
    *w = (size_t)vw;
    *h = (size_t)vh;
    return GFP_OK;
bad:
    return gfp_fail(err, GFP_EINVAL, "--%s: '%s' is not WIDTHxHEIGHT (e.g. "
                    "640x480)", name, arg);
}

gfp_status gfp_opt_choice(const char *name, const char *arg,
                          const char *const *names, int n, int *out,
                          gfp_error *err)
{
    char list[256] = "";
    for (int i = 0; i < n; i++) {
        if (!names[i] || !*names[i])
            continue;
        if (!strcmp(arg, names[i])) {
            *out = i;
            return GFP_OK;
        }
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "",
                 names[i]);
    }
    return gfp_fail(err, GFP_EINVAL, "--%s: '%s' is not one of %s", name, arg,
                    list);
}

gfp_status gfp_opt_positional(int argc, char **argv, int optind_,
                              const char **in, const char **out,
                              gfp_error *err)
{
    *in = "-";
    *out = "-";
    int n = argc - optind_;
    if (n > 2)
        return gfp_fail(err, GFP_EINVAL,
                        "too many arguments ('%s'); expected [INPUT [OUTPUT]]",
                        argv[optind_ + 2]);
    if (n >= 1) {
        if (!*argv[optind_])
            return gfp_fail(err, GFP_EINVAL, "empty input path");
        *in = argv[optind_];
    }
    if (n == 2) {
        if (!*argv[optind_ + 1])
            return gfp_fail(err, GFP_EINVAL, "empty output path");
        *out = argv[optind_ + 1];
    }
    return GFP_OK;
}
