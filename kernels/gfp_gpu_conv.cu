/* gfp_gpu_conv.cu - the spectrum multiply of fast convolution on the
 * device (a filter plan: forward FFT -> this -> inverse FFT, all on one
 * stream, the filter spectra uploaded once at plan time). The CPU
 * reference is FILTER_MUL in src/engine_fftw.c. A grid-stride loop over
 * every bin of the batch: memory-bound, one read of x and h, one write. */
#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"

#define CMUL_THREADS 256

template <typename T2>
__global__ void __launch_bounds__(CMUL_THREADS)
cmul_kernel(T2 *__restrict__ x, const T2 *__restrict__ h, size_t bins, size_t batch, size_t nh)
{
    size_t total = bins * batch;
    for (size_t i = (size_t)blockIdx.x * CMUL_THREADS + threadIdx.x; i < total;
         i += (size_t)gridDim.x * CMUL_THREADS) {
        size_t f = i / bins, k = i - f * bins;
        T2 a = x[i], b = h[(f % nh) * bins + k];
        T2 r;
        r.x = a.x * b.x - a.y * b.y;
        r.y = a.x * b.y + a.y * b.x;
        x[i] = r;
    }
}

extern "C" int gfp_gpu_cmul(void *d_x, const void *d_h, size_t bins, size_t batch, size_t nh,
                            int dbl, void *stream, char *err, size_t errlen)
{
    if (!bins || !batch)
        return GFP_GPU_OK;
    if (!nh)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "spectrum multiply: no filter");
    size_t total = bins * batch;
    size_t blocks = (total + CMUL_THREADS - 1) / CMUL_THREADS;
    if (blocks > 65536)
        blocks = 65536;
    cudaStream_t s = (cudaStream_t)stream;
    if (dbl)
        cmul_kernel<double2><<<(unsigned)blocks, CMUL_THREADS, 0, s>>>(
            (double2 *)d_x, (const double2 *)d_h, bins, batch, nh);
    else
        cmul_kernel<float2><<<(unsigned)blocks, CMUL_THREADS, 0, s>>>(
            (float2 *)d_x, (const float2 *)d_h, bins, batch, nh);
    cudaError_t e = cudaGetLastError();
    return e == cudaSuccess ? GFP_GPU_OK
                            : gfp_gpu_cuda_fail(err, errlen, e, "spectrum multiply launch");
}
