/* emu-err.cpp - host emulation of the error of the kernels' arithmetic
 * (no GPU): the butterflies of kernels/gfp_gpu_fft.cuh and gfp_gpu_fast.cuh
 * compiled for the CPU, driven by the Stockham stages of fstage, against a
 * long-double DFT. With g++ -mfma -ffp-contract=fast it reproduced the
 * measured f64 errors of the v3 kernels to 2 % (bench/NOTES.md, v5).
 *
 *   emu-err N PREC TW R1 R2 ...   C2C of length N = R1 R2 ..., radices in
 *                                 stage order; PREC 0 f32, 1 f64; TW 0 one
 *                                 rounding per twiddle (v4/v5 tables), 1 v3
 *                                 two-level tables, 2 half-table products
 *                                 (GFP_FAST_HALFTW)
 *   emu-err r2c n PREC R1 ...     R2C through the n/2 complex FFT + split
 * Build: make emu (writes build/emu-err). */
#include <cuda_runtime.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
/* host stand-ins for the device intrinsics the headers name */
#define GFP_EMU 1 /* kernels/: no PTX, no cp.async */
#define __launch_bounds__(...)
#define __noinline__ __attribute__((noinline))
static inline float2 __ldg(const float2 *p) { return *p; }
static inline double2 __ldg(const double2 *p) { return *p; }
static inline float __ldg(const float *p) { return *p; }
static inline double __ldg(const double *p) { return *p; }
static inline float2 __ldcs(const float2 *p) { return *p; }
static inline double2 __ldcs(const double2 *p) { return *p; }
static inline void __stcs(float2 *p, float2 v) { *p = v; }
static inline void __stcs(double2 *p, double2 v) { *p = v; }
static inline void __syncthreads() {}
struct U3 { unsigned x, y, z; };
static U3 threadIdx, blockIdx, blockDim, gridDim;
#include "../../kernels/gfp_gpu_fast.cuh"

typedef long double ld;
typedef std::complex<ld> cld;

/* e^{-2 pi i num/den}, as root() in gfp_gpu.cu */
static void root(long long num, long long den, ld *c, ld *s)
{
    const ld pi = 3.141592653589793238462643383279502884L;
    num %= den;
    if (num < 0) num += den;
    if (2 * num > den) num -= den;
    ld ang = 2.0L * pi * (ld)num / (ld)den;
    *c = cosl(ang);
    *s = -sinl(ang);
}

template <typename T> static void bfly(int R, gcx<T> *v)
{
    switch (R) {
    case 2: Bfly<2, T>::run(v); break;
    case 3: Bfly<3, T>::run(v); break;
    case 4: Bfly<4, T>::run(v); break;
    case 5: Bfly<5, T>::run(v); break;
    case 7: Bfly<7, T>::run(v); break;
    case 8: Bfly<8, T>::run(v); break;
    case 9: Bfly<9, T>::run(v); break;
    case 10: Bfly<10, T>::run(v); break;
    case 11: Bfly<11, T>::run(v); break;
    case 13: Bfly<13, T>::run(v); break;
    case 15: Bfly<15, T>::run(v); break;
    case 16: Bfly<16, T>::run(v); break;
    case 25: Bfly<25, T>::run(v); break;
    case 27: Bfly<27, T>::run(v); break;
    default: fprintf(stderr, "emu-err: no radix %d\n", R); exit(2);
    }
}

template <typename T> static gcx<T> twiddle(int tw, int R, int s, int k, int LS)
{
    ld c, sn, c2, s2;
    if (tw == 1) { /* v3: A[m & 63] B[m >> 6] */
        int m = s * k;
        root(m & 63, (long long)LS * R, &c, &sn);
        root(64 * (m >> 6), (long long)LS * R, &c2, &s2);
        return cmul(mk((T)c, (T)sn), mk((T)c2, (T)s2));
    }
    if (tw == 2 && R > 4 && R != 13 && s > R / 2) { /* W^{Hk} W^{(s-H)k} */
        int H = R / 2;
        root((long long)H * k, (long long)LS * R, &c, &sn);
        root((long long)(s - H) * k, (long long)LS * R, &c2, &s2);
        return cmul(mk((T)c, (T)sn), mk((T)c2, (T)s2));
    }
    root((long long)s * k, (long long)LS * R, &c, &sn);
    return mk((T)c, (T)sn);
}

/* the stages of fstage: x_s = X[j + s N/R] W^{sk}, Y[(j-k)R + k + t Ls] */
template <typename T> static void fft(int N, const std::vector<int> &rs, int tw, gcx<T> *x)
{
    std::vector<gcx<T>> y(N);
    int LS = 1;
    for (int R : rs) {
        int NB = N / R;
        for (int j = 0; j < NB; j++) {
            int k = j % LS;
            gcx<T> v[32];
            for (int s = 0; s < R; s++) v[s] = x[j + s * NB];
            if (LS > 1)
                for (int s = 1; s < R; s++) v[s] = cmul(v[s], twiddle<T>(tw, R, s, k, LS));
            bfly<T>(R, v);
            for (int s = 0; s < R; s++) y[(j - k) * R + k + s * LS] = v[s];
        }
        for (int i = 0; i < N; i++) x[i] = y[i];
        LS *= R;
    }
}

static double urand() { return rand() / (double)RAND_MAX * 2 - 1; }

template <typename T> static double c2c_err(int N, const std::vector<int> &rs, int tw)
{
    std::vector<cld> W(N);
    for (int m = 0; m < N; m++) { ld c, s; root(m, N, &c, &s); W[m] = cld(c, s); }
    ld num = 0, den = 0;
    int frames = N < 1500 ? 16 : 8;
    for (int f = 0; f < frames; f++) {
        std::vector<gcx<T>> x(N);
        std::vector<cld> in(N);
        for (int i = 0; i < N; i++) {
            x[i] = mk((T)urand(), (T)urand());
            in[i] = cld(x[i].x, x[i].y);
        }
        fft<T>(N, rs, tw, x.data());
        for (int k = 0; k < N; k++) {
            cld r = 0;
            for (int j = 0; j < N; j++) r += in[j] * W[(long long)j * k % N];
            num += std::norm(cld(x[k].x, x[k].y) - r);
            den += std::norm(r);
        }
    }
    return (double)sqrtl(num / den);
}

/* the split step of fkernel's R2C epilogue */
template <typename T> static double r2c_err(int n, const std::vector<int> &rs)
{
    int N = n / 2;
    std::vector<cld> W(n);
    for (int m = 0; m < n; m++) { ld c, s; root(m, n, &c, &s); W[m] = cld(c, s); }
    ld num = 0, den = 0;
    for (int f = 0; f < 4000; f++) {
        std::vector<T> x(n);
        for (int i = 0; i < n; i++) x[i] = (T)urand();
        std::vector<gcx<T>> z(N);
        for (int m = 0; m < N; m++) z[m] = mk(x[2 * m], x[2 * m + 1]);
        fft<T>(N, rs, 0, z.data());
        for (int k = 0; k <= N; k++) {
            cld r = 0;
            for (int j = 0; j < n; j++) r += (ld)x[j] * W[(long long)j * k % n];
            gcx<T> a = z[k == N ? 0 : k], bz = z[k == 0 ? 0 : N - k];
            ld c, sn;
            root(k, n, &c, &sn);
            gcx<T> s = mk(a.x + bz.x, a.y - bz.y), d = mk(a.x - bz.x, a.y + bz.y);
            gcx<T> wd = cmul(mk((T)c, (T)sn), d);
            const T h = (T)0.5;
            num += std::norm(cld(h * (s.x + wd.y), h * (s.y - wd.x)) - r);
            den += std::norm(r);
        }
    }
    return (double)sqrtl(num / den);
}

int main(int argc, char **argv)
{
    bool r2c = argc > 1 && std::string(argv[1]) == "r2c";
    int a0 = r2c ? 2 : 1;
    if (argc < a0 + (r2c ? 3 : 4)) {
        fprintf(stderr, "usage: emu-err N PREC TW R1 R2 ... | emu-err r2c n PREC R1 ...\n");
        return 2;
    }
    int n = atoi(argv[a0]), dbl = atoi(argv[a0 + 1]);
    int tw = r2c ? 0 : atoi(argv[a0 + 2]);
    std::vector<int> rs;
    int prod = 1;
    for (int i = a0 + (r2c ? 2 : 3); i < argc; i++) {
        rs.push_back(atoi(argv[i]));
        prod *= rs.back();
    }
    if (prod != (r2c ? n / 2 : n)) {
        fprintf(stderr, "emu-err: radices multiply to %d\n", prod);
        return 2;
    }
    srand(1);
    double e = r2c ? (dbl ? r2c_err<double>(n, rs) : r2c_err<float>(n, rs))
                   : (dbl ? c2c_err<double>(n, rs, tw) : c2c_err<float>(n, rs, tw));
    printf("%.3e\n", e);
    return 0;
}
