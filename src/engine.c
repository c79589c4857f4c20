/* engine.c - engine registry, `--engine auto|cpu|gpu|cufft|hybrid`, and the plan
 * wrapper every stage uses. */
#include "config.h"
#include "gfp.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

size_t gfp_plan_in_scalars(const gfp_plan_desc *d)
{
    switch (d->kind) {
    case GFP_C2C: return 2 * d->n;
    case GFP_R2C: return d->n;
    case GFP_C2R: return 2 * (d->n / 2 + 1);
    }
    return 0;
}

size_t gfp_2d_in_scalars(const gfp_2d_desc *d)
{
    switch (d->kind) {
    case GFP_C2C: return 2 * d->h * d->w;
    case GFP_R2C: return d->h * d->w;
    case GFP_C2R: return 2 * d->h * (d->w / 2 + 1);
    }
    return 0;
}

size_t gfp_2d_out_scalars(const gfp_2d_desc *d)
{
    switch (d->kind) {
    case GFP_C2C: return 2 * d->h * d->w;
    case GFP_R2C: return 2 * d->h * (d->w / 2 + 1);
    case GFP_C2R: return d->h * d->w;
    }
    return 0;
}

size_t gfp_plan_out_scalars(const gfp_plan_desc *d)
{
    if (d->filter)
        return (d->n - d->out_skip) * (d->kind == GFP_C2C ? 2 : 1);
    size_t bins = d->kind == GFP_R2C ? d->n / 2 + 1 : d->n;
    if (d->kind == GFP_C2R)
        return d->n;
    return d->post == GFP_POST_NONE ? 2 * bins : bins;
}

static gfp_status open_ops(const gfp_engine_ops *ops, const gfp_engine_opts *o,
                           gfp_engine **out, gfp_error *err)
{
    gfp_engine *e = calloc(1, sizeof *e);
    if (!e)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    gfp_status st = ops->open(o, &e->state, err);
    if (st) {
        free(e);
        return st;
    }
    e->ops = ops;
    e->name = ops->name;
    *out = e;
    return GFP_OK;
}

gfp_status gfp_engine_open(const char *name, const gfp_engine_opts *o,
                           const char *who, gfp_engine **out, gfp_error *err)
{
    *out = NULL;
    if (!strcmp(name, "cpu"))
        return open_ops(&gfp_engine_fftw, o, out, err);
    if (!strcmp(name, "hybrid")) {
        /* The CPU part first: FFTW needs nothing that can be missing. */
        gfp_engine *cpu = NULL;
        gfp_status st = open_ops(&gfp_engine_fftw, o, &cpu, err);
        if (st)
            return st;
        gfp_error gerr = {0};
#ifdef GFP_HAVE_CUDA
        gfp_engine *gpu = NULL;
        gfp_engine_opts go = *o;
        go.gpu_block_sync = gfp_hybrid_block_sync();
        if (open_ops(&gfp_engine_gpu, &go, &gpu, &gerr) == GFP_OK)
            return gfp_hybrid_wrap(cpu, gpu, o, who, out, err);
#else
        gfp_fail(&gerr, GFP_EDEVICE, "this gfftpipe was built without CUDA");
#endif
        /* as auto: without a GPU the CPU does it all, with one note */
        if (!o->quiet_notes)
            gfp_msg(who, "no usable GPU (%s); --engine hybrid runs on the "
                    "CPU engine alone", gerr.msg);
        *out = cpu;
        return GFP_OK;
    }
    if (!strcmp(name, "gpu") || !strcmp(name, "cufft") ||
        !strcmp(name, "auto")) {
        gfp_error gerr = {0};
#ifdef GFP_HAVE_CUDA
        const gfp_engine_ops *ops =
            !strcmp(name, "cufft") ? &gfp_engine_cufft : &gfp_engine_gpu;
        if (open_ops(ops, o, out, &gerr) == GFP_OK)
            return GFP_OK;
#else
        gfp_fail(&gerr, GFP_EDEVICE, "this gfftpipe was built without CUDA");
#endif
        if (strcmp(name, "auto"))
            return gfp_fail(err, GFP_EDEVICE, "no usable GPU: %s", gerr.msg);
        if (!o->quiet_notes)
            gfp_msg(who, "no usable GPU (%s); using the CPU engine", gerr.msg);
        return open_ops(&gfp_engine_fftw, o, out, err);
    }
    return gfp_fail(err, GFP_EINVAL, "unknown engine '%s'", name);
}

void gfp_engine_close(gfp_engine *e)
{
    if (!e)
        return;
    e->ops->close(e->state);
    free(e);
}

gfp_status gfp_plan_create(gfp_engine *e, const gfp_plan_desc *d, int nslots,
                           gfp_plan **out, gfp_error *err)
{
    *out = NULL;
    if (d->n == 0 || d->batch == 0 || nslots < 1)
        return gfp_fail(err, GFP_EINVAL, "bad plan (n %zu, batch %zu)", d->n,
                        d->batch);
    if (d->kind == GFP_C2R && (d->window || d->post != GFP_POST_NONE))
        return gfp_fail(err, GFP_EINVAL,
                        "a C2R plan takes no window and no post-op");
    /* Only the gpu engine runs a seed paper's algorithm or pools on the
     * device; the others must not quietly do something else. */
    if (d->algorithm != GFP_ALG_AUTO && strcmp(e->name, "gpu"))
        return gfp_fail(err, GFP_EINVAL, "--algorithm %s runs on the gpu "
                        "engine only", gfp_algorithm_name(d->algorithm));
    if (d->pool && strcmp(e->name, "gpu"))
        return gfp_fail(err, GFP_ENOTSUP, "pooling on the device needs the "
                        "gpu engine");
    if (d->filter && (d->kind == GFP_C2R || d->inverse || d->window ||
                      d->post != GFP_POST_NONE || d->pool || !d->nfilter ||
                      d->algorithm != GFP_ALG_AUTO))
        return gfp_fail(err, GFP_EINVAL, "a filter plan is a forward R2C "
                        "or C2C plan with no window, post-op, pooling or "
                        "algorithm, and at least one spectrum");
    if (d->out_skip && (!d->filter || d->out_skip >= d->n))
        return gfp_fail(err, GFP_EINVAL, "out_skip is for filter plans, and "
                        "less than n");
    gfp_plan *p = calloc(1, sizeof *p);
    if (!p)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    p->engine = e;
    p->desc = *d;
    p->nslots = nslots;
    if (d->window) {
        p->window = malloc(d->n * sizeof *p->window);
        if (!p->window) {
            free(p);
            return gfp_fail(err, GFP_ENOMEM, "out of memory for the window");
        }
        memcpy(p->window, d->window, d->n * sizeof *p->window);
        p->desc.window = p->window;
    }
    gfp_status st = e->ops->plan(e->state, &p->desc, nslots, &p->impl, err);
    if (st) {
        free(p->window);
        free(p);
        return st;
    }
    *out = p;
    return GFP_OK;
}

void gfp_plan_destroy(gfp_plan *p)
{
    if (!p)
        return;
    p->engine->ops->plan_destroy(p->engine->state, p->impl);
    free(p->window);
    free(p);
}

/* GFP_EINVAL for a batch larger than the plan's, else GFP_OK. */
static gfp_status batch_check(const gfp_plan *p, size_t nframes,
                              gfp_error *err)
{
    if (nframes <= p->desc.batch)
        return GFP_OK;
    return gfp_fail(err, GFP_EINVAL, "batch of %zu frames exceeds the "
                    "plan's %zu", nframes, p->desc.batch);
}

gfp_status gfp_plan_submit(gfp_plan *p, int slot, const void *in, void *out,
                           size_t nframes, gfp_error *err)
{
    gfp_status st = batch_check(p, nframes, err);
    if (st)
        return st;
    return p->engine->ops->submit(p->engine->state, p->impl, slot, in, out,
                                  nframes, err);
}

gfp_status gfp_plan_wait(gfp_plan *p, int slot, gfp_error *err)
{
    return p->engine->ops->wait(p->engine->state, p->impl, slot, err);
}

int gfp_hybrid_block_sync(void)
{
    const char *e = getenv("GFP_HYB_SLEEP");
    return e && *e && strcmp(e, "0");
}

int gfp_engine_transposes(const gfp_engine *e)
{
    return e->ops->submit_tg != NULL || e->ops->submit_t != NULL;
}

gfp_status gfp_plan_submit_t(gfp_plan *p, int slot, const void *in, void *out,
                             size_t nframes, size_t ld, size_t col0,
                             gfp_error *err)
{
    gfp_status st = batch_check(p, nframes, err);
    if (st)
        return st;
    if (!gfp_engine_transposes(p->engine))
        return gfp_fail(err, GFP_ENOTSUP, "the %s engine has no transposed "
                        "output", p->engine->name);
    const gfp_engine_ops *o = p->engine->ops;
    if (o->submit_tg) /* plain arrays are tiled ones without tiles */
        return o->submit_tg(p->engine->state, p->impl, slot, in, NULL, out, 0,
                            nframes, ld, col0, err);
    return o->submit_t(p->engine->state, p->impl, slot, in, out, nframes, ld,
                       col0, err);
}

gfp_status gfp_plan_submit_tg(gfp_plan *p, int slot, const void *in,
                              const gfp_tiles *tin, void *out, size_t tout,
                              size_t nframes, size_t ld, size_t col0,
                              gfp_error *err)
{
    if (!tin && !tout) /* no tiles: an engine with submit_tg or submit_t */
        return gfp_plan_submit_t(p, slot, in, out, nframes, ld, col0, err);
    gfp_status st = batch_check(p, nframes, err);
    if (st)
        return st;
    if (!p->engine->ops->submit_tg)
        return gfp_fail(err, GFP_ENOTSUP, "the %s engine has no tiled "
                        "arrays", p->engine->name);
    if (tin && (!tin->tile || tin->first + nframes > tin->frames))
        return gfp_fail(err, GFP_EINVAL, "frames %zu .. %zu of a tiled array "
                        "of %zu (tile %zu)", tin->first,
                        tin->first + nframes, tin->frames, tin->tile);
    if (tout && col0 + nframes > ld)
        return gfp_fail(err, GFP_EINVAL, "frames %zu .. %zu of a tiled "
                        "output of %zu", col0, col0 + nframes, ld);
    return p->engine->ops->submit_tg(p->engine->state, p->impl, slot, in, tin,
                                     out, tout, nframes, ld, col0, err);
}

size_t gfp_tiles_piece(size_t tout, size_t ld, size_t f, size_t n,
                       size_t *t0, size_t *h)
{
    if (!tout) {
        *t0 = 0;
        *h = ld;
        return n;
    }
    *t0 = f / tout * tout;
    *h = ld - *t0 < tout ? ld - *t0 : tout;
    return *t0 + *h - f < n ? *t0 + *h - f : n;
}

void gfp_tiles_gather(int dbl, const void *in, const gfp_tiles *t, size_t n,
                      size_t first, size_t k, void *dst)
{
    size_t ce = 2 * (dbl ? sizeof(double) : sizeof(float));
    const char *s = in;
    char *d = dst;
    for (size_t v0 = 0; v0 < n; v0 += t->tile) {
        size_t h = n - v0 < t->tile ? n - v0 : t->tile;
        /* the k frames' pieces lie one after another in this tile */
        const char *run = s + (v0 * t->frames + first * h) * ce;
        for (size_t f = 0; f < k; f++)
            memcpy(d + (f * n + v0) * ce, run + f * h * ce, h * ce);
    }
}

gfp_status gfp_plan_execute(gfp_plan *p, const void *in, void *out,
                            size_t nframes, gfp_error *err)
{
    gfp_status st = gfp_plan_submit(p, 0, in, out, nframes, err);
    if (st)
        return st;
    return gfp_plan_wait(p, 0, err);
}

#define POST_APPLY(T, NAME, HYPOT, LOG10, ATAN2)                         \
    void NAME(gfp_post post, const T *c, size_t nbins, T *out)               \
    {                                                                        \
        size_t k;                                                            \
        switch (post) {                                                      \
        case GFP_POST_NONE:                                                  \
            memmove(out, c, 2 * nbins * sizeof(T));                          \
            break;                                                           \
        case GFP_POST_MAG:                                                   \
            for (k = 0; k < nbins; k++)                                      \
                out[k] = HYPOT(c[2*k], c[2*k+1]);                            \
            break;                                                           \
        case GFP_POST_POWER:                                                 \
            for (k = 0; k < nbins; k++)                                      \
                out[k] = c[2*k] * c[2*k] + c[2*k+1] * c[2*k+1];              \
            break;                                                           \
        case GFP_POST_DB:                                                    \
            for (k = 0; k < nbins; k++)                                      \
            {   /* 20 log10 |X|: no overflow where |X|^2 would. NaN must   \
                 * stay NaN, so no fmax. */                                  \
                T m = HYPOT(c[2*k], c[2*k+1]);                               \
                out[k] = (T)20 * LOG10(m < (T)GFP_DB_FLOOR_MAG               \
                                       ? (T)GFP_DB_FLOOR_MAG : m);           \
            }                                                                \
            break;                                                           \
        case GFP_POST_PHASE:                                                 \
            for (k = 0; k < nbins; k++)                                      \
                out[k] = ATAN2(c[2*k+1], c[2*k]);                            \
            break;                                                           \
        }                                                                    \
    }
POST_APPLY(float, gfp_post_apply_f32, hypotf, log10f, atan2f)
POST_APPLY(double, gfp_post_apply_f64, hypot, log10, atan2)

typedef struct { float v[2]; } c32;
typedef struct { double v[2]; } c64;
#define TB_TILE 32
/* ---- transposes in threads (fft2's passes, the engines' submit_t) ------- */

/* Rows r of src (rows x cols values of es bytes) land as column col0 + r
 * of dst (cols rows of ld values): dst[c * ld + col0 + r] = src[r * cols
 * + c], for the columns c0 .. c1 of src. */
#define DEF_TRANSPOSE_BLOCK(T)                                               \
    static void tblock_##T(const T *restrict s, T *restrict d, size_t rows, \
                           size_t cols, size_t ld, size_t col0, size_t c0,   \
                           size_t c1)                                        \
    {                                                                        \
        for (size_t r0 = 0; r0 < rows; r0 += TB_TILE)                        \
            for (size_t cc = c0; cc < c1; cc += TB_TILE) {                   \
                size_t r1 = r0 + TB_TILE < rows ? r0 + TB_TILE : rows;       \
                size_t ce = cc + TB_TILE < c1 ? cc + TB_TILE : c1;           \
                for (size_t c = cc; c < ce; c++)                             \
                    for (size_t r = r0; r < r1; r++)                         \
                        d[c * ld + col0 + r] = s[r * cols + c];              \
            }                                                                \
    }
DEF_TRANSPOSE_BLOCK(c32)
DEF_TRANSPOSE_BLOCK(c64)

typedef struct tjob {
    int dbl;
    const void *s;
    void *d;
    size_t rows, cols, ld, col0, c0, c1;
} tjob;

static void tjob_run(const tjob *j)
{
    if (j->dbl)
        tblock_c64(j->s, j->d, j->rows, j->cols, j->ld, j->col0, j->c0, j->c1);
    else
        tblock_c32(j->s, j->d, j->rows, j->cols, j->ld, j->col0, j->c0, j->c1);
}

static void *tjob_thread(void *arg)
{
    tjob_run(arg);
    return NULL;
}

#define TB_MAX_THREADS 64
/* The block transpose above over all columns, in up to `threads` threads
 * (one when the block is small or a thread cannot be made). */
void gfp_transpose_block(int dbl, const void *s, void *d, size_t rows,
                         size_t cols, size_t ld, size_t col0, int threads)
{
    size_t es = dbl ? 16 : 8;
    int nt = threads < 1 ? 1 : threads > TB_MAX_THREADS ? TB_MAX_THREADS
                                                          : threads;
    if ((size_t)nt > cols)
        nt = (int)cols;
    if (rows * cols * es < ((size_t)1 << 20))
        nt = 1;
    tjob jobs[TB_MAX_THREADS];
    pthread_t tid[TB_MAX_THREADS];
    int started[TB_MAX_THREADS] = {0};
    for (int i = 0; i < nt; i++) {
        jobs[i] = (tjob){dbl, s, d, rows, cols, ld, col0,
                         cols * (size_t)i / (size_t)nt,
                         cols * (size_t)(i + 1) / (size_t)nt};
        if (i > 0)
            started[i] = !pthread_create(&tid[i], NULL, tjob_thread, &jobs[i]);
    }
    tjob_run(&jobs[0]);
    for (int i = 1; i < nt; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            tjob_run(&jobs[i]);
    }
}


typedef struct tjob_w {
    tjob j;
    size_t cols;
} tjob_w;

static void tjob_part(void *arg, int part, int nparts)
{
    const tjob_w *a = arg;
    tjob j = a->j;
    j.c0 = a->cols * (size_t)part / (size_t)nparts;
    j.c1 = a->cols * (size_t)(part + 1) / (size_t)nparts;
    if (j.c1 > j.c0)
        tjob_run(&j);
}

/* Below this a block is not worth waking the workers (a few microseconds
 * of work). */
#define TB_W_MIN_BYTES ((size_t)64 << 10)

void gfp_transpose_block_w(int dbl, const void *s, void *d, size_t rows,
                           size_t cols, size_t ld, size_t col0,
                           gfp_workers *w)
{
    tjob_w a = {{dbl, s, d, rows, cols, ld, col0, 0, cols}, cols};
    size_t es = dbl ? 16 : 8;
    if (!w || gfp_workers_count(w) == 1 || rows * cols * es < TB_W_MIN_BYTES ||
        cols < (size_t)gfp_workers_count(w))
        tjob_run(&a.j);
    else
        gfp_workers_run(w, tjob_part, &a);
}
