/* gfp_gpu.h - the plain C face of gfftpipe's CUDA kernels.
 * Host code (src/engine_cuda.c) includes only this header: no CUDA types
 * appear here; streams are passed as void * (a cudaStream_t). */
#ifndef GFP_GPU_H
#define GFP_GPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes (0 = success). */
enum {
    GFP_GPU_OK = 0,
    GFP_GPU_ENOTSUP = 1, /* this length/kind/precision has no kernel yet */
    GFP_GPU_EINVAL = 2,
    GFP_GPU_ENOMEM = 3,
    GFP_GPU_EDEVICE = 4  /* a CUDA call or launch failed */
};

typedef enum gfp_gpu_kind { GFP_GPU_C2C = 0, GFP_GPU_R2C = 1, GFP_GPU_C2R = 2 }
    gfp_gpu_kind;

/* Element-wise op applied to every output bin after scaling (R2C/C2C only;
 * the output is then one real per bin). Same meanings as gfp_post. */
typedef enum gfp_gpu_post {
    GFP_GPU_POST_NONE = 0, GFP_GPU_POST_MAG, GFP_GPU_POST_POWER,
    GFP_GPU_POST_DB, GFP_GPU_POST_PHASE
} gfp_gpu_post;

/* Which FFT algorithm a plan runs. AUTO is the planner's choice (the
 * mixed-radix Stockham kernels); the others are the seed papers' own GPU
 * algorithms (kernels/gfp_gpu_seeds.cu), for powers of two and C2C only.
 * Same values as gfp_algorithm in src/gfp.h. */
typedef enum gfp_gpu_algorithm {
    GFP_GPU_ALG_AUTO = 0,
    GFP_GPU_ALG_CT_R2,        /* radix-2 Cooley-Tukey, __brev permutation (seed 004) */
    GFP_GPU_ALG_CT_R4,        /* radix-4 Cooley-Tukey in place, digit reversal,
                                 constant-memory twiddles (seed 000) */
    GFP_GPU_ALG_STOCKHAM_R2,  /* fixed-radix Stockham autosort (seeds 000, 004) */
    GFP_GPU_ALG_STOCKHAM_R4,
    GFP_GPU_ALG_STOCKHAM_R8,
    GFP_GPU_ALG_STOCKHAM_R16,
    GFP_GPU_ALG_PEASE,        /* Pease constant geometry (seed 002) */
    GFP_GPU_ALG_COUNT
} gfp_gpu_algorithm;

typedef struct gfp_gpu_plan gfp_gpu_plan;

typedef struct gfp_gpu_desc {
    size_t n;              /* transform length */
    gfp_gpu_kind kind;
    int inverse;           /* 0: e^{-2 pi i jk/n}; 1: e^{+2 pi i jk/n} */
    int dbl;               /* 0 float, 1 double */
    double scale;          /* multiplies every output value (1.0 = none) */
    const double *window;  /* host array of n values applied to the input
                              before the transform, or NULL */
    gfp_gpu_post post;
    int device;            /* CUDA device ordinal the plan is for */
    int algorithm;         /* gfp_gpu_algorithm; 0 (AUTO) = the planner's */
} gfp_gpu_desc;

/* Whether a kernel exists for this description on this device. */
int gfp_gpu_supported(const gfp_gpu_desc *d);

/* Creates a plan (uploads twiddles/window, picks the kernel configuration
 * for n, precision and device). err gets a message on failure. */
int gfp_gpu_plan_create(const gfp_gpu_desc *d, gfp_gpu_plan **out,
                        char *err, size_t errlen);
void gfp_gpu_plan_destroy(gfp_gpu_plan *p);

/* Launches the batched transform on stream. d_in and d_out are device
 * buffers; layouts are contiguous frames:
 *   C2C: in batch*n complex, out batch*n complex (or batch*n reals with a post-op)
 *   R2C: in batch*n reals,   out batch*(n/2+1) complex (or reals with a post-op)
 *   C2R: in batch*(n/2+1) complex, out batch*n reals
 * Complex values are interleaved (float2 / double2). d_in == d_out is
 * allowed for C2C. Returns after the launch; errors of the launch itself
 * are reported, faults show at the next synchronisation. */
int gfp_gpu_plan_exec(const gfp_gpu_plan *p, const void *d_in, void *d_out,
                      size_t batch, void *stream, char *err, size_t errlen);

/* rows x cols complex values (float2, or double2 when dbl) at d_src into
 * their transpose, cols x rows, at d_dst (not overlapping), on stream
 * (kernels/gfp_gpu_transpose.cu). Returns after the launch. */
int gfp_gpu_transpose(const void *d_src, void *d_dst, size_t rows,
                      size_t cols, int dbl, void *stream, char *err,
                      size_t errlen);

/* nframes frames of n complex values copied to the device from a tiled
 * host array (src/gfp.h, gfp_tiles: tile t's run of the batch, nframes x
 * h values, frame after frame, the runs one after another at d_src) into
 * nframes contiguous frames at d_dst (not overlapping), on stream
 * (kernels/gfp_gpu_transpose.cu). Returns after the launch. */
int gfp_gpu_untile(const void *d_src, void *d_dst, size_t nframes, size_t n,
                   size_t tile, int dbl, void *stream, char *err,
                   size_t errlen);

/* On-device 2D FFT (kernels/gfp_gpu_2d.cu) of batch row-major matrices of
 * h rows of w values, contiguous:
 *   C2C: in h*w complex,         out h*w complex
 *   R2C: in h*w reals,           out h*(w/2+1) complex
 *   C2R: in h*(w/2+1) complex,   out h*w reals (inverse: set inverse = 1)
 * Where both lengths have a 2D pass kernel (gfp_gpu_fast_2d*.cu) it is two
 * passes over device memory: the rows' FFTs stored transposed into the
 * workspace, then the columns' FFTs stored transposed back. Other lengths
 * take the 1D plans and gfp_gpu_transpose per axis (up to four passes).
 * C2R always runs transpose, column C2C, transpose-or-fused, row C2R. */
typedef struct gfp_gpu_plan2d gfp_gpu_plan2d;

typedef struct gfp_gpu_desc2d {
    size_t w, h;           /* row length, rows */
    size_t batch;          /* matrices per exec (0 counts as 1) */
    gfp_gpu_kind kind;
    int inverse;           /* both axes, as gfp_gpu_desc */
    int dbl;
    double scale;          /* multiplies every output value */
    int device;
} gfp_gpu_desc2d;

int gfp_gpu_plan2d_create(const gfp_gpu_desc2d *d, gfp_gpu_plan2d **out,
                          char *err, size_t errlen);
void gfp_gpu_plan2d_destroy(gfp_gpu_plan2d *p);
/* Bytes of device workspace the plan holds (allocated at create). */
size_t gfp_gpu_plan2d_workspace(const gfp_gpu_plan2d *p);
/* How each axis runs: 2 for a 2D pass kernel (transposed store), 1 for a
 * 1D plan plus a transpose, rows 3 for a 1D plan alone (the columns then
 * strided in and out), columns 3 for the columns' four-step; for tests
 * and bench notes. */
void gfp_gpu_plan2d_paths(const gfp_gpu_plan2d *p, int *rows, int *cols);
/* Launches the whole batch on stream; d_in and d_out must not overlap
 * (in place is refused). The workspace is the plan's: one exec in flight
 * per plan. Errors of the launches are reported here, faults show at the
 * next synchronisation. */
int gfp_gpu_plan2d_exec(const gfp_gpu_plan2d *p, const void *d_in,
                        void *d_out, void *stream, char *err, size_t errlen);

/* Device count (0 when no driver or device); a message says why. */
int gfp_gpu_device_count(char *err, size_t errlen);

/* Spectrogram pooling (kernels/gfp_gpu_spec.cu): power frames of `bins`
 * floats (a window -> R2C -> power plan's output, on the device) into
 * columns of `rows` floats. Row r pools bins lo[r] .. hi[r] (the max, or
 * with mean their mean), or when lo[r] > hi[r] interpolates at the
 * fractional bin pos[r]. Frame t (counted from 0 over the pool's life)
 * belongs to time bucket min(t * buckets / frames, buckets - 1); the
 * frames of a bucket pool into its column (the max, or with mean the sum;
 * the caller divides). The CPU reference is fold_frame() in
 * filters/spectrogram.c. Tables are host arrays, copied. */
typedef struct gfp_gpu_pool gfp_gpu_pool;
int gfp_gpu_pool_create(size_t bins, size_t rows, const int32_t *lo,
                        const int32_t *hi, const double *pos, int mean,
                        uint64_t frames, uint64_t buckets, gfp_gpu_pool **out,
                        char *err, size_t errlen);
void gfp_gpu_pool_destroy(gfp_gpu_pool *p);
/* Columns that frames t0 .. t0 + nframes - 1 touch (0 for no frames). */
size_t gfp_gpu_pool_columns(const gfp_gpu_pool *p, uint64_t t0,
                            size_t nframes);
/* Pools nframes power frames that start at frame t0 into
 * gfp_gpu_pool_columns() columns at d_cols, on stream; the first column
 * is bucket min(t0 * buckets / frames, buckets - 1). */
int gfp_gpu_pool_exec(const gfp_gpu_pool *p, const float *d_power,
                      size_t nframes, uint64_t t0, float *d_cols, void *stream,
                      char *err, size_t errlen);

/* Frames from a span (kernels/gfp_gpu_spec.cu): frame f of nframes (n
 * reals each, contiguous at d_frames) is d_span[f*hop .. f*hop + n - 1],
 * f32, or f64 with dbl. A pre-pass of a plan whose input overlaps: the
 * span crosses PCIe once and the copies are made on the device. */
int gfp_gpu_frames_from_span(const void *d_span, size_t n, size_t hop,
                             size_t nframes, int dbl, void *d_frames,
                             void *stream, char *err, size_t errlen);

/* Fast convolution's spectrum multiply (kernels/gfp_gpu_conv.cu): batch
 * frames of `bins` interleaved complex values at d_x (float2, or double2
 * with dbl), in place, frame f times spectrum f % nh of those at d_h
 * (nh spectra of bins values, on the device). Launched on stream. */
int gfp_gpu_cmul(void *d_x, const void *d_h, size_t bins, size_t batch,
                 size_t nh, int dbl, void *stream, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
