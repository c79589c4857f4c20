/* test_hybrid.c - the hybrid engine's split and join without a GPU: a
 * second CPU engine, wrapped in a spy that counts its frames, stands in
 * for the GPU. The 2D transforms through the hybrid engine (every r, and
 * device-memory caps that cut each pass into many pieces) must equal the
 * plain CPU engine's to rounding, on odd, prime, 1xN and Nx1 arrays, f32
 * and f64; the pipelined transposes are checked against a direct DFT; the
 * spy checks that r of each batch really went to the "GPU". Also the
 * --gpu-mem and --ratio parsing. */
#include "config.h"
#include "fft2.h"
#include "model.h"
#include "testutil.h"

#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* ---- a spy engine: FFTW underneath, counting frames ------------------- */

typedef struct spy_state {
    gfp_engine *inner;
    size_t frames, submits;
    size_t tframes; /* of them through submit_t or submit_tg */
} spy_state;

static gfp_status spy_open(const gfp_engine_opts *o, void **st,
                           gfp_error *err)
{
    (void)o; (void)st;
    return gfp_fail(err, GFP_EINVAL, "not used");
}
static void spy_close(void *state)
{
    spy_state *s = state;
    gfp_engine_close(s->inner);
    free(s);
}
static gfp_status spy_plan(void *state, const gfp_plan_desc *d, int nslots,
                           void **plan, gfp_error *err)
{
    spy_state *s = state;
    return s->inner->ops->plan(s->inner->state, d, nslots, plan, err);
}
static void spy_plan_destroy(void *state, void *plan)
{
    spy_state *s = state;
    s->inner->ops->plan_destroy(s->inner->state, plan);
}
static gfp_status spy_submit(void *state, void *plan, int slot,
                             const void *in, void *out, size_t n,
                             gfp_error *err)
{
    spy_state *s = state;
    s->frames += n;
    s->submits++;
    return s->inner->ops->submit(s->inner->state, plan, slot, in, out, n,
                                 err);
}
static gfp_status spy_submit_t(void *state, void *plan, int slot,
                               const void *in, void *out, size_t n,
                               size_t ld, size_t col0, gfp_error *err)
{
    spy_state *s = state;
    s->frames += n;
    s->tframes += n;
    s->submits++;
    /* the inner (CPU) engine offers tiled arrays, plain ones without tiles */
    return s->inner->ops->submit_tg(s->inner->state, plan, slot, in, NULL, out,
                                    0, n, ld, col0, err);
}
static gfp_status spy_wait(void *state, void *plan, int slot,
                           gfp_error *err)
{
    spy_state *s = state;
    return s->inner->ops->wait(s->inner->state, plan, slot, err);
}
static void *spy_alloc(void *state, size_t bytes)
{
    spy_state *s = state;
    return s->inner->ops->alloc_host(s->inner->state, bytes);
}
static void spy_free(void *state, void *p)
{
    spy_state *s = state;
    s->inner->ops->free_host(s->inner->state, p);
}
static const gfp_engine_ops spy_ops = {
    .name = "gpu", /* what it stands in for */
    .open = spy_open, .close = spy_close, .plan = spy_plan,
    .plan_destroy = spy_plan_destroy, .submit = spy_submit,
    .wait = spy_wait, .alloc_host = spy_alloc, .free_host = spy_free,
    .submit_t = spy_submit_t};

static gfp_status spy_submit_tg(void *state, void *plan, int slot,
                                const void *in, const gfp_tiles *tin,
                                void *out, size_t tout, size_t n, size_t ld,
                                size_t col0, gfp_error *err)
{
    spy_state *s = state;
    s->frames += n;
    s->tframes += n;
    s->submits++;
    return s->inner->ops->submit_tg(s->inner->state, plan, slot, in, tin,
                                    out, tout, n, ld, col0, err);
}
/* The spy with tiled input too, as the GPU engines have it: fft2 then
 * tiles its intermediate array by the stand-in GPU's batch of rows. */
static const gfp_engine_ops tspy_ops = {
    .name = "gpu",
    .open = spy_open, .close = spy_close, .plan = spy_plan,
    .plan_destroy = spy_plan_destroy, .submit = spy_submit,
    .wait = spy_wait, .alloc_host = spy_alloc, .free_host = spy_free,
    .submit_tg = spy_submit_tg};

/* The same without submit_t: fft2's passes then transpose from staging
 * buffers themselves. */
static const gfp_engine_ops plain_ops = {
    .name = "plain",
    .open = spy_open, .close = spy_close, .plan = spy_plan,
    .plan_destroy = spy_plan_destroy, .submit = spy_submit,
    .wait = spy_wait, .alloc_host = spy_alloc, .free_host = spy_free};

static gfp_engine_opts quick_opts(void)
{
    gfp_engine_opts o = {.threads = 2, .quick_plans = 1, .quiet_notes = 1};
    return o;
}

static gfp_engine *open_cpu(void)
{
    gfp_engine_opts o = quick_opts();
    gfp_engine *e = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_engine_open("cpu", &o, "test", &e, &err) == GFP_OK, "%s",
             err.msg);
    return e;
}

/* A hybrid engine of two CPU engines, the second behind the spy (ops:
 * spy_ops or tspy_ops). */
static gfp_engine *open_hybrid_ops(double r, spy_state **spy,
                                   const gfp_engine_ops *ops)
{
    gfp_engine *cpu = open_cpu(), *inner = open_cpu();
    gfp_engine *g = calloc(1, sizeof *g);
    spy_state *s = calloc(1, sizeof *s);
    s->inner = inner;
    g->ops = ops;
    g->state = s;
    g->name = ops->name;
    gfp_engine_opts o = quick_opts();
    o.ratio_set = 1;
    o.ratio = r;
    gfp_engine *h = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_hybrid_wrap(cpu, g, &o, "test", &h, &err) == GFP_OK, "%s",
             err.msg);
    *spy = s;
    return h;
}

static gfp_engine *open_hybrid(double r, spy_state **spy)
{
    return open_hybrid_ops(r, spy, &spy_ops);
}

/* ---- helpers ------------------------------------------------------------ */

static double rel_err(const void *a, const void *b, size_t nscal, int dbl)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < nscal; i++) {
        double x = dbl ? ((const double *)a)[i] : ((const float *)a)[i];
        double y = dbl ? ((const double *)b)[i] : ((const float *)b)[i];
        num += (x - y) * (x - y);
        den += y * y;
    }
    return den > 0 ? sqrt(num / den) : sqrt(num);
}

/* The 2D transform of the input `in` (H x W reals for R2C, else complex)
 * on engine e; the result (H x Wc complex) in a new buffer. */
static void *run_2d_o(gfp_engine *e, size_t W, size_t H, gfp_kind kind,
                      int dbl, const void *in, const gfp_fft2d_opts *fo,
                      size_t *tile_used)
{
    gfp_fft2d t;
    gfp_error err = {0};
    if (gfp_fft2d_create_opts(e, W, H, kind, 0, dbl, 1, 1, fo, &t, &err)) {
        TU_CHECK(0, "create %zux%zu: %s", W, H, err.msg);
        gfp_fft2d_destroy(&t);
        return NULL;
    }
    size_t sc = dbl ? 8 : 4, scal = gfp_fft2d_scalars(&t);
    void *A = e->ops->alloc_host(e->state, scal * sc);
    void *B = e->ops->alloc_host(e->state, scal * sc);
    size_t nin = H * W * (kind == GFP_C2C ? 2 : 1);
    memcpy(A, in, nin * sc);
    if (tile_used)
        *tile_used = t.tile;
    gfp_status st = gfp_fft2d_execute(&t, A, B, &err);
    TU_CHECK(st == GFP_OK, "execute %zux%zu: %s", W, H, err.msg);
    size_t nout = H * t.Wc * 2;
    void *res = malloc(nout * sc);
    memcpy(res, A, nout * sc);
    e->ops->free_host(e->state, A);
    e->ops->free_host(e->state, B);
    gfp_fft2d_destroy(&t);
    return res;
}

static void *run_2d_t(gfp_engine *e, size_t W, size_t H, gfp_kind kind,
                      int dbl, const void *in, size_t gpu_mem, int threads,
                      size_t tile, size_t *tile_used)
{
    gfp_fft2d_opts fo = {.gpu_mem = gpu_mem, .threads = threads,
                         .tile = tile};
    return run_2d_o(e, W, H, kind, dbl, in, &fo, tile_used);
}

static void *run_2d(gfp_engine *e, size_t W, size_t H, gfp_kind kind,
                    int dbl, const void *in, size_t gpu_mem, int threads)
{
    return run_2d_t(e, W, H, kind, dbl, in, gpu_mem, threads, 0, NULL);
}

static const size_t shapes[][2] = {
    {7, 5}, {13, 1}, {1, 17}, {1, 1}, {31, 29}, {64, 48}, {97, 3},
    {1, 257}, {257, 1}, {100, 101}, {45, 128}};
#define NSHAPES (sizeof shapes / sizeof *shapes)

/* random input of a W x H transform of kind k (H rows of W values,
 * complex ones for C2C); *Wc: the bins of an output row */
static void *rand_2d(size_t W, size_t H, gfp_kind k, int dbl, size_t *Wc)
{
    size_t n = H * W * (k == GFP_C2C ? 2 : 1);
    *Wc = k == GFP_C2C ? W : W / 2 + 1;
    void *in = malloc(n * (dbl ? 8 : 4));
    uint64_t seed = tu_rand_u64() | 1;
    gfp_rand_fill(in, n, dbl, &seed);
    return in;
}

/* ---- the CPU engine's pipelined transposes against a direct DFT -------- */

static void test_cpu_vs_dft(void)
{
    gfp_engine *e = open_cpu();
    for (size_t s = 0; s < NSHAPES; s++) {
        size_t W = shapes[s][0], H = shapes[s][1];
        if (W * H > 5000)
            continue;
        for (int kind = 0; kind < 2; kind++) {
            gfp_kind k = kind ? GFP_R2C : GFP_C2C;
            size_t per = k == GFP_C2C ? 2 : 1, Wc = k == GFP_C2C ? W
                                                                 : W / 2 + 1;
            double *in = malloc(H * W * per * sizeof *in);
            for (size_t i = 0; i < H * W * per; i++)
                in[i] = tu_rand_range(-1, 1);
            double *got = run_2d(e, W, H, k, 1, in, 0, 3);
            double worst = 0, scale = 0;
            for (size_t k1 = 0; k1 < H; k1++)
                for (size_t k2 = 0; k2 < Wc; k2++) {
                    long double complex acc = 0;
                    for (size_t y = 0; y < H; y++)
                        for (size_t x = 0; x < W; x++) {
                            long double complex v =
                                per == 2 ? in[2 * (y * W + x)] +
                                               I * in[2 * (y * W + x) + 1]
                                         : in[y * W + x];
                            long double ph = -2 * M_PI *
                                             ((long double)(k1 * y % H) / H +
                                              (long double)(k2 * x % W) / W);
                            acc += v * cexpl(I * ph);
                        }
                    double re = got ? got[2 * (k1 * Wc + k2)] : 0;
                    double im = got ? got[2 * (k1 * Wc + k2) + 1] : 0;
                    double d = hypot(re - (double)creall(acc),
                                     im - (double)cimagl(acc));
                    worst = fmax(worst, d);
                    scale = fmax(scale, (double)cabsl(acc));
                }
            TU_CHECK(worst <= 1e-12 * (scale + 1), "%s %zux%zu: error "
                     "%.3g against the DFT", kind ? "R2C" : "C2C", W, H,
                     worst);
            free(got);
            free(in);
        }
    }
    gfp_engine_close(e);
}

/* An engine without submit_t: the staging path gives the same numbers. */
static void test_staging_path(void)
{
    gfp_engine *cpu = open_cpu();
    gfp_engine *pe = calloc(1, sizeof *pe);
    spy_state *ps = calloc(1, sizeof *ps);
    ps->inner = open_cpu();
    pe->ops = &plain_ops;
    pe->state = ps;
    pe->name = plain_ops.name;
    for (int dbl = 0; dbl < 2; dbl++)
        for (size_t s = 0; s < NSHAPES; s++) {
            size_t W = shapes[s][0], H = shapes[s][1];
            for (int kind = 0; kind < 2; kind++) {
                gfp_kind k = kind ? GFP_R2C : GFP_C2C;
                size_t Wc;
                void *in = rand_2d(W, H, k, dbl, &Wc);
                void *ref = run_2d(cpu, W, H, k, dbl, in, 0, 1);
                void *got = run_2d(pe, W, H, k, dbl, in, 0, 3);
                double e = got && ref ? rel_err(got, ref, H * Wc * 2, dbl) : 1;
                TU_CHECK(e <= (dbl ? 1e-14 : 2e-6), "staging %s %zux%zu: "
                         "relative error %.3g", kind ? "R2C" : "C2C", W, H, e);
                free(got);
                free(ref);
                free(in);
            }
        }
    TU_CHECK(ps->frames > 0, "the plain engine was not used");
    TU_CHECK(ps->tframes == 0, "the plain engine took %zu frames through "
             "submit_t", ps->tframes);
    /* the CPU engine (as every engine of the tree) transposes itself; the
     * plain one is staged */
    TU_CHECK(gfp_engine_transposes(cpu) && !gfp_engine_transposes(pe),
             "gfp_engine_transposes: cpu %d, plain %d", gfp_engine_transposes(cpu),
             gfp_engine_transposes(pe));
    gfp_engine_close(pe);
    gfp_engine_close(cpu);
}

/* ---- hybrid == CPU ------------------------------------------------------- */

/* The GPU's share of a split pass: what gfp_fft2d_split leaves it (its
 * rule is test_split_bounds's to check; here, that the passes use it). */
static size_t want_gpu(size_t frames, double r, size_t tile)
{
    return frames - gfp_fft2d_split(frames, r, tile);
}

/* gfp_fft2d_split at the sizes that matter for speed: both parts on
 * 64-frame bounds (the GPU's runs in a transposed row then start on a
 * 512-byte bound) or tile bounds; and small passes left as r makes them. */
static void test_split_bounds(void)
{
    const double ratios[] = {0.05, 0.5, 0.6, 0.728, 0.75, 0.786, 0.95};
    const size_t frames[] = {8192, 16384, 4097, 1999};
    for (size_t ri = 0; ri < sizeof ratios / sizeof *ratios; ri++)
        for (size_t fi = 0; fi < sizeof frames / sizeof *frames; fi++) {
            size_t F = frames[fi], nc = gfp_fft2d_split(F, ratios[ri], 0);
            TU_CHECK(nc % GFP_FFT2_SPLIT_FRAMES == 0 && nc > 0 && nc < F,
                     "%zu frames r %.3f: CPU share %zu", F, ratios[ri], nc);
            double off = (double)(F - nc) - ratios[ri] * (double)F;
            TU_CHECK(fabs(off) <= GFP_FFT2_SPLIT_FRAMES / 2 + 0.5,
                     "%zu frames r %.3f: GPU share %zu, %.1f off r's",
                     F, ratios[ri], F - nc, off);
            size_t nt = gfp_fft2d_split(F, ratios[ri], 128);
            TU_CHECK(nt % 128 == 0 && nt > 0 && nt < F, "%zu frames r "
                     "%.3f tile 128: CPU share %zu", F, ratios[ri], nt);
        }
    /* 8192 at the model's r of stop 25 (0.786): 1753 before, 1728 now */
    TU_CHECK(gfp_fft2d_split(8192, 0.786, 0) == 1728, "8192 r 0.786: %zu",
             gfp_fft2d_split(8192, 0.786, 0));
    /* too few frames for a bound that leaves both parts some: r's split */
    TU_CHECK(gfp_fft2d_split(50, 0.5, 0) == 25 &&
                 gfp_fft2d_split(100, 0.9, 0) == 10 &&
                 gfp_fft2d_split(8192, 0, 0) == 8192 &&
                 gfp_fft2d_split(8192, 1, 0) == 0,
             "small or whole splits");
}

static void test_hybrid_matches_cpu(void)
{
    const double ratios[] = {0, 0.05, 0.37, 0.5, 0.93, 1};
    /* caps small enough to cut the passes into several pieces */
    const size_t caps[] = {0, 4096, 65536};
    gfp_engine *cpu = open_cpu();
    for (int dbl = 0; dbl < 2; dbl++)
        for (size_t s = 0; s < NSHAPES; s++) {
            size_t W = shapes[s][0], H = shapes[s][1];
            for (int kind = 0; kind < 2; kind++) {
                gfp_kind k = kind ? GFP_R2C : GFP_C2C;
                size_t Wc;
                void *in = rand_2d(W, H, k, dbl, &Wc);
                void *ref = run_2d(cpu, W, H, k, dbl, in, 0, 1);
                for (size_t ri = 0; ri < sizeof ratios / sizeof *ratios;
                     ri++)
                    for (size_t ci = 0; ci < sizeof caps / sizeof *caps;
                         ci++) {
                        spy_state *spy;
                        gfp_engine *h = open_hybrid(ratios[ri], &spy);
                        void *got = run_2d(h, W, H, k, dbl, in, caps[ci], 2);
                        double e = got && ref
                                       ? rel_err(got, ref, H * Wc * 2, dbl)
                                       : 1;
                        TU_CHECK(e <= (dbl ? 1e-14 : 2e-6), "%s %s %zux%zu "
                                 "r %.2f cap %zu: relative error %.3g",
                                 dbl ? "f64" : "f32", kind ? "R2C" : "C2C",
                                 W, H, ratios[ri], caps[ci], e);
                        /* r = 0: the stand-in GPU gets nothing; r = 1:
                         * every frame of both directions */
                        if (ratios[ri] == 0)
                            TU_CHECK(spy->frames == 0, "r 0: %zu frames to "
                                     "the GPU", spy->frames);
                        if (ratios[ri] == 1)
                            TU_CHECK(spy->frames == H + Wc, "r 1: %zu "
                                     "frames to the GPU, want %zu",
                                     spy->frames, H + Wc);
                        /* between: each pass split once, r of its
                         * frames to the GPU (fft2.h) */
                        size_t wg = want_gpu(H, ratios[ri], 0) +
                                    want_gpu(Wc, ratios[ri], 0);
                        if (ratios[ri] > 0 && ratios[ri] < 1)
                            TU_CHECK(spy->frames == wg, "r %.2f: %zu "
                                     "frames to the GPU, want %zu",
                                     ratios[ri], spy->frames, wg);
                        /* every pass of C2C and R2C transposed by the
                         * engine itself (submit_t), none staged */
                        TU_CHECK(spy->tframes == spy->frames, "r %.2f: %zu "
                                 "of %zu frames through submit_t",
                                 ratios[ri], spy->tframes, spy->frames);
                        free(got);
                        gfp_engine_close(h);
                    }
                free(ref);
                free(in);
            }
        }
    gfp_engine_close(cpu);
}

/* Each direction its own r (gfp_fft2d_opts.r_cols: the model's best r of
 * each, or --ratio R,C): the rows' pass split at the engine's r, the
 * columns' at r_cols, either side taking a whole pass where its r is 0
 * or 1, the result the CPU's. */
static void test_ratio_per_direction(void)
{
    const double pairs[][2] = {{0.8, 0.5}, {0.3, 0.9}, {1, 0.6}, {0.7, 0},
                               {0, 1},     {1, 0},     {0.5, 0.5}};
    gfp_engine *cpu = open_cpu();
    const size_t sh[][2] = {{64, 48}, {97, 3}, {1, 257}, {100, 101}};
    for (int dbl = 0; dbl < 2; dbl++)
        for (size_t s = 0; s < sizeof sh / sizeof *sh; s++)
            for (int kind = 0; kind < 2; kind++) {
                size_t W = sh[s][0], H = sh[s][1], Wc;
                gfp_kind k = kind ? GFP_R2C : GFP_C2C;
                void *in = rand_2d(W, H, k, dbl, &Wc);
                void *ref = run_2d(cpu, W, H, k, dbl, in, 0, 1);
                for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
                    double rr = pairs[i][0], rc = pairs[i][1];
                    spy_state *spy;
                    gfp_engine *h = open_hybrid(rr, &spy);
                    gfp_fft2d_opts fo = {.threads = 2, .r_cols_set = 1,
                                         .r_cols = rc};
                    void *got = run_2d_o(h, W, H, k, dbl, in, &fo, NULL);
                    double e = got && ref ? rel_err(got, ref, H * Wc * 2, dbl)
                                          : 1;
                    TU_CHECK(e <= (dbl ? 1e-14 : 2e-6), "%s %s %zux%zu r "
                             "%.2f,%.2f: relative error %.3g",
                             dbl ? "f64" : "f32", kind ? "R2C" : "C2C", W,
                             H, rr, rc, e);
                    size_t wg = want_gpu(H, rr, 0) + want_gpu(Wc, rc, 0);
                    TU_CHECK(spy->frames == wg, "%zux%zu r %.2f,%.2f: %zu "
                             "frames to the GPU, want %zu (rows %zu, "
                             "columns %zu)", W, H, rr, rc, spy->frames, wg,
                             want_gpu(H, rr, 0), want_gpu(Wc, rc, 0));
                    free(got);
                    gfp_engine_close(h);
                }
                free(ref);
                free(in);
            }
    gfp_engine_close(cpu);
}

/* The intermediate array in tiles (fft2.h: gfp_fft2d.tile): the CPU
 * engine with tiles forced (full and short last tiles, one-frame tiles,
 * batches of one frame without FFTW blocks), and the hybrid engine whose
 * stand-in GPU gathers tiles (tiles of its batch of rows, the row pass's
 * split on a tile's bound), all equal to the plain CPU engine's to
 * rounding. */
static void test_tiles(void)
{
    const size_t tiles[] = {1, 2, 3, 7, 16, 1000};
    const double ratios[] = {0.37, 0.5, 0.93, 1};
    const size_t caps[] = {0, 4096, 65536};
    gfp_engine *cpu = open_cpu();
    size_t tiled = 0, htiled = 0;
    for (int dbl = 0; dbl < 2; dbl++)
        for (size_t s = 0; s < NSHAPES; s++) {
            size_t W = shapes[s][0], H = shapes[s][1];
            for (int kind = 0; kind < 2; kind++) {
                gfp_kind k = kind ? GFP_R2C : GFP_C2C;
                double tol = dbl ? 1e-14 : 2e-6;
                size_t Wc;
                void *in = rand_2d(W, H, k, dbl, &Wc);
                void *ref = run_2d(cpu, W, H, k, dbl, in, 0, 1);
                for (size_t ti = 0; ti < sizeof tiles / sizeof *tiles; ti++) {
                    size_t used = 99;
                    void *got = run_2d_t(cpu, W, H, k, dbl, in, 0, 3,
                                         tiles[ti], &used);
                    TU_CHECK(used == (tiles[ti] < H ? tiles[ti] : 0),
                             "%zux%zu tile %zu: used %zu", W, H, tiles[ti],
                             used);
                    tiled += used > 0;
                    double e = got && ref ? rel_err(got, ref, H * Wc * 2, dbl)
                                          : 1;
                    TU_CHECK(e <= tol, "cpu %s %s %zux%zu tile %zu: "
                             "relative error %.3g", dbl ? "f64" : "f32",
                             kind ? "R2C" : "C2C", W, H, tiles[ti], e);
                    free(got);
                }
                for (size_t ri = 0; ri < sizeof ratios / sizeof *ratios; ri++)
                    for (size_t ci = 0; ci < sizeof caps / sizeof *caps;
                         ci++) {
                        spy_state *spy;
                        gfp_engine *h = open_hybrid_ops(ratios[ri], &spy,
                                                        &tspy_ops);
                        size_t T = 0;
                        void *got = run_2d_t(h, W, H, k, dbl, in, caps[ci], 2,
                                             0, &T);
                        htiled += T > 0;
                        double e = got && ref
                                       ? rel_err(got, ref, H * Wc * 2, dbl)
                                       : 1;
                        TU_CHECK(e <= tol, "hybrid %s %s %zux%zu r %.2f cap "
                                 "%zu tile %zu: relative error %.3g",
                                 dbl ? "f64" : "f32", kind ? "R2C" : "C2C", W,
                                 H, ratios[ri], caps[ci], T, e);
                        /* the rows' CPU share on the nearest tile bound
                         * where both parts keep frames */
                        size_t wg = want_gpu(H, ratios[ri], T) +
                                    want_gpu(Wc, ratios[ri], 0);
                        if (ratios[ri] == 1)
                            wg = H + Wc;
                        TU_CHECK(spy->frames == wg, "r %.2f tile %zu: %zu "
                                 "frames to the GPU, want %zu", ratios[ri],
                                 T, spy->frames, wg);
                        /* an engine with submit_tg alone (as the GPU
                         * engines are) transposes every batch itself */
                        TU_CHECK(spy->tframes == spy->frames, "r %.2f tile "
                                 "%zu: %zu of %zu frames through submit_tg",
                                 ratios[ri], T, spy->tframes, spy->frames);
                        free(got);
                        gfp_engine_close(h);
                    }
                free(ref);
                free(in);
            }
        }
    /* neither half is vacuous */
    TU_CHECK(tiled > 0 && htiled > 0, "tiled runs: cpu %zu, hybrid %zu",
             tiled, htiled);
    gfp_engine_close(cpu);
}

/* The CPU engine's submit_tg straight, against a plain batch and a
 * transpose by hand: tiles gathered in blocks (a batch over the block
 * size) and one frame at a time (the rest), into plain columns and into
 * tiles of the output (pieces of a block a tile), with plain stores and
 * with streaming ones (t_bytes past BLOCK_NT_BYTES), f32 and f64. */
static void test_submit_tg(void)
{
    gfp_engine *e = open_cpu();
    const size_t n = 45, F = 37, T = 8, nf = 21, first = 9;
    for (int dbl = 0; dbl < 2; dbl++)
        for (int big = 0; big < 2; big++)
            for (size_t tout = 0; tout <= 6; tout += 6) {
            size_t sc = dbl ? 8 : 4, ce = 2 * sc;
            gfp_plan_desc d = {.n = n, .batch = 24, .kind = GFP_C2C,
                               .dbl = dbl, .scale = 1, .transposed = 1,
                               .t_bytes = big ? (size_t)1 << 30 : 0};
            gfp_plan *pl = NULL;
            gfp_error err = {0};
            TU_CHECK(gfp_plan_create(e, &d, 2, &pl, &err) == GFP_OK, "%s",
                     err.msg);
            /* F frames of n, plain, and the same in tiles of T values */
            char *plain = malloc(F * n * ce), *tiled = malloc(F * n * ce);
            uint64_t seed = 31 + (uint64_t)(2 * dbl + big);
            gfp_rand_fill(plain, F * n * 2, dbl, &seed);
            for (size_t c = 0; c < F; c++)
                for (size_t v = 0; v < n; v++) {
                    size_t t = v / T, h = n - t * T < T ? n - t * T : T;
                    memcpy(tiled + (t * T * F + c * h + v % T) * ce,
                           plain + (c * n + v) * ce, ce);
                }
            /* frames first .. first + nf - 1: plain spectra, by hand */
            char *spec = malloc(nf * n * ce), *x = malloc(nf * n * ce);
            memcpy(x, plain + first * n * ce, nf * n * ce);
            if (pl)
                TU_CHECK(gfp_plan_execute(pl, x, spec, nf, &err) == GFP_OK,
                         "%s", err.msg);
            /* into columns 4 .. 4 + nf - 1 of n rows of ld 30 (rows of
             * 16-byte aligned starts: the streaming stores' path), or of
             * tiles of 6 of those columns */
            const size_t ld = 30, col0 = 4;
            char *out = calloc(n * ld, ce);
            gfp_tiles tg = {T, F, first};
            if (pl) {
                TU_CHECK(gfp_plan_submit_tg(pl, 1, tiled, &tg, out, tout, nf,
                                            ld, col0, &err) == GFP_OK,
                         "%s", err.msg);
                TU_CHECK(gfp_plan_wait(pl, 1, &err) == GFP_OK, "%s",
                         err.msg);
            }
            double worst = 0;
            for (size_t f = 0; f < nf; f++)
                for (size_t k = 0; k < n; k++)
                    for (int q = 0; q < 2; q++) {
                        size_t g = col0 + f, o = k * ld + g;
                        if (tout) {
                            size_t t0 = g / tout * tout;
                            size_t h = ld - t0 < tout ? ld - t0 : tout;
                            o = t0 * n + k * h + g - t0;
                        }
                        size_t i = 2 * o + (size_t)q;
                        size_t j = 2 * (f * n + k) + (size_t)q;
                        double a = dbl ? ((double *)out)[i]
                                       : ((float *)out)[i];
                        double b = dbl ? ((double *)spec)[j]
                                       : ((float *)spec)[j];
                        worst = fmax(worst, fabs(a - b));
                    }
            TU_CHECK(worst <= (dbl ? 1e-12 : 1e-4), "submit_tg %s %s tout "
                     "%zu: worst difference %.3g", dbl ? "f64" : "f32",
                     big ? "streaming" : "plain", tout, worst);
            /* a batch past the tiled array's frames is refused */
            gfp_tiles bad = {T, F, F - 3};
            TU_CHECK(pl && gfp_plan_submit_tg(pl, 0, tiled, &bad, out, tout,
                                              4, ld, col0, &err) ==
                               GFP_EINVAL,
                     "frames past the array: not refused");
            free(plain); free(tiled); free(spec); free(x); free(out);
            gfp_plan_destroy(pl);
        }
    gfp_engine_close(e);
}

/* The CPU engine's blocked pass with many blocks a worker (n 64 f32:
 * blocks of 16 frames; 600 frames, 38 blocks, on 3 threads), each worker
 * taking the next block as it finishes one, and with the even shares of
 * GFP_CPU_STATIC_BLOCKS=1: the same values as the plain batch,
 * transposed by hand. */
static void test_blocks_taken(void)
{
    const size_t n = 64, F = 600;
    gfp_engine_opts o = quick_opts();
    o.threads = 3;
    gfp_engine *e = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_engine_open("cpu", &o, "test", &e, &err) == GFP_OK, "%s",
             err.msg);
    gfp_plan_desc d = {.n = n, .batch = F, .kind = GFP_C2C, .scale = 1,
                       .transposed = 1};
    gfp_plan *pl = NULL;
    TU_CHECK(e && gfp_plan_create(e, &d, 2, &pl, &err) == GFP_OK, "%s",
             err.msg);
    float *in = malloc(F * n * 8), *x = malloc(F * n * 8);
    float *spec = malloc(F * n * 8), *out = malloc(F * n * 8);
    uint64_t seed = 77;
    gfp_rand_fill(in, F * n * 2, 0, &seed);
    memcpy(x, in, F * n * 8);
    TU_CHECK(pl && gfp_plan_execute(pl, x, spec, F, &err) == GFP_OK, "%s",
             err.msg);
    for (int fixed = 0; pl && fixed < 2; fixed++) {
        if (fixed)
            setenv("GFP_CPU_STATIC_BLOCKS", "1", 1);
        memset(out, 0, F * n * 8);
        TU_CHECK(gfp_plan_submit_tg(pl, 0, in, NULL, out, 0, F, F, 0,
                                    &err) == GFP_OK &&
                     gfp_plan_wait(pl, 0, &err) == GFP_OK,
                 "%s", err.msg);
        unsetenv("GFP_CPU_STATIC_BLOCKS");
        double worst = 0;
        for (size_t f = 0; f < F; f++)
            for (size_t k = 0; k < n; k++)
                for (int q = 0; q < 2; q++)
                    worst = fmax(worst, fabs(out[2 * (k * F + f) + q] -
                                             spec[2 * (f * n + k) + q]));
        TU_CHECK(worst <= 1e-4, "%s blocks: worst difference %.3g",
                 fixed ? "even shares of" : "taken", worst);
    }
    free(in); free(x); free(spec); free(out);
    gfp_plan_destroy(pl);
    gfp_engine_close(e);
}

/* The same without FFTW blocks (frames over 256 Ki values: the batch
 * path): a whole batch gathered from its tiles, then placed into tiles
 * of the output, a piece a tile. */
static void test_submit_tg_batch(void)
{
    gfp_engine *e = open_cpu();
    const size_t n = 270000, F = 7, T = 100000, nf = 5, first = 1;
    const size_t ld = 9, col0 = 2, tout = 3, ce = 8;
    gfp_plan_desc d = {.n = n, .batch = 6, .kind = GFP_C2C, .scale = 1,
                       .transposed = 1};
    gfp_plan *pl = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_plan_create(e, &d, 2, &pl, &err) == GFP_OK, "%s", err.msg);
    char *plain = malloc(F * n * ce), *tiled = malloc(F * n * ce);
    uint64_t seed = 77;
    gfp_rand_fill(plain, F * n * 2, 0, &seed);
    for (size_t c = 0; c < F; c++)
        for (size_t v0 = 0; v0 < n; v0 += T) {
            size_t h = n - v0 < T ? n - v0 : T;
            memcpy(tiled + (v0 * F + c * h) * ce, plain + (c * n + v0) * ce,
                   h * ce);
        }
    char *spec = malloc(nf * n * ce), *x = malloc(nf * n * ce);
    memcpy(x, plain + first * n * ce, nf * n * ce);
    char *out = calloc(n * ld, ce);
    gfp_tiles tg = {T, F, first};
    if (pl) {
        TU_CHECK(gfp_plan_execute(pl, x, spec, nf, &err) == GFP_OK, "%s",
                 err.msg);
        TU_CHECK(gfp_plan_submit_tg(pl, 0, tiled, &tg, out, tout, nf, ld,
                                    col0, &err) == GFP_OK, "%s", err.msg);
        TU_CHECK(gfp_plan_wait(pl, 0, &err) == GFP_OK, "%s", err.msg);
    }
    double worst = 0, big = 0;
    for (size_t f = 0; f < nf; f++)
        for (size_t k = 0; k < n; k++) {
            size_t g = col0 + f, t0 = g / tout * tout;
            size_t h = ld - t0 < tout ? ld - t0 : tout;
            const float *a = (const float *)out + 2 * (t0 * n + k * h + g - t0);
            const float *b = (const float *)spec + 2 * (f * n + k);
            worst = fmax(worst, fmax(fabs(a[0] - b[0]), fabs(a[1] - b[1])));
            big = fmax(big, fabs(b[0]));
        }
    TU_CHECK(worst <= 1e-6 * big, "submit_tg without blocks: worst "
             "difference %.3g of %.3g", worst, big);
    free(plain); free(tiled); free(spec); free(x); free(out);
    gfp_plan_destroy(pl);
    gfp_engine_close(e);
}

/* The split of one plan (1D stages; fft2 splits whole passes): r of a
 * full batch to the GPU, the rest first to the CPU, short batches in
 * proportion; results as the CPU's. */
static void test_plan_split(void)
{
    const double ratios[] = {0.25, 0.5, 0.8, 0.999};
    gfp_engine *cpu = open_cpu();
    for (size_t ri = 0; ri < sizeof ratios / sizeof *ratios; ri++) {
        spy_state *spy;
        gfp_engine *h = open_hybrid(ratios[ri], &spy);
        gfp_plan_desc d = {.n = 60, .batch = 40, .kind = GFP_C2C,
                           .scale = 1};
        gfp_plan *ph = NULL, *pc = NULL;
        gfp_error err = {0};
        TU_CHECK(gfp_plan_create(h, &d, 2, &ph, &err) == GFP_OK, "%s",
                 err.msg);
        TU_CHECK(gfp_plan_create(cpu, &d, 2, &pc, &err) == GFP_OK, "%s",
                 err.msg);
        float *in = malloc(40 * 120 * sizeof *in), *in2 = malloc(40 * 120 * 4);
        float *o1 = malloc(40 * 120 * 4), *o2 = malloc(40 * 120 * 4);
        uint64_t seed = 99;
        const size_t counts[] = {40, 17, 1, 40};
        size_t want = 0;
        for (size_t c = 0; c < 4; c++) {
            size_t nf = counts[c];
            gfp_rand_fill(in, nf * 120, 0, &seed);
            memcpy(in2, in, nf * 120 * 4);
            TU_CHECK(gfp_plan_execute(ph, in, o1, nf, &err) == GFP_OK, "%s",
                     err.msg);
            TU_CHECK(gfp_plan_execute(pc, in2, o2, nf, &err) == GFP_OK, "%s",
                     err.msg);
            TU_CHECK(rel_err(o1, o2, nf * 120, 0) <= 1e-6, "r %.2f, %zu "
                     "frames: hybrid differs", ratios[ri], nf);
            size_t g = (size_t)llround(ratios[ri] * (double)nf);
            size_t gfull = (size_t)llround(ratios[ri] * 40.0);
            if (g > gfull) g = gfull;
            if (nf - g > 40 - gfull) g = nf - (40 - gfull);
            want += g;
        }
        TU_CHECK(spy->frames == want, "r %.2f: %zu frames to the GPU, want "
                 "%zu", ratios[ri], spy->frames, want);
        /* -v's account of the same batches */
        gfp_hybrid_stats hs;
        TU_CHECK(gfp_hybrid_get_stats(h, &hs) == 0 && hs.batches == 4 &&
                     hs.gpu_frames == want && hs.cpu_frames == 98 - want &&
                     hs.cpu_s >= 0 && hs.gpu_wait_s >= 0,
                 "r %.2f: stats %zu batches, %zu + %zu frames", ratios[ri],
                 hs.batches, hs.cpu_frames, hs.gpu_frames);
        free(in); free(in2); free(o1); free(o2);
        gfp_plan_destroy(ph);
        gfp_plan_destroy(pc);
        gfp_engine_close(h);
    }
    gfp_engine_close(cpu);
}

/* The CPU engine's batches its batched plan cannot take (short, or frames
 * or buffers FFTW calls unaligned) run on its workers: the same values as
 * the full batch's, for an odd n (every other frame unaligned) and an
 * even one, f32 and f64, with 1 and 3 threads. */
static void test_short_batches(void)
{
    const size_t ns[] = {61, 64};
    for (int threads = 1; threads <= 3; threads += 2)
        for (int dbl = 0; dbl < 2; dbl++)
            for (size_t ni = 0; ni < 2; ni++) {
                gfp_engine_opts o = quick_opts();
                o.threads = threads;
                gfp_engine *e = NULL;
                gfp_error err = {0};
                TU_CHECK(gfp_engine_open("cpu", &o, "test", &e, &err) ==
                             GFP_OK, "%s", err.msg);
                size_t n = ns[ni], B = 40, fs = 2 * n, sc = dbl ? 8 : 4;
                gfp_plan_desc d = {.n = n, .batch = B, .kind = GFP_C2C,
                                   .dbl = dbl, .scale = 1};
                gfp_plan *pl = NULL;
                TU_CHECK(gfp_plan_create(e, &d, 2, &pl, &err) == GFP_OK,
                         "%s", err.msg);
                /* one scalar pair of slack: an unaligned base too */
                char *x = malloc(B * fs * sc + 16);
                char *ref = malloc(B * fs * sc), *y = malloc(B * fs * sc + 16);
                char *in = malloc(B * fs * sc);
                uint64_t seed = 5 + n;
                gfp_rand_fill(in, B * fs, dbl, &seed);
                memcpy(x, in, B * fs * sc);
                TU_CHECK(gfp_plan_execute(pl, x, ref, B, &err) == GFP_OK,
                         "%s", err.msg);
                const size_t f0s[] = {0, 3, 1, 0}, nfs[] = {17, 1, 38, 40};
                for (int c = 0; c < 4; c++) {
                    size_t f0 = f0s[c], nf = nfs[c];
                    size_t off = c == 3 ? sc : 0; /* c 3: base unaligned */
                    memcpy(x + off, in + f0 * fs * sc, nf * fs * sc);
                    TU_CHECK(gfp_plan_execute(pl, x + off, y + off, nf,
                                              &err) == GFP_OK, "%s",
                             err.msg);
                    double r = rel_err(y + off, ref + f0 * fs * sc, nf * fs,
                                       dbl);
                    TU_CHECK(r <= (dbl ? 1e-15 : 1e-6), "n %zu %s threads "
                             "%d: frames %zu..%zu (offset %zu) differ by "
                             "%.3g", n, dbl ? "f64" : "f32", threads, f0,
                             f0 + nf, off, r);
                }
                free(x); free(ref); free(y); free(in);
                gfp_plan_destroy(pl);
                gfp_engine_close(e);
            }
}

/* The GPU fraction an engine reports, and set_ratio's clamping. */
static void test_fraction(void)
{
    spy_state *spy;
    gfp_engine *h = open_hybrid(0.3, &spy);
    TU_CHECK(fabs(gfp_engine_gpu_fraction(h) - 0.3) < 1e-12, "fraction");
    TU_CHECK(gfp_hybrid_set_ratio(h, 1.7) == 0 &&
                 gfp_engine_gpu_fraction(h) == 1.0, "clamp to 1");
    TU_CHECK(gfp_hybrid_model(h, NULL) != NULL, "model");
    gfp_engine *c = open_cpu();
    TU_CHECK(gfp_engine_gpu_fraction(c) == 0.0, "cpu fraction");
    TU_CHECK(gfp_hybrid_set_ratio(c, 0.5) == -1, "set_ratio on cpu");
    TU_CHECK(gfp_hybrid_model(c, NULL) == NULL, "cpu has no model");
    gfp_engine_close(c);
    gfp_engine_close(h);
}

/* ---- --gpu-mem and --ratio ------------------------------------------------ */

static void test_options(void)
{
    gfp_common c;
    gfp_common_defaults(&c);
    TU_CHECK(c.gpu_mem == 0 && !c.ratio_set, "defaults");
    gfp_error err = {0};
    size_t v = 0;
    const struct { const char *s; size_t want; } ok[] = {
        {"512Mi", (size_t)512 << 20}, {"1G", 1000000000}, {"2Gi",
        (size_t)2 << 30}, {"4096", 4096}, {"64k", 64000}};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        TU_CHECK(gfp_opt_size("gpu-mem", ok[i].s, 1, (uint64_t)1 << 50, &v,
                              &err) == GFP_OK && v == ok[i].want,
                 "--gpu-mem %s: %zu", ok[i].s, v);
    const char *bad[] = {"", "0", "-1", "12X", "1.5G", "Mi"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gfp_error e = {0};
        TU_CHECK(gfp_opt_size("gpu-mem", bad[i], 1, (uint64_t)1 << 50, &v,
                              &e) == GFP_EINVAL && strstr(e.msg, "gpu-mem"),
                 "--gpu-mem '%s' accepted", bad[i]);
    }
    double r;
    TU_CHECK(gfp_opt_double("ratio", "0.35", 0, 1, &r, &err) == GFP_OK &&
                 r == 0.35, "ratio 0.35");
    gfp_error e2 = {0};
    TU_CHECK(gfp_opt_double("ratio", "1.2", 0, 1, &r, &e2) == GFP_EINVAL,
             "ratio 1.2 accepted");
    /* the batch sizing under a cap: the GPU's part of a batch, in the
     * slots a pass with a GPU part has (three: GFP_FFT2_GPU_SLOTS unset),
     * each of input and output, within 3/4 of the cap */
    unsetenv("GFP_FFT2_GPU_SLOTS");
    TU_CHECK(gfp_fft2d_plan_slots(0) == 2 && gfp_fft2d_plan_slots(0.5) == 3 &&
                 gfp_fft2d_plan_slots(1) == 3, "slots %d %d %d",
             gfp_fft2d_plan_slots(0), gfp_fft2d_plan_slots(0.5),
             gfp_fft2d_plan_slots(1));
    setenv("GFP_FFT2_GPU_SLOTS", "4", 1);
    TU_CHECK(gfp_fft2d_plan_slots(1) == 4, "GFP_FFT2_GPU_SLOTS=4 ignored");
    setenv("GFP_FFT2_GPU_SLOTS", "9", 1);
    TU_CHECK(gfp_fft2d_plan_slots(1) == 3, "GFP_FFT2_GPU_SLOTS=9 taken");
    unsetenv("GFP_FFT2_GPU_SLOTS");
    size_t fb = 8 * 1024, dev = 2 * fb, cap = (size_t)1 << 20;
    for (int i = 1; i <= 10; i++) {
        double frac = i / 10.0;
        size_t b = gfp_fft2d_batch(100000, fb, dev, frac, cap);
        size_t g = (size_t)llround(frac * (double)b);
        size_t ns = (size_t)gfp_fft2d_plan_slots(frac);
        TU_CHECK(ns * g * dev <= cap / 4 * 3 && b >= 1, "frac %.1f: batch "
                 "%zu, GPU part %zu frames (%zu bytes) over %zu", frac, b, g,
                 ns * g * dev, cap / 4 * 3);
    }
}

/* --threads left out of a hybrid run: the model file's count, else every
 * CPU online; a file that is not a model counts as none. */
static void test_default_threads(void)
{
    char dir[] = "/tmp/gfp-test-threads-XXXXXX", path[256];
    TU_CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(path, sizeof path, "%s/model", dir);
    const char *was = getenv("GFFTPIPE_MODEL");
    char keep[512];
    snprintf(keep, sizeof keep, "%s", was ? was : "");
    setenv("GFFTPIPE_MODEL", path, 1);
    TU_CHECK(gfp_hybrid_default_threads() == gfp_online_cpus(),
             "no model file: %d, want %d", gfp_hybrid_default_threads(),
             gfp_online_cpus());
    gfp_model m;
    gfp_model_default(&m);
    m.threads = 3;
    gfp_error err = {0};
    TU_CHECK(gfp_model_save(path, &m, &err) == GFP_OK, "%s", err.msg);
    TU_CHECK(gfp_hybrid_default_threads() == 3, "model of 3 threads: %d",
             gfp_hybrid_default_threads());
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("not a model\n", f);
        fclose(f);
    }
    TU_CHECK(gfp_hybrid_default_threads() == gfp_online_cpus(),
             "a broken file: %d", gfp_hybrid_default_threads());
    TU_CHECK(gfp_online_cpus() >= 1 && gfp_online_cpus() <= 1024,
             "online CPUs %d", gfp_online_cpus());
    unlink(path);
    rmdir(dir);
    setenv("GFFTPIPE_MODEL", keep, 1);
}

int main(void)
{
    if (tu_init())
        return 99;
    setenv("GFFTPIPE_MODEL", "/nonexistent/gfftpipe-test-model", 1);
    tu_suite("pipelined 2D transform");
    TU_TEST(test_cpu_vs_dft);
    TU_TEST(test_staging_path);
    tu_suite("hybrid split and join");
    TU_TEST(test_split_bounds);
    TU_TEST(test_hybrid_matches_cpu);
    TU_TEST(test_tiles);
    TU_TEST(test_ratio_per_direction);
    TU_TEST(test_submit_tg);
    TU_TEST(test_blocks_taken);
    TU_TEST(test_submit_tg_batch);
    TU_TEST(test_plan_split);
    TU_TEST(test_fraction);
    TU_TEST(test_short_batches);
    tu_suite("options");
    TU_TEST(test_options);
    TU_TEST(test_default_threads);
    return tu_run();
}
