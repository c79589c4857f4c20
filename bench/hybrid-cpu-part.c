/* hybrid-cpu-part.c - the hybrid engine's CPU part alone, on a machine
 * without a GPU (issue 7): fft2's C2C f32 S x S transform through
 * --engine hybrid where the "GPU" is a null engine (it takes its frames and
 * does nothing, as if the GPU were free). The CPU part at full speed then
 * takes (1 - r) of the CPU engine's time; the first run of a process is
 * timed apart (it is what one fft2 run pays: plans made lazily, first
 * touches). With g=US the null GPU takes US microseconds a frame, as
 * a device would (submit notes when its frames would be done, one batch
 * after another; wait sleeps until then): the hybrid's time then shows
 * whether its two parts overlap (max of the two, not their sum).
 *
 *   bench/hybrid-cpu-part S THREADS GPU_MEM [measure] [g=US] [r ...]
 *
 * Built by `make bench/hybrid-cpu-part` (not installed, not a test). */
#include "config.h"
#include "fft2.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct null_impl {
    double us;          /* per frame */
    double done[2];     /* when each slot's frames would be done */
} null_impl;

static double g_us; /* the fake device's microseconds a frame */
static double g_busy_until;
static double g_s;  /* the fake GPU's busy seconds */

static gfp_status null_open(const gfp_engine_opts *o, void **st,
                            gfp_error *err)
{
    (void)o; (void)st;
    return gfp_fail(err, GFP_EINVAL, "not used");
}
static void null_close(void *state) { (void)state; }
static gfp_status null_plan(void *state, const gfp_plan_desc *d, int nslots,
                            void **plan, gfp_error *err)
{
    (void)state; (void)d; (void)nslots; (void)err;
    *plan = calloc(1, sizeof(null_impl));
    return GFP_OK;
}
static void null_plan_destroy(void *state, void *plan)
{
    (void)state;
    free(plan);
}
static gfp_status null_submit(void *state, void *plan, int slot,
                              const void *in, void *out, size_t n,
                              gfp_error *err)
{
    (void)state; (void)in; (void)out; (void)err;
    null_impl *p = plan;
    double now = gfp_now(), t0 = now > g_busy_until ? now : g_busy_until;
    g_busy_until = t0 + 1e-6 * g_us * (double)n;
    g_s += 1e-6 * g_us * (double)n;
    p->done[slot & 1] = g_busy_until;
    return GFP_OK;
}
static gfp_status null_submit_t(void *state, void *plan, int slot,
                                const void *in, void *out, size_t n,
                                size_t ld, size_t col0, gfp_error *err)
{
    (void)ld; (void)col0;
    return null_submit(state, plan, slot, in, out, n, err);
}
static gfp_status null_wait(void *state, void *plan, int slot,
                            gfp_error *err)
{
    (void)state; (void)err;
    null_impl *p = plan;
    double left = p->done[slot & 1] - gfp_now();
    if (left > 0) {
        struct timespec ts = {(time_t)left, (long)((left - (time_t)left) *
                                                   1e9)};
        nanosleep(&ts, NULL);
    }
    return GFP_OK;
}
static void *null_alloc(void *state, size_t bytes)
{
    (void)state;
    void *p = NULL;
    return posix_memalign(&p, 4096, bytes ? bytes : 1) ? NULL : p;
}
static void null_free(void *state, void *p)
{
    (void)state;
    free(p);
}
static const gfp_engine_ops null_ops = {
    .name = "gpu", .open = null_open, .close = null_close,
    .plan = null_plan, .plan_destroy = null_plan_destroy,
    .submit = null_submit, .wait = null_wait, .alloc_host = null_alloc,
    .free_host = null_free, .submit_t = null_submit_t};

static gfp_engine *open_cpu(int threads, const char *wisdom)
{
    gfp_engine_opts o = {.threads = threads, .quick_plans = !wisdom,
                         .wisdom = wisdom, .quiet_notes = 1};
    gfp_engine *e = NULL;
    gfp_error err = {0};
    if (gfp_engine_open("cpu", &o, "bench", &e, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        exit(2);
    }
    return e;
}

static double run2d(gfp_engine *e, size_t S, size_t gpu_mem, int threads,
                    double *first)
{
    gfp_fft2d t;
    gfp_error err = {0};
    gfp_fft2d_opts fo = {.gpu_mem = gpu_mem, .threads = threads};
    if (gfp_fft2d_create_opts(e, S, S, GFP_C2C, 0, 0, 1, 1, &fo, &t, &err)) {
        fprintf(stderr, "create: %s\n", err.msg);
        exit(2);
    }
    size_t bytes = gfp_fft2d_scalars(&t) * sizeof(float);
    void *A = e->ops->alloc_host(e->state, bytes);
    void *B = e->ops->alloc_host(e->state, bytes);
    uint64_t seed = 3;
    gfp_rand_fill(A, 2 * S * S, 0, &seed);
    memset(B, 0, bytes);
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = gfp_now();
        if (gfp_fft2d_execute(&t, A, B, &err)) {
            fprintf(stderr, "execute: %s\n", err.msg);
            exit(2);
        }
        double dt = gfp_now() - t0;
        if (rep == 0)
            *first = dt;
        else if (dt < best)
            best = dt;
    }
    printf("    batches: rows %zu, columns %zu\n", t.rows->desc.batch,
           t.cols->desc.batch);
    e->ops->free_host(e->state, A);
    e->ops->free_host(e->state, B);
    gfp_fft2d_destroy(&t);
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s S THREADS GPU_MEM [measure] [r ...]\n",
                argv[0]);
        return 1;
    }
    size_t S = strtoul(argv[1], NULL, 0);
    int threads = atoi(argv[2]);
    size_t gpu_mem = strtoul(argv[3], NULL, 0);
    int ai = 4;
    const char *wisdom = NULL;
    if (ai < argc && !strcmp(argv[ai], "measure")) {
        wisdom = "/tmp/hybrid-cpu-part.wisdom";
        ai++;
    }
    if (ai < argc && !strncmp(argv[ai], "g=", 2))
        g_us = atof(argv[ai++] + 2);
    double first;
    gfp_engine *cpu = open_cpu(threads, wisdom);
    double tc = run2d(cpu, S, gpu_mem, threads, &first);
    printf("cpu alone: first %.4f s, then %.4f s\n", first, tc);
    gfp_engine_close(cpu);
    for (; ai < argc; ai++) {
        double r = atof(argv[ai]);
        gfp_engine *g = calloc(1, sizeof *g);
        g->ops = &null_ops;
        g->name = "gpu";
        gfp_engine_opts o = {.threads = threads, .quiet_notes = 1,
                             .ratio_set = 1, .ratio = r};
        gfp_engine *h = NULL;
        gfp_error err = {0};
        if (gfp_hybrid_wrap(open_cpu(threads, wisdom), g, &o, "bench", &h,
                            &err)) {
            fprintf(stderr, "%s\n", err.msg);
            return 2;
        }
        g_s = 0;
        double th = run2d(h, S, gpu_mem, threads, &first);
        double tg = g_s / 3, ideal = (1 - r) * tc > tg ? (1 - r) * tc : tg;
        printf("hybrid r %.2f (null GPU, %.4f s a run): first %.4f s, then "
               "%.4f s; ideal max((1-r) x cpu, GPU) %.4f s (x%.2f)\n", r, tg,
               first, th, ideal, th / (ideal + 1e-9));
        gfp_engine_close(h);
    }
    return 0;
}
