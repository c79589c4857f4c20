/* gfp_gpu_fast_c2c64s.cu - specialised Z2Z f64 kernels, smooth non-powers.
 * Every twiddle from the long-double table (half-table products would put
 * 3125 over cuFFT's error); radices 3..13 direct, 10 and 25 composite.
 * Register caps (the B in GFP_FASTB) and frames per block chosen by A/B
 * runs on the H100 (bench/NOTES.md, v5). */
#include "gfp_gpu_fast.cuh"

bool gfp_fast_c2c_f64s(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 1: the same set with streaming global access (see c2c32s) */
    if (gfp_fast_alt() == 1) {
        switch (nf) {
        GFP_FAST(double, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_CS, 10, 10, 10)
        GFP_FASTB(double, 1331, 121, 2, GFP_MODE_C2C | GFP_FAST_CS, 2, 11, 11, 11)
        GFP_FAST(double, 2187, 243, 1, GFP_MODE_C2C | GFP_FAST_CS, 9, 9, 9, 3)
        GFP_FASTB(double, 2197, 169, 1, GFP_MODE_C2C | GFP_FAST_CS, 2, 13, 13, 13)
        GFP_FASTP(double, 2401, 343, 1, GFP_MODE_C2C | GFP_FAST_CS, 2, 7, 7, 7, 7)
        GFP_FAST(double, 3000, 375, 1, GFP_MODE_C2C | GFP_FAST_CS, 8, 5, 5, 5, 3)
        GFP_FASTB(double, 3125, 125, 1, GFP_MODE_C2C | GFP_FAST_CS, 3, 25, 25, 5)
        GFP_FAST(double, 4095, 455, 1, GFP_MODE_C2C | GFP_FAST_CS, 13, 9, 7, 5)
        default: break;
        }
    }
#endif
#ifdef GFP_FAST_AB
    if (gfp_fast_alt() == 5) { /* v5's layout (padding every 16 elements) */
        switch (nf) {
        GFP_FAST(double, 1000, 100, 3, GFP_MODE_C2C, 10, 10, 10)
        GFP_FASTB(double, 1331, 121, 2, GFP_MODE_C2C, 2, 11, 11, 11)
        GFP_FAST(double, 2187, 243, 1, GFP_MODE_C2C, 9, 9, 9, 3)
        GFP_FASTB(double, 2197, 169, 1, GFP_MODE_C2C, 2, 13, 13, 13)
        GFP_FASTP(double, 2401, 343, 1, GFP_MODE_C2C, 2, 7, 7, 7, 7)
        GFP_FASTB(double, 3125, 125, 1, GFP_MODE_C2C, 3, 25, 25, 5)
        GFP_FAST(double, 4095, 455, 1, GFP_MODE_C2C, 13, 9, 7, 5)
        default: break;
        }
    }
    /* 1000: other cuts and frames per block */
    switch (gfp_fast_alt() * 4096 + nf) {
    case 6 * 4096 + 1000: return gfpfast::fill<double, 1000, 125, 1, GFP_MODE_C2C | GFP_FAST_PAD3, 0, -1, 8, 5, 5, 5>(f);
    case 7 * 4096 + 1000: return gfpfast::fill<double, 1000, 125, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(4), 0, -1, 5, 5, 5, 8>(f);
    case 8 * 4096 + 1000: return gfpfast::fill<double, 1000, 100, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 0, -1, 10, 10, 10>(f);
    case 9 * 4096 + 1000: return gfpfast::fill<double, 1000, 100, 4, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 0, -1, 10, 10, 10>(f);
    case 10 * 4096 + 1000: return gfpfast::fill<double, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3) | GFP_FAST_CS, 0, -1, 10, 10, 10>(f);
    /* v9: split exchange (skernel), half the shared memory */
    case 41 * 4096 + 1000: return gfpfast::fill_split<double, 1000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 0, 10, 10, 10>(f);
    case 42 * 4096 + 1000: return gfpfast::fill_split<double, 1000, 100, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 0, 10, 10, 10>(f);
    case 43 * 4096 + 1000: return gfpfast::fill_split<double, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 0, 10, 10, 10>(f);
    case 44 * 4096 + 1000: return gfpfast::fill_split<double, 1000, 100, 1, GFP_MODE_C2C, 0, 10, 10, 10>(f);
    case 45 * 4096 + 1000: return gfpfast::fill_split<double, 1000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3) | GFP_FAST_CS, 0, 10, 10, 10>(f);
    case 48 * 4096 + 1000: return gfpfast::fill<double, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3) | GFP_FAST_P256, 0, -1, 10, 10, 10>(f);
    case 49 * 4096 + 1000: return gfpfast::fill<double, 1000, 100, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3) | GFP_FAST_P256, 0, -1, 10, 10, 10>(f);
    case 50 * 4096 + 1000: return gfpfast::fill_pipe<double, 1000, 100, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 6, 10, 10, 10>(f);
    case 51 * 4096 + 1000: return gfpfast::fill_pipe<double, 1000, 100, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 8, 10, 10, 10>(f);
    case 52 * 4096 + 1000: return gfpfast::fill<double, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 0, -1, 10, 10, 10>(f);
    case 46 * 4096 + 1000: return gfpfast::fill_split<double, 1000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3), 6, 10, 10, 10>(f);
    default: break;
    }
#endif
    /* v7: shared layouts from the bank model (see c2c32s); 1000 and 2401
     * as the A/B runs of v7 chose, half-table twiddles (GFP_FAST_HTW) where
     * they measured faster and the error stayed under cuFFT's (not 3125:
     * bench/NOTES.md v5). 1000 since v9: two frames a block and 256-byte
     * L2 fills, +0.3-0.4 % over v7's three frames (alt 52) in four paired
     * runs on the H100, both at the copy rate. */
    switch (nf) {
    GFP_FAST(double, 1000, 100, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(3) | GFP_FAST_P256, 10, 10, 10)
    GFP_FASTB(double, 1331, 121, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(4) | GFP_FAST_HTW, 2, 11, 11, 11)
    GFP_FAST(double, 2187, 243, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_HTW, 9, 9, 9, 3)
    GFP_FASTB(double, 2197, 169, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_HTW, 2, 13, 13, 13)
    GFP_FASTB(double, 2401, 343, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_HTW, 2, 7, 7, 7, 7)
    GFP_FAST(double, 3000, 375, 1, GFP_MODE_C2C, 8, 5, 5, 5, 3)
    GFP_FASTB(double, 3125, 125, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 3, 25, 25, 5)
    GFP_FAST(double, 4095, 455, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 13, 9, 7, 5)
    default: return false;
    }
}
