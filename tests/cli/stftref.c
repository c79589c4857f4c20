/* stftref.c - an independent STFT for the spectrogram tests: FFTW in double
 * precision on the same frames, and a reader for the .npy matrices that
 * `gfftpipe spectrogram --raw` writes.
 *
 *   stftref frames NSAMPLES N HOP          frames the spectrogram makes (tail padded)
 *   stftref compare M.npy IN.s16 N HOP WIN  max |P - Pref| / max Pref (exit 1 above 1e-4)
 *   stftref peak M.npy COL                  "row value" of the largest value in COL
 *   stftref max M.npy                       the largest value in the matrix
 *
 * IN.s16 is little-endian 16-bit mono. P = 10^(dB/10) from the matrix
 * (rows = bins, cols = frames); Pref = |FFT(w x)|^2 * 4 / (sum w)^2. */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static float *load_npy(const char *path, long *rows, long *cols)
{
    FILE *f = fopen(path, "rb");
    unsigned char h[10];
    if (!f || fread(h, 1, 10, f) != 10 || memcmp(h, "\x93NUMPY\x01\x00", 8)) {
        fprintf(stderr, "stftref: %s is not a .npy v1.0\n", path);
        exit(2);
    }
    size_t hl = h[8] | (size_t)h[9] << 8;
    char *d = calloc(1, hl + 1);
    if (fread(d, 1, hl, f) != hl || (10 + hl) % 64 || d[hl - 1] != '\n' ||
        !strstr(d, "'descr': '<f4'") || !strstr(d, "'fortran_order': False") ||
        sscanf(strstr(d, "'shape': (") + 10, "%ld, %ld)", rows, cols) != 2) {
        fprintf(stderr, "stftref: %s: unexpected header '%s'\n", path, d);
        exit(2);
    }
    free(d);
    size_t n = (size_t)*rows * (size_t)*cols;
    float *m = malloc(n * sizeof *m + 1);
    if (fread(m, sizeof *m, n, f) != n || fgetc(f) != EOF) {
        fprintf(stderr, "stftref: %s: data is not %ld x %ld floats\n", path,
                *rows, *cols);
        exit(2);
    }
    fclose(f);
    return m;
}

static long nframes(long ns, long n, long hop)
{
    return ns <= n ? 1 : (ns - n + hop - 1) / hop + 1;
}

static void window(const char *name, long n, double *w)
{
    static const double hann[] = {0.5, 0.5}, hamming[] = {0.54, 0.46},
                        bl[] = {0.42, 0.5, 0.08},
                        bh[] = {0.35875, 0.48829, 0.14128, 0.01168},
                        ft[] = {0.21557895, 0.41663158, 0.277263158,
                                0.083578947, 0.006947368};
    const double *a = NULL;
    int na = 0;
    if (!strcmp(name, "rect")) { for (long k = 0; k < n; k++) w[k] = 1; return; }
    if (!strcmp(name, "hann")) { a = hann; na = 2; }
    else if (!strcmp(name, "hamming")) { a = hamming; na = 2; }
    else if (!strcmp(name, "blackman")) { a = bl; na = 3; }
    else if (!strcmp(name, "blackman-harris")) { a = bh; na = 4; }
    else if (!strcmp(name, "flattop")) { a = ft; na = 5; }
    else { fprintf(stderr, "stftref: window %s?\n", name); exit(2); }
    for (long k = 0; k < n; k++) {
        double v = 0;
        for (int j = 0; j < na; j++)
            v += (j % 2 ? -1 : 1) * a[j] * cos(2 * M_PI * j * k / (double)n);
        w[k] = v;
    }
}

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "frames")) {
        printf("%ld\n", nframes(atol(argv[2]), atol(argv[3]), atol(argv[4])));
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "max")) {
        long r, c;
        float *m = load_npy(argv[2], &r, &c);
        float mx = -INFINITY;
        for (long i = 0; i < r * c; i++)
            mx = m[i] > mx ? m[i] : mx;
        printf("%.6f\n", mx);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "peak")) {
        long r, c, col = atol(argv[3]), best = 0;
        float *m = load_npy(argv[2], &r, &c);
        if (col < 0 || col >= c)
            return 2;
        for (long i = 1; i < r; i++)
            if (m[i * c + col] > m[best * c + col])
                best = i;
        printf("%ld %.6f\n", best, m[best * c + col]);
        return 0;
    }
    if (argc != 7 || strcmp(argv[1], "compare")) {
        fprintf(stderr, "usage: see stftref.c\n");
        return 2;
    }
    long r, c, n = atol(argv[4]), hop = atol(argv[5]);
    float *m = load_npy(argv[2], &r, &c);
    FILE *f = fopen(argv[3], "rb");
    if (!f)
        return 2;
    fseek(f, 0, SEEK_END);
    long ns = ftell(f) / 2;
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)ns * 2 + 1);
    if (fread(b, 2, (size_t)ns, f) != (size_t)ns)
        return 2;
    fclose(f);
    long F = nframes(ns, n, hop), bins = n / 2 + 1;
    if (r != bins || c != F) {
        fprintf(stderr, "stftref: matrix is %ld x %ld, expected %ld x %ld\n",
                r, c, bins, F);
        return 1;
    }
    double *w = malloc(n * sizeof *w), *x = fftw_malloc(n * sizeof *x), sw = 0;
    fftw_complex *X = fftw_malloc(bins * sizeof *X);
    double *ref = malloc((size_t)F * bins * sizeof *ref), mx = 0, worst = 0;
    window(argv[6], n, w);
    for (long k = 0; k < n; k++)
        sw += w[k];
    fftw_plan p = fftw_plan_dft_r2c_1d((int)n, x, X, FFTW_ESTIMATE);
    for (long t = 0; t < F; t++) {
        for (long k = 0; k < n; k++) {
            long i = t * hop + k;
            double v = 0;
            if (i < ns) {
                int s = b[2 * i] | b[2 * i + 1] << 8;
                v = (s >= 32768 ? s - 65536 : s) / 32768.0;
            }
            x[k] = v * w[k];
        }
        fftw_execute(p);
        for (long k = 0; k < bins; k++) {
            double pw = (X[k][0] * X[k][0] + X[k][1] * X[k][1]) * 4 / (sw * sw);
            ref[t * bins + k] = pw;
            mx = pw > mx ? pw : mx;
        }
    }
    for (long t = 0; t < F; t++)
        for (long k = 0; k < bins; k++) {
            double got = pow(10, m[k * c + t] / 10.0);
            if (m[k * c + t] <= -299.9)
                got = 0;
            double e = fabs(got - ref[t * bins + k]) / mx;
            worst = e > worst ? e : worst;
        }
    printf("%.3g\n", worst);
    return worst <= 1e-4 ? 0 : 1;
}
