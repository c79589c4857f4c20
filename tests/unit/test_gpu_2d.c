/* test_gpu_2d.c - the on-device 2D FFT (gfp_gpu_plan2d, kernels/gfp_gpu_2d.cu)
 * against FFTW's 2D transforms in double, on fresh random input: the sizes
 * with 2D pass kernels (transposed stores) on both axes, on one axis, and
 * the fallback (1D plans + transposes) at odd, prime, 1 x N and N x 1
 * sizes; C2C forward and inverse, R2C, C2R; f32 and f64; batches of
 * matrices of different amplitudes (mix-ups show); scaling. Outputs are
 * poisoned (all bits set: NaN) so unwritten elements show; the input must
 * come back unchanged. Where a size is meant to take the pass kernels the
 * test checks that it did (gfp_gpu_plan2d_paths), so a silent fallback
 * fails too. Each pass-kernel size also runs with GFP_GPU_NO2D=1 (the
 * fallback) for comparison, and the passes' cluster forms run under
 * GFP_GPU_2D_CL (t_clusters), the columns' four-step under GFP_GPU_2D_CF
 * (t_colsplit), the strided column pass and its off switch GFP_GPU_2D_SC
 * (t_strided_cols).
 *
 * Without a usable GPU it says so and exits 77 (automake's SKIP).
 * GFP_TEST_QUICK=1 (compute-sanitizer runs) keeps small sizes that still
 * reach every pass kernel type. */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <cuda_runtime_api.h>
#include <fftw3.h>

#include "../kernels/gfp_gpu.h"

static int quick;

/* 0: either path; 2: both axes must take pass kernels; 1: neither */
enum { ANY = -1 };

typedef struct case2d {
    gfp_gpu_kind kind;
    int inverse, dbl;
    size_t w, h, batch;
    double scale;
    int want_rows, want_cols; /* 2: pass kernel, 1: fallback, ANY */
    int no2d;                 /* GFP_GPU_NO2D=1 for this case */
} case2d;

static size_t in_scalars(const case2d *c)
{
    size_t wb = c->w / 2 + 1;
    return c->kind == GFP_GPU_C2C ? 2 * c->w * c->h
           : c->kind == GFP_GPU_R2C ? c->w * c->h : 2 * wb * c->h;
}

static size_t out_scalars(const case2d *c)
{
    size_t wb = c->w / 2 + 1;
    return c->kind == GFP_GPU_C2C ? 2 * c->w * c->h
           : c->kind == GFP_GPU_R2C ? 2 * wb * c->h : c->w * c->h;
}

/* f32: FFTW's own f32 error is ~1e-7 and grows like sqrt(log n); a wrong
 * twiddle or index gives 1e-3 and more */
static double tol_for(const case2d *c)
{
    double lg = log2((double)c->w * (double)c->h + 1);
    return c->dbl ? 4e-14 * sqrt(lg + 1) : 5e-7 * sqrt(lg + 1);
}

/* passes expected for a C2C f32 axis of 16384: its pass kernel runs only in
 * thread-block clusters (sm_90 and later; GFP_GPU_2D_CL 0 or 1 turns them
 * off), else the 1D plan and a transpose */
static int p16(void)
{
    const char *ev = getenv("GFP_GPU_2D_CL");
    int dev = 0, major = 0;
    if (ev && atoi(ev) < 2)
        return 1;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess)
        return 1;
    return major >= 9 ? 2 : 1;
}

static void run_case(const case2d *c)
{
    char name[160];
    snprintf(name, sizeof name, "%s %s%s %zux%zu x%zu scale %g%s",
             c->kind == GFP_GPU_C2C ? "c2c" : c->kind == GFP_GPU_R2C ? "r2c" : "c2r",
             c->dbl ? "f64" : "f32", c->inverse ? " inverse" : "", c->w, c->h, c->batch,
             c->scale, c->no2d ? " (GFP_GPU_NO2D)" : "");
    size_t ni = in_scalars(c), no = out_scalars(c), nb = c->batch;
    size_t sc = c->dbl ? sizeof(double) : sizeof(float);
    double *x = fftw_malloc(nb * ni * sizeof *x);
    double *ref = fftw_malloc(nb * no * sizeof *ref);
    double *tmp = fftw_malloc((ni > no ? ni : no) * sizeof *tmp);
    void *hin = malloc(nb * ni * sc), *hout = malloc(nb * no * sc);
    void *hback = malloc(nb * ni * sc);
    void *din = NULL, *dout = NULL;
    gfp_gpu_plan2d *p = NULL;
    char msg[256] = "";
    if (!x || !ref || !tmp || !hin || !hout || !hback) {
        TU_CHECK(0, "%s: out of host memory", name);
        goto out;
    }
    int h = (int)c->h, w = (int)c->w;
    /* inputs and references, matrix m of amplitude 1 + m */
    for (size_t m = 0; m < nb; m++) {
        double amp = 1.0 + (double)m;
        double *xm = x + m * ni, *rm = ref + m * no;
        fftw_plan fp;
        if (c->kind == GFP_GPU_C2R) {
            /* the spectrum of a random real matrix: Hermitian in both axes */
            for (size_t i = 0; i < no; i++)
                rm[i] = amp * tu_rand_range(-1, 1);
            memcpy(tmp, rm, no * sizeof *tmp);
            fp = fftw_plan_dft_r2c_2d(h, w, tmp, (fftw_complex *)xm, FFTW_ESTIMATE);
            memcpy(tmp, rm, no * sizeof *tmp);
            fftw_execute(fp);
            fftw_destroy_plan(fp);
            /* unnormalised inverse of the forward: the matrix times h w */
            for (size_t i = 0; i < no; i++)
                rm[i] *= (double)w * (double)h * c->scale;
            continue;
        }
        for (size_t i = 0; i < ni; i++)
            xm[i] = amp * tu_rand_range(-1, 1);
        memcpy(tmp, xm, ni * sizeof *tmp);
        if (c->kind == GFP_GPU_C2C)
            fp = fftw_plan_dft_2d(h, w, (fftw_complex *)tmp, (fftw_complex *)rm,
                                  c->inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
        else
            fp = fftw_plan_dft_r2c_2d(h, w, tmp, (fftw_complex *)rm, FFTW_ESTIMATE);
        memcpy(tmp, xm, ni * sizeof *tmp);
        fftw_execute(fp);
        fftw_destroy_plan(fp);
        /* the e^{+} transform of real input is the conjugate */
        if (c->kind == GFP_GPU_R2C && c->inverse)
            for (size_t i = 1; i < no; i += 2)
                rm[i] = -rm[i];
        for (size_t i = 0; i < no; i++)
            rm[i] *= c->scale;
    }
    for (size_t i = 0; i < nb * ni; i++) {
        if (c->dbl)
            ((double *)hin)[i] = x[i];
        else
            ((float *)hin)[i] = (float)x[i];
    }
    if (c->no2d)
        setenv("GFP_GPU_NO2D", "1", 1);
    else
        unsetenv("GFP_GPU_NO2D");
    gfp_gpu_desc2d d = {.w = c->w, .h = c->h, .batch = c->batch, .kind = c->kind,
                        .inverse = c->inverse, .dbl = c->dbl, .scale = c->scale,
                        .device = 0};
    int rc = gfp_gpu_plan2d_create(&d, &p, msg, sizeof msg);
    unsetenv("GFP_GPU_NO2D");
    if (rc) {
        TU_CHECK(0, "%s: plan: %s", name, msg);
        goto out;
    }
    int pr = 0, pc = 0;
    gfp_gpu_plan2d_paths(p, &pr, &pc);
    TU_CHECK(c->want_rows == ANY || pr == c->want_rows,
             "%s: rows took %s, expected %s", name, pr == 2 ? "the pass kernel" : "the 1D plan",
             c->want_rows == 2 ? "the pass kernel" : "the 1D plan");
    static const char *const path[] = {"?", "the 1D plan", "the pass kernel",
                                       "the four-step"};
    TU_CHECK(c->want_cols == ANY || pc == c->want_cols,
             "%s: columns took %s, expected %s", name, path[pc >= 1 && pc <= 3 ? pc : 0],
             path[c->want_cols >= 1 && c->want_cols <= 3 ? c->want_cols : 0]);
    cudaError_t e = cudaMalloc(&din, nb * ni * sc);
    if (e == cudaSuccess)
        e = cudaMalloc(&dout, nb * no * sc);
    if (e == cudaSuccess)
        e = cudaMemcpy(din, hin, nb * ni * sc, cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = cudaMemset(dout, 0xff, nb * no * sc); /* NaN */
    if (e != cudaSuccess) {
        TU_CHECK(0, "%s: %s", name, cudaGetErrorString(e));
        goto out;
    }
    if ((rc = gfp_gpu_plan2d_exec(p, din, dout, NULL, msg, sizeof msg))) {
        TU_CHECK(0, "%s: exec: %s", name, msg);
        goto out;
    }
    e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaMemcpy(hout, dout, nb * no * sc, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess)
        e = cudaMemcpy(hback, din, nb * ni * sc, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        TU_CHECK(0, "%s: %s", name, cudaGetErrorString(e));
        fprintf(stderr, "a sticky device error: the suite stops here\n");
        exit(1);
    }
    TU_CHECK(!memcmp(hin, hback, nb * ni * sc), "%s: the input changed", name);
    double tol = tol_for(c);
    for (size_t m = 0; m < nb; m++) {
        double num = 0, den = 0;
        size_t bad = 0, first_bad = 0;
        for (size_t i = 0; i < no; i++) {
            size_t k = m * no + i;
            double v = c->dbl ? ((double *)hout)[k] : ((float *)hout)[k];
            if (!isfinite(v)) {
                if (!bad++)
                    first_bad = i;
                continue;
            }
            num += (v - ref[k]) * (v - ref[k]);
            den += ref[k] * ref[k];
        }
        double rel = den > 0 ? sqrt(num / den) : sqrt(num);
        TU_CHECK(bad == 0, "%s: matrix %zu: %zu values not finite (first: scalar %zu, "
                 "row %zu)", name, m, bad, first_bad,
                 first_bad / (c->kind == GFP_GPU_C2R ? c->w
                              : 2 * (c->kind == GFP_GPU_C2C ? c->w : c->w / 2 + 1)));
        TU_CHECK(rel <= tol, "%s: matrix %zu: rel_l2 %.3e > %.3e", name, m, rel, tol);
    }
out:
    if (din)
        cudaFree(din);
    if (dout)
        cudaFree(dout);
    gfp_gpu_plan2d_destroy(p);
    fftw_free(x);
    fftw_free(ref);
    fftw_free(tmp);
    free(hin);
    free(hout);
    free(hback);
}

#define C2C GFP_GPU_C2C
#define R2C GFP_GPU_R2C
#define C2R GFP_GPU_C2R

/* the pass-kernel sizes also run through the fallback (GFP_GPU_NO2D) */
static void run_both(case2d c)
{
    run_case(&c);
    c.no2d = 1;
    c.want_rows = c.want_cols = ANY;
    run_case(&c);
}

static void t_issue_sizes(void)
{
    if (quick)
        return;
    /* issue 7's sizes: both axes on pass kernels (C2C f32 4096^2: the
     * rows by the 1D plan, the columns in one strided pass, rows 3) */
    run_both((case2d){C2C, 0, 0, 4096, 4096, 1, 1.0, 3, 2, 0});
    run_both((case2d){R2C, 0, 0, 1920, 1080, 1, 1.0, 2, 2, 0});
    run_both((case2d){R2C, 0, 0, 3840, 2160, 1, 1.0, 2, 2, 0});
    run_both((case2d){C2C, 0, 0, 1920, 1080, 1, 1.0, 2, 2, 0});
    run_both((case2d){C2C, 0, 0, 3840, 2160, 1, 1.0, 2, 2, 0});
    run_both((case2d){C2C, 0, 1, 4096, 4096, 1, 1.0, 2, 2, 0});
    /* C2C f32 16384: the pass kernel in clusters of 4 (p16) */
    run_both((case2d){C2C, 0, 0, 16384, 2048, 1, 1.0, p16(), 2, 0});
    run_case(&(case2d){C2C, 0, 0, 16384, 64, 1, 1.0, p16(), 1, 0});
    run_case(&(case2d){C2C, 1, 0, 64, 16384, 1, 1.0, 2, 3, 0}); /* the columns' four-step */
    run_case(&(case2d){C2C, 1, 0, 16384, 1024, 2, 1.0 / (16384.0 * 1024.0), p16(), 2, 0});
    /* f64 and R2C rows of 16384 have none: the 1D plans and transposes */
    run_case(&(case2d){C2C, 0, 1, 16384, 64, 1, 1.0, 1, 1, 0});
    run_case(&(case2d){R2C, 0, 0, 16384, 256, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){C2R, 1, 0, 256, 16384, 1, 1.0, 1, p16(), 0});
    /* their inverses: C2R of the image sizes, C2C inverse scaled */
    run_both((case2d){C2R, 1, 0, 1920, 1080, 1, 1.0, 1, 2, 0});
    run_both((case2d){C2R, 1, 0, 3840, 2160, 1, 1.0 / (3840.0 * 2160.0), 1, 2, 0});
    run_case(&(case2d){C2C, 1, 0, 4096, 4096, 1, 1.0 / (4096.0 * 4096.0), 3, 2, 0});
    run_case(&(case2d){R2C, 0, 0, 4096, 4096, 1, 1.0, 2, 2, 0});
}

static void t_pass_kernels(void)
{
    if (!quick) {
        /* every C2C f32 pass length on rows and on columns, batches with
         * a partial last block (frames % FPB != 0) */
        static const size_t l32[] = {256, 512, 1024, 1080, 1920, 2048, 2160, 3840, 4096, 16384};
        const size_t n32 = sizeof l32 / sizeof *l32;
        for (size_t i = 0; i < n32; i++) {
            const size_t a = l32[i], b = l32[(i + 3) % n32];
            const int pa = a == 16384 ? p16() : 2, pb = b == 16384 ? p16() : 2;
            run_case(&(case2d){C2C, 0, 0, a, 33, 2, 1.0, pa, 1, 0});
            run_case(&(case2d){C2C, 1, 0, 37, a, 1, 1.0, 1, pa, 0});
            run_case(&(case2d){C2C, 0, 0, a, b, 1, 1.0, pa, pb, 0});
        }
        static const size_t r32[] = {1024, 1920, 2048, 3840, 4096};
        for (size_t i = 0; i < sizeof r32 / sizeof *r32; i++) {
            run_case(&(case2d){R2C, 0, 0, r32[i], 45, 3, 1.0, 2, 1, 0});
            run_case(&(case2d){R2C, 1, 0, r32[i], 1024, 1, 0.5, 2, 2, 0});
            run_case(&(case2d){C2R, 1, 0, r32[i], 2160, 1, 1.0, 1, 2, 0});
        }
        static const size_t l64[] = {1024, 2048, 4096};
        for (size_t i = 0; i < sizeof l64 / sizeof *l64; i++) {
            run_case(&(case2d){C2C, 0, 1, l64[i], 7, 3, 1.0, 2, 1, 0});
            run_case(&(case2d){C2C, 1, 1, 9, l64[i], 2, 1.0, 1, 2, 0});
            run_case(&(case2d){R2C, 0, 1, 100, l64[i], 1, 1.0, 1, 2, 0});
            run_case(&(case2d){C2R, 1, 1, 30, l64[i], 1, 1.0, 1, 2, 0});
        }
        run_both((case2d){C2C, 0, 1, 2048, 1024, 2, 1.0, 2, 2, 0});
        run_both((case2d){C2C, 0, 0, 1024, 1024, 3, 1.0, 2, 2, 0});
        run_both((case2d){R2C, 0, 0, 2048, 2048, 2, 1.0, 2, 2, 0});
        return;
    }
    /* quick: small matrices reaching every pass kernel type */
    run_case(&(case2d){C2C, 0, 0, 256, 512, 2, 1.0, 2, 2, 0});
    run_case(&(case2d){C2C, 1, 0, 1080, 13, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){C2C, 0, 0, 12, 2160, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){C2C, 0, 0, 4096, 9, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){C2C, 0, 0, 6, 4096, 1, 1.0, 3, 2, 0});
    run_case(&(case2d){C2C, 0, 0, 16384, 5, 2, 1.0, p16(), 1, 0});
    run_case(&(case2d){C2C, 1, 0, 1920, 6, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){C2C, 0, 0, 3840, 5, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){C2C, 1, 0, 3, 16384, 1, 1.0, 1, p16(), 0});
    run_case(&(case2d){R2C, 0, 0, 1920, 10, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){R2C, 0, 0, 3840, 5, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){R2C, 0, 0, 1024, 256, 2, 1.0, 2, 2, 0});
    run_case(&(case2d){C2R, 1, 0, 20, 1080, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){C2C, 0, 1, 1024, 6, 3, 1.0, 2, 1, 0});
    run_case(&(case2d){C2C, 0, 1, 4096, 4, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){C2C, 1, 1, 5, 2048, 1, 1.0, 1, 2, 0});
}

/* the pass kernels' cluster forms (GFP_GPU_2D_CL, sm_90; other devices
 * take the plain passes, or for 16384 the 1D plan, which must pass the
 * same checks); left to the caller when GFP_GPU_2D_CL is set */
static void t_clusters(void)
{
    if (getenv("GFP_GPU_2D_CL"))
        return;
    setenv("GFP_GPU_2D_CL", "4", 1);
    run_case(&(case2d){C2C, 0, 0, 16384, 6, 1, 1.0, p16(), 1, 0});
    setenv("GFP_GPU_2D_CL", "8", 1);
    run_case(&(case2d){C2C, 1, 0, 3, 16384, 1, 1.0, 1, p16(), 0});
    setenv("GFP_GPU_2D_CL", "2", 1);
    run_case(&(case2d){C2C, 1, 0, 7, 2160, 2, 1.0, 1, 2, 0});
    run_case(&(case2d){R2C, 0, 0, 100, 4096, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){C2C, 0, 0, 16384, 5, 1, 1.0, p16(), 1, 0});
    if (!quick)
        run_case(&(case2d){R2C, 0, 0, 3840, 2160, 1, 1.0, 2, 2, 0});
    unsetenv("GFP_GPU_2D_CL");
}

/* C2C f32 columns of h = n1 n2 as a four-step along the strided axis,
 * then the rows (GFP_GPU_2D_CF=1: wherever its kernels exist): columns
 * 3 in gfp_gpu_plan2d_paths; h of 64 x 64, 64 x 128 and 128 x 128, rows
 * whose w is no multiple of the block's 16 columns, 8192-long rows (the
 * split-exchange kernel), batches, inverse and scale, and (full run)
 * 16384-long rows (the persistent row kernel);
 * left to the caller when GFP_GPU_2D_CF is set */
static void t_colsplit(void)
{
    if (getenv("GFP_GPU_2D_CF"))
        return;
    setenv("GFP_GPU_2D_CF", "1", 1);
    run_case(&(case2d){C2C, 0, 0, 16, 4096, 2, 1.0, 2, 3, 0});
    run_case(&(case2d){C2C, 1, 0, 32, 16384, 1, 1.0 / (32.0 * 16384.0), 2, 3, 0});
    run_case(&(case2d){C2C, 0, 0, 64, 8192, 3, 1.0, 2, 3, 0});
    /* 8192-long rows after the columns' four-step: the split-exchange
     * row kernel (skernel) through the row remap */
    run_case(&(case2d){C2C, 1, 0, 8192, 4096, 1, 1.0, 2, 3, 0});
    if (!quick) {
        run_case(&(case2d){C2C, 0, 0, 256, 16384, 2, 1.0, 2, 3, 0});
        run_case(&(case2d){C2C, 1, 0, 1024, 8192, 1, 0.5, 2, 3, 0});
        run_case(&(case2d){C2C, 0, 0, 4096, 4096, 1, 1.0, 2, 3, 0});
        run_case(&(case2d){C2C, 1, 0, 16384, 4096, 1, 1.0, 2, 3, 0});
    }
    /* f64, R2C and lengths without the cut keep the other paths */
    run_case(&(case2d){C2C, 0, 1, 9, 4096, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){R2C, 0, 0, 100, 4096, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){C2C, 0, 0, 64, 2160, 1, 1.0, ANY, 2, 0});
    unsetenv("GFP_GPU_2D_CF");
}

/* C2C f32 with 4096 rows: the rows by the 1D plan, then the columns in
 * one pass strided in and out (rows 3 in gfp_gpu_plan2d_paths; by
 * default at 4096 x 4096 and where rows over 4096 have no pass kernel:
 * 16, 13, 1, 4097, 8192), against the two transposing passes
 * (GFP_GPU_2D_SC=0) and, with GFP_GPU_2D_SC=1, the columns of 256: widths
 * no multiple of the block's four columns, batches, inverse and scale;
 * C2R f32 at 4096 rows the same way round (columns, then rows) by
 * default, R2C with GFP_GPU_2D_SC=1; left to the caller when
 * GFP_GPU_2D_SC is set */
static void t_strided_cols(void)
{
    if (getenv("GFP_GPU_2D_SC"))
        return;
    run_case(&(case2d){C2C, 0, 0, 16, 4096, 2, 1.0, 3, 2, 0});
    run_case(&(case2d){C2C, 1, 0, 13, 4096, 3, 1.0 / (13.0 * 4096.0), 3, 2, 0});
    run_case(&(case2d){C2C, 0, 0, 1, 4096, 1, 1.0, 3, 2, 0});
    if (!quick) {
        run_case(&(case2d){C2C, 0, 0, 4097, 4096, 1, 1.0, 3, 2, 0});
        run_case(&(case2d){C2C, 1, 0, 8192, 4096, 1, 0.5, 3, 2, 0});
    }
    /* C2R f32: the columns strided first, then the rows' C2R by the 1D
     * plan (odd and even w/2+1, batches, scale) */
    run_case(&(case2d){C2R, 1, 0, 16, 4096, 2, 1.0, 3, 2, 0});
    run_case(&(case2d){C2R, 1, 0, 13, 4096, 1, 1.0 / (13.0 * 4096.0), 3, 2, 0});
    if (!quick)
        run_case(&(case2d){C2R, 1, 0, 4096, 4096, 1, 1.0, 3, 2, 0});
    /* f64 and R2C keep their paths */
    run_case(&(case2d){C2C, 0, 1, 16, 4096, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){R2C, 0, 0, 1024, 4096, 1, 1.0, 2, 2, 0});
    run_case(&(case2d){C2R, 1, 1, 16, 4096, 1, 1.0, 1, 2, 0});
    setenv("GFP_GPU_2D_SC", "0", 1);
    run_case(&(case2d){C2C, 0, 0, 6, 4096, 1, 1.0, 1, 2, 0});
    run_case(&(case2d){C2C, 1, 0, 4096, 36, 1, 1.0, 2, 1, 0});
    run_case(&(case2d){C2R, 1, 0, 6, 4096, 1, 1.0, 1, 2, 0});
    if (!quick)
        run_case(&(case2d){C2C, 0, 0, 4096, 4096, 1, 1.0, 2, 2, 0});
    setenv("GFP_GPU_2D_SC", "1", 1);
    run_case(&(case2d){C2C, 0, 0, 100, 256, 2, 1.0, 3, 2, 0});
    run_case(&(case2d){C2C, 1, 0, 7, 128, 1, 1.0, 3, 2, 0});
    /* R2C with =1: the rows R2C by the 1D plan, the columns at stride
     * w/2+1; C2R at h = 256 */
    run_case(&(case2d){R2C, 0, 0, 100, 4096, 1, 1.0, 3, 2, 0});
    run_case(&(case2d){R2C, 0, 0, 13, 4096, 2, 0.5, 3, 2, 0});
    run_case(&(case2d){C2R, 1, 0, 100, 256, 1, 1.0, 3, 2, 0});
    if (!quick)
        run_case(&(case2d){R2C, 0, 0, 4096, 4096, 1, 1.0, 3, 2, 0});
    unsetenv("GFP_GPU_2D_SC");
}

static void t_fallback(void)
{
    /* odd, prime, 1 x N, N x 1: the 1D plans, transposes skipped where
     * they are the identity */
    static const size_t wh[][2] = {{1, 1}, {1, 7}, {7, 1}, {2, 2}, {17, 13}, {97, 31},
                                   {1, 4096}, {4096, 1}, {33, 64}, {6, 5}, {127, 33},
                                   {100, 60}, {9, 1}, {1, 9}, {1000, 3}, {1001, 17}};
    size_t nwh = sizeof wh / sizeof *wh;
    for (int dbl = 0; dbl < 2; dbl++)
        for (size_t i = 0; i < nwh; i++) {
            size_t w = wh[i][0], hh = wh[i][1];
            if (quick && w * hh > 4096)
                continue;
            run_case(&(case2d){C2C, 0, dbl, w, hh, 2, 1.0, ANY, ANY, 0});
            run_case(&(case2d){C2C, 1, dbl, w, hh, 1, 1.0 / (double)(w * hh), ANY, ANY, 0});
            run_case(&(case2d){R2C, 0, dbl, w, hh, 3, 1.0, ANY, ANY, 0});
            run_case(&(case2d){C2R, 1, dbl, w, hh, 2, 1.0, ANY, ANY, 0});
        }
}

static void t_refusals(void)
{
    gfp_gpu_plan2d *p = NULL;
    char msg[256] = "";
    gfp_gpu_desc2d d = {.w = 0, .h = 4, .kind = GFP_GPU_C2C, .scale = 1.0};
    TU_CHECK(gfp_gpu_plan2d_create(&d, &p, msg, sizeof msg) == GFP_GPU_EINVAL && !p,
             "0 x 4 accepted");
    d.w = 8;
    d.kind = (gfp_gpu_kind)7;
    TU_CHECK(gfp_gpu_plan2d_create(&d, &p, msg, sizeof msg) == GFP_GPU_EINVAL && !p,
             "kind 7 accepted");
    d.kind = GFP_GPU_C2C;
    TU_CHECK(gfp_gpu_plan2d_create(&d, &p, msg, sizeof msg) == GFP_GPU_OK && p,
             "8 x 4: %s", msg);
    void *buf = NULL;
    if (p && cudaMalloc(&buf, 4 * 8 * 8) == cudaSuccess) {
        TU_CHECK(gfp_gpu_plan2d_exec(p, buf, buf, NULL, msg, sizeof msg) == GFP_GPU_EINVAL,
                 "in place accepted");
        cudaFree(buf);
    }
    TU_CHECK(gfp_gpu_plan2d_workspace(p) == 4 * 8 * 8, "workspace %zu bytes",
             gfp_gpu_plan2d_workspace(p));
    gfp_gpu_plan2d_destroy(p);
    gfp_gpu_plan2d_destroy(NULL);
}

int main(void)
{
    quick = getenv("GFP_TEST_QUICK") != NULL;
    gfp_engine_opts o = {.quick_plans = 1, .quiet_notes = 1, .threads = 1};
    gfp_error err = {0};
    gfp_engine *gpu = NULL;
    /* the gpu engine's checks (driver, device, compute capability) */
    if (gfp_engine_open("gpu", &o, "test", &gpu, &err)) {
        printf("GPU suite skipped: %s\n", err.msg);
        return 77;
    }
    if (tu_init())
        return 99;
    tu_suite("gpu_2d");
    TU_TEST(t_refusals);
    TU_TEST(t_pass_kernels);
    TU_TEST(t_clusters);
    TU_TEST(t_colsplit);
    TU_TEST(t_strided_cols);
    TU_TEST(t_fallback);
    TU_TEST(t_issue_sizes);
    int rc = tu_run();
    gfp_engine_close(gpu);
    return rc;
}
