/* ifft.c - the `ifft` stage: inverse FFT of consecutive spectra, complex
 * to complex, or a half spectrum to real samples (--real-out, C2R). */
#include "config.h"
#include "filters.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct ifft_priv {
    size_t n;
    gfp_format in_fmt, out_fmt;
    int out_fmt_set, shift, real_out;
    gfp_norm norm;
    gfp_algorithm algorithm;
    int dbl;
    size_t out_scalars;
    double *frame, *mod;  /* one frame; e^{-2 pi i j (n/2) / n} for --shift */
    void *cbuf;
    size_t ccap;
} ifft_priv;

static void ifft_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe ifft [options] [INPUT [OUTPUT]]\n"
        "Inverse FFT of consecutive spectra of N complex bins (or N/2+1 bins\n"
        "with --real-out). INPUT and OUTPUT default to stdin and stdout.\n"
        "\n"
        "  --n N                 transform length, any N >= 1 (k, M, Ki, Mi)\n"
        "  --in-format F         complex input format: cu8 cs8 cs16 cf32 cf64,\n"
        "                        optional le/be suffix (default cf32)\n"
        "  --out-format F        output format (default cf32, cf64 for cf64\n"
        "                        input; f32/f64 with --real-out)\n"
        "  --real-out            input frames are half spectra (N/2+1 bins);\n"
        "                        output N real samples per frame (C2R)\n"
        "  --norm backward|ortho|forward   scaling, numpy's meanings (default\n"
        "                        backward: the inverse is scaled by 1/N)\n"
        "  --shift               input spectra are fftshifted (ifftshift them)\n"
        "  --algorithm A         GPU FFT algorithm (not with --real-out; default\n"
        "                        auto, the planner's): the seed papers' own,\n"
        "                        powers of two only, on the GPU engine only:\n"
        "                          ct-r2         radix-2 Cooley-Tukey, __brev (004)\n"
        "                          ct-r4         radix-4 Cooley-Tukey in place (000)\n"
        "                          stockham-r2, -r4, -r8, -r16   Stockham (000, 004)\n"
        "                          pease         Pease constant geometry (002)\n",
        out);
    gfp_common_usage(out);
}

enum { O_N = 1, O_IN_FORMAT, O_OUT_FORMAT, O_NORM, O_SHIFT, O_REAL_OUT,
       O_ALGORITHM };

static gfp_status ifft_getopts(void *vp, gfp_common *c, const char **in,
                               const char **out, int argc, char **argv,
                               gfp_error *err)
{
    ifft_priv *p = vp;
    static const struct option longopts[] = {
        {"n", 1, 0, O_N}, {"in-format", 1, 0, O_IN_FORMAT},
        {"out-format", 1, 0, O_OUT_FORMAT}, {"norm", 1, 0, O_NORM},
        {"shift", 0, 0, O_SHIFT}, {"real-out", 0, 0, O_REAL_OUT},
        {"algorithm", 1, 0, O_ALGORITHM}, GFP_COMMON_LONGOPTS, {0, 0, 0, 0}};
    int have_n = 0;
    p->in_fmt = gfp_format_native(GFP_F32, 1);
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, GFP_COMMON_SHORTOPTS, longopts,
                            NULL)) != -1) {
        switch (o) {
        case O_N:
            if (gfp_opt_size("n", optarg, 1, (uint64_t)1 << 28, &p->n, err))
                return GFP_EINVAL;
            have_n = 1;
            break;
        case O_IN_FORMAT:
        case O_OUT_FORMAT:
            if (gfp_format_parse(optarg, o == O_IN_FORMAT ? &p->in_fmt
                                                          : &p->out_fmt))
                return gfp_fail(err, GFP_EINVAL, "--%s: unknown format '%s'",
                                o == O_IN_FORMAT ? "in-format" : "out-format",
                                optarg);
            p->out_fmt_set |= o == O_OUT_FORMAT;
            break;
        case O_NORM:
            if (gfp_norm_parse(optarg, &p->norm, err))
                return GFP_EINVAL;
            break;
        case O_SHIFT: p->shift = 1; break;
        case O_REAL_OUT: p->real_out = 1; break;
        case O_ALGORITHM:
            if (gfp_algorithm_parse(optarg, &p->algorithm, err))
                return GFP_EINVAL;
            break;
        default:
            if (gfp_common_opt(c, o, optarg, argv, err))
                return GFP_EINVAL;
        }
    }
    if (c->help)
        return GFP_OK;
    if (!have_n)
        return gfp_fail(err, GFP_EINVAL, "--n is required");
    if (!p->in_fmt.is_complex)
        return gfp_fail(err, GFP_EINVAL, "ifft reads complex spectra: "
                        "--in-format must be complex (cu8 ... cf64)");
    if (gfp_algorithm_check(p->algorithm, !p->real_out, c, err))
        return GFP_EINVAL;
    if (p->shift && p->real_out)
        return gfp_fail(err, GFP_EINVAL, "--shift needs whole spectra; it "
                        "does not go with --real-out");
    if (!p->out_fmt_set) {
        int wide = gfp_format_is_64bit(&p->in_fmt);
        p->out_fmt = gfp_format_native(wide ? GFP_F64 : GFP_F32,
                                       !p->real_out);
    }
    if (p->out_fmt.is_complex == p->real_out)
        return gfp_fail(err, GFP_EINVAL, "--out-format must be %s here",
                        p->real_out ? "real (with --real-out)"
                                    : "complex (c...)");
    return gfp_opt_positional(argc, argv, optind, in, out, err);
}

static gfp_status ifft_start(void *vp, const gfp_common *c,
                             const gfp_source *src, gfp_stage_setup *s,
                             gfp_error *err)
{
    ifft_priv *p = vp;
    p->dbl = c->dbl;
    s->in_fmt = p->in_fmt;
    s->frame_items = p->real_out ? p->n / 2 + 1 : p->n;
    s->hop = s->frame_items;
    gfp_plan_desc *d = &s->plan;
    memset(d, 0, sizeof *d);
    d->n = p->n;
    d->kind = p->real_out ? GFP_C2R : GFP_C2C;
    d->inverse = 1;
    d->dbl = p->dbl;
    d->algorithm = p->algorithm;
    d->scale = gfp_norm_scale(p->norm, p->n, 1);
    d->post = GFP_POST_NONE;
    p->out_scalars = gfp_plan_out_scalars(d);
    if (p->shift) {
        /* ifft(ifftshift(X))[j] = e^{-2 pi i j h / n} ifft(X)[j], h = n/2 */
        p->frame = malloc(2 * p->n * sizeof(double));
        p->mod = malloc(2 * p->n * sizeof(double));
        if (!p->frame || !p->mod)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        size_t h = p->n / 2;
        for (size_t j = 0; j < p->n; j++) {
            double a = -2 * M_PI * (double)((j * h) % p->n) / (double)p->n;
            p->mod[2 * j] = cos(a);
            p->mod[2 * j + 1] = sin(a);
        }
    }
    return GFP_OK;
}

static gfp_status ifft_flow(void *vp, const void *frames, size_t nframes,
                            gfp_sink *snk, gfp_error *err)
{
    ifft_priv *p = vp;
    if (!p->shift)
        return gfp_write_values(snk, &p->out_fmt, frames, p->dbl,
                                nframes * p->out_scalars, &p->cbuf, &p->ccap,
                                err);
    for (size_t f = 0; f < nframes; f++) {
        for (size_t j = 0; j < p->n; j++) {
            size_t i = f * 2 * p->n + 2 * j;
            double re = p->dbl ? ((const double *)frames)[i]
                               : ((const float *)frames)[i];
            double im = p->dbl ? ((const double *)frames)[i + 1]
                               : ((const float *)frames)[i + 1];
            double mr = p->mod[2 * j], mi = p->mod[2 * j + 1];
            p->frame[2 * j] = re * mr - im * mi;
            p->frame[2 * j + 1] = re * mi + im * mr;
        }
        if (gfp_write_values(snk, &p->out_fmt, p->frame, 1, 2 * p->n,
                             &p->cbuf, &p->ccap, err))
            return err->status;
    }
    return GFP_OK;
}

static void ifft_stop(void *vp, const gfp_common *c)
{
    (void)c;
    ifft_priv *p = vp;
    free(p->frame);
    free(p->mod);
    free(p->cbuf);
}

const gfp_stage_handler gfp_stage_ifft = {
    .name = "ifft",
    .summary = "inverse FFT of spectra: complex, or half spectra to real",
    .priv_size = sizeof(ifft_priv),
    .usage = ifft_usage,
    .getopts = ifft_getopts,
    .start = ifft_start,
    .flow = ifft_flow,
    .drain = NULL,
    .stop = ifft_stop,
};
