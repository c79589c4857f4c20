/* convolve.c - the `convolve` stage: streaming convolution of audio or raw
 * samples with an impulse response, by uniformly partitioned overlap-save.
 *
 * The response is cut into P partitions of B samples; each is zero-padded to
 * the FFT length N and transformed once. Every block of B new input samples
 * per channel costs one forward FFT of the last N input samples, P complex
 * multiply-adds against a ring of the last P input spectra (the frequency-
 * domain delay line), and one inverse FFT whose last B samples are B output
 * samples. With P = 1 the block is as long as N - L + 1 allows (plain
 * overlap-save). Memory is the ring, O(L + N) per channel, whatever the
 * input length. All transforms go through the engine (R2C + C2R for real
 * signals, C2C for complex ones), so a GPU engine runs them unchanged.
 *
 * This stage runs its own loop (the `run` hook): each block needs two
 * transforms with the multiply between them, which the one-transform
 * pipeline does not express. */
#include "config.h"
#include "filters.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <sndfile.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_CHANNELS 1024
#define MAX_RESPONSE ((uint64_t)1 << 31)  /* items per channel */
#define MIN_FFT 4096
#define MAX_FFT ((size_t)1 << 20)         /* automatic choice only */
#define SET_BYTES ((size_t)1 << 18)      /* libsndfile read granule */
#define MAX_SLOTS 4
/* Blocks of the fused plan in flight: the engine runs block k while the
 * reader makes block k + 1 in the third slot and block k - 1 goes out. */
#define FUSED_SLOTS 3

/* The per-sample loops (the delay line's multiply-adds, most of the CPU
 * time with many partitions, and the conversions) vectorised: GCC's -O2
 * does not, for interleaved complex values and the clip counts; with an
 * AVX2 clone on x86-64. */
#if defined(__GNUC__) && !defined(__clang__)
#if defined(__x86_64__)
#define GFP_VEC __attribute__((optimize("tree-vectorize",                    \
                                        "vect-cost-model=dynamic"),          \
                               target_clones("avx2", "default")))
#else
#define GFP_VEC __attribute__((optimize("tree-vectorize",                    \
                                        "vect-cost-model=dynamic")))
#endif
#else
#define GFP_VEC
#endif

/* float -> double */
GFP_VEC static void widen(const float *s, double *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

enum { NORM_NONE, NORM_PEAK, NORM_ENERGY };

typedef struct pair { int in, out, resp; } pair;

typedef struct conv_priv {
    /* options */
    const char *resp_path, *in_path, *out_path, *subtype_name;
    gfp_format in_fmt, out_fmt, taps_fmt;
    int raw_in, out_fmt_set, taps_fmt_set, matrix, same, norm;
    int channels_opt;
    double rate_opt, gain_db, dry, wet;
    size_t latency, block;
    /* the response, planar: R channels of L items (2 scalars if complex) */
    double *h;
    size_t L;
    int R, h_cplx;
    double h_rate;
    int h_is_audio;
    /* the input */
    int C, Cout, cplx, dbl, audio_in, audio_out;
    double rate;
    int64_t in_frames;     /* known length, or -1 */
    int sf_in_format;      /* SF_INFO.format of a named audio input, or 0 */
    int out_sf_format;
    /* the run */
    pair *pairs;
    int npairs;
    size_t N, B, P, Lp, bins;
    double dry_gain;
    gfp_plan *fwd, *inv;
    gfp_plan *filt;        /* one partition: fused forward-multiply-inverse */
    int large;             /* the block length is the GPU's one large block */
    int fused;             /* the run used filt */
    /* reading */
    void *set;             /* one libsndfile set: set_n frames of C floats,
                            * or of C shorts (set16) */
    size_t set_n, set_have, set_pos;
    int set16;
    unsigned char *rawbuf;
    size_t rawcap;
    double *conv;
    size_t convcap;
    /* accounting */
    uint64_t frames_in, frames_out, clipped, samples_out;
    uint64_t frames_read;  /* by read_block (the reader thread) */
    double peak, clip_hi, clip_lo;
    double out_scale;      /* audio integer subtypes: written unnormalised */
    int clip_check;
    int verbose;
    double t_begin;        /* when the options were read (-v timings) */
} conv_priv;

static void conv_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe convolve [options] INPUT RESPONSE [OUTPUT]\n"
        "       gfftpipe convolve [options] --taps FILE [INPUT [OUTPUT]]\n"
        "Convolves INPUT with the impulse response, streaming (overlap-save,\n"
        "uniformly partitioned), with bounded memory for any input length.\n"
        "INPUT: any file libsndfile reads, or '-' for stdin (WAV, AU, CAF,\n"
        "FLAC, ...); raw samples with --in-format. RESPONSE/--taps: any file\n"
        "libsndfile reads, or raw samples (f32 unless --taps-format or the\n"
        "file's extension names a format: .f64, .cf32, .s16, ...).\n"
        "OUTPUT defaults to stdout; '-' names stdin/stdout.\n"
        "\n"
        "  --taps FILE           the response (instead of the RESPONSE argument)\n"
        "  --taps-format F       the response is raw samples in format F\n"
        "  --in-format F         the input is raw samples in format F (u8 s8 s16\n"
        "                        s32 f32 f64 cu8 cs8 cs16 cf32 cf64, le/be)\n"
        "  --channels C          raw input: C interleaved channels (default 1)\n"
        "  --rate HZ             raw input: its sample rate (checked against an\n"
        "                        audio response; needed for audio output)\n"
        "  --mode full|same      full (default): input + response - 1 samples,\n"
        "                        the tail kept; same: the input's length\n"
        "  --normalize none|peak|energy   scale the response first: peak to a\n"
        "                        largest |tap| of 1, energy to a sum of squares\n"
        "                        of 1 (largest channel); default none\n"
        "  --gain DB             gain of the output, dB (default 0)\n"
        "  --wet X               level of the convolved signal (default 1)\n"
        "  --dry X               level of the input mixed in (default 0)\n"
        "  --matrix              response channels form a matrix: R = C x Cout,\n"
        "                        output j = sum over i of input i * response\n"
        "                        i*Cout+j (2x2 true stereo: LL LR RL RR)\n"
        "  --latency N           blocks of at most N samples (smaller blocks,\n"
        "                        more partitions; default: chosen for speed)\n"
        "  --block N             FFT length N: one partition (blocks of\n"
        "                        N - response + 1 samples) when the response\n"
        "                        has at most N/2 taps, else partitions of N/2\n"
        "                        (default: chosen for speed; on the GPU one\n"
        "                        block of 2^k >= 2 x the response)\n"
        "  --out-format F        write raw samples in format F\n"
        "  --subtype S           write audio with libsndfile subtype S: pcm16,\n"
        "                        pcm24, pcm32, pcm8, float, double (default:\n"
        "                        the input's)\n",
        out);
    gfp_common_usage(out);
    fputs("Samples clipped by an integer output format are counted and "
          "reported.\n", out);
}

enum {
    O_TAPS = 1, O_TAPS_FORMAT, O_IN_FORMAT, O_CHANNELS, O_RATE, O_MODE,
    O_NORMALIZE, O_GAIN, O_WET, O_DRY, O_MATRIX, O_LATENCY, O_OUT_FORMAT,
    O_SUBTYPE, O_BLOCK
};

static const struct { const char *name; int sf; } subtypes[] = {
    {"pcm8", SF_FORMAT_PCM_S8}, {"pcm16", SF_FORMAT_PCM_16},
    {"pcm24", SF_FORMAT_PCM_24}, {"pcm32", SF_FORMAT_PCM_32},
    {"float", SF_FORMAT_FLOAT}, {"double", SF_FORMAT_DOUBLE},
    {"u8", SF_FORMAT_PCM_U8}};

static gfp_status conv_getopts(void *vp, gfp_common *c, const char **in,
                               const char **out, int argc, char **argv,
                               gfp_error *err)
{
    conv_priv *p = vp;
    p->t_begin = gfp_now();
    static const struct option longopts[] = {
        {"taps", 1, 0, O_TAPS}, {"taps-format", 1, 0, O_TAPS_FORMAT},
        {"in-format", 1, 0, O_IN_FORMAT}, {"channels", 1, 0, O_CHANNELS},
        {"rate", 1, 0, O_RATE}, {"mode", 1, 0, O_MODE},
        {"normalize", 1, 0, O_NORMALIZE}, {"gain", 1, 0, O_GAIN},
        {"wet", 1, 0, O_WET}, {"dry", 1, 0, O_DRY},
        {"matrix", 0, 0, O_MATRIX}, {"latency", 1, 0, O_LATENCY},
        {"block", 1, 0, O_BLOCK},
        {"out-format", 1, 0, O_OUT_FORMAT}, {"subtype", 1, 0, O_SUBTYPE},
        GFP_COMMON_LONGOPTS, {0, 0, 0, 0}};
    p->wet = 1;
    p->channels_opt = 0;
    optind = 1;
    opterr = 0;
    int o;
    size_t v;
    while ((o = getopt_long(argc, argv, GFP_COMMON_SHORTOPTS, longopts,
                            NULL)) != -1) {
        switch (o) {
        case O_TAPS:
            if (!*optarg)
                return gfp_fail(err, GFP_EINVAL, "--taps: empty path");
            p->resp_path = optarg;
            break;
        case O_TAPS_FORMAT:
        case O_IN_FORMAT:
        case O_OUT_FORMAT: {
            gfp_format *f = o == O_TAPS_FORMAT ? &p->taps_fmt
                            : o == O_IN_FORMAT ? &p->in_fmt : &p->out_fmt;
            if (gfp_format_parse(optarg, f))
                return gfp_fail(err, GFP_EINVAL, "--%s: unknown format '%s'",
                                o == O_TAPS_FORMAT ? "taps-format"
                                : o == O_IN_FORMAT ? "in-format"
                                                   : "out-format", optarg);
            if (o == O_TAPS_FORMAT) p->taps_fmt_set = 1;
            else if (o == O_IN_FORMAT) p->raw_in = 1;
            else p->out_fmt_set = 1;
            break;
        }
        case O_CHANNELS:
            if (gfp_opt_size("channels", optarg, 1, MAX_CHANNELS, &v, err))
                return GFP_EINVAL;
            p->channels_opt = (int)v;
            break;
        case O_RATE:
            if (gfp_opt_double("rate", optarg, 1, 1e7, &p->rate_opt, err))
                return GFP_EINVAL;
            break;
        case O_MODE:
            if (!strcmp(optarg, "full")) p->same = 0;
            else if (!strcmp(optarg, "same")) p->same = 1;
            else return gfp_fail(err, GFP_EINVAL, "--mode: '%s' is not full "
                                 "or same", optarg);
            break;
        case O_NORMALIZE:
            if (!strcmp(optarg, "none")) p->norm = NORM_NONE;
            else if (!strcmp(optarg, "peak")) p->norm = NORM_PEAK;
            else if (!strcmp(optarg, "energy")) p->norm = NORM_ENERGY;
            else return gfp_fail(err, GFP_EINVAL, "--normalize: '%s' is not "
                                 "none, peak or energy", optarg);
            break;
        case O_GAIN:
            if (gfp_opt_double("gain", optarg, -400, 400, &p->gain_db, err))
                return GFP_EINVAL;
            break;
        case O_WET:
        case O_DRY:
            if (gfp_opt_double(o == O_WET ? "wet" : "dry", optarg, -1e6, 1e6,
                           o == O_WET ? &p->wet : &p->dry, err))
                return GFP_EINVAL;
            break;
        case O_MATRIX: p->matrix = 1; break;
        case O_LATENCY:
            if (gfp_opt_size("latency", optarg, 1, (uint64_t)1 << 24,
                             &p->latency, err))
                return GFP_EINVAL;
            break;
        case O_BLOCK:
            if (gfp_opt_size("block", optarg, 2, (uint64_t)1 << 28,
                             &p->block, err))
                return GFP_EINVAL;
            break;
        case O_SUBTYPE: {
            int found = 0;
            for (size_t i = 0; i < sizeof subtypes / sizeof *subtypes; i++)
                if (!strcmp(optarg, subtypes[i].name)) {
                    p->out_sf_format = subtypes[i].sf;
                    found = 1;
                }
            if (!found)
                return gfp_fail(err, GFP_EINVAL, "--subtype: '%s' is not one "
                                "of pcm8, pcm16, pcm24, pcm32, float, double, "
                                "u8", optarg);
            p->subtype_name = optarg;
            break;
        }
        default:
            if (gfp_common_opt(c, o, optarg, argv, err))
                return GFP_EINVAL;
        }
    }
    if (c->help)
        return GFP_OK;
    int n = argc - optind, k = optind;
    if (!p->resp_path) {
        if (n < 2)
            return gfp_fail(err, GFP_EINVAL, "expected INPUT RESPONSE "
                            "[OUTPUT], or --taps FILE");
        if (n > 3)
            return gfp_fail(err, GFP_EINVAL, "too many arguments ('%s'); "
                            "expected INPUT RESPONSE [OUTPUT]", argv[k + 3]);
        *in = argv[k];
        p->resp_path = argv[k + 1];
        *out = n == 3 ? argv[k + 2] : "-";
        if (!**in || !*p->resp_path || !**out)
            return gfp_fail(err, GFP_EINVAL, "empty path");
    } else if (gfp_opt_positional(argc, argv, optind, in, out, err)) {
        return GFP_EINVAL;
    }
    if (!strcmp(p->resp_path, "-") && !strcmp(*in, "-"))
        return gfp_fail(err, GFP_EINVAL, "the input and the response cannot "
                        "both be stdin");
    p->in_path = *in;
    p->out_path = *out;
    if (p->rate_opt && !p->raw_in)
        return gfp_fail(err, GFP_EINVAL, "--rate is for raw input: give "
                        "--in-format too (audio files carry their rate)");
    if (p->channels_opt && !p->raw_in)
        return gfp_fail(err, GFP_EINVAL, "--channels is for raw input "
                        "(audio files carry their channel count)");
    if (p->latency && p->block)
        return gfp_fail(err, GFP_EINVAL, "--latency and --block exclude "
                        "each other");
    if (p->out_fmt_set && p->out_sf_format)
        return gfp_fail(err, GFP_EINVAL, "--out-format (raw) and --subtype "
                        "(audio) exclude each other");
    if (!p->channels_opt)
        p->channels_opt = 1;
    return GFP_OK;
}

/* ---- the response -------------------------------------------------------- */

static gfp_status read_all(const char *path, unsigned char **data,
                           size_t *len, gfp_error *err)
{
    gfp_source s;
    gfp_status st = gfp_source_open(path, &s, err);
    if (st)
        return st;
    size_t cap = 1 << 16, have = 0;
    unsigned char *b = malloc(cap);
    while (b) {
        size_t got;
        if ((st = gfp_source_read(&s, b + have, cap - have, &got, err)))
            break;
        have += got;
        if (s.eof)
            break;
        if (cap > ((size_t)1 << 34)) {
            st = gfp_fail(err, GFP_EINVAL, "response '%s' is too large",
                          path);
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
    gfp_source_close(&s);
    if (!b && !st)
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the response");
    if (st) {
        free(b);
        return st;
    }
    *data = b;
    *len = have;
    return GFP_OK;
}

static gfp_status load_response(conv_priv *p, gfp_error *err)
{
    const char *path = p->resp_path;
    if (!p->taps_fmt_set && strcmp(path, "-")) {
        /* An audio file (by what libsndfile opens, or by its name or first
         * bytes) is read as audio, its errors reported; only a file that
         * is none of these is raw samples. */
        gfp_audio a;
        int is_audio;
        gfp_status st = gfp_sndfile_load(path, "response ", "convolve",
                                         MAX_RESPONSE, &a, &is_audio, err);
        if (st)
            return st;
        if (is_audio) {
            size_t total = a.frames * (size_t)a.channels;
            if (!(p->h = malloc(total * sizeof *p->h))) {
                free(a.data);
                return gfp_fail(err, GFP_ENOMEM, "out of memory for the "
                                "response");
            }
            p->L = a.frames;
            p->R = a.channels;
            for (size_t i = 0; i < p->L; i++)
                for (int r = 0; r < p->R; r++)
                    p->h[(size_t)r * p->L + i] = a.data[i * (size_t)p->R + r];
            free(a.data);
            p->h_rate = a.rate;
            p->h_is_audio = 1;
            return GFP_OK;
        }
    }
    /* Raw samples: the format from --taps-format, else the extension. */
    gfp_format f = gfp_format_native(GFP_F32, 0);
    if (p->taps_fmt_set) {
        f = p->taps_fmt;
    } else {
        const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
        gfp_format e;
        if (dot && (!slash || dot > slash) && !gfp_format_parse(dot + 1, &e))
            f = e;
    }
    unsigned char *data;
    size_t len;
    gfp_status st = read_all(path, &data, &len, err);
    if (st)
        return st;
    size_t ib = gfp_format_item_bytes(&f);
    char fname[32];
    gfp_format_name(&f, fname, sizeof fname);
    if (len == 0 || len % ib) {
        free(data);
        return gfp_fail(err, GFP_EFORMAT, "response '%s': %zu bytes is not a "
                        "whole number (>= 1) of %s samples (%zu bytes each); "
                        "audio files are read by libsndfile, raw ones need "
                        "--taps-format or a .f32/.f64/.cf32/... name", path,
                        len, fname, ib);
    }
    p->L = len / ib;
    p->R = 1;
    p->h_cplx = f.is_complex;
    size_t ns = p->L * (f.is_complex ? 2 : 1);
    if (!(p->h = malloc(ns * sizeof *p->h))) {
        free(data);
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the response");
    }
    gfp_convert_in_f64(&f, data, ns, p->h);
    free(data);
    return GFP_OK;
}

/* ---- the block length ---------------------------------------------------- */

/* Flops per output sample (one channel) of a block plan, with the FFTs
 * taxed when their arrays leave the cache. */
static double plan_cost(size_t N, size_t B, size_t P, int cplx)
{
    double n = (double)N, fft = 2 * 2.5 * n * log2(n) * (cplx ? 2 : 1);
    /* Out of cache, each doubling costs about a quarter more per flop
     * (measured on the 2-core box: 10 s stereo response, N 2^17 in 7
     * partitions beat one partition of 2^20 by 25%). */
    if (N > ((size_t)1 << 16))
        fft *= 1 + 0.25 * (log2(n) - 16);
    double bins = cplx ? n : n / 2 + 1;
    return (fft + 8.0 * (double)P * bins) / (double)B;
}

/* Next 2^a 3^b 5^c 7^d >= n. */
static size_t smooth_up(size_t n)
{
    for (size_t m = n > 1 ? n : 1;; m++) {
        size_t r = m;
        while (r % 2 == 0) r /= 2;
        while (r % 3 == 0) r /= 3;
        while (r % 5 == 0) r /= 5;
        while (r % 7 == 0) r /= 7;
        if (r == 1)
            return m;
    }
}

static void choose_blocks(conv_priv *p, size_t max_fft)
{
    size_t L = p->L;
    p->large = 0;
    if (p->block) {
        size_t N = p->block;
        p->N = N;
        if (L <= N / 2) {
            p->P = 1;
            p->Lp = L;
            p->B = N - L + 1;
        } else {
            p->B = N / 2;
            p->P = (L + p->B - 1) / p->B;
            p->Lp = p->B;
        }
        return;
    }
    if (p->latency) {
        size_t B = p->latency;
        if (L <= B) {
            p->P = 1;
            p->Lp = L;
            p->N = smooth_up(L + B - 1);
        } else {
            p->P = (L + B - 1) / B;
            p->Lp = B;
            p->N = smooth_up(2 * B - 1);
        }
        p->B = B;
        return;
    }
    double best = INFINITY;
    for (size_t N = MIN_FFT; N <= max_fft; N *= 2) {
        /* One partition: the block is what N leaves after the response. */
        if (N >= L + N / 8) {
            size_t B = N - L + 1;
            double c = plan_cost(N, B, 1, p->cplx);
            if (c < best) {
                best = c;
                p->N = N, p->B = B, p->P = 1, p->Lp = L;
            }
        }
        /* Uniform partitions of N/2. */
        size_t B = N / 2, P = (L + B - 1) / B;
        double c = plan_cost(N, B, P, p->cplx);
        if (c < best) {
            best = c;
            p->N = N, p->B = B, p->P = P, p->Lp = P == 1 ? L : B;
        }
    }
}

/* The GPU's choice: one partition in one large block, N = 2^k >= 2 L (at
 * least 2^16), so every block is forward FFT -> multiply -> inverse FFT
 * on the device with the response's spectrum kept there; blocks are then
 * at least N/2 + 1 samples. A long response is the four-step/multi-pass
 * path (2^22 .. 2^27). */
static void choose_large(conv_priv *p)
{
    size_t N = (size_t)1 << 16;
    while (N < 2 * p->L)
        N *= 2;
    p->N = N;
    p->P = 1;
    p->Lp = p->L;
    p->B = N - p->L + 1;
    p->large = 1;
}

/* ---- start ----------------------------------------------------------------- */

static gfp_status conv_open_source(void *vp, const char *path,
                                   gfp_source *src, gfp_error *err)
{
    conv_priv *p = vp;
    if (p->raw_in)
        return gfp_source_open(path, src, err);
    /* Every channel, interleaved as decoded, in sets of SET_BYTES (a
     * cache's worth; read_frames splits the channels, a set at a time);
     * 16-bit PCM as its shorts, read by libsndfile in one piece per set
     * and converted here in the same pass as the split. */
    int is_std = !strcmp(path, "-");
    gfp_sndfile_opts o = {.channel = 0, .interleaved = 1, .shorts = 1,
                          .who = "convolve"};
    gfp_status st = gfp_sndfile_open(path, &o, src, err);
    if (st)
        return st;
    p->audio_in = 1;
    p->set16 = src->fmt.sample == GFP_S16;
    p->set_n = SET_BYTES / (sizeof(float) * (size_t)src->channels);
    if (p->set_n < 256)
        p->set_n = 256;
    if (!is_std)
        p->sf_in_format = gfp_sndfile_file_format(src);
    return GFP_OK;
}

/* The major format an output name asks for, or 0. */
static int major_from_name(const char *path)
{
    static const struct { const char *ext; int fmt; } m[] = {
        {"wav", SF_FORMAT_WAV}, {"flac", SF_FORMAT_FLAC},
        {"aif", SF_FORMAT_AIFF}, {"aiff", SF_FORMAT_AIFF},
        {"au", SF_FORMAT_AU}, {"snd", SF_FORMAT_AU}, {"caf", SF_FORMAT_CAF},
        {"w64", SF_FORMAT_W64}, {"ogg", SF_FORMAT_OGG}, {"rf64", SF_FORMAT_RF64}};
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return 0;
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
        if (!strcasecmp(dot + 1, m[i].ext))
            return m[i].fmt;
    return 0;
}

static gfp_status conv_start(void *vp, const gfp_common *c,
                             const gfp_source *src, gfp_stage_setup *s,
                             gfp_error *err)
{
    conv_priv *p = vp;
    gfp_status st;
    p->dbl = c->dbl;
    p->verbose = c->verbose;
    if ((st = load_response(p, err)))
        return st;
    if (p->audio_in) {
        p->C = src->channels;
        p->rate = src->rate;
        int64_t fr = gfp_sndfile_frames(src);
        p->in_frames = fr >= 0 ? fr : -1;
    } else {
        p->C = p->channels_opt;
        p->rate = p->rate_opt;
        p->in_frames = -1;
        if (src->size >= 0) {
            /* informational: the loop counts what really comes */
            size_t fb = gfp_format_item_bytes(&p->in_fmt) * (size_t)p->C;
            p->in_frames = src->size / (int64_t)fb;
        }
    }
    if (p->h_is_audio && p->rate && p->h_rate != p->rate)
        return gfp_fail(err, GFP_EINVAL, "the input is at %g Hz and the "
                        "response '%s' at %g Hz: resample one of them first "
                        "(no silent resampling)", p->rate, p->resp_path,
                        p->h_rate);
    if (!p->rate && p->h_is_audio)
        p->rate = p->h_rate;
    p->cplx = p->h_cplx || (p->raw_in && p->in_fmt.is_complex);
    if (p->cplx && p->audio_in)
        return gfp_fail(err, GFP_EINVAL, "a complex response needs a raw "
                        "complex (or real) input, not audio");
    /* channels */
    int C = p->C, R = p->R;
    if (p->matrix) {
        if (R % C)
            return gfp_fail(err, GFP_EINVAL, "--matrix: %d response channels "
                            "is not a multiple of the %d input channel(s)",
                            R, C);
        p->Cout = R / C;
        p->npairs = R;
    } else {
        if (R != 1 && R != C)
            return gfp_fail(err, GFP_EINVAL, "the response has %d channels "
                            "and the input %d: give a mono response, one "
                            "channel per input channel, or --matrix", R, C);
        p->Cout = C;
        p->npairs = C;
    }
    if (!(p->pairs = malloc((size_t)p->npairs * sizeof *p->pairs)))
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    for (int k = 0; k < p->npairs; k++) {
        if (p->matrix)
            p->pairs[k] = (pair){k / p->Cout, k % p->Cout, k};
        else
            p->pairs[k] = (pair){k, k, R == 1 ? 0 : k};
    }
    /* output */
    p->audio_out = !p->out_fmt_set && (p->audio_in || p->out_sf_format);
    if (p->audio_out) {
        if (p->cplx)
            return gfp_fail(err, GFP_EINVAL, "complex output cannot be audio: "
                            "give --out-format");
        if (!p->rate)
            return gfp_fail(err, GFP_EINVAL, "audio output needs a sample "
                            "rate: give --rate");
        int major = strcmp(p->out_path, "-") ? major_from_name(p->out_path)
                                             : 0;
        if (!major)
            major = p->sf_in_format ? (p->sf_in_format & SF_FORMAT_TYPEMASK)
                                    : SF_FORMAT_WAV;
        int sub = p->out_sf_format;
        if (!sub)
            sub = p->sf_in_format ? (p->sf_in_format & SF_FORMAT_SUBMASK)
                                  : SF_FORMAT_FLOAT;
        SF_INFO t = {.samplerate = (int)p->rate, .channels = p->Cout,
                     .format = major | sub};
        if (!sf_format_check(&t) && !p->out_sf_format) {
            /* The input's subtype does not fit the output's container. */
            static const int tries[] = {SF_FORMAT_PCM_24, SF_FORMAT_PCM_16,
                                        SF_FORMAT_FLOAT, SF_FORMAT_VORBIS};
            for (size_t i = 0; i < 4 && !sf_format_check(&t); i++)
                t.format = major | tries[i];
        }
        if (!sf_format_check(&t))
            return gfp_fail(err, GFP_EINVAL, "libsndfile cannot write that "
                            "subtype into this container (%d channels, "
                            "%g Hz)", p->Cout, p->rate);
        p->out_sf_format = t.format;
        /* libsndfile reads integers as x / 2^(bits-1) but writes them as
         * x * (2^(bits-1) - 1) when it normalises: a round trip would not
         * be exact. Integers are scaled here and written unnormalised. */
        switch (t.format & SF_FORMAT_SUBMASK) {
        case SF_FORMAT_PCM_S8: case SF_FORMAT_PCM_U8:
            p->out_scale = 128; break;
        case SF_FORMAT_PCM_16: p->out_scale = 32768; break;
        case SF_FORMAT_PCM_24: p->out_scale = 8388608; break;
        case SF_FORMAT_PCM_32: p->out_scale = 2147483648.0; break;
        default: p->out_scale = 0;
        }
        int st2 = t.format & SF_FORMAT_SUBMASK;
        p->clip_check = st2 != SF_FORMAT_FLOAT && st2 != SF_FORMAT_DOUBLE;
        if (p->clip_check && !p->out_scale)
            p->clip_hi = 1, p->clip_lo = -1;
    } else {
        if (!p->out_fmt_set) {
            if (p->raw_in) {
                p->out_fmt = p->in_fmt;
                if (p->cplx && !p->out_fmt.is_complex)
                    p->out_fmt = gfp_format_native(
                        gfp_format_is_64bit(&p->in_fmt) ? GFP_F64 : GFP_F32,
                        1);
            } else {
                p->out_fmt = gfp_format_native(GFP_F32, 0);
            }
        }
        if (p->out_fmt.is_complex != p->cplx)
            return gfp_fail(err, GFP_EINVAL, "--out-format must be %s: the "
                            "result is %s", p->cplx ? "complex (c...)"
                                                    : "real",
                            p->cplx ? "complex" : "real");
        p->clip_check = p->out_fmt.sample != GFP_F32 &&
                        p->out_fmt.sample != GFP_F64;
        static const double scales[] = {128, 128, 32768, 2147483648.0, 0, 0};
        if (p->clip_check) {
            double sc = scales[p->out_fmt.sample];
            p->clip_hi = (sc - 0.5) / sc;
            p->clip_lo = -(sc + 0.5) / sc;
        }
    }
    if (p->out_scale) {
        p->clip_hi = (p->out_scale - 0.5) / p->out_scale;
        p->clip_lo = -(p->out_scale + 0.5) / p->out_scale;
    }
    /* normalization, gain and mix fold into the response */
    double scale = 1, w = p->h_cplx ? 2 : 1;
    if (p->norm != NORM_NONE) {
        double m = 0;
        for (int r = 0; r < R; r++) {
            double e = 0;
            for (size_t i = 0; i < p->L; i++) {
                const double *x = p->h + ((size_t)r * p->L + i) * (size_t)w;
                double a = x[0] * x[0] + (p->h_cplx ? x[1] * x[1] : 0);
                if (p->norm == NORM_PEAK) {
                    if (a > m) m = a;
                } else {
                    e += a;
                }
            }
            if (p->norm == NORM_ENERGY && e > m)
                m = e;
        }
        if (!(m > 0))
            return gfp_fail(err, GFP_EINVAL, "--normalize: the response is "
                            "all zeros");
        scale = 1 / sqrt(m);
    }
    double g = pow(10, p->gain_db / 20);
    p->dry_gain = p->dry * g;
    scale *= p->wet * g;
    for (size_t i = 0; i < (size_t)R * p->L * (size_t)w; i++)
        p->h[i] *= scale;
    choose_blocks(p, MAX_FFT);
    p->bins = p->cplx ? p->N : p->N / 2 + 1;
    memset(s, 0, sizeof *s);
    return GFP_OK;
}

/* ---- reading ------------------------------------------------------------- */

/* Channel c of n interleaved frames of C floats into d (engine floats or
 * doubles): one pass per channel over a set that is still in cache. */
GFP_VEC static void deint_f32(const float *restrict s, size_t C, size_t c,
                              float *restrict d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = s[i * C + c];
}

GFP_VEC static void deint_f64(const float *restrict s, size_t C, size_t c,
                              double *restrict d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = s[i * C + c];
}

/* The same from 16-bit PCM: x / 32768, exactly libsndfile's float. */
GFP_VEC static void deint16_f32(const short *restrict s, size_t C, size_t c,
                                float *restrict d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = (float)s[i * C + c] * (1.0f / 32768.0f);
}

GFP_VEC static void deint16_f64(const short *restrict s, size_t C, size_t c,
                                double *restrict d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = (double)s[i * C + c] * (1.0 / 32768.0);
}

/* Reads up to want frames into x: C planar channels of `stride` scalars,
 * each starting at scalar c * stride of x (2 scalars per complex item),
 * as floats with f32, else as doubles. */
static gfp_status read_frames(conv_priv *p, gfp_source *src, void *x,
                              int f32, size_t stride, size_t want,
                              size_t *got, gfp_error *err)
{
    size_t C = (size_t)p->C, done = 0;
    gfp_status st;
    if (p->audio_in) {
        /* sets of set_n interleaved frames, as libsndfile decodes them */
        while (done < want) {
            size_t fb = C * (p->set16 ? sizeof(short) : sizeof(float));
            if (p->set_pos == p->set_have) {
                if (src->eof)
                    break;
                size_t bytes = p->set_n * fb, g;
                if ((st = gfp_source_read(src, p->set, bytes, &g, err)))
                    return st;
                if (g % fb)
                    return gfp_fail(err, GFP_EIO, "internal: a part of an "
                                    "audio frame");
                p->set_have = g / fb;
                p->set_pos = 0;
                if (p->set_have == 0)
                    break;
            }
            size_t take = p->set_have - p->set_pos;
            if (take > want - done)
                take = want - done;
            for (size_t c = 0; c < C; c++) {
                void *d = f32 ? (void *)((float *)x + c * stride + done)
                              : (void *)((double *)x + c * stride + done);
                if (p->set16) {
                    const short *s = (const short *)p->set + p->set_pos * C;
                    if (f32)
                        deint16_f32(s, C, c, d, take);
                    else
                        deint16_f64(s, C, c, d, take);
                } else {
                    const float *s = (const float *)p->set + p->set_pos * C;
                    if (f32)
                        deint_f32(s, C, c, d, take);
                    else
                        deint_f64(s, C, c, d, take);
                }
            }
            p->set_pos += take;
            done += take;
        }
        *got = done;
        return GFP_OK;
    }
    size_t ib = gfp_format_item_bytes(&p->in_fmt), fb = ib * C;
    size_t w = p->in_fmt.is_complex ? 2 : 1, ow = p->cplx ? 2 : 1;
    size_t bytes = want * fb, g;
    if (bytes > p->rawcap) {
        free(p->rawbuf);
        free(p->conv);
        p->rawbuf = malloc(bytes);
        p->conv = malloc(want * C * w * sizeof(double));
        if (!p->rawbuf || !p->conv)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        p->rawcap = bytes;
    }
    if (src->eof) {
        *got = 0;
        return GFP_OK;
    }
    if ((st = gfp_source_read(src, p->rawbuf, bytes, &g, err)))
        return st;
    if (g % fb)
        return gfp_fail(err, GFP_EFORMAT, "input ends inside a %s: %zu "
                        "trailing byte(s) after %llu whole sample frames",
                        g % ib ? "sample" : "frame of all channels", g % fb,
                        (unsigned long long)(p->frames_read + g / fb));
    done = g / fb;
    gfp_convert_in_f64(&p->in_fmt, p->rawbuf, done * C * w, p->conv);
    for (size_t c = 0; c < C; c++) {
        if (f32) {
            float *d = (float *)x + c * stride;
            for (size_t i = 0; i < done; i++) {
                const double *s = p->conv + (i * C + c) * w;
                d[i * ow] = (float)s[0];
                if (ow == 2)
                    d[i * ow + 1] = w == 2 ? (float)s[1] : 0;
            }
        } else {
            double *d = (double *)x + c * stride;
            for (size_t i = 0; i < done; i++) {
                const double *s = p->conv + (i * C + c) * w;
                d[i * ow] = s[0];
                if (ow == 2)
                    d[i * ow + 1] = w == 2 ? s[1] : 0;
            }
        }
    }
    *got = done;
    return GFP_OK;
}

static gfp_status read_block(conv_priv *p, gfp_source *src, void *x, int f32,
                             size_t stride, size_t want, size_t *got,
                             gfp_error *err)
{
    gfp_status st = read_frames(p, src, x, f32, stride, want, got, err);
    if (!st)
        p->frames_read += *got;
    return st;
}

/* ---- input on its own thread ----------------------------------------------- */

/* Decoding (libsndfile), reading and the conversion to the engine's
 * numbers overlap the blocks' transforms and output. It alone calls
 * read_block. Two kinds of buffers:
 *
 * - its own (the partitioned path): two blocks of doubles, block k in
 *   buf[k & 1], copied out by reader_take; it stops after a short block
 *   (the end) or a failed read, whose error comes with that block.
 * - the fused plan's slots (the one-partition path): block k is the frame
 *   of slot k % nbuf, in the engine's precision: this thread writes its
 *   new items (after the first keep of each channel) and zeros after the
 *   end; the caller copies the overlap in (the main thread has time to
 *   spare, this one has none), submits the slot (reader_slot) and gives
 *   it back when the engine is done with it (reader_release). After the
 *   end it goes on making frames of zeros (the response's tail) until
 *   stopped. */
typedef struct reader {
    pthread_t th;
    int started;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    conv_priv *p;
    gfp_source *src;
    int nbuf, slots, f32;
    void *buf[MAX_SLOTS];
    size_t stride, want, keep, got[MAX_SLOTS];
    int full[MAX_SLOTS], failed[MAX_SLOTS], quit;
    double busy;           /* seconds reading, decoding, converting */
    gfp_error err;
} reader;

/* Slot mode: frame k's new items into buf[k % nbuf] (see above). */
static gfp_status reader_frame(reader *r, uint64_t k, int eof, size_t *got)
{
    conv_priv *p = r->p;
    size_t C = (size_t)p->C, w = p->cplx ? 2 : 1, sc = r->f32 ? 4 : 8;
    size_t keep = r->keep * w * sc, chb = r->stride * sc;
    char *dst = r->buf[k % (uint64_t)r->nbuf];
    gfp_status st = GFP_OK;
    *got = 0;
    if (!eof)
        st = read_block(p, r->src, dst + keep, r->f32, r->stride, r->want,
                        got, &r->err);
    if (!st)
        for (size_t c = 0; c < C; c++)
            memset(dst + c * chb + keep + *got * w * sc, 0,
                   (r->want - *got) * w * sc);
    return st;
}

static void *reader_main(void *u)
{
    reader *r = u;
    int eof = 0;
    pthread_mutex_lock(&r->mu);
    for (uint64_t k = 0;; k++) {
        int i = (int)(k % (uint64_t)r->nbuf);
        while (r->full[i] && !r->quit)
            pthread_cond_wait(&r->cv, &r->mu);
        if (r->quit)
            break;
        pthread_mutex_unlock(&r->mu);
        double t0 = gfp_now();
        size_t got = 0;
        gfp_status st = r->slots ? reader_frame(r, k, eof, &got)
                                 : read_block(r->p, r->src, r->buf[i], 0,
                                              r->stride, r->want, &got,
                                              &r->err);
        double t1 = gfp_now();
        pthread_mutex_lock(&r->mu);
        r->busy += t1 - t0;
        r->got[i] = got;
        r->failed[i] = st != GFP_OK;
        r->full[i] = 1;
        pthread_cond_broadcast(&r->cv);
        if (st || (got < r->want && !r->slots))
            break;
        if (got < r->want)
            eof = 1;
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

/* slots == NULL: the thread's own two blocks of `want` frames; else the
 * nslots frames of keep + want items per channel at slots (engine
 * precision, f32 unless p->dbl). */
static gfp_status reader_start(reader *r, conv_priv *p, gfp_source *src,
                               size_t want, void *const *slots, int nslots,
                               size_t keep, gfp_error *err)
{
    size_t w = p->cplx ? 2 : 1, C = (size_t)p->C;
    r->p = p;
    r->src = src;
    r->want = want;
    if (slots) {
        r->slots = 1;
        r->f32 = !p->dbl;
        r->nbuf = nslots;
        r->keep = keep;
        r->stride = (keep + want) * w;
        for (int i = 0; i < nslots; i++)
            r->buf[i] = slots[i];
    } else {
        r->nbuf = 2;
        r->stride = want * w;
        for (int i = 0; i < 2; i++)
            if (!(r->buf[i] = malloc(C * r->stride * sizeof(double))))
                return gfp_fail(err, GFP_ENOMEM, "out of memory for input "
                                "blocks of %zu", want);
    }
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->cv, NULL);
    if (pthread_create(&r->th, NULL, reader_main, r) != 0) {
        pthread_mutex_destroy(&r->mu);
        pthread_cond_destroy(&r->cv);
        return gfp_fail(err, GFP_ENOMEM, "cannot start the input thread");
    }
    r->started = 1;
    return GFP_OK;
}

/* Waits for buffer i; its frame count, or the error of its read. */
static gfp_status reader_wait(reader *r, int i, size_t *got, gfp_error *err)
{
    pthread_mutex_lock(&r->mu);
    while (!r->full[i])
        pthread_cond_wait(&r->cv, &r->mu);
    size_t g = r->got[i];
    int failed = r->failed[i];
    pthread_mutex_unlock(&r->mu);
    if (failed) {
        if (!err->status)
            *err = r->err;
        return err->status ? err->status : GFP_EIO;
    }
    *got = g;
    return GFP_OK;
}

/* Buffer i back to the thread. */
static void reader_release(reader *r, int i)
{
    pthread_mutex_lock(&r->mu);
    r->full[i] = 0;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

/* Own buffers, block i (0, 1, 0, ...): its frames, copied into x (C
 * channels of stride scalars), then its buffer goes back to the thread. */
static gfp_status reader_take(reader *r, int i, double *x, size_t stride,
                              size_t *got, gfp_error *err)
{
    gfp_status st = reader_wait(r, i, got, err);
    if (st)
        return st;
    size_t w = r->p->cplx ? 2 : 1;
    for (size_t c = 0; c < (size_t)r->p->C; c++)
        memcpy(x + c * stride, (const double *)r->buf[i] + c * r->stride,
               *got * w * sizeof *x);
    reader_release(r, i);
    return GFP_OK;
}

/* Slot mode: waits for frame i; the new frames it holds in *got. */
static gfp_status reader_slot(reader *r, int i, size_t *got, gfp_error *err)
{
    return reader_wait(r, i, got, err);
}

static void reader_stop(reader *r)
{
    if (r->started) {
        pthread_mutex_lock(&r->mu);
        r->quit = 1;
        pthread_cond_broadcast(&r->cv);
        pthread_mutex_unlock(&r->mu);
        pthread_join(r->th, NULL);
        pthread_mutex_destroy(&r->mu);
        pthread_cond_destroy(&r->cv);
        r->started = 0;
    }
    if (!r->slots)
        for (int i = 0; i < 2; i++) {
            free(r->buf[i]);
            r->buf[i] = NULL;
        }
}

/* ---- libsndfile output onto a gfp_sink ----------------------------------- */

typedef struct sink_io {
    gfp_sink *snk;
    gfp_error *err;
    int seekable;
    int64_t pos, len;
} sink_io;

static sf_count_t sio_len(void *u)
{
    sink_io *s = u;
    if (s->seekable) {
        struct stat sb;
        if (fstat(s->snk->fd, &sb) == 0)
            return sb.st_size;
    }
    return s->len;
}

static sf_count_t sio_seek(sf_count_t off, int whence, void *u)
{
    sink_io *s = u;
    if (s->seekable) {
        off_t r = lseek(s->snk->fd, (off_t)off, whence);
        if (r < 0)
            return -1;
        s->pos = r;
        return r;
    }
    /* A pipe: libsndfile may go back to rewrite the header at the end;
     * that cannot be done, so the rewrite is dropped (see sio_write) and
     * the header keeps what it said at the start. */
    int64_t to = whence == SEEK_SET ? off : whence == SEEK_CUR ? s->pos + off
                                                               : s->len + off;
    if (to < 0 || to > s->len)
        return -1;
    s->pos = to;
    return to;
}

static sf_count_t sio_read(void *ptr, sf_count_t n, void *u)
{
    sink_io *s = u;
    if (!s->seekable)
        return 0;
    ssize_t r = read(s->snk->fd, ptr, (size_t)n);
    if (r <= 0)
        return 0;
    s->pos += r;
    return r;
}

static sf_count_t sio_write(const void *ptr, sf_count_t n, void *u)
{
    sink_io *s = u;
    if (s->err->status)
        return 0;
    if (!s->seekable && s->pos < s->len) {
        /* already gone down the pipe */
        s->pos += n;
        if (s->pos > s->len) {
            int64_t over = s->pos - s->len;
            s->pos = s->len;
            return n - over + sio_write((const char *)ptr + (n - over), over, u);
        }
        return n;
    }
    if (gfp_sink_write(s->snk, ptr, (size_t)n, s->err))
        return 0;
    s->pos += n;
    if (s->pos > s->len)
        s->len = s->pos;
    return n;
}

static sf_count_t sio_tell(void *u)
{
    return ((sink_io *)u)->pos;
}

/* ---- audio output on its own thread ---------------------------------------- */

/* libsndfile's encoding and the writes overlap the next block's reading
 * and transforms. One block in flight: put() waits until the previous one
 * is written, then hands this one over, so the caller alternates two
 * buffers. The thread's errors (its sink's included: sink_io reports into
 * w->err) come back at the next put() or at finish(). */
typedef struct writer {
    pthread_t th;
    int started;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    SNDFILE *sf;
    const void *buf;       /* the block being written */
    sf_count_t frames;
    int is16, busy, quit;
    double secs;           /* encoding and writing */
    gfp_error err;
} writer;

static void *writer_main(void *u)
{
    writer *w = u;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->busy && !w->quit)
            pthread_cond_wait(&w->cv, &w->mu);
        if (!w->busy)
            break;
        const void *buf = w->buf;
        sf_count_t n = w->frames;
        int is16 = w->is16;
        pthread_mutex_unlock(&w->mu);
        double t0 = gfp_now();
        sf_count_t wr = w->err.status ? 0
                        : is16 ? sf_writef_short(w->sf, buf, n)
                               : sf_writef_double(w->sf, buf, n);
        double t1 = gfp_now();
        pthread_mutex_lock(&w->mu);
        w->secs += t1 - t0;
        if (wr != n && !w->err.status)
            gfp_fail(&w->err, GFP_EIO, "libsndfile write failed: %s",
                     sf_strerror(w->sf));
        w->busy = 0;
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static gfp_status writer_start(writer *w, SNDFILE *sf, gfp_error *err)
{
    w->sf = sf;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    if (pthread_create(&w->th, NULL, writer_main, w) != 0)
        return gfp_fail(err, GFP_ENOMEM, "cannot start the output thread");
    w->started = 1;
    return GFP_OK;
}

/* Waits for the block in flight; its error, if any, into err. */
static gfp_status writer_wait(writer *w, gfp_error *err)
{
    pthread_mutex_lock(&w->mu);
    while (w->busy)
        pthread_cond_wait(&w->cv, &w->mu);
    gfp_status st = w->err.status;
    if (st && !err->status)
        *err = w->err;
    pthread_mutex_unlock(&w->mu);
    return st;
}

static gfp_status writer_put(writer *w, const void *buf, size_t frames,
                             int is16, gfp_error *err)
{
    gfp_status st = writer_wait(w, err);
    if (st)
        return st;
    pthread_mutex_lock(&w->mu);
    w->buf = buf;
    w->frames = (sf_count_t)frames;
    w->is16 = is16;
    w->busy = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return GFP_OK;
}

/* Finishes the block in flight and ends the thread. */
static void writer_stop(writer *w)
{
    if (!w->started)
        return;
    pthread_mutex_lock(&w->mu);
    w->quit = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->th, NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    w->started = 0;
}

/* ---- the run --------------------------------------------------------------- */

#define DEF_MAC(T, SUF)                                                      \
    GFP_VEC static void mac_##SUF(T *restrict y, const T *restrict x,                \
                          const T *restrict h, size_t bins)                  \
    {                                                                        \
        for (size_t k = 0; k < bins; k++) {                                  \
            T xr = x[2 * k], xi = x[2 * k + 1];                              \
            T hr = h[2 * k], hi = h[2 * k + 1];                              \
            y[2 * k] += xr * hr - xi * hi;                                   \
            y[2 * k + 1] += xr * hi + xi * hr;                               \
        }                                                                    \
    }
DEF_MAC(float, f32)
DEF_MAC(double, f64)

GFP_VEC static void to_engine(int dbl, const double *src, size_t n,
                              void *dst)
{
    if (dbl) {
        memcpy(dst, src, n * sizeof(double));
    } else {
        float *d = dst;
        for (size_t i = 0; i < n; i++)
            d[i] = (float)src[i];
    }
}

GFP_VEC static void count_clips(conv_priv *p, const double *v, size_t n)
{
    /* branch-free, so that it vectorises: NaN fails both tests */
    double peak = p->peak, hi = p->clip_hi, lo = p->clip_lo;
    uint64_t clipped = 0;
    for (size_t i = 0; i < n; i++) {
        double a = fabs(v[i]);
        peak = a > peak ? a : peak;
        clipped += (uint64_t)((v[i] > hi) | (v[i] < lo) | (v[i] != v[i]));
    }
    p->peak = peak;
    p->clipped += clipped;
}

/* Output channel j's `emit` samples of one block into il (interleaved,
 * Co channels of w scalars): the convolution t plus the dry input. */
#define INTERLEAVE(T)                                                        \
    do {                                                                     \
        const T *t = (const T *)ot + at0;                                    \
        if (w == 1 && dg == 0) {                                             \
            for (size_t i = 0; i < emit; i++)                                \
                o[i * Co] = t[i];                                            \
        } else if (dg == 0) {                                                \
            for (size_t i = 0; i < emit; i++) {                              \
                o[i * 2 * Co] = t[2 * i];                                    \
                o[i * 2 * Co + 1] = t[2 * i + 1];                            \
            }                                                                \
        } else if (w == 1) {                                                 \
            for (size_t i = 0; i < emit; i++)                                \
                o[i * Co] = t[i] + dg * dry[i];                              \
        } else {                                                             \
            for (size_t i = 0; i < emit; i++) {                              \
                o[i * 2 * Co] = t[2 * i] + dg * dry[2 * i];                  \
                o[i * 2 * Co + 1] = t[2 * i + 1] + dg * dry[2 * i + 1];      \
            }                                                                \
        }                                                                    \
    } while (0)

/* 16-bit audio output: t (the convolution) plus the dry input, clips
 * counted as count_clips does, rounded as round_out does. Branch-free so
 * that it vectorises (GCC if-converts the clamps only without trapping
 * math, which nothing here uses): a sample that clips becomes +-1, NaN 0.
 * The peak, which only the clipping report prints, is the largest
 * clipped |v| (a sample that clips is beyond every one that does not, to
 * within half a step): found by a second pass over the rare block that
 * clipped. */
#if defined(__GNUC__) && !defined(__clang__)
#if defined(__x86_64__)
#define GFP_VEC_NT __attribute__((optimize("tree-vectorize",                 \
                                           "vect-cost-model=dynamic",       \
                                           "no-trapping-math"),             \
                                  target_clones("avx2", "default")))
#else
#define GFP_VEC_NT __attribute__((optimize("tree-vectorize",                 \
                                           "vect-cost-model=dynamic",       \
                                           "no-trapping-math")))
#endif
#else
#define GFP_VEC_NT
#endif
#define S16_STORE(dst, vexpr)                                                \
    do {                                                                     \
        double v_ = (vexpr);                                                 \
        int bad_ = (v_ > hi) | (v_ < lo) | (v_ != v_);                       \
        clipped += (uint64_t)bad_;                                           \
        double s_ = (double)((v_ > 0) - (v_ < 0));                           \
        /* in [-32768.5, 32767.5] or +-32768 */                              \
        double x_ = (bad_ ? s_ : v_) * 32768;                                \
        x_ = x_ > 32767 ? 32767 : x_;                                        \
        x_ = x_ < -32768 ? -32768 : x_;                                      \
        (dst) = (short)(int)((x_ + magic) - magic);                          \
    } while (0)

/* the largest clipped |v| into the peak */
static void clip_peak(conv_priv *p, double v)
{
    if (!(v <= p->clip_hi && v >= p->clip_lo) && fabs(v) > p->peak)
        p->peak = fabs(v);
}

/* One channel into every stride-th short of o; the stereo case without
 * --dry (two channels into consecutive shorts, the common one) in one
 * loop. */
#define DEF_EMIT16(T, SUF)                                                   \
    GFP_VEC_NT static void emit_s16_##SUF(conv_priv *p, const T *restrict t, \
                                          const double *restrict dry,        \
                                          size_t n, short *restrict o,       \
                                          size_t stride)                     \
    {                                                                        \
        const double magic = 6755399441055744.0; /* 1.5 * 2^52 */            \
        double hi = p->clip_hi, lo = p->clip_lo, dg = p->dry_gain;           \
        uint64_t clipped = 0;                                                \
        if (dg == 0) /* no read of the dry input */                          \
            for (size_t i = 0; i < n; i++)                                   \
                S16_STORE(o[i * stride], t[i]);                              \
        else                                                                 \
            for (size_t i = 0; i < n; i++)                                   \
                S16_STORE(o[i * stride], t[i] + dg * dry[i]);                \
        p->clipped += clipped;                                               \
        for (size_t i = 0; clipped && i < n; i++)                            \
            clip_peak(p, dg == 0 ? (double)t[i] : t[i] + dg * dry[i]);       \
    }                                                                        \
    GFP_VEC_NT static void emit2_s16_##SUF(conv_priv *p,                     \
                                           const T *restrict t0,             \
                                           const T *restrict t1, size_t n,   \
                                           short *restrict o)                \
    {                                                                        \
        const double magic = 6755399441055744.0; /* 1.5 * 2^52 */            \
        double hi = p->clip_hi, lo = p->clip_lo;                             \
        uint64_t clipped = 0;                                                \
        for (size_t i = 0; i < n; i++) {                                     \
            S16_STORE(o[2 * i], t0[i]);                                      \
            S16_STORE(o[2 * i + 1], t1[i]);                                  \
        }                                                                    \
        p->clipped += clipped;                                               \
        for (size_t i = 0; clipped && i < n; i++) {                          \
            clip_peak(p, t0[i]);                                             \
            clip_peak(p, t1[i]);                                             \
        }                                                                    \
    }
DEF_EMIT16(float, f32)
DEF_EMIT16(double, f64)

/* The common case (f32 stereo, no --dry) in float arithmetic, twice the
 * lanes, the same shorts: v * 32768 is exact in float as in double, the
 * clip limits (32767.5 and 32768.5 over 32768) are floats exactly, and
 * 1.5 * 2^23 rounds to nearest as 1.5 * 2^52 does for |x| <= 32768. */
GFP_VEC_NT static void emit2_s16_f32f(conv_priv *p, const float *restrict t0,
                                      const float *restrict t1, size_t n,
                                      short *restrict o)
{
    const float magic = 12582912.0f; /* 1.5 * 2^23 */
    float hi = (float)p->clip_hi, lo = (float)p->clip_lo;
    uint32_t clipped = 0;
#define S16F_STORE(dst, vexpr)                                               \
    do {                                                                     \
        float v_ = (vexpr);                                                  \
        int bad_ = (v_ > hi) | (v_ < lo) | (v_ != v_);                       \
        clipped += (uint32_t)bad_;                                           \
        float s_ = (float)((v_ > 0) - (v_ < 0));                             \
        float x_ = (bad_ ? s_ : v_) * 32768.0f;                              \
        x_ = x_ > 32767.0f ? 32767.0f : x_;                                  \
        x_ = x_ < -32768.0f ? -32768.0f : x_;                                \
        (dst) = (short)(int)((x_ + magic) - magic);                          \
    } while (0)
    for (size_t i = 0; i < n; i++) {
        S16F_STORE(o[2 * i], t0[i]);
        S16F_STORE(o[2 * i + 1], t1[i]);
    }
#undef S16F_STORE
    p->clipped += clipped;
    for (size_t i = 0; clipped && i < n; i++) {
        clip_peak(p, t0[i]);
        clip_peak(p, t1[i]);
    }
}

/* Rounds and clamps to integers of out_scale (2^(bits-1)), in place, and
 * into s16 as well when given (emit_s16_* does that in one pass). Clamped first (hi and lo are integers, so
 * the order does not matter), then rounded to nearest in the current mode
 * by adding and taking away 1.5 * 2^52, as nearbyint does, without a call
 * per sample; NaN becomes 0. */
GFP_VEC static void round_out(double *il, size_t ns, double scale,
                              short *s16)
{
    double hi = scale - 1, lo = -scale;
    const double magic = 6755399441055744.0; /* 1.5 * 2^52 */
    for (size_t i = 0; i < ns; i++) {
        double v = il[i] * scale;
        v = v > hi ? hi : v < lo ? lo : v == v ? v : 0;
        v = (v + magic) - magic;
        il[i] = v;
    }
    if (s16)
        for (size_t i = 0; i < ns; i++)
            s16[i] = (short)il[i];
}

/* Response channel r, partition q (Lp taps from q Lp), times scale,
 * zero-padded to N, as engine values at dst (N items: 2 scalars each when
 * complex). */
static void response_frame(const conv_priv *p, size_t r, size_t q,
                           double scale, double *fr, void *dst)
{
    size_t w = p->cplx ? 2 : 1, ts = p->N * w, hw = p->h_cplx ? 2 : 1;
    memset(fr, 0, ts * sizeof *fr);
    size_t off = q * p->Lp, n = p->L - off < p->Lp ? p->L - off : p->Lp;
    const double *hs = p->h + (r * p->L + off) * hw;
    for (size_t i = 0; i < n; i++) {
        fr[i * w] = hs[i * hw] * scale;
        if (w == 2)
            fr[i * w + 1] = hw == 2 ? hs[i * hw + 1] * scale : 0;
    }
    to_engine(p->dbl, fr, ts, dst);
}

/* One partition: the response's spectra (one plain forward transform on
 * the engine), then the fused plan that keeps them: each block is one
 * submit, forward -> multiply -> inverse in the engine (on the device for
 * the gpu engine, so only the block and its result cross PCIe). */
static gfp_status make_filter(conv_priv *p, gfp_engine *e, gfp_error *err)
{
    size_t N = p->N, R = (size_t)p->R, w = p->cplx ? 2 : 1, ts = N * w;
    size_t fs = 2 * p->bins, sc = p->dbl ? sizeof(double) : sizeof(float);
    gfp_plan_desc d = {.n = N, .batch = R, .dbl = p->dbl, .scale = 1,
                       .kind = p->cplx ? GFP_C2C : GFP_R2C};
    gfp_plan *f = NULL;
    void *tin = NULL, *H = NULL;
    double *fr = NULL;
    gfp_status st = gfp_plan_create(e, &d, 1, &f, err);
    if (st)
        goto done;
    tin = e->ops->alloc_host(e->state, R * ts * sc);
    H = e->ops->alloc_host(e->state, R * fs * sc);
    fr = malloc(ts * sizeof *fr);
    if (!tin || !H || !fr) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the response's "
                      "spectrum (FFT %zu)", N);
        goto done;
    }
    for (size_t r = 0; r < R; r++)
        response_frame(p, r, 0, 1, fr, (char *)tin + r * ts * sc);
    if ((st = gfp_plan_execute(f, tin, H, R, err)))
        goto done;
    gfp_plan_destroy(f);
    f = NULL;
    d.batch = (size_t)p->C;
    d.scale = 1.0 / (double)N;
    d.filter = H;
    d.nfilter = R;
    /* only each frame's last B samples are wanted: only they come back */
    d.out_skip = N - p->B;
    /* block k runs on the engine (the GPU) while the host writes out
     * block k - 1 and the reader makes block k + 1 */
    st = gfp_plan_create(e, &d, FUSED_SLOTS, &p->filt, err);
done:
    gfp_plan_destroy(f);
    if (tin) e->ops->free_host(e->state, tin);
    if (H) e->ops->free_host(e->state, H);
    free(fr);
    return st;
}

/* Where the time goes (-v), measured on the main thread, which runs the
 * block loop: waiting for the reader thread's decoded blocks, in the
 * engine's submit (the partitioned path: its synchronous executes), in
 * its wait, the host's own passes over each block, and waiting for the
 * writer thread (or writing, for raw output). */
typedef struct conv_clock {
    double t0, setup, read, submit, wait, host, write, drain;
    uint64_t blocks;
} conv_clock;

/* The output side of the loop. */
typedef struct outq {
    gfp_sink *snk;
    writer *wt;
    double *il, *ilb[2];   /* interleaved output (not 16-bit audio) */
    short *s16, *s16b[2];  /* 16-bit audio */
    void *cbuf;
    size_t ccap;
} outq;

/* Output frames per hand-over to the writer: the writer starts on a
 * block while its rest is converted, and the converted samples are still
 * in a cache when write() copies them. */
#define OUT_CHUNK ((size_t)1 << 18)

/* Part of a block out: emit frames of Co channels, channel j's first
 * value at scalar j * ostride + ooff of ot (engine precision), with the
 * dry input mixed in (channel c at c * dstride + doff of odry; not read
 * without --dry). */
static gfp_status put_chunk(conv_priv *p, outq *q, const void *ot,
                            size_t ostride, size_t ooff, const double *odry,
                            size_t dstride, size_t doff, size_t emit,
                            conv_clock *ck, gfp_error *err)
{
    size_t C = (size_t)p->C, Co = (size_t)p->Cout, w = p->cplx ? 2 : 1;
    size_t ns = emit * Co * w;
    gfp_status st;
    double t0 = gfp_now();
    if (q->s16 && Co == 2 && p->dry_gain == 0) {
        /* 16-bit stereo: both channels in one pass */
        if (p->dbl)
            emit2_s16_f64(p, (const double *)ot + ooff,
                          (const double *)ot + ostride + ooff, emit, q->s16);
        else if ((float)p->clip_hi == p->clip_hi &&
                 (float)p->clip_lo == p->clip_lo && emit < ((size_t)1 << 31))
            emit2_s16_f32f(p, (const float *)ot + ooff,
                           (const float *)ot + ostride + ooff, emit, q->s16);
        else
            emit2_s16_f32(p, (const float *)ot + ooff,
                          (const float *)ot + ostride + ooff, emit, q->s16);
    } else if (q->s16) {
        /* 16-bit audio: one pass from the transform's output to the
         * interleaved shorts (mix, clip count, rounding) */
        for (size_t j = 0; j < Co; j++) {
            const double *dry = odry ? odry + (j % C) * dstride + doff : NULL;
            size_t at0 = j * ostride + ooff;
            if (p->dbl)
                emit_s16_f64(p, (const double *)ot + at0, dry, emit,
                             q->s16 + j, Co);
            else
                emit_s16_f32(p, (const float *)ot + at0, dry, emit,
                             q->s16 + j, Co);
        }
    } else {
        /* interleaved, with the dry input mixed in */
        double *il = q->il;
        for (size_t j = 0; j < Co; j++) {
            const double *dry = odry ? odry + (j % C) * dstride + doff : NULL;
            size_t at0 = j * ostride + ooff;
            double dg = p->dry_gain, *o = il + j * w;
            if (p->dbl)
                INTERLEAVE(double);
            else
                INTERLEAVE(float);
        }
        if (p->clip_check)
            count_clips(p, il, ns);
        /* rounded here: exact integers survive any rounding mode */
        if (p->audio_out && p->out_scale)
            round_out(il, ns, p->out_scale, NULL);
    }
    double t1 = gfp_now();
    ck->host += t1 - t0;
    if (p->audio_out) {
        /* 16-bit output goes to libsndfile as shorts (no conversion left
         * for it to do); the other buffer for the next block */
        st = writer_put(q->wt, q->s16 ? (const void *)q->s16
                                      : (const void *)q->il,
                        emit, q->s16 != NULL, err);
        q->s16 = q->s16 == q->s16b[0] ? q->s16b[1] : q->s16b[0];
        q->il = q->il == q->ilb[0] ? q->ilb[1] : q->ilb[0];
    } else {
        st = gfp_write_values(q->snk, &p->out_fmt, q->il, 1, ns, &q->cbuf,
                              &q->ccap, err);
    }
    ck->write += gfp_now() - t1;
    if (st)
        return st;
    p->frames_out += emit;
    p->samples_out += ns;
    return GFP_OK;
}

/* One block out, as put_chunk, OUT_CHUNK frames at a time. */
static gfp_status put_block(conv_priv *p, outq *q, const void *ot,
                            size_t ostride, size_t ooff, const double *odry,
                            size_t dstride, size_t doff, size_t emit,
                            conv_clock *ck, gfp_error *err)
{
    size_t w = p->cplx ? 2 : 1;
    for (size_t at = 0; at < emit; at += OUT_CHUNK) {
        size_t n = emit - at < OUT_CHUNK ? emit - at : OUT_CHUNK;
        gfp_status st = put_chunk(p, q, ot, ostride, ooff + at * w, odry,
                                  dstride, doff + at * w, n, ck, err);
        if (st)
            return st;
    }
    ck->blocks++;
    return GFP_OK;
}

/* Output frames of the block that brought `got` new input frames
 * (*input_done and *total_out set at the end of the input), sched of
 * them already given to earlier blocks. */
static size_t block_emit(conv_priv *p, size_t got, int *input_done,
                         uint64_t *total_out, uint64_t sched)
{
    if (!*input_done) {
        p->frames_in += got;
        if (got < p->B) {
            *input_done = 1;
            *total_out = p->same ? p->frames_in : p->frames_in + p->L - 1;
            if (p->frames_in == 0)
                *total_out = 0;
        }
    }
    if (!*input_done)
        return p->B;
    return *total_out - sched < p->B ? (size_t)(*total_out - sched) : p->B;
}

/* The fused loop: block k's new samples are put by the reader thread in
 * slot k % ns (in the engine's precision: nothing to shift or convert
 * here), the overlap copied in from block k - 1's frame, the slot
 * submitted; then block k - 1 is waited for, written out from its valid
 * samples (the plan's out_skip: only those came back) and its slot given
 * back to the reader. */
static gfp_status run_fused(conv_priv *p, reader *rd, void *const *tins,
                            void *const *touts, int ns, double *dryd,
                            outq *q, gfp_progress *prog, conv_clock *ck,
                            gfp_error *err)
{
    size_t C = (size_t)p->C, B = p->B, w = p->cplx ? 2 : 1;
    size_t keep = p->N - B, ts = p->N * w;
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    uint64_t total_out = 0, sched = 0;
    int input_done = 0, pend = -1;
    size_t pend_emit = 0;
    gfp_status st = GFP_OK;
    for (uint64_t k = 0;; k++) {
        int sl = (int)(k % (uint64_t)ns);
        size_t got = 0;
        double t0 = gfp_now();
        if ((st = reader_slot(rd, sl, &got, err)))
            break;
        double t1 = gfp_now();
        ck->read += t1 - t0;
        size_t emit = block_emit(p, got, &input_done, &total_out, sched);
        sched += emit;
        if (emit && keep) {
            /* the overlap: the last keep items of block k - 1's frame,
             * held until it is written out below */
            size_t kb = keep * w * sc;
            for (size_t c = 0; c < C; c++) {
                char *dst = (char *)tins[sl] + c * ts * sc;
                if (pend < 0)
                    memset(dst, 0, kb);
                else
                    memcpy(dst, (const char *)tins[pend] + c * ts * sc +
                                    B * w * sc, kb);
            }
        }
        double t2 = gfp_now();
        ck->host += t2 - t1;
        if (emit && (st = gfp_plan_submit(p->filt, sl, tins[sl], touts[sl],
                                          C, err)))
            break;
        t1 = t2;
        t2 = gfp_now();
        ck->submit += t2 - t1;
        if (pend >= 0) {
            if ((st = gfp_plan_wait(p->filt, pend, err)))
                break;
            double t3 = gfp_now();
            ck->wait += t3 - t2;
            /* the dry input: the slot's new samples */
            const double *odry = NULL;
            size_t dstride = 0, doff = 0;
            if (p->dry_gain != 0 && p->dbl) {
                odry = tins[pend];
                dstride = ts;
                doff = keep * w;
            } else if (p->dry_gain != 0) {
                for (size_t c = 0; c < C; c++)
                    widen((const float *)tins[pend] + c * ts + keep * w,
                          dryd + c * B * w, pend_emit * w);
                odry = dryd;
                dstride = B * w;
                ck->host += gfp_now() - t3;
            }
            if ((st = put_block(p, q, touts[pend], B * w, 0, odry, dstride,
                                doff, pend_emit, ck, err)))
                break;
            reader_release(rd, pend);
            gfp_progress_update(prog, p->frames_in);
        }
        if (!emit)
            break;
        pend = sl;
        pend_emit = emit;
    }
    return st;
}

static gfp_status conv_run(void *vp, const gfp_common *c, gfp_engine *e,
                           gfp_source *src, gfp_sink *snk, gfp_error *err)
{
    conv_priv *p = vp;
    gfp_status st = GFP_OK;
    conv_clock ck = {.t0 = gfp_now()};
    size_t C = (size_t)p->C, Co = (size_t)p->Cout, N = p->N, B = p->B,
           P = p->P, bins = p->bins, R = (size_t)p->R;
    size_t w = p->cplx ? 2 : 1;          /* scalars per time item */
    size_t ts = N * w;                   /* time scalars per frame */
    size_t fs = 2 * bins;                /* spectrum scalars per frame */
    size_t sc = p->dbl ? sizeof(double) : sizeof(float);
    double *hist = NULL;
    void *tin = NULL, *fdl = NULL, *H = NULL, *acc = NULL, *tout = NULL;
    void *tins[MAX_SLOTS] = {0}, *touts[MAX_SLOTS] = {0}; /* fused slots */
    double *dryd = NULL;                /* fused: a block's dry input */
    int nsl = FUSED_SLOTS;
    SNDFILE *sf = NULL;
    writer wt;
    memset(&wt, 0, sizeof wt);
    reader rd;
    memset(&rd, 0, sizeof rd);
    outq q = {.snk = snk, .wt = &wt};
    sink_io sio = {.snk = snk, .err = &wt.err};
    gfp_plan_desc d = {.n = N, .batch = C > R ? C : R, .dbl = p->dbl,
                       .scale = 1, .kind = p->cplx ? GFP_C2C : GFP_R2C};
    gfp_progress prog;
    int prog_on = 0;
    /* Plans first, before any input is read. The gpu engine gets one large
     * block (choose_large) unless the blocks were asked for. An engine
     * that cannot do N gets smaller partitions when the length was ours
     * to choose; else it refuses here and main.c may fall back to the
     * CPU. */
    int fused = 0;
    if (!strcmp(e->name, "gpu") && !p->latency && !p->block && !p->matrix) {
        choose_large(p);
        p->bins = p->cplx ? p->N : p->N / 2 + 1;
        N = p->N, B = p->B, P = p->P, bins = p->bins;
        ts = N * w;
        fs = 2 * bins;
    }
    for (;;) {
        fused = P == 1 && !p->matrix;
        if (fused) {
            st = make_filter(p, e, err);
            if (st != GFP_ENOTSUP || p->latency || p->block)
                break;
            memset(err, 0, sizeof *err);
            if (p->large)
                choose_blocks(p, MAX_FFT);
            else if (N > MIN_FFT)
                choose_blocks(p, N / 2);
            else
                break;
            p->bins = p->cplx ? p->N : p->N / 2 + 1;
            N = p->N, B = p->B, P = p->P, bins = p->bins;
            ts = N * w;
            fs = 2 * bins;
            continue;
        }
        d.n = N;
        d.batch = C > R ? C : R;
        d.kind = p->cplx ? GFP_C2C : GFP_R2C;
        d.inverse = 0;
        d.scale = 1;
        st = gfp_plan_create(e, &d, 1, &p->fwd, err);
        if (!st) {
            d.batch = Co;
            d.kind = p->cplx ? GFP_C2C : GFP_C2R;
            d.inverse = 1;
            /* 1/N is folded into the response's spectra (below): no
             * pass over every output */
            d.scale = 1;
            st = gfp_plan_create(e, &d, 1, &p->inv, err);
        }
        if (st != GFP_ENOTSUP || p->latency || N <= MIN_FFT)
            break;
        gfp_plan_destroy(p->fwd);
        p->fwd = NULL;
        memset(err, 0, sizeof *err);
        choose_blocks(p, N / 2);
        p->bins = p->cplx ? p->N : p->N / 2 + 1;
        N = p->N, B = p->B, P = p->P, bins = p->bins;
        ts = N * w;
        fs = 2 * bins;
    }
    if (st)
        goto done;
    size_t fdl_bytes = 0, h_bytes = 0;
    if (fused) {
        /* no delay line and no spectra on the host */
    } else if (!gfp_mul_ok(P * C, fs * sc, &fdl_bytes) ||
        !gfp_mul_ok(P * R, fs * sc, &h_bytes)) {
        st = gfp_fail(err, GFP_ENOMEM, "response too long");
        goto done;
    }
    size_t tin_frames = C > R ? C : R;
    /* output chunks: two, for the writer thread with audio output */
    int want16 = p->audio_out && p->out_scale == 32768 &&
                 (p->out_sf_format & SF_FORMAT_SUBMASK) == SF_FORMAT_PCM_16;
    int nbuf = p->audio_out ? 2 : 1, nomem = 0;
    size_t och = B < OUT_CHUNK ? B : OUT_CHUNK;
    for (int i = 0; i < nbuf; i++) {
        if (want16)
            nomem |= !(q.s16b[i] = malloc(Co * och * sizeof *q.s16));
        else
            nomem |= !(q.ilb[i] = malloc(Co * och * sizeof *q.il * w));
    }
    q.il = q.ilb[0];
    q.s16 = q.s16b[0];
    if (fused) {
        /* the slots: whole input frames (the reader makes them), and
         * each frame's valid part of the output (out_skip) */
        for (int i = 0; i < nsl; i++) {
            nomem |= !(tins[i] = e->ops->alloc_host(e->state, C * ts * sc));
            nomem |= !(touts[i] = e->ops->alloc_host(e->state,
                                                     Co * B * w * sc));
        }
        if (p->dry_gain != 0 && !p->dbl)
            nomem |= !(dryd = malloc(C * B * w * sizeof *dryd));
    } else {
        hist = calloc(C * ts, sizeof *hist);
        tin = e->ops->alloc_host(e->state, tin_frames * ts * sc);
        fdl = e->ops->alloc_host(e->state, fdl_bytes);
        H = e->ops->alloc_host(e->state, h_bytes);
        acc = e->ops->alloc_host(e->state, Co * fs * sc);
        tout = e->ops->alloc_host(e->state, Co * ts * sc);
        nomem |= !hist || !tin || !fdl || !H || !acc || !tout;
    }
    if (p->audio_in && !p->set) /* kept if main.c runs us again */
        nomem |= !(p->set = malloc(C * p->set_n * sizeof(float)));
    if (nomem) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for blocks of %zu "
                      "(FFT %zu, %zu partitions)", B, N, P);
        goto done;
    }
    /* The response's spectrum, once: partition q of channel r at
     * H + (q * R + r) * fs (the fused plan keeps its own). */
    if (!fused) {
        memset(fdl, 0, fdl_bytes);
        double *fr = calloc(ts, sizeof *fr);
        if (!fr) {
            st = gfp_fail(err, GFP_ENOMEM, "out of memory");
            goto done;
        }
        for (size_t qq = 0; qq < P && !st; qq++) {
            for (size_t r = 0; r < R; r++)
                response_frame(p, r, qq, 1.0 / (double)N, fr,
                               (char *)tin + r * ts * sc);
            st = gfp_plan_execute(p->fwd, tin, (char *)H + qq * R * fs * sc,
                                  R, err);
        }
        free(fr);
        if (st)
            goto done;
    }
    if (p->audio_out) {
        SF_INFO info = {.samplerate = (int)p->rate, .channels = p->Cout,
                        .format = p->out_sf_format};
        sio.seekable = lseek(snk->fd, 0, SEEK_CUR) >= 0;
        SF_VIRTUAL_IO vio = {sio_len, sio_seek, sio_read, sio_write,
                             sio_tell};
        sf = sf_open_virtual(&vio, SFM_WRITE, &info, &sio);
        if (!sf) {
            if (!err->status)
                gfp_fail(err, GFP_EIO, "libsndfile cannot write the output: "
                         "%s", sf_strerror(NULL));
            st = err->status;
            goto done;
        }
        sf_command(sf, SFC_SET_CLIPPING, NULL, SF_TRUE);
        if (p->out_scale)
            sf_command(sf, SFC_SET_NORM_DOUBLE, NULL, SF_FALSE);
        if ((st = writer_start(&wt, sf, err)))
            goto done;
    }
    if ((st = reader_start(&rd, p, src, B, fused ? tins : NULL, nsl, N - B,
                           err)))
        goto done;
    gfp_progress_init(&prog, !c->quiet && p->in_frames > 0, p->in_frames > 0
                      ? p->in_frames : -1, "convolve");
    prog_on = 1;
    ck.setup = gfp_now() - ck.t0;
    if (fused) {
        st = run_fused(p, &rd, tins, touts, nsl, dryd, &q, &prog, &ck, err);
        goto done;
    }
    /* Blocks: the last N input samples of each channel are hist[c]; block
     * k adds B new ones and yields output samples [k B, k B + B). */
    uint64_t total_out = 0, sched = 0;
    int input_done = 0;
    size_t keep = N - B;
    for (uint64_t k = 0;; k++) {
        double t0 = gfp_now();
        for (size_t ch = 0; ch < C; ch++)
            memmove(hist + ch * ts, hist + ch * ts + B * w,
                    keep * w * sizeof *hist);
        size_t got = 0;
        double t1 = gfp_now();
        if (!input_done &&
            (st = reader_take(&rd, (int)(k & 1), hist + keep * w, ts, &got,
                              err)))
            break;
        double t2 = gfp_now();
        for (size_t ch = 0; ch < C; ch++)
            memset(hist + ch * ts + (keep + got) * w, 0,
                   (B - got) * w * sizeof *hist);
        size_t emit = block_emit(p, got, &input_done, &total_out, sched);
        if (emit == 0)
            break;
        sched += emit;
        for (size_t ch = 0; ch < C; ch++)
            to_engine(p->dbl, hist + ch * ts, ts, (char *)tin + ch * ts * sc);
        double t3 = gfp_now();
        /* forward: into the delay line's slot for this block */
        size_t slot = (size_t)(k % P);
        char *X = (char *)fdl + slot * C * fs * sc;
        if ((st = gfp_plan_execute(p->fwd, tin, X, C, err)))
            break;
        double t4 = gfp_now();
        /* multiply-add: partition q meets the spectrum of block k - q */
        memset(acc, 0, Co * fs * sc);
        for (int pi = 0; pi < p->npairs; pi++) {
            const pair *pr = &p->pairs[pi];
            for (size_t qq = 0; qq < P && qq <= k; qq++) {
                size_t s2 = (size_t)((k - qq) % P);
                size_t xo = (s2 * C + (size_t)pr->in) * fs,
                       ho = (qq * R + (size_t)pr->resp) * fs,
                       yo = (size_t)pr->out * fs;
                if (p->dbl)
                    mac_f64((double *)acc + yo, (const double *)fdl + xo,
                            (const double *)H + ho, bins);
                else
                    mac_f32((float *)acc + yo, (const float *)fdl + xo,
                            (const float *)H + ho, bins);
            }
        }
        double t5 = gfp_now();
        if ((st = gfp_plan_execute(p->inv, acc, tout, Co, err)))
            break;
        double t6 = gfp_now();
        ck.read += t2 - t1;
        ck.host += (t1 - t0) + (t3 - t2) + (t5 - t4);
        ck.submit += (t4 - t3) + (t6 - t5);
        /* the last B samples of each frame, the dry input from hist */
        if ((st = put_block(p, &q, tout, ts, keep * w, hist, ts, keep * w,
                            emit, &ck, err)))
            break;
        gfp_progress_update(&prog, p->frames_in);
    }
done:
    if (prog_on)
        gfp_progress_end(&prog);
    double td = gfp_now();
    reader_stop(&rd);
    /* the block in flight, then the header: both report into wt.err */
    writer_stop(&wt);
    if (sf) {
        int r = sf_close(sf);
        if (wt.err.status && !err->status)
            *err = wt.err;
        if (!st && (err->status || r)) {
            st = err->status ? err->status
                             : gfp_fail(err, GFP_EIO, "libsndfile could not "
                                        "finish the output");
        }
    }
    ck.drain = gfp_now() - td;
    if (!st && p->clipped)
        gfp_msg("convolve", "warning: %llu of %llu output samples clipped "
                "(peak %.2f dBFS); lower --gain, use --normalize, or write "
                "float (--subtype float / --out-format f32)",
                (unsigned long long)p->clipped,
                (unsigned long long)p->samples_out, 20 * log10(p->peak));
    free(hist);
    for (int i = 0; i < 2; i++) {
        free(q.ilb[i]);
        free(q.s16b[i]);
    }
    free(q.cbuf);
    free(dryd);
    if (tin) e->ops->free_host(e->state, tin);
    if (fdl) e->ops->free_host(e->state, fdl);
    if (H) e->ops->free_host(e->state, H);
    if (acc) e->ops->free_host(e->state, acc);
    if (tout) e->ops->free_host(e->state, tout);
    /* the plans first: a block may still be in flight on a slot */
    gfp_plan_destroy(p->filt);
    p->filt = NULL;
    for (int i = 0; i < MAX_SLOTS; i++) {
        if (tins[i]) e->ops->free_host(e->state, tins[i]);
        if (touts[i]) e->ops->free_host(e->state, touts[i]);
    }
    gfp_plan_destroy(p->fwd);
    gfp_plan_destroy(p->inv);
    p->fwd = p->inv = NULL;
    p->fused = fused;
    if (p->verbose && !st) {
        double now = gfp_now(), all = now - ck.t0;
        double loop = all - ck.setup - ck.drain;
        gfp_msg("convolve", "timings (s): %.3f since the options were read "
                "= %.3f before the run (engine start-up, response read) + "
                "setup %.3f (plans, the response's spectrum, buffers) + "
                "block loop %.3f + drain %.3f (the last writes, the "
                "header); in the loop, main thread: waiting for decoded "
                "input %.3f, engine submit %.3f, engine wait %.3f, host "
                "block work %.3f, waiting for the encoder %.3f, other "
                "%.3f; reader thread busy %.3f (decode, split, convert), "
                "writer thread busy %.3f (encode, write); %llu block(s), "
                "%s, %d in flight",
                now - p->t_begin, ck.t0 - p->t_begin, ck.setup, loop,
                ck.drain, ck.read, ck.submit, ck.wait, ck.host, ck.write,
                loop - ck.read - ck.submit - ck.wait - ck.host - ck.write,
                rd.busy, wt.secs, (unsigned long long)ck.blocks,
                fused ? "fused" : "partitioned (engine calls synchronous)",
                fused ? nsl : 1);
    }
    return st;
}

static void conv_stop(void *vp, const gfp_common *c)
{
    conv_priv *p = vp;
    if (c->verbose && p->N)
        gfp_msg("convolve", "response %zu taps x %d channel(s); FFT %zu, "
                "blocks of %zu, %zu partition(s)%s; %llu frames in, %llu out "
                "(%d channel(s) in, %d out)", p->L, p->R, p->N, p->B, p->P,
                p->fused ? ", fused multiply in the engine" : "",
                (unsigned long long)p->frames_in,
                (unsigned long long)p->frames_out, p->C, p->Cout);
    free(p->h);
    free(p->pairs);
    free(p->set);
    free(p->rawbuf);
    free(p->conv);
}

static gfp_status conv_flow(void *vp, const void *frames, size_t nframes,
                            gfp_sink *snk, gfp_error *err)
{
    return gfp_fail(err, GFP_EINVAL, "internal: convolve runs its own loop");
}

const gfp_stage_handler gfp_stage_convolve = {
    .name = "convolve",
    .summary = "streaming convolution with an impulse response (reverb, FIR)",
    .priv_size = sizeof(conv_priv),
    .usage = conv_usage,
    .getopts = conv_getopts,
    .open_source = conv_open_source,
    .start = conv_start,
    .flow = conv_flow,
    .stop = conv_stop,
    .run = conv_run,
};
