/* test_window.c - window definitions against their formulas, written out
 * here independently in long double: periodic (DFT-even) windows as
 * scipy.signal.get_window(name, N, fftbins=True) defines them, i.e. the
 * symmetric window of length N+1 without its last sample; N = 1 gives [1]. */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <float.h>

#define PI_L 3.141592653589793238462643383279502884L

/* cos(2 pi j k / N) for the periodic windows, in long double. */
static long double cosk(int j, size_t k, size_t n)
{
    return cosl(2 * PI_L * (long double)j * (long double)k / (long double)n);
}

/* scipy.signal.windows: general_cosine with these coefficients; the
 * flattop ones are scipy's (not the ISO/Matlab normalisation). */
static long double ref_value(gfp_window_kind kind, double beta, size_t k,
                             size_t n);

/* I0 by its power series in long double: sum ((x/2)^k / k!)^2. Its terms
 * grow until k ~ x/2 and then fall, so run well past that. */
static long double ref_i0(long double x)
{
    long double sum = 1, term = 1, q = x * x / 4;
    for (int k = 1; k < 20000; k++) {
        term *= q / ((long double)k * k);
        sum += term;
        if (k > x && term < sum * LDBL_EPSILON / 4)
            break;
    }
    return sum;
}

static long double ref_value(gfp_window_kind kind, double beta, size_t k,
                             size_t n)
{
    if (n == 1)
        return 1;
    switch (kind) {
    case GFP_WIN_RECT:
        return 1;
    case GFP_WIN_HANN:
        return 0.5L - 0.5L * cosk(1, k, n);
    case GFP_WIN_HAMMING:
        return 0.54L - 0.46L * cosk(1, k, n);
    case GFP_WIN_BLACKMAN:
        return 0.42L - 0.5L * cosk(1, k, n) + 0.08L * cosk(2, k, n);
    case GFP_WIN_BLACKMAN_HARRIS:
        return 0.35875L - 0.48829L * cosk(1, k, n) + 0.14128L * cosk(2, k, n) -
               0.01168L * cosk(3, k, n);
    case GFP_WIN_FLATTOP:
        return 0.21557895L - 0.41663158L * cosk(1, k, n) +
               0.277263158L * cosk(2, k, n) - 0.083578947L * cosk(3, k, n) +
               0.006947368L * cosk(4, k, n);
    case GFP_WIN_KAISER: {
        /* Symmetric kaiser of length M = n + 1: alpha = (M - 1) / 2. */
        long double alpha = (long double)n / 2;
        long double r = ((long double)k - alpha) / alpha;
        long double b = beta;
        return ref_i0(b * sqrtl(1 - r * r)) / ref_i0(b);
    }
    }
    return NAN;
}

/* The window code sums I0's series in its working precision: the error
 * grows with beta (about beta ulps); a wrong formula is off by far more. */
static double kaiser_tol(double beta)
{
    return 4e-16 * (8 + beta);
}

static const struct { const char *name; gfp_window_kind kind; } named[] = {
    {"rect", GFP_WIN_RECT}, {"hann", GFP_WIN_HANN},
    {"hamming", GFP_WIN_HAMMING}, {"blackman", GFP_WIN_BLACKMAN},
    {"blackman-harris", GFP_WIN_BLACKMAN_HARRIS},
    {"flattop", GFP_WIN_FLATTOP},
};
#define NNAMED (sizeof named / sizeof *named)

/* Fills the window through the parser and compares every sample with the
 * formula: max abs error (all windows here are O(1)). */
static void check_window(const char *spec, size_t n, double tol)
{
    gfp_window w;
    gfp_status st = gfp_window_parse(spec, &w);
    TU_CHECK(st == GFP_OK, "parse '%s'", spec);
    if (st)
        return;
    double *out = malloc((n + 1) * sizeof *out);
    if (!out) {
        CU_FAIL("out of memory");
        return;
    }
    out[n] = 12345.0; /* guard */
    gfp_window_fill(&w, n, out);
    double worst = 0;
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        long double ref = ref_value(w.kind, w.beta, k, n);
        double e = (double)fabsl((long double)out[k] - ref);
        if (!(e <= worst)) { /* NaN sticks */
            worst = e;
            at = k;
            if (isnan(e))
                break;
        }
    }
    TU_CHECK(worst <= tol, "window %s n=%zu: max error %.3g at k=%zu "
             "(got %.17g, want %.17Lg)", spec, n, worst, at, out[at],
             ref_value(w.kind, w.beta, at, n));
    TU_CHECK(out[n] == 12345.0, "window %s n=%zu wrote past n", spec, n);
    free(out);
}

static void test_named_windows_against_formulas(void)
{
    for (size_t i = 0; i < NNAMED; i++) {
        for (size_t n = 1; n <= 130; n++)
            check_window(named[i].name, n, 3e-15);
        const size_t big[] = {255, 256, 1000, 1023, 1024, 4096, 65537};
        for (size_t j = 0; j < sizeof big / sizeof *big; j++)
            check_window(named[i].name, big[j], 3e-15);
    }
}

/* Values from scipy.signal.get_window(name, 8) and structural facts that
 * do not depend on the formula code above. */
static void test_known_values(void)
{
    gfp_window w;
    double v[16];
    const double hann8[8] = {0.0, 0.14644660940672624, 0.5,
                             0.8535533905932737, 1.0, 0.8535533905932737,
                             0.5, 0.14644660940672624};
    const double hamming8[8] = {0.08, 0.21473088065418822, 0.54,
                                0.8652691193458118, 1.0, 0.8652691193458118,
                                0.54, 0.21473088065418822};
    const double hann4[4] = {0.0, 0.5, 1.0, 0.5};
    TU_CHECK(gfp_window_parse("hann", &w) == GFP_OK, "parse hann");
    gfp_window_fill(&w, 8, v);
    for (int k = 0; k < 8; k++)
        TU_CHECK(fabs(v[k] - hann8[k]) < 1e-15, "hann(8)[%d] = %.17g", k,
                 v[k]);
    gfp_window_fill(&w, 4, v);
    for (int k = 0; k < 4; k++)
        TU_CHECK(fabs(v[k] - hann4[k]) < 1e-15, "hann(4)[%d] = %.17g", k,
                 v[k]);
    gfp_window_fill(&w, 2, v);
    TU_CHECK(fabs(v[0]) < 1e-15 && fabs(v[1] - 1) < 1e-15,
             "hann(2) = [%g %g], want [0 1]", v[0], v[1]);
    TU_CHECK(gfp_window_parse("hamming", &w) == GFP_OK, "parse hamming");
    gfp_window_fill(&w, 8, v);
    for (int k = 0; k < 8; k++)
        TU_CHECK(fabs(v[k] - hamming8[k]) < 1e-15, "hamming(8)[%d] = %.17g",
                 k, v[k]);
    /* blackman: 0.42 - 0.5 + 0.08 = 0 at k = 0, 1 at the centre. */
    TU_CHECK(gfp_window_parse("blackman", &w) == GFP_OK, "parse blackman");
    gfp_window_fill(&w, 16, v);
    TU_CHECK(fabs(v[0]) < 1e-15 && fabs(v[8] - 1) < 1e-15,
             "blackman(16): w[0] %g, w[8] %g", v[0], v[8]);
    /* blackman-harris: 6.0e-5 at k = 0, 1 at the centre. */
    TU_CHECK(gfp_window_parse("blackman-harris", &w) == GFP_OK, "parse bh");
    gfp_window_fill(&w, 16, v);
    TU_CHECK(fabs(v[0] - 6.0e-5) < 1e-15 && fabs(v[8] - 1) < 1e-15,
             "blackman-harris(16): w[0] %.17g, w[8] %.17g", v[0], v[8]);
    /* scipy's flattop peaks at 1.000000003 and dips below zero. */
    TU_CHECK(gfp_window_parse("flattop", &w) == GFP_OK, "parse flattop");
    gfp_window_fill(&w, 16, v);
    TU_CHECK(fabs(v[8] - 1.000000003) < 1e-12, "flattop(16) centre %.17g",
             v[8]);
    TU_CHECK(fabs(v[0] - (-0.000421051)) < 1e-12, "flattop(16) w[0] %.17g",
             v[0]);
    /* Every window of length 1 is [1] (scipy), kaiser included. */
    for (size_t i = 0; i < NNAMED; i++) {
        TU_CHECK(gfp_window_parse(named[i].name, &w) == GFP_OK, "parse %s",
                 named[i].name);
        v[0] = -7;
        gfp_window_fill(&w, 1, v);
        TU_CHECK(v[0] == 1.0, "%s(1) = %g", named[i].name, v[0]);
    }
    TU_CHECK(gfp_window_parse("kaiser:8.6", &w) == GFP_OK, "parse kaiser");
    v[0] = -7;
    gfp_window_fill(&w, 1, v);
    TU_CHECK(v[0] == 1.0, "kaiser(1) = %g", v[0]);
}

/* DFT-even symmetry w[k] == w[N-k] and the peak at N/2 for every window. */
static void test_periodic_symmetry(void)
{
    const char *specs[] = {"hann", "hamming", "blackman", "blackman-harris",
                           "flattop", "kaiser:0.5", "kaiser:6", "kaiser:14"};
    double v[200];
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        gfp_window w;
        TU_CHECK(gfp_window_parse(specs[i], &w) == GFP_OK, "parse %s",
                 specs[i]);
        for (size_t n = 2; n <= 200; n++) {
            gfp_window_fill(&w, n, v);
            double asym = 0;
            for (size_t k = 1; k < n; k++)
                asym = fmax(asym, fabs(v[k] - v[n - k]));
            double tol = w.kind == GFP_WIN_KAISER ? kaiser_tol(w.beta) : 4e-15;
            TU_CHECK(asym <= tol, "%s(%zu) not DFT-even: %.3g", specs[i], n,
                     asym);
            if (n % 2 == 0)
                TU_CHECK(fabs(v[n / 2] - (w.kind == GFP_WIN_FLATTOP
                                              ? 1.000000003 : 1.0)) < 1e-12,
                         "%s(%zu) centre %.17g", specs[i], n, v[n / 2]);
        }
    }
}

/* Kaiser: w[0] = 1 / I0(beta) (periodic), against tabulated I0 values
 * (Abramowitz & Stegun), then against the long double series for many
 * lengths and betas, large ones included. */
static void test_kaiser(void)
{
    static const struct { const char *spec; double i0; } tab[] = {
        {"kaiser:1", 1.2660658777520082},
        {"kaiser:5", 27.239871823604442},
        {"kaiser:10", 2815.7166284662544},
    };
    double v[64];
    for (size_t i = 0; i < sizeof tab / sizeof *tab; i++) {
        gfp_window w;
        TU_CHECK(gfp_window_parse(tab[i].spec, &w) == GFP_OK, "parse %s",
                 tab[i].spec);
        TU_CHECK(fabs((double)ref_i0(w.beta) / tab[i].i0 - 1) < 1e-15,
                 "reference I0(%g) disagrees with the table", w.beta);
        gfp_window_fill(&w, 64, v);
        TU_CHECK(fabs(v[0] * tab[i].i0 - 1) < 1e-14, "%s(64) w[0] = %.17g, "
                 "want 1/%.17g", tab[i].spec, v[0], tab[i].i0);
        TU_CHECK(fabs(v[32] - 1) < 1e-15, "%s(64) centre %.17g", tab[i].spec,
                 v[32]);
    }
    /* beta = 0 is the rectangular window. */
    gfp_window w;
    TU_CHECK(gfp_window_parse("kaiser:0", &w) == GFP_OK, "parse kaiser:0");
    gfp_window_fill(&w, 64, v);
    int ones = 1;
    for (int k = 0; k < 64; k++)
        ones &= v[k] == 1.0;
    TU_CHECK(ones, "kaiser:0 is not all ones");

    const char *betas[] = {"kaiser:0.1", "kaiser:2.5", "kaiser:8.6",
                           "kaiser:14", "kaiser:38", "kaiser:100",
                           "kaiser:300"};
    for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
        double tol = kaiser_tol(strtod(betas[b] + 7, NULL));
        for (size_t n = 1; n <= 70; n++)
            check_window(betas[b], n, tol);
        check_window(betas[b], 1000, tol);
        check_window(betas[b], 4097, tol);
    }
}

/* The parser accepts beta up to 1000, so the whole range must give a
 * usable window: finite values in [0, 1] that match the formula (scaled
 * by I0(beta), which overflows double near beta = 713). */
static void test_kaiser_large_beta(void)
{
    const char *betas[] = {"kaiser:500", "kaiser:700", "kaiser:720",
                           "kaiser:1000"};
    for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
        gfp_window w;
        TU_CHECK(gfp_window_parse(betas[b], &w) == GFP_OK, "parse %s",
                 betas[b]);
        double v[257];
        gfp_window_fill(&w, 256, v);
        int ok = 1;
        for (int k = 0; k < 256; k++)
            if (!(v[k] >= 0 && v[k] <= 1))
                ok = 0;
        TU_CHECK(ok, "%s(256): values outside [0, 1] (centre %g, w[1] %g)",
                 betas[b], v[128], v[1]);
        check_window(betas[b], 256, kaiser_tol(w.beta));
    }
}

static void test_parse(void)
{
    for (size_t i = 0; i < NNAMED; i++) {
        gfp_window w = {GFP_WIN_KAISER, 3};
        TU_CHECK(gfp_window_parse(named[i].name, &w) == GFP_OK &&
                     w.kind == named[i].kind,
                 "parse '%s'", named[i].name);
    }
    static const struct { const char *s; double beta; } good[] = {
        {"kaiser:0", 0}, {"kaiser:8.6", 8.6}, {"kaiser:14", 14},
        {"kaiser:1e1", 10}, {"kaiser:1000", 1000}, {"kaiser:0.5", 0.5},
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        gfp_window w = {GFP_WIN_RECT, -1};
        gfp_status st = gfp_window_parse(good[i].s, &w);
        TU_CHECK(st == GFP_OK && w.kind == GFP_WIN_KAISER &&
                     w.beta == good[i].beta,
                 "parse '%s' -> %d, beta %g", good[i].s, st, w.beta);
    }
    static const char *bad[] = {
        "", "kaiser", "kaiser:", "kaiser:x", "kaiser:-1", "kaiser:5x",
        "kaiser:nan", "kaiser:inf", "kaiser:1001", "kaiser:1e400",
        "kaiser 5", "kaiser=5", "hanning", "Hann", "HANN", "rect ", " rect",
        "blackmanharris", "blackman_harris", "flat-top", "hann:2",
        "rectangular", "boxcar", "gauss",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gfp_window w;
        TU_CHECK(gfp_window_parse(bad[i], &w) == GFP_EINVAL,
                 "parse '%s' should fail", bad[i]);
    }
}

int main(void)
{
    if (tu_init())
        return 99;
    tu_suite("windows");
    TU_TEST(test_named_windows_against_formulas);
    TU_TEST(test_known_values);
    TU_TEST(test_periodic_symmetry);
    TU_TEST(test_kaiser);
    TU_TEST(test_kaiser_large_beta);
    TU_TEST(test_parse);
    return tu_run();
}
