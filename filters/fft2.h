/* fft2.h - the 2D transform machinery of fft2.c, shared with the stages
 * that need whole-array 2D FFTs (convolve2d.c). Internal to filters/.
 *
 * A gfp_fft2d is a row-column 2D transform of H rows of W values on an
 * engine: the rows are one batched 1D plan on contiguous frames; for the
 * columns the array is transposed in cache-sized tiles and the columns run
 * as another batched plan. Both passes go through the engine interface, so
 * a GPU engine runs them unchanged; a length an engine refuses fails at
 * create time (GFP_ENOTSUP), before any input is touched. */
#ifndef GFP_FFT2_H
#define GFP_FFT2_H

#include "gfp.h"

typedef struct gfp_fft2d {
    gfp_engine *engine;
    size_t W, H;
    size_t Wc;          /* complex columns: W/2+1 for R2C/C2R, else W */
    gfp_kind kind;      /* R2C (forward), C2R (inverse) or C2C */
    int inverse, dbl;
    gfp_plan *rows, *cols;
    /* A hybrid engine with its ratio r set (0 < r < 1, or r_cols set
     * apart from r: gfp_fft2d_opts) splits each pass,
     * not each batch: rows/cols are then its CPU engine's plans, batched
     * as the CPU alone batches, taking the first 1 - r of the pass's
     * frames on a thread of their own, while grows/gcols (its GPU
     * engine's, batched as the GPU alone) take the rest on the calling
     * thread. Each part runs as fast as its engine alone (no thin CPU part
     * per GPU batch), and a pass takes max(CPU part, GPU part): the
     * model's terms (model.h). NULL otherwise. */
    gfp_plan *grows, *gcols;
    double r;           /* the rows' pass's GPU fraction */
    double r_cols;      /* the columns' (gfp_fft2d_opts.r_cols, else r) */
    gfp_hybrid_stats *acct; /* the split passes' times add up here (-v) */
    size_t rin;         /* bytes of one input row of the row plan */
    int threads;        /* for the CPU's transposes */
    /* The intermediate array of execute (B: the rows' spectra, Wc x H)
     * in tiles of `tile` of its H columns (gfp_tiles, src/gfp.h), so that
     * a GPU's batch of rows copies back as one contiguous run and the
     * column pass copies in runs of a tile's height; 0: Wc x H plain.
     * By default the GPU's batch of rows when a GPU takes part and the
     * engines gather tiles (submit_tg); GFP_FFT2_TILE (0: off, k: tiles
     * of k) for A/B runs, gfp_fft2d_opts.tile for tests. */
    size_t tile;
    /* The engine's whole-array 2D plan (plan_2d, asked for with
     * gfp_fft2d_opts.whole): execute copies the array to the device, runs
     * it there and copies it back; rows and cols are then NULL. */
    void *whole;
} gfp_fft2d;

/* What the engine may use: device memory (--gpu-mem: a GPU engine's
 * batches, or the GPU's part of a hybrid engine's, take at most 3/4 of
 * it in buffers (three in flight, each 1/4), leaving the rest to the plans' tables and workspace; 0
 * no cap) and the CPU threads for transposes (0 = 1). */
typedef struct gfp_fft2d_opts {
    size_t gpu_mem;
    int threads;
    gfp_hybrid_stats *acct; /* split passes' times (cpu_s, gpu_s, join_s,
                               frames) add up here; NULL: not kept */
    size_t tile;        /* 0: the rule above (gfp_fft2d.tile); SIZE_MAX:
                           no tiles; else tiles of this many columns,
                           where the engines gather tiles */
    /* With r_cols_set, a hybrid engine with its ratio r set splits the
     * column pass at r_cols instead of r (the model's best r of each
     * direction, or --ratio R,C); either side may then take a whole pass
     * of one direction. */
    int r_cols_set;
    double r_cols;
    int whole;          /* gfp_fft2d_execute only (not forward_t and
                           inverse_t): the engine's whole-array 2D plan
                           (the gpu engine's gfp_gpu_plan2d) when it has
                           one for this size and the array fits, else the
                           row-column passes. GFP_FFT2_PIECEWISE=1 in the
                           environment keeps the passes (A/B runs). */
} gfp_fft2d_opts;

/* Plans the row pass (kind, length W, scaled by row_scale) and the column
 * pass (C2C, length H, col_scale) on e, rows first. *t is zeroed first, so
 * gfp_fft2d_destroy is safe after a failure. */
gfp_status gfp_fft2d_create(gfp_engine *e, size_t W, size_t H, gfp_kind kind,
                            int inverse, int dbl, double row_scale,
                            double col_scale, gfp_fft2d *t,
                            gfp_error *err) GFP_WUR;
/* The same with options (NULL: none). A hybrid engine's ratio must be set
 * before (gfp_hybrid_set_ratio): the batches are sized from it. */
gfp_status gfp_fft2d_create_opts(gfp_engine *e, size_t W, size_t H,
                                 gfp_kind kind, int inverse, int dbl,
                                 double row_scale, double col_scale,
                                 const gfp_fft2d_opts *o, gfp_fft2d *t,
                                 gfp_error *err) GFP_WUR;
void gfp_fft2d_destroy(gfp_fft2d *t);
/* Scalars (float or double) each of the two working arrays must hold:
 * enough for any stage of the transform. 0 when that overflows. */
size_t gfp_fft2d_scalars(const gfp_fft2d *t);

/* The transform in place in A, with B as scratch. Input in A: H x W reals
 * (R2C), H x Wc complex (C2R) or H x W complex (C2C); the result in A:
 * H x Wc complex (R2C), H x W reals (C2R) or H x W complex (C2C). Rows
 * first, then columns; C2R columns first. R2C and C2C transpose every
 * finished batch while the engine computes the next: the engine itself
 * when it offers submit_t (the GPU on the device), else the CPU in
 * --threads threads from two staging buffers that execute allocates. */
gfp_status gfp_fft2d_execute(const gfp_fft2d *t, void *A, void *B,
                             gfp_error *err) GFP_WUR;

/* The same without the transposes a stage that only multiplies spectra
 * does not need: the spectrum stays in transposed order, Wc rows of H
 * complex values (row k2 holds column k2 of the spectrum).
 * forward_t: X holds the input (as for execute), the spectrum lands in Y.
 * inverse_t: X holds a transposed spectrum, the result (as for execute)
 * lands in Y. X is overwritten in both. */
gfp_status gfp_fft2d_forward_t(const gfp_fft2d *t, void *X, void *Y,
                               gfp_error *err) GFP_WUR;
gfp_status gfp_fft2d_inverse_t(const gfp_fft2d *t, void *X, void *Y,
                               gfp_error *err) GFP_WUR;

/* A rows x cols array of complex values (double when dbl, else float)
 * into its transpose, in cache-sized tiles. */
void gfp_transpose_c(int dbl, const void *s, void *d, size_t rows,
                     size_t cols);

/* For `gfftpipe calibrate`: the steps of gfp_fft2d_execute alone.
 * frames frames through pl (ib, ob bytes each) in its batches, two in
 * flight. */
gfp_status gfp_fft2d_pass(gfp_plan *pl, const void *in, void *out,
                          size_t frames, size_t ib, size_t ob,
                          gfp_error *err) GFP_WUR;
/* frames frames through pl, each batch's output (L complex values a
 * frame) landing transposed in out (L x frames), as execute's passes. */
gfp_status gfp_fft2d_pass_t(gfp_plan *pl, const void *in, void *out,
                            size_t frames, size_t ib, size_t L, int dbl,
                            int threads, gfp_error *err) GFP_WUR;
/* The CPU's share of a pass of frames frames split at GPU fraction r (the
 * first frames; the GPU takes the rest), on the nearest bound where both
 * parts keep frames: of a tile with the output in tiles of tile frames,
 * so the GPU's batches fill tiles, else (tile 0) of GFP_FFT2_SPLIT_FRAMES
 * frames, so the GPU's runs in each transposed row start 512 bytes (f32;
 * 1 KiB f64) on from the row's start, and in rows that start on a cache
 * line share no line with the CPU's. Split anywhere, the GPU part ran
 * 1.1-1.2x slower a frame at 8192^2 off r 0.75 (bench/NOTES.md, stop 25,
 * calls 2-3). */
#define GFP_FFT2_SPLIT_FRAMES 64
size_t gfp_fft2d_split(size_t frames, double r, size_t tile);
/* The slots execute gives a pass's plan on an engine sending the fraction
 * frac to a GPU (3 with a GPU part, 2 without; GFP_FFT2_GPU_SLOTS). */
int gfp_fft2d_plan_slots(double frac);
/* The batch gfp_fft2d_create_opts gives a pass of frames frames of
 * frame_bytes (the larger of input and output) and dev_bytes (input plus
 * output) on an engine sending the fraction frac to a GPU. */
size_t gfp_fft2d_batch(size_t frames, size_t frame_bytes, size_t dev_bytes,
                       double frac, size_t gpu_mem);

/* Reads a whole source into memory, through a copy of src: nothing of it
 * counts as read (src->bytes_read stays 0), so main.c's retry on the CPU
 * under --engine auto loses nothing. */
gfp_status gfp_read_whole(gfp_source *src, unsigned char **data, size_t *len,
                          gfp_error *err) GFP_WUR;

#endif
