/* refdft.c - an independent reference for the CLI tests in tests/cli.
 *
 * It shares no code with gfftpipe (it does not link libgfp): formats,
 * windows, framing, normalisation and post-ops are written again here from
 * their definitions, and every transform is computed in double precision
 * with FFTW's plain 1-D complex plan (fftw_plan_dft_1d; real input is fed
 * as complex with zero imaginary parts, half spectra are completed by
 * Hermitian symmetry), or by a direct DFT in long double for N <= 64.
 *
 *   refdft gen FMT COUNT SEED          COUNT pseudo-random items to stdout
 *   refdft fromtext FMT                text numbers (raw sample values) on
 *                                      stdin -> raw FMT on stdout ('#'
 *                                      starts a comment, in TXT files too)
 *   refdft totext FMT FILE             raw -> one raw sample value a line
 *   refdft check [OPTS] IN GOT         compute what gfftpipe should give
 *                                      for IN and compare with GOT
 *   refdft dft [OPTS] IN OUT           write that expectation to OUT
 *   refdft cmp FMT_A A FMT_B B TOL     relative L2 between two files
 *   refdft cmptext FMT FILE TXT TOL    FILE's raw values against a text
 *   refdft nonfinite FMT FILE PER      count of NaN/Inf values per PER
 *   refdft trickle CHUNK USEC          copy stdin to stdout CHUNK bytes
 *                                      per write, USEC apart
 *
 * OPTS are gfftpipe's own fft/ifft options (--n --hop --window --in-format
 * --out-format --out --norm --shift --full --average --peak --tail
 * --real-out), plus --inverse (ifft) and --tol T (check; default 1e-5).
 * gfftpipe's other options (--precision --engine --threads --wisdom -q -v)
 * are accepted and ignored, so a test can pass one option list to both.
 * Values in files are scaled as gfftpipe scales them: integers to [-1, 1),
 * u8 centred at 128. check prints "rel_l2 = E" and exits 1 above the
 * tolerance; every other failure exits 2. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static void die(const char *fmt, const char *arg)
{
    fprintf(stderr, "refdft: ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(2);
}

/* ---- formats ------------------------------------------------------------ */

enum { U8, S8, S16, S32, F32, F64 };
typedef struct fmt { int s, cplx, be; } fmt;

static int host_be(void)
{
    uint16_t one = 1;
    return *(unsigned char *)&one == 0;
}

static fmt parse_fmt(const char *name)
{
    static const char *names[] = {"u8", "s8", "s16", "s32", "f32", "f64"};
    fmt f = {0, 0, host_be()};
    const char *p = name;
    if (*p == 'c') {
        f.cplx = 1;
        p++;
    }
    for (int i = 0; i < 6; i++) {
        size_t l = strlen(names[i]);
        if (strncmp(p, names[i], l))
            continue;
        if (!strcmp(p + l, "le"))
            f.be = 0;
        else if (!strcmp(p + l, "be"))
            f.be = 1;
        else if (p[l])
            continue;
        f.s = i;
        return f;
    }
    die("unknown format '%s'", name);
    return f;
}

static size_t sbytes(fmt f)
{
    static const size_t b[] = {1, 1, 2, 4, 4, 8};
    return b[f.s];
}

static void bytes_order(unsigned char *p, size_t n, int be)
{
    if (be == host_be())
        return;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned char t = p[i];
        p[i] = p[n - 1 - i];
        p[n - 1 - i] = t;
    }
}

/* The raw value of one sample: the integer itself, or the float. */
static double load_raw(fmt f, const unsigned char *src)
{
    unsigned char b[8];
    memcpy(b, src, sbytes(f));
    bytes_order(b, sbytes(f), f.be);
    switch (f.s) {
    case U8: return b[0];
    case S8: return (int8_t)b[0];
    case S16: { int16_t v; memcpy(&v, b, 2); return v; }
    case S32: { int32_t v; memcpy(&v, b, 4); return v; }
    case F32: { float v; memcpy(&v, b, 4); return v; }
    default: { double v; memcpy(&v, b, 8); return v; }
    }
}

/* Raw value -> the scaled value gfftpipe works on. */
static double scale_in(fmt f, double raw)
{
    switch (f.s) {
    case U8: return (raw - 128.0) / 128.0;
    case S8: return raw / 128.0;
    case S16: return raw / 32768.0;
    case S32: return raw / 2147483648.0;
    default: return raw;
    }
}

static void store_raw(fmt f, double v, unsigned char *dst)
{
    unsigned char b[8];
    static const double lo[] = {0, -128, -32768, -2147483648.0};
    static const double hi[] = {255, 127, 32767, 2147483647.0};
    if (f.s <= S32) {
        v = isnan(v) ? 0 : nearbyint(v);
        v = v < lo[f.s] ? lo[f.s] : v > hi[f.s] ? hi[f.s] : v;
    }
    switch (f.s) {
    case U8: b[0] = (uint8_t)v; break;
    case S8: b[0] = (uint8_t)(int8_t)v; break;
    case S16: { int16_t x = (int16_t)v; memcpy(b, &x, 2); break; }
    case S32: { int32_t x = (int32_t)v; memcpy(b, &x, 4); break; }
    case F32: { float x = (float)v; memcpy(b, &x, 4); break; }
    default: memcpy(b, &v, 8);
    }
    bytes_order(b, sbytes(f), f.be);
    memcpy(dst, b, sbytes(f));
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *fp = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!fp)
        die("cannot open '%s'", path);
    size_t cap = 1 << 16, n = 0, r;
    unsigned char *buf = malloc(cap);
    while (buf && (r = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += r;
        if (n == cap && !(buf = realloc(buf, cap *= 2)))
            break;
    }
    if (!buf)
        die("out of memory reading '%s'", path);
    if (fp != stdin)
        fclose(fp);
    *len = n;
    return buf;
}

/* Reads a whole file of format f: scalars (2 per complex item), raw or
 * scaled. */
static double *read_vals(const char *path, fmt f, int scaled, size_t *count)
{
    size_t len;
    unsigned char *b = slurp(path, &len);
    size_t sb = sbytes(f);
    if (len % (sb * (f.cplx ? 2 : 1)))
        die("'%s' does not hold whole items", path);
    size_t n = len / sb;
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        die("out of memory for '%s'", path);
    for (size_t i = 0; i < n; i++) {
        double r = load_raw(f, b + i * sb);
        v[i] = scaled ? scale_in(f, r) : r;
    }
    free(b);
    *count = n;
    return v;
}

static void write_raw(FILE *fp, fmt f, const double *v, size_t n)
{
    unsigned char b[8];
    for (size_t i = 0; i < n; i++) {
        store_raw(f, v[i], b);
        if (fwrite(b, sbytes(f), 1, fp) != 1)
            die("%s", "write error");
    }
}

/* ---- windows, as scipy.signal.get_window(w, n, fftbins=True) ------------ */

static long double i0l(long double x)
{
    /* I0(x) = sum_k ((x/2)^k / k!)^2 */
    long double term = 1, sum = 1, h = x / 2;
    for (int k = 1; k < 1000 && term > sum * 1e-21L; k++) {
        term *= (h / k) * (h / k);
        sum += term;
    }
    return sum;
}

static void make_window(const char *w, size_t n, double *out)
{
    static const struct { const char *name; int na; double a[5]; } cos_w[] = {
        {"rect", 1, {1}},
        {"hann", 2, {0.5, 0.5}},
        {"hamming", 2, {0.54, 0.46}},
        {"blackman", 3, {0.42, 0.5, 0.08}},
        {"blackman-harris", 4, {0.35875, 0.48829, 0.14128, 0.01168}},
        {"flattop", 5, {0.21557895, 0.41663158, 0.277263158, 0.083578947,
                        0.006947368}},
    };
    for (size_t j = 0; j < n; j++)
        out[j] = 1;
    if (n == 1)
        return; /* scipy: a window of one point is [1] */
    if (!strncmp(w, "kaiser:", 7)) {
        long double beta = strtold(w + 7, NULL), d = i0l(beta);
        for (size_t j = 0; j < n; j++) {
            /* symmetric Kaiser of n+1 points, last one dropped */
            long double r = 2.0L * j / n - 1;
            out[j] = (double)(i0l(beta * sqrtl(1 - r * r)) / d);
        }
        return;
    }
    for (size_t i = 0; i < sizeof cos_w / sizeof *cos_w; i++) {
        if (strcmp(w, cos_w[i].name))
            continue;
        for (size_t j = 0; j < n; j++) {
            long double v = 0, x = 2 * (long double)M_PI * j / n;
            for (int k = 0; k < cos_w[i].na; k++)
                v += (k % 2 ? -1 : 1) * cos_w[i].a[k] * cosl(k * x);
            out[j] = (double)v;
        }
        return;
    }
    die("unknown window '%s'", w);
}

/* ---- the DFT ------------------------------------------------------------- */

typedef struct dft {
    size_t n;
    int sign;
    fftw_complex *buf;
    fftw_plan plan;
    long double *cs, *sn; /* twiddles for the direct long double DFT */
} dft;

static void dft_init(dft *d, size_t n, int sign)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->sign = sign;
    d->buf = fftw_malloc(n * sizeof *d->buf);
    if (!d->buf)
        die("%s", "out of memory");
    if (n <= 64) {
        d->cs = malloc(n * sizeof *d->cs);
        d->sn = malloc(n * sizeof *d->sn);
        for (size_t m = 0; m < n; m++) {
            long double a = 2 * 3.141592653589793238462643383279503L * m / n;
            d->cs[m] = cosl(a);
            d->sn[m] = sign * sinl(a);
        }
    } else {
        d->plan = fftw_plan_dft_1d((int)n, d->buf, d->buf, sign,
                                   FFTW_ESTIMATE);
    }
}

/* In place on d->buf. */
static void dft_run(dft *d)
{
    size_t n = d->n;
    if (d->plan) {
        fftw_execute(d->plan);
        return;
    }
    long double re[64], im[64];
    for (size_t k = 0; k < n; k++) {
        long double sr = 0, si = 0;
        for (size_t j = 0; j < n; j++) {
            size_t m = (j * k) % n;
            long double xr = d->buf[j][0], xi = d->buf[j][1];
            sr += xr * d->cs[m] - xi * d->sn[m];
            si += xr * d->sn[m] + xi * d->cs[m];
        }
        re[k] = sr;
        im[k] = si;
    }
    for (size_t k = 0; k < n; k++) {
        d->buf[k][0] = (double)re[k];
        d->buf[k][1] = (double)im[k];
    }
}

/* ---- what gfftpipe fft / ifft should output ------------------------------- */

enum { M_COMPLEX, M_MAG, M_POWER, M_DB, M_PHASE };

typedef struct opts {
    size_t n, hop, average;
    const char *window, *in_fmt, *out_fmt, *tail;
    int mode, norm, shift, full, peak, inverse, real_out;
    double tol;
} opts;

typedef struct result {
    double *v;   /* output scalars */
    double *pw;  /* |X|^2 per output value (phase masking) */
    size_t count, cap;
    int cplx;
} result;

static void put(result *r, double v, double pw)
{
    if (r->count == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 4096;
        r->v = realloc(r->v, r->cap * sizeof *r->v);
        r->pw = realloc(r->pw, r->cap * sizeof *r->pw);
        if (!r->v || !r->pw)
            die("%s", "out of memory");
    }
    r->v[r->count] = v;
    r->pw[r->count++] = pw;
}

static double from_power(int mode, double p)
{
    if (mode == M_MAG)
        return sqrt(p);
    if (mode == M_DB)
        return 10 * log10(p < 1e-30 ? 1e-30 : p);
    return p;
}

static void compute(const opts *o, const double *x, size_t nscal, result *r)
{
    fmt in = parse_fmt(o->in_fmt);
    size_t n = o->n, nc = in.cplx ? 2 : 1;
    size_t total = nscal / nc;            /* items */
    size_t flen = n, hop = o->hop ? o->hop : n;
    if (o->inverse) {
        if (!in.cplx)
            die("%s", "ifft input must be complex");
        flen = o->real_out ? n / 2 + 1 : n;
        hop = flen;
    }
    int drop = o->tail && !strcmp(o->tail, "drop");
    double scale = 1;
    if (o->norm == 1)
        scale = 1 / sqrt((double)n);
    else if (o->norm == (o->inverse ? 0 : 2))
        scale = 1 / (double)n;
    double *w = malloc(n * sizeof *w);
    make_window(o->window ? o->window : "rect", n, w);
    dft d;
    dft_init(&d, n, o->inverse ? FFTW_BACKWARD : FFTW_FORWARD);
    size_t bins = (!o->inverse && !in.cplx && !o->full) ? n / 2 + 1 : n;
    double *acc = calloc(bins, sizeof *acc), *X = malloc(2 * n * sizeof *X);
    size_t acc_n = 0;
    r->cplx = o->mode == M_COMPLEX && !o->real_out;
    size_t prev_end = 0;
    for (size_t s = 0; s < total; s += hop) {
        int whole = s + flen <= total;
        if (!whole && (drop || prev_end >= total))
            break;
        prev_end = s + flen;
        /* the frame, zero-padded past the end of the input */
        for (size_t j = 0; j < n; j++)
            d.buf[j][0] = d.buf[j][1] = 0;
        if (o->inverse) {
            double Y[2 * 64 + 2], *fr = n <= 64 ? Y : malloc(2 * n * sizeof *fr);
            for (size_t j = 0; j < flen; j++) {
                int in_range = s + j < total;
                fr[2 * j] = in_range ? x[2 * (s + j)] : 0;
                fr[2 * j + 1] = in_range ? x[2 * (s + j) + 1] : 0;
            }
            for (size_t k = 0; k < n; k++) {
                size_t src = o->shift ? (k + n / 2) % n : k; /* ifftshift */
                if (o->real_out && k >= flen) {
                    d.buf[k][0] = fr[2 * (n - k)];   /* Hermitian */
                    d.buf[k][1] = -fr[2 * (n - k) + 1];
                } else {
                    d.buf[k][0] = fr[2 * src];
                    d.buf[k][1] = fr[2 * src + 1];
                }
            }
            if (fr != Y)
                free(fr);
        } else {
            for (size_t j = 0; j < n && s + j < total; j++)
                for (size_t c = 0; c < nc; c++)
                    d.buf[j][c] = x[(s + j) * nc + c] * w[j];
        }
        dft_run(&d);
        for (size_t k = 0; k < n; k++) {
            X[2 * k] = d.buf[k][0] * scale;
            X[2 * k + 1] = d.buf[k][1] * scale;
        }
        if (o->inverse) {
            for (size_t k = 0; k < n; k++) {
                put(r, X[2 * k], 1);
                if (!o->real_out)
                    put(r, X[2 * k + 1], 1);
            }
            continue;
        }
        if (o->average > 1) {
            for (size_t k = 0; k < bins; k++) {
                double p = X[2 * k] * X[2 * k] + X[2 * k + 1] * X[2 * k + 1];
                acc[k] = o->peak ? (acc_n == 0 || p > acc[k] ? p : acc[k])
                                 : acc[k] + p;
            }
            if (++acc_n < o->average)
                continue;
        }
        for (size_t j = 0; j < bins; j++) {
            /* fftshift: output j shows bin j - bins/2 */
            size_t k = o->shift ? (j + bins - bins / 2) % bins : j;
            double re = X[2 * k], im = X[2 * k + 1], p = re * re + im * im;
            if (o->average > 1) {
                double a = o->peak ? acc[k] : acc[k] / (double)acc_n;
                put(r, from_power(o->mode, a), a);
                continue;
            }
            switch (o->mode) {
            case M_COMPLEX: put(r, re, p); put(r, im, p); break;
            case M_PHASE: put(r, atan2(im, re), p); break;
            default: put(r, from_power(o->mode, p), p);
            }
        }
        if (o->average > 1) {
            acc_n = 0;
            memset(acc, 0, bins * sizeof *acc);
        }
    }
    if (o->average > 1 && acc_n > 0 && !drop) {
        /* the short last group, kept under --tail pad */
        for (size_t j = 0; j < bins; j++) {
            size_t k = o->shift ? (j + bins - bins / 2) % bins : j;
            double a = o->peak ? acc[k] : acc[k] / (double)acc_n;
            put(r, from_power(o->mode, a), a);
        }
    }
    free(acc);
    free(X);
    free(w);
}

/* gfftpipe's default output format for these options. */
static const char *default_out(const opts *o)
{
    fmt in = parse_fmt(o->in_fmt);
    int wide = in.s == F64;
    if (o->inverse)
        return o->real_out ? (wide ? "f64" : "f32") : (wide ? "cf64" : "cf32");
    if (o->mode != M_COMPLEX)
        return "f32";
    return wide ? "cf64" : "cf32";
}

/* Relative L2 error of got against ref; phase compares angles modulo 2 pi
 * and skips bins too weak to have a meaningful phase. */
static double rel_l2(const double *got, const double *ref, const double *pw,
                     size_t n, int phase)
{
    long double num = 0, den = 0, pmax = 0;
    if (phase)
        for (size_t i = 0; i < n; i++)
            pmax = pw[i] > pmax ? pw[i] : pmax;
    for (size_t i = 0; i < n; i++) {
        double e = got[i] - ref[i];
        if (isnan(got[i]) && isnan(ref[i]))
            e = 0;
        if (isinf(got[i]) && got[i] == ref[i])
            e = 0;
        if (phase) {
            if (pw[i] < 1e-10 * pmax)
                continue;
            e = remainder(e, 2 * M_PI);
        }
        num += (long double)e * e;
        den += (long double)ref[i] * ref[i];
    }
    if (num == 0)
        return 0;
    if (!(num == num))
        return INFINITY;
    return (double)sqrtl(num / (den > 0 ? den : 1e-300L));
}

static void parse_opts(int argc, char **argv, opts *o, char **pos, int npos)
{
    int np = 0;
    memset(o, 0, sizeof *o);
    o->in_fmt = "cf32";
    o->average = 1;
    o->tol = 1e-5;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define ARG(name) (!strcmp(a, name) && (v || (die("%s needs a value", a), 0)) && ++i)
        if (ARG("--n")) o->n = strtoul(v, NULL, 10);
        else if (ARG("--hop")) o->hop = strtoul(v, NULL, 10);
        else if (ARG("--average")) o->average = strtoul(v, NULL, 10);
        else if (ARG("--window")) o->window = v;
        else if (ARG("--in-format")) o->in_fmt = v;
        else if (ARG("--out-format")) o->out_fmt = v;
        else if (ARG("--tail")) o->tail = v;
        else if (ARG("--tol")) o->tol = strtod(v, NULL);
        else if (ARG("--out")) {
            static const char *m[] = {"complex", "mag", "power", "db", "phase"};
            o->mode = -1;
            for (int k = 0; k < 5; k++)
                if (!strcmp(v, m[k]))
                    o->mode = k;
            if (o->mode < 0)
                die("unknown --out '%s'", v);
        } else if (ARG("--norm")) {
            o->norm = !strcmp(v, "ortho") ? 1 : !strcmp(v, "forward") ? 2 : 0;
        } else if (ARG("--precision") || ARG("--engine") || ARG("--threads") ||
                   ARG("--wisdom")) {
            /* gfftpipe's; nothing to do with the expected values */
        } else if (!strcmp(a, "--shift")) o->shift = 1;
        else if (!strcmp(a, "--full")) o->full = 1;
        else if (!strcmp(a, "--peak")) o->peak = 1;
        else if (!strcmp(a, "--inverse")) o->inverse = 1;
        else if (!strcmp(a, "--real-out")) o->real_out = 1;
        else if (!strcmp(a, "-q") || !strcmp(a, "-v")) {
        } else if (a[0] == '-' && a[1]) die("unknown option '%s'", a);
        else if (np < npos) pos[np++] = argv[i];
        else die("too many arguments at '%s'", a);
#undef ARG
    }
    if (np != npos || o->n == 0)
        die("%s", "usage: refdft check|dft [OPTS] --n N IN GOT");
}

/* ---- small modes ---------------------------------------------------------- */

static uint64_t rng;
static uint64_t next_u64(void)
{
    /* splitmix64 */
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int mode_gen(fmt f, size_t count, uint64_t seed)
{
    rng = seed;
    size_t n = count * (f.cplx ? 2 : 1);
    unsigned char b[8];
    for (size_t i = 0; i < n; i++) {
        uint64_t u = next_u64();
        double v;
        switch (f.s) {
        case U8: v = (double)(u >> 56); break;
        case S8: v = (double)(int8_t)(u >> 56); break;
        case S16: v = (double)(int16_t)(u >> 48); break;
        case S32: v = (double)(int32_t)(u >> 32); break;
        default: v = (double)(u >> 11) * 0x1p-52 - 1.0; /* [-1, 1) */
        }
        store_raw(f, v, b);
        if (fwrite(b, sbytes(f), 1, stdout) != 1)
            die("%s", "write error");
    }
    return fflush(stdout) ? 2 : 0;
}

static int mode_fromtext(fmt f)
{
    char tok[128];
    unsigned char b[8];
    while (scanf("%127s", tok) == 1) {
        if (tok[0] == '#') { /* comment to the end of the line */
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            continue;
        }
        char *end;
        double v = strtod(tok, &end);
        if (*end)
            die("not a number: '%s'", tok);
        store_raw(f, v, b);
        if (fwrite(b, sbytes(f), 1, stdout) != 1)
            die("%s", "write error");
    }
    return fflush(stdout) ? 2 : 0;
}

static double *read_text(const char *path, size_t *count)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        die("cannot open '%s'", path);
    size_t n = 0, cap = 64;
    double *v = malloc(cap * sizeof *v);
    char tok[128];
    while (fscanf(fp, "%127s", tok) == 1) {
        if (tok[0] == '#') { /* comment to the end of the line */
            int c;
            while ((c = fgetc(fp)) != EOF && c != '\n')
                ;
            continue;
        }
        char *end;
        if (n == cap)
            v = realloc(v, (cap *= 2) * sizeof *v);
        v[n++] = strtod(tok, &end);
        if (*end)
            die("not a number: '%s'", tok);
    }
    fclose(fp);
    *count = n;
    return v;
}

static int mode_trickle(size_t chunk, long usec)
{
    char buf[4096];
    if (chunk == 0 || chunk > sizeof buf)
        die("%s", "trickle: CHUNK must be 1..4096");
    for (;;) {
        ssize_t r = read(0, buf, chunk);
        if (r == 0)
            return 0;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            die("%s", "read error");
        }
        for (ssize_t off = 0; off < r;) {
            ssize_t w = write(1, buf + off, (size_t)(r - off));
            if (w < 0 && errno != EINTR)
                return 2;
            off += w > 0 ? w : 0;
        }
        if (usec > 0) {
            struct timespec ts = {usec / 1000000, (usec % 1000000) * 1000};
            nanosleep(&ts, NULL);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 2)
        die("%s", "usage: refdft gen|fromtext|totext|check|dft|cmp|cmptext|"
                  "nonfinite|trickle ...");
    const char *m = argv[1];
    if (!strcmp(m, "gen") && argc == 5)
        return mode_gen(parse_fmt(argv[2]), strtoull(argv[3], NULL, 10),
                        strtoull(argv[4], NULL, 10));
    if (!strcmp(m, "fromtext") && argc == 3)
        return mode_fromtext(parse_fmt(argv[2]));
    if (!strcmp(m, "trickle") && argc == 4)
        return mode_trickle(strtoul(argv[2], NULL, 10), atol(argv[3]));
    if (!strcmp(m, "totext") && argc == 4) {
        size_t n;
        double *v = read_vals(argv[3], parse_fmt(argv[2]), 0, &n);
        for (size_t i = 0; i < n; i++)
            printf("%.17g\n", v[i]);
        return 0;
    }
    if (!strcmp(m, "nonfinite") && argc == 5) {
        size_t n, per = strtoul(argv[4], NULL, 10);
        double *v = read_vals(argv[3], parse_fmt(argv[2]), 0, &n);
        if (per == 0)
            die("%s", "PER must be >= 1");
        for (size_t f = 0; f * per < n; f++) {
            size_t bad = 0;
            for (size_t i = f * per; i < n && i < (f + 1) * per; i++)
                bad += !isfinite(v[i]);
            printf("%zu\n", bad);
        }
        return 0;
    }
    if ((!strcmp(m, "cmp") && argc == 7) ||
        (!strcmp(m, "cmptext") && argc == 6)) {
        int text = m[3] == 't';
        size_t na, nb;
        fmt fa = parse_fmt(argv[2]);
        double *a = read_vals(argv[3], fa, !text, &na);
        double *b = text ? read_text(argv[4], &nb)
                         : read_vals(argv[5], parse_fmt(argv[4]), 1, &nb);
        double tol = strtod(argv[text ? 5 : 6], NULL);
        if (na != nb) {
            printf("count mismatch: %zu values against %zu\n", na, nb);
            return 1;
        }
        double e = rel_l2(a, b, NULL, na, 0);
        printf("rel_l2 = %.3g (tol %.3g, %zu values)\n", e, tol, na);
        return e <= tol ? 0 : 1;
    }
    if ((!strcmp(m, "check") || !strcmp(m, "dft")) && argc >= 4) {
        opts o;
        char *pos[2];
        parse_opts(argc - 2, argv + 2, &o, pos, 2);
        size_t nx;
        double *x = read_vals(pos[0], parse_fmt(o.in_fmt), 1, &nx);
        result r = {0};
        compute(&o, x, nx, &r);
        fmt of = parse_fmt(o.out_fmt ? o.out_fmt : default_out(&o));
        if (!strcmp(m, "dft")) {
            FILE *fp = fopen(pos[1], "wb");
            if (!fp)
                die("cannot create '%s'", pos[1]);
            if (of.s <= S32) {
                /* to raw integers, as gfftpipe scales them */
                static const double sc[] = {128, 128, 32768, 2147483648.0};
                for (size_t i = 0; i < r.count; i++)
                    r.v[i] = r.v[i] * sc[of.s] + (of.s == U8 ? 128 : 0);
            }
            write_raw(fp, of, r.v, r.count);
            return fclose(fp) ? 2 : 0;
        }
        size_t ng;
        double *g = read_vals(pos[1], of, 1, &ng);
        if (ng != r.count) {
            printf("size mismatch: got %zu values, expected %zu\n", ng,
                   r.count);
            return 1;
        }
        double e = rel_l2(g, r.v, r.pw, ng, o.mode == M_PHASE);
        printf("rel_l2 = %.3g (tol %.3g, %zu values)\n", e, o.tol, ng);
        return e <= o.tol ? 0 : 1;
    }
    die("bad arguments for '%s' (see the comment at the top of refdft.c)", m);
    return 2;
}
