/* gfp_gpu_large.cu - every length the single-block kernels refuse.
 *
 * Smooth lengths (prime factors <= 13): multi-pass Stockham. Each pass is
 * one radix-R Stockham stage whose butterfly, a whole length-R FFT, runs
 * in shared memory (the v3 stage code of gfp_gpu_fft.cuh):
 *   j in [0, L/R), k = j mod Ls,
 *   x_s = X[j + s L/R] W_{Ls R}^{s k},  Y[(j-k) R + k + t Ls] = DFT_R(x)_t.
 * A block takes C consecutive j: it reads C contiguous elements per s and
 * writes C contiguous elements per t (R contiguous in the first pass,
 * where Ls = 1), so the transposes of the four-step method are folded
 * into the passes' loads and stores, and the twiddles into the loads. Two
 * passes are the four-step FFT; longer lengths take three. The last pass
 * reads and writes the same set of elements per block, so it may run in
 * place.
 *
 * Real transforms of even length n: a complex FFT of n/2 with the split
 * (R2C) or merge (C2R) step as a separate pass. Everything else, windows
 * and post-ops included, goes pre-kernel -> complex FFT -> post-kernel.
 *
 * Other lengths: Bluestein. X[k] = w[k] sum_m x[m] w[m] conj(w[k-m]),
 * w[m] = e^{-i pi m^2/n}, as a cyclic convolution of smooth length
 * M >= 2n-1. The chirp comes from tables in double indexed by m^2 mod 2n
 * (exact in 64-bit integers); the chirp's spectrum is computed once per
 * plan in double precision on the GPU. When one block holds M points the
 * whole transform is one kernel (one pass over memory). */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"
#include "gfp_gpu_fft.cuh"
#include "gfp_gpu_large.h"
#include "gfp_gpu_fast_blue.h"
#include "gfp_gpu_fast.h"

#define GFP_LE32 16
#define GFP_LE64 8
#define GFP_LMAXT32 1024
#define GFP_LMAXT64 512
#define GFP_LMAXP 6       /* passes at most */
#define GFP_LMAXN (1ll << 28)

/* ---- parameters ----------------------------------------------------------- */

/* input forms of the pre step, output forms of the post step */
enum { GFP_IN_CPLX = 0, GFP_IN_REAL = 1, GFP_IN_HERM = 2 };
enum { GFP_OUT_CPLX = 0, GFP_OUT_HALF = 1, GFP_OUT_REAL = 2 };

struct gfp_lpparams { /* one multi-pass pass */
    const void *in;
    void *out;
    const double2 *xtw;     /* W_{Ls R}^m, two-level (xsh) */
    unsigned long long batch, nchunk;
    long long L;            /* complex length of the transform */
    int R, C, csh, ls, nlines, xsh, pstride, conj_in, conj_out;
    double scale;
    gfp_kparams kp;         /* the length-R FFT: nf, tpt, nst, st, tw */
};

struct gfp_lxparams { /* pre / post / mul / split / merge / fused Bluestein */
    const void *in;
    void *out;
    const void *win;        /* n reals or NULL */
    const double2 *chirp;   /* W_{2n}^m two-level (csh), or NULL */
    const void *chirpt;     /* or w[m], m < n, rounded once (shorter n) */
    const void *bh;         /* chirp spectrum / M, M complex */
    const double2 *rtw;     /* W_n^k two-level (rsh) for split/merge */
    unsigned long long batch;
    long long n, L, nout;   /* logical length, complex length, outputs */
    int inmode, outmode, conj_in, conj_out, post, csh, rsh;
    double scale;
    /* fused Bluestein only */
    int tpt, fpb, pstride;
    gfp_kparams kp;
};

/* ---- device helpers ------------------------------------------------------- */

/* W^m from a two-level table in double: A[m mod 2^sh] * B[m >> sh] */
template <typename T>
__device__ __forceinline__ gcx<T> tw2(const double2 *tab, int sh, unsigned long long m)
{
    double2 a = __ldg(&tab[m & ((1ull << sh) - 1)]);
    double2 b = __ldg(&tab[(1ull << sh) + (m >> sh)]);
    return mk((T)(a.x * b.x - a.y * b.y), (T)(a.x * b.y + a.y * b.x));
}

template <typename T>
__device__ __forceinline__ gcx<T> chirp_at(const gfp_lxparams &p, long long i)
{
    if (p.chirpt)
        return ldg((const gcx<T> *)p.chirpt + i);
    unsigned long long m = ((unsigned long long)i * (unsigned long long)i) %
                           (2ull * (unsigned long long)p.n);
    return tw2<T>(p.chirp, p.csh, m);
}

/* element i < n of the complex sequence the FFT takes, before padding */
template <typename T>
__device__ __forceinline__ gcx<T> pre_value(const gfp_lxparams &p, unsigned long long b,
                                            long long i)
{
    gcx<T> v;
    if (p.inmode == GFP_IN_CPLX) {
        v = ldg((const gcx<T> *)p.in + b * (unsigned long long)p.n + i);
    } else if (p.inmode == GFP_IN_REAL) {
        v = mk(ldg((const T *)p.in + b * (unsigned long long)p.n + i), (T)0);
    } else { /* Hermitian: bins 0 and n/2 taken as real, as FFTW's c2r reads them */
        long long h = p.n / 2 + 1;
        const gcx<T> *in = (const gcx<T> *)p.in + b * (unsigned long long)h;
        if (i < h) {
            v = ldg(in + i);
            if (i == 0 || 2 * i == p.n)
                v.y = (T)0;
        } else {
            v = ldg(in + (p.n - i));
            v.y = -v.y;
        }
    }
    if (p.win) {
        T w = ldg((const T *)p.win + i);
        v.x *= w;
        v.y *= w;
    }
    if (p.conj_in)
        v.y = -v.y;
    if (p.chirp)
        v = cmul(v, chirp_at<T>(p, i));
    return v;
}

/* output k < nout of transform b from the FFT's value v */
template <typename T>
__device__ __forceinline__ void post_store(const gfp_lxparams &p, unsigned long long b,
                                           long long k, gcx<T> v)
{
    if (p.chirp) {
        v.y = -v.y;
        v = cmul(v, chirp_at<T>(p, k));
    }
    if (p.conj_out)
        v.y = -v.y;
    const T sc = (T)p.scale;
    v.x *= sc;
    v.y *= sc;
    unsigned long long o = b * (unsigned long long)p.nout + k;
    if (p.post)
        ((T *)p.out)[o] = gfp_post_val<T>(p.post, v);
    else if (p.outmode == GFP_OUT_REAL)
        ((T *)p.out)[o] = v.x;
    else
        ((gcx<T> *)p.out)[o] = v;
}

/* ---- kernels -------------------------------------------------------------- */

template <typename T, int E, int MAXT>
__global__ void __launch_bounds__(MAXT) gfp_lpass_kernel(const __grid_constant__ gfp_lpparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_lsm_raw[];
    gcx<T> *sm0 = (gcx<T> *)gfp_lsm_raw;
    const int tid = threadIdx.x;
    const unsigned long long blk = blockIdx.x;
    const unsigned long long b = blk / p.nchunk;
    const int j0 = (int)(blk - b * p.nchunk) * p.C;
    const gcx<T> *in = (const gcx<T> *)p.in + b * (unsigned long long)p.L;
    gcx<T> *out = (gcx<T> *)p.out + b * (unsigned long long)p.L;
    const int tot = p.C * p.R;
    const int cmask = p.C - 1;
    /* load: C consecutive lines, c fastest (C contiguous elements per s) */
    for (int e = tid; e < tot; e += blockDim.x) {
        int c = e & cmask, s = e >> p.csh;
        int j = j0 + c;
        if (j < p.nlines) {
            gcx<T> v = ldg(&in[j + (long long)s * p.nlines]);
            if (p.conj_in)
                v.y = -v.y;
            if (p.ls > 1) {
                int k = j % p.ls;
                if (k && s)
                    v = cmul(v, tw2<T>(p.xtw, p.xsh, (unsigned long long)s * k));
            }
            sm0[c * p.pstride + gpad(s)] = v;
        }
    }
    __syncthreads();
    const int t = tid / p.kp.tpt, x = tid - t * p.kp.tpt;
    const bool act = t < p.C && j0 + t < p.nlines;
    gcx<T> *sm = sm0 + (t < p.C ? t : 0) * p.pstride;
    for (int i = 0; i < p.kp.nst; i++)
        gfp_run_stage<T, GFP_MODE_C2C, E, false, false>(p.kp, i, sm, 0, act, x);
    /* store: C contiguous per t, or (first pass) R contiguous per line */
    const T sc = (T)p.scale;
    const bool cfast = p.ls >= p.C;
    for (int e = tid; e < tot; e += blockDim.x) {
        int c, tt;
        if (cfast) {
            c = e & cmask;
            tt = e >> p.csh;
        } else {
            tt = e % p.R;
            c = e / p.R;
        }
        int j = j0 + c;
        if (j < p.nlines) {
            int k = j % p.ls;
            gcx<T> v = sm0[c * p.pstride + gpad(tt)];
            if (p.conj_out)
                v.y = -v.y;
            v.x *= sc;
            v.y *= sc;
            out[(long long)(j - k) * p.R + k + (long long)tt * p.ls] = v;
        }
    }
}

/* pre step: the FFT's input, zero-padded to L */
template <typename T>
__global__ void gfp_lpre_kernel(const __grid_constant__ gfp_lxparams p)
{
    const unsigned long long tot = p.batch * (unsigned long long)p.L;
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long b = e / (unsigned long long)p.L;
        long long i = (long long)(e - b * (unsigned long long)p.L);
        ((gcx<T> *)p.out)[e] = i < p.n ? pre_value<T>(p, b, i) : mk((T)0, (T)0);
    }
}

/* post step: outputs from the FFT's result (complex, L per transform) */
template <typename T>
__global__ void gfp_lpost_kernel(const __grid_constant__ gfp_lxparams p)
{
    const unsigned long long tot = p.batch * (unsigned long long)p.nout;
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long b = e / (unsigned long long)p.nout;
        long long k = (long long)(e - b * (unsigned long long)p.nout);
        gcx<T> v = ldg((const gcx<T> *)p.in + b * (unsigned long long)p.L + k);
        post_store<T>(p, b, k, v);
    }
}

/* Bluestein's pointwise step, in place: conj(A * Bh), so that a forward
 * FFT next gives the conjugate of the inverse transform */
template <typename T>
__global__ void gfp_lmul_kernel(const __grid_constant__ gfp_lxparams p)
{
    const unsigned long long tot = p.batch * (unsigned long long)p.L;
    gcx<T> *x = (gcx<T> *)p.out;
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long i = e % (unsigned long long)p.L;
        gcx<T> v = cmul(x[e], ldg((const gcx<T> *)p.bh + i));
        v.y = -v.y;
        x[e] = v;
    }
}

/* two real frames through one complex FFT (route GENERIC with P->gpair):
 * z = u + i v, u and v frames 2b and 2b + 1 (zero past the batch) through
 * pre_value (its window), zero-padded to L. R2C: u, v the reals. C2R: u,
 * v the Hermitian spectra (conjugated as the plan asks), whose FFTs are
 * real; pre_value takes bins 0 and n/2 as real, so that one frame's
 * imaginary parts there cannot reach the other */
template <typename T>
__global__ void gfp_lpairpre_kernel(const __grid_constant__ gfp_lxparams p)
{
    const unsigned long long tot = (p.batch + 1) / 2 * (unsigned long long)p.L;
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        const unsigned long long b = e / (unsigned long long)p.L;
        const long long i = (long long)(e - b * (unsigned long long)p.L);
        gcx<T> z = mk((T)0, (T)0);
        if (i < p.n) {
            const gcx<T> u = pre_value<T>(p, 2 * b, i);
            const gcx<T> v = 2 * b + 1 < p.batch ? pre_value<T>(p, 2 * b + 1, i) : z;
            z = mk(u.x - v.y, u.y + v.x);
        }
        ((gcx<T> *)p.out)[e] = z;
    }
}

/* and the pair's spectra from Z = X1 + i X2 (n a pair; route GENERIC,
 * and BLUE4's R2C, whose pass C stores Z): X1[k] = (Z[k] + conj Z[n-k]) /
 * 2, X2[k] = (Z[k] - conj Z[n-k]) / 2i, k < nout, each through post_store
 * (scale, conjugation, post-op) to frames 2b and 2b + 1; C2R (route
 * GENERIC): the pair's reals, Re Z[k] and Im Z[k] */
template <typename T>
__global__ void gfp_lpairpost_kernel(const __grid_constant__ gfp_lxparams p)
{
    const unsigned long long h = (unsigned long long)p.nout;
    const unsigned long long tot = (p.batch + 1) / 2 * h;
    const T hf = (T)0.5;
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        const unsigned long long b = e / h;
        const long long k = (long long)(e - b * h);
        const gcx<T> *z = (const gcx<T> *)p.in + b * (unsigned long long)p.n;
        if (p.inmode == GFP_IN_HERM) {
            const gcx<T> a = ldg(z + k);
            post_store<T>(p, 2 * b, k, mk(a.x, (T)0));
            if (2 * b + 1 < p.batch)
                post_store<T>(p, 2 * b + 1, k, mk(a.y, (T)0));
            continue;
        }
        const gcx<T> a = ldg(z + k), c = ldg(z + (k ? p.n - k : 0));
        post_store<T>(p, 2 * b, k, mk(hf * (a.x + c.x), hf * (a.y - c.y)));
        if (2 * b + 1 < p.batch)
            post_store<T>(p, 2 * b + 1, k, mk(hf * (a.y + c.y), hf * (c.x - a.x)));
    }
}

/* R2C split: X[k], k = 0..M, from Z = FFT_M of the packed reals (L = M) */
template <typename T>
__global__ void gfp_lsplit_kernel(const __grid_constant__ gfp_lxparams p)
{
    const long long M = p.L;
    const unsigned long long tot = p.batch * (unsigned long long)(M + 1);
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long b = e / (unsigned long long)(M + 1);
        long long k = (long long)(e - b * (unsigned long long)(M + 1));
        const gcx<T> *z = (const gcx<T> *)p.in + b * (unsigned long long)M;
        long long k1 = k == M ? 0 : k;
        long long k2 = k == 0 ? 0 : M - k;
        gcx<T> a = ldg(z + k1), c = ldg(z + k2);
        c.y = -c.y;
        gcx<T> s = add(a, c), d = sub(a, c);
        gcx<T> wd = cmul(tw2<T>(p.rtw, p.rsh, (unsigned long long)k), d);
        const T hf = (T)0.5;
        gcx<T> X = mk(hf * (s.x + wd.y), hf * (s.y - wd.x));
        post_store<T>(p, b, k, X);
    }
}

/* C2R merge: the packed half-length sequence (conjugated) from the M+1
 * bins of a Hermitian spectrum (L = M); the passes then conjugate */
template <typename T>
__global__ void gfp_lmerge_kernel(const __grid_constant__ gfp_lxparams p)
{
    const long long M = p.L;
    const unsigned long long tot = p.batch * (unsigned long long)M;
    for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
         e < tot; e += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long b = e / (unsigned long long)M;
        long long i = (long long)(e - b * (unsigned long long)M);
        const gcx<T> *in = (const gcx<T> *)p.in + b * (unsigned long long)(M + 1);
        ((gcx<T> *)p.out)[e] = gfp_c2r_bin(ldg(in + i), ldg(in + (M - i)),
                                           tw2<T>(p.rtw, p.rsh, (unsigned long long)i), p.conj_in,
                                           i == 0);
    }
}

/* Bluestein whole in one block: fpb transforms of length L = M each */
template <typename T, int E, int MAXT>
__global__ void __launch_bounds__(MAXT) gfp_lblue_kernel(const __grid_constant__ gfp_lxparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_lsm_raw[];
    gcx<T> *sm0 = (gcx<T> *)gfp_lsm_raw;
    const int tid = threadIdx.x;
    const int t = tid / p.tpt, x = tid - t * p.tpt;
    const unsigned long long b0 = (unsigned long long)blockIdx.x * p.fpb;
    const unsigned long long rest = p.batch - b0;
    const int nt = rest < (unsigned long long)p.fpb ? (int)rest : p.fpb;
    const bool act = t < nt;
    gcx<T> *sm = sm0 + (size_t)(t < p.fpb ? t : 0) * p.pstride;
    const int M = (int)p.L, n = (int)p.n;
    for (int e = tid; e < nt * M; e += blockDim.x) {
        int tt = e / M, i = e - tt * M;
        sm0[tt * p.pstride + gpad(i)] = i < n ? pre_value<T>(p, b0 + tt, i) : mk((T)0, (T)0);
    }
    __syncthreads();
    for (int i = 0; i < p.kp.nst; i++)
        gfp_run_stage<T, GFP_MODE_C2C, E, false, false>(p.kp, i, sm, 0, act, x);
    const gcx<T> *bh = (const gcx<T> *)p.bh;
    for (int e = tid; e < nt * M; e += blockDim.x) {
        int tt = e / M, i = e - tt * M;
        gcx<T> *q = &sm0[tt * p.pstride + gpad(i)];
        gcx<T> v = cmul(*q, ldg(bh + i));
        v.y = -v.y;
        *q = v;
    }
    __syncthreads();
    for (int i = 0; i < p.kp.nst; i++)
        gfp_run_stage<T, GFP_MODE_C2C, E, false, false>(p.kp, i, sm, 0, act, x);
    const int nout = (int)p.nout;
    for (int e = tid; e < nt * nout; e += blockDim.x) {
        int tt = e / nout, k = e - tt * nout;
        post_store<T>(p, b0 + tt, k, sm0[tt * p.pstride + gpad(k)]);
    }
}

/* ---- compile-time specialised pass (power-of-two R) -------------------------
 * Line c of the block's C lines is served by R/E threads (c fastest in the
 * block, so a warp reads C contiguous elements per s); each thread keeps E
 * elements in registers. Stages: radix E (E = 16 f32, 8 f64), then the
 * remainder radix; they exchange through shared memory. The first stage
 * reads global memory directly (with the pass twiddle), the last writes it
 * directly where the pass's output runs are C long (Ls >= C). */
struct gfp_lfparams {
    const void *in;
    void *out;
    const double2 *xtw;
    const void *stw;        /* in-block twiddles, per stage W_{LS r}^m */
    unsigned long long nchunk;
    long long L;
    int ls, nlines, xsh, conj_in, conj_out;
    double scale;
};

__host__ __device__ constexpr int lf_pw(int e, int a) { return a == 0 ? 1 : e * lf_pw(e, a - 1); }
__host__ __device__ constexpr int lf_nfull(int r, int e) { return r >= e ? 1 + lf_nfull(r / e, e) : 0; }
__host__ __device__ constexpr int lf_radix(int R, int E, int i)
{
    return i < lf_nfull(R, E) ? E : R / lf_pw(E, lf_nfull(R, E));
}
__host__ __device__ constexpr int lf_nst(int R, int E)
{
    return lf_nfull(R, E) + (R / lf_pw(E, lf_nfull(R, E)) > 1 ? 1 : 0);
}
__host__ __device__ constexpr int lf_off(int E, int i) { return i == 0 ? 0 : lf_pw(E, i) + lf_off(E, i - 1); }

template <typename T, int R, int C, int E, int r, int LS, int OFF, bool FIRST, bool LAST>
__device__ __forceinline__ void lf_stage(const gfp_lfparams &p, gcx<T> *sm0, int c, int x,
                                         int jl, bool act, const gcx<T> *in, gcx<T> *out,
                                         bool direct)
{
    constexpr int TPL = R / E, NB = E / r, NQ = R / r;
    constexpr int PS = (R + R / 16) | 1;
    const gcx<T> *tw = (const gcx<T> *)p.stw + OFF;
    const int kl = p.ls > 1 ? (jl & (p.ls - 1)) : 0;
    gcx<T> v[NB][r];
#pragma unroll
    for (int b = 0; b < NB; b++) {
        const int j = x + b * TPL;
#pragma unroll
        for (int q = 0; q < r; q++) {
            const int s = j + q * NQ;
            if (FIRST) {
                gcx<T> a = mk((T)0, (T)0);
                if (act) {
                    a = ldg(in + jl + (long long)s * p.nlines);
                    if (p.conj_in)
                        a.y = -a.y;
                    if (kl && s)
                        a = cmul(a, tw2<T>(p.xtw, p.xsh, (unsigned long long)s * kl));
                }
                v[b][q] = a;
            } else {
                v[b][q] = sm0[c * PS + gpad(s)];
            }
        }
        if (LS > 1) {
            const int k = j & (LS - 1);
#pragma unroll
            for (int q = 1; q < r; q++)
                v[b][q] = cmul(v[b][q], ldg(tw + q * k));
        }
        Bfly<r, T>::run(v[b]);
    }
    if (!FIRST)
        __syncthreads();
    const T sc = (T)p.scale;
#pragma unroll
    for (int b = 0; b < NB; b++) {
        const int j = x + b * TPL;
        const int k = j & (LS - 1);
#pragma unroll
        for (int q = 0; q < r; q++) {
            const int t = (j - k) * r + k + q * LS;
            if (LAST && direct) {
                if (act) {
                    gcx<T> a = v[b][q];
                    if (p.conj_out)
                        a.y = -a.y;
                    a.x *= sc;
                    a.y *= sc;
                    out[(long long)(jl - kl) * R + kl + (long long)t * p.ls] = a;
                }
            } else {
                sm0[c * PS + gpad(t)] = v[b][q];
            }
        }
    }
    if (!(LAST && direct))
        __syncthreads();
}

template <typename T, int R, int C, int E, int I, int NST> struct LfRun {
    static __device__ __forceinline__ void go(const gfp_lfparams &p, gcx<T> *sm0, int c, int x,
                                              int jl, bool act, const gcx<T> *in, gcx<T> *out,
                                              bool direct)
    {
        lf_stage<T, R, C, E, lf_radix(R, E, I), lf_pw(E, I), lf_off(E, I), I == 0,
                 I == NST - 1>(p, sm0, c, x, jl, act, in, out, direct);
        LfRun<T, R, C, E, I + 1, NST>::go(p, sm0, c, x, jl, act, in, out, direct);
    }
};
template <typename T, int R, int C, int E, int NST> struct LfRun<T, R, C, E, NST, NST> {
    static __device__ __forceinline__ void go(const gfp_lfparams &, gcx<T> *, int, int, int,
                                              bool, const gcx<T> *, gcx<T> *, bool)
    {
    }
};

template <typename T, int R, int C, int E>
__global__ void __launch_bounds__(C * R / E) gfp_lfast_kernel(const __grid_constant__ gfp_lfparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_lsm_raw[];
    gcx<T> *sm0 = (gcx<T> *)gfp_lsm_raw;
    constexpr int PS = (R + R / 16) | 1;
    const int tid = threadIdx.x;
    const int c = tid & (C - 1), x = tid / C;
    const unsigned long long blk = blockIdx.x;
    const unsigned long long b = blk / p.nchunk;
    const int j0 = (int)(blk - b * p.nchunk) * C;
    const gcx<T> *in = (const gcx<T> *)p.in + b * (unsigned long long)p.L;
    gcx<T> *out = (gcx<T> *)p.out + b * (unsigned long long)p.L;
    const int jl = j0 + c;
    const bool act = jl < p.nlines;
    const bool direct = p.ls >= C;
    LfRun<T, R, C, E, 0, lf_nst(R, E)>::go(p, sm0, c, x, jl, act, in, out, direct);
    if (!direct) { /* first pass: line j's R outputs are contiguous */
        const T sc = (T)p.scale;
        for (int e = tid; e < C * R; e += C * R / E) {
            int cc = e / R, tt = e & (R - 1);
            int j = j0 + cc;
            if (j < p.nlines) {
                gcx<T> a = sm0[cc * PS + gpad(tt)];
                if (p.conj_out)
                    a.y = -a.y;
                a.x *= sc;
                a.y *= sc;
                out[(long long)j * R + tt] = a;
            }
        }
    }
}

/* the instantiated fast passes: R, C per precision */
struct gfp_lfast {
    int R, C;
    const void *f32, *f64;
};
#define GFP_LF(R, C) {R, C, (const void *)gfp_lfast_kernel<float, R, C, 16>, \
                      (const void *)gfp_lfast_kernel<double, R, (C) / 2 ? (C) / 2 : 1, 8>}
static const gfp_lfast lfast_tab[] = {GFP_LF(64, 16), GFP_LF(128, 16), GFP_LF(256, 16),
                                      GFP_LF(512, 16), GFP_LF(1024, 8), GFP_LF(2048, 4)};

/* ---- host side ------------------------------------------------------------ */

enum { GFP_ROUTE_C2C = 0, GFP_ROUTE_R2C, GFP_ROUTE_C2R, GFP_ROUTE_GENERIC,
       GFP_ROUTE_BLUE, GFP_ROUTE_BLUE1, GFP_ROUTE_BLUEF, GFP_ROUTE_BLUE4, GFP_ROUTE_BLUES };
static const char *const route_name[] = {"c2c multi-pass", "r2c multi-pass + split",
                                         "c2r merge + multi-pass", "pre + fft + post",
                                         "bluestein", "bluestein one-block",
                                         "bluestein one-block specialised",
                                         "bluestein on the four-step, three passes",
                                         "bluestein in one block, frames a block"};

struct gfp_lpass {
    int R, C, csh, ls, threads, pstride;
    size_t smem;
    const double2 *xtw;
    int xsh;
    gfp_kparams kp;
    const void *ffn;  /* specialised kernel (gfp_lfast_kernel), or NULL */
    const void *stw;  /* its in-block twiddles */
};

struct gfp_lcore { /* forward complex FFT of length L, scale 1 */
    long long L;
    gfp_gpu_plan *single; /* a single-block plan of gfp_gpu.cu, or */
    gfp_pass pc;          /* one pass across thread-block clusters (pc.on), or */
    gfp_pass p1, p2;      /* the four-step FFT (p1.on): passes of n1 = p1.fi.nf and
                             n2 = p2.fi.nf, or */
    gfp_pass p3;          /* with p3.on, the nested four-step: p1 the columns of
                             n1 x L2, p2 each row's columns of p x q (p =
                             p2.fi.nf), p3 the rows of q (nested_create), or */
    int np;               /* passes */
    gfp_lpass pass[GFP_LMAXP];
    size_t chunk;         /* the four-step's batch in chunks of this many frames,
                             the first pass's output read back from L2 (l2_chunk;
                             0: the whole batch a pass) */
    cudaStream_t s2;      /* with chunks: the second passes' stream (or 0: one
                             stream), and its events (chunked) */
    cudaEvent_t ev[4];
};

#define GFP_LMAXBUF 48
struct gfp_large {
    gfp_gpu_desc d;
    int device, route;
    long long L;          /* the core's length */
    gfp_lcore core;
    gfp_pass r2s;         /* R2C on a four-step core: its second pass with the
                             split fused (r2s.on), instead of core.p2 + split */
    gfp_pass c2m;         /* C2R on a four-step core: its first pass with the
                             merge fused (c2m.on), instead of merge + core.p1 */
    gfp_pass r2c1;        /* R2C in one cluster pass with the split fused
                             (r2c1.on; A/B, GFP_GPU_1CLR=1: r2c1_create) */
    gfp_pass b4[3];       /* Bluestein on the four-step of L = n1 n2 (route
                             BLUE4): passes A (n1), B (n2), C (n1) */
    gfp_pass b1;          /* Bluestein whole in one block, several frames a
                             block (route BLUES, n <= 1024) */
    int r2s_want;         /* R2C, f32, no post-op: take r2s where it exists, and
                             factor the core for it (rows of 1024, fourstep_n1) */
    int c2m_want;         /* C2R, f32: take c2m where it exists */
    gfp_lxparams xp;      /* pre/post/split/merge/fused parameters */
    int fthreads;         /* fused Bluestein launch */
    size_t fsmem;
    gfp_fblue_info bfi;   /* specialised one-block Bluestein (gfp_gpu_fast_blue.cu) */
    const void *bfunc;    /* its kernel for this plan's form */
    int bpair;            /* R2C or C2R two frames per block (GFP_BFORM_R2CP, C2RP) */
    int gpair;            /* route GENERIC, R2C or C2R: two real frames a complex
                             FFT (gfp_lpairpre_kernel, gfp_lpairpost_kernel) */
    gfp_bparams bp;
    void *bufs[GFP_LMAXBUF];
    int nbufs;
    cudaMemPool_t pool;
    int pool_made;
    char desc[256];
};




static int smooth13(long long n)
{
    static const int pr[] = {2, 3, 5, 7, 11, 13};
    if (n < 1)
        return 0;
    for (int i = 0; i < 6; i++)
        while (n % pr[i] == 0)
            n /= pr[i];
    return n == 1;
}

/* uploads bytes to a new device buffer owned by the plan */
static int upload(gfp_large *P, const void *h, size_t bytes, void **dev, char *err,
                  size_t errlen)
{
    if (P->nbufs >= GFP_LMAXBUF)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: too many plan buffers");
    cudaError_t e = cudaMalloc(dev, bytes ? bytes : 16);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaMalloc (plan tables)");
    P->bufs[P->nbufs++] = *dev;
    if (bytes && (e = cudaMemcpy(*dev, h, bytes, cudaMemcpyHostToDevice)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaMemcpy (plan tables)");
    return GFP_GPU_OK;
}

/* W_len^m as A[m mod 2^sh] B[m >> sh], 2^(2 sh) >= len, each entry
 * rounded once from long double: complex double (dbl) or float */
static int twolevel(gfp_large *P, long long len, int dbl, void **out, int *sh, char *err,
                    size_t errlen)
{
    const size_t n = gfp_gpu_twolevel_count(len, sh), esz = dbl ? 16 : 8;
    void *h = malloc(n * esz);
    if (!h)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    gfp_gpu_twolevel_fill(len, *sh, dbl, h);
    int rc = upload(P, h, n * esz, out, err, errlen);
    free(h);
    return rc;
}


/* the same in double (the multi-pass and Bluestein kernels' tables) */
static int twotab(gfp_large *P, long long len, const double2 **out, int *sh, char *err,
                  size_t errlen)
{
    void *dv = NULL;
    int rc = twolevel(P, len, 1, &dv, sh, err, errlen);
    *out = (const double2 *)dv;
    return rc;
}

/* radices of the in-block FFT of length R, largest first (the powers of
 * two as 16s, or 8s in f64; block_fft builds its stage table from them) */
static int block_radices(int R, int maxr, int *r)
{
    int ns = 0, m = R, a = 0;
    while (m % 2 == 0) { m /= 2; a++; }
    static const int odd[] = {13, 11, 7, 5};
    int c3 = 0;
    while (m % 3 == 0) { m /= 3; c3++; }
    int cnt[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        while (m % odd[i] == 0) { m /= odd[i]; cnt[i]++; }
    if (m != 1)
        return -1;
    int big = maxr >= 16 ? 4 : 3;
    while (a >= big) { r[ns++] = 1 << big; a -= big; }
    if (a) r[ns++] = 1 << a;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < cnt[i]; j++)
            r[ns++] = odd[i];
    for (int j = 0; j < c3 / 2; j++)
        r[ns++] = 9;
    if (c3 % 2)
        r[ns++] = 3;
    if (ns > GFP_MAXST)
        return -1;
    for (int i = 0; i < ns; i++)
        for (int j = i + 1; j < ns; j++)
            if (r[j] > r[i]) { int t = r[i]; r[i] = r[j]; r[j] = t; }
    return ns;
}

/* the in-block FFT of length R: stages and their twiddle tables (format
 * of gfp_fft_body: per stage W_L^a, a < 64, then W_L^{64 b}) */
static int block_fft(gfp_large *P, int R, int dbl, int E, gfp_kparams *kp, char *err,
                     size_t errlen)
{
    int r[GFP_MAXST];
    int ns = block_radices(R, dbl ? 8 : 16, r);
    if (ns < 0)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: radices of %d", R);
    memset(kp, 0, sizeof *kp);
    kp->n = R;
    kp->nf = R;
    kp->nst = ns;
    kp->tpt = (R + E - 1) / E;
    kp->fpb = 1;
    kp->scale = 1.0;
    size_t ntw = 0;
    int ls = 1;
    for (int i = 0; i < ns; i++) {
        kp->st[i].r = r[i];
        kp->st[i].ls = ls;
        kp->st[i].twoff = (int)ntw;
        ls *= r[i];
        ntw += 64 + (size_t)(ls + 63) / 64;
    }
    size_t esz = dbl ? 16 : 8;
    void *h = calloc(ntw ? ntw : 1, esz);
    if (!h)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    size_t o = 0;
    for (int i = 0; i < ns; i++) {
        long long Lst = (long long)kp->st[i].ls * r[i];
        long long nb = (Lst + 63) / 64;
        for (long long m = 0; m < 64 + nb; m++, o++)
            gfp_gpu_root_put(m < 64 ? m : 64 * (m - 64), Lst, dbl, h, o);
    }
    void *dv = NULL;
    int rc = upload(P, h, ntw * esz, &dv, err, errlen);
    free(h);
    kp->tw = dv;
    return rc;
}

static int env_int(const char *name, int def)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return def;
    int x = atoi(v);
    return x > 0 ? x : def;
}

/* Splits L into np factors <= rmax (largest prime first into the factor
 * with the smallest product); returns np, 0 if impossible. */
static int split_passes(long long L, int rmax, int *R)
{
    int pr[64], npr = 0;
    long long m = L;
    static const int ps[] = {13, 11, 7, 5, 3, 2};
    for (int i = 0; i < 6; i++)
        while (m % ps[i] == 0) { m /= ps[i]; pr[npr++] = ps[i]; }
    if (m != 1)
        return 0;
    for (int np = 1; np <= GFP_LMAXP; np++) {
        long long f[GFP_LMAXP];
        for (int i = 0; i < np; i++)
            f[i] = 1;
        int ok = 1;
        for (int i = 0; i < npr && ok; i++) {
            int best = -1;
            for (int q = 0; q < np; q++)
                if (f[q] * pr[i] <= rmax && (best < 0 || f[q] < f[best]))
                    best = q;
            if (best < 0)
                ok = 0;
            else
                f[best] *= pr[i];
        }
        if (!ok)
            continue;
        for (int i = 0; i < np; i++)
            for (int j = i + 1; j < np; j++)
                if (f[j] > f[i]) { long long t = f[i]; f[i] = f[j]; f[j] = t; }
        for (int i = 0; i < np; i++)
            R[i] = (int)f[i];
        return np;
    }
    return 0;
}

/* the specialised pass for radix q->R if one is built (power-of-two L):
 * its C, threads, shared memory and in-block twiddle table */
static int fast_pass(gfp_large *P, long long L, int dbl, gfp_lpass *q, char *err, size_t errlen)
{
    q->ffn = NULL;
    const char *ev = getenv("GFP_GPU_LARGE_NOFAST");
    if ((ev && *ev && *ev != '0') || (L & (L - 1)))
        return GFP_GPU_OK;
    const gfp_lfast *f = NULL;
    for (size_t i = 0; i < sizeof lfast_tab / sizeof lfast_tab[0]; i++)
        if (lfast_tab[i].R == q->R)
            f = &lfast_tab[i];
    if (!f)
        return GFP_GPU_OK;
    int E = dbl ? 8 : 16, R = q->R;
    int C = dbl ? (f->C / 2 ? f->C / 2 : 1) : f->C;
    int nst = lf_nst(R, E);
    size_t ntw = 0;
    for (int i = 0; i < nst; i++)
        ntw += (size_t)lf_pw(E, i) * lf_radix(R, E, i);
    size_t esz = dbl ? 16 : 8;
    void *h = calloc(ntw, esz);
    if (!h)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    for (int i = 0; i < nst; i++) {
        long long len = (long long)lf_pw(E, i) * lf_radix(R, E, i);
        size_t off = (size_t)lf_off(E, i);
        for (long long m = 0; m < len; m++)
            gfp_gpu_root_put(m, len, dbl, h, off + (size_t)m);
    }
    void *dv = NULL;
    int rc = upload(P, h, ntw * esz, &dv, err, errlen);
    free(h);
    if (rc)
        return rc;
    const void *fn = dbl ? f->f64 : f->f32;
    size_t smem = (size_t)C * ((R + R / 16) | 1) * esz;
    if (smem > 48 * 1024) {
        cudaError_t e = cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)smem);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute (fast pass)");
    }
    q->ffn = fn;
    q->stw = dv;
    q->C = C;
    q->csh = 0;
    while ((1 << q->csh) < C)
        q->csh++;
    q->threads = C * R / E;
    q->smem = smem;
    return GFP_GPU_OK;
}

/* a pass kernel's two-level table W_len (gfp_fparams.xtw, xsh: the
 * four-step twiddle, the cluster transform's, the fused split's); t is
 * destroyed when the table cannot be made */
static int pass_twiddles(gfp_large *P, gfp_pass *t, long long len, int dbl, char *err,
                         size_t errlen)
{
    void *dv = NULL;
    int sh = 0;
    int rc = twolevel(P, len, dbl, &dv, &sh, err, errlen);
    if (rc) {
        gfp_pass_destroy(t);
        return rc;
    }
    t->fp.xtw = dv;
    t->fp.xsh = sh;
    return GFP_GPU_OK;
}

/* whether the four-step's first (pass 1) or second (pass 2) pass has a
 * kernel of length n (gfp_gpu_fast_4s.cu and the 2D passes it falls back
 * on), its facts into *fi when fi is not NULL */
static int fourstep_kernel(int dbl, int pass, long long n, gfp_fast_info *fi)
{
    if (n < 2 || n > 8192)
        return 0;
    gfp_fast_info f;
    memset(&f, 0, sizeof f);
    int ok = pass == 1 ? (dbl ? gfp_fast4s_c2c_f64((int)n, &f) : gfp_fast4s_c2c_f32((int)n, &f))
                       : (dbl ? gfp_fast4s2_c2c_f64((int)n, &f) : gfp_fast4s2_c2c_f32((int)n, &f));
    if (ok && fi)
        *fi = f;
    return ok;
}

/* L = n1 n2 not a power of two: the n1 with both pass kernels and n2 <=
 * 4096 that makes the shorter of the two longest (the pass kernels of
 * lengths with odd factors are short, so both passes keep long runs), of
 * two such the longer n1 (H100, bench/NOTES.md: 100000 as 400 x 250 1.37x
 * cuFFT, as 250 x 400 1.21x; the odd second passes are the dearer ones);
 * 0 if there is none */
static int fourstep_odd_n1(long long L, int dbl)
{
    int best = 0;
    long long bmin = 0;
    for (long long n1 = 2; n1 <= 8192 && n1 < L; n1++) {
        if (L % n1)
            continue;
        long long n2 = L / n1, mn = n1 < n2 ? n1 : n2;
        if (n2 <= 4096 && mn >= bmin && fourstep_kernel(dbl, 1, n1, NULL) &&
            fourstep_kernel(dbl, 2, n2, NULL)) {
            best = (int)n1;
            bmin = mn;
        }
    }
    return best;
}

/* GFP_GPU_4S=0: no four-step cores (the multi-pass kernels instead);
 * GFP_GPU_4S_N1=k: the first pass's length. r2s: R2C's split in the
 * second pass; c2m: C2R's merge in the first */
static int fourstep_n1(long long L, int r2s, int c2m, int dbl)
{
    const char *ev = getenv("GFP_GPU_4S");
    if ((ev && *ev == '0') || L < 2)
        return 0;
    if (L & (L - 1)) {
        int e1 = env_int("GFP_GPU_4S_N1", 0);
        return e1 > 1 && L % e1 == 0 ? e1 : fourstep_odd_n1(L, dbl);
    }
    int lg = 0;
    while ((1ll << lg) < L)
        lg++;
    /* n1 <= n2: the first pass (strided loads and stores) is the dearer
     * one, so it gets the shorter frames, and from 2^20 on n2 = 4096 where
     * that keeps n1 >= 2^(lg/2 - 1) (H100, bench/NOTES.md: 2^20 as 512 x
     * 2048 0.99x cuFFT against 0.90x as 1024 x 1024; 2^22 as 1024 x 4096
     * 0.95x against 0.90x; 2^25 as 8192 x 4096 0.75x against 0.62x) */
    long long n1 = 1ll << (lg / 2);
    /* f64 2^16 as 128 x 512 (H200, stop 31: +3.1 and +3.5 % in two
     * rounds; f64 2^17 .. 2^19 and f32 2^16, 2^17 lost 3-9 % so) */
    if (lg == 16 && dbl)
        n1 = 128;
    if (lg >= 20) {
        n1 = L / 4096 > n1 / 2 ? L / 4096 : n1 / 2;
        if (n1 > 8192)
            n1 = 8192;
    }
    /* f32 2^18 .. 2^21 without the split in the second pass, as measured
     * on the H200 (bench/NOTES.md): 2^18 and 2^19 as 256 x 1024 and 256 x
     * 2048 (stop 31: +6.9 % over 512 x 512, +1.6 % over 512 x 1024; on
     * the H100 512 x 512 ran at the two-pass floor, 256 x 1024 not
     * measured there); since the first passes run on tkernel 2^20 as 256
     * x 4096 (stop 39 call 3: 1607.6 GB/s against 1491.4 as 512 x 2048)
     * and C2C 2^21 as 1024 x 2048 (stop 40 call 1: 1473.5 against 1402.3
     * as 512 x 4096 and 1434.1 as 2048 x 1024; C2R 2^22, its half 2^21
     * with the merge, lost 9.4 % so: stop 40 call 2, 1011.8 against
     * 1117.0) */
    static const int f32cut[] = {256, 256, 256, 1024}; /* 2^18 .. 2^21 */
    if (!dbl && !r2s && lg >= 18 && lg <= 21 && !(lg == 21 && c2m))
        n1 = f32cut[lg - 18];
    /* R2C with the split in the second pass (gfp_fast4s2r_c2c_f32: rows
     * of 1024 at most): n2 = 1024 up to n1 = 4096 (H100, bench/NOTES.md:
     * R2C 2^21 1.04x cuFFT against 0.91x as 512 x 2048 in three passes,
     * 2^22 0.98x against 0.83x, 2^23 0.95x against 0.83x; 8192 x 1024
     * 0.63x against 0.79x) */
    if (r2s && L / 1024 > n1 && L / 1024 <= 4096)
        n1 = L / 1024;
    int e1 = env_int("GFP_GPU_4S_N1", 0);
    if (e1 > 1 && L % e1 == 0)
        n1 = e1;
    return (int)n1;
}

/* The four-step core L = n1 x n2 when both pass kernels exist and fit the
 * device (c->p1.on); c untouched otherwise. Pass 1: columns of the n1 x
 * n2 matrix, twiddled, stored transposed in place of the columns; pass 2:
 * its rows, stored transposed (gfp_gpu_fast_4s.cu). */
static int fourstep_create(gfp_large *P, long long L, int dbl, int optin, gfp_lcore *c,
                           char *err, size_t errlen)
{
    int n1 = fourstep_n1(L, P->r2s_want, P->c2m_want, dbl);
    /* n2 <= 4096: 2^26 as 8192 x 8192 (16-byte runs both ways) ran at
     * 0.47x cuFFT against the multi-pass kernels' 0.67x at 2^27 (H100) */
    if (n1 < 2 || L / n1 > 4096)
        return GFP_GPU_OK;
    long long n2 = L / n1;
    gfp_pass a, b;
    int rc = gfp_pass_setup(&a, dbl, GFP_PASS_4S1, n1, (size_t)n2, 0, 1.0, optin, P->device,
                            err, errlen);
    if (rc)
        return rc;
    if (!a.on)
        return GFP_GPU_OK;
    rc = gfp_pass_setup(&b, dbl, GFP_PASS_4S2, (int)n2, (size_t)n1, 0, 1.0, optin, P->device,
                        err, errlen);
    if (rc || !b.on) {
        gfp_pass_destroy(&a);
        return rc;
    }
    if ((rc = pass_twiddles(P, &a, L, dbl, err, errlen))) { /* W_L */
        gfp_pass_destroy(&b);
        return rc;
    }
    c->p1 = a;
    c->p2 = b;
    return GFP_GPU_OK;
}

/* Whether the device's memory peaks at 3.8 TB/s or more (an H200's 4.8,
 * not an H100's 3.35; from its clock and bus width, DDR; unknown counts
 * as slow): some cuts were measured best on one and not the other, where
 * one side of the choice is bound by bandwidth and the other by latency
 * or by a third pass (cluster_create, nested_create) */
static int fast_memory(int device)
{
    int khz = 0, bits = 0;
    if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, device) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return 2.0 * khz * 1e3 * bits / 8 >= 3.8e12; /* peak bytes a second */
}

/* The nested four-step (c->p3.on): L = n1 x L2, L2 = p x q, in three
 * passes, each a kernel with long runs where the four-step's would have
 * short ones (2^25 as 8192 x 4096: 16-byte runs):
 *   1. the columns of the n1 x L2 matrix, twiddled by W_L, stored back in
 *      place: the four-step's first pass with n2 = L2;
 *   2. each row k1 (L2 contiguous values) as the four-step's first pass of
 *      p x q: its columns, twiddled by W_L2, in place;
 *   3. the rows of q: row (k1, kk) at k1 L2 + kk q is frame g = k1 + n1 kk
 *      (gfp_fparams' row remap: rfpm n1, rmst q, rld L2), bin k2b stored at
 *      g + n1 p k2b = k1 + n1 (kk + p k2b), one launch per transform.
 * Powers of two from 2^25 (C2C f32; f64 and R2C/C2R from 2^23, but Z2Z
 * f64 from 2^24 where the memory is slow; C2C f32 2^24 as 256 x 256 x 256
 * where the memory is fast, fast_memory), q 512
 * and n1 = L / (512 q), at least 128
 * (f32 from L = 2^25: n1 = L / (256 q), so p = 256):
 * GFP_GPU_4S3=0 turns it off, GFP_GPU_4S3_MIN=k takes it from 2^k,
 * GFP_GPU_4S3_N1 and GFP_GPU_4S3_Q set n1 and q. c untouched when a pass
 * kernel is missing or does not fit. */
static int nested_create(gfp_large *P, long long L, int dbl, int optin, gfp_lcore *c,
                         char *err, size_t errlen)
{
    const char *ev = getenv("GFP_GPU_4S3");
    /* R2C and C2R from 2^23 (their split or merge in a pass of its own
     * beside the four-step's two, or fused into the nested one's three:
     * R2C f32 2^24 745.8 -> 865.3 GB/s, 2^25 695.4 -> 875.8 on the H200,
     * bench/NOTES.md stop 32); C2C f32 from 2^25 (2^23 nested 695 against
     * the four-step's 1121) and 2^24 as 256 x 256 x 256 (H200, stop 35:
     * 1094.9 against the four-step's 996.7 GB/s; 128 x 256 x 512 1037.6);
     * Z2Z f64 from 2^23, whose four-step runs 32-byte runs (H200, stop 35:
     * 2^23 as 128 x 128 x 512 1073.8 against 985.2, 2^24 as 128 x 256 x
     * 512 1070.9 against 925.8); on an H100 (3.35 TB/s) C2C f32 2^24 runs
     * the four-step 4096 x 4096 instead, at 1079.5 and 1076.2 GB/s against
     * the nested cut's 945.0 and 945.0 (bench/NOTES.md stop 44), so 2^24 is
     * nested only where fast_memory; and Z2Z f64 2^23 runs the four-step
     * 2048 x 4096 where !fast_memory (H100, stop 46 call 4: 937.6 GB/s
     * against the nested cut's 892.5, +5.1 %; 2^24 gained 1.1 % so, 884.8
     * against 874.8, and stays nested, as do C2C f32 2^25, -34 % as 8192 x
     * 4096, and R2C f32 2^24 +0.9 %, 2^25 -9.9 %) */
    const int cplx = !P->r2s_want && !P->c2m_want;
    const int f32_24 = cplx && !dbl && L == (1ll << 24) && fast_memory(P->device);
    const int f64_23 = cplx && dbl && L == (1ll << 23) && !fast_memory(P->device);
    const int lgmin = env_int("GFP_GPU_4S3_MIN", f32_24 || f64_23 ? 24 : !cplx || dbl ? 23 : 25);
    if ((ev && *ev == '0') || L < 2 || (L & (L - 1)) || lgmin > 40 || L < (1ll << lgmin))
        return GFP_GPU_OK;
    /* f32 from L = 2^25: p = 256 (q 512, n1 = L / 2^17), since the
     * first passes run on tkernel (H200, bench/NOTES.md stop 40 calls 1
     * and 3, against p = 512: C2C 2^25 as 256 x 256 x 512 1114.4 GB/s
     * against 1029.6, 2^26 as 512 x 256 x 512 1053.5 against 1015.5, 2^27
     * as 1024 x 256 x 512 1033.0 against 938.1; R2C 2^26, its half as 256
     * x 256 x 512, 923.3 against 861.0, C2R 2^26 789.6 against 729.3; Z2Z
     * f64 2^25 lost 2.7 % so) */
    const int p256 = !dbl && L >= (1ll << 25);
    const long long q = env_int("GFP_GPU_4S3_Q", f32_24 ? 256 : 512);
    long long n1 = env_int("GFP_GPU_4S3_N1", f32_24 ? 256 : p256 ? L / (256 * q) : 0);
    if (n1 <= 0)
        n1 = L / (q * 512) > 128 ? L / (q * 512) : 128;
    if (L % (n1 * q) || L / (n1 * q) < 2)
        return GFP_GPU_OK;
    const long long L2 = L / n1, p = L2 / q;
    gfp_pass a, b, t;
    memset(&a, 0, sizeof a);
    b = t = a;
    int rc;
    if ((rc = gfp_pass_setup(&a, dbl, GFP_PASS_4S1, (int)n1, (size_t)L2, 0, 1.0, optin,
                             P->device, err, errlen)) || !a.on ||
        (rc = gfp_pass_setup(&b, dbl, GFP_PASS_4S1, (int)p, (size_t)q, 0, 1.0, optin,
                             P->device, err, errlen)) || !b.on ||
        (rc = gfp_pass_setup(&t, dbl, GFP_PASS_4S3, (int)q, (size_t)(n1 * p), 0, 1.0, optin,
                             P->device, err, errlen)) || !t.on ||
        (rc = pass_twiddles(P, &a, L, dbl, err, errlen)) || /* W_L */
        (rc = pass_twiddles(P, &b, L2, dbl, err, errlen))) { /* W_L2 */
        gfp_pass_destroy(&a); /* each destroy is safe twice */
        gfp_pass_destroy(&b);
        gfp_pass_destroy(&t);
        return rc;
    }
    c->p1 = a;
    c->p2 = b;
    c->p3 = t;
    return GFP_GPU_OK;
}

/* The one-pass core (c->pc.on): L across a thread-block cluster where
 * gfp_gpu_fast_cl.cu has a kernel (f32 2^15; A/B builds up to 2^18), the
 * device runs its clusters (sm_90) and its memory is slow enough that
 * the two-pass four-step loses to it: the cluster kernel is bound by its
 * barriers' latency (2^15: 1577 GB/s on an H100, 1675 on an H200), the
 * four-step by bandwidth at about 0.44 of the peak (H100, 3.35 TB/s peak:
 * 1457, so the cluster +9 %; H200, 4.8 TB/s: 1854, the four-step +11 %;
 * bench/NOTES.md stops 15 and 31), so the cluster where !fast_memory.
 * GFP_GPU_1CL=0 turns it off, =1 on wherever it runs. Z2Z f64 (16384,
 * 32768) only under GFP_GPU_1CL64=1, an A/B form until measured (stop 52). c
 * untouched otherwise. */
static int cluster_create(gfp_large *P, long long L, int dbl, int optin, gfp_lcore *c,
                          char *err, size_t errlen)
{
    const char *ev = getenv("GFP_GPU_1CL"), *e64 = getenv("GFP_GPU_1CL64");
    if ((ev && *ev == '0') || (dbl && !(e64 && *e64 == '1')) || L > (1ll << 18))
        return GFP_GPU_OK;
    if (!(ev && *ev == '1') && fast_memory(P->device))
        return GFP_GPU_OK;
    gfp_pass a;
    int rc = gfp_pass_setup(&a, dbl, GFP_PASS_1CL, (int)L, 0, 0, 1.0, optin, P->device, err,
                            errlen);
    if (rc || !a.on || (rc = pass_twiddles(P, &a, L, dbl, err, errlen))) /* W_L */
        return rc;
    c->pc = a;
    return GFP_GPU_OK;
}

/* Frames of L in one chunk of the four-step's batch: the first pass
 * writes a chunk into the scratch buffer and the second reads it back
 * while it is still in L2, so the scratch's bytes need not cross device
 * memory. GFP_GPU_L2CHUNK: the chunk in KiB; default 0, off (the whole
 * batch a pass): on the H200, chunks of 4-25 MiB ran 35-70 % slower
 * (bench/NOTES.md, stop 31). 0 where not one frame fits. */
static size_t l2_chunk(long long L, int dbl)
{
    const char *ev = getenv("GFP_GPU_L2CHUNK");
    const long long kib = ev && *ev ? atoll(ev) : 0;
    const size_t f = (size_t)(kib > 0 ? kib : 0) * 1024 / ((size_t)L * (dbl ? 16 : 8));
    return f >= 1 ? f : 0;
}

/* with chunks, GFP_GPU_L2STREAMS=2 (default 1): the second passes on a
 * stream of their own, so that chunk i's second pass runs beside chunk
 * i + 1's first (two scratch chunks) */
static int chunk_streams(gfp_lcore *c, char *err, size_t errlen)
{
    const char *ev = getenv("GFP_GPU_L2STREAMS");
    if (!c->chunk || !ev || atoi(ev) != 2)
        return GFP_GPU_OK;
    cudaError_t e = cudaStreamCreateWithFlags(&c->s2, cudaStreamNonBlocking);
    for (int i = 0; i < 4 && e == cudaSuccess; i++)
        e = cudaEventCreateWithFlags(&c->ev[i], cudaEventDisableTiming);
    return e == cudaSuccess ? GFP_GPU_OK : gfp_gpu_cuda_fail(err, errlen, e, "chunk streams");
}

/* R2C of 2 L reals (f32, no post-op) in one pass across a cluster with
 * the split fused (gfp_fastcl_r2c_f32: L = 2^15) into P->r2c1, only when
 * GFP_GPU_1CLR=1: an A/B form until it is measured against the four-step
 * with the split in its second pass (R2C 2^16: 0.82x cuFFT on an H100,
 * bench/NOTES.md stop 52). P->r2c1 untouched otherwise. */
static int r2c1_create(gfp_large *P, long long L, int optin, double scale, char *err,
                       size_t errlen)
{
    const char *ev = getenv("GFP_GPU_1CLR");
    if (!(ev && *ev == '1') || L > (1ll << 18))
        return GFP_GPU_OK;
    gfp_pass t;
    int rc = gfp_pass_setup(&t, 0, GFP_PASS_1CLR, (int)L, 0, 0, scale, optin, P->device, err,
                            errlen);
    if (rc || !t.on || (rc = pass_twiddles(P, &t, 2 * L, 0, err, errlen))) /* W_2L */
        return rc;
    P->r2c1 = t;
    return GFP_GPU_OK;
}

static int core_create(gfp_large *P, long long L, int dbl, int optin, gfp_lcore *c,
                       char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->L = L;
    gfp_gpu_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.n = (size_t)L;
    sd.kind = GFP_GPU_C2C;
    sd.dbl = dbl;
    sd.scale = 1.0;
    sd.device = P->device;
    /* one block per transform where the single-block kernels take L */
    if (L <= 16384 && smooth13(L) && gfp_gpu_single_supported(&sd))
        return gfp_gpu_plan_create(&sd, &c->single, err, errlen);
    /* not for an R2C that fuses its split into the four-step's second
     * pass (H100: R2C 65536 0.70x cuFFT so, 0.64x on the cluster core and
     * a split pass) */
    int rc1 = P->r2s_want ? GFP_GPU_OK : cluster_create(P, L, dbl, optin, c, err, errlen);
    if (rc1 || c->pc.on)
        return rc1;
    int rc3 = nested_create(P, L, dbl, optin, c, err, errlen);
    if (rc3 || c->p3.on)
        return rc3;
    int rc4 = fourstep_create(P, L, dbl, optin, c, err, errlen);
    if (!rc4 && c->p1.on) { /* (nested_create took the three-pass cores) */
        c->chunk = l2_chunk(L, dbl);
        rc4 = chunk_streams(c, err, errlen);
    }
    if (rc4 || c->p1.on)
        return rc4;
    int E = dbl ? GFP_LE64 : GFP_LE32;
    int tile = env_int("GFP_GPU_LARGE_TILE", dbl ? 4096 : 8192);
    int cmax = 1;
    while (cmax * 2 <= env_int("GFP_GPU_LARGE_CMAX", 16))
        cmax *= 2;
    int cmin = 4;
    int R[GFP_LMAXP];
    int np = split_passes(L, tile / cmin, R);
    if (np == 0)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP, "length %lld: no pass split", L);
    size_t esz = dbl ? 16 : 8;
    int maxt = dbl ? GFP_LMAXT64 : GFP_LMAXT32;
    long long ls = 1;
    for (int i = 0; i < np; i++) {
        gfp_lpass *q = &c->pass[i];
        q->R = R[i];
        int C = cmax;
        while (C > 1 && (long long)C * R[i] > tile)
            C /= 2;
        if (C < 1)
            C = 1;
        q->C = C;
        q->csh = 0;
        while ((1 << q->csh) < C)
            q->csh++;
        q->ls = (int)ls;
        int rc = block_fft(P, R[i], dbl, E, &q->kp, err, errlen);
        if (rc)
            return rc;
        int ps = R[i] + (R[i] >> 4) + 1;
        if (!(ps & 1))
            ps++;
        q->pstride = ps;
        q->smem = (size_t)C * ps * esz;
        q->threads = (C * q->kp.tpt + 31) / 32 * 32;
        if ((rc = fast_pass(P, L, dbl, q, err, errlen)))
            return rc;
        if (q->threads > maxt || q->smem > (size_t)optin)
            return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                         "length %lld: pass of radix %d does not fit a block", L, R[i]);
        if (ls > 1) {
            rc = twotab(P, ls * R[i], &q->xtw, &q->xsh, err, errlen);
            if (rc)
                return rc;
        }
        ls *= R[i];
    }
    c->np = np;
    const void *f = dbl ? (const void *)gfp_lpass_kernel<double, GFP_LE64, GFP_LMAXT64>
                        : (const void *)gfp_lpass_kernel<float, GFP_LE32, GFP_LMAXT32>;
    size_t mx = 0;
    for (int i = 0; i < np; i++)
        if (c->pass[i].smem > mx)
            mx = c->pass[i].smem;
    if (mx > 48 * 1024) {
        cudaError_t e = cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)mx);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute (pass)");
    }
    return GFP_GPU_OK;
}

static void core_destroy(gfp_lcore *c)
{
    gfp_gpu_plan_destroy(c->single);
    c->single = NULL;
    gfp_pass_destroy(&c->pc);
    gfp_pass_destroy(&c->p1);
    gfp_pass_destroy(&c->p2);
    gfp_pass_destroy(&c->p3);
    for (int i = 0; i < 4; i++)
        if (c->ev[i])
            cudaEventDestroy(c->ev[i]);
    if (c->s2)
        cudaStreamDestroy(c->s2);
    c->s2 = NULL;
    memset(c->ev, 0, sizeof c->ev);
}

/* Buffers of each pass of a multi-pass core: src -> ... -> dst, using
 * scratch (which may be src: src is read by the first pass only). The last
 * pass may run in place; the others may not. */
static int core_buffers(const gfp_lcore *c, const void *src, void *dst, void *scratch,
                        const void **ins, void **outs)
{
    for (int scheme = 0; scheme < 2; scheme++) {
        int np = c->np, ok = 1;
        for (int p = 0; p < np; p++) {
            if (p == np - 1)
                outs[p] = dst;
            else
                outs[p] = ((np - 2 - p + scheme) % 2 == 0) ? dst : scratch;
            ins[p] = p == 0 ? src : outs[p - 1];
            if (!outs[p] || (p < np - 1 && ins[p] == outs[p]))
                ok = 0;
            if (np == 1 && ins[p] == outs[p])
                ok = 0;
        }
        if (ok)
            return 0;
    }
    return -1;
}

/* a four-step first pass t (columns of nf, len / nf a frame): batch
 * frames of len from src to dst (may be src), the columns twiddled and
 * stored transposed in place of the columns */
static int first_pass(const gfp_pass *t, size_t len, const void *src, void *dst, size_t batch,
                      int conj_in, cudaStream_t s, char *err, size_t errlen)
{
    gfp_pass a = *t;
    a.fp.conj_in = conj_in;
    const size_t n2 = len / (size_t)a.fi.nf;
    return gfp_pass_launch(&a, src, dst, batch * n2, n2, n2, len, s, err, errlen);
}

/* the nested four-step's first two passes (nested_create): batch frames
 * of L from src into scratch (may be src), then each row of L2 in place
 * there */
static int nested_first(const gfp_lcore *c, const void *src, void *scratch, size_t batch,
                        int conj_in, cudaStream_t s, char *err, size_t errlen)
{
    const size_t L = (size_t)c->L, n1 = (size_t)c->p1.fi.nf;
    int rc = first_pass(&c->p1, L, src, scratch, batch, conj_in, s, err, errlen);
    return rc ? rc : first_pass(&c->p2, L / n1, scratch, scratch, batch * n1, 0, s, err, errlen);
}

/* and its last: the rows of q from scratch through *t (c->p3, or the R2C
 * split's pass of the same q), row (k1, kk) at k1 L2 + kk q the frame g =
 * k1 + n1 kk, transform m's output ostride values apart in dst; a launch
 * a transform */
static int nested_last(const gfp_lcore *c, gfp_pass *t, int dbl, const void *scratch, void *dst,
                       size_t batch, size_t ostride, cudaStream_t s, char *err, size_t errlen)
{
    const size_t L = (size_t)c->L, n1 = (size_t)c->p1.fi.nf, q = (size_t)c->p3.fi.nf;
    const size_t np = L / q, esz = dbl ? 16 : 8;
    t->fp.rfpm = n1;
    t->fp.rmst = q;
    t->fp.rld = L / n1;
    int rc = GFP_GPU_OK;
    for (size_t m = 0; m < batch && !rc; m++)
        rc = gfp_pass_launch(t, (const char *)scratch + m * L * esz, (char *)dst + m * ostride * esz,
                             np, np, np, ostride, s, err, errlen);
    return rc;
}

/* The four-step's two passes over batch frames of L, chunk by chunk
 * (c->chunk; the whole batch at once without): the first pass (c->p1)
 * from src into scratch (the chunk's own frames where scratch is src),
 * the second (*b, frames of ost values in dst) from there. With c->s2
 * the second passes run on it, each after its chunk's first, and the
 * scratch alternates between two chunks, each first pass after the
 * second pass that last read its half; s waits for s2 at the end. only
 * (A/B builds): 1 or 2 runs that pass alone. */
static int chunked(const gfp_lcore *c, int dbl, const gfp_pass *b, size_t ost, const void *src,
                   void *dst, void *scratch, size_t batch, int conj_in, int only, cudaStream_t s,
                   char *err, size_t errlen)
{
    const size_t L = (size_t)c->L, n1 = (size_t)c->p1.fi.nf, esz = dbl ? 16 : 8;
    const size_t cb = c->chunk && c->chunk < batch ? c->chunk : batch;
    const int two = c->s2 && cb < batch;
    cudaStream_t s2 = two ? c->s2 : s;
    int rc = GFP_GPU_OK;
    cudaError_t e = cudaSuccess;
    if (two) /* s2 after what s has queued (the input) */
        if ((e = cudaEventRecord(c->ev[0], s)) != cudaSuccess ||
            (e = cudaStreamWaitEvent(s2, c->ev[0], 0)) != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "chunk events");
    size_t i = 0;
    for (size_t f0 = 0; f0 < batch && !rc; f0 += cb, i++) {
        const size_t nb = batch - f0 < cb ? batch - f0 : cb;
        const char *in = (const char *)src + f0 * L * esz;
        void *sc = scratch == src ? (void *)in
                                  : (char *)scratch + (two ? (i % 2) * cb * L * esz : 0);
        if (two && i >= 2 && scratch != src) /* the second pass that read sc is done */
            if ((e = cudaStreamWaitEvent(s, c->ev[2 + i % 2], 0)) != cudaSuccess)
                break;
        if (only != 2)
            rc = first_pass(&c->p1, L, in, sc, nb, conj_in, s, err, errlen);
        if (!rc && two)
            if ((e = cudaEventRecord(c->ev[i % 2], s)) != cudaSuccess ||
                (e = cudaStreamWaitEvent(s2, c->ev[i % 2], 0)) != cudaSuccess)
                break;
        if (!rc && only != 1)
            rc = gfp_pass_launch(b, sc, (char *)dst + f0 * ost * esz, nb * n1, n1, n1, ost, s2, err,
                                 errlen);
        if (!rc && two)
            if ((e = cudaEventRecord(c->ev[2 + i % 2], s2)) != cudaSuccess)
                break;
    }
    if (!rc && e == cudaSuccess && two) /* s after the last second pass */
        e = cudaStreamWaitEvent(s, c->ev[2 + (i - 1) % 2], 0);
    if (!rc && e != cudaSuccess)
        rc = gfp_gpu_cuda_fail(err, errlen, e, "chunk events");
    return rc;
}

static int core_exec(const gfp_lcore *c, int dbl, const void *src, void *dst, void *scratch,
                     size_t batch, int conj_in, int conj_out, double scale, cudaStream_t s,
                     char *err, size_t errlen)
{
    if (c->single) {
        if (conj_in || conj_out || scale != 1.0)
            return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: single core with options");
        return gfp_gpu_plan_exec(c->single, src, dst, batch, (void *)s, err, errlen);
    }
    if (c->pc.on) { /* one pass, in place or not */
        gfp_pass a = c->pc;
        a.fp.conj_in = conj_in;
        a.fp.conj_out = conj_out;
        a.fp.scale = scale;
        return gfp_pass_launch(&a, src, dst, batch, 0, 0, 0, s, err, errlen);
    }
    if (c->p1.on) {
        /* src -> scratch (may be src: each block writes back the columns
         * it read), scratch -> dst; the nested four-step's second pass in
         * place in scratch between */
        if (!scratch || scratch == dst)
            return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: four-step scratch");
        gfp_pass b = c->p3.on ? c->p3 : c->p2; /* the last pass */
        b.fp.conj_out = conj_out;
        b.fp.scale = scale;
        if (c->p3.on) {
            int rc = nested_first(c, src, scratch, batch, conj_in, s, err, errlen);
            return rc ? rc
                      : nested_last(c, &b, dbl, scratch, dst, batch, (size_t)c->L, s, err, errlen);
        }
        const size_t L = (size_t)c->L;
        int only = 0;
#ifdef GFP_FAST_AB
        /* A/B builds: GFP_GPU_4S_ONLY=1|2 runs that pass alone (what each
         * costs; the spectra are wrong) */
        only = env_int("GFP_GPU_4S_ONLY", 0);
#endif
        return chunked(c, dbl, &b, L, src, dst, scratch, batch, conj_in, only, s, err, errlen);
    }
    const void *ins[GFP_LMAXP];
    void *outs[GFP_LMAXP];
    if (core_buffers(c, src, dst, scratch, ins, outs))
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: no buffer schedule");
    const void *f = dbl ? (const void *)gfp_lpass_kernel<double, GFP_LE64, GFP_LMAXT64>
                        : (const void *)gfp_lpass_kernel<float, GFP_LE32, GFP_LMAXT32>;
    for (int i = 0; i < c->np; i++) {
        const gfp_lpass *q = &c->pass[i];
        gfp_lpparams pp;
        memset(&pp, 0, sizeof pp);
        pp.in = ins[i];
        pp.out = outs[i];
        pp.xtw = q->xtw;
        pp.batch = batch;
        pp.L = c->L;
        pp.R = q->R;
        pp.C = q->C;
        pp.csh = q->csh;
        pp.ls = q->ls;
        pp.nlines = (int)(c->L / q->R);
        pp.nchunk = (unsigned long long)((pp.nlines + q->C - 1) / q->C);
        pp.xsh = q->xsh;
        pp.pstride = q->pstride;
        pp.conj_in = i == 0 ? conj_in : 0;
        pp.conj_out = i == c->np - 1 ? conj_out : 0;
        pp.scale = i == c->np - 1 ? scale : 1.0;
        pp.kp = q->kp;
        unsigned long long blocks = pp.nchunk * batch;
        if (blocks > 0x7fffffffull)
            return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "batch of %zu is too large for one launch",
                         batch);
        gfp_lfparams fp;
        memset(&fp, 0, sizeof fp);
        fp.in = pp.in;
        fp.out = pp.out;
        fp.xtw = pp.xtw;
        fp.stw = q->stw;
        fp.nchunk = pp.nchunk;
        fp.L = pp.L;
        fp.ls = pp.ls;
        fp.nlines = pp.nlines;
        fp.xsh = pp.xsh;
        fp.conj_in = pp.conj_in;
        fp.conj_out = pp.conj_out;
        fp.scale = pp.scale;
        void *args[] = {&pp};
        void *fargs[] = {&fp};
        cudaError_t e = cudaLaunchKernel(q->ffn ? q->ffn : f, dim3((unsigned)blocks),
                                         dim3((unsigned)q->threads), q->ffn ? fargs : args,
                                         q->smem, s);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "pass launch");
    }
    return GFP_GPU_OK;
}

/* whether a length goes without Bluestein: 13-smooth, or past the
 * one-block lengths a product n1 n2 of four-step passes that fit the
 * device (the kernels of 136 = 8 x 17 and 248 = 8 x 31 take 33728) */
static int direct_len(long long n, int dbl, int optin)
{
    if (smooth13(n))
        return 1;
    int n1 = n > 16384 ? fourstep_n1(n, 0, 0, dbl) : 0;
    if (n1 < 2)
        return 0;
    gfp_fast_info a, b;
    return fourstep_kernel(dbl, 1, n1, &a) && fourstep_kernel(dbl, 2, n / n1, &b) &&
           a.smem <= (size_t)optin && b.smem <= (size_t)optin;
}

/* smallest M >= m, a multiple of 4 with no prime factor over 7; past
 * the specialised one-block lengths (f32 16384, f64 8192), a length the
 * four-step takes: the
 * smallest 13-smooth multiple of 4 that is a product n1 n2 of its pass
 * kernels (fourstep_odd_n1; 13-smooth so that the multi-pass kernels take
 * it where the four-step's do not fit the device), or else the next power
 * of two. Either is under 2 m, and the four-step's two passes run at 2-3
 * times the multi-pass kernels' rate (H100, bench/NOTES.md). */
static long long blue_len(long long m, int dbl)
{
    const char *ev = getenv("GFP_GPU_4S");
    if (m > (dbl ? 8192 : 16384) && !(ev && *ev == '0')) {
        long long p2 = 1, best = 0;
        while (p2 < m)
            p2 *= 2;
        if (p2 <= (dbl ? (1ll << 26) : (1ll << 27)))
            best = p2;
        int n2s[4096], nn2 = 0;
        for (int n2 = 2; n2 <= 4096; n2++)
            if (fourstep_kernel(dbl, 2, n2, NULL))
                n2s[nn2++] = n2;
        for (long long n1 = 2; n1 <= 8192; n1++) {
            if (!fourstep_kernel(dbl, 1, n1, NULL))
                continue;
            for (int j = 0; j < nn2; j++) {
                long long M = n1 * n2s[j];
                if (M >= m && M % 4 == 0 && (M & (M - 1)) && (!best || M < best) &&
                    smooth13(M))
                    best = M;
            }
        }
        if (best)
            return best;
    }
    for (long long M = (m + 3) / 4 * 4;; M += 4) {
        long long x = M;
        static const int pr[] = {2, 3, 5, 7};
        for (int i = 0; i < 4; i++)
            while (x % pr[i] == 0)
                x /= pr[i];
        if (x == 1)
            return M;
    }
}

/* Bluestein: chirp tables and the chirp's spectrum Bh = FFT_M(b) / M,
 * computed in double through a double-precision plan of length M. */
static int blue_setup(gfp_large *P, long long n, long long M, int n1, int dbl, char *err,
                      size_t errlen)
{
    int rc = twotab(P, 2 * n, &P->xp.chirp, &P->xp.csh, err, errlen);
    if (rc)
        return rc;
    double2 *hb = (double2 *)calloc((size_t)M, sizeof *hb);
    void *dbin = NULL, *dbout = NULL;
    gfp_gpu_plan *fp = NULL;
    cudaError_t e;
    if (!hb)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    for (long long m = 0; m < n; m++) {
        unsigned long long q = ((unsigned long long)m * (unsigned long long)m) %
                               (2ull * (unsigned long long)n);
        long double c, s;
        gfp_gpu_root((long long)q, 2 * n, &c, &s); /* w[m]; b = conj(w) */
        hb[m].x = (double)c;
        hb[m].y = -(double)s;
        if (m)
            hb[M - m] = hb[m];
    }
    if (n <= (1 << 22)) {
        /* a direct table of w[m] spares the kernels a 64-bit modulo and
         * double arithmetic per point (measured: one-block 4093 ran at
         * 65 GB/s with the two-level tables) */
        size_t esz = dbl ? 16 : 8;
        void *ht = malloc((size_t)n * esz), *dv = NULL;
        if (!ht) {
            free(hb);
            return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
        }
        for (long long m = 0; m < n; m++) {
            if (dbl) {
                ((double *)ht)[2 * m] = hb[m].x;
                ((double *)ht)[2 * m + 1] = -hb[m].y;
            } else {
                ((float *)ht)[2 * m] = (float)hb[m].x;
                ((float *)ht)[2 * m + 1] = (float)-hb[m].y;
            }
        }
        rc = upload(P, ht, (size_t)n * esz, &dv, err, errlen);
        free(ht);
        P->xp.chirpt = dv;
        if (rc) {
            free(hb);
            return rc;
        }
    }
    gfp_gpu_desc sd;
    memset(&sd, 0, sizeof sd);
    sd.n = (size_t)M;
    sd.kind = GFP_GPU_C2C;
    sd.dbl = 1;
    sd.scale = 1.0 / (double)M;
    sd.device = P->device;
    size_t bytes = (size_t)M * sizeof(double2);
    if ((e = cudaMalloc(&dbin, bytes)) != cudaSuccess ||
        (e = cudaMalloc(&dbout, bytes)) != cudaSuccess) {
        rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMalloc (chirp spectrum)");
        goto done;
    }
    if ((e = cudaMemcpy(dbin, hb, bytes, cudaMemcpyHostToDevice)) != cudaSuccess) {
        rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemcpy (chirp)");
        goto done;
    }
    if ((rc = gfp_gpu_plan_create(&sd, &fp, err, errlen)))
        goto done;
    if ((rc = gfp_gpu_plan_exec(fp, dbin, dbout, 1, NULL, err, errlen)))
        goto done;
    if ((e = cudaMemcpy(hb, dbout, bytes, cudaMemcpyDeviceToHost)) != cudaSuccess) {
        rc = gfp_gpu_cuda_fail(err, errlen, e, "chirp spectrum");
        goto done;
    }
    if (n1 > 1) {
        /* the four-step's order (route BLUE4): Bh[k1 + n1 k2] at k1 n2 + k2 */
        const long long n2 = M / n1;
        double2 *hp = (double2 *)malloc((size_t)M * sizeof *hp);
        if (!hp) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
            goto done;
        }
        for (long long k1 = 0; k1 < n1; k1++)
            for (long long k2 = 0; k2 < n2; k2++)
                hp[k1 * n2 + k2] = hb[k1 + n1 * k2];
        free(hb);
        hb = hp;
    }
    if (!dbl) {
        float *hf = (float *)hb; /* in place: element i written after read */
        for (long long i = 0; i < M; i++) {
            double x = hb[i].x, y = hb[i].y;
            hf[2 * i] = (float)x;
            hf[2 * i + 1] = (float)y;
        }
    }
    {
        void *dv = NULL;
        rc = upload(P, hb, (size_t)M * (dbl ? 16 : 8), &dv, err, errlen);
        P->xp.bh = dv;
    }
done:
    gfp_gpu_plan_destroy(fp);
    if (dbin)
        cudaFree(dbin);
    if (dbout)
        cudaFree(dbout);
    free(hb);
    return rc;
}

/* the fused one-block Bluestein, when M fits a block */
static int blue1_setup(gfp_large *P, long long M, int dbl, int optin, char *err,
                       size_t errlen)
{
    int E = dbl ? GFP_LE64 : GFP_LE32;
    int maxt = dbl ? GFP_LMAXT64 : GFP_LMAXT32;
    size_t esz = dbl ? 16 : 8;
    if (M > 16384 || (M + E - 1) / E > maxt)
        return GFP_GPU_ENOTSUP;
    int ps = (int)(M + (M >> 4) + 1);
    if (!(ps & 1))
        ps++;
    if ((size_t)ps * esz > (size_t)optin)
        return GFP_GPU_ENOTSUP;
    int rc = block_fft(P, (int)M, dbl, E, &P->xp.kp, err, errlen);
    if (rc)
        return rc;
    int tpt = P->xp.kp.tpt;
    int fpb = 256 / tpt;
    if (fpb < 1)
        fpb = 1;
    size_t smax = 64 * 1024;
    if (smax < (size_t)ps * esz)
        smax = (size_t)ps * esz;
    while (fpb > 1 && (size_t)fpb * ps * esz > smax)
        fpb--;
    P->xp.tpt = tpt;
    P->xp.fpb = fpb;
    P->xp.pstride = ps;
    P->fthreads = (fpb * tpt + 31) / 32 * 32;
    if (P->fthreads > maxt)
        P->fthreads = maxt;
    P->fsmem = (size_t)fpb * ps * esz;
    const void *f = dbl ? (const void *)gfp_lblue_kernel<double, GFP_LE64, GFP_LMAXT64>
                        : (const void *)gfp_lblue_kernel<float, GFP_LE32, GFP_LMAXT32>;
    if (P->fsmem > 48 * 1024) {
        cudaError_t e = cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)P->fsmem);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute (bluestein)");
    }
    return GFP_GPU_OK;
}

/* the specialised one-block Bluestein (gfp_gpu_fast_blue.cu): M the
 * smallest of its lengths >= 2n-1 (powers of two, 9216, 12288), for
 * n >= 1025 (below, the generic kernel's several frames per block on a
 * 7-smooth M do better) up to what one block holds; ENOTSUP when it does
 * not apply (the caller goes on with the other routes), checked before any
 * table is made */
static int bluef_setup(gfp_large *P, long long n, int dbl, int optin, char *err,
                       size_t errlen)
{
    const char *ev = getenv("GFP_GPU_NOBLUEF");
    if (ev && *ev && *ev != '0')
        return GFP_GPU_ENOTSUP;
    const gfp_lxparams *x = &P->xp;
    /* R2C and C2R: two real frames as one complex one, half the work per
     * frame (GFP_GPU_NOBLUEPAIR=1: one frame per block) */
    const char *np = getenv("GFP_GPU_NOBLUEPAIR");
    const int pair = !(np && *np && *np != '0');
    int form = GFP_BFORM_GEN;
    if (!x->win && !x->post && x->inmode == GFP_IN_CPLX && x->outmode == GFP_OUT_CPLX)
        form = GFP_BFORM_C2C;
    else if (!x->win && !x->post && x->inmode == GFP_IN_HERM && x->outmode == GFP_OUT_REAL)
        form = pair ? GFP_BFORM_C2RP : GFP_BFORM_C2R;
    else if (!x->win && !x->post && x->inmode == GFP_IN_REAL && x->outmode == GFP_OUT_HALF)
        form = pair ? GFP_BFORM_R2CP : GFP_BFORM_R2C;
    gfp_fblue_info fi;
    memset(&fi, 0, sizeof fi);
    const long long M = gfp_fblue_pick(n, dbl, form, &fi);
    if (M == 0)
        return GFP_GPU_ENOTSUP;
    if (form == GFP_BFORM_R2CP && !fi.func[form]) /* not built where it spills */
        form = GFP_BFORM_R2C;
    if (form == GFP_BFORM_C2RP && !fi.func[form])
        form = GFP_BFORM_C2R;
    const void *f = fi.func[form];
    if (!f || fi.smem > (size_t)optin)
        return GFP_GPU_ENOTSUP;
    cudaError_t e;
    if (fi.smem > 48 * 1024 &&
        (e = cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)fi.smem)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute (bluestein, specialised)");
    struct cudaFuncAttributes fa;
    if ((e = cudaFuncGetAttributes(&fa, f)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncGetAttributes (bluestein, specialised)");
    if (fa.maxThreadsPerBlock < fi.threads)
        return GFP_GPU_ENOTSUP;
    /* the chirp table w[m], m < n, and Bh for this M */
    P->L = P->xp.L = M;
    int rc = blue_setup(P, n, M, 0, dbl, err, errlen);
    if (rc)
        return rc;
    if (!P->xp.chirpt || !P->xp.bh)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: no chirp table for n=%lld", n);
    size_t ntw = gfp_fblue_ntw(&fi), esz = dbl ? 16 : 8;
    void *h = malloc(ntw * esz), *dtw = NULL;
    if (!h)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    gfp_fblue_twiddles(&fi, dbl, h);
    rc = upload(P, h, ntw * esz, &dtw, err, errlen);
    free(h);
    if (rc)
        return rc;
    gfp_bparams *b = &P->bp;
    memset(b, 0, sizeof *b);
    b->chirp = x->chirpt;
    b->bh = x->bh;
    b->tw = dtw;
    b->win = x->win;
    b->n = (int)n;
    b->nout = (int)x->nout;
    b->inmode = x->inmode;
    b->outmode = x->outmode;
    b->conj_in = x->conj_in;
    /* C2R leaves conj_out off (a real part needs none); the pair form's
     * second frame is the imaginary part, which needs the inverse's */
    b->conj_out = form == GFP_BFORM_C2RP ? x->conj_in : x->conj_out;
    b->post = x->post;
    b->scale = x->scale;
    P->bfi = fi;
    P->bfunc = f;
    P->bpair = form == GFP_BFORM_R2CP || form == GFP_BFORM_C2RP;
    return GFP_GPU_OK;
}

/* Bluestein on the four-step (route BLUE4, gfp_gpu_fast_4sb.cu): the
 * shortest M = n1 n2 >= m with the three pass kernels, of two such the
 * split with n1 <= n2 and n1 longest (the four-step's habit: the strided
 * passes A and C take the shorter frames); 0 if there is none */
static long long blue4_len(long long m, int dbl, int optin, int *n1p)
{
    long long best = 0;
    int bn1 = 0;
    for (int n1 = 128; n1 <= 4096; n1 *= 2) {
        gfp_fast_info a, c;
        bool ok = dbl ? gfp_fast4sb_f64(GFP_FAST_BA, n1, &a) && gfp_fast4sb_f64(GFP_FAST_BC, n1, &c)
                      : gfp_fast4sb_f32(GFP_FAST_BA, n1, &a) && gfp_fast4sb_f32(GFP_FAST_BC, n1, &c);
        if (!ok || a.smem > (size_t)optin || c.smem > (size_t)optin)
            continue;
        for (int n2 = 2; n2 <= 4096; n2++) {
            gfp_fast_info b;
            const long long M = (long long)n1 * n2;
            if (M < m || (best && M > best))
                continue;
            if (!(dbl ? gfp_fast4sb_f64(GFP_FAST_BB, n2, &b) : gfp_fast4sb_f32(GFP_FAST_BB, n2, &b)) ||
                b.smem > (size_t)optin)
                continue;
            const bool better = !best || M < best || (n1 <= n2 && (bn1 > M / bn1 || n1 > bn1));
            if (better) {
                best = M;
                bn1 = n1;
            }
        }
    }
    *n1p = bn1;
    return best;
}

/* a Bluestein pass's fields of gfp_fparams from the plan's (x, n):
 * tables, lengths, forms; real frames two a transform */
static void blue_pass_fields(gfp_pass *t, const gfp_lxparams *x, long long n)
{
    t->fp.bch = x->chirpt;
    t->fp.bh = x->bh;
    t->fp.bn = (unsigned long long)n;
    t->fp.bnout = (unsigned long long)x->nout;
    t->fp.bin = x->inmode == GFP_IN_CPLX   ? GFP_FAST_BIN_CPLX
                : x->inmode == GFP_IN_REAL ? GFP_FAST_BIN_REAL
                                           : GFP_FAST_BIN_HERM;
    t->fp.bout_real = x->outmode == GFP_OUT_REAL;
    t->fp.bpair = x->inmode != GFP_IN_CPLX;
}

/* Bluestein whole in one block, FPB frames a block (route BLUES,
 * gfp_gpu_fast_4sb.cu's form GFP_FAST_B1): the shortest M of its kernels
 * >= 2n - 1 (up to 2048: n <= 1024); real frames two a transform. GFP_GPU_ENOTSUP
 * where there is none; GFP_GPU_BLUES=0 turns the route off (the generic
 * one-block kernel, gfp_lblue_kernel, instead). */
static int blues_setup(gfp_large *P, long long n, int dbl, int optin, char *err,
                       size_t errlen)
{
    const char *ev = getenv("GFP_GPU_BLUES");
    if (ev && *ev == '0')
        return GFP_GPU_ENOTSUP;
    int M = 0;
    for (int m = (int)(2 * n - 1); m <= 2048 && !M; m++) { /* the kernel table's lengths */
        gfp_fast_info f;
        if ((dbl ? gfp_fast4sb_f64(GFP_FAST_B1, m, &f) : gfp_fast4sb_f32(GFP_FAST_B1, m, &f)) &&
            f.smem <= (size_t)optin)
            M = m;
    }
    if (!M)
        return GFP_GPU_ENOTSUP;
    gfp_lxparams *x = &P->xp;
    int rc = blue_setup(P, n, M, 0, dbl, err, errlen);
    if (rc)
        return rc;
    gfp_pass *t = &P->b1;
    if ((rc = gfp_pass_setup(t, dbl, GFP_PASS_B1, M, 0, 0, 1.0, optin, P->device, err, errlen)))
        return rc;
    if (!t->on)
        return GFP_GPU_ENOTSUP;
    blue_pass_fields(t, x, n);
    t->fp.conj_in = x->conj_in;
    /* C2R's pairs: the imaginary part needs the inverse's conjugation */
    t->fp.conj_out = x->inmode == GFP_IN_HERM ? x->conj_in : x->conj_out;
    t->fp.scale = x->scale;
    P->L = M;
    return GFP_GPU_OK;
}

/* the three passes of route BLUE4 when their kernels exist for an M and
 * the chirp has a direct table (n <= 2^22); GFP_GPU_ENOTSUP otherwise.
 * GFP_GPU_BLUE4=0 turns the route off (the six-step route instead). */
static int blue4_setup(gfp_large *P, long long n, int dbl, int optin, char *err, size_t errlen)
{
    const char *ev = getenv("GFP_GPU_BLUE4");
    if ((ev && *ev == '0') || n > (1 << 22))
        return GFP_GPU_ENOTSUP;
    int n1 = 0;
    const long long M = blue4_len(2 * n - 1, dbl, optin, &n1);
    if (!M)
        return GFP_GPU_ENOTSUP;
    const long long n2 = M / n1;
    gfp_lxparams *x = &P->xp;
    int rc = blue_setup(P, n, M, n1, dbl, err, errlen);
    if (rc)
        return rc;
    static const int form[3] = {GFP_PASS_BA, GFP_PASS_BB, GFP_PASS_BC};
    for (int i = 0; i < 3; i++) {
        gfp_pass *t = &P->b4[i];
        rc = gfp_pass_setup(t, dbl, form[i], i == 1 ? (int)n2 : n1, 0, 0, 1.0, optin, P->device,
                            err, errlen);
        if (rc)
            return rc;
        if (!t->on) /* its block does not fit the device: the six-step route */
            return GFP_GPU_ENOTSUP;
        blue_pass_fields(t, x, n);
    }
    /* W_M for A and B, two-level (H100, bench/NOTES.md: one whole table
     * for f64, each value rounded once, lowered Z2Z's errors 0-4 % and
     * cost 5 % of its speed) */
    if ((rc = pass_twiddles(P, &P->b4[0], M, dbl, err, errlen)))
        return rc;
    P->b4[1].fp.xtw = P->b4[0].fp.xtw;
    P->b4[1].fp.xsh = P->b4[0].fp.xsh;
    /* real frames two at a time: C2R as X1 + i X2 (x1 the real part, x2
     * the imaginary, which needs the inverse's conjugation); R2C as x1 + i
     * x2, pass C storing Z = X1 + i X2 whole (n a pair), separated by
     * gfp_lpairpost_kernel, which takes the scale and conjugation */
    const int r2c = x->inmode == GFP_IN_REAL;
    P->b4[0].fp.conj_in = x->conj_in;
    P->b4[2].fp.conj_out = r2c ? 0 : P->b4[0].fp.bpair ? x->conj_in : x->conj_out;
    P->b4[2].fp.scale = r2c ? 1.0 : x->scale;
    if (r2c)
        P->b4[2].fp.bnout = (unsigned long long)n;
    P->L = M;
    return GFP_GPU_OK;
}

/* a route's setup returned rc: GFP_GPU_OK takes the route, GFP_GPU_ENOTSUP
 * leaves the plan to the next (both GFP_GPU_OK); anything else fails */
static int take_route(gfp_large *P, int route, int rc)
{
    if (rc == GFP_GPU_OK)
        P->route = route;
    return rc == GFP_GPU_ENOTSUP ? GFP_GPU_OK : rc;
}

int gfp_large_supported(const gfp_gpu_desc *d)
{
    if (!d || d->n < 1 || (long long)d->n > GFP_LMAXN)
        return 0;
    if (d->kind != GFP_GPU_C2C && d->kind != GFP_GPU_R2C && d->kind != GFP_GPU_C2R)
        return 0;
    if ((int)d->post < 0 || (int)d->post > (int)GFP_GPU_POST_PHASE)
        return 0;
    if (d->kind == GFP_GPU_C2R && (d->window || d->post != GFP_GPU_POST_NONE))
        return 0;
    return 1;
}

void gfp_large_destroy(gfp_large *P)
{
    if (!P)
        return;
    core_destroy(&P->core);
    gfp_pass_destroy(&P->r2s);
    gfp_pass_destroy(&P->c2m);
    gfp_pass_destroy(&P->r2c1);
    for (int i = 0; i < 3; i++)
        gfp_pass_destroy(&P->b4[i]);
    gfp_pass_destroy(&P->b1);
    for (int i = 0; i < P->nbufs; i++)
        cudaFree(P->bufs[i]);
    if (P->pool_made)
        cudaMemPoolDestroy(P->pool);
    free(P);
}

const char *gfp_large_describe(const gfp_large *P)
{
    return P ? P->desc : "";
}

int gfp_large_create(const gfp_gpu_desc *d, gfp_large **out, char *err,
                                size_t errlen)
{
    if (!d || !out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    *out = NULL;
    if (!gfp_large_supported(d))
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP, "length %zu of this kind has no GPU kernel",
                     d->n);
    int optin = 0;
    cudaError_t e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                           d->device);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute");
    gfp_large *P = (gfp_large *)calloc(1, sizeof *P);
    if (!P)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    P->d = *d;
    P->d.window = NULL;
    P->device = d->device;
    const long long n = (long long)d->n;
    const int dbl = d->dbl;
    const int even = n % 2 == 0;
    const int nopts = !d->window && d->post == GFP_GPU_POST_NONE;
    gfp_lxparams *x = &P->xp;
    int rc = GFP_GPU_OK;
    x->n = n;
    x->scale = d->scale;
    x->post = (int)d->post;
    x->conj_in = d->kind == GFP_GPU_R2C ? 0 : d->inverse != 0;
    x->conj_out = d->kind == GFP_GPU_C2R ? 0 : d->inverse != 0;
    x->inmode = d->kind == GFP_GPU_C2C ? GFP_IN_CPLX
                : d->kind == GFP_GPU_R2C ? GFP_IN_REAL : GFP_IN_HERM;
    x->outmode = d->kind == GFP_GPU_C2C ? GFP_OUT_CPLX
                 : d->kind == GFP_GPU_R2C ? GFP_OUT_HALF : GFP_OUT_REAL;
    x->nout = d->kind == GFP_GPU_R2C ? n / 2 + 1 : n;
    {
        cudaMemPoolProps pp;
        memset(&pp, 0, sizeof pp);
        pp.allocType = cudaMemAllocationTypePinned;
        pp.location.type = cudaMemLocationTypeDevice;
        pp.location.id = d->device;
        if ((e = cudaMemPoolCreate(&P->pool, &pp)) != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemPoolCreate (workspace)");
            goto done;
        }
        P->pool_made = 1;
        uint64_t thr = UINT64_MAX; /* keep workspace between runs */
        cudaMemPoolSetAttribute(P->pool, cudaMemPoolAttrReleaseThreshold, &thr);
    }
    if (d->window) {
        size_t wsz = (size_t)n * (dbl ? 8 : 4);
        void *h = malloc(wsz), *dv = NULL;
        if (!h) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
            goto done;
        }
        for (long long i = 0; i < n; i++) {
            if (dbl)
                ((double *)h)[i] = d->window[i];
            else
                ((float *)h)[i] = (float)d->window[i];
        }
        rc = upload(P, h, wsz, &dv, err, errlen);
        free(h);
        x->win = dv;
        if (rc)
            goto done;
    }
    if (d->kind == GFP_GPU_C2C && nopts && direct_len(n, dbl, optin)) {
        P->route = GFP_ROUTE_C2C;
        P->L = n;
    } else if (d->kind == GFP_GPU_R2C && even && !d->window && direct_len(n / 2, dbl, optin) &&
               n >= 4) {
        P->route = GFP_ROUTE_R2C;
        P->L = n / 2;
    } else if (d->kind == GFP_GPU_C2R && even && direct_len(n / 2, dbl, optin) && n >= 4) {
        P->route = GFP_ROUTE_C2R;
        P->L = n / 2;
    } else if (direct_len(n, dbl, optin)) {
        P->route = GFP_ROUTE_GENERIC;
        P->L = n;
    } else {
        P->route = GFP_ROUTE_BLUE;
        P->L = blue_len(2 * n - 1, dbl);
    }
    x->L = P->L;
    if (P->route == GFP_ROUTE_R2C || P->route == GFP_ROUTE_C2R) {
        if ((rc = twotab(P, n, &x->rtw, &x->rsh, err, errlen)))
            goto done;
    }
    /* Bluestein's routes, the first whose setup takes the plan (the
     * one-frame kernel, n 1025 .. 8192 f32, .. 4096 f64; frames a block, n
     * <= 1024; the four-step's three passes; else the six steps below) */
    if (P->route == GFP_ROUTE_BLUE &&
        (rc = take_route(P, GFP_ROUTE_BLUEF, bluef_setup(P, n, dbl, optin, err, errlen))))
        goto done;
    if (P->route == GFP_ROUTE_BLUE && nopts && n <= 1024 &&
        (rc = take_route(P, GFP_ROUTE_BLUES, blues_setup(P, n, dbl, optin, err, errlen))))
        goto done;
    if (P->route == GFP_ROUTE_BLUE && nopts &&
        (rc = take_route(P, GFP_ROUTE_BLUE4, blue4_setup(P, n, dbl, optin, err, errlen))))
        goto done;
    if (P->route == GFP_ROUTE_BLUE) {
        if ((rc = blue_setup(P, n, P->L, 0, dbl, err, errlen)))
            goto done;
        const char *ev = getenv("GFP_GPU_NOBLUE1");
        if (!(ev && *ev && *ev != '0')) {
            rc = blue1_setup(P, P->L, dbl, optin, err, errlen);
            if (rc == GFP_GPU_OK)
                P->route = GFP_ROUTE_BLUE1;
            else if (rc != GFP_GPU_ENOTSUP)
                goto done;
            rc = GFP_GPU_OK;
        }
    }
    /* R2C without a post-op (f32): the split in the four-step's second
     * pass (GFP_GPU_4S_SPLIT=0: a pass of its own) */
    {
        const char *ev = getenv("GFP_GPU_4S_SPLIT");
        /* any L whose four-step's second pass has a split form
         * (gfp_fast4s2r_c2c_f32: powers of two, and the odd-factor rows
         * of the audio rates' lengths and 100000) */
        P->r2s_want = P->route == GFP_ROUTE_R2C && !dbl && d->post == GFP_GPU_POST_NONE &&
                      !(ev && *ev == '0');
        /* C2R (f32): the merge in the four-step's first pass, or the
         * nested one's (GFP_GPU_4S_MERGE=0: a pass of its own) */
        ev = getenv("GFP_GPU_4S_MERGE");
        P->c2m_want = P->route == GFP_ROUTE_C2R && !dbl && !(ev && *ev == '0');
    }
    if (P->route != GFP_ROUTE_BLUE1 && P->route != GFP_ROUTE_BLUEF &&
        P->route != GFP_ROUTE_BLUE4 && P->route != GFP_ROUTE_BLUES) {
        if ((rc = core_create(P, P->L, dbl, optin, &P->core, err, errlen)))
            goto done;
        /* a single-block core takes no conjugation or scale: then the
         * C2C and C2R routes go through the pre and post steps instead */
        if (P->core.single && (P->route == GFP_ROUTE_C2C || P->route == GFP_ROUTE_C2R)) {
            P->route = GFP_ROUTE_GENERIC;
            if (P->L != n) {
                core_destroy(&P->core);
                P->L = x->L = n;
                if ((rc = core_create(P, P->L, dbl, optin, &P->core, err, errlen)))
                    goto done;
            }
        }
        if (P->r2s_want && (rc = r2c1_create(P, P->L, optin, x->scale, err, errlen)))
            goto done;
        if (P->r2s_want && P->core.p1.on) {
            /* the split in the last pass: the four-step's second, or the
             * nested one's third (its frames' mirrors are rows of the
             * n1 p x q matrix, as the four-step's of n1 x n2) */
            gfp_pass *t = &P->r2s;
            const int last = P->core.p3.on ? P->core.p3.fi.nf : P->core.p2.fi.nf;
            if ((rc = gfp_pass_setup(t, dbl, GFP_PASS_4S2R, last, 0, 0, x->scale,
                                     optin, P->device, err, errlen)) ||
                (t->on && (rc = pass_twiddles(P, t, 2 * P->L, dbl, err, errlen)))) /* W_2L */
                goto done;
        }
        /* the merge in the first pass: the four-step's, or the nested
         * one's (columns of the n1 x L2 matrix alike) */
        if (P->c2m_want && P->core.p1.on) {
            gfp_pass *t = &P->c2m;
            if ((rc = gfp_pass_setup(t, dbl, GFP_PASS_4S1M, P->core.p1.fi.nf,
                                     (size_t)(P->L / P->core.p1.fi.nf), 0, 1.0, optin, P->device,
                                     err, errlen)) ||
                (t->on && (rc = pass_twiddles(P, t, 2 * P->L, dbl, err, errlen)))) /* W_2L */
                goto done;
        }
    }
    {
        /* R2C and C2R on the generic route (odd n): two real frames a
         * complex FFT (GFP_GPU_NOPAIR=1: a frame each) */
        const char *ev = getenv("GFP_GPU_NOPAIR");
        P->gpair = P->route == GFP_ROUTE_GENERIC &&
                   (x->inmode == GFP_IN_REAL || x->inmode == GFP_IN_HERM) &&
                   !(ev && *ev && *ev != '0');
    }
    {
        int o = snprintf(P->desc, sizeof P->desc, "%s, L=%lld%s", route_name[P->route], P->L,
                         P->gpair ? ", two real frames a transform" : "");
        if (P->route == GFP_ROUTE_BLUEF) {
            o += snprintf(P->desc + o, sizeof P->desc - o, ", %d threads%s, radices", P->bfi.threads,
                          P->bpair ? ", two frames per block" : "");
            for (int i = 0; i < P->bfi.nst && o < (int)sizeof P->desc - 8; i++)
                o += snprintf(P->desc + o, sizeof P->desc - o, "%s%d", i ? "x" : " ", P->bfi.r[i]);
        } else if (P->route == GFP_ROUTE_BLUES) {
            snprintf(P->desc + o, sizeof P->desc - o, ", %d frames a block of %d threads%s",
                     P->b1.fi.fpb, P->b1.fi.threads,
                     P->b1.fp.bpair ? ", two real frames a transform" : "");
        } else if (P->route == GFP_ROUTE_BLUE4) {
            snprintf(P->desc + o, sizeof P->desc - o,
                     ", %d x %d (%d, %d, %d threads a block)%s", P->b4[0].fi.nf, P->b4[1].fi.nf,
                     P->b4[0].fi.threads, P->b4[1].fi.threads, P->b4[2].fi.threads,
                     P->b4[0].fp.bpair ? ", two frames a transform" : "");
        } else if (P->route != GFP_ROUTE_BLUE1) {
            if (P->core.single)
                snprintf(P->desc + o, sizeof P->desc - o, ", one block");
            else if (P->core.pc.on)
                snprintf(P->desc + o, sizeof P->desc - o,
                         ", one pass in clusters of %d blocks of %d (%d threads)",
                         P->core.pc.fi.cl, P->core.pc.fi.nf, P->core.pc.fi.threads);
            else if (P->r2c1.on)
                snprintf(P->desc + o, sizeof P->desc - o,
                         ", one pass in clusters of %d blocks of %d (%d threads), split "
                         "fused",
                         P->r2c1.fi.cl, P->r2c1.fi.nf, P->r2c1.fi.threads);
            else if (P->core.p3.on)
                snprintf(P->desc + o, sizeof P->desc - o,
                         ", four-step nested %d x %d x %d (%d, %d, %d threads a block)%s%s",
                         P->core.p1.fi.nf, P->core.p2.fi.nf, P->core.p3.fi.nf,
                         P->core.p1.fi.threads, P->core.p2.fi.threads, P->core.p3.fi.threads,
                         P->r2s.on ? ", split in the third pass" : "",
                         P->c2m.on ? ", merge in the first pass" : "");
            else if (P->core.p1.on) {
                char ch[48] = "";
                if (P->core.chunk)
                    snprintf(ch, sizeof ch, ", in chunks of %zu frames", P->core.chunk);
                const gfp_pass *a = P->c2m.on ? &P->c2m : &P->core.p1;
                const gfp_pass *b = P->r2s.on ? &P->r2s : &P->core.p2;
                snprintf(P->desc + o, sizeof P->desc - o,
                         ", four-step %d x %d (%d x %d threads, %d x %d frames a block)%s%s%s",
                         a->fi.nf, b->fi.nf, a->fi.threads, b->fi.threads, a->fi.fpb, b->fi.fpb,
                         P->r2s.on ? ", split in the second pass" : "",
                         P->c2m.on ? ", merge in the first pass" : "", ch);
            } else
                for (int i = 0; i < P->core.np && o < (int)sizeof P->desc - 24; i++)
                    o += snprintf(P->desc + o, sizeof P->desc - o, "%s%d(C%d%s)",
                                  i ? " x " : ", passes ", P->core.pass[i].R,
                                  P->core.pass[i].C, P->core.pass[i].ffn ? " fast" : "");
        }
    }
    {
        const char *dbg = getenv("GFP_GPU_LARGE_DEBUG");
        if (dbg && *dbg && *dbg != '0')
            fprintf(stderr, "gfp_large: n=%lld kind=%d dbl=%d: %s\n", n, (int)d->kind, dbl,
                    P->desc);
    }
done:
    if (rc) {
        gfp_large_destroy(P);
        P = NULL;
    }
    *out = P;
    return rc;
}

static int launch_x(const void *f, const gfp_lxparams *x, unsigned long long work,
                    cudaStream_t s, char *err, size_t errlen)
{
    unsigned long long blocks = (work + 255) / 256;
    if (blocks > 65536ull * 16)
        blocks = 65536ull * 16;
    if (blocks == 0)
        blocks = 1;
    gfp_lxparams xp = *x;
    void *args[] = {&xp};
    cudaError_t e = cudaLaunchKernel(f, dim3((unsigned)blocks), dim3(256), args, 0, s);
    return e == cudaSuccess ? GFP_GPU_OK : gfp_gpu_cuda_fail(err, errlen, e, "kernel launch");
}

#define GFP_XK(name) (dbl ? (const void *)name<double> : (const void *)name<float>)

int gfp_large_exec(const gfp_large *P, const void *d_in, void *d_out, size_t batch,
                              void *stream, char *err, size_t errlen)
{
    if (!P || !d_in || !d_out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    if (batch == 0)
        return GFP_GPU_OK;
    cudaStream_t s = (cudaStream_t)stream;
    const int dbl = P->d.dbl;
    const size_t esz = dbl ? 16 : 8;
    /* the core's transforms (gpair: a pair of real frames each), and one
     * complex buffer of them */
    const size_t ncore = P->gpair ? (batch + 1) / 2 : batch;
    const size_t lb = (size_t)P->L * esz * ncore;
    gfp_lxparams x = P->xp;
    x.batch = batch;
    int rc = GFP_GPU_OK;
    cudaError_t e;
    if (P->route == GFP_ROUTE_BLUEF) {
        /* one frame per block (R2C: two); in place is safe: a block reads
         * its frames in the first stage and writes them in the last */
        unsigned long long blocks = P->bpair ? (batch + 1) / 2 : batch;
        if (blocks > 0x7fffffffull)
            return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "batch of %zu is too large", batch);
        gfp_bparams bp = P->bp;
        bp.in = d_in;
        bp.out = d_out;
        bp.batch = batch;
        void *args[] = {&bp};
        e = cudaLaunchKernel(P->bfunc, dim3((unsigned)blocks), dim3((unsigned)P->bfi.threads), args,
                             P->bfi.smem, s);
        return e == cudaSuccess ? GFP_GPU_OK : gfp_gpu_cuda_fail(err, errlen, e, "kernel launch");
    }
    if (P->route == GFP_ROUTE_BLUES) {
        /* in place is safe for C2C: a block reads its frames before it
         * writes them */
        gfp_pass t = P->b1;
        t.fp.bframes = batch;
        return gfp_pass_launch(&t, d_in, d_out, t.fp.bpair ? (batch + 1) / 2 : batch, 1, 0, 0, s,
                               err, errlen);
    }
    if (P->route == GFP_ROUTE_BLUE1) {
        x.in = d_in;
        x.out = d_out;
        unsigned long long blocks = (batch + x.fpb - 1) / x.fpb;
        if (blocks > 0x7fffffffull)
            return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "batch of %zu is too large", batch);
        const void *f = dbl ? (const void *)gfp_lblue_kernel<double, GFP_LE64, GFP_LMAXT64>
                            : (const void *)gfp_lblue_kernel<float, GFP_LE32, GFP_LMAXT32>;
        void *args[] = {&x};
        e = cudaLaunchKernel(f, dim3((unsigned)blocks), dim3((unsigned)P->fthreads), args,
                             P->fsmem, s);
        return e == cudaSuccess ? GFP_GPU_OK : gfp_gpu_cuda_fail(err, errlen, e, "kernel launch");
    }
    if (P->route == GFP_ROUTE_R2C && P->r2c1.on)
        /* one cluster a frame, no workspace: the reals as L complex,
         * frames of L + 1 bins to d_out (R2C is never in place:
         * gfp_gpu_plan_exec) */
        return gfp_pass_launch(&P->r2c1, d_in, d_out, batch, 0, 0, 0, s, err, errlen);
    /* workspace: how many core-sized buffers this route needs */
    int multi = P->core.single == NULL;
    int nws = 0;
    switch (P->route) {
    case GFP_ROUTE_C2C:
        nws = !P->core.pc.on && (P->core.p1.on || P->core.np >= 3 || d_in == d_out) ? 1 : 0;
        break;
    case GFP_ROUTE_R2C: nws = 1 + (P->d.post != GFP_GPU_POST_NONE && multi); break;
    case GFP_ROUTE_C2R: nws = 1; break;
    case GFP_ROUTE_BLUE4: nws = 1; break;
    default: nws = 2; break;
    }
    size_t wsb = lb * nws;
    if (P->core.chunk && P->core.chunk < batch &&
        (P->route == GFP_ROUTE_C2C || (P->route == GFP_ROUTE_R2C && P->r2s.on)))
        wsb = (size_t)P->L * esz * P->core.chunk * nws * (P->core.s2 ? 2 : 1); /* w1: the
                                                                    chunks' scratch */
    if (P->route == GFP_ROUTE_BLUE4) {
        /* w1: M a transform; w2 (R2C): the pairs' spectra, n a pair */
        const size_t nt = P->b4[0].fp.bpair ? (batch + 1) / 2 : batch;
        wsb = (size_t)P->L * esz * nt;
        if (P->xp.inmode == GFP_IN_REAL)
            wsb += (size_t)P->d.n * esz * nt;
    }
    char *ws = NULL;
    if (nws) {
        e = cudaMallocFromPoolAsync((void **)&ws, wsb, P->pool, s);
        if (e != cudaSuccess) {
            cudaGetLastError();
            return gfp_gpu_cuda_fail(err, errlen, e, "GPU workspace");
        }
    }
    void *w1 = ws, *w2 = nws > 1 ? ws + lb : NULL;
    if (P->route == GFP_ROUTE_BLUE4 && P->xp.inmode == GFP_IN_REAL)
        w2 = ws + (size_t)P->L * esz * ((batch + 1) / 2);
    switch (P->route) {
    case GFP_ROUTE_C2C:
        rc = core_exec(&P->core, dbl, d_in, d_out, w1, batch, x.conj_in, x.conj_out,
                       x.scale, s, err, errlen);
        break;
    case GFP_ROUTE_R2C:
        if (P->r2s.on && P->core.p3.on) {
            /* the nested four-step's passes 1 and 2 to w1, its third with
             * the split from w1 to d_out (frames of L + 1 bins) */
            gfp_pass t = P->r2s;
            rc = nested_first(&P->core, d_in, w1, batch, 0, s, err, errlen);
            if (!rc)
                rc = nested_last(&P->core, &t, dbl, w1, d_out, batch, (size_t)P->L + 1, s, err,
                                 errlen);
            break;
        }
        if (P->r2s.on) {
            /* the reals as L = n1 n2 complex: pass 1 to w1, pass 2 with the
             * split from w1 to d_out (frames of L + 1 bins) */
            rc = chunked(&P->core, dbl, &P->r2s, (size_t)P->L + 1, d_in, d_out, w1, batch, 0, 0,
                         s, err, errlen);
            break;
        }
        /* the reals as L complex; Z in w1; d_out (or w2) as scratch */
        rc = core_exec(&P->core, dbl, d_in, w1, w2 ? w2 : d_out, batch, 0, 0, 1.0, s, err,
                       errlen);
        if (!rc) {
            x.in = w1;
            x.out = d_out;
            rc = launch_x(GFP_XK(gfp_lsplit_kernel), &x, batch * (unsigned long long)(P->L + 1),
                          s, err, errlen);
        }
        break;
    case GFP_ROUTE_C2R:
        if (P->c2m.on) {
            /* the core with the merge pass as its first, which reads the
             * user's frames of L + 1 bins (imst) into w1; not in chunks
             * (chunked steps the input L apart) */
            gfp_lcore k = P->core;
            k.p1 = P->c2m;
            k.p1.fp.imst = (unsigned long long)P->L + 1;
            k.chunk = 0;
            rc = core_exec(&k, dbl, d_in, d_out, w1, batch, x.conj_in, 1, x.scale, s, err, errlen);
            break;
        }
        x.in = d_in;
        x.out = w1;
        rc = launch_x(GFP_XK(gfp_lmerge_kernel), &x, batch * (unsigned long long)P->L, s, err,
                      errlen);
        if (!rc)
            rc = core_exec(&P->core, dbl, w1, d_out, w1, batch, 0, 1, x.scale, s, err, errlen);
        break;
    case GFP_ROUTE_GENERIC:
        x.in = d_in;
        x.out = w1;
        rc = launch_x(P->gpair ? GFP_XK(gfp_lpairpre_kernel) : GFP_XK(gfp_lpre_kernel), &x,
                      ncore * (unsigned long long)P->L, s, err, errlen);
        if (!rc)
            rc = core_exec(&P->core, dbl, w1, w2, w1, ncore, 0, 0, 1.0, s, err, errlen);
        if (!rc) {
            x.in = w2;
            x.out = d_out;
            rc = launch_x(P->gpair ? GFP_XK(gfp_lpairpost_kernel) : GFP_XK(gfp_lpost_kernel), &x,
                          ncore * (unsigned long long)x.nout, s, err, errlen);
        }
        break;
    case GFP_ROUTE_BLUE4: {
        /* A: the columns of n1 (n2 a frame) into w1; B: the rows of n2 (n1
         * a frame) in place; C: the columns into the user's frames */
        const size_t M = (size_t)P->L, n1 = (size_t)P->b4[0].fi.nf, n2 = M / n1;
        const size_t nt = P->b4[0].fp.bpair ? (batch + 1) / 2 : batch; /* transforms */
        gfp_pass a = P->b4[0], c = P->b4[2];
        a.fp.bframes = c.fp.bframes = batch;
        const int r2c = P->xp.inmode == GFP_IN_REAL;
        rc = gfp_pass_launch(&a, d_in, w1, nt * n2, n2, n2, M, s, err, errlen);
        if (!rc)
            rc = gfp_pass_launch(&P->b4[1], w1, w1, nt * n1, n1, 0, 0, s, err, errlen);
        if (!rc)
            rc = gfp_pass_launch(&c, w1, r2c ? w2 : d_out, nt * n2, n2, n2, M, s, err, errlen);
        if (!rc && r2c) {
            x.in = w2;
            x.out = d_out;
            x.chirp = NULL; /* passes A and C took the chirp */
            rc = launch_x(GFP_XK(gfp_lpairpost_kernel), &x, nt * (unsigned long long)x.nout, s,
                          err, errlen);
        }
        break;
    }
    case GFP_ROUTE_BLUE:
        x.in = d_in;
        x.out = w1;
        rc = launch_x(GFP_XK(gfp_lpre_kernel), &x, batch * (unsigned long long)P->L, s, err,
                      errlen);
        if (!rc)
            rc = core_exec(&P->core, dbl, w1, w2, w1, batch, 0, 0, 1.0, s, err, errlen);
        if (!rc) {
            x.out = w2;
            rc = launch_x(GFP_XK(gfp_lmul_kernel), &x, batch * (unsigned long long)P->L, s,
                          err, errlen);
        }
        if (!rc)
            rc = core_exec(&P->core, dbl, w2, w1, w2, batch, 0, 0, 1.0, s, err, errlen);
        if (!rc) {
            x.in = w1;
            x.out = d_out;
            rc = launch_x(GFP_XK(gfp_lpost_kernel), &x, batch * (unsigned long long)x.nout, s,
                          err, errlen);
        }
        break;
    }
    if (ws) {
        e = cudaFreeAsync(ws, s);
        if (e != cudaSuccess && !rc)
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaFreeAsync (workspace)");
    }
    return rc;
}
