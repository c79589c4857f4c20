/* gfp_gpu_fast_c2c64.cu - specialised Z2Z f64 kernels, powers of two. */
#include "gfp_gpu_fast.cuh"

/* 8192: the whole transform in one block (136 KB of shared memory, so one
 * block per SM), 512 threads of 16 elements, 128 registers: 16 x 8 x 8 x 8
 * measured best of five cuts (bench/NOTES.md, v6); twiddles above R/2 as
 * products (GFP_FAST_HTW): the last stage's table (112 KB) does not stay in
 * what L1 has beside the 136 KB of shared memory; 0.975 -> 1.019 (v7).
 * The alternatives are the A/B runs' (alt 6: v6, without HTW) */
bool gfp_fast_c2c_f64(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    if (nf == 8192) {
        switch (gfp_fast_alt()) {
        case 1: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C, 1, -1, 8, 8, 8, 16>(f);
        case 2: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_CS, 1, -1, 16, 8, 8, 8>(f);
        case 3: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C, 1, -1, 8, 16, 8, 8>(f);
        case 4: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C, 1, -1, 8, 8, 16, 8>(f);
        case 6: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C, 1, -1, 16, 8, 8, 8>(f);
        case 7: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_HTW | GFP_FAST_CS, 1, -1, 16, 8, 8, 8>(f);
        case 8: return gfpfast::fill<double, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_HTW, 1, -1, 8, 8, 8, 16>(f);
        default: break;
        }
    }
#endif
    switch (nf) {
    GFP_FASTB(double, 8, 2, 128, GFP_MODE_C2C, 6, 2, 4)
    GFP_FASTB(double, 16, 4, 64, GFP_MODE_C2C, 5, 4, 4)
    GFP_FAST(double, 32, 4, 64, GFP_MODE_C2C, 4, 8)
    GFP_FAST(double, 64, 8, 32, GFP_MODE_C2C, 8, 8)
    GFP_FAST(double, 128, 16, 16, GFP_MODE_C2C, 2, 8, 8)
    GFP_FAST(double, 256, 32, 8, GFP_MODE_C2C, 4, 8, 8)
    GFP_FAST(double, 512, 64, 4, GFP_MODE_C2C, 8, 8, 8)
    GFP_FAST(double, 1024, 128, 2, GFP_MODE_C2C, 2, 8, 8, 8)
    GFP_FAST(double, 2048, 256, 1, GFP_MODE_C2C, 4, 8, 8, 8)
    GFP_FAST(double, 4096, 512, 1, GFP_MODE_C2C, 8, 8, 8, 8)
    GFP_FASTB(double, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_HTW, 1, 16, 8, 8, 8)
    default: return false;
    }
}
