/* gfp_gpu_fast_cl.cu - one C2C transform across a thread-block cluster
 * (sm_90's distributed shared memory), so that lengths too long for one
 * block cross device memory once instead of twice (the four-step FFT of
 * gfp_gpu_fast_4s.cu reads and writes every value twice).
 *
 * N = C M: C blocks of a cluster, each holding M values. With n = C j + r
 * (r < C, j < M) and k = k1 + M k2 (k1 < M, k2 < C):
 *   X[k1 + M k2] = sum_r W_C^{r k2} [W_N^{r k1} sum_j x[C j + r] W_M^{j k1}]
 * Block r of the cluster:
 *   1. reads its contiguous M values x[r M + i] (coalesced) and writes
 *      each to the shared memory of the block that needs it: x[n] to block
 *      n mod C at j = n / C (distributed shared memory); cluster barrier;
 *   2. transforms its column y[j] = x[C j + r] (M points) as skernel does,
 *      stages exchanging through a split buffer, and writes bin k1
 *      multiplied by W_N^{r k1} (gfp_fparams.xtw, two-level) back over
 *      its column; cluster barrier;
 *   3. takes the bins k1 = r M/C .. (r+1) M/C - 1: reads Y_q[k1] from
 *      every block q, a C-point DFT in registers, and writes X[k1 + M k2]
 *      for every k2 (each k2 a contiguous run of M/C values); cluster
 *      barrier (the others have read this block's column).
 * Cluster q takes frame q. (Persistent clusters, with or without a
 * cp.async prefetch of the next frame, and forms without the remote
 * traffic measured slower or showed it is not the cost: bench/NOTES.md;
 * they were removed after the measurement.) A frame is read whole before
 * any of it is written, so the transform may run in place. C2C forward; inverse by
 * conjugation in and out (gfp_fparams.conj_in, conj_out) as every pass
 * kernel.
 *
 * With GFP_FAST_SPL in MODE: R2C of 2N reals, read as N complex z[n] =
 * x[2n] + i x[2n+1], with the split fused into step 3 (gfp_fastcl_r2c_f32;
 * xtw is W_2N, so step 2's twiddle is W_2N^{2 r k1}). Step 3 then gives
 * each block bins k1 < M/2 and their mirrors M - k1, so that it has Z[k]
 * and Z[N - k] for each k = k1 + M k2 it writes:
 * X[k] = r2c_bin(Z[k], Z[N - k], W_2N^k), k = 0 .. N, frames of N + 1
 * bins (bin N with k = 0): C2C's remote reads and DFTs, no extra
 * barrier. Not in place (the output frames are one value longer than the
 * input's). */
#include "gfp_gpu_fast.cuh"

namespace gfpfast {

template <typename T, int M, int C, int TPT, int MODE0, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT, MINB) xkernel(const __grid_constant__ gfp_fparams p)
{
    constexpr bool SPL = (MODE0 & GFP_FAST_SPL) != 0; /* R2C, the split fused */
    constexpr int MODE = MODE0 & ~GFP_FAST_SPL;        /* the stages' mode */
    static_assert(!SPL || ((M & (M - 1)) == 0 && (C & (C - 1)) == 0),
                  "xkernel: the split's mirror bins by masks");
    constexpr int N = M * C;
    constexpr int E = M / TPT;         /* values a thread in steps 1 and 2 */
    constexpr int MC = M / C;          /* bins k1 a block in step 3 */
    constexpr int K = MC / TPT;        /* of them a thread */
    constexpr int R0 = SFirst<Rs...>::v;
    static_assert(M % TPT == 0 && MC % TPT == 0 && K >= 1 && MC % 32 == 0, "xkernel: even shares");
    static_assert(sizeof...(Rs) >= 2, "xkernel: the column is read before the first exchange");
    typedef SRun<T, M, TPT, MODE, 1, 0, false, Rs...> Stages;
    constexpr int RL = Stages::RL;
    typedef SPat<M, TPT, R0, 1, MODE> P0;
    typedef SPat<M, TPT, RL, M / RL, MODE> PL;
    unsigned char *raw = gfpcl::smem();
    gcx<T> *col = (gcx<T> *)raw; /* M + M/16 values */
    T *sm = (T *)(raw + (size_t)(M + M / 16) * sizeof(gcx<T>));
    const int x = threadIdx.x;
    const unsigned r = gfpcl::crank();
    const unsigned long long q = blockIdx.x / C; /* this cluster's frame */
    if (q >= p.batch) /* every block of the cluster alike */
        return;
    const T sc = (T)p.scale;
    const T cs = p.conj_out ? -sc : sc;
    /* 1: x[r M + i] to block d = i mod C at r M/C + i / C (M mod C = 0).
     * Through this block's own memory first (the column, padded: element
     * i at i + i/16), so that each warp's remote stores go to one block as
     * one run: value e of thread x is f = x + e TPT, block d = f / (M/C),
     * m = f mod (M/C), i = d + C m (the padding spreads the stride-C reads
     * over the banks). The cluster barrier before the remote stores also
     * makes sure every block of the cluster has started. */
    {
        const gcx<T> *src = (const gcx<T> *)p.in + q * (unsigned long long)N + (size_t)r * M + x;
        gcx<T> a[E];
#pragma unroll
        for (int e = 0; e < E; e++)
            a[e] = ldf<MODE>(&src[e * TPT]);
#pragma unroll
        for (int e = 0; e < E; e++) {
            const int i = x + e * TPT;
            if (p.conj_in) a[e].y = -a[e].y;
            col[i + (i >> 4)] = a[e];
        }
        __syncthreads();
#pragma unroll
        for (int e = 0; e < E; e++) {
            const int f = x + e * TPT, i = f / MC + C * (f % MC);
            a[e] = col[i + (i >> 4)];
        }
        gfpcl::csync();
#pragma unroll
        for (int e = 0; e < E; e++) {
            const int f = x + e * TPT;
            gfpcl::cmap(col, (unsigned)(f / MC))[(int)r * MC + f % MC] = a[e];
        }
    }
    gfpcl::csync();
    /* 2: the column's M-point FFT; Stages' first exchange has a
     * barrier, so the column is free again when it returns */
    gcx<T> v[E];
#pragma unroll
    for (int b = 0; b < P0::MB; b++)
#pragma unroll
        for (int s = 0; s < R0; s++)
            v[b * R0 + s] = col[P0::in(x, b, s)];
    Stages::go(p, v, sm, x);
#pragma unroll
    for (int b = 0; b < PL::MB; b++)
#pragma unroll
        for (int s = 0; s < RL; s++) {
            const int k1 = PL::out(x, b, s);
            const gcx<T> z = v[b * RL + s];
            /* W_N^{r k1} (SPL: W_2N^{2 r k1}, from the W_2N table) */
            col[k1] = r ? cmul(z, xtw_tab<T>(p, (SPL ? 2u : 1u) * r * (unsigned)k1)) : z;
        }
    gfpcl::csync();
    if constexpr (SPL) {
        /* 3 (R2C): each block takes M/2C of the bins k1 < M/2 and their
         * mirrors M - k1 (k1 = 0's mirror slot: M/2, its own mirror), so
         * that both of each pair are at hand: Z[N - k] for k = k1 + M k2
         * is bin M - k1 at k2' = C - 1 - k2 (k1 = 0: bin 0 at C - k2 mod
         * C). The same remote reads and DFTs as C2C's step 3. */
        constexpr int KH = MC / 2 / TPT;
        static_assert(MC % (2 * TPT) == 0, "xkernel: even shares of the split's pairs");
        gcx<T> *out = (gcx<T> *)p.out + q * (unsigned long long)(N + 1);
        const T hs = sc * (T)0.5;
#pragma unroll
        for (int kk = 0; kk < KH; kk++) {
            const int k1 = (int)r * (MC / 2) + x + kk * TPT; /* < M/2 */
            const int k1m = k1 ? M - k1 : M / 2;
            gcx<T> u[C], w[C];
#pragma unroll
            for (int b = 0; b < C; b++) {
                const gcx<T> *cb = gfpcl::cmap(col, (unsigned)b);
                u[b] = cb[k1];
                w[b] = cb[k1m];
            }
            Bfly<C, T>::run(u);
            Bfly<C, T>::run(w);
#pragma unroll
            for (int k2 = 0; k2 < C; k2++) {
                const unsigned k = (unsigned)(k1 + M * k2), km = (unsigned)(k1m + M * k2);
                const gcx<T> a = r2c_bin(u[k2], k1 ? w[C - 1 - k2] : u[(C - k2) & (C - 1)],
                                         xtw_tab<T>(p, k), hs, hs);
                const gcx<T> b = r2c_bin(w[k2], k1 ? u[C - 1 - k2] : w[C - 1 - k2],
                                         xtw_tab<T>(p, km), hs, hs);
                if constexpr ((MODE & GFP_FAST_CS) != 0) {
                    stcs(&out[k], a);
                    stcs(&out[km], b);
                } else {
                    out[k] = a;
                    out[km] = b;
                }
            }
            if (k1 == 0) /* X[N] = Re Z[0] - Im Z[0] */
                out[N] = r2c_bin(u[0], u[0], mk((T)-1, (T)0), hs, hs);
        }
        gfpcl::csync(); /* the others have read this block's column */
        return;
    }
    /* 3: bins k1 of this block's share, C-point DFTs across the blocks */
    gcx<T> *out = (gcx<T> *)p.out + q * (unsigned long long)N;
#pragma unroll
    for (int kk = 0; kk < K; kk++) {
        const int k1 = (int)r * MC + x + kk * TPT;
        gcx<T> u[C];
#pragma unroll
        for (int b = 0; b < C; b++)
            u[b] = gfpcl::cmap(col, (unsigned)b)[k1];
        Bfly<C, T>::run(u);
#pragma unroll
        for (int k2 = 0; k2 < C; k2++) {
            gcx<T> *dst = &out[k1 + M * k2];
            const gcx<T> o = mk(u[k2].x * sc, u[k2].y * cs);
            if constexpr ((MODE & GFP_FAST_CS) != 0)
                stcs(dst, o);
            else
                *dst = o;
        }
    }
    gfpcl::csync(); /* the others have read this block's column */
}

/* f->nf = M (the block's FFT, whose stage twiddles the planner builds),
 * f->cl = C, f->whole = 1: one transform of M C a cluster */
template <typename T, int M, int C, int TPT, int MODE, int MINB, int... Rs>
inline bool xfill(gfp_fast_info *f)
{
    f->cl = C;
    f->whole = 1;
    return info<M, TPT, 1, Rs...>(f, (const void *)xkernel<T, M, C, TPT, MODE, MINB, Rs...>,
                                  (size_t)(M + M / 16) * sizeof(gcx<T>) +
                                      (size_t)PadS<M, MODE & ~GFP_FAST_SPL>::v * sizeof(T));
}

} // namespace gfpfast

#define C2C_CS (GFP_MODE_C2C | GFP_FAST_CS)

/* gfp_gpu_fast.h. Only 2^15, as M = 4096 (256 threads of 16 values, 52 KB
 * of shared memory, four blocks an SM) in clusters of 8: 1566 GB/s
 * against the four-step FFT's 1459 (H100, bench/NOTES.md). From 2^16 on
 * every form measured slower than the four-step FFT (0.55-0.92x cuFFT
 * against 1.02-1.07x), so those lengths keep it; the forms stay for A/B:
 * alt 30 the first set (M = 8192, 16384 at 2^18), alt 31 M = 16384 for
 * 2^15 .. 2^17 (one block an SM), alt 35 M = 4096 at 2^16 (16 blocks). */
bool gfp_fastcl_c2c_f32(int n, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    switch (gfp_fast_alt() * 1000000 + n) {
    case 30032768: return gfpfast::xfill<float, 8192, 4, 512, C2C_CS, 2, 2, 16, 16, 16>(f);
    case 30065536: return gfpfast::xfill<float, 8192, 8, 512, C2C_CS, 2, 2, 16, 16, 16>(f);
    case 30131072: return gfpfast::xfill<float, 8192, 16, 512, C2C_CS, 2, 2, 16, 16, 16>(f);
    case 30262144: return gfpfast::xfill<float, 16384, 16, 512, C2C_CS, 1, 16, 16, 16, 4>(f);
    case 31032768: return gfpfast::xfill<float, 16384, 2, 512, C2C_CS, 1, 16, 16, 16, 4>(f);
    case 31065536: return gfpfast::xfill<float, 16384, 4, 512, C2C_CS, 1, 16, 16, 16, 4>(f);
    case 31131072: return gfpfast::xfill<float, 16384, 8, 512, C2C_CS, 1, 16, 16, 16, 4>(f);
    case 35065536: return gfpfast::xfill<float, 4096, 16, 256, C2C_CS, 4, 16, 16, 16>(f);
    default: break;
    }
#endif
    switch (n) {
    case 32768: return gfpfast::xfill<float, 4096, 8, 256, C2C_CS, 4, 16, 16, 16>(f);
    default: return false;
    }
}

/* gfp_gpu_fast.h: R2C of 2 n reals in one cluster pass with the split
 * (xkernel's GFP_FAST_SPL), n the complex core's length: 2^15 (R2C 2^16)
 * as C2C 2^15's clusters of 8 blocks of 4096. An A/B form until measured
 * (gfp_gpu_large.cu: GFP_GPU_1CLR=1). */
bool gfp_fastcl_r2c_f32(int n, gfp_fast_info *f)
{
    switch (n) {
    case 32768: return gfpfast::xfill<float, 4096, 8, 256, C2C_CS | GFP_FAST_SPL, 4, 16, 16, 16>(f);
    default: return false;
    }
}

/* gfp_gpu_fast.h: Z2Z f64 in one cluster pass. 16384 (256 KB a frame, as
 * C2C f32 2^15's, which the cluster runs 9 % faster than the four-step on
 * an H100) as 4 blocks of 4096, 512 threads of 8 values (the radices of
 * f64 4096's one-block kernel), 70 KB of shared memory a block; 32768 as
 * 8 such blocks. An A/B form until measured (gfp_gpu_large.cu:
 * GFP_GPU_1CL64=1). */
bool gfp_fastcl_c2c_f64(int n, gfp_fast_info *f)
{
    switch (n) {
    case 16384: return gfpfast::xfill<double, 4096, 4, 512, C2C_CS, 2, 8, 8, 8, 8>(f);
    case 32768: return gfpfast::xfill<double, 4096, 8, 512, C2C_CS, 2, 8, 8, 8, 8>(f);
    default: return false;
    }
}
