/* gfp_gpu_fast_r2c32.cu - specialised R2C f32 kernels (n = 2 nf, even),
 * half-length complex FFT with the split step fused. */
#include "gfp_gpu_fast.cuh"

/* v7: shared layouts of n = 128, 256 from the bank model (see c2c32s) */
#define R2C_L(e) (GFP_MODE_R2C | GFP_FAST_PAD3 | GFP_FAST_PSX(e))
bool gfp_fast_r2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    if (nf == 128 || nf == 4096) {
        switch (gfp_fast_alt() * 8192 + nf) {
        case 5 * 8192 + 128: return gfpfast::fill<float, 128, 8, 32, GFP_MODE_R2C, 0, -1, 8, 16>(f);
        case 6 * 8192 + 128: return gfpfast::fill<float, 128, 16, 16, R2C_L(7), 0, -1, 16, 8>(f);
        case 7 * 8192 + 128: return gfpfast::fill<float, 128, 8, 16, R2C_L(7), 0, -1, 8, 16>(f);
        case 8 * 8192 + 128: return gfpfast::fill<float, 128, 8, 32, R2C_L(7), 0, -1, 16, 8>(f);
        case 9 * 8192 + 128: return gfpfast::fill<float, 128, 16, 16, R2C_L(7), 0, -1, 8, 16>(f);
        case 5 * 8192 + 4096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C, 2, -1, 16, 16, 16>(f);
        case 6 * 8192 + 4096: return gfpfast::fill<float, 4096, 512, 1, GFP_MODE_R2C, 0, -1, 8, 8, 8, 8>(f);
        case 7 * 8192 + 4096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C, 4, -1, 16, 16, 16>(f);
        case 8 * 8192 + 4096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_PAD5, 3, -1, 16, 16, 16>(f);
        case 9 * 8192 + 4096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_HTW, 3, -1, 16, 16, 16>(f);
        default: break;
        }
    }
#endif
    switch (nf) {
    GFP_FAST(float, 16, 1, 256, GFP_MODE_R2C, 16)
    GFP_FASTB(float, 32, 4, 64, GFP_MODE_R2C, 6, 4, 8)
    GFP_FASTB(float, 64, 8, 32, R2C_L(15), 6, 8, 8)
    GFP_FAST(float, 128, 8, 32, R2C_L(7), 8, 16)
    GFP_FAST(float, 256, 16, 16, GFP_MODE_R2C, 16, 16)
    GFP_FAST(float, 512, 32, 8, GFP_MODE_R2C, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 4, GFP_MODE_R2C, 4, 16, 16)
    GFP_FAST(float, 2048, 128, 2, GFP_MODE_R2C, 8, 16, 16)
    GFP_FASTB(float, 4096, 256, 1, GFP_MODE_R2C, 3, 16, 16, 16)
    default: return false;
    }
}
