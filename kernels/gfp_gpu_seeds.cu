/* gfp_gpu_seeds.cu - the seed papers' own GPU FFT algorithms, as
 * selectable plans (gfp_gpu_desc.algorithm), for powers of two, C2C, f32
 * and f64, batched:
 *
 *   ct-r2        radix-2 Cooley-Tukey, decimation in time, after a parallel
 *                bit-reversal permutation with __brev (seed 004, Alg. 1, 2)
 *   ct-r4        radix-4 Cooley-Tukey in place after a base-4 digit-reversal
 *                permutation (rho = (4, ..., 4, 2): one radix-2 pass last for
 *                odd powers of two), twiddles W^(long) from a table in
 *                constant memory (seed 000, eq. 7, 8 and 6.3); the
 *                permutation goes into the store of the pass before
 *   stockham-rR  fixed-radix Stockham autosort, R = 2, 4, 8, 16, one
 *                butterfly per thread (seed 004, Alg. 3, 4; seed 000); a
 *                length that is not a power of R gets one radix-2/4/8 pass
 *                first
 *   pease        Pease constant geometry: every stage reads (2i, 2i+1) and
 *                writes (i, i + N/2), ping-pong buffers (seed 002, Fig. 3)
 *
 * Each runs as one thread block per transform (several short transforms
 * per block) in shared memory while the transform fits there: a
 * coalesced load into shared memory (which takes the input permutation of
 * ct-r2, ct-r4 and pease), the stages with a barrier between them, and a
 * coalesced store. Longer transforms: ct-r2, ct-r4 and stockham-rR run one
 * kernel per pass over global memory, chunk by chunk of the batch (a chunk
 * of about 16 MiB stays in L2); pease runs several blocks per transform
 * joined by a grid-wide barrier (cooperative launch), up to the blocks the
 * GPU holds at once, and refuses longer lengths.
 *
 * As in the generic kernels, butterflies compute the forward DFT and an
 * inverse conjugates on the way in and out; the window, the scale and the
 * post-op go into the load and the store. Twiddles come from tables made
 * in long double on the host: W_N^e (e < N) in global memory for every
 * algorithm, and for ct-r4 the paper's W^(long) table. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"
#include "gfp_gpu_fft.cuh"
#include "gfp_gpu_seeds.h"

namespace cg = cooperative_groups;

/* the longest transform of the multi-pass versions (their W_N table has N
 * entries) */
#define SEEDS_MAXLG 20
/* elements of shared memory per buffer that a block aims at: several short
 * transforms per block, 32 KiB per buffer in either precision */
#define SEEDS_EB32 4096
#define SEEDS_EB64 2048
/* bytes of a chunk of the batch in the multi-pass versions */
#define SEEDS_CHUNK ((size_t)16 << 20)
/* threads per block of pease's multi-block version (the paper's 512) */
#define SEEDS_PEASE_T 512

enum { SA_CT2 = 0, SA_CT4, SA_ST, SA_PEASE };
enum { SM_BLOCK = 0, SM_PASSES, SM_COOP };

/* ---- ct-r4's twiddles in constant memory (seed 000, eq. 7) ----------------
 * Row (L*-1)/3 + j holds W_L^j, W_L^2j, W_L^3j (L = 4 L*, j < L*): the rows
 * of one stage do not depend on N, so one table serves every length. It
 * holds L up to 4096 (f32) or 1024 (f64): 48 KiB of the 64 KiB; longer
 * stages read the same rows from a global copy. */
#define CT4_CROWS32 1365 /* (4096 - 1) / 3 */
#define CT4_CROWS64 341  /* (1024 - 1) / 3 */
__constant__ gcx<float> c_ct4_f32[3 * CT4_CROWS32];
__constant__ gcx<double> c_ct4_f64[3 * CT4_CROWS64];

template <typename T> __device__ __forceinline__ gcx<T> ct4_const(int i);
template <> __device__ __forceinline__ gcx<float> ct4_const<float>(int i) { return c_ct4_f32[i]; }
template <> __device__ __forceinline__ gcx<double> ct4_const<double>(int i) { return c_ct4_f64[i]; }

/* ---- parameters ------------------------------------------------------------ */

struct seeds_io {
    const void *in;
    void *out;
    const void *win;         /* n reals in the plan's precision, or NULL */
    unsigned long long batch;
    double scale;
    int conj;                /* inverse: conjugate on the way in and out */
    int post;
};

struct seeds_kp {
    seeds_io io;
    const void *tw;          /* W_N^e, e < N */
    const void *tw4;         /* ct-r4: W^(long), 3 per row */
    void *src, *dst;         /* work buffers (multi-pass, pease's grid) */
    unsigned long long g0;   /* multi-pass: first transform of the chunk */
    int n, lg;               /* N = 2^lg */
    int fpb;                 /* block version: transforms per block */
    int rem;                 /* stockham: radix of the first pass, 0 = none */
    int crows;               /* ct-r4: rows read from constant memory */
    int nc;                  /* transforms in the chunk; pease: per round */
    int bpt;                 /* pease's grid: blocks per transform */
    int ls;                  /* multi-pass: log2 of the pass's span */
};

/* ---- small helpers ---------------------------------------------------------- */

__device__ __forceinline__ int brev_n(unsigned i, int lg) { return (int)(__brev(i) >> (32 - lg)); }
__device__ __forceinline__ unsigned pair_swap(unsigned v)
{
    return ((v & 0x55555555u) << 1) | ((v >> 1) & 0x55555555u);
}
/* Base-4 digit reversal for rho = (4, ..., 4, 2) (radix 2 last): position p
 * of the permuted vector holds x[dsw(brev(p))], and x[i] goes to
 * brev(dsw(i)). dsw swaps the two bits of every base-4 digit; with an odd
 * lg the lowest bit is the radix-2 digit and stays. */
__device__ __forceinline__ int dsw(int v, int lg)
{
    return (lg & 1) ? (int)((pair_swap((unsigned)v >> 1) << 1) | ((unsigned)v & 1))
                    : (int)pair_swap((unsigned)v);
}

template <typename T>
__device__ __forceinline__ gcx<T> io_load(const seeds_io &io, unsigned long long idx, int local)
{
    gcx<T> v = ldg((const gcx<T> *)io.in + idx);
    if (io.win) {
        T w = ldg((const T *)io.win + local);
        v.x *= w;
        v.y *= w;
    }
    if (io.conj)
        v.y = -v.y;
    return v;
}

template <typename T>
__device__ __forceinline__ void io_store(const seeds_io &io, unsigned long long idx, gcx<T> v)
{
    const T sc = (T)io.scale;
    if (io.conj)
        v.y = -v.y;
    v.x *= sc;
    v.y *= sc;
    if (io.post)
        ((T *)io.out)[idx] = gfp_post_val<T>(io.post, v);
    else
        ((gcx<T> *)io.out)[idx] = v;
}

/* the pair (2i, 2i+1) of pease, one 16-byte load in f32 */
__device__ __forceinline__ void ld_pair(const gcx<float> *p, gcx<float> &a, gcx<float> &b)
{
    float4 v = *(const float4 *)p;
    a = mk(v.x, v.y);
    b = mk(v.z, v.w);
}
__device__ __forceinline__ void ld_pair(const gcx<double> *p, gcx<double> &a, gcx<double> &b)
{
    a = p[0];
    b = p[1];
}

template <typename T>
__device__ __forceinline__ gcx<T> ct4_tw(const seeds_kp &p, int i)
{
    return i < 3 * p.crows ? ct4_const<T>(i) : ldg((const gcx<T> *)p.tw4 + i);
}

template <int R> struct Lg;
template <> struct Lg<2> { static constexpr int v = 1; };
template <> struct Lg<4> { static constexpr int v = 2; };
template <> struct Lg<8> { static constexpr int v = 3; };
template <> struct Lg<16> { static constexpr int v = 4; };

/* ---- the butterflies of one stage --------------------------------------------
 * Each function does butterfly b of a stage, b < (transforms) * N / radix;
 * x (and y) point at transform 0 of the buffers. The block versions loop
 * them over the threads of the block, the multi-pass versions give each
 * thread one. */

/* seed 004, Algorithm 2: in place, span s = 2^ls, W_2s^k = W_N^(k N/2s) */
template <typename T>
__device__ __forceinline__ void ct2_bfly(gcx<T> *x, int b, int lg, int ls, const gcx<T> *tw,
                                         gcx<T> &a, gcx<T> &c, int &f, int &j)
{
    const int s = 1 << ls;
    f = b >> (lg - 1);
    int i = b & ((1 << (lg - 1)) - 1);
    int k = i & (s - 1);
    j = ((i - k) << 1) + k;
    gcx<T> *xf = x + ((size_t)f << lg);
    gcx<T> u0 = xf[j], u1 = xf[j + s];
    if (k)
        u1 = cmul(u1, ldg(&tw[k << (lg - 1 - ls)]));
    a = add(u0, u1);
    c = sub(u0, u1);
}

/* seed 000, (8) and 6.3 (g)-(l): the radix-4 butterfly of alpha and the
 * twiddled beta, gamma, delta (thread d = k L* + j of stage L = 4 L*) */
template <typename T>
__device__ __forceinline__ void ct4_bfly(gcx<T> *v)
{
    gcx<T> t0 = add(v[0], v[2]), t1 = sub(v[0], v[2]);
    gcx<T> t2 = add(v[1], v[3]), t3 = sub(v[1], v[3]);
    v[0] = add(t0, t2);
    v[1] = add(t1, mnegi(t3)); /* t1 - i t3 */
    v[2] = sub(t0, t2);
    v[3] = sub(t1, mnegi(t3)); /* t1 + i t3 */
}

/* seed 004, Algorithm 3 and 4 (generalised to radix R): thread i of the
 * stage of span s = 2^ls reads x[i + m N/R], twiddles by W_Rs^(m k),
 * k = i mod s, and writes DFT_R of them to y[(i - k) R + k + t s] */
template <typename T, int R>
__device__ __forceinline__ void st_load(const gcx<T> *x, int b, int lg, gcx<T> *u, int &f, int &i)
{
    const int lq = lg - Lg<R>::v;
    f = b >> lq;
    i = b & ((1 << lq) - 1);
    const gcx<T> *xf = x + ((size_t)f << lg) + i;
#pragma unroll
    for (int m = 0; m < R; m++)
        u[m] = xf[m << lq];
}

template <typename T, int R>
__device__ __forceinline__ int st_work(gcx<T> *u, int i, int lg, int ls, const gcx<T> *tw)
{
    const int k = i & ((1 << ls) - 1);
    if (k) {
        const int tsh = lg - Lg<R>::v - ls; /* W_Rs^(m k) = W_N^((m k) << tsh) */
#pragma unroll
        for (int m = 1; m < R; m++)
            u[m] = cmul(u[m], ldg(&tw[(m * k) << tsh]));
    }
    Bfly<R, T>::run(u);
    return ((i - k) << Lg<R>::v) + k; /* where output 0 goes */
}

/* ---- the block version: the whole transform in shared memory ------------------ */

template <typename T, int R>
__device__ __forceinline__ void st_block_stage(const gcx<T> *x, gcx<T> *y, int lg, int ls, int nt,
                                               const gcx<T> *tw)
{
    const int nb = nt << (lg - Lg<R>::v);
    for (int b = threadIdx.x; b < nb; b += blockDim.x) {
        gcx<T> u[R];
        int f, i;
        st_load<T, R>(x, b, lg, u, f, i);
        int j = st_work<T, R>(u, i, lg, ls, tw);
        gcx<T> *yf = y + ((size_t)f << lg) + j;
#pragma unroll
        for (int t = 0; t < R; t++)
            yf[t << ls] = u[t];
    }
}

template <typename T, int ALG, int R>
__global__ void __launch_bounds__(R >= 8 ? 512 : 1024)
    seeds_block(const __grid_constant__ seeds_kp p)
{
    extern __shared__ __align__(16) unsigned char seeds_smem[];
    const int lg = p.lg, n = p.n, tid = threadIdx.x, nth = blockDim.x;
    const unsigned long long g0 = (unsigned long long)blockIdx.x * p.fpb;
    const unsigned long long left = p.io.batch - g0;
    const int nt = left < (unsigned long long)p.fpb ? (int)left : p.fpb;
    const int tot = nt << lg;
    const unsigned long long base = g0 << lg;
    const gcx<T> *tw = (const gcx<T> *)p.tw;
    gcx<T> *A = (gcx<T> *)seeds_smem;
    gcx<T> *B = A + ((size_t)p.fpb << lg);

    /* coalesced load; the input permutation is the shared-memory store */
    for (int e = tid; e < tot; e += nth) {
        int i = e & (n - 1), pos = i;
        if (ALG == SA_CT2 || ALG == SA_PEASE)
            pos = brev_n((unsigned)i, lg);
        else if (ALG == SA_CT4)
            pos = brev_n((unsigned)dsw(i, lg), lg);
        A[e - i + pos] = io_load<T>(p.io, base + e, i);
    }
    __syncthreads();
    const gcx<T> *res = A;

    if constexpr (ALG == SA_CT2) {
        const int nb = nt << (lg - 1);
        for (int ls = 0; ls < lg; ls++) {
            for (int b = tid; b < nb; b += nth) {
                gcx<T> a, c;
                int f, j;
                ct2_bfly<T>(A, b, lg, ls, tw, a, c, f, j);
                gcx<T> *xf = A + ((size_t)f << lg);
                xf[j] = a;
                xf[j + (1 << ls)] = c;
            }
            __syncthreads();
        }
    } else if constexpr (ALG == SA_CT4) {
        /* radix-4 stages L = 4, 16, ...; then radix 2 over L = N if lg is odd */
        const int nb = lg >= 2 ? nt << (lg - 2) : 0;
        for (int ls = 0; ls + 2 <= lg; ls += 2) {
            const int Ls = 1 << ls, v0 = (Ls - 1) / 3;
            for (int b = tid; b < nb; b += nth) {
                int f = b >> (lg - 2), d = b & ((n >> 2) - 1);
                int k = d >> ls, j = d & (Ls - 1);
                gcx<T> *x = A + ((size_t)f << lg) + (k << (ls + 2)) + j;
                gcx<T> v[4];
                v[0] = x[0];
                v[1] = cmul(ct4_tw<T>(p, 3 * (v0 + j)), x[Ls]);
                v[2] = cmul(ct4_tw<T>(p, 3 * (v0 + j) + 1), x[2 * Ls]);
                v[3] = cmul(ct4_tw<T>(p, 3 * (v0 + j) + 2), x[3 * Ls]);
                ct4_bfly<T>(v);
                x[0] = v[0];
                x[Ls] = v[1];
                x[2 * Ls] = v[2];
                x[3 * Ls] = v[3];
            }
            __syncthreads();
        }
        if (lg & 1) {
            const int nb2 = nt << (lg - 1);
            for (int b = tid; b < nb2; b += nth) {
                gcx<T> a, c;
                int f, j;
                ct2_bfly<T>(A, b, lg, lg - 1, tw, a, c, f, j);
                gcx<T> *xf = A + ((size_t)f << lg);
                xf[j] = a;
                xf[j + (n >> 1)] = c;
            }
            __syncthreads();
        }
    } else if constexpr (ALG == SA_ST) {
        gcx<T> *x = A, *y = B;
        int ls = 0;
        if (p.rem) {
            if (p.rem == 2)
                st_block_stage<T, 2>(x, y, lg, 0, nt, tw);
            else if (p.rem == 4)
                st_block_stage<T, 4>(x, y, lg, 0, nt, tw);
            else
                st_block_stage<T, 8>(x, y, lg, 0, nt, tw);
            __syncthreads();
            gcx<T> *t = x; x = y; y = t;
            ls = p.rem == 2 ? 1 : p.rem == 4 ? 2 : 3;
        }
        for (; ls < lg; ls += Lg<R>::v) {
            st_block_stage<T, R>(x, y, lg, ls, nt, tw);
            __syncthreads();
            gcx<T> *t = x; x = y; y = t;
        }
        res = x;
    } else { /* SA_PEASE */
        gcx<T> *src = A, *dst = B;
        const int h = n >> 1, nb = nt << (lg - 1);
        for (int step = 0; step < lg; step++) {
            const int sh = lg - 1 - step;
            for (int b = tid; b < nb; b += nth) {
                int f = b >> (lg - 1), i = b & (h - 1);
                gcx<T> s0, s1;
                ld_pair(src + ((size_t)f << lg) + 2 * i, s0, s1);
                int r = i >> sh; /* W_{2^(step+1)}^r = W_N^(r << sh) */
                if (r)
                    s1 = cmul(s1, ldg(&tw[r << sh]));
                gcx<T> *df = dst + ((size_t)f << lg);
                df[i] = add(s0, s1);
                df[i + h] = sub(s0, s1);
            }
            __syncthreads();
            gcx<T> *t = src; src = dst; dst = t;
        }
        res = src;
    }

    for (int e = tid; e < tot; e += nth)
        io_store<T>(p.io, base + e, res[e]);
}

/* ---- the multi-pass versions: one kernel per pass over global memory ---------- */

#define SEEDS_PT 256 /* threads per block of a pass */

__device__ __forceinline__ long long pass_index() { return (long long)blockIdx.x * SEEDS_PT + threadIdx.x; }

/* seed 004, Algorithm 1, out of place: chunk -> work buffer in bit-reversed
 * order (the paper swaps in place: the same permutation) */
template <typename T>
__global__ void __launch_bounds__(SEEDS_PT) ct2_perm(const __grid_constant__ seeds_kp p)
{
    long long e = pass_index();
    if (e >= ((long long)p.nc << p.lg))
        return;
    int i = (int)(e & (p.n - 1));
    long long f = e >> p.lg;
    ((gcx<T> *)p.dst)[(f << p.lg) + brev_n((unsigned)i, p.lg)] =
        io_load<T>(p.io, ((p.g0 + f) << p.lg) + i, i);
}

/* one radix-2 stage in place on the work buffer; the last one stores */
template <typename T, bool LAST>
__global__ void __launch_bounds__(SEEDS_PT) ct2_pass(const __grid_constant__ seeds_kp p)
{
    long long b = pass_index();
    if (b >= ((long long)p.nc << (p.lg - 1)))
        return;
    gcx<T> a, c;
    int f, j;
    ct2_bfly<T>((gcx<T> *)p.dst, (int)b, p.lg, p.ls, (const gcx<T> *)p.tw, a, c, f, j);
    if (LAST) {
        unsigned long long o = (p.g0 + f) << p.lg;
        io_store<T>(p.io, o + j, a);
        io_store<T>(p.io, o + j + (1 << p.ls), c);
    } else {
        gcx<T> *xf = (gcx<T> *)p.dst + ((size_t)f << p.lg);
        xf[j] = a;
        xf[j + (1 << p.ls)] = c;
    }
}

/* one radix-4 stage of ct-r4; the first gathers the chunk from the input in
 * digit-reversed order (the permutation folded into it), the last stores */
template <typename T, bool FIRST, bool LAST>
__global__ void __launch_bounds__(SEEDS_PT) ct4_pass(const __grid_constant__ seeds_kp p)
{
    long long b = pass_index();
    const int lg = p.lg, ls = p.ls;
    if (b >= ((long long)p.nc << (lg - 2)))
        return;
    const long long f = b >> (lg - 2);
    const int d = (int)(b & ((p.n >> 2) - 1));
    const int Ls = 1 << ls, k = d >> ls, j = d & (Ls - 1), v0 = (Ls - 1) / 3;
    const int o = (k << (ls + 2)) + j;
    gcx<T> *x = (gcx<T> *)p.dst + ((size_t)f << lg);
    gcx<T> v[4];
#pragma unroll
    for (int m = 0; m < 4; m++) {
        if (FIRST) {
            int src = dsw(brev_n((unsigned)(o + m * Ls), lg), lg);
            v[m] = io_load<T>(p.io, ((p.g0 + f) << lg) + src, src);
        } else {
            v[m] = x[o + m * Ls];
        }
    }
    v[1] = cmul(ct4_tw<T>(p, 3 * (v0 + j)), v[1]);
    v[2] = cmul(ct4_tw<T>(p, 3 * (v0 + j) + 1), v[2]);
    v[3] = cmul(ct4_tw<T>(p, 3 * (v0 + j) + 2), v[3]);
    ct4_bfly<T>(v);
#pragma unroll
    for (int m = 0; m < 4; m++) {
        if (LAST)
            io_store<T>(p.io, ((p.g0 + f) << lg) + o + m * Ls, v[m]);
        else
            x[o + m * Ls] = v[m];
    }
}

/* one radix-R Stockham pass, work buffer src -> dst; the first reads the
 * chunk of the input, the last stores */
template <typename T, int R, bool FIRST, bool LAST>
__global__ void __launch_bounds__(SEEDS_PT) st_pass(const __grid_constant__ seeds_kp p)
{
    long long b = pass_index();
    const int lg = p.lg, lq = lg - Lg<R>::v;
    if (b >= ((long long)p.nc << lq))
        return;
    gcx<T> u[R];
    int f = (int)(b >> lq), i = (int)(b & ((1 << lq) - 1));
    if (FIRST) {
        const unsigned long long o = (p.g0 + f) << lg;
#pragma unroll
        for (int m = 0; m < R; m++)
            u[m] = io_load<T>(p.io, o + i + (m << lq), i + (m << lq));
    } else {
        st_load<T, R>((const gcx<T> *)p.src, (int)b, lg, u, f, i);
    }
    int j = st_work<T, R>(u, i, lg, p.ls, (const gcx<T> *)p.tw);
#pragma unroll
    for (int t = 0; t < R; t++) {
        if (LAST)
            io_store<T>(p.io, ((p.g0 + f) << lg) + j + (t << p.ls), u[t]);
        else
            ((gcx<T> *)p.dst)[((size_t)f << lg) + j + (t << p.ls)] = u[t];
    }
}

/* ---- pease over several blocks: a grid-wide barrier between stages ------------
 * Blocks bpt * s .. bpt * s + bpt - 1 hold transform slot s, one thread per
 * pair (the paper's Fig. 3 with cooperative groups' grid barrier for its
 * lock-free one). Rounds of nc transforms; stage 0 reads the input in
 * bit-reversed order, the last stage stores, the others ping-pong between
 * two work buffers (L2-resident: nc N elements each). */
template <typename T>
__global__ void __launch_bounds__(SEEDS_PEASE_T, 4) pease_grid(const __grid_constant__ seeds_kp p)
{
    cg::grid_group grid = cg::this_grid();
    const int lg = p.lg, h = p.n >> 1;
    const int slot = blockIdx.x / p.bpt;
    const int i = (blockIdx.x - slot * p.bpt) * blockDim.x + threadIdx.x;
    const gcx<T> *tw = (const gcx<T> *)p.tw;
    gcx<T> *scr[2] = {(gcx<T> *)p.src + ((size_t)slot << lg), (gcx<T> *)p.dst + ((size_t)slot << lg)};
    for (unsigned long long r0 = 0; r0 < p.io.batch; r0 += (unsigned)p.nc) {
        const unsigned long long g = r0 + slot;
        const bool act = g < p.io.batch;
        const unsigned long long base = g << lg;
        for (int step = 0; step < lg; step++) {
            if (act) {
                gcx<T> s0, s1;
                if (step == 0) {
                    int a = brev_n(2u * i, lg), c = a + h; /* brev(2i + 1) */
                    s0 = io_load<T>(p.io, base + a, a);
                    s1 = io_load<T>(p.io, base + c, c);
                } else {
                    ld_pair(scr[(step - 1) & 1] + 2 * i, s0, s1);
                }
                const int sh = lg - 1 - step, r = i >> sh;
                if (r)
                    s1 = cmul(s1, ldg(&tw[r << sh]));
                gcx<T> d0 = add(s0, s1), d1 = sub(s0, s1);
                if (step == lg - 1) {
                    io_store<T>(p.io, base + i, d0);
                    io_store<T>(p.io, base + i + h, d1);
                } else {
                    scr[step & 1][i] = d0;
                    scr[step & 1][i + h] = d1;
                }
            }
            grid.sync();
        }
    }
}

/* ---- host side ------------------------------------------------------------------ */

struct gfp_seeds_plan {
    gfp_gpu_desc d;
    int alg;          /* SA_* */
    int radix;        /* stockham's R */
    int mode;         /* SM_* */
    int lg;
    seeds_kp kp;      /* pointers and sizes; io.in/out/batch set per exec */
    const void *func; /* block or grid kernel */
    int threads;
    size_t smem;
    size_t chunk;     /* multi-pass: transforms per chunk */
    size_t scratch;   /* bytes of work memory per exec (from pool) */
    int maxslots;     /* pease's grid: transforms per round at most */
    void *dtw, *dtw4, *dwin;
    cudaMemPool_t pool;
    int have_pool;
};



const char *gfp_seeds_name(int a)
{
    static const char *const names[GFP_GPU_ALG_COUNT] = {
        "auto", "ct-r2", "ct-r4", "stockham-r2", "stockham-r4", "stockham-r8", "stockham-r16",
        "pease"};
    return a >= 0 && a < GFP_GPU_ALG_COUNT ? names[a] : "unknown";
}


/* W^(long) rows for stages L = 4 .. 4^rows4: rows (4^q4 - 1) / 3 */
static void *ct4_table(int dbl, int q4, size_t *rows)
{
    *rows = (((size_t)1 << (2 * q4)) - 1) / 3;
    void *h = calloc(*rows * 3 + 1, dbl ? 16 : 8);
    if (!h)
        return NULL;
    for (int q = 1; q <= q4; q++) {
        long long Ls = 1LL << (2 * (q - 1)), L = 4 * Ls;
        size_t v0 = (size_t)(Ls - 1) / 3;
        for (long long j = 0; j < Ls; j++)
            for (int m = 1; m <= 3; m++)
                gfp_gpu_root_put(m * j, L, dbl, h, 3 * (v0 + (size_t)j) + (size_t)(m - 1));
    }
    return h;
}

struct seeds_cfg {
    int alg, radix, lg, mode, fpb, threads, rem, bpt, maxslots;
    size_t smem, chunk, scratch;
};

template <typename T> static const void *block_kernel(int alg, int radix)
{
    switch (alg) {
    case SA_CT2: return (const void *)seeds_block<T, SA_CT2, 2>;
    case SA_CT4: return (const void *)seeds_block<T, SA_CT4, 4>;
    case SA_PEASE: return (const void *)seeds_block<T, SA_PEASE, 2>;
    default:
        switch (radix) {
        case 2: return (const void *)seeds_block<T, SA_ST, 2>;
        case 4: return (const void *)seeds_block<T, SA_ST, 4>;
        case 8: return (const void *)seeds_block<T, SA_ST, 8>;
        default: return (const void *)seeds_block<T, SA_ST, 16>;
        }
    }
}

static const void *grid_kernel(int dbl)
{
    return dbl ? (const void *)pease_grid<double> : (const void *)pease_grid<float>;
}

static int config(const gfp_gpu_desc *d, seeds_cfg *c, char *err, size_t errlen)
{
    if (!d)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "no description");
    const char *name = gfp_seeds_name(d->algorithm);
    memset(c, 0, sizeof *c);
    switch (d->algorithm) {
    case GFP_GPU_ALG_CT_R2: c->alg = SA_CT2; c->radix = 2; break;
    case GFP_GPU_ALG_CT_R4: c->alg = SA_CT4; c->radix = 4; break;
    case GFP_GPU_ALG_STOCKHAM_R2: c->alg = SA_ST; c->radix = 2; break;
    case GFP_GPU_ALG_STOCKHAM_R4: c->alg = SA_ST; c->radix = 4; break;
    case GFP_GPU_ALG_STOCKHAM_R8: c->alg = SA_ST; c->radix = 8; break;
    case GFP_GPU_ALG_STOCKHAM_R16: c->alg = SA_ST; c->radix = 16; break;
    case GFP_GPU_ALG_PEASE: c->alg = SA_PEASE; c->radix = 2; break;
    default:
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "unknown GPU algorithm %d", d->algorithm);
    }
    if (d->kind != GFP_GPU_C2C)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                     "%s does complex-to-complex transforms only (no real input or output)",
                     name);
    if ((int)d->post < 0 || (int)d->post > (int)GFP_GPU_POST_PHASE)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "unknown post-op %d", (int)d->post);
    if (d->n < 2 || (d->n & (d->n - 1)))
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                     "%s: length %zu is not a power of two from 2 (the seed algorithms "
                     "take powers of two only)", name, d->n);
    int lg = 0;
    while (((size_t)1 << lg) < d->n)
        lg++;
    c->lg = lg;
    int dev = d->device, optin = 0, major = 0, coop = 0, sms = 0;
    cudaError_t e;
    if ((e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev)) ||
        (e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)) ||
        (e = cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev)) ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)))
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute");
    if (major < 7)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                     "device %d has compute capability %d.x; the kernels need 7.0 or later",
                     dev, major);
    size_t esz = d->dbl ? 16 : 8;
    size_t n = d->n;
    int nbuf = c->alg == SA_CT2 || c->alg == SA_CT4 ? 1 : 2; /* in place or ping-pong */
    int lr = c->radix == 2 ? 1 : c->radix == 4 ? 2 : c->radix == 8 ? 3 : 4;
    if (c->alg == SA_ST && lg % lr)
        c->rem = 1 << (lg % lr);
    if ((size_t)nbuf * n * esz <= (size_t)optin) {
        c->mode = SM_BLOCK;
        size_t eb = d->dbl ? SEEDS_EB64 : SEEDS_EB32;
        size_t fpb = n >= eb ? 1 : eb / n;
        while (fpb > 1 && (size_t)nbuf * fpb * n * esz > (size_t)optin)
            fpb /= 2;
        c->fpb = (int)fpb;
        c->smem = (size_t)nbuf * fpb * n * esz;
        /* one butterfly per thread, up to the block's limit; the threads
         * loop when a stage has more */
        int r = c->alg == SA_ST ? (lg >= lr ? c->radix : c->rem) : c->alg == SA_CT4 && lg >= 2 ? 4 : 2;
        size_t bf = fpb * n / (size_t)r;
        int maxt = c->alg == SA_ST && c->radix >= 8 ? 512 : 1024;
        size_t t = (bf + 31) / 32 * 32;
        c->threads = t > (size_t)maxt ? maxt : (int)t;
        return GFP_GPU_OK;
    }
    if (c->alg == SA_PEASE) {
        if (!coop)
            return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                         "pease: length %zu does not fit one block's shared memory and device %d "
                         "has no cooperative launch for the multi-block version", n, dev);
        int per = 0;
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, grid_kernel(d->dbl), SEEDS_PEASE_T,
                                                          0);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
        long long resident = (long long)per * sms;
        long long bpt = (long long)(n / 2) / SEEDS_PEASE_T;
        if (bpt < 1 || resident / bpt < 1) {
            long long maxn = 1;
            while (maxn * 2 <= 2 * SEEDS_PEASE_T * resident)
                maxn *= 2;
            return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                         "pease: length %zu needs %lld blocks of %d threads at once (one thread "
                         "per pair); this GPU holds %lld, so pease stops at %lld (longer lengths "
                         "need a four-step split, which pease does not do)", n, bpt,
                         SEEDS_PEASE_T, resident, maxn);
        }
        c->mode = SM_COOP;
        c->bpt = (int)bpt;
        c->maxslots = (int)(resident / bpt);
        c->threads = SEEDS_PEASE_T;
        c->scratch = 2 * (size_t)c->maxslots * n * esz;
        return GFP_GPU_OK;
    }
    if (lg > SEEDS_MAXLG)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                     "%s: length %zu is over its longest, 2^%d", name, n, SEEDS_MAXLG);
    c->mode = SM_PASSES;
    c->chunk = SEEDS_CHUNK / (n * esz);
    if (c->chunk < 1)
        c->chunk = 1;
    c->threads = SEEDS_PT;
    c->scratch = (size_t)nbuf * c->chunk * n * esz;
    return GFP_GPU_OK;
}

int gfp_seeds_check(const gfp_gpu_desc *d, char *err, size_t errlen)
{
    seeds_cfg c;
    return config(d, &c, err, errlen);
}

void gfp_seeds_destroy(gfp_seeds_plan *p)
{
    if (!p)
        return;
    if (p->dtw)
        cudaFree(p->dtw);
    if (p->dtw4)
        cudaFree(p->dtw4);
    if (p->dwin)
        cudaFree(p->dwin);
    if (p->have_pool)
        cudaMemPoolDestroy(p->pool);
    free(p);
}

static int upload(void **dst, const void *h, size_t bytes, char *err, size_t errlen)
{
    cudaError_t e = cudaMalloc(dst, bytes);
    if (e == cudaSuccess)
        e = cudaMemcpy(*dst, h, bytes, cudaMemcpyHostToDevice);
    return e == cudaSuccess ? GFP_GPU_OK : gfp_gpu_cuda_fail(err, errlen, e, "twiddle upload");
}

int gfp_seeds_create(const gfp_gpu_desc *d, gfp_seeds_plan **out, char *err,
                                size_t errlen)
{
    if (!d || !out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    *out = NULL;
    seeds_cfg c;
    int rc = config(d, &c, err, errlen);
    if (rc)
        return rc;
    int prev = -1;
    cudaError_t e = cudaGetDevice(&prev);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
    if (prev != d->device && (e = cudaSetDevice(d->device)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");
    void *h = NULL;
    size_t n = d->n, esz = d->dbl ? 16 : 8;
    gfp_seeds_plan *p = (gfp_seeds_plan *)calloc(1, sizeof *p);
    if (!p) {
        rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
        goto done;
    }
    p->d = *d;
    p->d.window = NULL;
    p->alg = c.alg;
    p->radix = c.radix;
    p->mode = c.mode;
    p->lg = c.lg;
    p->threads = c.threads;
    p->smem = c.smem;
    p->chunk = c.chunk;
    p->scratch = c.scratch;
    p->maxslots = c.maxslots;
    /* W_N^e, e < N */
    if (!(h = malloc(n * esz))) {
        rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        gfp_gpu_root_put((long long)i, (long long)n, d->dbl, h, i);
    if ((rc = upload(&p->dtw, h, n * esz, err, errlen)))
        goto done;
    free(h);
    h = NULL;
    if (c.alg == SA_CT4) {
        size_t rows = 0;
        int q4 = c.lg / 2;
        if (!(h = ct4_table(d->dbl, q4, &rows))) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
            goto done;
        }
        if ((rc = upload(&p->dtw4, h, (rows * 3 + 1) * esz, err, errlen)))
            goto done;
        free(h);
        /* the constant-memory table: the same bytes for every plan */
        size_t crows = 0;
        int cq = d->dbl ? 5 : 6; /* L up to 1024 / 4096 */
        if (!(h = ct4_table(d->dbl, cq, &crows))) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
            goto done;
        }
        e = d->dbl ? cudaMemcpyToSymbol(c_ct4_f64, h, crows * 3 * esz)
                   : cudaMemcpyToSymbol(c_ct4_f32, h, crows * 3 * esz);
        if (e != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemcpyToSymbol (ct-r4 twiddles)");
            goto done;
        }
        /* GFP_GPU_CT4_TWIDDLES=global reads every row from global memory
         * (to measure what constant memory costs or gains) */
        const char *ev = getenv("GFP_GPU_CT4_TWIDDLES");
        p->kp.crows = ev && !strcmp(ev, "global") ? 0 : (int)crows;
    }
    if (d->window) {
        free(h);
        size_t wsz = n * (d->dbl ? 8 : 4);
        if (!(h = malloc(wsz))) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
            goto done;
        }
        for (size_t i = 0; i < n; i++) {
            if (d->dbl)
                ((double *)h)[i] = d->window[i];
            else
                ((float *)h)[i] = (float)d->window[i];
        }
        if ((rc = upload(&p->dwin, h, wsz, err, errlen)))
            goto done;
    }
    p->kp.tw = p->dtw;
    p->kp.tw4 = p->dtw4;
    p->kp.n = (int)n;
    p->kp.lg = c.lg;
    p->kp.fpb = c.fpb;
    p->kp.rem = c.rem;
    p->kp.bpt = c.bpt;
    p->kp.io.win = p->dwin;
    p->kp.io.scale = d->scale;
    p->kp.io.conj = d->inverse != 0;
    p->kp.io.post = (int)d->post;
    if (c.mode == SM_BLOCK) {
        p->func = d->dbl ? block_kernel<double>(c.alg, c.radix) : block_kernel<float>(c.alg, c.radix);
        int optin = 0;
        e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, d->device);
        /* the device's most, not this plan's: plans of one kernel share it */
        if (e == cudaSuccess)
            e = cudaFuncSetAttribute(p->func, cudaFuncAttributeMaxDynamicSharedMemorySize, optin);
        if (e != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute");
            goto done;
        }
    } else {
        if (c.mode == SM_COOP)
            p->func = grid_kernel(d->dbl);
        /* work memory comes per execution from the plan's own pool: one plan
         * may run on several streams at once */
        int pools = 0;
        e = cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, d->device);
        if (e != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute");
            goto done;
        }
        if (!pools) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                       "%s: length %zu needs work memory from a stream-ordered pool, which "
                       "device %d lacks", gfp_seeds_name(d->algorithm), n, d->device);
            goto done;
        }
        cudaMemPoolProps pp;
        memset(&pp, 0, sizeof pp);
        pp.allocType = cudaMemAllocationTypePinned;
        pp.location.type = cudaMemLocationTypeDevice;
        pp.location.id = d->device;
        if ((e = cudaMemPoolCreate(&p->pool, &pp)) != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemPoolCreate");
            goto done;
        }
        p->have_pool = 1;
        uint64_t keep = UINT64_MAX; /* keep the work memory between executions */
        if ((e = cudaMemPoolSetAttribute(p->pool, cudaMemPoolAttrReleaseThreshold, &keep)) !=
            cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemPoolSetAttribute");
            goto done;
        }
    }
    rc = GFP_GPU_OK;
done:
    free(h);
    if (rc) {
        gfp_seeds_destroy(p);
        p = NULL;
    }
    if (prev >= 0 && prev != d->device)
        cudaSetDevice(prev);
    *out = p;
    return rc;
}

template <typename K>
static cudaError_t launch_pass(K kern, const seeds_kp &kp, long long count, cudaStream_t s)
{
    long long nblk = (count + SEEDS_PT - 1) / SEEDS_PT;
    kern<<<(unsigned)nblk, SEEDS_PT, 0, s>>>(kp);
    return cudaGetLastError();
}

#define SEEDS_LAUNCH(kern, kp, count, stream)                                                    \
    do {                                                                                         \
        cudaError_t e_ = launch_pass(kern, kp, count, stream);                                   \
        if (e_ != cudaSuccess)                                                                   \
            return e_;                                                                           \
    } while (0)

/* every pass of one chunk (kp.g0, kp.nc set); work buffers w0, w1 */
template <typename T>
static cudaError_t run_chunk(const gfp_seeds_plan *p, seeds_kp kp, gcx<T> *w0, gcx<T> *w1,
                             cudaStream_t s)
{
    const int lg = p->lg;
    const long long tot = (long long)kp.nc << lg;
    if (p->alg == SA_CT2) {
        kp.dst = w0;
        SEEDS_LAUNCH(ct2_perm<T>, kp, tot, s);
        for (int ls = 0; ls < lg; ls++) {
            kp.ls = ls;
            if (ls == lg - 1)
                SEEDS_LAUNCH((ct2_pass<T, true>), kp, tot / 2, s);
            else
                SEEDS_LAUNCH((ct2_pass<T, false>), kp, tot / 2, s);
        }
        return cudaSuccess;
    }
    if (p->alg == SA_CT4) {
        /* lg >= 4 here: at least two radix-4 stages */
        kp.dst = w0;
        const int q4 = lg / 2;
        for (int q = 0; q < q4; q++) {
            kp.ls = 2 * q;
            bool last = q == q4 - 1 && !(lg & 1);
            if (q == 0)
                SEEDS_LAUNCH((ct4_pass<T, true, false>), kp, tot / 4, s);
            else if (last)
                SEEDS_LAUNCH((ct4_pass<T, false, true>), kp, tot / 4, s);
            else
                SEEDS_LAUNCH((ct4_pass<T, false, false>), kp, tot / 4, s);
        }
        if (lg & 1) {
            kp.ls = lg - 1;
            SEEDS_LAUNCH((ct2_pass<T, true>), kp, tot / 2, s);
        }
        return cudaSuccess;
    }
    /* stockham: the passes' radices, the remainder first */
    int rad[SEEDS_MAXLG + 1], np = 0, lr = p->radix == 2 ? 1 : p->radix == 4 ? 2 : p->radix == 8 ? 3 : 4;
    if (p->kp.rem)
        rad[np++] = p->kp.rem;
    for (int b = lg % lr; b < lg; b += lr)
        rad[np++] = p->radix;
    gcx<T> *buf[2] = {w0, w1};
    int ls = 0;
    for (int k = 0; k < np; k++) {
        kp.ls = ls;
        kp.src = buf[(k + 1) & 1];
        kp.dst = buf[k & 1];
        bool first = k == 0, last = k == np - 1;
        int r = rad[k];
        long long cnt = tot / r;
#define ST_CASE(R)                                                                   \
    case R:                                                                          \
        if (first && last) SEEDS_LAUNCH((st_pass<T, R, true, true>), kp, cnt, s);    \
        else if (first) SEEDS_LAUNCH((st_pass<T, R, true, false>), kp, cnt, s);      \
        else if (last) SEEDS_LAUNCH((st_pass<T, R, false, true>), kp, cnt, s);       \
        else SEEDS_LAUNCH((st_pass<T, R, false, false>), kp, cnt, s);                \
        break;
        switch (r) {
            ST_CASE(2)
            ST_CASE(4)
            ST_CASE(8)
            ST_CASE(16)
        default: return cudaErrorInvalidValue;
        }
#undef ST_CASE
        ls += r == 2 ? 1 : r == 4 ? 2 : r == 8 ? 3 : 4;
    }
    return cudaSuccess;
}

template <typename T>
static cudaError_t run_passes(const gfp_seeds_plan *p, seeds_kp kp, void *work, cudaStream_t s)
{
    gcx<T> *w0 = (gcx<T> *)work, *w1 = w0 + p->chunk * p->d.n;
    const unsigned long long batch = kp.io.batch;
    for (unsigned long long g0 = 0; g0 < batch; g0 += p->chunk) {
        kp.g0 = g0;
        kp.nc = (int)(batch - g0 < p->chunk ? batch - g0 : p->chunk);
        cudaError_t e = run_chunk<T>(p, kp, w0, w1, s);
        if (e != cudaSuccess)
            return e;
    }
    return cudaSuccess;
}

int gfp_seeds_exec(const gfp_seeds_plan *p, const void *d_in, void *d_out,
                              size_t batch, void *stream, char *err, size_t errlen)
{
    if (!p || !d_in || !d_out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    if (batch == 0)
        return GFP_GPU_OK;
    if (d_in == d_out && p->d.post != GFP_GPU_POST_NONE)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "in-place execution takes no post-op");
    int cur = -1;
    cudaError_t e = cudaGetDevice(&cur);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
    if (cur != p->d.device && (e = cudaSetDevice(p->d.device)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");
    cudaStream_t s = (cudaStream_t)stream;
    seeds_kp kp = p->kp;
    kp.io.in = d_in;
    kp.io.out = d_out;
    kp.io.batch = batch;
    int rc = GFP_GPU_OK;
    if (p->mode == SM_BLOCK) {
        size_t blocks = (batch + (size_t)kp.fpb - 1) / (size_t)kp.fpb;
        if (blocks > 0x7fffffffu) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "batch of %zu is too large for one launch",
                       batch);
        } else {
            void *args[] = {&kp};
            e = cudaLaunchKernel(p->func, dim3((unsigned)blocks), dim3((unsigned)p->threads), args,
                                 p->smem, s);
            if (e != cudaSuccess)
                rc = gfp_gpu_cuda_fail(err, errlen, e, "kernel launch");
        }
    } else {
        void *work = NULL;
        e = cudaMallocFromPoolAsync(&work, p->scratch, p->pool, s);
        if (e != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "work memory");
        } else {
            if (p->mode == SM_PASSES) {
                e = p->d.dbl ? run_passes<double>(p, kp, work, s) : run_passes<float>(p, kp, work, s);
            } else {
                size_t slots = batch < (size_t)p->maxslots ? batch : (size_t)p->maxslots;
                kp.nc = (int)slots;
                kp.src = work;
                kp.dst = (char *)work + slots * p->d.n * (p->d.dbl ? 16 : 8);
                void *args[] = {&kp};
                e = cudaLaunchCooperativeKernel(p->func, dim3((unsigned)(slots * kp.bpt)),
                                                dim3(SEEDS_PEASE_T), args, 0, s);
            }
            if (e != cudaSuccess)
                rc = gfp_gpu_cuda_fail(err, errlen, e, "kernel launch");
            cudaError_t e2 = cudaFreeAsync(work, s);
            if (e2 != cudaSuccess && !rc)
                rc = gfp_gpu_cuda_fail(err, errlen, e2, "cudaFreeAsync");
        }
    }
    if (cur != p->d.device)
        cudaSetDevice(cur);
    return rc;
}
