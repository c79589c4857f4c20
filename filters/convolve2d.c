/* convolve2d.c - the `convolve2d` stage: 2D convolution of a PNG image with
 * a kernel (gaussian, box, disk, or a PNG, .npy or raw file), by FFT.
 *
 * Each convolved channel is extended past the image's edges by the
 * boundary rule (zero, wrap, reflect) into a padded plane of Ph x Pw values,
 * Ph >= H + kh - 1 and Pw >= W + kw - 1 rounded up to 2,3,5,7-smooth
 * lengths (FFTW's fast ones, and within the GPU kernels' 13-smooth ones).
 * The kernel sits in a plane of the same size with its centre at (0, 0),
 * wrapped around; the cyclic convolution of the two planes equals the
 * extended image's linear convolution on the H x W window that is kept,
 * since no wrapped-around term reaches it. The 2D transforms are fft2.c's
 * row-column ones (fft2.h) on the engine, R2C forward and C2R back, with
 * the spectrum left transposed between them (the product needs no order),
 * so a GPU engine runs them unchanged and a length it refuses falls back
 * to the CPU under --engine auto.
 *
 * The whole image is held in memory; the stage runs its own loop (the
 * `run` hook). The input and the kernel are read completely before any
 * plan is made, so a retry on the CPU loses nothing. */
#include "config.h"
#include "filters.h"
#include "fft2.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define C2_MAX_KSIDE 4097                /* kernel sides */
#define C2_MAX_RADIUS 2048.0             /* box:R, disk:R */
#define C2_MAX_SIGMA 512.0               /* gaussian: radius 4 sigma */
#define C2_MAX_PLANE ((size_t)1 << 30)   /* padded values per plane */

typedef enum c2_boundary { B_ZERO, B_WRAP, B_REFLECT } c2_boundary;
static const char *const boundary_names[] = {"zero", "wrap", "reflect"};
typedef enum c2_named { KN_FILE, KN_GAUSS, KN_BOX, KN_DISK } c2_named;
typedef enum c2_out { OUT_AUTO, OUT_PNG, OUT_NPY, OUT_F32, OUT_F64 } c2_out;
static const char *const out_names[] = {"", "png", "npy", "f32", "f64"};

typedef struct c2_priv {
    /* options */
    const char *kspec, *kpath, *in_path, *out_path;
    c2_named named;
    double kparam;
    size_t kw_opt, kh_opt;
    int ksize_set, kfmt_set, alpha_conv, norm_none;
    gfp_format kfmt;
    c2_boundary boundary;
    c2_out out_kind;
    /* the image, whole */
    gfp_image img;
    /* the kernel: kh rows of kw values, normalised as asked */
    double *k;
    size_t kw, kh;
    double ksum;            /* its sum before normalisation */
    const char *ktype;      /* "PNG", ".npy", "raw" for a file */
    /* the run */
    int dbl;
    size_t Pw, Ph;          /* the padded plane */
    uint64_t clamped, values_out;
    double t_fft, t_io;
    const char *engine_name;
} c2_priv;

/* ---- usage -------------------------------------------------------------- */

static void c2_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe convolve2d [options] --kernel SPEC [INPUT [OUTPUT]]\n"
        "       gfftpipe convolve2d [options] INPUT KERNEL [OUTPUT]\n"
        "Convolves a PNG image (gray, gray+alpha, RGB, RGBA; 8 or 16 bits)\n"
        "with a 2D kernel, by FFT: each colour channel, the alpha channel\n"
        "kept. The output has the input's size, channels and bit depth;\n"
        "values are rounded and clamped (clamped ones are counted and\n"
        "reported). INPUT and OUTPUT default to stdin and stdout.\n"
        "\n"
        "  --kernel SPEC         gaussian:SIGMA (cut at 4 sigma: 2r+1 square,\n"
        "                        r = round(4 SIGMA); SIGMA at most 512),\n"
        "                        box:R ((2R+1)^2 taps, R an integer 0..2048),\n"
        "                        disk:R (the taps with x^2+y^2 <= R^2, R\n"
        "                        0..2048), each normalised to sum 1; or a\n"
        "                        kernel FILE (as the KERNEL argument): a gray\n"
        "                        PNG, a 1- or 2-D float .npy, or raw samples\n"
        "                        with --kernel-size. The kernel's centre is\n"
        "                        its pixel (W/2, H/2), rounded down\n"
        "  --kernel-size WxH     a raw kernel's width and height\n"
        "  --kernel-format F     a raw kernel's sample format (f32, f64, s16,\n"
        "                        ..., le/be); default: from the file's\n"
        "                        extension (.f64, ...), else f32\n"
        "  --normalize sum|none  a kernel file is scaled to sum 1 (default\n"
        "                        sum: a PNG's levels have no other meaning;\n"
        "                        a kernel summing to 0 needs none)\n"
        "  --boundary zero|wrap|reflect   the image beyond its edges: zeros,\n"
        "                        periodic, or mirrored about the edge with the\n"
        "                        edge pixel repeated (dcba|abcd|dcba; scipy's\n"
        "                        'reflect'); default reflect\n"
        "  --alpha keep|convolve the alpha channel copied unchanged (default),\n"
        "                        or convolved as the colours are\n"
        "  --out-format png|npy|f32|f64   png (default; npy when OUTPUT ends\n"
        "                        in .npy); npy, f32, f64: the values before\n"
        "                        rounding, H x W x C on the scale 0..1, as\n"
        "                        raw floats or a .npy (float32; float64\n"
        "                        with --precision f64)\n",
        out);
    gfp_common_usage(out);
    fputs("A kernel larger than the image is fine under every boundary rule.\n"
          "Memory: the image, plus three planes of about Ph x Pw values in\n"
          "the working precision. --tail has no effect here.\n", out);
}

/* ---- options ------------------------------------------------------------ */

enum {
    O_KERNEL = 1, O_KERNEL_SIZE, O_KERNEL_FORMAT, O_NORMALIZE, O_BOUNDARY,
    O_ALPHA, O_OUT_FORMAT
};

static gfp_status parse_kernel(c2_priv *p, const char *s, gfp_error *err)
{
    static const struct {
        const char *prefix, *what;
        c2_named id;
        double hi;
    } named[] = {
        {"gaussian:", "SIGMA above 0 and at most 512", KN_GAUSS,
         C2_MAX_SIGMA},
        {"box:", "R an integer 0 to 2048", KN_BOX, C2_MAX_RADIUS},
        {"disk:", "R 0 to 2048", KN_DISK, C2_MAX_RADIUS},
    };
    p->kspec = s;
    for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
        size_t n = strlen(named[i].prefix);
        if (strncmp(s, named[i].prefix, n))
            continue;
        char *end;
        double v = strtod(s + n, &end);
        if (end == s + n || *end || !isfinite(v) || v < 0 ||
            v > named[i].hi || (named[i].id == KN_GAUSS && v <= 0) ||
            (named[i].id == KN_BOX && v != floor(v)))
            return gfp_fail(err, GFP_EINVAL, "--kernel: '%s': expected %s%s",
                            s, named[i].prefix, named[i].what);
        p->named = named[i].id;
        p->kparam = v;
        return GFP_OK;
    }
    if (!*s)
        return gfp_fail(err, GFP_EINVAL, "--kernel: empty");
    p->named = KN_FILE;
    p->kpath = s;
    return GFP_OK;
}

static gfp_status c2_getopts(void *vp, gfp_common *c, const char **in,
                             const char **out, int argc, char **argv,
                             gfp_error *err)
{
    c2_priv *p = vp;
    static const struct option longopts[] = {
        {"kernel", 1, 0, O_KERNEL}, {"kernel-size", 1, 0, O_KERNEL_SIZE},
        {"kernel-format", 1, 0, O_KERNEL_FORMAT},
        {"normalize", 1, 0, O_NORMALIZE}, {"boundary", 1, 0, O_BOUNDARY},
        {"alpha", 1, 0, O_ALPHA}, {"out-format", 1, 0, O_OUT_FORMAT},
        GFP_COMMON_LONGOPTS, {0, 0, 0, 0}};
    static const char *const norm_names[] = {"sum", "none"};
    static const char *const alpha_names[] = {"keep", "convolve"};
    p->boundary = B_REFLECT;
    optind = 1;
    opterr = 0;
    int o, i;
    while ((o = getopt_long(argc, argv, GFP_COMMON_SHORTOPTS, longopts,
                            NULL)) != -1) {
        switch (o) {
        case O_KERNEL:
            if (parse_kernel(p, optarg, err))
                return GFP_EINVAL;
            break;
        case O_KERNEL_SIZE:
            if (gfp_opt_wxh("kernel-size", optarg, C2_MAX_KSIDE,
                            (uint64_t)C2_MAX_KSIDE * C2_MAX_KSIDE,
                            &p->kw_opt, &p->kh_opt, err))
                return GFP_EINVAL;
            p->ksize_set = 1;
            break;
        case O_KERNEL_FORMAT:
            if (gfp_format_parse(optarg, &p->kfmt) || p->kfmt.is_complex)
                return gfp_fail(err, GFP_EINVAL, "--kernel-format: '%s' is "
                                "not a real sample format (f32, f64, s16, "
                                "...)", optarg);
            p->kfmt_set = 1;
            break;
        case O_NORMALIZE:
            if (gfp_opt_choice("normalize", optarg, norm_names, 2, &i, err))
                return GFP_EINVAL;
            p->norm_none = i == 1;
            break;
        case O_BOUNDARY:
            if (gfp_opt_choice("boundary", optarg, boundary_names, 3, &i,
                               err))
                return GFP_EINVAL;
            p->boundary = (c2_boundary)i;
            break;
        case O_ALPHA:
            if (gfp_opt_choice("alpha", optarg, alpha_names, 2, &i, err))
                return GFP_EINVAL;
            p->alpha_conv = i == 1;
            break;
        case O_OUT_FORMAT:
            if (gfp_opt_choice("out-format", optarg, out_names, 5, &i, err))
                return GFP_EINVAL;
            p->out_kind = (c2_out)i;
            break;
        default:
            if (gfp_common_opt(c, o, optarg, argv, err))
                return GFP_EINVAL;
        }
    }
    if (c->help)
        return GFP_OK;
    int n = argc - optind, k = optind;
    if (!p->kspec) {
        if (n < 2)
            return gfp_fail(err, GFP_EINVAL, "expected INPUT KERNEL [OUTPUT], "
                            "or --kernel SPEC");
        if (n > 3)
            return gfp_fail(err, GFP_EINVAL, "too many arguments ('%s'); "
                            "expected INPUT KERNEL [OUTPUT]", argv[k + 3]);
        if (!*argv[k] || !*argv[k + 1] || (n == 3 && !*argv[k + 2]))
            return gfp_fail(err, GFP_EINVAL, "empty path");
        *in = argv[k];
        *out = n == 3 ? argv[k + 2] : "-";
        if (parse_kernel(p, argv[k + 1], err))
            return GFP_EINVAL;
    } else if (gfp_opt_positional(argc, argv, optind, in, out, err)) {
        return GFP_EINVAL;
    }
    if (p->kpath && !strcmp(p->kpath, "-") && !strcmp(*in, "-"))
        return gfp_fail(err, GFP_EINVAL, "the image and the kernel cannot "
                        "both be stdin");
    if ((p->ksize_set || p->kfmt_set) && !p->kpath)
        return gfp_fail(err, GFP_EINVAL, "--kernel-size and --kernel-format "
                        "are for a kernel file, not '%s'", p->kspec);
    p->in_path = *in;
    p->out_path = *out;
    return GFP_OK;
}

/* ---- the input ---------------------------------------------------------- */

static gfp_status c2_open_source(void *vp, const char *path, gfp_source *src,
                                 gfp_error *err)
{
    c2_priv *p = vp;
    unsigned char *data = NULL;
    size_t len = 0;
    gfp_status st = gfp_source_open(path, src, err);
    if (st)
        return st;
    if (!(st = gfp_read_whole(src, &data, &len, err)))
        st = gfp_png_read(data, len, &p->img, err);
    free(data);
    if (st)
        gfp_source_close(src); /* stop() is not called: close it here */
    return st;
}

/* ---- the kernel --------------------------------------------------------- */

static gfp_status make_named(c2_priv *p, gfp_error *err)
{
    double v = p->kparam;
    size_t r = p->named == KN_GAUSS ? (size_t)(4 * v + 0.5) : (size_t)v;
    p->kw = p->kh = 2 * r + 1;
    if (!(p->k = malloc(p->kw * p->kh * sizeof *p->k)))
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the kernel");
    double sum = 0;
    for (size_t i = 0; i < p->kh; i++)
        for (size_t j = 0; j < p->kw; j++) {
            double y = (double)i - (double)r, x = (double)j - (double)r, w;
            if (p->named == KN_GAUSS)
                w = exp(-(x * x + y * y) / (2 * v * v));
            else if (p->named == KN_BOX)
                w = 1;
            else
                w = x * x + y * y <= v * v ? 1 : 0;
            p->k[i * p->kw + j] = w;
            sum += w;
        }
    for (size_t i = 0; i < p->kw * p->kh; i++)
        p->k[i] /= sum;
    p->ksum = 1;
    return GFP_OK;
}

/* The kernel file's values into p->k; st's message gets the file's name. */
static gfp_status load_file(c2_priv *p, const unsigned char *b, size_t len,
                            gfp_error *err)
{
    size_t w, h;
    /* A name that says PNG is read as one (and refused as one if it is
     * not), never taken for raw samples. */
    const char *kdot = strrchr(p->kpath, '.'), *ksl = strrchr(p->kpath, '/');
    int named_png = kdot && (!ksl || kdot > ksl) && !strcasecmp(kdot, ".png");
    if (named_png || (len >= 8 && !memcmp(b, "\x89PNG\r\n\x1a\n", 8))) {
        gfp_image im;
        gfp_status st = gfp_png_read(b, len, &im, err);
        if (st)
            return st;
        size_t n = im.width * im.height, nc = (size_t)im.channels;
        double mx = im.depth == 16 ? 65535.0 : 255.0;
        const uint8_t *p8 = im.pixels;
        const uint16_t *p16 = im.pixels;
        w = im.width;
        h = im.height;
        p->ktype = "PNG";
        if (w > C2_MAX_KSIDE || h > C2_MAX_KSIDE ||
            !(p->k = malloc(n * sizeof *p->k))) {
            gfp_image_free(&im);
            return w > C2_MAX_KSIDE || h > C2_MAX_KSIDE
                       ? gfp_fail(err, GFP_EFORMAT, "%zux%zu is too large (a "
                                  "kernel's sides are at most %d)", w, h,
                                  C2_MAX_KSIDE)
                       : gfp_fail(err, GFP_ENOMEM, "out of memory");
        }
        for (size_t i = 0; i < n; i++) {
            double v[4] = {0, 0, 0, 0};
            for (size_t c = 0; c < nc; c++)
                v[c] = im.depth == 16 ? p16[i * nc + c] : p8[i * nc + c];
            /* gray, or RGB with R = G = B; an alpha channel opaque */
            int colour = nc >= 3 && (v[1] != v[0] || v[2] != v[0]);
            int alpha = (nc == 2 || nc == 4) && v[nc - 1] != mx;
            if (colour || alpha) {
                gfp_image_free(&im);
                return gfp_fail(err, GFP_EFORMAT, "a PNG kernel must be gray "
                                "(R = G = B) and opaque; pixel (%zu, %zu) is "
                                "not", i % w, i / w);
            }
            p->k[i] = v[0] / mx;
        }
        gfp_image_free(&im);
    } else if (len >= 6 && !memcmp(b, "\x93NUMPY", 6)) {
        gfp_npy_info ni;
        gfp_status st = gfp_npy_parse(b, len, &ni, err);
        if (st)
            return st;
        p->ktype = ".npy";
        if (ni.fmt.is_complex || ni.ndim < 1 || ni.ndim > 2 || !ni.count)
            return gfp_fail(err, GFP_EFORMAT, ".npy kernel: expected a real "
                            "1- or 2-dimensional array");
        w = ni.shape[ni.ndim - 1];
        h = ni.ndim == 2 ? ni.shape[0] : 1;
        if (w > C2_MAX_KSIDE || h > C2_MAX_KSIDE)
            return gfp_fail(err, GFP_EFORMAT, "%zux%zu is too large (a "
                            "kernel's sides are at most %d)", w, h,
                            C2_MAX_KSIDE);
        if (!(p->k = malloc(ni.count * sizeof *p->k)))
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        gfp_convert_in_f64(&ni.fmt, b + ni.data_offset, ni.count, p->k);
    } else {
        p->ktype = "raw";
        if (!p->ksize_set)
            return gfp_fail(err, GFP_EINVAL, "not a PNG or .npy: a raw "
                            "kernel needs --kernel-size WxH (and "
                            "--kernel-format, default f32)");
        gfp_format f = gfp_format_native(GFP_F32, 0);
        const char *dot = strrchr(p->kpath, '.'), *sl = strrchr(p->kpath, '/');
        gfp_format e;
        if (p->kfmt_set)
            f = p->kfmt;
        else if (dot && (!sl || dot > sl) && !gfp_format_parse(dot + 1, &e) &&
                 !e.is_complex)
            f = e;
        w = p->kw_opt;
        h = p->kh_opt;
        size_t ib = gfp_sample_bytes(f.sample);
        char fn[32];
        gfp_format_name(&f, fn, sizeof fn);
        if (len != w * h * ib)
            return gfp_fail(err, GFP_EFORMAT, "%zu bytes; --kernel-size "
                            "%zux%zu of %s needs %zu", len, w, h, fn,
                            w * h * ib);
        if (!(p->k = malloc(w * h * sizeof *p->k)))
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        gfp_convert_in_f64(&f, b, w * h, p->k);
    }
    if (p->ksize_set && (p->kw_opt != w || p->kh_opt != h))
        return gfp_fail(err, GFP_EINVAL, "--kernel-size %zux%zu does not "
                        "match the %s's %zux%zu", p->kw_opt, p->kh_opt,
                        p->ktype, w, h);
    p->kw = w;
    p->kh = h;
    double sum = 0, mag = 0;
    for (size_t i = 0; i < w * h; i++) {
        if (!isfinite(p->k[i]))
            return gfp_fail(err, GFP_EFORMAT, "value %zu is not finite", i);
        sum += p->k[i];
        mag += fabs(p->k[i]);
    }
    p->ksum = sum;
    if (p->norm_none)
        return GFP_OK;
    if (!(fabs(sum) > 1e-9 * mag))
        return gfp_fail(err, GFP_EINVAL, "its values sum to %g: it cannot "
                        "be scaled to sum 1; give --normalize none", sum);
    for (size_t i = 0; i < w * h; i++)
        p->k[i] /= sum;
    return GFP_OK;
}

static gfp_status load_kernel(c2_priv *p, gfp_error *err)
{
    if (p->named != KN_FILE)
        return make_named(p, err);
    gfp_source ks;
    gfp_error e2 = {0};
    unsigned char *b = NULL;
    size_t len = 0;
    gfp_status st = gfp_source_open(p->kpath, &ks, &e2);
    if (st) /* the message names the file */
        return gfp_fail(err, st, "kernel: %s", e2.msg);
    if (ks.size > (int64_t)1 << 30) /* 4097^2 doubles are 128 MiB */
        st = gfp_fail(&e2, GFP_EFORMAT, "%lld bytes is too large for a "
                      "kernel", (long long)ks.size);
    else
        st = gfp_read_whole(&ks, &b, &len, &e2);
    gfp_source_close(&ks);
    if (!st && len == 0)
        st = gfp_fail(&e2, GFP_EFORMAT, "empty");
    if (!st)
        st = load_file(p, b, len, &e2);
    free(b);
    if (st)
        return gfp_fail(err, st, "kernel '%s': %s", p->kpath, e2.msg);
    return GFP_OK;
}

/* ---- planning ----------------------------------------------------------- */

/* The least 2,3,5,7-smooth length >= n (even ones only when even). */
static size_t smooth_len(size_t n, int even)
{
    static const size_t f[] = {2, 3, 5, 7};
    for (size_t m = n > 1 ? n : 1;; m++) {
        if (even && (m & 1))
            continue;
        size_t r = m;
        for (int i = 0; i < 4; i++)
            while (r % f[i] == 0)
                r /= f[i];
        if (r == 1)
            return m;
    }
}

static gfp_status c2_start(void *vp, const gfp_common *c,
                           const gfp_source *src, gfp_stage_setup *s,
                           gfp_error *err)
{
    c2_priv *p = vp;
    (void)src;
    memset(s, 0, sizeof *s);
    p->dbl = c->dbl;
    gfp_status st = load_kernel(p, err);
    if (st)
        return st;
    size_t H = p->img.height, W = p->img.width, plane;
    p->Ph = smooth_len(H + p->kh - 1, 0);
    p->Pw = smooth_len(W + p->kw - 1, 1);
    if (!gfp_mul_ok(p->Ph, p->Pw, &plane) || plane > C2_MAX_PLANE)
        return gfp_fail(err, GFP_EFORMAT, "a %zux%zu image with a %zux%zu "
                        "kernel needs planes of %zux%zu values: too large",
                        W, H, p->kw, p->kh, p->Pw, p->Ph);
    if (p->out_kind == OUT_AUTO) {
        const char *dot = strrchr(p->out_path, '.'),
                   *sl = strrchr(p->out_path, '/');
        p->out_kind = dot && (!sl || dot > sl) && !strcasecmp(dot, ".npy")
                          ? OUT_NPY : OUT_PNG;
    }
    /* libpng writes no side over 1,000,000: say so now, not after the work */
    if (p->out_kind == OUT_PNG && (W > 1000000 || H > 1000000))
        return gfp_fail(err, GFP_EINVAL, "a %zux%zu PNG is too large to "
                        "write (sides at most 1000000); write .npy or raw "
                        "(--out-format)", W, H);
    return GFP_OK;
}

/* ---- the image's planes ------------------------------------------------- */

/* Where padded index i (of P) reads from an image side of n: the index in
 * 0..n-1, or -1 for a zero. The padded plane holds image indices -lo ..
 * n-1+hi at i mod P; the rest only reaches discarded outputs. */
static void make_map(c2_boundary b, size_t n, size_t P, size_t lo,
                     size_t hi, long long *map)
{
    long long N = (long long)n;
    for (size_t i = 0; i < P; i++) {
        long long v;
        if (i < n + hi)
            v = (long long)i;
        else if (i >= P - lo)
            v = (long long)i - (long long)P;
        else {
            map[i] = -1;
            continue;
        }
        if (v < 0 || v >= N) {
            if (b == B_ZERO) {
                v = -1;
            } else if (b == B_WRAP) {
                v = ((v % N) + N) % N;
            } else {
                /* dcba|abcd|dcba: period 2n, the second half mirrored */
                v = ((v % (2 * N)) + 2 * N) % (2 * N);
                if (v >= N)
                    v = 2 * N - 1 - v;
            }
        }
        map[i] = v;
    }
}

static inline double pixel(const gfp_image *im, size_t i)
{
    return im->depth == 16 ? ((const uint16_t *)im->pixels)[i]
                           : ((const uint8_t *)im->pixels)[i];
}

/* Channel ch of the image, extended, into A (Ph x Pw reals). */
static void load_plane(const c2_priv *p, size_t ch, const long long *ymap,
                       const long long *xmap, double *row, void *A)
{
    const gfp_image *im = &p->img;
    size_t W = im->width, nc = (size_t)im->channels, Pw = p->Pw;
    double scale = 1.0 / (im->depth == 16 ? 65535.0 : 255.0);
    for (size_t y = 0; y < p->Ph; y++) {
        if (ymap[y] >= 0)
            for (size_t x = 0; x < W; x++)
                row[x] = pixel(im, ((size_t)ymap[y] * W + x) * nc + ch) *
                         scale;
        for (size_t x = 0; x < Pw; x++) {
            double v = ymap[y] < 0 || xmap[x] < 0 ? 0 : row[xmap[x]];
            if (p->dbl)
                ((double *)A)[y * Pw + x] = v;
            else
                ((float *)A)[y * Pw + x] = (float)v;
        }
    }
}

/* The kernel into A (Ph x Pw reals), centre at (0, 0), wrapped around, each
 * tap times scale. */
static void load_kernel_plane(const c2_priv *p, double scale, void *A)
{
    size_t Ph = p->Ph, Pw = p->Pw, cy = p->kh / 2, cx = p->kw / 2;
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    memset(A, 0, Ph * Pw * sc);
    for (size_t i = 0; i < p->kh; i++)
        for (size_t j = 0; j < p->kw; j++) {
            size_t y = (i + Ph - cy) % Ph, x = (j + Pw - cx) % Pw;
            double v = p->k[i * p->kw + j] * scale;
            if (p->dbl)
                ((double *)A)[y * Pw + x] = v;
            else
                ((float *)A)[y * Pw + x] = (float)v;
        }
}

/* X *= K, n complex values. */
static void multiply(int dbl, void *X, const void *K, size_t n)
{
    if (dbl) {
        double *x = X;
        const double *k = K;
        for (size_t i = 0; i < n; i++) {
            double re = x[2 * i] * k[2 * i] - x[2 * i + 1] * k[2 * i + 1];
            double im = x[2 * i] * k[2 * i + 1] + x[2 * i + 1] * k[2 * i];
            x[2 * i] = re;
            x[2 * i + 1] = im;
        }
    } else {
        float *x = X;
        const float *k = K;
        for (size_t i = 0; i < n; i++) {
            float re = x[2 * i] * k[2 * i] - x[2 * i + 1] * k[2 * i + 1];
            float im = x[2 * i] * k[2 * i + 1] + x[2 * i + 1] * k[2 * i];
            x[2 * i] = re;
            x[2 * i + 1] = im;
        }
    }
}

/* The H x W window of the result in R (Ph x Pw reals) into channel ch of
 * the output: integer pixels (rounded, clamped, counted) or values. */
static void store_plane(c2_priv *p, size_t ch, const void *R, void *pix,
                        double *vals)
{
    const gfp_image *im = &p->img;
    size_t H = im->height, W = im->width, nc = (size_t)im->channels;
    double mx = im->depth == 16 ? 65535.0 : 255.0;
    for (size_t y = 0; y < H; y++)
        for (size_t x = 0; x < W; x++) {
            size_t r = y * p->Pw + x, o = (y * W + x) * nc + ch;
            double v = p->dbl ? ((const double *)R)[r]
                              : ((const float *)R)[r];
            if (vals) {
                vals[o] = v;
                continue;
            }
            double q = floor(v * mx + 0.5);
            if (!(q >= 0) || q > mx) {
                p->clamped++;
                q = q > mx ? mx : 0; /* NaN to 0 */
            }
            if (im->depth == 16)
                ((uint16_t *)pix)[o] = (uint16_t)q;
            else
                ((uint8_t *)pix)[o] = (uint8_t)q;
        }
    p->values_out += H * W;
}

/* ---- the run ------------------------------------------------------------ */

static gfp_status c2_run(void *vp, const gfp_common *c, gfp_engine *e,
                         gfp_source *src, gfp_sink *snk, gfp_error *err)
{
    c2_priv *p = vp;
    (void)src;
    (void)c;
    const gfp_image *im = &p->img;
    size_t H = im->height, W = im->width, nc = (size_t)im->channels;
    size_t Ph = p->Ph, Pw = p->Pw;
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    gfp_status st;
    gfp_fft2d fwd, inv;
    void *A = NULL, *B = NULL, *K = NULL, *pix = NULL, *cbuf = NULL;
    double *vals = NULL, *row = NULL;
    long long *ymap = NULL, *xmap = NULL;
    size_t ccap = 0;
    p->engine_name = e->name;
    p->clamped = p->values_out = 0;
    double t0 = gfp_now();
    memset(&inv, 0, sizeof inv);
    /* Plans first, before anything is computed: an engine that cannot do
     * a length refuses here, and --engine auto retries on the CPU. */
    if ((st = gfp_fft2d_create(e, Pw, Ph, GFP_R2C, 0, p->dbl, 1, 1, &fwd,
                               err)) ||
        (st = gfp_fft2d_create(e, Pw, Ph, GFP_C2R, 1, p->dbl, 1, 1, &inv,
                               err)))
        goto done;
    size_t scal = gfp_fft2d_scalars(&fwd), bytes;
    if (!scal || !gfp_mul_ok(scal, sc, &bytes)) {
        st = gfp_fail(err, GFP_ENOMEM, "the planes are too large");
        goto done;
    }
    A = e->ops->alloc_host(e->state, bytes);
    B = e->ops->alloc_host(e->state, bytes);
    K = e->ops->alloc_host(e->state, bytes);
    ymap = malloc(Ph * sizeof *ymap);
    xmap = malloc(Pw * sizeof *xmap);
    row = malloc(W * sizeof *row);
    int as_png = p->out_kind == OUT_PNG;
    size_t npix = H * W * nc; /* the PNG reader bounds it */
    if (as_png) {
        /* a copy of the input: the channels not convolved stay as they are */
        size_t pb = npix * (size_t)(im->depth / 8);
        if ((pix = malloc(pb)))
            memcpy(pix, im->pixels, pb);
    } else {
        vals = malloc(npix * sizeof *vals);
    }
    if (!A || !B || !K || !ymap || !xmap || !row || (as_png ? !pix : !vals)) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for three planes of "
                      "%zux%zu values", Pw, Ph);
        goto done;
    }
    make_map(p->boundary, H, Ph, p->kh - 1 - p->kh / 2, p->kh / 2, ymap);
    make_map(p->boundary, W, Pw, p->kw - 1 - p->kw / 2, p->kw / 2, xmap);
    size_t ncol = nc == 2 || nc == 4 ? nc - 1 : nc; /* colour channels */
    size_t nconv = p->alpha_conv ? nc : ncol;
    if (vals && nconv < nc) {
        double mx = im->depth == 16 ? 65535.0 : 255.0;
        for (size_t i = nc - 1; i < npix; i += nc)
            vals[i] = pixel(im, i) / mx;
    }
    double t1 = gfp_now();
    p->t_io += t1 - t0;
    /* the kernel's spectrum, with the inverse's 1/(Ph Pw) */
    load_kernel_plane(p, 1.0 / ((double)Ph * (double)Pw), A);
    if ((st = gfp_fft2d_forward_t(&fwd, A, K, err)))
        goto done;
    p->t_fft += gfp_now() - t1;
    for (size_t ch = 0; ch < nconv; ch++) {
        double t2 = gfp_now();
        load_plane(p, ch, ymap, xmap, row, A);
        double t3 = gfp_now();
        if ((st = gfp_fft2d_forward_t(&fwd, A, B, err)))
            goto done;
        multiply(p->dbl, B, K, fwd.Wc * Ph);
        if ((st = gfp_fft2d_inverse_t(&inv, B, A, err)))
            goto done;
        double t4 = gfp_now();
        store_plane(p, ch, A, pix, vals);
        p->t_io += t3 - t2 + gfp_now() - t4;
        p->t_fft += t4 - t3;
    }
    t0 = gfp_now();
    if (as_png) {
        /* Level 3: on a blurred 1920x1080 RGB image, 0.5 s of CPU less
         * than zlib's default 6 for a file 15% larger (1.47 MB, 1.26). */
        gfp_image out = *im;
        out.pixels = pix;
        st = gfp_png_write_image(snk, &out, 3, err);
    } else {
        gfp_format f = gfp_format_native(
            p->out_kind == OUT_F64 || (p->out_kind == OUT_NPY && p->dbl)
                ? GFP_F64 : GFP_F32, 0);
        if (p->out_kind == OUT_NPY) {
            size_t shape[3] = {H, W, nc};
            st = gfp_npy_write_header(snk, &f, nc > 1 ? 3 : 2, shape, err);
        }
        for (size_t i = 0; i < npix && !st; i += (size_t)1 << 18) {
            size_t m = npix - i < ((size_t)1 << 18) ? npix - i
                                                     : (size_t)1 << 18;
            st = gfp_write_values(snk, &f, vals + i, 1, m, &cbuf, &ccap, err);
        }
    }
    p->t_io += gfp_now() - t0;
    if (!st && p->clamped)
        gfp_msg("convolve2d", "warning: %llu of %llu output values clamped "
                "to 0..%d", (unsigned long long)p->clamped,
                (unsigned long long)p->values_out,
                im->depth == 16 ? 65535 : 255);
done:
    if (A) e->ops->free_host(e->state, A);
    if (B) e->ops->free_host(e->state, B);
    if (K) e->ops->free_host(e->state, K);
    gfp_fft2d_destroy(&fwd);
    gfp_fft2d_destroy(&inv);
    free(pix);
    free(vals);
    free(row);
    free(ymap);
    free(xmap);
    free(cbuf);
    return st;
}

static void c2_stop(void *vp, const gfp_common *c)
{
    c2_priv *p = vp;
    if (c->verbose && p->k) {
        static const char *const kinds[] = {"", "gray", "gray+alpha", "RGB",
                                            "RGBA"};
        char kdesc[96];
        if (p->named == KN_FILE)
            snprintf(kdesc, sizeof kdesc, "%s file, its sum %.6g %s",
                     p->ktype, p->ksum, p->norm_none ? "kept (--normalize "
                     "none)" : "scaled to 1");
        else
            snprintf(kdesc, sizeof kdesc, "%s, sum 1", p->kspec);
        gfp_msg("convolve2d", "engine %s; %zux%zu %s %d-bit image; kernel "
                "%zux%zu (%s); boundary %s; alpha %s; planes %zux%zu %s; "
                "transforms %.3f s, the rest %.3f s",
                p->engine_name ? p->engine_name : "-", p->img.width,
                p->img.height, kinds[p->img.channels], p->img.depth, p->kw,
                p->kh, kdesc, boundary_names[p->boundary],
                p->alpha_conv ? "convolved" : "kept", p->Pw, p->Ph,
                p->dbl ? "f64" : "f32", p->t_fft, p->t_io);
    }
    free(p->k);
    p->k = NULL;
    gfp_image_free(&p->img);
}

static gfp_status c2_flow(void *vp, const void *frames, size_t nframes,
                          gfp_sink *snk, gfp_error *err)
{
    return gfp_fail(err, GFP_EINVAL, "internal: convolve2d runs its own "
                    "loop");
}

const gfp_stage_handler gfp_stage_convolve2d = {
    .name = "convolve2d",
    .summary = "2D convolution of a PNG image (blur, any kernel) by FFT",
    .priv_size = sizeof(c2_priv),
    .usage = c2_usage,
    .getopts = c2_getopts,
    .open_source = c2_open_source,
    .start = c2_start,
    .flow = c2_flow,
    .stop = c2_stop,
    .run = c2_run,
};
