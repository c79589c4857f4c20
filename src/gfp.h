/* gfp.h - the internal API of gfftpipe: status codes, formats, windows,
 * framer, plans, engines, sources/sinks, stages and the pipeline.
 * Host code only; device code lives in kernels/ behind kernels/gfp_gpu.h. */
#ifndef GFP_H
#define GFP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define GFP_WUR __attribute__((warn_unused_result))
#define GFP_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* ---- status and errors ------------------------------------------------ */

typedef enum gfp_status {
    GFP_OK = 0,
    GFP_EINVAL,   /* bad argument or option: a usage error */
    GFP_ENOMEM,   /* allocation failed */
    GFP_EIO,      /* read or write failed */
    GFP_EFORMAT,  /* input is not what it claims to be */
    GFP_ENOTSUP,  /* valid request this engine or build cannot do */
    GFP_EDEVICE,  /* GPU missing, unusable or faulted */
    GFP_ETAIL     /* --tail error and the input did not fill its frames */
} gfp_status;

#define GFP_ERRLEN 512
typedef struct gfp_error {
    gfp_status status;
    char msg[GFP_ERRLEN];
} gfp_error;

/* Records the first error only: later ones are usually its consequences. */
gfp_status gfp_fail(gfp_error *err, gfp_status st, const char *fmt, ...)
    GFP_PRINTF(3, 4);
const char *gfp_strerror(gfp_status st);

/* Size parsing: "4096", "4k" (1000), "4Ki" (1024), "2M", "1Mi", "1G", "1Gi". */
gfp_status gfp_parse_size(const char *s, uint64_t *out) GFP_WUR;

/* Overflow-checked size arithmetic: return 0 on overflow. */
int gfp_mul_ok(size_t a, size_t b, size_t *out);

/* ---- formats ----------------------------------------------------------- */

typedef enum gfp_sample {
    GFP_U8, GFP_S8, GFP_S16, GFP_S32, GFP_F32, GFP_F64
} gfp_sample;

typedef struct gfp_format {
    gfp_sample sample;
    int is_complex;   /* interleaved I/Q */
    int big_endian;   /* byte order in the stream */
} gfp_format;

gfp_status gfp_format_parse(const char *s, gfp_format *out) GFP_WUR;
/* Writes the canonical name ("cs16le" only when the suffix was explicit is
 * not tracked; names are written without suffix when native). */
void gfp_format_name(const gfp_format *f, char *buf, size_t len);
/* A format in the host's byte order. */
gfp_format gfp_format_native(gfp_sample s, int is_complex);
size_t gfp_sample_bytes(gfp_sample s);
/* Bytes per item: one real sample, or one I/Q pair. */
size_t gfp_format_item_bytes(const gfp_format *f);
int gfp_format_is_64bit(const gfp_format *f);
/* True when the stream bytes are already native float (f32) or double (f64)
 * values, so no conversion is needed for that working precision. */
int gfp_format_is_native(const gfp_format *f, int dbl);

/* Stream bytes -> working values (scalars: 2 per complex item).
 * Integers scale to [-1, 1); u8 is centred at 128. */
void gfp_convert_in_f32(const gfp_format *f, const void *src, size_t nscalars,
                        float *dst);
void gfp_convert_in_f64(const gfp_format *f, const void *src, size_t nscalars,
                        double *dst);
/* Working values -> stream bytes. Integers round and clamp; NaN becomes 0. */
void gfp_convert_out_f32(const gfp_format *f, const float *src,
                         size_t nscalars, void *dst);
void gfp_convert_out_f64(const gfp_format *f, const double *src,
                         size_t nscalars, void *dst);

/* ---- windows ----------------------------------------------------------- */

typedef enum gfp_window_kind {
    GFP_WIN_RECT, GFP_WIN_HANN, GFP_WIN_HAMMING, GFP_WIN_BLACKMAN,
    GFP_WIN_BLACKMAN_HARRIS, GFP_WIN_FLATTOP, GFP_WIN_KAISER
} gfp_window_kind;

typedef struct gfp_window {
    gfp_window_kind kind;
    double beta; /* kaiser only */
} gfp_window;

gfp_status gfp_window_parse(const char *s, gfp_window *out) GFP_WUR;
/* Periodic (DFT-even) window of length n, as scipy.signal.get_window. */
void gfp_window_fill(const gfp_window *w, size_t n, double *out);

/* ---- framer ------------------------------------------------------------ */

typedef enum gfp_tail { GFP_TAIL_PAD, GFP_TAIL_DROP, GFP_TAIL_ERROR } gfp_tail;
gfp_status gfp_tail_parse(const char *s, gfp_tail *out) GFP_WUR;

/* Cuts a stream of items (real scalars, or complex pairs) into frames of n
 * items, a frame starting every hop items. Frames are written into a caller
 * buffer as working values (float or double). Counts everything. */
typedef struct gfp_framer gfp_framer;

typedef struct gfp_framer_stats {
    uint64_t items_in;       /* items pushed */
    uint64_t frames_out;     /* frames emitted, padded ones included */
    uint64_t padded_frames;  /* frames completed with zeros at the end */
    uint64_t pad_items;      /* zeros added */
    uint64_t dropped_items;  /* items that ended in no frame (drop, or hop > n gaps) */
    uint64_t skipped_items;  /* of those, items between frames because hop > n */
} gfp_framer_stats;

/* items are in stream format fmt; frames hold working values (2 scalars
 * per complex item), f64 when dbl. */
gfp_status gfp_framer_create(size_t n, size_t hop, const gfp_format *fmt,
                             int dbl, gfp_tail tail, gfp_framer **out) GFP_WUR;
void gfp_framer_destroy(gfp_framer *fr);
/* Pushes stream items; writes complete frames into frames (room for
 * max_frames) and returns how many. Consumes items until max_frames are
 * written; *consumed says how many items it took. */
size_t gfp_framer_push(gfp_framer *fr, const void *items, size_t nitems,
                       void *frames, size_t max_frames, size_t *consumed);
/* At end of input: emits the tail frames the policy asks for (at most
 * max_frames per call; call until it returns 0). Fails with GFP_ETAIL
 * under --tail error when items are left uncovered. */
gfp_status gfp_framer_finish(gfp_framer *fr, void *frames, size_t max_frames,
                             size_t *nframes, gfp_error *err) GFP_WUR;
gfp_framer_stats gfp_framer_get_stats(const gfp_framer *fr);
/* Frames may be read straight into place (no conversion, no overlap, no
 * partial frame pending): then gfp_framer_direct() counts nframes that the
 * caller wrote itself. */
int gfp_framer_can_direct(const gfp_framer *fr);
void gfp_framer_direct(gfp_framer *fr, size_t nframes);

/* ---- plans and engines ------------------------------------------------- */

typedef enum gfp_kind { GFP_C2C, GFP_R2C, GFP_C2R } gfp_kind;

/* What to do with each output bin after the transform. The GPU engine fuses
 * these into its kernels; the CPU engine runs them as loops. */
typedef enum gfp_post {
    GFP_POST_NONE,   /* complex bins (or real samples for C2R) */
    GFP_POST_MAG,    /* |X| */
    GFP_POST_POWER,  /* |X|^2 */
    GFP_POST_DB,     /* 10 log10(max(|X|^2, 1e-30)) */
    GFP_POST_PHASE   /* atan2(im, re) */
} gfp_post;

#define GFP_DB_FLOOR_POWER 1e-30
#define GFP_DB_FLOOR_MAG 1e-15  /* its square root */

/* Which FFT algorithm a plan runs (--algorithm). AUTO: the engine's own
 * choice. The others are the seed papers' GPU algorithms, for powers of
 * two and C2C only, run by the gpu engine alone: the cufft engine ignores
 * the field, and the stages refuse them with --engine cpu (the CPU engine
 * is FFTW whatever this says). Same values as gfp_gpu_algorithm in
 * kernels/gfp_gpu.h. */
typedef enum gfp_algorithm {
    GFP_ALG_AUTO = 0,
    GFP_ALG_CT_R2,        /* radix-2 Cooley-Tukey, __brev permutation (004) */
    GFP_ALG_CT_R4,        /* radix-4 Cooley-Tukey in place (000) */
    GFP_ALG_STOCKHAM_R2,  /* fixed-radix Stockham (000, 004) */
    GFP_ALG_STOCKHAM_R4,
    GFP_ALG_STOCKHAM_R8,
    GFP_ALG_STOCKHAM_R16,
    GFP_ALG_PEASE,        /* Pease constant geometry (002) */
    GFP_ALG_COUNT
} gfp_algorithm;

/* "auto", "ct-r2", "ct-r4", "stockham-r2" .. "stockham-r16", "pease";
 * NULL out of range. */
static inline const char *gfp_algorithm_name(int a)
{
    static const char *const names[GFP_ALG_COUNT] = {
        "auto", "ct-r2", "ct-r4", "stockham-r2", "stockham-r4",
        "stockham-r8", "stockham-r16", "pease"};
    return a >= 0 && a < GFP_ALG_COUNT ? names[a] : NULL;
}

/* Spectrogram pooling that an engine fuses after window -> R2C -> power
 * (f32): only the gpu engine takes it, and the spectrogram stage asks for
 * it only there. Row r of a column pools bins lo[r] .. hi[r] (max, or
 * with mean their mean), or interpolates at bin pos[r] when lo[r] >
 * hi[r]; frame t (counted from 0 over the plan's life, in submission
 * order) belongs to bucket min(t * buckets / frames, buckets - 1). A
 * batch then yields, instead of its power frames, one column of `rows`
 * floats per bucket its frames touch, in order: the max over those frames,
 * or their sum with mean. At most one column per frame: rows <= n/2 + 1
 * keeps it within the batch's output buffer. */
typedef struct gfp_pool_desc {
    size_t rows;
    const int32_t *lo, *hi;
    const double *pos;
    int mean;
    uint64_t frames, buckets;
} gfp_pool_desc;

/* An immutable description of one batched transform. Input frames are
 * contiguous (idist = n items, or n/2+1 complex for C2R); outputs too
 * (odist = n complex for C2C, n/2+1 for R2C, n reals for C2R; one real per
 * bin with a post-op). */
typedef struct gfp_plan_desc {
    size_t n;
    size_t batch;        /* most frames per execute */
    gfp_kind kind;
    int inverse;         /* 0 forward (e^-i), 1 inverse (e^+i) */
    int dbl;             /* 0 f32, 1 f64 */
    double scale;        /* multiplies every output bin before the post-op */
    const double *window;/* n values or NULL; copied by the engine */
    gfp_post post;
    gfp_algorithm algorithm; /* AUTO (0) unless --algorithm names one */
    const struct gfp_pool_desc *pool; /* NULL, or spectrogram pooling */
    /* 0: frames are contiguous, as above. Else (R2C only, 1 <= in_hop <=
     * n): the input of a batch of nframes is one span of samples, frame f
     * being items f*in_hop .. f*in_hop+n-1 of it, (nframes-1)*in_hop + n
     * items in all; the engine cuts the frames itself (the gpu engine on
     * the device, so the samples cross PCIe once, not n/in_hop times).
     * An engine that cannot refuses the plan with GFP_ENOTSUP. */
    size_t in_hop;
    /* Fused fast convolution (convolve): with filter set, a plan of kind
     * R2C (real frames) or C2C (complex), inverse 0, no window, post-op,
     * pool or algorithm, runs per frame forward FFT -> multiply bin by bin
     * by a filter spectrum -> inverse FFT -> times scale, and gives n
     * reals (R2C) or n complex (C2C) per frame: the circular convolution
     * of the frame with the filter (scale 1/n for the plain one). filter
     * holds nfilter spectra of n/2+1 (R2C) or n (C2C) interleaved complex
     * values in the plan's precision; frame f of a batch is multiplied by
     * spectrum f % nfilter. Copied at plan time (the gpu engine keeps it
     * on the device, so only frames cross PCIe). Unlike other plans, a
     * filter plan's submit leaves its input as it was (FFTW's out-of-place
     * r2c and c2c preserve it; the gpu engine only copies it): convolve
     * reads the overlap and the dry input back from it. */
    const void *filter;
    size_t nfilter;
    /* Filter plans only: the first out_skip items of every frame's output
     * are not wanted (overlap-save's wrapped part). out then holds the
     * last n - out_skip items of each frame, n - out_skip items apart, and
     * only those cross PCIe on the gpu engine. 0: all n. */
    size_t out_skip;
    int transposed;      /* a hint: the plan will run through submit_t,
                          * so engines prepare for it at plan time (their
                          * memory touched, not faulted in mid-run) */
    size_t t_bytes;      /* a hint with transposed: the bytes of the whole
                          * array submit_t writes into (fft2's H x Wc,
                          * tiled or not; 0: ld x bins of each call); the
                          * CPU engine streams its stores past the caches
                          * into arrays far larger than they are */
} gfp_plan_desc;

size_t gfp_plan_in_scalars(const gfp_plan_desc *d);  /* per frame */
size_t gfp_plan_out_scalars(const gfp_plan_desc *d); /* per frame */

typedef struct gfp_engine_opts {
    int threads;          /* FFTW threads; 0 = 1 */
    const char *wisdom;   /* FFTW wisdom file or NULL */
    int device;           /* GPU ordinal */
    int verbose;
    int quick_plans;      /* FFTW_ESTIMATE instead of FFTW_MEASURE (tests) */
    int measure_plans;    /* FFTW_MEASURE without a wisdom file too (bench:
                           * it times the plans a long run would use) */
    int quiet_notes;      /* -q: no fallback note */
    size_t gpu_mem;       /* --gpu-mem: device bytes a plan's buffers may
                           * take (0: no cap); gpu and hybrid engines */
    int ratio_set;        /* hybrid: --ratio given: the GPU's fraction of */
    double ratio;         /* every batch; else the performance model's */
    int gpu_block_sync;   /* gpu: waits sleep instead of spinning on a core
                           * (the hybrid's GPU only with GFP_HYB_SLEEP=1:
                           * gfp_hybrid_block_sync) */
} gfp_engine_opts;

typedef struct gfp_engine gfp_engine;
typedef struct gfp_plan gfp_plan;

/* A batch of 2D transforms (bench --2d): count row-major matrices of h
 * rows of w values, contiguous. In and out as the 1D kinds per row:
 * C2C h*w complex -> h*w complex, R2C h*w reals -> h*(w/2+1) complex,
 * C2R h*(w/2+1) complex -> h*w reals. */
typedef struct gfp_2d_desc {
    size_t w, h, count;
    gfp_kind kind;
    int inverse, dbl;
    double scale;
} gfp_2d_desc;

/* Scalars (reals) of one matrix's input and output. */
size_t gfp_2d_in_scalars(const gfp_2d_desc *d);
size_t gfp_2d_out_scalars(const gfp_2d_desc *d);

/* The one seam between CPU and GPU. submit() may return before the work is
 * done; wait() on the same slot returns when out is complete. A slot is one
 * in-flight batch: engines keep per-slot resources (streams, device
 * buffers). Host buffers come from alloc_host so a GPU engine can pin them.
 * submit() may overwrite its input (as FFTW's c2r does). */
/* A pass's input stored in tiles: each of `frames` frames of n complex
 * values is cut into pieces of `tile` values (the last piece of each
 * frame shorter when tile does not divide n); tile t holds piece t of
 * every frame, frame after frame, h = min(tile, n - t tile) values each:
 * value t tile + j of frame c is complex value t tile frames + c h + j.
 * fft2's row pass writes its transposed output so, one GPU batch of rows
 * a tile, so that each batch's copy back is one contiguous run; the
 * column pass reads nframes frames from `first` on, a run of nframes h
 * values a tile. */
typedef struct gfp_tiles {
    size_t tile, frames, first;
} gfp_tiles;

typedef struct gfp_engine_ops {
    const char *name;
    gfp_status (*open)(const gfp_engine_opts *o, void **state, gfp_error *err);
    void (*close)(void *state);
    gfp_status (*plan)(void *state, const gfp_plan_desc *d, int nslots,
                       void **plan, gfp_error *err);
    void (*plan_destroy)(void *state, void *plan);
    gfp_status (*submit)(void *state, void *plan, int slot, const void *in,
                         void *out, size_t nframes, gfp_error *err);
    gfp_status (*wait)(void *state, void *plan, int slot, gfp_error *err);
    void *(*alloc_host)(void *state, size_t bytes);
    void (*free_host)(void *state, void *p);
    /* For bench: median milliseconds of one transform of nframes (<= the
     * plan's batch) on random data resident where the engine computes
     * (device memory for GPU engines), after warm-up runs. */
    gfp_status (*time_batch)(void *state, void *plan, size_t nframes,
                             int warmup, int reps, double *ms,
                             gfp_error *err);
    /* Optional (NULL: time_batch only), time_batch in two halves so that
     * bench can interleave the runs of several plans rep by rep (the
     * ratio of two engines then compares runs taken under the same
     * conditions): bench_fill puts random input for nframes where the
     * engine computes, bench_run times one transform of it. */
    gfp_status (*bench_fill)(void *state, void *plan, size_t nframes,
                             gfp_error *err);
    gfp_status (*bench_run)(void *state, void *plan, size_t nframes,
                            double *ms, gfp_error *err);
    /* Optional (NULL: not offered): as submit, but the output lands
     * transposed in a larger array, for the row-column 2D FFT: bin c of
     * frame f at complex value c * ld + col0 + f of out. C2C and R2C
     * plans without post-op or pooling (GFP_ENOTSUP otherwise). The CPU
     * engine transposes on the CPU, the GPU engines on the device before
     * one strided copy back; they offer it as submit_tg without tiles. */
    gfp_status (*submit_t)(void *state, void *plan, int slot, const void *in,
                           void *out, size_t nframes, size_t ld, size_t col0,
                           gfp_error *err);
    /* Optional (NULL: not offered): submit_t with fft2's tiled arrays; an
     * engine that offers it needs no submit_t (gfp_plan_submit_t calls it
     * without tiles)
     * (gfp_tiles). tin (NULL: plain): the input of a C2C plan is stored
     * in tiles and gathered on the way in: the GPU engines copy each
     * tile's run of the batch (nframes x the tile's height, contiguous in
     * the tile) and reorder on the device, the CPU engine gathers a block
     * at a time in its workers' caches. tout (0: plain): the output array
     * of ld frames is stored in tiles of tout frames: frame f's bin c at
     * complex value t0 L + c h + f - t0 of out, t0 = f / tout x tout, h =
     * min(tout, ld - t0), L the bins of a frame; a batch that fills a
     * tile copies back as one run. */
    gfp_status (*submit_tg)(void *state, void *plan, int slot,
                            const void *in, const gfp_tiles *tin, void *out,
                            size_t tout, size_t nframes, size_t ld,
                            size_t col0, gfp_error *err);
    /* Optional (NULL: not offered), for bench --2d: plans the 2D transform
     * of d, times it on random data resident where the engine computes
     * (median milliseconds of the whole batch of d->count matrices over
     * reps runs after warmup), then runs the same plan once with h_in (one
     * matrix, host memory) as the first matrix and copies the first
     * matrix's output to h_out. *passes gets the passes over memory the
     * engine's own 2D path makes (0: not known). */
    gfp_status (*time_2d)(void *state, const gfp_2d_desc *d, int warmup,
                          int reps, const void *h_in, void *h_out, double *ms,
                          int *passes, gfp_error *err);
    /* Optional (NULL: not offered): a whole 2D transform on the device,
     * for fft2 when the array fits. plan_2d makes the plan and its device
     * buffers for d (one matrix; GFP_ENOTSUP: no such plan, GFP_ENOMEM:
     * it does not fit the device or --gpu-mem, and the caller takes the
     * row-column passes instead); exec_2d copies h_in to the device, runs
     * the transform and copies the result to h_out (which may be h_in),
     * and returns when it is there. */
    gfp_status (*plan_2d)(void *state, const gfp_2d_desc *d, void **impl,
                          gfp_error *err);
    gfp_status (*exec_2d)(void *state, void *impl, const void *h_in,
                          void *h_out, gfp_error *err);
    void (*plan_2d_destroy)(void *state, void *impl);
    /* Optional (NULL: not offered), for calibrate: the median seconds
     * (reps runs after one warm-up) of the copies alone of a pass as a
     * GPU engine's submit_t makes them, no kernels: frames frames of fb
     * bytes from h_in in batches of nf, nslots in flight (a stream each),
     * each batch copied in whole and copied back as rows rows of nf x ce
     * bytes into its columns of h_out, pitch bytes apart (pitch >= frames
     * x ce; h_out holds rows x pitch bytes), or, pitch 0, as one run of
     * rows x nf x ce bytes at the batch's place in h_out (a tile of
     * fft2's intermediate array; h_out holds frames x rows x ce bytes).
     * h_in from alloc_host, frames x fb bytes; h_out from alloc_host. */
    gfp_status (*time_copies)(void *state, const void *h_in, void *h_out,
                              size_t frames, size_t fb, size_t rows,
                              size_t ce, size_t nf, size_t pitch,
                              int nslots, int reps, double *secs,
                              gfp_error *err);
} gfp_engine_ops;

struct gfp_engine {
    const gfp_engine_ops *ops;
    void *state;
    const char *name;
};

struct gfp_plan {
    gfp_engine *engine;
    void *impl;
    gfp_plan_desc desc;
    int nslots;     /* batches that may be in flight at once */
    double *window; /* owned copy */
};

extern const gfp_engine_ops gfp_engine_fftw;
#ifdef GFP_HAVE_CUDA
extern const gfp_engine_ops gfp_engine_gpu;
extern const gfp_engine_ops gfp_engine_cufft;
#endif

/* The hybrid engine (engine_hybrid.c): every batch split, the first
 * 1 - r of its frames to a CPU engine (synchronously, in submit) and the
 * rest to a GPU engine (asynchronously), so both compute at once. Takes
 * ownership of cpu and gpu (closed on failure too). `gpu` may be any
 * engine: the tests stand the CPU engine in for it. Without
 * o->ratio_set the performance model (model.h) picks r per plan, from the
 * model file or, without one, default coefficients with one note (unless
 * quiet). */
gfp_status gfp_hybrid_wrap(gfp_engine *cpu, gfp_engine *gpu,
                           const gfp_engine_opts *o, const char *who,
                           gfp_engine **out, gfp_error *err) GFP_WUR;
/* The GPU fraction that plans made from now on use (0..1; < 0: back to
 * the model's per-plan choice). -1 when e is not a hybrid engine. */
int gfp_hybrid_set_ratio(gfp_engine *e, double r);
/* The model a hybrid engine loaded (NULL for other engines), and whether
 * it came from a model file (else the default coefficients). */
const struct gfp_model *gfp_hybrid_model(const gfp_engine *e, int *from_file);
/* What a hybrid engine's batches took since it opened (-v): the CPU's
 * parts (computed in submit, transposes included), enqueuing the GPU's
 * parts, and waiting for them after the CPU's part was done (wait). With
 * the two parts overlapping, the run takes about cpu_s + gpu_submit_s +
 * gpu_wait_s, and gpu_wait_s is what the GPU's part outlasted the CPU's. */
typedef struct gfp_hybrid_stats {
    size_t batches, cpu_frames, gpu_frames;
    double cpu_s, gpu_submit_s, gpu_wait_s;
    /* fft2's split passes (fft2.h), which run the two engines apart: the
     * GPU part's own time, and the time waited after it for the CPU's
     * part (cpu_s and the frames count these passes too) */
    double gpu_s, join_s;
    size_t passes;
    /* set by the caller: print each split pass's two parts as it ends
     * (fft2 -vv), to see which pass a slow run spent its time in */
    int trace;
} gfp_hybrid_stats;
/* A hybrid engine's two engines (fft2's split passes); -1 for others. */
int gfp_hybrid_parts(const gfp_engine *e, gfp_engine **cpu,
                     gfp_engine **gpu);
/* -1 (and zeros) when e is not a hybrid engine. */
int gfp_hybrid_get_stats(const gfp_engine *e, gfp_hybrid_stats *out);
/* The fraction of every batch that goes to a GPU: 1 for gpu and cufft, 0
 * for cpu, the ratio set for hybrid (-1 when the model picks per plan). */
double gfp_engine_gpu_fraction(const gfp_engine *e);

/* name: "auto", "cpu", "gpu", "cufft", "hybrid". With "auto" a missing GPU
 * falls back to the CPU with one note on stderr (prog/stage name the
 * note), and so does "hybrid". Fails with GFP_EDEVICE when a demanded GPU
 * (gpu, cufft) is unusable. */
gfp_status gfp_engine_open(const char *name, const gfp_engine_opts *o,
                           const char *who, gfp_engine **out,
                           gfp_error *err) GFP_WUR;
void gfp_engine_close(gfp_engine *e);
gfp_status gfp_plan_create(gfp_engine *e, const gfp_plan_desc *d, int nslots,
                           gfp_plan **out, gfp_error *err) GFP_WUR;
void gfp_plan_destroy(gfp_plan *p);
gfp_status gfp_plan_submit(gfp_plan *p, int slot, const void *in, void *out,
                           size_t nframes, gfp_error *err) GFP_WUR;
gfp_status gfp_plan_wait(gfp_plan *p, int slot, gfp_error *err) GFP_WUR;
/* Whether e's plans take gfp_plan_submit_t: the engine transposes a
 * batch's output itself (submit_tg or submit_t: the GPU engines on the
 * device, the CPU engine in its workers' caches, the hybrid engine each
 * part where it ran). fft2's transposed passes stage and transpose on the
 * host otherwise. */
int gfp_engine_transposes(const gfp_engine *e);

/* Whether the hybrid engine's GPU part (and calibrate's) waits by sleeping
 * (1: GFP_HYB_SLEEP=1, for A/B) or spinning on a core (0, the default).
 * fft2's split passes wait for each GPU batch while FFTW's threads hold
 * the cores: a sleeping wait's wake-up then waits for a core, and the GPU
 * idles meanwhile (bench/NOTES.md, stop 25: the GPU part 1.3-1.4x slower
 * a frame sleeping than spinning at 8192^2). */
int gfp_hybrid_block_sync(void);
/* --threads for the hybrid engine when not given: the threads its model
 * file was calibrated with (its CPU coefficients hold for those), else
 * every CPU online (at most 1024). */
int gfp_hybrid_default_threads(void);
/* The CPUs online, 1 to 1024 (calibrate's default --threads). */
int gfp_online_cpus(void);

/* submit_t of the plan's engine (see gfp_engine_ops), or its submit_tg
 * without tiles; GFP_ENOTSUP when the engine has neither
 * (gfp_engine_transposes). */
gfp_status gfp_plan_submit_t(gfp_plan *p, int slot, const void *in, void *out,
                             size_t nframes, size_t ld, size_t col0,
                             gfp_error *err) GFP_WUR;
/* submit_tg of the plan's engine; GFP_ENOTSUP when it has none. Without
 * tiles (tin NULL, tout 0) it is gfp_plan_submit_t. */
gfp_status gfp_plan_submit_tg(gfp_plan *p, int slot, const void *in,
                              const gfp_tiles *tin, void *out, size_t tout,
                              size_t nframes, size_t ld, size_t col0,
                              gfp_error *err) GFP_WUR;
/* The piece of a batch that lands in one tile of a tiled output (submit_tg's
 * tout: tiles of tout of the output's ld frames; 0: no tiles, one piece):
 * from frame f on, at most n frames; *t0 gets the tile's first frame, *h
 * its width (the tile is L rows of h values at complex value t0 L). Returns
 * the frames of the piece. */
size_t gfp_tiles_piece(size_t tout, size_t ld, size_t f, size_t n,
                       size_t *t0, size_t *h);
/* Frames first .. first + k - 1 of a tiled array (gfp_tiles; frames of n
 * complex values, double when dbl) into dst, frame after frame, n values
 * each: a tile's run of the k frames at a time. */
void gfp_tiles_gather(int dbl, const void *in, const gfp_tiles *t, size_t n,
                      size_t first, size_t k, void *dst);
/* rows x cols complex values (double when dbl, else float) at s into
 * columns col0 .. col0 + rows - 1 of d, an array of cols rows of ld
 * values: d[c * ld + col0 + r] = s[r * cols + c]; in cache-sized tiles,
 * on up to `threads` threads (one for small blocks). */
void gfp_transpose_block(int dbl, const void *s, void *d, size_t rows,
                         size_t cols, size_t ld, size_t col0, int threads);
/* The same on a worker set (below): no threads made per call, so thin
 * blocks (a hybrid engine's CPU part of every batch) run threaded too. */
typedef struct gfp_workers gfp_workers;
void gfp_transpose_block_w(int dbl, const void *s, void *d, size_t rows,
                           size_t cols, size_t ld, size_t col0,
                           gfp_workers *w);

/* A fixed set of threads (the caller counts as one of them) that runs one
 * parallel loop at a time: gfp_workers_run calls fn(arg, part, nparts)
 * for every part 0 .. nparts - 1 (nparts = the set's threads), part 0 on
 * the calling thread, and returns when all are done. While one loop
 * runs, a second caller runs its own on its thread alone (fn(arg, 0, 1)).
 * threads <= 1 makes no thread. */
gfp_status gfp_workers_create(int threads, gfp_workers **out,
                              gfp_error *err) GFP_WUR;
void gfp_workers_destroy(gfp_workers *w);
int gfp_workers_count(const gfp_workers *w);
void gfp_workers_run(gfp_workers *w, void (*fn)(void *arg, int part,
                                                 int nparts), void *arg);

/* Synchronous convenience: submit on slot 0 and wait. */
gfp_status gfp_plan_execute(gfp_plan *p, const void *in, void *out,
                            size_t nframes, gfp_error *err) GFP_WUR;

/* Median of n doubles (sorts them). */
double gfp_median(double *v, size_t n);
/* xorshift64*: deterministic pseudo-random numbers for tests and bench. */
uint64_t gfp_rand_next(uint64_t *state);
/* Uniform in [-1, 1). */
double gfp_rand_sym(uint64_t *state);
/* n values uniform in [-1, 1), as doubles (dbl) or floats. */
void gfp_rand_fill(void *dst, size_t n, int dbl, uint64_t *state);

/* Element-wise post-ops, shared by engines that do not fuse them. */
void gfp_post_apply_f32(gfp_post post, const float *cplx, size_t nbins,
                        float *out);
void gfp_post_apply_f64(gfp_post post, const double *cplx, size_t nbins,
                        double *out);

/* ---- sources and sinks ------------------------------------------------- */

typedef struct gfp_source gfp_source;
struct gfp_source {
    int fd;
    int owns_fd;
    const char *path;      /* "-" for stdin */
    int64_t size;          /* bytes when known, else -1 */
    uint64_t bytes_read;
    int eof;
    /* Decoded sources (libsndfile, ...) set these and deliver items in
     * `fmt`; raw sources leave them NULL and the stage names the format. */
    gfp_status (*read_fn)(gfp_source *src, void *buf, size_t len,
                          size_t *got, gfp_error *err);
    void (*close_fn)(gfp_source *src);
    void *impl;
    gfp_format fmt;        /* of a decoded source */
    double rate;           /* sample rate when known, else 0 */
    int channels;          /* of the decoded stream, else 0 */
    /* Optional, for a seekable source of known length delivering one
     * channel of native f32 (read_fn's items): reads nitems items from
     * item offset `at` into dst, independently of read_fn and of other
     * lanes, so that `lanes` threads may call it at once, each with its
     * own lane (0 .. lanes-1). Items past the end read as zeros. */
    gfp_status (*read_at_fn)(gfp_source *src, int lane, uint64_t at,
                             float *dst, size_t nitems, gfp_error *err);
    int lanes;             /* read_at_fn's lanes; 0 without it */
    uint64_t items;        /* items in all, with read_at_fn */
    struct gfp_workers *readers; /* a raw file's parallel reads (io_raw.c) */
};

/* Opens a raw byte source; path NULL or "-" is stdin. An empty named file
 * is an error; an empty stdin is an empty stream. */
gfp_status gfp_source_open(const char *path, gfp_source *src,
                           gfp_error *err) GFP_WUR;
/* Reads up to len bytes, looping over short reads until len or EOF. */
gfp_status gfp_source_read(gfp_source *src, void *buf, size_t len,
                           size_t *got, gfp_error *err) GFP_WUR;
void gfp_source_close(gfp_source *src);

typedef struct gfp_sink {
    int fd;
    const char *path;      /* "-" for stdout */
    char *tmp_path;        /* temporary beside path, renamed at commit */
    uint64_t bytes_written;
} gfp_sink;

/* Opens a byte sink. A named file is written to a temporary beside it and
 * renamed by gfp_sink_commit; an output path naming the input is refused. */
gfp_status gfp_sink_open(const char *path, const gfp_source *input,
                         gfp_sink *snk, gfp_error *err) GFP_WUR;
gfp_status gfp_sink_write(gfp_sink *snk, const void *buf, size_t len,
                          gfp_error *err) GFP_WUR;
gfp_status gfp_sink_commit(gfp_sink *snk, gfp_error *err) GFP_WUR;
/* Removes the temporary (failed run). Safe after commit. */
void gfp_sink_abort(gfp_sink *snk);

/* ---- decoded audio, PNG images, .npy matrices --------------------------- */

/* A source decoded by libsndfile (io_sndfile.c): a path, or stdin ("-")
 * through its virtual I/O (formats that need no seeking back past the
 * header). Delivers native f32 items: one channel (src->channels 1), or with
 * stack every channel pre-framed: for each frame start, n items of channel
 * 0, then n of channel 1, ... (src->channels = the file's count; frame this
 * with hop n). src->rate is set; src->size is the delivered bytes when the
 * length is known. */
typedef struct gfp_sndfile_opts {
    int channel;        /* -1: the mean of all channels; else 0-based */
    int stack;
    size_t n, hop;      /* the frame, for stack */
    int interleaved;    /* all channels, frames as in the file (channel
                           ignored; not with stack): src->channels floats
                           a frame, read straight into the caller's
                           buffer */
    int shorts;         /* with interleaved: a 16-bit PCM file comes as
                           its shorts (src->fmt s16; x / 32768 is what
                           libsndfile's floats would be), read without a
                           conversion pass */
    const char *who;    /* names warnings */
    int lanes;          /* > 0: offer read_at_fn with this many lanes when
                           the file allows it (seekable, known length, an
                           uncompressed or FLAC encoding, not stack) */
    double open_cpu_s;  /* CPU seconds libsndfile may spend in sf_open
                           before the run ends with exit 2 (a header it
                           loops on); 0: GFP_SNDFILE_OPEN_CPU_S */
    int no_header_guard; /* tests: skip the WAV LIST/INFO pre-check, so
                            the watchdog above is what ends the loop */
} gfp_sndfile_opts;
#define GFP_SNDFILE_OPEN_CPU_S 5.0
gfp_status gfp_sndfile_open(const char *path, const gfp_sndfile_opts *o,
                            gfp_source *src, gfp_error *err) GFP_WUR;
/* Sample frames in the file, or -1 when unknown (stdin). */
int64_t gfp_sndfile_frames(const gfp_source *src);
int gfp_sndfile_file_channels(const gfp_source *src);
/* libsndfile's SF_INFO.format of the file (major and subtype), or 0. */
int gfp_sndfile_file_format(const gfp_source *src);
/* A whole audio file in memory (convolve's response), frames interleaved,
 * as doubles; free(data). */
typedef struct gfp_audio {
    double *data;
    size_t frames;
    int channels, rate, format; /* format: libsndfile's SF_INFO.format */
} gfp_audio;
/* Reads all of path with gfp_sndfile_open's checks and warning (messages
 * name it as what'path', e.g. what = "response "), at most max_frames
 * frames, memory growing with what is read. *is_audio = 0 and GFP_OK, with
 * nothing read, when libsndfile cannot open the file and neither its name
 * nor its first bytes say audio: the caller may read it as raw samples. */
gfp_status gfp_sndfile_load(const char *path, const char *what,
                            const char *who, uint64_t max_frames,
                            gfp_audio *a, int *is_audio,
                            gfp_error *err) GFP_WUR;

/* 8-bit RGB, rows top to bottom, through a sink (io_png.c). level: zlib
 * compression level 0..9. */
gfp_status gfp_png_write_rgb(gfp_sink *snk, const uint8_t *rgb, size_t width,
                             size_t height, int level,
                             gfp_error *err) GFP_WUR;
/* 8-bit palette image: one index byte per pixel, rows top to bottom;
 * palette: npal (1..256) entries of r, g, b. Deflated on up to `threads`
 * threads (run-length matching; io_png.c). */
gfp_status gfp_png_write_indexed(gfp_sink *snk, const uint8_t *idx,
                                 size_t width, size_t height,
                                 const uint8_t *palette, int npal, int level,
                                 int threads, gfp_error *err) GFP_WUR;
/* The header of a .npy (v1.0) holding a float32 matrix of rows x cols in
 * C order, in the host's byte order; the caller writes the values next
 * (io_npy.c). */
gfp_status gfp_npy_write_header_f32(gfp_sink *snk, size_t rows, size_t cols,
                                    gfp_error *err) GFP_WUR;
/* The header of a .npy (v1.0) of any format f (complex: c8/c16) and shape
 * (1 to 4 dimensions, C order); the caller writes the values next. */
gfp_status gfp_npy_write_header(gfp_sink *snk, const gfp_format *f,
                                int ndim, const size_t *shape,
                                gfp_error *err) GFP_WUR;
/* A .npy held in memory: float32/float64/complex64/complex128 in C order. */
typedef struct gfp_npy_info {
    gfp_format fmt;
    int ndim;              /* 0 to 4; shape[i] for i < ndim */
    size_t shape[4];
    size_t count;          /* values: the product of the shape */
    size_t data_offset;    /* bytes before the first value */
} gfp_npy_info;
gfp_status gfp_npy_parse(const void *data, size_t len, gfp_npy_info *out,
                         gfp_error *err) GFP_WUR;

/* A PNG decoded from memory (io_png_read.c): every colour type and bit
 * depth as 8- or 16-bit gray, gray+alpha, RGB or RGBA; rows top to bottom,
 * 16-bit samples in the host's byte order. Sides over GFP_PNG_MAX_SIDE or
 * more than GFP_PNG_MAX_PIXELS pixels are refused before any pixel memory
 * is allocated. */
#define GFP_PNG_MAX_SIDE ((size_t)1 << 24)
#define GFP_PNG_MAX_PIXELS ((size_t)1 << 28)
typedef struct gfp_image {
    size_t width, height;
    int channels;          /* 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA */
    int depth;             /* 8 or 16 */
    void *pixels;          /* uint8_t or uint16_t, width*channels per row */
} gfp_image;
gfp_status gfp_png_read(const void *data, size_t len, gfp_image *img,
                        gfp_error *err) GFP_WUR;
void gfp_image_free(gfp_image *img);
/* An image of any of those layouts (16-bit samples in the host's byte
 * order), rows top to bottom, through a sink (io_png.c); level: zlib
 * compression level 0..9 (0-1: run-length matching, the fastest). */
gfp_status gfp_png_write_image(gfp_sink *snk, const gfp_image *im, int level,
                               gfp_error *err) GFP_WUR;

/* ---- progress ---------------------------------------------------------- */

typedef struct gfp_progress {
    int enabled;
    int64_t total;
    double t0, last;
    const char *who;
} gfp_progress;

void gfp_progress_init(gfp_progress *p, int enabled, int64_t total,
                       const char *who);
void gfp_progress_update(gfp_progress *p, uint64_t done);
void gfp_progress_end(gfp_progress *p);
double gfp_now(void);
/* GFP_TRACE=1: "trace <ms> <what>" on stderr (the first call sets 0) */
void gfp_trace(const char *what);

/* ---- common options and messages --------------------------------------- */

typedef struct gfp_common {
    const char *engine;   /* auto|cpu|gpu|cufft|hybrid */
    int threads;
    const char *wisdom;
    int device;
    int verbose;
    int quiet;
    int dbl;              /* --precision f64 */
    gfp_tail tail;
    int help;             /* -h: print usage, exit 0 */
    size_t gpu_mem;       /* --gpu-mem of the stages that take it; 0 none */
    int ratio_set;        /* --ratio R given (hybrid), in ratio */
    double ratio;
} gfp_common;

void gfp_msg(const char *who, const char *fmt, ...) GFP_PRINTF(2, 3);
/* Ends the process at once with status (from any thread): the hook main()
 * sets removes the run's temporary output first; without one, _exit. */
void gfp_set_fatal_hook(void (*hook)(int status));
void gfp_fatal_exit(int status) __attribute__((noreturn));

/* Codes of the options every transform stage shares (getopt_long values). */
enum {
    GFP_OPT_ENGINE = 1000, GFP_OPT_THREADS, GFP_OPT_WISDOM, GFP_OPT_DEVICE,
    GFP_OPT_PRECISION, GFP_OPT_TAIL, GFP_OPT_HELP
};
#define GFP_COMMON_LONGOPTS                                         \
    {"engine", 1, 0, GFP_OPT_ENGINE}, {"threads", 1, 0, GFP_OPT_THREADS}, \
    {"wisdom", 1, 0, GFP_OPT_WISDOM}, {"device", 1, 0, GFP_OPT_DEVICE},   \
    {"precision", 1, 0, GFP_OPT_PRECISION}, {"tail", 1, 0, GFP_OPT_TAIL},  \
    {"verbose", 0, 0, 'v'}, {"quiet", 0, 0, 'q'}, {"help", 0, 0, 'h'}
#define GFP_COMMON_SHORTOPTS "vqh"

void gfp_common_defaults(gfp_common *c);
/* Handles an option every stage shares, -h and getopt's '?' (unknown
 * option or missing argument) included: GFP_EINVAL with a message when it
 * is bad. After the getopt loop a stage returns at once if c->help. */
gfp_status gfp_common_opt(gfp_common *c, int code, const char *arg,
                          char **argv, gfp_error *err) GFP_WUR;
void gfp_common_usage(FILE *out);
/* Parses a positive integer option with size suffixes, in [lo, hi]. */
gfp_status gfp_opt_size(const char *name, const char *arg, uint64_t lo,
                        uint64_t hi, size_t *out, gfp_error *err) GFP_WUR;
/* Parses a finite decimal number option in [lo, hi]. */
gfp_status gfp_opt_double(const char *name, const char *arg, double lo,
                          double hi, double *out, gfp_error *err) GFP_WUR;
/* Parses WIDTHxHEIGHT (each with size suffixes), sides 1 .. max_side and
 * at most max_values in all. */
gfp_status gfp_opt_wxh(const char *name, const char *arg, uint64_t max_side,
                       uint64_t max_values, size_t *w, size_t *h,
                       gfp_error *err) GFP_WUR;
/* Picks arg out of names[0 .. n-1] (NULL or "" entries never match);
 * a usage error listing the choices otherwise. */
gfp_status gfp_opt_choice(const char *name, const char *arg,
                          const char *const *names, int n, int *out,
                          gfp_error *err) GFP_WUR;
/* --algorithm NAME (gfp_algorithm_name's names): a usage error listing
 * them otherwise. */
static inline gfp_status gfp_algorithm_parse(const char *arg,
                                             gfp_algorithm *out,
                                             gfp_error *err)
{
    const char *names[GFP_ALG_COUNT];
    for (int i = 0; i < GFP_ALG_COUNT; i++)
        names[i] = gfp_algorithm_name(i);
    int i;
    if (gfp_opt_choice("algorithm", arg, names, GFP_ALG_COUNT, &i, err))
        return GFP_EINVAL;
    *out = (gfp_algorithm)i;
    return GFP_OK;
}
/* A stage's --algorithm after its options are read: a seed algorithm is a
 * complex-to-complex GPU kernel, so it is a usage error with real input or
 * output (complex_io 0) or with --engine cpu/cufft, and it turns --engine
 * auto into gpu: no CPU fallback, exit 3 without a GPU. */
static inline gfp_status gfp_algorithm_check(gfp_algorithm a, int complex_io,
                                             gfp_common *c, gfp_error *err)
{
    if (a == GFP_ALG_AUTO)
        return GFP_OK;
    if (!complex_io)
        return gfp_fail(err, GFP_EINVAL, "--algorithm %s does complex-to-"
                        "complex transforms only: it takes complex input "
                        "and gives complex output", gfp_algorithm_name(a));
    if (c->engine && strcmp(c->engine, "auto") && strcmp(c->engine, "gpu"))
        return gfp_fail(err, GFP_EINVAL, "--algorithm %s runs on the GPU "
                        "engine only, not --engine %s",
                        gfp_algorithm_name(a), c->engine);
    c->engine = "gpu";
    return GFP_OK;
}
/* Takes up to two positional arguments as INPUT and OUTPUT ("-" default). */
gfp_status gfp_opt_positional(int argc, char **argv, int optind_,
                              const char **in, const char **out,
                              gfp_error *err) GFP_WUR;

/* ---- stages and the pipeline -------------------------------------------- */

/* What a stage's start() tells the framework: how to frame the input and
 * which transform to run on every frame. */
typedef struct gfp_stage_setup {
    gfp_format in_fmt;
    size_t frame_items;   /* items per frame taken from the input */
    size_t hop;           /* items between frame starts */
    gfp_plan_desc plan;   /* batch is chosen by the pipeline */
} gfp_stage_setup;

/* The same handler shape for every subcommand (after SoX's effects). The
 * framework allocates priv_size bytes, zeroed, and frees them. */
typedef struct gfp_stage_handler {
    const char *name;
    const char *summary;
    size_t priv_size;
    void (*usage)(FILE *out);
    /* Parses argv; GFP_EINVAL is a usage error (exit 1). */
    gfp_status (*getopts)(void *priv, gfp_common *c, const char **in_path,
                          const char **out_path, int argc, char **argv,
                          gfp_error *err);
    /* Optional: opens INPUT itself (e.g. through libsndfile); NULL means
     * a raw byte source. */
    gfp_status (*open_source)(void *priv, const char *path, gfp_source *src,
                              gfp_error *err);
    /* Plans the run once the input is open (nothing of it read yet). */
    gfp_status (*start)(void *priv, const gfp_common *c,
                        const gfp_source *src, gfp_stage_setup *setup,
                        gfp_error *err);
    /* Consumes nframes transformed frames (layout from setup.plan). */
    gfp_status (*flow)(void *priv, const void *frames, size_t nframes,
                       gfp_sink *snk, gfp_error *err);
    gfp_status (*drain)(void *priv, gfp_sink *snk, gfp_error *err);
    /* Called once after the run; reports with -v. */
    void (*stop)(void *priv, const gfp_common *c);
    /* Optional: runs the stage in place of gfp_pipeline_run (a stage with
     * more than one transform per block, e.g. convolve). Called after
     * start() with the open engine, source and sink; it must create its
     * plans before reading any input (a refused plan, GFP_ENOTSUP, lets
     * --engine auto retry on the CPU). NULL: the pipeline runs. */
    gfp_status (*run)(void *priv, const gfp_common *c, gfp_engine *e,
                      gfp_source *src, gfp_sink *snk, gfp_error *err);
} gfp_stage_handler;

typedef struct gfp_run_stats {
    gfp_framer_stats framer;
    uint64_t batches;
    size_t batch_frames;
    int slots;
    int span_lanes;   /* 0: the host cut the frames; else the engine cut
                         them from spans that this many threads read */
} gfp_run_stats;

/* reader -> framer -> engine -> stage flow -> sink, on three threads with a
 * ring of nslots batch buffers: memory is bounded by the ring. */
gfp_status gfp_pipeline_run(const gfp_stage_handler *h, void *priv,
                            const gfp_common *c, const gfp_stage_setup *setup,
                            gfp_engine *e, gfp_source *src, gfp_sink *snk,
                            gfp_run_stats *stats, gfp_error *err) GFP_WUR;
/* -v's one line about a pipeline run: the engine (with `extra` after its
 * name, e.g. " (pooling on the device)"), the framer's counts, batches. */
void gfp_run_stats_note(const char *who, const char *engine,
                        const char *extra, const gfp_run_stats *stats);
/* Frames per batch for a frame size: about target_bytes of input and
 * output, at least 1. */
size_t gfp_pipeline_batch(const gfp_plan_desc *d, size_t target_bytes);

#endif
