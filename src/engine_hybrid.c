/* engine_hybrid.c - `--engine hybrid`: the CPU (FFTW threads) and the GPU
 * at once, after seed 001 (Ogata et al.). Every batch is split: its first
 * 1 - r frames go to the CPU engine, the rest to the GPU engine. submit()
 * starts the GPU's part (asynchronous: copies and kernels on the slot's
 * stream), then computes the CPU's part itself; wait() waits for the GPU.
 * The split sizes of a full batch are fixed at plan time, so FFTW runs its
 * batched (threaded) plan on an aligned start (the CPU's part comes first)
 * and the GPU's device buffers hold exactly its part.
 *
 * fft2 does not split batches: with r set it takes the two engines
 * (gfp_hybrid_parts) and splits each pass, each engine batching its part
 * as it would alone (fft2.h); this per-batch split serves the 1D stages.
 *
 * The engine knows nothing of devices: `gpu` is any engine (the tests put
 * a second CPU engine there). r comes from --ratio, from a stage that knows
 * its whole problem (fft2 sets it through gfp_hybrid_set_ratio), or from
 * the performance model per plan (model.h). */
#include "config.h"
#include "gfp.h"
#include "model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct hybrid_state {
    gfp_engine *cpu, *gpu;
    double ratio;        /* < 0: the model's, per plan */
    int verbose;
    const char *who;
    gfp_model model;
    int model_from_file;
    gfp_hybrid_stats st; /* since the engine opened: -v */
} hybrid_state;

typedef struct hybrid_impl {
    gfp_plan *cpu, *gpu;
    size_t batch, ncpu, ngpu; /* a full batch's split */
    size_t in_step, out_step; /* bytes per frame */
    double r;
} hybrid_impl;

static gfp_status hybrid_open(const gfp_engine_opts *o, void **state,
                              gfp_error *err)
{
    (void)o;
    (void)state;
    return gfp_fail(err, GFP_EINVAL, "internal: the hybrid engine is made "
                    "by gfp_hybrid_wrap");
}

static void hybrid_close(void *state)
{
    hybrid_state *s = state;
    if (!s)
        return;
    if (s->verbose && s->st.batches)
        gfp_msg(s->who, "hybrid: %zu batches; CPU part %.4f s (%zu frames), "
                "GPU part enqueued in %.4f s (%zu frames), waited for %.4f "
                "s after the CPU part", s->st.batches, s->st.cpu_s,
                s->st.cpu_frames, s->st.gpu_submit_s, s->st.gpu_frames,
                s->st.gpu_wait_s);
    gfp_engine_close(s->cpu);
    gfp_engine_close(s->gpu);
    free(s);
}

static void hybrid_unmake(void *state, void *impl)
{
    (void)state;
    hybrid_impl *p = impl;
    if (!p)
        return;
    gfp_plan_destroy(p->cpu);
    gfp_plan_destroy(p->gpu);
    free(p);
}

static gfp_status hybrid_make(void *state, const gfp_plan_desc *d,
                              int nslots, void **out, gfp_error *err)
{
    hybrid_state *s = state;
    *out = NULL;
    /* a split batch would cut a span's shared samples, or shift which
     * filter spectrum a frame takes: those plans run on one engine */
    if (d->in_hop || d->filter)
        return gfp_fail(err, GFP_ENOTSUP, "the hybrid engine splits plain "
                        "batches only (no spans, no filter plans)");
    hybrid_impl *p = calloc(1, sizeof *p);
    if (!p)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    double r = s->ratio >= 0
                   ? s->ratio
                   : gfp_model_best_ratio_1d(&s->model, d->dbl, d->kind, d->n,
                                             d->batch);
    p->r = r;
    p->batch = d->batch;
    p->ngpu = (size_t)llround(r * (double)d->batch);
    if (p->ngpu > d->batch)
        p->ngpu = d->batch;
    p->ncpu = d->batch - p->ngpu;
    size_t sc = d->dbl ? sizeof(double) : sizeof(float);
    p->in_step = gfp_plan_in_scalars(d) * sc;
    p->out_step = gfp_plan_out_scalars(d) * sc;
    gfp_plan_desc sd = *d;
    gfp_status st = GFP_OK;
    if (p->ncpu) {
        sd.batch = p->ncpu;
        if ((st = gfp_plan_create(s->cpu, &sd, nslots, &p->cpu, err)))
            goto fail;
    }
    if (p->ngpu) {
        sd.batch = p->ngpu;
        if ((st = gfp_plan_create(s->gpu, &sd, nslots, &p->gpu, err)))
            goto fail;
    }
    if (s->verbose >= 2)
        gfp_msg(s->who, "hybrid plan n %zu: of a batch of %zu, %zu to the "
                "GPU and %zu to the CPU (r %.3f, %s)", d->n, d->batch,
                p->ngpu, p->ncpu, r, s->ratio >= 0 ? "set" : "the model's");
    *out = p;
    return GFP_OK;
fail:
    hybrid_unmake(state, p);
    return st;
}

/* Frames of a batch of nframes that go to the GPU: a full batch's split
 * as planned; a short batch the same fraction, within each part's plan. */
static size_t split(const hybrid_impl *p, size_t nframes)
{
    if (nframes == p->batch)
        return p->ngpu;
    size_t ng = (size_t)llround(p->r * (double)nframes);
    if (ng > p->ngpu)
        ng = p->ngpu;
    if (nframes - ng > p->ncpu)
        ng = nframes - p->ncpu;
    return ng;
}

/* The GPU's part is only enqueued (copies and kernels on the slot's
 * stream, nothing synchronises) before the CPU's part starts, so the two
 * run at once; the times of both go to the stats (-v). */
static void count(hybrid_state *s, size_t nc, size_t ng, double t0,
                  double t1, double t2)
{
    s->st.batches++;
    s->st.cpu_frames += nc;
    s->st.gpu_frames += ng;
    s->st.gpu_submit_s += t1 - t0;
    s->st.cpu_s += t2 - t1;
}

/* After the CPU's part of a batch (st: how it went; t0..t1 the GPU's
 * enqueue): the accounts, and on a failure the GPU's part waited for, as
 * it must not run on into buffers the caller frees; the CPU's error is
 * the one reported. */
static gfp_status cpu_part_done(hybrid_state *s, hybrid_impl *p, int slot,
                                gfp_status st, size_t nc, size_t ng,
                                double t0, double t1)
{
    count(s, nc, ng, t0, t1, nc ? gfp_now() : t1);
    if (st && ng) {
        gfp_error ignored = {0};
        if (gfp_plan_wait(p->gpu, slot, &ignored) != GFP_OK)
            return st; /* the CPU's error is the one reported */
    }
    return st;
}

static gfp_status hybrid_submit(void *state, void *impl, int slot,
                                const void *in, void *out, size_t nframes,
                                gfp_error *err)
{
    hybrid_state *s = state;
    hybrid_impl *p = impl;
    size_t ng = split(p, nframes), nc = nframes - ng;
    gfp_status st;
    double t0 = gfp_now();
    if (ng && (st = gfp_plan_submit(p->gpu, slot,
                                    (const char *)in + nc * p->in_step,
                                    (char *)out + nc * p->out_step, ng, err)))
        return st;
    double t1 = gfp_now();
    st = GFP_OK;
    if (nc) {
        st = gfp_plan_submit(p->cpu, slot, in, out, nc, err);
        if (!st)
            st = gfp_plan_wait(p->cpu, slot, err);
    }
    return cpu_part_done(s, p, slot, st, nc, ng, t0, t1);
}

/* As submit, each part transposed where it ran (the GPU's on the device,
 * the CPU's on the CPU) into its own columns of out, with tiles when asked
 * (submit_tg: each part gathers and places its own frames). */
static gfp_status hybrid_submit_tg(void *state, void *impl, int slot,
                                   const void *in, const gfp_tiles *tin,
                                   void *out, size_t tout, size_t nframes,
                                   size_t ld, size_t col0, gfp_error *err)
{
    hybrid_state *s = state;
    hybrid_impl *p = impl;
    size_t ng = split(p, nframes), nc = nframes - ng;
    gfp_tiles tg = {0, 0, 0};
    if (tin) {
        tg = *tin;
        tg.first += nc;
    }
    gfp_status st;
    double t0 = gfp_now();
    /* a tiled input is found by frame index, a plain one by address */
    const void *gin = tin ? in : (const char *)in + nc * p->in_step;
    if (ng && (st = gfp_plan_submit_tg(p->gpu, slot, gin, tin ? &tg : NULL,
                                       out, tout, ng, ld, col0 + nc, err)))
        return st;
    double t1 = gfp_now();
    st = GFP_OK;
    if (nc) {
        st = gfp_plan_submit_tg(p->cpu, slot, in, tin, out, tout, nc, ld,
                                col0, err);
        if (!st)
            st = gfp_plan_wait(p->cpu, slot, err);
    }
    return cpu_part_done(s, p, slot, st, nc, ng, t0, t1);
}

/* The time blocked here is the GPU's part outlasting the CPU's. */
static gfp_status hybrid_wait(void *state, void *impl, int slot,
                              gfp_error *err)
{
    hybrid_state *s = state;
    hybrid_impl *p = impl;
    if (!p->gpu)
        return GFP_OK;
    double t0 = gfp_now();
    gfp_status st = gfp_plan_wait(p->gpu, slot, err);
    s->st.gpu_wait_s += gfp_now() - t0;
    return st;
}

/* Host buffers come from the GPU engine (pinned), as both parts read and
 * write them. */
static void *hybrid_alloc_host(void *state, size_t bytes)
{
    hybrid_state *s = state;
    return s->gpu->ops->alloc_host(s->gpu->state, bytes);
}

static void hybrid_free_host(void *state, void *ptr)
{
    hybrid_state *s = state;
    s->gpu->ops->free_host(s->gpu->state, ptr);
}

static gfp_status hybrid_time(void *state, void *impl, size_t nframes,
                              int warmup, int reps, double *ms,
                              gfp_error *err)
{
    (void)state;
    (void)impl;
    (void)nframes;
    (void)warmup;
    (void)reps;
    (void)ms;
    return gfp_fail(err, GFP_ENOTSUP, "the hybrid engine has no device-"
                    "resident timing; time its two engines apart");
}

static const gfp_engine_ops hybrid_ops = {
    .name = "hybrid",
    .open = hybrid_open,
    .close = hybrid_close,
    .plan = hybrid_make,
    .plan_destroy = hybrid_unmake,
    .submit = hybrid_submit,
    .wait = hybrid_wait,
    .alloc_host = hybrid_alloc_host,
    .free_host = hybrid_free_host,
    .time_batch = hybrid_time,
    .submit_tg = hybrid_submit_tg,
};

int gfp_hybrid_default_threads(void)
{
    char path[4096];
    gfp_error err = {0};
    gfp_model m;
    if (!gfp_model_path(path, sizeof path, &err) &&
        !gfp_model_load(path, &m, &err) && m.threads >= 1 &&
        m.threads <= 1024)
        return m.threads;
    return gfp_online_cpus();
}

gfp_status gfp_hybrid_wrap(gfp_engine *cpu, gfp_engine *gpu,
                           const gfp_engine_opts *o, const char *who,
                           gfp_engine **out, gfp_error *err)
{
    *out = NULL;
    hybrid_state *s = calloc(1, sizeof *s);
    gfp_engine *e = calloc(1, sizeof *e);
    if (!s || !e) {
        free(s);
        free(e);
        gfp_engine_close(cpu);
        gfp_engine_close(gpu);
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    }
    s->cpu = cpu;
    s->gpu = gpu;
    s->who = who;
    s->verbose = o->verbose;
    s->ratio = o->ratio_set ? o->ratio : -1;
    char path[4096];
    gfp_error merr = {0};
    gfp_status ms = gfp_model_path(path, sizeof path, &merr);
    if (!ms)
        ms = gfp_model_load(path, &s->model, &merr);
    if (!ms && !s->model.have_gpu) {
        ms = gfp_fail(&merr, GFP_EFORMAT, "'%s' was calibrated without a "
                      "GPU", path);
    }
    s->model_from_file = !ms;
    if (!ms && o->threads > 0 && s->model.threads != o->threads &&
        !o->quiet_notes)
        gfp_msg(who, "the model was calibrated with %d FFTW thread(s) and "
                "this run uses %d: its CPU times, and so r, may be off "
                "(calibrate with --threads %d, or leave --threads out)",
                s->model.threads, o->threads, o->threads);
    if (ms) {
        gfp_model_default(&s->model);
        if (!o->ratio_set && !o->quiet_notes)
            gfp_msg(who, "no usable performance model (%s); the hybrid "
                    "engine uses default coefficients: run 'gfftpipe "
                    "calibrate' once", merr.msg);
    }
    e->ops = &hybrid_ops;
    e->state = s;
    e->name = hybrid_ops.name;
    *out = e;
    return GFP_OK;
}

int gfp_hybrid_set_ratio(gfp_engine *e, double r)
{
    if (!e || e->ops != &hybrid_ops)
        return -1;
    hybrid_state *s = e->state;
    s->ratio = r < 0 ? -1 : r > 1 ? 1 : r;
    return 0;
}

const struct gfp_model *gfp_hybrid_model(const gfp_engine *e, int *from_file)
{
    if (!e || e->ops != &hybrid_ops)
        return NULL;
    const hybrid_state *s = e->state;
    if (from_file)
        *from_file = s->model_from_file;
    return &s->model;
}

int gfp_hybrid_parts(const gfp_engine *e, gfp_engine **cpu,
                     gfp_engine **gpu)
{
    if (!e || e->ops != &hybrid_ops)
        return -1;
    const hybrid_state *s = e->state;
    *cpu = s->cpu;
    *gpu = s->gpu;
    return 0;
}

int gfp_hybrid_get_stats(const gfp_engine *e, gfp_hybrid_stats *out)
{
    memset(out, 0, sizeof *out);
    if (!e || e->ops != &hybrid_ops)
        return -1;
    *out = ((const hybrid_state *)e->state)->st;
    return 0;
}

double gfp_engine_gpu_fraction(const gfp_engine *e)
{
    if (e->ops == &hybrid_ops)
        return ((const hybrid_state *)e->state)->ratio;
    return strcmp(e->name, "cpu") ? 1.0 : 0.0;
}
