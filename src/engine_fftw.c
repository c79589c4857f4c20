/* engine_fftw.c - the CPU engine: batched FFTW plans in single and double
 * precision, threads, wisdom. Window, scale and post-ops run as loops. */
#include "config.h"
#include "gfp.h"

#include <fftw3.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

typedef struct fftw_state {
    int threads;
    const char *wisdom;
    unsigned flags;
    gfp_workers *pool;  /* threads - 1 workers: short batches, transposes */
} fftw_state;

typedef struct fftw_impl {
    gfp_plan_desc d;
    const fftw_state *s;
    void *many;         /* plan over d.batch frames, on s->threads threads */
    /* Single-threaded plans over one frame, run by the engine's workers on
     * a batch `many` cannot take (short, or not aligned): `one` for
     * aligned frames, made with `many`; `one_u` for unaligned ones, made
     * with them when the frame size leaves frames unaligned, else on first
     * use (a caller's unaligned buffer: no stage passes one). */
    void *one, *one_u;
    pthread_mutex_t one_lock;
    void **scratch;     /* per slot, complex bins, when a post-op is asked */
    void **frames;      /* per slot, d.batch frames cut from a span (in_hop) */
    double *win;        /* the window times the scale: one pass, not two */
    double out_scale;   /* what is left to scale the output by */
    int nslots;
    /* A filter plan (d.filter): one-frame forward and inverse plans, the
     * spectra times the scale, per-slot aligned spectrum and frame
     * scratch (a frame not aligned for the plans is copied there). */
    void *ffwd, *finv;
    void *filt;
    void **fspec, **ftime;
    void **tscratch;    /* per slot, a batch's bins for submit_t; made on
                           first use */
    /* submit_t in blocks (fused): each worker runs `blk` (blk_frames
     * frames, one thread) into a block of its own that stays in its cache,
     * and transposes it from there into out; the array crosses host memory
     * once each way (read, then written transposed) instead of three
     * times (read, written to tscratch, read back, written). bscratch has
     * nslots x bparts blocks of blk_frames frames blk_stride complex
     * values apart (a stride off powers of two: the transpose reads a
     * value of each frame at once). */
    void *blk, *blk_u;
    size_t blk_frames, blk_stride;
    int bparts;
    void **bscratch;
    /* submit_tg: per block (nslots x bparts) the block's frames gathered
     * from a tiled input (blk_frames frames, contiguous), or, without
     * blocks, per slot a batch's (gbatch); made on first use */
    void **gscratch, **gbatch;
} fftw_impl;

/* Reads a wisdom file written by fftw_close: a double block, then a single
 * one. A missing file is fine (it is written at the end). */
static gfp_status import_wisdom(const char *path, gfp_error *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return GFP_OK;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            if (cap > (64u << 20)) {
                free(buf);
                fclose(f);
                return gfp_fail(err, GFP_EFORMAT, "wisdom file '%s' is too "
                                "large", path);
            }
            cap = cap ? 2 * cap : 8192;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return gfp_fail(err, GFP_ENOMEM, "out of memory");
            }
            buf = nb;
        }
        size_t r = fread(buf + len, 1, cap - len - 1, f);
        len += r;
        if (r == 0)
            break;
    }
    fclose(f);
    buf[len] = 0;
    int ok = 1;
    char *single = strstr(buf, " fftwf_wisdom");
    if (single) {
        while (single > buf && *single != '(')
            single--;
        ok = fftwf_import_wisdom_from_string(single);
        *single = 0;
    }
    if (*buf)
        ok = ok && fftw_import_wisdom_from_string(buf);
    free(buf);
    if (!ok && len)
        return gfp_fail(err, GFP_EFORMAT, "'%s' is not an FFTW wisdom file",
                        path);
    return GFP_OK;
}

static gfp_status fftw_open(const gfp_engine_opts *o, void **state,
                            gfp_error *err)
{
    fftw_state *s = calloc(1, sizeof *s);
    if (!s)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    s->threads = o->threads > 0 ? o->threads : 1;
    s->wisdom = o->wisdom;
    /* FFTW_MEASURE picks among algorithms by timing them, so two runs on
     * the same input can differ in the last bit. By default plans are
     * FFTW_ESTIMATE (the same answer every run); with --wisdom the
     * measured plan is stored and reused, which is deterministic too.
     * bench measures its plans always (measure_plans): its figures are
     * for the plans a long run would use, and planning is not timed. */
    s->flags = (o->wisdom || o->measure_plans) && !o->quick_plans
                   ? FFTW_MEASURE
                   : FFTW_ESTIMATE;
#ifdef GFP_HAVE_FFTW_THREADS
    /* Both calls are idempotent; FFTW keeps its own process-wide state. */
    fftw_init_threads();
    fftwf_init_threads();
#endif
    if (s->wisdom) {
        gfp_status st = import_wisdom(s->wisdom, err);
        if (st) {
            free(s);
            return st;
        }
    }
    /* Plans may be made on the compute thread (see one_plan). */
#ifdef GFP_HAVE_FFTW_THREADS
    fftw_make_planner_thread_safe();
    fftwf_make_planner_thread_safe();
#endif
    /* MEASURE can take seconds for big n; bound it (a plan out of time
     * is FFTW_ESTIMATE's), except in bench, which times the plans FFTW
     * picks when it measures them all */
    double limit = o->measure_plans ? FFTW_NO_TIMELIMIT : 2.0;
    fftw_set_timelimit(limit);
    fftwf_set_timelimit(limit);
    if (s->threads > 1) {
        gfp_status st = gfp_workers_create(s->threads, &s->pool, err);
        if (st) {
            free(s);
            return st;
        }
    }
    *state = s;
    return GFP_OK;
}

static void fftw_close(void *state)
{
    fftw_state *s = state;
    if (!s)
        return;
    if (s->wisdom) {
        /* Double wisdom, then single, in one file, written beside it and
         * renamed so a failed write never leaves half a file. */
        char *dw = fftw_export_wisdom_to_string();
        char *fw = fftwf_export_wisdom_to_string();
        size_t len = strlen(s->wisdom) + 16;
        char *tmp = malloc(len);
        if (dw && fw && tmp) {
            snprintf(tmp, len, "%s.tmp", s->wisdom);
            FILE *f = fopen(tmp, "w");
            int ok = f && fputs(dw, f) >= 0 && fputs(fw, f) >= 0;
            if (f && fclose(f) != 0)
                ok = 0;
            if (!ok || rename(tmp, s->wisdom) != 0) {
                unlink(tmp);
                fprintf(stderr, "gfftpipe: could not save FFTW wisdom to "
                        "'%s'\n", s->wisdom);
            }
        }
        free(tmp);
        free(dw);
        free(fw);
    }
    gfp_workers_destroy(s->pool);
    free(s);
}

static int is_aligned(int dbl, const void *x);

static size_t bins_of(const gfp_plan_desc *d)
{
    return d->kind == GFP_R2C ? d->n / 2 + 1 : d->n;
}

/* One FFTW plan of rank `rank` (lengths n, row-major) over howmany
 * transforms idist / odist elements apart; in/out are planning arrays. */
static void *plan_many(int dbl, gfp_kind kind, int rank, const int *n,
                       int howmany, void *in, int idist, void *out, int odist,
                       int sign, unsigned flags, int nthreads)
{
#ifdef GFP_HAVE_FFTW_THREADS
    fftw_plan_with_nthreads(nthreads);
    fftwf_plan_with_nthreads(nthreads);
#else
    (void)nthreads;
#endif
    if (dbl) {
        switch (kind) {
        case GFP_C2C:
            return fftw_plan_many_dft(rank, n, howmany, in, NULL, 1, idist,
                                      out, NULL, 1, odist, sign, flags);
        case GFP_R2C:
            return fftw_plan_many_dft_r2c(rank, n, howmany, in, NULL, 1, idist,
                                          out, NULL, 1, odist, flags);
        case GFP_C2R:
            return fftw_plan_many_dft_c2r(rank, n, howmany, in, NULL, 1, idist,
                                          out, NULL, 1, odist, flags);
        }
    } else {
        switch (kind) {
        case GFP_C2C:
            return fftwf_plan_many_dft(rank, n, howmany, in, NULL, 1, idist,
                                       out, NULL, 1, odist, sign, flags);
        case GFP_R2C:
            return fftwf_plan_many_dft_r2c(rank, n, howmany, in, NULL, 1,
                                           idist, out, NULL, 1, odist, flags);
        case GFP_C2R:
            return fftwf_plan_many_dft_c2r(rank, n, howmany, in, NULL, 1,
                                           idist, out, NULL, 1, odist, flags);
        }
    }
    return NULL;
}

/* Makes one FFTW plan over howmany frames; in/out are planning arrays. */
static void *make_plan_t(const fftw_state *s, const gfp_plan_desc *d,
                         int howmany, void *in, void *out, unsigned extra,
                         int nthreads)
{
    int n = (int)d->n;
    int idist = d->kind == GFP_C2R ? n / 2 + 1 : n;
    int odist = d->kind == GFP_R2C ? (int)bins_of(d) : n;
    return plan_many(d->dbl, d->kind, 1, &n, howmany, in, idist, out, odist,
                     d->inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                     s->flags | extra, nthreads);
}

static void *make_plan(const fftw_state *s, const gfp_plan_desc *d,
                       int howmany, void *in, void *out, unsigned extra)
{
    return make_plan_t(s, d, howmany, in, out, extra, s->threads);
}

static void destroy_plan(int dbl, void *p)
{
    if (!p)
        return;
    if (dbl)
        fftw_destroy_plan(p);
    else
        fftwf_destroy_plan(p);
}

/* n buffers of a per-slot (or per-block) array from fftw_malloc, and the
 * array; NULL is nothing to free. */
static void free_bufs(void **a, size_t n)
{
    if (a)
        for (size_t i = 0; i < n; i++)
            fftw_free(a[i]);
    free(a);
}

static void fftw_unmake(void *state, void *impl)
{
    (void)state;
    fftw_impl *p = impl;
    if (!p)
        return;
    destroy_plan(p->d.dbl, p->many);
    destroy_plan(p->d.dbl, p->one);
    destroy_plan(p->d.dbl, p->one_u);
    destroy_plan(p->d.dbl, p->blk);
    destroy_plan(p->d.dbl, p->blk_u);
    size_t ns = p->nslots > 0 ? (size_t)p->nslots : 0;
    free_bufs(p->bscratch, ns * (size_t)p->bparts);
    free_bufs(p->gscratch, ns * (size_t)p->bparts);
    free_bufs(p->gbatch, ns);
    destroy_plan(p->d.dbl, p->ffwd);
    destroy_plan(p->d.dbl, p->finv);
    fftw_free(p->filt);
    free_bufs(p->fspec, ns);
    free_bufs(p->ftime, ns);
    free(p->win);
    pthread_mutex_destroy(&p->one_lock);
    free_bufs(p->scratch, ns);
    free_bufs(p->frames, ns);
    free_bufs(p->tscratch, ns);
    free(p);
}

static void exec_k(int dbl, gfp_kind kind, void *plan, void *in, void *out)
{
    if (dbl) {
        switch (kind) {
        case GFP_C2C: fftw_execute_dft(plan, in, out); break;
        case GFP_R2C: fftw_execute_dft_r2c(plan, in, out); break;
        case GFP_C2R: fftw_execute_dft_c2r(plan, in, out); break;
        }
    } else {
        switch (kind) {
        case GFP_C2C: fftwf_execute_dft(plan, in, out); break;
        case GFP_R2C: fftwf_execute_dft_r2c(plan, in, out); break;
        case GFP_C2R: fftwf_execute_dft_c2r(plan, in, out); break;
        }
    }
}

/* A filter plan: forward, multiply, inverse, scale (gfp_plan_desc). */
static gfp_status filter_make(fftw_impl *p, gfp_error *err)
{
    const gfp_plan_desc *d = &p->d;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t bins = bins_of(d), ts = gfp_plan_in_scalars(d), fs = 2 * bins;
    size_t fbytes;
    if (!gfp_mul_ok(d->nfilter, fs * scal, &fbytes))
        return gfp_fail(err, GFP_ENOMEM, "filter too large");
    p->filt = fftw_malloc(fbytes);
    p->fspec = calloc((size_t)p->nslots, sizeof *p->fspec);
    p->ftime = calloc((size_t)p->nslots, sizeof *p->ftime);
    if (!p->filt || !p->fspec || !p->ftime)
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the filter");
    for (int i = 0; i < p->nslots; i++)
        if (!(p->fspec[i] = fftw_malloc(fs * scal)) ||
            !(p->ftime[i] = fftw_malloc(ts * scal)))
            return gfp_fail(err, GFP_ENOMEM, "out of memory for the filter");
    /* the scale folds into the spectra */
    size_t nf = d->nfilter * fs;
    if (d->dbl) {
        const double *h = d->filter;
        double *f = p->filt;
        for (size_t i = 0; i < nf; i++)
            f[i] = h[i] * d->scale;
    } else {
        const float *h = d->filter;
        float *f = p->filt;
        for (size_t i = 0; i < nf; i++)
            f[i] = (float)((double)h[i] * d->scale);
    }
    gfp_plan_desc fd = *d, id = *d;
    id.inverse = 1;
    if (d->kind == GFP_R2C)
        id.kind = GFP_C2R;
    /* planning arrays: FFTW_ESTIMATE/MEASURE may scribble on them */
    void *tin = fftw_malloc(ts * scal), *tsp = fftw_malloc(fs * scal);
    if (tin && tsp) {
        p->ffwd = make_plan(p->s, &fd, 1, tin, tsp, 0);
        p->finv = make_plan(p->s, &id, 1, tsp, tin, 0);
    }
    fftw_free(tin);
    fftw_free(tsp);
    if (!p->ffwd || !p->finv)
        return gfp_fail(err, GFP_ENOTSUP, "FFTW could not plan n %zu",
                        d->n);
    return GFP_OK;
}

#define FILTER_MUL(T)                                                        \
    do {                                                                     \
        T *restrict x = spec;                                                \
        const T *restrict h = (const T *)p->filt + (f % d->nfilter) * fs;    \
        for (size_t k = 0; k < bins; k++) {                                  \
            T xr = x[2 * k], xi = x[2 * k + 1];                              \
            T hr = h[2 * k], hi = h[2 * k + 1];                              \
            x[2 * k] = xr * hr - xi * hi;                                    \
            x[2 * k + 1] = xr * hi + xi * hr;                                \
        }                                                                    \
    } while (0)

static int is_aligned(int dbl, const void *x)
{
    return dbl ? !fftw_alignment_of((double *)x)
               : !fftwf_alignment_of((float *)x);
}

static void filter_run(fftw_impl *p, int slot, const void *in, void *out,
                       size_t nframes)
{
    const gfp_plan_desc *d = &p->d;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t bins = bins_of(d), ts = gfp_plan_in_scalars(d), fs = 2 * bins;
    void *spec = p->fspec[slot], *tmp = p->ftime[slot];
    gfp_kind ik = d->kind == GFP_R2C ? GFP_C2R : GFP_C2C;
    /* out_skip: the frame's tail only (the inverse runs into tmp) */
    size_t os = gfp_plan_out_scalars(d), skip = ts - os;
    for (size_t f = 0; f < nframes; f++) {
        const char *x = (const char *)in + f * ts * scal;
        char *y = (char *)out + f * os * scal;
        if (!is_aligned(d->dbl, x)) {
            memcpy(tmp, x, ts * scal);
            x = tmp;
        }
        exec_k(d->dbl, d->kind, p->ffwd, (void *)x, spec);
        if (d->dbl)
            FILTER_MUL(double);
        else
            FILTER_MUL(float);
        int direct = !skip && is_aligned(d->dbl, y);
        exec_k(d->dbl, ik, p->finv, spec, direct ? y : tmp);
        if (!direct)
            memcpy(y, (char *)tmp + skip * scal, os * scal);
    }
}

/* One FFTW-aligned buffer of `bytes` per slot into *arr (freed by
 * fftw_unmake, also when this fails part-way): submit_t's transposed
 * bins (touched now, so no page faults mid-pass), the post-op's complex
 * bins, a span's windowed frames (windowing overlapping frames in place
 * would window samples twice). */
static int slot_bufs(void ***arr, int nslots, size_t bytes, int touch)
{
    if (!(*arr = calloc((size_t)nslots, sizeof **arr)))
        return -1;
    for (int i = 0; i < nslots; i++) {
        if (!((*arr)[i] = fftw_malloc(bytes)))
            return -1;
        if (touch)
            memset((*arr)[i], 0, bytes);
    }
    return 0;
}

static int getenv_on(const char *name)
{
    const char *e = getenv(name);
    return e && *e && *e != '0';
}

/* A block: 16 frames (f32) or 8 (f64), so a block's row of the transposed
 * output is 128 bytes (two whole cache lines), halved while a block is
 * over 4 MiB (long frames; at least 2). Even, so a block starts aligned
 * wherever the batch does. */
#define BLK_MAX_BYTES ((size_t)4 << 20)

/* An FFTW plan of one block: blk_frames frames into a block of rows
 * blk_stride complex values apart, on one thread, with FFTW flags `extra`
 * besides the engine's (NULL when FFTW makes none). */
static void *make_blk_plan(const fftw_impl *p, unsigned extra)
{
    const gfp_plan_desc *d = &p->d;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    void *tin = fftw_malloc(p->blk_frames * gfp_plan_in_scalars(d) * scal);
    void *tout = fftw_malloc(p->blk_frames * p->blk_stride * 2 * scal);
    void *plan = NULL;
    int n = (int)d->n;
    if (tin && tout)
        plan = plan_many(d->dbl, d->kind, 1, &n, (int)p->blk_frames, tin, n,
                         tout, (int)p->blk_stride,
                         d->inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                         p->s->flags | extra, 1);
    fftw_free(tin);
    fftw_free(tout);
    return plan;
}

/* The block plan for blocks that start unaligned (a caller's unaligned
 * batch; with K = 2, every other block of odd-length real frames): made on
 * first need, before the workers run. */
static void *blk_u_plan(fftw_impl *p)
{
    pthread_mutex_lock(&p->one_lock);
    if (!p->blk_u)
        p->blk_u = make_blk_plan(p, FFTW_UNALIGNED);
    pthread_mutex_unlock(&p->one_lock);
    return p->blk_u;
}

static gfp_status blocks_make(fftw_impl *p, gfp_error *err)
{
    const gfp_plan_desc *d = &p->d;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float), ce = 2 * scal;
    size_t bins = bins_of(d);
    size_t K = d->dbl ? 8 : 16;
    p->blk_stride = (bins + 7) / 8 * 8 + 8;
    while (K > 2 && K * p->blk_stride * ce > BLK_MAX_BYTES)
        K /= 2;
    /* frames too long for blocks in a cache (n over 256 Ki), or batches
     * of one: the batch-buffer pass (nslots x threads blocks of this size
     * would be more memory than its two batch buffers) */
    if (K * p->blk_stride * ce > BLK_MAX_BYTES || d->batch < 2)
        return GFP_OK;
    if (K > d->batch)
        K = d->batch / 2 * 2;
    p->blk_frames = K;
    p->bparts = p->s->pool ? gfp_workers_count(p->s->pool) : 1;
    if (p->bparts < 1)
        p->bparts = 1;
    size_t bb = K * p->blk_stride * ce;
    p->blk = make_blk_plan(p, 0);
    if (!p->blk)
        return gfp_fail(err, GFP_ENOTSUP, "FFTW could not plan n %zu in "
                        "blocks", d->n);
    size_t nb = (size_t)p->nslots * (size_t)p->bparts;
    if (!(p->bscratch = calloc(nb, sizeof *p->bscratch)))
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    for (size_t i = 0; i < nb; i++) {
        if (!(p->bscratch[i] = fftw_malloc(bb)))
            return gfp_fail(err, GFP_ENOMEM, "out of memory for the FFT "
                            "blocks of n %zu", d->n);
        memset(p->bscratch[i], 0, bb);
    }
    return GFP_OK;
}

static gfp_status fftw_make(void *state, const gfp_plan_desc *d, int nslots,
                            void **out, gfp_error *err)
{
    fftw_state *s = state;
    *out = NULL;
    if (d->n > INT32_MAX || d->batch > INT32_MAX)
        return gfp_fail(err, GFP_ENOTSUP, "n %zu is too large for FFTW",
                        d->n);
    if (d->in_hop && (d->kind != GFP_R2C || d->in_hop > d->n))
        return gfp_fail(err, GFP_ENOTSUP, "frames cut from a span: R2C with "
                        "a hop of at most n only");
    if (d->filter) {
        fftw_impl *p = calloc(1, sizeof *p);
        if (!p)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        p->d = *d;
        p->s = s;
        p->nslots = nslots;
        pthread_mutex_init(&p->one_lock, NULL);
        gfp_status st = filter_make(p, err);
        if (st) {
            fftw_unmake(s, p);
            return st;
        }
        *out = p;
        return GFP_OK;
    }
    fftw_impl *p = calloc(1, sizeof *p);
    if (!p)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    p->d = *d;
    p->s = s;
    p->nslots = nslots;
    pthread_mutex_init(&p->one_lock, NULL);
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t in_bytes, out_bytes, cplx_bytes;
    size_t cplx_scalars = 2 * (d->kind == GFP_C2R ? d->n / 2 + 1
                                                  : bins_of(d));
    if (d->kind == GFP_C2R)
        cplx_scalars = d->n; /* real output */
    if (!gfp_mul_ok(d->batch, gfp_plan_in_scalars(d) * scal, &in_bytes) ||
        !gfp_mul_ok(d->batch, cplx_scalars * scal, &cplx_bytes)) {
        free(p);
        return gfp_fail(err, GFP_ENOMEM, "batch too large");
    }
    out_bytes = cplx_bytes;
    /* MEASURE scribbles on its arrays: plan on scratch ones. */
    void *tin = fftw_malloc(in_bytes), *tout = fftw_malloc(out_bytes);
    if (!tin || !tout) {
        fftw_free(tin);
        fftw_free(tout);
        free(p);
        return gfp_fail(err, GFP_ENOMEM, "out of memory planning n %zu",
                        d->n);
    }
    p->many = make_plan(s, d, (int)d->batch, tin, tout, 0);
    /* The one-frame plans now, not inside a timed pass: with --wisdom they
     * are FFTW_MEASURE plans, and measuring one took 0.1 s on the 2-core
     * dev box (likely more with 16 threads: issue 7). */
    size_t out_step = (d->kind == GFP_C2R ? d->n : 2 * bins_of(d)) * scal;
    /* frame 1 of an aligned batch unaligned: so is every odd frame */
    int odd = d->batch > 1 &&
              (!is_aligned(d->dbl, (char *)tin + gfp_plan_in_scalars(d) *
                                                     scal) ||
               !is_aligned(d->dbl, (char *)tout + out_step));
    if (p->many)
        p->one = make_plan_t(s, d, 1, tin, tout, 0, 1);
    if (p->many && odd)
        p->one_u = make_plan_t(s, d, 1, tin, tout, FFTW_UNALIGNED, 1);
    fftw_free(tin);
    fftw_free(tout);
    if (!p->many || !p->one || (odd && !p->one_u)) {
        fftw_unmake(s, p);
        return gfp_fail(err, GFP_ENOTSUP, "FFTW could not plan n %zu", d->n);
    }
    /* The transform is linear: scaling its input by s scales its output
     * by s, so a window takes the scale with it. */
    p->out_scale = d->scale;
    if (d->window) {
        if (!(p->win = malloc(d->n * sizeof *p->win))) {
            fftw_unmake(s, p);
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        }
        for (size_t k = 0; k < d->n; k++)
            p->win[k] = d->window[k] * d->scale;
        p->out_scale = 1.0;
    }
    int fused = d->transposed && d->kind != GFP_C2R &&
                d->post == GFP_POST_NONE && !d->in_hop && !p->win &&
                !getenv_on("GFP_CPU_UNFUSED");
    if (fused) {
        gfp_status bst = blocks_make(p, err);
        if (bst) {
            fftw_unmake(s, p);
            return bst;
        }
    }
    if ((d->transposed && d->kind != GFP_C2R && d->post == GFP_POST_NONE &&
         !p->blk && slot_bufs(&p->tscratch, nslots, cplx_bytes, 1)) ||
        (d->post != GFP_POST_NONE &&
         slot_bufs(&p->scratch, nslots, cplx_bytes, 0)) ||
        (d->in_hop && slot_bufs(&p->frames, nslots, in_bytes, 0))) {
        fftw_unmake(s, p);
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    }
    *out = p;
    return GFP_OK;
}

/* Frames f*hop .. f*hop+n-1 of a span into fr, times the window (the same
 * product as APPLY_WINDOW's, so the same bits). */
#define CUT_FRAMES(T)                                                        \
    do {                                                                     \
        const T *x = in_c;                                                   \
        T *y = p->frames[slot];                                              \
        for (size_t f = 0; f < nframes; f++, y += d->n) {                    \
            const T *xf = x + f * d->in_hop;                                 \
            if (p->win)                                                      \
                for (size_t k = 0; k < d->n; k++)                            \
                    y[k] = xf[k] * (T)p->win[k];                             \
            else                                                             \
                memcpy(y, xf, d->n * sizeof(T));                             \
        }                                                                    \
    } while (0)

static void execute(const fftw_impl *p, void *plan, void *in, void *out)
{
    exec_k(p->d.dbl, p->d.kind, plan, in, out);
}

#define APPLY_WINDOW(T)                                                      \
    do {                                                                     \
        T *x = in;                                                           \
        size_t per = gfp_plan_in_scalars(d), ncomp = per / d->n;             \
        for (size_t f = 0; f < nframes; f++, x += per)                       \
            for (size_t k = 0; k < d->n; k++)                                \
                for (size_t c = 0; c < ncomp; c++)                           \
                    x[k * ncomp + c] *= (T)p->win[k];                        \
    } while (0)

#define SCALE(T, buf, count)                                                 \
    do {                                                                     \
        T *x = (buf);                                                        \
        T sc = (T)p->out_scale;                                              \
        for (size_t i = 0; i < (count); i++)                                 \
            x[i] *= sc;                                                      \
    } while (0)

/* The unaligned single-frame plan: made with the others when frames are
 * unaligned by their size, else here on first use (a caller's unaligned
 * buffer). The planner is shared by the whole process: fftw_open made it
 * thread safe. */
static void *one_u_plan(fftw_impl *p)
{
    pthread_mutex_lock(&p->one_lock);
    if (!p->one_u) {
        size_t scal = p->d.dbl ? sizeof(double) : sizeof(float);
        size_t bins = p->d.kind == GFP_R2C ? p->d.n / 2 + 1 : p->d.n;
        size_t o = p->d.kind == GFP_C2R ? p->d.n : 2 * bins;
        void *tin = fftw_malloc(gfp_plan_in_scalars(&p->d) * scal);
        void *tout = fftw_malloc(o * scal);
        if (tin && tout)
            p->one_u = make_plan_t(p->s, &p->d, 1, tin, tout,
                                   FFTW_UNALIGNED, 1);
        fftw_free(tin);
        fftw_free(tout);
    }
    pthread_mutex_unlock(&p->one_lock);
    return p->one_u;
}

/* A batch `many` cannot take, frame by frame on the engine's workers,
 * each a contiguous share: as fast a frame as `many` (FFTW's threads
 * split a batch the same way), where one thread alone was up to threads
 * times slower (issue 7). */
typedef struct frames_job {
    const fftw_impl *p;
    char *in, *out;
    size_t nframes, in_step, out_step;
    void *one_u;
} frames_job;

static void frames_part(void *arg, int part, int nparts)
{
    const frames_job *j = arg;
    const fftw_impl *p = j->p;
    size_t f0 = j->nframes * (size_t)part / (size_t)nparts;
    size_t f1 = j->nframes * (size_t)(part + 1) / (size_t)nparts;
    for (size_t f = f0; f < f1; f++) {
        char *x = j->in + f * j->in_step, *y = j->out + f * j->out_step;
        void *plan = is_aligned(p->d.dbl, x) && is_aligned(p->d.dbl, y)
                         ? p->one : j->one_u;
        exec_k(p->d.dbl, p->d.kind, plan, x, y);
    }
}

/* Does a batch of nframes at in, out need the unaligned plan? */
static int any_unaligned(const fftw_impl *p, const char *in, const char *out,
                         size_t nframes, size_t in_step, size_t out_step)
{
    if (!is_aligned(p->d.dbl, in) || !is_aligned(p->d.dbl, out))
        return 1;
    return nframes > 1 && (!is_aligned(p->d.dbl, in + in_step) ||
                           !is_aligned(p->d.dbl, out + out_step));
}

static gfp_status fftw_submit(void *state, void *impl, int slot,
                              const void *in_c, void *out, size_t nframes,
                              gfp_error *err)
{
    (void)state;
    fftw_impl *p = impl;
    const gfp_plan_desc *d = &p->d;
    void *in = (void *)in_c; /* the engine contract lets us overwrite it */
    if (slot < 0 || slot >= p->nslots)
        return gfp_fail(err, GFP_EINVAL, "bad slot %d", slot);
    if (nframes == 0)
        return GFP_OK;
    if (p->ffwd) {
        filter_run(p, slot, in, out, nframes);
        return GFP_OK;
    }
    if (d->in_hop) {
        if (d->dbl)
            CUT_FRAMES(double);
        else
            CUT_FRAMES(float);
        in = p->frames[slot];
    } else if (p->win) {
        if (d->dbl)
            APPLY_WINDOW(double);
        else
            APPLY_WINDOW(float);
    }
    void *dst = d->post != GFP_POST_NONE ? p->scratch[slot] : out;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t in_step = gfp_plan_in_scalars(d) * scal;
    size_t tr_scalars = d->kind == GFP_C2R ? d->n : 2 * bins_of(d);
    size_t out_step = tr_scalars * scal;
    int aligned = d->dbl ? !fftw_alignment_of(in) && !fftw_alignment_of(dst)
                         : !fftwf_alignment_of(in) && !fftwf_alignment_of(dst);
    if (nframes == d->batch && aligned) {
        execute(p, p->many, in, dst);
    } else {
        frames_job j = {p, in, dst, nframes, in_step, out_step, p->one_u};
        if (!j.one_u && any_unaligned(p, in, dst, nframes, in_step, out_step)
            && !(j.one_u = one_u_plan(p)))
            return gfp_fail(err, GFP_ENOMEM, "FFTW could not plan n %zu",
                            d->n);
        gfp_workers_run(nframes > 1 ? p->s->pool : NULL, frames_part, &j);
    }
    size_t total = nframes * tr_scalars;
    if (p->out_scale != 1.0) {
        if (d->dbl)
            SCALE(double, dst, total);
        else
            SCALE(float, dst, total);
    }
    if (d->post != GFP_POST_NONE) {
        size_t bins = bins_of(d);
        if (d->dbl)
            gfp_post_apply_f64(d->post, dst, nframes * bins, out);
        else
            gfp_post_apply_f32(d->post, dst, nframes * bins, out);
    }
    return GFP_OK;
}

static gfp_status fftw_wait(void *state, void *impl, int slot, gfp_error *err)
{
    (void)state;
    (void)impl;
    (void)slot;
    (void)err;
    return GFP_OK;
}

static void *fftw_alloc_host(void *state, size_t bytes)
{
    (void)state;
    return fftw_malloc(bytes ? bytes : 1);
}

static void fftw_free_host(void *state, void *p)
{
    (void)state;
    fftw_free(p);
}

static gfp_status fftw_time(void *state, void *impl, size_t nframes,
                            int warmup, int reps, double *ms, gfp_error *err)
{
    fftw_impl *p = impl;
    size_t scal = p->d.dbl ? sizeof(double) : sizeof(float);
    size_t ni = nframes * gfp_plan_in_scalars(&p->d);
    size_t no = nframes * gfp_plan_out_scalars(&p->d);
    void *in = fftw_malloc(ni * scal), *orig = fftw_malloc(ni * scal);
    void *out = fftw_malloc(no * scal);
    double *t = calloc((size_t)reps, sizeof *t);
    gfp_status st = GFP_OK;
    if (!in || !out || !orig || !t) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the benchmark");
        goto done;
    }
    uint64_t seed = 1;
    gfp_rand_fill(orig, ni, p->d.dbl, &seed);
    for (int r = -warmup; r < reps; r++) {
        /* c2r overwrites its input: start each run from the same data. */
        memcpy(in, orig, ni * scal);
        double t0 = gfp_now();
        if ((st = fftw_submit(state, impl, 0, in, out, nframes, err)))
            goto done;
        if (r >= 0)
            t[r] = 1e3 * (gfp_now() - t0);
    }
    *ms = gfp_median(t, (size_t)reps);
done:
    fftw_free(in);
    fftw_free(orig);
    fftw_free(out);
    free(t);
    return st;
}

/* Rows 0 .. k - 1 of a block (bins values each, stride apart) into
 * columns col0 .. col0 + k - 1 of out (ld values a row): a bin's k values
 * are one run of out's row, read from k lines that stay in L1. */
#define DEF_BLOCK_T(T)                                                       \
    static void block_t_##T(const T *restrict s, size_t stride, size_t k,   \
                            size_t bins, T *restrict out, size_t ld,         \
                            size_t col0, T scale)                            \
    {                                                                        \
        for (size_t j = 0; j < bins; j++) {                                  \
            T *o = out + 2 * (j * ld + col0);                                \
            for (size_t f = 0; f < k; f++) {                                 \
                o[2 * f] = s[2 * (f * stride + j)] * scale;                  \
                o[2 * f + 1] = s[2 * (f * stride + j) + 1] * scale;          \
            }                                                                \
        }                                                                    \
    }
DEF_BLOCK_T(float)
DEF_BLOCK_T(double)

/* The same with streaming stores, for an output far larger than the
 * caches: a normal store first reads the line it writes (a third trip
 * through host memory for the pass); a streaming store writes whole
 * lines without reading them, and a block's run of 128 bytes is two
 * whole lines. Runs not 16-byte aligned, and odd k (f32), go the plain
 * way. */
#if defined(__SSE2__)
#include <emmintrin.h>
#define BLOCK_NT 1
static void block_nt_float(const float *restrict s, size_t stride, size_t k,
                           size_t bins, float *restrict out, size_t ld,
                           size_t col0, float scale)
{
    if (k % 2) {
        block_t_float(s, stride, k, bins, out, ld, col0, scale);
        return;
    }
    __m128 sc = _mm_set1_ps(scale);
    for (size_t j = 0; j < bins; j++) {
        float *o = out + 2 * (j * ld + col0);
        if ((uintptr_t)o % 16) {
            block_t_float(s + 2 * j, stride, k, 1, o, 0, 0, scale);
            continue;
        }
        for (size_t f = 0; f < k; f += 2) {
            const float *a = s + 2 * (f * stride + j);
            const float *b = s + 2 * ((f + 1) * stride + j);
            _mm_stream_ps(o + 2 * f,
                          _mm_mul_ps(_mm_set_ps(b[1], b[0], a[1], a[0]), sc));
        }
    }
    _mm_sfence();
}

static void block_nt_double(const double *restrict s, size_t stride,
                            size_t k, size_t bins, double *restrict out,
                            size_t ld, size_t col0, double scale)
{
    __m128d sc = _mm_set1_pd(scale);
    for (size_t j = 0; j < bins; j++) {
        double *o = out + 2 * (j * ld + col0);
        if ((uintptr_t)o % 16) {
            block_t_double(s + 2 * j, stride, k, 1, o, 0, 0, scale);
            continue;
        }
        for (size_t f = 0; f < k; f++)
            _mm_stream_pd(o + 2 * f,
                          _mm_mul_pd(_mm_loadu_pd(s + 2 * (f * stride + j)),
                                     sc));
    }
    _mm_sfence();
}
#else
#define BLOCK_NT 0
#endif

/* Streaming stores from this many bytes of output (the whole transposed
 * array: ld x bins, or the plan's t_bytes where fft2 writes tiles of it):
 * well past a server's last-level cache share, so the next pass reads it
 * from memory anyway. */
#define BLOCK_NT_BYTES ((size_t)64 << 20)

typedef struct blocks_job {
    fftw_impl *p;
    int slot;
    const char *in;
    void *out;
    size_t nframes, in_step, ld, col0;
    int nt; /* streaming stores */
    const gfp_tiles *tin; /* the input is tiled (submit_tg), else NULL */
    size_t tout;          /* the output in tiles of tout frames, or 0 */
    atomic_size_t next;   /* the next block a worker takes */
    int fixed;            /* GFP_CPU_STATIC_BLOCKS: shares fixed (A/B) */
} blocks_job;

/* A block's k frames (batch frames f0 ..) from blk into out: columns
 * col0 + f0 .. of out's ld-wide rows, or, with tiles (tout), into each
 * frame's tile (gfp_tiles: tile t holds frames t tout .., bins rows of h
 * values), a piece of the block per tile it meets. */
static void block_store_one(const blocks_job *j, const char *blk, size_t k,
                            size_t bins, void *out, size_t ld, size_t col)
{
    const fftw_impl *p = j->p;
#if BLOCK_NT
    if (j->nt && p->d.dbl)
        block_nt_double((const double *)blk, p->blk_stride, k, bins, out, ld,
                        col, p->out_scale);
    else if (j->nt)
        block_nt_float((const float *)blk, p->blk_stride, k, bins, out, ld,
                       col, (float)p->out_scale);
    else
#endif
    if (p->d.dbl)
        block_t_double((const double *)blk, p->blk_stride, k, bins, out, ld,
                       col, p->out_scale);
    else
        block_t_float((const float *)blk, p->blk_stride, k, bins, out, ld,
                      col, (float)p->out_scale);
}

static void block_store(const blocks_job *j, const char *blk, size_t f0,
                        size_t k, size_t bins)
{
    size_t ce = 2 * (j->p->d.dbl ? sizeof(double) : sizeof(float));
    size_t row = j->p->blk_stride * ce; /* a frame's bins in blk */
    for (size_t a = 0, m; a < k; a += m) {
        size_t f = j->col0 + f0 + a, t0, h;
        m = gfp_tiles_piece(j->tout, j->ld, f, k - a, &t0, &h);
        block_store_one(j, blk + a * row, m, bins,
                        (char *)j->out + t0 * bins * ce, h, f - t0);
    }
}

/* The next block for a worker: each takes one as it finishes the last,
 * so a worker that shares its core (with the hybrid engine's GPU thread,
 * or anything else on the machine) does fewer blocks instead of holding
 * up the batch; fixed: blocks b0 .. b1 - 1 of part's even share (A/B). */
static size_t next_block(blocks_job *j, size_t *b, size_t b1)
{
    if (!j->fixed)
        return atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
    return *b < b1 ? (*b)++ : SIZE_MAX;
}

static void blocks_part(void *arg, int part, int nparts)
{
    blocks_job *j = arg;
    fftw_impl *p = j->p;
    const gfp_plan_desc *d = &p->d;
    size_t K = p->blk_frames, nb = (j->nframes + K - 1) / K;
    size_t b0 = nb * (size_t)part / (size_t)nparts;
    size_t b1 = nb * (size_t)(part + 1) / (size_t)nparts;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t bins = bins_of(d), ostep = p->blk_stride * 2 * scal;
    int pi = part < p->bparts ? part : 0;
    char *blk = p->bscratch[(size_t)j->slot * (size_t)p->bparts + (size_t)pi];
    for (size_t b; (b = next_block(j, &b0, b1)) < nb;) {
        size_t f0 = b * K, k = j->nframes - f0 < K ? j->nframes - f0 : K;
        char *x = (char *)j->in + f0 * j->in_step;
        if (j->tin) {
            /* the block's frames from their tiles into its own buffer,
             * contiguous and aligned as the block plan wants them */
            x = p->gscratch[(size_t)j->slot * (size_t)p->bparts +
                            (size_t)pi];
            gfp_tiles_gather(d->dbl, j->in, j->tin, d->n,
                             j->tin->first + f0, k, x);
        }
        if (k == K) {
            exec_k(d->dbl, d->kind, is_aligned(d->dbl, x) ? p->blk : p->blk_u,
                   x, blk);
        } else {
            for (size_t f = 0; f < k; f++) {
                char *xf = x + f * j->in_step;
                void *plan = is_aligned(d->dbl, xf) ? p->one : one_u_plan(p);
                if (plan)
                    exec_k(d->dbl, d->kind, plan, xf, blk + f * ostep);
            }
        }
        block_store(j, blk, f0, k, bins);
    }
}

/* The batch into a scratch buffer, then transposed into out on the
 * engine's threads (the row-column 2D FFT's passes); with blocks (above)
 * both at once, block by block in each worker's cache. A tiled input
 * (tin, submit_tg) is gathered a block at a time into the worker's own
 * buffer, or without blocks a batch at a time. */
static gfp_status fftw_submit_tg(void *state, void *impl, int slot,
                                 const void *in, const gfp_tiles *tin,
                                 void *out, size_t tout, size_t nframes,
                                 size_t ld, size_t col0, gfp_error *err)
{
    fftw_impl *p = impl;
    const gfp_plan_desc *d = &p->d;
    if (d->kind == GFP_C2R || d->post != GFP_POST_NONE)
        return gfp_fail(err, GFP_ENOTSUP, "transposed output is for C2C and "
                        "R2C plans without post-op");
    if (tin && d->kind != GFP_C2C)
        return gfp_fail(err, GFP_ENOTSUP, "tiled input is for C2C plans");
    if (slot < 0 || slot >= p->nslots)
        return gfp_fail(err, GFP_EINVAL, "bad slot %d", slot);
    size_t bins = bins_of(d), sc = d->dbl ? sizeof(double) : sizeof(float);
    size_t in_step = gfp_plan_in_scalars(d) * sc;
    if (p->blk) {
        if (nframes == 0)
            return GFP_OK;
        if (nframes > d->batch)
            return gfp_fail(err, GFP_EINVAL, "batch of %zu frames exceeds "
                            "the plan's %zu", nframes, d->batch);
        /* a frame that would need the unaligned one-frame plan and cannot
         * have it: refused here, not skipped in a worker */
        if ((nframes % p->blk_frames && !p->one_u && !one_u_plan(p)) ||
            (!tin &&
             (!is_aligned(d->dbl, in) ||
              (nframes > p->blk_frames &&
               !is_aligned(d->dbl, (const char *)in +
                                       p->blk_frames * in_step))) &&
             !p->blk_u && !blk_u_plan(p)))
            return gfp_fail(err, GFP_ENOMEM, "FFTW could not plan n %zu",
                            d->n);
        if (tin && !p->gscratch) {
            size_t nb = (size_t)p->nslots * (size_t)p->bparts;
            if (!(p->gscratch = calloc(nb, sizeof *p->gscratch)))
                return gfp_fail(err, GFP_ENOMEM, "out of memory");
            for (size_t i = 0; i < nb; i++)
                if (!(p->gscratch[i] = fftw_malloc(p->blk_frames * in_step)))
                    return gfp_fail(err, GFP_ENOMEM, "out of memory for the "
                                    "gather blocks of n %zu", d->n);
        }
        size_t ob = 0;
        int nt = 0;
        if (BLOCK_NT && !getenv_on("GFP_CPU_NO_NT"))
            nt = !gfp_mul_ok(ld, bins * 2 * sc, &ob) ||
                 ob >= BLOCK_NT_BYTES || d->t_bytes >= BLOCK_NT_BYTES;
        blocks_job j = {p, slot, in, out, nframes, in_step, ld, col0, nt,
                        tin, tout, 0, getenv_on("GFP_CPU_STATIC_BLOCKS")};
        gfp_workers_run(p->s->pool, blocks_part, &j);
        return GFP_OK;
    }
    if (tin) {
        if (nframes > d->batch)
            return gfp_fail(err, GFP_EINVAL, "batch of %zu frames exceeds "
                            "the plan's %zu", nframes, d->batch);
        if ((!p->gbatch &&
             !(p->gbatch = calloc((size_t)p->nslots, sizeof *p->gbatch))) ||
            (!p->gbatch[slot] &&
             !(p->gbatch[slot] = fftw_malloc(d->batch * in_step))))
            return gfp_fail(err, GFP_ENOMEM, "out of memory for a batch of "
                            "%zu frames of %zu", d->batch, d->n);
        gfp_tiles_gather(d->dbl, in, tin, d->n, tin->first, nframes,
                         p->gbatch[slot]);
        in = p->gbatch[slot];
    }
    if (!p->tscratch &&
        !(p->tscratch = calloc((size_t)p->nslots, sizeof *p->tscratch)))
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    if (!p->tscratch[slot] &&
        !(p->tscratch[slot] = fftw_malloc(d->batch * 2 * bins * sc)))
        return gfp_fail(err, GFP_ENOMEM, "out of memory for a batch of %zu "
                        "frames of %zu", d->batch, d->n);
    gfp_status st = fftw_submit(state, p, slot, in, p->tscratch[slot],
                                nframes, err);
    if (st)
        return st;
    size_t ce = 2 * sc; /* a piece of the batch a tile (one: no tiles) */
    for (size_t a = 0, m; a < nframes; a += m) {
        size_t f = col0 + a, t0, h;
        m = gfp_tiles_piece(tout, ld, f, nframes - a, &t0, &h);
        gfp_transpose_block_w(d->dbl,
                              (char *)p->tscratch[slot] + a * bins * ce,
                              (char *)out + t0 * bins * ce, m, bins, h,
                              f - t0, p->s->pool);
    }
    return GFP_OK;
}

/* bench --2d: FFTW's own 2D plan (rank 2, howmany = count) on the
 * engine's threads, timed from host memory. */
static gfp_status fftw_time_2d(void *state, const gfp_2d_desc *d, int warmup,
                               int reps, const void *h_in, void *h_out,
                               double *ms, int *passes, gfp_error *err)
{
    const fftw_state *s = state;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t mi = gfp_2d_in_scalars(d), mo = gfp_2d_out_scalars(d), ni, no;
    *passes = 0;
    if (d->w > INT32_MAX || d->h > INT32_MAX || d->count > INT32_MAX ||
        !gfp_mul_ok(d->count, mi * scal, &ni) ||
        !gfp_mul_ok(d->count, mo * scal, &no) || mi > INT32_MAX ||
        mo > INT32_MAX)
        return gfp_fail(err, GFP_ENOTSUP, "2D transform too large for FFTW's "
                        "int sizes");
    void *in = fftw_malloc(ni), *orig = fftw_malloc(ni), *out = fftw_malloc(no);
    double *t = calloc((size_t)reps, sizeof *t);
    void *plan = NULL;
    gfp_status st = GFP_OK;
    if (!in || !out || !orig || !t) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the benchmark");
        goto done;
    }
    int n[2] = {(int)d->h, (int)d->w};
    int idist = (int)(d->kind == GFP_R2C ? mi : mi / 2);
    int odist = (int)(d->kind == GFP_C2R ? mo : mo / 2);
    plan = plan_many(d->dbl, d->kind, 2, n, (int)d->count, in, idist, out,
                     odist, d->inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                     s->flags, s->threads);
    if (!plan) {
        st = gfp_fail(err, GFP_ENOTSUP, "FFTW made no 2D plan for %zu x %zu",
                      d->w, d->h);
        goto done;
    }
    /* planning (FFTW_MEASURE) scribbles on the arrays: fill after it */
    uint64_t seed = 1;
    gfp_rand_fill(orig, ni / scal, d->dbl, &seed);
    for (int r = -warmup; r < reps + 1; r++) {
        /* c2r overwrites its input: start each run from the same data;
         * the last run transforms h_in as the first matrix */
        memcpy(in, orig, ni);
        if (r == reps)
            memcpy(in, h_in, mi * scal);
        double t0 = gfp_now();
        if (d->dbl)
            fftw_execute(plan);
        else
            fftwf_execute(plan);
        if (r >= 0 && r < reps)
            t[r] = 1e3 * (gfp_now() - t0);
    }
    memcpy(h_out, out, mo * scal);
    *ms = gfp_median(t, (size_t)reps);
    if (d->scale != 1.0) /* FFTW does not scale: outside the timing */
        for (size_t i = 0; i < mo; i++) {
            if (d->dbl)
                ((double *)h_out)[i] *= d->scale;
            else
                ((float *)h_out)[i] = (float)(((float *)h_out)[i] * d->scale);
        }
done:
    if (plan)
        destroy_plan(d->dbl, plan);
    fftw_free(in);
    fftw_free(orig);
    fftw_free(out);
    free(t);
    return st;
}

const gfp_engine_ops gfp_engine_fftw = {
    .time_2d = fftw_time_2d,
    .submit_tg = fftw_submit_tg,
    .time_batch = fftw_time,
    .name = "cpu",
    .open = fftw_open,
    .close = fftw_close,
    .plan = fftw_make,
    .plan_destroy = fftw_unmake,
    .submit = fftw_submit,
    .wait = fftw_wait,
    .alloc_host = fftw_alloc_host,
    .free_host = fftw_free_host,
};
