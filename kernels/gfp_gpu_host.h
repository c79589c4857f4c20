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

/* The stage twiddles of the specialised kernels (gfp_gpu_fast.cuh) with
 * radices r[0 .. nst-1]: stage i's W_{Ls R}^{s k} at [off_i + (s-1) Ls + k],
 * off_i the entries of the stages before it. The count is -1 when the
 * radices do not multiply to nf. */
static inline int gfp_gpu_stage_twiddle_count(const int *r, int nst, long long nf,
                                              size_t *ntw)
{
    size_t n = 0;
    long long ls = 1;
    for (int i = 0; i < nst; i++) {
        n += (size_t)(r[i] - 1) * (size_t)ls;
        ls *= r[i];
    }
    *ntw = n;
    return ls == nf ? 0 : -1;
}

/* W_den^num into complex entry o of h (float, or double with dbl),
 * rounded once from long double */
static inline void gfp_gpu_root_put(long long num, long long den, int dbl, void *h, size_t o)
{
    long double cc, ss;
    gfp_gpu_root(num, den, &cc, &ss);
    if (dbl) {
        ((double *)h)[2 * o] = (double)cc;
        ((double *)h)[2 * o + 1] = (double)ss;
    } else {
        ((float *)h)[2 * o] = (float)cc;
        ((float *)h)[2 * o + 1] = (float)ss;
    }
}

/* the two-level table of W_len^m = A[m mod 2^sh] B[m >> sh], 2^(2 sh) >=
 * len (the pass kernels' xtw, xsh): its complex entry count (A's 2^sh,
 * then B's) and sh into *sh */
static inline size_t gfp_gpu_twolevel_count(long long len, int *sh)
{
    int s = 0;
    while ((1ll << (2 * s)) < len)
        s++;
    *sh = s;
    long long na = 1ll << s;
    return (size_t)(na + (len + na - 1) / na);
}
/* and its entries into h (gfp_gpu_twolevel_count of them, float or
 * double with dbl), each rounded once */
static inline void gfp_gpu_twolevel_fill(long long len, int sh, int dbl, void *h)
{
    long long na = 1ll << sh, nb = (len + na - 1) / na;
    for (long long a = 0; a < na; a++)
        gfp_gpu_root_put(a, len, dbl, h, (size_t)a);
    for (long long b = 0; b < nb; b++)
        gfp_gpu_root_put(b * na, len, dbl, h, (size_t)(na + b));
}

/* fills h (complex float, or double with dbl) with them */
static inline void gfp_gpu_stage_twiddle_fill(const int *r, int nst, int dbl, void *h)
{
    size_t o = 0;
    long long ls = 1;
    for (int i = 0; i < nst; i++) {
        long long L = ls * r[i];
        for (int s = 1; s < r[i]; s++)
            for (long long k = 0; k < ls; k++, o++)
                gfp_gpu_root_put((long long)s * k, L, dbl, h, o);
        ls *= r[i];
    }
}

/* a real transform's split step: W_n^k, k = 0 .. n/2, into h from
 * complex entry o on */
static inline void gfp_gpu_split_twiddle_fill(long long n, int dbl, void *h, size_t o)
{
    for (long long k = 0; k <= n / 2; k++)
        gfp_gpu_root_put(k, n, dbl, h, o + (size_t)k);
}

#endif
