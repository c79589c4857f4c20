/* test_engine_gpu.c - the GPU engine (own kernels) against the CPU engine
 * (FFTW in double precision) and against cuFFT, on fresh random input with
 * poisoned outputs. Registered only when a usable GPU is present; without
 * one it says so and exits 77 (automake's SKIP).
 *
 * GFP_TEST_QUICK=1 (for compute-sanitizer runs) keeps a few sizes only.
 * GFP_TEST_SHARD=i/k runs only the sizes whose index is i modulo k, so that
 * k processes can share the sweep (most of its time is cuFFT planning). */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

static gfp_engine *gpu, *cpu, *cufft;
static int quick;
static unsigned shard_i, shard_k = 1;

/* Every N <= max whose prime factors are in {2, 3, 5, 7, 11, 13}. */
static size_t smooth_sizes(size_t max, size_t *out, size_t cap)
{
    size_t k = 0;
    for (size_t n = 1; n <= max && k < cap; n++) {
        size_t m = n;
        static const size_t p[] = {2, 3, 5, 7, 11, 13};
        for (int i = 0; i < 6; i++)
            while (m % p[i] == 0)
                m /= p[i];
        if (m == 1)
            out[k++] = n;
    }
    return k;
}


static void fill_input(const gfp_plan_desc *d, size_t nframes, double *x)
{
    size_t per = gfp_plan_in_scalars(d);
    for (size_t f = 0; f < nframes; f++) {
        /* Different amplitude per frame, so batch mix-ups show. */
        double amp = 1.0 + (double)f;
        for (size_t i = 0; i < per; i++)
            x[f * per + i] = amp * tu_rand_range(-1, 1);
        if (d->kind == GFP_C2R) {
            x[f * per + 1] = 0;
            if (d->n % 2 == 0)
                x[f * per + 2 * (d->n / 2) + 1] = 0;
        }
    }
}

/* f32 tolerance: cuFFT's own error is ~2e-7 at 1024 and grows like
 * sqrt(log n); this leaves a margin of about 5x and still catches any
 * wrong twiddle or index. */
static double tol_for(const gfp_plan_desc *d)
{
    double lg = log2((double)d->n + 1);
    return d->dbl ? 1e-14 * sqrt(lg + 1) * 4 : 4e-7 * sqrt(lg + 1);
}

static void sweep(gfp_kind kind, int inverse, int dbl, gfp_post post,
                  int windowed)
{
    static size_t sizes[4096];
    size_t max = 8192; /* f64 past 4096: one block at 8192, multi-pass else */
    size_t ns = smooth_sizes(max, sizes, 4096);
    size_t tested = 0, unsupported = 0;
    char first_unsup[128] = "";
    for (size_t si = 0; si < ns; si++) {
        size_t n = sizes[si];
        if (si % shard_k != shard_i)
            continue;
        if (quick && !(n <= 16 || n == 60 || n == 1000 || n == 4096 ||
                       n == 8192 || n == 2187 || n == 1331))
            continue;
        if (kind != GFP_C2C && n < 2)
            continue;
        gfp_plan_desc d = {.n = n, .kind = kind, .inverse = inverse,
                           .dbl = dbl, .scale = 1.0, .post = post};
        double *win = NULL;
        if (windowed) {
            win = malloc(n * sizeof *win);
            gfp_window w = {GFP_WIN_HANN, 0};
            gfp_window_fill(&w, n, win);
            d.window = win;
            d.scale = 1.0 / (double)n;
        }
        size_t nframes = n <= 64 ? 7 : 3; /* odd batch counts */
        size_t ni = gfp_plan_in_scalars(&d) * nframes;
        size_t no = gfp_plan_out_scalars(&d) * nframes;
        double *x = malloc(ni * sizeof *x), *xr = malloc(ni * sizeof *x);
        double *yg = malloc(no * sizeof *yg), *yr = malloc(no * sizeof *yr);
        fill_input(&d, nframes, x);
        memcpy(xr, x, ni * sizeof *x);
        char msg[600] = "";
        gfp_status st =
            tu_run_plan(gpu, &d, nframes, 2, x, yg, msg, sizeof msg);
        if (st == GFP_ENOTSUP) {
            unsupported++;
            if (!*first_unsup)
                snprintf(first_unsup, sizeof first_unsup, "n=%zu: %s", n, msg);
        } else {
            TU_CHECK(st == GFP_OK, "gpu n=%zu kind=%d inv=%d dbl=%d: %s", n,
                     kind, inverse, dbl, msg);
            gfp_plan_desc dr = d;
            dr.dbl = 1; /* the reference runs in double */
            gfp_status sr = tu_run_plan(cpu, &dr, nframes, 2, xr, yr, msg,
                                        sizeof msg);
            TU_CHECK(sr == GFP_OK, "cpu reference failed: %s", msg);
            if (st == GFP_OK && sr == GFP_OK) {
                double e;
                if (post == GFP_POST_PHASE) {
                    /* Phase is ill-defined where |X| is tiny: compare
                     * e^{i phase} weighted by nothing, wrap-aware. */
                    double num = 0;
                    for (size_t i = 0; i < no; i++) {
                        double dd = remainder(yg[i] - yr[i], 2 * M_PI);
                        num += dd * dd;
                    }
                    e = sqrt(num / (double)no);
                } else if (post == GFP_POST_DB) {
                    /* Back to power, where relative L2 is meaningful even
                     * for bins near zero (whose dB values are noisy). */
                    for (size_t i = 0; i < no; i++) {
                        yg[i] = pow(10, yg[i] / 10);
                        yr[i] = pow(10, yr[i] / 10);
                    }
                    e = tu_rel_l2(yg, yr, no);
                } else {
                    e = tu_rel_l2(yg, yr, no);
                }
                double tol = tol_for(&d);
                if (post == GFP_POST_PHASE)
                    tol = dbl ? 1e-9 : 1e-2;
                if (post == GFP_POST_POWER || post == GFP_POST_DB)
                    tol *= 2; /* |X|^2 doubles the relative error */
                TU_CHECK(e <= tol, "gpu vs cpu n=%zu kind=%d inv=%d dbl=%d "
                         "post=%d win=%d: error %.3g > %.3g", n, kind,
                         inverse, dbl, post, windowed, e, tol);
                /* And against cuFFT, where it takes the same job. */
                if (cufft && post == GFP_POST_NONE && !windowed) {
                    double *yc = malloc(no * sizeof *yc);
                    if (tu_run_plan(cufft, &d, nframes, 2, xr, yc, msg,
                                    sizeof msg) ==
                        GFP_OK) {
                        double ec = tu_rel_l2(yc, yr, no);
                        /* Ours must be no worse than cuFFT's own error
                         * (with rounding slack). */
                        TU_CHECK(e <= 2 * ec + 1e-15 + (dbl ? 1e-15 : 1e-7),
                                 "n=%zu kind=%d dbl=%d: ours %.3g vs cuFFT "
                                 "%.3g", n, kind, dbl, e, ec);
                    }
                    free(yc);
                }
            }
            tested++;
        }
        free(x); free(xr); free(yg); free(yr); free(win);
    }
    printf("\n  kind=%d inverse=%d dbl=%d post=%d window=%d: %zu sizes "
           "tested, %zu unsupported%s%s", kind, inverse, dbl, post, windowed,
           tested, unsupported, *first_unsup ? " (first: " : "",
           *first_unsup ? first_unsup : "");
    if (*first_unsup)
        printf(")");
    TU_CHECK(tested > 0, "no size was supported at all");
}

static void t_c2c_fwd_f32(void) { sweep(GFP_C2C, 0, 0, GFP_POST_NONE, 0); }
static void t_c2c_inv_f32(void) { sweep(GFP_C2C, 1, 0, GFP_POST_NONE, 0); }
static void t_r2c_f32(void) { sweep(GFP_R2C, 0, 0, GFP_POST_NONE, 0); }
static void t_c2r_f32(void) { sweep(GFP_C2R, 1, 0, GFP_POST_NONE, 0); }
static void t_c2c_fwd_f64(void) { sweep(GFP_C2C, 0, 1, GFP_POST_NONE, 0); }
static void t_c2c_inv_f64(void) { sweep(GFP_C2C, 1, 1, GFP_POST_NONE, 0); }
static void t_r2c_f64(void) { sweep(GFP_R2C, 0, 1, GFP_POST_NONE, 0); }
static void t_c2r_f64(void) { sweep(GFP_C2R, 1, 1, GFP_POST_NONE, 0); }
static void t_r2c_power_win(void) { sweep(GFP_R2C, 0, 0, GFP_POST_POWER, 1); }
static void t_r2c_db(void) { sweep(GFP_R2C, 0, 0, GFP_POST_DB, 0); }
static void t_c2c_mag(void) { sweep(GFP_C2C, 0, 0, GFP_POST_MAG, 0); }
static void t_c2c_phase_f64(void) { sweep(GFP_C2C, 0, 1, GFP_POST_PHASE, 0); }

/* Spans cut on the device (tu_check_spans). */
static void t_span(void) { tu_check_spans(gpu); }

/* Filter plans (convolve's fused forward -> multiply -> inverse, the
 * spectra kept on the device): small lengths against circular
 * convolutions in long double, then large ones (the multi-pass path)
 * against the CPU engine's filter plan in f64. */
static void t_filter(void)
{
    static const size_t ns[] = {1, 7, 97, 256, 1000, 4096, 4099};
    char msg[GFP_ERRLEN] = "";
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
        for (int cx = 0; cx < 2; cx++)
            for (int dbl = 0; dbl < 2; dbl++)
                for (size_t nf = 1; nf <= 3; nf += 2) {
                    double e = tu_filter_err(gpu, cpu, cx ? GFP_C2C : GFP_R2C,
                                             dbl, ns[i], nf, 5, msg,
                                             sizeof msg);
                    double tol = dbl ? 1e-12 : 5e-6;
                    TU_CHECK(e >= 0 && e <= tol, "gpu filter n %zu %s %s, "
                             "%zu spectra: error %g (tolerance %g) %s", ns[i],
                             cx ? "c2c" : "r2c", dbl ? "f64" : "f32", nf, e,
                             tol, msg);
                }
    static const size_t big[] = {(size_t)1 << 16, 65537, (size_t)1 << 20,
                                 (size_t)1 << 22, 3 * ((size_t)1 << 20)};
    for (size_t i = 0; i < sizeof big / sizeof *big; i++)
        for (int cx = 0; cx < 2; cx++) {
            if (quick && i > 1)
                break;
            size_t n = big[i], w = cx ? 2 : 1, bins = cx ? n : n / 2 + 1;
            size_t nfr = 2, nsp = 2 * bins * 2;
            double *x = malloc(nfr * n * w * sizeof *x);
            double *y = malloc(nfr * n * w * sizeof *y);
            double *r = malloc(nfr * n * w * sizeof *r);
            double *h64 = malloc(nsp * sizeof *h64);
            float *h32 = malloc(nsp * sizeof *h32);
            if (!x || !y || !r || !h64 || !h32) {
                TU_CHECK(0, "out of memory");
                free(x), free(y), free(r), free(h64), free(h32);
                return;
            }
            for (size_t k = 0; k < nfr * n * w; k++)
                x[k] = tu_rand_range(-1, 1);
            for (size_t k = 0; k < nsp; k++)
                h64[k] = h32[k] = (float)tu_rand_range(-1, 1);
            if (!cx)
                for (size_t f = 0; f < 2; f++) {
                    h64[f * 2 * bins + 1] = h32[f * 2 * bins + 1] = 0;
                    if (n % 2 == 0)
                        h64[f * 2 * bins + 2 * (bins - 1) + 1] =
                            h32[f * 2 * bins + 2 * (bins - 1) + 1] = 0;
                }
            gfp_plan_desc d = {.n = n, .kind = cx ? GFP_C2C : GFP_R2C,
                               .scale = 1.0 / (double)n, .nfilter = 2};
            d.dbl = 1;
            d.filter = h64;
            gfp_status s1 = tu_run_plan(cpu, &d, nfr, 0, x, r, msg,
                                        sizeof msg);
            d.dbl = 0;
            d.filter = h32;
            gfp_status s2 = s1 ? s1 : tu_run_plan(gpu, &d, nfr, 0, x, y, msg,
                                                  sizeof msg);
            double e = s2 ? -1 : tu_rel_l2(y, r, nfr * n * w);
            TU_CHECK(!s2 && e <= 1e-5, "gpu filter n %zu %s f32 against the "
                     "cpu engine in f64: error %g %s", n, cx ? "c2c" : "r2c",
                     e, msg);
            free(x), free(y), free(r), free(h64), free(h32);
        }
    /* out_skip: only each frame's tail is copied back (a strided D2H);
     * 2^20 takes the multi-pass path */
    tu_check_filter_skip(gpu, quick ? 0 : (size_t)1 << 20);
    /* the cufft reference engine takes no filter plans: it refuses */
    if (cufft) {
        float spec[10] = {1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
        gfp_plan_desc d = {.n = 8, .batch = 1, .kind = GFP_R2C,
                           .scale = 1, .filter = spec, .nfilter = 1};
        gfp_plan *p = NULL;
        gfp_error err = {0};
        TU_CHECK(gfp_plan_create(cufft, &d, 1, &p, &err) == GFP_ENOTSUP && !p,
                 "cufft refuses a filter plan: %s", err.msg);
        gfp_plan_destroy(p);
    }
}

/* submit_t (fft2's passes): the batch's output lands transposed in its
 * columns of a larger pinned array, the rest of which stays untouched;
 * the values are the CPU engine's, for C2C and R2C, f32 and f64, full and
 * short batches, the gpu and cufft engines. */
static void t_submit_t(void)
{
    const size_t ns[] = {60, 1031, 4096};
    const size_t ld = 50, col0 = 7, batch = 37;
    gfp_engine *engines[2] = {gpu, cufft};
    for (int ei = 0; ei < 2; ei++) {
        gfp_engine *e = engines[ei];
        if (!e)
            continue;
        for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ni++)
            for (int kind = 0; kind < 2; kind++)
                for (int dbl = 0; dbl < 2; dbl++) {
                    gfp_plan_desc d = {.n = ns[ni], .batch = batch,
                                       .kind = kind ? GFP_R2C : GFP_C2C,
                                       .dbl = dbl, .scale = 1,
                                       .transposed = 1};
                    size_t bins = kind ? d.n / 2 + 1 : d.n;
                    size_t sc = dbl ? 8 : 4, ni_s = gfp_plan_in_scalars(&d);
                    gfp_plan *pg = NULL, *pc = NULL;
                    gfp_error err = {0};
                    TU_CHECK(gfp_plan_create(e, &d, 2, &pg, &err) == GFP_OK &&
                                 gfp_plan_create(cpu, &d, 2, &pc, &err) ==
                                     GFP_OK,
                             "plans: %s", err.msg);
                    void *in = e->ops->alloc_host(e->state, batch * ni_s * sc);
                    void *in2 = malloc(batch * ni_s * sc);
                    void *ref = malloc(batch * 2 * bins * sc);
                    size_t tot = bins * ld * 2;
                    void *T = e->ops->alloc_host(e->state, tot * sc);
                    uint64_t seed = 77 + ni;
                    const size_t counts[] = {batch, 20};
                    for (int ci = 0; ci < 2 && pg && pc && in && T; ci++) {
                        size_t nf = counts[ci];
                        gfp_rand_fill(in, nf * ni_s, dbl, &seed);
                        memcpy(in2, in, nf * ni_s * sc);
                        memset(T, 0x7f, tot * sc); /* a sentinel */
                        TU_CHECK(gfp_plan_submit_t(pg, 1, in, T, nf, ld, col0,
                                                   &err) == GFP_OK &&
                                     gfp_plan_wait(pg, 1, &err) == GFP_OK,
                                 "submit_t: %s", err.msg);
                        TU_CHECK(gfp_plan_execute(pc, in2, ref, nf, &err) ==
                                     GFP_OK, "cpu: %s", err.msg);
                        double num = 0, den = 0;
                        int sentinel_ok = 1;
                        for (size_t c = 0; c < bins; c++)
                            for (size_t j = 0; j < ld; j++)
                                for (int k = 0; k < 2; k++) {
                                    size_t ti = 2 * (c * ld + j) + (size_t)k;
                                    double g = dbl ? ((double *)T)[ti]
                                                   : ((float *)T)[ti];
                                    if (j < col0 || j >= col0 + nf) {
                                        unsigned char b[8];
                                        memcpy(b, (char *)T + ti * sc, sc);
                                        for (size_t q = 0; q < sc; q++)
                                            sentinel_ok &= b[q] == 0x7f;
                                        continue;
                                    }
                                    size_t f = j - col0;
                                    size_t ri = 2 * (f * bins + c) + (size_t)k;
                                    double r = dbl ? ((double *)ref)[ri]
                                                   : ((float *)ref)[ri];
                                    num += (g - r) * (g - r);
                                    den += r * r;
                                }
                        double rel = sqrt(num / (den > 0 ? den : 1));
                        TU_CHECK(rel <= (dbl ? 1e-12 : 2e-6), "%s %s %s n %zu "
                                 "%zu frames: relative error %.3g", e->name,
                                 kind ? "R2C" : "C2C", dbl ? "f64" : "f32",
                                 d.n, nf, rel);
                        TU_CHECK(sentinel_ok, "%s n %zu: submit_t wrote "
                                 "outside its columns", e->name, d.n);
                    }
                    if (in) e->ops->free_host(e->state, in);
                    if (T) e->ops->free_host(e->state, T);
                    free(in2);
                    free(ref);
                    gfp_plan_destroy(pg);
                    gfp_plan_destroy(pc);
                }
    }
}

int main(void)
{
    quick = getenv("GFP_TEST_QUICK") != NULL;
    const char *sh = getenv("GFP_TEST_SHARD");
    if (sh && (sscanf(sh, "%u/%u", &shard_i, &shard_k) != 2 || shard_k == 0 ||
               shard_i >= shard_k)) {
        fprintf(stderr, "GFP_TEST_SHARD: '%s' is not i/k with i < k\n", sh);
        return 99;
    }
    gfp_engine_opts o = {.quick_plans = 1, .quiet_notes = 1};
    gfp_error err = {0};
    if (gfp_engine_open("gpu", &o, "test", &gpu, &err)) {
        printf("GPU suite skipped: %s\n", err.msg);
        return 77;
    }
    memset(&err, 0, sizeof err);
    if (gfp_engine_open("cpu", &o, "test", &cpu, &err)) {
        fprintf(stderr, "cpu engine: %s\n", err.msg);
        return 99;
    }
    memset(&err, 0, sizeof err);
    if (gfp_engine_open("cufft", &o, "test", &cufft, &err))
        cufft = NULL;
    if (tu_init())
        return 99;
    tu_suite("gpu_vs_cpu");
    TU_TEST(t_c2c_fwd_f32);
    TU_TEST(t_c2c_inv_f32);
    TU_TEST(t_r2c_f32);
    TU_TEST(t_c2r_f32);
    TU_TEST(t_c2c_fwd_f64);
    TU_TEST(t_c2c_inv_f64);
    TU_TEST(t_r2c_f64);
    TU_TEST(t_c2r_f64);
    TU_TEST(t_r2c_power_win);
    TU_TEST(t_r2c_db);
    TU_TEST(t_c2c_mag);
    TU_TEST(t_c2c_phase_f64);
    TU_TEST(t_span);
    tu_suite("gpu filter plans");
    TU_TEST(t_filter);
    tu_suite("transposed output");
    TU_TEST(t_submit_t);
    int rc = tu_run();
    gfp_engine_close(gpu);
    gfp_engine_close(cpu);
    gfp_engine_close(cufft);
    return rc;
}
