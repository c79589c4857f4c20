/* bench.c - `gfftpipe bench`: throughput and accuracy of the engines side
 * by side. Device-resident batches of about --bytes of input, timed by the
 * engine (CUDA events on the GPU), median of --reps runs after warm-up
 * (the GPU engines of one size rep by rep in turn);
 * accuracy against an independent FFTW double-precision computation. */
#include "config.h"
#include "gfp.h"

#include <fftw3.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIST 256

typedef struct bench_opts {
    const char *engines[8];
    int nengines;
    gfp_kind kinds[3];
    int nkinds;
    int precs[2];
    int nprecs;
    size_t sizes[MAX_LIST];
    size_t heights[MAX_LIST]; /* 2D: rows of sizes[i] x heights[i]; 0: square */
    int nsizes, sizes_set;
    int two_d;                /* --2d, or a size written WxH */
    size_t bytes, total;
    int reps, warmup, pipeline;
    gfp_algorithm algs[GFP_ALG_COUNT];
    int nalgs, alg_column;
    gfp_common c;
} bench_opts;

void gfp_bench_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe bench [options]\n"
        "Times batched transforms on each engine and checks their accuracy.\n"
        "\n"
        "  --engines LIST        comma list of gpu, cufft, cpu (default\n"
        "                        gpu,cufft when built with CUDA, else cpu)\n"
        "  --kind LIST           c2c, r2c, c2r (default c2c)\n"
        "  --precision LIST      f32, f64 (default f32)\n"
        "  --sizes LIST          comma list of N; A..B is every power of two\n"
        "                        from A to B (default 64..8192); WxH is a 2D\n"
        "                        size (W values a row, H rows) and implies --2d\n"
        "  --2d                  time whole 2D transforms on device-resident\n"
        "                        data (gpu: own two-pass 2D FFT; cufft: rank-2\n"
        "                        plan; cpu: FFTW 2D plan); N is N x N (default\n"
        "                        1024x1024,4096x4096,1920x1080,3840x2160)\n"
        "  --algorithm LIST|all  the gpu engine's FFT algorithms, one row each:\n"
        "                        auto (default), ct-r2, ct-r4, stockham-r2,\n"
        "                        stockham-r4, stockham-r8, stockham-r16, pease\n"
        "                        (the seed papers' own; C2C powers of two)\n"
        "  --bytes SIZE          input bytes per timed batch (default 1Gi on a\n"
        "                        GPU, at most 64Mi on the CPU)\n"
        "  --reps N              timed runs, median reported (default 10)\n"
        "  --warmup N            untimed runs first (default 2)\n"
        "  --pipeline            time the whole stream instead: host buffers\n"
        "                        -> engine -> host buffers, --total bytes\n"
        "  --total SIZE          input bytes for --pipeline (default 4Gi)\n"
        "  --device N            GPU to use (default 0)\n"
        "  --threads N           CPU engine threads (default 1)\n"
        "  --wisdom FILE         FFTW wisdom for the cpu engine, read first\n"
        "                        and written back (its plans are always\n"
        "                        FFTW_MEASURE, untimed; the file saves the\n"
        "                        planning next time)\n"
        "  -q, --quiet           no notes\n"
        "  -h, --help            this help\n"
        "\n"
        "GB/s counts bytes read plus bytes written by the transform (2D: the\n"
        "whole transform's input and output, once); 'x cufft' is the\n"
        "throughput ratio to the cufft engine when it is in the list; rel_l2 is\n"
        "||out - ref|| / ||ref|| against FFTW in long double on a few frames\n"
        "(one from N = 2^20; 2D: the first matrix, in double); passes (2D, gpu)\n"
        "counts passes over device memory.\n",
        out);
}

static gfp_status split_list(char *arg, char **items, int max, int *n,
                             gfp_error *err)
{
    *n = 0;
    for (char *tok = strtok(arg, ","); tok; tok = strtok(NULL, ",")) {
        if (*n >= max)
            return gfp_fail(err, GFP_EINVAL, "list too long");
        items[(*n)++] = tok;
    }
    if (*n == 0)
        return gfp_fail(err, GFP_EINVAL, "empty list");
    return GFP_OK;
}

static gfp_status parse_sizes(char *arg, bench_opts *o, gfp_error *err)
{
    char *items[MAX_LIST];
    int n;
    if (split_list(arg, items, MAX_LIST, &n, err))
        return GFP_EINVAL;
    o->nsizes = 0;
    memset(o->heights, 0, sizeof o->heights);
    o->sizes_set = 1;
    for (int i = 0; i < n; i++) {
        char *dots = strstr(items[i], "..");
        size_t a, b;
        if (dots) {
            *dots = 0;
            if (gfp_opt_size("sizes", items[i], 1, 1u << 28, &a, err) ||
                gfp_opt_size("sizes", dots + 2, 1, 1u << 28, &b, err))
                return GFP_EINVAL;
            if (a > b)
                return gfp_fail(err, GFP_EINVAL, "--sizes: empty range");
            for (size_t v = a; v <= b; v *= 2) {
                if (o->nsizes >= MAX_LIST)
                    return gfp_fail(err, GFP_EINVAL, "--sizes: too many");
                o->sizes[o->nsizes++] = v;
            }
        } else if (strchr(items[i], 'x')) {
            /* W x H: a 2D size */
            char *x = strchr(items[i], 'x');
            *x = 0;
            if (gfp_opt_size("sizes", items[i], 1, 1u << 28, &a, err) ||
                gfp_opt_size("sizes", x + 1, 1, 1u << 28, &b, err))
                return GFP_EINVAL;
            if (o->nsizes >= MAX_LIST)
                return gfp_fail(err, GFP_EINVAL, "--sizes: too many");
            o->heights[o->nsizes] = b;
            o->sizes[o->nsizes++] = a;
            o->two_d = 1;
        } else {
            if (gfp_opt_size("sizes", items[i], 1, 1u << 28, &a, err))
                return GFP_EINVAL;
            if (o->nsizes >= MAX_LIST)
                return gfp_fail(err, GFP_EINVAL, "--sizes: too many");
            o->sizes[o->nsizes++] = a;
        }
    }
    return GFP_OK;
}

enum { B_ENGINES = 1, B_KIND, B_PREC, B_SIZES, B_BYTES, B_REPS, B_WARMUP,
       B_PIPELINE, B_TOTAL, B_DEVICE, B_THREADS, B_ALGORITHM, B_2D, B_WISDOM };

static gfp_status bench_getopts(bench_opts *o, int argc, char **argv,
                                int *help, gfp_error *err)
{
    static const struct option longopts[] = {
        {"engines", 1, 0, B_ENGINES}, {"kind", 1, 0, B_KIND},
        {"precision", 1, 0, B_PREC}, {"sizes", 1, 0, B_SIZES},
        {"bytes", 1, 0, B_BYTES}, {"reps", 1, 0, B_REPS},
        {"warmup", 1, 0, B_WARMUP}, {"pipeline", 0, 0, B_PIPELINE},
        {"total", 1, 0, B_TOTAL}, {"device", 1, 0, B_DEVICE},
        {"threads", 1, 0, B_THREADS}, {"algorithm", 1, 0, B_ALGORITHM},
        {"2d", 0, 0, B_2D}, {"wisdom", 1, 0, B_WISDOM},
        {"quiet", 0, 0, 'q'},
        {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    char *items[GFP_ALG_COUNT + 8];
    int n, opt;
    size_t v;
    gfp_common_defaults(&o->c);
#ifdef GFP_HAVE_CUDA
    o->engines[0] = "gpu";
    o->engines[1] = "cufft";
    o->nengines = 2;
#else
    o->engines[0] = "cpu";
    o->nengines = 1;
#endif
    o->kinds[0] = GFP_C2C;
    o->nkinds = 1;
    o->precs[0] = 0;
    o->nprecs = 1;
    o->nsizes = 0;
    for (size_t s = 64; s <= 8192; s *= 2)
        o->sizes[o->nsizes++] = s;
    o->bytes = (size_t)1 << 30;
    o->total = (size_t)4 << 30;
    o->reps = 10;
    o->warmup = 2;
    o->algs[0] = GFP_ALG_AUTO;
    o->nalgs = 1;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
        switch (opt) {
        case B_ENGINES:
            if (split_list(optarg, items, 8, &n, err))
                return GFP_EINVAL;
            for (int i = 0; i < n; i++) {
                if (strcmp(items[i], "gpu") && strcmp(items[i], "cufft") &&
                    strcmp(items[i], "cpu"))
                    return gfp_fail(err, GFP_EINVAL, "--engines: '%s' is not "
                                    "gpu, cufft or cpu", items[i]);
                o->engines[i] = items[i];
            }
            o->nengines = n;
            break;
        case B_KIND:
            if (split_list(optarg, items, 3, &n, err))
                return GFP_EINVAL;
            for (int i = 0; i < n; i++) {
                if (!strcmp(items[i], "c2c")) o->kinds[i] = GFP_C2C;
                else if (!strcmp(items[i], "r2c")) o->kinds[i] = GFP_R2C;
                else if (!strcmp(items[i], "c2r")) o->kinds[i] = GFP_C2R;
                else return gfp_fail(err, GFP_EINVAL, "--kind: '%s' is not "
                                     "c2c, r2c or c2r", items[i]);
            }
            o->nkinds = n;
            break;
        case B_PREC:
            if (split_list(optarg, items, 2, &n, err))
                return GFP_EINVAL;
            for (int i = 0; i < n; i++) {
                if (!strcmp(items[i], "f32")) o->precs[i] = 0;
                else if (!strcmp(items[i], "f64")) o->precs[i] = 1;
                else return gfp_fail(err, GFP_EINVAL, "--precision: '%s' is "
                                     "not f32 or f64", items[i]);
            }
            o->nprecs = n;
            break;
        case B_SIZES:
            if (parse_sizes(optarg, o, err))
                return GFP_EINVAL;
            break;
        case B_BYTES:
            if (gfp_opt_size("bytes", optarg, 1, (uint64_t)1 << 36, &o->bytes,
                             err))
                return GFP_EINVAL;
            break;
        case B_TOTAL:
            if (gfp_opt_size("total", optarg, 1, (uint64_t)1 << 40, &o->total,
                             err))
                return GFP_EINVAL;
            break;
        case B_REPS:
        case B_WARMUP:
            if (gfp_opt_size(opt == B_REPS ? "reps" : "warmup", optarg,
                             opt == B_REPS ? 1 : 0, 10000, &v, err))
                return GFP_EINVAL;
            *(opt == B_REPS ? &o->reps : &o->warmup) = (int)v;
            break;
        case B_ALGORITHM:
            o->alg_column = 1;
            if (!strcmp(optarg, "all")) {
                for (int i = 0; i < GFP_ALG_COUNT; i++)
                    o->algs[i] = (gfp_algorithm)i;
                o->nalgs = GFP_ALG_COUNT;
                break;
            }
            if (split_list(optarg, items, GFP_ALG_COUNT, &n, err))
                return GFP_EINVAL;
            for (int i = 0; i < n; i++)
                if (gfp_algorithm_parse(items[i], &o->algs[i], err))
                    return GFP_EINVAL;
            o->nalgs = n;
            break;
        case B_PIPELINE: o->pipeline = 1; break;
        case B_2D: o->two_d = 1; break;
        case B_DEVICE:
            if (gfp_opt_size("device", optarg, 0, 1023, &v, err))
                return GFP_EINVAL;
            o->c.device = (int)v;
            break;
        case B_THREADS:
            if (gfp_opt_size("threads", optarg, 1, 1024, &v, err))
                return GFP_EINVAL;
            o->c.threads = (int)v;
            break;
        case B_WISDOM: o->c.wisdom = optarg; break;
        case 'q': o->c.quiet = 1; break;
        case 'h': *help = 1; return GFP_OK;
        default:
            /* A short option character; a long option's missing argument
             * leaves its code here (maybe a control character). */
            if (optopt > ' ' && optopt < 0x7f)
                return gfp_fail(err, GFP_EINVAL, "unknown option '-%c' or "
                                "missing argument", optopt);
            return gfp_fail(err, GFP_EINVAL, "unknown option or missing "
                            "argument: '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return gfp_fail(err, GFP_EINVAL, "unexpected argument '%s'",
                        argv[optind]);
    if (o->two_d) {
        if (o->pipeline)
            return gfp_fail(err, GFP_EINVAL, "--pipeline times 1D batches: "
                            "not with --2d or WxH sizes");
        if (o->alg_column)
            return gfp_fail(err, GFP_EINVAL, "--algorithm is for 1D "
                            "batches: not with --2d or WxH sizes");
        if (!o->sizes_set) {
            static const size_t dw[] = {1024, 4096, 1920, 3840};
            static const size_t dh[] = {1024, 4096, 1080, 2160};
            o->nsizes = 4;
            for (int i = 0; i < 4; i++) {
                o->sizes[i] = dw[i];
                o->heights[i] = dh[i];
            }
        }
        for (int i = 0; i < o->nsizes; i++) {
            if (!o->heights[i])
                o->heights[i] = o->sizes[i];
            if ((uint64_t)o->sizes[i] * o->heights[i] > ((uint64_t)1 << 32))
                return gfp_fail(err, GFP_EINVAL, "--sizes: %zux%zu: over 2^32 "
                                "values a matrix", o->sizes[i], o->heights[i]);
        }
    }
    return GFP_OK;
}

static const char *kind_name(gfp_kind k)
{
    return k == GFP_C2C ? "c2c" : k == GFP_R2C ? "r2c" : "c2r";
}

/* Relative L2 error of the engine on a few frames of fresh random input,
 * against FFTW in long double (an independent plan per frame): a double
 * reference's own error (~1e-16) is the size of what f64 results are
 * being measured for. */
static gfp_status accuracy(gfp_plan *plan, size_t frames, uint64_t *seed,
                           double *rel, gfp_error *err)
{
    const gfp_plan_desc *d = &plan->desc;
    size_t n = d->n, ni = gfp_plan_in_scalars(d), no = gfp_plan_out_scalars(d);
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    gfp_engine *e = plan->engine;
    void *in = e->ops->alloc_host(e->state, frames * ni * scal);
    void *out = e->ops->alloc_host(e->state, frames * no * scal);
    double *xin = fftw_malloc(ni * sizeof(double) * frames);
    long double *ref = fftwl_malloc(no * sizeof(long double));
    long double *tmp = fftwl_malloc(ni * sizeof(long double));
    gfp_status st = GFP_OK;
    if (!in || !out || !xin || !ref || !tmp) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < frames * ni; i++)
        xin[i] = gfp_rand_sym(seed);
    if (d->kind == GFP_C2R)
        for (size_t f = 0; f < frames; f++) {
            /* A half spectrum of a real signal: DC and Nyquist are real. */
            xin[f * ni + 1] = 0;
            if (n % 2 == 0)
                xin[f * ni + 2 * (n / 2) + 1] = 0;
        }
    for (size_t i = 0; i < frames * ni; i++) {
        if (d->dbl)
            ((double *)in)[i] = xin[i];
        else
            ((float *)in)[i] = (float)xin[i];
    }
    /* Outputs poisoned, so unwritten elements show as NaN. */
    for (size_t i = 0; i < frames * no; i++) {
        if (d->dbl)
            ((double *)out)[i] = NAN;
        else
            ((float *)out)[i] = NAN;
    }
    if ((st = gfp_plan_execute(plan, in, out, frames, err)))
        goto done;
    long double num = 0, den = 0;
    int sign = d->inverse ? FFTW_BACKWARD : FFTW_FORWARD;
    for (size_t f = 0; f < frames; f++) {
        fftwl_plan rp;
        if (d->kind == GFP_C2C)
            rp = fftwl_plan_dft_1d((int)n, (fftwl_complex *)tmp,
                                   (fftwl_complex *)ref, sign, FFTW_ESTIMATE);
        else if (d->kind == GFP_R2C)
            rp = fftwl_plan_dft_r2c_1d((int)n, tmp, (fftwl_complex *)ref,
                                       FFTW_ESTIMATE);
        else
            rp = fftwl_plan_dft_c2r_1d((int)n, (fftwl_complex *)tmp, ref,
                                       FFTW_ESTIMATE);
        if (!rp) {
            st = gfp_fail(err, GFP_ENOTSUP, "FFTW made no reference plan");
            goto done;
        }
        for (size_t i = 0; i < ni; i++) /* after planning: ESTIMATE keeps the arrays, C2R's input is overwritten */
            tmp[i] = xin[f * ni + i];
        fftwl_execute(rp);
        fftwl_destroy_plan(rp);
        for (size_t i = 0; i < no; i++) {
            long double o = d->dbl ? ((double *)out)[f * no + i]
                                   : ((float *)out)[f * no + i];
            long double r = ref[i] * (long double)d->scale;
            num += (o - r) * (o - r);
            den += r * r;
        }
    }
    *rel = (double)(den > 0 ? sqrtl(num / den) : sqrtl(num));
done:
    if (in)
        e->ops->free_host(e->state, in);
    if (out)
        e->ops->free_host(e->state, out);
    fftw_free(xin);
    fftwl_free(ref);
    fftwl_free(tmp);
    return st;
}

/* The whole stream: pinned host slots -> engine -> host, nslots deep, as
 * the pipeline runs it but without file I/O. */
static gfp_status pipeline_rate(gfp_plan *plan, size_t total, double *gbs,
                                double *secs, gfp_error *err)
{
    enum { NS = 4 };
    const gfp_plan_desc *d = &plan->desc;
    gfp_engine *e = plan->engine;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t ib = d->batch * gfp_plan_in_scalars(d) * scal;
    size_t ob = d->batch * gfp_plan_out_scalars(d) * scal;
    void *in[NS] = {0}, *out[NS] = {0};
    gfp_status st = GFP_OK;
    for (int i = 0; i < NS; i++) {
        in[i] = e->ops->alloc_host(e->state, ib);
        out[i] = e->ops->alloc_host(e->state, ob);
        if (!in[i] || !out[i]) {
            st = gfp_fail(err, GFP_ENOMEM, "out of pinned memory");
            goto done;
        }
        uint64_t seed = (uint64_t)i + 1;
        gfp_rand_fill(in[i], ib / scal, d->dbl, &seed);
    }
    size_t nb = total / ib ? total / ib : 1;
    double t0 = gfp_now();
    for (size_t k = 0; k < nb; k++) {
        int s = (int)(k % NS);
        if ((st = gfp_plan_submit(plan, s, in[s], out[s], d->batch, err)))
            goto done;
        if (k >= 1 && (st = gfp_plan_wait(plan, (int)((k - 1) % NS), err)))
            goto done;
    }
    if ((st = gfp_plan_wait(plan, (int)((nb - 1) % NS), err)))
        goto done;
    *secs = gfp_now() - t0;
    *gbs = (double)nb * (double)ib / *secs / 1e9;
done:
    for (int i = 0; i < NS; i++) {
        if (in[i])
            e->ops->free_host(e->state, in[i]);
        if (out[i])
            e->ops->free_host(e->state, out[i]);
    }
    return st;
}

/* One row of the table: a plan of d on engine e, timed with the others of
 * its size (bench_size) or alone. */
typedef struct {
    gfp_engine *e;
    gfp_plan_desc d;
    gfp_plan *plan;
    gfp_error err;
    gfp_status st;
    double *t;  /* interleaved runs' times (paired rows), o->reps of them */
    int paired; /* timed rep by rep in turn with the other paired rows */
    double rate;
} bench_row;

/* Plans the row (an error is kept in r->st and printed by row_print). */
static int row_pairs(const bench_opts *o, const bench_row *r)
{
    return !o->pipeline && r->e->ops->bench_fill && r->e->ops->bench_run;
}

static void row_plan(const bench_opts *o, bench_row *r)
{
    size_t scal = r->d.dbl ? 8 : 4;
    size_t fin = gfp_plan_in_scalars(&r->d) * scal;
    size_t bytes = o->bytes;
    if (!strcmp(r->e->name, "cpu") && bytes > ((size_t)64 << 20))
        bytes = (size_t)64 << 20;
    r->d.batch = bytes / fin ? bytes / fin : 1;
    r->st = gfp_plan_create(r->e, &r->d, o->pipeline ? 4 : 1, &r->plan, &r->err);
    r->paired = !r->st && row_pairs(o, r);
    if (r->paired && !(r->t = calloc((size_t)o->reps, sizeof *r->t)))
        r->st = gfp_fail(&r->err, GFP_ENOMEM, "out of memory for the benchmark");
}

/* Times the row if it was not timed with the others (the CPU engine, or
 * --pipeline), checks its accuracy and prints it; cufft_rate > 0 adds the
 * ratio to it. Frees the plan. */
static gfp_status row_print(const bench_opts *o, bench_row *r, uint64_t *seed,
                            double cufft_rate)
{
    gfp_plan_desc *d = &r->d;
    size_t scal = d->dbl ? 8 : 4;
    size_t fin = gfp_plan_in_scalars(d) * scal;
    size_t fout = gfp_plan_out_scalars(d) * scal;
    double ms = 0, rel = NAN, secs = 0;
    const char *pname = d->dbl ? "f64" : "f32";
    const char *kname = kind_name(d->kind);
    if (!r->plan && !r->st)
        row_plan(o, r); /* a row timed alone is planned just before */
    gfp_status st = r->st;
    printf("%-6s ", r->e->name);
    if (o->alg_column)
        printf("%-12s ", !strcmp(r->e->name, "gpu")
                             ? gfp_algorithm_name(d->algorithm) : "-");
    if (!st) {
        if (o->pipeline)
            st = pipeline_rate(r->plan, o->total, &r->rate, &secs, &r->err);
        else if (r->paired)
            ms = gfp_median(r->t, (size_t)o->reps);
        else
            st = r->e->ops->time_batch(r->e->state, r->plan->impl, d->batch,
                                       o->warmup, o->reps, &ms, &r->err);
        if (!st && !o->pipeline) {
            /* at least 4 frames and 2^16 values: a few short frames are
             * too few roundings to compare two libraries' errors by; from
             * 2^20 values one frame (FFTW in long double takes about a
             * minute a frame of 2^26) */
            size_t fa = ((size_t)1 << 16) / d->n;
            fa = d->n >= ((size_t)1 << 20) ? 1 : fa < 4 ? 4 : fa;
            st = accuracy(r->plan, d->batch < fa ? d->batch : fa, seed, &rel,
                          &r->err);
        }
    }
    gfp_plan_destroy(r->plan);
    r->plan = NULL;
    free(r->t);
    r->t = NULL;
    if (st) {
        printf("%-4s %-4s %9zu   %s\n", kname, pname, d->n, r->err.msg);
        fflush(stdout);
        return r->err.status ? r->err.status : st;
    }
    if (!o->pipeline)
        r->rate = (double)d->batch * (double)(fin + fout) / (ms * 1e-3) / 1e9;
    char ratio[16] = "-";
    if (cufft_rate > 0)
        snprintf(ratio, sizeof ratio, "%.3f", r->rate / cufft_rate);
    if (o->pipeline)
        printf("%-4s %-4s %9zu %8zu %10.3f %10.1f %8s\n", kname, pname, d->n,
               d->batch, secs, r->rate, ratio);
    else
        printf("%-4s %-4s %9zu %8zu %10.3f %10.1f %8s %10.2e\n", kname, pname,
               d->n, d->batch, ms, r->rate, ratio, rel);
    fflush(stdout);
    return GFP_OK;
}

/* The rows of one size: the paired rows (device engines, not --pipeline)
 * are planned together and get their input, then warm-up and timed runs go
 * round them rep by rep, starting one row further on each rep, so a drift
 * of the device's clocks or temperature falls on all of them alike; the
 * ratio to cufft compares runs taken side by side. A failed run ends the
 * pairing with its row's error. The other rows are planned and timed
 * alone, one after another. rows[0] is the cufft row when cufft_first. */
static gfp_status bench_size(const bench_opts *o, bench_row *rows, int nrows,
                             int cufft_first, uint64_t *seed)
{
    for (int i = 0; i < nrows; i++)
        if (row_pairs(o, &rows[i]))
            row_plan(o, &rows[i]);
    for (int i = 0; i < nrows; i++)
        if (rows[i].paired &&
            (rows[i].st = rows[i].e->ops->bench_fill(rows[i].e->state, rows[i].plan->impl,
                                                     rows[i].d.batch, &rows[i].err)))
            rows[i].paired = 0;
    for (int rep = -o->warmup; rep < o->reps; rep++)
        for (int k = 0; k < nrows; k++) {
            bench_row *r = &rows[(k + (rep < 0 ? 0 : rep)) % nrows];
            if (!r->paired || r->st)
                continue;
            double ms = 0;
            if ((r->st = r->e->ops->bench_run(r->e->state, r->plan->impl, r->d.batch, &ms,
                                              &r->err)))
                continue;
            if (rep >= 0)
                r->t[rep] = ms;
        }
    gfp_status ret = GFP_OK;
    double cufft_rate = 0;
    /* every engine's error of one size on the same input frames */
    const uint64_t seed0 = *seed;
    for (int i = 0; i < nrows; i++) {
        *seed = seed0;
        gfp_status st = row_print(o, &rows[i], seed, i > 0 ? cufft_rate : 0);
        if (i == 0 && cufft_first && !st)
            cufft_rate = rows[0].rate;
        if (st && (ret == GFP_OK || ret == GFP_ENOTSUP))
            ret = st;
    }
    return ret;
}

/* FFTW in double of one matrix: x (in scalars of d, in double) into ref
 * (out scalars). */
static gfp_status ref_2d(const gfp_2d_desc *d, double *x, double *ref,
                         gfp_error *err)
{
    int h = (int)d->h, w = (int)d->w;
    fftw_plan rp;
#ifdef GFP_HAVE_FFTW_THREADS
    /* every core: one 16384 x 16384 reference took ~70 s on one */
    fftw_init_threads();
    fftw_plan_with_nthreads((size_t)h * (size_t)w >= ((size_t)1 << 20) ? gfp_online_cpus()
                                                                       : 1);
#endif
    if (d->kind == GFP_C2C)
        rp = fftw_plan_dft_2d(h, w, (fftw_complex *)x, (fftw_complex *)ref,
                              d->inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                              FFTW_ESTIMATE);
    else if (d->kind == GFP_R2C)
        rp = fftw_plan_dft_r2c_2d(h, w, x, (fftw_complex *)ref,
                                  FFTW_ESTIMATE);
    else
        rp = fftw_plan_dft_c2r_2d(h, w, (fftw_complex *)x, ref,
                                  FFTW_ESTIMATE);
    if (!rp)
        return gfp_fail(err, GFP_ENOTSUP, "FFTW made no reference plan");
    fftw_execute(rp);
    fftw_destroy_plan(rp);
    return GFP_OK;
}

/* One 2D row: times d on engine e (its time_2d) and checks the first
 * matrix against FFTW in double. C2R's input is the spectrum of a random
 * real matrix (Hermitian in both axes), so its reference is that matrix
 * times h w. */
static gfp_status bench_row_2d(const bench_opts *o, gfp_engine *e,
                               gfp_2d_desc *d, uint64_t *seed, double *rate,
                               double cufft_rate)
{
    size_t scal = d->dbl ? 8 : 4;
    size_t ni = gfp_2d_in_scalars(d), no = gfp_2d_out_scalars(d);
    size_t bytes = o->bytes;
    if (!strcmp(e->name, "cpu") && bytes > ((size_t)64 << 20))
        bytes = (size_t)64 << 20;
    d->count = bytes / (ni * scal) ? bytes / (ni * scal) : 1;
    gfp_error err = {0};
    double ms = 0, rel = NAN;
    int passes = 0;
    char size[48];
    snprintf(size, sizeof size, "%zux%zu", d->w, d->h);
    const char *pname = d->dbl ? "f64" : "f32";
    const char *kname = kind_name(d->kind);
    double *x = NULL, *ref = NULL, *xr = NULL;
    void *hin = NULL, *hout = NULL;
    printf("%-6s ", e->name);
    if (!e->ops->time_2d) {
        gfp_fail(&err, GFP_ENOTSUP, "the %s engine times no 2D transforms",
                 e->name);
        goto fail;
    }
    x = fftw_malloc(ni * sizeof *x);
    ref = fftw_malloc((d->kind == GFP_C2R ? ni : no) * sizeof *ref);
    hin = malloc(ni * scal);
    hout = malloc(no * scal);
    if (!x || !ref || !hin || !hout) {
        gfp_fail(&err, GFP_ENOMEM, "out of memory for the reference");
        goto fail;
    }
    if (d->kind == GFP_C2R) {
        /* xr: the real matrix; x: its spectrum, the engine's input */
        if (!(xr = fftw_malloc(no * sizeof *xr))) {
            gfp_fail(&err, GFP_ENOMEM, "out of memory for the reference");
            goto fail;
        }
        for (size_t i = 0; i < no; i++)
            xr[i] = gfp_rand_sym(seed);
        gfp_2d_desc f = *d;
        f.kind = GFP_R2C;
        memcpy(ref, xr, no * sizeof *ref); /* r2c may not keep its input */
        if (ref_2d(&f, ref, x, &err))
            goto fail;
    } else {
        for (size_t i = 0; i < ni; i++)
            x[i] = gfp_rand_sym(seed);
    }
    for (size_t i = 0; i < ni; i++) {
        if (d->dbl)
            ((double *)hin)[i] = x[i];
        else
            ((float *)hin)[i] = (float)x[i];
    }
    /* poisoned, so unwritten elements show as NaN */
    for (size_t i = 0; i < no; i++) {
        if (d->dbl)
            ((double *)hout)[i] = NAN;
        else
            ((float *)hout)[i] = NAN;
    }
    if (e->ops->time_2d(e->state, d, o->warmup, o->reps, hin, hout, &ms,
                        &passes, &err))
        goto fail;
    if (d->kind == GFP_C2R) {
        for (size_t i = 0; i < no; i++)
            ref[i] = xr[i] * (double)d->w * (double)d->h;
    } else if (ref_2d(d, x, ref, &err)) {
        goto fail;
    }
    double num = 0, den = 0;
    for (size_t i = 0; i < no; i++) {
        double v = d->dbl ? ((double *)hout)[i] : ((float *)hout)[i];
        double r = ref[i] * d->scale;
        num += (v - r) * (v - r);
        den += r * r;
    }
    rel = den > 0 ? sqrt(num / den) : sqrt(num);
    fftw_free(x);
    fftw_free(ref);
    fftw_free(xr);
    free(hin);
    free(hout);
    *rate = (double)d->count * (double)(ni + no) * (double)scal /
            (ms * 1e-3) / 1e9;
    char ratio[16] = "-", np[16] = "-";
    if (cufft_rate > 0)
        snprintf(ratio, sizeof ratio, "%.3f", *rate / cufft_rate);
    if (passes > 0)
        snprintf(np, sizeof np, "%d", passes);
    printf("%-4s %-4s %11s %6zu %10.3f %10.1f %8s %10.2e %6s\n", kname, pname,
           size, d->count, ms, *rate, ratio, rel, np);
    fflush(stdout);
    return GFP_OK;
fail:
    printf("%-4s %-4s %11s   %s\n", kname, pname, size, err.msg);
    fflush(stdout);
    fftw_free(x);
    fftw_free(ref);
    fftw_free(xr);
    free(hin);
    free(hout);
    return err.status;
}

int gfp_bench_main(int argc, char **argv)
{
    bench_opts o;
    memset(&o, 0, sizeof o);
    gfp_error err = {0};
    int help = 0;
    if (bench_getopts(&o, argc, argv, &help, &err)) {
        gfp_msg("bench", "%s", err.msg);
        fprintf(stderr, "Try 'gfftpipe bench --help'.\n");
        return 1;
    }
    if (help) {
        gfp_bench_usage(stdout);
        return fflush(stdout) ? 2 : 0;
    }
    gfp_engine *eng[8] = {0};
    gfp_engine_opts eo = {.threads = o.c.threads, .device = o.c.device,
                          .wisdom = o.c.wisdom, .measure_plans = 1,
                          .quiet_notes = 1};
    for (int i = 0; i < o.nengines; i++)
        if (gfp_engine_open(o.engines[i], &eo, "bench", &eng[i], &err)) {
            gfp_msg("bench", "%s", err.msg);
            for (int j = 0; j < i; j++)
                gfp_engine_close(eng[j]);
            return err.status == GFP_EDEVICE ? 3 : 2;
        }
    int cufft_i = -1;
    for (int i = 0; i < o.nengines; i++)
        if (!strcmp(o.engines[i], "cufft"))
            cufft_i = i;
    printf("%-6s ", "engine");
    if (o.alg_column) /* only when --algorithm asked for it */
        printf("%-12s ", "algorithm");
    if (o.two_d)
        printf("%-4s %-4s %11s %6s %10s %10s %8s %10s %6s\n", "kind", "prec",
               "w x h", "batch", "ms", "GB/s", "x cufft", "rel_l2", "passes");
    else if (o.pipeline)
        printf("%-4s %-4s %9s %8s %10s %10s %8s\n", "kind", "prec", "n",
               "batch", "seconds", "GB/s in", "x cufft");
    else
        printf("%-4s %-4s %9s %8s %10s %10s %8s %10s\n", "kind", "prec", "n",
               "batch", "ms", "GB/s", "x cufft", "rel_l2");
    int code = 0;
    uint64_t seed = 12345;
    for (int ki = 0; ki < o.nkinds; ki++)
    for (int pi = 0; pi < o.nprecs; pi++)
    for (int si = 0; si < o.nsizes; si++) {
        double rate[8] = {0};
        if (!o.two_d) {
            /* cufft first, so the others' rows can give their ratio to it;
             * the gpu engine: one row per algorithm */
            bench_row rows[8 * GFP_ALG_COUNT];
            int nrows = 0;
            for (int oi = 0; oi < o.nengines; oi++) {
                int ei = cufft_i < 0 ? oi
                         : oi == 0 ? cufft_i : (oi <= cufft_i ? oi - 1 : oi);
                int gpu = !strcmp(eng[ei]->name, "gpu");
                for (int ai = 0; ai < (gpu ? o.nalgs : 1); ai++)
                    rows[nrows++] = (bench_row){
                        .e = eng[ei],
                        .d = {.n = o.sizes[si], .kind = o.kinds[ki],
                              .inverse = o.kinds[ki] == GFP_C2R,
                              .dbl = o.precs[pi], .scale = 1.0,
                              .post = GFP_POST_NONE,
                              .algorithm = gpu ? o.algs[ai] : GFP_ALG_AUTO}};
            }
            gfp_status st = bench_size(&o, rows, nrows, cufft_i >= 0, &seed);
            if (st && st != GFP_ENOTSUP)
                code = 2;
            if (st == GFP_EDEVICE)
                goto out; /* a sticky device error ends the run */
            continue;
        }
        /* cufft first, so the others' rows can give their ratio to it. */
        for (int oi = 0; oi < o.nengines; oi++) {
            int ei = cufft_i < 0 ? oi
                     : oi == 0 ? cufft_i : (oi <= cufft_i ? oi - 1 : oi);
            gfp_2d_desc d2 = {
                .w = o.sizes[si], .h = o.heights[si],
                .kind = o.kinds[ki], .inverse = o.kinds[ki] == GFP_C2R,
                .dbl = o.precs[pi], .scale = 1.0};
            gfp_status st = bench_row_2d(&o, eng[ei], &d2, &seed, &rate[ei],
                                         cufft_i < 0 || ei == cufft_i
                                             ? 0 : rate[cufft_i]);
            if (st && st != GFP_ENOTSUP)
                code = 2;
            if (st == GFP_EDEVICE)
                goto out;
        }
    }
out:
    for (int i = 0; i < o.nengines; i++)
        gfp_engine_close(eng[i]);
    if (fflush(stdout))
        code = 2;
    return code;
}
