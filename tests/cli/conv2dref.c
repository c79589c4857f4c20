/* conv2dref.c - the reference for tests/cli/convolve2d.sh: direct 2D
 * convolution in long double, tap by tap, with its own boundary rules,
 * kernels and PNG reading (libpng, no FFT); plus test images and kernels.
 *
 *   conv2dref img W H CH DEPTH SEED OUT.png
 *       random pixels, every channel (alpha too) uniform over 0..max;
 *       CH 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA; DEPTH 8|16
 *   conv2dref kernel SPEC OUT.f64        prints "W H"
 *       SPEC: gaussian:SIGMA | box:R | disk:R (normalised to sum 1, as the
 *       man page defines them), impulse:W:H:X:Y (a 1 at column X, row Y),
 *       rand:W:H:SEED (uniform in [0, 1)), srand:W:H:SEED ([-1, 1))
 *   conv2dref kpng W H SEED OUT.png OUT.f64
 *       a random 8-bit gray PNG kernel, and its levels / 255 as f64
 *   conv2dref check IN.png K.f64 KW KH NORM BOUNDARY ALPHA GOT FMT TOL
 *       the convolution of IN with the kernel (NORM sum: scaled to sum 1;
 *       none), BOUNDARY zero|wrap|reflect, ALPHA keep|convolve, against
 *       GOT in FMT png (the output PNG: size, channels and depth must be
 *       the input's; every value within TOL of the rounded, clamped
 *       reference, in units of the last bit) or f32|f64 (raw values,
 *       H x W x C: the largest |difference| at most TOL). Prints the
 *       largest difference and the count of clamped values; exit 0 when
 *       within TOL.
 *   conv2dref same A.png B.png    exit 0 when the pixels (and layouts) are
 *       the same
 *   conv2dref npy IN.f64 W H OUT.npy     the values as an H x W float64 .npy
 *   conv2dref shift IN.png DX DY OUT.png the image moved DX right, DY down,
 *       wrapped around: what a shifted impulse gives under --boundary wrap */
#define _GNU_SOURCE
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *m)
{
    fprintf(stderr, "conv2dref: %s\n", m);
    exit(2);
}

typedef struct img {
    int W, H, C, depth;
    unsigned *v;     /* H x W x C levels */
} img;

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static double rnd01(uint64_t *s)
{
    return (double)(rnd(s) >> 11) / (double)(1ull << 53);
}

static void write_png(const char *path, const img *im)
{
    static const int ct[] = {PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                             PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    FILE *f = fopen(path, "wb");
    if (!f)
        die("cannot write PNG");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, 0, 0, 0);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png)))
        die("libpng error");
    png_init_io(png, f);
    png_set_IHDR(png, info, im->W, im->H, im->depth, ct[im->C - 1],
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t bps = im->depth / 8, rb = (size_t)im->W * im->C * bps;
    unsigned char *row = malloc(rb);
    for (int y = 0; y < im->H; y++) {
        /* big-endian samples, as PNG stores them */
        for (size_t i = 0; i < (size_t)im->W * im->C; i++) {
            unsigned q = im->v[(size_t)y * im->W * im->C + i];
            if (bps == 2) {
                row[2 * i] = (unsigned char)(q >> 8);
                row[2 * i + 1] = (unsigned char)q;
            } else {
                row[i] = (unsigned char)q;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(f))
        die("write failed");
}

/* 8- or 16-bit gray, gray+alpha, RGB or RGBA as written; anything else is
 * refused (the tests write these only). */
static img read_png(const char *path)
{
    img im;
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot open PNG");
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, 0, 0, 0);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png)))
        die("libpng error reading");
    png_init_io(png, f);
    png_read_info(png, info);
    int t = png_get_color_type(png, info);
    im.W = (int)png_get_image_width(png, info);
    im.H = (int)png_get_image_height(png, info);
    im.depth = png_get_bit_depth(png, info);
    im.C = t == PNG_COLOR_TYPE_GRAY ? 1 : t == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
           : t == PNG_COLOR_TYPE_RGB ? 3 : t == PNG_COLOR_TYPE_RGB_ALPHA ? 4
                                                                         : 0;
    if (!im.C || (im.depth != 8 && im.depth != 16) ||
        png_get_interlace_type(png, info) != PNG_INTERLACE_NONE)
        die("unexpected PNG layout");
    size_t n = (size_t)im.W * im.H * im.C, bps = im.depth / 8;
    unsigned char *row = malloc((size_t)im.W * im.C * bps);
    im.v = malloc(n * sizeof *im.v);
    for (int y = 0; y < im.H; y++) {
        png_read_row(png, row, NULL);
        for (size_t i = 0; i < (size_t)im.W * im.C; i++)
            im.v[(size_t)y * im.W * im.C + i] =
                bps == 2 ? (unsigned)row[2 * i] << 8 | row[2 * i + 1]
                         : row[i];
    }
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    free(row);
    return im;
}

static void save(const char *path, const double *d, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(d, sizeof *d, n, f) != n || fclose(f))
        die("write failed");
}

static double *load(const char *path, size_t es, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot open values");
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    size_t cnt = (size_t)len / es;
    unsigned char *b = malloc((size_t)len + 1);
    double *d = malloc((cnt + 1) * sizeof *d);
    if (fread(b, 1, (size_t)len, f) != (size_t)len)
        die("read failed");
    fclose(f);
    for (size_t i = 0; i < cnt; i++) {
        if (es == 4) {
            float v;
            memcpy(&v, b + 4 * i, 4);
            d[i] = v;
        } else {
            memcpy(&d[i], b + 8 * i, 8);
        }
    }
    free(b);
    *n = cnt;
    return d;
}

/* The kernel of SPEC: kh rows of kw values. */
static double *make_kernel(const char *spec, int *kw, int *kh)
{
    double v;
    int w, h, a, b;
    unsigned long long seed;
    double *k;
    if (sscanf(spec, "gaussian:%lf", &v) == 1 ||
        sscanf(spec, "disk:%lf", &v) == 1) {
        int gauss = spec[0] == 'g';
        int r = gauss ? (int)floor(4 * v + 0.5) : (int)floor(v);
        *kw = *kh = 2 * r + 1;
        k = malloc((size_t)*kw * *kh * sizeof *k);
        long double sum = 0;
        for (int y = -r; y <= r; y++)
            for (int x = -r; x <= r; x++) {
                double t = gauss ? exp(-(x * x + y * y) / (2 * v * v))
                                 : (x * x + y * y <= v * v ? 1 : 0);
                k[(y + r) * *kw + x + r] = t;
                sum += t;
            }
        for (int i = 0; i < *kw * *kh; i++)
            k[i] = (double)(k[i] / sum);
        return k;
    }
    if (sscanf(spec, "box:%d", &a) == 1) {
        *kw = *kh = 2 * a + 1;
        k = malloc((size_t)*kw * *kh * sizeof *k);
        for (int i = 0; i < *kw * *kh; i++)
            k[i] = 1.0 / (*kw * *kh);
        return k;
    }
    if (sscanf(spec, "impulse:%d:%d:%d:%d", &w, &h, &a, &b) == 4) {
        *kw = w, *kh = h;
        k = calloc((size_t)w * h, sizeof *k);
        k[b * w + a] = 1;
        return k;
    }
    if (sscanf(spec, "rand:%d:%d:%llu", &w, &h, &seed) == 3 ||
        sscanf(spec, "srand:%d:%d:%llu", &w, &h, &seed) == 3) {
        uint64_t s = seed * 2654435761u + 7;
        *kw = w, *kh = h;
        k = malloc((size_t)w * h * sizeof *k);
        for (int i = 0; i < w * h; i++)
            k[i] = spec[0] == 's' ? 2 * rnd01(&s) - 1 : rnd01(&s);
        return k;
    }
    die("unknown kernel spec");
    return NULL;
}

/* The index an image side of n reads for v under a boundary rule, or -1
 * for a zero: written as the rules read, independently of gfftpipe's. */
static int edge(const char *b, int v, int n)
{
    if (v >= 0 && v < n)
        return v;
    if (!strcmp(b, "zero"))
        return -1;
    if (!strcmp(b, "wrap"))
        return ((v % n) + n) % n;
    /* reflect: dcba|abcd|dcba, the edge pixel repeated */
    while (v < 0 || v >= n)
        v = v < 0 ? -v - 1 : 2 * n - 1 - v;
    return v;
}

static int cmd_check(char **a)
{
    img in = read_png(a[0]);
    size_t kn;
    int kw = atoi(a[2]), kh = atoi(a[3]);
    double *k = load(a[1], 8, &kn);
    const char *norm = a[4], *bnd = a[5], *alpha = a[6], *got = a[7],
               *fmt = a[8];
    double tol = atof(a[9]);
    if (kn != (size_t)kw * kh)
        die("kernel size");
    if (!strcmp(norm, "sum")) {
        long double s = 0;
        for (size_t i = 0; i < kn; i++)
            s += k[i];
        for (size_t i = 0; i < kn; i++)
            k[i] = (double)(k[i] / s);
    }
    int W = in.W, H = in.H, C = in.C, cy = kh / 2, cx = kw / 2;
    double mx = in.depth == 16 ? 65535 : 255;
    int has_alpha = C == 2 || C == 4;
    size_t n = (size_t)W * H * C;
    double *ref = malloc(n * sizeof *ref);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < C; c++) {
                size_t o = ((size_t)y * W + x) * C + c;
                if (has_alpha && c == C - 1 && !strcmp(alpha, "keep")) {
                    ref[o] = in.v[o] / mx;
                    continue;
                }
                long double s = 0;
                for (int i = 0; i < kh; i++) {
                    int yy = edge(bnd, y + cy - i, H);
                    if (yy < 0)
                        continue;
                    for (int j = 0; j < kw; j++) {
                        int xx = edge(bnd, x + cx - j, W);
                        if (xx < 0)
                            continue;
                        s += (long double)k[i * kw + j] *
                             in.v[((size_t)yy * W + xx) * C + c];
                    }
                }
                ref[o] = (double)(s / mx);
            }
    double worst = 0;
    size_t clamped = 0;
    int bad = 0;
    if (!strcmp(fmt, "png")) {
        img out = read_png(got);
        size_t alpha_bad = 0;
        if (out.W != W || out.H != H || out.C != C || out.depth != in.depth) {
            printf("layout %dx%d, %d channels, %d bits; expected %dx%d, %d, "
                   "%d\n", out.W, out.H, out.C, out.depth, W, H, C, in.depth);
            n = 0;
            bad = 1;
        }
        for (size_t i = 0; i < n; i++) {
            /* a kept alpha channel must come back as it was */
            if (has_alpha && i % C == (size_t)C - 1 && !strcmp(alpha, "keep"))
                alpha_bad += out.v[i] != in.v[i];
            double q = floor(ref[i] * mx + 0.5);
            if (q < 0 || q > mx) {
                clamped++;
                q = q < 0 ? 0 : mx;
            }
            double d = fabs(out.v[i] - q);
            if (d > worst)
                worst = d;
        }
        if (!bad)
            printf("largest difference %g levels, %zu clamped\n", worst,
                   clamped);
        if (alpha_bad) {
            printf("%zu alpha values changed\n", alpha_bad);
            bad = 1;
        }
        free(out.v);
    } else {
        size_t gn;
        double *g = load(got, !strcmp(fmt, "f32") ? 4 : 8, &gn);
        if (gn != n) {
            printf("%zu values, expected %zu\n", gn, n);
            bad = 1;
        } else {
            for (size_t i = 0; i < n; i++) {
                double d = fabs(g[i] - ref[i]);
                if (!(d <= worst))
                    worst = d;
            }
            printf("largest difference %.3g\n", worst);
        }
        free(g);
    }
    free(in.v);
    free(k);
    free(ref);
    return bad || !(worst <= tol);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        die("usage: see the source");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "img") && argc == 8) {
        img im = {atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]),
                  NULL};
        uint64_t s = strtoull(argv[6], 0, 10) * 2654435761u + 1;
        size_t n = (size_t)im.W * im.H * im.C;
        unsigned mx = im.depth == 16 ? 65535 : 255;
        im.v = malloc(n * sizeof *im.v);
        for (size_t i = 0; i < n; i++)
            im.v[i] = (unsigned)(rnd(&s) >> 40) % (mx + 1);
        write_png(argv[7], &im);
        free(im.v);
        return 0;
    }
    if (!strcmp(cmd, "kernel") && argc == 4) {
        int kw, kh;
        double *k = make_kernel(argv[2], &kw, &kh);
        save(argv[3], k, (size_t)kw * kh);
        printf("%d %d\n", kw, kh);
        free(k);
        return 0;
    }
    if (!strcmp(cmd, "kpng") && argc == 7) {
        img im = {atoi(argv[2]), atoi(argv[3]), 1, 8, NULL};
        uint64_t s = strtoull(argv[4], 0, 10) * 2654435761u + 3;
        size_t n = (size_t)im.W * im.H;
        double *d = malloc(n * sizeof *d);
        im.v = malloc(n * sizeof *im.v);
        for (size_t i = 0; i < n; i++) {
            im.v[i] = (unsigned)(rnd(&s) >> 40) % 256;
            d[i] = im.v[i] / 255.0;
        }
        write_png(argv[5], &im);
        save(argv[6], d, n);
        free(im.v);
        free(d);
        return 0;
    }
    if (!strcmp(cmd, "check") && argc == 12)
        return cmd_check(argv + 2);
    if (!strcmp(cmd, "same") && argc == 4) {
        img x = read_png(argv[2]), y = read_png(argv[3]);
        if (x.W != y.W || x.H != y.H || x.C != y.C || x.depth != y.depth) {
            printf("layouts differ\n");
            free(x.v);
            free(y.v);
            return 1;
        }
        size_t n = (size_t)x.W * x.H * x.C, diff = 0;
        for (size_t i = 0; i < n; i++)
            diff += x.v[i] != y.v[i];
        free(x.v);
        free(y.v);
        if (diff)
            printf("%zu of %zu values differ\n", diff, n);
        return diff != 0;
    }
    if (!strcmp(cmd, "npy") && argc == 6) {
        size_t n;
        double *d = load(argv[2], 8, &n);
        char dict[128];
        int len = snprintf(dict, sizeof dict, "{'descr': '<f8', "
                           "'fortran_order': False, 'shape': (%s, %s), }",
                           argv[4], argv[3]);
        int total = (10 + len + 1 + 63) / 64 * 64, hl = total - 10;
        FILE *f = fopen(argv[5], "wb");
        if (!f)
            die("cannot write .npy");
        fwrite("\x93NUMPY\x01\x00", 1, 8, f);
        fputc(hl & 255, f);
        fputc(hl >> 8, f);
        fputs(dict, f);
        for (int i = 10 + len; i < total - 1; i++)
            fputc(' ', f);
        fputc('\n', f);
        if (fwrite(d, 8, n, f) != n || fclose(f))
            die("write failed");
        free(d);
        return 0;
    }
    if (!strcmp(cmd, "shift") && argc == 6) {
        img x = read_png(argv[2]), y = x;
        int dx = atoi(argv[3]), dy = atoi(argv[4]);
        y.v = malloc((size_t)x.W * x.H * x.C * sizeof *y.v);
        for (int r = 0; r < x.H; r++)
            for (int c = 0; c < x.W; c++)
                for (int k = 0; k < x.C; k++) {
                    int sr = ((r - dy) % x.H + x.H) % x.H;
                    int sc = ((c - dx) % x.W + x.W) % x.W;
                    /* alpha stays where it was (--alpha keep) */
                    int a = (x.C == 2 || x.C == 4) && k == x.C - 1;
                    y.v[((size_t)r * x.W + c) * x.C + k] =
                        a ? x.v[((size_t)r * x.W + c) * x.C + k]
                          : x.v[((size_t)sr * x.W + sc) * x.C + k];
                }
        write_png(argv[5], &y);
        free(x.v);
        free(y.v);
        return 0;
    }
    die("unknown command or wrong arguments");
    return 2;
}
