/* gfp_gpu_fast_c2c32.cu - specialised C2C f32 kernels, powers of two. */
#include <string.h>

#include "gfp_gpu_fast.cuh"

/* 128: 32 threads per frame (4 x 4 x 8) measured best of eight cuts in
 * v7 (bench/NOTES.md). 8192 (stop 36): the split exchange (skernel) as
 * cuFFT has it, 256 threads of 32 values, half the shared memory of the
 * one-block form (512 x 16, 2 16 16 16; now alt 40): on the H200 3640
 * against 3346 GB/s (A/B alt 42, stop 35). Stop 38: radices 32 8 32 and
 * the split buffer padded every 32 scalars (GFP_FAST_PAD5), free of bank
 * conflicts (bench/gpu/sbanks.py; ncu: 0 against 16 K a small batch):
 * H200 3727-3754 GB/s against 3490-3518 for 32 16 16 padded every 16
 * (now alt 42), +6.8 % (A/B alt 60, bench/NOTES.md) */
bool gfp_fast_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    if (nf == 128 && gfp_fast_alt() == 5) /* v4 */
        return gfpfast::fill<float, 128, 8, 32, GFP_MODE_C2C, 0, -1, 8, 16>(f);
    /* 8192 as cuFFT has it (ncu: 256 threads, 32 values a thread, 80
     * registers, three blocks an SM; bench/NOTES.md) */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 3108192: return gfpfast::fill<float, 8192, 256, 1, GFP_MODE_C2C, 3, -1, 16, 16, 16, 2>(f);
    case 3208192: return gfpfast::fill<float, 8192, 256, 1, GFP_MODE_C2C, 3, -1, 2, 16, 16, 16>(f);
    case 3308192: return gfpfast::fill<float, 8192, 256, 1, GFP_MODE_C2C, 3, -1, 4, 8, 16, 16>(f);
    case 3408192: return gfpfast::fill<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_CS, 3, -1, 16, 16, 16, 2>(f);
    /* the product's 8192 before stop 36 (one-block exchange) */
    case 4008192: return gfpfast::fill<float, 8192, 512, 1, GFP_MODE_C2C, 0, -1, 2, 16, 16, 16>(f);
    /* v9: split exchange (skernel), half the shared memory (42: now the
     * product's); stop 36: 53-57 more of its cuts, 84-86 4096's (H200:
     * 53 +0.8 %, 55 -1 %, 56 -28 %; 84 +1.6 %, 85 -14 %, 86 -2 %) */
    case 5308192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_CS, 3, 32, 16, 16>(f);
    case 5408192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 2, 32, 16, 16>(f);
    case 5508192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 3, 32, 32, 8>(f);
    case 5608192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 3, 8, 32, 32>(f);
    case 5708192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 4, 32, 16, 16>(f);
    /* stop 38: the split buffer padded every 32 scalars (GFP_FAST_PAD5)
     * instead of 16: bench/gpu/sbanks.py counts every exchange of the
     * product's cut two-way conflicted at 16 and free of conflicts at 32
     * (58: the product's cut; 59, 60 other cuts, as free) */
    case 5808192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 3, 32, 16, 16>(f);
    case 5908192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 3, 32, 32, 8>(f);
    case 6008192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 3, 32, 8, 32>(f);
    case 8404096: return gfpfast::fill_split<float, 4096, 256, 1, GFP_MODE_C2C, 4, 16, 16, 16>(f);
    case 8504096: return gfpfast::fill_split<float, 4096, 128, 2, GFP_MODE_C2C, 3, 16, 16, 16>(f);
    case 8604096: return gfpfast::fill_split<float, 4096, 128, 1, GFP_MODE_C2C, 6, 32, 16, 8>(f);
    case 4108192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 3, 16, 16, 32>(f);
    case 4208192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 3, 32, 16, 16>(f);
    case 4308192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 3, 16, 16, 16, 2>(f);
    case 4408192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C, 3, 16, 32, 16>(f);
    case 4508192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 3, 16, 16, 32>(f);
    case 4608192: return gfpfast::fill_split<float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_CS, 3, 16, 16, 32>(f);
    case 4708192: return gfpfast::fill_split<float, 8192, 512, 1, GFP_MODE_C2C, 2, 16, 16, 16, 2>(f);
    /* the product's with 256-byte L2 fills on the loads, with half-table twiddles */
    case 4808192: return gfpfast::fill<float, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_P256, 0, -1, 2, 16, 16, 16>(f);
    case 4908192: return gfpfast::fill<float, 8192, 512, 1, GFP_MODE_C2C | GFP_FAST_HTW, 0, -1, 2, 16, 16, 16>(f);
#ifndef GFP_EMU /* bench/gpu's host emulation has no pipelined kernels */
    /* pipelined persistent blocks (pkernel), two an SM */
    case 5008192: return gfpfast::fill_pipe<float, 8192, 512, GFP_MODE_C2C, 2, 2, 16, 16, 16>(f);
    case 5108192: return gfpfast::fill_pipe<float, 8192, 256, GFP_MODE_C2C, 2, 32, 16, 16>(f);
    case 5208192: return gfpfast::fill_pipe<float, 8192, 512, GFP_MODE_C2C | GFP_FAST_CS, 2, 2, 16, 16, 16>(f);
#endif
    case 4804096: return gfpfast::fill<float, 4096, 256, 1, GFP_MODE_C2C | GFP_FAST_P256, 0, -1, 16, 16, 16>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST(float, 8, 1, 256, GFP_MODE_C2C, 8)
    GFP_FASTB(float, 16, 4, 64, GFP_MODE_C2C, 8, 4, 4)
    GFP_FASTB(float, 32, 8, 32, GFP_MODE_C2C, 8, 2, 4, 4)
    GFP_FASTB(float, 64, 8, 32, GFP_MODE_C2C, 6, 8, 8)
    GFP_FAST(float, 128, 32, 8, GFP_MODE_C2C, 4, 4, 8)
    GFP_FAST(float, 256, 16, 16, GFP_MODE_C2C, 16, 16)
    GFP_FAST(float, 512, 32, 8, GFP_MODE_C2C, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 4, GFP_MODE_C2C, 4, 16, 16)
    GFP_FAST(float, 2048, 128, 2, GFP_MODE_C2C, 8, 16, 16)
    GFP_FAST(float, 4096, 256, 1, GFP_MODE_C2C, 16, 16, 16)
    GFP_FASTS(float, 8192, 256, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 3, 32, 8, 32)
    default: return false;
    }
}

/* C2C f32 16384 in one block: 139 KB of shared memory (one block per SM),
 * as Z2Z f64 8192 (v6). 1024 threads of 16 elements, 64 registers, radices
 * 16 16 16 4 (4 16 16 16, the f32 8192 kernel's shape, spills 4 bytes).
 * The alternatives are for A/B runs (GFP_FAST_AB, GFP_FAST_ALT=k). */
bool gfp_fast_c2c_f32big(int nf, int optin, gfp_fast_info *f)
{
    if (nf != 16384)
        return false;
#ifdef GFP_FAST_AB
    switch (gfp_fast_alt()) {
    case 1: /* 512 x 32, 128 registers */
        return gfpfast::fill<float, 16384, 512, 1, GFP_MODE_C2C, 1, -1, 4, 16, 16, 16>(f);
    case 2: /* radix 4 first (4 bytes of spills) */
        return gfpfast::fill<float, 16384, 1024, 1, GFP_MODE_C2C, 1, -1, 4, 16, 16, 16>(f);
    case 3: /* streaming global access */
        return gfpfast::fill<float, 16384, 1024, 1, GFP_MODE_C2C | GFP_FAST_CS, 1, -1, 16, 16, 16, 4>(f);
#ifndef GFP_EMU
    /* v9: pipelined persistent blocks (pkernel): the next frame comes in by
     * cp.async while this one is transformed */
    case 4:
        return gfpfast::fill_pipe<float, 16384, 1024, GFP_MODE_C2C, 1, 16, 16, 16, 4>(f);
    case 5:
        return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C, 1, 16, 16, 16, 4>(f);
    case 6:
        return gfpfast::fill_pipe<float, 16384, 1024, GFP_MODE_C2C, 1, 4, 16, 16, 16>(f);
    case 7:
        return gfpfast::fill_pipe<float, 16384, 1024, GFP_MODE_C2C | GFP_FAST_CS, 1, 16, 16, 16, 4>(f);
    case 8: /* the product until stop 30 (case 5: until stop 38) */
        return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C | GFP_FAST_CS, 1, 16, 16, 16, 4>(f);
    case 9:
        return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C, 1, 32, 32, 16>(f);
    case 10:
        return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C | GFP_FAST_CS, 1, 32, 32, 16>(f);
#endif
    case 11: /* the one-block fkernel before v9 (0.81-0.82x cuFFT) */
        return gfpfast::fill<float, 16384, 1024, 1, GFP_MODE_C2C, 1, -1, 16, 16, 16, 4>(f);
    /* stop 38: the split exchange (skernel), half the shared memory (66 KB),
     * as cuFFT's 16384 kernel has it (ncu, stop 33: 1024 threads of 16
     * values, 56 registers, 67.6 KB) */
    case 12: return gfpfast::fill_split<float, 16384, 1024, 1, GFP_MODE_C2C, 1, 16, 16, 16, 4>(f);
    case 13: return gfpfast::fill_split<float, 16384, 1024, 1, GFP_MODE_C2C, 1, 4, 16, 16, 16>(f);
    case 14: return gfpfast::fill_split<float, 16384, 1024, 1, GFP_MODE_C2C, 1, 8, 8, 16, 16>(f);
    case 15: return gfpfast::fill_split<float, 16384, 512, 1, GFP_MODE_C2C, 1, 32, 32, 16>(f);
    case 16: return gfpfast::fill_split<float, 16384, 1024, 1, GFP_MODE_C2C, 1, 16, 4, 16, 16>(f);
    case 17: return gfpfast::fill_split<float, 16384, 1024, 1, GFP_MODE_C2C | GFP_FAST_CS, 1, 16, 16, 16, 4>(f);
    /* stop 38: the split buffer padded every 32 scalars (GFP_FAST_PAD5),
     * which bench/gpu/sbanks.py counts free of bank conflicts at 512 x
     * (32,32,16) and (32,16,32) (at 16: every exchange two-way), and at
     * the product's cut 1.17 wavefronts an access against 1.67: 18, 19 and
     * 20 on pkernel, 21 (32,16,32) at 16 as 19's control (alt 9 is 18's);
     * 22 skernel 512 x (32,32,16) with PAD5 (alt 15's cut: the padded
     * exchange, which pkernel shares, in the host emulator too). 18 was
     * the product until stop 47, which added streaming stores to it (as
     * alt 23, now the product): 18 is the plain-store form */
#ifndef GFP_EMU
    case 18: return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C | GFP_FAST_PAD5, 1, 32, 32, 16>(f);
    case 19: return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C | GFP_FAST_PAD5, 1, 32, 16, 32>(f);
    case 20: return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C | GFP_FAST_PAD5, 1, 16, 16, 16, 4>(f);
    case 21: return gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C, 1, 32, 16, 32>(f);
#endif
    case 22: return gfpfast::fill_split<float, 16384, 512, 1, GFP_MODE_C2C | GFP_FAST_PAD5, 1, 32, 32, 16>(f);
    /* stop 48: 22 with the product's streaming stores (stop 47's 23 was
     * the product's form, now alt 0, so 23 stays unused). Stop 49, H100:
     * 2515-2535 GB/s, 7-8 % under the product and 4 % under 22 */
    case 24: return gfpfast::fill_split<float, 16384, 512, 1, GFP_MODE_C2C | GFP_FAST_PAD5 | GFP_FAST_CS, 1, 32, 32, 16>(f);
    default: break;
    }
#endif
    /* v9: pipelined persistent blocks, 512 x 32 values: 0.93-0.94x cuFFT
     * against 0.81 for the one-block fkernel (H100, bench/NOTES.md v9,
     * where plain and streaming stores tied: 0.933 and 0.937, alts 5 and
     * 8); plain stores since stop 30 (H200: 2740 GB/s against 2601-2640
     * with streaming stores, 0.929x cuFFT). Stop 38: radices 32 32 16
     * and the split buffer padded every 32 scalars (GFP_FAST_PAD5; bank
     * conflicts 2.00 -> 1.00 wavefronts an access in bench/gpu/sbanks.py):
     * H200 2885-2908 GB/s against 2698-2709 for 16 16 16 4 padded every
     * 16 (now alt 5), +7.1 % (A/B alt 18, bench/NOTES.md). Stop 47:
     * streaming stores (GFP_FAST_CS, st.global.cs: L2 evicts the output
     * lines first; why that pays here is not measured), on the H100
     * +8.7 % in one round (2699 against 2484 GB/s, 0.99x cuFFT) and C2C
     * f32 16384^2 +3.5 % in two (955 against 923, 1.018x cuFFT; A/B alt
     * 23 against 0 then, bench/NOTES.md); stop 49, the product build:
     * 2720-2743 GB/s, 16384^2 1.020x and 1.025x. Not measured on the H200 on
     * this cut (stop 30 on 16 16 16 4: -2.5 .. -4 %). 196 KB of shared
     * memory (sm_90), so a device with less (sm_80: 163 KB) gets the
     * one-block fkernel (139 KB) */
#ifndef GFP_EMU /* bench/gpu's host emulation runs the fkernel */
    gfpfast::fill_pipe<float, 16384, 512, GFP_MODE_C2C | GFP_FAST_PAD5 | GFP_FAST_CS, 1, 32, 32, 16>(f);
    if (f->smem <= (size_t)optin)
        return true;
    memset(f, 0, sizeof *f);
#else
    (void)optin;
#endif
    return gfpfast::fill<float, 16384, 1024, 1, GFP_MODE_C2C, 1, -1, 16, 16, 16, 4>(f);
}
