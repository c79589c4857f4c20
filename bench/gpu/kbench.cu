/* kbench.cu - standalone correctness and speed harness for gfftpipe's own
 * GPU FFT kernels (kernels/gfp_gpu.h) against cuFFT and a long-double CPU
 * reference. Not part of the product build.
 *
 *   kbench check  [--max N | --sizes a,b,..]  every supported N (13-smooth) up to the
 *                                  device limit and some Bluestein lengths,
 *                                  all kinds, f32 and f64,
 *                                  odd batch, poisoned outputs, vs CPU
 *   kbench sanitize                a short list, batch 3, our kernels only
 *                                  (for compute-sanitizer memcheck/racecheck)
 *   kbench bench [--sizes a,b,..] [--kinds c2c,r2c,...] [--prec f32,f64]
 *                [--gib X] [--alts 0,1,..]  ~1 GiB batched timing vs cuFFT + errors;
 *                                  --alts: GFP_FAST_ALT values (builds with
 *                                  -DGFP_FAST_AB carry alternative kernels)
 *   kbench fused                   window / scale / post-op checks
 */
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#include <cufft.h>

#include "../../kernels/gfp_gpu.h"

typedef long double ld;
typedef std::complex<ld> cld;

#define CK(x)                                                                            \
    do {                                                                                 \
        cudaError_t e_ = (x);                                                            \
        if (e_ != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,                   \
                    cudaGetErrorString(e_));                                             \
            exit(2);                                                                     \
        }                                                                                \
    } while (0)
#define CF(x)                                                                            \
    do {                                                                                 \
        cufftResult r_ = (x);                                                            \
        if (r_ != CUFFT_SUCCESS) {                                                       \
            fprintf(stderr, "%s:%d: %s: cufft error %d\n", __FILE__, __LINE__, #x,       \
                    (int)r_);                                                            \
            exit(2);                                                                     \
        }                                                                                \
    } while (0)

/* ---- reference ----------------------------------------------------------- */

static std::vector<cld> g_root; /* e^{-2 pi i m / N}, m < N */
static int g_rootn = 0;

static void set_roots(int n)
{
    if (g_rootn == n)
        return;
    g_root.resize(n);
    const ld pi = 3.141592653589793238462643383279502884L;
    for (int m = 0; m < n; m++) {
        long long mm = m;
        if (2 * mm > n)
            mm -= n;
        ld a = 2 * pi * (ld)mm / (ld)n;
        g_root[m] = cld(cosl(a), -sinl(a));
    }
    g_rootn = n;
}

static int small_prime(int n)
{
    for (int p = 2; p * p <= n; p++)
        if (n % p == 0)
            return p;
    return n;
}

/* forward DFT of x[0], x[s], ..., x[(n-1)s] into y[0..n-1]; roots of g_rootn,
 * W_n = root[N/n] */
static void rfft(int n, const cld *x, int s, cld *y)
{
    int step = g_rootn / n;
    if (n == 1) {
        y[0] = x[0];
        return;
    }
    int p = small_prime(n);
    if (p == n) { /* naive */
        for (int k = 0; k < n; k++) {
            cld acc = 0;
            for (int j = 0; j < n; j++)
                acc += x[(size_t)j * s] * g_root[(size_t)((long long)j * k % n) * step];
            y[k] = acc;
        }
        return;
    }
    int m = n / p;
    std::vector<cld> sub((size_t)n);
    for (int r = 0; r < p; r++)
        rfft(m, x + (size_t)r * s, s * p, &sub[(size_t)r * m]);
    for (int k = 0; k < m; k++)
        for (int q = 0; q < p; q++) {
            int kk = k + m * q;
            cld acc = sub[k];
            for (int r = 1; r < p; r++)
                acc += sub[(size_t)r * m + k] * g_root[(size_t)((long long)r * kk % n) * step];
            y[kk] = acc;
        }
}

static void ref_dft(int n, const cld *x, cld *y, int inverse)
{
    set_roots(n);
    if (!inverse) {
        rfft(n, x, 1, y);
        return;
    }
    std::vector<cld> c(n);
    for (int i = 0; i < n; i++)
        c[i] = std::conj(x[i]);
    rfft(n, c.data(), 1, y);
    for (int i = 0; i < n; i++)
        y[i] = std::conj(y[i]);
}

/* ---- helpers --------------------------------------------------------------- */

static unsigned long long g_rng = 88172645463325252ull;
static double urand()
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (double)(g_rng >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

static bool smooth13(int n)
{
    for (int p : {2, 3, 5, 7, 11, 13})
        while (n % p == 0)
            n /= p;
    return n == 1;
}

static const char *kname(int k) { return k == 0 ? "c2c" : k == 1 ? "r2c" : k == 2 ? "c2r" : "c2c-inv"; }

struct Layout {
    size_t in_reals, out_reals; /* per transform */
};
/* kind: 0 c2c fwd, 1 r2c, 2 c2r, 3 c2c inverse */
static Layout layout(int kind, int n)
{
    Layout l;
    switch (kind) {
    case 1: l.in_reals = n; l.out_reals = 2 * (n / 2 + 1); break;
    case 2: l.in_reals = 2 * (n / 2 + 1); l.out_reals = n; break;
    default: l.in_reals = l.out_reals = 2 * (size_t)n; break;
    }
    return l;
}

static gfp_gpu_desc mkdesc(int kind, int n, int dbl)
{
    gfp_gpu_desc d;
    memset(&d, 0, sizeof d);
    d.n = n;
    d.kind = kind == 1 ? GFP_GPU_R2C : kind == 2 ? GFP_GPU_C2R : GFP_GPU_C2C;
    d.inverse = kind >= 2;
    d.dbl = dbl;
    d.scale = 1.0;
    d.device = 0;
    return d;
}

/* random input in host long double + device precision; reference output */
static void make_case(int kind, int n, size_t batch, std::vector<ld> &in, std::vector<ld> &ref)
{
    Layout l = layout(kind, n);
    in.resize(l.in_reals * batch);
    ref.resize(l.out_reals * batch);
    std::vector<cld> x(n), y(n);
    for (size_t b = 0; b < batch; b++) {
        ld *pi = &in[b * l.in_reals];
        ld *po = &ref[b * l.out_reals];
        for (size_t i = 0; i < l.in_reals; i++)
            pi[i] = (ld)urand();
        if (kind == 2) {
            pi[1] = 0;
            if (n % 2 == 0)
                pi[2 * (n / 2) + 1] = 0;
            for (int k = 0; k < n; k++) {
                int kk = k <= n / 2 ? k : n - k;
                cld v(pi[2 * kk], pi[2 * kk + 1]);
                x[k] = k <= n / 2 ? v : std::conj(v);
            }
            ref_dft(n, x.data(), y.data(), 1);
            for (int k = 0; k < n; k++)
                po[k] = y[k].real();
        } else if (kind == 1) {
            for (int k = 0; k < n; k++)
                x[k] = cld(pi[k], 0);
            ref_dft(n, x.data(), y.data(), 0);
            for (int k = 0; k <= n / 2; k++) {
                po[2 * k] = y[k].real();
                po[2 * k + 1] = y[k].imag();
            }
        } else {
            for (int k = 0; k < n; k++)
                x[k] = cld(pi[2 * k], pi[2 * k + 1]);
            ref_dft(n, x.data(), y.data(), kind == 3);
            for (int k = 0; k < n; k++) {
                po[2 * k] = y[k].real();
                po[2 * k + 1] = y[k].imag();
            }
        }
    }
}

static double rel_err(const std::vector<ld> &ref, const void *out, int dbl, size_t cnt)
{
    ld num = 0, den = 0;
    for (size_t i = 0; i < cnt; i++) {
        ld o = dbl ? (ld)((const double *)out)[i] : (ld)((const float *)out)[i];
        if (!std::isfinite((double)o))
            return INFINITY;
        ld d = o - ref[i];
        num += d * d;
        den += ref[i] * ref[i];
    }
    return den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
}

static void *to_dev(const std::vector<ld> &h, int dbl)
{
    size_t es = dbl ? 8 : 4;
    std::vector<unsigned char> buf(h.size() * es);
    for (size_t i = 0; i < h.size(); i++) {
        if (dbl)
            ((double *)buf.data())[i] = (double)h[i];
        else
            ((float *)buf.data())[i] = (float)h[i];
    }
    void *d = NULL;
    CK(cudaMalloc(&d, buf.size() + 16));
    CK(cudaMemcpy(d, buf.data(), buf.size(), cudaMemcpyHostToDevice));
    return d;
}

/* runs our kernel on one case; returns rel error (inf on NaN), -1 unsupported */
static double run_ours(int kind, int n, int dbl, size_t batch, const std::vector<ld> &in,
                       const std::vector<ld> &ref, bool inplace = false)
{
    gfp_gpu_desc d = mkdesc(kind, n, dbl);
    if (!gfp_gpu_supported(&d))
        return -1;
    char err[256] = "";
    gfp_gpu_plan *p = NULL;
    int rc = gfp_gpu_plan_create(&d, &p, err, sizeof err);
    if (rc) {
        fprintf(stderr, "plan_create(%s n=%d %s): %d %s\n", kname(kind), n, dbl ? "f64" : "f32",
                rc, err);
        return INFINITY;
    }
    Layout l = layout(kind, n);
    size_t es = dbl ? 8 : 4;
    void *din = to_dev(in, dbl);
    void *dout = din;
    size_t obytes = l.out_reals * batch * es;
    if (!inplace) {
        CK(cudaMalloc(&dout, obytes));
        CK(cudaMemset(dout, 0xff, obytes)); /* NaN poison */
    }
    rc = gfp_gpu_plan_exec(p, din, dout, batch, 0, err, sizeof err);
    if (rc) {
        fprintf(stderr, "exec: %d %s\n", rc, err);
        exit(2);
    }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<unsigned char> h(obytes);
    CK(cudaMemcpy(h.data(), dout, obytes, cudaMemcpyDeviceToHost));
    double e = rel_err(ref, h.data(), dbl, l.out_reals * batch);
    if (dout != din)
        CK(cudaFree(dout));
    CK(cudaFree(din));
    gfp_gpu_plan_destroy(p);
    return e;
}

static cufftType cutype(int kind, int dbl)
{
    if (kind == 1) return dbl ? CUFFT_D2Z : CUFFT_R2C;
    if (kind == 2) return dbl ? CUFFT_Z2D : CUFFT_C2R;
    return dbl ? CUFFT_Z2Z : CUFFT_C2C;
}

static void cu_exec(cufftHandle h, int kind, int dbl, void *in, void *out)
{
    int dir = kind == 3 ? CUFFT_INVERSE : CUFFT_FORWARD;
    if (!dbl) {
        if (kind == 1) CF(cufftExecR2C(h, (cufftReal *)in, (cufftComplex *)out));
        else if (kind == 2) CF(cufftExecC2R(h, (cufftComplex *)in, (cufftReal *)out));
        else CF(cufftExecC2C(h, (cufftComplex *)in, (cufftComplex *)out, dir));
    } else {
        if (kind == 1) CF(cufftExecD2Z(h, (cufftDoubleReal *)in, (cufftDoubleComplex *)out));
        else if (kind == 2) CF(cufftExecZ2D(h, (cufftDoubleComplex *)in, (cufftDoubleReal *)out));
        else CF(cufftExecZ2Z(h, (cufftDoubleComplex *)in, (cufftDoubleComplex *)out, dir));
    }
}

static cufftHandle cu_plan(int kind, int n, int dbl, size_t batch)
{
    cufftHandle h;
    int nn = n;
    CF(cufftPlanMany(&h, 1, &nn, NULL, 1, 0, NULL, 1, 0, cutype(kind, dbl), (int)batch));
    return h;
}

static double run_cufft(int kind, int n, int dbl, size_t batch, const std::vector<ld> &in,
                        const std::vector<ld> &ref)
{
    Layout l = layout(kind, n);
    size_t es = dbl ? 8 : 4;
    void *din = to_dev(in, dbl), *dout;
    size_t obytes = l.out_reals * batch * es;
    CK(cudaMalloc(&dout, obytes));
    CK(cudaMemset(dout, 0xff, obytes));
    cufftHandle h = cu_plan(kind, n, dbl, batch);
    cu_exec(h, kind, dbl, din, dout);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned char> hb(obytes);
    CK(cudaMemcpy(hb.data(), dout, obytes, cudaMemcpyDeviceToHost));
    double e = rel_err(ref, hb.data(), dbl, l.out_reals * batch);
    cufftDestroy(h);
    CK(cudaFree(din));
    CK(cudaFree(dout));
    return e;
}

static double tol(int dbl, int n)
{
    double lg = log2((double)std::max(n, 2));
    return dbl ? 2e-16 * (lg + 4) * 4 : 1.2e-7 * (lg + 4) / 2;
}

/* ---- modes ------------------------------------------------------------------ */

static int mode_check(int maxn, bool sanitize, const std::vector<int> *only)
{
    std::vector<int> sizes;
    if (only) {
        sizes = *only;
    } else if (sanitize) {
        int s[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 22, 26, 32, 64,
                   100, 121, 128, 169, 243, 256, 343, 512, 625, 1000, 1024, 1331, 2048, 2187,
                   2197, 2401, 3000, 3125, 4095, 4096, 6561, 8192, 10000, 12288, 16384, 30030,
                   /* the specialised one-block Bluestein, one per M */
                   2047, 4093, 4241, 6143, 8191};
        sizes.assign(s, s + sizeof s / sizeof *s);
    } else {
        for (int n = 1; n <= maxn; n++)
            if (smooth13(n))
                sizes.push_back(n);
        /* and the specialised one-block Bluestein's lengths, both ends of
         * each M (kernels/gfp_gpu_fast_blue.cu) */
        for (int n : {1025, 2047, 2049, 3001, 4093, 4094, 4097, 4241, 4607, 4609, 6143, 6145,
                      7727, 8191})
            if (n <= maxn)
                sizes.push_back(n);
    }
    int fails = 0, tested = 0, unsup = 0;
    double worst[2] = {0, 0};
    for (int dbl = 0; dbl < 2; dbl++)
        for (int kind = 0; kind < 4; kind++)
            for (int n : sizes) {
                gfp_gpu_desc d = mkdesc(kind, n, dbl);
                if (!gfp_gpu_supported(&d)) {
                    unsup++;
                    continue;
                }
                size_t batch = sanitize ? 3 : (n < 64 ? 37 : n < 1024 ? 5 : 3);
                std::vector<ld> in, ref;
                make_case(kind, n, batch, in, ref);
                double e = run_ours(kind, n, dbl, batch, in, ref);
                tested++;
                double t = tol(dbl, n);
                if (e / t > worst[dbl])
                    worst[dbl] = e / t;
                if (!(e <= t)) {
                    fails++;
                    printf("FAIL %s %s n=%d err=%.3e tol=%.1e\n", kname(kind),
                           dbl ? "f64" : "f32", n, e, t);
                }
                if (kind == 0 && (n % 7 == 0 || n == 4096 || n == 4093 || n == 16384)) { /* in place too */
                    double e2 = run_ours(kind, n, dbl, batch, in, ref, true);
                    if (!(e2 <= t)) {
                        fails++;
                        printf("FAIL in-place c2c %s n=%d err=%.3e\n", dbl ? "f64" : "f32", n, e2);
                    }
                }
            }
    /* the largest supported length per kind and precision */
    for (int dbl = 0; dbl < 2; dbl++)
        for (int kind = 0; kind < 3; kind++) {
            int best = 0;
            for (int n = 1; n <= 65536; n++)
                if (smooth13(n)) {
                    gfp_gpu_desc d = mkdesc(kind, n, dbl);
                    if (gfp_gpu_supported(&d))
                        best = n;
                }
            printf("largest supported %s %s: %d\n", kname(kind), dbl ? "f64" : "f32", best);
        }
    printf("check%s: %d cases, %d failures, %d unsupported skipped; worst err/tol f32 %.2f f64 "
           "%.2f\n", sanitize ? " (sanitize list)" : "", tested, fails, unsup, worst[0],
           worst[1]);
    return fails ? 1 : 0;
}

static int mode_fused()
{
    int fails = 0;
    int sizes[] = {1000, 1024, 4096, 2187, 15};
    for (int dbl = 0; dbl < 2; dbl++)
        for (int kind = 0; kind < 2; kind++)
            for (int n : sizes)
                for (int post = 0; post <= 4; post++) {
                    size_t batch = 5;
                    gfp_gpu_desc d = mkdesc(kind, n, dbl);
                    std::vector<double> win(n);
                    for (int i = 0; i < n; i++)
                        win[i] = 0.5 - 0.5 * cos(2 * M_PI * i / n);
                    d.window = win.data();
                    d.scale = 1.0 / n;
                    d.post = (gfp_gpu_post)post;
                    if (!gfp_gpu_supported(&d))
                        continue;
                    std::vector<ld> in, ref;
                    make_case(kind, n, batch, in, ref);
                    /* windowed input for the reference */
                    std::vector<ld> win_in = in;
                    Layout l = layout(kind, n);
                    for (size_t b = 0; b < batch; b++)
                        for (int i = 0; i < n; i++) {
                            if (kind == 1)
                                win_in[b * l.in_reals + i] *= (ld)win[i];
                            else {
                                win_in[b * l.in_reals + 2 * i] *= (ld)win[i];
                                win_in[b * l.in_reals + 2 * i + 1] *= (ld)win[i];
                            }
                        }
                    std::vector<ld> ref2;
                    /* recompute the reference on the windowed input */
                    int nb = kind == 1 ? n / 2 + 1 : n;
                    ref2.resize((size_t)nb * batch * (post ? 1 : 2));
                    std::vector<cld> x(n), y(n);
                    for (size_t b = 0; b < batch; b++) {
                        for (int i = 0; i < n; i++)
                            x[i] = kind == 1 ? cld(win_in[b * l.in_reals + i], 0)
                                             : cld(win_in[b * l.in_reals + 2 * i],
                                                   win_in[b * l.in_reals + 2 * i + 1]);
                        ref_dft(n, x.data(), y.data(), 0);
                        for (int k = 0; k < nb; k++) {
                            cld v = y[k] / (ld)n;
                            ld pw = norm(v);
                            size_t o = b * nb + k;
                            switch (post) {
                            case 0: ref2[2 * o] = v.real(); ref2[2 * o + 1] = v.imag(); break;
                            case 1: ref2[o] = sqrtl(pw); break;
                            case 2: ref2[o] = pw; break;
                            case 3: ref2[o] = 10 * log10l(pw < 1e-30L ? 1e-30L : pw); break;
                            default: ref2[o] = atan2l(v.imag(), v.real()); break;
                            }
                        }
                    }
                    char err[256];
                    gfp_gpu_plan *p;
                    if (gfp_gpu_plan_create(&d, &p, err, sizeof err)) {
                        printf("FAIL fused plan: %s\n", err);
                        fails++;
                        continue;
                    }
                    size_t es = dbl ? 8 : 4;
                    void *din = to_dev(in, dbl), *dout;
                    size_t ob = ref2.size() * es;
                    CK(cudaMalloc(&dout, ob));
                    CK(cudaMemset(dout, 0xff, ob));
                    if (gfp_gpu_plan_exec(p, din, dout, batch, 0, err, sizeof err)) {
                        printf("FAIL exec %s\n", err);
                        exit(2);
                    }
                    CK(cudaDeviceSynchronize());
                    std::vector<unsigned char> h(ob);
                    CK(cudaMemcpy(h.data(), dout, ob, cudaMemcpyDeviceToHost));
                    double e;
                    if (post == 3 || post == 4) { /* max abs, phase only where |X| is not tiny */
                        e = 0;
                        for (size_t b = 0; b < batch; b++)
                            for (int k = 0; k < nb; k++) {
                                size_t o = b * nb + k;
                                double got = dbl ? ((double *)h.data())[o] : ((float *)h.data())[o];
                                double want = (double)ref2[o];
                                double df = fabs(got - want);
                                if (post == 4 && df > M_PI)
                                    df = fabs(df - 2 * M_PI); /* wrap around +-pi */
                                if (!std::isfinite(got)) df = INFINITY;
                                e = std::max(e, df);
                            }
                    } else {
                        e = rel_err(ref2, h.data(), dbl, ref2.size());
                    }
                    double t = post == 3 ? (dbl ? 1e-9 : 2e-4) : post == 4 ? (dbl ? 1e-6 : 5e-2)
                                                                      : tol(dbl, n) * 2;
                    bool ok = e <= t;
                    if (!ok) fails++;
                    printf("%s fused %s %s n=%d window+scale post=%d err=%.3e\n", ok ? "ok  " : "FAIL",
                           kname(kind), dbl ? "f64" : "f32", n, post, e);
                    CK(cudaFree(din));
                    CK(cudaFree(dout));
                    gfp_gpu_plan_destroy(p);
                }
    printf("fused: %d failures\n", fails);
    return fails ? 1 : 0;
}

__global__ void fill_kernel(float *p, size_t n, unsigned seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        unsigned x = (unsigned)i * 2654435761u ^ seed;
        x ^= x >> 15; x *= 2246822519u; x ^= x >> 13; x *= 3266489917u; x ^= x >> 16;
        p[i] = (float)((double)x / 4294967296.0 * 2.0 - 1.0);
    }
}
__global__ void fill_kernel_d(double *p, size_t n, unsigned seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        unsigned x = (unsigned)i * 2654435761u ^ seed;
        x ^= x >> 15; x *= 2246822519u; x ^= x >> 13; x *= 3266489917u; x ^= x >> 16;
        p[i] = (double)x / 4294967296.0 * 2.0 - 1.0;
    }
}

static double median(std::vector<float> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Row {
    std::string kind, prec;
    int n, alt;
    double ms_o, gbs_o, ms_c, gbs_c, err_o, err_c;
};

/* alts: values of GFP_FAST_ALT to time (builds with -DGFP_FAST_AB carry
 * alternative kernel configurations); cuFFT is timed once per size */
static int mode_bench(std::vector<int> sizes, std::vector<int> kinds, std::vector<int> precs,
                      double gib, FILE *csv, std::vector<int> alts)
{
    std::vector<Row> rows;
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    for (int dbl : precs)
        for (int kind : kinds)
            for (int n : sizes) {
                gfp_gpu_desc d = mkdesc(kind, n, dbl);
                if (!gfp_gpu_supported(&d)) {
                    printf("skip %s %s n=%d (unsupported)\n", kname(kind), dbl ? "f64" : "f32", n);
                    continue;
                }
                Row r;
                r.kind = kname(kind);
                r.prec = dbl ? "f64" : "f32";
                r.n = n;
                /* errors on a fresh small batch */
                size_t eb = n < 256 ? 63 : 7;
                std::vector<ld> in, ref;
                make_case(kind, n, eb, in, ref);
                r.err_c = run_cufft(kind, n, dbl, eb, in, ref);
                /* timing */
                Layout l = layout(kind, n);
                size_t es = dbl ? 8 : 4;
                size_t fin = l.in_reals * es, fout = l.out_reals * es;
                size_t batch = (size_t)(gib * 1073741824.0) / std::max(fin, fout);
                if (batch > 0x7fffffff) batch = 0x7fffffff;
                void *din, *dout, *dsave;
                CK(cudaMalloc(&din, fin * batch));
                CK(cudaMalloc(&dsave, fin * batch));
                CK(cudaMalloc(&dout, fout * batch));
                if (dbl)
                    fill_kernel_d<<<4096, 256>>>((double *)dsave, l.in_reals * batch, 1234u + n);
                else
                    fill_kernel<<<4096, 256>>>((float *)dsave, l.in_reals * batch, 1234u + n);
                CK(cudaGetLastError());
                CK(cudaMemcpy(din, dsave, fin * batch, cudaMemcpyDeviceToDevice));
                char err[256];
                const int reps = 15;
                std::vector<float> t;
                std::vector<double> ms_alt, err_alt;
                for (int alt : alts) {
                char av[16];
                snprintf(av, sizeof av, "%d", alt);
                setenv("GFP_FAST_ALT", av, 1);
                err_alt.push_back(run_ours(kind, n, dbl, eb, in, ref));
                gfp_gpu_plan *p;
                if (gfp_gpu_plan_create(&d, &p, err, sizeof err)) {
                    printf("plan: %s\n", err);
                    exit(2);
                }
                t.clear();
                for (int i = 0; i < reps + 3; i++) {
                    CK(cudaEventRecord(e0));
                    if (gfp_gpu_plan_exec(p, din, dout, batch, 0, err, sizeof err)) {
                        printf("exec: %s\n", err);
                        exit(2);
                    }
                    CK(cudaEventRecord(e1));
                    CK(cudaEventSynchronize(e1));
                    float ms;
                    CK(cudaEventElapsedTime(&ms, e0, e1));
                    if (i >= 3) t.push_back(ms);
                }
                CK(cudaGetLastError());
                ms_alt.push_back(median(t));
                gfp_gpu_plan_destroy(p);
                }
                unsetenv("GFP_FAST_ALT");
                cufftHandle h = cu_plan(kind, n, dbl, batch);
                t.clear();
                for (int i = 0; i < reps + 3; i++) {
                    if (kind == 2) /* C2R overwrites its input */
                        CK(cudaMemcpy(din, dsave, fin * batch, cudaMemcpyDeviceToDevice));
                    CK(cudaEventRecord(e0));
                    cu_exec(h, kind, dbl, din, dout);
                    CK(cudaEventRecord(e1));
                    CK(cudaEventSynchronize(e1));
                    float ms;
                    CK(cudaEventElapsedTime(&ms, e0, e1));
                    if (i >= 3) t.push_back(ms);
                }
                r.ms_c = median(t);
                cufftDestroy(h);
                double bytes = (double)(fin + fout) * batch;
                r.gbs_c = bytes / r.ms_c / 1e6;
                CK(cudaFree(din));
                CK(cudaFree(dout));
                CK(cudaFree(dsave));
                for (size_t a = 0; a < alts.size(); a++) {
                r.alt = alts[a];
                r.ms_o = ms_alt[a];
                r.err_o = err_alt[a];
                r.gbs_o = bytes / r.ms_o / 1e6;
                printf("%-7s %s n=%-6d alt=%d batch=%-9zu ours %8.3f ms %7.0f GB/s | cufft %8.3f ms %7.0f GB/s | "
                       "x%.3f | err %.2e vs %.2e\n",
                       r.kind.c_str(), r.prec.c_str(), n, r.alt, batch, r.ms_o, r.gbs_o, r.ms_c,
                       r.gbs_c, r.ms_c / r.ms_o, r.err_o, r.err_c);
                fflush(stdout);
                if (csv)
                    fprintf(csv, "%s,%s,%d,%d,%zu,%.4f,%.1f,%.4f,%.1f,%.4f,%.3e,%.3e\n",
                            r.kind.c_str(), r.prec.c_str(), n, r.alt, batch, r.ms_o, r.gbs_o,
                            r.ms_c, r.gbs_c, r.ms_c / r.ms_o, r.err_o, r.err_c);
                rows.push_back(r);
                }
            }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("\n== summary (%s) ==\n", prop.name);
    printf("%-7s %-4s %6s %3s %8s %8s %6s %9s %9s\n", "kind", "prec", "n", "alt", "ours",
           "cufft", "ratio", "err ours", "err cufft");
    int below = 0;
    for (auto &r : rows) {
        double ratio = r.ms_c / r.ms_o;
        printf("%-7s %-4s %6d %3d %8.0f %8.0f %6.3f %9.2e %9.2e%s%s\n", r.kind.c_str(),
               r.prec.c_str(), r.n, r.alt, r.gbs_o, r.gbs_c, ratio, r.err_o, r.err_c,
               ratio < 0.97 ? " <0.97" : "", r.err_o > r.err_c ? " err>cufft" : "");
        if (ratio < 0.97) below++;
    }
    printf("(GB/s = bytes read + written / median time; %d rows below 0.97x)\n", below);
    return 0;
}

static std::vector<int> parse_list(const char *s)
{
    std::vector<int> v;
    while (*s) {
        v.push_back(atoi(s));
        const char *c = strchr(s, ',');
        if (!c) break;
        s = c + 1;
    }
    return v;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "check";
    int ndev = 0;
    CK(cudaGetDeviceCount(&ndev));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("device 0: %s, cc %d.%d, %d SMs, smem/block optin %zu\n", prop.name, prop.major,
           prop.minor, prop.multiProcessorCount, prop.sharedMemPerBlockOptin);
    std::vector<int> sizes = {8,    16,   32,   64,   128,  256,  512,  1024, 2048,
                              4096, 8192, 1000, 2187, 3125, 2401, 1331, 2197, 3000, 4095};
    std::vector<int> kinds = {0, 1};
    std::vector<int> precs = {0, 1};
    double gib = 1.0;
    int maxn = 16384;
    const char *csvp = NULL;
    std::vector<int> alts = {0};
    bool have_sizes = false;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            sizes = parse_list(argv[++i]);
            have_sizes = true;
        } else if (!strcmp(argv[i], "--alts") && i + 1 < argc) alts = parse_list(argv[++i]);
        else if (!strcmp(argv[i], "--max") && i + 1 < argc) maxn = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--gib") && i + 1 < argc) gib = atof(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csvp = argv[++i];
        else if (!strcmp(argv[i], "--kinds") && i + 1 < argc) {
            kinds.clear();
            std::string s = argv[++i];
            if (s.find("c2c") != std::string::npos) kinds.push_back(0);
            if (s.find("r2c") != std::string::npos) kinds.push_back(1);
            if (s.find("c2r") != std::string::npos) kinds.push_back(2);
            if (s.find("inv") != std::string::npos) kinds.push_back(3);
        } else if (!strcmp(argv[i], "--prec") && i + 1 < argc) {
            precs.clear();
            std::string s = argv[++i];
            if (s.find("f32") != std::string::npos) precs.push_back(0);
            if (s.find("f64") != std::string::npos) precs.push_back(1);
        }
    }
    if (!strcmp(mode, "check")) return mode_check(maxn, false, have_sizes ? &sizes : NULL);
    if (!strcmp(mode, "sanitize")) return mode_check(0, true, NULL);
    if (!strcmp(mode, "fused")) return mode_fused();
    if (!strcmp(mode, "bench")) {
        FILE *csv = csvp ? fopen(csvp, "w") : NULL;
        int r = mode_bench(sizes, kinds, precs, gib, csv, alts);
        if (csv) fclose(csv);
        return r;
    }
    fprintf(stderr, "usage: kbench check|sanitize|fused|bench [options]\n");
    return 2;
}
