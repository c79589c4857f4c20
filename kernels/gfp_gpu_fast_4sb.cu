/* gfp_gpu_fast_4sb.cu - Bluestein of a length n on the four-step FFT of
 * M = n1 n2 in three passes (gfp_gpu_fast.cuh's GFP_FAST_BLI, BLM, BLO;
 * planned by gfp_gpu_large.cu where M is past one block):
 *   A  the columns of n1 of the chirped, zero-padded frame (read from the
 *      user's frames of n), the four-step twiddle, stored transposed: the
 *      first pass of gfp_gpu_fast_4s.cu with the chirp in its load;
 *   B  the rows of n2: FFT, times the chirp's spectrum, FFT again, the
 *      twiddle, back in place (the forward FFT's second pass and the
 *      inverse's first in one block);
 *   C  the columns of n1 again: FFT, times the chirp, only the n (or n/2
 *      + 1) outputs stored, into the user's frames.
 * Each pass reads and writes each of the M values once (A reads n, C
 * writes n): 2n + 4M values a frame, where pre-chirp, FFT, product, FFT
 * and post-chirp as passes of their own move 2n + 11M.
 * A and C take the first pass's shapes (GFP_FAST_4S1_*, runs of FPB
 * values), B the second pass's (its rows contiguous both ways). */
#include "gfp_gpu_fast.cuh"

/* And Bluestein whole in one block, FPB frames a block (form GFP_FAST_B1,
 * nf = M), for the short lengths: load n values chirped and zero-padded
 * to M, FFT, times the chirp's spectrum (natural order, fpm 1),
 * conjugated, FFT, conjugated, times the chirp, the outputs stored; real
 * input and output two frames a transform. */
#define B1_M (GFP_MODE_C2C | GFP_FAST_BLI | GFP_FAST_BLM | GFP_FAST_BLO)

#define BA_M (GFP_MODE_C2C | GFP_FAST_TR | GFP_FAST_TL | GFP_FAST_XT | GFP_FAST_BLI)
#define BB_M (GFP_MODE_C2C | GFP_FAST_BLM)
#define BC_M (GFP_MODE_C2C | GFP_FAST_TR | GFP_FAST_TL | GFP_FAST_BLO)

/* pass B: rows of 72 .. 4096; the lengths between the powers of two keep
 * M within 1.25x of 2n - 1 where n1 = 128 */
bool gfp_fast4sb_f32(int form, int nf, gfp_fast_info *f)
{
    if (form == GFP_FAST_B1) {
        /* about 256 threads a block */
        switch (nf) {
        GFP_FAST(float, 64, 8, 32, B1_M, 8, 8)
        GFP_FAST(float, 96, 12, 16, B1_M, 8, 4, 3)
        GFP_FAST(float, 128, 8, 32, B1_M, 16, 8)
        GFP_FAST(float, 160, 16, 16, B1_M, 16, 10)
        GFP_FAST(float, 192, 24, 8, B1_M, 8, 8, 3)
        GFP_FAST(float, 256, 16, 16, B1_M, 16, 16)
        GFP_FAST(float, 320, 40, 8, B1_M, 8, 8, 5)
        GFP_FAST(float, 384, 48, 4, B1_M, 16, 8, 3)
        GFP_FAST(float, 512, 32, 8, B1_M, 2, 16, 16)
        GFP_FASTB(float, 640, 40, 8, B1_M, 2, 16, 8, 5)
        GFP_FASTB(float, 768, 48, 4, B1_M, 3, 16, 16, 3)
        GFP_FAST(float, 1024, 64, 4, B1_M, 4, 16, 16)
        GFP_FASTB(float, 1280, 80, 4, B1_M, 2, 16, 16, 5)
        GFP_FAST(float, 1536, 192, 2, B1_M, 3, 8, 8, 8)
        GFP_FAST(float, 2048, 128, 2, B1_M, 8, 16, 16)
        default: return false;
        }
    }
    if (form == GFP_FAST_BA) {
        switch (nf) {
        GFP_FAST_4S1_F32(BA_M)
        default: return false;
        }
    }
    if (form == GFP_FAST_BC) {
        switch (nf) {
        GFP_FAST_4S1_F32(BC_M)
        default: return false;
        }
    }
    switch (nf) {
    GFP_FAST(float, 72, 9, 16, BB_M, 8, 9)
    GFP_FAST(float, 80, 10, 16, BB_M, 8, 10)
    GFP_FAST(float, 96, 12, 16, BB_M, 8, 4, 3)
    GFP_FAST(float, 120, 24, 16, BB_M, 8, 3, 5)
    GFP_FAST(float, 128, 8, 16, BB_M, 16, 8)
    GFP_FAST(float, 160, 16, 16, BB_M, 16, 10)
    GFP_FAST(float, 192, 24, 16, BB_M, 8, 8, 3)
    GFP_FAST(float, 240, 30, 16, BB_M, 8, 10, 3)
    GFP_FAST(float, 256, 16, 16, BB_M, 16, 16)
    GFP_FAST(float, 320, 40, 16, BB_M, 8, 8, 5)
    GFP_FAST(float, 400, 50, 16, BB_M, 8, 5, 10)
    GFP_FAST(float, 512, 32, 8, BB_M, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 8, BB_M, 4, 16, 16)
    GFP_FAST(float, 2048, 128, 4, BB_M, 8, 16, 16)
    GFP_FAST(float, 4096, 256, 4, BB_M, 16, 16, 16)
    default: return false;
    }
}

bool gfp_fast4sb_f64(int form, int nf, gfp_fast_info *f)
{
    if (form == GFP_FAST_B1) {
        switch (nf) {
        GFP_FAST(double, 64, 8, 16, B1_M, 8, 8)
        GFP_FAST(double, 96, 12, 8, B1_M, 8, 4, 3)
        GFP_FAST(double, 128, 16, 8, B1_M, 8, 8, 2)
        GFP_FASTB(double, 160, 16, 8, B1_M, 3, 16, 10)
        GFP_FASTB(double, 192, 24, 4, B1_M, 4, 8, 8, 3)
        GFP_FAST(double, 256, 32, 8, B1_M, 8, 8, 4)
        GFP_FAST(double, 320, 40, 4, B1_M, 8, 8, 5)
        GFP_FASTB(double, 384, 48, 2, B1_M, 4, 16, 8, 3)
        GFP_FAST(double, 512, 64, 4, B1_M, 8, 8, 8)
        GFP_FASTB(double, 640, 40, 4, B1_M, 2, 16, 8, 5)
        GFP_FASTB(double, 768, 48, 2, B1_M, 2, 16, 16, 3)
        GFP_FAST(double, 1024, 128, 2, B1_M, 2, 8, 8, 8)
        GFP_FASTB(double, 1280, 80, 2, B1_M, 2, 16, 16, 5)
        GFP_FASTB(double, 1536, 192, 1, B1_M, 2, 3, 8, 8, 8)
        GFP_FAST(double, 2048, 256, 1, B1_M, 4, 8, 8, 8)
        default: return false;
        }
    }
    if (form == GFP_FAST_BA) {
        switch (nf) {
        GFP_FAST_4S1_F64(BA_M)
        default: return false;
        }
    }
    if (form == GFP_FAST_BC) {
        switch (nf) {
        GFP_FAST_4S1_F64(BC_M)
        default: return false;
        }
    }
    switch (nf) {
    GFP_FASTB(double, 72, 9, 8, BB_M, 6, 8, 9)
    GFP_FASTB(double, 80, 10, 8, BB_M, 6, 8, 10)
    GFP_FASTB(double, 96, 12, 8, BB_M, 5, 8, 4, 3)
    GFP_FASTB(double, 120, 24, 8, BB_M, 3, 8, 3, 5)
    GFP_FAST(double, 128, 16, 8, BB_M, 8, 8, 2)
    GFP_FASTB(double, 160, 16, 8, BB_M, 3, 16, 10)
    GFP_FASTB(double, 192, 24, 8, BB_M, 3, 8, 8, 3)
    GFP_FASTB(double, 240, 30, 8, BB_M, 2, 8, 10, 3)
    GFP_FAST(double, 256, 32, 8, BB_M, 8, 8, 4)
    GFP_FAST(double, 320, 40, 8, BB_M, 8, 8, 5)
    GFP_FAST(double, 400, 50, 8, BB_M, 8, 5, 10)
    GFP_FAST(double, 512, 64, 8, BB_M, 8, 8, 8)
    GFP_FAST(double, 1024, 128, 4, BB_M, 2, 8, 8, 8)
    GFP_FAST(double, 2048, 256, 2, BB_M, 4, 8, 8, 8)
    GFP_FAST(double, 4096, 512, 2, BB_M, 8, 8, 8, 8)
    default: return false;
    }
}
