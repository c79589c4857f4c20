/* calibrate.c - `gfftpipe calibrate`: the hybrid engine's short profiling
 * run (seed 001). Every step of a row-column 2D FFT (model.h) is timed on
 * small batches, 256 to 4096 long and at most 4 Mi values (32 MiB of cf32),
 * the same way gfp_fft2d_execute runs it (the same batch sizes, the same
 * pipeline: three GPU batches in flight, the CPU's FFTs and transposes in
 * blocks); the coefficients are least-squares fits. The GPU's copies are
 * the exception: they are timed alone, as fft2's passes make them, over
 * two 256 MiB pinned arrays (measure_copies: what a large run's copies
 * see). Then one split pass of 2048 x 2048 runs its two parts alone and
 * at once: how much slower each is beside the other (model.h: beside).
 * All is saved to the model file (model.h: $XDG_CACHE_HOME/gfftpipe/model)
 * that --engine hybrid loads. A few seconds; without a GPU only the CPU
 * steps are measured (and the file says so). */
#include "config.h"
#include "filters.h"
#include "fft2.h"
#include "model.h"

#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

int gfp_calibrate_main(int argc, char **argv);
void gfp_calibrate_usage(FILE *out);

void gfp_calibrate_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe calibrate [options]\n"
        "Times the steps of a 2D FFT (CPU FFTs, transposes, GPU copies and\n"
        "kernels, pinned allocation) on small sizes (the GPU's copies over\n"
        "two 256 MiB pinned arrays), fits the performance\n"
        "model of --engine hybrid by least squares and saves it to\n"
        "$XDG_CACHE_HOME/gfftpipe/model (~/.cache/gfftpipe/model without\n"
        "XDG_CACHE_HOME; GFFTPIPE_MODEL names another file). A few seconds.\n"
        "\n"
        "  --threads N           FFTW threads, as the runs will use (default:\n"
        "                        every CPU online; --engine hybrid then takes\n"
        "                        the model's count when --threads is left out)\n"
        "  --device N            GPU to use (default 0)\n"
        "  --wisdom FILE         FFTW wisdom, as the runs will use: plans are\n"
        "                        measured (FFTW_MEASURE) as theirs are; slower\n"
        "  --gpu-mem SIZE        device memory cap, as for fft2 (default 64Mi:\n"
        "                        pieces of 8 MiB, so every pass is\n"
        "                        pipelined as an out-of-core run's)\n"
        "  -o, --output FILE     write the model there instead\n"
        "  -v, --verbose         print every timing and the fitted steps\n"
        "  -q, --quiet           no notes\n"
        "  -h, --help            this help\n",
        out);
}

/* (n, frames) of the profiling runs: n log n spread over 8 .. 12 and
 * both directions' shapes; at most 4 Mi values (the first
 * CAL_SHAPES_SMALL). GFP_CAL_BIG=1, an A/B switch, adds
 * the last three, 16 Mi values each (128 MiB of cf32): on stop 45's H100
 * machine the small shapes' FFTs ran at ~10 G n log2 n units a second
 * on 16 threads where an 8192^2 pass ran ~28 G, and the model priced the
 * CPU 2-2.7x slow (bench/NOTES.md). On stop 46's H100 machine, where the
 * default priced the CPU alone within 11 %, the big shapes moved the
 * model's r by 0.01-0.05 at the three sizes of bench/hybrid-sweep.sh,
 * no nearer the sweeps' best: not the default. */
static const size_t cal_shapes[][2] = {
    {256, 2048}, {512, 512},  {1024, 1024}, {2048, 2048},
    {4096, 512}, {1024, 4096}, {512, 4096}, {2048, 256},
    {8192, 2048}, {4096, 4096}, {16384, 1024}};
#define NSHAPES (sizeof cal_shapes / sizeof *cal_shapes)
#define CAL_SHAPES_SMALL 8
/* Repetitions of each timed step, their median taken. The CPU's steps
 * last 0.2-3 ms; with 3, one calibrate fitted the CPU's line 1.9x slow
 * (bench/NOTES.md, stop 25, call 3). 5 cost about a second more. */
#define CAL_REPS 5

/* bytes: input plus output (FFTs, copies); array: one array's bytes, the
 * size model.c prices transposes and allocations by (model.h). */
typedef struct cal_obs {
    double bytes[NSHAPES], array[NSHAPES], work[NSHAPES];
    double batches[NSHAPES]; /* the CPU pass's (model.h: a CPU step's c0) */
    double t[GFP_STEP_COUNT][NSHAPES];
    double pass[NSHAPES]; /* the GPU's whole pass (-v: against the model) */
    size_t n;             /* the shapes measured (cal_ab.big) */
} cal_obs;

/* A real run streams arrays far larger than the caches; the profiling
 * arrays would stay in a server's L3 between repetitions. Writing this
 * much before each timed repetition evicts them. That leaves the caches
 * full of the flush's dirty lines, whose write-back the timed pass then
 * pays as it evicts them, which a streaming run does not (a suspect in
 * stop 45's H100 machine, where calibrate priced the CPU 2-2.7x slow:
 * bench/NOTES.md); GFP_CAL_CLEAN_FLUSH=1, an A/B switch, evicts by
 * reading instead, leaving clean lines (stop 46's H100 machine: the
 * model's r within 0.04 of the default's, no nearer the sweeps'). */
#define CAL_FLUSH_BYTES ((size_t)256 << 20)

/* The CPU's profiling passes are timed in this many rounds over all the
 * shapes, each shape's times the least of its rounds' (measure). On stop
 * 50's H100 machine one round's medians of five moved 2-4x from one
 * calibrate to the next (f32 1024 x 4096: 1.43, 3.67 and 5.98 ms), and
 * the model priced the CPU alone at 2.0-2.1x its measured time; each
 * shape's least over three such calibrates (minutes apart, not rounds of
 * one) priced it within 1-6 % and put the model's r within 0.04 of the
 * sweep's best in five of its six directions (bench/cal-replay;
 * bench/NOTES.md, stop 51). The slow spells there lasted seconds (whole
 * runs of shapes slow, a whole precision in one calibrate, all of
 * another), so the rounds must span more than that: five rounds of a
 * precision take ~10-15 s. A round costs about 3 s on two cores (its
 * cache flushes, mostly). GFP_CAL_CPU_ROUNDS=1: one round, as before. */
#define CAL_CPU_ROUNDS 5

/* calibrate's A/B switches (gfftpipe(1), ENVIRONMENT), read once at its
 * start (cal_ab_read): big, GFP_CAL_BIG=1 (all of cal_shapes, not the
 * first CAL_SHAPES_SMALL); clean, GFP_CAL_CLEAN_FLUSH=1 (flush_caches
 * reads); beside_n, GFP_CAL_BESIDE_N (the split pass N x N, a power of
 * two from 512 to 8192, else CAL_BESIDE_N); rot, GFP_CAL_ROT (the split
 * pass's arrays, 0: measure_beside's count); cpu_rounds,
 * GFP_CAL_CPU_ROUNDS (measure's CPU passes timed in that many rounds
 * over the shapes, each shape's times the least of its rounds'; 1 to 9,
 * else CAL_CPU_ROUNDS) */
static struct {
    int big, clean, cpu_rounds;
    size_t beside_n, rot;
} cal_ab;
/* The flush buffer (NULL: no flushing), its pages written once: read
 * before any write, calloc's pages would all be the one zero page */
static unsigned char *flush_alloc(void)
{
    unsigned char *fl = malloc(CAL_FLUSH_BYTES);
    if (fl)
        memset(fl, 1, CAL_FLUSH_BYTES);
    return fl;
}
static volatile unsigned char flush_sink; /* the clean flush's reads */
static void flush_caches(unsigned char *buf)
{
    if (!buf)
        return;
    if (cal_ab.clean) {
        const volatile unsigned char *v = buf;
        unsigned char acc = 0;
        for (size_t i = 0; i < CAL_FLUSH_BYTES; i += 64)
            acc ^= v[i];
        flush_sink = acc;
    } else {
        for (size_t i = 0; i < CAL_FLUSH_BYTES; i += 64)
            buf[i]++;
    }
}

/* Median seconds of CAL_REPS passes of F frames of n through pl. */
static gfp_status time_pass(gfp_plan *pl, void *in, void *out, size_t F,
                            size_t ib, size_t ob, unsigned char *fl,
                            double *secs, gfp_error *err)
{
    double t[CAL_REPS];
    /* one warm-up run: first-touch pages, plan caches */
    gfp_status st = gfp_fft2d_pass(pl, in, out, F, ib, ob, err);
    for (int r = 0; r < CAL_REPS && !st; r++) {
        flush_caches(fl);
        double t0 = gfp_now();
        st = gfp_fft2d_pass(pl, in, out, F, ib, ob, err);
        t[r] = gfp_now() - t0;
    }
    if (!st)
        *secs = gfp_median(t, CAL_REPS);
    return st;
}

/* The same for a pass whose batches land transposed (fft2's passes: a GPU
 * engine transposes on the device). */
static gfp_status time_pass_t(gfp_plan *pl, void *in, void *out, size_t F,
                              size_t ib, size_t L, int dbl, int threads,
                              unsigned char *fl, double *secs,
                              gfp_error *err)
{
    double t[CAL_REPS];
    gfp_status st = gfp_fft2d_pass_t(pl, in, out, F, ib, L, dbl, threads,
                                     err);
    for (int r = 0; r < CAL_REPS && !st; r++) {
        flush_caches(fl);
        double t0 = gfp_now();
        st = gfp_fft2d_pass_t(pl, in, out, F, ib, L, dbl, threads, err);
        t[r] = gfp_now() - t0;
    }
    if (!st)
        *secs = gfp_median(t, CAL_REPS);
    return st;
}

/* The CPU's two passes of F frames of n (C2C, batched as execute batches
 * them), each the median of time_pass's runs: *plain, the plain pass's
 * seconds, and *trans, the pass with transposed stores (fft2's, the FFT
 * and the transpose in one trip through memory: engine_fftw's blocks),
 * whose excess over the plain one is the transposes' time (model.h) */
static gfp_status time_cpu(gfp_engine *cpu, int dbl, int threads, size_t n,
                           size_t F, void *in, void *out, unsigned char *fl,
                           double *plain, double *trans, gfp_error *err)
{
    size_t fb = 2 * n * (dbl ? sizeof(double) : sizeof(float));
    gfp_plan_desc d = {.n = n, .kind = GFP_C2C, .dbl = dbl, .scale = 1,
                       .transposed = 1,
                       .batch = gfp_fft2d_batch(F, fb, 2 * fb, 0, 0)};
    gfp_plan *pl = NULL;
    gfp_status st = gfp_plan_create(cpu, &d, 2, &pl, err);
    if (st)
        return st;
    st = time_pass(pl, in, out, F, fb, fb, fl, plain, err);
    gfp_plan_destroy(pl);
    if (st || (st = gfp_plan_create(cpu, &d, 2, &pl, err)))
        return st;
    st = time_pass_t(pl, in, out, F, fb, n, dbl, threads, fl, trans, err);
    gfp_plan_destroy(pl);
    return st;
}

static gfp_status measure(gfp_engine *cpu, gfp_engine *gpu, int dbl,
                          int threads, size_t gpu_mem, int verbose,
                          cal_obs *o, gfp_error *err)
{
    double tplain[NSHAPES], ttrans[NSHAPES]; /* time_cpu's */
    size_t sc = dbl ? sizeof(double) : sizeof(float);
    size_t maxv = 0;
    o->n = cal_ab.big ? NSHAPES : CAL_SHAPES_SMALL;
    for (size_t i = 0; i < o->n; i++)
        if (cal_shapes[i][0] * cal_shapes[i][1] > maxv)
            maxv = cal_shapes[i][0] * cal_shapes[i][1];
    size_t bytes = maxv * 2 * sc;
    gfp_engine *he = gpu ? gpu : cpu;
    void *in = he->ops->alloc_host(he->state, bytes);
    void *out = he->ops->alloc_host(he->state, bytes);
    unsigned char *fl = flush_alloc(); /* NULL: no flushing */
    gfp_status st = GFP_OK;
    if (!in || !out) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the profiling "
                      "arrays");
        goto done;
    }
    uint64_t seed = 12345;
    gfp_rand_fill(in, maxv * 2, dbl, &seed);
    for (size_t i = 0; i < o->n && !st; i++) {
        size_t n = cal_shapes[i][0], F = cal_shapes[i][1];
        size_t fb = 2 * n * sc;
        gfp_model_shape_obs(n, F, dbl, &o->bytes[i], &o->array[i],
                            &o->work[i], &o->batches[i]);
        if ((st = time_cpu(cpu, dbl, threads, n, F, in, out, fl, &tplain[i],
                           &ttrans[i], err)))
            break;
        if (gpu) {
            /* the GPU's pass as fft2 runs it: copies, kernels and the
             * transposes on the device, three batches in flight; its FFT
             * kernels alone from the engine's device-resident timing */
            gfp_plan_desc d = {.n = n, .kind = GFP_C2C, .dbl = dbl,
                               .scale = 1, .transposed = 1,
                               .batch = gfp_fft2d_batch(F, fb, 2 * fb, 1.0,
                                                        gpu_mem)};
            gfp_plan *pl = NULL;
            if ((st = gfp_plan_create(gpu, &d, gfp_fft2d_plan_slots(1.0),
                                      &pl, err)))
                break;
            double tp = 0, ms = 0;
            st = time_pass_t(pl, in, out, F, fb, n, dbl, threads, fl, &tp,
                             err);
            if (!st)
                st = gpu->ops->time_batch(gpu->state, pl->impl, d.batch, 2,
                                          5, &ms, err);
            gfp_plan_destroy(pl);
            if (st)
                break;
            double tk = ms * 1e-3 * (double)F / (double)d.batch;
            if (tk > tp)
                tk = tp;
            o->t[GFP_STEP_GPU_FFT][i] = tk;
            /* the whole pass: only compared with the model (-v); the
             * copy step is fitted to the copies alone (measure_copies) */
            o->pass[i] = tp;
        }
        /* pinned (or FFTW-aligned) allocation of a working array */
        {
            double t[CAL_REPS];
            for (int r = 0; r < CAL_REPS; r++) {
                size_t ab = (size_t)o->array[i];
                double t0 = gfp_now();
                void *a = he->ops->alloc_host(he->state, ab);
                if (a) {
                    memset(a, 0, ab); /* first touch, as a real run */
                    he->ops->free_host(he->state, a);
                }
                t[r] = gfp_now() - t0;
                if (!a) {
                    st = gfp_fail(err, GFP_ENOMEM, "allocation failed");
                    break;
                }
            }
            if (!st)
                o->t[GFP_STEP_ALLOC][i] = gfp_median(t, CAL_REPS);
        }
        if (verbose && !st)
            gfp_msg("calibrate", "%s n %zu x %zu frames: cpu_fft %.3f ms, "
                    "transpose %.3f ms, gpu pass beyond its kernels %.3f "
                    "ms, gpu_fft %.3f ms, "
                    "alloc %.3f ms", dbl ? "f64" : "f32", n, F,
                    1e3 * tplain[i], 1e3 * (ttrans[i] - tplain[i]),
                    1e3 * (o->pass[i] - o->t[GFP_STEP_GPU_FFT][i]),
                    1e3 * o->t[GFP_STEP_GPU_FFT][i],
                    1e3 * o->t[GFP_STEP_ALLOC][i]);
    }
    /* the CPU's passes again (CAL_CPU_ROUNDS), round after round over
     * all the shapes, so that what slows a few runs in a row (stop 50's
     * H100 machine: one shape's pass 4x slower in one calibrate than in
     * the next) falls on different shapes each round; each time the
     * least of its rounds', the CPU steps' observations */
    for (int rd = 1; rd < cal_ab.cpu_rounds && !st; rd++)
        for (size_t i = 0; i < o->n && !st; i++) {
            double tp = 0, tt = 0;
            st = time_cpu(cpu, dbl, threads, cal_shapes[i][0],
                          cal_shapes[i][1], in, out, fl, &tp, &tt, err);
            tplain[i] = tp < tplain[i] ? tp : tplain[i];
            ttrans[i] = tt < ttrans[i] ? tt : ttrans[i];
        }
    for (size_t i = 0; i < o->n && !st; i++) {
        o->t[GFP_STEP_CPU_FFT][i] = tplain[i];
        o->t[GFP_STEP_TRANSPOSE][i] = ttrans[i] - tplain[i];
        if (verbose && cal_ab.cpu_rounds > 1)
            gfp_msg("calibrate", "%s n %zu x %zu frames: cpu_fft %.3f ms, "
                    "transpose %.3f ms (the least of %d rounds)",
                    dbl ? "f64" : "f32", cal_shapes[i][0], cal_shapes[i][1],
                    1e3 * tplain[i], 1e3 * (ttrans[i] - tplain[i]),
                    cal_ab.cpu_rounds);
    }
done:
    free(fl);
    if (in)
        he->ops->free_host(he->state, in);
    if (out)
        he->ops->free_host(he->state, out);
    return st;
}

/* ---- the copies alone, over a large array (model.h: GPU_COPY) -------- */

/* A real out-of-core run copies 512 MiB to 2 GiB arrays; the profiling
 * passes' 32 MiB ones copied at 72-98 GB/s on the H100 machine where
 * 8192^2's copied at 40-52 (bench/NOTES.md, issue 7). What sets a pass's
 * copy rate is how its copy back lands: fft2's row pass copies each batch
 * back whole into a tile of the intermediate array (one run), its column
 * pass copies each batch back as H rows of nf values into the columns of
 * the W-wide result, runs of nf x 8 bytes (cf32) a row of the array
 * apart. On the H100 machine such strided copies ran at 33 GB/s both ways
 * (256 B runs), 54 (1 KiB) and 64-66 (4 KiB) whenever the rows were 64
 * KiB or more apart, whatever the array, against 63-75 at a 4 KiB pitch
 * and 86-92 for whole copies (bench/gpu/hostcopy, NOTES "hybrid model
 * v3"). So the probe makes fft2's copies (its batches, three in flight;
 * no kernels) over two host arrays of CAL_COPY_BYTES, allocated as fft2's
 * are (alloc_host: 4 KiB pages unless GFP_THP=1): frames of
 * CAL_COPY_ROWS cf32 values, copied back either whole (the row pass) or
 * as rows CAL_COPY_PITCH apart (a row of an 8192-wide cf32 array: the
 * column pass of the sizes a hybrid run is for) in runs of 256 B to 2 KiB
 * (8192^2's column pass has 1 KiB runs, 16384^2's 512 B, 8192 x 32768's
 * 256 B), over all and half of the array. No FFT runs on arrays larger
 * than the profiling shapes. Bytes are bytes and runs are runs: one fit
 * serves both precisions. */
#define CAL_COPY_ROWS 4096
#define CAL_COPY_PITCH ((size_t)64 << 10)
#define CAL_COPY_FRAMES (CAL_COPY_PITCH / 8)
#define CAL_COPY_BYTES (CAL_COPY_FRAMES * CAL_COPY_ROWS * 8) /* 256 MiB */
/* {frames, frames a batch, strided (1) or whole (0) copies back} */
static const size_t copy_obs[][3] = {
    {CAL_COPY_FRAMES, 32, 1},      {CAL_COPY_FRAMES, 64, 1},
    {CAL_COPY_FRAMES, 128, 1},     {CAL_COPY_FRAMES, 256, 1},
    {CAL_COPY_FRAMES, 256, 0},     {CAL_COPY_FRAMES / 2, 32, 1},
    {CAL_COPY_FRAMES / 2, 128, 1}, {CAL_COPY_FRAMES / 2, 256, 0}};
#define NCOPY (sizeof copy_obs / sizeof *copy_obs)

typedef struct cal_copies {
    double bytes[NCOPY], runs[NCOPY], t[NCOPY];
} cal_copies;

static gfp_status measure_copies(gfp_engine *gpu, int verbose, cal_copies *o,
                                 gfp_error *err)
{
    if (!gpu->ops->time_copies)
        return gfp_fail(err, GFP_ENOTSUP, "the GPU engine cannot time its "
                        "copies");
    unsigned char *in = gpu->ops->alloc_host(gpu->state, CAL_COPY_BYTES);
    unsigned char *out = gpu->ops->alloc_host(gpu->state, CAL_COPY_BYTES);
    gfp_status st = GFP_OK;
    if (!in || !out) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for two pinned "
                      "arrays of %zu MiB (the copy probe)",
                      CAL_COPY_BYTES >> 20);
        goto done;
    }
    memset(in, 0, CAL_COPY_BYTES);
    memset(out, 0, CAL_COPY_BYTES);
    const size_t ce = 2 * sizeof(float), fb = CAL_COPY_ROWS * ce;
    for (size_t k = 0; k < NCOPY; k++) {
        size_t F = copy_obs[k][0], nf = copy_obs[k][1];
        size_t pitch = copy_obs[k][2] ? CAL_COPY_PITCH : 0;
        size_t batches = (F + nf - 1) / nf;
        o->bytes[k] = 2.0 * (double)(F * fb); /* in + out, as passes count */
        o->runs[k] = (double)batches * (pitch ? CAL_COPY_ROWS : 1);
        if ((st = gpu->ops->time_copies(gpu->state, in, out, F, fb,
                                        CAL_COPY_ROWS, ce, nf, pitch,
                                        gfp_fft2d_plan_slots(1.0), CAL_REPS,
                                        &o->t[k], err)))
            goto done;
        double ms = 1e3 * o->t[k], gbs = o->bytes[k] / o->t[k] / 1e9;
        if (verbose && pitch)
            gfp_msg("calibrate", "copies alone: %zu MiB in batches of %zu "
                    "frames, back in runs of %zu B, %zu KiB apart: %.3f ms, "
                    "%.1f GB/s both ways", (F * fb) >> 20, nf, nf * ce,
                    pitch >> 10, ms, gbs);
        else if (verbose)
            gfp_msg("calibrate", "copies alone: %zu MiB in batches of %zu "
                    "frames, back whole: %.3f ms, %.1f GB/s both ways",
                    (F * fb) >> 20, nf, ms, gbs);
    }
done:
    if (in)
        gpu->ops->free_host(gpu->state, in);
    if (out)
        gpu->ops->free_host(gpu->state, out);
    return st;
}

/* ---- the two parts at once (model.h: beside) ------------------------- */

/* The split pass calibrate runs both ways: C2C rows of CAL_BESIDE_N, as
 * many frames (4 Mi values, the largest profiling run). Each part repeats
 * CAL_BESIDE_ITERS times, as one stream of batches (side_run), and at
 * once each part keeps going until the other has done its repeats too, so
 * every timed repeat of either ran beside the other. The repeats take
 * arrays in turn, every round on from where the last one stopped, and
 * there are enough arrays that the CPU's parts of all of them (input and
 * output) come to twice CAL_FLUSH_BYTES (at most 1 GiB of arrays a side,
 * CAL_ROT_MAX arrays): a real run streams arrays larger than the caches,
 * and a CPU part that stayed in a server's L3 between repeats would draw
 * less from host memory than a real run's. (Measured on an H100 machine
 * with a 300 MiB L3, bench/NOTES.md issue 7: four arrays gave the GPU
 * part 1.00-1.16x, thirty-two 1.12-1.26x, before the rounds below; with
 * them, 1.22-1.37x and 1.22-1.31x: no difference shown.) */
#define CAL_BESIDE_N 2048
static void cal_ab_read(void)
{
    const char *e = getenv("GFP_CAL_BIG");
    cal_ab.big = e && *e == '1';
    e = getenv("GFP_CAL_CLEAN_FLUSH");
    cal_ab.clean = e && *e == '1';
    e = getenv("GFP_CAL_BESIDE_N");
    long v = e ? atol(e) : 0;
    cal_ab.beside_n = v >= 512 && v <= 8192 && !(v & (v - 1)) ? (size_t)v
                                                               : CAL_BESIDE_N;
    e = getenv("GFP_CAL_ROT");
    v = e ? atol(e) : 0;
    cal_ab.rot = v > 0 ? (size_t)v : 0;
    e = getenv("GFP_CAL_CPU_ROUNDS");
    v = e ? atol(e) : 0;
    cal_ab.cpu_rounds = v >= 1 && v <= 9 ? (int)v : CAL_CPU_ROUNDS;
}
/* (32 repeats, ~13 ms a timing instead of ~3, left kc as spread between
 * calibrates of one machine: 1.55-1.99 against 1.34-1.67; bench/NOTES.md
 * stop 25, call 7) */
#define CAL_BESIDE_ITERS 8
#define CAL_ROT_MIN 4
#define CAL_ROT_MAX 64
#define CAL_BESIDE_CAP 1000
#define CAL_BESIDE_ROUNDS 5

typedef struct cal_side {
    gfp_plan *pl;
    unsigned char *in, *out; /* nrot arrays of `bytes` each */
    size_t bytes, lo, hi, F, fb, tout;
    size_t nrot, rot;        /* arrays; the next one this part takes */
    int alone;
    _Atomic int *mine, *other; /* done with the timed repeats */
    double secs;               /* per repeat */
    gfp_status st;
    gfp_error err;
} cal_side;

/* One part's repeats as one stream of batches, as within one long pass of
 * fft2: each repeat takes the part's frames of the next array, and the
 * plan's slots carry on from one repeat to the next (a pass of 2048
 * frames is only three of the GPU's batches: drained after each repeat,
 * the GPU would mostly fill and drain its pipeline, and feel nothing of
 * the CPU beside it). The time of CAL_BESIDE_ITERS repeats runs to the
 * end of the last batch of the last of them. */
static void side_run(cal_side *s)
{
    int ns = s->pl->nslots < 1 ? 1 : s->pl->nslots > 8 ? 8 : s->pl->nslots;
    int busy[8] = {0};
    size_t bk[8] = {0}, chunk = s->pl->desc.batch, k = 0;
    size_t per = (s->hi - s->lo + chunk - 1) / chunk;
    size_t last = per * CAL_BESIDE_ITERS - 1; /* the timed repeats' last */
    double t0 = gfp_now();
    s->st = GFP_OK;
    s->secs = 0;
    for (int i = 0; i < CAL_BESIDE_CAP && !s->st; i++) {
        if (i >= CAL_BESIDE_ITERS && (s->alone || atomic_load(s->other)))
            break;
        size_t a = s->rot++ % s->nrot;
        for (size_t f0 = s->lo; f0 < s->hi; f0 += chunk, k++) {
            int slot = (int)(k % (size_t)ns);
            if (busy[slot]) {
                busy[slot] = 0;
                if ((s->st = gfp_plan_wait(s->pl, slot, &s->err)))
                    break;
                if (bk[slot] == last) {
                    s->secs = (gfp_now() - t0) / CAL_BESIDE_ITERS;
                    atomic_store(s->mine, 1);
                }
            }
            size_t nf = s->hi - f0 < chunk ? s->hi - f0 : chunk;
            const unsigned char *src = s->in + a * s->bytes + f0 * s->fb;
            unsigned char *dst = s->out + a * s->bytes;
            s->st = s->tout ? gfp_plan_submit_tg(s->pl, slot, src, NULL, dst,
                                                 s->tout, nf, s->F, f0,
                                                 &s->err)
                            : gfp_plan_submit_t(s->pl, slot, src, dst, nf,
                                                s->F, f0, &s->err);
            if (s->st)
                break;
            busy[slot] = 1;
            bk[slot] = k;
        }
    }
    /* the batches still in flight, in the order they went */
    for (int j = 0; j < ns; j++, k++) {
        int slot = (int)(k % (size_t)ns);
        if (!busy[slot])
            continue;
        busy[slot] = 0;
        gfp_error e2 = {0};
        gfp_status w = gfp_plan_wait(s->pl, slot, &e2);
        if (w && !s->st) {
            s->st = w;
            s->err = e2;
        }
        if (bk[slot] == last && !s->secs)
            s->secs = (gfp_now() - t0) / CAL_BESIDE_ITERS;
    }
    atomic_store(s->mine, 1);
}

static void *side_thread(void *arg)
{
    side_run(arg);
    return NULL;
}

/* One split pass of F frames of F (measure_beside's cal_ab.beside_n) at
 * r, its parts timed alone and at once (fft2's way: the CPU's part on a
 * thread of its own, its stores streamed as into a large array), over
 * the nrot arrays at in and out: f, each part's factor (the median of
 * the rounds' ratios), alone and both the parts' times (medians). tile:
 * the rows' pass, its output in tiles of tile frames and the split on a
 * tile's bound; 0: the columns', the GPU's part copied back in runs of
 * its batch's frames, a row of the output apart (model.h: GPU_COPY).
 * *ng gets the GPU's frames. */
static gfp_status beside_pass(gfp_engine *cpu, gfp_engine *gpu, int dbl,
                              size_t gpu_mem, size_t F, size_t tile,
                              double r, unsigned char *in,
                              unsigned char *out, size_t nrot, double f[2],
                              double alone[2], double both[2], size_t *ng,
                              gfp_error *err)
{
    size_t n = F; /* square: measure_beside's cal_ab.beside_n */
    size_t sc = dbl ? sizeof(double) : sizeof(float), fb = 2 * n * sc;
    size_t nc = gfp_fft2d_split(F, r, tile);
    *ng = F - nc;
    gfp_plan *pc = NULL, *pg = NULL;
    gfp_status st;
    /* t_bytes: the CPU's stores as into the arrays the model is for, far
     * larger than the caches (streaming), not as into these */
    gfp_plan_desc d = {.n = n, .kind = GFP_C2C, .dbl = dbl, .scale = 1,
                       .transposed = 1, .t_bytes = (size_t)1 << 30};
    d.batch = gfp_fft2d_batch(nc, fb, 2 * fb, 0, 0);
    if ((st = gfp_plan_create(cpu, &d, 2, &pc, err)))
        goto done;
    d.batch = gfp_fft2d_batch(*ng, fb, 2 * fb, 1.0, gpu_mem);
    if ((st = gfp_plan_create(gpu, &d, gfp_fft2d_plan_slots(1.0), &pg,
                              err)))
        goto done;
    _Atomic int cdone = 0, gdone = 0;
    cal_side cs = {.pl = pc, .in = in, .out = out, .bytes = F * fb,
                   .lo = 0, .hi = nc, .F = F, .fb = fb, .tout = tile,
                   .nrot = nrot, .mine = &cdone, .other = &gdone};
    cal_side gs = cs;
    gs.pl = pg;
    gs.lo = nc;
    gs.hi = F;
    gs.mine = &gdone;
    gs.other = &cdone;
    /* CAL_BESIDE_ROUNDS rounds (after a warm-up round alone: plans' first
     * use, pages), each the CPU part alone, the GPU part alone and both at
     * once; each factor the median of the rounds' ratios, so that a slow
     * spell of the machine (seen once: the CPU part alone 3x its time in
     * the next calibrate) slows a round's three runs together, not all
     * the runs alone or all the runs beside */
    double ta[2][CAL_BESIDE_ROUNDS], tb[2][CAL_BESIDE_ROUNDS];
    double q[2][CAL_BESIDE_ROUNDS];
    cal_side *sd[2] = {&cs, &gs};
    for (int round = -1; round < CAL_BESIDE_ROUNDS; round++) {
        cs.alone = gs.alone = 1;
        for (int k = 0; k < 2; k++) {
            atomic_store(&cdone, 0);
            atomic_store(&gdone, 0);
            side_run(sd[k]);
            if ((st = sd[k]->st)) {
                *err = sd[k]->err;
                goto done;
            }
            if (round >= 0)
                ta[k][round] = sd[k]->secs;
        }
        if (round < 0)
            continue;
        cs.alone = gs.alone = 0;
        atomic_store(&cdone, 0);
        atomic_store(&gdone, 0);
        pthread_t th;
        if (pthread_create(&th, NULL, side_thread, &cs)) {
            st = gfp_fail(err, GFP_ENOMEM, "cannot start a thread");
            goto done;
        }
        side_run(&gs);
        pthread_join(th, NULL);
        if ((st = gs.st ? gs.st : cs.st)) {
            *err = gs.st ? gs.err : cs.err;
            goto done;
        }
        tb[0][round] = cs.secs;
        tb[1][round] = gs.secs;
        for (int k = 0; k < 2; k++)
            q[k][round] = ta[k][round] > 0 ? tb[k][round] / ta[k][round] : 0;
    }
    for (int k = 0; k < 2; k++) { /* (gfp_median sorts; these are done with) */
        alone[k] = gfp_median(ta[k], CAL_BESIDE_ROUNDS); /* for -v */
        both[k] = gfp_median(tb[k], CAL_BESIDE_ROUNDS);
        f[k] = gfp_median(q[k], CAL_BESIDE_ROUNDS); /* the factor */
    }
done:
    gfp_plan_destroy(pc);
    gfp_plan_destroy(pg);
    return st;
}

/* The beside factors of precision dbl into m, whose steps are fitted:
 * the rows' (beside) from a split pass like fft2's rows' out of core, the
 * columns' (beside_cols) from one like its columns', each split at the r
 * the model (without them) picks for that direction of the profiling
 * shape. */
static gfp_status measure_beside(gfp_engine *cpu, gfp_engine *gpu, int dbl,
                                 size_t gpu_mem, int verbose, gfp_model *m,
                                 gfp_error *err)
{
    size_t n = cal_ab.beside_n, F = n;
    size_t sc = dbl ? sizeof(double) : sizeof(float), fb = 2 * n * sc;
    gfp_model_problem mp = {.W = n, .H = F, .kind = GFP_C2C, .dbl = dbl,
                            .gpu_mem = gpu_mem};
    m->beside[dbl][0] = m->beside[dbl][1] = 1;
    m->beside_cols[dbl][0] = m->beside_cols[dbl][1] = 0;
    double r[2];
    gfp_model_best_ratios(m, &mp, r, NULL);
    for (int d = 0; d < 2; d++)
        r[d] = r[d] < 0.1 ? 0.1 : r[d] > 0.9 ? 0.9 : r[d];
    size_t bytes = F * fb;
    /* the rows' output in tiles, as fft2 runs a row pass out of core
     * (fft2.h: gfp_fft2d.tile), but of a quarter of the GPU's batch (a
     * batch copies back as four runs of 2 MiB f32, not one of 8): fft2's
     * tile is a batch, a quarter of this pass, and a split on its bound
     * fell at r 0.5 or 0.75 for a model's 0.6-0.7, where the CPU part's
     * factor came out 1.29-1.41 and 1.51-1.66 (bench/NOTES.md, stop 28,
     * calls 1-2). The GPU's batch stays fft2's, so it copies back as
     * four 2D copies, each 2 MiB in a run on the host but 1 KiB runs on
     * the device: a shape fft2 does not use (its GPU part alone took
     * 0.573 ms at r 0.75 against 0.538 with whole tiles, calls 1 and 4) */
    size_t tile = gfp_fft2d_batch(F, fb, 2 * fb, 1.0, gpu_mem) / 4;
    if (!cpu->ops->submit_tg || !gpu->ops->submit_tg || tile >= F ||
        tile < 1)
        tile = 0;
    /* arrays: the CPU's parts (nc frames in and out of each) twice
     * CAL_FLUSH_BYTES in all, in the pass with the smaller CPU part */
    size_t nc = gfp_fft2d_split(F, r[0], tile), nc1 = gfp_fft2d_split(F,
                                                                    r[1], 0);
    if (nc1 < nc)
        nc = nc1;
    size_t nrot = CAL_FLUSH_BYTES / ((nc ? nc : 1) * fb) + 1;
    size_t cap = ((size_t)1 << 30) / bytes; /* at most 1 GiB a side */
    if (cap > CAL_ROT_MAX)
        cap = CAL_ROT_MAX;
    if (nrot > cap)
        nrot = cap;
    if (nrot < CAL_ROT_MIN)
        nrot = CAL_ROT_MIN;
    if (cal_ab.rot) /* A/B: this many arrays */
        nrot = cal_ab.rot;
    unsigned char *in = gpu->ops->alloc_host(gpu->state, nrot * bytes);
    unsigned char *out = gpu->ops->alloc_host(gpu->state, nrot * bytes);
    gfp_status st = GFP_OK;
    if (!in || !out) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the profiling "
                      "arrays");
        goto done;
    }
    uint64_t seed = 777;
    gfp_rand_fill(in, nrot * bytes / sc, dbl, &seed);
    memset(out, 0, nrot * bytes);
    for (int d = 0; d < 2 && !st; d++) {
        double f[2], alone[2], both[2];
        size_t ng;
        if ((st = beside_pass(cpu, gpu, dbl, gpu_mem, F, d ? 0 : tile, r[d],
                              in, out, nrot, f, alone, both, &ng, err)))
            break;
        /* the factors as the ratios of unit times (fit_beside clamps
         * them) */
        if (gfp_model_fit_beside(m, dbl, d, 1, f[0], 1, f[1])) {
            st = gfp_fail(err, GFP_EIO, "the split pass's timings are not "
                          "positive");
            break;
        }
        const double *k = d ? m->beside_cols[dbl] : m->beside[dbl];
        if (verbose)
            gfp_msg("calibrate", "%s beside (%s): a pass of %zu x %zu split "
                    "at r %.3f (%s, %zu arrays), medians of %d rounds: CPU "
                    "part %.3f ms alone, %.3f ms beside the GPU's (x%.3f); "
                    "GPU part %.3f ms alone, %.3f ms beside the CPU's "
                    "(x%.3f)", dbl ? "f64" : "f32", d ? "columns" : "rows",
                    n, F, (double)ng / (double)F,
                    d ? "copied back in runs" : tile ? "tiled" : "untiled",
                    nrot, CAL_BESIDE_ROUNDS, 1e3 * alone[0], 1e3 * both[0],
                    k[0], 1e3 * alone[1], 1e3 * both[1], k[1]);
    }
done:
    if (in)
        gpu->ops->free_host(gpu->state, in);
    if (out)
        gpu->ops->free_host(gpu->state, out);
    return st;
}

int gfp_calibrate_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"threads", 1, 0, 't'}, {"device", 1, 0, 'd'},
        {"gpu-mem", 1, 0, 'g'}, {"output", 1, 0, 'o'},
        {"wisdom", 1, 0, 'w'},
        {"verbose", 0, 0, 'v'}, {"quiet", 0, 0, 'q'}, {"help", 0, 0, 'h'},
        {0, 0, 0, 0}};
    gfp_error err = {0};
    size_t threads = (size_t)gfp_online_cpus(), device = 0,
           gpu_mem = (size_t)64 << 20;
    const char *outp = NULL, *wisdom = NULL;
    int verbose = 0, quiet = 0, o;
    optind = 1;
    opterr = 0;
    while ((o = getopt_long(argc, argv, "o:vqh", longopts, NULL)) != -1) {
        gfp_status st = GFP_OK;
        switch (o) {
        case 't': st = gfp_opt_size("threads", optarg, 1, 1024, &threads,
                                    &err); break;
        case 'd': st = gfp_opt_size("device", optarg, 0, 1023, &device,
                                    &err); break;
        case 'g': st = gfp_opt_size("gpu-mem", optarg, 1, (uint64_t)1 << 50,
                                    &gpu_mem, &err); break;
        case 'o':
            if (!*optarg)
                st = gfp_fail(&err, GFP_EINVAL, "--output: empty path");
            outp = optarg;
            break;
        case 'w': wisdom = optarg; break;
        case 'v': verbose++; quiet = 0; break;
        case 'q': quiet = 1; verbose = 0; break;
        case 'h': gfp_calibrate_usage(stdout);
            return fflush(stdout) == 0 ? 0 : 2;
        default:
            st = gfp_fail(&err, GFP_EINVAL, "unknown option or missing "
                          "argument: '%s'", argv[optind - 1]);
        }
        if (st) {
            gfp_msg("calibrate", "%s", err.msg);
            fprintf(stderr, "Try 'gfftpipe calibrate --help'.\n");
            return 1;
        }
    }
    if (optind < argc) {
        gfp_msg("calibrate", "unexpected argument '%s'", argv[optind]);
        fprintf(stderr, "Try 'gfftpipe calibrate --help'.\n");
        return 1;
    }
    cal_ab_read();
    char path[4096];
    if (outp)
        snprintf(path, sizeof path, "%s", outp);
    else if (gfp_model_path(path, sizeof path, &err)) {
        gfp_msg("calibrate", "%s", err.msg);
        return 2;
    }
    gfp_engine_opts eo = {.threads = (int)threads, .device = (int)device,
                          .wisdom = wisdom,
                          .verbose = verbose, .quiet_notes = 1,
                          .gpu_mem = gpu_mem};
    gfp_engine *cpu = NULL, *gpu = NULL;
    int code = 2;
    cal_obs *obs = calloc(2, sizeof *obs);
    if (!obs) {
        gfp_msg("calibrate", "out of memory");
        return 2;
    }
    if (gfp_engine_open("cpu", &eo, "calibrate", &cpu, &err))
        goto fail;
    gfp_error gerr = {0};
    /* waits as the hybrid engine's GPU part waits while FFTW runs
     * --threads threads (gfp_hybrid_block_sync: spinning unless
     * GFP_HYB_SLEEP=1) */
    gfp_engine_opts geo = eo;
    geo.gpu_block_sync = gfp_hybrid_block_sync();
    if (gfp_engine_open("gpu", &geo, "calibrate", &gpu, &gerr)) {
        gpu = NULL;
        if (!quiet)
            gfp_msg("calibrate", "%s: only the CPU steps are measured (the "
                    "hybrid engine needs a GPU)", gerr.msg);
    }
    gfp_model m;
    memset(&m, 0, sizeof m);
    m.threads = (int)threads;
    m.have_gpu = gpu != NULL;
    m.gpu_overlap = gpu != NULL; /* the copies timed alone: version 3 */
    snprintf(m.device, sizeof m.device, gpu ? "GPU %zu" : "-", device);
    double t0 = gfp_now();
    cal_copies cp;
    memset(&cp, 0, sizeof cp);
    if (gpu && measure_copies(gpu, verbose, &cp, &err))
        goto fail;
    for (int dbl = 0; dbl < 2; dbl++) {
        cal_obs *ob = &obs[dbl];
        if (measure(cpu, gpu, dbl, (int)threads, gpu_mem, verbose, ob, &err))
            goto fail;
        for (int s = 0; s < GFP_STEP_COUNT; s++) {
            if (!gpu && (s == GFP_STEP_GPU_COPY || s == GFP_STEP_GPU_FFT))
                continue;
            int fit = s == GFP_STEP_GPU_COPY
                          ? gfp_model_fit_step(&m, dbl, GFP_STEP_GPU_COPY,
                                               cp.bytes, cp.runs, cp.t,
                                               NCOPY)
                          : gfp_model_fit_shapes(&m, dbl, (gfp_model_step)s,
                                                 ob->bytes, ob->array,
                                                 ob->work, ob->batches,
                                                 ob->t[s], ob->n);
            if (fit) {
                gfp_fail(&err, GFP_EIO, "the %s timings do not fit a line",
                         gfp_model_step_name(s));
                goto fail;
            }
            if (verbose)
                gfp_msg("calibrate", "%s %-9s = %.4g s%s + %.4g s/byte + "
                        "%.4g s/%s", dbl ? "f64" : "f32",
                        gfp_model_step_name(s), m.c[dbl][s][0],
                        gfp_model_step_per_batch((gfp_model_step)s)
                            ? " a batch" : "",
                        m.c[dbl][s][1], m.c[dbl][s][2],
                        s == GFP_STEP_GPU_COPY ? "run" : "(n log2 n)");
        }
        /* the profiling passes on the GPU against the model: its copies
         * come from the large arrays, so a pass over a small one may
         * well come in faster (that gap is issue 7's) */
        for (size_t i = 0; gpu && verbose && i < ob->n; i++) {
            size_t n = cal_shapes[i][0], F = cal_shapes[i][1];
            size_t fb = 2 * n * (dbl ? sizeof(double) : sizeof(float));
            double runs = gfp_model_copy_runs(F, fb, 2 * fb, n, gpu_mem);
            double cc = gfp_model_step_time(&m, dbl, GFP_STEP_GPU_COPY,
                                            ob->bytes[i], 0) +
                        m.c[dbl][GFP_STEP_GPU_COPY][2] * runs;
            double kk = gfp_model_step_time(&m, dbl, GFP_STEP_GPU_FFT, 0,
                                            ob->work[i]);
            gfp_msg("calibrate", "%s GPU pass of %zu x %zu frames: %.3f "
                    "ms, the model's max(copies %.3f, kernels %.3f) ms",
                    dbl ? "f64" : "f32", n, F, 1e3 * ob->pass[i], 1e3 * cc,
                    1e3 * kk);
        }
        m.beside[dbl][0] = m.beside[dbl][1] = 1;
        m.beside_cols[dbl][0] = m.beside_cols[dbl][1] = 0;
        if (gpu && measure_beside(cpu, gpu, dbl, gpu_mem, verbose, &m,
                                  &err))
            goto fail;
    }
    if (gfp_model_save(path, &m, &err))
        goto fail;
    if (!quiet)
        gfp_msg("calibrate", "model saved to %s (%.1f s of profiling, %zu "
                "thread(s)%s)", path, gfp_now() - t0, threads,
                gpu ? ", CPU and GPU" : ", CPU only");
    code = 0;
    goto out;
fail:
    gfp_msg("calibrate", "%s", err.msg);
out:
    gfp_engine_close(gpu);
    gfp_engine_close(cpu);
    free(obs);
    return code;
}
