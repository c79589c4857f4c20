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
 * Cluster q takes frame q. (A persistent form, clusters looping over
 * frames, spilled 500-1500 bytes: the compiler keeps the stages' shared
 * addresses live across the loop.) A frame is read whole before any of it
 * is written, so the transform may run in place. C2C forward; inverse by
 * conjugation in and out (gfp_fparams.conj_in, conj_out) as every pass
 * kernel. */
#include "gfp_gpu_fast.cuh"

namespace gfpfast {

/* bytes before the pipelined form's prefetch buffer: the column and the
 * split buffer, rounded up to 16 (cp.async) */
template <typename T, int M, int MODE> struct XPre {
    static constexpr size_t v = ((size_t)(M + M / 16) * sizeof(gcx<T>) +
                                 (size_t)PadS<M, MODE>::v * sizeof(T) + 15) / 16 * 16;
};

#ifndef GFP_EMU
/* block r's share of frame q into pre by cp.async, 16 bytes a copy */
template <typename T, int M, int C, int TPT>
__device__ __forceinline__ void xprefetch(gcx<T> *pre, const gfp_fparams &p, unsigned long long q,
                                          int x, unsigned r)
{
    constexpr int CH = M * (int)sizeof(gcx<T>) / 16;
    static_assert(CH % TPT == 0, "xprefetch: even shares");
    const char *src = (const char *)((const gcx<T> *)p.in + q * (unsigned long long)M * C +
                                     (size_t)r * M);
#pragma unroll
    for (int c = 0; c < CH / TPT; c++)
        cp_async16((char *)pre + (size_t)(x + c * TPT) * 16, src + (size_t)(x + c * TPT) * 16);
}
#endif

/* frame q of the cluster, by thread x of block r */
/* XAB 3 (A/B, pipelined): frame q's share is already in the prefetch
 * buffer after the split buffer; frame qn's (qn < batch) is brought in by
 * cp.async once this one is read */
template <typename T, int M, int C, int TPT, int MODE, int XAB, int... Rs>
__device__ __forceinline__ void xframe(const gfp_fparams &p, unsigned long long q, int x, unsigned r,
                                       unsigned long long qn = 0)
{
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
        gcx<T> *pre = (gcx<T> *)(raw + XPre<T, M, MODE>::v);
        gcx<T> a[E];
#pragma unroll
        for (int e = 0; e < E; e++)
            a[e] = XAB == 3 ? pre[x + e * TPT] : ldf<MODE>(&src[e * TPT]);
#pragma unroll
        for (int e = 0; e < E; e++) {
            const int i = x + e * TPT;
            if (p.conj_in) a[e].y = -a[e].y;
            col[i + (i >> 4)] = a[e];
        }
        __syncthreads();
#ifndef GFP_EMU
        if constexpr (XAB == 3) {
            if (qn < p.batch)
                xprefetch<T, M, C, TPT>(pre, p, qn, x, r);
            cp_async_commit();
        }
#endif
#pragma unroll
        for (int e = 0; e < E; e++) {
            const int f = x + e * TPT, i = f / MC + C * (f % MC);
            a[e] = col[i + (i >> 4)];
        }
        gfpcl::csync();
#pragma unroll
        for (int e = 0; e < E; e++) {
            const int f = x + e * TPT;
            if constexpr (XAB == 1) /* timing only: no remote store */
                col[(int)r * MC + f % MC] = a[e];
            else
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
            col[k1] = r ? cmul(z, xtw_tab<T>(p, r * (unsigned)k1)) : z;
        }
    gfpcl::csync();
    /* 3: bins k1 of this block's share, C-point DFTs across the blocks */
    gcx<T> *out = (gcx<T> *)p.out + q * (unsigned long long)N;
#pragma unroll
    for (int kk = 0; kk < K; kk++) {
        const int k1 = (int)r * MC + x + kk * TPT;
        gcx<T> u[C];
#pragma unroll
        for (int b = 0; b < C; b++)
            u[b] = XAB == 2 ? col[k1 ^ b] /* timing only: no remote load */
                            : gfpcl::cmap(col, (unsigned)b)[k1];
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


/* PERS 0: cluster q takes frame q; 1 (A/B): persistent clusters loop over
 * frames q, q + clusters, ... (the thread index re-read each time, so the
 * compiler does not keep every shared address live across the loop) */
template <typename T, int M, int C, int TPT, int MODE, int MINB, int XAB, int PERS, int... Rs>
__global__ void __launch_bounds__(TPT, MINB) xkernel(const __grid_constant__ gfp_fparams p)
{
    const unsigned r = gfpcl::crank();
    if constexpr (PERS) {
        const unsigned long long ncl = gridDim.x / C;
        unsigned long long q = blockIdx.x / C;
#ifndef GFP_EMU
        if constexpr (XAB == 3) {
            if (q < p.batch)
                xprefetch<T, M, C, TPT>((gcx<T> *)(gfpcl::smem() + XPre<T, M, MODE>::v), p, q,
                                        (int)threadIdx.x, r);
            cp_async_commit();
        }
#endif
        for (; q < p.batch; q += ncl) {
            int x;
            asm volatile("mov.u32 %0, %%tid.x;" : "=r"(x));
#ifndef GFP_EMU
            if constexpr (XAB == 3) {
                cp_async_wait0();
                __syncthreads(); /* this frame's share is in pre for every thread */
            }
#endif
            xframe<T, M, C, TPT, MODE, XAB, Rs...>(p, q, x, r, q + ncl);
        }
#ifndef GFP_EMU
        if constexpr (XAB == 3)
            cp_async_wait0();
#endif
    } else {
        const unsigned long long q = blockIdx.x / C;
        if (q < p.batch) /* every block of the cluster alike */
            xframe<T, M, C, TPT, MODE, XAB, Rs...>(p, q, (int)threadIdx.x, r);
    }
}

/* f->nf = M (the block's FFT, whose stage twiddles the planner builds),
 * f->cl = C, f->whole = 1: one transform of M C a cluster */
template <typename T, int M, int C, int TPT, int MODE, int MINB, int XAB, int... Rs>
inline bool xfill(gfp_fast_info *f)
{
    f->cl = C;
    f->whole = 1;
    return info<M, TPT, 1, Rs...>(f, (const void *)xkernel<T, M, C, TPT, MODE, MINB, XAB, 0, Rs...>,
                                  (size_t)(M + M / 16) * sizeof(gcx<T>) +
                                      (size_t)PadS<M, MODE>::v * sizeof(T));
}

#ifdef GFP_FAST_AB
template <typename T, int M, int C, int TPT, int MODE, int MINB, int XAB, int... Rs>
inline bool xpfill(gfp_fast_info *f)
{
    f->cl = C;
    f->whole = 1;
    f->persist = -1;
    return info<M, TPT, 1, Rs...>(f, (const void *)xkernel<T, M, C, TPT, MODE, MINB, XAB, 1, Rs...>,
                                  XAB == 3 ? XPre<T, M, MODE>::v + (size_t)M * sizeof(gcx<T>)
                                           : (size_t)(M + M / 16) * sizeof(gcx<T>) +
                                                 (size_t)PadS<M, MODE>::v * sizeof(T));
}
#endif
} // namespace gfpfast

#define C2C_CS (GFP_MODE_C2C | GFP_FAST_CS)

/* gfp_gpu_fast.h. Only 2^15, as M = 4096 (256 threads of 16 values, 52 KB
 * of shared memory, four blocks an SM) in clusters of 8: 1566 GB/s
 * against the four-step FFT's 1459 (H100, bench/NOTES.md). From 2^16 on
 * every form measured slower than the four-step FFT (0.55-0.92x cuFFT
 * against 1.02-1.07x), so those lengths keep it; the forms stay for A/B:
 * alt 30 the first set (M = 8192, 16384 at 2^18). */
bool gfp_fastcl_c2c_f32(int n, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 31: M = 16384 for 2^15 .. 2^17 (one block an SM);
     * alt 35: M = 4096 (256 threads of 16, four blocks an SM) for 2^15
     * and 2^16; timing only (wrong spectra): alt 33 without the remote
     * stores of step 1, alt 34 without the remote loads of step 3 */
    switch (gfp_fast_alt() * 1000000 + n) {
    case 30032768: return gfpfast::xfill<float, 8192, 4, 512, C2C_CS, 2, 0, 2, 16, 16, 16>(f);
    case 30065536: return gfpfast::xfill<float, 8192, 8, 512, C2C_CS, 2, 0, 2, 16, 16, 16>(f);
    case 30131072: return gfpfast::xfill<float, 8192, 16, 512, C2C_CS, 2, 0, 2, 16, 16, 16>(f);
    case 30262144: return gfpfast::xfill<float, 16384, 16, 512, C2C_CS, 1, 0, 16, 16, 16, 4>(f);
    case 31032768: return gfpfast::xfill<float, 16384, 2, 512, C2C_CS, 1, 0, 16, 16, 16, 4>(f);
    case 31065536: return gfpfast::xfill<float, 16384, 4, 512, C2C_CS, 1, 0, 16, 16, 16, 4>(f);
    case 31131072: return gfpfast::xfill<float, 16384, 8, 512, C2C_CS, 1, 0, 16, 16, 16, 4>(f);
    case 35032768: return gfpfast::xfill<float, 4096, 8, 256, C2C_CS, 4, 0, 16, 16, 16>(f);
    case 35065536: return gfpfast::xfill<float, 4096, 16, 256, C2C_CS, 4, 0, 16, 16, 16>(f);
    case 33032768: return gfpfast::xfill<float, 8192, 4, 512, C2C_CS, 2, 1, 2, 16, 16, 16>(f);
    case 33065536: return gfpfast::xfill<float, 8192, 8, 512, C2C_CS, 2, 1, 2, 16, 16, 16>(f);
    case 33131072: return gfpfast::xfill<float, 8192, 16, 512, C2C_CS, 2, 1, 2, 16, 16, 16>(f);
    case 33262144: return gfpfast::xfill<float, 16384, 16, 512, C2C_CS, 1, 1, 16, 16, 16, 4>(f);
    case 34032768: return gfpfast::xfill<float, 8192, 4, 512, C2C_CS, 2, 2, 2, 16, 16, 16>(f);
    case 34065536: return gfpfast::xfill<float, 8192, 8, 512, C2C_CS, 2, 2, 2, 16, 16, 16>(f);
    case 34131072: return gfpfast::xfill<float, 8192, 16, 512, C2C_CS, 2, 2, 2, 16, 16, 16>(f);
    case 34262144: return gfpfast::xfill<float, 16384, 16, 512, C2C_CS, 1, 2, 16, 16, 16, 4>(f);
#ifndef GFP_EMU
    /* alt 36, 37: persistent clusters, M = 8192 (16384 at 2^18) and 4096 */
    case 36032768: return gfpfast::xpfill<float, 8192, 4, 512, C2C_CS, 2, 0, 2, 16, 16, 16>(f);
    case 36065536: return gfpfast::xpfill<float, 8192, 8, 512, C2C_CS, 2, 0, 2, 16, 16, 16>(f);
    case 36131072: return gfpfast::xpfill<float, 8192, 16, 512, C2C_CS, 2, 0, 2, 16, 16, 16>(f);
    case 36262144: return gfpfast::xpfill<float, 16384, 16, 512, C2C_CS, 1, 0, 16, 16, 16, 4>(f);
    case 37032768: return gfpfast::xpfill<float, 4096, 8, 256, C2C_CS, 4, 0, 16, 16, 16>(f);
    case 37065536: return gfpfast::xpfill<float, 4096, 16, 256, C2C_CS, 4, 0, 16, 16, 16>(f);
    /* alt 38: persistent and pipelined (the next frame's share by cp.async
     * into a third buffer while this one is transformed), M = 4096 (two
     * blocks an SM), 8192 (one) */
    case 38032768: return gfpfast::xpfill<float, 4096, 8, 256, C2C_CS, 2, 3, 16, 16, 16>(f);
    case 38065536: return gfpfast::xpfill<float, 4096, 16, 256, C2C_CS, 2, 3, 16, 16, 16>(f);
    case 38131072: return gfpfast::xpfill<float, 8192, 16, 512, C2C_CS, 1, 3, 2, 16, 16, 16>(f);
#endif
    default: break;
    }
#endif
    switch (n) {
    case 32768: return gfpfast::xfill<float, 4096, 8, 256, C2C_CS, 4, 0, 16, 16, 16>(f);
    default: return false;
    }
}
