/* gfp_gpu_fast_2d.cu - the 2D FFT's f32 passes (gfp_gpu_2d.cu): the
 * specialised kernels of gfp_gpu_fast.cuh with the transposed store
 * (GFP_FAST_TR), so a pass writes its rows' spectra as columns and a 2D
 * transform is two passes over device memory.
 *
 * FPB (frames per block) sets the run each bin writes: FPB consecutive
 * frames, FPB * 8 bytes, at least one 32-byte sector. Shared memory is
 * FPB * PadN(N) * 8 bytes (fkernel), or FPB times TStride's scalars of 4
 * bytes (tkernel, the split exchange: 70 KB at 4096 x 4; one 1024-thread
 * block an SM either way, the registers' limit). The radices: every
 * stage's butterflies a small multiple of TPT, at most 16 complex values
 * per thread and stage (the 64-register cap).
 * Built with -DGFP_FAST_AB (make NVCCFLAGS=-DGFP_FAST_AB, or bench/gpu's
 * KFLAGS), GFP_FAST_ALT=k picks the alternatives below for A/B runs. */
#include "gfp_gpu_fast.cuh"

#define C2C_T (GFP_MODE_C2C | GFP_FAST_TR)
#define R2C_T (GFP_MODE_R2C | GFP_FAST_TR)

#ifndef GFP_EMU
namespace gfpfast {
template <int N, int TPT, int FPB, int MODE, int MINB, int... Rs> inline bool ptfill(gfp_fast_info *f);
}
#endif


bool gfp_fast2d_c2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 1: smaller blocks (more per SM), runs of 32 bytes;
     * alt 2: 2048 with 64-byte runs (1024 threads, 139 KB);
     * alt 3: 4096 as 8^4 (four stages of 2 x 8 values a thread);
     * 16384 (one frame a block, 8-byte runs): alt 1 512 threads of 32
     * values (128 registers), alt 2 radix 4 first, alt 3 streaming loads
     * (ld.cs: the input should not push the half-written output lines out
     * of L2);
     * 2160 (the columns of 3840 x 2160, written with row stride 1921, so
     * 3 of 4 runs straddle two sectors): alt 4 and 6, 8 frames a block on
     * 72 threads each (576 threads, 147 KB, one block an SM): 64-byte runs,
     * 11 sector writes for 8 sectors of data instead of 7 for 4;
     * 2160: alt 8 the 64-register cap (one block an SM, as before);
     * 1080 (72 x 8 = 576 threads, the same cap): alt 9 two blocks an SM;
     * 3840: alt 7 two frames a block (65 KB, three blocks an SM instead of
     * one: their phases overlap; 16-byte runs) */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 101024: return gfpfast::fill<float, 1024, 64, 4, C2C_T, 0, -1, 4, 16, 16>(f);
    case 101080: return gfpfast::fill<float, 1080, 72, 4, C2C_T, 0, -1, 8, 15, 9>(f);
    case 202048: return gfpfast::fill<float, 2048, 128, 8, C2C_T, 0, -1, 8, 16, 16>(f);
    case 304096: return gfpfast::fill<float, 4096, 256, 4, C2C_T, 0, -1, 8, 8, 8, 8>(f);
    case 116384: return gfpfast::fill<float, 16384, 512, 1, C2C_T, 1, -1, 4, 16, 16, 16>(f);
    case 216384: return gfpfast::fill<float, 16384, 1024, 1, C2C_T, 1, -1, 4, 16, 16, 16>(f);
    /* alt 10: the plain one-frame pass twod-speed added (one frame fills a
     * block, 139 KB, so each bin's run is one 8-byte value) */
    case 1016384: return gfpfast::fill<float, 16384, 1024, 1, C2C_T, 1, -1, 16, 16, 16, 4>(f);
#ifndef GFP_EMU
    /* alt 24 (stop 29): 4096 as the product's block (4 frames, 32-byte
     * runs) on persistent blocks that prefetch the next four frames by
     * cp.async while they transform and store these (ptkernel). H200:
     * 0.75x the product (its spills reach DRAM), alt 25 0.21x */
    case 2404096: return gfpfast::ptfill<4096, 256, 4, C2C_T, 1, 16, 16, 16>(f);
    /* alt 25: the same on two frames a block (16-byte runs), two an SM */
    case 2504096: return gfpfast::ptfill<4096, 256, 2, C2C_T, 2, 16, 16, 16>(f);
#endif
    /* alts 26, 27: the plain pass on two frames (16-byte runs, two blocks
     * an SM) and on one (8-byte runs, four). H200: 0.33x and 0.23x the
     * product: keep whole 32-byte sectors */
    case 2604096: return gfpfast::fill<float, 4096, 256, 2, C2C_T, 2, -1, 16, 16, 16>(f);
    case 2704096: return gfpfast::fill<float, 4096, 256, 1, C2C_T, 4, -1, 16, 16, 16>(f);
    /* alt 28: the product's 4096 with the input of the block one wave
     * ahead asked into L2 first (GFP_FAST_L2P). H200: 0.96x the product */
    case 2804096: return gfpfast::fill<float, 4096, 256, 4, C2C_T | GFP_FAST_L2P, 0, -1, 16, 16, 16>(f);
    /* alts 72-74 (stop 39): tkernel (threads across the frames, the
     * transposed store straight from registers; TStride's frame stride,
     * first radix 16) at 1024 (FPB 8) and 2048 (FPB 4): H200, 1024^2
     * 0.85x and 2048^2 1.00x fkernel's, 1D 2^20 (rows of 2048) -1.0 %
     * (bench/NOTES.md stop 39 call 2); 4096 is the product since; 73 4096
     * on 128 threads of 32 values (0.97x the product); 75 the product's
     * 4096 before (fkernel, the store staged through shared memory) */
    case 7201024:
    case 7401024: return gfpfast::fill_across<float, 1024, 64, 8, C2C_T, 0, 16, 16, 4>(f);
    case 7202048:
    case 7402048: return gfpfast::fill_across<float, 2048, 128, 4, C2C_T, 0, 16, 16, 8>(f);
    case 7304096: return gfpfast::fill_across<float, 4096, 128, 4, C2C_T, 1, 16, 16, 16>(f);
    case 7504096: return gfpfast::fill<float, 4096, 256, 4, C2C_T, 0, -1, 16, 16, 16>(f);
    case 316384:
        return gfpfast::fill<float, 16384, 1024, 1, C2C_T | GFP_FAST_CS, 1, -1, 16, 16, 16, 4>(f);
    case 703840: return gfpfast::fill<float, 3840, 256, 2, C2C_T, 0, -1, 16, 16, 15>(f);
    case 802160: return gfpfast::fill<float, 2160, 144, 4, C2C_T, 0, -1, 16, 15, 9>(f);
    case 901080: return gfpfast::fill<float, 1080, 72, 8, C2C_T, 2, -1, 8, 15, 9>(f);
    case 402160:
    case 602160: return gfpfast::fill<float, 2160, 72, 8, C2C_T, 0, -1, 16, 15, 9>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST(float, 256, 16, 16, C2C_T, 16, 16)
    GFP_FAST(float, 512, 32, 8, C2C_T, 2, 16, 16)
    GFP_FAST(float, 1024, 64, 8, C2C_T, 4, 16, 16)
    /* 1080 = 8 x 15 x 9: 135, 72, 120 butterflies on 72 threads */
    GFP_FAST(float, 1080, 72, 8, C2C_T, 8, 15, 9)
    /* 1920 = 16 x 8 x 15: 120, 240, 128 butterflies on 128 threads */
    GFP_FAST(float, 1920, 128, 4, C2C_T, 16, 8, 15)
    GFP_FAST(float, 2048, 128, 4, C2C_T, 8, 16, 16)
    /* 2160 = 16 x 15 x 9: 135, 144, 240 butterflies on 144 threads; two
     * blocks an SM (56 registers, no spills; at the default cap of 64 the
     * 576-thread block is alone on its SM: alt 8) */
    GFP_FASTB(float, 2160, 144, 4, C2C_T, 2, 16, 15, 9)
    /* 3840 = 16 x 16 x 15: 240, 240, 256 butterflies on 256 threads (131 KB) */
    GFP_FAST(float, 3840, 256, 4, C2C_T, 16, 16, 15)
    /* 4096 on tkernel (stop 39): threads across the frames, so the
     * transposed store goes straight from registers as 32-byte runs of
     * the block's four frames, where fkernel (alt 75) staged it through
     * shared memory; one split exchange, the frames 8 banks apart
     * (TStride). H200: C2C 4096^2's two transposing passes 1364 -> 1462
     * GB/s, 1D 2^22 and 2^23 (second passes of 4096) +3.1 and +1.5 %
     * (bench/NOTES.md stop 39 call 2) */
    case 4096: return gfpfast::fill_across<float, 4096, 256, 4, C2C_T, 0, 16, 16, 16>(f);
    /* 16384: only in clusters (gfp_fast2d_c2c_f32_cl); its plain pass,
     * alt 10, ran at 0.28x cuFFT on the H100 (bench/NOTES.md) */
    default: return false;
    }
}

/* The column passes whose rows are ld = wb bins with ld % 4 != 0 (R2C
 * and C2R: w / 2 + 1), so 3 of 4 runs of 4 frames straddle two sectors.
 * 2160 on 72 threads x 8 frames: R2C 3840 x 2160's column pass, rows of
 * 1921 bins (H100: 1.46x cuFFT against 1.13x with the 4-frame kernel;
 * C2C 3840 x 2160, aligned rows of 3840, is faster with the 4-frame one:
 * 1.84x against 1.53x; bench/NOTES.md). 4096 on fkernel, where the
 * aligned rows take tkernel: R2C 4096^2 (rows of 2049) 1031-1036 GB/s
 * against tkernel's 953-954, C2R 825-826 against 772 (H200, bench/NOTES.md
 * stop 39 call 5). */
bool gfp_fast2d_c2c_f32_runs8(int nf, gfp_fast_info *f)
{
    switch (nf) {
    GFP_FAST(float, 2160, 72, 8, C2C_T, 16, 15, 9)
    GFP_FAST(float, 4096, 256, 4, C2C_T, 16, 16, 16)
    default: return false;
    }
}

/* n = 2 nf real inputs, bins 0 .. nf written (nf + 1 runs per frame) */
bool gfp_fast2d_r2c_f32(int nf, gfp_fast_info *f)
{
#ifdef GFP_FAST_AB
    /* alt 1: smaller blocks; alt 2: 64-byte runs (1024 threads);
     * alt 5 and 6: 1920 (3840 wide) with 8 frames of 64 threads (512
     * threads at up to 128 registers, 131 KB, one block an SM): 64-byte
     * runs */
    switch (gfp_fast_alt() * 100000 + nf) {
    case 501920:
    case 601920: return gfpfast::fill<float, 1920, 64, 8, R2C_T, 1, -1, 16, 8, 15>(f);
    case 100960: return gfpfast::fill<float, 960, 64, 4, R2C_T, 0, -1, 16, 15, 4>(f);
    case 101024: return gfpfast::fill<float, 1024, 64, 4, R2C_T, 0, -1, 4, 16, 16>(f);
    case 201920: return gfpfast::fill<float, 1920, 128, 8, R2C_T, 0, -1, 16, 8, 15>(f);
    case 202048: return gfpfast::fill<float, 2048, 128, 8, R2C_T, 0, -1, 8, 16, 16>(f);
    default: break;
    }
#endif
    switch (nf) {
    GFP_FAST(float, 512, 32, 8, R2C_T, 2, 16, 16)
    /* 960 = 16 x 15 x 4: 60, 64, 240 butterflies on 64 threads (1920 wide) */
    GFP_FAST(float, 960, 64, 8, R2C_T, 16, 15, 4)
    GFP_FAST(float, 1024, 64, 8, R2C_T, 4, 16, 16)
    /* 1920 = 16 x 8 x 15: 120, 240, 128 butterflies on 128 threads (3840) */
    GFP_FAST(float, 1920, 128, 4, R2C_T, 16, 8, 15)
    GFP_FAST(float, 2048, 128, 4, R2C_T, 8, 16, 16)
    default: return false;
    }
}

/* ---- C2C f32 16384 in thread-block clusters (issue 7, 16384 x 16384) ----
 * One frame of 16384 fills a block (139 KB of shared memory), so the
 * transposed store above writes one 8-byte value a bin: a quarter of a
 * sector, and a warp's store touches 32 lines. Here CL consecutive blocks
 * form a cluster (sm_90's distributed shared memory): each computes its
 * frame as fkernel does, then, after a cluster barrier, block r of the
 * cluster writes bins r N/CL .. (r+1) N/CL - 1 of all CL frames, reading
 * the other blocks' results from their shared memory, so each bin is one
 * run of CL * 8 bytes (CL = 4: a whole sector). A second cluster barrier
 * keeps every block's shared memory alive until the others have read it.
 * Thread tid serves frame slot tid % CL and bins k0 + it * TPT/CL of its
 * block's range (k0 = tid / CL): a warp reads 32 / CL consecutive bins of
 * each of CL frames (conflict-free: consecutive words in each block's
 * memory) and writes 32 / CL runs. */

namespace gfpfast {
/* FPB frames a block (as fkernel), CL blocks a cluster: a bin's run is
 * CL * FPB frames; block r of the cluster writes bins r N/CL .. (r+1) N/CL
 * - 1, thread tid the cluster's frame slot tid % (CL FPB) (block slot /
 * FPB, its frame slot % FPB) */
template <int N, int TPT, int FPB, int CL, int MODE, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT * FPB, MINB) ckernel(const __grid_constant__ gfp_fparams p)
{
    typedef float T;
    constexpr int PS = PadN<N, MODE>::v, NT = TPT * FPB, S = CL * FPB;
    constexpr int NQ = (N + CL - 1) / CL, G = NT / S, IT = (NQ + G - 1) / G;
    static_assert(NT % S == 0, "cluster store map");
    gcx<T> *smb = (gcx<T> *)gfpcl::smem();
    const int tid = threadIdx.x;
    const int t = tid / TPT;
    Ctx c;
    c.x = tid - t * TPT;
    c.g = (unsigned long long)blockIdx.x * FPB + t;
    c.act = c.g < p.batch;
    if constexpr ((MODE & GFP_FAST_L2P) != 0)
        l2_ahead<T, N>(p, ((unsigned long long)blockIdx.x + (unsigned long long)n_sm() * MINB) * FPB,
                       FPB, tid);
    Run<T, N, TPT, 1, 0, true, true, false, MODE, false, FPB * PS, 0, Rs...>::go(p, smb + t * PS,
                                                                                 c);
    gfpcl::csync(); /* every frame of the cluster in its block's memory */
    const unsigned r = gfpcl::crank();
    const int tt = tid % S, kb = (int)r * NQ, ke = kb + NQ < N ? kb + NQ : N;
    const int k0 = kb + tid / S;
    const unsigned long long g = (unsigned long long)(blockIdx.x - r) * FPB + (unsigned)tt;
    if (g < p.batch) {
        const gcx<T> *s0 = gfpcl::cmap(smb, (unsigned)(tt / FPB)) + (tt % FPB) * PS;
        gcx<T> *dst = (gcx<T> *)p.out + (g / p.fpm) * p.mst + g % p.fpm;
        const unsigned long long ld = p.ld;
        const T sc = (T)p.scale;
        const T cs = p.conj_out ? -sc : sc;
#pragma unroll 4
        for (int it = 0; it < IT; it++) {
            const int k = k0 + it * G;
            if (IT * G == NQ && NQ * CL == N || k < ke) {
                const gcx<T> z = s0[fpad<MODE>(k)];
                dst[(unsigned long long)k * ld] = mk(z.x * sc, z.y * cs);
            }
        }
    }
    gfpcl::csync(); /* the others have read this block's memory */
}

template <int N, int TPT, int FPB, int CL, int MODE, int MINB, int... Rs>
inline bool cfill(gfp_fast_info *f)
{
    f->cl = CL;
    return info<N, TPT, FPB, Rs...>(f, (const void *)ckernel<N, TPT, FPB, CL, MODE, MINB, Rs...>,
                                    (size_t)FPB * PadN<N, MODE>::v * sizeof(gcx<float>));
}

#ifndef GFP_EMU
/* ---- 16384 in clusters, pipelined (v9) -----------------------------------
 * pckernel: ckernel's cluster store on pkernel's persistent blocks (one
 * frame a block, CL blocks a cluster): cluster ci takes the groups of CL
 * frames q = ci, ci + clusters, ...; each block brings its next frame into
 * a 128 KB prefetch buffer by cp.async while it transforms this one
 * through the split buffer (half a frame). The transposed store goes
 * through that buffer too, real parts then imaginary parts, each behind a
 * cluster barrier: block r reads bins r N/CL .. (r+1) N/CL - 1 of the CL
 * frames from the cluster's split buffers into registers, then writes each
 * bin's CL frames as one run. Every block runs every group's barriers,
 * frame or not. */
template <int N, int TPT, int CL, int MODE, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT, MINB) pckernel(const __grid_constant__ gfp_fparams p)
{
    typedef float T;
    constexpr int E = N / TPT;
    constexpr int R0 = SFirst<Rs...>::v;
    constexpr int NQ = N / CL, G = TPT / CL, IT = NQ / G;
    static_assert(N % CL == 0 && TPT % CL == 0 && NQ % G == 0, "pckernel: even shares");
    typedef SRun<T, N, TPT, MODE, 1, 0, false, Rs...> Stages;
    constexpr int RL = Stages::RL;
    typedef SPat<N, TPT, R0, 1, MODE> P0;
    typedef SPat<N, TPT, RL, N / RL, MODE> PL;
    unsigned char *raw = gfpcl::smem();
    gcx<T> *pre = (gcx<T> *)raw;
    T *sm = (T *)(raw + (size_t)N * sizeof(gcx<T>));
    const int x = threadIdx.x;
    const unsigned r = gfpcl::crank();
    const unsigned long long ncl = gridDim.x / CL;
    const unsigned long long groups = (p.batch + CL - 1) / CL;
    unsigned long long q = blockIdx.x / CL;
    /* the store map (ckernel's): frame slot tt, bins k0 + it G */
    const int tt = x % CL, k0 = (int)r * NQ + x / CL;
    if (q < groups && q * CL + r < p.batch)
        prefetch<T, N, TPT>(pre, p, q * CL + r, x);
    cp_async_commit();
    const T sc = (T)p.scale;
    const T cs = p.conj_out ? -sc : sc;
    for (; q < groups; q += ncl) {
        const unsigned long long g = q * CL + r;
        const bool act = g < p.batch;
        cp_async_wait0();
        __syncthreads();
        gcx<T> v[E];
#pragma unroll
        for (int b = 0; b < P0::MB; b++)
#pragma unroll
            for (int s = 0; s < R0; s++) {
                gcx<T> a = act ? pre[P0::in(x, b, s)] : mk((T)0, (T)0);
                if (p.conj_in) a.y = -a.y;
                v[b * R0 + s] = a;
            }
        __syncthreads();
        const unsigned long long gn = (q + ncl) * CL + r;
        if (q + ncl < groups && gn < p.batch)
            prefetch<T, N, TPT>(pre, p, gn, x);
        cp_async_commit();
        Stages::go(p, v, sm, x);
        /* the transposed store, real then imaginary parts */
        /* fpad(k0 + it G) = fpad(k0) + fpad(it G): G is a multiple of 16 */
        static_assert(G % 16 == 0, "pckernel: G a multiple of the padding's period");
        const T *rem = gfpcl::cmap(sm, (unsigned)tt) + fpad<MODE>(k0);
        T re[IT];
        __syncthreads();
        sput<PL, RL>(v, sm, x, false);
        gfpcl::csync();
#pragma unroll
        for (int it = 0; it < IT; it++)
            re[it] = rem[fpad<MODE>(it * G)];
        gfpcl::csync();
        sput<PL, RL>(v, sm, x, true);
        gfpcl::csync();
        const unsigned long long go = q * CL + (unsigned)tt;
        gcx<T> *dst = (gcx<T> *)p.out + (go / p.fpm) * p.mst + go % p.fpm;
        const unsigned long long ld = p.ld;
#pragma unroll
        for (int it = 0; it < IT; it++) {
            const T im = rem[fpad<MODE>(it * G)];
            if (go < p.batch)
                dst[(unsigned long long)(k0 + it * G) * ld] = mk(re[it] * sc, im * cs);
        }
        gfpcl::csync(); /* the others have read this block's buffer */
    }
    cp_async_wait0();
}

/* persist -1: the planner sets the cluster count the device holds at once
 * (try_cluster) and launches no more */
template <int N, int TPT, int CL, int MODE, int MINB, int... Rs>
inline bool pcfill(gfp_fast_info *f)
{
    f->cl = CL;
    f->persist = -1;
    return info<N, TPT, 1, Rs...>(f, (const void *)pckernel<N, TPT, CL, MODE, MINB, Rs...>,
                                  (size_t)N * sizeof(gcx<float>) + (size_t)PadS<N, MODE>::v * sizeof(float));
}

/* ---- the transposed-store pass, pipelined (stop 29) ----------------------
 * ptkernel: fkernel's transposed store (FPB frames a block, a bin's FPB
 * frames one run) on pkernel's persistent blocks, for lengths whose FPB
 * frames fill an SM (C2C f32 4096 x 4: 128 KB, one block an SM, so no
 * other block's loads overlap this one's compute and store). Each block
 * loops over groups of FPB frames q = blockIdx.x, + gridDim.x, ...; the
 * next group's input comes into a 128 KB prefetch buffer by cp.async while
 * this group is transformed through the split buffers (N scalars a
 * frame). The store goes through the split buffers too, real parts then
 * imaginary parts: thread tid takes frame slot tt = tid % FPB and bins
 * k0 + it TPT (k0 = tid / FPB) of every slot, so a warp writes 32 / FPB
 * runs of FPB frames. The frames' split buffers lie PST scalars apart,
 * PST = 8 (mod 32) for FPB 4, so a warp's 8 bins x 4 slots fall in 32
 * banks. */
template <int N, int FPB> struct PtStride {
    static constexpr int s = PadS<N, C2C_T>::v;
    static constexpr int v = s + ((32 / FPB - s % 32) % 32 + 32) % 32;
};

template <int N, int TPT, int FPB, int MODE, int MINB, int... Rs>
__global__ void __launch_bounds__(TPT * FPB, MINB) ptkernel(const __grid_constant__ gfp_fparams p)
{
    typedef float T;
    constexpr int E = N / TPT, NT = TPT * FPB;
    constexpr int R0 = SFirst<Rs...>::v;
    constexpr int IT = N / TPT; /* bins a thread stores */
    constexpr int PST = PtStride<N, FPB>::v;
    static_assert(NT % 32 == 0 && 32 % FPB == 0 && TPT % 16 == 0, "ptkernel: store map");
    typedef SRun<T, N, TPT, MODE, 1, 0, false, Rs...> Stages;
    constexpr int RL = Stages::RL;
    typedef SPat<N, TPT, R0, 1, MODE> P0;
    typedef SPat<N, TPT, RL, N / RL, MODE> PL;
    extern __shared__ __align__(16) unsigned char gfp_fsm_raw[];
    gcx<T> *pre = (gcx<T> *)gfp_fsm_raw;
    T *smb = (T *)(gfp_fsm_raw + (size_t)FPB * N * sizeof(gcx<T>));
    const int tid = threadIdx.x;
    const int t = tid / TPT, x = tid - t * TPT;
    T *sm = smb + t * PST;
    const unsigned long long groups = (p.batch + FPB - 1) / FPB, step = gridDim.x;
    unsigned long long q = blockIdx.x;
    if (q < groups && q * FPB + t < p.batch)
        prefetch<T, N, TPT>(pre + t * N, p, q * FPB + t, x);
    cp_async_commit();
    /* the store map; fpad(k0 + it TPT) = fpad(k0) + fpad(it TPT): TPT is a
     * multiple of the padding's period */
    const int tt = tid % FPB, k0 = tid / FPB;
    const T *rd = smb + tt * PST + fpad<MODE>(k0);
    const T sc = (T)p.scale;
    const T cs = p.conj_out ? -sc : sc;
    for (; q < groups; q += step) {
        const bool act = q * FPB + t < p.batch;
        cp_async_wait0();
        __syncthreads(); /* this group in pre; the last group's store read */
        gcx<T> v[E];
#pragma unroll
        for (int b = 0; b < P0::MB; b++)
#pragma unroll
            for (int s = 0; s < R0; s++) {
                gcx<T> a = act ? pre[t * N + P0::in(x, b, s)] : mk((T)0, (T)0);
                if (p.conj_in) a.y = -a.y;
                v[b * R0 + s] = a;
            }
        __syncthreads(); /* pre read by all: the next group may come in */
        const unsigned long long qn = q + step;
        if (qn < groups && qn * FPB + t < p.batch)
            prefetch<T, N, TPT>(pre + t * N, p, qn * FPB + t, x);
        cp_async_commit();
        Stages::go(p, v, sm, x);
        T re[IT];
        __syncthreads();
        sput<PL, RL>(v, sm, x, false);
        __syncthreads();
#pragma unroll
        for (int it = 0; it < IT; it++)
            re[it] = rd[fpad<MODE>(it * TPT)];
        __syncthreads();
        sput<PL, RL>(v, sm, x, true);
        __syncthreads();
        const unsigned long long go = q * FPB + (unsigned)tt;
        gcx<T> *dst = (gcx<T> *)p.out + (go / p.fpm) * p.mst + go % p.fpm;
        const unsigned long long ld = p.ld;
        if (go < p.batch) {
#pragma unroll
            for (int it = 0; it < IT; it++)
                dst[(unsigned long long)(k0 + it * TPT) * ld] =
                    mk(re[it] * sc, rd[fpad<MODE>(it * TPT)] * cs);
        }
    }
    cp_async_wait0();
}

/* persist -1: gfp_pass_setup launches as many blocks as run at once */
template <int N, int TPT, int FPB, int MODE, int MINB, int... Rs>
inline bool ptfill(gfp_fast_info *f)
{
    f->persist = -1;
    return info<N, TPT, FPB, Rs...>(f, (const void *)ptkernel<N, TPT, FPB, MODE, MINB, Rs...>,
                                    (size_t)FPB * N * sizeof(gcx<float>) +
                                        (size_t)FPB * PtStride<N, FPB>::v * sizeof(float));
}
#endif
} // namespace gfpfast

/* 16384: one frame a block, runs of cl frames; 2160 and 4096 (the columns
 * of 3840 x 2160 and of R2C 4096 x 4096, written at the odd row strides
 * 1921 and 2049, so 32-byte runs straddle sectors): the pass kernels'
 * blocks of 4 frames in pairs, 64-byte runs at three (2160) or one (4096)
 * blocks an SM */
bool gfp_fast2d_c2c_f32_cl(int nf, int cl, gfp_fast_info *f)
{
#if defined(GFP_FAST_AB) && !defined(GFP_EMU)
    /* v9: 16384 pipelined (pckernel): alt 11 512 threads, 12 1024 threads */
    switch (gfp_fast_alt() * 1000000 + nf * 10 + cl) {
    case 11163842: return gfpfast::pcfill<16384, 512, 2, C2C_T, 1, 16, 16, 16, 4>(f);
    case 11163844: return gfpfast::pcfill<16384, 512, 4, C2C_T, 1, 16, 16, 16, 4>(f);
    case 11163848: return gfpfast::pcfill<16384, 512, 8, C2C_T, 1, 16, 16, 16, 4>(f);
    case 12163844: return gfpfast::pcfill<16384, 1024, 4, C2C_T, 1, 16, 16, 16, 4>(f);
    default: break;
    }
#endif
#ifdef GFP_FAST_AB
    switch (gfp_fast_alt() * 1000000 + nf * 10 + cl) {
    /* stop 29, 4096 (C2C 4096^2 on the H200 at 0.94x cuFFT, one 1024-thread
     * block an SM and no overlap of its load, compute and store phases):
     * alt 21 one frame a block (256 threads, 35 KB, up to four blocks an
     * SM at 64 registers), alt 22 two frames (two blocks an SM), alt 23
     * four frames (the product's block), each in clusters of cl: a bin's
     * run is 8 fpb cl bytes; alt 21 at cl 16 also for 16384 (128-byte
     * runs, 16 one-block SMs a cluster). H200: all slower than the
     * product, 0.98x (21:4, 22:2) down to 0.54x (23:4); 16384 at cl 16
     * 0.58x (bench/NOTES.md, stop 29) */
    case 21040962: return gfpfast::cfill<4096, 256, 1, 2, C2C_T, 4, 16, 16, 16>(f);
    case 21040964: return gfpfast::cfill<4096, 256, 1, 4, C2C_T, 4, 16, 16, 16>(f);
    case 21040968: return gfpfast::cfill<4096, 256, 1, 8, C2C_T, 4, 16, 16, 16>(f);
    case 21040976: return gfpfast::cfill<4096, 256, 1, 16, C2C_T, 4, 16, 16, 16>(f);
    case 22040962: return gfpfast::cfill<4096, 256, 2, 2, C2C_T, 2, 16, 16, 16>(f);
    case 22040964: return gfpfast::cfill<4096, 256, 2, 4, C2C_T, 2, 16, 16, 16>(f);
    case 22040968: return gfpfast::cfill<4096, 256, 2, 8, C2C_T, 2, 16, 16, 16>(f);
    case 23040964: return gfpfast::cfill<4096, 256, 4, 4, C2C_T, 1, 16, 16, 16>(f);
    case 21163856: return gfpfast::cfill<16384, 1024, 1, 16, C2C_T, 1, 16, 16, 16, 4>(f);
    /* alt 28: the product's 16384 (clusters of 4) with the L2 prefetch of
     * the frame one wave ahead (H200: 0.86x the product) */
    case 28163844: return gfpfast::cfill<16384, 1024, 1, 4, C2C_T | GFP_FAST_L2P, 1, 16, 16, 16, 4>(f);
    default: break;
    }
#endif
    switch (nf * 10 + cl) {
    case 163842: return gfpfast::cfill<16384, 1024, 1, 2, C2C_T, 1, 16, 16, 16, 4>(f);
    case 163844: return gfpfast::cfill<16384, 1024, 1, 4, C2C_T, 1, 16, 16, 16, 4>(f);
    case 163848: return gfpfast::cfill<16384, 1024, 1, 8, C2C_T, 1, 16, 16, 16, 4>(f);
    case 21602: return gfpfast::cfill<2160, 144, 4, 2, C2C_T, 2, 16, 15, 9>(f);
    case 40962: return gfpfast::cfill<4096, 256, 4, 2, C2C_T, 1, 16, 16, 16>(f);
    default: return false;
    }
}
