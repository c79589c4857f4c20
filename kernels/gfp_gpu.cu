/* gfp_gpu.cu - planner and launcher of gfftpipe's own GPU FFT kernels
 * (mixed-radix Stockham in shared memory, see gfp_gpu_fft.cuh). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"
#include "gfp_gpu_fft.cuh"
#include "gfp_gpu_fast.h"
#include "gfp_gpu_fast_blue.h"
#include "gfp_gpu_seeds.h"
#include "gfp_gpu_large.h"

/* Elements per thread (register budget) per precision. */
#define GFP_E32 16
#define GFP_E64 8
#define GFP_MAXT32 1024
#define GFP_MAXT64 512

template <typename T, int MODE, int E, bool DIRECT, int MAXT>
__global__ void __launch_bounds__(MAXT) gfp_fft_kernel(const __grid_constant__ gfp_kparams p)
{
    gfp_fft_body<T, MODE, E, DIRECT>(p);
}

struct gfp_gpu_plan {
    gfp_gpu_desc d;
    int device;
    void *dtw;     /* twiddles (+ split twiddles) */
    void *dwin;    /* window in the plan's precision, or NULL */
    gfp_kparams kp;
    int threads;
    size_t smem;
    const void *func;
    /* v4: compile-time specialised kernel (gfp_gpu_fast_*.cu), when one
     * exists for this length and the plan has no window and no post-op */
    int fast;
    gfp_fast_info fi;
    gfp_fparams fp;
    void *dftw;
    int nsm; /* the device's SMs (a persistent kernel's grid) */
    /* lengths no single block takes: multi-pass or Bluestein
     * (gfp_gpu_large.cu); when set, nothing above is used */
    gfp_large *large;
    /* a seed paper's algorithm (desc.algorithm != AUTO) runs this instead */
    gfp_seeds_plan *seeds;
};



/* Radices for a complex FFT of length nf; returns the stage count, 0 for
 * nf == 1, -1 when nf has a prime factor over 13. */
static int factorize(int nf, int maxr, int *r)
{
    int ns = 0, a = 0;
    int m = nf;
    while (m % 2 == 0) { m /= 2; a++; }
    static const int odd[] = {13, 11, 7, 5};
    int c3 = 0;
    while (m % 3 == 0) { m /= 3; c3++; }
    int cnt[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        while (m % odd[i] == 0) { m /= odd[i]; cnt[i]++; }
    if (m != 1)
        return -1;
    /* powers of two: 16s, the remainder as 8 / 4 / (8, 4) */
    int q = a / 4, rem = a % 4;
    int p2[GFP_MAXST], np2 = 0;
    if (maxr < 16) { /* radix 8 at most */
        q = 0;
        for (int i = 0; i < a / 3; i++)
            p2[np2++] = 8;
        if (a % 3 == 1) p2[np2++] = 2;
        if (a % 3 == 2) p2[np2++] = 4;
    } else if (rem == 1 && q > 0) {
        q--;
        p2[np2++] = 8;
        p2[np2++] = 4;
    } else if (rem == 1) {
        p2[np2++] = 2;
    } else if (rem == 2) {
        p2[np2++] = 4;
    } else if (rem == 3) {
        p2[np2++] = 8;
    }
    for (int i = 0; i < q; i++)
        p2[np2++] = 16;
    for (int i = 0; i < np2; i++)
        if (ns < GFP_MAXST) r[ns++] = p2[i];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < cnt[i]; j++)
            if (ns < GFP_MAXST) r[ns++] = odd[i];
    for (int j = 0; j < c3 / 2; j++)
        if (ns < GFP_MAXST) r[ns++] = 9;
    if (c3 % 2 && ns < GFP_MAXST) r[ns++] = 3;
    /* larger radices first */
    for (int i = 0; i < ns; i++)
        for (int j = i + 1; j < ns; j++)
            if (r[j] > r[i]) { int t = r[i]; r[i] = r[j]; r[j] = t; }
    return ns;
}

static int fft_len(const gfp_gpu_desc *d)
{
    if (d->kind == GFP_GPU_C2C || d->n % 2)
        return (int)d->n;
    return (int)(d->n / 2);
}

struct gfp_cfg {
    int nf, ns, r[GFP_MAXST], tpt, fpb, pstride, threads;
    size_t smem;
};

static int pick_config(const gfp_gpu_desc *d, int smem_optin, gfp_cfg *c, char *err,
                       size_t errlen)
{
    if (!d)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "no description");
    if (d->kind != GFP_GPU_C2C && d->kind != GFP_GPU_R2C && d->kind != GFP_GPU_C2R)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "unknown transform kind %d", (int)d->kind);
    if (d->n < 1 || d->n > (1u << 20))
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP, "length %zu has no GPU kernel", d->n);
    if ((int)d->post < 0 || (int)d->post > (int)GFP_GPU_POST_PHASE)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "unknown post-op %d", (int)d->post);
    if (d->kind == GFP_GPU_C2R && (d->window || d->post != GFP_GPU_POST_NONE))
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "a C2R plan takes no window and no post-op");
    c->nf = fft_len(d);
    c->ns = factorize(c->nf, d->dbl ? 8 : 16, c->r);
    if (c->ns < 0)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                    "length %zu has a prime factor over 13: no GPU kernel", d->n);
    int E = d->dbl ? GFP_E64 : GFP_E32;
    int maxt = d->dbl ? GFP_MAXT64 : GFP_MAXT32;
    size_t esz = d->dbl ? 16 : 8;
    c->tpt = (c->nf + E - 1) / E;
    if (c->tpt > maxt)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                    "length %zu is too long for the single-block GPU kernel (%s)", d->n,
                    d->dbl ? "f64" : "f32");
    int ps = c->nf + (c->nf >> 4) + 1;
    if (!(ps & 1))
        ps++;
    c->pstride = ps;
    if ((size_t)ps * esz > (size_t)smem_optin)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                    "length %zu needs %zu bytes of shared memory, the device has %d", d->n,
                    (size_t)ps * esz, smem_optin);
    /* transforms per block: about 256 threads, within the shared memory */
    int fpb = 256 / c->tpt;
    if (fpb < 1)
        fpb = 1;
    size_t smax = 64 * 1024;
    if (smax < (size_t)ps * esz)
        smax = (size_t)ps * esz;
    while (fpb > 1 && (size_t)fpb * ps * esz > smax)
        fpb--;
    c->fpb = fpb;
    c->threads = fpb * c->tpt;
    c->threads = (c->threads + 31) / 32 * 32;
    if (c->threads > maxt)
        c->threads = maxt;
    c->smem = (size_t)fpb * ps * esz;
    return GFP_GPU_OK;
}

#define GFP_K(T, M, D, E, MT) (const void *)gfp_fft_kernel<T, M, E, D, MT>
/* mode 0..4 as GFP_MODE_*, 5: C2C with a post-op */
static const void *kernel_for(int dbl, int mode)
{
    static const void *const k32[6] = {
        GFP_K(float, 0, true, GFP_E32, GFP_MAXT32), GFP_K(float, 1, false, GFP_E32, GFP_MAXT32),
        GFP_K(float, 2, true, GFP_E32, GFP_MAXT32), GFP_K(float, 3, false, GFP_E32, GFP_MAXT32),
        GFP_K(float, 4, true, GFP_E32, GFP_MAXT32), GFP_K(float, 0, false, GFP_E32, GFP_MAXT32)};
    static const void *const k64[6] = {
        GFP_K(double, 0, true, GFP_E64, GFP_MAXT64), GFP_K(double, 1, false, GFP_E64, GFP_MAXT64),
        GFP_K(double, 2, true, GFP_E64, GFP_MAXT64), GFP_K(double, 3, false, GFP_E64, GFP_MAXT64),
        GFP_K(double, 4, true, GFP_E64, GFP_MAXT64), GFP_K(double, 0, false, GFP_E64, GFP_MAXT64)};
    return dbl ? k64[mode] : k32[mode];
}

static int device_smem(int dev, int *optin, char *err, size_t errlen)
{
    cudaError_t e = cudaDeviceGetAttribute(optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute");
    int major = 0;
    e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute");
    if (major < 7)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                    "device %d has compute capability %d.x; the kernels need 7.0 or later",
                    dev, major);
    return GFP_GPU_OK;
}

int gfp_gpu_single_supported(const gfp_gpu_desc *d)
{
    int optin = 0;
    gfp_cfg c;
    if (!d || device_smem(d->device, &optin, NULL, 0) != GFP_GPU_OK)
        return 0;
    return pick_config(d, optin, &c, NULL, 0) == GFP_GPU_OK;
}

extern "C" int gfp_gpu_supported(const gfp_gpu_desc *d)
{
    int optin = 0;
    gfp_cfg c;
    if (!d || device_smem(d->device, &optin, NULL, 0) != GFP_GPU_OK)
        return 0;
    if (d->algorithm != GFP_GPU_ALG_AUTO)
        return gfp_seeds_check(d, NULL, 0) == GFP_GPU_OK;
    return pick_config(d, optin, &c, NULL, 0) == GFP_GPU_OK || gfp_large_supported(d);
}

extern "C" int gfp_gpu_device_count(char *err, size_t errlen)
{
    int n = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDeviceCount");
        return 0;
    }
    if (n == 0)
        gfp_gpu_fail(err, errlen, 0, "no CUDA device");
    return n;
}


extern "C" void gfp_gpu_plan_destroy(gfp_gpu_plan *p)
{
    if (!p)
        return;
    if (p->dtw)
        cudaFree(p->dtw);
    if (p->dwin)
        cudaFree(p->dwin);
    if (p->dftw)
        cudaFree(p->dftw);
    gfp_large_destroy(p->large);
    gfp_seeds_destroy(p->seeds);
    free(p);
}

/* an environment switch set to something other than 0 */
static int getenv_on(const char *name)
{
    const char *ev = getenv(name);
    return ev && *ev && *ev != '0';
}

/* picks a specialised kernel for the plan if one exists and uploads its
 * twiddles; leaves p->fast = 0 otherwise (the generic kernels run).
 * optin: the shared memory a block may have on the plan's device.
 * GFP_GPU_NOFASTC2R=1: C2R f32 on the generic kernels (as before stop 32). */
static int setup_fast(gfp_gpu_plan *p, const gfp_gpu_desc *d, int mode, int optin, char *err,
                      size_t errlen)
{
    p->fast = 0;
    const char *ev = getenv("GFP_GPU_NOFAST");
    if (ev && *ev && *ev != '0')
        return GFP_GPU_OK;
    if (d->window || d->post != GFP_GPU_POST_NONE)
        return GFP_GPU_OK;
    gfp_fast_info fi;
    memset(&fi, 0, sizeof fi);
    bool ok = false;
    if (mode == GFP_MODE_C2C)
        ok = d->dbl ? (gfp_fast_c2c_f64((int)d->n, &fi) || gfp_fast_c2c_f64s((int)d->n, &fi))
                    : (gfp_fast_c2c_f32((int)d->n, &fi) || gfp_fast_c2c_f32s((int)d->n, &fi) ||
                       gfp_fast_c2c_f32big((int)d->n, optin, &fi)); /* 16384 (gfp_gpu_fast_c2c32.cu) */
    else if (mode == GFP_MODE_R2C && !d->dbl)
        ok = gfp_fast_r2c_f32((int)(d->n / 2), &fi);
    else if (mode == GFP_MODE_C2R && !d->dbl && !getenv_on("GFP_GPU_NOFASTC2R"))
        ok = gfp_fast_c2r_f32((int)(d->n / 2), &fi);
    if (!ok)
        return GFP_GPU_OK;
    size_t ntw;
    if (gfp_gpu_stage_twiddle_count(fi.r, fi.nst, fi.nf, &ntw))
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: fast radices of %d", fi.nf);
    if (ntw == 0)
        ntw = 1;
    size_t esz = d->dbl ? 16 : 8;
    void *h = calloc(ntw, esz);
    if (!h)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    gfp_gpu_stage_twiddle_fill(fi.r, fi.nst, d->dbl, h);
    cudaError_t e = cudaMalloc(&p->dftw, ntw * esz);
    if (e == cudaSuccess)
        e = cudaMemcpy(p->dftw, h, ntw * esz, cudaMemcpyHostToDevice);
    free(h);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "fast twiddles");
    if (fi.smem > 48 * 1024) {
        e = cudaFuncSetAttribute(fi.func, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 (int)fi.smem);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute (fast)");
    }
    struct cudaFuncAttributes fa;
    if ((e = cudaFuncGetAttributes(&fa, fi.func)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncGetAttributes (fast)");
    if (fa.maxThreadsPerBlock < fi.threads)
        return GFP_GPU_OK; /* keep the generic kernel */
    if (fi.persist > 0 &&
        (e = cudaDeviceGetAttribute(&p->nsm, cudaDevAttrMultiProcessorCount, d->device)) !=
            cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute (SMs)");
    memset(&p->fp, 0, sizeof p->fp);
    p->fp.tw = p->dftw;
    p->fp.rtw = mode == GFP_MODE_R2C || mode == GFP_MODE_C2R
                    ? (const void *)((const char *)p->dtw + (size_t)p->kp.rtwoff * esz)
                    : NULL;
    p->fp.conj_in = p->kp.conj_in;
    /* C2R's merge makes the packed sequence's conjugate: the store conjugates */
    p->fp.conj_out = mode == GFP_MODE_C2R ? 1 : p->kp.conj_out;
    p->fp.scale = d->scale;
    p->fi = fi;
    p->fast = 1;
    return GFP_GPU_OK;
}

/* A C2C (or R2C f32, even n) plan without window or post-op whose length
 * has a specialised one-block kernel that fits the device's shared
 * memory. */
static int fast_fits(const gfp_gpu_desc *d, int optin)
{
    const bool half = (d->kind == GFP_GPU_R2C || d->kind == GFP_GPU_C2R) && !d->dbl && d->n % 2 == 0;
    if ((d->kind != GFP_GPU_C2C && !half) || d->window || d->post != GFP_GPU_POST_NONE ||
        d->algorithm != GFP_GPU_ALG_AUTO || d->n < 1 || d->n > (half ? 32768u : 16384u))
        return 0;
    if (d->kind == GFP_GPU_C2R && getenv_on("GFP_GPU_NOFASTC2R"))
        return 0;
    gfp_fast_info fi;
    memset(&fi, 0, sizeof fi);
    bool ok = half ? (d->kind == GFP_GPU_R2C ? gfp_fast_r2c_f32((int)(d->n / 2), &fi)
                                             : gfp_fast_c2r_f32((int)(d->n / 2), &fi))
              : d->dbl ? (gfp_fast_c2c_f64((int)d->n, &fi) || gfp_fast_c2c_f64s((int)d->n, &fi))
                       : (gfp_fast_c2c_f32((int)d->n, &fi) || gfp_fast_c2c_f32s((int)d->n, &fi) ||
                          gfp_fast_c2c_f32big((int)d->n, optin, &fi)); /* 16384: gfp_gpu_fast_c2c32.cu */
    return ok && fi.smem <= (size_t)optin;
}

extern "C" int gfp_gpu_plan_create(const gfp_gpu_desc *d, gfp_gpu_plan **out, char *err,
                                   size_t errlen)
{
    if (!d || !out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    *out = NULL;
    int optin = 0;
    int rc = device_smem(d->device, &optin, err, errlen);
    if (rc)
        return rc;
    if (d->algorithm != GFP_GPU_ALG_AUTO) {
        gfp_gpu_plan *sp = (gfp_gpu_plan *)calloc(1, sizeof *sp);
        if (!sp)
            return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
        sp->d = *d;
        sp->d.window = NULL;
        sp->device = d->device;
        rc = gfp_seeds_create(d, &sp->seeds, err, errlen);
        if (rc)
            free(sp);
        else
            *out = sp;
        return rc;
    }
    gfp_cfg c;
    rc = pick_config(d, optin, &c, err, errlen);
    /* past the generic kernel's block, a specialised kernel may still hold
     * the whole transform in one block (Z2Z f64 8192: 136 KB of shared
     * memory): one pass over memory instead of the multi-pass path's two */
    int fast_only = 0;
    if (rc == GFP_GPU_ENOTSUP && fast_fits(d, optin)) {
        fast_only = 1;
        rc = GFP_GPU_OK;
    }
    int large = rc == GFP_GPU_ENOTSUP && gfp_large_supported(d);
    if (rc && !large)
        return rc;

    int prev = -1;
    cudaError_t e = cudaGetDevice(&prev);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
    if (prev != d->device && (e = cudaSetDevice(d->device)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");

    gfp_gpu_plan *p = (gfp_gpu_plan *)calloc(1, sizeof *p);
    void *htw = NULL;
    if (!p) {
        rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
        goto done;
    }
    p->d = *d;
    p->d.window = NULL;
    p->device = d->device;
    if (large) {
        rc = gfp_large_create(d, &p->large, err, errlen);
        goto done;
    }
    if (fast_only) {
        const int r2c = d->kind == GFP_GPU_R2C, half = r2c || d->kind == GFP_GPU_C2R;
        p->kp.conj_in = r2c ? 0 : d->inverse != 0;
        p->kp.conj_out = d->inverse != 0;
        p->kp.scale = d->scale;
        if (half) {
            /* the split step's W_n^k, k = 0 .. n/2 (f32; fast_fits takes
             * no f64 R2C), at kp.rtwoff = 0 of dtw */
            size_t nr = (size_t)d->n / 2 + 1;
            float *hr = (float *)malloc(nr * 8);
            if (!hr) {
                rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
                goto done;
            }
            gfp_gpu_split_twiddle_fill((long long)d->n, 0, hr, 0);
            e = cudaMalloc(&p->dtw, nr * 8);
            if (e == cudaSuccess)
                e = cudaMemcpy(p->dtw, hr, nr * 8, cudaMemcpyHostToDevice);
            free(hr);
            if (e != cudaSuccess) {
                rc = gfp_gpu_cuda_fail(err, errlen, e, "split twiddles");
                goto done;
            }
            p->kp.rtwoff = 0;
        }
        rc = setup_fast(p, d, r2c ? GFP_MODE_R2C : half ? GFP_MODE_C2R : GFP_MODE_C2C, optin, err,
                        errlen);
        if (rc == GFP_GPU_OK && !p->fast) /* GFP_GPU_NOFAST, or too many threads */
            rc = gfp_large_create(d, &p->large, err, errlen);
        goto done;
    }
    {
        int odd = (int)(d->n % 2);
        int mode = d->kind == GFP_GPU_C2C ? GFP_MODE_C2C
                   : d->kind == GFP_GPU_R2C ? (odd ? GFP_MODE_R2C_ODD : GFP_MODE_R2C)
                                            : (odd ? GFP_MODE_C2R_ODD : GFP_MODE_C2R);
        gfp_kparams *k = &p->kp;
        memset(k, 0, sizeof *k);
        k->n = (int)d->n;
        k->nf = c.nf;
        k->nst = c.ns;
        k->tpt = c.tpt;
        k->fpb = c.fpb;
        k->pstride = c.pstride;
        k->staged = c.tpt < 4 || c.ns < 2; /* measured: helps n <= 32 only */
        k->scale = d->scale;
        k->post = (int)d->post;
        k->nbins = d->kind == GFP_GPU_C2C ? (int)d->n
                   : d->kind == GFP_GPU_R2C ? (int)(d->n / 2 + 1) : (int)d->n;
        k->conj_in = d->kind == GFP_GPU_R2C ? 0 : d->inverse != 0;
        k->conj_out = d->kind == GFP_GPU_C2R ? 0 : d->inverse != 0;
        /* twiddle tables */
        size_t ntw = 0;
        int ls = 1;
        for (int i = 0; i < c.ns; i++) {
            k->st[i].r = c.r[i];
            k->st[i].ls = ls;
            k->st[i].twoff = (int)ntw;
            ls *= c.r[i];
            ntw += 64 + (size_t)(ls + 63) / 64; /* W_L^a, a < 64; W_L^{64 b} */
        }
        k->rtwoff = (int)ntw;
        if (mode == GFP_MODE_R2C || mode == GFP_MODE_C2R)
            ntw += (size_t)c.nf + 1;
        if (ntw == 0)
            ntw = 1;
        size_t esz = d->dbl ? 16 : 8;
        htw = malloc(ntw * esz);
        if (!htw) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
            goto done;
        }
        memset(htw, 0, ntw * esz);
        size_t o = 0;
        for (int i = 0; i < c.ns; i++) {
            long long L = (long long)k->st[i].ls * c.r[i];
            long long nb = (L + 63) / 64;
            for (long long m = 0; m < 64 + nb; m++, o++)
                gfp_gpu_root_put(m < 64 ? m : 64 * (m - 64), L, d->dbl, htw, o);
        }
        if (mode == GFP_MODE_R2C || mode == GFP_MODE_C2R) /* even n: c.nf = n / 2 */
            gfp_gpu_split_twiddle_fill((long long)d->n, d->dbl, htw, o);
        if ((e = cudaMalloc(&p->dtw, ntw * esz)) != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMalloc (twiddles)");
            goto done;
        }
        if ((e = cudaMemcpy(p->dtw, htw, ntw * esz, cudaMemcpyHostToDevice)) != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemcpy (twiddles)");
            goto done;
        }
        k->tw = p->dtw;
        if (d->window) {
            size_t wsz = d->n * (d->dbl ? 8 : 4);
            free(htw);
            htw = malloc(wsz);
            if (!htw) {
                rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
                goto done;
            }
            for (size_t i = 0; i < d->n; i++) {
                if (d->dbl)
                    ((double *)htw)[i] = d->window[i];
                else
                    ((float *)htw)[i] = (float)d->window[i];
            }
            if ((e = cudaMalloc(&p->dwin, wsz)) != cudaSuccess) {
                rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMalloc (window)");
                goto done;
            }
            if ((e = cudaMemcpy(p->dwin, htw, wsz, cudaMemcpyHostToDevice)) != cudaSuccess) {
                rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaMemcpy (window)");
                goto done;
            }
            k->win = p->dwin;
        }
        p->func = kernel_for(d->dbl, mode == GFP_MODE_C2C && d->post ? 5 : mode);
        p->threads = c.threads;
        p->smem = c.smem;
        if (c.smem > 48 * 1024) {
            e = cudaFuncSetAttribute(p->func, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     (int)c.smem);
            if (e != cudaSuccess) {
                rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute");
                goto done;
            }
        }
        struct cudaFuncAttributes fa;
        if ((e = cudaFuncGetAttributes(&fa, p->func)) != cudaSuccess) {
            rc = gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncGetAttributes");
            goto done;
        }
        if (fa.maxThreadsPerBlock < p->threads) {
            rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP,
                      "length %zu needs %d threads per block, the kernel allows %d", d->n,
                      p->threads, fa.maxThreadsPerBlock);
            goto done;
        }
        rc = setup_fast(p, d, mode, optin, err, errlen);
        if (rc)
            goto done;
    }
    rc = GFP_GPU_OK;
done:
    free(htw);
    /* The tables went up by cudaMemcpy from pageable memory, which may
     * return before the copy has landed, on the legacy stream, which does
     * not order the engines' non-blocking streams: wait for it here, once
     * per plan (a Bluestein plan with a window read NaN once under
     * racecheck before this). */
    if (rc == GFP_GPU_OK) {
        cudaError_t se = cudaStreamSynchronize(0);
        if (se != cudaSuccess)
            rc = gfp_gpu_cuda_fail(err, errlen, se, "uploading the plan's tables");
    }
    if (rc && p) {
        gfp_gpu_plan_destroy(p);
        p = NULL;
    }
    if (prev >= 0 && prev != d->device)
        cudaSetDevice(prev);
    *out = p;
    return rc;
}

extern "C" int gfp_gpu_plan_exec(const gfp_gpu_plan *p, const void *d_in, void *d_out,
                                 size_t batch, void *stream, char *err, size_t errlen)
{
    if (!p || !d_in || !d_out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    if (batch == 0)
        return GFP_GPU_OK;
    if (p->seeds)
        return gfp_seeds_exec(p->seeds, d_in, d_out, batch, stream, err, errlen);
    if (d_in == d_out && p->d.kind != GFP_GPU_C2C)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "in-place execution is for C2C plans only");
    if (p->large) {
        int cur = -1;
        cudaError_t e = cudaGetDevice(&cur);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
        if (cur != p->device && (e = cudaSetDevice(p->device)) != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");
        int rc = gfp_large_exec(p->large, d_in, d_out, batch, stream, err, errlen);
        if (cur != p->device)
            cudaSetDevice(cur);
        return rc;
    }
    size_t fpb = p->fast ? (size_t)p->fi.fpb : (size_t)p->kp.fpb;
    size_t blocks = (batch + fpb - 1) / fpb;
    if (p->fast && p->fi.persist > 0 && blocks > (size_t)p->nsm * (size_t)p->fi.persist)
        blocks = (size_t)p->nsm * (size_t)p->fi.persist; /* pkernel: blocks loop */
    if (blocks > 0x7fffffffu)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "batch of %zu is too large for one launch",
                    batch);
    int cur = -1;
    cudaError_t e = cudaGetDevice(&cur);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
    if (cur != p->device && (e = cudaSetDevice(p->device)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");
    gfp_kparams kp = p->kp;
    kp.in = d_in;
    kp.out = d_out;
    kp.batch = batch;
    gfp_fparams fp = p->fp;
    fp.in = d_in;
    fp.out = d_out;
    fp.batch = batch;
    void *args[] = {&kp};
    void *fargs[] = {&fp};
    if (p->fast)
        e = cudaLaunchKernel(p->fi.func, dim3((unsigned)blocks), dim3((unsigned)p->fi.threads),
                             fargs, p->fi.smem, (cudaStream_t)stream);
    else
        e = cudaLaunchKernel(p->func, dim3((unsigned)blocks), dim3((unsigned)p->threads), args,
                             p->smem, (cudaStream_t)stream);
    int rc = GFP_GPU_OK;
    if (e != cudaSuccess)
        rc = gfp_gpu_cuda_fail(err, errlen, e, "kernel launch");
    if (cur != p->device)
        cudaSetDevice(cur);
    return rc;
}
