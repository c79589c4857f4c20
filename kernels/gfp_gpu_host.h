/* gfp_gpu_host.h - host-side helpers that the kernel files (gfp_gpu.cu,
 * gfp_gpu_large.cu, gfp_gpu_seeds.cu) share. Internal: C++/CUDA only;
 * host code outside kernels/ includes gfp_gpu.h alone. */
#ifndef GFP_GPU_HOST_H
#define GFP_GPU_HOST_H

#include <cuda_runtime.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "gfp_gpu.h"

/* Formats the message into err (when given) and returns code. */
static inline int gfp_gpu_fail(char *err, size_t errlen, int code,
                               const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* A failed CUDA call: GFP_GPU_ENOMEM for an allocation, else
 * GFP_GPU_EDEVICE, with what failed and CUDA's words for it. */
static inline int gfp_gpu_cuda_fail(char *err, size_t errlen, cudaError_t e,
                                    const char *what)
{
    return gfp_gpu_fail(err, errlen,
                        e == cudaErrorMemoryAllocation ? GFP_GPU_ENOMEM
                                                       : GFP_GPU_EDEVICE,
                        "%s: %s (%s)", what, cudaGetErrorString(e),
                        cudaGetErrorName(e));
}

/* e^{-2 pi i num/den} in long double, the argument reduced exactly to an
 * angle in (-pi, pi] before the sine and cosine. */
static inline void gfp_gpu_root(long long num, long long den, long double *c,
                                long double *s)
{
    const long double pi = 3.141592653589793238462643383279502884L;
    num %= den;
    if (num < 0)
        num += den;
    if (2 * num > den)
        num -= den;
    long double ang = 2.0L * pi * (long double)num / (long double)den;
    *c = cosl(ang);
    *s = -sinl(ang);
}

#endif
