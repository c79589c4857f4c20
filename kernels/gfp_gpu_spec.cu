/* gfp_gpu_spec.cu - spectrogram pooling on the device: power frames (the
 * output of a window -> R2C -> power plan) into pixel rows and time
 * columns, so that only the columns cross PCIe. The CPU reference is
 * fold_frame() in filters/spectrogram.c; this computes the same values
 * (interpolation in double, as there; pooling in float).
 *
 * Frame t belongs to bucket min(t * B / F, B - 1); bucket b starts at
 * frame ceil(b * F / B). One thread block column per bucket the batch
 * touches, one thread per row: a warp reads 32 neighbouring rows' bins of
 * one frame (coalesced), then the next frame. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"

#define POOL_THREADS 128

struct gfp_gpu_pool {
    size_t bins, rows;
    int mean;
    uint64_t frames, buckets;
    int32_t *d_lo, *d_hi;
    double *d_pos;
};


__host__ __device__ static inline uint64_t bucket_of(uint64_t t, uint64_t F, uint64_t B)
{
    uint64_t b = t * B / F;
    return b >= B ? B - 1 : b;
}

/* First frame of bucket b; the last bucket runs to the end of time. */
__host__ __device__ static inline uint64_t bucket_start(uint64_t b, uint64_t F, uint64_t B)
{
    return b >= B ? ~(uint64_t)0 : (b * F + B - 1) / B;
}

__global__ void __launch_bounds__(POOL_THREADS)
pool_kernel(const float *__restrict__ pw, size_t bins, size_t nframes, uint64_t t0,
            uint64_t F, uint64_t B, const int32_t *__restrict__ lo,
            const int32_t *__restrict__ hi, const double *__restrict__ pos, size_t rows,
            int mean, float *__restrict__ cols)
{
    size_t r = (size_t)blockIdx.y * POOL_THREADS + threadIdx.x;
    if (r >= rows)
        return;
    uint64_t b = bucket_of(t0, F, B) + blockIdx.x;
    uint64_t s = bucket_start(b, F, B), e = bucket_start(b + 1, F, B);
    uint64_t f0 = s > t0 ? s - t0 : 0;
    uint64_t f1 = e - t0 < nframes ? e - t0 : nframes;
    int32_t l = lo[r], h = hi[r];
    const float *p = pw + f0 * bins;
    float acc;
    /* The row's kind is fixed: one loop per kind, the frames' loads
     * independent of each other (unrolled, several in flight). */
    if (h == l) {
        acc = p[l];
#pragma unroll 4
        for (uint64_t f = f0 + 1; f < f1; f++) {
            p += bins;
            acc = mean ? acc + p[l] : fmaxf(acc, p[l]);
        }
    } else if (h > l) {
        acc = 0;
        for (uint64_t f = f0; f < f1; f++, p += bins) {
            float v = p[l];
            if (mean) {
                for (int32_t q = l + 1; q <= h; q++)
                    v += p[q];
                v /= (float)(h - l + 1);
            } else {
                for (int32_t q = l + 1; q <= h; q++)
                    v = fmaxf(v, p[q]);
            }
            acc = f == f0 ? v : mean ? acc + v : fmaxf(acc, v);
        }
    } else {
        /* Rows finer than bins: between the nearest two, in double. */
        double x = pos[r];
        size_t k = (size_t)x;
        double fr = x - (double)k;
        acc = 0;
        for (uint64_t f = f0; f < f1; f++, p += bins) {
            float v = k + 1 < bins ? (float)((1 - fr) * p[k] + fr * p[k + 1]) : p[k];
            acc = f == f0 ? v : mean ? acc + v : fmaxf(acc, v);
        }
    }
    cols[(size_t)blockIdx.x * rows + r] = acc;
}

extern "C" int gfp_gpu_pool_create(size_t bins, size_t rows, const int32_t *lo,
                                   const int32_t *hi, const double *pos, int mean,
                                   uint64_t frames, uint64_t buckets,
                                   gfp_gpu_pool **out, char *err, size_t errlen)
{
    *out = NULL;
    if (!bins || !rows || !frames || !buckets || buckets > frames || !lo || !hi || !pos)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "pooling: bad description");
    for (size_t r = 0; r < rows; r++)
        if ((hi[r] >= lo[r] && (lo[r] < 0 || (size_t)hi[r] >= bins)) || !(pos[r] >= 0) ||
            pos[r] > (double)(bins - 1))
            return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "pooling: row %zu outside the bins", r);
    gfp_gpu_pool *p = (gfp_gpu_pool *)calloc(1, sizeof *p);
    if (!p)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of memory");
    p->bins = bins;
    p->rows = rows;
    p->mean = mean;
    p->frames = frames;
    p->buckets = buckets;
    cudaError_t e;
    if ((e = cudaMalloc(&p->d_lo, rows * sizeof *p->d_lo)) != cudaSuccess ||
        (e = cudaMalloc(&p->d_hi, rows * sizeof *p->d_hi)) != cudaSuccess ||
        (e = cudaMalloc(&p->d_pos, rows * sizeof *p->d_pos)) != cudaSuccess ||
        (e = cudaMemcpy(p->d_lo, lo, rows * sizeof *lo, cudaMemcpyHostToDevice)) != cudaSuccess ||
        (e = cudaMemcpy(p->d_hi, hi, rows * sizeof *hi, cudaMemcpyHostToDevice)) != cudaSuccess ||
        (e = cudaMemcpy(p->d_pos, pos, rows * sizeof *pos, cudaMemcpyHostToDevice)) !=
            cudaSuccess ||
        /* landed before the engine's non-blocking streams read them */
        (e = cudaStreamSynchronize(0)) != cudaSuccess) {
        gfp_gpu_pool_destroy(p);
        return gfp_gpu_cuda_fail(err, errlen, e, "pooling tables");
    }
    *out = p;
    return GFP_GPU_OK;
}

extern "C" void gfp_gpu_pool_destroy(gfp_gpu_pool *p)
{
    if (!p)
        return;
    cudaFree(p->d_lo);
    cudaFree(p->d_hi);
    cudaFree(p->d_pos);
    free(p);
}

extern "C" size_t gfp_gpu_pool_columns(const gfp_gpu_pool *p, uint64_t t0, size_t nframes)
{
    if (!nframes)
        return 0;
    return (size_t)(bucket_of(t0 + nframes - 1, p->frames, p->buckets) -
                    bucket_of(t0, p->frames, p->buckets) + 1);
}

extern "C" int gfp_gpu_pool_exec(const gfp_gpu_pool *p, const float *d_power, size_t nframes,
                                 uint64_t t0, float *d_cols, void *stream, char *err,
                                 size_t errlen)
{
    size_t ncols = gfp_gpu_pool_columns(p, t0, nframes);
    if (!ncols)
        return GFP_GPU_OK;
    if (ncols > 2147483647u || (p->rows + POOL_THREADS - 1) / POOL_THREADS > 65535)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "pooling: %zu columns of %zu rows", ncols,
                     p->rows);
    dim3 grid((unsigned)ncols, (unsigned)((p->rows + POOL_THREADS - 1) / POOL_THREADS));
    pool_kernel<<<grid, POOL_THREADS, 0, (cudaStream_t)stream>>>(
        d_power, p->bins, nframes, t0, p->frames, p->buckets, p->d_lo, p->d_hi, p->d_pos,
        p->rows, p->mean, d_cols);
    cudaError_t e = cudaGetLastError();
    return e == cudaSuccess ? GFP_GPU_OK : gfp_gpu_cuda_fail(err, errlen, e, "pooling kernel launch");
}

/* One thread per 4 outputs of a frame row (gridDim.y = frames): writes
 * are coalesced; the reads of neighbouring frames overlap and mostly hit
 * L2, so the pass costs about one write of the frames. */
template <typename T>
__global__ void frames_kernel(const T *__restrict__ span, size_t n, size_t hop,
                              T *__restrict__ frames)
{
    size_t f = blockIdx.y;
    const T *src = span + f * hop;
    T *dst = frames + f * n;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}

extern "C" int gfp_gpu_frames_from_span(const void *d_span, size_t n, size_t hop,
                                        size_t nframes, int dbl, void *d_frames,
                                        void *stream, char *err, size_t errlen)
{
    if (!nframes)
        return GFP_GPU_OK;
    if (nframes > 65535u * 1024u)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "frames from a span: %zu frames",
                            nframes);
    unsigned threads = 256;
    size_t bx = (n + threads - 1) / threads;
    if (bx > 64)
        bx = 64;
    /* gridDim.y is at most 65535: larger batches go in several launches */
    for (size_t f0 = 0; f0 < nframes; f0 += 65535) {
        size_t m = nframes - f0 < 65535 ? nframes - f0 : 65535;
        dim3 grid((unsigned)bx, (unsigned)m);
        if (dbl)
            frames_kernel<double><<<grid, threads, 0, (cudaStream_t)stream>>>(
                (const double *)d_span + f0 * hop, n, hop, (double *)d_frames + f0 * n);
        else
            frames_kernel<float><<<grid, threads, 0, (cudaStream_t)stream>>>(
                (const float *)d_span + f0 * hop, n, hop, (float *)d_frames + f0 * n);
        cudaError_t e = cudaGetLastError();
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "frames-from-span kernel launch");
    }
    return GFP_GPU_OK;
}
