/* gfp_gpu_fast_4s.cu - the first pass of the four-step FFT
 * (gfp_gpu_large.cu): the specialised kernels of gfp_gpu_fast.cuh with the
 * transposed load (GFP_FAST_TL), the four-step twiddle (GFP_FAST_XT) and
 * the transposed store (GFP_FAST_TR). A length L = N1 N2 transform, x as
 * N1 rows of N2: pass 1 takes each column n2 (a frame of N1 values, N2
 * apart), multiplies bin k1 by W_L^{n2 k1} and stores it transposed back
 * into the same place (row k1, column n2); pass 2, a 2D pass kernel
 * (gfp_gpu_fast_2d.cu), takes the N1 rows of N2 and stores bin k2 of row k1
 * at k1 + N1 k2. Each pass reads and writes every value once; the block's
 * FPB frames make each element's and each bin's run FPB values long, so
 * FPB is as large as the block's shared memory allows: 128-byte runs up to
 * N1 = 1024, 64 at 2048, 32 at 4096, 16 at 8192 (f32). */
#include "gfp_gpu_fast.cuh"

#define C2C_4S (GFP_MODE_C2C | GFP_FAST_TR | GFP_FAST_TL | GFP_FAST_XT)
#define C2C_4SA (C2C_4S | GFP_FAST_NOPAD)
/* the four-step twiddle factored (GFP_FAST_XF), and each factor from
 * sincospif (C2C_4SFX: the f32 first passes of 512 .. 2048, stop 43) */
#define C2C_4SF (C2C_4S | GFP_FAST_XF)
#define C2C_4SFX (C2C_4SF | GFP_FAST_XS)

/* the f32 first passes of 512, 1024 and 2048 on tkernel in mode MODE:
 * the product's (C2C_4SFX) and, with other twiddles, alts 82-85's */
template <int MODE> static bool t32_first(int nf, gfp_fast_info *f)
{
    switch (nf) {
    case 512: return gfpfast::fill_across<float, 512, 32, 16, MODE, 0, 16, 16, 2>(f);
    case 1024: return gfpfast::fill_across<float, 1024, 64, 16, MODE, 0, 16, 16, 4>(f);
    case 2048: return gfpfast::fill_across<float, 2048, 128, 8, MODE, 0, 16, 16, 8>(f);
    default: return false;
    }
}

bool gfp_fast4s_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 21: 512-thread blocks (three an SM where the 1024-thread ones
     * are alone) at half the frames: 1024 FPB 8 (64-byte runs), 2048 FPB 4
     * (32), 4096 on 128 threads of 32 values (FPB 4, 128 registers);
     * alt 22: the same runs as the product on 512 threads of 32 values */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 2101024: return gfpfast::fill<float, 1024, 64, 8, C2C_4S, 0, -1, 4, 16, 16>(f);
    case 2102048: return gfpfast::fill<float, 2048, 128, 4, C2C_4S, 0, -1, 8, 16, 16>(f);
    case 2104096: return gfpfast::fill<float, 4096, 128, 4, C2C_4S, 1, -1, 16, 16, 16>(f);
    case 2201024: return gfpfast::fill<float, 1024, 32, 16, C2C_4S, 1, -1, 4, 16, 16>(f);
    case 2202048: return gfpfast::fill<float, 2048, 64, 8, C2C_4S, 1, -1, 8, 16, 16>(f);
    /* alt 23: the product's kernels, the transposed loads asking L2 for
     * 256-byte fills (ld.global.nc.L2::256B): the runs of the blocks
     * running beside this one come with this block's */
#define C2C_4SP (C2C_4S | GFP_FAST_P256)
    case 2300128: return gfpfast::fill<float, 128, 8, 16, C2C_4SP, 0, -1, 16, 8>(f);
    case 2300256: return gfpfast::fill<float, 256, 16, 16, C2C_4SP, 0, -1, 16, 16>(f);
    case 2300512: return gfpfast::fill<float, 512, 32, 16, C2C_4SP, 0, -1, 2, 16, 16>(f);
    case 2301024: return gfpfast::fill<float, 1024, 64, 16, C2C_4SP, 0, -1, 4, 16, 16>(f);
    case 2302048: return gfpfast::fill<float, 2048, 128, 8, C2C_4SP, 0, -1, 8, 16, 16>(f);
    case 2304096: return gfpfast::fill<float, 4096, 256, 4, C2C_4SP, 0, -1, 16, 16, 16>(f);
    case 2308192: return gfpfast::fill<float, 8192, 512, 2, C2C_4SP, 0, -1, 16, 16, 16, 2>(f);
    /* alt 24 (timing only, wrong spectra): no four-step twiddle, what the
     * table lookups cost; alt 25: the twiddle from sincospif (GFP_FAST_XS)
     * instead of the table */
#define C2C_4SN (GFP_MODE_C2C | GFP_FAST_TR | GFP_FAST_TL)
#define C2C_4SS (C2C_4S | GFP_FAST_XS)
    case 2400512: return gfpfast::fill<float, 512, 32, 16, C2C_4SN, 0, -1, 2, 16, 16>(f);
    case 2401024: return gfpfast::fill<float, 1024, 64, 16, C2C_4SN, 0, -1, 4, 16, 16>(f);
    case 2402048: return gfpfast::fill<float, 2048, 128, 8, C2C_4SN, 0, -1, 8, 16, 16>(f);
    case 2404096: return gfpfast::fill<float, 4096, 256, 4, C2C_4SN, 0, -1, 16, 16, 16>(f);
    case 2500512: return gfpfast::fill<float, 512, 32, 16, C2C_4SS, 0, -1, 2, 16, 16>(f);
    case 2501024: return gfpfast::fill<float, 1024, 64, 16, C2C_4SS, 0, -1, 4, 16, 16>(f);
    case 2502048: return gfpfast::fill<float, 2048, 128, 8, C2C_4SS, 0, -1, 8, 16, 16>(f);
    case 2504096: return gfpfast::fill<float, 4096, 256, 4, C2C_4SS, 0, -1, 16, 16, 16>(f);
    /* the lengths with odd factors: alt 51 8 frames a block (64-byte
     * runs); alt 52 three stages with (nearly) every thread busy in each */
    case 5100195: return gfpfast::fill<float, 195, 15, 8, C2C_4S, 0, -1, 13, 15>(f);
    case 5100200: return gfpfast::fill<float, 200, 25, 8, C2C_4S, 0, -1, 8, 25>(f);
    case 5100250: return gfpfast::fill<float, 250, 25, 8, C2C_4S, 0, -1, 10, 25>(f);
    case 5200200: return gfpfast::fill<float, 200, 40, 16, C2C_4S, 0, -1, 8, 5, 5>(f);
    case 5200250: return gfpfast::fill<float, 250, 25, 16, C2C_4S, 0, -1, 5, 5, 10>(f);
    /* alt 53: alt 52's with three blocks an SM (register cap); alt 54
     * few threads a frame, the longest radix first (more, smaller blocks).
     * The forms that won are the product's (alt 54's first passes of 200
     * and 250, alt 53's second passes), reached by falling through */
    case 5300200: return gfpfast::fill<float, 200, 40, 16, C2C_4S, 2, -1, 8, 5, 5>(f);
    case 5300250: return gfpfast::fill<float, 250, 25, 16, C2C_4S, 3, -1, 5, 5, 10>(f);
    case 5400195: return gfpfast::fill<float, 195, 13, 16, C2C_4S, 0, -1, 15, 13>(f);
    /* alt 56: 400 as 16 25 on 25 threads (two blocks an SM) */
    case 5600400: return gfpfast::fill<float, 400, 25, 16, C2C_4S, 2, -1, 16, 25>(f);
    /* alts 65 and 74 (stops 38, 39): the first passes of 128 .. 4096 on
     * tkernel, now the product (so they fall through); alt 75 below: the
     * product before (fkernel, the transposed loads and stores staged
     * through shared memory) */
    /* alt 58: other cuts of 100000 (GFP_GPU_4S_N1): 160 x 625, 500 x 200 */
    case 5800160: return gfpfast::fill<float, 160, 10, 16, C2C_4S, 4, -1, 16, 10>(f);
    case 5800500: return gfpfast::fill<float, 500, 20, 16, C2C_4S, 2, -1, 25, 4, 5>(f);
    /* alt 77 (stop 41): the first passes of 512 .. 2048 on 512-thread
     * tkernel blocks, two an SM (half the frames: runs of 128, 64 and 32
     * bytes), where the product's 1024-thread ones run alone on an SM
     * (ncu, stop 41 call 1: 51-64 % of the copy floor against 87-97 % for
     * 256's two 512-thread blocks). Stop 42 call 1: 512 gained (now the
     * product), 1024 and 2048 lost */
    case 7700512: return gfpfast::fill_across<float, 512, 32, 16, C2C_4S, 0, 16, 16, 2>(f);
    case 7701024: return gfpfast::fill_across<float, 1024, 64, 8, C2C_4S, 0, 16, 16, 4>(f);
    case 7702048: return gfpfast::fill_across<float, 2048, 128, 4, C2C_4S, 0, 16, 16, 8>(f);
    /* alt 79 (stop 42): 512 as the product had it to stop 41, 32 frames
     * on 1024 threads (256-byte runs, one block an SM) */
    case 7900512: return gfpfast::fill_across<float, 512, 32, 32, C2C_4SA, 0, 2, 16, 16>(f);
    /* alt 86 (stop 43): the first passes of 128, 256 and 4096 with the
     * twiddle from sincospif a bin (one column a thread there: factoring
     * saves no lookup) */
    case 8600128: return gfpfast::fill_across<float, 128, 8, 32, C2C_4SA | GFP_FAST_XS, 0, 16, 8>(f);
    case 8600256: return gfpfast::fill_across<float, 256, 16, 32, C2C_4SA | GFP_FAST_XS, 0, 16, 16>(f);
    case 8604096: return gfpfast::fill_across<float, 4096, 256, 4, C2C_4SS, 0, 16, 16, 16>(f);
    default: break;
    }
    /* alts 82-85 (stop 43): the first passes of 512 .. 2048 with the
     * four-step twiddle left out (82: timing only, wrong spectra), from
     * sincospif a bin (83, GFP_FAST_XS), from the table a bin (84: the
     * product to stop 42) and factored from the table (85, GFP_FAST_XF);
     * the product's are factored from sincospif since */
    if (nf == 512 || nf == 1024 || nf == 2048)
        switch (gfp_fast_alt()) {
        case 82: return t32_first<C2C_4SN>(nf, f);
        case 83: return t32_first<C2C_4SS>(nf, f);
        case 84: return t32_first<C2C_4S>(nf, f);
        case 85: return t32_first<C2C_4SF>(nf, f);
        default: break;
        }
    if (gfp_fast_alt() == 75)
        switch (nf) {
        GFP_FAST_4S1_F32(C2C_4S)
        default: break;
        }
#endif
    switch (nf) {
    /* 128 .. 4096 on tkernel (stop 39): threads across the frames, so the
     * strided loads and stores go straight between registers and memory
     * in runs of the block's frames (32 frames to 256, 16 at 512 and
     * 1024, then 8, 4: the runs fkernel had), and one split exchange;
     * below 32 frames a block radix 16 first, which with TStride's frame
     * stride has no bank
     * conflicts (bench/gpu/sbanks.py). H200 (bench/NOTES.md stop 39, A/B
     * against fkernel, now alt 75): C2C f32 2^17 +3.5 %, 2^22 +13.2 %,
     * 2^23 +13.6 % (with the second pass's 4096 on tkernel), 2^24 +4.8 %,
     * 2^25 +8.1 %, 2^27 +9.8 %; 2^20 as 512 x 2048 -0.5 .. -2.8 %, so
     * 2^20 is cut 256 x 4096 since (gfp_gpu_large.cu) */
    case 128: return gfpfast::fill_across<float, 128, 8, 32, C2C_4SA, 0, 16, 8>(f);
    case 256: return gfpfast::fill_across<float, 256, 16, 32, C2C_4SA, 0, 16, 16>(f);
    /* 512 on 512-thread blocks (16 frames: 128-byte runs, two blocks an
     * SM) since stop 42: C2C f32 2^26 +3.5 % (H200, bench/NOTES.md stop
     * 42 call 1, alt 77: the pass 427 -> 388 us); the same halving lost
     * at 1024 and 2048 (64- and 32-byte runs: 2^27 -13 %, 2^23 -4.7 %).
     * The form before, 32 frames on 1024 threads, is alt 79. Since stop
     * 43, 512 .. 2048 take the four-step twiddle factored (GFP_FAST_XF:
     * 9, 7 and 9 twiddles a thread instead of 16), each factor from
     * sincospif (GFP_FAST_XS) where they took two table gathers a bin
     * (H200, bench/NOTES.md stop 43 call 2, with tkernel's pointer steps:
     * C2C f32 2^21 +5.6 %, 2^23 +6.0 %, 2^27 +9.1 % over the table a bin,
     * alt 84; factored from the table, alt 85, +3.3, +2.1, +0.4 %) */
    case 512:
    case 1024:
    case 2048: return t32_first<C2C_4SFX>(nf, f);
    case 4096: return gfpfast::fill_across<float, 4096, 256, 4, C2C_4S, 0, 16, 16, 16>(f);
    GFP_FAST(float, 8192, 512, 2, C2C_4S, 16, 16, 16, 2)
    /* lengths with odd factors (gfp_gpu_large.cu's factor search takes
     * L = n1 n2 whenever both passes have a kernel): few threads a frame,
     * the long radix first, N % TPT == 0 (transposed load). H100 (ncu,
     * bench/NOTES.md): 250 as 25 10 on 10 threads 252 us against 371 as
     * 10 25 on 25 (that form's second stage has 10 of 25 threads busy) and
     * 300 as 5 5 10; 200 as 25 8 261 against 368; 195 as 13 15 251
     * against 334 as 15 13 */
    GFP_FAST(float, 195, 15, 16, C2C_4S, 13, 15)
    GFP_FASTB(float, 200, 8, 16, C2C_4S, 5, 25, 8)
    GFP_FASTB(float, 250, 10, 16, C2C_4S, 4, 25, 10)
    /* 400 as 25 16 on 16 threads: 100000 as 400 x 250 1.37x cuFFT against
     * 1.21x as 250 x 400 (the second pass of 400 is the dearer one) */
    GFP_FASTB(float, 400, 16, 16, C2C_4S, 3, 25, 16)
    /* 210 (44100 = 210 x 210, 88200 = 210 x 420) in the same shape */
    GFP_FASTB(float, 210, 10, 16, C2C_4S, 4, 21, 10)
    /* 136 = 17 x 8 (33728 = 136 x 248 without Bluestein, as cuFFT does) */
    GFP_FASTB(float, 136, 8, 16, C2C_4S, 5, 17, 8)
    default: return false;
    }
}

/* f64: 8 values a thread and stage (85 registers at most), runs of 64 to
 * 128 bytes up to 1024, 32 above */
bool gfp_fast4s_c2c_f64(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 80 (stop 42): the first passes of 128 .. 4096 on tkernel, as
     * f32's are since stop 39 (there +4 .. +14 %), in the product's shapes
     * (the same threads a frame, frames a block and radices); its 512 and
     * 1024 are the product's since, so they fall through */
    if (gfp_fast_alt() == 80)
        switch (nf) {
        case 128: return gfpfast::fill_across<double, 128, 16, 8, C2C_4S, 0, 8, 8, 2>(f);
        case 256: return gfpfast::fill_across<double, 256, 32, 8, C2C_4S, 0, 8, 8, 4>(f);
        case 2048: return gfpfast::fill_across<double, 2048, 256, 2, C2C_4S, 0, 4, 8, 8, 8>(f);
        case 4096: return gfpfast::fill_across<double, 4096, 512, 2, C2C_4S, 0, 8, 8, 8, 8>(f);
        default: break;
        }
    /* alt 81 (stop 42): every first pass on fkernel, as the product had
     * them to stop 41 (512 and 1024 the only ones that differ) */
    if (gfp_fast_alt() == 81)
        switch (nf) {
        GFP_FAST_4S1_F64(C2C_4S)
        default: break;
        }
#endif
    switch (nf) {
    /* GFP_FAST_4S1_F64's shapes, 512 and 1024 on tkernel since stop 42
     * (H200, bench/NOTES.md stop 42 call 3, alt 80 against fkernel: Z2Z
     * 2^20 +3.0 %, 2^21 +6.2 %, 2^22 +4.0 %; 2^18 -1.6 % and 2^26 -1.2 %,
     * the first pass of 512 beside a short n2 or in the nested core's
     * middle); 128 and 256 gained nothing there (ncu at 2^24: 184 and 178
     * us against 188 and 176), 2048 and 4096 are not a first pass of any
     * default cut */
    GFP_FAST(double, 128, 16, 8, C2C_4S, 8, 8, 2)
    GFP_FAST(double, 256, 32, 8, C2C_4S, 8, 8, 4)
    case 512: return gfpfast::fill_across<double, 512, 64, 8, C2C_4S, 0, 8, 8, 8>(f);
    case 1024: return gfpfast::fill_across<double, 1024, 128, 4, C2C_4S, 0, 2, 8, 8, 8>(f);
    GFP_FAST(double, 2048, 256, 2, C2C_4S, 4, 8, 8, 8)
    GFP_FAST(double, 4096, 512, 2, C2C_4S, 8, 8, 8, 8)
    /* as f32's (H100, bench/NOTES.md: Z2Z 62500 1.36x cuFFT against
     * 1.01x as 10 25 and 8 25 on 25 threads) */
    GFP_FAST(double, 195, 15, 8, C2C_4S, 13, 15)
    GFP_FASTB(double, 200, 8, 8, C2C_4S, 3, 25, 8)
    GFP_FASTB(double, 250, 10, 8, C2C_4S, 3, 25, 10)
    GFP_FASTB(double, 400, 16, 8, C2C_4S, 3, 25, 16)
    GFP_FASTB(double, 210, 10, 8, C2C_4S, 3, 21, 10)
    GFP_FASTB(double, 136, 8, 8, C2C_4S, 4, 17, 8)
    default: return false;
    }
}

/* The second pass: a 2D pass kernel (GFP_FAST_TR) of gfp_gpu_fast_2d*.cu,
 * plus the lengths the 2D FFT does not use here: 128 and 8192 (f32; 8192
 * two frames a block, 139 KB, 16-byte runs: 2^25 and 2^26) and 128 .. 512
 * (f64, 128-byte runs). */
#define C2C_T (GFP_MODE_C2C | GFP_FAST_TR)
/* the second passes of the audio rates' lengths and of 250, as C2C's
 * (mode M) and with the R2C split: 210 (44100 = 210 x 210, R2C 88200),
 * 240 (48000 = 200 x 240, 96000 = 400 x 240, R2C 96000 = 200 x 240), 105
 * and 120 (R2C and C2R of 44100: 22050 = 210 x 105, of 48000: 24000 = 200
 * x 120), 250 (100000 = 400 x 250, R2C 100000: 50000 = 200 x 250) */
#define GFP_FAST_4S2_AUDIO(M)                                                                  \
    GFP_FASTB(float, 250, 25, 16, M, 3, 5, 5, 10)                                              \
    GFP_FASTB(float, 210, 30, 16, M, 3, 7, 3, 10)                                              \
    GFP_FASTB(float, 240, 30, 16, M, 3, 8, 10, 3)                                              \
    GFP_FASTB(float, 105, 21, 16, M, 4, 7, 3, 5)                                               \
    GFP_FASTB(float, 120, 24, 16, M, 4, 8, 3, 5)

bool gfp_fast4s2_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alts 51 to 54 as the first pass's, and alt 57 */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 5100231: return gfpfast::fill<float, 231, 21, 8, C2C_T, 0, -1, 11, 21>(f);
    case 5100250: return gfpfast::fill<float, 250, 25, 8, C2C_T, 0, -1, 10, 25>(f);
    case 5100270: return gfpfast::fill<float, 270, 27, 8, C2C_T, 0, -1, 10, 27>(f);
    case 5100400: return gfpfast::fill<float, 400, 25, 8, C2C_T, 0, -1, 16, 25>(f);
    case 5200231: return gfpfast::fill<float, 231, 33, 16, C2C_T, 0, -1, 11, 3, 7>(f);
    case 5200250: return gfpfast::fill<float, 250, 25, 16, C2C_T, 0, -1, 5, 5, 10>(f);
    case 5200270: return gfpfast::fill<float, 270, 30, 16, C2C_T, 0, -1, 10, 3, 9>(f);
    case 5200400: return gfpfast::fill<float, 400, 50, 16, C2C_T, 0, -1, 8, 5, 10>(f);
    case 5400231: return gfpfast::fill<float, 231, 11, 16, C2C_T, 4, -1, 21, 11>(f);
    case 5400250: return gfpfast::fill<float, 250, 10, 16, C2C_T, 4, -1, 25, 10>(f);
    case 5400270: return gfpfast::fill<float, 270, 10, 16, C2C_T, 4, -1, 27, 10>(f);
    case 5400400: return gfpfast::fill<float, 400, 16, 16, C2C_T, 3, -1, 25, 16>(f);
    /* alt 57: 250 as 5 5 10 on 50 threads (two blocks an SM) */
    case 5700250: return gfpfast::fill<float, 250, 50, 16, C2C_T, 2, -1, 5, 5, 10>(f);
    /* alt 58 (with the first passes above); alt 59: 250 as 10 25 on 25
     * threads, two blocks an SM */
    case 5800625: return gfpfast::fill<float, 625, 25, 16, C2C_T, 2, -1, 25, 25>(f);
    case 5800200: return gfpfast::fill<float, 200, 40, 16, C2C_T, 3, -1, 8, 5, 5>(f);
    case 5900250: return gfpfast::fill<float, 250, 25, 16, C2C_T, 2, -1, 10, 25>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST(float, 128, 8, 16, C2C_T, 16, 8)
    GFP_FAST(float, 8192, 512, 2, C2C_T, 16, 16, 16, 2)
    /* the second passes of lengths with odd factors: three stages with
     * (nearly) every thread busy in each, capped for three blocks an SM
     * (two at 800 threads). H100 (ncu, bench/NOTES.md): 231 as 11 3 7
     * 278 us against 332 as 11 21 on 21 threads and 327 as 21 11 on 11;
     * 270 as 10 3 9 227 against 402 as 10 27; 400 as 8 5 10 313 against
     * 349 as 16 25 and 351 as 25 16 */
    GFP_FASTB(float, 231, 33, 16, C2C_T, 2, 11, 3, 7)
    GFP_FASTB(float, 270, 30, 16, C2C_T, 3, 10, 3, 9)
    GFP_FASTB(float, 400, 50, 16, C2C_T, 2, 8, 5, 10)
    GFP_FAST_4S2_AUDIO(C2C_T)
    /* 420 (88200 = 210 x 420) in the same shape */
    GFP_FASTB(float, 420, 35, 16, C2C_T, 2, 4, 7, 15)
    /* 248 = 31 x 8 on 8 threads (the radix-31 stage has 8 butterflies) */
    GFP_FASTB(float, 248, 8, 16, C2C_T, 4, 31, 8)
    /* 124 = 31 x 4 (R2C 33728: its complex 16864 = 136 x 124) */
    GFP_FASTB(float, 124, 4, 16, C2C_T, 8, 31, 4)
    default: return gfp_fast2d_c2c_f32(nf, f);
    }
}

/* The nested four-step's last pass (N = n1 x p x q, gfp_gpu_large.cu):
 * rows of q read where rfpm, rmst, rld say (direct loads), bin k of frame
 * g stored at g + k n1 p: strides of 0.5-2 MiB, so 16 frames a block,
 * 128-byte runs, as the first pass's shapes */
bool gfp_fast4s3_c2c_f32(int nf, gfp_fast_info *f)
{
    switch (nf) {
    GFP_FAST(float, 256, 16, 16, C2C_T, 16, 16)
    GFP_FAST(float, 512, 32, 16, C2C_T, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 16, C2C_T, 4, 16, 16)
    default: return gfp_fast4s2_c2c_f32(nf, f); /* 128: the second pass's, 16 frames */
    }
}

/* with the R2C split fused (GFP_FAST_SPL): a block's runs are FPB/2
 * values, so FPB 16 (64-byte runs) where a block holds 16 frames: n2 <=
 * 1024 (32 at 256). Longer rows (16-32 byte runs) measured slower than a pass of its
 * own for the split (H100, bench/NOTES.md), so they have none here. */
#define C2C_TS (GFP_MODE_C2C | GFP_FAST_TR | GFP_FAST_SPL)
bool gfp_fast4s2r_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 41: the 2D passes' shapes (runs of 64, 32, 32, 16, 16 bytes) */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 4100256: return gfpfast::fill<float, 256, 16, 16, C2C_TS, 0, -1, 16, 16>(f);
    case 4100512: return gfpfast::fill<float, 512, 32, 8, C2C_TS, 0, -1, 2, 16, 16>(f);
    case 4101024: return gfpfast::fill<float, 1024, 64, 8, C2C_TS, 0, -1, 4, 16, 16>(f);
    case 4102048: return gfpfast::fill<float, 2048, 128, 4, C2C_TS, 0, -1, 8, 16, 16>(f);
    case 4104096: return gfpfast::fill<float, 4096, 256, 4, C2C_TS, 0, -1, 16, 16, 16>(f);
    /* alt 65 (stop 31, not yet measured): rows of 256 at FPB 32, 128-byte
     * runs as C2C's second pass has (R2C 2^16's core 128 x 256 ran 0.775x
     * cuFFT with the split at 64-byte runs, against C2C 2^15's 0.877x) */
    /* alt 66 (stop 32): rows of 512 at FPB 32 (128 KB of shared memory) */
    case 6600512: return gfpfast::fill<float, 512, 32, 32, C2C_TS, 0, -1, 2, 16, 16>(f);
    default: break;
    }
#endif
    switch (nf) {
    /* rows of 256 at 32 frames a block (128-byte runs), alt 65 of stop 31:
     * R2C f32 2^16 1365 -> 1540 GB/s, 2^17 1360 -> 1646 (H200,
     * bench/NOTES.md stop 32 call 1) */
    GFP_FAST(float, 256, 16, 32, C2C_TS, 16, 16)
    GFP_FAST(float, 512, 32, 16, C2C_TS, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 16, C2C_TS, 4, 16, 16)
    /* rows with odd factors in their C2C shapes (R2C of 44100, 48000,
     * 88200, 96000, 100000: +27 to +36 % over the split in a pass of its
     * own, H200, bench/NOTES.md stop 32 call 3) */
    GFP_FAST_4S2_AUDIO(C2C_TS)
    default: return false;
    }
}

/* the first pass with the C2R merge fused (GFP_FAST_MRG): a block's runs
 * are FPB/2 values (its columns and, reversed, their partners), so FPB 16
 * (64-byte runs) up to n1 = 1024; A/B alt 66 FPB 32 at 128 and 256 */
#define C2C_4SM (C2C_4S | GFP_FAST_MRG)
bool gfp_fast4s1m_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    switch (gfp_fast_alt() * 100000 + nf) {
    case 6600128: return gfpfast::fill<float, 128, 8, 32, C2C_4SM, 0, -1, 16, 8>(f);
    case 6600256: return gfpfast::fill<float, 256, 16, 32, C2C_4SM, 0, -1, 16, 16>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST(float, 128, 8, 16, C2C_4SM, 16, 8)
    GFP_FAST(float, 256, 16, 16, C2C_4SM, 16, 16)
    GFP_FAST(float, 512, 32, 16, C2C_4SM, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 16, C2C_4SM, 4, 16, 16)
    default: return false;
    }
}

bool gfp_fast4s2_c2c_f64(int nf, gfp_fast_info *f)
{
    switch (nf) {
    GFP_FAST(double, 128, 16, 8, C2C_T, 8, 8, 2)
    GFP_FAST(double, 256, 32, 8, C2C_T, 8, 8, 4)
    GFP_FAST(double, 512, 64, 8, C2C_T, 8, 8, 8)
    /* 231 keeps 11 21 (45045 2.04x cuFFT against 1.98x as 11 3 7); the
     * others as f32's (54000 1.35x against 1.05x) */
    GFP_FASTB(double, 231, 21, 8, C2C_T, 2, 11, 21)
    GFP_FASTB(double, 250, 25, 8, C2C_T, 4, 5, 5, 10)
    GFP_FASTB(double, 270, 30, 8, C2C_T, 4, 10, 3, 9)
    GFP_FASTB(double, 400, 50, 8, C2C_T, 2, 8, 5, 10)
    GFP_FASTB(double, 210, 30, 8, C2C_T, 4, 7, 3, 10)
    GFP_FASTB(double, 240, 30, 8, C2C_T, 4, 8, 10, 3)
    GFP_FASTB(double, 420, 35, 8, C2C_T, 2, 4, 7, 15)
    GFP_FASTB(double, 248, 8, 8, C2C_T, 4, 31, 8)
    GFP_FASTB(double, 124, 4, 8, C2C_T, 8, 31, 4)
    GFP_FASTB(double, 105, 21, 8, C2C_T, 6, 7, 3, 5)
    GFP_FASTB(double, 120, 24, 8, C2C_T, 6, 8, 3, 5)
    /* Bluestein's M for f64 n past 4096 (the one-block limit): 72 and 80
     * (4241: M 9216 = 128 x 72 instead of 13440 = 128 x 105; 5003: 10240
     * = 128 x 80) */
    GFP_FASTB(double, 72, 9, 8, C2C_T, 8, 8, 9)
    GFP_FASTB(double, 80, 10, 8, C2C_T, 8, 8, 10)
    default: return gfp_fast2d_c2c_f64(nf, f);
    }
}

/* The 2D FFT's columns of h = n1 n2 as a four-step along the strided axis
 * (gfp_gpu_2d.cu), the cut cuFFT's 2D plans take at 16384 (ncu,
 * bench/NOTES.md stop 29 call 6: two strided passes of 128 at 82-84 % of
 * DRAM). First pass: frame (r2, c) of n1 values w n2 apart, bin k1 times
 * W_h^{r2 k1} (GFP_FAST_XD, xdiv = w), stored in place; second: frame
 * (k1, c) of n2 values w apart, no twiddle, in place. The block's FPB
 * frames are FPB consecutive columns: runs of FPB x 8 bytes. Until stop
 * 38 (fkernel) FPB 32 at 128 and 256 (cuFFT's shape at 128: 16384^2
 * 0.918x cuFFT against 0.897x at FPB 16), 16 at 64 (4096^2: 32 slower);
 * H200, bench/NOTES.md stop 30; on tkernel 32 at all three (8192^2, whose
 * columns are 64 x 128: 0.890x -> 0.966x).
 * Alts: 61 FPB 32 at all, 62 FPB 8, 63 FPB 16 (stop 30's first form).
 * Alt 64: the first pass's twiddles for the block's r2 from a table in
 * shared memory (GFP_FAST_XTS: 128 lookups a block instead of 4096 at 128
 * x 32), measured slower. Stop 38: tkernel (threads across the frames,
 * the strided loads and stores straight from and to memory) at 32 frames
 * a block instead of fkernel's TL and TR, which staged both through shared
 * memory: ncu at 2048 x 16384 (H200), pass A 610 -> 536 us, pass B 576 ->
 * 506 (cuFFT's 534, 525), shared wavefronts 43 M -> 8.5 M a pass; the
 * old form is alt 68 (bench/NOTES.md stop 38). */
#define C2C_2C1 (C2C_4S | GFP_FAST_XD)
#define C2C_2C2 (GFP_MODE_C2C | GFP_FAST_TR | GFP_FAST_TL)
#define GFP_FAST_2C(MODE)                                                                      \
    case 64: return gfpfast::fill_across<float, 64, 8, 32, (MODE) | GFP_FAST_NOPAD, 0, 8, 8>(f); \
    case 128: return gfpfast::fill_across<float, 128, 8, 32, (MODE) | GFP_FAST_NOPAD, 0, 16, 8>(f); \
    case 256: return gfpfast::fill_across<float, 256, 16, 32, (MODE) | GFP_FAST_NOPAD, 0, 16, 16>(f);
#ifdef GFP_FAST_AB
/* XTS only where the mode has the four-step twiddle (the first pass) */
#define GFP_FAST_2C_XTS(MODE) ((MODE) | (((MODE) & GFP_FAST_XD) ? GFP_FAST_XTS : 0))
#define GFP_FAST_2C_AB(MODE)                                                                   \
    switch (gfp_fast_alt() * 100000 + nf) {                                                    \
    case 6100064: return gfpfast::fill<float, 64, 8, 32, MODE, 0, -1, 8, 8>(f);                 \
    case 6100128: return gfpfast::fill<float, 128, 8, 32, MODE, 0, -1, 16, 8>(f);               \
    case 6100256: return gfpfast::fill<float, 256, 16, 32, MODE, 0, -1, 16, 16>(f);             \
    case 6200064: return gfpfast::fill<float, 64, 8, 8, MODE, 0, -1, 8, 8>(f);                  \
    case 6200128: return gfpfast::fill<float, 128, 8, 8, MODE, 0, -1, 16, 8>(f);                \
    case 6200256: return gfpfast::fill<float, 256, 16, 8, MODE, 0, -1, 16, 16>(f);              \
    case 6300128: return gfpfast::fill<float, 128, 8, 16, MODE, 0, -1, 16, 8>(f);               \
    case 6300256: return gfpfast::fill<float, 256, 16, 16, MODE, 0, -1, 16, 16>(f);             \
    default: break;                                                                            \
    }                                                                                          \
    /* alts 65-67 (stop 38): threads across the frames (tkernel), the                         \
     * strided loads and stores straight from and to memory: 65 32 frames                     \
     * a block (256-byte runs; the product since, so it falls through), 66                    \
     * other cuts, 67 16 frames a block (128-byte runs); 68 the product                       \
     * before (fkernel with TL and TR, the frames staged through shared                       \
     * memory) */                                                                             \
    switch (gfp_fast_alt() * 100000 + nf) {                                                    \
    case 6800064: return gfpfast::fill<float, 64, 8, 16, MODE, 0, -1, 8, 8>(f);                 \
    case 6800128: return gfpfast::fill<float, 128, 8, 32, MODE, 0, -1, 16, 8>(f);               \
    case 6800256: return gfpfast::fill<float, 256, 16, 32, MODE, 0, -1, 16, 16>(f);             \
    case 6600064: return gfpfast::fill_across<float, 64, 4, 32, (MODE) | GFP_FAST_NOPAD, 0, 8, 8>(f); \
    case 6600128: return gfpfast::fill_across<float, 128, 8, 32, (MODE) | GFP_FAST_NOPAD, 0, 8, 16>(f); \
    case 6600256: return gfpfast::fill_across<float, 256, 8, 32, (MODE) | GFP_FAST_NOPAD, 2, 16, 16>(f); \
    case 6700064: return gfpfast::fill_across<float, 64, 8, 16, (MODE) | GFP_FAST_NOPAD, 0, 8, 8>(f); \
    case 6700128: return gfpfast::fill_across<float, 128, 8, 16, (MODE) | GFP_FAST_NOPAD, 0, 16, 8>(f); \
    case 6700256: return gfpfast::fill_across<float, 256, 16, 16, (MODE) | GFP_FAST_NOPAD, 0, 16, 16>(f); \
    default: break;                                                                            \
    }                                                                                          \
    /* alt 64: the first pass's twiddles for the block's r2 from a table                      \
     * in shared memory (GFP_FAST_XTS; the second pass unchanged): 1.2-1.3 %                  \
     * slower on the H200 (bench/NOTES.md stop 30 call 5) */                                   \
    switch (gfp_fast_alt() * 100000 + nf) {                                                    \
    case 6400064: return gfpfast::fill<float, 64, 8, 16, GFP_FAST_2C_XTS(MODE), 0, -1, 8, 8>(f); \
    case 6400128: return gfpfast::fill<float, 128, 8, 32, GFP_FAST_2C_XTS(MODE), 0, -1, 16, 8>(f); \
    case 6400256: return gfpfast::fill<float, 256, 16, 32, GFP_FAST_2C_XTS(MODE), 0, -1, 16, 16>(f); \
    default: break;                                                                            \
    }
#else
#define GFP_FAST_2C_AB(MODE)
#endif

bool gfp_fast2dc1_c2c_f32(int nf, gfp_fast_info *f)
{
    GFP_FAST_2C_AB(C2C_2C1)
    switch (nf) {
    GFP_FAST_2C(C2C_2C1)
    default: return false;
    }
}

bool gfp_fast2dc2_c2c_f32(int nf, gfp_fast_info *f)
{
    GFP_FAST_2C_AB(C2C_2C2)
#ifdef GFP_FAST_AB
    /* alt 76 (stop 40): the columns of 4096 on fkernel, loads and stores
     * staged through shared memory (the R2C column pass at the odd stride
     * w/2+1 ran 8 % faster so than on tkernel: C2R's sc route) */
    if (gfp_fast_alt() == 76 && nf == 4096)
        return gfpfast::fill<float, 4096, 256, 4, C2C_2C2, 0, -1, 16, 16, 16>(f);
#endif
    switch (nf) {
    GFP_FAST_2C(C2C_2C2)
    /* the columns of 4096 in one pass, strided in and out (gfp_gpu_2d.cu's
     * sc route: C2C f32 4096^2 by default): four frames a block, 32-byte
     * runs, TStride's frame stride */
    case 4096: return gfpfast::fill_across<float, 4096, 256, 4, C2C_2C2, 0, 16, 16, 16>(f);
    default: return false;
    }
}
