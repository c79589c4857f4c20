/* hostcopy.c - how fast the copy engines move data between the GPU and
 * registered host arrays, by the array's size, the batch's size, the
 * host pages (4 KiB pages, or 2 MiB-aligned memory with MADV_HUGEPAGE:
 * transparent huge pages) and the copy's shape (contiguous, or fft2's
 * strided copy back). Issue 7 (bench/NOTES.md, hybrid model v3): large
 * arrays copied at half the rate of calibrate's 32 MiB ones, and nobody
 * knew why. Standalone: a host program on the CUDA runtime, no kernels.
 *
 *   build/hostcopy [-s MiB,...] [-b MiB,...] [-r REPS] [-n N] [-F]
 *   build/hostcopy -P [-4] [-s MiB,...] [-b MiB] [-r REPS] [-F]
 *
 * -P is the second mode, with its own tables (described above pmode()
 * below): strided gather vs scatter by run and by pitch, and the copy
 * back staged through pinned buffers and scattered by CPU threads.
 *
 * -s host array sizes (default 32,512,2048), -b batch sizes (default
 * 2,8,32), -r timed repetitions, the median reported (default 5), -n the
 * frame length of the strided copy back (default 8192: cf32 frames of 64
 * KiB, as fft2 runs 8192 x 8192), -F no cache flush before each timed
 * repetition (default: 256 MiB written first, so a 32 MiB array is not
 * in the last-level cache; -F tests that hypothesis).
 *
 * Every timed repetition is one pass over the array as fft2's GPU pass
 * makes it: batches of B bytes, three in flight (one stream each, a slot
 * waited for before it is used again), no kernels:
 *   h2d     batch k copied to the device
 *   d2h     batch k copied back (contiguous)
 *   both    batch k in, then batch k's output back (contiguous), both
 *           copy engines busy at once
 *   both2d  as both, the copy back fft2's cudaMemcpy2DAsync: the batch
 *           is nf = B / (8 n) frames, copied back as n rows of nf x 8
 *           bytes (the run) into columns of the output array, whose rows
 *           are S / (8 n) x 8 bytes apart (the pitch)
 * Rates are GB/s (1e9 bytes), both ways counted for both and both2d.
 * thp% is the share of the two arrays (in and out) the kernel backed
 * with huge pages (AnonHugePages of /proc/self/smaps_rollup before and
 * after they were allocated and registered); reg_ms the time to
 * allocate and register both (cudaHostRegister faults every page in). */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define HAVE_NT 1
#else
#define HAVE_NT 0
#endif

#define SLOTS 3
#define MIB ((size_t)1 << 20)
#define HUGE_SZ ((size_t)2 << 20)
#define FLUSH_BYTES ((size_t)256 << 20)
#define MAXV 16

#define CK(call)                                                           \
    do {                                                                   \
        cudaError_t e_ = (call);                                           \
        if (e_ != cudaSuccess) {                                           \
            fprintf(stderr, "hostcopy: %s:%d: %s: %s\n", __FILE__,         \
                    __LINE__, #call, cudaGetErrorString(e_));              \
            exit(2);                                                       \
        }                                                                  \
    } while (0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* AnonHugePages of this process in kB, -1 when not known. */
static long anon_huge_kb(void)
{
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long kb = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

static void print_file(const char *label, const char *path)
{
    char line[512] = "";
    FILE *f = fopen(path, "r");
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    printf("# %s: %s\n", label, line[0] ? line : "(not readable)");
}

/* One registered host array: 4 KiB pages (MADV_NOHUGEPAGE, so a machine
 * with THP "always" does not give it huge pages anyway), or 2 MiB-aligned
 * and MADV_HUGEPAGE before registration first touches it. */
static void *host_alloc(size_t bytes, int thp)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t align = thp ? HUGE_SZ : (size_t)(pg > 0 ? pg : 4096);
    size_t sz = (bytes + align - 1) / align * align;
    void *p = NULL;
    if (posix_memalign(&p, align, sz) != 0) {
        fprintf(stderr, "hostcopy: out of memory for %zu bytes\n", sz);
        exit(2);
    }
    if (madvise(p, sz, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) != 0)
        fprintf(stderr, "hostcopy: madvise(%s) failed (ignored)\n",
                thp ? "MADV_HUGEPAGE" : "MADV_NOHUGEPAGE");
    CK(cudaHostRegister(p, sz, cudaHostRegisterDefault));
    return p;
}

static void host_free(void *p)
{
    CK(cudaHostUnregister(p));
    free(p);
}

enum { T_H2D, T_D2H, T_BOTH, T_BOTH2D, T_COUNT };
static const char *const tnames[T_COUNT] = {"h2d", "d2h", "both", "both2d"};

typedef struct ctx {
    cudaStream_t st[SLOTS];
    void *d_in[SLOTS], *d_out[SLOTS];
    unsigned char *flush;
    size_t n; /* strided copy: frame length (complex f32 values) */
} ctx;

/* One pass over S bytes of a (in) and b (out) in batches of B: seconds. */
static double one_pass(ctx *c, int t, unsigned char *a, unsigned char *b,
                       size_t S, size_t B)
{
    size_t nb = S / B, fb = c->n * 8, F = S / fb, nf = B / fb;
    int busy[SLOTS] = {0};
    double t0 = now();
    for (size_t k = 0; k < nb; k++) {
        int s = (int)(k % SLOTS);
        if (busy[s])
            CK(cudaStreamSynchronize(c->st[s]));
        busy[s] = 1;
        if (t != T_D2H)
            CK(cudaMemcpyAsync(c->d_in[s], a + k * B, B,
                               cudaMemcpyHostToDevice, c->st[s]));
        if (t == T_D2H || t == T_BOTH)
            CK(cudaMemcpyAsync(b + k * B, c->d_out[s], B,
                               cudaMemcpyDeviceToHost, c->st[s]));
        if (t == T_BOTH2D)
            CK(cudaMemcpy2DAsync(b + k * nf * 8, F * 8, c->d_out[s], nf * 8,
                                 nf * 8, c->n, cudaMemcpyDeviceToHost,
                                 c->st[s]));
    }
    for (int s = 0; s < SLOTS; s++)
        CK(cudaStreamSynchronize(c->st[s]));
    return now() - t0;
}

/* GB/s of test t: the median of reps passes after one warm-up. */
static double rate(ctx *c, int t, unsigned char *a, unsigned char *b,
                   size_t S, size_t B, int reps)
{
    double ts[64];
    one_pass(c, t, a, b, S, B);
    for (int r = 0; r < reps; r++) {
        if (c->flush)
            for (size_t i = 0; i < FLUSH_BYTES; i += 64)
                c->flush[i]++;
        ts[r] = one_pass(c, t, a, b, S, B);
    }
    qsort(ts, (size_t)reps, sizeof *ts, cmpd);
    double sec = ts[reps / 2];
    double moved = (double)S * (t == T_BOTH || t == T_BOTH2D ? 2 : 1);
    return moved / sec / 1e9;
}

/* ---- -P: where the strided copy's time goes, and what could replace it.
 *
 * One host array pair (in a, out b) of S bytes (-s, default 512 MiB;
 * huge pages as fft2 takes them, -4 for 4 KiB pages), batches of B (-b,
 * default 8 MiB), SLOTS in flight, one pass over the array a timed
 * repetition. A strided copy of runs of R bytes at a pitch of P views
 * the host array as floor(S / P) rows of P bytes, each with floor(P / R)
 * run slots; batch k takes the run slots k B/R .. (k+1) B/R - 1 in
 * column order (down a column of runs, then the next column), so one
 * pass touches every slot once, the device side contiguous. Where a
 * batch's runs do not fit in one column (B / R > S / P) it is split into
 * several cudaMemcpy2DAsync calls ("pieces"), each still runs of R at
 * pitch P. Every rate is GB/s of the copy's own bytes (1e9 B): for the
 * both-ways columns in + out counted (2 nb B), a one-way column nb B, a
 * scatter alone B per scatter.
 *
 * Table 1 (runs, P 64 KiB: fft2 8192^2's pitch) and table 2 (pitches at
 * R 1 KiB), columns:
 *   g2d    strided gather alone: host runs -> device contiguous (H2D)
 *   s2d    strided scatter alone: device contiguous -> host runs (D2H)
 *   gath   batch k in by the strided gather, its output back contiguous
 *   scat   batch k in contiguous, back by the strided scatter (fft2 now)
 * Table 3 (staged): batch k in contiguous, back contiguous into a pinned
 * staging buffer of B bytes (one a slot), then T CPU threads copy the
 * staging buffer's runs into b at the batch's slots (the scatter's
 * pattern, done by the CPU), columns:
 *   sc_mc  one scatter of B by T threads alone, memcpy: GB/s (median
 *          of every batch of 2 passes, each timed alone)
 *   sc_nt  the same with non-temporal (streaming) 16-byte stores
 *   est    min(staged copies alone, 2 sc): the pipeline's rate if copies
 *          and scatter overlapped perfectly (in + out)
 *   pipe   measured: copies in flight while the main thread (with T-1
 *          workers) scatters the oldest finished batch (in + out)
 * The staged copies alone (in contiguous, out into the staging buffers)
 * head table 3. */
#define PMAXT 64

typedef struct geo {
    size_t S, B, R, P;
    size_t rows, cols, rpb, nb; /* array rows, run slots a row, runs a
                                   batch, batches a pass */
} geo;

static int geo_set(geo *g, size_t S, size_t B, size_t R, size_t P)
{
    g->S = S, g->B = B, g->R = R, g->P = P;
    g->rows = S / P;
    g->cols = P / R;
    g->rpb = B / R;
    g->nb = (B % R || !g->rows || !g->cols)
                ? 0 : g->rows * g->cols / g->rpb;
    return g->nb ? 0 : -1;
}

/* cudaMemcpy2DAsync calls a batch takes (the most over the batches) */
static size_t geo_pieces(const geo *g)
{
    size_t most = 0;
    for (size_t k = 0; k < g->nb; k++) {
        size_t j = k * g->rpb, end = j + g->rpb, n = 0;
        while (j < end) {
            size_t row = j % g->rows, h = g->rows - row;
            j += h < end - j ? h : end - j;
            n++;
        }
        most = n > most ? n : most;
    }
    return most;
}

static void copy2d(const geo *g, int d2h, unsigned char *host,
                   unsigned char *dev, cudaStream_t st, size_t k)
{
    size_t j = k * g->rpb, end = j + g->rpb;
    unsigned char *dp = dev;
    while (j < end) {
        size_t col = j / g->rows, row = j % g->rows, h = g->rows - row;
        if (h > end - j)
            h = end - j;
        unsigned char *hp = host + row * g->P + col * g->R;
        if (d2h)
            CK(cudaMemcpy2DAsync(hp, g->P, dp, g->R, g->R, h,
                                 cudaMemcpyDeviceToHost, st));
        else
            CK(cudaMemcpy2DAsync(dp, g->R, hp, g->P, g->R, h,
                                 cudaMemcpyHostToDevice, st));
        dp += h * g->R;
        j += h;
    }
}

/* CPU scatter of one staging buffer (batch k) by a pool of T threads:
 * the main thread is part 0, T - 1 workers wait on a barrier. */
typedef struct pool {
    int T, quit, nt;
    pthread_t th[PMAXT];
    pthread_barrier_t go, done;
    const geo *g;
    const unsigned char *src;
    unsigned char *dst;
    size_t k;
} pool;

static void scatter_part(pool *p, int part)
{
    const geo *g = p->g;
    size_t lo = g->rpb * (size_t)part / (size_t)p->T;
    size_t hi = g->rpb * (size_t)(part + 1) / (size_t)p->T;
    size_t j0 = p->k * g->rpb, R = g->R;
    for (size_t i = lo; i < hi; i++) {
        size_t j = j0 + i;
        unsigned char *d = p->dst + (j % g->rows) * g->P + (j / g->rows) * R;
        const unsigned char *s = p->src + i * R;
#if HAVE_NT
        if (p->nt) {
            for (size_t o = 0; o < R; o += 64) {
                __m128i x0 = _mm_load_si128((const __m128i *)(s + o));
                __m128i x1 = _mm_load_si128((const __m128i *)(s + o + 16));
                __m128i x2 = _mm_load_si128((const __m128i *)(s + o + 32));
                __m128i x3 = _mm_load_si128((const __m128i *)(s + o + 48));
                _mm_stream_si128((__m128i *)(d + o), x0);
                _mm_stream_si128((__m128i *)(d + o + 16), x1);
                _mm_stream_si128((__m128i *)(d + o + 32), x2);
                _mm_stream_si128((__m128i *)(d + o + 48), x3);
            }
            continue;
        }
#endif
        memcpy(d, s, R);
    }
#if HAVE_NT
    if (p->nt)
        _mm_sfence();
#endif
}

typedef struct warg {
    pool *p;
    int part;
} warg;

static void *pool_main(void *arg)
{
    warg *w = arg;
    for (;;) {
        pthread_barrier_wait(&w->p->go);
        if (w->p->quit)
            return NULL;
        scatter_part(w->p, w->part);
        pthread_barrier_wait(&w->p->done);
    }
}

static warg pool_args[PMAXT];

static void pool_start(pool *p, int T)
{
    p->T = T;
    p->quit = 0;
    if (pthread_barrier_init(&p->go, NULL, (unsigned)T) ||
        pthread_barrier_init(&p->done, NULL, (unsigned)T)) {
        fprintf(stderr, "hostcopy: pthread_barrier_init failed\n");
        exit(2);
    }
    for (int i = 1; i < T; i++) {
        pool_args[i].p = p;
        pool_args[i].part = i;
        if (pthread_create(&p->th[i], NULL, pool_main, &pool_args[i])) {
            fprintf(stderr, "hostcopy: pthread_create failed\n");
            exit(2);
        }
    }
}

static void pool_run(pool *p, const geo *g, const unsigned char *src,
                     unsigned char *dst, size_t k)
{
    p->g = g, p->src = src, p->dst = dst, p->k = k;
    if (p->T > 1)
        pthread_barrier_wait(&p->go);
    scatter_part(p, 0);
    if (p->T > 1)
        pthread_barrier_wait(&p->done);
}

static void pool_stop(pool *p)
{
    p->quit = 1;
    if (p->T > 1)
        pthread_barrier_wait(&p->go);
    for (int i = 1; i < p->T; i++)
        pthread_join(p->th[i], NULL);
    pthread_barrier_destroy(&p->go);
    pthread_barrier_destroy(&p->done);
}

enum { X_NONE, X_CONTIG, X_STRIDED, X_STAGED, X_STAGED_SCATTER };

typedef struct pctx {
    ctx *c;
    unsigned char *a, *b, *stage[SLOTS];
    pool *pl;
} pctx;

/* One pass of nb batches: in (X_NONE, X_CONTIG, X_STRIDED), out (X_NONE,
 * X_CONTIG, X_STRIDED, X_STAGED, X_STAGED_SCATTER): seconds. */
static double pass2(pctx *x, const geo *g, int in, int out)
{
    ctx *c = x->c;
    int busy[SLOTS] = {0};
    double t0 = now();
    for (size_t k = 0; k < g->nb + SLOTS; k++) {
        int s = (int)(k % SLOTS);
        if (busy[s]) {
            CK(cudaStreamSynchronize(c->st[s]));
            if (out == X_STAGED_SCATTER)
                pool_run(x->pl, g, x->stage[s], x->b, k - SLOTS);
            busy[s] = 0;
        }
        if (k >= g->nb)
            continue;
        busy[s] = 1;
        if (in == X_CONTIG)
            CK(cudaMemcpyAsync(c->d_in[s], x->a + k * g->B, g->B,
                               cudaMemcpyHostToDevice, c->st[s]));
        else if (in == X_STRIDED)
            copy2d(g, 0, x->a, c->d_in[s], c->st[s], k);
        if (out == X_CONTIG)
            CK(cudaMemcpyAsync(x->b + k * g->B, c->d_out[s], g->B,
                               cudaMemcpyDeviceToHost, c->st[s]));
        else if (out == X_STRIDED)
            copy2d(g, 1, x->b, c->d_out[s], c->st[s], k);
        else if (out == X_STAGED || out == X_STAGED_SCATTER)
            CK(cudaMemcpyAsync(x->stage[s], c->d_out[s], g->B,
                               cudaMemcpyDeviceToHost, c->st[s]));
    }
    return now() - t0;
}

static void flush_cache(ctx *c)
{
    if (c->flush)
        for (size_t i = 0; i < FLUSH_BYTES; i += 64)
            c->flush[i]++;
}

/* GB/s of the copies' own bytes, the median of reps passes after one
 * warm-up (the cache flush before each timed one, as rate()). */
static double rate2(pctx *x, const geo *g, int in, int out, int reps)
{
    double ts[64];
    pass2(x, g, in, out);
    for (int r = 0; r < reps; r++) {
        flush_cache(x->c);
        ts[r] = pass2(x, g, in, out);
    }
    qsort(ts, (size_t)reps, sizeof *ts, cmpd);
    double moved = (double)g->nb * (double)g->B *
                   ((in != X_NONE) + (out != X_NONE));
    return moved / ts[reps / 2] / 1e9;
}

/* GB/s of one scatter of B alone: the median over every batch of two
 * passes, each timed alone (the staging buffer of slot 0 as source). */
static double scatter_rate(pctx *x, const geo *g)
{
    size_t n = 2 * g->nb;
    double *ts = malloc(n * sizeof *ts);
    if (!ts) {
        fprintf(stderr, "hostcopy: out of memory\n");
        exit(2);
    }
    flush_cache(x->c);
    pool_run(x->pl, g, x->stage[0], x->b, 0); /* warm-up */
    for (size_t i = 0; i < n; i++) {
        double t0 = now();
        pool_run(x->pl, g, x->stage[0], x->b, i % g->nb);
        ts[i] = now() - t0;
    }
    qsort(ts, n, sizeof *ts, cmpd);
    double r = (double)g->B / ts[n / 2] / 1e9;
    free(ts);
    return r;
}

static void need_geo(geo *g, size_t S, size_t B, size_t R, size_t P)
{
    if (geo_set(g, S, B, R, P)) {
        fprintf(stderr, "hostcopy: -P: runs of %zu at a pitch of %zu do not "
                "fit batches of %zu in an array of %zu\n", R, P, B, S);
        exit(1);
    }
}

static void strided_row(pctx *x, size_t S, size_t B, size_t R, size_t P,
                        int reps)
{
    geo g;
    need_geo(&g, S, B, R, P);
    double r[4];
    r[0] = rate2(x, &g, X_STRIDED, X_NONE, reps);
    r[1] = rate2(x, &g, X_NONE, X_STRIDED, reps);
    r[2] = rate2(x, &g, X_STRIDED, X_CONTIG, reps);
    r[3] = rate2(x, &g, X_CONTIG, X_STRIDED, reps);
    printf("%5zuM %6zu %7zu %3zu %4zu %7.1f %7.1f %7.1f %7.1f\n", S / MIB, R,
           P, geo_pieces(&g), g.nb, r[0], r[1], r[2], r[3]);
    fflush(stdout);
}

static int pmode(ctx *c, const size_t *sizes, int ns, size_t B, int thp,
                 int reps)
{
    static const size_t runs[] = {256, 512, 1024, 2048, 4096};
    static const size_t pitches[] = {4096, 8192, 16384, 32768, 65536,
                                     131072, 262144, 65536 + 1024 + 64,
                                     65536 + 4096};
    static const size_t sruns[] = {256, 1024, 4096};
    static const int threads[] = {1, 4, 8, 16};
    const size_t P0 = 65536;
    double tstart = now();
    pctx x = {.c = c};
    pool pl;
    x.pl = &pl;
    for (int s = 0; s < SLOTS; s++) {
        CK(cudaHostAlloc((void **)&x.stage[s], B, cudaHostAllocDefault));
        memset(x.stage[s], 3, B);
    }
    printf("# -P: batches of %zu MiB, %d in flight, %s pages; GB/s of the "
           "copies' own bytes (1e9 B), in + out counted where both run; "
           "cpus %ld, non-temporal stores %s\n", B / MIB, SLOTS,
           thp ? "huge" : "4 KiB", sysconf(_SC_NPROCESSORS_ONLN),
           HAVE_NT ? "SSE2" : "n/a (memcpy)");
    for (int i = 0; i < ns; i++) {
        size_t S = sizes[i] * MIB;
        long h0 = anon_huge_kb();
        double t0 = now();
        x.a = host_alloc(S, thp);
        x.b = host_alloc(S, thp);
        double reg = now() - t0;
        long h1 = anon_huge_kb();
        memset(x.a, 1, S);
        memset(x.b, 0, S);
        double pct = h0 >= 0 && h1 >= 0
                         ? 100.0 * (double)(h1 - h0) * 1024 / (2.0 * S) : -1;
        geo g;
        need_geo(&g, S, B, B, B); /* contiguous: nb = S / B */
        printf("\n# array %zu MiB (x2, in and out): registered in %.0f ms, "
               "thp %.0f%%; contiguous: h2d %.1f, d2h %.1f, both %.1f\n",
               S / MIB, 1e3 * reg, pct, rate2(&x, &g, X_CONTIG, X_NONE, reps),
               rate2(&x, &g, X_NONE, X_CONTIG, reps),
               rate2(&x, &g, X_CONTIG, X_CONTIG, reps));
        const char *hdr = "%6s %6s %7s %3s %4s %7s %7s %7s %7s\n";
        printf("## 1: runs at a pitch of %zu (g2d, s2d one way; gath: "
               "in strided + out contiguous; scat: in contiguous + out "
               "strided, fft2 now)\n", P0);
        printf(hdr, "array", "run_B", "pitch_B", "pcs", "nb", "g2d", "s2d",
               "gath", "scat");
        for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
            strided_row(&x, S, B, runs[r], P0, reps);
        printf("## 2: pitches at runs of 1024 (66624 = 65 KiB + 64 B, "
               "69632 = 64 KiB + 4 KiB: not powers of two)\n");
        printf(hdr, "array", "run_B", "pitch_B", "pcs", "nb", "g2d", "s2d",
               "gath", "scat");
        for (size_t p = 0; p < sizeof pitches / sizeof *pitches; p++)
            strided_row(&x, S, B, 1024, pitches[p], reps);
        need_geo(&g, S, B, B, B);
        double stg = rate2(&x, &g, X_CONTIG, X_STAGED, reps);
        printf("## 3: staged: in contiguous, out contiguous into a pinned "
               "%zu MiB buffer a slot, then T threads scatter it at a pitch "
               "of %zu; staged copies alone %.1f\n", B / MIB, P0, stg);
        printf("%6s %3s %6s %7s %7s %7s %7s %7s %7s %7s\n", "array", "T",
               "run_B", "pitch_B", "sc_mc", "sc_nt", "est_mc", "est_nt",
               "pipe_mc", "pipe_nt");
        for (size_t r = 0; r < sizeof sruns / sizeof *sruns; r++)
            for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
                geo gs;
                need_geo(&gs, S, B, sruns[r], P0);
                pool_start(&pl, threads[t]);
                double sc[2], pp[2];
                for (int nt = 0; nt < 2; nt++) {
                    pl.nt = nt;
                    sc[nt] = scatter_rate(&x, &gs);
                    pp[nt] = rate2(&x, &gs, X_CONTIG, X_STAGED_SCATTER, reps);
                }
                pool_stop(&pl);
                printf("%5zuM %3d %6zu %7zu %7.1f %7.1f %7.1f %7.1f %7.1f "
                       "%7.1f\n", S / MIB, threads[t], sruns[r], P0, sc[0],
                       sc[1], stg < 2 * sc[0] ? stg : 2 * sc[0],
                       stg < 2 * sc[1] ? stg : 2 * sc[1], pp[0], pp[1]);
                fflush(stdout);
            }
        host_free(x.a);
        host_free(x.b);
    }
    for (int s = 0; s < SLOTS; s++)
        CK(cudaFreeHost(x.stage[s]));
    printf("# -P done in %.1f s\n", now() - tstart);
    return 0;
}

static int parse_list(const char *s, size_t *v)
{
    int k = 0;
    while (*s && k < MAXV) {
        char *e;
        unsigned long x = strtoul(s, &e, 10);
        if (e == s || !x)
            return -1;
        v[k++] = (size_t)x;
        s = *e == ',' ? e + 1 : e;
        if (*e && *e != ',')
            return -1;
    }
    return k;
}

int main(int argc, char **argv)
{
    size_t sizes[MAXV] = {32, 512, 2048}, batches[MAXV] = {2, 8, 32};
    int ns = 3, nbt = 3, reps = 5, o, noflush = 0, pm = 0, pm4k = 0;
    int sgiven = 0, bgiven = 0;
    ctx c = {.n = 8192};
    while ((o = getopt(argc, argv, "s:b:r:n:FP4h")) != -1) {
        switch (o) {
        case 's': ns = parse_list(optarg, sizes); sgiven = 1; break;
        case 'b': nbt = parse_list(optarg, batches); bgiven = 1; break;
        case 'P': pm = 1; break;
        case '4': pm4k = 1; break;
        case 'r': reps = atoi(optarg); break;
        case 'n': c.n = strtoul(optarg, NULL, 10); break;
        case 'F': noflush = 1; break;
        default:
            fprintf(stderr, "usage: hostcopy [-s MiB,...] [-b MiB,...] "
                    "[-r REPS] [-n N] [-F]\n"
                    "       hostcopy -P [-4] [-s MiB,...] [-b MiB] "
                    "[-r REPS] [-F]\n");
            return o == 'h' ? 0 : 1;
        }
    }
    if (pm) { /* -P: 512 MiB arrays, one batch size (8 MiB) */
        if (!sgiven)
            sizes[0] = 512, ns = 1;
        if (!bgiven)
            batches[0] = 8;
        nbt = nbt < 1 ? nbt : 1;
    }
    if (ns < 1 || nbt < 1 || reps < 1 || reps > 64 || c.n < 1) {
        fprintf(stderr, "hostcopy: bad arguments\n");
        return 1;
    }
    size_t bmax = 0;
    for (int i = 0; i < nbt; i++) {
        batches[i] *= MIB;
        if (!pm && batches[i] % (c.n * 8)) {
            fprintf(stderr, "hostcopy: a batch of %zu bytes is not whole "
                    "frames of %zu\n", batches[i], c.n * 8);
            return 1;
        }
        bmax = batches[i] > bmax ? batches[i] : bmax;
    }
    struct cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("# hostcopy: %s, PCI %04x:%02x:%02x, %d copy engines; %d in "
           "flight, median of %d, cache flush %s\n", prop.name,
           prop.pciDomainID, prop.pciBusID, prop.pciDeviceID,
           prop.asyncEngineCount, SLOTS, reps, noflush ? "off" : "on");
    print_file("THP enabled", "/sys/kernel/mm/transparent_hugepage/enabled");
    print_file("THP defrag", "/sys/kernel/mm/transparent_hugepage/defrag");
    print_file("cmdline", "/proc/cmdline");
    char gp[160];
    snprintf(gp, sizeof gp, "/sys/bus/pci/devices/%04x:%02x:%02x.0/"
             "iommu_group/type", prop.pciDomainID, prop.pciBusID,
             prop.pciDeviceID);
    print_file("the GPU's IOMMU group type", gp);
    for (int s = 0; s < SLOTS; s++) {
        CK(cudaStreamCreateWithFlags(&c.st[s], cudaStreamNonBlocking));
        CK(cudaMalloc(&c.d_in[s], bmax));
        CK(cudaMalloc(&c.d_out[s], bmax));
        CK(cudaMemset(c.d_out[s], 0, bmax));
    }
    if (!noflush) {
        c.flush = malloc(FLUSH_BYTES);
        if (c.flush)
            memset(c.flush, 1, FLUSH_BYTES);
    }
    if (pm) {
        int rc = pmode(&c, sizes, ns, bmax, !pm4k, reps);
        for (int s = 0; s < SLOTS; s++) {
            CK(cudaFree(c.d_in[s]));
            CK(cudaFree(c.d_out[s]));
            CK(cudaStreamDestroy(c.st[s]));
        }
        free(c.flush);
        return rc;
    }
    printf("%-4s %6s %6s %7s %5s %7s %7s %7s %7s %6s %8s\n", "mem", "array",
           "batch", "reg_ms", "thp%", tnames[0], tnames[1], tnames[2],
           tnames[3], "run_B", "pitch_B");
    for (int thp = 0; thp < 2; thp++)
        for (int i = 0; i < ns; i++) {
            size_t S = sizes[i] * MIB;
            long h0 = anon_huge_kb();
            double t0 = now();
            unsigned char *a = host_alloc(S, thp), *b = host_alloc(S, thp);
            double reg = now() - t0;
            long h1 = anon_huge_kb();
            memset(a, 1, S);
            memset(b, 0, S);
            double pct = h0 >= 0 && h1 >= 0
                             ? 100.0 * (double)(h1 - h0) * 1024 / (2.0 * S)
                             : -1;
            for (int j = 0; j < nbt; j++) {
                size_t B = batches[j];
                if (B > S || S % B)
                    continue;
                double r[T_COUNT];
                for (int t = 0; t < T_COUNT; t++)
                    r[t] = rate(&c, t, a, b, S, B, reps);
                printf("%-4s %5zuM %5zuM %7.1f %5.0f %7.1f %7.1f %7.1f "
                       "%7.1f %6zu %8zu\n", thp ? "thp" : "4k", S / MIB,
                       B / MIB, 1e3 * reg, pct, r[0], r[1], r[2], r[3],
                       B / (c.n * 8) * 8, S / (c.n * 8) * 8);
                fflush(stdout);
            }
            host_free(a);
            host_free(b);
        }
    for (int s = 0; s < SLOTS; s++) {
        cudaFree(c.d_in[s]);
        cudaFree(c.d_out[s]);
        cudaStreamDestroy(c.st[s]);
    }
    free(c.flush);
    return 0;
}
