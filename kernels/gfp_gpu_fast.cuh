/* gfp_gpu_fast.cuh - compile-time specialised FFT kernels (v4).
 *
 * One kernel per (precision, kind, length): the length N, the threads per
 * transform TPT, the transforms per block FPB and the radix sequence are
 * template parameters, so every loop is unrolled and every index constant.
 * Each thread keeps the elements of its butterflies in registers; stages
 * exchange through shared memory (one store + one load per stage, two
 * barriers). Stockham autosort, DIT, as gfp_gpu_fft.cuh:
 *   j in [0, N/R), k = j mod Ls,
 *   x_s = X[j + s N/R] * W_{Ls R}^{s k},  Y[(j-k) R + k + t Ls] = DFT_R(x)_t
 * Twiddles W_{Ls R}^{s k} come from a per-plan table (long double on the
 * host, rounded once), laid out per stage as [s-1][k] so a warp reads
 * consecutive entries. Frames served by at least 32 threads read and write
 * global memory directly in the first/last stage (coalesced across the
 * warp); shorter frames are loaded/stored by the whole block with 16-byte
 * accesses through shared memory.
 * Modes: C2C (inverse by conjugation in and out), R2C of even n through an
 * N = n/2 complex FFT with the split step fused. No window, no post-op:
 * those plans take the generic kernels. */
#ifndef GFP_GPU_FAST_CUH
#define GFP_GPU_FAST_CUH

#include "gfp_gpu_fft.cuh"
#include "gfp_gpu_fast.h"

/* thread-block clusters (sm_90): the block's dynamic shared memory, the
 * cluster barrier, the block's rank and another block's shared memory
 * (bench/gpu's host emulation defines its own) */
#ifndef GFP_EMU
#include <cooperative_groups.h>
namespace gfpcl {
__device__ __forceinline__ unsigned char *smem()
{
    extern __shared__ __align__(16) unsigned char gfp_cl_raw[];
    return gfp_cl_raw;
}
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__device__ __forceinline__ void csync() { cooperative_groups::this_cluster().sync(); }
__device__ __forceinline__ unsigned crank() { return cooperative_groups::this_cluster().block_rank(); }
template <typename P> __device__ __forceinline__ P *cmap(P *p, unsigned r)
{
    return cooperative_groups::this_cluster().map_shared_rank(p, r);
}
#else /* no clusters before sm_90: the host never launches these there */
__device__ __forceinline__ void csync() { __trap(); }
__device__ __forceinline__ unsigned crank() { return 0; }
template <typename P> __device__ __forceinline__ P *cmap(P *p, unsigned) { return p; }
#endif
} // namespace gfpcl
#endif

/* composite butterfly R = R1 R2 in registers: n = R2 n1 + n2,
 * k = k1 + R1 k2; constants from gfp_gpu_consts.cuh (R in 10, 15, 21, 25, 27, 30, 32) */
template <int R1, int R2, typename T> struct BflyComp {
    static __device__ __forceinline__ void run(gcx<T> *v)
    {
        constexpr int R = R1 * R2;
        gcx<T> y[R2][R1];
#pragma unroll
        for (int n2 = 0; n2 < R2; n2++) {
#pragma unroll
            for (int n1 = 0; n1 < R1; n1++)
                y[n2][n1] = v[R2 * n1 + n2];
            Bfly<R1, T>::run(y[n2]);
        }
#pragma unroll
        for (int n2 = 1; n2 < R2; n2++)
#pragma unroll
            for (int k1 = 1; k1 < R1; k1++) {
                const T c = (T)gfp_cosr(R, (n2 * k1) % R);
                const T sn = (T)gfp_sinr(R, (n2 * k1) % R);
                gcx<T> a = y[n2][k1];
                y[n2][k1] = mk(a.x * c + a.y * sn, a.y * c - a.x * sn);
            }
#pragma unroll
        for (int k1 = 0; k1 < R1; k1++) {
            gcx<T> z[R2];
#pragma unroll
            for (int n2 = 0; n2 < R2; n2++)
                z[n2] = y[n2][k1];
            Bfly<R2, T>::run(z);
#pragma unroll
            for (int k2 = 0; k2 < R2; k2++)
                v[k1 + R1 * k2] = z[k2];
        }
    }
};
template <typename T> struct Bfly<10, T> : BflyComp<2, 5, T> {};
template <typename T> struct Bfly<15, T> : BflyComp<3, 5, T> {};
template <typename T> struct Bfly<21, T> : BflyComp<3, 7, T> {};
template <typename T> struct Bfly<25, T> : BflyComp<5, 5, T> {};
template <typename T> struct Bfly<27, T> : BflyComp<3, 9, T> {};
template <typename T> struct Bfly<30, T> : BflyComp<2, 15, T> {};
template <typename T> struct Bfly<32, T> : BflyComp<4, 8, T> {};

#ifndef GFP_FAST_F64BIG
#define GFP_FAST_F64BIG 512 /* f64 blocks this large get the 64-register cap */
#endif
/* bytes of one thread's contiguous run in the first (last) stage from which
 * global loads (stores) go direct instead of through shared memory */
#ifndef GFP_FAST_HALFTW
#define GFP_FAST_HALFTW 0 /* 1: twiddles above R/2 as products (see fstage); not for
                            radix 13, measured slower (2197: 0.99x -> 0.93x) */
#endif
#ifndef GFP_FAST_DMIN
#define GFP_FAST_DMIN 16
#endif
#ifndef GFP_FAST_DMOUT
#define GFP_FAST_DMOUT 64
#endif

/* option bits or-ed into a kernel's MODE (low 4 bits: GFP_MODE_*):
 * streaming global access (ld/st .cs: the frames are read and written once,
 * so they should not displace the twiddles from L1 and L2) */
#define GFP_FAST_CS 16
/* GFP_FAST_ALLCS (bench/gpu probe builds only, never the product): fill,
 * fill_split and fill_across add GFP_FAST_CS to every kernel they make */
#ifdef GFP_FAST_ALLCS
#define GFP_FAST_XCS GFP_FAST_CS
#else
#define GFP_FAST_XCS 0
#endif
/* shared-memory layout (bank conflicts): element i of a frame lives at
 * i + (i >> SH) (SH = 4 unless a PAD bit says otherwise; none for NOPAD),
 * and frames are PadN apart, plus PSX(e) extra elements. Chosen per kernel
 * with the bank model of bench/gpu/banks.py: odd radices need no padding
 * (odd strides never meet in a bank), several frames per warp need a frame
 * stride that puts them in different banks. */
#define GFP_FAST_NOPAD (1 << 5)
#define GFP_FAST_PAD3 (2 << 5)
#define GFP_FAST_PAD5 (3 << 5)
#define GFP_FAST_PSX(e) ((e) << 8)
/* twiddles above R/2 as products (GFP_FAST_HALFTW) for this kernel only,
 * radix 13 included */
#define GFP_FAST_HTW (1 << 13)
/* transposed store for the 2D FFT (gfp_gpu_2d.cu): the result goes through
 * shared memory and bin k of frame g to out[(g / fpm) * mst + k * ld +
 * g % fpm] (gfp_fparams), the block's FPB frames of one bin as one run */
#define GFP_FAST_TR (1 << 14)
/* the frames' global loads ask L2 for 256-byte fills (ld.global.nc.L2::256B):
 * A/B for the rows at the copy rate (bench/NOTES.md v9) */
#define GFP_FAST_P256 (1 << 15)
/* the four-step FFT's first pass (gfp_gpu_large.cu): transposed load, the
 * block's FPB frames of one element as one run (element i of frame g from
 * in[(g / fpm) * mst + i * ld + g % fpm], gfp_fparams), through shared
 * memory; with GFP_FAST_TR for the store */
#define GFP_FAST_TL (1 << 16)
/* and bin k of frame g multiplied by W_L^{(g % fpm) k} (L = N fpm, the
 * table p.xtw), in the transposed store */
#define GFP_FAST_XT (1 << 17)
/* with GFP_FAST_XT: the twiddle's index (g % fpm) / p.xdiv, L = N fpm /
 * xdiv (the 2D FFT's columns h = n1 n2 as a four-step: frame (r2, c) at
 * g % fpm = r2 w + c, xdiv = w, so bin k1 times W_h^{r2 k1}) */
#define GFP_FAST_XD (1 << 25)
/* with GFP_FAST_XD: W_L^{xm0 k} for the block's first frame's xm0, k < N,
 * into a shared table first (N more values of shared memory), and every
 * frame of the block with that xm (all of them where the block's frames
 * are columns of one r2) reads its twiddles there: N table lookups a
 * block instead of N FPB */
#define GFP_FAST_XTS (1 << 26)

/* the four-step FFT's second pass with the R2C split fused (R2C of n = 2 L
 * through a complex L = n1 n2, gfp_gpu_large.cu): with GFP_FAST_TR, the
 * block's FPB frames are FPB/2 rows k1 <= n1/2 of the n1 x n2 matrix
 * (n1 = fpm) and, in slots FPB/2 .., their mirrors (n1 - k1) mod n1, so
 * Z[k] and Z[L - k] (k = k1 + n1 k2) are both in the block; bin k
 * of frame m goes to out[m mst + k] (mst = L + 1), X[L] with row 0,
 * W_2L^k from the two-level table xtw (xsh) */
#define GFP_FAST_SPL (1 << 19)
/* the four-step FFT's first pass with the C2R merge fused (C2R of n = 2 L
 * through a complex L = n1 n2, gfp_gpu_large.cu): with GFP_FAST_TL, TR
 * and XT, the block's FPB frames are FPB/2 columns c <= n2/2 of the n1 x
 * n2 matrix (n2 = fpm) and, in slots FPB/2 .., the columns that hold
 * their partners: X[L - i] of i = r n2 + c is element n1-1-r of the
 * column read from n2 - c (for c = 0 that is column 0 a row down, so
 * X[L] comes with it), each user frame L + 1 bins (imst apart); the merge
 * makes the packed sequence's conjugate (as gfp_lmerge_kernel) before the
 * columns' FFTs, W_2L^i and the four-step's W_L^{c k} = W_2L^{2 c k}
 * from the two-level table xtw (xsh) of 2L; a self-partnered column (0,
 * n2/2) is stored from its first slot only */
#define GFP_FAST_MRG (1 << 24)
/* C2R's block-wide load a pair at a time (A/B: the form of stop 32's
 * call 2) */
#define GFP_FAST_C2RU (1 << 27)
/* C2R with the merge in the first stage's direct loads, each bin read
 * once: a thread's columns of the first stage come in pairs c0 < NB/2
 * and c1 = NB - c0 (c0 = 0: c1 = NB/2), whose elements are each other's
 * partners (Z[c0 + s NB] needs X[c1 + (R-1-s) NB]), so the merge runs in
 * registers; no block-wide load, no exchange before the first stage. The
 * first stage's NB / TPT columns a thread must be even */
#define GFP_FAST_C2RD (1 << 28)
/* R2C with the split in the last stage's registers, the mirror of
 * GFP_FAST_C2RD: the last stage's columns c0 and NB - c0 a thread hold
 * Z[k] and Z[N - k], so X[k] goes from registers to memory; no exchange
 * after the last stage. Its NB / TPT columns a thread must be even */
#define GFP_FAST_R2CD (1 << 29)
/* skernel's R2C split step from a complex buffer: the last stage's real
 * and imaginary parts both stored (twice the split buffer), one barrier,
 * then each bin pair from Z[k] and Z[N - k] straight to memory, no
 * arrays of them held across the exchange's rounds */
#define GFP_FAST_SRC (1 << 30)
/* with GFP_FAST_SRC: the split step's W_n^k as W_n^(k - k % 128) W_n^(k %
 * 128), two entries of the same table (k / 128 + 128 distinct ones, 1.5
 * KB that stay in L1) rather than one of n/2 + 1 (64 KB at nf 8192, past
 * what L1 keeps beside three 66 KB blocks: ncu, bench/NOTES.md stop 37) */
#define GFP_FAST_SRT (1 << 7)

/* Bluestein of a length n on the four-step FFT of M = n1 n2 (gfp_fparams'
 * b* fields; gfp_gpu_large.cu), three passes:
 * GFP_FAST_BLI (pass A, with TL, XT and TR): the transposed load takes
 *   element m = g % fpm + i ld of the user's frame g / fpm (bn values in
 *   the form bin), conj_in, times the chirp w[m]; 0 for m >= bn;
 * GFP_FAST_BLM (pass B, direct loads of rows k1 = g % fpm of N = n2): the
 *   row's FFT Z, conj(Z bh[k1 N + k]) back into shared memory, its FFT
 *   again, bin k times W_M^{k1 k} (xtw), the row stored back in place;
 * GFP_FAST_BLO (pass C, with TL and TR): bin k of frame g is output m =
 *   g % fpm + k ld of the user's frame g / fpm, conj(z) w[m], then
 *   conj_out and scale, only m < bnout, complex or (bout_real) real;
 *   with bpair the transform is user frames 2b and 2b + 1: C2R as X1 + i
 *   X2, read as such in A, and C writes the real part to the first, the
 *   imaginary part to the second; R2C as x1 + i x2, and C writes the
 *   complex spectrum Z = X1 + i X2 (bnout = n, the caller separates).
 * So the pointwise product of Bluestein's convolution sits between two
 * FFTs in one block, and the inverse FFT's conjugations fold into its
 * neighbours: y = conj(FFT(conj Y)). */
#define GFP_FAST_BLI (1 << 20)
#define GFP_FAST_BLM (1 << 21)
#define GFP_FAST_BLO (1 << 22)
/* a block whose frames fill its SM (one block an SM, so its loads do not
 * overlap another block's compute) first asks L2 for the input of the
 * block one wave ahead, blockIdx.x + (SMs x MINB), by bulk prefetches
 * (sm_90: cp.async.bulk.prefetch.L2), so that block's loads hit L2 while
 * the DRAM streams on behind this block's compute (stop 29, A/B) */
#define GFP_FAST_L2P (1 << 23)

namespace gfpfast {

/* GFP_FAST_SPL: frame slot s of block b: the matrix m, its row k1 <= n1/2
 * (of the slot's pair), the row the slot holds, and whether it exists */
template <int FPB> struct SplSlot {
    unsigned long long m;
    unsigned k1, row;
    bool act;
    __device__ __forceinline__ SplSlot(const gfp_fparams &p, unsigned long long b, int s)
    {
        constexpr int H = FPB / 2;
        const unsigned n1 = (unsigned)p.fpm;
        const unsigned long long bpm = gfp_spl_blocks(n1, FPB);
        m = b / bpm;
        k1 = (unsigned)(b - m * bpm) * H + (unsigned)(s % H);
        row = s < H || !k1 ? k1 : n1 - k1;
        act = m * n1 < p.batch && k1 <= n1 / 2;
    }
};

__device__ __forceinline__ gcx<float> ldcs(const gcx<float> *p)
{
    float2 v = __ldcs((const float2 *)p);
    return mk(v.x, v.y);
}
__device__ __forceinline__ gcx<double> ldcs(const gcx<double> *p)
{
    double2 v = __ldcs((const double2 *)p);
    return mk(v.x, v.y);
}
__device__ __forceinline__ void stcs(gcx<float> *p, gcx<float> v)
{
    __stcs((float2 *)p, make_float2(v.x, v.y));
}
__device__ __forceinline__ void stcs(gcx<double> *p, gcx<double> v)
{
    __stcs((double2 *)p, make_double2(v.x, v.y));
}

#ifdef GFP_EMU /* bench/gpu's host emulation: no PTX */
template <typename T> __device__ __forceinline__ gcx<T> ldp(const gcx<T> *p) { return ldg(p); }
#else
__device__ __forceinline__ gcx<float> ldp(const gcx<float> *p)
{
    float x, y;
    asm volatile("ld.global.nc.L2::256B.v2.f32 {%0, %1}, [%2];" : "=f"(x), "=f"(y) : "l"(p));
    return mk(x, y);
}
__device__ __forceinline__ gcx<double> ldp(const gcx<double> *p)
{
    double x, y;
    asm volatile("ld.global.nc.L2::256B.v2.f64 {%0, %1}, [%2];" : "=d"(x), "=d"(y) : "l"(p));
    return mk(x, y);
}
#endif
/* a frame element's global load as MODE asks */
template <int MODE, typename T> __device__ __forceinline__ gcx<T> ldf(const gcx<T> *p)
{
    if constexpr ((MODE & GFP_FAST_CS) != 0)
        return ldcs(p);
    else if constexpr ((MODE & GFP_FAST_P256) != 0)
        return ldp(p);
    else
        return ldg(p);
}

template <typename T> struct V16;
template <> struct V16<float> { typedef float4 t; };
template <> struct V16<double> { typedef double2 t; };

template <int MODE> struct Pad {
    static constexpr int code = (MODE >> 5) & 3;
    static constexpr int sh = code == 0 ? 4 : code == 1 ? 0 : code == 2 ? 3 : 5;
};
template <int MODE> __device__ __forceinline__ int fpad(int i)
{
    return Pad<MODE>::sh ? i + (i >> Pad<MODE>::sh) : i;
}

/* GFP_FAST_L2P: frames g0 .. g0 + nf - 1 (contiguous, N values of T each,
 * from p.in) into L2, one bulk prefetch a thread of the first warp (sm_90
 * and later; a no-op elsewhere) */
template <typename T, int N>
__device__ __forceinline__ void l2_ahead(const gfp_fparams &p, unsigned long long g0, int nf, int tid)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && !defined(GFP_EMU)
    constexpr unsigned long long FB = (unsigned long long)N * sizeof(gcx<T>);
    if (tid >= 32 || g0 >= p.batch)
        return;
    const unsigned long long left = p.batch - g0;
    const unsigned long long bytes = (left < (unsigned long long)nf ? left : nf) * FB;
    /* 32 pieces, each a multiple of 16 bytes */
    const unsigned long long piece = (bytes / 32 + 15) / 16 * 16;
    const unsigned long long off = (unsigned long long)tid * piece;
    if (off >= bytes)
        return;
    const unsigned sz = (unsigned)(bytes - off < piece ? bytes - off : piece);
    const char *src = (const char *)p.in + g0 * FB + off;
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src), "r"(sz) : "memory");
#else
    (void)p, (void)g0, (void)nf, (void)tid;
#endif
}
__device__ __forceinline__ unsigned n_sm()
{
#if defined(__CUDA_ARCH__)
    unsigned n;
    asm("mov.u32 %0, %%nsmid;" : "=r"(n));
    return n;
#else
    return 1;
#endif
}

/* the R2C split step for one bin: X[k] from a = Z[k], b = Z[N-k] and
 * W_n^k (n = 2N), sc the scale / 2 and cs the same with the inverse's
 * sign: X[k] = (a + conj b)/2 - i/2 W_n^k (a - conj b). Bin N-k is
 * r2c_bin(b, a, -conj W_n^k) (W_n^{N-k} = -conj W_n^k). */
template <typename T>
__device__ __forceinline__ gcx<T> r2c_bin(gcx<T> a, gcx<T> b, gcx<T> wk, T sc, T cs)
{
    const gcx<T> s = mk(a.x + b.x, a.y - b.y);
    const gcx<T> wd = cmul(wk, mk(a.x - b.x, a.y + b.y));
    return mk(sc * (s.x + wd.y), cs * (s.y - wd.x));
}

/* R2C's bin k of y, r2c_bin(a, b, wk), streamed under GFP_FAST_CS */
template <int MODE, typename T>
__device__ __forceinline__ void r2c_put(gcx<T> *y, int k, gcx<T> a, gcx<T> b, gcx<T> wk, T sc,
                                        T cs)
{
    const gcx<T> o = r2c_bin(a, b, wk, sc, cs);
    if constexpr ((MODE & GFP_FAST_CS) != 0)
        stcs(&y[k], o);
    else
        y[k] = o;
}

/* R2C's bins k and N - k of y (k = 0 .. N/2) from a = Z[k], b = Z[N - k]
 * and wk = W_2N^k (W_2N^(N-k) = -conj wk); bin N/2 once */
template <typename T>
__device__ __forceinline__ void r2c_pair(gcx<T> *y, int N, int k, gcx<T> a, gcx<T> b, gcx<T> wk,
                                         T sc, T cs)
{
    y[k] = r2c_bin(a, b, wk, sc, cs);
    if (2 * k != N)
        y[N - k] = r2c_bin(b, a, mk(-wk.x, wk.y), sc, cs);
}

/* the transposed store's (and load's) bins of thread group grp: the first
 * is tr_first(grp), then every TPT-th. The Q = 16 / FPB groups of a
 * half-warp (16 threads, one shared-memory wavefront of 8-byte values)
 * take bins h + FPB j, j = 0 .. Q-1, of their 16-bin chunk (h: the
 * half-warp within it), not Q consecutive bins: the slots' rows are PS
 * apart, PS odd, and consecutive bins of FPB rows hit the same banks up to
 * FPB-fold; h + FPB j + tt PS lands on 16 distinct 8-byte banks for the
 * PS here (the default layout: PS mod 16 = 1, 9, 13; a PAD or PSX bit
 * changes PS, not the map). Chunks of 16 groups only; the groups past the
 * last whole chunk keep grp. f64 (16-byte values, quarter-warps) the same
 * with FPB 2, PS mod 8 = 1. */
template <int FPB, int TPT> __device__ __forceinline__ int tr_first(int grp)
{
    if constexpr (16 % FPB == 0 && FPB < 16) {
        constexpr int Q = 16 / FPB;
        if (grp < TPT / 16 * 16) {
            const int r = grp & 15;
            return (grp - r) + r / Q + FPB * (r % Q);
        }
    }
    return grp;
}

/* a value the compiler must treat as unknown from here on */
#ifdef GFP_EMU
template <typename V> __device__ __forceinline__ void opaque(V &) {}
#else
__device__ __forceinline__ void opaque(const void *&v) { asm volatile("" : "+l"(v)); }
__device__ __forceinline__ void opaque(int &v) { asm volatile("" : "+r"(v)); }
#endif

/* GFP_FAST_BLI: element m < bn of user frame b, conj_in, times w[m] */
template <typename T>
__device__ __forceinline__ gcx<T> bl_in(const gfp_fparams &p, unsigned long long b,
                                        unsigned long long m)
{
    gcx<T> v;
    if (p.bin == GFP_FAST_BIN_CPLX) {
        v = ldg((const gcx<T> *)p.in + b * p.bn + m);
    } else if (p.bin == GFP_FAST_BIN_REAL) {
        if (p.bpair) /* x1 + i x2 of frames 2b and 2b + 1 (x2 = 0 past the last) */
            v = mk(ldg((const T *)p.in + 2 * b * p.bn + m),
                   2 * b + 1 < p.bframes ? ldg((const T *)p.in + (2 * b + 1) * p.bn + m) : (T)0);
        else
            v = mk(ldg((const T *)p.in + b * p.bn + m), (T)0);
    } else { /* Hermitian: bins 0 .. n/2 stored, X[m] = conj X[n - m] above;
              * bins 0 and n/2 taken as real (as FFTW's c2r reads them) */
        const unsigned long long h = p.bn / 2 + 1;
        const bool up = m >= h;
        const unsigned long long i = up ? p.bn - m : m;
        const bool edge = i == 0 || 2 * i == p.bn;
        if (p.bpair) { /* X1 + i X2 of frames 2b and 2b + 1 (X2 = 0 past the last) */
            const gcx<T> *in = (const gcx<T> *)p.in + 2 * b * h;
            gcx<T> x1 = ldg(in + i);
            gcx<T> x2 = 2 * b + 1 < p.bframes ? ldg(in + h + i) : mk((T)0, (T)0);
            if (up) {
                x1.y = -x1.y;
                x2.y = -x2.y;
            }
            if (edge)
                x1.y = x2.y = (T)0;
            v = mk(x1.x - x2.y, x1.y + x2.x);
        } else {
            v = ldg((const gcx<T> *)p.in + b * h + i);
            if (up)
                v.y = -v.y;
            if (edge)
                v.y = (T)0;
        }
    }
    if (p.conj_in)
        v.y = -v.y;
    return cmul(v, ldg((const gcx<T> *)p.bch + m));
}

/* f(tt, i) for element i of frame slot tt, over a block's FPB frames of N
 * (thread tid of NT: consecutive threads on consecutive elements) */
template <int FPB, int N, int NT, typename F>
__device__ __forceinline__ void each_slot(int tid, F f)
{
    constexpr int IT = (FPB * N + NT - 1) / NT;
#pragma unroll 2
    for (int it = 0; it < IT; it++) {
        const int e = tid + it * NT;
        if (FPB * N % NT == 0 || e < FPB * N)
            f(e / N, e % N);
    }
}

/* Bluestein's output m of user frame b from the convolution's value c:
 * z = conj(c) w[m], then conj_out (cs < 0) and scale; C2R pairs (bpair,
 * bout_real) the real part to frame 2b and the imaginary to 2b + 1 */
template <typename T>
__device__ __forceinline__ void bl_put(const gfp_fparams &p, unsigned long long b,
                                       unsigned long long m, gcx<T> c, T sc, T cs)
{
    const gcx<T> z = cmul(mk(c.x, -c.y), ldg((const gcx<T> *)p.bch + m));
    if (p.bpair && p.bout_real) {
        ((T *)p.out)[2 * b * p.bnout + m] = z.x * sc;
        if (2 * b + 1 < p.bframes)
            ((T *)p.out)[(2 * b + 1) * p.bnout + m] = z.y * cs;
    } else if (p.bout_real) {
        ((T *)p.out)[b * p.bnout + m] = z.x * sc;
    } else {
        ((gcx<T> *)p.out)[b * p.bnout + m] = mk(z.x * sc, z.y * cs);
    }
}

/* Bluestein in one block (BLI, BLM and BLO without TL, TR): output k <
 * bnout of transform b0 + tt from its convolution c = conj(sm[k]): c w[k],
 * then conj_out and scale; two real frames a transform (bpair): C2R's x1
 * and x2 the real and imaginary parts, R2C's X1[k] = (Z[k] + conj
 * Z[n-k]) / 2 and X2[k] = (Z[k] - conj Z[n-k]) / 2i from Z = c w */
template <typename T, int N, int FPB, int NT, int PS, int MODE>
__device__ __forceinline__ void bl1_store(const gfp_fparams &p, const gcx<T> *sm0,
                                          unsigned long long b0, int nt, int tid)
{
    const int nout = (int)p.bnout, n = (int)p.bn;
    const gcx<T> *w = (const gcx<T> *)p.bch;
    const T sc = (T)p.scale;
    const T cs = p.conj_out ? -sc : sc;
    /* the block's FPB x N slots (N a constant: no run-time division), the
     * first nout of each frame */
    each_slot<FPB, N, NT>(tid, [&](int tt, int k) {
        if (tt >= nt || k >= nout)
            return;
        const unsigned long long g = b0 + (unsigned long long)tt;
        const gcx<T> *s0 = sm0 + tt * PS;
        if (!(p.bpair && !p.bout_real)) {
            bl_put<T>(p, g, (unsigned long long)k, s0[fpad<MODE>(k)], sc, cs);
            return;
        }
        /* R2C's pair: Z[k] and Z[n - k] = conj(c) w */
        const int kb = k ? n - k : 0;
        const gcx<T> a = s0[fpad<MODE>(k)], b = s0[fpad<MODE>(kb)];
        const gcx<T> z = cmul(mk(a.x, -a.y), ldg(&w[k])), c = cmul(mk(b.x, -b.y), ldg(&w[kb]));
        const T h = sc * (T)0.5, hc = cs * (T)0.5;
        gcx<T> *o = (gcx<T> *)p.out + 2 * g * p.bnout + k;
        o[0] = mk(h * (z.x + c.x), hc * (z.y - c.y));
        if (2 * g + 1 < p.bframes)
            o[p.bnout] = mk(h * (z.y + c.y), hc * (c.x - z.x));
    });
}

/* W_L^m from the four-step pass's two-level table (gfp_fparams.xtw) */
template <typename T> __device__ __forceinline__ gcx<T> xtw_tab(const gfp_fparams &p, unsigned m)
{
    const gcx<T> *t = (const gcx<T> *)p.xtw;
    return cmul(ldg(&t[m & ((1u << p.xsh) - 1)]), ldg(&t[(1u << p.xsh) + (m >> p.xsh)]));
}
/* or (GFP_FAST_XS, f32) from sincospif of the fraction m / L */
#define GFP_FAST_XS (1 << 18)
/* or (GFP_FAST_XF, tkernel; with GFP_FAST_XS each factor from sincospif)
 * factored: bin k = c + s NB of the last stage (column c, NB = N / R) as
 * W_L^{xm c} W_L^{xm s NB}, the second factor once a thread for each s:
 * MB + R - 1 twiddles a thread instead of MB R (from the table, each is
 * two gathers: each lane's frame has its own xm). One more rounding a
 * twiddle; the same multiplies (the table's two entries were multiplied
 * already). The f32 first passes of 512 .. 2048 since stop 43 */
#define GFP_FAST_XF ((int)(1u << 31))
template <int MODE, typename T>
__device__ __forceinline__ gcx<T> xtw_at(const gfp_fparams &p, unsigned m, unsigned L)
{
    if constexpr ((MODE & GFP_FAST_XS) != 0 && sizeof(T) == 4) {
        /* m' = m or m - L in [-L/2, L/2]: exact in a float up to L = 2^25,
         * and m' / L exact (L a power of two); at L = 2^26 and 2^27 (the
         * nested cores) m' rounds by up to 1 and 2, a phase error under
         * 2 pi 2 / L = 9.4e-8 (bench's rel_l2 at C2C f32 2^27 2.04e-7 as
         * with the table, H200, bench/NOTES.md stop 43 call 2) */
        const int mm = 2u * m > L ? (int)m - (int)L : (int)m;
        float sn, cs;
        sincospif(2.0f * ((float)mm / (float)L), &sn, &cs);
        return mk((T)cs, (T)-sn);
    } else {
        return xtw_tab<T>(p, m);
    }
}

/* where frame g's N values start in p.in: at g N, or where the direct
 * row loads' remap says (gfp_fparams.rfpm, rmst, rld: the nested
 * four-step's last pass and the 2D rows after the columns' four-step) */
__device__ __forceinline__ unsigned long long row_at(const gfp_fparams &p, unsigned long long g,
                                                     int N)
{
    return p.rfpm ? g / p.rfpm * p.rmst + g % p.rfpm * p.rld : g * (unsigned long long)N;
}

struct Ctx {
    int x;                    /* thread within transform */
    bool act;                 /* this thread's transform exists */
    unsigned long long g;     /* global transform index */
};

/* smi: this transform's input in shared memory, smo: its output; with
 * ping-pong buffers (PP, smi != smo) the barrier before the stores is not
 * needed: the output buffer was last read before the previous barrier */
template <typename T, int N, int TPT, int R, int LS, int OFF, bool IN_G, bool OUT_G, int MODE,
          bool PP>
__device__ __forceinline__ void fstage(const gfp_fparams &p, const gcx<T> *smi, gcx<T> *smo,
                                       const Ctx &c)
{
    constexpr int NB = N / R;
    constexpr int MB = (NB + TPT - 1) / TPT;
    constexpr bool FULL = NB % TPT == 0;
    /* GFP_FAST_C2RD's first stage, GFP_FAST_R2CD's last: columns b and
     * b + MB/2 a pair */
    constexpr bool PR = IN_G && (MODE & 15) == GFP_MODE_C2R && (MODE & GFP_FAST_C2RD) != 0;
    constexpr bool PRO = OUT_G && (MODE & 15) == GFP_MODE_R2C && (MODE & GFP_FAST_R2CD) != 0;
    static_assert(!(PR || PRO) || NB % (2 * TPT) == 0, "C2RD, R2CD: an even number of columns a thread");
    static_assert(!PRO || LS * R == N, "R2CD: the last stage");
    auto col = [&](int b) {
        if constexpr (PR || PRO) {
            if (b >= MB / 2) {
                const int c0 = c.x + (b - MB / 2) * TPT;
                return c0 ? NB - c0 : NB / 2;
            }
        }
        return c.x + b * TPT;
    };
    const gcx<T> *tw = (const gcx<T> *)p.tw + OFF;
    gcx<T> v[MB][R];
    if constexpr (PR) {
        /* Z[i] = gfp_c2r_bin(X[i], X[N - i], W_2N^i) of frame g's N + 1
         * bins X: column c0's Z[c0 + s NB] pairs with X[c1 + (R-1-s) NB]
         * and column c1's with X[c0 + (R-1-s) NB]; for c0 = 0, column 0's
         * Z[s NB] with X[(R - s) NB] (s = 0: X[N]) and column NB/2's
         * with its own element R-1-s */
        const gcx<T> *x = (const gcx<T> *)p.in + c.g * (unsigned long long)(N + 1);
        const gcx<T> *rw = (const gcx<T> *)p.rtw;
#pragma unroll
        for (int b = 0; b < MB / 2; b++) {
            const int c0 = col(b), c1 = col(b + MB / 2);
            const bool e = c0 == 0;
            gcx<T> a[R], bb[R], w0[R], xn = mk((T)0, (T)0);
#pragma unroll
            for (int s = 0; s < R; s++) {
                a[s] = c.act ? ldg(&x[c0 + s * NB]) : mk((T)0, (T)0);
                bb[s] = c.act ? ldg(&x[c1 + s * NB]) : mk((T)0, (T)0);
                w0[s] = ldg(&rw[c0 + s * NB]);
            }
            if (e && c.act)
                xn = ldg(&x[N]);
#pragma unroll
            for (int s = 0; s < R; s++) {
                const gcx<T> p0 = e ? (s ? a[R - s] : xn) : bb[R - 1 - s];
                const gcx<T> p1 = e ? bb[R - 1 - s] : a[R - 1 - s];
                const gcx<T> w1 = e ? ldg(&rw[c1 + s * NB]) : mk(-w0[R - 1 - s].x, w0[R - 1 - s].y);
                v[b][s] = gfp_c2r_bin(a[s], p0, w0[s], p.conj_in, e && s == 0);
                v[b + MB / 2][s] = gfp_c2r_bin(bb[s], p1, w1, p.conj_in, false);
            }
        }
    }
    const gcx<T> *gin = (const gcx<T> *)p.in + row_at(p, c.g, N);
#pragma unroll
    for (int b = 0; b < MB; b++) {
        const int j = col(b);
        if (FULL || j < NB) {
#pragma unroll
            for (int s = 0; s < R && !PR; s++) {
                if constexpr (IN_G) {
                    if (c.act) {
                        v[b][s] = ldf<MODE>(&gin[j + s * NB]);
                        if (p.conj_in) v[b][s].y = -v[b][s].y;
                    } else {
                        v[b][s] = mk((T)0, (T)0);
                    }
                } else {
                    v[b][s] = smi[fpad<MODE>(j + s * NB)];
                }
            }
            if constexpr (LS > 1) {
                const int k = j % LS;
                if constexpr (((GFP_FAST_HALFTW && R != 13) || (MODE & GFP_FAST_HTW)) && R > 4) {
                    /* load W^{sk} for s <= H, the rest as W^{Hk} W^{(s-H)k}:
                     * half the L1 traffic of the twiddles, one more rounding
                     * on the upper half (as v3's two-level tables) */
                    constexpr int H = R / 2;
                    gcx<T> w[H + 1];
#pragma unroll
                    for (int s = 1; s <= H; s++)
                        w[s] = ldg(&tw[(s - 1) * LS + k]);
#pragma unroll
                    for (int s = 1; s < R; s++)
                        v[b][s] = cmul(v[b][s], s <= H ? w[s] : cmul(w[H], w[s - H]));
                } else {
#pragma unroll
                    for (int s = 1; s < R; s++)
                        v[b][s] = cmul(v[b][s], ldg(&tw[(s - 1) * LS + k]));
                }
            }
            Bfly<R, T>::run(v[b]);
        }
    }
    if (!IN_G && !PP)
        __syncthreads();
    if constexpr (PRO) {
        /* X[k] = r2c_bin(Z[k], Z[N - k], W_2N^k) of frame g, k = 0 .. N:
         * column c0's Z[c0 + s NB] pairs with column c1's Z[c1 + (R-1-s)
         * NB]; for c0 = 0, Z[s NB] with Z[(R - s) NB] of its own column
         * (s = 0: itself, and X[N] too) and column NB/2's with its own
         * element R-1-s */
        if (c.act) {
            gcx<T> *y = (gcx<T> *)p.out + c.g * (unsigned long long)(N + 1);
            const gcx<T> *rw = (const gcx<T> *)p.rtw;
            const T sc = (T)p.scale * (T)0.5;
            const T cs = p.conj_out ? -sc : sc;
            auto put = [&](int k, gcx<T> a, gcx<T> bz) {
                r2c_put<MODE>(y, k, a, bz, ldg(&rw[k]), sc, cs);
            };
#pragma unroll
            for (int b = 0; b < MB / 2; b++) {
                const int c0 = col(b), c1 = col(b + MB / 2);
                const bool e = c0 == 0;
#pragma unroll
                for (int s = 0; s < R; s++) {
                    put(c0 + s * NB, v[b][s], e ? v[b][(R - s) % R] : v[b + MB / 2][R - 1 - s]);
                    put(c1 + s * NB, v[b + MB / 2][s], e ? v[b + MB / 2][R - 1 - s] : v[b][R - 1 - s]);
                }
                if (e)
                    put(N, v[b][0], v[b][0]);
            }
        }
        return;
    }
#pragma unroll
    for (int b = 0; b < MB; b++) {
        const int j = col(b);
        if (FULL || j < NB) {
            const int k = LS > 1 ? j % LS : 0;
            const int base = (j - k) * R + k;
#pragma unroll
            for (int s = 0; s < R; s++) {
                if constexpr (OUT_G) {
                    if (c.act) {
                        gcx<T> o = v[b][s];
                        const T sc = (T)p.scale;
                        if (p.conj_out) o.y = -o.y;
                        gcx<T> *dst = (gcx<T> *)p.out + c.g * (unsigned long long)N + base + s * LS;
                        if constexpr ((MODE & GFP_FAST_CS) != 0)
                            stcs(dst, mk(o.x * sc, o.y * sc));
                        else
                            *dst = mk(o.x * sc, o.y * sc);
                    }
                } else {
                    smo[fpad<MODE>(base + s * LS)] = v[b][s];
                }
            }
        }
    }
    if (!OUT_G)
        __syncthreads();
}

/* sm: this transform's area in buffer 0; BS: elements from buffer 0 to
 * buffer 1; PAR: the buffer holding this stage's input */
template <typename T, int N, int TPT, int LS, int OFF, bool FIRST, bool IN_G, bool OUT_G,
          int MODE, bool PP, int BS, int PAR, int... Rs>
struct Run;
template <typename T, int N, int TPT, int LS, int OFF, bool FIRST, bool IN_G, bool OUT_G,
          int MODE, bool PP, int BS, int PAR>
struct Run<T, N, TPT, LS, OFF, FIRST, IN_G, OUT_G, MODE, PP, BS, PAR> {
    static __device__ __forceinline__ void go(const gfp_fparams &, gcx<T> *, const Ctx &) {}
};
template <typename T, int N, int TPT, int LS, int OFF, bool FIRST, bool IN_G, bool OUT_G,
          int MODE, bool PP, int BS, int PAR, int R, int... Rest>
struct Run<T, N, TPT, LS, OFF, FIRST, IN_G, OUT_G, MODE, PP, BS, PAR, R, Rest...> {
    static __device__ __forceinline__ void go(const gfp_fparams &p, gcx<T> *sm, const Ctx &c)
    {
        constexpr bool LAST = sizeof...(Rest) == 0;
        constexpr int OPAR = PP ? 1 - PAR : PAR;
        fstage<T, N, TPT, R, LS, OFF, FIRST && IN_G, LAST && OUT_G, MODE, PP>(
            p, sm + PAR * BS, sm + OPAR * BS, c);
        Run<T, N, TPT, LS * R, OFF + (R - 1) * LS, false, IN_G, OUT_G, MODE, PP, BS, OPAR,
            Rest...>::go(p, sm, c);
    }
};

#ifndef GFP_FAST_PPMAX
#define GFP_FAST_PPMAX 0 /* bytes of shared memory per block up to which ping-pong is used */
#endif
/* PPF: 1 ping-pong, 0 single buffer, -1 by size (GFP_FAST_PPMAX) */
/* PS: shared elements per transform */
template <int N, int MODE> struct PadN {
    static constexpr int sh = Pad<MODE>::sh;
    static constexpr int v = ((N + (sh ? N >> sh : 0) + 1) | 1) + ((MODE >> 8) & 31);
};

template <typename T, int N, int FPB, int PPF, int MODE> struct PPol {
    static constexpr int one = FPB * PadN<N, MODE>::v * (int)sizeof(gcx<T>);
    static constexpr bool pp = PPF >= 0 ? PPF == 1 : 2 * one <= GFP_FAST_PPMAX;
};

/* blocks per SM the register cap aims at: 64 registers (f32), 85 (f64) */
template <typename T, int NT> struct MinB {
    static constexpr int q = (sizeof(T) == 4 || NT >= GFP_FAST_F64BIG ? 1024 : 768) / NT;
    static constexpr int v = q < 1 ? 1 : q > 8 ? 8 : q;
};


template <typename T, int N, int TPT, int FPB, int MODE, int MINB, int PPF, int... Rs>
__global__ void __launch_bounds__(TPT * FPB, MINB) fkernel(const __grid_constant__ gfp_fparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_fsm_raw[];
    constexpr int NT = TPT * FPB;
    constexpr int PS = PadN<N, MODE>::v;
    constexpr bool TL = (MODE & GFP_FAST_TL) != 0;
    constexpr bool BLI = (MODE & GFP_FAST_BLI) != 0;
    constexpr bool BLM = (MODE & GFP_FAST_BLM) != 0;
    constexpr bool BLO = (MODE & GFP_FAST_BLO) != 0;
    /* BLI, BLM and BLO without TL and TR: Bluestein of FPB frames in one
     * block (M = N, fpm 1) */
    constexpr bool BL1 = BLI && BLM && BLO && !TL;
    static_assert(BL1 || (!BLI && !BLO) || (TL && (MODE & GFP_FAST_TR)),
                  "Bluestein A, C: TL and TR");
    static_assert(!BLM || !(MODE & (GFP_FAST_TL | GFP_FAST_TR)), "Bluestein B: rows in place");
    /* C2R: the merge in the block-wide load, so never direct (the merge
     * in the first stage's direct loads, each bin read twice, ran 1-27 %
     * slower: H200, bench/NOTES.md stop 32 call 3), or with GFP_FAST_C2RD
     * in the first stage's registers, each bin read once */
    constexpr bool C2R = (MODE & 15) == GFP_MODE_C2R;
    constexpr bool C2RD = C2R && (MODE & GFP_FAST_C2RD) != 0; /* or in register pairs */
    constexpr bool DIRECT =
        C2RD || (!TL && !BL1 && !C2R && TPT * (int)sizeof(gcx<T>) >= GFP_FAST_DMIN);
    constexpr bool DOUT = TPT * (int)sizeof(gcx<T>) >= GFP_FAST_DMOUT;
    constexpr bool PP = PPol<T, N, FPB, PPF, MODE>::pp;
    constexpr int BS = FPB * PS;
    gcx<T> *smb = (gcx<T> *)gfp_fsm_raw;
    const int tid = threadIdx.x;
    const int t = tid / TPT;
    Ctx c;
    c.x = tid - t * TPT;
    const unsigned long long b0 = (unsigned long long)blockIdx.x * FPB;
    c.g = b0 + t;
    c.act = c.g < p.batch;
    constexpr bool SPL = (MODE & GFP_FAST_SPL) != 0;
    if constexpr (SPL) {
        static_assert(FPB % 2 == 0 && !TL && DIRECT && (MODE & GFP_FAST_TR) != 0 &&
                          (MODE & 15) == GFP_MODE_C2C,
                      "split pass: pairs of frames, direct loads, transposed store, C2C");
    }
    constexpr bool MRG = (MODE & GFP_FAST_MRG) != 0;
    if constexpr (MRG)
        static_assert(FPB % 2 == 0 && TL && (MODE & GFP_FAST_TR) != 0 &&
                          (MODE & GFP_FAST_XT) != 0 && (MODE & GFP_FAST_XD) == 0 &&
                          (MODE & 15) == GFP_MODE_C2C && !BLI && !BLO,
                      "merge pass: pairs of columns, the four-step's first pass, C2C");
    if constexpr (SPL || MRG) {
        /* rows (SPL) or columns (MRG) and their partners: SplSlot's map */
        const SplSlot<FPB> sl(p, blockIdx.x, t);
        c.g = sl.m * p.fpm + sl.row;
        c.act = sl.act;
    }
    const unsigned long long rest = p.batch - b0;
    const int nt = rest < (unsigned long long)FPB ? (int)rest : FPB;
    gcx<T> *sm = smb + t * PS;
    gcx<T> *sm0 = smb; /* staged loads go to buffer 0 */
    if constexpr ((MODE & GFP_FAST_L2P) != 0) {
        static_assert(DIRECT && !SPL, "L2 prefetch: contiguous frames");
        l2_ahead<T, N>(p, ((unsigned long long)blockIdx.x + (unsigned long long)n_sm() * MINB) * FPB,
                       FPB, tid);
    }

    if constexpr (TL) {
        /* transposed load: thread tid serves slot tt = tid % FPB and the
         * elements tr_first(tid / FPB) + it TPT (the map of the TR store
         * below), so the FPB threads of a group read one element's FPB
         * consecutive frames as one run */
        static_assert(N % TPT == 0, "transposed load: N a multiple of TPT");
        constexpr int IT = N / TPT;
        const int tt = tid % FPB;
        const int k0 = tr_first<FPB, TPT>(tid / FPB);
        if constexpr (MRG) {
            /* slot tt < FPB/2: column k1 of matrix m; its partner slot:
             * the column from n2 - k1 (not reduced mod n2) */
            const SplSlot<FPB> sl(p, blockIdx.x, tt);
            if (sl.act) {
                const gcx<T> *src = (const gcx<T> *)p.in + sl.m * p.imst +
                                    (tt < FPB / 2 ? sl.k1 : (unsigned)p.fpm - sl.k1);
                gcx<T> buf[IT];
#pragma unroll
                for (int it = 0; it < IT; it++)
                    buf[it] = ldg(&src[(unsigned long long)(k0 + it * TPT) * p.ld]);
#pragma unroll
                for (int it = 0; it < IT; it++)
                    sm0[tt * PS + fpad<MODE>(k0 + it * TPT)] = buf[it];
            }
        } else if (tt < nt) {
            const unsigned long long g = b0 + (unsigned long long)tt;
            const unsigned long long ld = p.ld;
            gcx<T> buf[IT];
            if constexpr (BLI) {
                /* element m of user frame b, zero past bn */
                const unsigned long long b = g / p.fpm, m0 = g % p.fpm;
#pragma unroll
                for (int it = 0; it < IT; it++) {
                    const unsigned long long m = m0 + (unsigned long long)(k0 + it * TPT) * ld;
                    buf[it] = m < p.bn ? bl_in<T>(p, b, m) : mk((T)0, (T)0);
                }
            } else {
                const gcx<T> *src = (const gcx<T> *)p.in + (g / p.fpm) * p.mst + g % p.fpm;
#pragma unroll
                for (int it = 0; it < IT; it++) {
                    buf[it] = ldf<MODE>(&src[(unsigned long long)(k0 + it * TPT) * ld]);
                    if (p.conj_in) buf[it].y = -buf[it].y;
                }
            }
#pragma unroll
            for (int it = 0; it < IT; it++)
                sm0[tt * PS + fpad<MODE>(k0 + it * TPT)] = buf[it];
        }
        __syncthreads();
        if constexpr (MRG) {
            /* the merge, a pair (i, L - i) a step: element r of slot tt
             * (i = r n2 + k1) and element N-1-r of slot tt + FPB/2 */
            constexpr int H = FPB / 2;
            for (int e = tid; e < H * N; e += NT) {
                const int s = e / N, r = e - s * N;
                const SplSlot<FPB> sl(p, blockIdx.x, s);
                if (!sl.act)
                    continue;
                gcx<T> *pa = &sm0[s * PS + fpad<MODE>(r)];
                gcx<T> *pb = &sm0[(s + H) * PS + fpad<MODE>(N - 1 - r)];
                const gcx<T> a = *pa, bz = *pb;
                const gcx<T> w = xtw_tab<T>(p, (unsigned)r * (unsigned)p.fpm + sl.k1);
                const bool i0 = r == 0 && sl.k1 == 0;
                *pa = gfp_c2r_bin(a, bz, w, p.conj_in, i0);
                *pb = gfp_c2r_bin(bz, a, mk(-w.x, w.y), p.conj_in, i0);
            }
            __syncthreads();
        }
    } else if constexpr (BL1) {
        /* element i < N of transform b0 + tt: the chirped input, 0 past n */
        each_slot<FPB, N, NT>(tid, [&](int tt, int i) {
            sm0[tt * PS + fpad<MODE>(i)] = tt < nt && (unsigned long long)i < p.bn
                                               ? bl_in<T>(p, b0 + (unsigned long long)tt, i)
                                               : mk((T)0, (T)0);
        });
        __syncthreads();
    } else if constexpr (C2R && !C2RD) {
        /* C2R of n = 2N: frames of N + 1 bins; bins k and N - k (k <= N/2)
         * make the conjugates of the packed sequence's Z[k] and Z[N - k]
         * (gfp_c2r_bin, W_n^k from rtw); the FFT and the conjugating store
         * follow as C2C's. Every bin of the thread's share is loaded
         * before the first is merged (GFP_FAST_C2RU, A/B: load, merge and
         * store a pair at a time) */
        static_assert(N % 2 == 0 && !(MODE & (GFP_FAST_TR | GFP_FAST_SPL | GFP_FAST_MRG)),
                      "C2R: even N, contiguous frames");
        constexpr int NP = N / 2 + 1;
        constexpr int IT = (FPB * NP + NT - 1) / NT;
        const int tot = nt * NP;
        const gcx<T> *w = (const gcx<T> *)p.rtw;
        const gcx<T> *src = (const gcx<T> *)p.in + b0 * (unsigned long long)(N + 1);
        auto put = [&](int e, gcx<T> a, gcx<T> bz) {
            const int tt = e / NP, k = e - tt * NP;
            const gcx<T> wk = ldg(&w[k]);
            sm0[tt * PS + fpad<MODE>(k)] = gfp_c2r_bin(a, bz, wk, p.conj_in, k == 0);
            if (k != 0 && 2 * k != N)
                sm0[tt * PS + fpad<MODE>(N - k)] =
                    gfp_c2r_bin(bz, a, mk(-wk.x, wk.y), p.conj_in, false);
        };
        auto ld2 = [&](int e, gcx<T> &a, gcx<T> &bz) {
            const int tt = e / NP, k = e - tt * NP;
            a = ldg(&src[tt * (N + 1) + k]);
            bz = ldg(&src[tt * (N + 1) + N - k]);
        };
        if constexpr ((MODE & GFP_FAST_C2RU) != 0) {
#pragma unroll
            for (int it = 0; it < IT; it++) {
                const int e = tid + it * NT;
                if (e < tot) {
                    gcx<T> a, bz;
                    ld2(e, a, bz);
                    put(e, a, bz);
                }
            }
        } else {
            gcx<T> ba[IT], bb[IT];
#pragma unroll
            for (int it = 0; it < IT; it++)
                if (tid + it * NT < tot)
                    ld2(tid + it * NT, ba[it], bb[it]);
#pragma unroll
            for (int it = 0; it < IT; it++)
                if (tid + it * NT < tot)
                    put(tid + it * NT, ba[it], bb[it]);
        }
        __syncthreads();
    } else if constexpr (!DIRECT) {
        /* block-wide load of nt contiguous frames, 16-byte accesses */
        typedef typename V16<T>::t V;
        constexpr int PER = sizeof(V) / sizeof(gcx<T>); /* complex per vector */
        static_assert(N % PER == 0, "vector load needs N % PER == 0");
        constexpr int NV = FPB * N / PER;
        constexpr int IT = (NV + NT - 1) / NT;
        const int tot = nt * (N / PER);
        const V *src = (const V *)((const gcx<T> *)p.in + b0 * (unsigned long long)N);
        V buf[IT];
#pragma unroll
        for (int it = 0; it < IT; it++) {
            const int u = tid + it * NT;
            if (u < tot) buf[it] = __ldg(&src[u]);
        }
#pragma unroll
        for (int it = 0; it < IT; it++) {
            const int u = tid + it * NT;
            if (u < tot) {
                const int e = u * PER;
                const int tt = e / N, i = e - tt * N;
                const T *f = (const T *)&buf[it];
#pragma unroll
                for (int q = 0; q < PER; q++)
                    sm0[tt * PS + fpad<MODE>(i + q)] = mk(f[2 * q], p.conj_in ? -f[2 * q + 1] : f[2 * q + 1]);
            }
        }
        __syncthreads();
    }
    constexpr int KM = MODE & 15; /* GFP_MODE_* without the option bits */
    constexpr bool TR = (MODE & GFP_FAST_TR) != 0;
    constexpr bool R2CD = KM == GFP_MODE_R2C && (MODE & GFP_FAST_R2CD) != 0;
    constexpr bool OUTG = R2CD || (DOUT && (KM == GFP_MODE_C2C || C2R) && !TR && !BLM);
    Run<T, N, TPT, 1, 0, true, DIRECT, OUTG, MODE, PP, BS, 0, Rs...>::go(p, sm, c);
    sm0 = smb + (PP && (sizeof...(Rs) % 2) ? BS : 0); /* buffer holding the result */
    if constexpr (OUTG) {
        return;
    } else if constexpr (BLM) {
        static_assert((DIRECT || BL1) && !PP && KM == GFP_MODE_C2C,
                      "Bluestein B: direct loads (or BL1's own), one buffer");
        /* row k1 = g % fpm: conj(Z bh[k1 N + k]) in place, then its FFT */
        const unsigned fpm = (unsigned)p.fpm, r0 = (unsigned)(b0 % p.fpm);
        const gcx<T> *bh = (const gcx<T> *)p.bh;
        each_slot<FPB, N, NT>(tid, [&](int tt, int i) {
            const unsigned k1 = (r0 + (unsigned)tt) % fpm;
            gcx<T> *a = &sm0[tt * PS + fpad<MODE>(i)];
            const gcx<T> z = cmul(*a, ldg(&bh[(unsigned long long)k1 * N + i]));
            *a = mk(z.x, -z.y);
        });
        __syncthreads();
        /* the second FFT reads the same twiddles at the same indices: hide
         * that from the compiler, which would otherwise keep the first
         * FFT's twiddles and addresses live across the product (spills) */
        gfp_fparams q = p;
        Ctx c2 = c;
        opaque(q.tw);
        opaque(c2.x);
        Run<T, N, TPT, 1, 0, true, false, false, MODE, false, BS, 0, Rs...>::go(q, sm, c2);
        if constexpr (BL1) {
            bl1_store<T, N, FPB, NT, PS, MODE>(p, sm0, b0, nt, tid);
            return;
        }
        /* bin k of row k1 times W_M^{k1 k}, the rows back where they were */
        gcx<T> *dst = (gcx<T> *)p.out + b0 * (unsigned long long)N;
        each_slot<FPB, N, NT>(tid, [&](int tt, int i) {
            const unsigned k1 = (r0 + (unsigned)tt) % fpm;
            if (tt < nt)
                dst[tt * N + i] = cmul(sm0[tt * PS + fpad<MODE>(i)], xtw_tab<T>(p, k1 * (unsigned)i));
        });
    } else if constexpr (TR) {
        /* Index map. Frame slot tt of this block is global frame
         * g = b0 + tt (tt < nt), its result Z at sm0[tt * PS + fpad<MODE>(i)].
         * Thread tid serves slot tt = tid % FPB (NT = TPT * FPB, so the
         * slot is the same on every iteration) and, with its group
         * G = tid / FPB (0 .. TPT-1), bins k = k0 + it * TPT, it = 0 ..
         * IT-1, where k0 = tr_first(G) is a bijection of 0 .. TPT-1: every
         * bin of 0 .. NBIN-1 once per slot. The FPB threads of a group
         * write one bin's FPB consecutive slots: one run of FPB *
         * sizeof(gcx<T>) bytes (of one matrix only: the block's frames may
         * straddle matrices when fpm % FPB).
         * Output of frame g, bin k: out[(g / fpm) * mst + k * ld + g % fpm]. */
        constexpr int NBIN = KM == GFP_MODE_R2C ? N + 1 : N;
        constexpr int IT = (NBIN + TPT - 1) / TPT;
        constexpr bool XT = (MODE & GFP_FAST_XT) != 0;
        static_assert(!XT || KM == GFP_MODE_C2C, "four-step twiddle: C2C only");
        const int tt = tid % FPB;
        const int k0 = tr_first<FPB, TPT>(tid / FPB);
        constexpr bool XTS = (MODE & GFP_FAST_XTS) != 0;
        static_assert(!XTS || (XT && (MODE & GFP_FAST_XD) != 0), "shared twiddles: XT with XD");
        gcx<T> *twl = smb + (PP ? 2 : 1) * BS; /* XTS: after the frames' buffers */
        unsigned xm0 = 0;
        if constexpr (XTS) {
            xm0 = (unsigned)((b0 % p.fpm) / p.xdiv);
            for (int k = tid; k < N; k += NT)
                twl[k] = xtw_tab<T>(p, xm0 * (unsigned)k);
            __syncthreads();
        }
        if constexpr (MRG) {
            /* column sl.row's bins k times W_L^{row k} = W_2L^{2 row k}, a
             * self-partnered column from its first slot only */
            const SplSlot<FPB> sl(p, blockIdx.x, tt);
            if (sl.act && (tt < FPB / 2 || sl.row != sl.k1)) {
                gcx<T> *dst = (gcx<T> *)p.out + sl.m * p.mst + sl.row;
                const gcx<T> *s0 = sm0 + tt * PS;
                const T sc = (T)p.scale;
                const T cs = p.conj_out ? -sc : sc;
                const unsigned long long ld = p.ld;
#pragma unroll 4
                for (int it = 0; it < N / TPT; it++) {
                    const int k = k0 + it * TPT;
                    const gcx<T> z = cmul(s0[fpad<MODE>(k)], xtw_tab<T>(p, 2u * sl.row * (unsigned)k));
                    dst[(unsigned long long)k * ld] = mk(z.x * sc, z.y * cs);
                }
            }
        } else if constexpr (SPL) {
            /* X[k] = r2c_bin(Z[k], Z[L - k], W_2L^k), k = row + n1 k2; Z[L -
             * k] is bin n2-1-k2 of the mirror row (row 0: bin n2-k2 of
             * row 0); a self-mirrored row (0, n1/2) writes from its first
             * slot only */
            constexpr int H = FPB / 2;
            const SplSlot<FPB> sl(p, blockIdx.x, tt);
            if (sl.act && (tt < H || sl.row != sl.k1)) {
                const unsigned n1 = (unsigned)p.fpm;
                const int mt = tt < H ? tt + H : tt - H;
                const gcx<T> *s0 = sm0 + tt * PS, *s1 = sm0 + mt * PS;
                gcx<T> *dst = (gcx<T> *)p.out + sl.m * p.mst + sl.row;
                const T sc = (T)p.scale * (T)0.5;
                const unsigned long long ld = p.ld;
#pragma unroll 4
                for (int it = 0; it < N / TPT; it++) {
                    const int k = k0 + it * TPT;
                    const int kb = sl.row ? N - 1 - k : k ? N - k : 0;
                    const gcx<T> a = s0[fpad<MODE>(k)], bz = s1[fpad<MODE>(kb)];
                    const unsigned kk = sl.row + n1 * (unsigned)k;
                    dst[(unsigned long long)k * ld] = r2c_bin(a, bz, xtw_tab<T>(p, kk), sc, sc);
                    if (sl.row == 0 && k == 0) /* X[L], L = n1 N */
                        dst[(unsigned long long)n1 * N] = r2c_bin(a, a, mk((T)-1, (T)0), sc, sc);
                }
            }
        } else if (BLO && tt < nt) {
            /* output m = g % fpm + k ld of user frame g / fpm: conj(z) w[m] */
            const unsigned long long g = b0 + (unsigned long long)tt;
            const unsigned long long b = g / p.fpm, m0 = g % p.fpm, ld = p.ld;
            const gcx<T> *s0 = sm0 + tt * PS;
            const T sc = (T)p.scale;
            const T cs = p.conj_out ? -sc : sc;
#pragma unroll 4
            for (int it = 0; it < IT; it++) {
                const int k = k0 + it * TPT;
                const unsigned long long m = m0 + (unsigned long long)k * ld;
                if (k < NBIN && m < p.bnout)
                    bl_put<T>(p, b, m, s0[fpad<MODE>(k)], sc, cs);
            }
        } else if (!BLO && tt < nt) {
            const unsigned long long g = b0 + (unsigned long long)tt;
            constexpr bool XD = (MODE & GFP_FAST_XD) != 0;
            const unsigned xd = XD ? p.xdiv : 1u;
            const unsigned xm = XT ? (unsigned)((g % p.fpm) / xd) : 0u; /* W_L^{xm k} */
            const unsigned xl = XT ? (unsigned)(p.fpm * N / xd) : 0u;  /* L */
            gcx<T> *dst = (gcx<T> *)p.out + (g / p.fpm) * p.mst + g % p.fpm;
            const gcx<T> *s0 = sm0 + tt * PS;
            const unsigned long long ld = p.ld;
#pragma unroll 4
            for (int it = 0; it < IT; it++) {
                const int k = k0 + it * TPT;
                if (k < NBIN) {
                    gcx<T> o;
                    if constexpr (KM == GFP_MODE_R2C) {
                        /* the split for bin k alone (k = 0 .. N, W_n^k from
                         * rtw, n = 2N): a = Z[k mod N], b = Z[(N-k) mod N],
                         * X[k] = (a + conj b)/2 - i/2 W_n^k (a - conj b) */
                        const T sc = (T)p.scale * (T)0.5;
                        const T cs = p.conj_out ? -sc : sc;
                        const int ka = k == N ? 0 : k, kb = k == 0 ? 0 : N - k;
                        const gcx<T> a = s0[fpad<MODE>(ka)];
                        const gcx<T> bz = s0[fpad<MODE>(kb)];
                        o = r2c_bin(a, bz, ldg(&((const gcx<T> *)p.rtw)[k]), sc, cs);
                    } else {
                        const T sc = (T)p.scale;
                        const T cs = p.conj_out ? -sc : sc;
                        gcx<T> z = s0[fpad<MODE>(k)];
                        if constexpr (XTS)
                            z = cmul(z, xm == xm0 ? twl[k] : xtw_tab<T>(p, xm * (unsigned)k));
                        else if constexpr (XT)
                            z = cmul(z, xtw_at<MODE, T>(p, xm * (unsigned)k, xl));
                        o = mk(z.x * sc, z.y * cs);
                    }
                    dst[(unsigned long long)k * ld] = o;
                }
            }
        }
    } else if constexpr (KM == GFP_MODE_C2C || C2R) {
        typedef typename V16<T>::t V;
        constexpr int PER = sizeof(V) / sizeof(gcx<T>);
        constexpr int NV = FPB * N / PER;
        constexpr int IT = (NV + NT - 1) / NT;
        const int tot = nt * (N / PER);
        V *dst = (V *)((gcx<T> *)p.out + b0 * (unsigned long long)N);
        const T sc = (T)p.scale;
        const T cs = p.conj_out ? -sc : sc;
#pragma unroll
        for (int it = 0; it < IT; it++) {
            const int u = tid + it * NT;
            if (u < tot) {
                const int e = u * PER;
                const int tt = e / N, i = e - tt * N;
                V o;
                T *f = (T *)&o;
#pragma unroll
                for (int q = 0; q < PER; q++) {
                    gcx<T> z = sm0[tt * PS + fpad<MODE>(i + q)];
                    f[2 * q] = z.x * sc;
                    f[2 * q + 1] = z.y * cs;
                }
                dst[u] = o;
            }
        }
    } else {
        /* R2C split, bins k and N-k together (W_n^{N-k} = -conj W_n^k):
         * X[k] = (Z[k] + conj Z[N-k])/2 - i/2 W_n^k (Z[k] - conj Z[N-k]) */
        constexpr int NBIN = N + 1;
        constexpr int NP = N / 2 + 1;
        constexpr int IT = (FPB * NP + NT - 1) / NT;
        const int tot = nt * NP;
        const gcx<T> *w = (const gcx<T> *)p.rtw;
        gcx<T> *dst = (gcx<T> *)p.out + b0 * (unsigned long long)NBIN;
        const T sc = (T)p.scale * (T)0.5;
        const T cs = p.conj_out ? -sc : sc;
#pragma unroll
        for (int it = 0; it < IT; it++) {
            const int e = tid + it * NT;
            if (e < tot) {
                const int tt = e / NP, k = e - tt * NP;
                const gcx<T> *s0 = sm0 + tt * PS;
                const int k2 = k == 0 ? 0 : N - k;
                const gcx<T> a = s0[fpad<MODE>(k)];
                const gcx<T> bz = s0[fpad<MODE>(k2)];
                r2c_pair(dst + tt * NBIN, N, k, a, bz, ldg(&w[k]), sc, cs);
            }
        }
    }
}

/* what every fill_* records of a kernel: its function, length, threads a
 * frame, frames a block, shared memory and radices */
template <int N, int TPT, int FPB, int... Rs>
inline bool info(gfp_fast_info *f, const void *func, size_t smem)
{
    f->func = func;
    f->nf = N;
    f->tpt = TPT;
    f->fpb = FPB;
    f->threads = TPT * FPB;
    f->smem = smem;
    const int r[] = {Rs...};
    f->nst = (int)sizeof...(Rs);
    for (int i = 0; i < f->nst; i++)
        f->r[i] = r[i];
    return true;
}

template <typename T, int N, int TPT, int FPB, int MODE, int MB0, int PPF, int... Rs>
inline bool fill(gfp_fast_info *f)
{
    constexpr int MINB = MB0 > 0 ? MB0 : MinB<T, TPT * FPB>::v;
    f->pairs = (MODE & (GFP_FAST_SPL | GFP_FAST_MRG)) != 0;
    return info<N, TPT, FPB, Rs...>(
        f, (const void *)fkernel<T, N, TPT, FPB, MODE | GFP_FAST_XCS, MINB, PPF, Rs...>,
        (size_t)(PPol<T, N, FPB, PPF, MODE>::pp ? 2 : 1) * FPB * PadN<N, MODE>::v * sizeof(gcx<T>) +
            ((MODE & GFP_FAST_XTS) ? (size_t)N * sizeof(gcx<T>) : 0));
}

/* ---- split exchange (v9) --------------------------------------------------
 * skernel: the stages exchange real and imaginary parts apart through one
 * buffer of N scalars a frame, half of fkernel's, as cuFFT's own kernels do
 * (ncu, bench/NOTES.md "v9"): store the real parts, barrier, load the next
 * stage's real parts, barrier, then the imaginary parts the same way. Four
 * barriers an exchange instead of two, for half the shared memory: more
 * blocks an SM where shared memory is what limits them. Each thread keeps
 * its E = N / TPT values in one flat array v[b R + s] (butterfly b, input s
 * of the stage); a new real part may overwrite an old one as soon as all
 * the old ones are stored, so the exchange needs no second set of
 * registers. Every stage's N / R butterflies must divide evenly among the
 * TPT threads of a frame. Global loads in the first stage and (C2C) stores
 * in the last go direct, coalesced across a warp; R2C's split step reads
 * Z[k] and Z[N-k] through one more exchange. */
/* in(), out(): a stage's input and output positions in a frame; inp(),
 * outp(): the same through the layout's padding fpad(i) = i + (i >> sh),
 * written as one run-time base plus a compile-time offset wherever the
 * offset is a multiple of 2^sh (then fpad(base + c) = fpad(base) +
 * fpad(c)), so that the real and imaginary rounds of an exchange share
 * one address register instead of keeping E addresses live */
/* col(x, b): the column (butterfly) b of thread x; with GFP_FAST_R2CD, in
 * R2C's last stage, columns b and b + MB/2 of a thread are c0 and NB - c0
 * (c0 = 0: NB/2), so that Z[k] and Z[N - k] meet in its registers, as
 * fkernel's R2CD has them */
template <int N, int TPT, int R, int LS, int MODE> struct SPat {
    static constexpr int NB = N / R;
    static constexpr int MB = NB / TPT;
    static constexpr int SH = Pad<MODE>::sh;
    static constexpr int Q = 1 << SH;
    static constexpr bool PRL =
        (MODE & 15) == GFP_MODE_R2C && (MODE & GFP_FAST_R2CD) != 0 && LS * R == N;
    static_assert(NB % TPT == 0, "split kernels: N / R a multiple of TPT at every stage");
    static_assert(!PRL || MB % 2 == 0, "R2CD: an even number of columns a thread");
    static __device__ __forceinline__ int col(int x, int b)
    {
        if constexpr (PRL) {
            if (b >= MB / 2) {
                const int c0 = x + (b - MB / 2) * TPT;
                return c0 ? NB - c0 : NB / 2;
            }
        }
        return x + b * TPT;
    }
    static __device__ __forceinline__ int in(int x, int b, int s) { return col(x, b) + s * NB; }
    static __device__ __forceinline__ int out(int x, int b, int s)
    {
        const int j = col(x, b);
        const int k = LS > 1 ? j % LS : 0;
        return (j - k) * R + k + s * LS;
    }
    static __device__ __forceinline__ int inp(int x, int b, int s)
    {
        if constexpr (SH == 0)
            return in(x, b, s);
        else if constexpr (PRL && NB % Q == 0) /* one address a column */
            return fpad<MODE>(col(x, b)) + fpad<MODE>(s * NB);
        else if constexpr (PRL)
            return fpad<MODE>(in(x, b, s));
        else if constexpr (TPT % Q == 0 && NB % Q == 0)
            return fpad<MODE>(x) + fpad<MODE>(b * TPT + s * NB);
        else
            return fpad<MODE>(in(x, b, s));
    }
    static __device__ __forceinline__ int outp(int x, int b, int s)
    {
        if constexpr (SH == 0) {
            return out(x, b, s);
        } else if constexpr (LS % Q == 0) {
            return fpad<MODE>(out(x, b, 0)) + fpad<MODE>(s * LS);
        } else if constexpr (LS == 1 && R % Q == 0 && !PRL) {
            return fpad<MODE>((x + b * TPT) * R) + fpad<MODE>(s);
        } else {
            return fpad<MODE>(out(x, b, s));
        }
    }
};

/* scalars a frame takes in the split buffer (the layout's padding, odd) */
template <int N, int MODE> struct PadS {
    static constexpr int sh = Pad<MODE>::sh;
    static constexpr int v = ((N + (sh ? N >> sh : 0) + 1) | 1) + ((MODE >> 8) & 31);
};

template <typename T, int N, int TPT, int R, int LS, int OFF, int MODE>
__device__ __forceinline__ void scomp(const gfp_fparams &p, gcx<T> *v, int x)
{
    typedef SPat<N, TPT, R, LS, MODE> P;
    const gcx<T> *tw = (const gcx<T> *)p.tw + OFF;
#pragma unroll
    for (int b = 0; b < P::MB; b++) {
        if constexpr (LS > 1) {
            const int k = P::col(x, b) % LS;
#pragma unroll
            for (int s = 1; s < R; s++)
                v[b * R + s] = cmul(v[b * R + s], ldg(&tw[(s - 1) * LS + k]));
        }
        Bfly<R, T>::run(v + b * R);
    }
}

/* the real (IM false) or imaginary parts of a stage's results v, in its
 * out pattern P (radix R), into the split buffer */
template <typename P, int R, typename T>
__device__ __forceinline__ void sput(const gcx<T> *v, T *sm, int x, bool im)
{
#pragma unroll
    for (int b = 0; b < P::MB; b++)
#pragma unroll
        for (int s = 0; s < R; s++)
            sm[P::outp(x, b, s)] = im ? v[b * R + s].y : v[b * R + s].x;
}

/* from the out pattern of a stage (R, LS) to the in pattern of the next
 * (radix R2), real parts then imaginary parts; LEAD: a barrier first (the
 * buffer was read by the exchange before) */
template <typename T, int N, int TPT, int MODE, int R, int LS, int R2, bool LEAD>
__device__ __forceinline__ void sxchg(gcx<T> *v, T *sm, int x)
{
    typedef SPat<N, TPT, R, LS, MODE> O;
    typedef SPat<N, TPT, R2, LS * R, MODE> I;
    if constexpr (LEAD)
        __syncthreads();
#pragma unroll
    for (int round = 0; round < 2; round++) {
        if (round)
            __syncthreads(); /* the real parts read by all */
        sput<O, R>(v, sm, x, round == 1);
        __syncthreads();
        /* a new part may overwrite the old one: all of it is stored */
#pragma unroll
        for (int b = 0; b < I::MB; b++)
#pragma unroll
            for (int s = 0; s < R2; s++) {
                const T z = sm[I::inp(x, b, s)];
                if (round)
                    v[b * R2 + s].y = z;
                else
                    v[b * R2 + s].x = z;
            }
    }
}

template <typename T, int N, int TPT, int MODE, int LS, int OFF, bool LEAD, int... Rs> struct SRun;
template <typename T, int N, int TPT, int MODE, int LS, int OFF, bool LEAD, int R>
struct SRun<T, N, TPT, MODE, LS, OFF, LEAD, R> {
    static constexpr int RL = R; /* the last stage's radix */
    static __device__ __forceinline__ void go(const gfp_fparams &p, gcx<T> *v, T *, int x)
    {
        scomp<T, N, TPT, R, LS, OFF, MODE>(p, v, x);
    }
};
template <typename T, int N, int TPT, int MODE, int LS, int OFF, bool LEAD, int R, int R2,
          int... Rest>
struct SRun<T, N, TPT, MODE, LS, OFF, LEAD, R, R2, Rest...> {
    typedef SRun<T, N, TPT, MODE, LS * R, OFF + (R - 1) * LS, true, R2, Rest...> Next;
    static constexpr int RL = Next::RL;
    static __device__ __forceinline__ void go(const gfp_fparams &p, gcx<T> *v, T *sm, int x)
    {
        scomp<T, N, TPT, R, LS, OFF, MODE>(p, v, x);
        sxchg<T, N, TPT, MODE, R, LS, R2, LEAD>(v, sm, x);
        Next::go(p, v, sm, x);
    }
};
template <int R, int... Rest> struct SFirst { static constexpr int v = R; };

/* the last stage's results v (out pattern P, radix R) to frame g of p.out,
 * scaled (and conjugated for an inverse) */
template <typename P, int R, int N, int MODE, typename T>
__device__ __forceinline__ void sout(const gfp_fparams &p, const gcx<T> *v,
                                     unsigned long long g, int x)
{
    const T sc = (T)p.scale;
    const T cs = p.conj_out ? -sc : sc;
    gcx<T> *out = (gcx<T> *)p.out + g * (unsigned long long)N;
#pragma unroll
    for (int b = 0; b < P::MB; b++)
#pragma unroll
        for (int s = 0; s < R; s++) {
            const gcx<T> o = v[b * R + s];
            gcx<T> *dst = &out[P::out(x, b, s)];
            if constexpr ((MODE & GFP_FAST_CS) != 0)
                stcs(dst, mk(o.x * sc, o.y * cs));
            else
                *dst = mk(o.x * sc, o.y * cs);
        }
}

/* the first stage's inputs of a split-exchange kernel's frame (skernel,
 * tkernel): value b R + s of thread x from gin[P::in(x, b, s)] (STRIDED:
 * times is, 64-bit), conjugated for p.conj_in, zero where the frame is
 * past the batch (!act) */
template <typename P, int R, int MODE, bool STRIDED, typename T>
__device__ __forceinline__ void sload(const gfp_fparams &p, gcx<T> *v, const gcx<T> *gin,
                                      unsigned long long is, int x, bool act)
{
    if constexpr (STRIDED) {
        /* element x + b TPT + s NB (P::in, C2C) at (x + b TPT + s NB) is:
         * one 64-bit pointer step a load, where the product's index times
         * is took ~10 instructions a load (SASS of tkernel1024, stop 43) */
        static_assert(!P::PRL, "sload: the strided load of C2C frames");
        const unsigned long long sb = (unsigned long long)(P::NB / P::MB) * is;
        const unsigned long long ss = (unsigned long long)P::NB * is;
        const gcx<T> *qb = gin + (unsigned long long)x * is;
#pragma unroll
        for (int b = 0; b < P::MB; b++) {
            const gcx<T> *q = qb;
#pragma unroll
            for (int s = 0; s < R; s++) {
                v[b * R + s] = act ? ldf<MODE>(q) : mk((T)0, (T)0);
                q += ss;
            }
            qb += sb;
        }
    } else {
#pragma unroll
        for (int b = 0; b < P::MB; b++)
#pragma unroll
            for (int s = 0; s < R; s++)
                v[b * R + s] = act ? ldf<MODE>(&gin[P::in(x, b, s)]) : mk((T)0, (T)0);
    }
    if (p.conj_in) {
#pragma unroll
        for (int i = 0; i < P::MB * R; i++)
            v[i].y = -v[i].y;
    }
}

template <typename T, int N, int TPT, int FPB, int MODE, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT * FPB, MINB) skernel(const __grid_constant__ gfp_fparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_fsm_raw[];
    constexpr int PS = PadS<N, MODE>::v;
    constexpr int E = N / TPT;
    constexpr int KM = MODE & 15;
    constexpr int R0 = SFirst<Rs...>::v;
    typedef SRun<T, N, TPT, MODE, 1, 0, false, Rs...> Stages;
    constexpr int RL = Stages::RL;
    typedef SPat<N, TPT, R0, 1, MODE> P0;
    typedef SPat<N, TPT, RL, N / RL, MODE> PL;
    static_assert(KM == GFP_MODE_C2C || KM == GFP_MODE_R2C, "split kernels: C2C or R2C");
    const int tid = threadIdx.x;
    const int t = tid / TPT;
    const int x = tid - t * TPT;
    const unsigned long long g = (unsigned long long)blockIdx.x * FPB + t;
    const bool act = g < p.batch;
    constexpr bool SRC = KM == GFP_MODE_R2C && (MODE & GFP_FAST_SRC) != 0;
    T *sm = (T *)gfp_fsm_raw + t * (SRC ? 2 : 1) * PS;
    gcx<T> v[E];
    const gcx<T> *gin = (const gcx<T> *)p.in + row_at(p, g, N); /* the 2D rows' remap too */
    sload<P0, R0, MODE, false>(p, v, gin, 1ull, x, act);
    Stages::go(p, v, sm, x);
    if constexpr (KM == GFP_MODE_C2C) {
        if (act)
            sout<PL, RL, N, MODE>(p, v, g, x);
    } else if constexpr ((MODE & GFP_FAST_R2CD) != 0) {
        /* the split step in registers (GFP_FAST_R2CD), as fkernel's:
         * column c0's Z[c0 + s NB] pairs with column c1's Z[c1 + (R-1-s)
         * NB]; for c0 = 0, Z[s NB] with Z[(R - s) NB] of its own column
         * (s = 0: itself, and X[N] too) and column NB/2's with its own
         * element R-1-s */
        static_assert(PL::PRL, "R2CD: the last stage's paired columns");
        static_assert(gfp_cosr(2 * RL, 0) == 1.0, "R2CD: 2 RL's constants in gfp_gpu_consts.cuh");
        if (!act)
            return;
        constexpr int NB = PL::NB, H = PL::MB / 2;
        gcx<T> *y = (gcx<T> *)p.out + g * (unsigned long long)(N + 1);
        const gcx<T> *rw = (const gcx<T> *)p.rtw;
        const T sc = (T)p.scale * (T)0.5;
        const T cs = p.conj_out ? -sc : sc;
        auto put = [&](int k, gcx<T> a, gcx<T> bz) {
            r2c_put<MODE>(y, k, a, bz, ldg(&rw[k]), sc, cs);
        };
#pragma unroll
        for (int b = 0; b < H; b++) {
            const int c0 = PL::col(x, b), c1 = PL::col(x, b + H);
            const gcx<T> *v0 = v + b * RL, *v1 = v + (b + H) * RL;
            if (c0 == 0) {
                /* thread 0's first pair of columns, each its own partner,
                 * through local memory in a loop kept rolled: unrolled
                 * from registers, this branch's other pairing made every
                 * thread spill 600-700 bytes at 80 registers (ptxas) */
                gcx<T> ev[2 * RL];
#pragma unroll
                for (int s = 0; s < RL; s++) {
                    ev[s] = v0[s];
                    ev[RL + s] = v1[s];
                }
#pragma unroll 1
                for (int s = 0; s < RL; s++) {
                    put(c0 + s * NB, ev[s], ev[(RL - s) % RL]);
                    put(c1 + s * NB, ev[RL + s], ev[2 * RL - 1 - s]);
                }
                put(N, ev[0], ev[0]);
            } else {
                /* elements s and RL-1-s of both columns together, so that
                 * each value's last use is near its first; W_n^(c + s NB)
                 * = W_n^c W_(2 RL)^s (n = 2N), one load a column and the
                 * rest constants (one more rounding; not measured against
                 * a load a bin once thread 0's branch was mended) */
                const gcx<T> w0 = ldg(&rw[c0]), w1 = ldg(&rw[c1]);
                auto wc = [&](const gcx<T> &w, int s) {
                    return s == 0 ? w
                                  : cmul(w, mk((T)gfp_cosr(2 * RL, s), (T)-gfp_sinr(2 * RL, s)));
                };
                auto putw = [&](int k, gcx<T> a, gcx<T> bz, gcx<T> w) {
                    r2c_put<MODE>(y, k, a, bz, w, sc, cs);
                };
#pragma unroll
                for (int s = 0; s < RL / 2; s++) {
                    const int t = RL - 1 - s;
                    putw(c0 + s * NB, v0[s], v1[t], wc(w0, s));
                    putw(c1 + t * NB, v1[t], v0[s], wc(w1, t));
                    putw(c1 + s * NB, v1[s], v0[t], wc(w1, s));
                    putw(c0 + t * NB, v0[t], v1[s], wc(w0, t));
                }
            }
        }
    } else if constexpr (SRC) {
        /* the split step from both parts at once (GFP_FAST_SRC) */
        __syncthreads();
        sput<PL, RL>(v, sm, x, false);
        sput<PL, RL>(v, sm + PS, x, true);
        __syncthreads();
        if (!act)
            return;
        constexpr int NP = N / 2 + 1;
        constexpr int IT = (NP + TPT - 1) / TPT;
        const gcx<T> *w = (const gcx<T> *)p.rtw;
        gcx<T> *dst = (gcx<T> *)p.out + g * (unsigned long long)(N + 1);
        const T sc = (T)p.scale * (T)0.5;
        const T cs = p.conj_out ? -sc : sc;
#pragma unroll
        for (int i = 0; i < IT; i++) {
            const int k = x + i * TPT;
            if (IT * TPT == NP || k < NP) {
                const int ia = fpad<MODE>(k), ib = fpad<MODE>(k == 0 ? 0 : N - k);
                const gcx<T> a = mk(sm[ia], sm[PS + ia]), bz = mk(sm[ib], sm[PS + ib]);
                gcx<T> wk;
                if constexpr ((MODE & GFP_FAST_SRT) != 0)
                    wk = (k & 127) ? cmul(ldg(&w[k & ~127]), ldg(&w[k & 127])) : ldg(&w[k]);
                else
                    wk = ldg(&w[k]);
                r2c_pair(dst, N, k, a, bz, wk, sc, cs);
            }
        }
    } else {
        /* split step, bins k and N-k from Z[k] = a and Z[N-k] = b (k = x +
         * i TPT <= N/2), as fkernel's */
        constexpr int NP = N / 2 + 1;
        constexpr int IT = (NP + TPT - 1) / TPT;
        T ax[IT], ay[IT], bx[IT], by[IT];
#pragma unroll
        for (int round = 0; round < 2; round++) { /* real parts, then imaginary */
            T *za = round ? ay : ax, *zb = round ? by : bx;
            __syncthreads();
            sput<PL, RL>(v, sm, x, round == 1);
            __syncthreads();
#pragma unroll
            for (int i = 0; i < IT; i++) {
                const int k = x + i * TPT;
                if (IT * TPT == NP || k < NP) {
                    za[i] = sm[fpad<MODE>(k)];
                    zb[i] = sm[fpad<MODE>(k == 0 ? 0 : N - k)];
                }
            }
        }
        if (!act)
            return;
        constexpr int NBIN = N + 1;
        const gcx<T> *w = (const gcx<T> *)p.rtw;
        gcx<T> *dst = (gcx<T> *)p.out + g * (unsigned long long)NBIN;
        const T sc = (T)p.scale * (T)0.5;
        const T cs = p.conj_out ? -sc : sc;
#pragma unroll
        for (int i = 0; i < IT; i++) {
            const int k = x + i * TPT;
            if (IT * TPT == NP || k < NP) {
                r2c_pair(dst, N, k, mk(ax[i], ay[i]), mk(bx[i], by[i]), ldg(&w[k]), sc, cs);
            }
        }
    }
}

template <typename T, int N, int TPT, int FPB, int MODE, int MB0, int... Rs>
inline bool fill_split(gfp_fast_info *f)
{
    constexpr int MINB = MB0 > 0 ? MB0 : MinB<T, TPT * FPB>::v;
    constexpr int SRC = (MODE & 15) == GFP_MODE_R2C && (MODE & GFP_FAST_SRC) != 0 ? 2 : 1;
    return info<N, TPT, FPB, Rs...>(
        f, (const void *)skernel<T, N, TPT, FPB, MODE | GFP_FAST_XCS, MINB, Rs...>,
        (size_t)SRC * FPB * PadS<N, MODE>::v * sizeof(T));
}

/* ---- threads across the frames (stop 38) ------------------------------------ */

/* tkernel's frame stride in the split buffer: PadS's (odd) where a warp's
 * 32 lanes are 32 frames; with FPB < 32 a warp is FPB frames of 32 / FPB
 * consecutive columns, and a stride of 1 mod 32 puts frame t + 1's
 * columns one bank past frame t's, on top of them (3.5 wavefronts an
 * access at 4096 x 4 frames, bench/gpu/sbanks.py; 4096^2 ran at 0.81x
 * fkernel's, bench/NOTES.md stop 39 call 1). A stride of 32 / FPB mod 32
 * lays the frames' columns side by side: no conflicts with a first
 * radix of 16 under the default padding (sbanks.py's tkernel table). */
template <int N, int MODE, int FPB> struct TStride {
    static constexpr int ps = PadS<N, MODE>::v;
    static constexpr int v = FPB >= 32 ? ps : ps + ((32 / FPB - ps % 32) % 32 + 32) % 32;
};

/* tkernel: C2C of FPB frames a block whose elements lie ld apart
 * (GFP_FAST_TL; otherwise contiguous rows, row_at) and whose bins go ld
 * apart (GFP_FAST_TR, with the four-step's twiddle under GFP_FAST_XT and
 * GFP_FAST_XD as fkernel's TR store has it; otherwise contiguous): the
 * 2D columns' passes, the four-step's first passes of 128 .. 4096 and the
 * 2D pass kernel of 4096 (stop 39). Thread tid serves frame slot t = tid %
 * FPB and stage column x = tid / FPB: a warp's lanes are consecutive
 * frames at one element, so each strided load and store is one run of
 * FPB x sizeof(gcx<T>) bytes straight from and to device memory, where
 * fkernel (one frame's threads in a row) stages both through shared
 * memory (TL, TR: three round trips a value for two stages; ncu, stop 38
 * call 4: 5x the shared wavefronts of cuFFT's kernel). The stages exchange
 * through skernel's split buffer, frame t at t PS; with FPB >= 32 a warp's
 * 32 lanes are 32 frames at one offset and PS is odd, so no access has a
 * bank conflict under any padding (fewer frames: TStride above). In place
 * is safe: every frame's loads come before the first exchange's barrier,
 * its stores after the last. */
template <typename T, int N, int TPT, int FPB, int MODE, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT * FPB, MINB) tkernel(const __grid_constant__ gfp_fparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_fsm_raw[];
    constexpr int PS = TStride<N, MODE, FPB>::v;
    constexpr int E = N / TPT;
    constexpr int R0 = SFirst<Rs...>::v;
    typedef SRun<T, N, TPT, MODE, 1, 0, false, Rs...> Stages;
    constexpr int RL = Stages::RL;
    typedef SPat<N, TPT, R0, 1, MODE> P0;
    typedef SPat<N, TPT, RL, N / RL, MODE> PL;
    constexpr bool TL = (MODE & GFP_FAST_TL) != 0, TR = (MODE & GFP_FAST_TR) != 0;
    constexpr bool XT = (MODE & GFP_FAST_XT) != 0, XD = (MODE & GFP_FAST_XD) != 0;
    static_assert((MODE & 15) == GFP_MODE_C2C, "tkernel: C2C");
    static_assert(sizeof...(Rs) >= 2, "tkernel: in place needs an exchange's barriers");
    static_assert(!XT || TR, "tkernel: the four-step twiddle with the strided store");
    const int tid = threadIdx.x;
    const int t = tid % FPB;
    const int x = tid / FPB;
    const unsigned long long g = (unsigned long long)blockIdx.x * FPB + t;
    const bool act = g < p.batch;
    T *sm = (T *)gfp_fsm_raw + t * PS;
    const unsigned long long ld = p.ld;
    const unsigned long long is = TL ? ld : 1ull;
    const gcx<T> *gin = (const gcx<T> *)p.in +
                        (TL ? (g / p.fpm) * p.mst + g % p.fpm : row_at(p, g, N));
    gcx<T> v[E];
    sload<P0, R0, MODE, true>(p, v, gin, is, x, act);
    Stages::go(p, v, sm, x);
    if (!act)
        return;
    const T sc = (T)p.scale;
    const T cs = p.conj_out ? -sc : sc;
    const unsigned xd = XD ? p.xdiv : 1u;
    const unsigned xm = XT ? (unsigned)((g % p.fpm) / xd) : 0u; /* W_L^{xm k} */
    const unsigned xl = XT ? (unsigned)(p.fpm * N / xd) : 0u;  /* L */
    const unsigned long long os = TR ? ld : 1ull;
    gcx<T> *dst = (gcx<T> *)p.out + (TR ? (g / p.fpm) * p.mst + g % p.fpm : g * (unsigned long long)N);
    /* bin k = x + b TPT + s NB (PL::out) at k os: a pointer step a store */
    static_assert(PL::NB * RL == N && PL::MB * TPT == PL::NB, "tkernel: the store's steps");
    const unsigned long long ob = (unsigned long long)TPT * os, osn = (unsigned long long)PL::NB * os;
    gcx<T> *qb = dst + (unsigned long long)x * os;
    constexpr bool XF = XT && (MODE & GFP_FAST_XF) != 0;
    gcx<T> wst[XF ? RL : 1]; /* XF: W_L^{xm s NB} */
    if constexpr (XF) {
#pragma unroll
        for (int s = 1; s < RL; s++)
            wst[s] = xtw_at<MODE, T>(p, xm * (unsigned)(s * PL::NB), xl);
    }
#pragma unroll
    for (int b = 0; b < PL::MB; b++) {
        gcx<T> wb; /* XF: W_L^{xm c}, c = the column's bin for s = 0 */
        if constexpr (XF)
            wb = xtw_at<MODE, T>(p, xm * (unsigned)PL::out(x, b, 0), xl);
        gcx<T> *q = qb;
#pragma unroll
        for (int s = 0; s < RL; s++) {
            gcx<T> z = v[b * RL + s];
            if constexpr (XF)
                z = cmul(z, s == 0 ? wb : cmul(wb, wst[s]));
            else if constexpr (XT)
                z = cmul(z, xtw_at<MODE, T>(p, xm * (unsigned)PL::out(x, b, s), xl));
            if constexpr ((MODE & GFP_FAST_CS) != 0)
                stcs(q, mk(z.x * sc, z.y * cs));
            else
                *q = mk(z.x * sc, z.y * cs);
            q += osn;
        }
        qb += ob;
    }
}

template <typename T, int N, int TPT, int FPB, int MODE, int MB0, int... Rs>
inline bool fill_across(gfp_fast_info *f)
{
    constexpr int MINB = MB0 > 0 ? MB0 : MinB<T, TPT * FPB>::v;
    return info<N, TPT, FPB, Rs...>(
        f, (const void *)tkernel<T, N, TPT, FPB, MODE | GFP_FAST_XCS, MINB, Rs...>,
        (size_t)FPB * TStride<N, MODE, FPB>::v * sizeof(T));
}

/* ---- pipelined persistent blocks (v9) --------------------------------------
 * pkernel: for frames so long that one fills an SM (C2C f32 16384: 128 KB,
 * one block an SM), where no other block's loads overlap a block's
 * compute. Each block loops over frames g, g + grid, ...; frame g + grid's
 * input comes into a shared prefetch buffer by cp.async while frame g is
 * transformed, its stages exchanging through skernel's split buffer (half
 * a frame), so both fit: 128 KB + 64 KB. C2C only, one frame a block. */
#ifndef GFP_EMU /* bench/gpu's host emulation: no cp.async */
__device__ __forceinline__ void cp_async16(void *sdst, const void *gsrc)
{
    const unsigned sa = (unsigned)__cvta_generic_to_shared(sdst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sa), "l"(gsrc) : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
__device__ __forceinline__ void cp_async_wait0() { asm volatile("cp.async.wait_group 0;" ::: "memory"); }

/* frame g of p.in (N values of T) into pre, TPT threads, 16 bytes a copy */
template <typename T, int N, int TPT>
__device__ __forceinline__ void prefetch(void *pre, const gfp_fparams &p, unsigned long long g, int x)
{
    constexpr int CH = N * (int)sizeof(gcx<T>) / 16;
    static_assert(CH % TPT == 0, "prefetch: a frame's 16-byte pieces a multiple of TPT");
    const char *src = (const char *)((const gcx<T> *)p.in + row_at(p, g, N));
#pragma unroll
    for (int c = 0; c < CH / TPT; c++)
        cp_async16((char *)pre + (size_t)(x + c * TPT) * 16, src + (size_t)(x + c * TPT) * 16);
}

template <typename T, int N, int TPT, int MODE, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT, MINB) pkernel(const __grid_constant__ gfp_fparams p)
{
    extern __shared__ __align__(16) unsigned char gfp_fsm_raw[];
    constexpr int E = N / TPT;
    constexpr int R0 = SFirst<Rs...>::v;
    static_assert((MODE & 15) == GFP_MODE_C2C, "pkernel: C2C only");
    typedef SRun<T, N, TPT, MODE, 1, 0, false, Rs...> Stages;
    constexpr int RL = Stages::RL;
    typedef SPat<N, TPT, R0, 1, MODE> P0;
    typedef SPat<N, TPT, RL, N / RL, MODE> PL;
    gcx<T> *pre = (gcx<T> *)gfp_fsm_raw;
    T *sm = (T *)(gfp_fsm_raw + (size_t)N * sizeof(gcx<T>));
    const int x = threadIdx.x;
    const unsigned long long step = gridDim.x;
    unsigned long long g = blockIdx.x;
    if (g < p.batch)
        prefetch<T, N, TPT>(pre, p, g, x);
    cp_async_commit();
    for (; g < p.batch; g += step) {
        cp_async_wait0();
        __syncthreads(); /* frame g is in pre for every thread */
        gcx<T> v[E];
#pragma unroll
        for (int b = 0; b < P0::MB; b++)
#pragma unroll
            for (int s = 0; s < R0; s++) {
                gcx<T> a = pre[P0::in(x, b, s)];
                if (p.conj_in) a.y = -a.y;
                v[b * R0 + s] = a;
            }
        __syncthreads(); /* pre read by all: the next frame may come in */
        if (g + step < p.batch)
            prefetch<T, N, TPT>(pre, p, g + step, x);
        cp_async_commit();
        Stages::go(p, v, sm, x);
        sout<PL, RL, N, MODE>(p, v, g, x);
    }
    cp_async_wait0();
}

template <typename T, int N, int TPT, int MODE, int MINB, int... Rs>
inline bool fill_pipe(gfp_fast_info *f)
{
    f->persist = MINB;
    return info<N, TPT, 1, Rs...>(f, (const void *)pkernel<T, N, TPT, MODE, MINB, Rs...>,
                                  (size_t)N * sizeof(gcx<T>) + (size_t)PadS<N, MODE>::v * sizeof(T));
}

#endif /* GFP_EMU */
} // namespace gfpfast

/* GFP_FAST_AB (bench/gpu builds only): a kernel file may carry alternative
 * configurations for A/B runs, chosen by the environment variable
 * GFP_FAST_ALT=k (0: the product's set) */
#ifdef GFP_FAST_AB
#include <stdlib.h>
static inline int gfp_fast_alt()
{
    const char *e = getenv("GFP_FAST_ALT");
    return e ? atoi(e) : 0;
}
#endif

#define GFP_FAST(T, N, TPT, FPB, MODE, ...)                                                     \
    case N: return gfpfast::fill<T, N, TPT, FPB, MODE, 0, -1, __VA_ARGS__>(f);
/* with an explicit blocks-per-SM hint for the register cap */
#define GFP_FASTB(T, N, TPT, FPB, MODE, MINB, ...)                                              \
    case N: return gfpfast::fill<T, N, TPT, FPB, MODE, MINB, -1, __VA_ARGS__>(f);
/* Bluestein's passes A and C at 128 .. 4096 (gfp_gpu_fast_4sb.cu), on the
 * shapes the four-step's first passes had before tkernel (gfp_gpu_fast_4s.cu:
 * f32's are alt 75 there since stop 39; f64's 128, 256, 2048 and 4096 keep
 * them, 512 and 1024 run on tkernel since stop 42): FPB frames a block for
 * 128-byte runs up to 1024 (f32), 64 at 2048, 32 at 4096; f64 8 values a
 * thread and stage */
#define GFP_FAST_4S1_F32(MODE)                                                                 \
    GFP_FAST(float, 128, 8, 16, MODE, 16, 8)                                                   \
    GFP_FAST(float, 256, 16, 16, MODE, 16, 16)                                                 \
    GFP_FAST(float, 512, 32, 16, MODE, 2, 16, 16)                                              \
    GFP_FAST(float, 1024, 64, 16, MODE, 4, 16, 16)                                             \
    GFP_FAST(float, 2048, 128, 8, MODE, 8, 16, 16)                                             \
    GFP_FAST(float, 4096, 256, 4, MODE, 16, 16, 16)
#define GFP_FAST_4S1_F64(MODE)                                                                 \
    GFP_FAST(double, 128, 16, 8, MODE, 8, 8, 2)                                                \
    GFP_FAST(double, 256, 32, 8, MODE, 8, 8, 4)                                                \
    GFP_FAST(double, 512, 64, 8, MODE, 8, 8, 8)                                                \
    GFP_FAST(double, 1024, 128, 4, MODE, 2, 8, 8, 8)                                           \
    GFP_FAST(double, 2048, 256, 2, MODE, 4, 8, 8, 8)                                           \
    GFP_FAST(double, 4096, 512, 2, MODE, 8, 8, 8, 8)
/* split exchange (skernel), with a blocks-per-SM hint for the register cap */
#define GFP_FASTS(T, N, TPT, FPB, MODE, MINB, ...)                                              \
    case N: return gfpfast::fill_split<T, N, TPT, FPB, MODE, MINB, __VA_ARGS__>(f);
/* with a register-cap hint and ping-pong shared buffers (one barrier per stage) */
#define GFP_FASTP(T, N, TPT, FPB, MODE, MINB, ...)                                              \
    case N: return gfpfast::fill<T, N, TPT, FPB, MODE, MINB, 1, __VA_ARGS__>(f);

#endif
