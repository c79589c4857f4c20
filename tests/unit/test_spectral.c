/* test_spectral.c - the spectral bookkeeping shared by fft and ifft:
 * normalisation (numpy.fft's norm= meanings), fftshift (numpy.fft.fftshift
 * semantics) and the element-wise post-ops, each against definitions
 * written out here. */
#include "config.h"
#include "filters.h"
#include "testutil.h"

#include <float.h>

/* ---- normalisation ------------------------------------------------------ */

/* numpy: norm="backward" (default): fft unscaled, ifft 1/n;
 * "ortho": both 1/sqrt(n); "forward": fft 1/n, ifft unscaled. */
static void test_norm_scale(void)
{
    const size_t ns[] = {1, 2, 3, 4, 5, 7, 8, 1000, 4096, 65537, 1 << 20};
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++) {
        size_t n = ns[i];
        double dn = (double)n;
        const struct { gfp_norm norm; int inv; double want; } c[] = {
            {GFP_NORM_BACKWARD, 0, 1.0},
            {GFP_NORM_BACKWARD, 1, 1.0 / dn},
            {GFP_NORM_ORTHO, 0, 1.0 / sqrt(dn)},
            {GFP_NORM_ORTHO, 1, 1.0 / sqrt(dn)},
            {GFP_NORM_FORWARD, 0, 1.0 / dn},
            {GFP_NORM_FORWARD, 1, 1.0},
        };
        for (size_t j = 0; j < sizeof c / sizeof *c; j++) {
            double got = gfp_norm_scale(c[j].norm, n, c[j].inv);
            TU_CHECK(fabs(got - c[j].want) <= 2 * DBL_EPSILON * c[j].want,
                     "norm %d inverse %d n=%zu: %.17g, want %.17g",
                     (int)c[j].norm, c[j].inv, n, got, c[j].want);
        }
        /* Whatever the norm, a round trip fft -> ifft scales by 1/n. */
        for (int norm = 0; norm < 3; norm++) {
            double rt = gfp_norm_scale((gfp_norm)norm, n, 0) *
                        gfp_norm_scale((gfp_norm)norm, n, 1);
            TU_CHECK(fabs(rt * dn - 1) <= 4 * DBL_EPSILON,
                     "norm %d n=%zu: fwd*inv = %.17g, want 1/n", norm, n, rt);
        }
    }
}

static void test_norm_parse(void)
{
    gfp_norm nm = (gfp_norm)-1;
    gfp_error err = {0};
    TU_CHECK(gfp_norm_parse("backward", &nm, &err) == GFP_OK &&
                 nm == GFP_NORM_BACKWARD, "backward");
    TU_CHECK(gfp_norm_parse("ortho", &nm, &err) == GFP_OK &&
                 nm == GFP_NORM_ORTHO, "ortho");
    TU_CHECK(gfp_norm_parse("forward", &nm, &err) == GFP_OK &&
                 nm == GFP_NORM_FORWARD, "forward");
    const char *bad[] = {"", "none", "Ortho", "backwards", "fwd", "ortho "};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gfp_error e = {0};
        TU_CHECK(gfp_norm_parse(bad[i], &nm, &e) == GFP_EINVAL &&
                     strstr(e.msg, "backward, ortho, forward"),
                 "norm '%s': %s", bad[i], e.msg);
    }
}

/* ---- fftshift ------------------------------------------------------------ */

/* numpy.fft.fftfreq(n) * n: 0, 1, ..., ceil(n/2)-1, -floor(n/2), ..., -1. */
static double freq_of(size_t k, size_t n)
{
    size_t pos = (n + 1) / 2;
    return k < pos ? (double)k : (double)k - (double)n;
}

static void test_fftshift_known(void)
{
    /* numpy.fft.fftshift([0, 1, 2, 3, 4]) == [3, 4, 0, 1, 2]
     * numpy.fft.fftshift([0, 1, 2, 3, 4, 5]) == [3, 4, 5, 0, 1, 2] */
    const double x5[] = {0, 1, 2, 3, 4}, w5[] = {3, 4, 0, 1, 2};
    const double x6[] = {0, 1, 2, 3, 4, 5}, w6[] = {3, 4, 5, 0, 1, 2};
    double y[6];
    gfp_fftshift(x5, 5, 1, y);
    TU_CHECK(!memcmp(y, w5, sizeof w5), "fftshift 5: %g %g %g %g %g", y[0],
             y[1], y[2], y[3], y[4]);
    gfp_fftshift(x6, 6, 1, y);
    TU_CHECK(!memcmp(y, w6, sizeof w6), "fftshift 6: %g %g %g %g %g %g",
             y[0], y[1], y[2], y[3], y[4], y[5]);
    double one = 7, o;
    gfp_fftshift(&one, 1, 1, &o);
    TU_CHECK(o == 7, "fftshift 1");
    const double x2[] = {1, 2}, w2[] = {2, 1};
    gfp_fftshift(x2, 2, 1, y);
    TU_CHECK(!memcmp(y, w2, sizeof w2), "fftshift 2: %g %g", y[0], y[1]);
}

/* For every length 1..300 and widths 1 and 2: fftshift of the fftfreq bins
 * is strictly increasing, consecutive, with 0 at index n/2 (numpy's
 * definition: roll by n//2), i.e. out = x[ceil(n/2):] ++ x[:ceil(n/2)];
 * the items' components travel together; the source is untouched. */
static void test_fftshift_sweep(void)
{
    for (size_t width = 1; width <= 2; width++)
        for (size_t n = 1; n <= 300; n++) {
            double *x = malloc(n * width * sizeof *x),
                   *x0 = malloc(n * width * sizeof *x),
                   *y = malloc((n + 1) * width * sizeof *y);
            if (!x || !x0 || !y) {
                CU_FAIL("out of memory");
                free(x);
                free(x0);
                free(y);
                return;
            }
            for (size_t k = 0; k < n; k++) {
                x[k * width] = freq_of(k, n);
                if (width == 2)
                    x[k * width + 1] = 1000 + (double)k; /* the bin it was */
            }
            memcpy(x0, x, n * width * sizeof *x);
            for (size_t i = 0; i < width; i++)
                y[n * width + i] = -12345; /* guard */
            gfp_fftshift(x, n, width, y);
            int ok = 1;
            size_t h = (n + 1) / 2;
            for (size_t j = 0; j < n; j++) {
                /* increasing, consecutive, zero at n/2 */
                if (y[j * width] != (double)j - (double)(n / 2))
                    ok = 0;
                /* concatenation form */
                size_t from = j < n - h ? h + j : j - (n - h);
                for (size_t i = 0; i < width; i++)
                    if (y[j * width + i] != x0[from * width + i])
                        ok = 0;
            }
            TU_CHECK(ok, "fftshift n=%zu width=%zu", n, width);
            TU_CHECK(!memcmp(x, x0, n * width * sizeof *x),
                     "fftshift n=%zu changed its source", n);
            TU_CHECK(y[n * width] == -12345 &&
                         y[n * width + width - 1] == -12345,
                     "fftshift n=%zu wrote past the end", n);
            free(x);
            free(x0);
            free(y);
        }
}

/* ---- post-ops ------------------------------------------------------------- */

typedef struct { double re, im, mag, pw, db, ph; } post_case;

static const post_case post_cases[] = {
    /* re, im, |X|, |X|^2, 10 log10(max(|X|^2, 1e-30)), atan2(im, re) */
    {3, 4, 5, 25, 13.979400086720376, 0.9272952180016122},
    {0, 0, 0, 0, -300, 0},
    {-1, 0, 1, 1, 0, 3.141592653589793},
    {0, -2, 2, 4, 6.020599913279624, -1.5707963267948966},
    {0, 0.5, 0.5, 0.25, -6.020599913279624, 1.5707963267948966},
    {-3, -4, 5, 25, 13.979400086720376, -2.214297435588181},
    {1e-16, 0, 1e-16, 1e-32, -300, 0},  /* below the floor */
    {1e-14, 0, 1e-14, 1e-28, -280, 0},  /* above it */
    {1e-10, -1e-10, 1.4142135623730951e-10, 2e-20, -196.98970004336019,
     -0.7853981633974483},
    {100, 0, 100, 10000, 40, 0},
};
#define NPOST (sizeof post_cases / sizeof *post_cases)

static int close_to(double got, double want, double rel, double abs_)
{
    if (isinf(want))
        return got == want;
    return fabs(got - want) <= abs_ + rel * fabs(want);
}

static void test_post_apply(void)
{
    double c[2 * NPOST], out[2 * NPOST];
    float cf[2 * NPOST], outf[2 * NPOST];
    for (size_t k = 0; k < NPOST; k++) {
        c[2 * k] = post_cases[k].re;
        c[2 * k + 1] = post_cases[k].im;
        cf[2 * k] = (float)post_cases[k].re;
        cf[2 * k + 1] = (float)post_cases[k].im;
    }
    const gfp_post posts[] = {GFP_POST_MAG, GFP_POST_POWER, GFP_POST_DB,
                              GFP_POST_PHASE};
    const char *names[] = {"mag", "power", "db", "phase"};
    for (size_t p = 0; p < 4; p++) {
        for (size_t k = 0; k < 2 * NPOST; k++) {
            out[k] = -999;
            outf[k] = -999;
        }
        gfp_post_apply_f64(posts[p], c, NPOST, out);
        gfp_post_apply_f32(posts[p], cf, NPOST, outf);
        for (size_t k = 0; k < NPOST; k++) {
            const post_case *pc = &post_cases[k];
            double want = p == 0 ? pc->mag : p == 1 ? pc->pw
                        : p == 2 ? pc->db : pc->ph;
            /* f64: a few ulps; f32: float rounding of inputs and result
             * (relative, plus an absolute part for dB and phase). */
            int abs_kind = p >= 2;
            TU_CHECK(close_to(out[k], want, abs_kind ? 0 : 4 * DBL_EPSILON,
                              abs_kind ? 1e-12 : 0),
                     "f64 %s(%g, %g) = %.17g, want %.17g", names[p], pc->re,
                     pc->im, out[k], want);
            TU_CHECK(close_to(outf[k], want, 4e-7, abs_kind ? 1e-5 : 0),
                     "f32 %s(%g, %g) = %.9g, want %.9g", names[p], pc->re,
                     pc->im, (double)outf[k], want);
        }
        /* one value per bin: nothing written past nbins */
        TU_CHECK(out[NPOST] == -999 && outf[NPOST] == -999,
                 "%s wrote past nbins", names[p]);
    }
    /* NONE copies the complex bins. */
    gfp_post_apply_f64(GFP_POST_NONE, c, NPOST, out);
    gfp_post_apply_f32(GFP_POST_NONE, cf, NPOST, outf);
    TU_CHECK(!memcmp(out, c, sizeof c) && !memcmp(outf, cf, sizeof cf),
             "POST_NONE is not a copy");
}

/* NaN stays NaN through every post-op (the dB floor must not hide it);
 * infinities give infinite magnitude, power and dB. */
static void test_post_nan_inf(void)
{
    const double in[][2] = {{NAN, 0}, {0, NAN}, {NAN, NAN}};
    const gfp_post posts[] = {GFP_POST_MAG, GFP_POST_POWER, GFP_POST_DB,
                              GFP_POST_PHASE};
    for (size_t i = 0; i < 3; i++)
        for (size_t p = 0; p < 4; p++) {
            double o = 0;
            float cf[2] = {(float)in[i][0], (float)in[i][1]}, of = 0;
            gfp_post_apply_f64(posts[p], in[i], 1, &o);
            gfp_post_apply_f32(posts[p], cf, 1, &of);
            TU_CHECK(isnan(o) && isnan(of), "post %d of NaN case %zu: %g %g",
                     (int)posts[p], i, o, (double)of);
        }
    const double inf[2] = {INFINITY, 1};
    const float inff[2] = {-INFINITY, 1};
    for (size_t p = 0; p < 3; p++) {
        double o = 0;
        float of = 0;
        gfp_post_apply_f64(posts[p], inf, 1, &o);
        gfp_post_apply_f32(posts[p], inff, 1, &of);
        TU_CHECK(o == INFINITY && of == INFINITY, "post %d of inf: %g %g",
                 (int)posts[p], o, (double)of);
    }
}

/* Random bins against the formulas, both precisions. */
static void test_post_random(void)
{
    enum { N = 4096 };
    static double c[2 * N], out[N];
    static float cf[2 * N], outf[N];
    for (size_t k = 0; k < 2 * N; k++) {
        /* magnitudes over many decades, down past the dB floor (float
         * powers stay normal: |X| >= 1e-18) */
        double v = tu_rand_range(-1, 1) * pow(10, tu_rand_range(-18, 3));
        cf[k] = (float)v;
        c[k] = cf[k];
    }
    double worst[4][2] = {{0}};
    const gfp_post posts[] = {GFP_POST_MAG, GFP_POST_POWER, GFP_POST_DB,
                              GFP_POST_PHASE};
    for (size_t p = 0; p < 4; p++) {
        gfp_post_apply_f64(posts[p], c, N, out);
        gfp_post_apply_f32(posts[p], cf, N, outf);
        for (size_t k = 0; k < N; k++) {
            long double re = c[2 * k], im = c[2 * k + 1], pw = re * re + im * im;
            long double want = p == 0 ? sqrtl(pw) : p == 1 ? pw
                             : p == 2 ? 10 * log10l(pw < 1e-30L ? 1e-30L : pw)
                             : atan2l(im, re);
            /* relative for mag/power, absolute for dB and phase */
            long double sc = p < 2 ? (want > 0 ? want : 1) : 1;
            worst[p][0] = fmax(worst[p][0],
                               (double)(fabsl(out[k] - want) / sc));
            worst[p][1] = fmax(worst[p][1],
                               (double)(fabsl(outf[k] - want) / sc));
        }
    }
    const double tol64[4] = {4e-16, 4e-16, 1e-12, 1e-15};
    const double tol32[4] = {3e-7, 3e-7, 1e-4, 1e-6};
    const char *names[] = {"mag", "power", "db", "phase"};
    for (int p = 0; p < 4; p++) {
        TU_CHECK(worst[p][0] <= tol64[p], "f64 %s: worst error %.3g",
                 names[p], worst[p][0]);
        TU_CHECK(worst[p][1] <= tol32[p], "f32 %s: worst error %.3g",
                 names[p], worst[p][1]);
    }
}

int main(void)
{
    if (tu_init())
        return 99;
    tu_suite("normalisation");
    TU_TEST(test_norm_scale);
    TU_TEST(test_norm_parse);
    tu_suite("fftshift");
    TU_TEST(test_fftshift_known);
    TU_TEST(test_fftshift_sweep);
    tu_suite("post-ops");
    TU_TEST(test_post_apply);
    TU_TEST(test_post_nan_inf);
    TU_TEST(test_post_random);
    return tu_run();
}
