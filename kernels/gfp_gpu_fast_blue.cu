/* gfp_gpu_fast_blue.cu - Bluestein in one block on the compile-time
 * specialised stages of gfp_gpu_fast.cuh (C2C f32 16384 in one block,
 * once here, is in gfp_gpu_fast_c2c32.cu).
 *
 * Bluestein (as gfp_gpu_large.cu): X[k] = w[k] sum_m x[m] w[m] conj(w[k-m]),
 * w[m] = e^{-i pi m^2/n}, a cyclic convolution of power-of-two length
 * M >= 2n-1. One block per frame; per frame:
 *   A = FFT_M(x w, zero-padded)      stage 0 reads global memory (chirp fused)
 *   C = conj(A Bh), Bh = FFT_M(b)/M  fused into A's last stage, in registers
 *   D = FFT_M(C)                     = conj(x w (*) b); stage 0 in registers
 *   X[k] = conj(D[k]) w[k]           fused into D's last stage's stores
 * The second FFT takes the first's radices in reverse order, so that its
 * first stage (Ls = 1, inputs j + s M/R) needs exactly the elements the
 * first FFT's last stage (Ls = M/R, outputs j + t M/R) left in thread j's
 * registers: one shared-memory exchange fewer per FFT, and the Bh multiply
 * costs no traffic but Bh's own load.
 *
 * Stockham stage, DIT, as gfp_gpu_fast.cuh (radix R, Ls, NB = M/R):
 *   j in [0, NB), k = j mod Ls,
 *   x_s = X[j + s NB] W_{Ls R}^{s k},  Y[(j-k) R + k + t Ls] = DFT_R(x)_t
 * Thread x of the block takes j = x + b TPT, b < ceil(NB/TPT). Twiddles
 * from one per-plan table: the first FFT's stages, then the second's, each
 * laid out [s-1][k] (gfp_fblue_twiddles). Shared memory: one buffer of M
 * padded elements (fpad), one frame per block. */
#include "gfp_gpu_fast.cuh"
#include "gfp_gpu_fast_blue.h"
#include "gfp_gpu_host.h"

namespace gfpblue {

using gfpfast::fpad; /* fpad<PM>: the layout, PM a GFP_FAST_PAD* mode (0: padding every 16) */

/* twiddle s of butterfly k of a stage (radix R, Ls, table offset OFF):
 * W_{Ls R}^{s k} */
template <typename T, int R, int LS, int OFF>
__device__ __forceinline__ gcx<T> btw(const gfp_bparams &p, int s, int k)
{
    return ldg((const gcx<T> *)p.tw + OFF + (s - 1) * LS + k);
}

/* PM's twiddle bit: a radix-16 or -32 stage loads W^{s1 k} (s1 = 1..3)
 * and W^{4 s2 k} (s2 = 1..R/4-1) from its table and forms the rest as one
 * product each, W^{(s1 + 4 s2) k}: 3 + R/4 - 1 loads a butterfly instead
 * of R - 1 (bench/NOTES.md, stop 21: 4241 +11-14 %, 4093 +4 %, errors
 * +4-7 %) */
constexpr int BTWP = 1 << 24;
/* v[1..R-1] times their twiddles, k the butterfly's index within Ls */
template <typename T, int R, int LS, int OFF, int PM>
__device__ __forceinline__ void btwiddle(const gfp_bparams &p, gcx<T> *v, int k)
{
    if constexpr ((PM & BTWP) != 0 && R >= 16 && R % 4 == 0) {
        gcx<T> a[3], b[R / 4 - 1];
#pragma unroll
        for (int q = 1; q < 4; q++)
            a[q - 1] = btw<T, R, LS, OFF>(p, q, k);
#pragma unroll
        for (int q = 1; q < R / 4; q++)
            b[q - 1] = btw<T, R, LS, OFF>(p, 4 * q, k);
#pragma unroll
        for (int s = 1; s < R; s++) {
            const int s1 = s % 4, s2 = s / 4;
            const gcx<T> w = s1 == 0 ? b[s2 - 1] : s2 == 0 ? a[s1 - 1] : cmul(a[s1 - 1], b[s2 - 1]);
            v[s] = cmul(v[s], w);
        }
    } else {
#pragma unroll
        for (int s = 1; s < R; s++)
            v[s] = cmul(v[s], btw<T, R, LS, OFF>(p, s, k));
    }
}

/* the radix sequence: stage i of the first FFT has radix r(i), of the
 * second rr(i) = r(K-1-i); ls/off: Ls and the twiddle table offset */
template <int... Rs> struct Seq {
    static constexpr int K = sizeof...(Rs);
    __host__ __device__ static constexpr int r(int i)
    {
        constexpr int a[] = {Rs...};
        return a[i];
    }
    __host__ __device__ static constexpr int rad(bool inv, int i) { return inv ? r(K - 1 - i) : r(i); }
    __host__ __device__ static constexpr int ls(bool inv, int i)
    {
        int l = 1;
        for (int q = 0; q < i; q++)
            l *= rad(inv, q);
        return l;
    }
    __host__ __device__ static constexpr int off(bool inv, int i)
    {
        int o = inv ? off(false, K) : 0, l = 1;
        for (int q = 0; q < i; q++) {
            o += (rad(inv, q) - 1) * l;
            l *= rad(inv, q);
        }
        return o;
    }
    __host__ __device__ static constexpr int prod() { return ls(false, K); }
};

/* element i < n of Hermitian frame g (n/2+1 values stored); bins 0 and
 * n/2 taken as real (as FFTW's c2r reads them), so that in the pair form
 * one frame's imaginary parts there cannot reach the other's output */
template <typename T>
__device__ __forceinline__ gcx<T> herm_at(const gfp_bparams &p, unsigned long long g, int i)
{
    const int h = p.n / 2 + 1;
    const gcx<T> *in = (const gcx<T> *)p.in + g * (unsigned long long)h;
    if (i < h) {
        const gcx<T> v = ldg(in + i);
        return i == 0 || 2 * i == p.n ? mk(v.x, (T)0) : v;
    }
    const gcx<T> v = ldg(in + (p.n - i));
    return mk(v.x, -v.y);
}

/* element i < M of the first FFT's input: x[i] w[i] (window, conjugation
 * for the inverse, the input form as gfp_gpu_large.cu's pre_value), 0 past n */
template <typename T, int FORM>
__device__ __forceinline__ gcx<T> bload(const gfp_bparams &p, unsigned long long g, int i)
{
    if (i >= p.n)
        return mk((T)0, (T)0);
    const unsigned long long n = (unsigned long long)p.n;
    gcx<T> v;
    if constexpr (FORM == GFP_BFORM_C2C) {
        v = ldg((const gcx<T> *)p.in + g * n + i);
        if (p.conj_in)
            v.y = -v.y;
        return cmul(v, ldg((const gcx<T> *)p.chirp + i));
    } else if constexpr (FORM == GFP_BFORM_R2C) {
        const T r = ldg((const T *)p.in + g * n + i);
        const gcx<T> w = ldg((const gcx<T> *)p.chirp + i);
        return mk(r * w.x, r * w.y);
    } else if constexpr (FORM == GFP_BFORM_R2CP) {
        /* frames 2g and 2g+1 as the real and imaginary parts */
        const T *in = (const T *)p.in + 2 * g * n;
        const T r1 = ldg(in + i);
        const T r2 = 2 * g + 1 < p.batch ? ldg(in + n + i) : (T)0;
        return cmul(mk(r1, r2), ldg((const gcx<T> *)p.chirp + i));
    } else if constexpr (FORM == GFP_BFORM_C2R) {
        v = herm_at<T>(p, g, i);
        if (p.conj_in)
            v.y = -v.y;
        return cmul(v, ldg((const gcx<T> *)p.chirp + i));
    } else if constexpr (FORM == GFP_BFORM_C2RP) {
        /* frames 2g and 2g+1 as Z = X1 + i X2 */
        const gcx<T> a = herm_at<T>(p, 2 * g, i);
        const gcx<T> b = 2 * g + 1 < p.batch ? herm_at<T>(p, 2 * g + 1, i) : mk((T)0, (T)0);
        v = mk(a.x - b.y, a.y + b.x);
        if (p.conj_in)
            v.y = -v.y;
        return cmul(v, ldg((const gcx<T> *)p.chirp + i));
    }
    if (p.inmode == GFP_BIN_CPLX) {
        v = ldg((const gcx<T> *)p.in + g * n + i);
    } else if (p.inmode == GFP_BIN_REAL) {
        v = mk(ldg((const T *)p.in + g * n + i), (T)0);
    } else {
        const int h = p.n / 2 + 1;
        const gcx<T> *in = (const gcx<T> *)p.in + g * (unsigned long long)h;
        if (i < h) {
            v = ldg(in + i);
        } else {
            v = ldg(in + (p.n - i));
            v.y = -v.y;
        }
    }
    if (p.win) {
        const T w = ldg((const T *)p.win + i);
        v.x *= w;
        v.y *= w;
    }
    if (p.conj_in)
        v.y = -v.y;
    return cmul(v, ldg((const gcx<T> *)p.chirp + i));
}

/* output k of frame g from the second FFT's D[k] (post_store's forms) */
template <typename T, int FORM>
__device__ __forceinline__ void bstore(const gfp_bparams &p, unsigned long long g, int k, gcx<T> v)
{
    if (k >= p.nout)
        return;
    v.y = -v.y;
    v = cmul(v, ldg((const gcx<T> *)p.chirp + k));
    if (p.conj_out)
        v.y = -v.y;
    const T sc = (T)p.scale;
    v.x *= sc;
    v.y *= sc;
    const unsigned long long o = g * (unsigned long long)p.nout + k;
    if constexpr (FORM == GFP_BFORM_C2R) {
        ((T *)p.out)[o] = v.x;
        return;
    } else if constexpr (FORM == GFP_BFORM_C2RP) { /* g is the pair: frames 2g, 2g+1 */
        const unsigned long long o1 = 2 * g * (unsigned long long)p.nout + k;
        ((T *)p.out)[o1] = v.x;
        if (2 * g + 1 < p.batch)
            ((T *)p.out)[o1 + p.nout] = v.y;
        return;
    } else if constexpr (FORM != GFP_BFORM_GEN) {
        ((gcx<T> *)p.out)[o] = v;
        return;
    }
    if (p.post)
        ((T *)p.out)[o] = gfp_post_val<T>(p.post, v);
    else if (p.outmode == GFP_BOUT_REAL)
        ((T *)p.out)[o] = v.x;
    else
        ((gcx<T> *)p.out)[o] = v;
}

/* one stage; LD: inputs from shared memory (LD_S), from global memory
 * (LD_G: the first FFT's stage 0), or from global memory at half the index
 * (LD_G2: the first FFT's stage 1 when its stage 0 is a radix 2 on a zero
 * upper half, Y[2j + t] = x[j], skipped); from global memory shared memory
 * is untouched so far: no barrier before the stores. STG: outputs to
 * global memory (the second FFT's last stage; nothing follows, so no
 * barrier either) */
enum { LD_S = 0, LD_G = 1, LD_G2 = 2 };
template <typename T, int FORM, int M, int TPT, int R, int LS, int OFF, int LD, bool STG, int PM>
__device__ __forceinline__ void bstage(const gfp_bparams &p, gcx<T> *sm, int x,
                                       unsigned long long g)
{
    constexpr int NB = M / R;
    constexpr int MB = (NB + TPT - 1) / TPT;
    constexpr bool FULL = NB % TPT == 0;
    gcx<T> v[MB][R];
#pragma unroll
    for (int b = 0; b < MB; b++) {
        const int j = x + b * TPT;
        if (FULL || j < NB) {
#pragma unroll
            for (int s = 0; s < R; s++) {
                if constexpr (LD == LD_G)
                    v[b][s] = bload<T, FORM>(p, g, j + s * NB);
                else if constexpr (LD == LD_G2)
                    v[b][s] = bload<T, FORM>(p, g, (j + s * NB) >> 1);
                else
                    v[b][s] = sm[fpad<PM>(j + s * NB)];
            }
            if constexpr (LS > 1)
                btwiddle<T, R, LS, OFF, PM>(p, v[b], j % LS);
            Bfly<R, T>::run(v[b]);
        }
    }
    if constexpr (LD == LD_S && !STG) /* STG: nothing written to shared memory */
        __syncthreads();
#pragma unroll
    for (int b = 0; b < MB; b++) {
        const int j = x + b * TPT;
        if (FULL || j < NB) {
            const int k = LS > 1 ? j % LS : 0;
            const int base = (j - k) * R + k;
#pragma unroll
            for (int s = 0; s < R; s++) {
                if constexpr (STG)
                    bstore<T, FORM>(p, g, base + s * LS, v[b][s]);
                else
                    sm[fpad<PM>(base + s * LS)] = v[b][s];
            }
        }
    }
    if constexpr (!STG)
        __syncthreads();
}

/* the first FFT's last stage (radix R, Ls = NB = M/R: k = j, outputs at
 * (j-k) R + k + t Ls = j + t NB), times Bh and conjugated, then the second
 * FFT's stage 0 (radix R, Ls = 1: inputs j + s NB, no twiddles, outputs at
 * j R + t) on the same registers */
template <typename T, int M, int TPT, class S, int PM>
__device__ __forceinline__ void bmid(const gfp_bparams &p, gcx<T> *sm, int x)
{
    constexpr int R = S::r(S::K - 1);
    constexpr int LS = S::ls(false, S::K - 1);
    constexpr int OFF = S::off(false, S::K - 1);
    constexpr int NB = M / R;
    static_assert(LS == NB, "the last stage's Ls is M/R");
    static_assert(S::rad(true, 0) == R, "the second FFT starts with the first's last radix");
    constexpr int MB = (NB + TPT - 1) / TPT;
    constexpr bool FULL = NB % TPT == 0;
    const gcx<T> *bh = (const gcx<T> *)p.bh;
    gcx<T> v[MB][R];
#pragma unroll
    for (int b = 0; b < MB; b++) {
        const int j = x + b * TPT;
        if (FULL || j < NB) {
#pragma unroll
            for (int s = 0; s < R; s++)
                v[b][s] = sm[fpad<PM>(j + s * NB)];
            btwiddle<T, R, LS, OFF, PM>(p, v[b], j);
            Bfly<R, T>::run(v[b]);
#pragma unroll
            for (int t = 0; t < R; t++) {
                const gcx<T> a = cmul(v[b][t], ldg(&bh[j + t * NB]));
                v[b][t] = mk(a.x, -a.y);
            }
            Bfly<R, T>::run(v[b]);
        }
    }
    __syncthreads();
#pragma unroll
    for (int b = 0; b < MB; b++) {
        const int j = x + b * TPT;
        if (FULL || j < NB) {
#pragma unroll
            for (int t = 0; t < R; t++)
                sm[fpad<PM>(j * R + t)] = v[b][t];
        }
    }
    __syncthreads();
}

/* stages I.. of the first FFT but its last (which bmid runs). SKIP0: its
 * stage 0 is a radix 2 whose upper inputs are all zero (n <= M/2 always:
 * M >= 2n-1), a copy Y[2j + t] = x[j] that stage 1 does in its loads */
template <typename T, int FORM, int M, int TPT, class S, bool SKIP0, int PM, int I>
__device__ __forceinline__ void fwd(const gfp_bparams &p, gcx<T> *sm, int x, unsigned long long g)
{
    if constexpr (I < S::K - 1) {
        if constexpr (!(SKIP0 && I == 0)) {
            constexpr int LD = I == 0 ? LD_G : SKIP0 && I == 1 ? LD_G2 : LD_S;
            bstage<T, FORM, M, TPT, S::rad(false, I), S::ls(false, I), S::off(false, I), LD,
                   false, PM>(p, sm, x, g);
        }
        fwd<T, FORM, M, TPT, S, SKIP0, PM, I + 1>(p, sm, x, g);
    }
}
/* stages I.. of the second FFT (from 1: bmid ran its stage 0) */
template <typename T, int FORM, int M, int TPT, class S, int PM, int I>
__device__ __forceinline__ void inv(const gfp_bparams &p, gcx<T> *sm, int x, unsigned long long g)
{
    if constexpr (I < S::K) {
        bstage<T, FORM, M, TPT, S::rad(true, I), S::ls(true, I), S::off(true, I), false,
               I == S::K - 1 && FORM != GFP_BFORM_R2CP, PM>(p, sm, x, g);
        inv<T, FORM, M, TPT, S, PM, I + 1>(p, sm, x, g);
    }
}

/* R2CP: D = the second FFT's output in shared memory (its last stage
 * stored there); Z[k] = conj(D[k]) w[k] is the DFT of x1 + i x2 (frames
 * 2g, 2g+1), and X1[k] = (Z[k] + conj Z[n-k]) / 2,
 * X2[k] = -i (Z[k] - conj Z[n-k]) / 2, k <= n/2 */
template <typename T, int TPT, int PM>
__device__ __forceinline__ void bsplit(const gfp_bparams &p, const gcx<T> *sm, int x,
                                       unsigned long long g)
{
    const gcx<T> *w = (const gcx<T> *)p.chirp;
    const T sc = (T)p.scale * (T)0.5;
    const T cs = p.conj_out ? -sc : sc;
    const bool two = 2 * g + 1 < p.batch;
    gcx<T> *o1 = (gcx<T> *)p.out + 2 * g * (unsigned long long)p.nout;
    gcx<T> *o2 = o1 + p.nout;
    for (int k = x; k < p.nout; k += TPT) {
        const int k2 = k == 0 ? 0 : p.n - k;
        gcx<T> a = sm[fpad<PM>(k)], b = sm[fpad<PM>(k2)];
        a = cmul(mk(a.x, -a.y), ldg(w + k));  /* Z[k] */
        b = cmul(mk(b.x, -b.y), ldg(w + k2)); /* Z[n-k] */
        o1[k] = mk(sc * (a.x + b.x), cs * (a.y - b.y));
        if (two)
            o2[k] = mk(sc * (a.y + b.y), cs * (b.x - a.x));
    }
}

/* one frame per block (R2CP, C2RP: two), TPT threads; grid = batch
 * (R2CP, C2RP: ceil(batch / 2)) */
template <typename T, int FORM, int M, int TPT, int MINB, class S, bool SKIP0, int PM>
__global__ void __launch_bounds__(TPT, MINB) bkernel(const __grid_constant__ gfp_bparams p)
{
    static_assert(S::K >= 2 && S::prod() == M, "radices of M, two stages at least");
    static_assert(!SKIP0 || (S::r(0) == 2 && S::K >= 3), "stage 0 skipped: radix 2, not the last");
    extern __shared__ __align__(16) unsigned char gfp_bsm_raw[];
    gcx<T> *sm = (gcx<T> *)gfp_bsm_raw;
    const int x = threadIdx.x;
    const unsigned long long g = blockIdx.x;
    fwd<T, FORM, M, TPT, S, SKIP0, PM, 0>(p, sm, x, g);
    bmid<T, M, TPT, S, PM>(p, sm, x);
    inv<T, FORM, M, TPT, S, PM, 1>(p, sm, x, g);
    if constexpr (FORM == GFP_BFORM_R2CP)
        bsplit<T, TPT, PM>(p, sm, x, g);
}

/* C2C, R2C, C2R and C2RP are always instantiated; OPT: the optional forms,
 * BO_GEN | BO_PAIR (where one spills registers it is not: those plans take
 * gfp_gpu_large.cu's kernel, or R2C one frame per block); BO_NOSKIP: keep a
 * radix-2 stage 0;
 * BO_PAD5: pad every 32 elements, not 16 (radix-32 stores at stride 32);
 * BO_TWP: twiddles as products (btwiddle) */
enum { BO_GEN = 1, BO_PAIR = 2, BO_NOSKIP = 4, BO_PAD5 = 8, BO_TWP = 16 };
template <typename T, int M, int TPT, int MINB, int OPT, int... Rs> inline bool bfill(gfp_fblue_info *f)
{
    typedef Seq<Rs...> S;
    constexpr bool K0 = S::r(0) == 2 && S::K >= 3 && (OPT & BO_NOSKIP) == 0;
    constexpr int PM = ((OPT & BO_PAD5) != 0 ? GFP_FAST_PAD5 : 0) | ((OPT & BO_TWP) != 0 ? BTWP : 0);
    f->func[GFP_BFORM_C2C] = (const void *)bkernel<T, GFP_BFORM_C2C, M, TPT, MINB, S, K0, PM>;
    f->func[GFP_BFORM_R2C] = (const void *)bkernel<T, GFP_BFORM_R2C, M, TPT, MINB, S, K0, PM>;
    f->func[GFP_BFORM_C2R] = (const void *)bkernel<T, GFP_BFORM_C2R, M, TPT, MINB, S, K0, PM>;
    f->func[GFP_BFORM_C2RP] = (const void *)bkernel<T, GFP_BFORM_C2RP, M, TPT, MINB, S, K0, PM>;
    if constexpr ((OPT & BO_PAIR) != 0)
        f->func[GFP_BFORM_R2CP] = (const void *)bkernel<T, GFP_BFORM_R2CP, M, TPT, MINB, S, K0, PM>;
    else
        f->func[GFP_BFORM_R2CP] = NULL;
    if constexpr ((OPT & BO_GEN) != 0)
        f->func[GFP_BFORM_GEN] = (const void *)bkernel<T, GFP_BFORM_GEN, M, TPT, MINB, S, K0, PM>;
    else
        f->func[GFP_BFORM_GEN] = NULL;
    f->M = M;
    f->threads = TPT;
    f->smem = (size_t)gfpfast::PadN<M, PM>::v * sizeof(gcx<T>);
    f->nst = S::K;
    for (int i = 0; i < S::K; i++)
        f->r[i] = S::r(i);
    return true;
}

} // namespace gfpblue

/* The configurations (measured: bench/NOTES.md, "the one-block
 * Bluestein's occupancy", stop 21); the first FFT reads global memory
 * with its first radix, the second writes it with the same radix
 * (reversed sequence). What limits these kernels is latency, not the
 * shared-memory pipe: more warps an SM, from more and smaller blocks, won.
 *   M = 4096 (n 1025..2048): C2C, R2C and C2R (one frame a block or two)
 *     128 threads x 32 elements, 4 32 32 padded every 32, four blocks an SM
 *     (C2C 2047 +23-36 % over 256 x 16); R2C's pair form and the general
 *     form keep 256 x 16 (16 16 16, two blocks an SM), where R2C's pair
 *     form was 12 % faster on the H100
 *   M = 8192 (..4096): 256 x 32, 8 32 32 padded every 32, two blocks an SM
 *     (C2C 4093 +69-90 %, the pair form +39-58 % over 512 x 16 as 2 16 16
 *     16, one block an SM, whose skipped radix-2 stage 0 stalled on 16
 *     global loads a thread), twiddles as products (+4 %); the general
 *     form (108 bytes of spills
 *     there) on 512 x 16 as 2 16 16 16 without the skip (C2C +46 %)
 *   M = 9216 = 2^10 3^2 (..4608, the issue's 4241): 576 threads x 16-18,
 *     96 registers, twiddles as products (+11-14 %) (8640 = 2^6 3^3 5 as
 *     16 15 9 4 spilled 170 bytes; 288 x 32 as 32 32 9 lost 7 % in C2C)
 *   M = 12288 = 2^12 3 (..6144): 768 threads x 16-18, 80 registers,
 *     twiddles as products (no other shape measured)
 *   M = 16384 (..8192): 1024 x 16 at 64 registers, 4 16 16 16, one block
 *     an SM (139 KB) with 32 warps (7727 +17-21 % over 512 x 32 at 128
 *     registers), twiddles as products (R2C +11 %); no general form (it
 *     spills)
 * form: the kernel form the plan will launch (GFP_BFORM_*); f holds every
 * form the configuration for it has.
 * Alternatives under GFP_FAST_AB, GFP_FAST_ALT=k (the general form not
 * instantiated there; every form of one configuration). */
bool gfp_fblue_f32(int M, int form, gfp_fblue_info *f)
{
#ifdef GFP_FAST_AB
    switch (gfp_fast_alt()) {
    case 1: /* 8192: 1024 x 8 at 64 registers, 5 stages; 16384: 1024 x 16 at 64
             * (12 bytes of spills); 4096: 1024 x 4..8 (56 registers) */
        if (M == 8192) return gfpblue::bfill<float, 8192, 1024, 1, gfpblue::BO_PAIR, 2, 8, 8, 8, 8>(f);
        if (M == 16384) return gfpblue::bfill<float, 16384, 1024, 1, gfpblue::BO_PAIR, 4, 16, 16, 16>(f);
        if (M == 4096) return gfpblue::bfill<float, 4096, 1024, 1, gfpblue::BO_PAIR, 2, 8, 8, 8, 4>(f);
        break;
    case 2: /* 8192: 512 x 16 at 64 registers (16 bytes of spills); 16384: 1024 x
             * 16, radix 8 stages (32 bytes); 4096: 512 x 8 */
        if (M == 8192) return gfpblue::bfill<float, 8192, 512, 2, gfpblue::BO_PAIR, 2, 16, 16, 16>(f);
        if (M == 16384) return gfpblue::bfill<float, 16384, 1024, 1, gfpblue::BO_PAIR, 4, 8, 8, 8, 8>(f);
        if (M == 4096) return gfpblue::bfill<float, 4096, 512, 1, gfpblue::BO_PAIR, 8, 8, 8, 8>(f);
        break;
    case 3: /* 8192: the product's, its radix-2 stage 0 not skipped (A/B of
             * the skip); 9216: radix 9 at the global ends */
        if (M == 8192) return gfpblue::bfill<float, 8192, 512, 1, gfpblue::BO_PAIR | gfpblue::BO_NOSKIP, 2, 16, 16, 16>(f);
        if (M == 9216) return gfpblue::bfill<float, 9216, 576, 1, gfpblue::BO_PAIR, 9, 4, 16, 16>(f);
        break;
    /* stop 21: fewer threads a block, so that two blocks share an SM
     * (the product's 8192 is one block of 512 x 128 registers, the whole
     * register file), and fewer stages through radix 32 */
    case 4: /* 8192: 256 x 32, 8 32 32, two blocks an SM; 16384: 512 x 32,
             * 16 32 32; 4096: 128 x 32, 4 32 32 */
        if (M == 8192) return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR, 8, 32, 32>(f);
        if (M == 16384) /* 36 bytes of spills */
            return gfpblue::bfill<float, 16384, 512, 1, gfpblue::BO_PAIR, 16, 32, 32>(f);
        if (M == 4096) return gfpblue::bfill<float, 4096, 128, 4, gfpblue::BO_PAIR, 4, 32, 32>(f);
        break;
    case 5: /* 8192: the product's radices on 256 x 32, two blocks an SM
             * (288 x 32 for 9216 spills 880 bytes, 32 32 8 for 8192 72) */
        if (M == 8192) return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR, 2, 16, 16, 16>(f);
        break;
    /* stop 21, second round: alt 3 (no stage-0 skip) ran 46 % faster than
     * the product, alt 4 63 %; alt 4 had 9.8 M bank-conflicted shared
     * stores of 48 M wavefronts (radix 32 at stride 32 over a pad every 16) */
    case 6: /* alt 4 padded every 32 (9216 as 288 x 32, 9 32 32, spills 784
             * bytes); 16384 as alt 1 */
        if (M == 8192) return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR | gfpblue::BO_PAD5, 8, 32, 32>(f);
        if (M == 4096) return gfpblue::bfill<float, 4096, 128, 4, gfpblue::BO_PAIR | gfpblue::BO_PAD5, 4, 32, 32>(f);
        if (M == 16384) return gfpblue::bfill<float, 16384, 1024, 1, gfpblue::BO_PAIR, 4, 16, 16, 16>(f);
        break;
    case 7: /* alt 5 without the skip; 9216 as 288 x 32, 32 32 9, two blocks an SM */
        if (M == 8192)
            return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR | gfpblue::BO_NOSKIP, 2, 16, 16, 16>(f);
        if (M == 9216) return gfpblue::bfill<float, 9216, 288, 2, gfpblue::BO_PAIR | gfpblue::BO_PAD5, 32, 32, 9>(f);
        break;
    case 8: /* 8192 as 16 16 32 (the second FFT 32 16 16), padded every 32 */
        if (M == 8192) return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR | gfpblue::BO_PAD5, 16, 16, 32>(f);
        break;
    case 9: /* 8192 as 32 16 16, padded every 32 */
        if (M == 8192) return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR | gfpblue::BO_PAD5, 32, 16, 16>(f);
        break;
    /* stop 21, fourth round: a thread's loads decide (the two-level table,
     * two loads a twiddle, lost): twiddles as products of 3 + R/4 - 1 loads */
    case 10: /* the product's shapes with them */
        if (M == 8192)
            return gfpblue::bfill<float, 8192, 256, 2, gfpblue::BO_PAIR | gfpblue::BO_PAD5 | gfpblue::BO_TWP, 8, 32, 32>(f);
        if (M == 4096)
            return gfpblue::bfill<float, 4096, 128, 4, gfpblue::BO_PAIR | gfpblue::BO_PAD5 | gfpblue::BO_TWP, 4, 32, 32>(f);
        if (M == 9216)
            return gfpblue::bfill<float, 9216, 576, 1, gfpblue::BO_PAIR | gfpblue::BO_TWP, 4, 9, 16, 16>(f);
        if (M == 16384)
            return gfpblue::bfill<float, 16384, 1024, 1, gfpblue::BO_PAIR | gfpblue::BO_TWP, 4, 16, 16, 16>(f);
        break;
    default: break;
    }
#endif
    using namespace gfpblue;
    switch (M) {
    /* stop 22: lengths between the powers of two, so that M / n stays
     * lower (n 1025 .. 1280 and 2049 .. 2304 took M 4096 and 8192); radix
     * 16 twice on M / 16 threads, the odd factor last; no general form (its
     * plans take the next M). H100 (bench/NOTES.md): C2C 1031 0.58x ->
     * 0.78x cuFFT, 1153 0.93x, 2053 0.78x -> 0.84x; 3072 (16 16 4 3 on
     * 192) ran no faster than 4096, 6144 (16 16 8 3 on 384) at half the
     * rate of 8192: not built */
    case 2304: return bfill<float, 2304, 144, 4, BO_PAIR, 16, 16, 9>(f);
    case 2560: return bfill<float, 2560, 160, 4, BO_PAIR, 16, 16, 10>(f);
    case 4608: return bfill<float, 4608, 288, 2, BO_PAIR, 16, 16, 2, 9>(f);
    case 4096:
        if (form == GFP_BFORM_C2C || form == GFP_BFORM_R2C || form == GFP_BFORM_C2R ||
            form == GFP_BFORM_C2RP)
            return bfill<float, 4096, 128, 4, BO_PAD5, 4, 32, 32>(f);
        return bfill<float, 4096, 256, 2, BO_GEN | BO_PAIR, 16, 16, 16>(f);
    case 8192:
        if (form == GFP_BFORM_GEN) /* 108 bytes of spills on 256 x 32 */
            return bfill<float, 8192, 512, 1, BO_GEN | BO_NOSKIP, 2, 16, 16, 16>(f);
        return bfill<float, 8192, 256, 2, BO_PAIR | BO_PAD5 | BO_TWP, 8, 32, 32>(f);
    case 9216: return bfill<float, 9216, 576, 1, BO_GEN | BO_PAIR | BO_TWP, 4, 9, 16, 16>(f);
    case 12288: return bfill<float, 12288, 768, 1, BO_GEN | BO_PAIR | BO_TWP, 16, 16, 16, 3>(f);
    case 16384: return bfill<float, 16384, 1024, 1, BO_PAIR | BO_TWP, 4, 16, 16, 16>(f);
    default: return false;
    }
}

/* f64: M = 4096 (n 1025..2048) and 8192 (..4096; 139 KB, one block per
 * SM), 512 threads x 8 (16) elements, 128 registers; 8192's general form
 * spills 136 bytes: not instantiated (its C2R pair form spills 16, and ran
 * 2.08x cuFFT at 4093 on the H200) */
bool gfp_fblue_f64(int M, int form, gfp_fblue_info *f)
{
    (void)form;
#ifdef GFP_FAST_AB
    switch (gfp_fast_alt()) {
    case 1: /* the Z2Z 8192 kernel's order (64 bytes of spills) */
        if (M == 8192) return gfpblue::bfill<double, 8192, 512, 1, gfpblue::BO_PAIR, 16, 8, 8, 8>(f);
        break;
    case 2: /* 1024 x 8 at 64 registers (8192: 4 bytes of spills); 4096: 256 x 16
             * (44 bytes) */
        if (M == 8192) return gfpblue::bfill<double, 8192, 1024, 1, gfpblue::BO_PAIR, 2, 8, 8, 8, 8>(f);
        if (M == 4096) return gfpblue::bfill<double, 4096, 256, 2, gfpblue::BO_PAIR, 16, 16, 16>(f);
        break;
    default: break;
    }
#endif
    switch (M) {
    case 4096: return gfpblue::bfill<double, 4096, 512, 1, gfpblue::BO_GEN, 8, 8, 8, 8>(f);
    case 8192: return gfpblue::bfill<double, 8192, 512, 1, gfpblue::BO_PAIR, 8, 8, 8, 16>(f);
    default: return false;
    }
}

/* the lengths above, ascending */
static const int fblue_m32[] = {2304, 2560, 4096, 4608, 8192, 9216, 12288, 16384};
static const int fblue_m64[] = {4096, 8192};

int gfp_fblue_pick(long long n, int dbl, int form, gfp_fblue_info *f)
{
    const int *m = dbl ? fblue_m64 : fblue_m32;
    int cnt = dbl ? (int)(sizeof fblue_m64 / sizeof *m) : (int)(sizeof fblue_m32 / sizeof *m);
    if (n < 1025)
        return 0;
    /* the shortest M >= 2n - 1 with the form (the pair forms fall back on
     * their one-frame forms, which every configuration has) */
    for (int i = 0; i < cnt; i++)
        if (m[i] >= 2 * n - 1 && (dbl ? gfp_fblue_f64(m[i], form, f) : gfp_fblue_f32(m[i], form, f)) &&
            (f->func[form] || form == GFP_BFORM_R2CP || form == GFP_BFORM_C2RP))
            return m[i];
    return 0;
}

/* the second FFT runs the first one's radices reversed */
static void blue_radices(const gfp_fblue_info *f, int pass, int *r)
{
    for (int i = 0; i < f->nst; i++)
        r[i] = f->r[pass ? f->nst - 1 - i : i];
}

size_t gfp_fblue_ntw(const gfp_fblue_info *f)
{
    size_t n = 0, np;
    int r[GFP_FAST_MAXST];
    for (int pass = 0; pass < 2; pass++) {
        blue_radices(f, pass, r);
        gfp_gpu_stage_twiddle_count(r, f->nst, f->M, &np);
        n += np;
    }
    return n;
}

/* W_{Ls R}^{s k} at [off + (s-1) Ls + k], the first FFT's stages then the
 * second's (Seq::off), from long double, rounded once */
void gfp_fblue_twiddles(const gfp_fblue_info *f, int dbl, void *h)
{
    int r[GFP_FAST_MAXST];
    size_t n0;
    blue_radices(f, 0, r);
    gfp_gpu_stage_twiddle_count(r, f->nst, f->M, &n0);
    gfp_gpu_stage_twiddle_fill(r, f->nst, dbl, h);
    blue_radices(f, 1, r);
    gfp_gpu_stage_twiddle_fill(r, f->nst, dbl, (char *)h + n0 * (dbl ? 16 : 8));
}

