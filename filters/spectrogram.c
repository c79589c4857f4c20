/* spectrogram.c - the `spectrogram` stage: audio to a PNG a person wants to
 * look at, in bounded memory.
 *
 * The engine computes window -> real FFT -> power for every frame, scaled
 * so that a full-scale sine reads 0 dBFS. This stage maps the bins of each
 * frame onto the pixel rows (linear or log frequency), folds the frames
 * into time buckets (max or mean of power), and at the end turns buckets
 * into pixel columns, dB, colours, axes and labels.
 *
 * Time buckets: with a known length (a file) frame t goes to bucket
 * t * M / F, M = min(width, F) buckets for F frames. With an unknown length
 * (stdin) each bucket holds `span` frames; when 2 x width buckets are full,
 * neighbours merge pairwise and span doubles, so memory stays bounded.
 *
 * Direct mode (a known length and no --raw): frames arrive in time order,
 * so only the bucket being filled is kept as floats; a finished bucket
 * goes straight into the pixel column of the palette image as colour
 * indices. Memory is then the 8-bit image and one column, and the dB
 * mapping needs no logarithm: a power is compared with the power at each
 * colour step (quant()). Byte buckets (an unknown length, --pool max, no
 * --raw): the same for the buckets of a stream, kept as colour indices;
 * merging and folding them take the max of indices, which is the index of
 * the max, as quant() only grows with the power.
 *
 * The PNG is 8-bit with a palette: white (index 0, so that a zeroed image
 * is blank and its pages are first touched where pixels are written), the
 * ink and the frame grey of the axes, then PAL_LEVELS steps of the colour
 * map.
 *
 * GPU: fold_frame() is the host's way from an engine's power frame to
 * pooled rows. The gpu engine does the same on the device (a plan with a
 * gfp_pool_desc: the row tables rows_lo/rows_hi/rows_pos and the bucket
 * mapping, kernels/gfp_gpu_spec.cu) for one panel of f32 with a known
 * length, and hands back bucket columns instead of power frames; flow()
 * then merges those columns (merge_columns()). spec_run() decides, as it
 * is the first to know the engine. */
#include "config.h"
#include "filters.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SPEC_MAX_N ((uint64_t)1 << 24)
#define SPEC_MAX_SIDE 65535u
/* Plot pixels (all panels): the buckets and the RGB canvas grow with it. */
#define SPEC_MAX_PIXELS ((size_t)40 << 20)
#define SPEC_MAX_STACK 16
#define SPEC_AUTO_THREADS 4
/* Decoding threads by default: one per two CPUs online, at most this
 * many (decoding PCM is bound by memory bandwidth well before 16). */
#define SPEC_AUTO_READERS 8
#define SPEC_MAX_READERS 64

typedef enum cmap_id { CM_VIRIDIS, CM_MAGMA, CM_INFERNO, CM_PLASMA, CM_GRAY }
    cmap_id;

/* Palette: the three colours of the axes, then the colour-map steps. */
enum { PAL_WHITE, PAL_INK, PAL_FRAME, PAL_MAP, PAL_LEVELS = 256 - PAL_MAP };

typedef struct layout {
    int sc;
    long left, top, right, bottom, gap;   /* margins; gap between panels */
    long img_w, img_h;
} layout;

typedef struct spec_priv {
    /* options */
    size_t n, hop, width, height;
    gfp_window win;
    double range, ceiling, fmin, fmax, pps, rate_opt;
    int have_fmin, have_fmax, have_width, log_freq, pool_mean, no_axes;
    int channel, stack, raw_in, out_given;
    int readers;              /* --read-threads (0: not given) */
    cmap_id cmap;
    const char *title, *raw_path, *out_path, *in_path;
    gfp_format in_fmt;
    /* run */
    const gfp_source *src;
    int dbl, quiet, threads;
    double rate;
    int nch;                  /* panels */
    size_t bins;              /* n/2 + 1 */
    double *window;
    int32_t *rows_lo, *rows_hi; /* bins pooled into each row (lo > hi: none) */
    uint32_t *rows_run;       /* rows from r on that take one bin each, the
                                 next row the next bin (0: r is not one) */
    double *rows_pos;         /* fractional bin of the row's centre */
    float *tmp;               /* one frame as float (f64 engine output) */
    /* time buckets */
    int known;                /* length known: direct mapping */
    uint64_t frames_expected; /* per channel, when known */
    size_t cap;               /* buckets allocated */
    size_t used;              /* buckets touched */
    uint64_t span;            /* frames per bucket (unknown length) */
    float **buck;             /* per channel: cap x height */
    uint32_t *count;          /* frames in each bucket */
    uint64_t frames;          /* frames seen (all channels) */
    unsigned merges;
    uint64_t items_known;     /* samples per channel, when known */
    /* the engine's plan; pooled: the gpu engine pools (spec_run) */
    gfp_stage_setup setup;
    gfp_pool_desc pool;
    int pool_ok, pooled;
    int host_power;           /* complex frames: |X|^2 here (CPU engine) */
    /* direct mode: finished buckets go straight into img */
    int direct;
    int qstream;              /* byte buckets: qb instead of buck */
    uint8_t **qb;             /* per channel: cap x height colour indices */
    float **acc;              /* per channel: the open bucket's rows */
    size_t open_bi;           /* the open bucket (SIZE_MAX: none yet) */
    /* colours */
    uint8_t pal[256][3];
    float th[PAL_LEVELS - 1]; /* power at which colour step i+1 begins */
    uint8_t qtab[1 << 15];    /* step at the bottom of each float bucket */
    /* output */
    layout L;
    uint8_t *img;             /* palette indices, L.img_w x L.img_h */
    double t_drain, t_png;    /* seconds in drain, and writing the PNG */
    gfp_sink raw_snk;
    int raw_open;
} spec_priv;

static void make_layout(const spec_priv *p, layout *L);
static void make_palette(spec_priv *p);

/* ---- options ----------------------------------------------------------- */

static void spec_usage(FILE *out)
{
    fputs(
        "Usage: gfftpipe spectrogram [options] [INPUT [OUTPUT.png]]\n"
        "A spectrogram of audio as a PNG: every sample analysed, frames\n"
        "folded into the pixel columns, in bounded memory.\n"
        "INPUT: any file libsndfile reads (WAV, FLAC, OGG, AIFF, CAF, ...),\n"
        "or '-' for stdin (WAV, AU, CAF, FLAC, ... and raw samples with\n"
        "--in-format). OUTPUT: the PNG, '-' for stdout.\n"
        "\n"
        "Analysis:\n"
        "  --n N                 frame length (default 2048)\n"
        "  --hop H               samples between frames, 1..N (default N/4)\n"
        "  --window W            rect, hann, hamming, blackman, blackman-harris,\n"
        "                        flattop or kaiser:BETA (default hann)\n"
        "  --pool max|mean       how frames fold into a column and bins into\n"
        "                        a row (default max)\n"
        "  --channel K           analyse channel K (0-based) instead of the mean\n"
        "  --channels mix|stack  mean of the channels (default), or one panel\n"
        "                        per channel\n"
        "  --in-format F         the input is raw samples in format F (u8 s8 s16\n"
        "                        s32 f32 f64, optional le/be), one channel\n"
        "  --rate HZ             sample rate of raw input (required with it)\n"
        "  --read-threads N      threads that decode a seekable file at once,\n"
        "                        each its own part (default: one per two CPUs\n"
        "                        online, at most 8): uncompressed samples and\n"
        "                        FLAC; stdin and raw input have one reader\n"
        "Image:\n"
        "  --width W, --height H plot area in pixels (default 1024 x 512)\n"
        "  --px-per-sec P        width from the duration instead of --width\n"
        "  --dynamic-range DB    dB shown below the ceiling (default 120)\n"
        "  --ceiling DB          dBFS at the top of the colour scale (default 0)\n"
        "  --log-freq            logarithmic frequency axis\n"
        "  --fmin HZ, --fmax HZ  frequency range (default 0 (20 with --log-freq)\n"
        "                        to the Nyquist frequency)\n"
        "  --colormap C          viridis, magma, inferno, plasma, gray\n"
        "                        (default viridis)\n"
        "  --title TEXT          a title above the plot\n"
        "  --no-axes             the bare plot: no axes, labels or colour bar\n"
        "  --raw FILE.npy        also write the analysis (dBFS, float32, shape\n"
        "                        (height, width), row 0 = lowest frequency);\n"
        "                        without OUTPUT no PNG is written\n"
        "Levels are dB relative to full scale: a full-scale sine reads 0 dBFS\n"
        "whatever the window and N. The PNG has 8-bit palette colours: 253\n"
        "steps of the colour map, and white, black and grey for the axes.\n"
        "Here --threads N (below) counts FFTW's threads and the PNG\n"
        "encoder's, and its default is one per CPU online (at most 4), not 1.\n",
        out);
    gfp_common_usage(out);
}

enum {
    O_N = 1, O_HOP, O_WINDOW, O_RANGE, O_CEILING, O_LOGF, O_FMIN, O_FMAX,
    O_WIDTH, O_HEIGHT, O_PPS, O_POOL, O_CMAP, O_TITLE, O_CHANNEL, O_CHANNELS,
    O_RAW, O_IN_FORMAT, O_RATE, O_NO_AXES, O_READERS
};

static const char *const cmap_names[] = {"viridis", "magma", "inferno",
                                         "plasma", "gray"};

static gfp_status spec_getopts(void *vp, gfp_common *c, const char **in,
                               const char **out, int argc, char **argv,
                               gfp_error *err)
{
    spec_priv *p = vp;
    static const struct option longopts[] = {
        {"n", 1, 0, O_N}, {"hop", 1, 0, O_HOP}, {"window", 1, 0, O_WINDOW},
        {"dynamic-range", 1, 0, O_RANGE}, {"ceiling", 1, 0, O_CEILING},
        {"log-freq", 0, 0, O_LOGF}, {"fmin", 1, 0, O_FMIN},
        {"fmax", 1, 0, O_FMAX}, {"width", 1, 0, O_WIDTH},
        {"height", 1, 0, O_HEIGHT}, {"px-per-sec", 1, 0, O_PPS},
        {"pool", 1, 0, O_POOL}, {"colormap", 1, 0, O_CMAP},
        {"title", 1, 0, O_TITLE}, {"channel", 1, 0, O_CHANNEL},
        {"channels", 1, 0, O_CHANNELS}, {"raw", 1, 0, O_RAW},
        {"in-format", 1, 0, O_IN_FORMAT}, {"rate", 1, 0, O_RATE},
        {"no-axes", 0, 0, O_NO_AXES}, {"read-threads", 1, 0, O_READERS},
        GFP_COMMON_LONGOPTS, {0, 0, 0, 0}};
    size_t v;
    p->n = 2048;
    p->width = 1024;
    p->height = 512;
    p->win.kind = GFP_WIN_HANN;
    p->range = 120;
    p->channel = -1;
    p->cmap = CM_VIRIDIS;
    c->threads = 0; /* 0 after parsing: --threads not given */
    optind = 1;
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, GFP_COMMON_SHORTOPTS, longopts,
                            NULL)) != -1) {
        switch (o) {
        case O_N:
            if (gfp_opt_size("n", optarg, 2, SPEC_MAX_N, &p->n, err))
                return GFP_EINVAL;
            break;
        case O_HOP:
            if (gfp_opt_size("hop", optarg, 1, SPEC_MAX_N, &p->hop, err))
                return GFP_EINVAL;
            break;
        case O_WINDOW:
            if (gfp_window_parse(optarg, &p->win))
                return gfp_fail(err, GFP_EINVAL, "--window: '%s' is not one "
                                "of rect, hann, hamming, blackman, "
                                "blackman-harris, flattop, kaiser:BETA",
                                optarg);
            break;
        case O_RANGE:
            if (gfp_opt_double("dynamic-range", optarg, 1, 400, &p->range, err))
                return GFP_EINVAL;
            break;
        case O_CEILING:
            if (gfp_opt_double("ceiling", optarg, -300, 300, &p->ceiling, err))
                return GFP_EINVAL;
            break;
        case O_LOGF: p->log_freq = 1; break;
        case O_NO_AXES: p->no_axes = 1; break;
        case O_READERS:
            if (gfp_opt_size("read-threads", optarg, 1, SPEC_MAX_READERS, &v,
                             err))
                return GFP_EINVAL;
            p->readers = (int)v;
            break;
        case O_FMIN:
            if (gfp_opt_double("fmin", optarg, 0, 1e7, &p->fmin, err))
                return GFP_EINVAL;
            p->have_fmin = 1;
            break;
        case O_FMAX:
            if (gfp_opt_double("fmax", optarg, 0, 1e7, &p->fmax, err))
                return GFP_EINVAL;
            if (p->fmax <= 0)
                return gfp_fail(err, GFP_EINVAL, "--fmax must be above 0 Hz");
            p->have_fmax = 1;
            break;
        case O_WIDTH:
        case O_HEIGHT:
            if (gfp_opt_size(o == O_WIDTH ? "width" : "height", optarg,
                             o == O_WIDTH ? 1 : 2, SPEC_MAX_SIDE, &v, err))
                return GFP_EINVAL;
            if (o == O_WIDTH) {
                p->width = v;
                p->have_width = 1;
            } else {
                p->height = v;
            }
            break;
        case O_PPS:
            if (gfp_opt_double("px-per-sec", optarg, 1e-6, 1e6, &p->pps, err))
                return GFP_EINVAL;
            break;
        case O_POOL:
            if (!strcmp(optarg, "max"))
                p->pool_mean = 0;
            else if (!strcmp(optarg, "mean"))
                p->pool_mean = 1;
            else
                return gfp_fail(err, GFP_EINVAL, "--pool: '%s' is not max or "
                                "mean", optarg);
            break;
        case O_CMAP: {
            int found = 0;
            for (int i = 0; i < 5; i++)
                if (!strcmp(optarg, cmap_names[i])) {
                    p->cmap = (cmap_id)i;
                    found = 1;
                }
            if (!found && !strcmp(optarg, "grey")) {
                p->cmap = CM_GRAY;
                found = 1;
            }
            if (!found)
                return gfp_fail(err, GFP_EINVAL, "--colormap: '%s' is not one "
                                "of viridis, magma, inferno, plasma, gray",
                                optarg);
            break;
        }
        case O_TITLE: p->title = optarg; break;
        case O_CHANNEL:
            if (gfp_opt_size("channel", optarg, 0, 1023, &v, err))
                return GFP_EINVAL;
            p->channel = (int)v;
            break;
        case O_CHANNELS:
            if (!strcmp(optarg, "stack"))
                p->stack = 1;
            else if (!strcmp(optarg, "mix"))
                p->stack = 0;
            else
                return gfp_fail(err, GFP_EINVAL, "--channels: '%s' is not mix "
                                "or stack", optarg);
            break;
        case O_RAW:
            if (!*optarg)
                return gfp_fail(err, GFP_EINVAL, "--raw: empty path");
            p->raw_path = optarg;
            break;
        case O_IN_FORMAT:
            if (gfp_format_parse(optarg, &p->in_fmt))
                return gfp_fail(err, GFP_EINVAL, "--in-format: unknown format "
                                "'%s'", optarg);
            if (p->in_fmt.is_complex)
                return gfp_fail(err, GFP_EINVAL, "--in-format: %s is complex; "
                                "a spectrogram of audio needs real samples",
                                optarg);
            p->raw_in = 1;
            break;
        case O_RATE:
            if (gfp_opt_double("rate", optarg, 1, 1e7, &p->rate_opt, err))
                return GFP_EINVAL;
            break;
        default:
            if (gfp_common_opt(c, o, optarg, argv, err))
                return GFP_EINVAL;
        }
    }
    if (c->help)
        return GFP_OK;
    /* Threads for the PNG encoder, and FFTW's: by default one per CPU
     * online, at most SPEC_AUTO_THREADS. */
    if (!c->threads) {
        int cpus = gfp_online_cpus();
        c->threads = cpus > SPEC_AUTO_THREADS ? SPEC_AUTO_THREADS : cpus;
    }
    p->threads = c->threads;
    if (!p->readers) {
        /* Half the CPUs: the engine's threads and the stage's want the
         * rest (on 2 CPUs a second reader only slowed the CPU engine). */
        int cpus = gfp_online_cpus() / 2;
        p->readers = cpus < 1 ? 1 : cpus > SPEC_AUTO_READERS
                                        ? SPEC_AUTO_READERS : cpus;
    }
    if (!p->hop)
        p->hop = p->n / 4 ? p->n / 4 : 1;
    if (p->hop > p->n)
        return gfp_fail(err, GFP_EINVAL, "--hop %zu is larger than --n %zu: "
                        "samples between frames would not be analysed",
                        p->hop, p->n);
    if (p->raw_in && !p->rate_opt)
        return gfp_fail(err, GFP_EINVAL, "--in-format needs --rate HZ (raw "
                        "samples carry no sample rate)");
    if (p->rate_opt && !p->raw_in)
        return gfp_fail(err, GFP_EINVAL, "--rate is for raw input: give "
                        "--in-format too (audio files carry their rate)");
    if (p->stack && p->channel >= 0)
        return gfp_fail(err, GFP_EINVAL, "--channel and --channels stack "
                        "exclude each other");
    if (p->raw_in && (p->stack || p->channel > 0))
        return gfp_fail(err, GFP_EINVAL, "raw input (--in-format) is one "
                        "channel: --channel and --channels stack do not "
                        "apply");
    if (p->pps && p->have_width)
        return gfp_fail(err, GFP_EINVAL, "--width and --px-per-sec exclude "
                        "each other");
    if (p->have_fmin && p->have_fmax && p->fmin >= p->fmax)
        return gfp_fail(err, GFP_EINVAL, "--fmin %g must be below --fmax %g",
                        p->fmin, p->fmax);
    if (p->log_freq && p->have_fmin && p->fmin <= 0)
        return gfp_fail(err, GFP_EINVAL, "--log-freq needs --fmin above 0 Hz");
    p->out_given = argc - optind >= 2;
    gfp_status st = gfp_opt_positional(argc, argv, optind, in, out, err);
    p->out_path = *out;
    p->in_path = *in;
    return st;
}

/* ---- input ------------------------------------------------------------- */

static gfp_status spec_open_source(void *vp, const char *path,
                                   gfp_source *src, gfp_error *err)
{
    spec_priv *p = vp;
    if (p->raw_in)
        return gfp_source_open(path, src, err);
    gfp_sndfile_opts o = {.channel = p->channel, .stack = p->stack,
                          .n = p->n, .hop = p->hop, .who = "spectrogram",
                          .lanes = p->readers};
    return gfp_sndfile_open(path, &o, src, err);
}

/* ---- start: plan, row tables, buckets ------------------------------------ */

/* Fractional bin of the centre of row r (0 = lowest frequency). */
static double row_bin(const spec_priv *p, double r)
{
    double h1 = p->height > 1 ? (double)(p->height - 1) : 1;
    double f = p->log_freq ? p->fmin * pow(p->fmax / p->fmin, r / h1)
                           : p->fmin + (p->fmax - p->fmin) * r / h1;
    return f * (double)p->n / p->rate;
}

static gfp_status spec_start(void *vp, const gfp_common *c,
                             const gfp_source *src, gfp_stage_setup *s,
                             gfp_error *err)
{
    spec_priv *p = vp;
    p->src = src;
    p->dbl = c->dbl;
    p->quiet = c->quiet;
    p->rate = p->raw_in ? p->rate_opt : src->rate;
    p->nch = p->stack ? src->channels : 1;
    p->bins = p->n / 2 + 1;
    double nyq = p->rate / 2;
    if (p->stack && p->nch > SPEC_MAX_STACK)
        return gfp_fail(err, GFP_ENOTSUP, "--channels stack: %d channels; "
                        "at most %d panels are drawn (use --channel K for "
                        "one of them)", p->nch, SPEC_MAX_STACK);
    if (!p->out_given && !p->raw_path && isatty(STDOUT_FILENO))
        return gfp_fail(err, GFP_EINVAL, "no OUTPUT.png given and stdout is "
                        "a terminal: name the output (or '-' and a pipe)");
    /* Frequencies. */
    if (!p->have_fmax)
        p->fmax = nyq;
    if (p->fmax > nyq * (1 + 1e-12))
        return gfp_fail(err, GFP_EINVAL, "--fmax %g Hz is above the Nyquist "
                        "frequency, %g Hz at %g Hz", p->fmax, nyq, p->rate);
    if (!p->have_fmin)
        p->fmin = p->log_freq ? (20 < p->fmax / 2 ? 20 : p->fmax / 2) : 0;
    if (p->fmin >= p->fmax)
        return gfp_fail(err, GFP_EINVAL, "--fmin %g Hz must be below the top "
                        "frequency, %g Hz", p->fmin, p->fmax);
    /* Length. */
    uint64_t items = 0;
    p->known = 0;
    if (p->raw_in) {
        if (src->size > 0) {
            items = (uint64_t)src->size / gfp_format_item_bytes(&p->in_fmt);
            p->known = 1;
        }
    } else if (gfp_sndfile_frames(src) > 0) {
        items = (uint64_t)gfp_sndfile_frames(src);
        p->known = 1;
    }
    if (p->known) {
        p->items_known = items;
        if (c->tail == GFP_TAIL_DROP && !p->stack)
            p->frames_expected = items < p->n ? 0
                                 : (items - p->n) / p->hop + 1;
        else
            p->frames_expected = items <= p->n ? 1
                                 : (items - p->n + p->hop - 1) / p->hop + 1;
        if (p->frames_expected == 0)
            return gfp_fail(err, GFP_EFORMAT, "the input has %llu samples, "
                            "fewer than one frame of %zu (--tail drop)",
                            (unsigned long long)items, p->n);
    }
    if (p->pps) {
        if (p->known) {
            double w = ceil((double)items / p->rate * p->pps);
            if (w > SPEC_MAX_SIDE)
                return gfp_fail(err, GFP_EINVAL, "--px-per-sec %g: %.0f s "
                                "make an image %.0f pixels wide, above the "
                                "limit of %u", p->pps, (double)items / p->rate,
                                w, SPEC_MAX_SIDE);
            p->width = w < 1 ? 1 : (size_t)w;
        }
    }
    size_t plot_px;
    if (!gfp_mul_ok(p->width, p->height, &plot_px) ||
        !gfp_mul_ok(plot_px, (size_t)p->nch, &plot_px) ||
        plot_px > SPEC_MAX_PIXELS)
        return gfp_fail(err, GFP_EINVAL, "an image of %zu x %zu pixels%s is "
                        "bigger than the limit of %zu Mpixels", p->width,
                        p->height, p->nch > 1 ? " per panel" : "",
                        SPEC_MAX_PIXELS >> 20);
    if (p->raw_path) {
        /* Fail before any work when the .npy cannot be written there. */
        char *d = strdup(p->raw_path);
        if (!d)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        int ok = access(dirname(d), W_OK) == 0;
        free(d);
        if (!ok)
            return gfp_fail(err, GFP_EIO, "--raw: cannot write in the "
                            "directory of '%s': %s", p->raw_path,
                            strerror(errno));
        /* ... nor when it names a directory or the input itself. */
        struct stat rs, is;
        if (stat(p->raw_path, &rs) == 0) {
            if (S_ISDIR(rs.st_mode))
                return gfp_fail(err, GFP_EIO, "--raw: '%s' is a directory",
                                p->raw_path);
            if (src->fd >= 0 && fstat(src->fd, &is) == 0 &&
                is.st_dev == rs.st_dev && is.st_ino == rs.st_ino)
                return gfp_fail(err, GFP_EIO, "--raw: '%s' is the input; "
                                "write elsewhere", p->raw_path);
        }
    }
    /* Frequency rows. */
    size_t H = p->height;
    p->rows_lo = malloc(H * sizeof *p->rows_lo);
    p->rows_hi = malloc(H * sizeof *p->rows_hi);
    p->rows_pos = malloc(H * sizeof *p->rows_pos);
    p->window = malloc(p->n * sizeof *p->window);
    p->tmp = malloc(p->bins * sizeof *p->tmp);
    p->rows_run = malloc(H * sizeof *p->rows_run);
    if (!p->rows_lo || !p->rows_hi || !p->rows_pos || !p->window || !p->tmp ||
        !p->rows_run)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    double last = (double)(p->bins - 1);
    for (size_t r = 0; r < H; r++) {
        double a = row_bin(p, (double)r - 0.5), b = row_bin(p, (double)r + 0.5);
        double lo = ceil(a), hi = ceil(b) - 1;
        if (lo < 0)
            lo = 0;
        if (hi > last)
            hi = last;
        p->rows_lo[r] = (int32_t)lo;
        p->rows_hi[r] = (int32_t)(hi < lo ? lo - 1 : hi);
        double c0 = row_bin(p, (double)r);
        p->rows_pos[r] = c0 < 0 ? 0 : c0 > last ? last : c0;
    }
    for (size_t r = H; r-- > 0;) {
        int one = p->rows_lo[r] == p->rows_hi[r];
        int next = r + 1 < H && p->rows_run[r + 1] &&
                   p->rows_lo[r + 1] == p->rows_lo[r] + 1;
        p->rows_run[r] = !one ? 0 : next ? p->rows_run[r + 1] + 1 : 1;
    }
    /* Time buckets. */
    size_t W = p->width;
    if (p->known) {
        p->cap = p->frames_expected < W ? (size_t)p->frames_expected : W;
        p->span = 1;
    } else {
        p->cap = 2 * W;
        p->span = 1;
        if (p->pps) {
            /* Each bucket about one pixel's worth of frames; the width is
             * known at the end. Memory as for 2 x --width columns. */
            double fpp = p->rate / (p->pps * (double)p->hop);
            p->span = fpp >= 2 ? (uint64_t)fpp : 1;
            size_t cap = SPEC_MAX_PIXELS / (H * (size_t)p->nch);
            p->cap = cap > 2 * SPEC_MAX_SIDE ? 2 * SPEC_MAX_SIDE : cap;
        }
        p->cap &= ~(size_t)1;
        if (p->cap < 2)
            p->cap = 2;
    }
    p->count = calloc(p->cap, sizeof *p->count);
    if (!p->count)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    p->direct = p->known && !p->raw_path;
    p->open_bi = SIZE_MAX;
    make_palette(p);
    p->qstream = !p->known && !p->raw_path && !p->pool_mean;
    if (p->direct || p->qstream) {
        p->acc = calloc((size_t)p->nch, sizeof *p->acc);
        if (!p->acc)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        for (int ch = 0; ch < p->nch; ch++)
            if (!(p->acc[ch] = calloc(H, sizeof(float))))
                return gfp_fail(err, GFP_ENOMEM, "out of memory");
    }
    if (p->qstream) {
        p->qb = calloc((size_t)p->nch, sizeof *p->qb);
        if (!p->qb)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        for (int ch = 0; ch < p->nch; ch++)
            if (!(p->qb[ch] = calloc(p->cap, H)))
                return gfp_fail(err, GFP_ENOMEM, "out of memory for %zu x "
                                "%zu time columns", p->cap, H);
    } else if (p->direct) {
        /* The whole image now (its layout is known): 1 byte per pixel,
         * where the buckets would take 4 per plot pixel. */
        make_layout(p, &p->L);
        if (!(p->img = calloc((size_t)p->L.img_w, (size_t)p->L.img_h)))
            return gfp_fail(err, GFP_ENOMEM, "out of memory for a %ldx%ld "
                            "image", p->L.img_w, p->L.img_h);
    } else {
        size_t cells;
        if (!gfp_mul_ok(p->cap, H, &cells))
            return gfp_fail(err, GFP_ENOMEM, "image too large");
        p->buck = calloc((size_t)p->nch, sizeof *p->buck);
        if (!p->buck)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        for (int ch = 0; ch < p->nch; ch++)
            if (!(p->buck[ch] = calloc(cells, sizeof(float))))
                return gfp_fail(err, GFP_ENOMEM, "out of memory for %zu x "
                                "%zu time columns", p->cap, H);
    }
    /* The transform: power scaled by 4 / (sum w)^2, so that a sine of
     * amplitude 1 centred on a bin gives power 1 there (0 dBFS). */
    gfp_window_fill(&p->win, p->n, p->window);
    double sw = 0;
    for (size_t k = 0; k < p->n; k++)
        sw += p->window[k];
    if (!(sw > 0))
        return gfp_fail(err, GFP_EINVAL, "--window: the window sums to zero");
    s->in_fmt = p->raw_in ? p->in_fmt : src->fmt;
    s->frame_items = p->n;
    s->hop = p->stack ? p->n : p->hop;
    gfp_plan_desc *d = &s->plan;
    memset(d, 0, sizeof *d);
    d->n = p->n;
    d->kind = GFP_R2C;
    d->dbl = p->dbl;
    d->scale = 2.0 / sw;
    d->window = p->window;
    d->post = GFP_POST_POWER;
    /* Pooling on the device: one panel of f32, known length, and at most
     * one row per bin (so a column per frame fits the engine's output). */
    p->pool = (gfp_pool_desc){.rows = H, .lo = p->rows_lo, .hi = p->rows_hi,
                              .pos = p->rows_pos, .mean = p->pool_mean,
                              .frames = p->frames_expected,
                              .buckets = p->cap};
    p->pool_ok = p->known && p->nch == 1 && !p->dbl && H <= p->bins;
    p->setup = *s;
    return GFP_OK;
}

/* ---- flow: frames into buckets -------------------------------------------- */

/* Row r of one frame: its bins pooled, or interpolated between two. */
static inline float row_value(const spec_priv *p, const float *pw, size_t r)
{
    int32_t lo = p->rows_lo[r], hi = p->rows_hi[r];
    if (hi == lo)
        return pw[lo];
    if (hi > lo) {
        float acc = pw[lo];
        if (p->pool_mean) {
            for (int32_t k = lo + 1; k <= hi; k++)
                acc += pw[k];
            return acc / (float)(hi - lo + 1);
        }
        for (int32_t k = lo + 1; k <= hi; k++)
            acc = pw[k] > acc ? pw[k] : acc;
        return acc;
    }
    /* Rows finer than bins: interpolate between the nearest two. */
    double x = p->rows_pos[r];
    size_t k = (size_t)x;
    double fr = x - (double)k;
    return k + 1 < p->bins ? (float)((1 - fr) * pw[k] + fr * pw[k + 1])
                           : pw[k];
}

/* One power frame (bins) into one bucket row set (height), pooled. Runs
 * of rows that take one bin each, the next row the next bin (rows_run),
 * are plain loops over both arrays. */
static void fold_frame(const spec_priv *p, const float *pw, float *b,
                       int first)
{
    size_t H = p->height;
    for (size_t r = 0; r < H;) {
        size_t n = p->rows_run[r];
        if (n) {
            const float *x = pw + p->rows_lo[r];
            float *y = b + r;
            if (first)
                memcpy(y, x, n * sizeof *y);
            else if (p->pool_mean)
                for (size_t i = 0; i < n; i++)
                    y[i] += x[i];
            else
                for (size_t i = 0; i < n; i++)
                    y[i] = x[i] > y[i] ? x[i] : y[i];
            r += n;
            continue;
        }
        float v = row_value(p, pw, r);
        b[r] = first ? v : p->pool_mean ? b[r] + v : v > b[r] ? v : b[r];
        r++;
    }
}

/* The colour index of a power: the steps whose power it reaches, found
 * from the float's top bits (qtab) and a step or two of comparison. The
 * same index as rounding (10 log10 v - floor) * (PAL_LEVELS - 1) / range,
 * without the logarithm. */
static inline uint8_t quant(const spec_priv *p, float v)
{
    if (!(v > (float)GFP_DB_FLOOR_POWER))
        v = (float)GFP_DB_FLOOR_POWER;
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    unsigned i = p->qtab[b >> 16];
    while (i < PAL_LEVELS - 1 && v >= p->th[i])
        i++;
    return (uint8_t)(PAL_MAP + i);
}

/* Bucket bi is complete; its rows (power, summed for mean) become colour
 * indices: byte bucket bi, or in direct mode pixel column bi of every
 * panel (the drain stretches the columns when there are fewer than
 * --width). */
static void finish_bucket(spec_priv *p, size_t bi)
{
    size_t H = p->height, iw = (size_t)p->L.img_w;
    float div = p->pool_mean && p->count[bi] ? (float)p->count[bi] : 1.0f;
    for (int ch = 0; ch < p->nch; ch++) {
        float *a = p->acc[ch];
        if (p->qstream) {
            uint8_t *q = p->qb[ch] + bi * H;
            for (size_t r = 0; r < H; r++)
                q[r] = quant(p, a[r]);
            memset(a, 0, H * sizeof *a);
            continue;
        }
        size_t y0 = (size_t)(p->L.top + ch * ((long)H + p->L.gap));
        uint8_t *q = p->img + (y0 + H - 1) * iw + (size_t)p->L.left + bi;
        if (div == 1.0f)
            for (size_t r = 0; r < H; r++, q -= iw)
                *q = quant(p, a[r]);
        else
            for (size_t r = 0; r < H; r++, q -= iw)
                *q = quant(p, a[r] / div);
        /* A channel with no frame in the next bucket shows silence. */
        memset(a, 0, H * sizeof *a);
    }
}

/* Unknown length, buckets full: merge neighbours pairwise. */
static void merge_halves(spec_priv *p)
{
    size_t H = p->height, half = p->cap / 2;
    if (p->qstream) {
        /* The open bucket is the last: the frame that asks for the merge
         * starts a new one. */
        if (p->open_bi != SIZE_MAX)
            finish_bucket(p, p->open_bi);
        p->open_bi = SIZE_MAX;
    }
    for (int ch = 0; ch < p->nch && p->qstream; ch++) {
        uint8_t *b = p->qb[ch];
        for (size_t i = 0; i < half; i++) {
            uint8_t *dst = b + i * H;
            const uint8_t *x = b + 2 * i * H, *y = x + H;
            if (p->count[2 * i + 1] == 0)
                memmove(dst, x, H);
            else
                for (size_t r = 0; r < H; r++)
                    dst[r] = y[r] > x[r] ? y[r] : x[r];
        }
        memset(b + half * H, 0, half * H);
    }
    for (int ch = 0; ch < p->nch && !p->qstream; ch++) {
        float *b = p->buck[ch];
        for (size_t i = 0; i < half; i++) {
            float *dst = b + i * H;
            const float *x = b + 2 * i * H, *y = x + H;
            int yn = p->count[2 * i + 1] > 0;
            for (size_t r = 0; r < H; r++) {
                float u = x[r], v = yn ? y[r] : x[r];
                dst[r] = p->pool_mean ? (yn ? u + v : u) : (v > u ? v : u);
            }
        }
        memset(b + half * H, 0, half * H * sizeof(float));
    }
    for (size_t i = 0; i < half; i++)
        p->count[i] = p->count[2 * i] + p->count[2 * i + 1];
    memset(p->count + half, 0, half * sizeof *p->count);
    p->used = (p->used + 1) / 2;
    p->span *= 2;
    p->merges++;
}

/* Bucket of time step t (known length), and the first step of bucket b. */
static uint64_t bucket_of(const spec_priv *p, uint64_t t)
{
    uint64_t m = t * p->cap / p->frames_expected;
    return m >= p->cap ? p->cap - 1 : m;
}

static uint64_t bucket_start(const spec_priv *p, uint64_t b)
{
    return b >= p->cap ? UINT64_MAX
                       : (b * p->frames_expected + p->cap - 1) / p->cap;
}

/* Pooled by the engine: the columns of nframes frames (one panel), one per
 * bucket they touch, each the max or the sum of the frames' rows. */
static void merge_columns(spec_priv *p, const float *cols, size_t nframes)
{
    size_t H = p->height;
    uint64_t t0 = p->frames, t1 = t0 + nframes;
    uint64_t b0 = bucket_of(p, t0), b1 = bucket_of(p, t1 - 1);
    for (uint64_t b = b0; b <= b1; b++, cols += H) {
        uint64_t s = bucket_start(p, b), e = bucket_start(p, b + 1);
        uint64_t cnt = (e < t1 ? e : t1) - (s > t0 ? s : t0);
        size_t bi = (size_t)b;
        float *dst;
        if (p->direct) {
            if (bi != p->open_bi) {
                if (p->open_bi != SIZE_MAX)
                    finish_bucket(p, p->open_bi);
                p->open_bi = bi;
            }
            dst = p->acc[0];
        } else {
            dst = p->buck[0] + bi * H;
        }
        if (p->count[bi] == 0)
            memcpy(dst, cols, H * sizeof *dst);
        else if (p->pool_mean)
            for (size_t r = 0; r < H; r++)
                dst[r] += cols[r];
        else
            for (size_t r = 0; r < H; r++)
                dst[r] = cols[r] > dst[r] ? cols[r] : dst[r];
        p->count[bi] += (uint32_t)cnt;
        if (bi + 1 > p->used)
            p->used = bi + 1;
    }
    p->frames = t1;
}

static gfp_status spec_flow(void *vp, const void *frames, size_t nframes,
                            gfp_sink *snk, gfp_error *err)
{
    spec_priv *p = vp;
    (void)snk;
    (void)err;
    size_t H = p->height;
    if (p->pooled) {
        if (nframes)
            merge_columns(p, frames, nframes);
        return GFP_OK;
    }
    for (size_t f = 0; f < nframes; f++) {
        const float *pw;
        if (p->host_power && p->dbl) {
            const double *x = (const double *)frames + f * 2 * p->bins;
            for (size_t k = 0; k < p->bins; k++)
                p->tmp[k] = (float)(x[2 * k] * x[2 * k] +
                                    x[2 * k + 1] * x[2 * k + 1]);
            pw = p->tmp;
        } else if (p->host_power) {
            const float *x = (const float *)frames + f * 2 * p->bins;
            for (size_t k = 0; k < p->bins; k++)
                p->tmp[k] = x[2 * k] * x[2 * k] + x[2 * k + 1] * x[2 * k + 1];
            pw = p->tmp;
        } else if (p->dbl) {
            const double *x = (const double *)frames + f * p->bins;
            for (size_t k = 0; k < p->bins; k++)
                p->tmp[k] = (float)x[k];
            pw = p->tmp;
        } else {
            pw = (const float *)frames + f * p->bins;
        }
        uint64_t fi = p->frames++;
        int ch = (int)(fi % (uint64_t)p->nch);
        uint64_t t = fi / (uint64_t)p->nch;
        size_t bi;
        if (p->known) {
            bi = (size_t)bucket_of(p, t);
            if (p->direct && ch == 0 && bi != p->open_bi) {
                if (p->open_bi != SIZE_MAX)
                    finish_bucket(p, p->open_bi);
                p->open_bi = bi;
            }
        } else {
            while (t / p->span >= p->cap)
                merge_halves(p);
            bi = (size_t)(t / p->span);
            if (p->qstream && ch == 0 && bi != p->open_bi) {
                if (p->open_bi != SIZE_MAX)
                    finish_bucket(p, p->open_bi);
                p->open_bi = bi;
            }
        }
        /* Channel 0 of a time step comes first and counts it; the other
         * channels of that step see the count already raised. */
        int first;
        if (ch == 0)
            first = p->count[bi]++ == 0;
        else
            first = p->count[bi] == 1;
        fold_frame(p, pw,
                   p->direct || p->qstream ? p->acc[ch] : p->buck[ch] + bi * H,
                   first);
        if (bi + 1 > p->used)
            p->used = bi + 1;
    }
    return GFP_OK;
}

/* ---- drawing -------------------------------------------------------------- */

/* 5x9 glyphs for ASCII 32..126, one value per column, bit 0 the top
 * row: capitals and digits in rows 0-6 (the baseline is row 6), and the
 * descenders of g j p q y , ; in rows 7-8, so that a 'g' is not a '9'. */
static const uint16_t font5x9[95][5] = {
    {0x000,0x000,0x000,0x000,0x000}, {0x000,0x000,0x05F,0x000,0x000},
    {0x000,0x007,0x000,0x007,0x000}, {0x014,0x07F,0x014,0x07F,0x014},
    {0x024,0x02A,0x07F,0x02A,0x012}, {0x023,0x013,0x008,0x064,0x062},
    {0x036,0x049,0x055,0x022,0x050}, {0x000,0x005,0x003,0x000,0x000},
    {0x000,0x01C,0x022,0x041,0x000}, {0x000,0x041,0x022,0x01C,0x000},
    {0x014,0x008,0x03E,0x008,0x014}, {0x008,0x008,0x03E,0x008,0x008},
    {0x000,0x100,0x0E0,0x000,0x000}, {0x008,0x008,0x008,0x008,0x008},
    {0x000,0x060,0x060,0x000,0x000}, {0x020,0x010,0x008,0x004,0x002},
    {0x03E,0x051,0x049,0x045,0x03E}, {0x000,0x042,0x07F,0x040,0x000},
    {0x042,0x061,0x051,0x049,0x046}, {0x021,0x041,0x045,0x04B,0x031},
    {0x018,0x014,0x012,0x07F,0x010}, {0x027,0x045,0x045,0x045,0x039},
    {0x03C,0x04A,0x049,0x049,0x030}, {0x001,0x071,0x009,0x005,0x003},
    {0x036,0x049,0x049,0x049,0x036}, {0x006,0x049,0x049,0x029,0x01E},
    {0x000,0x036,0x036,0x000,0x000}, {0x000,0x100,0x0EC,0x000,0x000},
    {0x008,0x014,0x022,0x041,0x000}, {0x014,0x014,0x014,0x014,0x014},
    {0x000,0x041,0x022,0x014,0x008}, {0x002,0x001,0x051,0x009,0x006},
    {0x032,0x049,0x079,0x041,0x03E}, {0x07E,0x011,0x011,0x011,0x07E},
    {0x07F,0x049,0x049,0x049,0x036}, {0x03E,0x041,0x041,0x041,0x022},
    {0x07F,0x041,0x041,0x022,0x01C}, {0x07F,0x049,0x049,0x049,0x041},
    {0x07F,0x009,0x009,0x009,0x001}, {0x03E,0x041,0x049,0x049,0x07A},
    {0x07F,0x008,0x008,0x008,0x07F}, {0x000,0x041,0x07F,0x041,0x000},
    {0x020,0x040,0x041,0x03F,0x001}, {0x07F,0x008,0x014,0x022,0x041},
    {0x07F,0x040,0x040,0x040,0x040}, {0x07F,0x002,0x00C,0x002,0x07F},
    {0x07F,0x004,0x008,0x010,0x07F}, {0x03E,0x041,0x041,0x041,0x03E},
    {0x07F,0x009,0x009,0x009,0x006}, {0x03E,0x041,0x051,0x021,0x05E},
    {0x07F,0x009,0x019,0x029,0x046}, {0x046,0x049,0x049,0x049,0x031},
    {0x001,0x001,0x07F,0x001,0x001}, {0x03F,0x040,0x040,0x040,0x03F},
    {0x01F,0x020,0x040,0x020,0x01F}, {0x03F,0x040,0x038,0x040,0x03F},
    {0x063,0x014,0x008,0x014,0x063}, {0x007,0x008,0x070,0x008,0x007},
    {0x061,0x051,0x049,0x045,0x043}, {0x000,0x07F,0x041,0x041,0x000},
    {0x002,0x004,0x008,0x010,0x020}, {0x000,0x041,0x041,0x07F,0x000},
    {0x004,0x002,0x001,0x002,0x004}, {0x040,0x040,0x040,0x040,0x040},
    {0x000,0x001,0x002,0x004,0x000}, {0x020,0x054,0x054,0x054,0x078},
    {0x07F,0x048,0x044,0x044,0x038}, {0x038,0x044,0x044,0x044,0x020},
    {0x038,0x044,0x044,0x048,0x07F}, {0x038,0x054,0x054,0x054,0x018},
    {0x008,0x07E,0x009,0x001,0x002}, {0x038,0x144,0x144,0x144,0x0FC},
    {0x07F,0x008,0x004,0x004,0x078}, {0x000,0x044,0x07D,0x040,0x000},
    {0x100,0x100,0x104,0x0FD,0x000}, {0x07F,0x010,0x028,0x044,0x000},
    {0x000,0x041,0x07F,0x040,0x000}, {0x07C,0x004,0x018,0x004,0x078},
    {0x07C,0x008,0x004,0x004,0x078}, {0x038,0x044,0x044,0x044,0x038},
    {0x1FC,0x044,0x044,0x044,0x038}, {0x038,0x044,0x044,0x044,0x1FC},
    {0x07C,0x008,0x004,0x004,0x008}, {0x048,0x054,0x054,0x054,0x020},
    {0x004,0x03F,0x044,0x040,0x020}, {0x03C,0x040,0x040,0x020,0x07C},
    {0x01C,0x020,0x040,0x020,0x01C}, {0x03C,0x040,0x030,0x040,0x03C},
    {0x044,0x028,0x010,0x028,0x044}, {0x03C,0x140,0x140,0x140,0x0FC},
    {0x044,0x064,0x054,0x04C,0x044}, {0x000,0x008,0x036,0x041,0x000},
    {0x000,0x000,0x07F,0x000,0x000}, {0x000,0x041,0x036,0x008,0x000},
    {0x008,0x004,0x008,0x010,0x008},
};

/* Pixels are palette indices. */
typedef struct canvas {
    uint8_t *px;
    size_t w, h;
} canvas;

static void rect(canvas *cv, long x, long y, long w, long h, uint8_t c)
{
    long x1 = x + w, y1 = y + h;
    if (x < 0)
        x = 0;
    if (y < 0)
        y = 0;
    if (x1 > (long)cv->w)
        x1 = (long)cv->w;
    if (y1 > (long)cv->h)
        y1 = (long)cv->h;
    for (long j = y; j < y1; j++)
        if (x < x1)
            memset(cv->px + (size_t)j * cv->w + (size_t)x, c,
                   (size_t)(x1 - x));
}

static long text_w(const char *s, int sc)
{
    long n = (long)strlen(s);
    return n ? n * 6 * sc - sc : 0;
}

/* Text with its top-left corner at (x, y). */
static void text(canvas *cv, long x, long y, const char *s, int sc,
                 uint8_t c)
{
    for (; *s; s++, x += 6 * sc) {
        unsigned ch = (unsigned char)*s;
        const uint16_t *g = font5x9[(ch < 32 || ch > 126 ? '?' : ch) - 32];
        for (int col = 0; col < 5; col++)
            for (int row = 0; row < 9; row++)
                if (g[col] >> row & 1)
                    rect(cv, x + col * sc, y + row * sc, sc, sc, c);
    }
}

/* Text turned a quarter left (reads upwards); (x, y) is its bottom-left. */
static void text_up(canvas *cv, long x, long y, const char *s, int sc,
                    uint8_t c)
{
    for (; *s; s++, y -= 6 * sc) {
        unsigned ch = (unsigned char)*s;
        const uint16_t *g = font5x9[(ch < 32 || ch > 126 ? '?' : ch) - 32];
        for (int col = 0; col < 5; col++)
            for (int row = 0; row < 9; row++)
                if (g[col] >> row & 1)
                    rect(cv, x + row * sc, y - (col + 1) * sc, sc, sc, c);
    }
}

/* ---- colours (maps: filters/common.c) ------------------------------------ */

/* The palette, and the powers at which each colour step begins: step i
 * shows dB levels within half a step of floor + i * range / (PAL_LEVELS-1),
 * floor = ceiling - range; below floor + half a step it is step 0. */
static void make_palette(spec_priv *p)
{
    uint8_t t[256][3];
    gfp_cmap_lut((gfp_cmap)p->cmap, t);
    static const uint8_t ui[PAL_MAP][3] = {{255, 255, 255}, {0, 0, 0},
                                           {60, 60, 60}};
    memcpy(p->pal, ui, sizeof ui);
    for (int i = 0; i < PAL_LEVELS; i++) {
        double x = i * 255.0 / (PAL_LEVELS - 1);
        int k = (int)x;
        if (k > 254)
            k = 254;
        double f = x - k;
        for (int c = 0; c < 3; c++)
            p->pal[PAL_MAP + i][c] = (uint8_t)lround(t[k][c] +
                                                     f * (t[k + 1][c] -
                                                          t[k][c]));
    }
    double lo = p->ceiling - p->range, step = p->range / (PAL_LEVELS - 1);
    for (int i = 0; i < PAL_LEVELS - 1; i++)
        p->th[i] = (float)pow(10, (lo + (i + 0.5) * step) / 10);
    /* qtab[k]: the step of the smallest positive float whose top 16 bits
     * are k; the steps only grow within the floats that share them. */
    int i = 0;
    for (uint32_t k = 0; k < (1u << 15); k++) {
        uint32_t b = k << 16;
        float v;
        memcpy(&v, &b, sizeof v);
        while (i < PAL_LEVELS - 1 && v >= p->th[i])
            i++;
        p->qtab[k] = (uint8_t)i;
    }
}

/* ---- axes ----------------------------------------------------------------- */

static double nice_step(double raw)
{
    if (!(raw > 0))
        return 1;
    double e = pow(10, floor(log10(raw))), f = raw / e;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e;
}

static void fmt_hz(double f, char *buf, size_t len)
{
    if (f >= 1000) {
        snprintf(buf, len, "%.3f", f / 1000);
        char *e = buf + strlen(buf) - 1;
        while (*e == '0')
            *e-- = 0;
        if (*e == '.')
            *e = 0;
        strncat(buf, "k", len - strlen(buf) - 1);
    } else {
        snprintf(buf, len, "%.3f", f);
        char *e = buf + strlen(buf) - 1;
        while (*e == '0')
            *e-- = 0;
        if (*e == '.')
            *e = 0;
    }
}

static void fmt_time(double t, double step, int mmss, char *buf, size_t len)
{
    int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    if (dec > 6)
        dec = 6;
    if (mmss) {
        long s = lround(t);
        if (s >= 3600)
            snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60,
                     s % 60);
        else
            snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
    } else {
        snprintf(buf, len, "%.*f", dec, t);
    }
}

/* Time steps that read well as m:ss. */
static double nice_time_step(double raw, int mmss)
{
    if (!mmss)
        return nice_step(raw);
    static const double st[] = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
                                900, 1800, 3600, 7200, 10800, 21600, 43200};
    for (size_t i = 0; i < sizeof st / sizeof *st; i++)
        if (st[i] >= raw)
            return st[i];
    return nice_step(raw / 3600) * 3600;
}

/* Pixel row (from the top of the plot) of frequency f. */
static double freq_y(const spec_priv *p, double f)
{
    double h1 = p->height > 1 ? (double)(p->height - 1) : 1, r;
    if (p->log_freq)
        r = log(f / p->fmin) / log(p->fmax / p->fmin) * h1;
    else
        r = (f - p->fmin) / (p->fmax - p->fmin) * h1;
    return h1 - r;
}

/* ---- drain: fold buckets into pixel columns, render, write ----------------- */

static void make_layout(const spec_priv *p, layout *L)
{
    memset(L, 0, sizeof *L);
    long W = (long)p->width, H = (long)p->height;
    if (p->no_axes) {
        L->img_w = W;
        L->img_h = H * p->nch;
        return;
    }
    int sc = (W >= 480 && H >= 240) ? 2 : 1;
    L->sc = sc;
    long cw = 6 * sc, ch = 7 * sc;
    L->left = 4 * sc + ch + 4 * sc + 6 * cw + 4 * sc + 5 * sc;
    L->top = (p->title ? 6 * sc + ch + 6 * sc : 6 * sc + ch / 2) +
             (p->nch > 1 ? ch + 2 * sc : 0);
    L->bottom = 5 * sc + 3 * sc + ch + 6 * sc + ch + 8 * sc;
    L->right = 10 * sc + 8 * sc * 2 + 5 * sc + 3 * sc + 4 * cw + 6 * sc +
               ch + 4 * sc;
    L->gap = p->nch > 1 ? 6 * sc + ch : 0;
    L->img_w = L->left + W + L->right;
    L->img_h = L->top + H * p->nch + L->gap * (p->nch - 1) + L->bottom;
}

#define INK PAL_INK
#define FRAME PAL_FRAME

static void draw_axes(const spec_priv *p, canvas *cv, const layout *L,
                      double T)
{
    int sc = L->sc;
    long W = (long)p->width, H = (long)p->height, ch = 7 * sc;
    long x0 = L->left;
    char buf[64];
    long plot_bottom = L->top + p->nch * H + (p->nch - 1) * L->gap;
    /* Title. */
    if (p->title) {
        long tw = text_w(p->title, sc);
        long tx = x0 + (W - tw) / 2;
        if (tx < 2)
            tx = 2;
        text(cv, tx, 6 * sc, p->title, sc, INK);
    }
    for (int c = 0; c < p->nch; c++) {
        long y0 = L->top + c * (H + L->gap);
        /* Frame. */
        rect(cv, x0 - sc, y0 - sc, W + 2 * sc, sc, FRAME);
        rect(cv, x0 - sc, y0 + H, W + 2 * sc, sc, FRAME);
        rect(cv, x0 - sc, y0 - sc, sc, H + 2 * sc, FRAME);
        rect(cv, x0 + W, y0 - sc, sc, H + 2 * sc, FRAME);
        if (p->nch > 1) {
            snprintf(buf, sizeof buf, "channel %d", c);
            text(cv, x0, y0 - sc - ch - 2 * sc, buf, sc, INK);
        }
        /* Frequency ticks. */
        long last_label = -1000000;
        long min_gap = ch + 4 * sc;
        if (p->log_freq) {
            double d0 = floor(log10(p->fmin)), d1 = ceil(log10(p->fmax));
            for (double d = d0; d <= d1; d++)
                for (int m = 1; m <= 9; m++) {
                    double f = m * pow(10, d);
                    if (f < p->fmin * (1 - 1e-9) || f > p->fmax * (1 + 1e-9))
                        continue;
                    long y = y0 + lround(freq_y(p, f));
                    int major = m == 1 || m == 2 || m == 5;
                    long tl = major ? 5 * sc : 3 * sc;
                    rect(cv, x0 - sc - tl, y - sc / 2, tl, sc, INK);
                    if (major && labs(y - last_label) >= min_gap &&
                        y - ch / 2 >= 0) {
                        fmt_hz(f, buf, sizeof buf);
                        text(cv, x0 - sc - 5 * sc - 3 * sc - text_w(buf, sc),
                             y - ch / 2, buf, sc, INK);
                        last_label = y;
                    }
                }
        } else {
            double want = (double)H / (double)(ch * 4);
            if (want < 2)
                want = 2;
            double step = nice_step((p->fmax - p->fmin) / want);
            for (double f = ceil(p->fmin / step) * step;
                 f <= p->fmax * (1 + 1e-9); f += step) {
                long y = y0 + lround(freq_y(p, f));
                rect(cv, x0 - sc - 5 * sc, y - sc / 2, 5 * sc, sc, INK);
                if (labs(y - last_label) >= min_gap) {
                    fmt_hz(f < step * 1e-6 ? 0 : f, buf, sizeof buf);
                    text(cv, x0 - sc - 5 * sc - 3 * sc - text_w(buf, sc),
                         y - ch / 2, buf, sc, INK);
                    last_label = y;
                }
            }
        }
        /* Frequency axis title, upright. */
        const char *ft = "Frequency (Hz)";
        long fl = text_w(ft, sc);
        text_up(cv, 4 * sc, y0 + H / 2 + fl / 2, ft, sc, INK);
    }
    /* Time ticks along the bottom. */
    int mmss = T >= 120;
    double want = (double)W / (double)(sc * 6 * 12);
    if (want < 1)
        want = 1;
    double step = nice_time_step(T / want, mmss);
    long ty = plot_bottom + sc;
    for (double t = 0; t <= T * (1 + 1e-9); t += step) {
        long x = x0 + lround(t / T * (double)W);
        if (x > x0 + W)
            x = x0 + W;
        rect(cv, x - sc / 2, ty, sc, 5 * sc, INK);
        fmt_time(t, step, mmss, buf, sizeof buf);
        long tw = text_w(buf, sc);
        text(cv, x - tw / 2, ty + 5 * sc + 3 * sc, buf, sc, INK);
    }
    const char *tt = mmss ? "Time (m:ss)" : "Time (s)";
    text(cv, x0 + (W - text_w(tt, sc)) / 2, ty + 5 * sc + 3 * sc + ch + 6 * sc,
         tt, sc, INK);
    /* Colour bar: ceiling at the top, ceiling - range at the bottom. */
    long bx = x0 + W + sc + 10 * sc, bw = 8 * sc * 2;
    long by = L->top, bh = plot_bottom - L->top;
    for (long j = 0; j < bh; j++) {
        long idx = lround((double)(bh - 1 - j) / (double)(bh > 1 ? bh - 1 : 1) *
                          (PAL_LEVELS - 1));
        rect(cv, bx, by + j, bw, 1, (uint8_t)(PAL_MAP + idx));
    }
    rect(cv, bx - sc, by - sc, bw + 2 * sc, sc, FRAME);
    rect(cv, bx - sc, by + bh, bw + 2 * sc, sc, FRAME);
    rect(cv, bx - sc, by - sc, sc, bh + 2 * sc, FRAME);
    rect(cv, bx + bw, by - sc, sc, bh + 2 * sc, FRAME);
    double want_db = (double)bh / (double)(ch * 4);
    if (want_db < 2)
        want_db = 2;
    double dstep = nice_step(p->range / want_db);
    double floor_db = p->ceiling - p->range;
    for (double v = floor(p->ceiling / dstep) * dstep;
         v >= floor_db - 1e-9 * dstep; v -= dstep) {
        long y = by + lround((p->ceiling - v) / p->range * (double)(bh - 1));
        rect(cv, bx + bw + sc, y - sc / 2, 3 * sc, sc, INK);
        snprintf(buf, sizeof buf, "%g", fabs(v) < 1e-9 ? 0.0 : v);
        text(cv, bx + bw + sc + 3 * sc + 2 * sc, y - ch / 2, buf, sc, INK);
    }
    const char *dt = "dBFS";
    text_up(cv, bx + bw + sc + 5 * sc + 4 * 6 * sc + 6 * sc,
            by + bh / 2 + text_w(dt, sc) / 2, dt, sc, INK);
}

/* Direct mode: K finished columns stretched over the width in place, from
 * the right (pixel x shows column x * K / W <= x, not yet overwritten). */
static void stretch_columns(spec_priv *p, size_t K)
{
    size_t W = p->width, H = p->height, iw = (size_t)p->L.img_w;
    for (int ch = 0; ch < p->nch; ch++) {
        uint8_t *top = p->img +
                       (size_t)(p->L.top + ch * ((long)H + p->L.gap)) * iw +
                       (size_t)p->L.left;
        for (size_t x = W; x-- > 0;) {
            size_t src = (size_t)((uint64_t)x * K / W);
            if (src != x)
                for (size_t r = 0; r < H; r++)
                    top[r * iw + x] = top[r * iw + src];
        }
    }
}

static gfp_status spec_drain(void *vp, gfp_sink *snk, gfp_error *err)
{
    spec_priv *p = vp;
    size_t H = p->height;
    gfp_status st = GFP_OK;
    float *row = NULL;
    double t0 = gfp_now(), t1;
    if (p->frames == 0)
        return gfp_fail(err, GFP_EFORMAT, "no audio samples in the input");
    uint64_t tsteps = p->frames / (uint64_t)p->nch;
    /* The time the image spans, and its width for --px-per-sec. */
    /* Pixel x shows frames starting at x / W of the frames' span: label
     * the axis by frame start times, the same from a file and a stream. */
    double T = (double)(p->known ? p->frames_expected
                                 : (uint64_t)p->used * p->span) *
               (double)p->hop / p->rate;
    if (p->known && tsteps != p->frames_expected && !p->quiet)
        gfp_msg("spectrogram", "warning: %llu frames analysed, %llu "
                "expected from the header", (unsigned long long)tsteps,
                (unsigned long long)p->frames_expected);
    if (p->pps && !p->known) {
        double w = ceil(T * p->pps);
        if (w > SPEC_MAX_SIDE)
            return gfp_fail(err, GFP_EINVAL, "--px-per-sec %g: %.0f s make an "
                            "image %.0f pixels wide, above the limit of %u",
                            p->pps, T, w, SPEC_MAX_SIDE);
        p->width = w < 1 ? 1 : (size_t)w;
        size_t px;
        if (!gfp_mul_ok(p->width, H * (size_t)p->nch, &px) ||
            px > SPEC_MAX_PIXELS)
            return gfp_fail(err, GFP_EINVAL, "an image %zu pixels wide is "
                            "bigger than the limit of %zu Mpixels", p->width,
                            SPEC_MAX_PIXELS >> 20);
    }
    size_t W = p->width, M = p->used;
    /* Fold M buckets into K = min(M, W) columns: in place, column x reads
     * buckets at or after x. */
    size_t K = M < W ? M : W;
    int png = p->out_given || !p->raw_path;
    if (p->direct) {
        if (p->open_bi != SIZE_MAX)
            finish_bucket(p, p->open_bi);
        if (K < W)
            stretch_columns(p, K);
    } else if (p->qstream) {
        if (p->open_bi != SIZE_MAX)
            finish_bucket(p, p->open_bi);
        for (int ch = 0; ch < p->nch; ch++) {
            uint8_t *b = p->qb[ch];
            for (size_t x = 0; x < K; x++) {
                size_t a = (size_t)((uint64_t)x * M / K);
                size_t e = (size_t)((uint64_t)(x + 1) * M / K);
                uint8_t *dst = b + x * H;
                if (a != x)
                    memcpy(dst, b + a * H, H);
                for (size_t i = a + 1; i < e; i++)
                    for (size_t r = 0; r < H; r++)
                        dst[r] = b[i * H + r] > dst[r] ? b[i * H + r] : dst[r];
            }
        }
    } else {
        /* Mean pooling divides; the values stay powers. */
        for (int ch = 0; ch < p->nch; ch++) {
            float *b = p->buck[ch];
            for (size_t x = 0; x < K; x++) {
                size_t a = (size_t)((uint64_t)x * M / K);
                size_t e = (size_t)((uint64_t)(x + 1) * M / K);
                if (e <= a)
                    e = a + 1;
                float *dst = b + x * H;
                uint64_t cnt = 0;
                for (size_t i = a; i < e; i++)
                    cnt += p->count[i];
                if (a != x)
                    memcpy(dst, b + a * H, H * sizeof(float));
                for (size_t i = a + 1; i < e; i++) {
                    const float *y = b + i * H;
                    for (size_t r = 0; r < H; r++)
                        dst[r] = p->pool_mean ? dst[r] + y[r]
                                              : (y[r] > dst[r] ? y[r] : dst[r]);
                }
                if (p->pool_mean && cnt) {
                    float div = (float)cnt;
                    for (size_t r = 0; r < H; r++)
                        dst[r] /= div;
                }
            }
            /* The buckets past K are done with: give them back before
             * the image is made. */
            float *s = realloc(b, (K ? K : 1) * H * sizeof *b);
            if (s)
                p->buck[ch] = s;
        }
    }
    /* The image: pixel column x shows column x * K / W (stretched when
     * K < W). */
    if (png && !p->direct) {
        make_layout(p, &p->L);
        if (!(p->img = calloc((size_t)p->L.img_w, (size_t)p->L.img_h))) {
            st = gfp_fail(err, GFP_ENOMEM, "out of memory for a %ldx%ld "
                          "image", p->L.img_w, p->L.img_h);
            goto done;
        }
        size_t iw = (size_t)p->L.img_w;
        for (int ch = 0; ch < p->nch; ch++) {
            long y0 = p->L.top + ch * ((long)H + p->L.gap);
            for (size_t x = 0; x < W; x++) {
                size_t c = (size_t)((uint64_t)x * K / W) * H;
                uint8_t *q = p->img + ((size_t)y0 + H - 1) * iw +
                             (size_t)p->L.left + x;
                if (p->qstream)
                    for (size_t r = 0; r < H; r++, q -= iw)
                        *q = p->qb[ch][c + r];
                else
                    for (size_t r = 0; r < H; r++, q -= iw)
                        *q = quant(p, p->buck[ch][c + r]);
            }
        }
    }
    if (p->raw_path) {
        /* (height x width) per channel, stacked: row 0 = lowest frequency. */
        if ((st = gfp_sink_open(p->raw_path, p->src, &p->raw_snk, err)))
            goto done;
        p->raw_open = 1;
        if (!(row = malloc(W * sizeof *row))) {
            st = gfp_fail(err, GFP_ENOMEM, "out of memory");
            goto done;
        }
        if ((st = gfp_npy_write_header_f32(&p->raw_snk, H * (size_t)p->nch,
                                           W, err)))
            goto done;
        for (int ch = 0; ch < p->nch; ch++) {
            /* Power -> dB. f32 power: its smallest normal (1e-38) is below
             * the 1e-30 floor, so log10f loses nothing that matters. */
            float *b = p->buck[ch];
            for (size_t i = 0; i < K * H; i++)
                b[i] = 10.0f * log10f(b[i] > (float)GFP_DB_FLOOR_POWER
                                          ? b[i] : (float)GFP_DB_FLOOR_POWER);
            for (size_t r = 0; r < H; r++) {
                for (size_t x = 0; x < W; x++)
                    row[x] = b[(size_t)((uint64_t)x * K / W) * H + r];
                if ((st = gfp_sink_write(&p->raw_snk, row, W * sizeof *row,
                                         err)))
                    goto done;
            }
        }
        if ((st = gfp_sink_commit(&p->raw_snk, err)))
            goto done;
        p->raw_open = 0;
    }
    if (png) {
        /* The columns are in the image now: free them before deflating. */
        for (int ch = 0; ch < p->nch; ch++) {
            if (p->buck) {
                free(p->buck[ch]);
                p->buck[ch] = NULL;
            }
            if (p->qb) {
                free(p->qb[ch]);
                p->qb[ch] = NULL;
            }
        }
        canvas cv = {p->img, (size_t)p->L.img_w, (size_t)p->L.img_h};
        if (!p->no_axes)
            draw_axes(p, &cv, &p->L, T);
        t1 = gfp_now();
        if ((st = gfp_png_write_indexed(snk, p->img, cv.w, cv.h,
                                        &p->pal[0][0], 256, 1, p->threads,
                                        err)))
            goto done;
        p->t_png = gfp_now() - t1;
        free(p->img);
        p->img = NULL;
    }
done:
    free(row);
    p->t_drain = gfp_now() - t0;
    return st;
}

/* The pipeline, with pooling on the device when the engine is the gpu
 * engine (only here is the engine known: main.c opens it before start()
 * and may fall back to the CPU after a refused plan). */
static gfp_status spec_run(void *vp, const gfp_common *c, gfp_engine *e,
                           gfp_source *src, gfp_sink *snk, gfp_error *err)
{
    spec_priv *p = vp;
    gfp_stage_setup s = p->setup;
    gfp_run_stats stats;
    p->pooled = p->pool_ok && !strcmp(e->name, "gpu");
    s.plan.pool = p->pooled ? &p->pool : NULL;
    /* The CPU engine's compute thread is the pipeline's slowest: there
     * this thread squares the bins, as it reads them anyway. */
    p->host_power = !strcmp(e->name, "cpu");
    if (p->host_power)
        s.plan.post = GFP_POST_NONE;
    gfp_status st = gfp_pipeline_run(&gfp_stage_spectrogram, p, c, &s, e, src,
                                     snk, &stats, err);
    if (!st && c->verbose) {
        char extra[160];
        snprintf(extra, sizeof extra, "%s%s", p->pooled ? " (pooling on the "
                 "device)" : "", stats.span_lanes ? "; frames cut by the "
                 "engine from spans of samples" : "");
        gfp_run_stats_note("spectrogram", e->name, extra, &stats);
        if (stats.span_lanes > 1)
            gfp_msg("spectrogram", "%d threads decoding the file in "
                    "parallel", stats.span_lanes);
    }
    return st;
}

static void spec_stop(void *vp, const gfp_common *c)
{
    spec_priv *p = vp;
    if (p->raw_open)
        gfp_sink_abort(&p->raw_snk);
    if (c->verbose && p->frames)
        gfp_msg("spectrogram", "%llu frames of %zu (hop %zu) into %zu time "
                "bucket(s)%s; %u merge(s); %zu x %zu plot, %d panel(s)",
                (unsigned long long)p->frames, p->n, p->hop, p->used,
                p->known ? " (length known)" : " (streaming)", p->merges,
                p->width, p->height, p->nch);
    if (c->verbose && p->frames)
        gfp_msg("spectrogram", "%s; drain %.3f s, of it %.3f s writing the "
                "PNG", p->direct ? "direct mode" : p->qstream ? "byte buckets"
                                                          : "float buckets",
                p->t_drain, p->t_png);
    if (p->buck)
        for (int ch = 0; ch < p->nch; ch++)
            free(p->buck[ch]);
    free(p->buck);
    if (p->acc)
        for (int ch = 0; ch < p->nch; ch++)
            free(p->acc[ch]);
    free(p->acc);
    if (p->qb)
        for (int ch = 0; ch < p->nch; ch++)
            free(p->qb[ch]);
    free(p->qb);
    free(p->img);
    free(p->count);
    free(p->rows_lo);
    free(p->rows_hi);
    free(p->rows_pos);
    free(p->window);
    free(p->tmp);
    free(p->rows_run);
}

const gfp_stage_handler gfp_stage_spectrogram = {
    .name = "spectrogram",
    .summary = "audio to a PNG spectrogram (or a .npy matrix), any length",
    .priv_size = sizeof(spec_priv),
    .usage = spec_usage,
    .getopts = spec_getopts,
    .open_source = spec_open_source,
    .start = spec_start,
    .flow = spec_flow,
    .drain = spec_drain,
    .stop = spec_stop,
    .run = spec_run,
};
