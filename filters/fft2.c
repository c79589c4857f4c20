/* fft2.c - the `fft2` and `ifft2` stages: 2D FFTs of images (PNG) and of
 * arrays (raw samples, .npy), with numpy.fft.fft2/ifft2/rfft2/irfft2's
 * layouts and norms, and spectrum pictures (log-magnitude or phase,
 * fftshift-centred, colormapped PNG).
 *
 * Row-column: the rows are one batched 1D plan (contiguous frames); for the
 * columns the array is transposed in cache-sized tiles, the columns run as
 * another batched plan on contiguous frames, and the result is transposed
 * back. Both passes go through the engine interface only, so a GPU engine
 * runs them unchanged; a length it refuses (GFP_ENOTSUP at plan time)
 * falls back to the CPU under --engine auto, as every stage does. An engine
 * with a whole-array 2D plan (plan_2d: the gpu engine's gfp_gpu_plan2d)
 * takes a plane that fits its memory whole instead: one copy each way and
 * two passes over device memory, no host transposes.
 *
 * The whole array is held in memory: the input as read, and two working
 * arrays of the transform (one plane of a multi-channel input at a time).
 * The stage runs its own loop (the `run` hook) since one block needs two
 * transforms with transposes between them. The input is read completely in
 * open_source, before any plan is made, so a retry on the CPU loses
 * nothing. */
#include "config.h"
#include "filters.h"
#include "fft2.h"
#include "model.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define F2_MAX_SIDE ((uint64_t)INT32_MAX)     /* FFTW takes int lengths */
#define F2_MAX_ELEMS ((uint64_t)1 << 40)
/* a GPU pass's batch: out of core on the H100, 8192^2 C2C f32 took 0.041 s
 * with batches of 4-8 MiB and 0.054-0.057 s with 12-32 MiB (bench/NOTES.md,
 * issue 7); GFP_FFT2_GPU_CHUNK_MIB=n overrides it (A/B runs) */
#define F2_GPU_CHUNK_BYTES GFP_MODEL_GPU_BATCH_BYTES /* the model's batch */
#define F2_WRITE_SCALARS ((size_t)1 << 18)    /* per converted write */
#define F2_TILE 32
/* Batches in flight on a GPU engine's pass: with two, batch k + 2's copy in
 * waits for batch k's copy out, which waits for k's kernels, so every
 * batch adds its kernels and a wake-up to the copy engines' idle time;
 * with three the copy in runs ahead and both copy engines stay busy
 * (bench/NOTES.md, issue 7). Three batches of the size two had take 3/4
 * of --gpu-mem. GFP_FFT2_GPU_SLOTS=2..4 overrides it (A/B runs). */
#define F2_GPU_SLOTS 3
#define F2_MAX_SLOTS 4

typedef enum f2_kind { K_AUTO, K_PNG, K_NPY, K_RAW } f2_kind;
typedef enum f2_mode { M_DEFAULT, M_COMPLEX, M_REAL, M_MAG, M_LOGMAG,
                       M_PHASE } f2_mode;
static const char *const mode_names[] = {"", "complex", "real", "mag",
                                         "logmag", "phase"};

typedef struct f2_priv {
    int inverse;
    /* options */
    size_t W, H;            /* --size: the real-space width and height */
    int have_size, in_fmt_set, out_fmt_set, gray, full, real_out;
    int shift;              /* -1: the default */
    f2_kind in_kind, out_kind;
    gfp_format in_fmt, out_fmt;
    f2_mode mode;
    gfp_norm norm;
    gfp_cmap cmap;
    int cmap_set;
    double range;
    const char *out_path;
    /* the input, whole */
    unsigned char *raw;
    size_t rawlen;
    gfp_image img;
    const unsigned char *vals; /* raw/npy values */
    gfp_format vfmt;
    size_t C;               /* planes (image channels) */
    size_t Wi;              /* values per input row */
    int real_in, in64;
    /* the transform */
    int dbl;
    gfp_kind row_kind;      /* R2C (fft2 real), C2R (ifft2 --real-out), C2C */
    size_t Wc;              /* complex columns: W/2+1 for R2C/C2R, else W */
    size_t Wo;              /* output values per row (raw/npy) */
    int out_cplx;           /* raw/npy output is complex */
    double t_fft, t_io;
    double t_pred, ratio;   /* hybrid: the model's time per plane, r */
    double ratio_cols;      /* the columns' r (--ratio R,C or the model's) */
    size_t repeat;          /* --repeat: transforms per plane, timed; the
                               median counts (0: once) */
    gfp_hybrid_stats hs;    /* hybrid: the transforms' CPU and GPU parts */
    int verbose;
    const char *engine_name;
} f2_priv;

/* ---- usage ----------------------------------------------------------------- */

static void usage_common(FILE *out)
{
    fputs(
        "  --size WxH            the array's width (values per row) and height\n"
        "                        (rows); needed for raw input (ifft2\n"
        "                        --real-out: the size of the real output)\n"
        "  --in-format F         png, npy, or raw samples in format F (u8 s8 s16\n"
        "                        s32 f32 f64 cu8 cs8 cs16 cf32 cf64, le/be);\n"
        "                        default: from the file's signature (PNG,\n"
        "                        .npy), else cf32. Raw input may hold several\n"
        "                        planes of H rows, transformed one by one\n"
        "  --out-format F        png, npy, raw, or a raw sample format; default:\n"
        "                        from OUTPUT's extension (.png, .npy), else raw\n"
        "                        (cf32/f32, cf64/f64 with --precision f64 or a\n"
        "                        64-bit input)\n"
        "  --out complex|real|mag|logmag|phase   what to write per value:\n"
        "                        logmag is 20*log10(|X|) (dB, floor -300);\n"
        "                        default complex (real for a real result);\n"
        "                        PNG: logmag for fft2, real for ifft2\n"
        "  --norm backward|ortho|forward   scaling, numpy's meanings (default\n"
        "                        backward: fft2 unscaled, ifft2 by 1/(W*H))\n"
        "  --shift               fft2: fftshift the output (zero frequency in\n"
        "                        the middle; default for PNG output);\n"
        "                        ifft2: ifftshift the input first\n"
        "  --no-shift            no shift, also for PNG output\n"
        "  --gray                PNG input: transform the luminance (0.299 R +\n"
        "                        0.587 G + 0.114 B) instead of each channel\n"
        "  --full                fft2 of real input: all W columns, as\n"
        "                        numpy.fft.fft2 (default W/2+1, as rfft2)\n"
        "  --real-out            ifft2: Hermitian input of H rows of W/2+1\n"
        "                        values, real output of WxH, as irfft2\n"
        "  --colormap C          PNG output: viridis, magma, inferno, plasma,\n"
        "                        gray (default viridis; gray for --out real)\n"
        "  --range DB            PNG logmag: dB shown below the peak (default\n"
        "                        80)\n"
        "  --engine hybrid       the CPU (FFTW, --threads) and the GPU at once:\n"
        "                        a fraction r of each direction's rows or\n"
        "                        columns to the GPU, chosen by the model that\n"
        "                        'gfftpipe calibrate' fits (-v: r, predicted\n"
        "                        and measured time); without a GPU the CPU\n"
        "                        alone, with one note\n"
        "  --ratio R[,C]         hybrid: send the fraction R (0..1) of each pass\n"
        "                        to the GPU, or R of the rows' and C of the\n"
        "                        columns', instead of the model's choice\n"
        "  --repeat N            transform each plane N times (1..1000), each\n"
        "                        from the loaded input, and count the median\n"
        "                        time (-v); the output is the same (benchmarks)\n"
        "  --gpu-mem SIZE        device memory the GPU's buffers may use (k, M,\n"
        "                        G, Ki, Mi, Gi); a plane that fits goes to the\n"
        "                        GPU whole (gpu, auto: the on-device 2D FFT),\n"
        "                        larger ones go through in pieces (gpu, hybrid\n"
        "                        and auto engines)\n",
        out);
    gfp_common_usage(out);
    fputs("PNG output: one tile per plane, side by side; mag is scaled to\n"
          "its peak, real is clamped to 0..1 (a PNG input's pixel range).\n"
          "Memory: the input, plus two arrays of H x W complex values in the\n"
          "working precision per plane. --tail has no effect here.\n", out);
}

static void fft2_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe fft2 [options] [INPUT [OUTPUT]]\n"
        "2D forward FFT of an image (PNG: each channel, or the luminance) or\n"
        "of an array (raw samples with --size, or .npy), in numpy.fft.fft2\n"
        "(complex input) or rfft2 (real input) layout; or a picture of the\n"
        "spectrum (PNG output: log-magnitude or phase, centred).\n"
        "INPUT and OUTPUT default to stdin and stdout; '-' names them.\n"
        "\n", out);
    usage_common(out);
}

static void ifft2_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe ifft2 [options] [INPUT [OUTPUT]]\n"
        "2D inverse FFT of an array (raw samples with --size, or .npy), as\n"
        "numpy.fft.ifft2, or irfft2 with --real-out; PNG output shows the\n"
        "result as an image.\n"
        "INPUT and OUTPUT default to stdin and stdout; '-' names them.\n"
        "\n", out);
    usage_common(out);
}

/* ---- options ----------------------------------------------------------------- */

enum {
    O_SIZE = 1, O_IN_FORMAT, O_OUT_FORMAT, O_OUT, O_NORM, O_SHIFT,
    O_NO_SHIFT, O_GRAY, O_FULL, O_REAL_OUT, O_CMAP, O_RANGE, O_GPU_MEM,
    O_RATIO, O_REPEAT
};

static gfp_status f2_getopts(void *vp, gfp_common *c, const char **in,
                             const char **out, int argc, char **argv,
                             gfp_error *err)
{
    f2_priv *p = vp;
    static const struct option longopts[] = {
        {"size", 1, 0, O_SIZE}, {"in-format", 1, 0, O_IN_FORMAT},
        {"out-format", 1, 0, O_OUT_FORMAT}, {"out", 1, 0, O_OUT},
        {"norm", 1, 0, O_NORM}, {"shift", 0, 0, O_SHIFT},
        {"no-shift", 0, 0, O_NO_SHIFT}, {"gray", 0, 0, O_GRAY},
        {"full", 0, 0, O_FULL}, {"real-out", 0, 0, O_REAL_OUT},
        {"colormap", 1, 0, O_CMAP}, {"range", 1, 0, O_RANGE},
        {"gpu-mem", 1, 0, O_GPU_MEM}, {"ratio", 1, 0, O_RATIO},
        {"repeat", 1, 0, O_REPEAT},
        GFP_COMMON_LONGOPTS, {0, 0, 0, 0}};
    const char *who = p->inverse ? "ifft2" : "fft2";
    p->shift = -1;
    p->range = 80;
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, GFP_COMMON_SHORTOPTS, longopts,
                            NULL)) != -1) {
        switch (o) {
        case O_SIZE:
            if (gfp_opt_wxh("size", optarg, F2_MAX_SIDE, F2_MAX_ELEMS, &p->W,
                            &p->H, err))
                return GFP_EINVAL;
            p->have_size = 1;
            break;
        case O_IN_FORMAT:
            p->in_fmt_set = 1;
            if (!strcmp(optarg, "png")) p->in_kind = K_PNG;
            else if (!strcmp(optarg, "npy")) p->in_kind = K_NPY;
            else if (!gfp_format_parse(optarg, &p->in_fmt)) p->in_kind = K_RAW;
            else return gfp_fail(err, GFP_EINVAL, "--in-format: '%s' is not "
                                 "png, npy or a sample format", optarg);
            break;
        case O_OUT_FORMAT:
            if (!strcmp(optarg, "png")) p->out_kind = K_PNG;
            else if (!strcmp(optarg, "npy")) p->out_kind = K_NPY;
            else if (!strcmp(optarg, "raw")) p->out_kind = K_RAW;
            else if (!gfp_format_parse(optarg, &p->out_fmt)) {
                p->out_kind = K_RAW;
                p->out_fmt_set = 1;
            } else {
                return gfp_fail(err, GFP_EINVAL, "--out-format: '%s' is not "
                                "png, npy, raw or a sample format", optarg);
            }
            break;
        case O_OUT: {
            int i;
            if (gfp_opt_choice("out", optarg, mode_names, 6, &i, err))
                return GFP_EINVAL;
            p->mode = (f2_mode)i;
            break;
        }
        case O_NORM:
            if (gfp_norm_parse(optarg, &p->norm, err))
                return GFP_EINVAL;
            break;
        case O_SHIFT: p->shift = 1; break;
        case O_NO_SHIFT: p->shift = 0; break;
        case O_GRAY: p->gray = 1; break;
        case O_FULL: p->full = 1; break;
        case O_REAL_OUT: p->real_out = 1; break;
        case O_CMAP:
            if (gfp_cmap_parse(optarg, &p->cmap))
                return gfp_fail(err, GFP_EINVAL, "--colormap: '%s' is not one "
                                "of viridis, magma, inferno, plasma, gray",
                                optarg);
            p->cmap_set = 1;
            break;
        case O_RANGE:
            if (gfp_opt_double("range", optarg, 1, 1000, &p->range, err))
                return GFP_EINVAL;
            break;
        case O_GPU_MEM:
            if (gfp_opt_size("gpu-mem", optarg, 1, (uint64_t)1 << 50,
                             &c->gpu_mem, err))
                return GFP_EINVAL;
            break;
        case O_RATIO: {
            /* R, or R,C: the rows' and the columns' */
            char rb[64];
            const char *comma = strchr(optarg, ',');
            size_t rl = comma ? (size_t)(comma - optarg) : strlen(optarg);
            if (rl >= sizeof rb)
                return gfp_fail(err, GFP_EINVAL, "--ratio: '%s' is not R or "
                                "R,C", optarg);
            memcpy(rb, optarg, rl);
            rb[rl] = '\0';
            if (gfp_opt_double("ratio", rb, 0, 1, &c->ratio, err) ||
                (comma && gfp_opt_double("ratio", comma + 1, 0, 1,
                                         &p->ratio_cols, err)))
                return GFP_EINVAL;
            c->ratio_set = 1;
            if (!comma)
                p->ratio_cols = c->ratio;
            break;
        }
        case O_REPEAT:
            if (gfp_opt_size("repeat", optarg, 1, 1000, &p->repeat, err))
                return GFP_EINVAL;
            break;
        default:
            if (gfp_common_opt(c, o, optarg, argv, err))
                return GFP_EINVAL;
        }
    }
    if (c->help)
        return GFP_OK;
    if (p->inverse && p->full)
        return gfp_fail(err, GFP_EINVAL, "--full is for fft2 (ifft2 output "
                        "is complex WxH, or real with --real-out)");
    if (!p->inverse && p->real_out)
        return gfp_fail(err, GFP_EINVAL, "--real-out is for ifft2");
    if (p->real_out && p->shift == 1)
        return gfp_fail(err, GFP_EINVAL, "--shift cannot go with --real-out "
                        "(the input is half a spectrum)");
    if (p->real_out && p->mode == M_COMPLEX)
        return gfp_fail(err, GFP_EINVAL, "--out complex cannot go with "
                        "--real-out");
    if (p->in_kind == K_RAW && !p->have_size)
        return gfp_fail(err, GFP_EINVAL, "raw input needs --size WxH");
    if (c->ratio_set && strcmp(c->engine, "hybrid"))
        return gfp_fail(err, GFP_EINVAL, "--ratio is for --engine hybrid");
    if (c->gpu_mem && !strcmp(c->engine, "cpu"))
        return gfp_fail(err, GFP_EINVAL, "--gpu-mem is for the gpu, cufft, "
                        "hybrid and auto engines, not --engine cpu");
    if (gfp_opt_positional(argc, argv, optind, in, out, err))
        return GFP_EINVAL;
    p->out_path = *out;
    (void)who;
    return GFP_OK;
}

/* ---- the input ------------------------------------------------------------- */

gfp_status gfp_read_whole(gfp_source *src, unsigned char **data, size_t *len,
                          gfp_error *err)
{
    /* Read through a copy: the bytes end in memory before any plan is
     * made, so for main.c's retry on the CPU nothing of src was lost. */
    gfp_source rd = *src;
    size_t cap = src->size > 0 ? (size_t)src->size + 1 : (size_t)1 << 16;
    size_t have = 0;
    unsigned char *b = malloc(cap);
    gfp_status st = GFP_OK;
    while (b) {
        size_t got;
        if ((st = gfp_source_read(&rd, b + have, cap - have, &got, err)))
            break;
        have += got;
        if (rd.eof)
            break;
        if (cap > ((size_t)1 << 42)) {
            st = gfp_fail(err, GFP_EFORMAT, "the input is too large");
            break;
        }
        unsigned char *nb = realloc(b, cap * 2);
        if (!nb) {
            free(b);
            b = NULL;
            break;
        }
        b = nb;
        cap *= 2;
    }
    src->eof = rd.eof;
    if (!b && !st)
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the input");
    if (st) {
        free(b);
        return st;
    }
    *data = b;
    *len = have;
    return GFP_OK;
}

static gfp_status f2_open_source(void *vp, const char *path, gfp_source *src,
                                 gfp_error *err)
{
    f2_priv *p = vp;
    gfp_status st = gfp_source_open(path, src, err);
    if (st)
        return st;
    if ((st = gfp_read_whole(src, &p->raw, &p->rawlen, err)))
        goto fail;
    if (p->in_kind == K_AUTO) {
        /* the name first: a .png that is not one is a bad PNG, not raw */
        const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
        if (dot && (!slash || dot > slash) && !strcasecmp(dot, ".png"))
            p->in_kind = K_PNG;
        else if (dot && (!slash || dot > slash) && !strcasecmp(dot, ".npy"))
            p->in_kind = K_NPY;
        else if (p->rawlen >= 8 && !memcmp(p->raw, "\x89PNG\r\n\x1a\n", 8))
            p->in_kind = K_PNG;
        else if (p->rawlen >= 6 && !memcmp(p->raw, "\x93NUMPY", 6))
            p->in_kind = K_NPY;
        else
            p->in_kind = K_RAW;
    }
    if (p->in_kind == K_PNG) {
        if ((st = gfp_png_read(p->raw, p->rawlen, &p->img, err)))
            goto fail;
        free(p->raw); /* the pixels are all we need */
        p->raw = NULL;
    }
    return GFP_OK;
fail:
    /* stop() is not called when the input does not open: free here. */
    free(p->raw);
    p->raw = NULL;
    p->rawlen = 0;
    gfp_image_free(&p->img);
    gfp_source_close(src);
    return st;
}

static gfp_status f2_start(void *vp, const gfp_common *c,
                           const gfp_source *src, gfp_stage_setup *s,
                           gfp_error *err)
{
    f2_priv *p = vp;
    const char *who = p->inverse ? "ifft2" : "fft2";
    (void)src;
    p->dbl = c->dbl;
    p->verbose = c->verbose;
    memset(s, 0, sizeof *s);
    size_t H, Win;  /* rows, and values per input row */
    if (p->in_kind == K_PNG) {
        if (p->have_size && (p->W != p->img.width || p->H != p->img.height))
            return gfp_fail(err, GFP_EINVAL, "--size %zux%zu does not match "
                            "the %zux%zu PNG", p->W, p->H, p->img.width,
                            p->img.height);
        p->W = Win = p->img.width;
        p->H = H = p->img.height;
        p->C = p->gray || p->img.channels < 3 ? 1 : 3;
        p->real_in = 1;
        if (p->real_out)
            return gfp_fail(err, GFP_EINVAL, "--real-out needs a complex "
                            "half spectrum, not a PNG");
    } else {
        if (p->gray)
            return gfp_fail(err, GFP_EINVAL, "--gray is for PNG input");
        size_t count, avail;
        if (p->in_kind == K_NPY) {
            gfp_npy_info ni;
            gfp_status st = gfp_npy_parse(p->raw, p->rawlen, &ni, err);
            if (st)
                return st;
            if (ni.ndim < 1 || ni.ndim > 3 || ni.count == 0)
                return gfp_fail(err, GFP_EFORMAT, ".npy: %d-dimensional "
                                "array of %zu values: expected 1 to 3 "
                                "dimensions ([planes,] rows, columns)",
                                ni.ndim, ni.count);
            Win = ni.shape[ni.ndim - 1];
            H = ni.ndim >= 2 ? ni.shape[ni.ndim - 2] : 1;
            p->C = ni.ndim == 3 ? ni.shape[0] : 1;
            p->vfmt = ni.fmt;
            p->vals = p->raw + ni.data_offset;
            if (Win > F2_MAX_SIDE || H > F2_MAX_SIDE)
                return gfp_fail(err, GFP_EFORMAT, ".npy: sides must be at "
                                "most %llu", (unsigned long long)F2_MAX_SIDE);
            if (p->real_out) {
                size_t w = Win > 1 ? 2 * (Win - 1) : 1;
                if (p->have_size) {
                    if (p->W / 2 + 1 != Win || p->H != H)
                        return gfp_fail(err, GFP_EINVAL, "--size %zux%zu "
                                        "needs %zu rows of %zu values; the "
                                        ".npy has %zu of %zu", p->W, p->H,
                                        p->H, p->W / 2 + 1, H, Win);
                    w = p->W;
                }
                p->W = w;
            } else {
                if (p->have_size && (p->W != Win || p->H != H))
                    return gfp_fail(err, GFP_EINVAL, "--size %zux%zu does "
                                    "not match the .npy's %zux%zu", p->W,
                                    p->H, Win, H);
                p->W = Win;
            }
            p->H = H;
        } else {
            if (!p->have_size)
                return gfp_fail(err, GFP_EINVAL, "raw input needs --size WxH "
                                "(and --in-format, default cf32)");
            if (!p->in_fmt_set)
                p->in_fmt = gfp_format_native(GFP_F32, 1);
            p->vfmt = p->in_fmt;
            p->vals = p->raw;
            H = p->H;
            Win = p->real_out ? p->W / 2 + 1 : p->W;
            size_t ib = gfp_format_item_bytes(&p->vfmt), plane;
            if (!gfp_mul_ok(H * Win, ib, &plane))
                return gfp_fail(err, GFP_EINVAL, "--size too large");
            if (p->rawlen == 0 || p->rawlen % plane) {
                char fn[32];
                gfp_format_name(&p->vfmt, fn, sizeof fn);
                return gfp_fail(err, GFP_EFORMAT, "the input has %zu bytes: "
                                "not a whole number (>= 1) of planes of %zu "
                                "rows x %zu %s values (%zu bytes)", p->rawlen,
                                H, Win, fn, plane);
            }
            p->C = p->rawlen / plane;
        }
        p->real_in = !p->vfmt.is_complex;
        p->in64 = gfp_format_is_64bit(&p->vfmt);
        if (!gfp_mul_ok(H, Win, &count) ||
            !gfp_mul_ok(count, p->C, &avail) || avail > F2_MAX_ELEMS)
            return gfp_fail(err, GFP_EFORMAT, "the input is too large");
    }
    p->Wi = Win;
    /* the transform */
    if (!p->inverse)
        p->row_kind = p->real_in && !p->full ? GFP_R2C : GFP_C2C;
    else
        p->row_kind = p->real_out ? GFP_C2R : GFP_C2C;
    p->Wc = p->row_kind == GFP_C2C ? p->W : p->W / 2 + 1;
    /* the output */
    if (p->out_kind == K_AUTO) {
        const char *dot = strrchr(p->out_path, '.'),
                   *slash = strrchr(p->out_path, '/');
        p->out_kind = K_RAW;
        if (dot && (!slash || dot > slash) && strcmp(p->out_path, "-")) {
            if (!strcasecmp(dot, ".png")) p->out_kind = K_PNG;
            else if (!strcasecmp(dot, ".npy")) p->out_kind = K_NPY;
        }
    }
    int real_result = p->row_kind == GFP_C2R;
    if (p->out_kind == K_PNG) {
        if (p->mode == M_DEFAULT)
            p->mode = p->inverse ? M_REAL : M_LOGMAG;
        if (p->mode == M_COMPLEX)
            return gfp_fail(err, GFP_EINVAL, "PNG output shows real values: "
                            "--out real, mag, logmag or phase");
        if (p->shift < 0)
            p->shift = !p->inverse;
        if (!p->cmap_set)
            p->cmap = p->mode == M_REAL ? GFP_CM_GRAY : GFP_CM_VIRIDIS;
    } else {
        if (p->mode == M_DEFAULT)
            p->mode = real_result ? M_REAL : M_COMPLEX;
        if (p->shift < 0)
            p->shift = 0;
        if (p->shift && !p->inverse && p->row_kind == GFP_R2C)
            return gfp_fail(err, GFP_EINVAL, "--shift needs the whole "
                            "spectrum: add --full for real input");
    }
    if (real_result && p->mode == M_COMPLEX)
        return gfp_fail(err, GFP_EINVAL, "--out complex: the result of "
                        "--real-out is real");
    p->out_cplx = p->mode == M_COMPLEX;
    p->Wo = p->row_kind == GFP_R2C ? p->Wc : p->W;
    if (p->out_kind != K_PNG) {
        int wide = p->dbl || p->in64;
        if (!p->out_fmt_set)
            p->out_fmt = gfp_format_native(wide ? GFP_F64 : GFP_F32,
                                           p->out_cplx);
        if (p->out_fmt.is_complex != p->out_cplx)
            return gfp_fail(err, GFP_EINVAL, "--out-format must be %s for "
                            "--out %s", p->out_cplx ? "complex (c...)"
                                                    : "real",
                            mode_names[p->mode]);
        if (p->out_kind == K_NPY && (p->out_fmt.sample != GFP_F32 &&
                                     p->out_fmt.sample != GFP_F64))
            return gfp_fail(err, GFP_EINVAL, ".npy output is float or "
                            "complex");
    } else {
        size_t tw, px;
        if (!gfp_mul_ok(p->W, p->C, &tw) || !gfp_mul_ok(tw, p->H, &px) ||
            tw > 1000000 || p->H > 1000000 || px > GFP_PNG_MAX_PIXELS)
            return gfp_fail(err, GFP_EINVAL, "a %zux%zu PNG (%zu plane(s) "
                            "side by side) is too large; write raw or .npy",
                            p->W * p->C, p->H, p->C);
    }
    (void)who;
    return GFP_OK;
}

/* ---- transposes and shifts ------------------------------------------------- */

typedef struct { float v[2]; } c32;
typedef struct { double v[2]; } c64;

#define DEF_TRANSPOSE(T)                                                     \
    static void transpose_##T(const T *restrict s, T *restrict d,            \
                              size_t rows, size_t cols)                      \
    {                                                                        \
        for (size_t r0 = 0; r0 < rows; r0 += F2_TILE)                        \
            for (size_t c0 = 0; c0 < cols; c0 += F2_TILE) {                  \
                size_t r1 = r0 + F2_TILE < rows ? r0 + F2_TILE : rows;       \
                size_t c1 = c0 + F2_TILE < cols ? c0 + F2_TILE : cols;       \
                for (size_t r = r0; r < r1; r++)                             \
                    for (size_t c = c0; c < c1; c++)                         \
                        d[c * rows + r] = s[r * cols + c];                   \
            }                                                                \
    }
DEF_TRANSPOSE(c32)
DEF_TRANSPOSE(c64)

void gfp_transpose_c(int dbl, const void *s, void *d, size_t rows,
                     size_t cols)
{
    if (dbl)
        transpose_c64(s, d, rows, cols);
    else
        transpose_c32(s, d, rows, cols);
}

/* 2D fftshift (inv 0) or ifftshift (inv 1) of rows x cols items of es
 * bytes, s to d. */
static void shift2d(const void *s, void *d, size_t rows, size_t cols,
                    size_t es, int inv)
{
    size_t hr = inv ? rows / 2 : rows - rows / 2;
    size_t hc = inv ? cols / 2 : cols - cols / 2;
    for (size_t r = 0; r < rows; r++) {
        const char *sr = (const char *)s + ((r + hr) % rows) * cols * es;
        char *dr = (char *)d + r * cols * es;
        /* dst[c] = src[(c + hc) % cols]: two runs */
        size_t first = cols - hc;
        memcpy(dr, sr + hc * es, first * es);
        memcpy(dr + first * es, sr, hc * es);
    }
}

/* ---- the engine passes ------------------------------------------------------ */

/* Frames per submitted batch of the CPU: about GFP_MODEL_CPU_BATCH_BYTES,
 * the model's rule (its CPU steps' constant is a batch's). */
static size_t chunk_frames(size_t frames, size_t frame_bytes)
{
    return gfp_model_cpu_batch(frames, frame_bytes);
}

/* The batch for an engine that sends a fraction frac of every batch to a
 * GPU: that part about F2_GPU_CHUNK_BYTES (the whole batch for a GPU engine),
 * each slot's device buffers (dev_bytes per frame, input plus output)
 * within a quarter of gpu_mem when set (F2_GPU_SLOTS of them: 3/4), the
 * batch itself at most F2_HYBRID_MAX_BYTES of host memory. */
#define F2_HYBRID_MAX_BYTES ((size_t)256 << 20)
static size_t chunk_frames_dev(size_t frames, size_t frame_bytes,
                               size_t dev_bytes, double frac, size_t gpu_mem)
{
    if (frac <= 0)
        return chunk_frames(frames, frame_bytes);
    size_t fb = frame_bytes ? frame_bytes : 1;
    size_t gb = F2_GPU_CHUNK_BYTES;
    const char *ge = getenv("GFP_FFT2_GPU_CHUNK_MIB");
    if (ge && atoi(ge) > 0 && atoi(ge) <= 4096)
        gb = (size_t)atoi(ge) << 20;
    size_t g = gb / fb;
    if (gpu_mem) {
        size_t cap = gpu_mem / 2 / (2 * (dev_bytes ? dev_bytes : 1));
        if (cap < g)
            g = cap;
    }
    if (g < 1)
        g = 1; /* the engine refuses it with a clear message */
    double k = frac >= 1 ? (double)g : floor((double)g / frac);
    double kmax = (double)(F2_HYBRID_MAX_BYTES / fb);
    if (frac < 1 && k > kmax)
        k = kmax;
    if (k < 1)
        k = 1;
    size_t kk = k >= (double)frames ? frames : (size_t)k;
    return gfp_model_round_batch(kk, frames);
}

/* Slots of a pass's plan: F2_GPU_SLOTS on an engine with a GPU part. */
static int pass_slots(double frac)
{
    if (frac <= 0)
        return 2;
    const char *e = getenv("GFP_FFT2_GPU_SLOTS");
    if (e && *e >= '2' && *e <= '0' + F2_MAX_SLOTS && !e[1])
        return *e - '0';
    return F2_GPU_SLOTS;
}

static int plan_slots(const gfp_plan *pl)
{
    return pl->nslots < 1 ? 1 : pl->nslots > F2_MAX_SLOTS ? F2_MAX_SLOTS
                                                          : pl->nslots;
}

/* The end of a pass: the slots still in flight waited for; the first
 * error (st, else a wait's) is the one returned. */
static gfp_status drain(gfp_plan *pl, const int busy[], gfp_status st,
                       gfp_error *err)
{
    for (int s = 0; s < plan_slots(pl); s++)
        if (busy[s]) {
            gfp_status w = gfp_plan_wait(pl, s, err);
            if (!st)
                st = w;
        }
    return st;
}

/* Frames lo .. hi - 1 through pl in batches, as many in flight as the plan
 * has slots (a GPU engine overlaps one batch's copies with the others'
 * kernels and copies the other way). */
static gfp_status pass_r(gfp_plan *pl, const void *in, void *out, size_t lo,
                         size_t hi, size_t ib, size_t ob, gfp_error *err)
{
    size_t frames = hi - lo, chunk = pl->desc.batch;
    size_t nch = (frames + chunk - 1) / chunk;
    int busy[F2_MAX_SLOTS] = {0}, ns = plan_slots(pl);
    gfp_status st = GFP_OK;
    for (size_t k = 0; k < nch && !st; k++) {
        int slot = (int)(k % (size_t)ns);
        if (busy[slot]) {
            busy[slot] = 0;
            if ((st = gfp_plan_wait(pl, slot, err)))
                break;
        }
        size_t f0 = lo + k * chunk, nf = hi - f0 < chunk ? hi - f0 : chunk;
        st = gfp_plan_submit(pl, slot, (const char *)in + f0 * ib,
                             (char *)out + f0 * ob, nf, err);
        busy[slot] = !st;
    }
    return drain(pl, busy, st, err);
}

static gfp_status pass(gfp_plan *pl, const void *in, void *out,
                       size_t frames, size_t ib, size_t ob, gfp_error *err)
{
    return pass_r(pl, in, out, 0, frames, ib, ob, err);
}

/* How a transposed pass's arrays are laid out (the engine's submit_tg
 * places and gathers the tiles): tout, the output in tiles of tout frames
 * (gfp_tiles: tile t holds frames t tout .. of the pass; a GPU batch of a
 * whole tile copies back as one run), tin, the input in tiles of tin
 * values; 0: plain. */
typedef struct f2_tiling {
    size_t tout, tin;
} f2_tiling;
static const f2_tiling f2_plain = {0, 0};

/* Frames lo .. hi - 1 through pl in batches, slots in flight, each batch's
 * output landing transposed in out (frame f as column f of L complex
 * values: out is L x ld, or tiles of it, tl). An engine that transposes
 * itself (gfp_engine_transposes) takes each batch through
 * gfp_plan_submit_tg, with or without tiles; otherwise each batch lands
 * in a staging buffer (stage[slot], one batch's output) and is transposed
 * from there while the engine computes the next. Tiles (tl) need
 * submit_tg (ld frames in all). */
static gfp_status pass_t(gfp_plan *pl, const void *in, void *out, size_t lo,
                         size_t hi, size_t ld, size_t ib, size_t L, int dbl,
                         void *const stage[2], int threads,
                         const f2_tiling *tl, gfp_error *err)
{
    size_t chunk = pl->desc.batch;
    int direct = gfp_engine_transposes(pl->engine);
    /* staging buffers are two: an engine that does not transpose itself
     * runs two slots */
    int ns = direct || plan_slots(pl) < 2 ? plan_slots(pl) : 2;
    int busy[F2_MAX_SLOTS] = {0};
    size_t f0s[F2_MAX_SLOTS] = {0}, nfs[F2_MAX_SLOTS] = {0};
    gfp_status st = GFP_OK;
    size_t f0 = lo;
    /* after the last batch, ns more turns wait for the ones in flight */
    for (size_t k = 0, tail = 0; tail < (size_t)ns && !st; k++) {
        int slot = (int)(k % (size_t)ns);
        if (busy[slot]) {
            busy[slot] = 0;
            if ((st = gfp_plan_wait(pl, slot, err)))
                break;
            if (!direct)
                gfp_transpose_block(dbl, stage[slot], out, nfs[slot], L, ld,
                                    f0s[slot], threads);
        }
        if (f0 >= hi) {
            tail++;
            continue;
        }
        size_t nf = hi - f0 < chunk ? hi - f0 : chunk;
        const void *src = (const char *)in + f0 * ib;
        if (!direct) {
            st = gfp_plan_submit(pl, slot, src, stage[slot], nf, err);
        } else if (tl->tin) { /* found by frame index, not by address */
            gfp_tiles tg = {tl->tin, ld, f0};
            st = gfp_plan_submit_tg(pl, slot, in, &tg, out, tl->tout, nf, ld,
                                    f0, err);
        } else {
            st = gfp_plan_submit_tg(pl, slot, src, NULL, out, tl->tout, nf,
                                    ld, f0, err);
        }
        busy[slot] = !st;
        f0s[slot] = f0;
        nfs[slot] = nf;
        f0 += nf;
    }
    return drain(pl, busy, st, err);
}

/* pass_t with its staging buffers when the engine needs them. */
static gfp_status pass_t_r(gfp_plan *pl, const void *in, void *out,
                           size_t lo, size_t hi, size_t ld, size_t ib,
                           size_t L, int dbl, int threads,
                           const f2_tiling *tl, gfp_error *err)
{
    gfp_engine *e = pl->engine;
    void *stage[2] = {NULL, NULL};
    size_t sb = pl->desc.batch * 2 * L * (dbl ? sizeof(double)
                                              : sizeof(float));
    if (!gfp_engine_transposes(e)) {
        stage[0] = e->ops->alloc_host(e->state, sb);
        stage[1] = e->ops->alloc_host(e->state, sb);
        if (!stage[0] || !stage[1]) {
            for (int i = 0; i < 2; i++)
                if (stage[i])
                    e->ops->free_host(e->state, stage[i]);
            return gfp_fail(err, GFP_ENOMEM, "out of memory for two staging "
                            "buffers of %zu bytes", sb);
        }
    }
    gfp_status st = pass_t(pl, in, out, lo, hi, ld, ib, L, dbl, stage,
                           threads, tl, err);
    for (int i = 0; i < 2; i++)
        if (stage[i])
            e->ops->free_host(e->state, stage[i]);
    return st;
}

gfp_status gfp_fft2d_pass_t(gfp_plan *pl, const void *in, void *out,
                            size_t frames, size_t ib, size_t L, int dbl,
                            int threads, gfp_error *err)
{
    return pass_t_r(pl, in, out, 0, frames, frames, ib, L, dbl, threads,
                    &f2_plain, err);
}

/* ---- a hybrid engine's split passes (fft2.h) ------------------------------ */

typedef struct part_job {
    gfp_plan *pl;
    const void *in;
    void *out;
    size_t lo, hi, ld, ib, ob_or_L;
    int transposed, dbl, threads;
    f2_tiling tl;
    gfp_status st;
    gfp_error err;
    double secs;
} part_job;

static void part_run(part_job *j)
{
    double t0 = gfp_now();
    j->st = j->transposed
                ? pass_t_r(j->pl, j->in, j->out, j->lo, j->hi, j->ld, j->ib,
                           j->ob_or_L, j->dbl, j->threads, &j->tl, &j->err)
                : pass_r(j->pl, j->in, j->out, j->lo, j->hi, j->ib,
                         j->ob_or_L, &j->err);
    j->secs = gfp_now() - t0;
}

static void *part_thread(void *arg)
{
    part_run(arg);
    return NULL;
}

/* frames frames through the plans of one direction: all through pc when
 * the pass is not split, else the CPU's first share through pc on a
 * thread of its own while the GPU's through pg runs here. A transposed
 * pass's arrays may be tiled (tl, transposed passes only); a tiled output
 * has the split on a tile's bound (gfp_fft2d_split). */
static gfp_status run_pass(const gfp_fft2d *t, gfp_plan *pc, gfp_plan *pg,
                           int transposed, const void *in, void *out,
                           size_t frames, size_t ib, size_t ob_or_L,
                           const f2_tiling *tl, gfp_error *err)
{
    if (!tl)
        tl = &f2_plain;
    if (!pg)
        return transposed ? pass_t_r(pc, in, out, 0, frames, frames, ib,
                                     ob_or_L, t->dbl, t->threads, tl, err)
                          : pass_r(pc, in, out, 0, frames, ib, ob_or_L, err);
    /* the rows' plans split at r, the columns' at r_cols */
    double r = pc == t->cols ? t->r_cols : t->r;
    size_t nc = gfp_fft2d_split(frames, r, tl->tout), ng = frames - nc;
    part_job cj = {pc, in, out, 0, nc, frames, ib, ob_or_L, transposed,
                   t->dbl, t->threads, *tl, GFP_OK, {0}, 0};
    part_job gj = cj;
    gj.pl = pg;
    gj.lo = nc;
    gj.hi = frames;
    pthread_t th;
    int threaded = nc && ng && !pthread_create(&th, NULL, part_thread, &cj);
    if (ng)
        part_run(&gj);
    double t0 = gfp_now(), join = 0;
    if (threaded) {
        pthread_join(th, NULL);
        join = gfp_now() - t0;
    } else if (nc) {
        part_run(&cj); /* no thread: one after the other, still right */
    }
    if (t->acct) {
        t->acct->passes++;
        t->acct->cpu_frames += nc;
        t->acct->gpu_frames += ng;
        t->acct->cpu_s += cj.secs;
        t->acct->gpu_s += gj.secs;
        t->acct->join_s += join;
        if (t->acct->trace)
            gfp_msg(t->inverse ? "ifft2" : "fft2", "split pass %zu (%s): "
                    "CPU part %.4f s (%zu frames, %.2f us a frame), GPU part "
                    "%.4f s (%zu frames, %.2f us a frame), then %.4f s "
                    "waiting for the CPU part", t->acct->passes,
                    transposed ? "transposed" : "plain", cj.secs, nc,
                    nc ? 1e6 * cj.secs / (double)nc : 0.0, gj.secs, ng,
                    ng ? 1e6 * gj.secs / (double)ng : 0.0, join);
    }
    /* the GPU's error first: a sticky device error is the one to report */
    if (gj.st) {
        *err = gj.err;
        return gj.st;
    }
    if (cj.st) {
        *err = cj.err;
        return cj.st;
    }
    return GFP_OK;
}

int gfp_fft2d_plan_slots(double frac)
{
    return pass_slots(frac);
}

gfp_status gfp_fft2d_pass(gfp_plan *pl, const void *in, void *out,
                          size_t frames, size_t ib, size_t ob, gfp_error *err)
{
    return pass(pl, in, out, frames, ib, ob, err);
}

size_t gfp_fft2d_batch(size_t frames, size_t frame_bytes, size_t dev_bytes,
                       double frac, size_t gpu_mem)
{
    return chunk_frames_dev(frames, frame_bytes, dev_bytes, frac, gpu_mem);
}

/* ---- the 2D transform (fft2.h) ----------------------------------------------- */

/* The transform's shape and options, as both kinds of plan keep them. */
static void fft2d_fields(gfp_fft2d *t, gfp_engine *e, const gfp_fft2d_opts *o,
                         size_t W, size_t H, gfp_kind kind, int inverse,
                         int dbl)
{
    t->engine = e;
    t->acct = o ? o->acct : NULL;
    t->threads = o && o->threads > 0 ? o->threads : 1;
    t->W = W;
    t->H = H;
    t->kind = kind;
    t->inverse = inverse;
    t->dbl = dbl;
    t->Wc = kind == GFP_C2C ? W : W / 2 + 1;
}

size_t gfp_fft2d_split(size_t frames, double r, size_t tile)
{
    size_t ng = (size_t)llround(r * (double)frames);
    if (ng > frames)
        ng = frames;
    size_t nc = frames - ng;
    size_t q = tile ? tile : GFP_FFT2_SPLIT_FRAMES;
    if (nc && ng && nc % q) {
        size_t b = (nc + q / 2) / q * q;
        if (b > 0 && b < frames) /* both parts keep frames */
            nc = b;
    }
    return nc;
}

/* The tiles of execute's intermediate array (gfp_fft2d.tile): gpu_batch
 * is the GPU's batch of rows (0: no GPU takes part). */
static size_t pick_tile(gfp_engine *e, const gfp_fft2d_opts *o,
                        gfp_kind kind, size_t H, size_t gpu_batch)
{
    gfp_engine *ec, *eg;
    int ok = !gfp_hybrid_parts(e, &ec, &eg)
                 ? ec->ops->submit_tg && eg->ops->submit_tg
                 : e->ops->submit_tg != NULL;
    if (kind == GFP_C2R || !ok) /* C2R runs its columns first */
        return 0;
    size_t want = o && o->tile ? o->tile : 0;
    const char *env = getenv("GFP_FFT2_TILE");
    if (!want && env && *env) {
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        if (!*end)
            want = v ? (size_t)v : SIZE_MAX;
    }
    if (want == SIZE_MAX)
        return 0;
    if (!want)
        want = gpu_batch;
    return want && want < H ? want : 0;
}

/* The descriptions of the row plan (kind, length W) and the column plan
 * (C2C, length H) of t (fft2d_fields set), batches left to the caller;
 * t->rin set. Both run through submit_t unless C2R, into arrays of H x Wc
 * complex values. */
static void pass_descs(gfp_fft2d *t, double row_scale, double col_scale,
                       gfp_plan_desc *rd, gfp_plan_desc *cd)
{
    size_t sc = t->dbl ? sizeof(double) : sizeof(float);
    int tr = t->kind != GFP_C2R;
    size_t tb = t->Wc * t->H * 2 * sc;
    *rd = (gfp_plan_desc){.n = t->W, .kind = t->kind, .inverse = t->inverse,
                          .dbl = t->dbl, .scale = row_scale,
                          .transposed = tr, .t_bytes = tb};
    *cd = (gfp_plan_desc){.n = t->H, .kind = GFP_C2C, .inverse = t->inverse,
                          .dbl = t->dbl, .scale = col_scale,
                          .transposed = tr, .t_bytes = tb};
    t->rin = gfp_plan_in_scalars(rd) * sc;
}

/* The split passes of a hybrid engine (fft2.h): per direction the CPU's
 * plan over its share, batched as the CPU alone, and the GPU's over the
 * rest, batched as the GPU alone within gpu_mem. */
static gfp_status create_split(gfp_engine *e, gfp_engine *ec, gfp_engine *eg,
                               double r, double r_cols, size_t W, size_t H,
                               gfp_kind kind,
                               int inverse, int dbl, double row_scale,
                               double col_scale, const gfp_fft2d_opts *o,
                               gfp_fft2d *t, gfp_error *err)
{
    size_t sc = dbl ? sizeof(double) : sizeof(float);
    size_t gpu_mem = o ? o->gpu_mem : 0;
    fft2d_fields(t, e, o, W, H, kind, inverse, dbl);
    t->r = r;
    t->r_cols = r_cols;
    gfp_plan_desc rd, cd;
    pass_descs(t, row_scale, col_scale, &rd, &cd);
    size_t rout = (kind == GFP_C2R ? W : 2 * t->Wc) * sc;
    size_t rfb = t->rin > rout ? t->rin : rout;
    /* [direction]: frames, the larger frame, input plus output */
    size_t F[2] = {H, t->Wc}, fb[2] = {rfb, 2 * H * sc};
    size_t db[2] = {t->rin + rout, 4 * H * sc};
    gfp_plan_desc *ds[2] = {&rd, &cd};
    gfp_plan **pc[2] = {&t->rows, &t->cols}, **pg[2] = {&t->grows, &t->gcols};
    for (int d = 0; d < 2; d++) {
        size_t nc = gfp_fft2d_split(F[d], d ? r_cols : r, 0), ng = F[d] - nc;
        gfp_status st;
        /* a pass with nothing for one side runs on the other alone */
        ds[d]->batch = nc ? chunk_frames_dev(nc, fb[d], db[d], 0, 0)
                          : chunk_frames_dev(F[d], fb[d], db[d], 1.0,
                                             gpu_mem);
        if ((st = gfp_plan_create(nc ? ec : eg, ds[d],
                                  pass_slots(nc ? 0 : 1), pc[d], err)))
            return st;
        if (!nc || !ng)
            continue;
        ds[d]->batch = chunk_frames_dev(ng, fb[d], db[d], 1.0, gpu_mem);
        if ((st = gfp_plan_create(eg, ds[d], pass_slots(1), pg[d], err)))
            return st;
    }
    t->tile = pick_tile(e, o, kind, H,
                        chunk_frames_dev(H, fb[0], db[0], 1.0, gpu_mem));
    return GFP_OK;
}

gfp_status gfp_fft2d_create_opts(gfp_engine *e, size_t W, size_t H,
                                 gfp_kind kind, int inverse, int dbl,
                                 double row_scale, double col_scale,
                                 const gfp_fft2d_opts *o, gfp_fft2d *t,
                                 gfp_error *err)
{
    memset(t, 0, sizeof *t);
    size_t sc = dbl ? sizeof(double) : sizeof(float);
    size_t gpu_mem = o ? o->gpu_mem : 0;
    double frac = gfp_engine_gpu_fraction(e);
    double fcols = o && o->r_cols_set ? o->r_cols : frac;
    gfp_engine *ec, *eg;
    if (frac >= 0 && frac <= 1 && fcols >= 0 && fcols <= 1 &&
        ((frac > 0 && frac < 1) || fcols != frac) &&
        !gfp_hybrid_parts(e, &ec, &eg))
        return create_split(e, ec, eg, frac, fcols, W, H, kind, inverse, dbl,
                            row_scale, col_scale, o, t, err);
    fft2d_fields(t, e, o, W, H, kind, inverse, dbl);
    const char *pw = getenv("GFP_FFT2_PIECEWISE");
    if (o && o->whole && e->ops->plan_2d && !(pw && *pw && *pw != '0')) {
        /* the whole array on the device: two passes over device memory
         * and one PCIe crossing each way, where it fits */
        gfp_2d_desc d2 = {.w = W, .h = H, .count = 1, .kind = kind,
                          .inverse = inverse, .dbl = dbl,
                          .scale = row_scale * col_scale};
        gfp_error e2 = {0};
        gfp_status st = e->ops->plan_2d(e->state, &d2, &t->whole, &e2);
        if (!st)
            return GFP_OK;
        t->whole = NULL;
        if (st != GFP_ENOTSUP && st != GFP_ENOMEM) {
            *err = e2;
            return st;
        }
    }
    gfp_plan_desc rd, cd;
    pass_descs(t, row_scale, col_scale, &rd, &cd);
    size_t rout = (kind == GFP_C2R ? W : 2 * t->Wc) * sc;
    rd.batch = chunk_frames_dev(H, t->rin > rout ? t->rin : rout,
                                t->rin + rout, frac, gpu_mem);
    gfp_status st = gfp_plan_create(e, &rd, pass_slots(frac), &t->rows,
                                    err);
    if (st)
        return st;
    cd.batch = chunk_frames_dev(t->Wc, 2 * H * sc, 4 * H * sc, frac,
                                gpu_mem);
    if ((st = gfp_plan_create(e, &cd, pass_slots(frac), &t->cols, err)))
        return st;
    t->tile = pick_tile(e, o, kind, H, frac > 0 ? t->rows->desc.batch : 0);
    return GFP_OK;
}

gfp_status gfp_fft2d_create(gfp_engine *e, size_t W, size_t H, gfp_kind kind,
                            int inverse, int dbl, double row_scale,
                            double col_scale, gfp_fft2d *t, gfp_error *err)
{
    return gfp_fft2d_create_opts(e, W, H, kind, inverse, dbl, row_scale,
                                 col_scale, NULL, t, err);
}

void gfp_fft2d_destroy(gfp_fft2d *t)
{
    if (!t)
        return;
    gfp_plan_destroy(t->rows);
    gfp_plan_destroy(t->cols);
    gfp_plan_destroy(t->grows);
    gfp_plan_destroy(t->gcols);
    t->rows = t->cols = t->grows = t->gcols = NULL;
    if (t->whole)
        t->engine->ops->plan_2d_destroy(t->engine->state, t->whole);
    t->whole = NULL;
}

size_t gfp_fft2d_scalars(const gfp_fft2d *t)
{
    /* H x W complex (C2C), or H x W reals and H x Wc complex (R2C, C2R) */
    size_t per = t->W > 2 * t->Wc ? t->W : 2 * t->Wc, scal;
    if (t->kind == GFP_C2C)
        per = 2 * t->W;
    return gfp_mul_ok(t->H, per, &scal) ? scal : 0;
}

gfp_status gfp_fft2d_forward_t(const gfp_fft2d *t, void *X, void *Y,
                               gfp_error *err)
{
    if (!t->rows)
        return gfp_fail(err, GFP_EINVAL, "internal: forward_t on a "
                        "whole-array plan");
    size_t sc = t->dbl ? sizeof(double) : sizeof(float);
    gfp_status st = run_pass(t, t->rows, t->grows, 0, X, Y, t->H, t->rin,
                             2 * t->Wc * sc, NULL, err);
    if (st)
        return st;
    gfp_transpose_c(t->dbl, Y, X, t->H, t->Wc);
    return run_pass(t, t->cols, t->gcols, 0, X, Y, t->Wc, 2 * t->H * sc,
                    2 * t->H * sc, NULL, err);
}

gfp_status gfp_fft2d_inverse_t(const gfp_fft2d *t, void *X, void *Y,
                               gfp_error *err)
{
    if (!t->rows)
        return gfp_fail(err, GFP_EINVAL, "internal: inverse_t on a "
                        "whole-array plan");
    size_t sc = t->dbl ? sizeof(double) : sizeof(float);
    gfp_status st = run_pass(t, t->cols, t->gcols, 0, X, Y, t->Wc,
                             2 * t->H * sc, 2 * t->H * sc, NULL, err);
    if (st)
        return st;
    gfp_transpose_c(t->dbl, Y, X, t->Wc, t->H);
    size_t rout = (t->kind == GFP_C2R ? t->W : 2 * t->Wc) * sc;
    return run_pass(t, t->rows, t->grows, 0, X, Y, t->H, t->rin, rout, NULL,
                    err);
}

gfp_status gfp_fft2d_execute(const gfp_fft2d *t, void *A, void *B,
                             gfp_error *err)
{
    gfp_status st;
    if (t->whole) /* the result lands in A; B is not needed */
        return t->engine->ops->exec_2d(t->engine->state, t->whole, A, A,
                                       err);
    if (t->kind == GFP_C2R) {
        /* irfft2: columns first, then the C2R rows */
        gfp_transpose_c(t->dbl, A, B, t->H, t->Wc);
        return gfp_fft2d_inverse_t(t, B, A, err);
    }
    /* rows A -> B transposed (Wc x H, or tiles of t->tile columns: the
     * GPU's batches of rows copy back whole); columns B -> A transposed
     * back (H x Wc) */
    size_t sc = t->dbl ? sizeof(double) : sizeof(float);
    f2_tiling rows = {t->tile, 0}, cols = {0, t->tile};
    if ((st = run_pass(t, t->rows, t->grows, 1, A, B, t->H, t->rin, t->Wc,
                       &rows, err)))
        return st;
    return run_pass(t, t->cols, t->gcols, 1, B, A, t->Wc, 2 * t->H * sc,
                    t->H, &cols, err);
}

/* ---- loading a plane ----------------------------------------------------------- */

/* Real value i (of n) into a float or double array. */
static inline void put_real(void *a, int dbl, size_t i, double v)
{
    if (dbl) ((double *)a)[i] = v;
    else ((float *)a)[i] = (float)v;
}

/* n real values at the start of a to complex ones (imaginary 0), in place,
 * from the end so nothing is overwritten before it is read. */
static void real_to_complex(void *a, int dbl, size_t n)
{
    for (size_t i = n; i-- > 0;) {
        if (dbl) {
            double *x = a;
            x[2 * i] = x[i];
            x[2 * i + 1] = 0;
        } else {
            float *x = a;
            x[2 * i] = x[i];
            x[2 * i + 1] = 0;
        }
    }
}

/* Plane ch of the input into A: real H x W for R2C, else complex H x Wi. */
static void load_plane(const f2_priv *p, size_t ch, void *A)
{
    size_t n = p->H * p->Wi;
    int want_cplx = p->row_kind != GFP_R2C;
    if (p->in_kind == K_PNG) {
        const gfp_image *im = &p->img;
        size_t nc = (size_t)im->channels;
        double mx = im->depth == 16 ? 65535.0 : 255.0;
        for (size_t i = 0; i < n; i++) {
            double v[3];
            for (size_t k = 0; k < 3 && k < nc; k++)
                v[k] = im->depth == 16
                           ? ((const uint16_t *)im->pixels)[i * nc + k]
                           : ((const uint8_t *)im->pixels)[i * nc + k];
            double x;
            if (nc < 3)
                x = v[0];
            else if (p->gray)
                x = 0.299 * v[0] + 0.587 * v[1] + 0.114 * v[2];
            else
                x = v[ch];
            put_real(A, p->dbl, i, x / mx);
        }
    } else {
        size_t w = p->real_in ? 1 : 2;
        const unsigned char *s =
            p->vals + ch * n * gfp_format_item_bytes(&p->vfmt);
        if (p->dbl)
            gfp_convert_in_f64(&p->vfmt, s, n * w, A);
        else
            gfp_convert_in_f32(&p->vfmt, s, n * w, A);
    }
    if (want_cplx && p->real_in)
        real_to_complex(A, p->dbl, n);
}

/* ---- output ------------------------------------------------------------------ */

/* Writes count working scalars through the conversion in pieces, so the
 * conversion buffer stays small. */
static gfp_status write_scalars(const f2_priv *p, gfp_sink *snk,
                                const void *v, size_t count, void **cbuf,
                                size_t *ccap, gfp_error *err)
{
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    for (size_t i = 0; i < count; i += F2_WRITE_SCALARS) {
        size_t m = count - i < F2_WRITE_SCALARS ? count - i
                                                 : F2_WRITE_SCALARS;
        gfp_status st = gfp_write_values(snk, &p->out_fmt,
                                         (const char *)v + i * sc, p->dbl, m,
                                         cbuf, ccap, err);
        if (st)
            return st;
    }
    return GFP_OK;
}

/* Value (k1, k2) of the full H x W result in R (rows of Wr complex values;
 * an R2C half spectrum is completed by Hermitian symmetry). */
static inline void get_c(const f2_priv *p, const void *R, size_t Wr,
                         size_t k1, size_t k2, double *re, double *im)
{
    int conj = 0;
    if (k2 >= Wr) {
        k1 = (p->H - k1) % p->H;
        k2 = p->W - k2;
        conj = 1;
    }
    size_t i = 2 * (k1 * Wr + k2);
    if (p->dbl) {
        *re = ((const double *)R)[i];
        *im = ((const double *)R)[i + 1];
    } else {
        *re = ((const float *)R)[i];
        *im = ((const float *)R)[i + 1];
    }
    if (conj)
        *im = -*im;
}

static double scalar_of(f2_mode m, double re, double im)
{
    switch (m) {
    case M_REAL: return re;
    case M_MAG: return hypot(re, im);
    case M_LOGMAG: {
        double a = hypot(re, im);
        return 20 * log10(a > GFP_DB_FLOOR_MAG ? a : GFP_DB_FLOOR_MAG);
    }
    case M_PHASE: return atan2(im, re);
    default: return re;
    }
}

/* One plane's result R (in A) to the output; S is scratch of the same size.
 * PNG: tile ch of the canvas (C*W x H RGB). */
static gfp_status emit_plane(f2_priv *p, size_t ch, void *R, void *S,
                             gfp_sink *snk, uint8_t *canvas, void **cbuf,
                             size_t *ccap, gfp_error *err)
{
    size_t H = p->H, W = p->W;
    int real_result = p->row_kind == GFP_C2R;
    size_t Wr = real_result ? W : p->Wc;   /* values per row of R */
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    if (p->out_kind != K_PNG) {
        size_t n = H * p->Wo;
        const void *src = R;
        if (p->shift && !p->inverse) {
            shift2d(R, S, H, p->Wo, (real_result ? 1 : 2) * sc, 0);
            src = S;
        }
        if (p->mode == M_COMPLEX || (real_result && p->mode == M_REAL))
            return write_scalars(p, snk, src, n * (p->out_cplx ? 2 : 1),
                                 cbuf, ccap, err);
        /* one real per value, into the other buffer */
        void *dst = src == S ? R : S;
        for (size_t i = 0; i < n; i++) {
            double re, im = 0;
            if (real_result) {
                re = p->dbl ? ((const double *)src)[i]
                            : ((const float *)src)[i];
            } else {
                re = p->dbl ? ((const double *)src)[2 * i]
                            : ((const float *)src)[2 * i];
                im = p->dbl ? ((const double *)src)[2 * i + 1]
                            : ((const float *)src)[2 * i + 1];
            }
            put_real(dst, p->dbl, i, scalar_of(p->mode, re, im));
        }
        return write_scalars(p, snk, dst, n, cbuf, ccap, err);
    }
    /* PNG: values as floats in S (it holds at least H*W of them) */
    float *v = S;
    double top = -INFINITY;
    size_t hr = p->shift ? H - H / 2 : 0, hc = p->shift ? W - W / 2 : 0;
    for (size_t y = 0; y < H; y++)
        for (size_t x = 0; x < W; x++) {
            size_t k1 = (y + hr) % H, k2 = (x + hc) % W;
            double re, im = 0;
            if (real_result)
                re = p->dbl ? ((const double *)R)[k1 * W + k2]
                            : ((const float *)R)[k1 * W + k2];
            else
                get_c(p, R, Wr, k1, k2, &re, &im);
            double s = scalar_of(p->mode, re, im);
            v[y * W + x] = (float)s;
            if (s > top)
                top = s;
        }
    uint8_t lut[256][3];
    gfp_cmap_lut(p->cmap, lut);
    double lo = 0, span = 1;
    switch (p->mode) {
    case M_LOGMAG: lo = top - p->range; span = p->range; break;
    case M_PHASE: lo = -M_PI; span = 2 * M_PI; break;
    case M_MAG: span = top > 0 ? top : 1; break;
    default: break;
    }
    size_t cw = W * p->C;
    for (size_t y = 0; y < H; y++)
        for (size_t x = 0; x < W; x++) {
            double t = (v[y * W + x] - lo) / span;
            int idx = t > 0 ? (t < 1 ? (int)lround(t * 255) : 255) : 0;
            uint8_t *px = canvas + (y * cw + ch * W + x) * 3;
            memcpy(px, lut[idx], 3);
        }
    return GFP_OK;
}

/* ---- the run ------------------------------------------------------------------ */

static gfp_status f2_run(void *vp, const gfp_common *c, gfp_engine *e,
                         gfp_source *src, gfp_sink *snk, gfp_error *err)
{
    f2_priv *p = vp;
    (void)src;
    gfp_status st = GFP_OK;
    gfp_fft2d f2t;
    void *A = NULL, *B = NULL, *cbuf = NULL;
    double *reps = NULL;
    uint8_t *canvas = NULL;
    size_t ccap = 0;
    size_t H = p->H, W = p->W;
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    p->engine_name = e->name;
    double t0 = gfp_now();
    const gfp_model *model;
    int from_file = 0;
    if ((model = gfp_hybrid_model(e, &from_file))) {
        /* each direction's r: the model's best for it, or --ratio */
        gfp_model_problem mp = {.W = W, .H = H, .dbl = p->dbl,
                                .kind = p->row_kind, .gpu_mem = c->gpu_mem};
        if (c->ratio_set) {
            p->ratio = c->ratio;
        } else {
            double r2[2];
            gfp_model_best_ratios(model, &mp, r2, NULL);
            p->ratio = r2[0];
            p->ratio_cols = r2[1];
        }
        if (gfp_hybrid_set_ratio(e, p->ratio))
            p->ratio = -1;
        gfp_model_pred pr;
        p->t_pred = gfp_model_predict2(model, &mp, p->ratio, p->ratio_cols,
                                       &pr);
        if (c->verbose)
            gfp_msg(p->inverse ? "ifft2" : "fft2", "hybrid: r %.3f, columns "
                    "%.3f (%s); "
                    "predicted %.4f s per plane (rows: CPU %.4f s, GPU %.4f "
                    "s; columns: CPU %.4f s, GPU %.4f s; CPU alone %.4f s, "
                    "GPU alone %.4f s), model %s", p->ratio, p->ratio_cols,
                    c->ratio_set ? "--ratio" : "the model's", p->t_pred,
                    pr.cpu[0], pr.gpu[0], pr.cpu[1], pr.gpu[1],
                    gfp_model_predict(model, &mp, 0, NULL),
                    gfp_model_predict(model, &mp, 1, NULL),
                    from_file ? "from the model file" : "default");
    }
    /* Plans first, before the input is touched: an engine that cannot do
     * a length refuses here, and --engine auto retries on the CPU. */
    gfp_fft2d_opts fo = {.gpu_mem = c->gpu_mem, .threads = c->threads,
                         .whole = 1,
                         .acct = &p->hs,
                         .r_cols_set = model != NULL,
                         .r_cols = p->ratio_cols};
    p->hs.trace = c->verbose >= 2;
    if ((st = gfp_fft2d_create_opts(e, W, H, p->row_kind, p->inverse, p->dbl,
                                    gfp_norm_scale(p->norm, W, p->inverse),
                                    gfp_norm_scale(p->norm, H, p->inverse),
                                    &fo, &f2t, err)))
        goto done;
    /* Two arrays, each large enough for any stage of the plane. */
    size_t scal = gfp_fft2d_scalars(&f2t), bytes;
    if (!scal || !gfp_mul_ok(scal, sc, &bytes)) {
        st = gfp_fail(err, GFP_ENOMEM, "the array is too large");
        goto done;
    }
    A = e->ops->alloc_host(e->state, bytes);
    B = e->ops->alloc_host(e->state, bytes);
    if (!A || !B) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for two arrays of "
                      "%zu bytes (%zux%zu)", bytes, W, H);
        goto done;
    }
    /* B's pages now, not as page faults inside the first pass (the
     * transform time -v reports, and the model predicts, is the work) */
    memset(B, 0, bytes);
    if (p->out_kind == K_PNG) {
        size_t cb = W * p->C * H * 3; /* checked in start */
        if (!(canvas = malloc(cb))) {
            st = gfp_fail(err, GFP_ENOMEM, "out of memory for the picture");
            goto done;
        }
    } else if (p->out_kind == K_NPY) {
        size_t shape[3] = {p->C, H, p->Wo};
        int nd = p->C > 1 ? 3 : 2;
        if ((st = gfp_npy_write_header(snk, &p->out_fmt, nd,
                                       nd == 3 ? shape : shape + 1, err)))
            goto done;
    }
    p->t_io += gfp_now() - t0;
    size_t nrep = p->repeat ? p->repeat : 1;
    reps = calloc(nrep, sizeof *reps);
    if (!reps) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory");
        goto done;
    }
    for (size_t ch = 0; ch < p->C && !st; ch++) {
        gfp_hybrid_stats h0, h1;
        gfp_hybrid_get_stats(e, &h0);
        double t2 = 0;
        for (size_t k = 0; k < nrep && !st; k++) {
            t0 = gfp_now();
            load_plane(p, ch, A);
            if (p->inverse && p->shift) {
                shift2d(A, B, H, W, 2 * sc, 1);
                void *t = A;
                A = B;
                B = t;
            }
            double t1 = gfp_now();
            p->t_io += t1 - t0;
            st = gfp_fft2d_execute(&f2t, A, B, err);
            t2 = gfp_now();
            reps[k] = t2 - t1;
        }
        if (st)
            break;
        p->t_fft += gfp_median(reps, nrep);
        gfp_hybrid_get_stats(e, &h1);
        p->hs.batches += h1.batches - h0.batches;
        p->hs.cpu_frames += h1.cpu_frames - h0.cpu_frames;
        p->hs.gpu_frames += h1.gpu_frames - h0.gpu_frames;
        p->hs.cpu_s += h1.cpu_s - h0.cpu_s;
        p->hs.gpu_submit_s += h1.gpu_submit_s - h0.gpu_submit_s;
        p->hs.gpu_wait_s += h1.gpu_wait_s - h0.gpu_wait_s;
        st = emit_plane(p, ch, A, B, snk, canvas, &cbuf, &ccap, err);
        p->t_io += gfp_now() - t2;
    }
    if (!st && canvas) {
        t0 = gfp_now();
        st = gfp_png_write_rgb(snk, canvas, W * p->C, H, 6, err);
        p->t_io += gfp_now() - t0;
    }
done:
    free(reps);
    free(canvas);
    free(cbuf);
    if (A) e->ops->free_host(e->state, A);
    if (B) e->ops->free_host(e->state, B);
    gfp_fft2d_destroy(&f2t);
    (void)c;
    return st;
}

static void f2_stop(void *vp, const gfp_common *c)
{
    f2_priv *p = vp;
    if (c->verbose && p->H)
        gfp_msg(p->inverse ? "ifft2" : "fft2", "engine %s; %zu plane(s) of "
                "%zux%zu, %s, %s; transforms %.4f s%s, input/output %.3f s",
                p->engine_name ? p->engine_name : "-", p->C, p->W, p->H,
                p->row_kind == GFP_C2C ? "C2C" : p->row_kind == GFP_R2C
                                                     ? "R2C" : "C2R",
                p->dbl ? "f64" : "f32", p->t_fft,
                p->repeat > 1 ? " (median of --repeat)" : "", p->t_io);
    if (c->verbose && p->H && p->t_pred > 0 && p->engine_name &&
        !strcmp(p->engine_name, "hybrid"))
        gfp_msg(p->inverse ? "ifft2" : "fft2", "hybrid: r %.3f, columns "
                "%.3f; predicted %.4f s, measured %.4f s (%+.1f%%)", p->ratio,
                p->ratio_cols,
                p->t_pred * (double)p->C, p->t_fft,
                100 * (p->t_fft / (p->t_pred * (double)p->C) - 1));
    if (c->verbose && p->hs.passes)
        gfp_msg(p->inverse ? "ifft2" : "fft2", "hybrid: %zu split passes: "
                "CPU part %.4f s (%zu frames, its own thread), GPU part "
                "%.4f s (%zu frames), then %.4f s waiting for the CPU part "
                "(overlapped: measured ~ GPU part + wait)", p->hs.passes,
                p->hs.cpu_s, p->hs.cpu_frames, p->hs.gpu_s,
                p->hs.gpu_frames, p->hs.join_s);
    if (c->verbose && p->hs.batches)
        gfp_msg(p->inverse ? "ifft2" : "fft2", "hybrid: %zu split batches: "
                "CPU part %.4f s (%zu frames), GPU part enqueued in %.4f s "
                "(%zu frames), then %.4f s waiting for the GPU part",
                p->hs.batches, p->hs.cpu_s, p->hs.cpu_frames,
                p->hs.gpu_submit_s, p->hs.gpu_frames, p->hs.gpu_wait_s);
    free(p->raw);
    p->raw = NULL;
    gfp_image_free(&p->img);
}

static gfp_status f2_flow(void *vp, const void *frames, size_t nframes,
                          gfp_sink *snk, gfp_error *err)
{
    return gfp_fail(err, GFP_EINVAL, "internal: fft2 runs its own loop");
}

static gfp_status fft2_getopts(void *vp, gfp_common *c, const char **in,
                               const char **out, int argc, char **argv,
                               gfp_error *err)
{
    ((f2_priv *)vp)->inverse = 0;
    return f2_getopts(vp, c, in, out, argc, argv, err);
}

static gfp_status ifft2_getopts(void *vp, gfp_common *c, const char **in,
                                const char **out, int argc, char **argv,
                                gfp_error *err)
{
    ((f2_priv *)vp)->inverse = 1;
    return f2_getopts(vp, c, in, out, argc, argv, err);
}

const gfp_stage_handler gfp_stage_fft2 = {
    .name = "fft2",
    .summary = "2D FFT of an image or array; spectrum pictures (PNG)",
    .priv_size = sizeof(f2_priv),
    .usage = fft2_usage,
    .getopts = fft2_getopts,
    .open_source = f2_open_source,
    .start = f2_start,
    .flow = f2_flow,
    .stop = f2_stop,
    .run = f2_run,
};

const gfp_stage_handler gfp_stage_ifft2 = {
    .name = "ifft2",
    .summary = "2D inverse FFT of an array (ifft2, irfft2)",
    .priv_size = sizeof(f2_priv),
    .usage = ifft2_usage,
    .getopts = ifft2_getopts,
    .open_source = f2_open_source,
    .start = f2_start,
    .flow = f2_flow,
    .stop = f2_stop,
    .run = f2_run,
};
