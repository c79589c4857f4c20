/* gfp_gpu_fast_c2c32.cu - specialised C2C f32 kernels, powers of two. */
#include "gfp_gpu_fast.cuh"

/* v7: the shared layouts of 32..128 (several frames per warp) from the
 * bank model (bench/gpu/banks.py): padding every 8 elements and a frame
 * stride that puts a warp's frames in different banks */
#define C2C_L(e) (GFP_MODE_C2C | GFP_FAST_PAD3 | GFP_FAST_PSX(e))
bool gfp_fast_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    if (gfp_fast_alt() == 5) { /* v4's layout */
        switch (nf) {
        GFP_FASTB(float, 16, 4, 64, GFP_MODE_C2C, 8, 4, 4)
        GFP_FASTB(float, 32, 8, 32, GFP_MODE_C2C, 8, 2, 4, 4)
        GFP_FASTB(float, 64, 8, 32, GFP_MODE_C2C, 6, 8, 8)
        GFP_FAST(float, 128, 8, 32, GFP_MODE_C2C, 8, 16)
        default: break;
        }
    }
#endif
    switch (nf) {
    GFP_FAST(float, 8, 1, 256, GFP_MODE_C2C, 8)
    GFP_FASTB(float, 16, 4, 64, GFP_MODE_C2C, 8, 4, 4)
    GFP_FASTB(float, 32, 8, 32, C2C_L(3), 8, 2, 4, 4)
    GFP_FASTB(float, 64, 8, 32, C2C_L(15), 6, 8, 8)
    GFP_FAST(float, 128, 8, 32, C2C_L(7), 8, 16)
    GFP_FAST(float, 256, 16, 16, GFP_MODE_C2C, 16, 16)
    GFP_FAST(float, 512, 32, 8, GFP_MODE_C2C, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 4, GFP_MODE_C2C, 4, 16, 16)
    GFP_FAST(float, 2048, 128, 2, GFP_MODE_C2C, 8, 16, 16)
    GFP_FAST(float, 4096, 256, 1, GFP_MODE_C2C, 16, 16, 16)
    GFP_FAST(float, 8192, 512, 1, GFP_MODE_C2C, 2, 16, 16, 16)
    default: return false;
    }
}
