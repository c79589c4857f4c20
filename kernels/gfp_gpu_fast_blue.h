/* gfp_gpu_fast_blue.h - internal (C++/CUDA) interface of
 * gfp_gpu_fast_blue.cu: the one-block Bluestein built from the
 * compile-time specialised stages (for gfp_gpu_large.cu), and the one-block
 * C2C f32 16384 (for gfp_gpu.cu's setup_fast). Host code sees only
 * gfp_gpu.h. */
#ifndef GFP_GPU_FAST_BLUE_H
#define GFP_GPU_FAST_BLUE_H

#include <stddef.h>
#include "gfp_gpu_fast.h"

/* input and output forms, the values of gfp_gpu_large.cu's GFP_IN_* and
 * GFP_OUT_* */
enum { GFP_BIN_CPLX = 0, GFP_BIN_REAL = 1, GFP_BIN_HERM = 2 };
enum { GFP_BOUT_CPLX = 0, GFP_BOUT_HALF = 1, GFP_BOUT_REAL = 2 };

struct gfp_bparams {
    const void *in;
    void *out;
    const void *chirp; /* w[m] = e^{-i pi m^2/n}, m < n, in the plan's precision */
    const void *bh;    /* FFT_M(conj w, wrapped) / M, M complex */
    const void *tw;    /* both FFTs' twiddles, gfp_fblue_twiddles */
    const void *win;   /* n reals, or NULL */
    unsigned long long batch;
    int n, nout, inmode, outmode, conj_in, conj_out, post;
    double scale;
};

/* kernel forms: C2C (complex in and out, no window, no post-op), R2C
 * (real in, n/2+1 complex out, no window, no post-op), GEN (every input
 * and output form, window and post-op at run time), R2CP (R2C of two
 * frames per block as one complex transform, split at the end: grid =
 * ceil(batch / 2)), C2R (n/2+1 Hermitian in, n real out, no post-op),
 * C2RP (C2R of two frames per block: X1 + i X2 in, x1 and x2 out as the
 * real and imaginary parts; grid = ceil(batch / 2)) */
enum { GFP_BFORM_C2C = 0, GFP_BFORM_R2C = 1, GFP_BFORM_GEN = 2, GFP_BFORM_R2CP = 3,
       GFP_BFORM_C2R = 4, GFP_BFORM_C2RP = 5, GFP_BFORMS = 6 };

struct gfp_fblue_info {
    const void *func[GFP_BFORMS];
    int M, threads, nst;
    int r[GFP_FAST_MAXST]; /* the forward FFT's radices; the second FFT takes them reversed */
    size_t smem;
};

/* true and *f filled when a kernel exists for the length M (f32: 4096,
 * 8192, 9216, 12288, 16384; f64: 4096, 8192): the configuration measured
 * best for the form the plan will launch (GFP_BFORM_*), with every form
 * that configuration has */
bool gfp_fblue_f32(int M, int form, gfp_fblue_info *f);
bool gfp_fblue_f64(int M, int form, gfp_fblue_info *f);
/* the smallest of those M >= 2n-1 for 1025 <= n that has the form (or,
 * for a pair form, its one-frame form), *f filled; 0 when none (shorter n:
 * gfp_gpu_fast_4sb.cu's several frames a block) */
int gfp_fblue_pick(long long n, int dbl, int form, gfp_fblue_info *f);
/* complex entries of the twiddle table, and the table itself (h holds
 * gfp_fblue_ntw(f) complex values of the plan's precision) */
size_t gfp_fblue_ntw(const gfp_fblue_info *f);
void gfp_fblue_twiddles(const gfp_fblue_info *f, int dbl, void *h);


#endif
