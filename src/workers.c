/* workers.c - a fixed set of threads that run one parallel loop at a time
 * (gfp.h: gfp_workers). The CPU engine's short batches and its submit_t
 * transposes run here: making threads per call (pthread_create, as
 * gfp_transpose_block does) costs tens of microseconds a thread, and the
 * hybrid engine calls the CPU engine once per batch, thousands of times a
 * run. */
#include "config.h"
#include "gfp.h"

#include <pthread.h>
#include <stdlib.h>

struct gfp_workers {
    int n;                   /* threads, the caller included */
    pthread_t *tid;
    int started;             /* threads made (n - 1 when all went well) */
    pthread_mutex_t lock;
    pthread_mutex_t busy;    /* held by the loop's caller */
    pthread_cond_t go, done;
    unsigned long gen;       /* bumped for every loop */
    int pending;             /* workers still running this loop */
    int quit;
    void (*fn)(void *arg, int part, int nparts);
    void *arg;
};

typedef struct wslot {
    gfp_workers *w;
    int part;
} wslot;

static void *worker(void *p)
{
    wslot *ws = p;
    gfp_workers *w = ws->w;
    int part = ws->part;
    free(ws);
    unsigned long seen = 0;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (w->gen == seen && !w->quit)
            pthread_cond_wait(&w->go, &w->lock);
        if (w->quit)
            break;
        seen = w->gen;
        void (*fn)(void *, int, int) = w->fn;
        void *arg = w->arg;
        pthread_mutex_unlock(&w->lock);
        fn(arg, part, w->n);
        pthread_mutex_lock(&w->lock);
        if (--w->pending == 0)
            pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

gfp_status gfp_workers_create(int threads, gfp_workers **out, gfp_error *err)
{
    *out = NULL;
    gfp_workers *w = calloc(1, sizeof *w);
    if (!w)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    w->n = threads < 1 ? 1 : threads;
    pthread_mutex_init(&w->lock, NULL);
    pthread_mutex_init(&w->busy, NULL);
    pthread_cond_init(&w->go, NULL);
    pthread_cond_init(&w->done, NULL);
    if (w->n > 1 && !(w->tid = calloc((size_t)w->n - 1, sizeof *w->tid))) {
        gfp_workers_destroy(w);
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    }
    for (int i = 1; i < w->n; i++) {
        wslot *ws = malloc(sizeof *ws);
        if (ws) {
            ws->w = w;
            ws->part = i;
        }
        if (!ws || pthread_create(&w->tid[i - 1], NULL, worker, ws)) {
            free(ws);
            gfp_workers_destroy(w);
            return gfp_fail(err, GFP_ENOMEM, "cannot start %d worker "
                            "threads", threads);
        }
        w->started++;
    }
    *out = w;
    return GFP_OK;
}

void gfp_workers_destroy(gfp_workers *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_broadcast(&w->go);
    pthread_mutex_unlock(&w->lock);
    for (int i = 0; i < w->started; i++)
        pthread_join(w->tid[i], NULL);
    free(w->tid);
    pthread_cond_destroy(&w->go);
    pthread_cond_destroy(&w->done);
    pthread_mutex_destroy(&w->busy);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

int gfp_workers_count(const gfp_workers *w)
{
    return w ? w->n : 1;
}

void gfp_workers_run(gfp_workers *w, void (*fn)(void *arg, int part,
                                                 int nparts), void *arg)
{
    /* a second caller at once (two threads submitting to one engine) runs
     * its loop alone rather than wait */
    if (!w || w->n == 1 || pthread_mutex_trylock(&w->busy)) {
        fn(arg, 0, 1);
        return;
    }
    pthread_mutex_lock(&w->lock);
    w->fn = fn;
    w->arg = arg;
    w->pending = w->n - 1;
    w->gen++;
    pthread_cond_broadcast(&w->go);
    pthread_mutex_unlock(&w->lock);
    fn(arg, 0, w->n);
    pthread_mutex_lock(&w->lock);
    while (w->pending)
        pthread_cond_wait(&w->done, &w->lock);
    pthread_mutex_unlock(&w->lock);
    pthread_mutex_unlock(&w->busy);
}
