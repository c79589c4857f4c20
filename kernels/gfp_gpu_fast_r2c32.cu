/* gfp_gpu_fast_r2c32.cu - specialised R2C f32 kernels (n = 2 nf, even),
 * half-length complex FFT with the split step fused into the store or
 * the last stage, and C2R's with the merge step fused into the load or
 * the first stage. */
#include "gfp_gpu_fast.cuh"

/* the one-block shapes of R2C and C2R (mode M), nf = n/2 = 16 .. 16384.
 * v7: shared layouts of n = 128, 256 from the bank model (see c2c32s);
 * n = 256 on 16 threads a frame, radix 16 first (A/B, bench/NOTES.md v7).
 * n = 16384 (issue 4): one block as C2C 8192, 69.6 KB; past the generic
 * kernels' reach, planned through fast_fits (gfp_gpu.cu). n = 32768
 * (issue 4): one frame a block of 1024 threads, 139 KB (the generic
 * single-block kernel ran R2C at 0.39x cuFFT). Up to nf = 1024 R2C and
 * C2R share them; past it, stop 33 (bench/NOTES.md, H200) gave each kind
 * its own where the split (R2C, GFP_FAST_R2CD) or the merge (C2R,
 * GFP_FAST_C2RD) in registers measured faster: R2C nf 4096 +5.6 %, 8192
 * +9.7 % (a cut whose last stage is radix 8), 16384 +4.6 % (16,16,8,8);
 * C2R nf 2048 +4.5 %, 8192 +15 %, 16384 +24 % (radix 4 first). */
#define HALF_L(M, e) ((M) | GFP_FAST_PAD3 | GFP_FAST_PSX(e))
#define GFP_FAST_HALF(M)                                                                       \
    GFP_FAST(float, 16, 1, 256, M, 16)                                                         \
    GFP_FASTB(float, 32, 4, 64, M, 6, 4, 8)                                                    \
    GFP_FASTB(float, 64, 8, 32, HALF_L(M, 15), 6, 8, 8)                                        \
    GFP_FAST(float, 128, 16, 16, HALF_L(M, 7), 16, 8)                                          \
    GFP_FAST(float, 256, 16, 16, M, 16, 16)                                                    \
    GFP_FAST(float, 512, 32, 8, M, 2, 16, 16)                                                  \
    GFP_FAST(float, 1024, 64, 4, M, 4, 16, 16)
#define R2C_D (GFP_MODE_R2C | GFP_FAST_R2CD)
#define C2R_D (GFP_MODE_C2R | GFP_FAST_C2RD)

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
    /* stop 33's split in the last stage's registers (GFP_FAST_R2CD; H200,
     * x the product of then, the store from shared memory): alt 70 8192
     * at 512 x (16,16,16,2) +3 %, 32768 at the product's cut +1.8 %; alt
     * 71 16384 at 256 x (2,16,16,16) -28 %. 72 (8192 at 512 x
     * (16,16,4,8)) and 70's 4096 are now the product; the forms below
     * are the old products (alt 70: 4096, 8192 as 256 x 16^3 and 512 x
     * (2,16,16,16), the split from shared memory) and more cuts (73-75;
     * call 3: 73's 16384 (16,16,8,8) +4.6 %, now the product, and 70's
     * 16384 is the old product's cut with R2CD; the rest -3.4 .. +0.8 %);
     * 76-79: the product's 8192 with other shared layouts (PAD5, PAD3,
     * NOPAD) and streaming access (CS) */
    case 7004096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_R2C, 3, -1, 16, 16, 16>(f);
    case 7008192: return gfpfast::fill<float, 8192, 512, 1, GFP_MODE_R2C, 0, -1, 2, 16, 16, 16>(f);
    case 7016384: return gfpfast::fill<float, 16384, 1024, 1, R2C_D, 0, -1, 16, 16, 16, 4>(f);
    case 7108192: return gfpfast::fill<float, 8192, 256, 1, R2C_D, 3, -1, 2, 16, 16, 16>(f);
    case 7308192: return gfpfast::fill<float, 8192, 512, 1, R2C_D, 0, -1, 16, 16, 8, 4>(f);
    case 7408192: return gfpfast::fill<float, 8192, 512, 1, R2C_D, 0, -1, 16, 8, 8, 8>(f);
    case 7508192: return gfpfast::fill<float, 8192, 512, 1, R2C_D, 0, -1, 8, 16, 16, 4>(f);
    case 7316384: return gfpfast::fill<float, 16384, 1024, 1, GFP_MODE_R2C, 0, -1, 16, 16, 16, 4>(f);
    case 7608192: return gfpfast::fill<float, 8192, 512, 1, R2C_D | GFP_FAST_PAD5, 0, -1, 16, 16, 4, 8>(f);
    case 7708192: return gfpfast::fill<float, 8192, 512, 1, R2C_D | GFP_FAST_PAD3, 0, -1, 16, 16, 4, 8>(f);
    case 7808192: return gfpfast::fill<float, 8192, 512, 1, R2C_D | GFP_FAST_NOPAD, 0, -1, 16, 16, 4, 8>(f);
    case 7908192: return gfpfast::fill<float, 8192, 512, 1, R2C_D | GFP_FAST_CS, 0, -1, 16, 16, 4, 8>(f);
    case 7416384: return gfpfast::fill<float, 16384, 1024, 1, R2C_D, 0, -1, 16, 8, 16, 8>(f);
    /* stop 36: nf 8192 on the split exchange (skernel) as C2C 8192's
     * product, the split step from shared memory (H200: 1058-1149 GB/s
     * against the product's 3173, bench/NOTES.md) */
    case 8008192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C, 3, 32, 16, 16>(f);
    case 8108192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C, 3, 16, 32, 16>(f);
    case 8208192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C, 3, 16, 16, 32>(f);
    /* stop 37: the split step from a complex buffer (GFP_FAST_SRC, 66 KB
     * at nf 8192, three blocks an SM still fit), and 80's form at two
     * blocks an SM (128 registers, none spilt). H200, GB/s against the
     * product's 3135-3179 at nf 8192: 83 1870-1875, 87 2632-2658, 88
     * 1385-1417; 89 (SRC with GFP_FAST_SRT) 2540-2562, 90 2450-2456; at
     * nf 4096 against 3533-3556: 87 3387-3413, 89 3315-3319
     * (bench/NOTES.md, stop 37) */
    case 8308192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C | GFP_FAST_SRC, 3, 32, 16, 16>(f);
    case 8708192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C | GFP_FAST_SRC, 3, 16, 16, 32>(f);
    case 8808192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C, 2, 32, 16, 16>(f);
    case 8908192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C | GFP_FAST_SRC | GFP_FAST_SRT, 3, 16, 16, 32>(f);
    case 9008192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_R2C | GFP_FAST_SRC | GFP_FAST_SRT, 3, 32, 16, 16>(f);
    case 8904096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_SRC | GFP_FAST_SRT, 4, 16, 16, 16>(f);
    /* the split in the last stage's registers on the split exchange
     * (skernel with GFP_FAST_R2CD: columns c0 and NB - c0 a thread).
     * H200, GB/s against the product's 3148-3173 at nf 8192: 91
     * 2370-2375, 92 2068-2095, 93 2633-2635, 94 2107-2116; at nf 4096
     * against 3518-3565: 91 2067-2069 (bench/NOTES.md, stop 37) */
    case 9108192: return gfpfast::fill_split<float, 8192, 256, 1, R2C_D, 3, 32, 16, 16>(f);
    case 9208192: return gfpfast::fill_split<float, 8192, 256, 1, R2C_D, 3, 16, 32, 16>(f);
    case 9308192: return gfpfast::fill_split<float, 8192, 256, 1, R2C_D | GFP_FAST_CS, 3, 32, 16, 16>(f);
    case 9408192: return gfpfast::fill_split<float, 8192, 256, 1, R2C_D, 2, 32, 16, 16>(f);
    case 9104096: return gfpfast::fill_split<float, 4096, 128, 1, R2C_D, 6, 16, 16, 16>(f);
    case 8704096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_R2C | GFP_FAST_SRC, 4, 16, 16, 16>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST_HALF(GFP_MODE_R2C)
    GFP_FAST(float, 2048, 128, 2, GFP_MODE_R2C, 8, 16, 16)
    GFP_FASTB(float, 4096, 128, 1, R2C_D, 4, 16, 16, 16)
    GFP_FAST(float, 8192, 512, 1, R2C_D, 16, 16, 4, 8)
    GFP_FAST(float, 16384, 1024, 1, R2C_D, 16, 16, 8, 8)
    default: return false;
    }
}

/* C2R of n = 2 nf: up to nf 1024 the R2C kernels' shapes and at 4096
 * their shape before stop 33 (256 x 16^3), the merge in the load (bins k
 * and nf - k a thread); at 2048, 8192 and 16384 the merge in the first
 * stage's registers (GFP_FAST_C2RD); the conjugating C2C store. Until stop 32 the generic kernel ran these (n = 16384:
 * 0.30x cuFFT, 32768: 0.44x on an H200, bench/NOTES.md). */
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
    /* stop 33's merge in the first stage's registers (GFP_FAST_C2RD; H200,
     * x the product of then, the merge in a block-wide load): alt 68 nf
     * 32, 512, 1024 -2.5 to -3.7 %, 4096 at 128 x 16^3 -5 %; alt 69 4096
     * at 256 x (2,8,16,16) +2.8 %, 8192 at 256 x (2,16,16,16) -40 %. 68's
     * 2048, 8192 and 16384 (1024 x (4,16,16,16)) are now the product; 68
     * below: the old products, the merge in the load; 73, 74 more cuts */
    case 6800032: return gfpfast::fill<float, 32, 4, 64, C2R_D, 6, -1, 4, 8>(f);
    case 6800512: return gfpfast::fill<float, 512, 32, 8, C2R_D, 0, -1, 2, 16, 16>(f);
    case 6801024: return gfpfast::fill<float, 1024, 64, 4, C2R_D, 0, -1, 4, 16, 16>(f);
    case 6802048: return gfpfast::fill<float, 2048, 128, 2, GFP_MODE_C2R, 0, -1, 8, 16, 16>(f);
    case 6804096: return gfpfast::fill<float, 4096, 128, 1, C2R_D, 4, -1, 16, 16, 16>(f);
    case 6808192: return gfpfast::fill<float, 8192, 512, 1, GFP_MODE_C2R, 0, -1, 2, 16, 16, 16>(f);
    case 6816384: return gfpfast::fill<float, 16384, 1024, 1, GFP_MODE_C2R, 0, -1, 16, 16, 16, 4>(f);
    case 6904096: return gfpfast::fill<float, 4096, 256, 1, C2R_D, 3, -1, 2, 8, 16, 16>(f);
    case 6908192: return gfpfast::fill<float, 8192, 256, 1, C2R_D, 3, -1, 2, 16, 16, 16>(f);
    case 6916384: return gfpfast::fill<float, 16384, 512, 1, C2R_D, 1, -1, 16, 16, 16, 4>(f);
    case 7308192: return gfpfast::fill<float, 8192, 512, 1, C2R_D, 0, -1, 4, 16, 16, 8>(f);
    case 7408192: return gfpfast::fill<float, 8192, 512, 1, C2R_D, 0, -1, 8, 16, 16, 4>(f);
    case 7316384: return gfpfast::fill<float, 16384, 1024, 1, C2R_D, 0, -1, 8, 16, 16, 8>(f);
    /* call 3: 73 -2.7 % (8192), -11 % (16384), 74 -13 %. 76-79: the
     * product's 8192 with other shared layouts and streaming access */
    case 7608192: return gfpfast::fill<float, 8192, 512, 1, C2R_D | GFP_FAST_PAD5, 0, -1, 2, 16, 16, 16>(f);
    case 7708192: return gfpfast::fill<float, 8192, 512, 1, C2R_D | GFP_FAST_PAD3, 0, -1, 2, 16, 16, 16>(f);
    case 7808192: return gfpfast::fill<float, 8192, 512, 1, C2R_D | GFP_FAST_NOPAD, 0, -1, 2, 16, 16, 16>(f);
    case 7908192: return gfpfast::fill<float, 8192, 512, 1, C2R_D | GFP_FAST_CS, 0, -1, 2, 16, 16, 16>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST_HALF(GFP_MODE_C2R)
    GFP_FAST(float, 2048, 128, 2, C2R_D, 8, 16, 16)
    GFP_FASTB(float, 4096, 256, 1, GFP_MODE_C2R, 3, 16, 16, 16)
    GFP_FAST(float, 8192, 512, 1, C2R_D, 2, 16, 16, 16)
    GFP_FAST(float, 16384, 1024, 1, C2R_D, 4, 16, 16, 16)
    default: return false;
    }
}
