/* pipeline.c - reader -> framer -> engine -> stage -> writer.
 *
 * Three threads share a ring of batch slots. The reader fills slot k+1 (and
 * further ahead) while the engine transforms slot k and the writer hands
 * slot k-1 to the stage. Each slot passes FREE -> FILLED -> COMPUTED -> FREE
 * in ring order, so memory is the ring and nothing else, however long the
 * input. The first error stops every thread; a batch whose transform failed
 * is never written. */
#include "config.h"
#include "gfp.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SLOT_FREE, SLOT_FILLED, SLOT_COMPUTED };

typedef struct slot {
    void *in, *out;
    size_t nframes;
    int state;
} slot;

typedef struct pipe {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    slot *slots;
    int nslots;
    uint64_t produced;    /* slots the reader has filled, in all */
    int reader_done;
    int failed;
    gfp_error err;        /* the first error */
    gfp_error deferred;   /* an error to report once all data is out */

    const gfp_stage_handler *h;
    void *priv;
    const gfp_common *c;
    const gfp_stage_setup *setup;
    gfp_plan *plan;
    gfp_source *src;
    gfp_sink *snk;
    gfp_framer *framer;
    size_t batch;
    uint64_t batches;
    /* Span mode (see span_reader_main): frames in all, per lane threads */
    int span;
    uint64_t span_frames;
    gfp_framer_stats span_stats;
    struct lanes *lanes;
} pipe;

static void fail(pipe *p, const gfp_error *e)
{
    pthread_mutex_lock(&p->mu);
    if (!p->failed) {
        p->failed = 1;
        p->err = *e;
    }
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

/* The reader's two hand-overs: slot s holds nf frames; no more slots. */
static void filled(pipe *p, slot *s, size_t nf)
{
    s->nframes = nf;
    pthread_mutex_lock(&p->mu);
    s->state = SLOT_FILLED;
    uint64_t k = p->produced++;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    if (k == 0)
        gfp_trace("pipeline: first batch read");
}

static void reader_finished(pipe *p)
{
    pthread_mutex_lock(&p->mu);
    p->reader_done = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

/* Waits until slot k is in state want; 0 when the run failed, or when the
 * reader is done and never produced slot k. */
static int await(pipe *p, uint64_t k, int want)
{
    slot *s = &p->slots[k % (uint64_t)p->nslots];
    pthread_mutex_lock(&p->mu);
    for (;;) {
        if (p->failed)
            break;
        if (want != SLOT_FREE && p->reader_done && k >= p->produced)
            break;
        if (s->state == want) {
            pthread_mutex_unlock(&p->mu);
            return 1;
        }
        pthread_cond_wait(&p->cv, &p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return 0;
}

static void set_state(pipe *p, uint64_t k, int state)
{
    pthread_mutex_lock(&p->mu);
    p->slots[k % (uint64_t)p->nslots].state = state;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
}

/* The input ended inside an item: an error, reported once every whole
 * item before it has gone through. */
static void trailing_bytes(pipe *p, size_t rest, size_t item_bytes)
{
    gfp_fail(&p->deferred, GFP_EFORMAT,
             "input ends inside a sample: %zu trailing byte(s) at byte "
             "offset %llu (items are %zu bytes)", rest,
             (unsigned long long)(p->src->bytes_read - rest), item_bytes);
}

static void *reader_main(void *arg)
{
    pipe *p = arg;
    gfp_error err = {0};
    const gfp_format *fmt = &p->setup->in_fmt;
    size_t item_bytes = gfp_format_item_bytes(fmt);
    size_t frame_bytes = gfp_plan_in_scalars(&p->plan->desc) *
                         (p->plan->desc.dbl ? sizeof(double) : sizeof(float));
    /* Read about a batch of input at a time, at most 4 MiB, whole items. */
    size_t chunk = p->batch * p->setup->frame_items * item_bytes;
    if (chunk > (4u << 20))
        chunk = 4u << 20;
    chunk = chunk / item_bytes * item_bytes;
    if (chunk < item_bytes)
        chunk = item_bytes;
    unsigned char *buf = malloc(chunk);
    size_t have = 0, pos = 0; /* bytes in buf, and where the next item is */
    int input_done = 0, tail_done = 0;
    gfp_progress prog;
    gfp_progress_init(&prog, !p->c->quiet, p->src->size, p->h->name);
    if (!buf) {
        gfp_fail(&err, GFP_ENOMEM, "out of memory for the read buffer");
        goto fail;
    }
    for (uint64_t k = 0; !tail_done; k++) {
        if (!await(p, k, SLOT_FREE))
            goto out;
        slot *s = &p->slots[k % (uint64_t)p->nslots];
        size_t nf = 0;
        while (nf < p->batch) {
            char *dst = (char *)s->in + nf * frame_bytes;
            if (pos < have) {
                size_t used;
                nf += gfp_framer_push(p->framer, buf + pos,
                                      (have - pos) / item_bytes, dst,
                                      p->batch - nf, &used);
                pos += used * item_bytes;
            } else if (!input_done && pos == have &&
                       gfp_framer_can_direct(p->framer)) {
                /* Native samples, frames back to back: read straight into
                 * the batch buffer. A partial frame at the end goes back
                 * through the framer. */
                size_t want = (p->batch - nf) * frame_bytes, got;
                if (gfp_source_read(p->src, dst, want, &got, &err))
                    goto fail;
                gfp_progress_update(&prog, p->src->bytes_read);
                size_t whole = got / frame_bytes, rest = got % frame_bytes;
                gfp_framer_direct(p->framer, whole);
                nf += whole;
                if (rest) {
                    /* Only at the end of the input: whole items go to the
                     * framer as a partial frame (never completing one). */
                    const char *tail = dst + whole * frame_bytes;
                    size_t items = rest / item_bytes, used;
                    gfp_framer_push(p->framer, tail, items,
                                    dst + whole * frame_bytes, 1, &used);
                    if (rest % item_bytes)
                        trailing_bytes(p, rest % item_bytes, item_bytes);
                }
                if (p->src->eof)
                    input_done = 1;
            } else if (!input_done) {
                /* Keep a partial item's bytes at the front of the buffer. */
                size_t keep = have - pos, got;
                memmove(buf, buf + pos, keep);
                if (gfp_source_read(p->src, buf + keep, chunk - keep, &got,
                                    &err))
                    goto fail;
                have = keep + got;
                pos = 0;
                gfp_progress_update(&prog, p->src->bytes_read);
                if (p->src->eof) {
                    input_done = 1;
                    size_t rest = have % item_bytes;
                    if (rest) {
                        have -= rest;
                        trailing_bytes(p, rest, item_bytes);
                    }
                } else if (have < item_bytes) {
                    continue;
                }
            } else {
                size_t t;
                if (gfp_framer_finish(p->framer, dst, p->batch - nf, &t,
                                      &err))
                    goto fail;
                nf += t;
                if (t == 0) {
                    tail_done = 1;
                    break;
                }
            }
        }
        if (nf == 0)
            break;
        filled(p, s, nf);
    }
    reader_finished(p);
    goto out;
fail:
    fail(p, &err);
out:
    gfp_progress_end(&prog);
    free(buf);
    return NULL;
}

/* ---- span mode ---------------------------------------------------------
 * A source that reads at any offset (read_at_fn: a seekable file of known
 * length) and an engine that cuts frames itself (plan in_hop): a slot then
 * holds the span of samples its batch covers, read by several threads at
 * once, each its own part with its own handle. The host neither copies
 * overlapping frames nor sends them: the samples cross once. */

typedef struct lanes {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    pthread_t *th;
    int n;            /* threads besides the reader (lanes 1 .. n) */
    int started;
    uint64_t gen;     /* job number */
    int pending;      /* lanes still at the job */
    int quit;
    /* the job: items at .. at+len into dst, in parts of `part` items */
    float *dst;
    uint64_t at;
    size_t len, part;
    gfp_source *src;
    gfp_error err;    /* the first failure of a helper lane */
} lanes;

typedef struct lane_arg {
    lanes *l;
    int lane;
} lane_arg;

/* Part `lane` of the current job. */
static gfp_status lane_part(lanes *l, int lane, gfp_error *err)
{
    size_t from = (size_t)lane * l->part;
    if (from >= l->len)
        return GFP_OK;
    size_t m = l->len - from < l->part ? l->len - from : l->part;
    return l->src->read_at_fn(l->src, lane, l->at + from, l->dst + from, m,
                              err);
}

static void *lane_main(void *arg)
{
    lane_arg *a = arg;
    lanes *l = a->l;
    uint64_t seen = 0;
    pthread_mutex_lock(&l->mu);
    for (;;) {
        while (!l->quit && l->gen == seen)
            pthread_cond_wait(&l->go, &l->mu);
        if (l->quit)
            break;
        seen = l->gen;
        pthread_mutex_unlock(&l->mu);
        gfp_error e = {0};
        gfp_status st = lane_part(l, a->lane, &e);
        pthread_mutex_lock(&l->mu);
        if (st && !l->err.status)
            l->err = e;
        if (--l->pending == 0)
            pthread_cond_signal(&l->done);
    }
    pthread_mutex_unlock(&l->mu);
    free(a);
    return NULL;
}

static void lanes_destroy(lanes *l)
{
    if (!l)
        return;
    pthread_mutex_lock(&l->mu);
    l->quit = 1;
    pthread_cond_broadcast(&l->go);
    pthread_mutex_unlock(&l->mu);
    for (int i = 0; i < l->started; i++)
        pthread_join(l->th[i], NULL);
    pthread_cond_destroy(&l->go);
    pthread_cond_destroy(&l->done);
    pthread_mutex_destroy(&l->mu);
    free(l->th);
    free(l);
}

/* Helpers for lanes 1 .. n (the reader is lane 0); fewer when a thread
 * cannot start. */
static gfp_status lanes_create(gfp_source *src, int n, lanes **out,
                               gfp_error *err)
{
    lanes *l = calloc(1, sizeof *l);
    if (!l || !(l->th = calloc((size_t)(n > 0 ? n : 1), sizeof *l->th))) {
        free(l);
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    }
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->go, NULL);
    pthread_cond_init(&l->done, NULL);
    l->src = src;
    for (int i = 0; i < n; i++) {
        lane_arg *a = malloc(sizeof *a);
        if (!a)
            break;
        a->l = l;
        a->lane = i + 1;
        if (pthread_create(&l->th[i], NULL, lane_main, a)) {
            free(a);
            break;
        }
        l->started++;
    }
    l->n = l->started;
    *out = l;
    return GFP_OK;
}

/* Reads items at .. at+len into dst on every lane, lane 0 here. Parts
 * are at least 64 Ki items: a short span is not worth waking threads. */
static gfp_status lanes_read(lanes *l, float *dst, uint64_t at, size_t len,
                             gfp_error *err)
{
    size_t minpart = (size_t)64 << 10;
    int use = 1 + l->n;
    if ((size_t)use * minpart > len)
        use = (int)(len / minpart) > 0 ? (int)(len / minpart) : 1;
    size_t part = (len + (size_t)use - 1) / (size_t)use;
    pthread_mutex_lock(&l->mu);
    l->dst = dst;
    l->at = at;
    l->len = len;
    l->part = part;
    l->pending = l->n;
    l->gen++;
    pthread_cond_broadcast(&l->go);
    pthread_mutex_unlock(&l->mu);
    gfp_status st = lane_part(l, 0, err);
    pthread_mutex_lock(&l->mu);
    while (l->pending > 0)
        pthread_cond_wait(&l->done, &l->mu);
    if (!st && l->err.status)
        st = gfp_fail(err, l->err.status, "%s", l->err.msg);
    pthread_mutex_unlock(&l->mu);
    return st;
}

/* What a framer would have counted for `items` items cut into `frames`
 * frames of n, hop apart (hop <= n), the tail padded or dropped. */
static gfp_framer_stats span_stats(uint64_t items, uint64_t frames, size_t n,
                                   size_t hop)
{
    gfp_framer_stats st = {0};
    st.items_in = items;
    st.frames_out = frames;
    if (!frames) {
        st.dropped_items = items;
        return st;
    }
    uint64_t end = (frames - 1) * hop + n;
    if (end > items) {
        for (uint64_t f = frames; f-- > 0;) {
            uint64_t e = f * hop + n;
            if (e <= items)
                break;
            st.padded_frames++;
            st.pad_items += e - items;
        }
    } else {
        st.dropped_items = items - end;
    }
    return st;
}

static void *span_reader_main(void *arg)
{
    pipe *p = arg;
    gfp_error err = {0};
    size_t n = p->setup->frame_items, hop = p->setup->hop;
    uint64_t items = p->src->items;
    gfp_progress prog;
    gfp_progress_init(&prog, !p->c->quiet, p->src->size, p->h->name);
    for (uint64_t k = 0, f0 = 0; f0 < p->span_frames; k++) {
        if (!await(p, k, SLOT_FREE))
            goto out;
        slot *s = &p->slots[k % (uint64_t)p->nslots];
        uint64_t left = p->span_frames - f0;
        size_t nf = left < p->batch ? (size_t)left : p->batch;
        uint64_t at = f0 * hop;
        size_t len = (nf - 1) * hop + n;
        if (lanes_read(p->lanes, s->in, at, len, &err))
            goto fail;
        uint64_t upto = at + len < items ? at + len : items;
        /* what read_fn would have delivered: main.c retries a refused
         * run on the CPU only when nothing was read */
        p->src->bytes_read = upto * sizeof(float);
        gfp_progress_update(&prog, upto * sizeof(float));
        f0 += nf;
        filled(p, s, nf);
    }
    reader_finished(p);
    goto out;
fail:
    fail(p, &err);
out:
    gfp_progress_end(&prog);
    return NULL;
}

/* Keeps two batches in the engine at once, so a GPU engine overlaps the
 * copies of one with the kernels of the other. */
static void *compute_main(void *arg)
{
    pipe *p = arg;
    gfp_error err = {0};
    uint64_t k;
    for (k = 0;; k++) {
        if (!await(p, k, SLOT_FILLED))
            break;
        slot *s = &p->slots[k % (uint64_t)p->nslots];
        int idx = (int)(k % (uint64_t)p->nslots);
        if (gfp_plan_submit(p->plan, idx, s->in, s->out, s->nframes, &err))
            goto fail;
        if (k == 0)
            gfp_trace("pipeline: first batch submitted");
        if (k > 0) {
            if (gfp_plan_wait(p->plan,
                              (int)((k - 1) % (uint64_t)p->nslots), &err))
                goto fail;
            set_state(p, k - 1, SLOT_COMPUTED);
        }
        p->batches++;
    }
    if (k > 0 && !p->failed) {
        if (gfp_plan_wait(p->plan, (int)((k - 1) % (uint64_t)p->nslots),
                          &err))
            goto fail;
        set_state(p, k - 1, SLOT_COMPUTED);
    }
    return NULL;
fail:
    fail(p, &err);
    return NULL;
}

#define GFP_PIPE_SLOTS_MAX 4

typedef struct host_alloc {
    gfp_engine *e;
    size_t bytes;
    void *p;
    int started;
} host_alloc;

static void *host_alloc_main(void *arg)
{
    host_alloc *a = arg;
    a->p = a->e->ops->alloc_host(a->e->state, a->bytes);
    return NULL;
}

/* The plan and the ring of host buffers for d.batch frames per slot. */
static gfp_status make_buffers(pipe *p, gfp_engine *e, const gfp_plan_desc *d,
                               gfp_error *err)
{
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t ib, ob;
    if (d->in_hop) {
        /* a span: (batch - 1) * hop + n samples */
        if (!gfp_mul_ok(d->batch - 1, d->in_hop, &ib) ||
            (ib += d->n) < d->n || !gfp_mul_ok(ib, scal, &ib))
            return gfp_fail(err, GFP_ENOMEM, "batch too large");
    } else if (!gfp_mul_ok(d->batch, gfp_plan_in_scalars(d) * scal, &ib))
        return gfp_fail(err, GFP_ENOMEM, "batch too large");
    if (!gfp_mul_ok(d->batch, gfp_plan_out_scalars(d) * scal, &ob))
        return gfp_fail(err, GFP_ENOMEM, "batch too large");
    const gfp_pool_desc *q = d->pool;
    if (q && q->frames && q->buckets && q->buckets <= UINT32_MAX &&
        d->batch <= UINT32_MAX) {
        /* Pooled: a batch of b frames touches at most ceil(b * buckets /
         * frames) + 1 columns (and no more than b, nor buckets). Pinning
         * costs time at start-up: pin no more than that. */
        uint64_t c = ((uint64_t)d->batch * q->buckets + q->frames - 1) /
                         q->frames + 1;
        if (c > d->batch)
            c = d->batch;
        if (c > q->buckets)
            c = q->buckets;
        size_t cb;
        if (gfp_mul_ok((size_t)c, q->rows * sizeof(float), &cb) && cb < ob)
            ob = cb;
    }
    p->slots = calloc((size_t)p->nslots, sizeof *p->slots);
    if (!p->slots)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    /* The host buffers are made while the plan is: pinning 128 MiB (the
     * kernel zeroes and locks every page) took 38-54 ms on the H100
     * machine, the plan 30-43 ms, one after the other before. One thread
     * a buffer, so the pages fault in parallel. */
    host_alloc ha[2 * GFP_PIPE_SLOTS_MAX];
    pthread_t th[2 * GFP_PIPE_SLOTS_MAX];
    int nb = 2 * p->nslots;
    for (int i = 0; i < nb; i++) {
        ha[i] = (host_alloc){e, i % 2 ? ob : ib, NULL, 0};
        ha[i].started = pthread_create(&th[i], NULL, host_alloc_main,
                                       &ha[i]) == 0;
    }
    gfp_status st = gfp_plan_create(e, d, p->nslots, &p->plan, err);
    gfp_trace("pipeline: plan");
    for (int i = 0; i < nb; i++) {
        if (ha[i].started)
            pthread_join(th[i], NULL);
        else
            host_alloc_main(&ha[i]);
        if (i % 2)
            p->slots[i / 2].out = ha[i].p;
        else
            p->slots[i / 2].in = ha[i].p;
    }
    gfp_trace("pipeline: host buffers");
    if (st)
        return st;
    for (int i = 0; i < p->nslots; i++)
        if (!p->slots[i].in || !p->slots[i].out)
            return gfp_fail(err, GFP_ENOMEM, "out of memory for %d buffers "
                            "of %zu frames", p->nslots, d->batch);
    return GFP_OK;
}

static void free_buffers(pipe *p, gfp_engine *e)
{
    if (p->slots)
        for (int i = 0; i < p->nslots; i++) {
            if (p->slots[i].in)
                e->ops->free_host(e->state, p->slots[i].in);
            if (p->slots[i].out)
                e->ops->free_host(e->state, p->slots[i].out);
        }
    free(p->slots);
    p->slots = NULL;
    gfp_plan_destroy(p->plan);
    p->plan = NULL;
}

size_t gfp_pipeline_batch(const gfp_plan_desc *d, size_t target_bytes)
{
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t per = (gfp_plan_in_scalars(d) + gfp_plan_out_scalars(d)) * scal;
    size_t b = per ? target_bytes / per : 1;
    return b ? b : 1;
}

gfp_status gfp_pipeline_run(const gfp_stage_handler *h, void *priv,
                            const gfp_common *c, const gfp_stage_setup *setup,
                            gfp_engine *e, gfp_source *src, gfp_sink *snk,
                            gfp_run_stats *stats, gfp_error *err)
{
    pipe p;
    memset(&p, 0, sizeof p);
    p.h = h;
    p.priv = priv;
    p.c = c;
    p.setup = setup;
    p.src = src;
    p.snk = snk;
    p.nslots = GFP_PIPE_SLOTS_MAX;
    gfp_status st;
    gfp_plan_desc d = setup->plan;
    size_t ncomp = setup->in_fmt.is_complex ? 2 : 1;
    if (setup->frame_items * ncomp != gfp_plan_in_scalars(&d))
        return gfp_fail(err, GFP_EINVAL, "internal: frame of %zu items does "
                        "not match the transform's input",
                        setup->frame_items);
    /* A GPU engine wants batches big enough that a copy or a launch costs
     * little per byte (16 MiB each way crosses PCIe in ~0.3 ms, the launch
     * takes ~5 us), and no bigger: pinning host memory costs ~0.5 ms per
     * MiB at start-up (H100 machine). The CPU engine wants them in cache. */
    size_t target = strcmp(e->name, "cpu") ? (size_t)32 << 20
                                           : (size_t)4 << 20;
    d.batch = gfp_pipeline_batch(&d, target);
    p.batch = d.batch;
    pthread_t reader, compute;
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.cv, NULL);
    /* Span mode: see span_reader_main. Not for --tail error (the framer
     * says what is left over) nor hop > n (samples no frame needs). */
    gfp_format f32 = gfp_format_native(GFP_F32, 0);
    p.span = src->read_at_fn && src->lanes > 0 && d.kind == GFP_R2C &&
             !d.dbl && !memcmp(&setup->in_fmt, &f32, sizeof f32) &&
             setup->hop <= setup->frame_items && c->tail != GFP_TAIL_ERROR;
    if (p.span) {
        uint64_t items = src->items;
        size_t n = setup->frame_items, hop = setup->hop;
        if (c->tail == GFP_TAIL_DROP)
            p.span_frames = items < n ? 0 : (items - n) / hop + 1;
        else
            p.span_frames = items == 0 ? 0 : items <= n ? 1
                            : (items - n + hop - 1) / hop + 1;
        p.span_stats = span_stats(items, p.span_frames, n, hop);
        d.in_hop = hop;
    }
    /* Out of (pinned or device) memory: halve the batch and try again,
     * down to one frame; only then give up. An engine that cannot cut
     * frames itself gets them cut here. */
    for (;;) {
        st = make_buffers(&p, e, &d, err);
        if (st == GFP_ENOTSUP && p.span) {
            free_buffers(&p, e);
            p.span = 0;
            d.in_hop = 0;
        } else if (st == GFP_ENOMEM && d.batch > 1) {
            free_buffers(&p, e);
            d.batch /= 2;
            p.batch = d.batch;
        } else {
            break;
        }
        memset(err, 0, sizeof *err);
    }
    if (st)
        goto done;
    if (p.span &&
        (st = lanes_create(src, src->lanes - 1, &p.lanes, err)))
        goto done;
    if (!p.span &&
        (st = gfp_framer_create(setup->frame_items, setup->hop,
                                &setup->in_fmt, d.dbl, c->tail, &p.framer))) {
        gfp_fail(err, st, "cannot create the framer");
        goto done;
    }
    if (pthread_create(&reader, NULL, p.span ? span_reader_main : reader_main,
                       &p)) {
        st = gfp_fail(err, GFP_ENOMEM, "cannot start the reader thread");
        goto done;
    }
    if (pthread_create(&compute, NULL, compute_main, &p)) {
        gfp_error e2 = {0};
        gfp_fail(&e2, GFP_ENOMEM, "cannot start the compute thread");
        fail(&p, &e2);
        pthread_join(reader, NULL);
        st = gfp_fail(err, GFP_ENOMEM, "%s", e2.msg);
        goto done;
    }
    /* This thread is the writer. */
    for (uint64_t k = 0;; k++) {
        if (!await(&p, k, SLOT_COMPUTED))
            break;
        slot *s = &p.slots[k % (uint64_t)p.nslots];
        gfp_error werr = {0};
        if (h->flow(priv, s->out, s->nframes, snk, &werr)) {
            fail(&p, &werr);
            break;
        }
        set_state(&p, k, SLOT_FREE);
        if (k == 0)
            gfp_trace("pipeline: first batch written");
    }
    gfp_trace("pipeline: last batch written");
    pthread_join(reader, NULL);
    pthread_join(compute, NULL);
    if (p.failed) {
        st = gfp_fail(err, p.err.status, "%s", p.err.msg);
        goto done;
    }
    if (h->drain && (st = h->drain(priv, snk, err)))
        goto done;
    if (p.deferred.status) {
        st = gfp_fail(err, p.deferred.status, "%s", p.deferred.msg);
        goto done;
    }
    st = GFP_OK;
done:
    if (stats) {
        memset(stats, 0, sizeof *stats);
        if (p.framer)
            stats->framer = gfp_framer_get_stats(p.framer);
        if (p.span) {
            stats->framer = p.span_stats;
            stats->span_lanes = p.lanes ? 1 + p.lanes->n : 0;
        }
        stats->batches = p.batches;
        stats->batch_frames = p.batch;
        stats->slots = p.nslots;
    }
    free_buffers(&p, e);
    gfp_trace("pipeline: buffers freed");
    lanes_destroy(p.lanes);
    gfp_framer_destroy(p.framer);
    pthread_cond_destroy(&p.cv);
    pthread_mutex_destroy(&p.mu);
    return st;
}

void gfp_run_stats_note(const char *who, const char *engine,
                        const char *extra, const gfp_run_stats *stats)
{
    const gfp_framer_stats *f = &stats->framer;
    gfp_msg(who, "engine %s%s; %llu items in, %llu frames out (%llu padded "
            "with %llu zeros), %llu items in no frame (%llu skipped by the "
            "hop); %llu batches of up to %zu frames", engine, extra,
            (unsigned long long)f->items_in,
            (unsigned long long)f->frames_out,
            (unsigned long long)f->padded_frames,
            (unsigned long long)f->pad_items,
            (unsigned long long)f->dropped_items,
            (unsigned long long)f->skipped_items,
            (unsigned long long)stats->batches, stats->batch_frames);
}
