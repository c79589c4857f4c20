/* gfp_gpu_fast_c2c32s.cu - specialised C2C f32 kernels, smooth non-powers. */
/* odd radices: L1 (shared + twiddle loads) is the measured limit (ncu,
 * 2401: 87 % L1/TEX throughput), so half the twiddles are products */
#ifndef GFP_FAST_HALFTW
#define GFP_FAST_HALFTW 1
#endif
#include "gfp_gpu_fast.cuh"

bool gfp_fast_c2c_f32s(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 1: the same set with streaming global access (GFP_FAST_CS), an
     * open question: +0.2..1.4 % in one device run, -1.5..-3 % in the next */
    if (gfp_fast_alt() == 1) {
        switch (nf) {
        GFP_FAST(float, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_CS, 10, 10, 10)
        GFP_FAST(float, 1331, 121, 2, GFP_MODE_C2C | GFP_FAST_CS, 11, 11, 11)
        GFP_FAST(float, 2187, 243, 1, GFP_MODE_C2C | GFP_FAST_CS, 9, 9, 9, 3)
        GFP_FASTB(float, 2197, 169, 3, GFP_MODE_C2C | GFP_FAST_CS, 2, 13, 13, 13)
        GFP_FASTP(float, 2401, 343, 1, GFP_MODE_C2C | GFP_FAST_CS, 4, 7, 7, 7, 7)
        GFP_FAST(float, 3000, 375, 1, GFP_MODE_C2C | GFP_FAST_CS, 8, 15, 5, 5)
        GFP_FASTB(float, 3125, 125, 2, GFP_MODE_C2C | GFP_FAST_CS, 2, 25, 25, 5)
        GFP_FAST(float, 4095, 455, 1, GFP_MODE_C2C | GFP_FAST_CS, 13, 9, 7, 5)
        default: break;
        }
    }
#endif
#ifdef GFP_FAST_AB
    if (gfp_fast_alt() == 5) { /* v5's layout (padding every 16 elements) */
        switch (nf) {
        GFP_FAST(float, 1000, 100, 3, GFP_MODE_C2C, 10, 10, 10)
        GFP_FAST(float, 1331, 121, 2, GFP_MODE_C2C, 11, 11, 11)
        GFP_FAST(float, 2187, 243, 1, GFP_MODE_C2C, 9, 9, 9, 3)
        GFP_FASTB(float, 2197, 169, 3, GFP_MODE_C2C, 2, 13, 13, 13)
        GFP_FASTP(float, 2401, 343, 1, GFP_MODE_C2C, 4, 7, 7, 7, 7)
        GFP_FAST(float, 3000, 375, 1, GFP_MODE_C2C, 8, 15, 5, 5)
        GFP_FASTB(float, 3125, 125, 2, GFP_MODE_C2C, 2, 25, 25, 5)
        GFP_FAST(float, 4095, 455, 1, GFP_MODE_C2C, 13, 9, 7, 5)
        default: break;
        }
    }
    /* 3000 around v7's 8 x 15 x 25: other thread counts */
    switch (gfp_fast_alt() * 4096 + nf) {
    case 6 * 4096 + 3000: return gfpfast::fill<float, 3000, 125, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 6, -1, 8, 15, 25>(f);
    case 7 * 4096 + 3000: return gfpfast::fill<float, 3000, 150, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 5, -1, 8, 15, 25>(f);
    case 8 * 4096 + 3000: return gfpfast::fill<float, 3000, 125, 2, GFP_MODE_C2C | GFP_FAST_PAD5, 3, -1, 8, 15, 25>(f);
    case 9 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 4, 1, 8, 15, 25>(f);
    case 10 * 4096 + 3000: return gfpfast::fill<float, 3000, 120, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 6, -1, 8, 15, 25>(f);
    /* v8 (bench/NOTES.md): five blocks an SM (56 registers, small
     * spills), other orders, two frames a block; alt 14 is v7's cut as
     * v7 had it, 28 the same with streaming access */
    case 11 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 5, -1, 8, 15, 5, 5>(f);
    case 12 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 5, -1, 8, 5, 5, 5, 3>(f);
    case 13 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 4, -1, 15, 8, 25>(f);
    case 14 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 4, -1, 8, 15, 25>(f);
    case 15 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 2, GFP_MODE_C2C | GFP_FAST_PAD5, 2, -1, 8, 15, 25>(f);
    case 16 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 5, -1, 8, 15, 25>(f);
    case 17 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5 | GFP_FAST_CS, 5, -1, 8, 15, 5, 5>(f);
    /* cuFFT's own 3000 (ncu, H100): 100 threads, 30 values a thread, 96
     * registers, 24 KB unpadded, five blocks an SM: 10 x 10 x 30 */
    case 18 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 5, -1, 10, 10, 30>(f);
    case 19 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_CS, 5, -1, 10, 10, 30>(f);
    case 20 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 5, -1, 30, 10, 10>(f);
    case 21 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 5, -1, 10, 30, 10>(f);
    case 22 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 5, -1, 10, 10, 30>(f);
    case 23 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 6, -1, 10, 10, 30>(f);
    case 24 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 6, -1, 30, 10, 10>(f);
    case 25 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_CS, 5, -1, 30, 10, 10>(f);
    case 26 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 4, -1, 30, 10, 10>(f);
    case 27 * 4096 + 3000: return gfpfast::fill<float, 3000, 100, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(1), 3, -1, 30, 10, 10>(f);
    case 28 * 4096 + 3000: return gfpfast::fill<float, 3000, 200, 1, GFP_MODE_C2C | GFP_FAST_PAD5 | GFP_FAST_CS, 4, -1, 8, 15, 25>(f);
    default: break;
    }
#endif
    /* v5: 1000 as 10^3 on 100 threads (every stage's butterflies a multiple
     * of the threads, 3 stages instead of 4), 2401 with a 4-blocks register
     * cap (40 registers), 3000 as 8 x 15 x 5 x 5 (4 stages instead of 5).
     * v7: shared layouts from the bank model (bench/gpu/banks.py): no
     * padding where every radix is odd, a frame stride (PSX) that keeps a
     * warp's frames apart; 3000 as 8 x 15 x 25 on 200 threads with a
     * 4-blocks cap (A/B runs, bench/NOTES.md v7); v8: 3000 as cuFFT cuts
     * it (ncu: 100 threads, 30 values a thread, five blocks an SM), as
     * 30 x 10 x 10, unpadded (A/B runs, bench/NOTES.md v8) */
    switch (nf) {
    GFP_FAST(float, 1000, 100, 3, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(11), 10, 10, 10)
    GFP_FAST(float, 1331, 121, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(4), 11, 11, 11)
    GFP_FAST(float, 2187, 243, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 9, 9, 9, 3)
    GFP_FASTB(float, 2197, 169, 3, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(2), 2, 13, 13, 13)
    GFP_FASTP(float, 2401, 343, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 4, 7, 7, 7, 7)
    GFP_FASTB(float, 3000, 100, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 5, 30, 10, 10)
    GFP_FASTB(float, 3125, 125, 2, GFP_MODE_C2C | GFP_FAST_NOPAD | GFP_FAST_PSX(6), 3, 25, 25, 5)
    GFP_FAST(float, 4095, 455, 1, GFP_MODE_C2C | GFP_FAST_NOPAD, 13, 9, 7, 5)
    default: return false;
    }
}
