/* emu-blue.cpp - host emulation of kernels/gfp_gpu_fast_blue.cu (no GPU):
 * the kernel source compiled for the CPU, one OS thread per CUDA thread of
 * a block and std::barrier for __syncthreads, so the index maps, the
 * stage order, the twiddle table (gfp_fblue_twiddles itself), the fused
 * Bh step and every input/output form run as on the device. Chirp and Bh
 * as gfp_gpu_large.cu's blue_setup makes them (long double, rounded once).
 * Compared with a long-double DFT; also checks that every output element is
 * written (NaN poison) and none past the frames.
 *
 *   emu-blue            every product configuration, every form, some n
 *   emu-blue alts       also the GFP_FAST_AB alternatives (build with
 *                       -DGFP_FAST_AB)
 * Build: make emu-blue (writes build/emu-blue). */
#include <cuda_runtime.h>
#include <barrier>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#define GFP_EMU 1 /* kernels/: no PTX, no cp.async */
#define __launch_bounds__(...)
#define __noinline__ __attribute__((noinline))
static inline float2 __ldg(const float2 *p) { return *p; }
static inline double2 __ldg(const double2 *p) { return *p; }
static inline float __ldg(const float *p) { return *p; }
static inline double __ldg(const double *p) { return *p; }
static inline float4 __ldg(const float4 *p) { return *p; }
static inline float2 __ldcs(const float2 *p) { return *p; }
static inline double2 __ldcs(const double2 *p) { return *p; }
static inline void __stcs(float2 *p, float2 v) { *p = v; }
static inline void __stcs(double2 *p, double2 v) { *p = v; }
static inline void sincospif(float x, float *s, float *c) /* an A/B twiddle form of the header */
{
    const long double a = 3.141592653589793238462643383279502884L * x;
    *s = (float)sinl(a);
    *c = (float)cosl(a);
}
struct U3 { unsigned x, y, z; };
static thread_local U3 threadIdx, blockIdx;
static U3 blockDim, gridDim;
static std::barrier<> *g_bar;
static inline void __syncthreads() { g_bar->arrive_and_wait(); }
#include "../../kernels/gfp_gpu_fast_blue.cu"
#include "../../kernels/gfp_gpu_fast_c2c32.cu" /* gfp_fast_c2c_f32big */
namespace gfpblue { alignas(16) unsigned char gfp_bsm_raw[300000]; }
namespace gfpfast { alignas(16) unsigned char gfp_fsm_raw[300000]; }

typedef long double ld;
typedef std::complex<ld> cld;

static void root(long long num, long long den, ld *c, ld *s)
{
    long double cc, ss;
    gfp_gpu_root(num, den, &cc, &ss);
    *c = cc;
    *s = ss;
}

static void dft(int n, const std::vector<cld> &x, std::vector<cld> &y, bool inv)
{
    std::vector<cld> w(n);
    for (int m = 0; m < n; m++) {
        ld c, s;
        root(m, n, &c, &s);
        w[m] = cld(c, inv ? -s : s);
    }
    y.assign(n, 0);
    for (int k = 0; k < n; k++) {
        cld acc = 0;
        long long q = 0;
        for (int j = 0; j < n; j++) {
            acc += x[j] * w[q];
            q += k;
            if (q >= n) q -= n;
        }
        y[k] = acc;
    }
}

/* DFT of any length in long double: split by the smallest prime factor */
static void fftm(std::vector<cld> &a, bool inv)
{
    size_t L = a.size();
    if (L == 1) return;
    size_t p = 2;
    while (L % p) p++;
    if (p == L) {
        std::vector<cld> x = a, y;
        dft((int)L, x, y, inv);
        a = y;
        return;
    }
    size_t m = L / p;
    std::vector<std::vector<cld>> sub(p, std::vector<cld>(m));
    for (size_t r = 0; r < p; r++) {
        for (size_t i = 0; i < m; i++) sub[r][i] = a[i * p + r];
        fftm(sub[r], inv);
    }
    for (size_t k = 0; k < L; k++) {
        cld acc = 0;
        for (size_t r = 0; r < p; r++) {
            ld c, s;
            root((long long)(r * k % L), (long long)L, &c, &s);
            acc += sub[r][k % m] * cld(c, inv ? -s : s);
        }
        a[k] = acc;
    }
}

static unsigned long long rng = 88172645463325252ull;
static double urand()
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

/* kind: 0 C2C fwd, 1 C2C inv, 2 R2C, 3 C2R; win, post as the product */
template <typename T>
static double run(const gfp_fblue_info &fi, int form, int n, int kind, int batch, bool win,
                  int post, int *bad)
{
    const int M = fi.M;
    /* chirp w[m] = e^{-i pi m^2/n} and Bh = DFT_M(b)/M, b = conj w wrapped */
    std::vector<cld> b(M, 0);
    std::vector<T> chirp(2 * n);
    for (long long m = 0; m < n; m++) {
        ld c, s;
        root((long long)((unsigned long long)m * m % (2ull * n)), 2 * n, &c, &s);
        chirp[2 * m] = (T)c;
        chirp[2 * m + 1] = (T)s;
        b[m] = cld(c, -s);
        if (m)
            b[M - m] = b[m];
    }
    std::vector<cld> B = b;
    fftm(B, false);
    std::vector<T> bh(2 * M);
    for (int i = 0; i < M; i++) {
        bh[2 * i] = (T)(B[i].real() / M);
        bh[2 * i + 1] = (T)(B[i].imag() / M);
    }
    std::vector<T> tw(2 * gfp_fblue_ntw(&fi));
    gfp_fblue_twiddles(&fi, sizeof(T) == 8, tw.data());
    std::vector<T> wv(n);
    for (int i = 0; i < n; i++)
        wv[i] = (T)(0.5 - 0.5 * cos(2 * M_PI * i / n));
    /* input and reference */
    int h = n / 2 + 1;
    int inr = kind == 2 ? n : kind == 3 ? 2 * h : 2 * n;      /* reals per frame in */
    int nout = kind == 2 ? h : n;
    int outr = post || kind == 3 ? nout : 2 * nout;           /* reals per frame out */
    std::vector<T> in((size_t)inr * batch), out((size_t)outr * batch + 64);
    std::vector<ld> ref((size_t)outr * batch);
    for (int f = 0; f < batch; f++) {
        std::vector<cld> x(n), y;
        T *pi = &in[(size_t)f * inr];
        for (int i = 0; i < inr; i++)
            pi[i] = (T)urand();
        if (kind == 3) {
            pi[1] = 0;
            if (n % 2 == 0) pi[2 * (n / 2) + 1] = 0;
        }
        for (int i = 0; i < n; i++) {
            if (kind == 2) x[i] = cld(pi[i], 0);
            else if (kind == 3) {
                int k = i < h ? i : n - i;
                x[i] = cld(pi[2 * k], i < h ? pi[2 * k + 1] : -pi[2 * k + 1]);
            } else x[i] = cld(pi[2 * i], pi[2 * i + 1]);
            if (win) x[i] *= (ld)wv[i];
        }
        dft(n, x, y, kind == 1 || kind == 3);
        for (int k = 0; k < nout; k++) {
            cld v = y[k];
            if (post == 1) ref[(size_t)f * outr + k] = std::abs(v);
            else if (post == 2) ref[(size_t)f * outr + k] = std::norm(v);
            else if (kind == 3) ref[(size_t)f * outr + k] = v.real();
            else {
                ref[(size_t)f * outr + 2 * k] = v.real();
                ref[(size_t)f * outr + 2 * k + 1] = v.imag();
            }
        }
    }
    for (auto &o : out) o = (T)NAN;
    gfp_bparams p;
    memset(&p, 0, sizeof p);
    p.in = in.data();
    p.out = out.data();
    p.chirp = chirp.data();
    p.bh = bh.data();
    p.tw = tw.data();
    p.win = win ? wv.data() : NULL;
    p.batch = batch;
    p.n = n;
    p.nout = nout;
    p.inmode = kind == 2 ? GFP_BIN_REAL : kind == 3 ? GFP_BIN_HERM : GFP_BIN_CPLX;
    p.outmode = kind == 2 ? GFP_BOUT_HALF : kind == 3 ? GFP_BOUT_REAL : GFP_BOUT_CPLX;
    p.conj_in = kind == 1 || kind == 3;
    p.conj_out = kind == 1 || (form == GFP_BFORM_C2RP && kind == 3); /* as gfp_gpu_large.cu's bluef_setup */
    p.post = post;
    p.scale = 1.0;
    typedef void (*K)(gfp_bparams);
    K k = (K)fi.func[form];
    const int blocks = form == GFP_BFORM_R2CP || form == GFP_BFORM_C2RP ? (batch + 1) / 2 : batch;
    for (int f = 0; f < blocks; f++) {
        std::barrier<> bar(fi.threads);
        g_bar = &bar;
        std::vector<std::thread> th;
        for (int t = 0; t < fi.threads; t++)
            th.emplace_back([&, t] {
                threadIdx.x = t;
                blockIdx.x = f;
                k(p);
            });
        for (auto &x : th) x.join();
    }
    ld num = 0, den = 0;
    *bad = 0;
    for (size_t i = 0; i < ref.size(); i++) {
        if (!std::isfinite((double)out[i])) { (*bad)++; continue; }
        ld d = (ld)out[i] - ref[i];
        num += d * d;
        den += ref[i] * ref[i];
    }
    for (size_t i = ref.size(); i < out.size(); i++)
        if (!std::isnan((double)out[i])) (*bad)++;
    return (double)sqrtl(num / den);
}

static int fails = 0;

/* C2C f32 16384 in one block (gfp_fast_c2c_f32big, gfpfast::fkernel), the
 * twiddle table as gfp_gpu.cu's setup_fast builds it */
static void big16384(bool inv)
{
    gfp_fast_info fi;
    memset(&fi, 0, sizeof fi);
    if (!gfp_fast_c2c_f32big(16384, 1 << 30, &fi))
        return;
    const int N = fi.nf, batch = 2;
    std::vector<float> tw;
    int ls = 1;
    for (int i = 0; i < fi.nst; i++) {
        for (int s = 1; s < fi.r[i]; s++)
            for (int k = 0; k < ls; k++) {
                ld c, sn;
                root((long long)s * k, (long long)ls * fi.r[i], &c, &sn);
                tw.push_back((float)c);
                tw.push_back((float)sn);
            }
        ls *= fi.r[i];
    }
    std::vector<float> in(2 * N * batch), out(2 * N * batch + 64, NAN);
    for (auto &v : in) v = (float)urand();
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.in = in.data();
    p.out = out.data();
    p.tw = tw.data();
    p.batch = batch;
    p.conj_in = p.conj_out = inv;
    p.scale = 1.0;
    typedef void (*K)(gfp_fparams);
    K k = (K)fi.func;
    for (int f = 0; f < batch; f++) {
        std::barrier<> bar(fi.threads);
        g_bar = &bar;
        std::vector<std::thread> th;
        for (int t = 0; t < fi.threads; t++)
            th.emplace_back([&, t] {
                threadIdx.x = t;
                blockIdx.x = f;
                k(p);
            });
        for (auto &x : th) x.join();
    }
    ld num = 0, den = 0;
    int bad = 0;
    for (int f = 0; f < batch; f++) {
        std::vector<cld> a(N);
        for (int i = 0; i < N; i++) a[i] = cld(in[2 * (f * N + i)], in[2 * (f * N + i) + 1]);
        fftm(a, inv);
        for (int i = 0; i < N; i++) {
            float ox = out[2 * (f * N + i)], oy = out[2 * (f * N + i) + 1];
            if (!std::isfinite(ox) || !std::isfinite(oy)) { bad++; continue; }
            num += std::norm(cld(ox, oy) - a[i]);
            den += std::norm(a[i]);
        }
    }
    for (size_t i = 2 * N * batch; i < out.size(); i++)
        if (!std::isnan(out[i])) bad++;
    double e = (double)sqrtl(num / den);
    bool f = !(e <= 1e-6) || bad;
    fails += f;
    printf("%s c2c f32 16384 %s threads=%d radices %d %d %d %d: err %.3e, %d bad\n", f ? "FAIL" : "ok  ",
           inv ? "inv" : "fwd", fi.threads, fi.r[0], fi.r[1], fi.r[2], fi.r[3], e, bad);
    fflush(stdout);
}

template <typename T> static void sweep(int M, const std::vector<int> &ns, bool all)
{
    const char *pr = sizeof(T) == 8 ? "f64" : "f32";
    double tol = sizeof(T) == 8 ? 2e-15 : 1e-6;
    const char *q = getenv("EMU_QUICK"); /* the longest n of each M only */
    for (int n : ns) {
        if (q && *q && *q != '0' && n != ns.back())
            continue;
        struct { int form, kind, win, post, batch; } cs[] = {
            {GFP_BFORM_C2C, 0, 0, 0, 2}, {GFP_BFORM_C2C, 1, 0, 0, 1}, {GFP_BFORM_R2C, 2, 0, 0, 2},
            {GFP_BFORM_R2CP, 2, 0, 0, 3}, {GFP_BFORM_R2CP, 2, 0, 0, 2},
            {GFP_BFORM_GEN, 3, 0, 0, 1}, {GFP_BFORM_GEN, 0, 1, 1, 1}, {GFP_BFORM_GEN, 2, 1, 2, 1},
            {GFP_BFORM_GEN, 1, 0, 0, 1}, {GFP_BFORM_C2R, 3, 0, 0, 2},
            {GFP_BFORM_C2RP, 3, 0, 0, 3}, {GFP_BFORM_C2RP, 3, 0, 0, 2}};
        for (auto c : cs) {
            /* the configuration a plan of this form takes */
            gfp_fblue_info fi;
            memset(&fi, 0, sizeof fi);
            if (!(sizeof(T) == 8 ? gfp_fblue_f64(M, c.form, &fi) : gfp_fblue_f32(M, c.form, &fi)))
                return;
            if (!fi.func[c.form]) continue;
            if (!all && c.form == GFP_BFORM_GEN && c.kind != 3) continue;
            int bad = 0;
            double e = run<T>(fi, c.form, n, c.kind, c.batch, c.win, c.post, &bad);
            bool f = !(e <= tol) || bad;
            fails += f;
            printf("%s %s M=%d threads=%d n=%d form=%d kind=%d win=%d post=%d: err %.3e, %d bad\n",
                   f ? "FAIL" : "ok  ", pr, M, fi.threads, n, c.form, c.kind, c.win, c.post, e, bad);
            fflush(stdout);
        }
    }
}

int main(int argc, char **argv)
{
    bool alts = argc > 1 && !strcmp(argv[1], "alts");
    int na = 1, a0 = 0;
#ifdef GFP_FAST_AB
    if (alts) na = 11;
    if (alts && argc > 2) a0 = atoi(argv[2]); /* emu-blue alts FIRST: alts FIRST.. only */
#endif
    for (int a = a0; a < na; a++) {
        char buf[8];
        snprintf(buf, sizeof buf, "%d", a);
        setenv("GFP_FAST_ALT", buf, 1);
        printf("== GFP_FAST_ALT=%d\n", a);
        sweep<float>(2304, {1025, 1151}, a == 0);
        sweep<float>(2560, {1153, 1279}, a == 0);
        sweep<float>(4096, {1281, 2047}, a == 0);
        sweep<float>(4608, {2049, 2303}, a == 0);
        sweep<float>(8192, {2305, 4093}, a == 0);
        sweep<float>(9216, {4097, 4241, 4607}, a == 0);
        sweep<float>(12288, {4609, 6143}, a == 0);
        sweep<float>(16384, {6145, 8191}, a == 0);
        sweep<double>(4096, {1031, 2047}, a == 0);
        sweep<double>(8192, {2049, 4093}, a == 0);
        big16384(false);
        big16384(true);
    }
    printf("emu-blue: %d failures\n", fails);
    return fails != 0;
}
