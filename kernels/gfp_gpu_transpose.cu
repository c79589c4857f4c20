/* gfp_gpu_transpose.cu - the transpose of a batch's output on the device,
 * for the row-column 2D FFT (seed 000 folds the transpose into the stores;
 * seed 001 did it on the CPU and named GPU-side transposes as the next
 * step): rows x cols complex values (float2 or double2) into cols x rows,
 * through 32 x 33 shared-memory tiles so both the reads and the writes are
 * coalesced. The engine then copies the result into its columns of the
 * host array with one strided copy. */
#include <stdarg.h>
#include <stdio.h>

#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"

#define TT 32
#define TR 8

template <typename T>
__global__ void transpose_k(const T *__restrict__ s, T *__restrict__ d,
                            size_t rows, size_t cols)
{
    __shared__ T tile[TT][TT + 1];
    size_t c0 = (size_t)blockIdx.x * TT, r0 = (size_t)blockIdx.y * TT;
    for (int j = threadIdx.y; j < TT; j += TR) {
        size_t r = r0 + j, c = c0 + threadIdx.x;
        if (r < rows && c < cols)
            tile[j][threadIdx.x] = s[r * cols + c];
    }
    __syncthreads();
    for (int j = threadIdx.y; j < TT; j += TR) {
        size_t c = c0 + j, r = r0 + threadIdx.x;
        if (c < cols && r < rows)
            d[c * rows + r] = tile[threadIdx.x][j];
    }
}

extern "C" int gfp_gpu_transpose(const void *d_src, void *d_dst, size_t rows,
                                 size_t cols, int dbl, void *stream,
                                 char *err, size_t errlen)
{
    if (!rows || !cols)
        return GFP_GPU_OK;
    size_t by = (rows + TT - 1) / TT, bx = (cols + TT - 1) / TT;
    if (by > 65535 || bx > 0x7fffffffu)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "transpose of %zu x "
                            "%zu values: too many rows for one launch", rows,
                            cols);
    dim3 grid((unsigned)bx, (unsigned)by), block(TT, TR);
    cudaStream_t s = (cudaStream_t)stream;
    if (dbl)
        transpose_k<double2><<<grid, block, 0, s>>>(
            (const double2 *)d_src, (double2 *)d_dst, rows, cols);
    else
        transpose_k<float2><<<grid, block, 0, s>>>(
            (const float2 *)d_src, (float2 *)d_dst, rows, cols);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "transpose kernel");
    return GFP_GPU_OK;
}

/* The runs of a tiled batch into contiguous frames: out[c n + v] for value
 * v of frame c comes from run t = v / tile, which starts at t tile nframes
 * (every run before the last is full) and holds frame c's h values at
 * c h. One thread a value: the writes are coalesced, the reads in runs of
 * h values. */
template <typename T, typename I>
__global__ void untile_k(const T *__restrict__ s, T *__restrict__ d,
                         I nframes, I n, I tile)
{
    I total = nframes * n;
    I last = (n - 1) / tile, hl = n - last * tile;
    for (I i = (I)blockIdx.x * blockDim.x + threadIdx.x; i < total;
         i += (I)gridDim.x * blockDim.x) {
        I c = i / n, v = i - c * n, t = v / tile, j = v - t * tile;
        I h = t == last ? hl : tile;
        d[i] = s[t * tile * nframes + c * h + j];
    }
}

/* 32-bit indices where the batch allows (the divisions are cheaper) */
template <typename T>
static void untile_launch(const void *src, void *dst, size_t nframes,
                          size_t n, size_t tile, unsigned blocks,
                          cudaStream_t s)
{
    if (nframes * n < 0xffffff00u)
        untile_k<T, unsigned><<<blocks, 256, 0, s>>>(
            (const T *)src, (T *)dst, (unsigned)nframes, (unsigned)n,
            (unsigned)tile);
    else
        untile_k<T, size_t><<<blocks, 256, 0, s>>>(
            (const T *)src, (T *)dst, nframes, n, tile);
}

extern "C" int gfp_gpu_untile(const void *d_src, void *d_dst, size_t nframes,
                              size_t n, size_t tile, int dbl, void *stream,
                              char *err, size_t errlen)
{
    if (!nframes || !n)
        return GFP_GPU_OK;
    if (!tile)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "untile: tile 0");
    size_t total = nframes * n, blocks = (total + 255) / 256;
    if (blocks > 65536)
        blocks = 65536;
    cudaStream_t s = (cudaStream_t)stream;
    if (dbl)
        untile_launch<double2>(d_src, d_dst, nframes, n, tile,
                               (unsigned)blocks, s);
    else
        untile_launch<float2>(d_src, d_dst, nframes, n, tile,
                              (unsigned)blocks, s);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "untile kernel");
    return GFP_GPU_OK;
}
