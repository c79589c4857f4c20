/* gfp_gpu_fast_c2c32.cu - specialised C2C f32 kernels, powers of two. */
#include "gfp_gpu_fast.cuh"

#ifdef GFP_FAST_AB
/* the bank model's layout for 128 (bench/NOTES.md v7: 0.972 -> 0.954) */
#define C2C_L(e) (GFP_MODE_C2C | GFP_FAST_PAD3 | GFP_FAST_PSX(e))
#endif
bool gfp_fast_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    if (nf == 128) {
        switch (gfp_fast_alt()) {
        case 5: return gfpfast::fill<float, 128, 8, 32, C2C_L(7), 0, -1, 8, 16>(f);
        case 6: return gfpfast::fill<float, 128, 16, 16, GFP_MODE_C2C, 0, -1, 8, 16>(f);
        case 7: return gfpfast::fill<float, 128, 16, 16, GFP_MODE_C2C, 0, -1, 16, 8>(f);
        case 8: return gfpfast::fill<float, 128, 8, 64, GFP_MODE_C2C, 0, -1, 8, 16>(f);
        case 9: return gfpfast::fill<float, 128, 8, 16, GFP_MODE_C2C, 0, -1, 8, 16>(f);
        case 10: return gfpfast::fill<float, 128, 32, 8, GFP_MODE_C2C, 0, -1, 4, 4, 8>(f);
        case 11: return gfpfast::fill<float, 128, 8, 32, GFP_MODE_C2C, 0, -1, 16, 8>(f);
        case 12: return gfpfast::fill<float, 128, 8, 32, GFP_MODE_C2C | GFP_FAST_CS, 0, -1, 8, 16>(f);
        default: break;
        }
    }
    if (nf == 8192 && gfp_fast_alt() == 6)
        return gfpfast::fill<float, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_HTW, 0, -1, 2, 16, 16, 16>(f);
#endif
    switch (nf) {
    GFP_FAST(float, 8, 1, 256, GFP_MODE_C2C, 8)
    GFP_FASTB(float, 16, 4, 64, GFP_MODE_C2C, 8, 4, 4)
    GFP_FASTB(float, 32, 8, 32, GFP_MODE_C2C, 8, 2, 4, 4)
    GFP_FASTB(float, 64, 8, 32, GFP_MODE_C2C, 6, 8, 8)
    GFP_FAST(float, 128, 8, 32, GFP_MODE_C2C, 8, 16)
    GFP_FAST(float, 256, 16, 16, GFP_MODE_C2C, 16, 16)
    GFP_FAST(float, 512, 32, 8, GFP_MODE_C2C, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 4, GFP_MODE_C2C, 4, 16, 16)
    GFP_FAST(float, 2048, 128, 2, GFP_MODE_C2C, 8, 16, 16)
    GFP_FAST(float, 4096, 256, 1, GFP_MODE_C2C, 16, 16, 16)
    GFP_FAST(float, 8192, 512, 1, GFP_MODE_C2C, 2, 16, 16, 16)
    default: return false;
    }
}
