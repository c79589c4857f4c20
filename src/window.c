/* window.c - analysis windows, periodic (DFT-even) as
 * scipy.signal.get_window(..., fftbins=True) defines them. */
#include "config.h"
#include "gfp.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

gfp_status gfp_window_parse(const char *s, gfp_window *out)
{
    static const struct { const char *name; gfp_window_kind k; } names[] = {
        {"rect", GFP_WIN_RECT}, {"hann", GFP_WIN_HANN},
        {"hamming", GFP_WIN_HAMMING}, {"blackman", GFP_WIN_BLACKMAN},
        {"blackman-harris", GFP_WIN_BLACKMAN_HARRIS},
        {"flattop", GFP_WIN_FLATTOP},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(s, names[i].name)) {
            out->kind = names[i].k;
            out->beta = 0;
            return GFP_OK;
        }
    if (!strncmp(s, "kaiser:", 7)) {
        char *end;
        double b = strtod(s + 7, &end);
        if (end == s + 7 || *end || !isfinite(b) || b < 0 || b > 1000)
            return GFP_EINVAL;
        out->kind = GFP_WIN_KAISER;
        out->beta = b;
        return GFP_OK;
    }
    return GFP_EINVAL;
}

/* Modified Bessel function of the first kind, order 0, by its series, in
 * long double: I0(beta) overflows double above beta ~ 713 and the parser
 * takes beta up to 1000. The terms grow until k ~ x/2, so sum until they
 * are negligible rather than for a fixed count. */
static long double bessel_i0(double x)
{
    long double sum = 1, term = 1, q = (long double)x * x / 4;
    for (int k = 1; k < 100000; k++) {
        term *= q / ((long double)k * k);
        sum += term;
        if (k > x / 2 && term < sum * LDBL_EPSILON)
            break;
    }
    return sum;
}

static double cosine_sum(const double *a, int na, size_t k, size_t n)
{
    double x = 2 * M_PI * (double)k / (double)n, v = 0, sign = 1;
    for (int j = 0; j < na; j++, sign = -sign)
        v += sign * a[j] * cos(j * x);
    return v;
}

void gfp_window_fill(const gfp_window *w, size_t n, double *out)
{
    static const double hann[] = {0.5, 0.5};
    static const double hamming[] = {0.54, 0.46};
    static const double blackman[] = {0.42, 0.5, 0.08};
    static const double bh[] = {0.35875, 0.48829, 0.14128, 0.01168};
    static const double flattop[] = {0.21557895, 0.41663158, 0.277263158,
                                     0.083578947, 0.006947368};
    const double *a = NULL;
    int na = 0;
    /* A window of one sample is that sample, unweighted (as scipy). */
    if (n == 1) {
        out[0] = 1;
        return;
    }
    switch (w->kind) {
    case GFP_WIN_RECT:
        for (size_t k = 0; k < n; k++)
            out[k] = 1;
        return;
    case GFP_WIN_KAISER: {
        long double i0b = bessel_i0(w->beta);
        for (size_t k = 0; k < n; k++) {
            double r = 2.0 * (double)k / (double)n - 1.0;
            out[k] = (double)(bessel_i0(w->beta * sqrt(fmax(0, 1 - r * r))) /
                              i0b);
        }
        return;
    }
    case GFP_WIN_HANN: a = hann; na = 2; break;
    case GFP_WIN_HAMMING: a = hamming; na = 2; break;
    case GFP_WIN_BLACKMAN: a = blackman; na = 3; break;
    case GFP_WIN_BLACKMAN_HARRIS: a = bh; na = 4; break;
    case GFP_WIN_FLATTOP: a = flattop; na = 5; break;
    }
    for (size_t k = 0; k < n; k++)
        out[k] = cosine_sum(a, na, k, n);
}
