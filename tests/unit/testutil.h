/* testutil.h - helpers shared by the CUnit programs under tests/unit: a
 * seeded PRNG (the seed is printed when anything fails), error norms,
 * assertions with formatted messages, and the runner boilerplate.
 * Header only: each test program is one translation unit. */
#ifndef GFP_TESTUTIL_H
#define GFP_TESTUTIL_H

#include <CUnit/Basic.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- runner state ------------------------------------------------------ */

/* xoshiro256** state: one per thread that draws numbers. */
typedef struct tu_rng {
    uint64_t s[4];
} tu_rng;

typedef struct tu_state {
    CU_pSuite suite;      /* the suite tests are being added to */
    int setup_failed;     /* a CU_add_suite/CU_add_test failed */
    uint64_t seed;        /* the PRNG seed of this run */
    tu_rng rng;           /* the main thread's generator */
} tu_state;

static tu_state tu;

/* ---- PRNG: xoshiro256**, seeded through splitmix64 ------------------- */

static inline uint64_t tu_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline void tu_rng_seed(tu_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = tu_splitmix64(&x);
}

static inline uint64_t tu_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t tu_rng_u64(tu_rng *r)
{
    uint64_t *s = r->s;
    uint64_t v = tu_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = tu_rotl(s[3], 45);
    return v;
}

/* Uniform in [lo, hi) with 53 random bits. */
static inline double tu_rng_range(tu_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(tu_rng_u64(r) >> 11) * 0x1p-53);
}

static inline uint64_t tu_rand_u64(void)
{
    return tu_rng_u64(&tu.rng);
}

/* Uniform in [0, 1) with 53 random bits. */
static inline double tu_rand01(void)
{
    return (double)(tu_rand_u64() >> 11) * 0x1p-53;
}

/* Uniform in [lo, hi). */
static inline double tu_rand_range(double lo, double hi)
{
    return lo + (hi - lo) * tu_rand01();
}

/* Uniform integer in [0, n), n > 0 (modulo bias is irrelevant here). */
static inline uint64_t tu_rand_below(uint64_t n)
{
    return tu_rand_u64() % n;
}

/* ---- error norms ----------------------------------------------------- */

/* ||got - ref||_2 / ||ref||_2 over n values; when ref is all zeros,
 * ||got||_2 instead. NaN anywhere gives NaN, which fails any `<= tol`. */
static inline double tu_rel_l2(const double *got, const double *ref, size_t n)
{
    long double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        long double d = (long double)got[i] - ref[i];
        num += d * d;
        den += (long double)ref[i] * ref[i];
    }
    if (den == 0)
        return (double)sqrtl(num);
    return (double)sqrtl(num / den);
}

static inline double tu_rel_l2_ld(const double *got, const long double *ref,
                                  size_t n)
{
    long double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        long double d = (long double)got[i] - ref[i];
        num += d * d;
        den += ref[i] * ref[i];
    }
    if (den == 0)
        return (double)sqrtl(num);
    return (double)sqrtl(num / den);
}

static inline int tu_all_finite(const double *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(x[i]))
            return 0;
    return 1;
}

/* ---- assertions ------------------------------------------------------ */

/* Like CU_ASSERT, with a printf-style message (CUnit copies it). */
#define TU_CHECK(cond, ...) \
    tu_check_((cond) ? 1 : 0, __LINE__, __FILE__, __func__, __VA_ARGS__)

static inline void tu_check_(int ok, int line, const char *file,
                             const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static inline void tu_check_(int ok, int line, const char *file,
                             const char *fn, const char *fmt, ...)
{
    if (ok) {
        CU_assertImplementation(CU_TRUE, (unsigned)line, "", file, fn,
                                CU_FALSE);
        return;
    }
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    CU_assertImplementation(CU_FALSE, (unsigned)line, msg, file, fn,
                            CU_FALSE);
}

/* ---- runner ---------------------------------------------------------- */

/* Sets up the registry and the PRNG. The seed comes from GFP_TEST_SEED
 * when set, else a fixed default so CI runs are reproducible. */
static inline int tu_init(void)
{
    const char *env = getenv("GFP_TEST_SEED");
    tu.seed = env && *env ? strtoull(env, NULL, 0) : 20240601ull;
    tu_rng_seed(&tu.rng, tu.seed);
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "CUnit registry setup failed: %s\n",
                CU_get_error_msg());
        return -1;
    }
    return 0;
}

static inline void tu_suite(const char *name)
{
    tu.suite = CU_add_suite(name, NULL, NULL);
    if (!tu.suite) {
        fprintf(stderr, "CU_add_suite(%s) failed: %s\n", name,
                CU_get_error_msg());
        tu.setup_failed = 1;
    }
}

/* GFP_TEST_ONLY=NAME registers only the test of that name (a run of one
 * test by hand, e.g. on the GPU machine) */
#define TU_TEST(fn) tu_test_(#fn, fn)
static inline void tu_test_(const char *name, CU_TestFunc fn)
{
    const char *only = getenv("GFP_TEST_ONLY");
    if (only && *only && strcmp(only, name) != 0)
        return;
    if (!tu.suite || !CU_add_test(tu.suite, name, fn)) {
        fprintf(stderr, "CU_add_test(%s) failed: %s\n", name,
                CU_get_error_msg());
        tu.setup_failed = 1;
    }
}

/* Runs the registry with the basic interface (which prints CUnit's
 * summary) and returns the exit status: 0 all passed, 1 a failure, 99
 * (automake's hard error) when the registry could not be set up. */
static inline int tu_run(void)
{
    if (tu.setup_failed || CU_get_error() != CUE_SUCCESS) {
        fprintf(stderr, "CUnit registry setup failed: %s\n",
                CU_get_error_msg());
        CU_cleanup_registry();
        return 99;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_ErrorCode rc = CU_basic_run_tests();
    unsigned failed_asserts = CU_get_number_of_failures();
    unsigned failed_tests = CU_get_number_of_tests_failed();
    unsigned failed_suites = CU_get_number_of_suites_failed();
    unsigned asserts = CU_get_number_of_asserts();
    int bad = rc != CUE_SUCCESS || failed_asserts || failed_tests ||
              failed_suites || asserts == 0;
    printf("\n%s: %u assertions, %u failed; PRNG seed %llu "
           "(GFP_TEST_SEED=%llu reproduces this run)\n",
           bad ? "FAIL" : "PASS", asserts, failed_asserts,
           (unsigned long long)tu.seed, (unsigned long long)tu.seed);
    if (rc != CUE_SUCCESS)
        fprintf(stderr, "CUnit run error: %s\n", CU_get_error_msg());
    CU_cleanup_registry();
    return bad ? 1 : 0;
}


/* Runs d0 on engine e over nframes frames of in (doubles, converted to the
 * plan's precision); the result as doubles in out. The plan's batch is
 * nframes + slack, so the submits are short ones; the frames go in two
 * parts on two slots (two streams running the same plan on a GPU). Outputs
 * are poisoned with NaN first so unwritten elements show. Returns 0, else
 * the status with its message in msg (ENOTSUP: no kernel for it). Shared
 * by the GPU suites. */
static inline gfp_status tu_run_plan(gfp_engine *e, const gfp_plan_desc *d0,
                                     size_t nframes, size_t slack,
                                     const double *in, double *out,
                                     char *msg, size_t mlen)
{
    gfp_plan_desc d = *d0;
    d.batch = nframes + slack; /* a short last batch */
    gfp_plan *p = NULL;
    gfp_error err = {0};
    size_t ni = gfp_plan_in_scalars(&d) * nframes;
    size_t no = gfp_plan_out_scalars(&d) * nframes;
    size_t sc = d.dbl ? 8 : 4;
    gfp_status st = gfp_plan_create(e, &d, 2, &p, &err);
    if (st) {
        snprintf(msg, mlen, "%s", err.msg);
        return st;
    }
    void *hi = e->ops->alloc_host(e->state, ni * sc);
    void *ho = e->ops->alloc_host(e->state, no * sc);
    if (!hi || !ho) {
        st = GFP_ENOMEM;
        snprintf(msg, mlen, "host allocation failed");
        goto done;
    }
    for (size_t i = 0; i < ni; i++) {
        if (d.dbl) ((double *)hi)[i] = in[i];
        else ((float *)hi)[i] = (float)in[i];
    }
    for (size_t i = 0; i < no; i++) {
        if (d.dbl) ((double *)ho)[i] = NAN;
        else ((float *)ho)[i] = NAN;
    }
    /* Two parts on two slots (two streams running the same plan). */
    size_t h = nframes / 2;
    size_t isz = gfp_plan_in_scalars(&d) * sc;
    size_t osz = gfp_plan_out_scalars(&d) * sc;
    if ((h && (st = gfp_plan_submit(p, 0, hi, ho, h, &err))) ||
        (st = gfp_plan_submit(p, 1, (char *)hi + h * isz,
                              (char *)ho + h * osz, nframes - h, &err)) ||
        (st = gfp_plan_wait(p, 0, &err)) || (st = gfp_plan_wait(p, 1, &err))) {
        snprintf(msg, mlen, "%s", err.msg);
        goto done;
    }
    for (size_t i = 0; i < no; i++)
        out[i] = d.dbl ? ((double *)ho)[i] : ((float *)ho)[i];
done:
    if (hi) e->ops->free_host(e->state, hi);
    if (ho) e->ops->free_host(e->state, ho);
    gfp_plan_destroy(p);
    return st;
}

/* A plan that cuts its frames from a span (in_hop) against the same plan
 * fed frames cut here: f32 R2C, a window, `post`; nframes on slot 0 (a
 * batch of `batch`). Returns the number of output values that differ in
 * any bit (the engine gets the same frames, so none should), or -1 with
 * msg when a plan or buffer could not be made. */
static inline long tu_span_vs_frames(gfp_engine *e, size_t n, size_t hop,
                                     size_t nframes, size_t batch,
                                     gfp_post post, char *msg, size_t mlen)
{
    gfp_plan_desc d = {.n = n, .batch = batch, .kind = GFP_R2C,
                       .scale = 0.5, .post = post};
    double *win = malloc(n * sizeof *win);
    gfp_window hann = {.kind = GFP_WIN_HANN};
    gfp_plan *pf = NULL, *ps = NULL;
    gfp_error err = {0};
    size_t span = (nframes - 1) * hop + n;
    size_t no = nframes * gfp_plan_out_scalars(&d);
    float *hs = NULL, *hf = NULL, *of = NULL, *os = NULL;
    long diff = -1;
    if (!win) {
        snprintf(msg, mlen, "out of memory");
        return -1;
    }
    gfp_window_fill(&hann, n, win);
    d.window = win;
    if (gfp_plan_create(e, &d, 1, &pf, &err)) {
        snprintf(msg, mlen, "frames plan: %.200s", err.msg);
        goto done;
    }
    d.in_hop = hop;
    if (gfp_plan_create(e, &d, 1, &ps, &err)) {
        snprintf(msg, mlen, "span plan: %.200s", err.msg);
        goto done;
    }
    hs = e->ops->alloc_host(e->state, span * sizeof(float));
    hf = e->ops->alloc_host(e->state, nframes * n * sizeof(float));
    of = e->ops->alloc_host(e->state, no * sizeof(float));
    os = e->ops->alloc_host(e->state, no * sizeof(float));
    if (!hs || !hf || !of || !os) {
        snprintf(msg, mlen, "host allocation failed");
        goto done;
    }
    for (size_t i = 0; i < span; i++)
        hs[i] = (float)tu_rand_range(-1, 1);
    for (size_t f = 0; f < nframes; f++)
        memcpy(hf + f * n, hs + f * hop, n * sizeof(float));
    for (size_t i = 0; i < no; i++)
        of[i] = os[i] = NAN;
    if (gfp_plan_execute(pf, hf, of, nframes, &err) ||
        gfp_plan_execute(ps, hs, os, nframes, &err)) {
        snprintf(msg, mlen, "%.200s", err.msg);
        goto done;
    }
    diff = 0;
    for (size_t i = 0; i < no; i++)
        diff += memcmp(&of[i], &os[i], sizeof(float)) != 0;
done:
    if (hs) e->ops->free_host(e->state, hs);
    if (hf) e->ops->free_host(e->state, hf);
    if (of) e->ops->free_host(e->state, of);
    if (os) e->ops->free_host(e->state, os);
    gfp_plan_destroy(pf);
    gfp_plan_destroy(ps);
    free(win);
    return diff;
}

/* Frames cut by engine eng from a span (plan in_hop): the same bits as
 * the frames cut by the caller (tu_span_vs_frames); hop 1, n/4, odd, n; full and short
 * batches; power and complex output. A hop above n is refused. */
static inline void tu_check_spans(gfp_engine *eng)
{
    static const struct { size_t n, hop, nframes, batch; gfp_post post; } c[] = {
        {2048, 512, 300, 300, GFP_POST_POWER}, {2048, 512, 77, 300, GFP_POST_POWER},
        {256, 1, 1000, 1000, GFP_POST_NONE}, {1000, 333, 40, 64, GFP_POST_POWER},
        {64, 64, 500, 500, GFP_POST_NONE}, {4096, 1024, 1, 8, GFP_POST_POWER},
    };
    char msg[256] = "";
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        long d = tu_span_vs_frames(eng, c[i].n, c[i].hop, c[i].nframes,
                                   c[i].batch, c[i].post, msg, sizeof msg);
        TU_CHECK(d == 0, "n %zu hop %zu, %zu of batch %zu: %ld values "
                 "differ %s", c[i].n, c[i].hop, c[i].nframes, c[i].batch, d,
                 d < 0 ? msg : "");
    }
    gfp_plan_desc bad = {.n = 64, .batch = 4, .kind = GFP_R2C, .scale = 1,
                         .in_hop = 65};
    gfp_plan *p = NULL;
    gfp_error err = {0};
    TU_CHECK(gfp_plan_create(eng, &bad, 1, &p, &err) == GFP_ENOTSUP,
             "a hop above n: %s", err.msg);
    gfp_plan_destroy(p);
    bad.in_hop = 16;
    bad.kind = GFP_C2C;
    memset(&err, 0, sizeof err);
    TU_CHECK(gfp_plan_create(eng, &bad, 1, &p, &err) == GFP_ENOTSUP,
             "a span for C2C: %s", err.msg);
    gfp_plan_destroy(p);
}

/* A filter plan (gfp_plan_desc.filter: forward -> multiply -> inverse) on
 * engine e, nframes of length n with nfilter spectra, against the circular
 * convolution of each frame with its filter's taps in long double. The
 * spectra are the taps' DFT by the engine `ref` (FFTW in double). Frames
 * run as tu_run_plan runs them, in two submits: frame f of the second
 * (from nframes/2) uses spectrum (f - nframes/2) % nfilter. Returns the
 * worst relative L2 error over the frames, or -1 with msg. */
static inline double tu_filter_err(gfp_engine *e, gfp_engine *ref,
                                   gfp_kind kind, int dbl, size_t n,
                                   size_t nfilter, size_t nframes,
                                   char *msg, size_t mlen)
{
    int cx = kind == GFP_C2C;
    size_t w = cx ? 2 : 1, bins = cx ? n : n / 2 + 1, ts = n * w;
    double *h = malloc(nfilter * ts * sizeof *h);
    double *x = malloc(nframes * ts * sizeof *x);
    double *y = malloc(nframes * ts * sizeof *y);
    double *H = malloc(nfilter * 2 * bins * sizeof *H);
    void *Hs = malloc(nfilter * 2 * bins * (dbl ? 8 : 4));
    double worst = -1;
    if (!h || !x || !y || !H || !Hs) {
        snprintf(msg, mlen, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < nfilter * ts; i++)
        h[i] = tu_rand_range(-1, 1);
    for (size_t i = 0; i < nframes * ts; i++)
        x[i] = tu_rand_range(-1, 1);
    gfp_plan_desc fd = {.n = n, .batch = nfilter, .kind = kind, .dbl = 1,
                        .scale = 1};
    if (tu_run_plan(ref, &fd, nfilter, 0, h, H, msg, mlen))
        goto done;
    for (size_t i = 0; i < nfilter * 2 * bins; i++) {
        if (dbl) ((double *)Hs)[i] = H[i];
        else ((float *)Hs)[i] = (float)H[i];
    }
    gfp_plan_desc d = {.n = n, .kind = kind, .dbl = dbl,
                       .scale = 1.0 / (double)n, .filter = Hs,
                       .nfilter = nfilter};
    if (tu_run_plan(e, &d, nframes, 1, x, y, msg, mlen))
        goto done;
    worst = 0;
    for (size_t f = 0; f < nframes; f++) {
        size_t fi = f < nframes / 2 ? f : f - nframes / 2;
        const double *hf = h + (fi % nfilter) * ts, *xf = x + f * ts;
        long double num = 0, den = 0;
        for (size_t t = 0; t < n; t++) {
            long double re = 0, im = 0;
            for (size_t j = 0; j < n; j++) {
                size_t m = (t + n - j) % n;
                if (cx) {
                    long double ar = xf[2 * j], ai = xf[2 * j + 1];
                    long double br = hf[2 * m], bi = hf[2 * m + 1];
                    re += ar * br - ai * bi;
                    im += ar * bi + ai * br;
                } else {
                    re += (long double)xf[j] * hf[m];
                }
            }
            const double *yf = y + f * ts + t * w;
            num += (yf[0] - re) * (yf[0] - re);
            den += re * re;
            if (cx) {
                num += (yf[1] - im) * (yf[1] - im);
                den += im * im;
            }
        }
        double e1 = den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
        if (!(e1 <= worst))
            worst = e1;
    }
done:
    free(h);
    free(x);
    free(y);
    free(H);
    free(Hs);
    return worst;
}

/* A filter plan with out_skip gives the last n - out_skip items of every
 * frame, packed, equal to the tail of the same plan's whole output (two
 * submits on two slots, as tu_run_plan runs them); out_skip >= n and
 * out_skip without a filter are refused. */
static inline void tu_check_filter_skip(gfp_engine *e, size_t big)
{
    const size_t ns[] = {8, 1000, 4096, big};
    char msg[GFP_ERRLEN] = "";
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++) {
        size_t n = ns[i];
        if (!n)
            continue;
        for (int cx = 0; cx < 2; cx++)
            for (int dbl = 0; dbl < 2; dbl++) {
                size_t w = cx ? 2 : 1, ts = n * w, bins = cx ? n : n / 2 + 1;
                size_t nfr = 3, skips[] = {1, n / 3 + 1, n - 1};
                double *x = malloc(nfr * ts * sizeof *x);
                double *full = malloc(nfr * ts * sizeof *full);
                double *y = malloc(nfr * ts * sizeof *y);
                void *H = malloc(2 * 2 * bins * (dbl ? 8 : 4));
                if (!x || !full || !y || !H) {
                    TU_CHECK(0, "out of memory");
                    free(x), free(full), free(y), free(H);
                    return;
                }
                for (size_t k = 0; k < nfr * ts; k++)
                    x[k] = tu_rand_range(-1, 1);
                for (size_t k = 0; k < 2 * 2 * bins; k++) {
                    double v = tu_rand_range(-1, 1);
                    if (dbl) ((double *)H)[k] = v;
                    else ((float *)H)[k] = (float)v;
                }
                gfp_plan_desc d = {.n = n, .kind = cx ? GFP_C2C : GFP_R2C,
                                   .dbl = dbl, .scale = 1.0 / (double)n,
                                   .filter = H, .nfilter = 2};
                gfp_status st = tu_run_plan(e, &d, nfr, 0, x, full, msg,
                                            sizeof msg);
                TU_CHECK(!st, "filter n %zu: %s", n, msg);
                for (size_t j = 0; j < 3 && !st; j++) {
                    d.out_skip = skips[j];
                    size_t os = (n - d.out_skip) * w;
                    TU_CHECK(gfp_plan_out_scalars(&d) == os, "out_skip %zu "
                             "of %zu: %zu scalars a frame", d.out_skip, n,
                             gfp_plan_out_scalars(&d));
                    st = tu_run_plan(e, &d, nfr, 0, x, y, msg, sizeof msg);
                    double worst = st ? -1 : 0;
                    for (size_t f = 0; f < nfr && !st; f++) {
                        double r = tu_rel_l2(y + f * os,
                                             full + f * ts + d.out_skip * w,
                                             os);
                        if (!(r <= worst))
                            worst = r;
                    }
                    TU_CHECK(!st && worst >= 0 && worst <= 1e-12,
                             "filter n %zu %s %s out_skip %zu: the tails "
                             "differ by %g %s", n, cx ? "c2c" : "r2c",
                             dbl ? "f64" : "f32", d.out_skip, worst, msg);
                }
                d.out_skip = n;
                gfp_plan *p = NULL;
                gfp_error err = {0};
                TU_CHECK(gfp_plan_create(e, &d, 1, &p, &err) == GFP_EINVAL &&
                         !p, "out_skip n refused: '%s'", err.msg);
                gfp_plan_destroy(p);
                gfp_plan_desc nf = {.n = n, .batch = 1, .kind = GFP_C2C,
                                    .scale = 1, .out_skip = 1};
                memset(&err, 0, sizeof err);
                TU_CHECK(gfp_plan_create(e, &nf, 1, &p, &err) == GFP_EINVAL &&
                         !p, "out_skip without a filter refused: '%s'",
                         err.msg);
                gfp_plan_destroy(p);
                free(x), free(full), free(y), free(H);
            }
    }
}

#endif
