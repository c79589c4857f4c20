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
