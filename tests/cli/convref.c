/* convref.c - a direct convolution in long double, the reference for
 * tests/cli/convolve.sh.
 *
 *   convref conv FMT_X X FMT_H H full|same   > ref (f64, or cf64 if complex)
 *   convref cmp FMT GOT FMT_REF REF TOL       exit 0 when the lengths match
 *                                            and ||got-ref|| / ||ref|| <= TOL
 * FMT: f32 f64 cf32 cf64 s16 (native byte order). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { long double *v; size_t n; int cplx; } sig;

static int fmt_parse(const char *f, int *cplx, int *kind)
{
    *cplx = f[0] == 'c';
    const char *b = f + *cplx;
    if (!strcmp(b, "f32")) *kind = 0;
    else if (!strcmp(b, "f64")) *kind = 1;
    else if (!strcmp(b, "s16")) *kind = 2;
    else return -1;
    return 0;
}

static sig load(const char *fmt, const char *path)
{
    sig s = {0};
    int kind;
    if (fmt_parse(fmt, &s.cplx, &kind)) {
        fprintf(stderr, "convref: unknown format %s\n", fmt);
        exit(2);
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t sz = kind == 0 ? 4 : kind == 1 ? 8 : 2, cap = 1024, n = 0;
    unsigned char *buf = malloc(cap * sz), tmp[8];
    s.v = malloc(cap * sizeof *s.v);
    while (fread(tmp, sz, 1, f) == 1) {
        if (n == cap) {
            cap *= 2;
            s.v = realloc(s.v, cap * sizeof *s.v);
        }
        long double x;
        if (kind == 0) { float t; memcpy(&t, tmp, 4); x = t; }
        else if (kind == 1) { double t; memcpy(&t, tmp, 8); x = t; }
        else { short t; memcpy(&t, tmp, 2); x = t / 32768.0L; }
        s.v[n++] = x;
    }
    fclose(f);
    free(buf);
    s.n = s.cplx ? n / 2 : n;
    return s;
}

static long double re(const sig *s, size_t i) { return s->v[s->cplx ? 2 * i : i]; }
static long double im(const sig *s, size_t i) { return s->cplx ? s->v[2 * i + 1] : 0; }

int main(int argc, char **argv)
{
    if (argc == 7 && !strcmp(argv[1], "conv")) {
        sig x = load(argv[2], argv[3]), h = load(argv[4], argv[5]);
        int same = !strcmp(argv[6], "same"), cplx = x.cplx || h.cplx;
        size_t ny = x.n ? (same ? x.n : x.n + h.n - 1) : 0;
        for (size_t n = 0; n < ny; n++) {
            long double ar = 0, ai = 0;
            size_t m0 = n + 1 > x.n ? n + 1 - x.n : 0;
            for (size_t m = m0; m < h.n && m <= n; m++) {
                long double xr = re(&x, n - m), xi = im(&x, n - m);
                long double hr = re(&h, m), hi = im(&h, m);
                ar += xr * hr - xi * hi;
                ai += xr * hi + xi * hr;
            }
            double o[2] = {(double)ar, (double)ai};
            fwrite(o, sizeof(double), cplx ? 2 : 1, stdout);
        }
        return ferror(stdout) ? 2 : 0;
    }
    if (argc == 7 && !strcmp(argv[1], "cmp")) {
        sig g = load(argv[2], argv[3]), r = load(argv[4], argv[5]);
        double tol = atof(argv[6]);
        if (g.n != r.n || g.cplx != r.cplx) {
            printf("length %zu%s, expected %zu%s\n", g.n, g.cplx ? " (c)" : "",
                   r.n, r.cplx ? " (c)" : "");
            return 1;
        }
        long double e = 0, t = 0;
        size_t ns = g.cplx ? 2 * g.n : g.n;
        for (size_t i = 0; i < ns; i++) {
            long double d = g.v[i] - r.v[i];
            e += d * d;
            t += r.v[i] * r.v[i];
        }
        double rel = t > 0 ? (double)sqrtl(e / t) : (double)sqrtl(e);
        printf("%zu samples, relative L2 error %.3g\n", g.n, rel);
        return rel <= tol ? 0 : 1;
    }
    fprintf(stderr, "usage: convref conv FMT_X X FMT_H H full|same\n"
                    "       convref cmp FMT GOT FMT_REF REF TOL\n");
    return 2;
}
