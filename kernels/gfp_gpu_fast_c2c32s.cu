/* gfp_gpu_fast_c2c32s.cu - specialised C2C f32 kernels, smooth non-powers. */
/* odd radices: L1 (shared + twiddle loads) is the measured limit (ncu,
 * 2401: 87 % L1/TEX throughput), so half the twiddles are products */
#ifndef GFP_FAST_HALFTW
#define GFP_FAST_HALFTW 1
#endif
#include "gfp_gpu_fast.cuh"

bool gfp_fast_c2c_f32s(int nf, gfp_fast_info *f)
{
    switch (nf) {
    GFP_FAST(float, 1000, 125, 2, GFP_MODE_C2C, 8, 5, 5, 5)
    GFP_FAST(float, 1331, 121, 2, GFP_MODE_C2C, 11, 11, 11)
    GFP_FAST(float, 2187, 243, 1, GFP_MODE_C2C, 9, 9, 9, 3)
    GFP_FASTB(float, 2197, 169, 3, GFP_MODE_C2C, 2, 13, 13, 13)
    GFP_FASTP(float, 2401, 343, 1, GFP_MODE_C2C, 3, 7, 7, 7, 7)
    GFP_FAST(float, 3000, 375, 1, GFP_MODE_C2C, 8, 5, 5, 5, 3)
    GFP_FASTB(float, 3125, 125, 2, GFP_MODE_C2C, 2, 25, 25, 5)
    GFP_FAST(float, 4095, 455, 1, GFP_MODE_C2C, 13, 9, 7, 5)
    default: return false;
    }
}
