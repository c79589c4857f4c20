/* gfp_gpu_fast.h - internal (C++/CUDA) interface between the planner
 * (gfp_gpu.cu) and the compile-time specialised kernels (gfp_gpu_fast_*.cu).
 * Not part of the C API: host code includes only gfp_gpu.h. */
#ifndef GFP_GPU_FAST_H
#define GFP_GPU_FAST_H

#include <stddef.h>

struct gfp_fparams {
    const void *in;
    void *out;
    const void *tw;   /* per-stage twiddles W_{Ls R}^{s k} at [off + (s-1) Ls + k] */
    const void *rtw;  /* R2C: W_n^k, k = 0..n/2 */
    unsigned long long batch;
    int conj_in, conj_out;
    double scale;
    /* transposed store (GFP_FAST_TR, the 2D FFT's passes): bin k of frame g
     * goes to out[(g / fpm) * mst + k * ld + g % fpm], in complex values:
     * frames are the rows of matrices of fpm rows, each matrix written
     * transposed with row stride ld, matrices mst apart. 0 when unused. */
    unsigned long long ld, fpm, mst;
    /* the four-step FFT's first pass (GFP_FAST_TL | GFP_FAST_XT): element i
     * of frame g read from in[(g / fpm) * mst + i * ld + g % fpm], and bin k
     * multiplied by W_L^{(g % fpm) k}, L = nf * fpm, from the two-level
     * table xtw: W_L^m = xtw[m mod 2^xsh] * xtw[2^xsh + (m >> xsh)] */
    const void *xtw;
    int xsh;
    /* with GFP_FAST_XD (the 2D FFT's columns as a four-step, gfp_gpu_2d.cu):
     * bin k times W_L^{((g % fpm) / xdiv) k}, L = nf * fpm / xdiv */
    unsigned xdiv;
    /* Bluestein on the four-step FFT (GFP_FAST_BLI, BLM, BLO;
     * gfp_gpu_large.cu): the chirp w[m] = W_2n^{m^2}, m < bn, rounded once;
     * the chirp's spectrum / M in the first pass's output order, bh[k1 n2 +
     * k2] = Bh[k1 + n1 k2]; the logical length bn and the outputs a frame
     * bnout; the input form bin (GFP_FAST_BIN_*) and whether the output is
     * real (bout_real) */
    const void *bch, *bh;
    unsigned long long bn, bnout;
    int bin, bout_real;
    /* two user frames a transform (2b, 2b + 1 of bframes): C2R as X1 + i
     * X2 (x1 the output's real part, x2 its imaginary part), R2C as x1 +
     * i x2 (the output the complex Z = X1 + i X2) */
    int bpair;
    unsigned long long bframes;
    /* direct row loads (the nested four-step's last pass, GFP_PASS_4S3):
     * frame g's row starts at (g / rfpm) * rmst + (g % rfpm) * rld; rfpm 0:
     * at g * nf, as everywhere else */
    unsigned long long rfpm, rmst, rld;
    /* the first pass with the C2R merge (GFP_FAST_MRG): the input's
     * matrices (user frames of L + 1 bins) imst apart */
    unsigned long long imst;
};
/* Bluestein's input forms: n complex, n reals, n/2 + 1 bins of a Hermitian
 * spectrum */
enum { GFP_FAST_BIN_CPLX = 0, GFP_FAST_BIN_REAL = 1, GFP_FAST_BIN_HERM = 2 };

#define GFP_FAST_MAXST 8
struct gfp_fast_info {
    const void *func;
    int nf, tpt, fpb, threads, nst;
    int r[GFP_FAST_MAXST];
    size_t smem;
    int cl; /* > 1: thread-block clusters of cl blocks (gfp_fast2d_c2c_f32_cl) */
    int persist; /* > 0: blocks loop over frames (pkernel): launch at most
                    persist blocks an SM */
    int whole;   /* 1: one transform of nf * cl across each cluster
                    (gfp_fastcl_*), cl blocks a frame */
    int pairs;   /* 1: the four-step's second pass with the R2C split
                    (GFP_FAST_SPL): fpb/2 rows a block and their mirrors;
                    or its first with the C2R merge (GFP_FAST_MRG): fpb/2
                    columns and their partners */
};

/* each returns true and fills *f when a specialised kernel exists for the
 * complex FFT length nf */
bool gfp_fast_c2c_f32(int nf, gfp_fast_info *f);  /* powers of two */
/* C2C f32 lengths past 8192 held in one block (16384), for a device
 * whose blocks may have optin bytes of shared memory (the pipelined form
 * takes 197 KB, the plain one 139 KB); gfp_gpu_fast_c2c32.cu */
bool gfp_fast_c2c_f32big(int nf, int optin, gfp_fast_info *f);
bool gfp_fast_c2c_f32s(int nf, gfp_fast_info *f); /* smooth non-powers */
bool gfp_fast_r2c_f32(int nf, gfp_fast_info *f);  /* nf = n/2 */
bool gfp_fast_c2r_f32(int nf, gfp_fast_info *f);  /* nf = n/2 */
bool gfp_fast_c2c_f64(int nf, gfp_fast_info *f);  /* powers of two */
bool gfp_fast_c2c_f64s(int nf, gfp_fast_info *f); /* smooth non-powers */

/* the 2D FFT's passes (gfp_gpu_fast_2d.cu): the same kernels with the
 * transposed store (GFP_FAST_TR) and more frames per block, so each bin's
 * run of consecutive frames in the output is at least 32 bytes */
bool gfp_fast2d_c2c_f32(int nf, gfp_fast_info *f);
bool gfp_fast2d_r2c_f32(int nf, gfp_fast_info *f); /* nf = n/2 */
bool gfp_fast2d_c2c_f64(int nf, gfp_fast_info *f);
/* the four-step FFT's first pass (gfp_gpu_fast_4s.cu): GFP_FAST_TL,
 * GFP_FAST_XT and GFP_FAST_TR, C2C, powers of two */
bool gfp_fast4s_c2c_f32(int nf, gfp_fast_info *f);
bool gfp_fast4s_c2c_f64(int nf, gfp_fast_info *f);
/* its second pass (GFP_FAST_TR): the 2D passes and a few more lengths */
bool gfp_fast4s2_c2c_f32(int nf, gfp_fast_info *f);
bool gfp_fast4s2_c2c_f64(int nf, gfp_fast_info *f);
/* the nested four-step's last pass (gfp_gpu_large.cu): rows with the
 * transposed store, 16 frames a block in f32 (128-byte runs; f64 takes
 * gfp_fast4s2_c2c_f64's, 8 frames, 128 bytes); direct loads */
bool gfp_fast4s3_c2c_f32(int nf, gfp_fast_info *f);
/* the second pass with the R2C split fused (GFP_FAST_SPL), f32 */
bool gfp_fast4s2r_c2c_f32(int nf, gfp_fast_info *f);
/* the first pass with the C2R merge fused (GFP_FAST_MRG), f32 */
bool gfp_fast4s1m_c2c_f32(int nf, gfp_fast_info *f);
/* the 2D FFT's columns of h = n1 n2 as a four-step along the strided axis
 * (gfp_gpu_2d.cu, f32): the first pass (TL, TR, XT with GFP_FAST_XD) of
 * n1 and the second (TL, TR, no twiddle) of n2, gfp_gpu_fast_4s.cu */
bool gfp_fast2dc1_c2c_f32(int nf, gfp_fast_info *f);
bool gfp_fast2dc2_c2c_f32(int nf, gfp_fast_info *f);
/* its blocks a matrix of n1 rows: the rows k1 <= n1/2, fpb/2 a block
 * (each block also takes their mirrors n1 - k1) */
#ifdef __CUDACC__
__host__ __device__
#endif
inline unsigned long long gfp_spl_blocks(unsigned long long n1, int fpb)
{
    return (n1 / 2 + (unsigned)fpb / 2) / ((unsigned)fpb / 2);
}
/* Bluestein of a length n on the four-step FFT of M = n1 n2 in three
 * passes (gfp_gpu_fast_4sb.cu; form GFP_FAST_BA, BB or BC, nf n1, n2 or n1) */
enum { GFP_FAST_BA = 0, GFP_FAST_BB = 1, GFP_FAST_BC = 2,
       GFP_FAST_B1 = 3 /* the whole of it in one block, FPB frames (nf = M) */ };
bool gfp_fast4sb_f32(int form, int nf, gfp_fast_info *f);
bool gfp_fast4sb_f64(int form, int nf, gfp_fast_info *f);
/* one transform of n = 2^15 .. 2^18 across a thread-block cluster
 * (gfp_gpu_fast_cl.cu, sm_90): f->nf the block's length, f->cl blocks */
bool gfp_fastcl_c2c_f32(int n, gfp_fast_info *f);
/* Z2Z f64 across a cluster alike (n = 16384, 32768) */
bool gfp_fastcl_c2c_f64(int n, gfp_fast_info *f);
/* R2C of 2 n reals in one cluster pass, the split fused (output frames of
 * n + 1 bins; xtw, xsh: W_2n, set by the caller; not in place) */
bool gfp_fastcl_r2c_f32(int n, gfp_fast_info *f);

/* one transform length run by a pass kernel (GFP_FAST_TR): the 2D FFT's
 * axes (gfp_gpu_2d.cu) and the four-step FFT's passes (gfp_gpu_large.cu) */
struct gfp_pass {
    int on;
    gfp_fast_info fi;
    gfp_fparams fp; /* tw, rtw, conj_*, scale; the rest set per launch */
    void *dtw;      /* per-stage twiddles, then (R2C) W_n^k, k = 0..nf */
};
/* which kernels: the 2D C2C and R2C (nf = n/2) passes, the four-step
 * FFT's first (xtw, xsh set by the caller) and second passes, and the
 * one-pass cluster transform of length nf (xtw, xsh: W_nf, set by the
 * caller; fi.nf is then the block's share) */
enum { GFP_PASS_C2C = 0, GFP_PASS_R2C = 1, GFP_PASS_4S1 = 2, GFP_PASS_4S2 = 3, GFP_PASS_1CL = 4,
       GFP_PASS_4S2R = 5, /* 4S2 with the R2C split (xtw, xsh: W_2L, set by the caller) */
       /* Bluestein on the four-step (gfp_fast4sb_*): the chirped first pass,
        * the middle pass (FFT, times bh, FFT, twiddle) and the last (FFT,
        * chirp, only the outputs kept); the caller sets the Bluestein
        * fields and xtw, xsh (W_M) */
       GFP_PASS_BA = 6, GFP_PASS_BB = 7, GFP_PASS_BC = 8,
       GFP_PASS_B1 = 9, /* Bluestein whole in one block, FPB frames (fpm 1) */
       GFP_PASS_4S3 = 10, /* the nested four-step's last pass (rfpm, rmst, rld) */
       /* the 2D FFT's columns as a four-step (gfp_gpu_2d.cu): its first
        * pass (xtw, xsh, xdiv set by the caller) and its second, and the
        * rows after them: the 1D frame kernel, direct loads (rfpm, rmst,
        * rld), plain stores */
       GFP_PASS_2C1 = 11, GFP_PASS_2C2 = 12, GFP_PASS_ROW = 13,
       GFP_PASS_4S1M = 14, /* 4S1 with the C2R merge (xtw, xsh: W_2L; imst per launch) */
       GFP_PASS_1CLR = 15 /* R2C in one cluster pass, the split fused (gfp_fastcl_r2c_f32) */ };
/* Sets t up for a complex FFT of length nf whose output rows are ld values
 * apart when a pass kernel of that form exists and fits the device; leaves
 * t->on = 0 otherwise. */
int gfp_pass_setup(gfp_pass *t, int dbl, int form, int nf, size_t ld, int inverse, double scale,
                   int optin, int dev, char *err, size_t errlen);
/* frames (rows of nf complex; R2C 2 nf reals) at in, or with the
 * transposed load element i of frame g at in[(g / fpm) * mst + i * ld +
 * g % fpm]; bin k of frame g to out[(g / fpm) * mst + k * ld + g % fpm] */
int gfp_pass_launch(const gfp_pass *t, const void *in, void *out, size_t frames, size_t fpm,
                    size_t ld, size_t mst, void *stream, char *err, size_t errlen);
void gfp_pass_destroy(gfp_pass *t);
/* C2C f32 16384, one frame a block, in clusters of cl = 2, 4 or 8 blocks
 * (sm_90): each block writes 1/cl of the bins of all cl frames, read from
 * the others' shared memory, so each bin's run is cl frames long */
bool gfp_fast2d_c2c_f32_cl(int nf, int cl, gfp_fast_info *f);
/* the C2C f32 passes for an output whose row stride is not a multiple of
 * 4 values (4-frame runs straddle two 32-byte sectors): 2160's 8-frame
 * form (64-byte runs), 4096 on fkernel (the aligned rows' tkernel ran
 * slower there) */
bool gfp_fast2d_c2c_f32_runs8(int nf, gfp_fast_info *f);

#endif
