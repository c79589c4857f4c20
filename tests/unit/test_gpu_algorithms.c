/* test_gpu_algorithms.c - the seed papers' GPU algorithms (--algorithm
 * ct-r2, ct-r4, stockham-r2/r4/r8/r16, pease) through the GPU engine,
 * against the CPU engine (FFTW in double precision): every power of two
 * from 2 up to the longest each supports, f32 and f64, forward and inverse,
 * odd batch counts, fresh random input, outputs poisoned with NaN first.
 * Also their refusals (non-powers of two, real transforms) and the window,
 * scale and post-op they fuse. Without a usable GPU it says so and exits
 * 77 (automake's SKIP).
 *
 * GFP_TEST_QUICK=1 (for compute-sanitizer runs) keeps a few short lengths
 * and those around each switch from one block to several. */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#define MAXLG 20 /* the seed algorithms stop at 2^20 or before */

static gfp_engine *gpu, *cpu;
static int quick;


/* f32: a radix-2 transform rounds about log2 n times; cuFFT's own error is
 * ~2e-7 at 1024 and ~3e-7 at 2^20. A wrong twiddle or index gives O(1). */
static double tol_for(size_t n, int dbl)
{
    double lg = log2((double)n + 1);
    return dbl ? 1e-14 * sqrt(lg + 1) * 4 : 4e-7 * sqrt(lg + 1);
}

/* the short lengths, and those where one block gives way to several passes
 * or pease's grid (f64 8192, f32 16384) and CT's passes (16384, 32768) */
static int quick_size(int lg)
{
    return lg == 1 || lg == 3 || lg == 5 || lg == 10 || (lg >= 13 && lg <= 15);
}

static size_t frames_for(size_t n)
{
    return n <= 64 ? 7 : n <= 8192 ? 5 : 3; /* odd batch counts */
}

/* Compares the GPU engine with d (an algorithm) against the CPU engine in
 * double precision on fresh random input. Returns the status of the GPU
 * run (ENOTSUP: the algorithm refused the length; msg says why). */
static gfp_status check_one(const gfp_plan_desc *d, double *err_out, char *msg,
                            size_t mlen)
{
    size_t nframes = frames_for(d->n);
    size_t ni = gfp_plan_in_scalars(d) * nframes;
    size_t no = gfp_plan_out_scalars(d) * nframes;
    double *x = malloc(ni * sizeof *x), *yg = malloc(no * sizeof *yg);
    double *yr = malloc(no * sizeof *yr);
    gfp_status st = GFP_ENOMEM;
    *err_out = NAN;
    if (!x || !yg || !yr) {
        snprintf(msg, mlen, "out of memory");
        goto done;
    }
    for (size_t f = 0; f < nframes; f++) {
        double amp = 1.0 + (double)f; /* batch mix-ups show */
        for (size_t i = 0; i < ni / nframes; i++)
            x[f * (ni / nframes) + i] = amp * tu_rand_range(-1, 1);
    }
    st = tu_run_plan(gpu, d, nframes, 2, x, yg, msg, mlen);
    if (st)
        goto done;
    gfp_plan_desc dr = *d;
    dr.dbl = 1;
    dr.algorithm = GFP_ALG_AUTO;
    char rmsg[600] = "";
    gfp_status sr = tu_run_plan(cpu, &dr, nframes, 2, x, yr, rmsg, sizeof rmsg);
    TU_CHECK(sr == GFP_OK, "cpu reference n=%zu failed: %s", d->n, rmsg);
    if (sr == GFP_OK)
        *err_out = tu_rel_l2(yg, yr, no);
done:
    free(x);
    free(yg);
    free(yr);
    return st;
}

/* Every power of two from 2 to 2^MAXLG: the supported ones must be
 * correct, and form an unbroken range from 2 that reaches at least 8192
 * (f32) or 4096 (f64). */
static void sweep(gfp_algorithm alg, int inverse, int dbl)
{
    const char *name = gfp_algorithm_name(alg);
    int maxlg = 0, tested = 0, gap = 0;
    char first_unsup[300] = "";
    double worst = 0;
    for (int lg = 1; lg <= MAXLG; lg++) {
        if (quick && !quick_size(lg))
            continue;
        size_t n = (size_t)1 << lg;
        gfp_plan_desc d = {.n = n, .kind = GFP_C2C, .inverse = inverse,
                           .dbl = dbl, .scale = inverse ? 1.0 / (double)n : 1.0,
                           .post = GFP_POST_NONE, .algorithm = alg};
        char msg[600] = "";
        double e;
        gfp_status st = check_one(&d, &e, msg, sizeof msg);
        if (st == GFP_ENOTSUP) {
            if (!*first_unsup) {
                snprintf(first_unsup, sizeof first_unsup, "n=%zu: %s", n, msg);
                TU_CHECK(strstr(msg, name) != NULL,
                         "%s: the refusal of n=%zu does not name the "
                         "algorithm: '%s'", name, n, msg);
            }
            continue;
        }
        TU_CHECK(st == GFP_OK, "%s n=%zu inv=%d dbl=%d: %s", name, n, inverse,
                 dbl, msg);
        if (st != GFP_OK)
            continue;
        if (*first_unsup)
            gap = 1;
        tested++;
        maxlg = lg;
        double tol = tol_for(n, dbl);
        TU_CHECK(e <= tol, "%s vs cpu n=%zu inv=%d dbl=%d: error %.3g > %.3g",
                 name, n, inverse, dbl, e, tol);
        if (!(e <= worst))
            worst = e;
    }
    printf("\n  %-12s inverse=%d %s: %d lengths 2..2^%d correct (worst rel "
           "L2 %.2g)%s%s", name, inverse, dbl ? "f64" : "f32", tested, maxlg,
           worst, *first_unsup ? "; refuses " : "", first_unsup);
    TU_CHECK(!gap, "%s dbl=%d: a supported length after a refused one",
             name, dbl);
    TU_CHECK(maxlg >= (dbl ? 12 : 13), "%s dbl=%d: longest supported 2^%d, "
             "short of %d", name, dbl, maxlg, dbl ? 4096 : 8192);
}

#define SWEEPS(alg, tag)                                                   \
    static void t_##tag##_f32_fwd(void) { sweep(alg, 0, 0); }             \
    static void t_##tag##_f32_inv(void) { sweep(alg, 1, 0); }             \
    static void t_##tag##_f64_fwd(void) { sweep(alg, 0, 1); }             \
    static void t_##tag##_f64_inv(void) { sweep(alg, 1, 1); }
SWEEPS(GFP_ALG_CT_R2, ct_r2)
SWEEPS(GFP_ALG_CT_R4, ct_r4)
SWEEPS(GFP_ALG_STOCKHAM_R2, st_r2)
SWEEPS(GFP_ALG_STOCKHAM_R4, st_r4)
SWEEPS(GFP_ALG_STOCKHAM_R8, st_r8)
SWEEPS(GFP_ALG_STOCKHAM_R16, st_r16)
SWEEPS(GFP_ALG_PEASE, pease)

/* What the algorithms do not do is refused with a message that says so. */
static void t_refusals(void)
{
    for (int a = 1; a < GFP_ALG_COUNT; a++) {
        const char *name = gfp_algorithm_name(a);
        static const size_t bad[] = {12, 1000, 4095, 1};
        for (int i = 0; i < 4; i++) {
            gfp_plan_desc d = {.n = bad[i], .kind = GFP_C2C, .scale = 1.0,
                               .algorithm = (gfp_algorithm)a};
            double e;
            char msg[600] = "";
            gfp_status st = check_one(&d, &e, msg, sizeof msg);
            TU_CHECK(st == GFP_ENOTSUP && strstr(msg, "power of two") &&
                         strstr(msg, name),
                     "%s n=%zu: status %d, '%s'", name, bad[i], (int)st, msg);
        }
        gfp_plan_desc r = {.n = 64, .kind = GFP_R2C, .scale = 1.0,
                           .algorithm = (gfp_algorithm)a};
        double e;
        char msg[600] = "";
        gfp_status st = check_one(&r, &e, msg, sizeof msg);
        TU_CHECK(st == GFP_ENOTSUP && strstr(msg, "complex-to-complex"),
                 "%s r2c: status %d, '%s'", name, (int)st, msg);
    }
}

/* The window goes into the load, the scale and the post-op into the store,
 * in every version (one block, several passes, pease's grid). */
static void t_window_post(void)
{
    static const size_t sizes[] = {16, 2048, 32768};
    static const gfp_post posts[] = {GFP_POST_POWER, GFP_POST_MAG,
                                     GFP_POST_NONE};
    for (int a = 1; a < GFP_ALG_COUNT; a++)
        for (int si = 0; si < 3; si++)
            for (int dbl = 0; dbl < 2; dbl++) {
                size_t n = sizes[si];
                double *win = malloc(n * sizeof *win);
                gfp_window w = {GFP_WIN_HANN, 0};
                gfp_window_fill(&w, n, win);
                gfp_plan_desc d = {.n = n, .kind = GFP_C2C, .dbl = dbl,
                                   .inverse = si == 2, .window = win,
                                   .scale = 1.0 / (double)n,
                                   .post = posts[si],
                                   .algorithm = (gfp_algorithm)a};
                double e;
                char msg[600] = "";
                gfp_status st = check_one(&d, &e, msg, sizeof msg);
                double tol = 2 * tol_for(n, dbl); /* |X|^2: twice the error */
                TU_CHECK(st == GFP_OK && e <= tol,
                         "%s n=%zu dbl=%d post=%d windowed: status %d, error "
                         "%.3g > %.3g %s", gfp_algorithm_name(a), n, dbl,
                         (int)posts[si], (int)st, e, tol, msg);
                free(win);
            }
}

int main(void)
{
    quick = getenv("GFP_TEST_QUICK") != NULL;
    gfp_engine_opts o = {.quick_plans = 1, .quiet_notes = 1};
    gfp_error err = {0};
    if (gfp_engine_open("gpu", &o, "test", &gpu, &err)) {
        printf("GPU algorithm suite skipped: %s\n", err.msg);
        return 77;
    }
    memset(&err, 0, sizeof err);
    if (gfp_engine_open("cpu", &o, "test", &cpu, &err)) {
        fprintf(stderr, "cpu engine: %s\n", err.msg);
        return 99;
    }
    if (tu_init())
        return 99;
    tu_suite("seed_algorithms_vs_cpu");
#define ADD(tag)                   \
    TU_TEST(t_##tag##_f32_fwd);    \
    TU_TEST(t_##tag##_f32_inv);    \
    TU_TEST(t_##tag##_f64_fwd);    \
    TU_TEST(t_##tag##_f64_inv)
    ADD(ct_r2);
    ADD(ct_r4);
    ADD(st_r2);
    ADD(st_r4);
    ADD(st_r8);
    ADD(st_r16);
    ADD(pease);
    TU_TEST(t_refusals);
    TU_TEST(t_window_post);
    int rc = tu_run();
    gfp_engine_close(gpu);
    gfp_engine_close(cpu);
    return rc;
}
