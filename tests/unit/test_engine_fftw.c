/* test_engine_fftw.c - the CPU engine (FFTW) through the engine interface.
 *
 * For every N from 1 to 4096 and a seeded random sample of 40 larger N up
 * to 2^20 (2^20 itself and the prime 1048573 included), in f32 and f64,
 * the FFTW-style self-checks (after FFTW's own libbench2 verifier):
 *   - an impulse gives a constant, and an impulse at m gives the phase
 *     ramp e^(-+2 pi i m k / N) (for C2R: DC gives a constant and a ramp
 *     gives N a delta(j - m));
 *   - linearity: T(a x + b y) = a T(x) + b T(y), random a, b (complex
 *     for C2C);
 *   - time shift: shifting x by one sample multiplies T(x) by the ramp;
 * every frame of a batch at a different amplitude and shift, so a mix-up
 * between frames shows; each case runs one full batch (FFTW's batched
 * plan) and one partial batch (the engine's per-frame path, sometimes on
 * buffers off FFTW's alignment). For N <= 64 the output is also compared
 * with a direct DFT in long double.
 *
 * Coverage, because of run time (FFTW_ESTIMATE planning alone costs about
 * a minute of CPU for all four transforms at every N to 4096): N <= 1024
 * runs all four transforms (C2C forward, C2C inverse, R2C, C2R) in both
 * precisions; 1024 < N <= 4096 runs one complex and one real transform
 * per N and precision, rotating with N mod 4 so each transform sees every
 * other N of both parities; the larger N run one transform per precision
 * (two for 2^20 and the prime), rotating. Every check runs on each
 * transform that runs. The sweep runs on two threads, one per precision.
 * GFP_TEST_QUICK=1 (set by .ci/run for the ASan + UBSan build, where the
 * sweep is several times slower) keeps every N to 256, then every 7th N and
 * the powers of two, and a quarter of the larger N (2^20 and the prime
 * always); the normal run keeps the full sweep.
 *
 * Errors are relative L2 norms; tolerances grow like sqrt(log2 N + 1):
 * 2e-6 for f32 (eps 6e-8) and 1e-14 for f64 (eps 1.1e-16). A wrong
 * transform (sign, bin order, stride, scaling, frame mix-up) gives O(1)
 * errors.
 *
 * Then: scale, every post-op against its formula, the window, NaN kept
 * inside its frame, slots, threads, argument checks. Plans use
 * FFTW_ESTIMATE (opts.quick_plans). */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <float.h>
#include <pthread.h>
#include <time.h>

#define PI_L 3.141592653589793238462643383279502884L

/* Where checks go: the main thread asserts through CUnit; the sweep's
 * worker threads (CUnit is not thread-safe) count and keep the first
 * messages, which the main thread turns into assertions. */
enum { MAXMSGS = 40 };
typedef struct tctx {
    gfp_engine *eng;
    tu_rng *rng;
    int worker;
    unsigned long checks, fails;
    int nmsgs;
    char msgs[MAXMSGS][300];
} tctx;

static gfp_engine *eng; /* the main thread's engine */

static void rep(tctx *c, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void rep(tctx *c, int ok, const char *fmt, ...)
{
    char msg[300] = "";
    if (!ok) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
    }
    if (!c->worker) {
        CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, msg,
                                __FILE__, "", CU_FALSE);
        return;
    }
    c->checks++;
    if (!ok) {
        c->fails++;
        if (c->nmsgs < MAXMSGS)
            memcpy(c->msgs[c->nmsgs++], msg, sizeof msg);
    }
}

static double tol_of(size_t n, int dbl)
{
    double l = sqrt(log2((double)n) + 1);
    return (dbl ? 1e-14 : 2e-6) * l;
}

static const char *kind_name(gfp_kind k, int inverse)
{
    return k == GFP_R2C ? "r2c" : k == GFP_C2R ? "c2r"
                                : inverse ? "c2c-inv" : "c2c-fwd";
}

/* ---- running plans on double data ------------------------------------- */

static size_t in_per(gfp_kind k, size_t n)
{
    return k == GFP_C2C ? 2 * n : k == GFP_R2C ? n : 2 * (n / 2 + 1);
}

static size_t out_per(gfp_kind k, size_t n, gfp_post post)
{
    size_t bins = k == GFP_R2C ? n / 2 + 1 : n;
    if (k == GFP_C2R)
        return n;
    return post == GFP_POST_NONE ? 2 * bins : bins;
}

static gfp_plan *make_plan(tctx *cx, size_t n, size_t batch, gfp_kind kind, int inverse,
                           int dbl, double scale, const double *window,
                           gfp_post post, int nslots)
{
    gfp_plan_desc d = {.n = n, .batch = batch, .kind = kind,
                       .inverse = inverse, .dbl = dbl, .scale = scale,
                       .window = window, .post = post};
    gfp_plan *p = NULL;
    gfp_error err = {0};
    gfp_status st = gfp_plan_create(cx->eng, &d, nslots, &p, &err);
    rep(cx, st == GFP_OK && p, "plan n=%zu batch=%zu %s dbl=%d: %s", n,
             batch, kind_name(kind, inverse), dbl, err.msg);
    return st == GFP_OK ? p : NULL;
}

/* Runs nframes of `in` (working values as doubles, already representable
 * in the plan's precision) through p and returns the output as doubles.
 * misalign shifts both buffers by one scalar off FFTW's alignment. */
static gfp_status run_plan(tctx *cx, gfp_plan *p, const double *in, size_t nframes,
                           double *out, int misalign)
{
    const gfp_plan_desc *d = &p->desc;
    size_t ws = d->dbl ? 8 : 4, off = misalign ? 1 : 0;
    size_t ni = nframes * gfp_plan_in_scalars(d);
    size_t no = nframes * gfp_plan_out_scalars(d);
    gfp_engine *e = cx->eng;
    void *bi = e->ops->alloc_host(e->state, (ni + off) * ws);
    void *bo = e->ops->alloc_host(e->state, (no + off) * ws);
    gfp_status st = GFP_ENOMEM;
    if (bi && bo) {
        if (d->dbl) {
            memcpy((double *)bi + off, in, ni * ws);
        } else {
            float *f = (float *)bi + off;
            for (size_t i = 0; i < ni; i++)
                f[i] = (float)in[i];
        }
        gfp_error err = {0};
        st = gfp_plan_execute(p, (char *)bi + off * ws, (char *)bo + off * ws,
                              nframes, &err);
        rep(cx, st == GFP_OK, "execute n=%zu: %s", d->n, err.msg);
        if (d->dbl) {
            memcpy(out, (double *)bo + off, no * ws);
        } else {
            const float *f = (const float *)bo + off;
            for (size_t i = 0; i < no; i++)
                out[i] = f[i];
        }
    }
    e->ops->free_host(e->state, bi);
    e->ops->free_host(e->state, bo);
    return st;
}

/* Rounds v to the working precision, so references use what the engine
 * actually sees. */
static double rnd(int dbl, double v)
{
    return dbl ? v : (double)(float)v;
}

/* ---- twiddles ------------------------------------------------------------ */

typedef struct twiddles {
    size_t n;
    double *c, *s; /* cos and sin of 2 pi t / n, t < n, from long double */
} twiddles;

static int twiddles_make(twiddles *t, size_t n)
{
    t->n = n;
    t->c = malloc(n * sizeof *t->c);
    t->s = malloc(n * sizeof *t->s);
    if (!t->c || !t->s)
        return -1;
    /* The first half in long double, the rest by symmetry (exactly). */
    for (size_t k = 0; k < n; k++) {
        if (2 * k <= n) {
            long double a = 2 * PI_L * (long double)k / (long double)n;
            t->c[k] = (double)cosl(a);
            t->s[k] = (double)sinl(a);
        } else {
            t->c[k] = t->c[n - k];
            t->s[k] = -t->s[n - k];
        }
    }
    t->c[0] = 1;
    t->s[0] = 0;
    if (n % 2 == 0) {
        t->c[n / 2] = -1;
        t->s[n / 2] = 0;
    }
    if (n % 4 == 0) {
        t->c[n / 4] = 0;
        t->s[n / 4] = 1;
        t->c[3 * n / 4] = 0;
        t->s[3 * n / 4] = -1;
    }
    return 0;
}

static void twiddles_free(twiddles *t)
{
    free(t->c);
    free(t->s);
}

/* ---- direct DFT in long double (N <= 64) ------------------------------- */

/* Complex input (2n scalars) -> complex output, sign -1 or +1. */
static void dft_c2c(const double *x, size_t n, int sign, long double *X)
{
    for (size_t k = 0; k < n; k++) {
        long double re = 0, im = 0;
        for (size_t j = 0; j < n; j++) {
            long double a = 2 * PI_L * (long double)((j * k) % n) / n;
            long double c = cosl(a), s = sign * sinl(a);
            re += x[2 * j] * c - x[2 * j + 1] * s;
            im += x[2 * j] * s + x[2 * j + 1] * c;
        }
        X[2 * k] = re;
        X[2 * k + 1] = im;
    }
}

/* Hermitian half spectrum (n/2+1 bins) -> n reals, e^+i, unnormalised. */
static void dft_c2r(const double *X, size_t n, long double *x)
{
    for (size_t j = 0; j < n; j++) {
        long double v = 0;
        for (size_t k = 0; k < n; k++) {
            size_t h = k <= n / 2 ? k : n - k;
            long double re = X[2 * h], im = k <= n / 2 ? X[2 * h + 1]
                                                      : -X[2 * h + 1];
            long double a = 2 * PI_L * (long double)((j * k) % n) / n;
            v += re * cosl(a) - im * sinl(a);
        }
        x[j] = v;
    }
}

/* ---- the property checks ------------------------------------------------- */

enum { NF = 6 }; /* frames: impulse@0, impulse@m, x, shift(x), y, a x + b y */

/* Fills the frames of one check, for the kind, in working precision. */
static void make_frames(tu_rng *r, gfp_kind kind, size_t n, int dbl, const twiddles *t,
                        double *in, size_t m1, double a0[2], double a1[2],
                        double ab[4])
{
    size_t ip = in_per(kind, n);
    memset(in, 0, NF * ip * sizeof *in);
    double *f0 = in, *f1 = in + ip, *x = in + 2 * ip, *xs = in + 3 * ip,
           *y = in + 4 * ip, *z = in + 5 * ip;
    int cplx = kind == GFP_C2C;
    /* Amplitudes differ from frame to frame (and in sign/phase). */
    a0[0] = rnd(dbl, tu_rng_range(r, 0.5, 1.0));
    a0[1] = cplx ? rnd(dbl, tu_rng_range(r, -1, 1)) : 0;
    a1[0] = rnd(dbl, -tu_rng_range(r, 1.5, 3.0));
    a1[1] = cplx ? rnd(dbl, tu_rng_range(r, -2, 2)) : 0;
    ab[0] = tu_rng_range(r, -2, 2);
    ab[1] = cplx ? tu_rng_range(r, -2, 2) : 0;
    ab[2] = tu_rng_range(r, -2, 2);
    ab[3] = cplx ? tu_rng_range(r, -2, 2) : 0;
    if (kind == GFP_C2R) {
        size_t bins = n / 2 + 1;
        /* DC only -> constant; ramp -> n a1 delta(j - m1). */
        f0[0] = a0[0];
        for (size_t k = 0; k < bins; k++) {
            size_t tt = (m1 * k) % n;
            f1[2 * k] = rnd(dbl, a1[0] * t->c[tt]);
            f1[2 * k + 1] = rnd(dbl, -a1[0] * t->s[tt]);
        }
        for (size_t k = 0; k < bins; k++) {
            x[2 * k] = rnd(dbl, tu_rng_range(r, -1, 1));
            x[2 * k + 1] = rnd(dbl, tu_rng_range(r, -1, 1));
            y[2 * k] = rnd(dbl, 3 * tu_rng_range(r, -1, 1));
            y[2 * k + 1] = rnd(dbl, 3 * tu_rng_range(r, -1, 1));
        }
        /* Hermitian: DC (and Nyquist for even n) are real. */
        x[1] = y[1] = 0;
        if (n % 2 == 0)
            x[2 * (bins - 1) + 1] = y[2 * (bins - 1) + 1] = 0;
        /* X e^(-2 pi i k / n) is the spectrum of x shifted by one. */
        for (size_t k = 0; k < bins; k++) {
            double c = t->c[k], s = -t->s[k];
            xs[2 * k] = rnd(dbl, x[2 * k] * c - x[2 * k + 1] * s);
            xs[2 * k + 1] = rnd(dbl, x[2 * k] * s + x[2 * k + 1] * c);
        }
        xs[1] = 0;
        if (n % 2 == 0)
            xs[2 * (bins - 1) + 1] = 0;
        for (size_t i = 0; i < 2 * bins; i++)
            z[i] = rnd(dbl, ab[0] * x[i] + ab[2] * y[i]);
        return;
    }
    size_t nc = cplx ? 2 : 1;
    f0[0] = a0[0];
    f1[nc * m1] = a1[0];
    if (cplx) {
        f0[1] = a0[1];
        f1[nc * m1 + 1] = a1[1];
    }
    for (size_t i = 0; i < nc * n; i++) {
        x[i] = rnd(dbl, tu_rng_range(r, -1, 1));
        y[i] = rnd(dbl, 3 * tu_rng_range(r, -1, 1));
    }
    for (size_t j = 0; j < n; j++)
        for (size_t c = 0; c < nc; c++)
            xs[nc * j + c] = x[nc * ((j + n - 1) % n) + c];
    for (size_t j = 0; j < n; j++) {
        if (cplx) {
            double xr = x[2 * j], xi = x[2 * j + 1], yr = y[2 * j],
                   yi = y[2 * j + 1];
            z[2 * j] = rnd(dbl, ab[0] * xr - ab[1] * xi + ab[2] * yr -
                                    ab[3] * yi);
            z[2 * j + 1] = rnd(dbl, ab[0] * xi + ab[1] * xr + ab[2] * yi +
                                        ab[3] * yr);
        } else {
            z[j] = rnd(dbl, ab[0] * x[j] + ab[2] * y[j]);
        }
    }
}

/* One (n, precision, kind, direction) case. batch is the plan's; the six
 * frames run as [0, first) and [first, 6), so first == batch uses FFTW's
 * batched plan and a shorter second chunk the per-frame path. Returns the
 * number of failed checks. */
static int check_props(tctx *cx, size_t n, int dbl, gfp_kind kind, int inverse,
                       const twiddles *t, size_t batch, size_t first,
                       int misalign)
{
    const char *kn = kind_name(kind, inverse);
    int fails = 0;
    gfp_plan *p = make_plan(cx, n, batch, kind, inverse, dbl, 1.0, NULL,
                            GFP_POST_NONE, 1);
    if (!p)
        return 1;
    size_t ip = in_per(kind, n), op = out_per(kind, n, GFP_POST_NONE);
    double *in = malloc(NF * ip * sizeof *in);
    double *out = malloc(NF * op * sizeof *out);
    double *want = malloc(op * sizeof *want);
    if (!in || !out || !want) {
        rep(cx, 0, "out of memory");
        fails++;
        goto done;
    }
    size_t m1 = n > 1 ? 1 + tu_rng_u64(cx->rng) % (n - 1) : 0;
    double a0[2], a1[2], ab[4];
    make_frames(cx->rng, kind, n, dbl, t, in, m1, a0, a1, ab);
    double *xin = malloc(ip * sizeof *xin); /* x, before submit eats it */
    if (!xin) {
        rep(cx, 0, "out of memory");
        fails++;
        goto done;
    }
    memcpy(xin, in + 2 * ip, ip * sizeof *xin);
    if (run_plan(cx, p, in, first, out, 0) != GFP_OK ||
        run_plan(cx, p, in + first * ip, NF - first, out + first * op,
                 misalign) != GFP_OK) {
        fails++;
        free(xin);
        goto done;
    }
    double tol = tol_of(n, dbl), e;
    int sign = (kind == GFP_C2C && !inverse) || kind == GFP_R2C ? -1 : 1;
    const double *X0 = out, *X1 = out + op, *X = out + 2 * op,
                 *XS = out + 3 * op, *Y = out + 4 * op, *Z = out + 5 * op;
    if (kind == GFP_C2R) {
        /* DC a0 -> a0 everywhere. */
        for (size_t j = 0; j < n; j++)
            want[j] = a0[0];
        e = tu_rel_l2(X0, want, n);
        fails += !(e <= tol);
        rep(cx, e <= tol, "%s n=%zu dbl=%d: constant from DC: err %.3g > "
                 "%.3g", kn, n, dbl, e, tol);
        /* ramp -> n a1 at m1. */
        for (size_t j = 0; j < n; j++)
            want[j] = j == m1 ? (double)n * a1[0] : 0;
        e = tu_rel_l2(X1, want, n);
        fails += !(e <= tol);
        rep(cx, e <= tol, "%s n=%zu dbl=%d: impulse at %zu from ramp: err "
                 "%.3g > %.3g", kn, n, dbl, m1, e, tol);
        for (size_t j = 0; j < n; j++)
            want[j] = X[(j + n - 1) % n];
        e = tu_rel_l2(XS, want, n);
        fails += !(e <= tol);
        rep(cx, e <= tol, "%s n=%zu dbl=%d: time shift: err %.3g > %.3g",
                 kn, n, dbl, e, tol);
        for (size_t j = 0; j < n; j++)
            want[j] = ab[0] * X[j] + ab[2] * Y[j];
        e = tu_rel_l2(Z, want, n);
        fails += !(e <= tol);
        rep(cx, e <= tol, "%s n=%zu dbl=%d: linearity: err %.3g > %.3g", kn,
                 n, dbl, e, tol);
        if (n <= 64) {
            long double ref[64];
            dft_c2r(xin, n, ref);
            e = tu_rel_l2_ld(X, ref, n);
            fails += !(e <= tol);
            rep(cx, e <= tol, "%s n=%zu dbl=%d: direct DFT: err %.3g > %.3g",
                     kn, n, dbl, e, tol);
        }
        free(xin);
        goto done;
    }
    size_t bins = op / 2;
    /* impulse a0 at 0 -> a0 in every bin */
    for (size_t k = 0; k < bins; k++) {
        want[2 * k] = a0[0];
        want[2 * k + 1] = a0[1];
    }
    e = tu_rel_l2(X0, want, op);
    fails += !(e <= tol);
    rep(cx, e <= tol, "%s n=%zu dbl=%d: constant from impulse: err %.3g > "
             "%.3g", kn, n, dbl, e, tol);
    /* impulse a1 at m1 -> a1 e^(sign 2 pi i m1 k / n) */
    for (size_t k = 0; k < bins; k++) {
        size_t tt = (m1 * k) % n;
        double c = t->c[tt], s = sign * t->s[tt];
        want[2 * k] = a1[0] * c - a1[1] * s;
        want[2 * k + 1] = a1[0] * s + a1[1] * c;
    }
    e = tu_rel_l2(X1, want, op);
    fails += !(e <= tol);
    rep(cx, e <= tol, "%s n=%zu dbl=%d: ramp from impulse at %zu: err %.3g "
             "> %.3g", kn, n, dbl, m1, e, tol);
    /* shift by one -> times e^(sign 2 pi i k / n) */
    for (size_t k = 0; k < bins; k++) {
        double c = t->c[k], s = sign * t->s[k];
        want[2 * k] = X[2 * k] * c - X[2 * k + 1] * s;
        want[2 * k + 1] = X[2 * k] * s + X[2 * k + 1] * c;
    }
    e = tu_rel_l2(XS, want, op);
    fails += !(e <= tol);
    rep(cx, e <= tol, "%s n=%zu dbl=%d: time shift: err %.3g > %.3g", kn, n,
             dbl, e, tol);
    /* linearity */
    for (size_t k = 0; k < bins; k++) {
        double xr = X[2 * k], xi = X[2 * k + 1], yr = Y[2 * k],
               yi = Y[2 * k + 1];
        want[2 * k] = ab[0] * xr - ab[1] * xi + ab[2] * yr - ab[3] * yi;
        want[2 * k + 1] = ab[0] * xi + ab[1] * xr + ab[2] * yi + ab[3] * yr;
    }
    e = tu_rel_l2(Z, want, op);
    fails += !(e <= tol);
    rep(cx, e <= tol, "%s n=%zu dbl=%d: linearity: err %.3g > %.3g", kn, n,
             dbl, e, tol);
    if (n <= 64) {
        double xc[128];
        long double ref[128];
        if (kind == GFP_C2C) {
            memcpy(xc, xin, 2 * n * sizeof *xc);
        } else {
            for (size_t j = 0; j < n; j++) {
                xc[2 * j] = xin[j];
                xc[2 * j + 1] = 0;
            }
        }
        dft_c2c(xc, n, sign, ref);
        e = tu_rel_l2_ld(X, ref, op); /* R2C: the first n/2+1 bins */
        fails += !(e <= tol);
        rep(cx, e <= tol, "%s n=%zu dbl=%d: direct DFT: err %.3g > %.3g", kn,
                 n, dbl, e, tol);
    }
    free(xin);
done:
    free(in);
    free(out);
    free(want);
    gfp_plan_destroy(p);
    return fails;
}

static const struct { gfp_kind kind; int inverse; } kinds[] = {
    {GFP_C2C, 0}, {GFP_C2C, 1}, {GFP_R2C, 0}, {GFP_C2R, 1},
};
#define NKINDS (sizeof kinds / sizeof *kinds)

/* ---- the sweep, on two threads ------------------------------------------ */

/* FFTW planning dominates the sweep (ESTIMATE plans still cost ~0.5 ms for
 * a size, and each case needs two), so the sweep runs on two threads: one
 * per precision. libfftw3f and libfftw3 are separate libraries with
 * separate planners, so each thread plans only in its own; each thread has
 * its own engine and PRNG, and records results for the main thread. */
enum { NLARGE = 40 };

typedef struct worker {
    tctx cx;
    tu_rng rng;
    int dbl;
    size_t large[NLARGE];
    double small_s, large_s; /* thread CPU seconds */
    int quick;               /* GFP_TEST_QUICK: a sample of the sizes */
} worker;

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *sweep(void *arg)
{
    worker *w = arg;
    double t0 = thread_cpu();
    int fails = 0;
    /* Every N to 4096. Up to 1024 all four transforms; above, planning
     * every transform for every N would take about a minute of CPU on its
     * own, so each N runs one complex and one real transform, chosen by
     * N mod 4 so that each of the four sees both parities of N:
     *   N%4 = 0: c2c-fwd r2c   1: c2c-fwd c2r   2: c2c-inv c2r
     *   N%4 = 3: c2c-inv r2c
     * (every check still runs on each transform that runs). */
    for (size_t n = 1; n <= 4096 && fails < 100; n++) {
        /* GFP_TEST_QUICK (the sanitized CI run): every N to 256, then
         * every 7th N and the powers of two. */
        if (w->quick && n > 256 && n % 7 && (n & (n - 1)))
            continue;
        twiddles t;
        if (twiddles_make(&t, n)) {
            rep(&w->cx, 0, "out of memory");
            twiddles_free(&t);
            return NULL;
        }
        size_t r = n % 4;
        for (size_t k = 0; k < NKINDS; k++) {
            int run = n <= 1024 ||
                      (k == 0 && r <= 1) || (k == 1 && r >= 2) ||
                      (k == 2 && (r == 0 || r == 3)) ||
                      (k == 3 && (r == 1 || r == 2));
            if (run)
                fails += check_props(&w->cx, n, w->dbl, kinds[k].kind,
                                     kinds[k].inverse, &t, 4, 4, n % 3 == 0);
        }
        twiddles_free(&t);
    }
    double t1 = thread_cpu();
    w->small_s = t1 - t0;
    /* Larger N: each size runs one of the four transforms in each
     * precision (rotating, so the two precisions run different ones and
     * each transform gets a quarter of the sizes); 2^20 and the prime
     * below it run two. Batches of 3 frames: a plan of 3 (batched) or a
     * plan of 4 run with 3 (per frame), alternately. */
    for (int i = 0; i < NLARGE && fails < 100; i++) {
        if (w->quick && i % 4 && i < NLARGE - 2)
            continue;
        size_t n = w->large[i];
        twiddles t;
        if (twiddles_make(&t, n)) {
            rep(&w->cx, 0, "out of memory");
            twiddles_free(&t);
            return NULL;
        }
        size_t k0 = (size_t)(i + w->dbl) % NKINDS;
        for (size_t j = 0; j < (i >= NLARGE - 2 ? 2u : 1u); j++) {
            size_t k = (k0 + 2 * j) % NKINDS;
            fails += check_props(&w->cx, n, w->dbl, kinds[k].kind,
                                 kinds[k].inverse, &t, 3 + (size_t)(i / 4) % 2,
                                 3, 0);
        }
        twiddles_free(&t);
    }
    w->large_s = thread_cpu() - t1;
    return NULL;
}

static void test_sweep(void)
{
    worker w[2];
    size_t large[NLARGE];
    /* Log-uniform in (4096, 2^20], plus 2^20 itself and a large prime. */
    for (int i = 0; i < NLARGE - 2; i++) {
        large[i] = (size_t)exp2(tu_rand_range(12.0, 20.0));
        if (large[i] <= 4096)
            large[i] = 4097;
    }
    large[NLARGE - 1] = (size_t)1 << 20;
    large[NLARGE - 2] = 1048573; /* prime */
    gfp_engine_opts o = {0};
    o.threads = 1;
    o.quick_plans = 1;
    o.quiet_notes = 1;
    for (int i = 0; i < 2; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].dbl = i;
        w[i].quick = getenv("GFP_TEST_QUICK") != NULL;
        memcpy(w[i].large, large, sizeof large);
        tu_rng_seed(&w[i].rng, tu.seed + 1 + (uint64_t)i);
        w[i].cx.rng = &w[i].rng;
        w[i].cx.worker = 1;
        gfp_error err = {0};
        gfp_status st = gfp_engine_open("cpu", &o, "test", &w[i].cx.eng, &err);
        TU_CHECK(st == GFP_OK, "open cpu engine: %s", err.msg);
        if (st) {
            if (i)
                gfp_engine_close(w[0].cx.eng);
            return;
        }
    }
    /* FFTW creates its planners lazily; create both here, before the
     * threads start, with one plan each. */
    for (int i = 0; i < 2; i++) {
        gfp_plan *p = make_plan(&(tctx){.eng = w[i].cx.eng}, 2, 1, GFP_C2C, 0,
                                i, 1.0, NULL, GFP_POST_NONE, 1);
        gfp_plan_destroy(p);
    }
    pthread_t th[2];
    int started[2] = {0, 0};
    for (int i = 0; i < 2; i++)
        started[i] = pthread_create(&th[i], NULL, sweep, &w[i]) == 0;
    for (int i = 0; i < 2; i++) {
        if (started[i])
            pthread_join(th[i], NULL);
        else
            sweep(&w[i]); /* no thread: run it here */
    }
    for (int i = 0; i < 2; i++) {
        tctx *c = &w[i].cx;
        printf("\n    [%s: %lu checks, %lu failed; %s N to 4096 %.1f s, "
               "%d larger N %.1f s CPU]", i ? "f64" : "f32", c->checks,
               c->fails, w[i].quick ? "GFP_TEST_QUICK: a sample of" : "every",
               w[i].small_s, w[i].quick ? NLARGE / 4 + 2 : NLARGE,
               w[i].large_s);
        for (int m = 0; m < c->nmsgs; m++)
            TU_CHECK(0, "%s", c->msgs[m]);
        TU_CHECK(c->fails == 0, "%s sweep: %lu of %lu checks failed",
                 i ? "f64" : "f32", c->fails, c->checks);
        /* 4096 sizes x 2 or 4 transforms x at least 4 checks */
        TU_CHECK(c->checks >= (w[i].quick ? (256 * 4 + 3840 / 7 * 2) * 4
                                          : (1024 * 4 + 3072 * 2) * 4),
                 "%s sweep ran only %lu checks", i ? "f64" : "f32",
                 c->checks);
        gfp_engine_close(c->eng);
    }
    printf("\n    ");
}

/* ---- scale, post-ops, window, NaN ------------------------------------- */

static tctx main_cx(void)
{
    tctx c;
    memset(&c, 0, sizeof c);
    c.eng = eng;
    c.rng = &tu.rng;
    return c;
}

static void fill_random(double *x, size_t count, int dbl, double amp)
{
    for (size_t i = 0; i < count; i++)
        x[i] = rnd(dbl, amp * tu_rand_range(-1, 1));
}

/* Hermitian input for C2R: DC and Nyquist real. */
static void make_hermitian(double *x, size_t n, size_t nframes)
{
    size_t ip = in_per(GFP_C2R, n);
    for (size_t f = 0; f < nframes; f++) {
        x[f * ip + 1] = 0;
        if (n % 2 == 0)
            x[f * ip + ip - 1] = 0;
    }
}

static const size_t small_ns[] = {1, 2, 6, 7, 31, 64, 256, 1000, 4096};
#define NSMALL (sizeof small_ns / sizeof *small_ns)

/* scale multiplies every output value (before any post-op). */
static void test_scale(void)
{
    tctx cx = main_cx();
    for (size_t a = 0; a < NSMALL; a++)
        for (int dbl = 0; dbl < 2; dbl++)
            for (size_t k = 0; k < NKINDS; k++) {
                size_t n = small_ns[a];
                gfp_kind kind = kinds[k].kind;
                int inv = kinds[k].inverse;
                size_t ip = in_per(kind, n), op = out_per(kind, n, 0);
                const double scales[] = {1.0 / (double)n, 1.0 / sqrt((double)n),
                                         2.5};
                double *x = malloc(3 * ip * sizeof *x),
                       *x2 = malloc(3 * ip * sizeof *x),
                       *y1 = malloc(3 * op * sizeof *x),
                       *ys = malloc(3 * op * sizeof *x),
                       *want = malloc(3 * op * sizeof *x);
                if (!x || !x2 || !y1 || !ys || !want) {
                    CU_FAIL("out of memory");
                    goto next;
                }
                fill_random(x, 3 * ip, dbl, 1);
                if (kind == GFP_C2R)
                    make_hermitian(x, n, 3);
                gfp_plan *p1 = make_plan(&cx, n, 3, kind, inv, dbl, 1.0, NULL,
                                         GFP_POST_NONE, 1);
                if (!p1)
                    goto next;
                memcpy(x2, x, 3 * ip * sizeof *x);
                (void)run_plan(&cx, p1, x2, 3, y1, 0);
                gfp_plan_destroy(p1);
                for (int si = 0; si < 3; si++) {
                    double s = scales[si];
                    gfp_plan *ps = make_plan(&cx, n, 3, kind, inv, dbl, s,
                                             NULL, GFP_POST_NONE, 1);
                    if (!ps)
                        continue;
                    memcpy(x2, x, 3 * ip * sizeof *x);
                    (void)run_plan(&cx, ps, x2, 3, ys, 0);
                    gfp_plan_destroy(ps);
                    for (size_t i = 0; i < 3 * op; i++)
                        want[i] = s * y1[i];
                    double e = tu_rel_l2(ys, want, 3 * op),
                           tol = 2 * tol_of(n, dbl);
                    TU_CHECK(e <= tol, "%s n=%zu dbl=%d scale %g: err %.3g",
                             kind_name(kind, inv), n, dbl, s, e);
                    if (kind == GFP_C2R)
                        continue;
                    /* POWER with a scale: |s X|^2. */
                    size_t bins = op / 2;
                    double *pw = malloc(3 * bins * sizeof *pw);
                    gfp_plan *pp = make_plan(&cx, n, 3, kind, inv, dbl, s,
                                             NULL, GFP_POST_POWER, 1);
                    if (pw && pp) {
                        memcpy(x2, x, 3 * ip * sizeof *x);
                        (void)run_plan(&cx, pp, x2, 3, pw, 0);
                        for (size_t b = 0; b < 3 * bins; b++)
                            want[b] = s * s * (y1[2 * b] * y1[2 * b] +
                                               y1[2 * b + 1] * y1[2 * b + 1]);
                        e = tu_rel_l2(pw, want, 3 * bins);
                        TU_CHECK(e <= 2 * tol, "%s n=%zu dbl=%d scale %g "
                                 "power: err %.3g", kind_name(kind, inv), n,
                                 dbl, s, e);
                    }
                    gfp_plan_destroy(pp);
                    free(pw);
                }
            next:
                free(x);
                free(x2);
                free(y1);
                free(ys);
                free(want);
            }
}

/* Every post-op against its formula applied (here, in double) to the
 * complex result of the same transform; the batched and per-frame paths. */
static void test_post_ops(void)
{
    tctx cx = main_cx();
    const gfp_post posts[] = {GFP_POST_MAG, GFP_POST_POWER, GFP_POST_DB,
                              GFP_POST_PHASE};
    for (size_t a = 0; a < NSMALL; a++)
        for (int dbl = 0; dbl < 2; dbl++)
            for (size_t k = 0; k < 3; k++) { /* not C2R */
                size_t n = small_ns[a];
                gfp_kind kind = kinds[k].kind;
                int inv = kinds[k].inverse;
                size_t ip = in_per(kind, n), op = out_per(kind, n, 0),
                       bins = op / 2;
                double *x = malloc(3 * ip * sizeof *x),
                       *x2 = malloc(3 * ip * sizeof *x),
                       *X = malloc(3 * op * sizeof *x),
                       *y = malloc(3 * bins * sizeof *x),
                       *g = malloc(3 * op * sizeof *x),
                       *want = malloc(3 * op * sizeof *x);
                gfp_plan *p0 = NULL;
                if (!x || !x2 || !X || !y || !g || !want) {
                    CU_FAIL("out of memory");
                    goto next;
                }
                /* frames of different amplitude */
                for (size_t f = 0; f < 3; f++)
                    fill_random(x + f * ip, ip, dbl, (double)(f + 1));
                p0 = make_plan(&cx, n, 3, kind, inv, dbl, 1.0, NULL,
                               GFP_POST_NONE, 1);
                if (!p0)
                    goto next;
                memcpy(x2, x, 3 * ip * sizeof *x);
                (void)run_plan(&cx, p0, x2, 3, X, 0);
                for (size_t pi = 0; pi < 4; pi++) {
                    /* batch 3 run with 3 (batched) and batch 4 run with 3
                     * (per frame) */
                    for (size_t batch = 3; batch <= 4; batch++) {
                        gfp_plan *pp = make_plan(&cx, n, batch, kind, inv, dbl,
                                                 1.0, NULL, posts[pi], 1);
                        if (!pp)
                            continue;
                        memcpy(x2, x, 3 * ip * sizeof *x);
                        (void)run_plan(&cx, pp, x2, 3, y, 0);
                        gfp_plan_destroy(pp);
                        double tol = 3 * tol_of(n, dbl), e = 0;
                        const char *what = "";
                        switch (posts[pi]) {
                        case GFP_POST_MAG:
                            what = "mag";
                            for (size_t b = 0; b < 3 * bins; b++)
                                want[b] = hypot(X[2 * b], X[2 * b + 1]);
                            e = tu_rel_l2(y, want, 3 * bins);
                            break;
                        case GFP_POST_POWER:
                            what = "power";
                            for (size_t b = 0; b < 3 * bins; b++)
                                want[b] = X[2 * b] * X[2 * b] +
                                          X[2 * b + 1] * X[2 * b + 1];
                            e = tu_rel_l2(y, want, 3 * bins);
                            break;
                        case GFP_POST_DB:
                            /* Compared as power, 10^(dB/10): well
                             * conditioned however small a bin is; the
                             * floor has its own test. */
                            what = "db";
                            for (size_t b = 0; b < 3 * bins; b++) {
                                double pw = X[2 * b] * X[2 * b] +
                                            X[2 * b + 1] * X[2 * b + 1];
                                want[b] = fmax(pw, GFP_DB_FLOOR_POWER);
                                g[b] = pow(10, y[b] / 10);
                            }
                            e = tu_rel_l2(g, want, 3 * bins);
                            break;
                        case GFP_POST_PHASE:
                            /* |X| e^(i phase) must give X back */
                            what = "phase";
                            for (size_t b = 0; b < 3 * bins; b++) {
                                double m = hypot(X[2 * b], X[2 * b + 1]);
                                g[2 * b] = m * cos(y[b]);
                                g[2 * b + 1] = m * sin(y[b]);
                            }
                            e = tu_rel_l2(g, X, 3 * op);
                            break;
                        default:
                            break;
                        }
                        TU_CHECK(e <= tol, "%s n=%zu dbl=%d batch %zu post "
                                 "%s: err %.3g > %.3g", kind_name(kind, inv),
                                 n, dbl, batch, what, e, tol);
                    }
                }
            next:
                gfp_plan_destroy(p0);
                free(x);
                free(x2);
                free(X);
                free(y);
                free(g);
                free(want);
            }
}

/* Phase and dB on spectra known in closed form: an impulse of amplitude a
 * at m has |X| = |a| and phase arg(a) - 2 pi m k / n (forward); an
 * all-zero frame and tiny impulses hit the dB floor of 1e-30. */
static void test_phase_and_db_exact(void)
{
    tctx cx = main_cx();
    const size_t ns[] = {1, 5, 8, 100, 1024};
    for (size_t a = 0; a < sizeof ns / sizeof *ns; a++)
        for (int dbl = 0; dbl < 2; dbl++) {
            size_t n = ns[a], m = n / 3;
            double ar = -0.6, ai = 0.8; /* arg = 2.2142974355881813 */
            double x[2 * 1024] = {0}, y[1024];
            x[2 * m] = ar;
            x[2 * m + 1] = ai;
            gfp_plan *p = make_plan(&cx, n, 1, GFP_C2C, 0, dbl, 1.0, NULL,
                                    GFP_POST_PHASE, 1);
            if (!p)
                continue;
            (void)run_plan(&cx, p, x, 1, y, 0);
            gfp_plan_destroy(p);
            double worst = 0;
            for (size_t k = 0; k < n; k++) {
                long double want = atan2l(ai, ar) -
                                   2 * PI_L * (long double)((m * k) % n) / n;
                long double d = remainderl((long double)y[k] - want, 2 * PI_L);
                worst = fmax(worst, (double)fabsl(d));
                if (!(y[k] >= -M_PI - 1e-6 && y[k] <= M_PI + 1e-6))
                    worst = INFINITY; /* atan2's range */
            }
            TU_CHECK(worst <= 10 * tol_of(n, dbl), "phase n=%zu dbl=%d: "
                     "worst %.3g rad", n, dbl, worst);
            /* dB: zeros -> -300; 1e-16 -> power 1e-32 -> floor -300;
             * 1e-10 -> power 1e-20 -> -200; 0.5 -> -6.0206 */
            const double amps[] = {0, 1e-16, 1e-10, 0.5};
            const double dbs[] = {-300, -300, -200, 20 * log10(0.5)};
            for (int i = 0; i < 4; i++) {
                memset(x, 0, sizeof x);
                x[2 * m] = amps[i];
                p = make_plan(&cx, n, 1, GFP_C2C, 0, dbl, 1.0, NULL,
                              GFP_POST_DB, 1);
                if (!p)
                    continue;
                (void)run_plan(&cx, p, x, 1, y, 0);
                gfp_plan_destroy(p);
                double w2 = 0;
                for (size_t k = 0; k < n; k++)
                    w2 = fmax(w2, fabs(y[k] - dbs[i]));
                if (!tu_all_finite(y, n))
                    w2 = INFINITY;
                TU_CHECK(w2 <= (dbl ? 1e-9 : 1e-3), "db n=%zu dbl=%d amp %g: "
                         "off by %.3g dB from %g", n, dbl, amps[i], w2, dbs[i]);
            }
        }
}

/* The window multiplies the input: same as transforming x*w without one.
 * The plan keeps its own copy of the window. */
static void test_window(void)
{
    tctx cx = main_cx();
    const size_t ns[] = {1, 5, 64, 1000};
    for (size_t a = 0; a < sizeof ns / sizeof *ns; a++)
        for (int dbl = 0; dbl < 2; dbl++)
            for (size_t k = 0; k < 3; k++) {
                size_t n = ns[a];
                gfp_kind kind = kinds[k].kind;
                int inv = kinds[k].inverse;
                size_t ip = in_per(kind, n), op = out_per(kind, n, 0),
                       nc = ip / n;
                double *w = malloc(n * sizeof *w), *x = malloc(3 * ip * 8),
                       *xw = malloc(3 * ip * 8), *y = malloc(3 * op * 8),
                       *want = malloc(3 * op * 8);
                if (!w || !x || !xw || !y || !want) {
                    CU_FAIL("out of memory");
                    goto next;
                }
                for (size_t i = 0; i < n; i++)
                    w[i] = tu_rand_range(0, 2);
                fill_random(x, 3 * ip, dbl, 1);
                for (size_t f = 0; f < 3; f++)
                    for (size_t i = 0; i < n; i++)
                        for (size_t c = 0; c < nc; c++) {
                            size_t at = f * ip + i * nc + c;
                            xw[at] = rnd(dbl, x[at] * rnd(dbl, w[i]));
                        }
                gfp_plan *pw = make_plan(&cx, n, 3, kind, inv, dbl, 1.0, w,
                                         GFP_POST_NONE, 1);
                gfp_plan *p0 = make_plan(&cx, n, 3, kind, inv, dbl, 1.0, NULL,
                                         GFP_POST_NONE, 1);
                for (size_t i = 0; i < n; i++)
                    w[i] = 0; /* the plan copied it */
                if (pw && p0) {
                    (void)run_plan(&cx, p0, xw, 3, want, 0);
                    (void)run_plan(&cx, pw, x, 3, y, 0);
                    double e = tu_rel_l2(y, want, 3 * op);
                    TU_CHECK(e <= 2 * tol_of(n, dbl), "%s n=%zu dbl=%d window: "
                             "err %.3g", kind_name(kind, inv), n, dbl, e);
                    /* and it is not a no-op */
                    fill_random(x, 3 * ip, dbl, 1);
                    memcpy(xw, x, 3 * ip * 8);
                    (void)run_plan(&cx, p0, xw, 3, want, 0);
                    (void)run_plan(&cx, pw, x, 3, y, 0);
                    if (n > 1)
                        TU_CHECK(tu_rel_l2(y, want, 3 * op) > 1e-3,
                                 "window had no effect");
                }
                gfp_plan_destroy(pw);
                gfp_plan_destroy(p0);
            next:
                free(w);
                free(x);
                free(xw);
                free(y);
                free(want);
            }
}

/* A NaN in frame 2 of 4 stays in frame 2: the other frames are finite and
 * equal to those of a clean run; frame 2 shows NaN, through dB too. */
static void test_nan_isolated(void)
{
    tctx cx = main_cx();
    const size_t ns[] = {8, 60, 1024};
    const gfp_post posts[] = {GFP_POST_NONE, GFP_POST_DB, GFP_POST_MAG};
    for (size_t a = 0; a < sizeof ns / sizeof *ns; a++)
        for (int dbl = 0; dbl < 2; dbl++)
            for (size_t k = 0; k < NKINDS; k++)
                for (size_t pi = 0; pi < 3; pi++)
                    for (size_t batch = 4; batch <= 5; batch++) {
                        size_t n = ns[a];
                        gfp_kind kind = kinds[k].kind;
                        int inv = kinds[k].inverse;
                        if (kind == GFP_C2R && posts[pi] != GFP_POST_NONE)
                            continue;
                        size_t ip = in_per(kind, n),
                               op = out_per(kind, n, posts[pi]);
                        double *x = malloc(4 * ip * 8), *x2 = malloc(4 * ip * 8),
                               *y = malloc(4 * op * 8), *yc = malloc(4 * op * 8);
                        gfp_plan *p = make_plan(&cx, n, batch, kind, inv, dbl,
                                                1.0, NULL, posts[pi], 1);
                        if (!x || !x2 || !y || !yc || !p) {
                            TU_CHECK(0, "setup n=%zu", n);
                            goto next;
                        }
                        fill_random(x, 4 * ip, dbl, 1);
                        if (kind == GFP_C2R)
                            make_hermitian(x, n, 4);
                        memcpy(x2, x, 4 * ip * 8);
                        (void)run_plan(&cx, p, x2, 4, yc, 0);
                        memcpy(x2, x, 4 * ip * 8);
                        x2[2 * ip + 2 * (n / 3)] = NAN;
                        (void)run_plan(&cx, p, x2, 4, y, 0);
                        int others_ok = 1;
                        for (size_t f = 0; f < 4; f++) {
                            if (f == 2)
                                continue;
                            if (!tu_all_finite(y + f * op, op) ||
                                tu_rel_l2(y + f * op, yc + f * op, op) >
                                    tol_of(n, dbl))
                                others_ok = 0;
                        }
                        TU_CHECK(others_ok, "%s n=%zu dbl=%d post %d batch "
                                 "%zu: NaN leaked out of its frame",
                                 kind_name(kind, inv), n, dbl, (int)posts[pi],
                                 batch);
                        TU_CHECK(!tu_all_finite(y + 2 * op, op),
                                 "%s n=%zu dbl=%d post %d: the NaN vanished",
                                 kind_name(kind, inv), n, dbl, (int)posts[pi]);
                    next:
                        gfp_plan_destroy(p);
                        free(x);
                        free(x2);
                        free(y);
                        free(yc);
                    }
}

/* ---- interface ----------------------------------------------------------- */

static void test_plan_sizes(void)
{
    for (size_t n = 1; n <= 9; n++)
        for (size_t k = 0; k < NKINDS; k++)
            for (int post = 0; post <= GFP_POST_PHASE; post++) {
                gfp_plan_desc d = {.n = n, .batch = 1, .kind = kinds[k].kind,
                                   .inverse = kinds[k].inverse, .scale = 1.0,
                                   .post = (gfp_post)post};
                TU_CHECK(gfp_plan_in_scalars(&d) == in_per(d.kind, n),
                         "in scalars n=%zu kind %d", n, d.kind);
                if (d.kind == GFP_C2R && post)
                    continue;
                TU_CHECK(gfp_plan_out_scalars(&d) ==
                             out_per(d.kind, n, (gfp_post)post),
                         "out scalars n=%zu kind %d post %d", n, d.kind, post);
            }
}

static void test_errors(void)
{
    gfp_engine_opts o = {0};
    o.quick_plans = 1;
    o.quiet_notes = 1;
    gfp_engine *e = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_engine_open("bogus", &o, "test", &e, &err) == GFP_EINVAL &&
                 !e, "unknown engine accepted");
#ifndef GFP_HAVE_CUDA
    err = (gfp_error){0};
    TU_CHECK(gfp_engine_open("gpu", &o, "test", &e, &err) == GFP_EDEVICE &&
                 !e, "gpu without CUDA: want EDEVICE");
#endif
    err = (gfp_error){0};
    TU_CHECK(gfp_engine_open("auto", &o, "test", &e, &err) == GFP_OK && e,
             "auto engine: %s", err.msg);
    gfp_engine_close(e);
    gfp_engine_close(NULL);

    double w[4] = {1, 1, 1, 1};
    const struct { gfp_plan_desc d; int nslots; const char *what; } bad[] = {
#define D(n_, b_, k_, inv_, w_, post_)                                      \
    {.n = n_, .batch = b_, .kind = k_, .inverse = inv_, .scale = 1.0,      \
     .window = w_, .post = post_}
        {D(0, 1, GFP_C2C, 0, NULL, 0), 1, "n = 0"},
        {D(8, 0, GFP_C2C, 0, NULL, 0), 1, "batch = 0"},
        {D(8, 1, GFP_C2C, 0, NULL, 0), 0, "no slots"},
        {D(4, 1, GFP_C2R, 1, w, 0), 1, "c2r with a window"},
        {D(8, 1, GFP_C2R, 1, NULL, GFP_POST_MAG), 1, "c2r with a post"},
#undef D
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gfp_plan *p = (gfp_plan *)&o;
        err = (gfp_error){0};
        gfp_status st = gfp_plan_create(eng, &bad[i].d, bad[i].nslots, &p,
                                        &err);
        TU_CHECK(st == GFP_EINVAL && p == NULL && err.msg[0],
                 "plan with %s: status %d", bad[i].what, st);
    }
    gfp_plan_destroy(NULL);

    tctx cx = main_cx();
    gfp_plan *p = make_plan(&cx, 8, 2, GFP_C2C, 0, 0, 1.0, NULL,
                            GFP_POST_NONE, 2);
    if (!p)
        return;
    float *in = eng->ops->alloc_host(eng->state, 3 * 16 * sizeof(float));
    float *out = eng->ops->alloc_host(eng->state, 3 * 16 * sizeof(float));
    if (in && out) {
        for (int i = 0; i < 48; i++) {
            in[i] = (float)i;
            out[i] = -7;
        }
        err = (gfp_error){0};
        TU_CHECK(gfp_plan_submit(p, 0, in, out, 3, &err) == GFP_EINVAL,
                 "3 frames on a plan of 2");
        err = (gfp_error){0};
        TU_CHECK(gfp_plan_submit(p, 2, in, out, 1, &err) == GFP_EINVAL,
                 "slot 2 of 2");
        err = (gfp_error){0};
        TU_CHECK(gfp_plan_submit(p, -1, in, out, 1, &err) == GFP_EINVAL,
                 "slot -1");
        err = (gfp_error){0};
        TU_CHECK(gfp_plan_execute(p, in, out, 0, &err) == GFP_OK &&
                     out[0] == -7, "0 frames: status or output changed");
    }
    eng->ops->free_host(eng->state, in);
    eng->ops->free_host(eng->state, out);
    gfp_plan_destroy(p);
}

/* Two slots in flight with a post-op (per-slot scratch): each slot's
 * output matches a run of its own. */
/* Filter plans (forward -> multiply -> inverse, convolve's one-partition
 * path) against circular convolutions in long double: lengths 1 to 2048
 * (primes, odd, powers of two), real and complex, both precisions, one
 * spectrum and three (frame f of a submit uses f % 3), a short last
 * batch and two slots. Then the refusals. */
static void test_filter(void)
{
    static const size_t ns[] = {1, 2, 3, 8, 97, 256, 1000, 2048};
    char msg[GFP_ERRLEN] = "";
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
        for (int cx = 0; cx < 2; cx++)
            for (int dbl = 0; dbl < 2; dbl++)
                for (size_t nf = 1; nf <= 3; nf += 2) {
                    double e = tu_filter_err(eng, eng, cx ? GFP_C2C : GFP_R2C,
                                             dbl, ns[i], nf, 7, msg,
                                             sizeof msg);
                    double tol = dbl ? 1e-13 : 2e-6;
                    TU_CHECK(e >= 0 && e <= tol, "filter n %zu %s %s, %zu "
                             "spectra: error %g (tolerance %g) %s", ns[i],
                             cx ? "c2c" : "r2c", dbl ? "f64" : "f32", nf, e,
                             tol, msg);
                }
    float spec[2 * 5] = {1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
    gfp_plan_desc bad[] = {
        {.n = 8, .batch = 1, .kind = GFP_C2R, .scale = 1, .filter = spec,
         .nfilter = 1},
        {.n = 8, .batch = 1, .kind = GFP_R2C, .inverse = 1, .scale = 1,
         .filter = spec, .nfilter = 1},
        {.n = 8, .batch = 1, .kind = GFP_R2C, .scale = 1, .filter = spec,
         .nfilter = 0},
        {.n = 8, .batch = 1, .kind = GFP_R2C, .scale = 1, .filter = spec,
         .nfilter = 1, .post = GFP_POST_MAG},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gfp_plan *p = NULL;
        gfp_error err = {0};
        TU_CHECK(gfp_plan_create(eng, &bad[i], 1, &p, &err) == GFP_EINVAL &&
                 !p && strstr(err.msg, "filter"),
                 "bad filter plan %zu refused: '%s'", i, err.msg);
        gfp_plan_destroy(p);
    }
    /* the identity filter: the frames come back, to rounding */
    gfp_plan_desc d = {.n = 8, .batch = 1, .kind = GFP_R2C, .scale = 0.125,
                       .filter = spec, .nfilter = 1};
    double x[8] = {1, -2, 3, -4, 5, -6, 7, -8}, y[8];
    TU_CHECK(gfp_plan_out_scalars(&d) == 8, "a real filter plan gives n "
             "reals per frame");
    TU_CHECK(tu_run_plan(eng, &d, 1, 0, x, y, msg, sizeof msg) == GFP_OK &&
             tu_rel_l2(y, x, 8) < 1e-6, "identity filter: %s", msg);
    /* out_skip: only each frame's tail comes out */
    tu_check_filter_skip(eng, 0);
}

static void test_slots(void)
{
    tctx cx = main_cx();
    for (int dbl = 0; dbl < 2; dbl++) {
        size_t n = 48, ip = 2 * n, ws = dbl ? 8 : 4;
        gfp_plan *p = make_plan(&cx, n, 2, GFP_C2C, 0, dbl, 1.0, NULL,
                                GFP_POST_MAG, 2);
        if (!p)
            continue;
        double x[2][2 * 96], ref[2][2 * 48], got[2][2 * 48];
        for (int s = 0; s < 2; s++) {
            fill_random(x[s], 2 * ip, dbl, s + 1.0);
            double tmp[2 * 96];
            memcpy(tmp, x[s], sizeof tmp);
            (void)run_plan(&cx, p, tmp, 2, ref[s], 0);
        }
        void *bi[2], *bo[2];
        for (int s = 0; s < 2; s++) {
            bi[s] = eng->ops->alloc_host(eng->state, 2 * ip * ws);
            bo[s] = eng->ops->alloc_host(eng->state, 2 * n * ws);
            for (size_t i = 0; i < 2 * ip && bi[s]; i++) {
                if (dbl)
                    ((double *)bi[s])[i] = x[s][i];
                else
                    ((float *)bi[s])[i] = (float)x[s][i];
            }
        }
        gfp_error err = {0};
        if (bi[0] && bi[1] && bo[0] && bo[1]) {
            TU_CHECK(gfp_plan_submit(p, 0, bi[0], bo[0], 2, &err) == GFP_OK &&
                         gfp_plan_submit(p, 1, bi[1], bo[1], 2, &err) ==
                             GFP_OK &&
                         gfp_plan_wait(p, 1, &err) == GFP_OK &&
                         gfp_plan_wait(p, 0, &err) == GFP_OK,
                     "two slots: %s", err.msg);
            for (int s = 0; s < 2; s++) {
                for (size_t i = 0; i < 2 * n; i++)
                    got[s][i] = dbl ? ((double *)bo[s])[i]
                                    : ((float *)bo[s])[i];
                TU_CHECK(tu_rel_l2(got[s], ref[s], 2 * n) <= tol_of(n, dbl),
                         "slot %d dbl=%d differs from a run of its own", s,
                         dbl);
            }
        }
        for (int s = 0; s < 2; s++) {
            eng->ops->free_host(eng->state, bi[s]);
            eng->ops->free_host(eng->state, bo[s]);
        }
        gfp_plan_destroy(p);
    }
}

/* --threads 2 computes the same transform. */
static void test_threads(void)
{
    gfp_engine_opts o = {0};
    o.threads = 2;
    o.quick_plans = 1;
    o.quiet_notes = 1;
    gfp_engine *e2 = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_engine_open("cpu", &o, "test", &e2, &err) == GFP_OK,
             "open with 2 threads: %s", err.msg);
    if (!e2)
        return;
    tctx c1 = main_cx(), c2 = main_cx();
    c2.eng = e2;
    for (int dbl = 0; dbl < 2; dbl++) {
        size_t n = 4096, nf = 8;
        double *x = malloc(2 * n * nf * 8), *x2 = malloc(2 * n * nf * 8),
               *y1 = malloc((n + 2) * nf * 8), *y2 = malloc((n + 2) * nf * 8);
        gfp_plan *p1 = make_plan(&c1, n, nf, GFP_R2C, 0, dbl, 1.0, NULL,
                                 GFP_POST_NONE, 1);
        gfp_plan *p2 = make_plan(&c2, n, nf, GFP_R2C, 0, dbl, 1.0, NULL,
                                 GFP_POST_NONE, 1);
        if (x && x2 && y1 && y2 && p1 && p2) {
            fill_random(x, n * nf, dbl, 1);
            memcpy(x2, x, n * nf * 8);
            (void)run_plan(&c1, p1, x, nf, y1, 0);
            (void)run_plan(&c2, p2, x2, nf, y2, 0);
            size_t no = (n / 2 + 1) * 2 * nf;
            TU_CHECK(tu_rel_l2(y2, y1, no) <= tol_of(n, dbl),
                     "2 threads dbl=%d differ", dbl);
        }
        gfp_plan_destroy(p1);
        gfp_plan_destroy(p2);
        free(x);
        free(x2);
        free(y1);
        free(y2);
    }
    gfp_engine_close(e2);
}


/* Spans cut by the CPU engine (tu_check_spans). */
static void test_span(void) { tu_check_spans(eng); }

int main(void)
{
    if (tu_init())
        return 99;
    gfp_engine_opts o = {0};
    o.threads = 1;
    o.quick_plans = 1;
    o.quiet_notes = 1;
    gfp_error err = {0};
    if (gfp_engine_open("cpu", &o, "test", &eng, &err) != GFP_OK) {
        fprintf(stderr, "cannot open the cpu engine: %s\n", err.msg);
        CU_cleanup_registry();
        return 99;
    }
    tu_suite("cpu engine: interface");
    TU_TEST(test_plan_sizes);
    TU_TEST(test_errors);
    TU_TEST(test_slots);
    TU_TEST(test_threads);
    TU_TEST(test_filter);
    tu_suite("cpu engine: scale, post-ops, window, NaN");
    TU_TEST(test_scale);
    TU_TEST(test_post_ops);
    TU_TEST(test_phase_and_db_exact);
    TU_TEST(test_window);
    TU_TEST(test_nan_isolated);
    TU_TEST(test_span);
    tu_suite("cpu engine: FFTW-style checks, every N to 4096 and larger");
    TU_TEST(test_sweep);
    int rc = tu_run();
    gfp_engine_close(eng);
    return rc;
}
