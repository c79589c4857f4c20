/* gfp_gpu_fft.cuh - device side of gfftpipe's mixed-radix Stockham FFT.
 *
 * One thread block holds F transforms of length nf (complex) in shared
 * memory. Each thread owns butterflies of every stage (at most E elements
 * in registers); stages are radix-R Stockham (autosort, DIT):
 *   j in [0, nf/R), k = j mod Ls,
 *   x_s = X[j + s nf/R] * W_{Ls R}^{s k},  Y[(j-k) R + k + t Ls] = DFT_R(x)_t
 * The first stage reads global memory directly (fused with the window,
 * the C2R merge step or the real-input packing); the last stage writes
 * global memory directly (fused with scale, conjugation and the post-op),
 * except R2C, whose split step needs the whole spectrum in shared memory.
 * All butterflies compute the forward DFT; inverse transforms conjugate
 * on the way in and out. Twiddles come from per-plan tables computed in
 * long double on the host. */
#ifndef GFP_GPU_FFT_CUH
#define GFP_GPU_FFT_CUH

#include <cuda_runtime.h>
#include "gfp_gpu_consts.cuh"

#define GFP_MAXST 16

template <typename T> struct alignas(2 * sizeof(T)) gcx { T x, y; };

template <typename T>
__device__ __forceinline__ gcx<T> mk(T x, T y) { gcx<T> r; r.x = x; r.y = y; return r; }
template <typename T>
__device__ __forceinline__ gcx<T> add(gcx<T> a, gcx<T> b) { return mk(a.x + b.x, a.y + b.y); }
template <typename T>
__device__ __forceinline__ gcx<T> sub(gcx<T> a, gcx<T> b) { return mk(a.x - b.x, a.y - b.y); }
template <typename T>
__device__ __forceinline__ gcx<T> cmul(gcx<T> a, gcx<T> b)
{
    return mk(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
/* the C2R merge for index i of the packed half-length sequence: a = X[i],
 * b = X[L - i] of the Hermitian spectrum, w = W_2L^i; returns the
 * conjugate of Z[i] = (X[i] + conj X[L-i]) + i W_2L^-i (X[i] - conj
 * X[L-i]), which a forward FFT then takes (conj_in: the bins given
 * conjugated, the inverse's sign). Z[L - i] is gfp_c2r_bin(b, a, -conj w)
 * (W_2L^{L-i} = -conj W_2L^i). i0 (i = 0): bins 0 and L taken as real,
 * as FFTW's c2r reads them; else their imaginary parts would reach the
 * output. The generic kernels' C2R load, gfp_lmerge_kernel and the
 * specialised kernels' merges all call it. */
template <typename T>
__device__ __forceinline__ gcx<T> gfp_c2r_bin(gcx<T> a, gcx<T> b, gcx<T> w, int conj_in,
                                              bool i0)
{
    if (i0)
        a.y = b.y = (T)0;
    if (conj_in)
        b.y = -b.y;
    else
        a.y = -a.y;
    const gcx<T> s = add(a, b);
    const gcx<T> wd = cmul(mk(w.x, -w.y), sub(a, b));
    return mk(s.x - wd.y, -(s.y + wd.x));
}
__device__ __forceinline__ gcx<float> ldg(const gcx<float> *p)
{
    float2 v = __ldg((const float2 *)p);
    return mk(v.x, v.y);
}
__device__ __forceinline__ gcx<double> ldg(const gcx<double> *p)
{
    double2 v = __ldg((const double2 *)p);
    return mk(v.x, v.y);
}
__device__ __forceinline__ float ldg(const float *p) { return __ldg(p); }
__device__ __forceinline__ double ldg(const double *p) { return __ldg(p); }
/* a * (-i) */
template <typename T>
__device__ __forceinline__ gcx<T> mnegi(gcx<T> a) { return mk(a.y, -a.x); }

/* ---- butterflies (forward, in place on v[0..R-1]) ---------------------- */

template <typename T>
__device__ __forceinline__ void bf2(gcx<T> &a, gcx<T> &b)
{
    gcx<T> t = a;
    a = add(t, b);
    b = sub(t, b);
}

template <int R, typename T> struct Bfly;

template <typename T> struct Bfly<2, T> {
    static __device__ __forceinline__ void run(gcx<T> *v) { bf2(v[0], v[1]); }
};

template <typename T>
__device__ __forceinline__ void dft4(gcx<T> &x0, gcx<T> &x1, gcx<T> &x2, gcx<T> &x3)
{
    gcx<T> t0 = add(x0, x2), t1 = sub(x0, x2);
    gcx<T> t2 = add(x1, x3), t3 = mnegi(sub(x1, x3));
    x0 = add(t0, t2);
    x2 = sub(t0, t2);
    x1 = add(t1, t3);
    x3 = sub(t1, t3);
}

template <typename T> struct Bfly<4, T> {
    static __device__ __forceinline__ void run(gcx<T> *v) { dft4(v[0], v[1], v[2], v[3]); }
};

template <typename T>
__device__ __forceinline__ void dft8(gcx<T> *e /* even 4 */, gcx<T> *o /* odd 4 */,
                                     gcx<T> *out)
{
    const T c = (T)0.70710678118654752440084436210484903928;
    dft4(e[0], e[1], e[2], e[3]);
    dft4(o[0], o[1], o[2], o[3]);
    gcx<T> o1 = mk(c * (o[1].x + o[1].y), c * (o[1].y - o[1].x)); /* * W8^1 */
    gcx<T> o2 = mnegi(o[2]);                                       /* * W8^2 */
    gcx<T> o3 = mk(c * (o[3].y - o[3].x), -c * (o[3].x + o[3].y)); /* * W8^3 */
    out[0] = add(e[0], o[0]);
    out[4] = sub(e[0], o[0]);
    out[1] = add(e[1], o1);
    out[5] = sub(e[1], o1);
    out[2] = add(e[2], o2);
    out[6] = sub(e[2], o2);
    out[3] = add(e[3], o3);
    out[7] = sub(e[3], o3);
}

template <typename T> struct Bfly<8, T> {
    static __device__ __forceinline__ void run(gcx<T> *v)
    {
        gcx<T> e[4] = {v[0], v[2], v[4], v[6]};
        gcx<T> o[4] = {v[1], v[3], v[5], v[7]};
        dft8(e, o, v);
    }
};

template <typename T> struct Bfly<16, T> {
    /* 4 x 4: four DFT4 on columns, twiddles W16^{n1 k2}, four DFT4 on rows */
    static __device__ __forceinline__ void run(gcx<T> *v)
    {
        const T c1 = (T)0.92387953251128675612818318939678828682; /* cos pi/8 */
        const T s1 = (T)0.38268343236508977172845998403039886676; /* sin pi/8 */
        const T h = (T)0.70710678118654752440084436210484903928;
#pragma unroll
        for (int n2 = 0; n2 < 4; n2++)
            dft4(v[n2], v[n2 + 4], v[n2 + 8], v[n2 + 12]);
        /* element (n2, k1) sits at v[n2 + 4 k1]; multiply by W16^{n2 k1} */
        v[5] = cmul(v[5], mk(c1, -s1));   /* W^1 */
        v[6] = mk(h * (v[6].x + v[6].y), h * (v[6].y - v[6].x)); /* W^2 */
        v[7] = cmul(v[7], mk(s1, -c1));   /* W^3 */
        v[9] = mk(h * (v[9].x + v[9].y), h * (v[9].y - v[9].x)); /* W^2 */
        v[10] = mnegi(v[10]);             /* W^4 */
        v[11] = mk(h * (v[11].y - v[11].x), -h * (v[11].x + v[11].y)); /* W^6 */
        v[13] = cmul(v[13], mk(s1, -c1)); /* W^3 */
        v[14] = mk(h * (v[14].y - v[14].x), -h * (v[14].x + v[14].y)); /* W^6 */
        v[15] = cmul(v[15], mk(-c1, s1)); /* W^9 */
#pragma unroll
        for (int k1 = 0; k1 < 4; k1++)
            dft4(v[4 * k1], v[4 * k1 + 1], v[4 * k1 + 2], v[4 * k1 + 3]);
        /* X[k1 + 4 k2] = row k1 element k2 = v[4 k1 + k2]: transpose */
        gcx<T> t[16];
#pragma unroll
        for (int i = 0; i < 16; i++)
            t[i] = v[i];
#pragma unroll
        for (int k1 = 0; k1 < 4; k1++)
#pragma unroll
            for (int k2 = 0; k2 < 4; k2++)
                v[k1 + 4 * k2] = t[4 * k1 + k2];
    }
};

/* odd radices: symmetric form, constants folded at compile time */
template <int R, typename T> struct BflyOdd {
    static __device__ __forceinline__ void run(gcx<T> *v)
    {
        constexpr int H = (R - 1) / 2;
        gcx<T> a[H + 1], b[H + 1];
        gcx<T> x0 = v[0];
        gcx<T> s = v[0];
#pragma unroll
        for (int m = 1; m <= H; m++) {
            a[m] = add(v[m], v[R - m]);
            b[m] = sub(v[m], v[R - m]);
            s = add(s, a[m]);
        }
#pragma unroll
        for (int k = 1; k <= H; k++) {
            gcx<T> A = x0, B = mk((T)0, (T)0);
#pragma unroll
            for (int m = 1; m <= H; m++) {
                const T c = (T)gfp_cosr(R, (k * m) % R);
                const T sn = (T)gfp_sinr(R, (k * m) % R);
                A.x += a[m].x * c;
                A.y += a[m].y * c;
                B.x += b[m].x * sn;
                B.y += b[m].y * sn;
            }
            v[k] = mk(A.x + B.y, A.y - B.x);
            v[R - k] = mk(A.x - B.y, A.y + B.x);
        }
        v[0] = s;
    }
};
template <typename T> struct Bfly<3, T> : BflyOdd<3, T> {};
template <typename T> struct Bfly<5, T> : BflyOdd<5, T> {};
template <typename T> struct Bfly<7, T> : BflyOdd<7, T> {};
template <typename T> struct Bfly<9, T> : BflyOdd<9, T> {};
template <typename T> struct Bfly<11, T> : BflyOdd<11, T> {};
template <typename T> struct Bfly<13, T> : BflyOdd<13, T> {};
template <typename T> struct Bfly<17, T> : BflyOdd<17, T> {};
template <typename T> struct Bfly<31, T> : BflyOdd<31, T> {};

/* ---- kernel parameters --------------------------------------------------- */

/* kernel modes: C2C; R2C and C2R of even length through a half-length
 * complex FFT; odd-length R2C and C2R through a full-length complex FFT */
enum { GFP_MODE_C2C = 0, GFP_MODE_R2C = 1, GFP_MODE_C2R = 2, GFP_MODE_R2C_ODD = 3,
       GFP_MODE_C2R_ODD = 4 };

struct gfp_kstage {
    int r, ls, twoff;
};

struct gfp_kparams {
    const void *in;
    void *out;
    const void *tw;   /* stage twiddles, then (R2C/C2R) W_n^k, k = 0..nf */
    const void *win;  /* n reals or NULL */
    unsigned long long batch;
    int n;            /* logical length */
    int nf;           /* complex FFT length */
    int nst;
    int tpt;          /* threads per transform */
    int fpb;          /* transforms per block */
    int pstride;      /* shared-memory elements per transform */
    int nbins;        /* output bins per transform */
    int staged;       /* load/store through shared memory by the whole block */
    int conj_in, conj_out;
    int post;
    int rtwoff;       /* offset of W_n^k in tw */
    double scale;
    gfp_kstage st[GFP_MAXST];
};

/* shared-memory padding: one element every 16 */
__device__ __forceinline__ int gpad(int i) { return i + (i >> 4); }

template <typename T>
__device__ __forceinline__ T gfp_post_val(int post, gcx<T> v);
template <>
__device__ __forceinline__ float gfp_post_val<float>(int post, gcx<float> v)
{
    float p = v.x * v.x + v.y * v.y;
    switch (post) {
    case 1: return sqrtf(p);
    case 2: return p;
    case 3: return 10.0f * log10f(p < 1e-30f ? 1e-30f : p);
    default: return atan2f(v.y, v.x);
    }
}
template <>
__device__ __forceinline__ double gfp_post_val<double>(int post, gcx<double> v)
{
    double p = v.x * v.x + v.y * v.y;
    switch (post) {
    case 1: return sqrt(p);
    case 2: return p;
    case 3: return 10.0 * log10(p < 1e-30 ? 1e-30 : p);
    default: return atan2(v.y, v.x);
    }
}

/* ---- the kernel ------------------------------------------------------------ */

template <typename T, int MODE> struct GfpIO {
    /* element i (0..nf-1) of the FFT input of global transform g */
    static __device__ __forceinline__ gcx<T> load(const gfp_kparams &p,
                                                  unsigned long long g, int i)
    {
        const T *win = (const T *)p.win;
        if (MODE == GFP_MODE_R2C) {
            const gcx<T> *in = (const gcx<T> *)((const T *)p.in + g * (unsigned long long)p.n);
            gcx<T> v = ldg(&in[i]);
            if (win) {
                v.x *= ldg(&win[2 * i]);
                v.y *= ldg(&win[2 * i + 1]);
            }
            return v;
        } else if (MODE == GFP_MODE_C2R) {
            const gcx<T> *in = (const gcx<T> *)p.in + g * (unsigned long long)(p.nf + 1);
            const gcx<T> *tw = (const gcx<T> *)p.tw + p.rtwoff;
            /* W_n^i = e^{-2 pi i i/n} from tw */
            return gfp_c2r_bin(ldg(&in[i]), ldg(&in[p.nf - i]), ldg(&tw[i]), p.conj_in,
                               i == 0);
        } else if (MODE == GFP_MODE_C2C) {
            const gcx<T> *in = (const gcx<T> *)p.in + g * (unsigned long long)p.n;
            gcx<T> v = ldg(&in[i]);
            if (win) {
                T w = ldg(&win[i]);
                v.x *= w;
                v.y *= w;
            }
            if (p.conj_in) v.y = -v.y;
            return v;
        } else if (MODE == GFP_MODE_R2C_ODD) {
            const T *in = (const T *)p.in + g * (unsigned long long)p.n;
            T x = ldg(&in[i]);
            if (win) x *= ldg(&win[i]);
            return mk(x, (T)0);
        } else { /* Hermitian half of an odd-length C2R */
            const gcx<T> *in = (const gcx<T> *)p.in + g * (unsigned long long)(p.n / 2 + 1);
            gcx<T> v;
            if (i <= p.n / 2) {
                v = ldg(&in[i]);
            } else {
                v = ldg(&in[p.n - i]);
                v.y = -v.y;
            }
            if (p.conj_in) v.y = -v.y;
            return v;
        }
    }

    /* direct store of output element i (0..nf-1) by the last stage */
    static __device__ __forceinline__ void store(const gfp_kparams &p, unsigned long long g,
                                                 int i, gcx<T> v)
    {
        const T sc = (T)p.scale;
        if (MODE == GFP_MODE_C2R) {
            gcx<T> *out = (gcx<T> *)((T *)p.out + g * (unsigned long long)p.n);
            out[i] = mk(v.x * sc, -v.y * sc);
        } else if (MODE == GFP_MODE_C2R_ODD) {
            ((T *)p.out)[g * (unsigned long long)p.n + i] = v.x * sc;
        } else {
            if (p.conj_out) v.y = -v.y;
            ((gcx<T> *)p.out)[g * (unsigned long long)p.n + i] = mk(v.x * sc, v.y * sc);
        }
    }
};

/* One stage. first: read global memory; last: write global memory (else
 * shared memory). Not inlined: ptxas allocates registers per stage
 * function, where one function holding every radix's code spilled heavily. */
template <typename T, int MODE, int R, int MB, bool first, bool last>
__device__ __noinline__ void gfp_stage(const gfp_kparams &p, const gfp_kstage st,
                                          gcx<T> *sm, unsigned long long g, bool act,
                                          int x)
{
    const int nb = p.nf / R;
    const int ls = st.ls;
    const gcx<T> *tw = (const gcx<T> *)p.tw + st.twoff;
    gcx<T> v[MB][R];
    /* load, twiddle and butterfly; only the stores wait for the barrier */
#pragma unroll
    for (int b = 0; b < MB; b++) {
        int j = x + b * p.tpt;
        if (act && j < nb) {
#pragma unroll
            for (int s = 0; s < R; s++)
                v[b][s] = first ? GfpIO<T, MODE>::load(p, g, j + s * nb) : sm[gpad(j + s * nb)];
            int k = ls > 1 ? j % ls : 0;
            if (k) {
                /* W_L^m = A[m mod 64] B[m / 64], L = ls R: small tables
                 * that stay in L1 */
#pragma unroll
                for (int s = 1; s < R; s++) {
                    int m = k * s;
                    gcx<T> w = cmul(ldg(&tw[m & 63]), ldg(&tw[64 + (m >> 6)]));
                    v[b][s] = cmul(v[b][s], w);
                }
            }
            Bfly<R, T>::run(v[b]);
        }
    }
    if (!first)
        __syncthreads();
#pragma unroll
    for (int b = 0; b < MB; b++) {
        int j = x + b * p.tpt;
        if (act && j < nb) {
            int k = ls > 1 ? j % ls : 0;
            int base = (j - k) * R + k;
            if (last) {
#pragma unroll
                for (int s = 0; s < R; s++)
                    GfpIO<T, MODE>::store(p, g, base + s * ls, v[b][s]);
            } else {
#pragma unroll
                for (int s = 0; s < R; s++)
                    sm[gpad(base + s * ls)] = v[b][s];
            }
        }
    }
    if (!last)
        __syncthreads();
}

template <typename T, int MODE, int E, bool F, bool L>
__device__ __forceinline__ void gfp_run_stage(const gfp_kparams &p, int i, gcx<T> *sm,
                                              unsigned long long g, bool act, int x)
{
    const gfp_kstage st = p.st[i];
    switch (st.r) {
    case 2: gfp_stage<T, MODE, 2, (E + 1) / 2, F, L>(p, st, sm, g, act, x); break;
    case 3: gfp_stage<T, MODE, 3, (E + 2) / 3, F, L>(p, st, sm, g, act, x); break;
    case 4: gfp_stage<T, MODE, 4, (E + 3) / 4, F, L>(p, st, sm, g, act, x); break;
    case 5: gfp_stage<T, MODE, 5, (E + 4) / 5, F, L>(p, st, sm, g, act, x); break;
    case 7: gfp_stage<T, MODE, 7, (E + 6) / 7, F, L>(p, st, sm, g, act, x); break;
    case 8: gfp_stage<T, MODE, 8, (E + 7) / 8, F, L>(p, st, sm, g, act, x); break;
    case 9: gfp_stage<T, MODE, 9, (E + 8) / 9, F, L>(p, st, sm, g, act, x); break;
    case 11: gfp_stage<T, MODE, 11, (E + 10) / 11, F, L>(p, st, sm, g, act, x); break;
    case 13: gfp_stage<T, MODE, 13, (E + 12) / 13, F, L>(p, st, sm, g, act, x); break;
    case 16: gfp_stage<T, MODE, 16, (E + 15) / 16, F, L>(p, st, sm, g, act, x); break;
    default: break;
    }
}

template <typename T, int MODE, int E, bool DIRECT>
__device__ __forceinline__ void gfp_fft_body(const gfp_kparams &p)
{
    extern __shared__ __align__(16) unsigned char gfp_smem_raw[];
    const int tid = threadIdx.x;
    const int t = tid / p.tpt;           /* transform within block */
    const int x = tid - t * p.tpt;       /* thread within transform */
    const unsigned long long b0 = (unsigned long long)blockIdx.x * p.fpb;
    const unsigned long long g = b0 + t;
    const bool act = t < p.fpb && g < p.batch;
    gcx<T> *sm0 = (gcx<T> *)gfp_smem_raw;
    gcx<T> *sm = sm0 + (size_t)t * p.pstride;
    unsigned long long rest = p.batch - b0;
    const int nt = rest < (unsigned long long)p.fpb ? (int)rest : p.fpb; /* transforms here */

    if (p.staged) {
        /* short transforms (fewer than 32 threads each): the block loads and
         * stores its frames together, so that a warp touches consecutive
         * addresses; every stage works in shared memory */
        const int tot = nt * p.nf;
        for (int e = tid; e < tot; e += blockDim.x) {
            int tt = e / p.nf, i = e - tt * p.nf;
            sm0[tt * p.pstride + gpad(i)] = GfpIO<T, MODE>::load(p, b0 + tt, i);
        }
        __syncthreads();
        for (int i = 0; i < p.nst; i++)
            gfp_run_stage<T, MODE, E, false, false>(p, i, sm, g, act, x);
        if (DIRECT) {
            for (int e = tid; e < tot; e += blockDim.x) {
                int tt = e / p.nf, i = e - tt * p.nf;
                GfpIO<T, MODE>::store(p, b0 + tt, i, sm0[tt * p.pstride + gpad(i)]);
            }
            return;
        }
    } else {
        /* the last stage stores to global memory itself unless a split step
         * or a post-op needs the spectrum in shared memory (nst >= 2 here) */
        gfp_run_stage<T, MODE, E, true, false>(p, 0, sm, g, act, x);
        for (int i = 1; i < p.nst - 1; i++)
            gfp_run_stage<T, MODE, E, false, false>(p, i, sm, g, act, x);
        gfp_run_stage<T, MODE, E, false, DIRECT>(p, p.nst - 1, sm, g, act, x);
        if (DIRECT)
            return;
    }

    /* split step (R2C) / post-op, over all bins of the block's frames */
    const T sc = (T)p.scale;
    const int M = p.nf;
    const int tot = nt * p.nbins;
    for (int e = tid; e < tot; e += blockDim.x) {
        int tt = e / p.nbins, k = e - tt * p.nbins;
        const gcx<T> *s0 = sm0 + tt * p.pstride;
        gcx<T> X;
        if (MODE == GFP_MODE_R2C) {
            /* split: X[k] = (Z[k] + conj Z[M-k])/2 - i/2 W_n^k (Z[k] - conj Z[M-k]) */
            const gcx<T> *w = (const gcx<T> *)p.tw + p.rtwoff;
            const T hf = (T)0.5;
            int k1 = k == M ? 0 : k;
            int k2 = k == 0 ? 0 : M - k;
            gcx<T> a = s0[gpad(k1)];
            gcx<T> b = s0[gpad(k2)];
            b.y = -b.y;
            gcx<T> s = add(a, b), d = sub(a, b);
            gcx<T> wd = cmul(ldg(&w[k]), d);
            X = mk(hf * (s.x + wd.y), hf * (s.y - wd.x));
        } else {
            X = s0[gpad(k)];
        }
        if (p.conj_out) X.y = -X.y;
        X.x *= sc;
        X.y *= sc;
        unsigned long long o = (b0 + tt) * (unsigned long long)p.nbins + k;
        if (p.post)
            ((T *)p.out)[o] = gfp_post_val<T>(p.post, X);
        else
            ((gcx<T> *)p.out)[o] = X;
    }
}

#endif
