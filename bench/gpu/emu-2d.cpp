/* emu-2d.cpp - host emulation of the 2D pass kernels (no GPU): every
 * configuration of kernels/gfp_gpu_fast_2d.cu and gfp_gpu_fast_2d64.cu
 * (fkernel with GFP_FAST_TR) compiled for the CPU, one POSIX thread per
 * CUDA thread of a block and a barrier for __syncthreads, shared memory
 * poisoned before every block. Checks:
 *   pass   each kernel alone over 2 FPB + 1 frames (a partial last block)
 *          in matrices of 3 frames (a block straddles matrices), output row
 *          stride 5 and matrix stride NBIN * 5 + 7: every bin against a
 *          long-double DFT, and every slot the map does not name still
 *          poisoned (NaN);
 *   2d     the two passes as gfp_gpu_2d.cu's run() launches them, against
 *          FFTW's 2D transform in double.
 *   emu-2d [pass|2d|all]   (default all); exit 1 on any failure.
 * Build: make emu2d (writes build/emu-2d). */
#include <cuda_runtime.h>
#include <fftw3.h>
#include <pthread.h>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

/* host stand-ins for the device intrinsics the headers name */
#define __launch_bounds__(...)
#define __noinline__ __attribute__((noinline))
static inline float2 __ldg(const float2 *p) { return *p; }
static inline double2 __ldg(const double2 *p) { return *p; }
static inline float4 __ldg(const float4 *p) { return *p; }
static inline float __ldg(const float *p) { return *p; }
static inline double __ldg(const double *p) { return *p; }
static inline float2 __ldcs(const float2 *p) { return *p; }
static inline double2 __ldcs(const double2 *p) { return *p; }
static inline void __stcs(float2 *p, float2 v) { *p = v; }
static inline void __stcs(double2 *p, double2 v) { *p = v; }
struct U3 { unsigned x, y, z; };
static thread_local U3 threadIdx, blockIdx;
static U3 blockDim, gridDim; /* the generic kernels in the headers name them */
static pthread_barrier_t emu_bar;
static inline void __syncthreads() { pthread_barrier_wait(&emu_bar); }
/* the block's dynamic shared memory (the kernel's block-scope extern
 * declaration names it): blocks run one after another */
namespace gfpfast {
alignas(16) unsigned char gfp_fsm_raw[232448];
}
#undef __shared__
#define __shared__
#include "../../kernels/gfp_gpu_fast.cuh"
#include "../../kernels/gfp_gpu_fast_2d.cu"
#undef C2C_T
#include "../../kernels/gfp_gpu_fast_2d64.cu"

typedef long double ld;

/* e^{-2 pi i num/den}, as gfp_gpu_root */
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

/* the per-stage twiddles (+ R2C's W_n^k) as setup_pass in gfp_gpu_2d.cu */
template <typename T>
static std::vector<T> tables(const gfp_fast_info &fi, bool r2c, size_t *rtw_off)
{
    std::vector<T> h;
    int ls = 1;
    ld c, s;
    for (int i = 0; i < fi.nst; i++) {
        long long L = (long long)ls * fi.r[i];
        for (int q = 1; q < fi.r[i]; q++)
            for (int k = 0; k < ls; k++) {
                root((long long)q * k, L, &c, &s);
                h.push_back((T)c);
                h.push_back((T)s);
            }
        ls *= fi.r[i];
    }
    *rtw_off = h.size() / 2;
    if (r2c)
        for (int k = 0; k <= fi.nf; k++) {
            root(k, 2LL * fi.nf, &c, &s);
            h.push_back((T)c);
            h.push_back((T)s);
        }
    if (h.empty())
        h.resize(2);
    return h;
}

struct launch_arg {
    const gfp_fast_info *fi;
    const gfp_fparams *p;
    unsigned tid, blocks;
};

static void *emu_thread(void *vp)
{
    launch_arg *a = (launch_arg *)vp;
    typedef void (*kfn)(gfp_fparams);
    threadIdx.x = a->tid;
    for (unsigned b = 0; b < a->blocks; b++) {
        blockIdx.x = b;
        if (a->tid == 0) /* poison: reads of unwritten shared memory show */
            memset(gfpfast::gfp_fsm_raw, 0xff, sizeof gfpfast::gfp_fsm_raw);
        pthread_barrier_wait(&emu_bar);
        ((kfn)a->fi->func)(*a->p);
        pthread_barrier_wait(&emu_bar); /* the block done before the next */
    }
    return NULL;
}

/* the kernel over p.batch frames: blocks one after another, each with
 * fi.threads threads */
static void launch(const gfp_fast_info &fi, const gfp_fparams &p)
{
    unsigned nt = (unsigned)fi.threads;
    unsigned blocks = (unsigned)((p.batch + fi.fpb - 1) / fi.fpb);
    if (fi.smem > sizeof gfpfast::gfp_fsm_raw) {
        fprintf(stderr, "smem %zu over the emulator's buffer\n", fi.smem);
        exit(2);
    }
    pthread_barrier_init(&emu_bar, NULL, nt);
    std::vector<pthread_t> th(nt);
    std::vector<launch_arg> args(nt);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 256 * 1024);
    for (unsigned t = 0; t < nt; t++) {
        args[t] = {&fi, &p, t, blocks};
        if (pthread_create(&th[t], &at, emu_thread, &args[t])) {
            perror("pthread_create");
            exit(2);
        }
    }
    for (unsigned t = 0; t < nt; t++)
        pthread_join(th[t], NULL);
    pthread_attr_destroy(&at);
    pthread_barrier_destroy(&emu_bar);
}

static unsigned long long rng = 88172645463325252ull;
static double urand()
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * 0x1p-53 * 2 - 1;
}

static int fails;

/* one pass kernel alone (see the header) */
template <typename T> static void pass_test(const char *what, const gfp_fast_info &fi, bool r2c,
                                            int inverse)
{
    const int N = fi.nf, NBIN = r2c ? N + 1 : N;
    const size_t frames = 2 * (size_t)fi.fpb + 1, fpm = 3, ld_ = 5;
    const size_t mst = (size_t)NBIN * ld_ + 7;
    const size_t nmat = (frames + fpm - 1) / fpm;
    const size_t nin = frames * (size_t)N * 2; /* scalars: N complex or 2N reals */
    const size_t nout = nmat * mst;            /* complex */
    std::vector<T> in(nin), out(2 * nout, (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    size_t roff;
    std::vector<T> tw = tables<T>(fi, r2c, &roff);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.in = in.data();
    p.out = out.data();
    p.tw = tw.data();
    p.rtw = r2c ? (const void *)(tw.data() + 2 * roff) : NULL;
    p.batch = frames;
    p.conj_in = r2c ? 0 : inverse;
    p.conj_out = inverse;
    p.scale = 0.5;
    p.ld = ld_;
    p.fpm = fpm;
    p.mst = mst;
    launch(fi, p);
    std::vector<char> named(nout, 0);
    double worst = 0;
    size_t bad = 0;
    const int n = r2c ? 2 * N : N;
    const ld sg = inverse ? 1 : -1, pi = 3.141592653589793238462643383279502884L;
    std::vector<ld> ct(n), st(n); /* e^{sg 2 pi i a / n} */
    for (int a = 0; a < n; a++) {
        ct[a] = cosl(sg * 2 * pi * (ld)a / n);
        st[a] = sinl(sg * 2 * pi * (ld)a / n);
    }
    for (size_t g = 0; g < frames; g++) {
        const T *x = in.data() + g * (size_t)N * 2;
        ld num = 0, den = 0;
        for (int k = 0; k < NBIN; k++) {
            ld re = 0, im = 0;
            for (int j = 0; j < n; j++) {
                ld xr = r2c ? (ld)x[j] : (ld)x[2 * j], xi = r2c ? 0 : (ld)x[2 * j + 1];
                const int a = (int)(((long long)j * k) % n);
                re += xr * ct[a] - xi * st[a];
                im += xr * st[a] + xi * ct[a];
            }
            re *= 0.5L;
            im *= 0.5L;
            size_t o = (g / fpm) * mst + (size_t)k * ld_ + g % fpm;
            named[o] = 1;
            ld gr = out[2 * o], gi = out[2 * o + 1];
            if (!std::isfinite((double)gr) || !std::isfinite((double)gi))
                bad++;
            num += (gr - re) * (gr - re) + (gi - im) * (gi - im);
            den += re * re + im * im;
        }
        double rel = (double)sqrtl(num / den);
        if (rel > worst || std::isnan(rel))
            worst = std::isnan(rel) ? INFINITY : rel;
    }
    size_t touched = 0;
    for (size_t o = 0; o < nout; o++)
        if (!named[o] && !(std::isnan((double)out[2 * o]) && std::isnan((double)out[2 * o + 1])))
            touched++;
    double tol = sizeof(T) == 4 ? 1e-6 : 1e-14;
    bool ok = bad == 0 && touched == 0 && worst <= tol;
    if (!ok)
        fails++;
    printf("%s pass %-10s nf %5d tpt %3d fpb %2d%s: rel %.2e, %zu not finite, %zu "
           "written outside the map\n",
           ok ? "ok  " : "FAIL", what, N, fi.tpt, fi.fpb, inverse ? " inv" : "    ", worst, bad,
           touched);
    fflush(stdout);
}

static void all_passes()
{
    static const int cand[] = {256, 512, 960, 1024, 1080, 1920, 2048, 2160, 4096};
    for (int nf : cand) {
        gfp_fast_info fi;
        memset(&fi, 0, sizeof fi);
        if (gfp_fast2d_c2c_f32(nf, &fi)) {
            pass_test<float>("c2c f32", fi, false, 0);
            pass_test<float>("c2c f32", fi, false, 1);
        }
        memset(&fi, 0, sizeof fi);
        if (gfp_fast2d_r2c_f32(nf, &fi)) {
            pass_test<float>("r2c f32", fi, true, 0);
            pass_test<float>("r2c f32", fi, true, 1);
        }
        memset(&fi, 0, sizeof fi);
        if (gfp_fast2d_c2c_f64(nf, &fi))
            pass_test<double>("c2c f64", fi, false, 0);
    }
}

/* gfp_gpu_2d.cu's run() for C2C/R2C with pass kernels on both axes */
template <typename T> static void twod_test(size_t w, size_t h, size_t cnt, bool r2c)
{
    gfp_fast_info fr, fc;
    memset(&fr, 0, sizeof fr);
    memset(&fc, 0, sizeof fc);
    bool dbl = sizeof(T) == 8;
    bool ok1 = r2c ? gfp_fast2d_r2c_f32((int)w / 2, &fr)
                   : dbl ? gfp_fast2d_c2c_f64((int)w, &fr) : gfp_fast2d_c2c_f32((int)w, &fr);
    bool ok2 = dbl ? gfp_fast2d_c2c_f64((int)h, &fc) : gfp_fast2d_c2c_f32((int)h, &fc);
    if (!ok1 || !ok2) {
        printf("FAIL 2d %zux%zu: no pass kernels\n", w, h);
        fails++;
        return;
    }
    size_t wb = r2c ? w / 2 + 1 : w, mat = h * wb;
    size_t nin = cnt * h * w * (r2c ? 1 : 2);
    std::vector<T> in(nin), ws(2 * cnt * mat, (T)NAN), out(2 * cnt * mat, (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    size_t ro, co;
    std::vector<T> twr = tables<T>(fr, r2c, &ro), twc = tables<T>(fc, false, &co);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.tw = twr.data();
    p.rtw = r2c ? (const void *)(twr.data() + 2 * ro) : NULL;
    p.scale = 1.0;
    /* pass 1: frame g = m h + r -> ws[m mat + k h + r] */
    p.in = in.data();
    p.out = ws.data();
    p.batch = cnt * h;
    p.fpm = h;
    p.ld = h;
    p.mst = mat;
    launch(fr, p);
    /* pass 2: frame g = m wb + k -> out[m mat + q wb + k] */
    p.tw = twc.data();
    p.rtw = NULL;
    p.in = ws.data();
    p.out = out.data();
    p.batch = cnt * wb;
    p.fpm = wb;
    p.ld = wb;
    p.mst = mat;
    launch(fc, p);
    double worst = 0;
    size_t bad = 0;
    std::vector<double> xin(r2c ? h * w : 2 * h * w), ref(2 * mat);
    for (size_t m = 0; m < cnt; m++) {
        for (size_t i = 0; i < xin.size(); i++)
            xin[i] = in[m * xin.size() + i];
        fftw_plan fp = r2c ? fftw_plan_dft_r2c_2d((int)h, (int)w, xin.data(),
                                                  (fftw_complex *)ref.data(), FFTW_ESTIMATE)
                           : fftw_plan_dft_2d((int)h, (int)w, (fftw_complex *)xin.data(),
                                              (fftw_complex *)ref.data(), FFTW_FORWARD,
                                              FFTW_ESTIMATE);
        for (size_t i = 0; i < xin.size(); i++)
            xin[i] = in[m * xin.size() + i];
        fftw_execute(fp);
        fftw_destroy_plan(fp);
        double num = 0, den = 0;
        for (size_t i = 0; i < 2 * mat; i++) {
            double v = out[2 * m * mat + i];
            if (!std::isfinite(v))
                bad++;
            num += (v - ref[i]) * (v - ref[i]);
            den += ref[i] * ref[i];
        }
        double rel = sqrt(num / den);
        if (!(rel <= worst))
            worst = std::isnan(rel) ? INFINITY : rel;
    }
    double tol = dbl ? 1e-13 : 2e-6;
    bool ok = bad == 0 && worst <= tol;
    if (!ok)
        fails++;
    printf("%s 2d %s %s %zux%zu x%zu: rel %.2e, %zu not finite\n", ok ? "ok  " : "FAIL",
           r2c ? "r2c" : "c2c", dbl ? "f64" : "f32", w, h, cnt, worst, bad);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    bool all = !strcmp(what, "all");
    if (all || !strcmp(what, "pass"))
        all_passes();
    if (all || !strcmp(what, "2d")) {
        twod_test<float>(256, 512, 2, false);
        twod_test<float>(1080, 256, 1, false);
        twod_test<float>(1920, 1080, 1, true);
        twod_test<float>(3840, 256, 1, true);
        twod_test<double>(1024, 1024, 1, false);
    }
    printf("emu-2d: %d failed\n", fails);
    return fails != 0;
}
