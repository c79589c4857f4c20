/* gfp_gpu_fast_r2c32.cu - specialised R2C f32 kernels (n = 2 nf, even),
 * half-length complex FFT with the split step fused, and C2R's with the
 * merge step fused into the load. */
#include "gfp_gpu_fast.cuh"

/* the one-block shapes of R2C and C2R (mode M), nf = n/2 = 16 .. 16384.
 * v7: shared layouts of n = 128, 256 from the bank model (see c2c32s);
 * n = 256 on 16 threads a frame, radix 16 first (A/B, bench/NOTES.md v7).
 * n = 16384 (issue 4): one block as C2C 8192, 69.6 KB; past the generic
 * kernels' reach, planned through fast_fits (gfp_gpu.cu). n = 32768
 * (issue 4): one frame a block of 1024 threads, 139 KB (the generic
 * single-block kernel ran R2C at 0.39x cuFFT). */
#define HALF_L(M, e) ((M) | GFP_FAST_PAD3 | GFP_FAST_PSX(e))
#define GFP_FAST_HALF(M)                                                                       \
    GFP_FAST(float, 16, 1, 256, M, 16)                                                         \
    GFP_FASTB(float, 32, 4, 64, M, 6, 4, 8)                                                    \
    GFP_FASTB(float, 64, 8, 32, HALF_L(M, 15), 6, 8, 8)                                        \
    GFP_FAST(float, 128, 16, 16, HALF_L(M, 7), 16, 8)                                          \
    GFP_FAST(float, 256, 16, 16, M, 16, 16)                                                    \
    GFP_FAST(float, 512, 32, 8, M, 2, 16, 16)                                                  \
    GFP_FAST(float, 1024, 64, 4, M, 4, 16, 16)                                                 \
    GFP_FAST(float, 2048, 128, 2, M, 8, 16, 16)                                                \
    GFP_FASTB(float, 4096, 256, 1, M, 3, 16, 16, 16)                                           \
    GFP_FAST(float, 8192, 512, 1, M, 2, 16, 16, 16)                                            \
    GFP_FAST(float, 16384, 1024, 1, M, 16, 16, 16, 4)

bool gfp_fast_r2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    if (nf == 128 && gfp_fast_alt() == 5) /* v4 */
        return gfpfast::fill<float, 128, 8, 32, GFP_MODE_R2C, 0, -1, 8, 16>(f);
    /* n = 8192: cuFFT's (ncu) 256 threads, 16 values a thread, 63
     * registers, four blocks an SM */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 3104096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C, 4, -1, 16, 16, 16>(f);
    case 3204096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_CS, 4, -1, 16, 16, 16>(f);
    case 3304096: return gfpfast::fill<float, 4096, 512, 1, GFP_MODE_R2C, 2, -1, 8, 8, 8, 8>(f);
    case 3404096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C, 4, -1, 8, 8, 8, 8>(f);
    /* v9: split exchange (skernel), half the shared memory */
    case 4104096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_R2C, 4, 16, 16, 16>(f);
    case 4204096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_R2C, 3, 16, 16, 16>(f);
    case 4304096: return gfpfast::fill_split<float, 4096, 128, 1, GFP_MODE_R2C, 6, 16, 16, 16>(f);
    case 4404096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_CS, 4, 16, 16, 16>(f);
    case 4504096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_PAD5, 4, 16, 16, 16>(f);
    case 4804096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_P256, 3, -1, 16, 16, 16>(f);
    /* alts 70-72: the split in the last stage's registers (GFP_FAST_R2CD),
     * cuts whose last stage has an even number of columns a thread (16384:
     * the product's) */
#define R2C_D (GFP_MODE_R2C | GFP_FAST_R2CD)
    case 7004096: return gfpfast::fill<float, 4096, 128, 1, R2C_D, 4, -1, 16, 16, 16>(f);
    case 7008192: return gfpfast::fill<float, 8192, 512, 1, R2C_D, 0, -1, 16, 16, 16, 2>(f);
    case 7016384: return gfpfast::fill<float, 16384, 1024, 1, R2C_D, 0, -1, 16, 16, 16, 4>(f);
    case 7108192: return gfpfast::fill<float, 8192, 256, 1, R2C_D, 3, -1, 2, 16, 16, 16>(f);
    case 7208192: return gfpfast::fill<float, 8192, 512, 1, R2C_D, 0, -1, 16, 16, 4, 8>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST_HALF(GFP_MODE_R2C)
    default: return false;
    }
}

/* C2R of n = 2 nf: the R2C kernels' shapes, the merge in the load (bins k
 * and nf - k a thread), the conjugating C2C store. Until stop 32 the
 * generic kernel ran these (n = 16384: 0.30x cuFFT, 32768: 0.44x on an
 * H200, bench/NOTES.md). */
bool gfp_fast_c2r_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 67: the load a pair at a time (GFP_FAST_C2RU) */
#define C2R_U (GFP_MODE_C2R | GFP_FAST_C2RU)
    switch (gfp_fast_alt() * 100000 + nf) {
    case 6700128: return gfpfast::fill<float, 128, 16, 16, HALF_L(C2R_U, 7), 0, -1, 16, 8>(f);
    case 6702048: return gfpfast::fill<float, 2048, 128, 2, C2R_U, 0, -1, 8, 16, 16>(f);
    case 6708192: return gfpfast::fill<float, 8192, 512, 1, C2R_U, 0, -1, 2, 16, 16, 16>(f);
    case 6716384: return gfpfast::fill<float, 16384, 1024, 1, C2R_U, 0, -1, 16, 16, 16, 4>(f);
    /* alts 68, 69: the merge in the first stage's registers (GFP_FAST_C2RD):
     * the product's shapes where the first stage has an even number of
     * columns a thread (68), else (4096, 16384) other cuts that do */
#define C2R_D (GFP_MODE_C2R | GFP_FAST_C2RD)
    case 6800032: return gfpfast::fill<float, 32, 4, 64, C2R_D, 6, -1, 4, 8>(f);
    case 6800512: return gfpfast::fill<float, 512, 32, 8, C2R_D, 0, -1, 2, 16, 16>(f);
    case 6801024: return gfpfast::fill<float, 1024, 64, 4, C2R_D, 0, -1, 4, 16, 16>(f);
    case 6802048: return gfpfast::fill<float, 2048, 128, 2, C2R_D, 0, -1, 8, 16, 16>(f);
    case 6804096: return gfpfast::fill<float, 4096, 128, 1, C2R_D, 4, -1, 16, 16, 16>(f);
    case 6808192: return gfpfast::fill<float, 8192, 512, 1, C2R_D, 0, -1, 2, 16, 16, 16>(f);
    case 6816384: return gfpfast::fill<float, 16384, 1024, 1, C2R_D, 0, -1, 4, 16, 16, 16>(f);
    case 6904096: return gfpfast::fill<float, 4096, 256, 1, C2R_D, 3, -1, 2, 8, 16, 16>(f);
    case 6908192: return gfpfast::fill<float, 8192, 256, 1, C2R_D, 3, -1, 2, 16, 16, 16>(f);
    case 6916384: return gfpfast::fill<float, 16384, 512, 1, C2R_D, 1, -1, 16, 16, 16, 4>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST_HALF(GFP_MODE_C2R)
    default: return false;
    }
}
