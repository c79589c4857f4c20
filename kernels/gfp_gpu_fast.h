/* gfp_gpu_fast.h - internal (C++/CUDA) interface between the planner
 * (gfp_gpu.cu) and the compile-time specialised kernels (gfp_gpu_fast_*.cu).
 * Not part of the C API: host code includes only gfp_gpu.h. */
#ifndef GFP_GPU_FAST_H
#define GFP_GPU_FAST_H

#include <stddef.h>

struct gfp_fparams {
    const void *in;
    void *out;
    const void *tw;   /* per-stage twiddles W_{Ls R}^{s k} at [off + (s-1) Ls + k] */
    const void *rtw;  /* R2C: W_n^k, k = 0..n/2 */
    unsigned long long batch;
    int conj_in, conj_out;
    double scale;
};

#define GFP_FAST_MAXST 8
struct gfp_fast_info {
    const void *func;
    int nf, tpt, fpb, threads, nst;
    int r[GFP_FAST_MAXST];
    size_t smem;
};

/* each returns true and fills *f when a specialised kernel exists for the
 * complex FFT length nf */
bool gfp_fast_c2c_f32(int nf, gfp_fast_info *f);  /* powers of two */
bool gfp_fast_c2c_f32s(int nf, gfp_fast_info *f); /* smooth non-powers */
bool gfp_fast_r2c_f32(int nf, gfp_fast_info *f);  /* nf = n/2 */
bool gfp_fast_c2c_f64(int nf, gfp_fast_info *f);  /* powers of two */
bool gfp_fast_c2c_f64s(int nf, gfp_fast_info *f); /* smooth non-powers */

#endif
