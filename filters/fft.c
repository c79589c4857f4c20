/* fft.c - the `fft` stage: frames, window, forward transform, and the
 * spectrum as complex bins, magnitude, power, dB or phase. */
#include "config.h"
#include "filters.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum out_mode { OUT_COMPLEX, OUT_MAG, OUT_POWER, OUT_DB, OUT_PHASE }
    out_mode;

typedef struct fft_priv {
    /* options */
    size_t n, hop, average;
    gfp_window win;
    gfp_format in_fmt, out_fmt;
    int out_fmt_set, shift, full, peak;
    out_mode mode;
    gfp_norm norm;
    gfp_algorithm algorithm;
    /* run */
    int dbl, real_in;
    size_t eng_scalars;   /* per frame from the engine */
    size_t eng_bins;      /* bins per frame from the engine */
    size_t out_bins;      /* bins per output frame (n with --full) */
    size_t width;         /* scalars per bin in the output: 2 or 1 */
    double *frame, *work, *acc, *window;
    size_t acc_count;
    void *cbuf;
    size_t ccap;
    uint64_t frames_in, frames_out, partial_groups, dropped_frames;
    gfp_tail tail;
} fft_priv;

static void fft_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe fft [options] [INPUT [OUTPUT]]\n"
        "Forward FFT of consecutive frames of a raw sample stream.\n"
        "INPUT and OUTPUT default to stdin and stdout; '-' names them.\n"
        "\n"
        "  --n N                 frame length, any N >= 1 (k, M, Ki, Mi suffixes)\n"
        "  --hop H               samples between frame starts (default N;\n"
        "                        H < N overlaps, H > N skips samples)\n"
        "  --window W            rect, hann, hamming, blackman, blackman-harris,\n"
        "                        flattop or kaiser:BETA (default rect)\n"
        "  --in-format F         u8 s8 s16 s32 f32 f64 cu8 cs8 cs16 cf32 cf64,\n"
        "                        with optional le/be suffix (default cf32)\n"
        "  --out-format F        output sample format (default cf32 for complex\n"
        "                        output, cf64 for a 64-bit input; f32 otherwise)\n"
        "  --out complex|mag|power|db|phase   what to write per bin (default\n"
        "                        complex); db is 10*log10(max(power, 1e-30))\n"
        "  --norm backward|ortho|forward   scaling, numpy's meanings (default\n"
        "                        backward: the forward FFT is unscaled)\n"
        "  --shift               fftshift: the zero frequency in the middle\n"
        "  --full                all N bins for real input (default N/2+1)\n"
        "  --average K           mean of K consecutive power spectra\n"
        "  --peak                with --average: max-hold instead of mean\n"
        "  --algorithm A         GPU FFT algorithm (complex input; default auto,\n"
        "                        the planner's): the seed papers' own, powers of\n"
        "                        two only, on the GPU engine only:\n"
        "                          ct-r2         radix-2 Cooley-Tukey, __brev (004)\n"
        "                          ct-r4         radix-4 Cooley-Tukey in place (000)\n"
        "                          stockham-r2, -r4, -r8, -r16   Stockham (000, 004)\n"
        "                          pease         Pease constant geometry (002)\n",
        out);
    gfp_common_usage(out);
}

enum {
    O_N = 1, O_HOP, O_WINDOW, O_IN_FORMAT, O_OUT_FORMAT, O_OUT, O_NORM,
    O_SHIFT, O_FULL, O_AVERAGE, O_PEAK, O_ALGORITHM
};

#define GFP_MAX_N ((uint64_t)1 << 28)

static gfp_status fft_getopts(void *vp, gfp_common *c, const char **in,
                              const char **out, int argc, char **argv,
                              gfp_error *err)
{
    fft_priv *p = vp;
    static const struct option longopts[] = {
        {"n", 1, 0, O_N}, {"hop", 1, 0, O_HOP}, {"window", 1, 0, O_WINDOW},
        {"in-format", 1, 0, O_IN_FORMAT}, {"out-format", 1, 0, O_OUT_FORMAT},
        {"out", 1, 0, O_OUT}, {"norm", 1, 0, O_NORM},
        {"shift", 0, 0, O_SHIFT}, {"full", 0, 0, O_FULL},
        {"average", 1, 0, O_AVERAGE}, {"peak", 0, 0, O_PEAK},
        {"algorithm", 1, 0, O_ALGORITHM}, GFP_COMMON_LONGOPTS, {0, 0, 0, 0}};
    int have_n = 0;
    p->in_fmt = gfp_format_native(GFP_F32, 1);
    p->win.kind = GFP_WIN_RECT;
    p->average = 1;
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, GFP_COMMON_SHORTOPTS, longopts,
                            NULL)) != -1) {
        switch (o) {
        case O_N:
            if (gfp_opt_size("n", optarg, 1, GFP_MAX_N, &p->n, err))
                return GFP_EINVAL;
            have_n = 1;
            break;
        case O_HOP:
            if (gfp_opt_size("hop", optarg, 1, GFP_MAX_N, &p->hop, err))
                return GFP_EINVAL;
            break;
        case O_WINDOW:
            if (gfp_window_parse(optarg, &p->win))
                return gfp_fail(err, GFP_EINVAL, "--window: '%s' is not one of "
                                "rect, hann, hamming, blackman, "
                                "blackman-harris, flattop, kaiser:BETA",
                                optarg);
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
        case O_OUT: {
            static const char *const names[] = {"complex", "mag", "power",
                                                 "db", "phase"};
            int i;
            if (gfp_opt_choice("out", optarg, names, 5, &i, err))
                return GFP_EINVAL;
            p->mode = (out_mode)i;
            break;
        }
        case O_NORM:
            if (gfp_norm_parse(optarg, &p->norm, err))
                return GFP_EINVAL;
            break;
        case O_ALGORITHM:
            if (gfp_algorithm_parse(optarg, &p->algorithm, err))
                return GFP_EINVAL;
            break;
        case O_SHIFT: p->shift = 1; break;
        case O_FULL: p->full = 1; break;
        case O_PEAK: p->peak = 1; break;
        case O_AVERAGE:
            if (gfp_opt_size("average", optarg, 1, (uint64_t)1 << 40,
                             &p->average, err))
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
    if (!p->hop)
        p->hop = p->n;
    p->real_in = !p->in_fmt.is_complex;
    if (gfp_algorithm_check(p->algorithm, !p->real_in, c, err))
        return GFP_EINVAL;
    if (p->mode == OUT_COMPLEX || p->mode == OUT_PHASE) {
        if (p->average > 1 || p->peak)
            return gfp_fail(err, GFP_EINVAL, "--average and --peak work on "
                            "power spectra: use --out mag, power or db");
    }
    if (p->peak && p->average < 2)
        return gfp_fail(err, GFP_EINVAL, "--peak needs --average K (K >= 2)");
    if (p->shift && p->real_in && !p->full)
        return gfp_fail(err, GFP_EINVAL, "--shift needs the whole spectrum: "
                        "add --full for real input");
    if (p->full && !p->real_in)
        return gfp_fail(err, GFP_EINVAL, "--full is for real input; complex "
                        "input always gives N bins");
    if (!p->out_fmt_set) {
        int complex_out = p->mode == OUT_COMPLEX;
        int wide = complex_out && gfp_format_is_64bit(&p->in_fmt);
        p->out_fmt = gfp_format_native(wide ? GFP_F64 : GFP_F32, complex_out);
    }
    if (p->out_fmt.is_complex != (p->mode == OUT_COMPLEX))
        return gfp_fail(err, GFP_EINVAL, "--out-format must be %s for --out "
                        "%s", p->mode == OUT_COMPLEX ? "complex (c...)"
                                                     : "real",
                        p->mode == OUT_COMPLEX ? "complex" : "mag/power/db/phase");
    return gfp_opt_positional(argc, argv, optind, in, out, err);
}

static gfp_status fft_start(void *vp, const gfp_common *c,
                            const gfp_source *src, gfp_stage_setup *s,
                            gfp_error *err)
{
    fft_priv *p = vp;
    p->dbl = c->dbl;
    p->tail = c->tail;
    s->in_fmt = p->in_fmt;
    s->frame_items = p->n;
    s->hop = p->hop;
    gfp_plan_desc *d = &s->plan;
    memset(d, 0, sizeof *d);
    d->n = p->n;
    d->kind = p->real_in ? GFP_R2C : GFP_C2C;
    d->dbl = p->dbl;
    d->algorithm = p->algorithm;
    d->scale = gfp_norm_scale(p->norm, p->n, 0);
    static const gfp_post posts[] = {GFP_POST_NONE, GFP_POST_MAG,
                                     GFP_POST_POWER, GFP_POST_DB,
                                     GFP_POST_PHASE};
    d->post = p->average > 1 ? GFP_POST_POWER : posts[p->mode];
    p->eng_bins = p->real_in ? p->n / 2 + 1 : p->n;
    p->out_bins = p->full ? p->n : p->eng_bins;
    p->width = p->mode == OUT_COMPLEX ? 2 : 1;
    p->eng_scalars = gfp_plan_out_scalars(d);
    if (p->win.kind != GFP_WIN_RECT) {
        if (!(p->window = malloc(p->n * sizeof *p->window)))
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        gfp_window_fill(&p->win, p->n, p->window);
        d->window = p->window;
    }
    size_t w = p->out_bins * p->width;
    p->frame = malloc(w * sizeof(double));
    p->work = malloc(w * sizeof(double));
    if (p->average > 1)
        p->acc = calloc(p->eng_bins, sizeof(double));
    if (!p->frame || !p->work || (p->average > 1 && !p->acc))
        return gfp_fail(err, GFP_ENOMEM, "out of memory for frames of %zu",
                        p->n);
    return GFP_OK;
}

/* Power -> what --out asked for, after averaging. */
static double from_power(out_mode m, double pw)
{
    switch (m) {
    case OUT_MAG: return sqrt(pw);
    case OUT_DB: return 10 * log10(pw < GFP_DB_FLOOR_POWER ? GFP_DB_FLOOR_POWER
                                                           : pw);
    default: return pw;
    }
}

/* Finishes one output frame in p->frame (eng_bins bins): mirror for
 * --full, shift, write. */
static gfp_status emit(fft_priv *p, gfp_sink *snk, gfp_error *err)
{
    double *f = p->frame;
    if (p->full) {
        for (size_t k = p->eng_bins; k < p->n; k++) {
            size_t m = p->n - k;
            if (p->width == 2) {
                f[2 * k] = f[2 * m];
                f[2 * k + 1] = -f[2 * m + 1];
            } else {
                f[k] = p->mode == OUT_PHASE ? -f[m] : f[m];
            }
        }
    }
    if (p->shift) {
        gfp_fftshift(f, p->out_bins, p->width, p->work);
        f = p->work;
    }
    p->frames_out++;
    return gfp_write_values(snk, &p->out_fmt, f, 1, p->out_bins * p->width,
                            &p->cbuf, &p->ccap, err);
}

static gfp_status flush_group(fft_priv *p, gfp_sink *snk, gfp_error *err)
{
    for (size_t k = 0; k < p->eng_bins; k++) {
        double v = p->peak ? p->acc[k] : p->acc[k] / (double)p->acc_count;
        p->frame[k] = from_power(p->mode, v);
        p->acc[k] = 0;
    }
    p->acc_count = 0;
    return emit(p, snk, err);
}

static gfp_status fft_flow(void *vp, const void *frames, size_t nframes,
                           gfp_sink *snk, gfp_error *err)
{
    fft_priv *p = vp;
    p->frames_in += nframes;
    if (!p->full && !p->shift && p->average == 1) {
        p->frames_out += nframes;
        return gfp_write_values(snk, &p->out_fmt, frames, p->dbl,
                                nframes * p->eng_scalars, &p->cbuf, &p->ccap,
                                err);
    }
    for (size_t f = 0; f < nframes; f++) {
        size_t ns = p->eng_scalars;
        double *dst = p->average > 1 ? p->work : p->frame;
        if (p->dbl) {
            memcpy(dst, (const double *)frames + f * ns, ns * sizeof *dst);
        } else {
            const float *src = (const float *)frames + f * ns;
            for (size_t i = 0; i < ns; i++)
                dst[i] = src[i];
        }
        if (p->average == 1) {
            if (emit(p, snk, err))
                return err->status;
            continue;
        }
        for (size_t k = 0; k < p->eng_bins; k++) {
            double v = dst[k];
            if (p->peak)
                p->acc[k] = (p->acc_count == 0 || v > p->acc[k] || isnan(v))
                                ? v : p->acc[k];
            else
                p->acc[k] += v;
        }
        if (++p->acc_count == p->average && flush_group(p, snk, err))
            return err->status;
    }
    return GFP_OK;
}

static gfp_status fft_drain(void *vp, gfp_sink *snk, gfp_error *err)
{
    fft_priv *p = vp;
    if (p->average < 2 || p->acc_count == 0)
        return GFP_OK;
    /* The last group is short: the tail policy decides, as for frames. */
    if (p->tail == GFP_TAIL_ERROR)
        return gfp_fail(err, GFP_ETAIL, "the last --average group has %zu of "
                        "%zu frames (--tail error)", p->acc_count, p->average);
    if (p->tail == GFP_TAIL_DROP) {
        p->dropped_frames += p->acc_count;
        p->acc_count = 0;
        return GFP_OK;
    }
    p->partial_groups++;
    return flush_group(p, snk, err);
}

static void fft_stop(void *vp, const gfp_common *c)
{
    fft_priv *p = vp;
    if (c->verbose && p->average > 1)
        gfp_msg("fft", "%llu spectra averaged into %llu outputs (%llu short "
                "group(s) kept, %llu frame(s) dropped)",
                (unsigned long long)p->frames_in,
                (unsigned long long)p->frames_out,
                (unsigned long long)p->partial_groups,
                (unsigned long long)p->dropped_frames);
    free(p->frame);
    free(p->work);
    free(p->acc);
    free(p->window);
    free(p->cbuf);
}

const gfp_stage_handler gfp_stage_fft = {
    .name = "fft",
    .summary = "forward FFT of frames: complex, magnitude, power, dB, phase",
    .priv_size = sizeof(fft_priv),
    .usage = fft_usage,
    .getopts = fft_getopts,
    .start = fft_start,
    .flow = fft_flow,
    .drain = fft_drain,
    .stop = fft_stop,
};
