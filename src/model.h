/* model.h - the hybrid engine's performance model (after seed 001, Ogata
 * et al.): the time of every step of a row-column 2D FFT as fitted linear
 * coefficients of its data size and, for FFTs, of its n log2 n work; a
 * direction's time is max(CPU part, GPU part); the two directions add up;
 * the GPU fraction r minimises the sum. Pure C: no engine, no device, so
 * the unit tests fit and solve synthetic cases. */
#ifndef GFP_MODEL_H
#define GFP_MODEL_H

#include "gfp.h"

/* The steps, each t = c[0] + c[1] * bytes + c[2] * work (seconds), work =
 * frames * n * log2(n), the CPU steps' c[0] counted once a batch of the
 * CPU's pass (GFP_MODEL_CPU_BATCH_BYTES). A step uses the features named
 * here (the others' coefficients stay 0):
 *   CPU_FFT    FFTW's batched 1D FFTs on --threads threads
 *                                                (batches, work)
 *   TRANSPOSE  the CPU's tiled transpose of its finished part
 *                                               (batches, bytes)
 *   GPU_COPY   host-device copies of a pass, both ways (the way back a
 *              strided copy of the part transposed on the device)
 *                                                       (1, bytes, runs)
 *   GPU_FFT    the GPU kernels of a pass                       (1, work)
 *   ALLOC      pinned host buffers (allocate + register)        (1, bytes)
 * bytes: what a step moves (input plus output for FFTs and copies; the
 * array for a transpose and for one allocation; calibrate fits both
 * against it). TRANSPOSE is what the CPU's pass with transposed stores
 * (fft2's) takes beyond its plain pass: with the CPU engine's blocked
 * submit_t the FFT and the transpose share one trip through host memory,
 * so calibrate fits the difference of the two passes, not a transpose
 * timed apart.
 *
 * GPU_COPY's third feature is not work but runs: the rows of the pass's
 * strided copies back, each a DMA of its own. fft2's column pass copies a
 * batch of nf frames back as H rows of nf complex values into the columns
 * of the W-wide result (gfp_model_copy_runs), a row of the array apart;
 * its row pass copies each batch back whole, into a tile of the
 * intermediate array (fft2.h), one run a batch. Out of core on the H100,
 * 8192^2's column pass copies back 1 KiB runs 64 KiB apart, 16384^2's
 * 512 B ones 128 KiB apart; such copies ran at 33-66 GB/s both ways
 * against 86-92 for whole ones (bench/NOTES.md, issue 7, hybrid model v3),
 * so calibrate's probe times runs that far apart (stop 26). The untiled
 * row pass of GFP_FFT2_TILE=0 (an A/B switch) is not priced.
 *
 * Model file version 2 (calibrate from v3 on): GPU_COPY is the copies
 * alone, timed in a pass of fft2's batches with no kernels over a host
 * array far larger than the profiling runs', and a GPU part takes
 * max(copies, kernels) (three batches in flight hide the kernels behind
 * the copies). Version 3 (stop 28 on) adds the columns' own beside
 * factors (gfp_model.beside_cols). Version 1 (gpu_overlap 0): GPU_COPY
 * is what a real pass took beyond its kernels, and the two add. */
typedef enum gfp_model_step {
    GFP_STEP_CPU_FFT, GFP_STEP_TRANSPOSE, GFP_STEP_GPU_COPY,
    GFP_STEP_GPU_FFT, GFP_STEP_ALLOC, GFP_STEP_COUNT
} gfp_model_step;

const char *gfp_model_step_name(int step);

typedef struct gfp_model {
    /* [precision: 0 f32, 1 f64][step][feature] */
    double c[2][GFP_STEP_COUNT][3];
    /* [precision][0: the CPU part, 1: the GPU part]: how many times longer
     * a part takes beside the other than alone (both draw on host memory:
     * FFTW's threads, the GPU's copies). A direction split between both
     * takes max(beside[0] x CPU part, beside[1] x GPU part). 1 when not
     * measured; calibrate times the two parts of a split pass alone and
     * at once (gfp_model_fit_beside). beside is the rows' pass's (its GPU
     * part copies back whole batches), beside_cols the columns' (its GPU
     * part copies back in runs, model.h: GPU_COPY); an unset beside_cols
     * (0: a version 1 or 2 file) is the rows'. */
    double beside[2][2];
    double beside_cols[2][2];
    int have_gpu;       /* GPU steps were measured */
    int gpu_overlap;    /* 1: a GPU part is max(copies, kernels), 0: the
                           sum (version 1 files, models made by hand) */
    int threads;        /* FFTW threads of the calibration run */
    char device[128];   /* the GPU's name, or "-" */
} gfp_model;

/* Least squares: coef (k values) minimising |X coef - y| over m rows of X
 * (row-major, m x k, k <= 4). Columns are scaled before the normal
 * equations are solved (pivoting Gaussian elimination). Returns -1 when
 * m < k or the columns are dependent. */
int gfp_lsq_fit(const double *X, const double *y, size_t m, int k,
                double *coef);

/* The same with the constant feature counted a batch: batches[i] (NULL:
 * 1) for each observation, for the CPU steps, whose constant is a
 * batch's (calibrate's shapes take one batch each at 128 MiB; more with
 * GFP_CPU_BATCH_MIB set lower). */
int gfp_model_fit_step_batched(gfp_model *m, int dbl, gfp_model_step step,
                               const double *batches, const double *bytes,
                               const double *work, const double *secs,
                               size_t nobs);
/* Fits one step of m (precision dbl) from m_obs observations of bytes,
 * work (runs for GPU_COPY) and seconds, with the features that step
 * uses. A GPU_COPY fit whose runs coefficient comes out negative (runs
 * that cost nothing, and noise) is refitted without it. -1: too few or
 * degenerate observations. */
int gfp_model_fit_step(gfp_model *m, int dbl, gfp_model_step step,
                       const double *bytes, const double *work,
                       const double *secs, size_t nobs);

/* Whether step's constant is a batch's (the CPU steps', above), not a
 * pass's: gfp_model_fit_shapes fits it so, calibrate -v says so. */
int gfp_model_step_per_batch(gfp_model_step step);
/* A profiling shape of calibrate (C2C, F frames of n, precision dbl) as
 * its steps are fitted: *bytes its input plus output, *array one
 * array's bytes, *work F n log2(n), *batches the CPU pass's batches
 * (gfp_model_cpu_batches). */
void gfp_model_shape_obs(size_t n, size_t F, int dbl, double *bytes,
                         double *array, double *work, double *batches);
/* Fits step (not GPU_COPY, whose observations are calibrate's copy
 * probe's) of m from nobs profiling shapes' gfp_model_shape_obs and
 * seconds, as calibrate fits them: transposes and allocations against
 * array (the array they make; fitted against input plus output, their
 * per-byte cost came out half of what gfp_model_step_time then charged
 * per array byte), the others against bytes; the CPU steps' constant a
 * batch's. -1 as gfp_model_fit_step. */
int gfp_model_fit_shapes(gfp_model *m, int dbl, gfp_model_step step,
                         const double *bytes, const double *array,
                         const double *work, const double *batches,
                         const double *secs, size_t nobs);

/* The beside factors of m (precision dbl; cols: the columns' pass's,
 * else the rows') from a split pass's parts timed alone and at once: the
 * ratios, within [1, GFP_MODEL_BESIDE_MAX] (a part timed faster beside
 * the other is noise: 1). -1, and m unchanged, when a time is not
 * positive. */
#define GFP_MODEL_BESIDE_MAX 4.0
int gfp_model_fit_beside(gfp_model *m, int dbl, int cols, double cpu_alone,
                         double cpu_both, double gpu_alone, double gpu_both);

/* One step's time (seconds, at least 0); bytes = work = 0 costs nothing
 * (a step that does not run has no fixed cost either). */
double gfp_model_step_time(const gfp_model *m, int dbl, gfp_model_step step,
                           double bytes, double work);

/* A 2D transform: the rows (H frames of W) then the columns (Wc frames of
 * H, C2C), each direction's FFTs split r to the GPU and 1 - r to the CPU,
 * each part of a finished batch transposed where it ran. */
typedef struct gfp_model_problem {
    size_t W, H;
    gfp_kind kind;      /* C2C or R2C (forward); C2R is priced as R2C */
    int dbl;
    size_t gpu_mem;     /* --gpu-mem (0: none): it caps the GPU's batches */
} gfp_model_problem;

/* The CPU engine's pass of fft2 runs in batches of about this much input
 * (gfp_model_cpu_batch), each FFTW's threads started and joined, so
 * the CPU steps' constant c0 is a batch's: a pass of 8192^2 cf32 takes 4
 * of them where calibrate's shapes take one. Fitted a pass instead, the
 * model priced the CPU alone at 8192^2 12-16 % fast and at 2 GiB arrays
 * 6-29 % fast on the machines of stop 26 (then with 32 MiB batches, 16 a
 * pass at 8192^2). 128 MiB, not 32: a batch is then at least 4 blocks a
 * worker on 16 threads at n 16384 (one at 32 MiB), so a worker that
 * shares its core with the hybrid's GPU thread leaves the others its
 * blocks; on an H200 machine the CPU alone ran 10-18 % faster, the
 * hybrid 10 % at 8192^2 and -7 to +9 % at 2 GiB arrays (bench/NOTES.md,
 * stop 27, call 1). GFP_CPU_BATCH_MIB=n sets it
 * (A/B runs; calibrate and fft2 both follow it). */
#define GFP_MODEL_CPU_BATCH_BYTES ((size_t)128 << 20)
/* k frames a batch over frames frames, a multiple of 4 when short of all
 * (so every batch but the last starts 16-byte aligned for FFTW's SIMD
 * plans), at least 1: the rounding of every batch rule here and in fft2. */
size_t gfp_model_round_batch(size_t k, size_t frames);
/* Frames a batch of the CPU's pass over frames frames of fb bytes (about
 * GFP_MODEL_CPU_BATCH_BYTES; fft2 batches by it), and the batches of that
 * pass. */
size_t gfp_model_cpu_batch(size_t frames, size_t fb);
double gfp_model_cpu_batches(size_t frames, size_t fb);

/* A GPU pass's batch: about this much input (fft2's F2_GPU_CHUNK_BYTES;
 * GFP_FFT2_GPU_CHUNK_MIB, an A/B switch, is not priced). */
#define GFP_MODEL_GPU_BATCH_BYTES ((size_t)8 << 20)

/* Frames per batch of a GPU pass over frames frames of fb bytes (the
 * larger of input and output frame), db bytes of device buffers a frame
 * (input plus output), within gpu_mem (0: none) as fft2 batches it: about
 * GFP_MODEL_GPU_BATCH_BYTES, a slot's device buffers within a quarter of
 * gpu_mem, a multiple of 4 when short of all (fft2.c: chunk_frames_dev,
 * which calls this). */
size_t gfp_model_gpu_batch(size_t frames, size_t fb, size_t db,
                           size_t gpu_mem);
/* The runs of such a pass's strided copies back: L (the output frame's
 * complex values) a batch. */
double gfp_model_copy_runs(size_t frames, size_t fb, size_t db, size_t L,
                           size_t gpu_mem);

typedef struct gfp_model_pred {
    double total;          /* the transform (both directions) */
    double cpu[2], gpu[2]; /* each direction's two parts */
    double alloc;          /* the working arrays, apart from total */
} gfp_model_pred;

/* Predicted time at GPU fraction r (0..1) in both directions. */
double gfp_model_predict(const gfp_model *m, const gfp_model_problem *p,
                         double r, gfp_model_pred *out);
/* The same with the rows' pass split at r_rows and the columns' at
 * r_cols. */
double gfp_model_predict2(const gfp_model *m, const gfp_model_problem *p,
                          double r_rows, double r_cols, gfp_model_pred *out);
/* The r in [0, 1] (on a grid of 1/1000) with the least predicted time
 * when both directions take the same r; 0 when the model has no GPU
 * steps. *t gets that time when t is set. */
double gfp_model_best_ratio(const gfp_model *m, const gfp_model_problem *p,
                            double *t);
/* Each direction's own best r (the directions' times add, and each
 * depends on its r alone): r[0] the rows', r[1] the columns'. The column
 * pass's GPU part copies back in runs (model.h: GPU_COPY), the rows' in
 * whole batches, so its best r is the lower. *t gets the time. */
void gfp_model_best_ratios(const gfp_model *m, const gfp_model_problem *p,
                           double r[2], double *t);

/* The same for one batch of 1D transforms (a stage other than fft2):
 * max(GPU part, CPU part) of frames frames of n, no transposes. */
double gfp_model_best_ratio_1d(const gfp_model *m, int dbl, gfp_kind kind,
                               size_t n, size_t frames);

/* Conservative coefficients for when there is no model file: a slow GPU
 * link and a modest CPU, so r leans on neither side. */
void gfp_model_default(gfp_model *m);

/* The model file: $XDG_CACHE_HOME/gfftpipe/model, or
 * $HOME/.cache/gfftpipe/model when XDG_CACHE_HOME is unset or empty;
 * GFFTPIPE_MODEL overrides both (tests). */
gfp_status gfp_model_path(char *buf, size_t len, gfp_error *err) GFP_WUR;
/* Text, one line per step and precision; written to a temporary beside
 * path and renamed; the directories are created. Version 3 (version 2
 * and the columns' beside factors) when gpu_overlap is set, else 1
 * (which older gfftpipes read too). */
gfp_status gfp_model_save(const char *path, const gfp_model *m,
                          gfp_error *err) GFP_WUR;
/* GFP_EIO when the file is absent, GFP_EFORMAT when it is not a model.
 * Versions 1 to 3. */
gfp_status gfp_model_load(const char *path, gfp_model *m,
                          gfp_error *err) GFP_WUR;

#endif
