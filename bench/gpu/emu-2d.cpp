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
 *   plan   kernels/gfp_gpu_2d.cu itself, compiled for the host over a mock
 *          CUDA runtime (host memory, poisoned at allocation; launches run
 *          the emulated kernels) and mock 1D plans and transposes (FFTW),
 *          through every path: pass kernels, GFP_GPU_NO2D, 1 x N, N x 1,
 *          odd and prime sizes, C2C, R2C, C2R, batches, against FFTW's 2D
 *          transforms in double.
 *   4step  the four-step FFT's two passes (gfp_gpu_fast_4s.cu) as
 *          gfp_gpu_large.cu launches them, the first out of place and in
 *          place, forward and inverse, against FFTW's 1D transform; and
 *          R2C with the split in the second pass, against FFTW's r2c.
 *   4step3 the nested four-step's three passes (L = n1 x p x q) as
 *          gfp_gpu_large.cu launches them, against FFTW's 1D transform.
 *   1cl    the one-pass cluster transforms (gfp_gpu_fast_cl.cu) on
 *          persistent clusters, out of place and in place, forward and
 *          inverse, against FFTW's 1D transform.
 *   c2r    C2R's one-block kernels (the merge in the load or in the
 *          first stage's registers) and the four-step and the nested
 *          one with the merge in their first pass, against FFTW's c2r
 *          (input with imaginary parts at bins 0 and n/2); R2C's
 *          one-block kernels against FFTW's r2c.
 *   2dcf   the columns as a four-step along the strided axis, then the
 *          rows (gfp_gpu_2d.cu's cf route, GFP_GPU_2D_CF=1), through
 *          gfp_gpu_plan2d as plan does.
 *   c2c1   C2C f32's one-block kernels of 4096 .. 16384 (not in all).
 *   emu-2d [pass|2d|2dbig|plan|2dcf|4step|4step3|1cl|c2r|c2c1|all]   (default all; 2dbig: 16384 x 256,
 *          256 x 16384 and R2C 3840 x 2160, not in all); EMU_NF=n: the
 *          pass test of length n alone; exit 1 on any failure.
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
static inline void sincospif(float x, float *s, float *c)
{
    const long double a = 3.141592653589793238462643383279502884L * x;
    *s = (float)sinl(a);
    *c = (float)cosl(a);
}
struct U3 { unsigned x, y, z; };
static thread_local U3 threadIdx, blockIdx;
static U3 blockDim, gridDim; /* the generic kernels in the headers name them */
static pthread_barrier_t emu_bar;
static thread_local pthread_barrier_t *emu_barp = &emu_bar; /* this thread's block's */
static inline void __syncthreads() { pthread_barrier_wait(emu_barp); }
/* thread-block clusters (gfp_fast2d_c2c_f32_cl): the cluster's blocks run
 * at once, each on its own shared memory; a barrier for cluster.sync() */
#define GFP_EMU 1
namespace gfpcl {
static thread_local unsigned char *cl_smem;
static thread_local unsigned cl_rank;
static unsigned char *cl_bufs[16];
static pthread_barrier_t cl_bar;
static inline unsigned char *smem() { return cl_smem; }
static inline void csync() { pthread_barrier_wait(&cl_bar); }
static inline unsigned crank() { return cl_rank; }
template <typename P> static inline P *cmap(P *p, unsigned r)
{
    return (P *)(cl_bufs[r] + ((const unsigned char *)p - cl_smem));
}
} // namespace gfpcl
/* the block's dynamic shared memory (the kernel's block-scope extern
 * declaration names it): blocks run one after another */
namespace gfpfast {
alignas(16) unsigned char gfp_fsm_raw[232448];
}
#undef __shared__
#define __shared__
#include "../../kernels/gfp_gpu.h"
#include "../../kernels/gfp_gpu_fast.cuh"
#include "../../kernels/gfp_gpu_fast_2d.cu"
#undef C2C_T
#include "../../kernels/gfp_gpu_fast_2d64.cu"
#undef C2C_T
#include "../../kernels/gfp_gpu_fast_4s.cu"
#include "../../kernels/gfp_gpu_fast_cl.cu"
#include "../../kernels/gfp_gpu_fast_4sb.cu"
/* the 1D frame kernels: the rows after the columns' four-step (2dcf) */
#include "../../kernels/gfp_gpu_fast_c2c32.cu"
/* R2C's and C2R's one-block kernels (c2r) */
#include "../../kernels/gfp_gpu_fast_r2c32.cu"

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

struct cl_arg {
    const gfp_fast_info *fi;
    const gfp_fparams *p;
    unsigned tid, rank, clusters;
    pthread_barrier_t *bar;
};

static void *cl_thread(void *vp)
{
    cl_arg *a = (cl_arg *)vp;
    typedef void (*kfn)(gfp_fparams);
    const unsigned cl = (unsigned)a->fi->cl;
    threadIdx.x = a->tid;
    emu_barp = a->bar;
    gfpcl::cl_rank = a->rank;
    gfpcl::cl_smem = gfpcl::cl_bufs[a->rank];
    for (unsigned c = 0; c < a->clusters; c++) {
        blockIdx.x = c * cl + a->rank;
        if (a->tid == 0) /* poison this block's memory */
            memset(gfpcl::cl_smem, 0xff, a->fi->smem);
        pthread_barrier_wait(&gfpcl::cl_bar);
        ((kfn)a->fi->func)(*a->p);
        pthread_barrier_wait(&gfpcl::cl_bar); /* the cluster done before the next */
    }
    return NULL;
}

/* a cluster kernel over blocks blocks (rounded up to whole clusters):
 * clusters one after another, the fi.cl blocks of each at once */
static void launch_cl(const gfp_fast_info &fi, const gfp_fparams &p, unsigned blocks)
{
    const unsigned nt = (unsigned)fi.threads, cl = (unsigned)fi.cl;
    const unsigned clusters = (blocks + cl - 1) / cl;
    gridDim.x = clusters * cl; /* persistent kernels loop over gridDim.x / cl */
    std::vector<pthread_barrier_t> bars(cl);
    for (unsigned r = 0; r < cl; r++) {
        pthread_barrier_init(&bars[r], NULL, nt);
        gfpcl::cl_bufs[r] = (unsigned char *)aligned_alloc(16, (fi.smem + 15) / 16 * 16);
    }
    pthread_barrier_init(&gfpcl::cl_bar, NULL, nt * cl);
    std::vector<pthread_t> th(nt * cl);
    std::vector<cl_arg> args(nt * cl);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 128 * 1024);
    for (unsigned i = 0; i < nt * cl; i++) {
        args[i] = {&fi, &p, i % nt, i / nt, clusters, &bars[i / nt]};
        if (pthread_create(&th[i], &at, cl_thread, &args[i])) {
            perror("pthread_create");
            exit(2);
        }
    }
    for (unsigned i = 0; i < nt * cl; i++)
        pthread_join(th[i], NULL);
    pthread_attr_destroy(&at);
    pthread_barrier_destroy(&gfpcl::cl_bar);
    for (unsigned r = 0; r < cl; r++) {
        pthread_barrier_destroy(&bars[r]);
        free(gfpcl::cl_bufs[r]);
        gfpcl::cl_bufs[r] = NULL;
    }
}

/* the kernel over p.batch frames: blocks one after another, each with
 * fi.threads threads */
static void launch(const gfp_fast_info &fi, const gfp_fparams &p)
{
    if (fi.cl > 1) {
        launch_cl(fi, p, (unsigned)((p.batch + fi.fpb - 1) / fi.fpb * (fi.whole ? fi.cl : 1)));
        return;
    }
    unsigned nt = (unsigned)fi.threads;
    unsigned blocks = (unsigned)((p.batch + fi.fpb - 1) / fi.fpb);
    if (fi.pairs) /* as gfp_pass_launch */
        blocks = (unsigned)(p.batch / p.fpm * gfp_spl_blocks(p.fpm, fi.fpb));
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
    static const int cand[] = {256, 512, 960, 1024, 1080, 1920, 2048, 2160, 3840, 4096, 16384};
    const char *only = getenv("EMU_NF"); /* one length alone */
    for (int nf : cand) {
        if (only && atoi(only) != nf)
            continue;
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
        for (int cl = 2; cl <= 16; cl *= 2) {
            memset(&fi, 0, sizeof fi);
            if (gfp_fast2d_c2c_f32_cl(nf, cl, &fi)) {
                char what[32];
                snprintf(what, sizeof what, "c2c f32 cl%d", cl);
                pass_test<float>(what, fi, false, 0);
                pass_test<float>(what, fi, false, 1);
            }
        }
    }
}

/* W_len^m = A[m mod 2^sh] B[m >> sh] in T, as twolevel() in
 * gfp_gpu_large.cu (gfp_fparams.xtw, xsh) */
template <typename T> static std::vector<T> twolevel_tab(size_t len, int *shp)
{
    int sh = 0;
    while ((1ull << (2 * sh)) < len)
        sh++;
    const size_t na = (size_t)1 << sh, nb = (len + na - 1) / na;
    std::vector<T> t(2 * (na + nb));
    ld c, si;
    for (size_t i = 0; i < na + nb; i++) {
        root(i < na ? (long long)i : (long long)((i - na) * na), (long long)len, &c, &si);
        t[2 * i] = (T)c;
        t[2 * i + 1] = (T)si;
    }
    *shp = sh;
    return t;
}

/* the worst relative L2 error over cnt frames of out (nout scalars a
 * frame, 0.5 x the transform) against the FFTW plan fp (in double, from x
 * to ref) of the frames of in (nin scalars a frame); fp destroyed; *bad
 * counts the values of out that are not finite */
template <typename T>
static double frames_err(fftw_plan fp, std::vector<double> &x, const std::vector<double> &ref,
                         const std::vector<T> &in, size_t nin, const std::vector<T> &out,
                         size_t nout, size_t cnt, size_t *bad)
{
    double worst = 0;
    *bad = 0;
    for (size_t m = 0; m < cnt; m++) {
        for (size_t i = 0; i < nin; i++)
            x[i] = in[m * nin + i];
        fftw_execute(fp);
        double num = 0, den = 0;
        for (size_t i = 0; i < nout; i++) {
            double g = out[m * nout + i], r = 0.5 * ref[i];
            if (!std::isfinite(g))
                (*bad)++;
            num += (g - r) * (g - r);
            den += r * r;
        }
        double rel = sqrt(num / den);
        if (!(rel <= worst))
            worst = std::isnan(rel) ? INFINITY : rel;
    }
    fftw_destroy_plan(fp);
    return worst;
}

/* frames_err of C2C of L complex (inverse: backward), or (r2c) R2C of 2L
 * reals to L + 1 bins */
template <typename T>
static double worst_err(const std::vector<T> &in, const std::vector<T> &out, size_t L, size_t cnt,
                        int inverse, bool r2c, size_t *bad)
{
    const size_t nin = 2 * L, nout = r2c ? 2 * (L + 1) : 2 * L;
    std::vector<double> x(nin), ref(nout);
    fftw_plan fp = r2c ? fftw_plan_dft_r2c_1d((int)(2 * L), x.data(), (fftw_complex *)ref.data(),
                                              FFTW_ESTIMATE)
                       : fftw_plan_dft_1d((int)L, (fftw_complex *)x.data(),
                                          (fftw_complex *)ref.data(),
                                          inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
    return frames_err<T>(fp, x, ref, in, nin, out, nout, cnt, bad);
}

/* a case's verdict (a failure counted): worst relative error within tol
 * and no value left unwritten */
static const char *verdict(double worst, size_t bad, double tol)
{
    const bool ok = bad == 0 && worst <= tol;
    if (!ok)
        fails++;
    return ok ? "ok  " : "FAIL";
}

/* one four-step pass as core_exec launches it: batch frames of fpm per
 * matrix (frames fpm apart in a matrix, matrices mst apart), the pass
 * kernel's stage twiddles tw, the two-level table xtw (sh) or NULL; remap
 * (rfpm, rmst, rld: the direct loads' rows) or NULL */
template <typename T>
static void fourstep_pass(const gfp_fast_info &f, const std::vector<T> &tw, const T *xtw, int sh,
                          const T *in, T *out, size_t batch, size_t fpm, size_t mst, int conj_in,
                          int conj_out, double scale, const size_t *remap = NULL)
{
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.tw = tw.data();
    p.xtw = xtw;
    p.xsh = sh;
    p.conj_in = conj_in;
    p.conj_out = conj_out;
    p.scale = scale;
    p.in = in;
    p.out = out;
    p.batch = batch;
    p.fpm = p.ld = fpm;
    p.mst = mst;
    if (remap) {
        p.rfpm = remap[0];
        p.rmst = remap[1];
        p.rld = remap[2];
    }
    launch(f, p);
}

/* the first pass: cnt frames of L = n1 n2 from in to out (may be in): the
 * columns of n1, W_L twiddles (xt, sh), stored transposed in place of the
 * columns */
template <typename T>
static void pass1(const gfp_fast_info &f1, const std::vector<T> &tw1, const std::vector<T> &xt,
                  int sh, const T *in, T *out, size_t cnt, int n1, int n2, int inverse)
{
    fourstep_pass<T>(f1, tw1, xt.data(), sh, in, out, cnt * n2, n2, (size_t)n1 * n2, inverse, 0,
                     1.0);
}

/* the second pass: the rows of n2 of cnt n1 x n2 matrices from in, bin k2
 * of row k1 to out at k1 + n1 k2 of frames mst apart, scaled by 0.5 (xtw,
 * sh: the fused split's W_2L, or NULL) */
template <typename T>
static void pass2(const gfp_fast_info &f2, const std::vector<T> &tw2, const T *xtw, int sh,
                  const T *in, T *out, size_t cnt, int n1, size_t mst, int inverse)
{
    fourstep_pass<T>(f2, tw2, xtw, sh, in, out, cnt * n1, n1, mst, 0, inverse, 0.5);
}

/* the four-step FFT of gfp_gpu_large.cu (fourstep_create, core_exec): a
 * length L = n1 n2 C2C transform of cnt frames through the two pass
 * kernels (the first in place when inplace), against FFTW in double */
template <typename T>
static void fourstep_test(int n1, int n2, size_t cnt, int inverse, bool inplace)
{
    const bool dbl = sizeof(T) == 8;
    gfp_fast_info f1, f2;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    bool ok1 = dbl ? gfp_fast4s_c2c_f64(n1, &f1) : gfp_fast4s_c2c_f32(n1, &f1);
    bool ok2 = dbl ? gfp_fast4s2_c2c_f64(n2, &f2) : gfp_fast4s2_c2c_f32(n2, &f2);
    if (!ok1 || !ok2) {
        printf("FAIL 4step %dx%d: no pass kernels\n", n1, n2);
        fails++;
        return;
    }
    const size_t L = (size_t)n1 * n2;
    std::vector<T> in(2 * cnt * L), ws(2 * cnt * L, (T)NAN), out(2 * cnt * L, (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    if (inplace)
        ws = in;
    int sh = 0;
    std::vector<T> xt = twolevel_tab<T>(L, &sh); /* W_L, as fourstep_create */
    size_t o1, o2;
    std::vector<T> tw1 = tables<T>(f1, false, &o1), tw2 = tables<T>(f2, false, &o2);
    pass1<T>(f1, tw1, xt, sh, inplace ? ws.data() : in.data(), ws.data(), cnt, n1, n2, inverse);
    pass2<T>(f2, tw2, NULL, 0, ws.data(), out.data(), cnt, n1, L, inverse);
    size_t bad;
    const double worst = worst_err<T>(in, out, L, cnt, inverse, false, &bad);
    printf("%s 4step %s %5d x %5d x %zu%s%s: rel %.2e, %zu not finite\n",
           verdict(worst, bad, dbl ? 1e-14 : 1e-6), dbl ? "f64" : "f32", n1, n2, cnt,
           inverse ? " inv" : "", inplace ? " in place" : "", worst, bad);
    fflush(stdout);
}

/* the nested four-step of gfp_gpu_large.cu (nested_create, core_exec,
 * nested_first, nested_last): L = n1 x p x q, cnt frames. nested12: the
 * columns of n1 x L2 (L2 = p q, W_L) from in into ws (may be in), then
 * each row's columns of p x q (W_L2) in place; nested3: the rows of q
 * through kernel f3 (tables tw3, xt3 of W_2L for the split, or NULL) read
 * through the row remap (rfpm n1, rmst q, rld L2), bin k2b of row (k1, kk)
 * to k1 + n1 (kk + p k2b) (the split: the R2C bins of frames of L + 1),
 * transform m's output ostride values apart, one launch a transform */
template <typename T>
static void nested12(const gfp_fast_info &f1, const gfp_fast_info &f2, int n1, int q,
                     const T *in, T *ws, size_t cnt, int conj_in)
{
    const size_t L2 = (size_t)f2.nf * q, L = (size_t)n1 * L2;
    int sh1 = 0, sh2 = 0;
    std::vector<T> xt1 = twolevel_tab<T>(L, &sh1), xt2 = twolevel_tab<T>(L2, &sh2);
    size_t o1, o2;
    std::vector<T> tw1 = tables<T>(f1, false, &o1), tw2 = tables<T>(f2, false, &o2);
    fourstep_pass<T>(f1, tw1, xt1.data(), sh1, in, ws, cnt * L2, L2, L, conj_in, 0, 1.0);
    fourstep_pass<T>(f2, tw2, xt2.data(), sh2, ws, ws, cnt * n1 * q, q, L2, 0, 0, 1.0);
}
template <typename T>
static void nested3(const gfp_fast_info &f3, const T *xt3, int sh3, int n1, size_t L,
                    const T *ws, T *out, size_t cnt, size_t ostride, int conj_out)
{
    const size_t q = (size_t)f3.nf, np = L / q, remap[3] = {(size_t)n1, q, L / (size_t)n1};
    size_t o3;
    std::vector<T> tw3 = tables<T>(f3, false, &o3);
    for (size_t m = 0; m < cnt; m++)
        fourstep_pass<T>(f3, tw3, xt3, sh3, ws + 2 * m * L, out + 2 * m * ostride, np, np,
                         ostride, 0, conj_out, 0.5, remap);
}

/* C2C on it (the first pass in place when inplace), against FFTW in
 * double */
template <typename T>
static void nested_test(int n1, int p, int q, size_t cnt, int inverse, bool inplace)
{
    const bool dbl = sizeof(T) == 8;
    gfp_fast_info f1, f2, f3;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    memset(&f3, 0, sizeof f3);
    bool ok1 = dbl ? gfp_fast4s_c2c_f64(n1, &f1) : gfp_fast4s_c2c_f32(n1, &f1);
    bool ok2 = dbl ? gfp_fast4s_c2c_f64(p, &f2) : gfp_fast4s_c2c_f32(p, &f2);
    bool ok3 = dbl ? gfp_fast4s2_c2c_f64(q, &f3) : gfp_fast4s3_c2c_f32(q, &f3);
    if (!ok1 || !ok2 || !ok3) {
        printf("FAIL 4step3 %dx%dx%d: no pass kernels\n", n1, p, q);
        fails++;
        return;
    }
    const size_t L = (size_t)n1 * p * q;
    std::vector<T> in(2 * cnt * L), ws(2 * cnt * L, (T)NAN), out(2 * cnt * L, (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    if (inplace)
        ws = in;
    nested12<T>(f1, f2, n1, q, inplace ? ws.data() : in.data(), ws.data(), cnt, inverse);
    nested3<T>(f3, NULL, 0, n1, L, ws.data(), out.data(), cnt, L, inverse);
    size_t bad;
    const double worst = worst_err<T>(in, out, L, cnt, inverse, false, &bad);
    printf("%s 4step3 %s %4d x %4d x %4d x %zu%s%s: rel %.2e, %zu not finite\n",
           verdict(worst, bad, dbl ? 1e-14 : 1e-6), dbl ? "f64" : "f32", n1, p, q, cnt,
           inverse ? " inv" : "", inplace ? " in place" : "", worst, bad);
    fflush(stdout);
}

/* R2C of n = 2 L on it with the split in the third pass (gfp_large_exec's
 * R2C route with r2s on a nested core: the split pass GFP_FAST_SPL over
 * the rows of q), frames of L + 1 bins, against FFTW's r2c */
static void r2c_nested_test(int n1, int p, int q, size_t cnt)
{
    typedef float T;
    gfp_fast_info f1, f2, f3;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    memset(&f3, 0, sizeof f3);
    if (!gfp_fast4s_c2c_f32(n1, &f1) || !gfp_fast4s_c2c_f32(p, &f2) ||
        !gfp_fast4s2r_c2c_f32(q, &f3) || !f3.pairs) {
        printf("FAIL 4step3 r2c %dx%dx%d: no pass kernels\n", n1, p, q);
        fails++;
        return;
    }
    const size_t L = (size_t)n1 * p * q;
    std::vector<T> in(2 * cnt * L), ws(2 * cnt * L, (T)NAN), out(2 * cnt * (L + 1), (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    int sh3 = 0;
    std::vector<T> xt3 = twolevel_tab<T>(2 * L, &sh3);
    nested12<T>(f1, f2, n1, q, in.data(), ws.data(), cnt, 0);
    nested3<T>(f3, xt3.data(), sh3, n1, L, ws.data(), out.data(), cnt, L + 1, 0);
    size_t bad;
    const double worst = worst_err<T>(in, out, L, cnt, 0, true, &bad);
    printf("%s 4step3 r2c f32 %4d x %4d x %4d x %zu (n %zu, split in pass 3): rel %.2e, %zu not finite\n",
           verdict(worst, bad, 1e-6), n1, p, q, cnt, 2 * L, worst, bad);
    fflush(stdout);
}

static void all_nested()
{
    /* every last-pass kernel (f32 4S3 256 .. 1024, 128 from the second
     * passes; f64 128 .. 512), n1 below and above p */
    static const int tr[][3] = {{128, 128, 128}, {128, 128, 256}, {256, 128, 128},
                                {128, 128, 512}, {128, 128, 1024}, {128, 256, 128}};
    const bool quick = getenv("EMU_QUICK") != NULL; /* make check: the first */
    for (size_t i = 0; i < sizeof tr / sizeof tr[0]; i++) {
        const int *t = tr[i];
        if (quick && i > 0)
            continue;
        nested_test<float>(t[0], t[1], t[2], 2, 0, false);
        if (!quick)
            nested_test<float>(t[0], t[1], t[2], 1, 1, true);
        if (t[2] <= 512)
            nested_test<double>(t[0], t[1], t[2], 1, quick ? 0 : 1, !quick);
    }
    /* R2C with the split in the third pass: every such kernel (q 256 ..
     * 1024) */
    static const int rq[] = {256, 512, 1024};
    for (size_t i = 0; i < sizeof rq / sizeof rq[0]; i++)
        if (!quick || i == 0)
            r2c_nested_test(128, 128, rq[i], 2);
}

/* a cluster kernel of length n in precision T (gfp_fastcl_c2c_f32/f64;
 * r2c: gfp_fastcl_r2c_f32, R2C of 2 n reals with the split fused) */
template <typename T> static bool cl_kernel(int n, bool r2c, gfp_fast_info *f)
{
    if (r2c)
        return sizeof(T) == 4 && gfp_fastcl_r2c_f32(n, f);
    return sizeof(T) == 8 ? gfp_fastcl_c2c_f64(n, f) : gfp_fastcl_c2c_f32(n, f);
}

/* the one-pass cluster transform (gfp_gpu_fast_cl.cu) of length n over
 * cnt frames (a cluster each, one more launched than needed: it must
 * leave the others alone), in place or not, against FFTW in double; r2c:
 * R2C of 2 n reals to frames of n + 1 bins with the split fused
 * (gfp_large_exec's R2C route under GFP_GPU_1CLR=1), forward, out of
 * place */
template <typename T>
static void whole_test(int n, size_t cnt, int inverse, bool inplace, bool r2c = false)
{
    const bool f64 = sizeof(T) == 8;
    gfp_fast_info f;
    memset(&f, 0, sizeof f);
    if (!cl_kernel<T>(n, r2c, &f) || !f.whole || f.nf * f.cl != n) {
        printf("FAIL 1cl %s%s %d: no cluster kernel\n", r2c ? "r2c " : "", f64 ? "f64" : "f32",
               n);
        fails++;
        return;
    }
    const size_t L = (size_t)n;
    std::vector<T> in(2 * cnt * L), out(2 * cnt * (r2c ? L + 1 : L), (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    if (inplace)
        out = in;
    int sh = 0;
    /* W_L as cluster_create makes it, or W_2L as r2c1_create */
    std::vector<T> xt = twolevel_tab<T>(r2c ? 2 * L : L, &sh);
    size_t o1;
    std::vector<T> tw = tables<T>(f, false, &o1);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.tw = tw.data();
    p.xtw = xt.data();
    p.xsh = sh;
    p.conj_in = inverse;
    p.conj_out = inverse;
    p.scale = 0.5; /* worst_err's reference is half FFTW's */
    p.in = inplace ? out.data() : in.data();
    p.out = out.data();
    p.batch = cnt;
    launch_cl(f, p, (unsigned)(cnt + 1) * (unsigned)f.cl);
    size_t bad;
    const double worst = worst_err<T>(in, out, L, cnt, inverse, r2c, &bad);
    bool ok = bad == 0 && worst <= (f64 ? 1e-14 : 1e-6);
    if (!ok)
        fails++;
    if (r2c)
        printf("%s 1cl r2c f32 %6zu = 2 x %5d x %2d x %zu frames, split fused: rel %.2e, %zu "
               "not finite\n",
               ok ? "ok  " : "FAIL", 2 * L, f.nf, f.cl, cnt, worst, bad);
    else
        printf("%s 1cl %s %6d = %5d x %2d x %zu frames%s%s: rel %.2e, %zu not finite\n",
               ok ? "ok  " : "FAIL", f64 ? "f64" : "f32", n, f.nf, f.cl, cnt,
               inverse ? " inv" : "", inplace ? " in place" : "", worst, bad);
    fflush(stdout);
}

/* whether a cluster kernel of length n, precision T (r2c: the split
 * form) is there to test (and EMU_NF, when set, names n) */
template <typename T> static bool cl_wanted(int n, bool r2c)
{
    const char *only = getenv("EMU_NF");
    gfp_fast_info f;
    memset(&f, 0, sizeof f);
    return (!only || atoi(only) == n) && cl_kernel<T>(n, r2c, &f);
}

static void all_whole()
{
    /* the lengths that have a cluster kernel (emu-2d-ab: GFP_FAST_ALT=30
     * for the M = 8192 / 16384 set of 2^15 .. 2^18); Z2Z f64 16384
     * (GFP_GPU_1CL64=1); R2C of 2 n where the core has a split form */
    static const int ns[] = {16384, 32768, 65536, 131072, 262144};
    int any = 0;
    for (int n : ns) {
        if (cl_wanted<float>(n, false)) {
            any++;
            whole_test<float>(n, 2, 0, false);
            whole_test<float>(n, 2, 1, true);
        }
        if (cl_wanted<double>(n, false)) {
            whole_test<double>(n, 2, 0, false);
            whole_test<double>(n, 2, 1, true);
        }
        if (cl_wanted<float>(n, true))
            whole_test<float>(n, 3, 0, false, true);
    }
    if (!any && !getenv("EMU_NF")) {
        printf("FAIL 1cl: no cluster kernel at all\n");
        fails++;
    }
}

/* R2C of n = 2 L through the four-step core L = n1 n2 with the split in
 * the second pass (GFP_FAST_SPL), as gfp_large_exec's R2C route runs it:
 * pass 1 to scratch, pass 2 to frames of L + 1 bins, against FFTW's r2c */
static void r2c_fourstep_test(int n1, int n2, size_t cnt)
{
    typedef float T;
    gfp_fast_info f1, f2;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    if (!gfp_fast4s_c2c_f32(n1, &f1) || !gfp_fast4s2r_c2c_f32(n2, &f2) || !f2.pairs) {
        printf("FAIL 4step r2c %dx%d: no pass kernels\n", n1, n2);
        fails++;
        return;
    }
    const size_t L = (size_t)n1 * n2, n = 2 * L;
    std::vector<T> in(cnt * n), ws(2 * cnt * L, (T)NAN), out(2 * cnt * (L + 1), (T)NAN);
    for (auto &v : in)
        v = (T)urand();
    int sh1 = 0, sh2 = 0;
    std::vector<T> xt1 = twolevel_tab<T>(L, &sh1), xt2 = twolevel_tab<T>(2 * L, &sh2);
    size_t o1, o2;
    std::vector<T> tw1 = tables<T>(f1, false, &o1), tw2 = tables<T>(f2, false, &o2);
    pass1<T>(f1, tw1, xt1, sh1, in.data(), ws.data(), cnt, n1, n2, 0);
    pass2<T>(f2, tw2, xt2.data(), sh2, ws.data(), out.data(), cnt, n1, L + 1, 0);
    size_t bad;
    const double worst = worst_err<T>(in, out, L, cnt, 0, true, &bad);
    bool ok = bad == 0 && worst <= 1e-6;
    if (!ok)
        fails++;
    printf("%s 4step r2c f32 %5d x %5d x %zu (n %zu, split in pass 2, %d frames a block): rel %.2e, "
           "%zu not finite\n",
           ok ? "ok  " : "FAIL", n1, n2, cnt, n, f2.fpb, worst, bad);
    fflush(stdout);
}

/* C2R input: cnt frames of L + 1 random bins, bins 0 and L with
 * imaginary parts too (FFTW's c2r reads none there, nor must the kernels) */
static std::vector<float> herm_input(size_t L, size_t cnt)
{
    std::vector<float> in(2 * cnt * (L + 1));
    for (auto &v : in)
        v = (float)urand();
    return in;
}

/* frames_err of C2R of L + 1 bins to 2 L reals (FFTW's backward c2r) */
static double c2r_err(const std::vector<float> &in, const std::vector<float> &out, size_t L,
                      size_t cnt, size_t *bad)
{
    std::vector<double> x(2 * (L + 1)), ref(2 * L);
    fftw_plan fp = fftw_plan_dft_c2r_1d((int)(2 * L), (fftw_complex *)x.data(), ref.data(),
                                        FFTW_ESTIMATE);
    return frames_err<float>(fp, x, ref, in, 2 * (L + 1), out, 2 * L, cnt, bad);
}

/* the first pass with the merge (gfp_large_exec's C2R route): cnt frames
 * of L + 1 bins (L = f1.nf n2) from in, the columns of f1.nf with their
 * partners, into ws (frames of L) */
static void merge_pass(const gfp_fast_info &f1, size_t n2, const float *in, float *ws, size_t cnt)
{
    const size_t L = (size_t)f1.nf * n2;
    int sh = 0;
    std::vector<float> xt = twolevel_tab<float>(2 * L, &sh); /* W_2L */
    size_t o1;
    std::vector<float> tw1 = tables<float>(f1, false, &o1);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.tw = tw1.data();
    p.xtw = xt.data();
    p.xsh = sh;
    p.conj_in = 1;
    p.scale = 1.0;
    p.in = in;
    p.out = ws;
    p.batch = cnt * n2;
    p.fpm = p.ld = n2;
    p.mst = L;
    p.imst = L + 1;
    launch(f1, p);
}

/* C2R of n = 2 L through the four-step core L = n1 n2 with the merge in
 * the first pass (GFP_FAST_MRG), as gfp_large_exec's C2R route runs it:
 * pass 1 from frames of L + 1 bins to scratch, pass 2 (conjugating) to
 * the reals, against FFTW's c2r */
static void c2r_fourstep_test(int n1, int n2, size_t cnt)
{
    typedef float T;
    gfp_fast_info f1, f2;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    if (!gfp_fast4s1m_c2c_f32(n1, &f1) || !gfp_fast4s2_c2c_f32(n2, &f2) || !f1.pairs) {
        printf("FAIL 4step c2r %dx%d: no pass kernels\n", n1, n2);
        fails++;
        return;
    }
    const size_t L = (size_t)n1 * n2;
    std::vector<T> in = herm_input(L, cnt), ws(2 * cnt * L, (T)NAN), out(2 * cnt * L, (T)NAN);
    size_t o2;
    std::vector<T> tw2 = tables<T>(f2, false, &o2);
    merge_pass(f1, n2, in.data(), ws.data(), cnt);
    fourstep_pass<T>(f2, tw2, NULL, 0, ws.data(), out.data(), cnt * n1, n1, L, 0, 1, 0.5);
    size_t bad;
    const double worst = c2r_err(in, out, L, cnt, &bad);
    printf("%s 4step c2r f32 %5d x %5d x %zu (n %zu, merge in pass 1, %d frames a block): rel "
           "%.2e, %zu not finite\n",
           verdict(worst, bad, 1e-6), n1, n2, cnt, 2 * L, f1.fpb, worst, bad);
    fflush(stdout);
}

/* C2R of n = 2 L on the nested four-step L = n1 x p x q with the merge in
 * its first pass (gfp_large_exec: merge_pass, the second pass in place,
 * the third conjugating), against FFTW's c2r */
static void c2r_nested_test(int n1, int p, int q, size_t cnt)
{
    typedef float T;
    gfp_fast_info f1, f2, f3;
    memset(&f1, 0, sizeof f1);
    memset(&f2, 0, sizeof f2);
    memset(&f3, 0, sizeof f3);
    if (!gfp_fast4s1m_c2c_f32(n1, &f1) || !gfp_fast4s_c2c_f32(p, &f2) ||
        !gfp_fast4s3_c2c_f32(q, &f3)) {
        printf("FAIL 4step3 c2r %dx%dx%d: no pass kernels\n", n1, p, q);
        fails++;
        return;
    }
    const size_t L2 = (size_t)p * q, L = (size_t)n1 * L2;
    std::vector<T> in = herm_input(L, cnt), ws(2 * cnt * L, (T)NAN), out(2 * cnt * L, (T)NAN);
    merge_pass(f1, L2, in.data(), ws.data(), cnt);
    int sh2 = 0;
    std::vector<T> xt2 = twolevel_tab<T>(L2, &sh2);
    size_t o2;
    std::vector<T> tw2 = tables<T>(f2, false, &o2);
    fourstep_pass<T>(f2, tw2, xt2.data(), sh2, ws.data(), ws.data(), cnt * n1 * q, q, L2, 0, 0, 1.0);
    nested3<T>(f3, NULL, 0, n1, L, ws.data(), out.data(), cnt, L, 1);
    size_t bad;
    const double worst = c2r_err(in, out, L, cnt, &bad);
    printf("%s 4step3 c2r f32 %4d x %4d x %4d x %zu (n %zu, merge in pass 1): rel %.2e, %zu not "
           "finite\n",
           verdict(worst, bad, 1e-6), n1, p, q, cnt, 2 * L, worst, bad);
    fflush(stdout);
}

/* cnt frames of in through the one-block kernel f into out, scaled by
 * 0.5 (frames_err's), conjugated in and out (an inverse, or C2R); real
 * (R2C, C2R): the table of W_n^k after the stages' twiddles */
static void one_block_launch(const gfp_fast_info &f, bool real, bool conj,
                             const std::vector<float> &in, std::vector<float> &out, size_t cnt)
{
    size_t roff;
    std::vector<float> tw = tables<float>(f, real, &roff);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    p.tw = tw.data();
    p.rtw = real ? (const void *)(tw.data() + 2 * roff) : NULL;
    p.conj_in = p.conj_out = conj;
    p.scale = 0.5;
    p.in = in.data();
    p.out = out.data();
    p.batch = cnt;
    launch(f, p);
}

/* one one-block kernel of R2C (gfp_fast_r2c_f32: the split in the store
 * or, GFP_FAST_R2CD, in the last stage's registers) or C2R
 * (gfp_fast_c2r_f32: the merge in the load or, GFP_FAST_C2RD, in the
 * first stage's registers): a partial last block of frames of n = 2 nf
 * against FFTW's r2c or c2r */
static void one_block_test(bool c2r, int nf, const gfp_fast_info &f)
{
    const size_t cnt = (size_t)f.fpb + 3; /* a partial last block */
    std::vector<float> in, out(2 * cnt * (c2r ? nf : nf + 1), NAN);
    if (c2r) {
        in = herm_input((size_t)nf, cnt);
    } else {
        in.resize(2 * cnt * nf);
        for (auto &v : in)
            v = (float)urand();
    }
    one_block_launch(f, true, c2r, in, out, cnt);
    size_t bad;
    const double worst = c2r ? c2r_err(in, out, (size_t)nf, cnt, &bad)
                             : worst_err<float>(in, out, (size_t)nf, cnt, 0, true, &bad);
    printf("%s %s f32 %6d x %zu (%d frames a block): rel %.2e, %zu not finite\n",
           verdict(worst, bad, 1e-6), c2r ? "c2r" : "r2c", 2 * nf, cnt, f.fpb, worst, bad);
    fflush(stdout);
}

/* C2C f32's one-block kernels of 4096, 8192 (gfp_fast_c2c_f32) and 16384
 * (gfp_fast_c2c_f32big: the one-block fkernel or, in the A/B build, the
 * alternative GFP_FAST_ALT names): a partial last block of frames,
 * forward and inverse, against FFTW (EMU_NF: one length alone; EMU_QUICK:
 * 4096 and 8192, whose 1024-thread 16384 is slow here) */
static void all_c2c1()
{
    const char *only = getenv("EMU_NF");
    const bool quick = getenv("EMU_QUICK") != NULL; /* make check: 4096 and 8192 */
    for (int nf = 4096; nf <= 16384; nf *= 2) {
        if ((only && atoi(only) != nf) || (quick && nf > 8192))
            continue;
        gfp_fast_info f;
        memset(&f, 0, sizeof f);
        if (!gfp_fast_c2c_f32(nf, &f) && !gfp_fast_c2c_f32big(nf, 1 << 30, &f)) {
            printf("FAIL c2c1 f32 %d: no kernel\n", nf);
            fails++;
            continue;
        }
        for (int inv = 0; inv <= 1; inv++) {
            const size_t cnt = (size_t)f.fpb + 2;
            std::vector<float> in(2 * cnt * nf), out(2 * cnt * nf, NAN);
            for (auto &v : in)
                v = (float)urand();
            one_block_launch(f, false, inv, in, out, cnt);
            size_t bad;
            const double worst = worst_err<float>(in, out, (size_t)nf, cnt, inv, false, &bad);
            printf("%s c2c1 f32 %6d x %zu (%s, %d threads, %d frames a block): rel %.2e, %zu not "
                   "finite\n",
                   verdict(worst, bad, 1e-6), nf, cnt, inv ? "inverse" : "forward", f.threads,
                   f.fpb, worst, bad);
            fflush(stdout);
        }
    }
}

/* C2R's and R2C's one-block kernels, then C2R's merge in the four-step */
static void all_c2r()
{
    const char *only = getenv("EMU_NF");
    const bool quick = getenv("EMU_QUICK") != NULL; /* make check: seven cases */
    for (int nf = 16; nf <= 16384; nf *= 2) {
        gfp_fast_info f;
        memset(&f, 0, sizeof f);
        if ((!only || atoi(only) == nf) && gfp_fast_c2r_f32(nf, &f) &&
            (!quick || nf == 16 || nf == 64 || nf == 8192))
            one_block_test(true, nf, f);
        memset(&f, 0, sizeof f);
        if ((!only || atoi(only) == nf) && gfp_fast_r2c_f32(nf, &f) &&
            (!quick || nf == 16 || nf == 8192))
            one_block_test(false, nf, f);
    }
    /* the four-step's first pass with the merge: every such kernel, n2
     * below, equal to and above n1 */
    static const int mpairs[][2] = {{128, 256}, {256, 256}, {512, 128}, {1024, 512}, {128, 4096}};
    for (auto &pr : mpairs)
        if ((!only || atoi(only) == pr[0] || atoi(only) == pr[1]) &&
            (!quick || (pr[0] == 128 && pr[1] == 256) || pr[0] == 1024))
            c2r_fourstep_test(pr[0], pr[1], 2);
    if (!only && !quick)
        c2r_nested_test(128, 128, 256, 1);
}

static void all_fourstep()
{
    /* every first-pass and second-pass kernel at least once; odd counts
     * leave a partial last block where FPB does not divide n2 cnt */
    static const int pairs[][2] = {{128, 128}, {128, 256}, {256, 256}, {256, 512}, {512, 128},
                                   {1024, 128}, {2048, 128}, {4096, 128}, {128, 1024},
                                   {128, 2048}, {128, 4096}, {8192, 128}, {128, 8192},
                                   /* the kernels of lengths with odd factors */
                                   {195, 231}, {200, 250}, {250, 400}, {200, 270},
                                   {400, 250}, {210, 210}, {200, 240}, {210, 420},
                                   {136, 248}, {136, 124}, {210, 105}, {200, 120}};
    const char *only = getenv("EMU_NF");
    const bool quick = getenv("EMU_QUICK") != NULL; /* make check: three pairs */
    for (auto &pr : pairs) {
        if (only && atoi(only) != pr[0] && atoi(only) != pr[1])
            continue;
        if (quick && !((pr[0] == 128 && pr[1] == 256) || (pr[0] == 1024 && pr[1] == 128) ||
                       (pr[0] == 195 && pr[1] == 231)))
            continue;
        fourstep_test<float>(pr[0], pr[1], 3, 0, false);
        fourstep_test<float>(pr[0], pr[1], 1, 1, true);
        if (pr[0] <= 4096 && pr[1] <= 4096) {
            fourstep_test<double>(pr[0], pr[1], 3, 0, false);
            fourstep_test<double>(pr[0], pr[1], 1, 1, true);
        }
    }
    /* f64 only: the second passes of 72 and 80 (Bluestein's M past n 4096) */
    static const int dpairs[][2] = {{128, 72}, {128, 80}};
    for (auto &pr : dpairs) {
        if ((only && atoi(only) != pr[0] && atoi(only) != pr[1]) || quick)
            continue;
        fourstep_test<double>(pr[0], pr[1], 3, 0, false);
        fourstep_test<double>(pr[0], pr[1], 1, 1, true);
    }
    /* R2C with the split in the second pass: every such kernel (n2 256 ..
     * 4096), n1 below, equal to and above n2 */
    static const int rpairs[][2] = {{128, 256}, {512, 256}, {256, 512}, {128, 1024},
                                    {128, 2048}, {128, 4096}, {4096, 256},
                                    /* odd factors: R2C 100000, 44100, 48000, 96000, 88200 */
                                    {200, 250}, {210, 105}, {200, 120}, {200, 240}, {210, 210}};
    for (auto &pr : rpairs) {
        if (only && atoi(only) != pr[0] && atoi(only) != pr[1])
            continue;
        if (quick && !(pr[0] == 128 && pr[1] == 256) && !(pr[0] == 200 && pr[1] == 250))
            continue;
        gfp_fast_info f;
        if (pr[1] > 1024 && !gfp_fast4s2r_c2c_f32(pr[1], &f))
            continue; /* longer rows have one only in emu-2d-ab, GFP_FAST_ALT=41 */
        r2c_fourstep_test(pr[0], pr[1], 2);
    }
}

/* Bluestein's tables as gfp_gpu_large.cu's blue_setup makes them: the
 * chirp w[m] = W_2n^{m^2} (m < n) and the spectrum of its conjugate / M,
 * natural order (n1 = 0) or the four-step's (Bh[k1 + n1 k2] at k1 n2 +
 * k2) */
template <typename T>
static void blue_tables(int n, size_t M, int n1, std::vector<T> &w, std::vector<T> &bh)
{
    w.assign(2 * (size_t)n, 0);
    std::vector<double> bsp(2 * M, 0.0), bs(2 * M);
    for (long long m = 0; m < n; m++) {
        ld c, si;
        root((long long)(((unsigned long long)m * m) % (2ull * n)), 2LL * n, &c, &si);
        w[2 * m] = (T)c;
        w[2 * m + 1] = (T)si;
        bsp[2 * m] = (double)c; /* b = conj w, b[M - m] = b[m] */
        bsp[2 * m + 1] = -(double)si;
        if (m) {
            bsp[2 * (M - m)] = bsp[2 * m];
            bsp[2 * (M - m) + 1] = bsp[2 * m + 1];
        }
    }
    fftw_plan bp = fftw_plan_dft_1d((int)M, (fftw_complex *)bsp.data(), (fftw_complex *)bs.data(),
                                    FFTW_FORWARD, FFTW_ESTIMATE);
    fftw_execute(bp);
    fftw_destroy_plan(bp);
    bh.assign(2 * M, 0);
    const size_t n2 = n1 ? M / n1 : M;
    for (size_t i = 0; i < M; i++) {
        const size_t src = n1 ? i / n2 + n1 * (i % n2) : i; /* i = k1 n2 + k2 */
        bh[2 * i] = (T)(bs[2 * src] / (double)M);
        bh[2 * i + 1] = (T)(bs[2 * src + 1] / (double)M);
    }
}

/* a Bluestein test's frames: kind 0 C2C, 1 R2C, 2 C2R (n/2 + 1 bins, bin
 * 0 and n/2 real); scalars a frame in and out */
template <typename T> struct BlueCase {
    int n, kind, inverse;
    size_t cnt, h, nin, nout;
    std::vector<T> in;
    BlueCase(int n_, int kind_, int inverse_, size_t cnt_)
        : n(n_), kind(kind_), inverse(inverse_), cnt(cnt_), h((size_t)n_ / 2 + 1)
    {
        nin = kind == 0 ? 2 * (size_t)n : kind == 1 ? (size_t)n : 2 * h;
        nout = kind == 0 ? 2 * (size_t)n : kind == 1 ? 2 * h : (size_t)n;
        in.resize(cnt * nin);
        for (auto &v : in)
            v = (T)urand();
        if (kind == 2)
            for (size_t m = 0; m < cnt; m++) {
                in[m * nin + 1] = 0;
                if (n % 2 == 0)
                    in[m * nin + 2 * (h - 1) + 1] = 0;
            }
    }
    /* the Bluestein fields of gfp_fparams (two real frames a transform) */
    void fields(gfp_fparams &p, const std::vector<T> &w, const std::vector<T> &bh) const
    {
        p.bch = w.data();
        p.bh = bh.data();
        p.bn = (unsigned long long)n;
        p.bnout = kind == 1 ? h : (size_t)n;
        p.bin = kind == 0 ? GFP_FAST_BIN_CPLX : kind == 1 ? GFP_FAST_BIN_REAL : GFP_FAST_BIN_HERM;
        p.bout_real = kind == 2;
        p.bpair = kind != 0;
        p.bframes = cnt;
    }
    size_t transforms() const { return kind != 0 ? (cnt + 1) / 2 : cnt; }
    /* out (0.5 x the transform) against FFTW in double: prints the line
     * and counts a failure; bad: values not finite, or written past the
     * frames' outputs (from clean on) */
    void check(const char *what, const std::vector<T> &out, size_t clean, const char *shape,
               bool inplace) const
    {
        const bool dbl = sizeof(T) == 8;
        std::vector<double> x(2 * (size_t)n), ref(2 * (size_t)n);
        fftw_plan fp = kind == 0 ? fftw_plan_dft_1d(n, (fftw_complex *)x.data(),
                                                    (fftw_complex *)ref.data(),
                                                    inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                                                    FFTW_ESTIMATE)
                       : kind == 1 ? fftw_plan_dft_r2c_1d(n, x.data(), (fftw_complex *)ref.data(),
                                                          FFTW_ESTIMATE)
                                   : fftw_plan_dft_c2r_1d(n, (fftw_complex *)x.data(), ref.data(),
                                                          FFTW_ESTIMATE);
        size_t bad;
        const double worst = frames_err<T>(fp, x, ref, in, nin, out, nout, cnt, &bad);
        for (size_t i = clean; i < out.size(); i++)
            if (!std::isnan(out[i]))
                bad++;
        const bool ok = bad == 0 && worst <= (dbl ? 2e-14 : 2e-6);
        if (!ok)
            fails++;
        static const char *const kn[] = {"c2c", "r2c", "c2r"};
        printf("%s %s %s %s n %6d on %s x %zu%s%s: rel %.2e, %zu bad\n", ok ? "ok  " : "FAIL", what,
               dbl ? "f64" : "f32", kn[kind], n, shape, cnt, inverse ? " inv" : "",
               inplace ? " in place" : "", worst, bad);
        fflush(stdout);
    }
};

/* Bluestein of length n on the four-step of M = n1 n2 in three passes
 * (gfp_gpu_fast_4sb.cu), as gfp_gpu_large.cu's route BLUE4 sets them up
 * and launches them: kind 0 C2C (inverse: conj in and out), 1 R2C, 2 C2R
 * (R2C and C2R two frames a transform, the last alone for odd cnt, R2C's
 * separated on the host as gfp_lpairpost_kernel does), scale 0.5, cnt
 * frames, pass C in place over the input when inplace */
template <typename T>
static void blue4_test(int n, int n1, int n2, int kind, int inverse, size_t cnt, bool inplace)
{
    const bool dbl = sizeof(T) == 8;
    gfp_fast_info fa, fb, fc;
    memset(&fa, 0, sizeof fa);
    memset(&fb, 0, sizeof fb);
    memset(&fc, 0, sizeof fc);
    bool ok = dbl ? gfp_fast4sb_f64(GFP_FAST_BA, n1, &fa) && gfp_fast4sb_f64(GFP_FAST_BB, n2, &fb) &&
                        gfp_fast4sb_f64(GFP_FAST_BC, n1, &fc)
                  : gfp_fast4sb_f32(GFP_FAST_BA, n1, &fa) && gfp_fast4sb_f32(GFP_FAST_BB, n2, &fb) &&
                        gfp_fast4sb_f32(GFP_FAST_BC, n1, &fc);
    const size_t M = (size_t)n1 * n2;
    if (!ok || M < 2 * (size_t)n - 1) {
        printf("FAIL blue4 %d on %dx%d: no pass kernels or M too short\n", n, n1, n2);
        fails++;
        return;
    }
    const BlueCase<T> bc(n, kind, inverse, cnt);
    const size_t h = bc.h, nt = bc.transforms();
    std::vector<T> ws(2 * cnt * M, (T)NAN);
    std::vector<T> out(std::max(cnt * bc.nout, cnt * bc.nin), (T)NAN);
    std::vector<T> w, bh;
    blue_tables<T>(n, M, n1, w, bh);
    int sh = 0;
    std::vector<T> xt = twolevel_tab<T>(M, &sh); /* W_M */
    size_t oa, ob, oc;
    std::vector<T> ta = tables<T>(fa, false, &oa), tb = tables<T>(fb, false, &ob),
                   tc = tables<T>(fc, false, &oc);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    bc.fields(p, w, bh);
    if (kind == 1)
        p.bnout = (size_t)n; /* pass C: Z = X1 + i X2 whole */
    p.xtw = xt.data();
    p.xsh = sh;
    p.scale = 1.0;
    /* A: the user's frames to ws */
    gfp_fparams a = p;
    a.tw = ta.data();
    if (inplace) /* A reads the frames C then overwrites */
        std::copy(bc.in.begin(), bc.in.end(), out.begin());
    a.in = inplace ? out.data() : bc.in.data();
    a.out = ws.data();
    a.batch = nt * n2;
    a.fpm = a.ld = (size_t)n2;
    a.mst = M;
    a.conj_in = kind == 1 ? 0 : inverse;
    launch(fa, a);
    /* B: the rows in place */
    gfp_fparams b = p;
    b.tw = tb.data();
    b.in = ws.data();
    b.out = ws.data();
    b.batch = nt * n1;
    b.fpm = (size_t)n1;
    launch(fb, b);
    /* C: to the user's frames (over the input when inplace) */
    std::vector<T> z(2 * nt * (size_t)n, (T)NAN);
    gfp_fparams c = p;
    c.tw = tc.data();
    c.in = ws.data();
    c.out = kind == 1 ? z.data() : out.data();
    c.batch = nt * n2;
    c.fpm = c.ld = (size_t)n2;
    c.mst = M;
    c.conj_out = kind == 1 ? 0 : inverse; /* C2R's pairs: the imaginary part needs it too */
    c.scale = kind == 1 ? 1.0 : 0.5;
    launch(fc, c);
    if (kind == 1) /* gfp_lpairpost_kernel's separation, scale 0.5 */
        for (size_t b = 0; b < nt; b++)
            for (size_t k = 0; k < h; k++) {
                const T *a = &z[2 * (b * n + k)], *cc = &z[2 * (b * n + (k ? n - k : 0))];
                T *o = &out[2 * (2 * b * h + k)];
                o[0] = (T)0.25 * (a[0] + cc[0]);
                o[1] = (T)0.25 * (a[1] - cc[1]);
                if (2 * b + 1 < cnt) {
                    o[2 * h] = (T)0.25 * (a[1] + cc[1]);
                    o[2 * h + 1] = (T)0.25 * (cc[0] - a[0]);
                }
            }
    char shape[32];
    snprintf(shape, sizeof shape, "%5d x %4d", n1, n2);
    bc.check("blue4", out, inplace ? out.size() : cnt * bc.nout, shape, inplace);
}

/* Bluestein whole in one block, FPB frames a block (form GFP_FAST_B1,
 * gfp_gpu_large.cu's route BLUES): n, M, kinds as blue4_test, R2C's pairs
 * separated in the kernel's store */
template <typename T>
static void blues_test(int n, int M, int kind, int inverse, size_t cnt, bool inplace)
{
    const bool dbl = sizeof(T) == 8;
    gfp_fast_info f;
    memset(&f, 0, sizeof f);
    bool ok = dbl ? gfp_fast4sb_f64(GFP_FAST_B1, M, &f) : gfp_fast4sb_f32(GFP_FAST_B1, M, &f);
    if (!ok || M < 2 * n - 1) {
        printf("FAIL blues %d on %d: no kernel or M too short\n", n, M);
        fails++;
        return;
    }
    const BlueCase<T> bc(n, kind, inverse, cnt);
    std::vector<T> out(std::max(cnt * bc.nout, cnt * bc.nin) + 64, (T)NAN);
    std::vector<T> w, bh;
    blue_tables<T>(n, (size_t)M, 0, w, bh);
    size_t o;
    std::vector<T> tw = tables<T>(f, false, &o);
    gfp_fparams p;
    memset(&p, 0, sizeof p);
    bc.fields(p, w, bh);
    p.tw = tw.data();
    p.conj_in = kind == 1 ? 0 : inverse;
    p.conj_out = inverse; /* C2R's pairs: as the inverse's */
    p.scale = 0.5;
    if (inplace)
        std::copy(bc.in.begin(), bc.in.end(), out.begin());
    p.in = inplace ? out.data() : bc.in.data();
    p.out = out.data();
    p.batch = bc.transforms();
    p.fpm = 1;
    launch(f, p);
    char shape[32];
    snprintf(shape, sizeof shape, "M %4d", M);
    bc.check("blues", out, std::max(cnt * bc.nout, cnt * bc.nin), shape, inplace);
}

static void all_blues()
{
    /* every M at its longest n (odd) and a short one, every kind; batches
     * that leave a partial last block and an odd last pair */
    static const int ms[] = {64, 96, 128, 160, 192, 256, 320, 384, 512, 640, 768, 1024, 1280, 1536, 2048};
    const char *only = getenv("EMU_NF");
    const bool quick = getenv("EMU_QUICK") != NULL;
    for (int M : ms) {
        if ((only && atoi(only) != M) || (quick && M != 256 && M != 640 && M != 1536))
            continue;
        const int n = M / 2 - 1; /* odd: 2n - 1 = M - 3 */
        for (int kind = 0; kind < 3; kind++) {
            blues_test<float>(n, M, kind, kind == 2, 37, kind == 0);
            blues_test<double>(n, M, kind, kind == 2, 19, false);
        }
        blues_test<float>(n - 1, M, 1, 0, 5, false); /* even n */
        blues_test<double>(n - 1, M, 2, 1, 4, false);
    }
    if (!only && !quick) { /* the shortest non-smooth lengths on M 64 */
        blues_test<float>(17, 64, 0, 1, 40, false);
        blues_test<double>(31, 64, 1, 0, 3, false);
    }
}

static void all_blue4()
{
    /* every pass B length once (n1 128, the longest n M serves, odd), every
     * n1 of passes A and C, each kind; then primes */
    static const int n2s[] = {72, 80, 96, 120, 128, 160, 192, 240, 256, 320, 400, 512, 1024};
    const char *only = getenv("EMU_NF");
    const bool quick = getenv("EMU_QUICK") != NULL;
    for (int n2 : n2s) {
        if ((only && atoi(only) != n2) || (quick && n2 != 72 && n2 != 160))
            continue;
        const int n = (128 * n2 + 1) / 2 - ((128 * n2 + 1) / 2 % 2 == 0);
        blue4_test<float>(n, 128, n2, 0, 0, 3, false);
        blue4_test<double>(n, 128, n2, 0, 1, 2, true);
    }
    static const int n1s[] = {256, 512, 1024, 2048, 4096};
    for (int n1 : n1s) {
        if ((only && atoi(only) != n1) || (quick && n1 != 256))
            continue;
        const int n = n1 * 128 / 2 - 1;
        blue4_test<float>(n, n1, 128, 0, 1, 2, false);
        blue4_test<double>(n, n1, 128, 0, 0, 2, false);
    }
    /* the kinds, odd and even n */
    static const int nk[][3] = {{4241, 128, 72}, {4242, 128, 72}, {7727, 128, 128}, {8209, 128, 160}};
    for (auto &q : nk) {
        if (only && atoi(only) != q[0])
            continue;
        for (int kind = 0; kind < 3; kind++) {
            if (quick && q[0] != 4241 && q[0] != 4242)
                continue;
            blue4_test<float>(q[0], q[1], q[2], kind, kind == 2, 3, false);
            blue4_test<double>(q[0], q[1], q[2], kind, kind == 2, 2, kind == 0);
        }
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

/* ---- a mock CUDA runtime and 1D GPU API under gfp_gpu_2d.cu ---------------- */

static void launch_grid(const void *func, unsigned blocks, unsigned nt, const gfp_fparams &p)
{
    gfp_fast_info fi;
    memset(&fi, 0, sizeof fi);
    fi.func = func;
    fi.threads = (int)nt;
    fi.fpb = 1; /* launch() takes blocks = batch / fpb: give it the grid */
    gfp_fparams q = p;
    /* the kernel reads p.batch for its frames; the grid comes from here */
    pthread_barrier_init(&emu_bar, NULL, nt);
    std::vector<pthread_t> th(nt);
    std::vector<launch_arg> args(nt);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 256 * 1024);
    for (unsigned t = 0; t < nt; t++) {
        args[t] = {&fi, &q, t, blocks};
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

extern "C" {
cudaError_t cudaMalloc(void **p, size_t n)
{
    *p = malloc(n ? n : 1);
    if (!*p)
        return cudaErrorMemoryAllocation;
    memset(*p, 0xff, n); /* NaN: reads of unwritten workspace show */
    return cudaSuccess;
}
cudaError_t cudaFree(void *p) { free(p); return cudaSuccess; }
cudaError_t cudaMemset(void *p, int v, size_t n) { memset(p, v, n); return cudaSuccess; }
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; } /* the emulated work is done when its call returns */
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, enum cudaMemcpyKind)
{
    memmove(d, s, n);
    return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr a, int)
{
    *v = a == cudaDevAttrMaxSharedMemoryPerBlockOptin ? 232448 : 9;
    return cudaSuccess;
}
cudaError_t cudaGetDevice(int *d) { *d = 0; return cudaSuccess; }
cudaError_t cudaSetDevice(int) { return cudaSuccess; }
cudaError_t cudaGetLastError(void) { return cudaSuccess; }
const char *cudaGetErrorString(cudaError_t) { return "mock error"; }
const char *cudaGetErrorName(cudaError_t) { return "mockError"; }
cudaError_t cudaFuncSetAttribute(const void *, enum cudaFuncAttribute, int) { return cudaSuccess; }
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *fa, const void *)
{
    memset(fa, 0, sizeof *fa);
    fa->maxThreadsPerBlock = 1024;
    return cudaSuccess;
}
cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t,
                             cudaStream_t)
{
    launch_grid(func, grid.x, block.x, *(const gfp_fparams *)args[0]);
    return cudaSuccess;
}
static unsigned cfg_cluster(const cudaLaunchConfig_t *cfg)
{
    for (unsigned i = 0; i < cfg->numAttrs; i++)
        if (cfg->attrs[i].id == cudaLaunchAttributeClusterDimension)
            return cfg->attrs[i].val.clusterDim.x;
    return 1;
}
cudaError_t cudaOccupancyMaxActiveClusters(int *n, const void *, const cudaLaunchConfig_t *cfg)
{
    *n = cfg_cluster(cfg) <= 8 ? 16 : 0;
    return cudaSuccess;
}
/* persistent pass kernels (ptkernel) are not emulated (cp.async): two
 * blocks a multiprocessor, never asked for */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *, int, size_t)
{
    *n = 2;
    return cudaSuccess;
}
static int cl_launches; /* cluster launches (GFP_GPU_2D_CL) */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *cfg, const void *func, void **args)
{
    unsigned cl = cfg_cluster(cfg);
    cl_launches += cl > 1;
    if (cl <= 1) {
        launch_grid(func, cfg->gridDim.x, cfg->blockDim.x, *(const gfp_fparams *)args[0]);
        return cudaSuccess;
    }
    if (cfg->gridDim.x % cl) /* the runtime refuses a partial cluster */
        return cudaErrorInvalidValue;
    gfp_fast_info fi;
    memset(&fi, 0, sizeof fi);
    fi.func = func;
    fi.threads = (int)cfg->blockDim.x;
    fi.fpb = 1;
    fi.cl = (int)cl;
    fi.smem = cfg->dynamicSmemBytes;
    launch_cl(fi, *(const gfp_fparams *)args[0], cfg->gridDim.x);
    return cudaSuccess;
}
}

/* mock 1D plans: FFTW in double, rounded to the plan's precision, the
 * conventions of gfp_gpu_plan_exec (R2C inverse: the conjugate; C2R
 * inverse: the unnormalised inverse) */
struct gfp_gpu_plan {
    gfp_gpu_desc d;
};
static int mock_plans;
extern "C" int gfp_gpu_plan_create(const gfp_gpu_desc *d, gfp_gpu_plan **out, char *, size_t)
{
    *out = (gfp_gpu_plan *)calloc(1, sizeof **out);
    (*out)->d = *d;
    mock_plans++;
    return 0;
}
extern "C" void gfp_gpu_plan_destroy(gfp_gpu_plan *p)
{
    if (p)
        mock_plans--;
    free(p);
}
extern "C" int gfp_gpu_plan_exec(const gfp_gpu_plan *p, const void *in, void *out, size_t batch,
                                 void *, char *, size_t)
{
    const gfp_gpu_desc &d = p->d;
    int n = (int)d.n, nb = n / 2 + 1;
    size_t ni = d.kind == GFP_GPU_C2C ? 2 * n : d.kind == GFP_GPU_R2C ? n : 2 * nb;
    size_t no = d.kind == GFP_GPU_C2C ? 2 * n : d.kind == GFP_GPU_R2C ? 2 * nb : n;
    std::vector<double> x(ni), y(no);
    /* every input frame read before any output is written (in place) */
    std::vector<double> all(batch * ni);
    for (size_t i = 0; i < batch * ni; i++)
        all[i] = d.dbl ? ((const double *)in)[i] : ((const float *)in)[i];
    for (size_t f = 0; f < batch; f++) {
        memcpy(x.data(), &all[f * ni], ni * sizeof(double));
        fftw_plan fp;
        if (d.kind == GFP_GPU_C2C) {
            fp = fftw_plan_dft_1d(n, (fftw_complex *)x.data(), (fftw_complex *)y.data(),
                                  d.inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
        } else if (d.kind == GFP_GPU_R2C) {
            fp = fftw_plan_dft_r2c_1d(n, x.data(), (fftw_complex *)y.data(), FFTW_ESTIMATE);
        } else {
            if (!d.inverse)
                for (size_t i = 1; i < ni; i += 2)
                    x[i] = -x[i];
            fp = fftw_plan_dft_c2r_1d(n, (fftw_complex *)x.data(), y.data(), FFTW_ESTIMATE);
        }
        if (d.kind != GFP_GPU_C2R || d.inverse)
            memcpy(x.data(), &all[f * ni], ni * sizeof(double));
        fftw_execute(fp);
        fftw_destroy_plan(fp);
        if (d.kind == GFP_GPU_R2C && d.inverse)
            for (size_t i = 1; i < no; i += 2)
                y[i] = -y[i];
        for (size_t i = 0; i < no; i++) {
            if (d.dbl)
                ((double *)out)[f * no + i] = y[i] * d.scale;
            else
                ((float *)out)[f * no + i] = (float)(y[i] * d.scale);
        }
    }
    return 0;
}
extern "C" int gfp_gpu_transpose(const void *s, void *d, size_t rows, size_t cols, int dbl,
                                 void *, char *, size_t)
{
    size_t e = dbl ? 16 : 8;
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++)
            memcpy((char *)d + (c * rows + r) * e, (const char *)s + (r * cols + c) * e, e);
    return 0;
}

#include "../../kernels/gfp_gpu_2d.cu"

/* one case through gfp_gpu_plan2d, against FFTW 2D in double */
static void plan_case(gfp_gpu_kind kind, int inverse, int dbl, size_t w, size_t h, size_t cnt,
                      double scale, int no2d, int want_r, int want_c)
{
    size_t wb = w / 2 + 1;
    size_t ni = kind == GFP_GPU_C2C ? 2 * w * h : kind == GFP_GPU_R2C ? w * h : 2 * wb * h;
    size_t no = kind == GFP_GPU_C2C ? 2 * w * h : kind == GFP_GPU_R2C ? 2 * wb * h : w * h;
    std::vector<double> x(cnt * ni), ref(cnt * no), tmp(ni > no ? ni : no);
    for (size_t m = 0; m < cnt; m++) {
        double *xm = &x[m * ni], *rm = &ref[m * no];
        fftw_plan fp;
        if (kind == GFP_GPU_C2R) {
            for (size_t i = 0; i < no; i++)
                rm[i] = (1 + m) * urand();
            memcpy(tmp.data(), rm, no * sizeof(double));
            fp = fftw_plan_dft_r2c_2d((int)h, (int)w, tmp.data(), (fftw_complex *)xm,
                                      FFTW_ESTIMATE);
            memcpy(tmp.data(), rm, no * sizeof(double));
            fftw_execute(fp);
            fftw_destroy_plan(fp);
            for (size_t i = 0; i < no; i++)
                rm[i] *= (double)w * (double)h * scale;
            continue;
        }
        for (size_t i = 0; i < ni; i++)
            xm[i] = (1 + m) * urand();
        memcpy(tmp.data(), xm, ni * sizeof(double));
        fp = kind == GFP_GPU_C2C
                 ? fftw_plan_dft_2d((int)h, (int)w, (fftw_complex *)tmp.data(),
                                    (fftw_complex *)rm, inverse ? FFTW_BACKWARD : FFTW_FORWARD,
                                    FFTW_ESTIMATE)
                 : fftw_plan_dft_r2c_2d((int)h, (int)w, tmp.data(), (fftw_complex *)rm,
                                        FFTW_ESTIMATE);
        memcpy(tmp.data(), xm, ni * sizeof(double));
        fftw_execute(fp);
        fftw_destroy_plan(fp);
        if (kind == GFP_GPU_R2C && inverse)
            for (size_t i = 1; i < no; i += 2)
                rm[i] = -rm[i];
        for (size_t i = 0; i < no; i++)
            rm[i] *= scale;
    }
    size_t sc = dbl ? 8 : 4;
    void *din = malloc(cnt * ni * sc), *dout = malloc(cnt * no * sc);
    void *back = malloc(cnt * ni * sc);
    for (size_t i = 0; i < cnt * ni; i++) {
        if (dbl)
            ((double *)din)[i] = x[i];
        else
            ((float *)din)[i] = (float)x[i];
    }
    memcpy(back, din, cnt * ni * sc);
    memset(dout, 0xff, cnt * no * sc);
    if (no2d)
        setenv("GFP_GPU_NO2D", "1", 1);
    else
        unsetenv("GFP_GPU_NO2D");
    gfp_gpu_desc2d d = {w, h, cnt, kind, inverse, dbl, scale, 0};
    gfp_gpu_plan2d *p = NULL;
    char msg[256] = "";
    int rc = gfp_gpu_plan2d_create(&d, &p, msg, sizeof msg);
    unsetenv("GFP_GPU_NO2D");
    int pr = 0, pc = 0;
    if (!rc) {
        gfp_gpu_plan2d_paths(p, &pr, &pc);
        rc = gfp_gpu_plan2d_exec(p, din, dout, NULL, msg, sizeof msg);
    }
    double num = 0, den = 0;
    size_t bad = 0;
    for (size_t i = 0; !rc && i < cnt * no; i++) {
        double v = dbl ? ((double *)dout)[i] : ((float *)dout)[i];
        if (!std::isfinite(v)) {
            bad++;
            continue;
        }
        num += (v - ref[i]) * (v - ref[i]);
        den += ref[i] * ref[i];
    }
    double rel = den > 0 ? sqrt(num / den) : sqrt(num);
    double tol = dbl ? 1e-13 : 2e-6;
    bool paths = (want_r < 0 || pr == want_r) && (want_c < 0 || pc == want_c);
    bool same = !memcmp(back, din, cnt * ni * sc);
    bool ok = !rc && bad == 0 && rel <= tol && paths && same;
    if (!ok)
        fails++;
    printf("%s plan %s %s%s %zux%zu x%zu%s: rows %s, cols %s: %s rel %.2e, %zu not finite%s\n",
           ok ? "ok  " : "FAIL",
           kind == GFP_GPU_C2C ? "c2c" : kind == GFP_GPU_R2C ? "r2c" : "c2r", dbl ? "f64" : "f32",
           inverse ? " inv" : "", w, h, cnt, no2d ? " NO2D" : "", pr == 3 ? "1D alone" : pr == 2 ? "pass" : "1D",
           pc == 3 ? "4step" : pc == 2 ? "pass" : "1D", rc ? msg : "", rel, bad,
           same ? "" : ", input changed");
    fflush(stdout);
    gfp_gpu_plan2d_destroy(p);
    free(din);
    free(dout);
    free(back);
}

static void all_plans()
{
    const gfp_gpu_kind K[3] = {GFP_GPU_C2C, GFP_GPU_R2C, GFP_GPU_C2R};
    static const size_t wh[][2] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {17, 13}, {97, 31},
                                   {1, 256}, {256, 1}, {33, 64}, {6, 5}, {9, 1}, {1, 9},
                                   {1000, 3}};
    for (int dbl = 0; dbl < 2; dbl++)
        for (auto &s : wh)
            for (int k = 0; k < 3; k++)
                plan_case(K[k], K[k] == GFP_GPU_C2R, dbl, s[0], s[1], 2,
                          k == 0 ? 1.0 / (double)(s[0] * s[1]) : 1.0, 0, -1, -1);
    /* pass kernels on one axis, both, and through the fallback */
    plan_case(GFP_GPU_C2C, 0, 0, 256, 512, 2, 1.0, 0, 2, 2);
    plan_case(GFP_GPU_C2C, 1, 0, 256, 512, 2, 0.25, 1, 1, 1);
    plan_case(GFP_GPU_C2C, 0, 0, 1080, 13, 3, 1.0, 0, 2, 1);
    plan_case(GFP_GPU_C2C, 1, 0, 12, 2160, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_C2C, 0, 0, 1, 4096, 1, 1.0, 0, 3, 2); /* the sc route (h = 4096) */
    plan_case(GFP_GPU_C2C, 0, 0, 4096, 1, 1, 1.0, 0, 2, 1);
    plan_case(GFP_GPU_R2C, 0, 0, 1920, 10, 2, 1.0, 0, 2, 1);
    plan_case(GFP_GPU_R2C, 1, 0, 3840, 5, 1, 0.5, 0, 2, 1);
    plan_case(GFP_GPU_R2C, 0, 0, 1024, 256, 2, 1.0, 0, 2, 2);
    plan_case(GFP_GPU_R2C, 0, 0, 1024, 256, 2, 1.0, 1, 1, 1);
    plan_case(GFP_GPU_R2C, 0, 0, 1023, 256, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_R2C, 0, 0, 2048, 1, 1, 1.0, 0, 2, 1);
    plan_case(GFP_GPU_C2R, 1, 0, 20, 1080, 2, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 1, 1080, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 1920, 256, 1, 1.0 / 3, 0, 1, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 1920, 256, 1, 1.0, 1, 1, 1);
    plan_case(GFP_GPU_C2C, 0, 1, 1024, 6, 3, 1.0, 0, 2, 1);
    plan_case(GFP_GPU_C2C, 1, 1, 5, 2048, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_R2C, 0, 1, 100, 1024, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_C2R, 1, 1, 30, 4096, 1, 1.0, 0, 1, 2);
    /* C2C f32 16384 in clusters (GFP_GPU_2D_CL): rows, columns, a cluster
     * straddling matrices, the grid padded to whole clusters */
    static const char *cls[] = {"2", "4", "8"};
    for (const char *c : cls) {
        setenv("GFP_GPU_2D_CL", c, 1);
        int before = cl_launches;
        plan_case(GFP_GPU_C2C, 0, 0, 16384, 7, 2, 1.0, 0, 2, 1);
        plan_case(GFP_GPU_C2C, 1, 0, 3, 16384, 1, 1.0, 0, 1, 2);
        plan_case(GFP_GPU_C2C, 0, 0, 16384, 256, 1, 1.0, 0, 2, 2);
        int want = 3;
        if (!strcmp(c, "2")) { /* 2160 and 4096 in pairs of 4-frame blocks */
            plan_case(GFP_GPU_C2C, 0, 0, 10, 2160, 2, 1.0, 0, 1, 2);
            plan_case(GFP_GPU_R2C, 0, 0, 100, 4096, 1, 1.0, 0, 1, 2);
            plan_case(GFP_GPU_R2C, 0, 0, 3840, 2160, 1, 1.0, 0, 2, 2);
            plan_case(GFP_GPU_C2R, 1, 0, 20, 2160, 1, 1.0, 0, 1, 2);
            want = 7;
        }
        if (cl_launches - before != want) {
            printf("FAIL plan: GFP_GPU_2D_CL=%s: %d cluster launches, %d wanted\n", c,
                   cl_launches - before, want);
            fails++;
        }
    }
    unsetenv("GFP_GPU_2D_CL");
    if (mock_plans != 0) {
        printf("FAIL plan: %d 1D plans not destroyed\n", mock_plans);
        fails++;
    }
}

/* C2C f32 columns of h = n1 n2 as a four-step, then the rows
 * (GFP_GPU_2D_CF=1, gfp_gpu_2d.cu's cf route): 64 x 64, 64 x 128 and 128 x
 * 128, forward and inverse, batches, rows narrower than a block's
 * columns; where the route is off or has no kernel, the pass kernels;
 * the default (h = 8192 and 16384) */
static void cf_plans()
{
    setenv("GFP_GPU_2D_CF", "1", 1);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 4096, 2, 1.0, 0, 2, 3);
    plan_case(GFP_GPU_C2C, 1, 0, 32, 8192, 1, 1.0 / (32.0 * 8192.0), 0, 2, 3);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 16384, 1, 1.0, 0, 2, 3);
    plan_case(GFP_GPU_C2C, 1, 0, 64, 4096, 3, 0.5, 0, 2, 3);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 32768, 1, 1.0, 0, 2, 3); /* 128 x 256 */
    plan_case(GFP_GPU_C2C, 0, 0, 24, 4096, 1, 1.0, 0, -1, 2); /* rows of 24: no row kernel */
    plan_case(GFP_GPU_C2C, 0, 1, 16, 4096, 1, 1.0, 0, -1, 2); /* f64 */
    plan_case(GFP_GPU_R2C, 0, 0, 100, 4096, 1, 1.0, 0, 1, 2);
    setenv("GFP_GPU_2D_CF", "0", 1);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 4096, 1, 1.0, 0, -1, 2);
    /* the default: at h = 8192 and 16384 */
    unsetenv("GFP_GPU_2D_CF");
    plan_case(GFP_GPU_C2C, 1, 0, 32, 8192, 2, 1.0, 0, 2, 3);
    plan_case(GFP_GPU_C2C, 0, 0, 32, 4096, 1, 1.0, 0, -1, 2);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 32768, 1, 1.0, 0, -1, 1);
    /* GFP_GPU_2D_SC=1 (stop 39): the rows by the 1D plan, the columns of
     * 4096 in one strided pass; rows narrower than a block's four columns
     * and not a multiple of them, batches, inverse; off where h has no
     * such kernel or the cf route serves; =0 off; by default at 4096
     * rows whose width has no pass kernel (16, 6); R2C and C2R below */
    setenv("GFP_GPU_2D_SC", "1", 1);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 4096, 2, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_C2C, 1, 0, 6, 4096, 3, 1.0 / 4096.0, 0, 3, 2);
    plan_case(GFP_GPU_C2C, 0, 0, 13, 4096, 1, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 2048, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_C2C, 0, 0, 32, 8192, 1, 1.0, 0, 2, 3);
    plan_case(GFP_GPU_C2C, 0, 0, 100, 256, 1, 1.0, 0, 3, 2); /* 2C2's 256 */
    /* R2C (stop 40) with =1 only: the rows R2C by the 1D plan, the columns
     * at stride w/2+1 (even and odd); C2R the columns first, then the
     * rows' C2R */
    plan_case(GFP_GPU_R2C, 0, 0, 100, 4096, 1, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_R2C, 0, 0, 13, 4096, 2, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_R2C, 0, 0, 64, 128, 1, 0.5, 0, 3, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 100, 256, 1, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 1920, 1080, 1, 1.0, 0, 1, 2); /* no 2C2 of 1080 */
    plan_case(GFP_GPU_C2R, 1, 1, 30, 4096, 1, 1.0, 0, 1, 2);   /* f64 */
    setenv("GFP_GPU_2D_SC", "0", 1);
    plan_case(GFP_GPU_C2C, 0, 0, 16, 4096, 1, 1.0, 0, 1, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 20, 4096, 1, 1.0, 0, 1, 2);
    unsetenv("GFP_GPU_2D_SC"); /* the default: h = 4096, C2C and C2R */
    plan_case(GFP_GPU_C2C, 1, 0, 6, 4096, 1, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 20, 4096, 2, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 13, 4096, 1, 1.0 / (13.0 * 4096.0), 0, 3, 2);
    plan_case(GFP_GPU_C2R, 1, 0, 1, 4096, 1, 1.0, 0, 3, 2);
    plan_case(GFP_GPU_R2C, 0, 0, 100, 4096, 1, 1.0, 0, 1, 2);
}

#ifndef EMU_NO_MAIN /* -DEMU_NO_MAIN: the mocks alone, under another program */
int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    bool all = !strcmp(what, "all");
    if (all || !strcmp(what, "pass"))
        all_passes();
    if (all || !strcmp(what, "2dcf"))
        cf_plans();
    if (all || !strcmp(what, "2d")) {
        twod_test<float>(256, 512, 2, false);
        twod_test<float>(1080, 256, 1, false);
        twod_test<float>(1920, 1080, 1, true);
        twod_test<float>(3840, 256, 1, true);
        twod_test<double>(1024, 1024, 1, false);
    }
    if (!strcmp(what, "2dbig")) { /* issue 7's larger sizes (slow: minutes) */
        twod_test<float>(16384, 256, 1, false);
        twod_test<float>(256, 16384, 1, false);
        twod_test<float>(3840, 2160, 1, true);
        twod_test<float>(3840, 2160, 1, false);
        twod_test<float>(1920, 1080, 1, false);
    }
    if (all || !strcmp(what, "plan"))
        all_plans();
    if (all || !strcmp(what, "4step"))
        all_fourstep();
    if (all || !strcmp(what, "4step3"))
        all_nested();
    if (all || !strcmp(what, "blue4"))
        all_blue4();
    if (all || !strcmp(what, "blues"))
        all_blues();
    if (all || !strcmp(what, "1cl"))
        all_whole();
    if (all || !strcmp(what, "c2r"))
        all_c2r();
    if (!strcmp(what, "c2c1")) /* not in all: 16384's 1024 threads are slow here */
        all_c2c1();
    printf("emu-2d: %d failed\n", fails);
    return fails != 0;
}
#endif
