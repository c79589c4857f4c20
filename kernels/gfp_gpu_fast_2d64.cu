/* gfp_gpu_fast_2d64.cu - the 2D FFT's f64 passes (see gfp_gpu_fast_2d.cu):
 * two frames per block make each bin's run 32 bytes. */
#include "gfp_gpu_fast.cuh"

#define C2C_T (GFP_MODE_C2C | GFP_FAST_TR)

bool gfp_fast2d_c2c_f64(int nf, gfp_fast_info *f)
{
    switch (nf) {
    GFP_FAST(double, 1024, 128, 4, C2C_T, 2, 8, 8, 8)
    GFP_FAST(double, 2048, 256, 2, C2C_T, 4, 8, 8, 8)
    GFP_FAST(double, 4096, 512, 2, C2C_T, 8, 8, 8, 8)
    default: return false;
    }
}
