/* gfp_gpu_2d.cu - the on-device 2D FFT (gfp_gpu_plan2d in gfp_gpu.h).
 *
 * Row-column, with the transpose folded into the stores (seed 000's idea):
 * a 2D pass kernel (gfp_gpu_fast_2d*.cu, GFP_FAST_TR) transforms frames
 * that are contiguous rows and writes bin k of frame g at k * ld + g, so
 *   pass 1: the h rows of w (C2C) or of w reals (R2C, w/2+1 bins) of each
 *           matrix -> ws, wb x h (wb = w or w/2+1), row k = bin k of
 *           every row;
 *   pass 2: the wb rows of h of ws -> out, h x wb, as a 2D FFT is stored.
 * Each pass reads and writes every value once: two passes over device
 * memory, 2 x (in + out) bytes. An axis without a pass kernel takes the 1D
 * plan (gfp_gpu_plan_create, any length the 1D engine takes) and
 * gfp_gpu_transpose: that axis costs two passes instead of one.
 *
 * C2R (inverse): the Hermitian axis is the rows, so the columns go first:
 *   transpose in (h x wb) -> ws1 (wb x h); columns C2C of h: ws1 -> ws2
 *   stored transposed (h x wb), or in place + transpose; rows C2R: ws2 ->
 *   out (h x w reals). Three or four passes; two at h = 4096 (f32), where
 *   the columns run strided in and out (sc_create below).
 *
 * A transpose of a 1 x c or r x 1 matrix is the identity in memory: those
 * transposes are skipped (h == 1 or wb == 1).
 *
 * C2C f32 with h = n1 n2 (64 .. 256 each; cf_n1): the columns as a
 * four-step along the strided axis, then the rows, as cuFFT's 2D plans cut
 * 16384 x 16384 (bench/NOTES.md, stop 29 call 6), three passes and no
 * transposes:
 *   A: column c's x[n2 r1 + r2], frame (r2, c): its n1 values w n2 apart,
 *      bin k1 times W_h^{r2 k1}, in -> ws at the same places (row n2 k1 +
 *      r2);
 *   B: frame (k1, c): the n2 values of rows n2 k1 + r2, bin k2 in place
 *      (row n2 k1 + k2 holds X[k1 + n1 k2] of the column);
 *   rows: output row q = k1 + n1 k2 read from ws row n2 k1 + k2 (the
 *      direct row loads' remap), the 1D frame kernel, plain stores.
 *
 * C2C f32 with h = 4096 (sc_create): the rows by the 1D plan, in -> ws,
 * then the columns in one pass strided both ways (GFP_PASS_2C2 at h),
 * ws -> out: two passes, no transposes, the first at the 1D plan's
 * speed (C2R: the columns first, then the rows). */
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "gfp_gpu.h"
#include "gfp_gpu_host.h"
#include "gfp_gpu_fft.cuh"
#include "gfp_gpu_fast.h"


struct gfp_gpu_plan2d {
    gfp_gpu_desc2d d;
    size_t count; /* matrices per exec */
    size_t wb;    /* complex values per row of the spectrum */
    size_t mat;   /* complex values per spectrum matrix: h * wb */
    gfp_pass row, col;
    gfp_gpu_plan *prow, *pcol; /* 1D plans of the axes without a pass kernel */
    /* the columns as a four-step (cf), n1 x (h / n1), then the rows */
    int cf;
    size_t n1;
    gfp_pass ca, cb, rw;
    void *xtw; /* W_h^m, two-level (ca.fp.xsh) */
    /* the rows by the 1D plan, then the columns strided in and out (sc) */
    int sc;
    void *ws;                  /* count * mat complex (C2R off sc: twice that) */
    size_t ws_bytes;
};

static int no_pass_kernels(void)
{
    const char *ev = getenv("GFP_GPU_NO2D");
    return ev && *ev && *ev != '0';
}

/* GFP_GPU_2D_CL=2|4|8: the C2C f32 passes that have a cluster form
 * (gfp_fast2d_c2c_f32_cl, sm_90 and later: 16384 at 2, 4, 8; 2160 and 4096
 * at 2) in clusters of that many blocks, a bin's run cl times longer;
 * 0: the plain pass kernels; unset: 16384 at 4, the others plain
 * (bench/NOTES.md). */
static int cluster_size(int nf)
{
    const char *ev = getenv("GFP_GPU_2D_CL");
    if (ev)
        return atoi(ev);
    /* unset: 16384 in clusters of 4 (H100: C2C f32 16384^2 at 0.84x cuFFT,
     * 0.78x at 8; the plain one-frame pass 0.28x) */
    return nf == 16384 ? 4 : 0;
}

/* whether the device runs cluster kernel c (sm_90 and later, its shared
 * memory, at least one cluster at once); a persistent one (persist -1)
 * gets the number of clusters that run at once */
static bool cluster_fits(gfp_fast_info *c, int dev)
{
    int major = 0;
    if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess ||
        major < 9)
        return false;
    if (cudaFuncSetAttribute(c->func, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)c->smem) != cudaSuccess ||
        (c->cl > 8 && cudaFuncSetAttribute(c->func, cudaFuncAttributeNonPortableClusterSizeAllowed,
                                           1) != cudaSuccess)) {
        cudaGetLastError();
        return false;
    }
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = (unsigned)c->cl;
    at[0].val.clusterDim.y = 1;
    at[0].val.clusterDim.z = 1;
    cfg.gridDim = dim3((unsigned)c->cl);
    cfg.blockDim = dim3((unsigned)c->threads);
    cfg.dynamicSmemBytes = c->smem;
    cfg.attrs = at;
    cfg.numAttrs = 1;
    int ncl = 0;
    if (cudaOccupancyMaxActiveClusters(&ncl, c->func, &cfg) != cudaSuccess || ncl < 1) {
        cudaGetLastError();
        return false;
    }
    if (c->persist < 0)
        c->persist = ncl; /* a persistent cluster kernel: no more clusters than run at once */
    return true;
}

/* the cluster kernel for length nf into fi when asked for and the device
 * can run its clusters (true); fi unchanged otherwise */
static bool try_cluster(int nf, int dev, gfp_fast_info *fi)
{
    int cl = cluster_size(nf);
    gfp_fast_info c;
    memset(&c, 0, sizeof c);
    if (cl < 2 || !gfp_fast2d_c2c_f32_cl(nf, cl, &c) || !cluster_fits(&c, dev))
        return false;
    *fi = c;
    return true;
}

/* gfp_gpu_fast.h; GFP_GPU_NO2D turns the 2D FFT's pass kernels off (the
 * four-step FFT's stay on) */
int gfp_pass_setup(gfp_pass *t, int dbl, int form, int nf, size_t ld, int inverse, double scale,
                   int optin, int dev, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    const int r2c = form == GFP_PASS_R2C;
    if ((form <= GFP_PASS_R2C && no_pass_kernels()) || nf < 2)
        return GFP_GPU_OK;
    gfp_fast_info fi;
    memset(&fi, 0, sizeof fi);
    bool ok;
    if (form == GFP_PASS_1CL)
        ok = (dbl ? gfp_fastcl_c2c_f64(nf, &fi) : gfp_fastcl_c2c_f32(nf, &fi)) &&
             cluster_fits(&fi, dev);
    else if (form == GFP_PASS_1CLR)
        ok = !dbl && gfp_fastcl_r2c_f32(nf, &fi) && cluster_fits(&fi, dev);
    else if (form == GFP_PASS_4S1)
        ok = dbl ? gfp_fast4s_c2c_f64(nf, &fi) : gfp_fast4s_c2c_f32(nf, &fi);
    else if (form == GFP_PASS_4S2)
        ok = dbl ? gfp_fast4s2_c2c_f64(nf, &fi) : gfp_fast4s2_c2c_f32(nf, &fi);
    else if (form == GFP_PASS_4S3) /* direct loads only (the row remap) */
        ok = (dbl ? gfp_fast4s2_c2c_f64(nf, &fi) : gfp_fast4s3_c2c_f32(nf, &fi)) &&
             fi.tpt * (dbl ? 16 : 8) >= 16; /* GFP_FAST_DMIN */
    else if (form == GFP_PASS_4S2R)
        ok = !dbl && gfp_fast4s2r_c2c_f32(nf, &fi);
    else if (form == GFP_PASS_4S1M)
        ok = !dbl && gfp_fast4s1m_c2c_f32(nf, &fi);
    else if (form == GFP_PASS_2C1)
        ok = !dbl && gfp_fast2dc1_c2c_f32(nf, &fi);
    else if (form == GFP_PASS_2C2)
        ok = !dbl && gfp_fast2dc2_c2c_f32(nf, &fi);
    else if (form == GFP_PASS_ROW) /* direct loads (the row remap) or pkernel */
        ok = !dbl && (gfp_fast_c2c_f32big(nf, optin, &fi) || gfp_fast_c2c_f32(nf, &fi)) &&
             (fi.persist > 0 || fi.tpt * 8 >= 16); /* GFP_FAST_DMIN */
    else if (form >= GFP_PASS_BA && form <= GFP_PASS_B1)
        ok = dbl ? gfp_fast4sb_f64(form - GFP_PASS_BA + GFP_FAST_BA, nf, &fi)
                 : gfp_fast4sb_f32(form - GFP_PASS_BA + GFP_FAST_BA, nf, &fi);
    else
        ok = r2c ? (!dbl && gfp_fast2d_r2c_f32(nf, &fi))
                 : (dbl ? gfp_fast2d_c2c_f64(nf, &fi) : gfp_fast2d_c2c_f32(nf, &fi));
    if (ok && form == GFP_PASS_C2C && !dbl && ld % 4 != 0)
        gfp_fast2d_c2c_f32_runs8(nf, &fi); /* fi unchanged when none */
    /* a cluster form where there is one (16384 has no other) */
    if (form == GFP_PASS_C2C && !dbl && try_cluster(nf, dev, &fi))
        ok = true;
    if (!ok || fi.smem > (size_t)optin)
        return GFP_GPU_OK;
    size_t ntw;
    if (gfp_gpu_stage_twiddle_count(fi.r, fi.nst, fi.nf, &ntw) ||
        fi.nf * (fi.whole ? fi.cl : 1) != nf)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "internal: pass kernel radices of %d", nf);
    size_t nrtw = r2c ? (size_t)nf + 1 : 0;
    size_t esz = dbl ? 16 : 8;
    size_t tot = ntw + nrtw ? ntw + nrtw : 1;
    void *h = calloc(tot, esz);
    if (!h)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    /* the stages' twiddles, then the split's */
    gfp_gpu_stage_twiddle_fill(fi.r, fi.nst, dbl, h);
    /* R2C split twiddles W_n^k = e^{-2 pi i k / n}, n = 2 nf, k = 0..nf */
    if (r2c)
        gfp_gpu_split_twiddle_fill(2LL * nf, 0, h, ntw);
    cudaError_t e = cudaMalloc(&t->dtw, tot * esz);
    if (e == cudaSuccess)
        e = cudaMemcpy(t->dtw, h, tot * esz, cudaMemcpyHostToDevice);
    free(h);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "pass kernel twiddles");
    if (fi.smem > 48 * 1024) {
        e = cudaFuncSetAttribute(fi.func, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 (int)fi.smem);
        if (e != cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncSetAttribute (pass kernel)");
    }
    struct cudaFuncAttributes fa;
    if ((e = cudaFuncGetAttributes(&fa, fi.func)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaFuncGetAttributes (pass kernel)");
    if (fa.maxThreadsPerBlock < fi.threads) {
        cudaFree(t->dtw);
        t->dtw = NULL;
        return GFP_GPU_OK; /* the 1D plan then */
    }
    if (fi.persist < 0) {
        /* a persistent block kernel (ptkernel): as many blocks as run at once */
        int nb = 0, nsm = 0;
        if ((e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, fi.func, fi.threads,
                                                               fi.smem)) != cudaSuccess ||
            (e = cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, dev)) !=
                cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "occupancy (pass kernel)");
        if (nb < 1) {
            cudaFree(t->dtw);
            t->dtw = NULL;
            return GFP_GPU_OK; /* the 1D plan then */
        }
        fi.persist = nb * nsm;
    } else if (fi.persist > 0 && form == GFP_PASS_ROW) {
        /* pkernel: fi.persist blocks an SM */
        int nsm = 0;
        if ((e = cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, dev)) !=
            cudaSuccess)
            return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute (pass kernel)");
        fi.persist *= nsm;
    }
    t->fi = fi;
    t->fp.tw = t->dtw;
    t->fp.rtw = r2c ? (const void *)((const char *)t->dtw + ntw * esz) : NULL;
    t->fp.conj_in = r2c ? 0 : inverse != 0;
    t->fp.conj_out = inverse != 0;
    t->fp.scale = scale;
    t->on = 1;
    return GFP_GPU_OK;
}

void gfp_pass_destroy(gfp_pass *t)
{
    if (t->dtw)
        cudaFree(t->dtw);
    t->dtw = NULL;
    t->on = 0;
}

/* gfp_gpu_fast.h */
int gfp_pass_launch(const gfp_pass *t, const void *in, void *out, size_t frames, size_t fpm,
                    size_t ld, size_t mst, void *stream, char *err, size_t errlen)
{
    cudaStream_t s = (cudaStream_t)stream;
    size_t blocks = (frames + (size_t)t->fi.fpb - 1) / (size_t)t->fi.fpb;
    const unsigned cl = t->fi.cl > 1 ? (unsigned)t->fi.cl : 1;
    if (t->fi.whole)
        blocks = frames * cl; /* a cluster a frame */
    if (t->fi.pairs) /* rows and their mirrors */
        blocks = frames / fpm * gfp_spl_blocks(fpm, t->fi.fpb);
    blocks = (blocks + cl - 1) / cl * cl; /* whole clusters; the extra frames idle */
    if (t->fi.persist > 0 && blocks > (size_t)t->fi.persist * cl)
        blocks = (size_t)t->fi.persist * cl; /* persistent: the clusters loop */
    if (blocks > 0x7fffffffu)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL,
                            "2D pass of %zu rows: too many for one launch", frames);
    gfp_fparams fp = t->fp;
    fp.in = in;
    fp.out = out;
    fp.batch = frames;
    fp.fpm = fpm;
    fp.ld = ld;
    fp.mst = mst;
    void *args[] = {&fp};
    cudaError_t e;
    if (cl > 1) {
        cudaLaunchConfig_t cfg;
        memset(&cfg, 0, sizeof cfg);
        cudaLaunchAttribute at[1];
        at[0].id = cudaLaunchAttributeClusterDimension;
        at[0].val.clusterDim.x = cl;
        at[0].val.clusterDim.y = 1;
        at[0].val.clusterDim.z = 1;
        cfg.gridDim = dim3((unsigned)blocks);
        cfg.blockDim = dim3((unsigned)t->fi.threads);
        cfg.dynamicSmemBytes = t->fi.smem;
        cfg.stream = s;
        cfg.attrs = at;
        cfg.numAttrs = 1;
        e = cudaLaunchKernelExC(&cfg, t->fi.func, args);
    } else {
        e = cudaLaunchKernel(t->fi.func, dim3((unsigned)blocks), dim3((unsigned)t->fi.threads),
                             args, t->fi.smem, s);
    }
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "pass kernel launch");
    return GFP_GPU_OK;
}

static int plan1d(const gfp_gpu_desc2d *d, size_t n, gfp_gpu_kind kind, double scale,
                  gfp_gpu_plan **out, char *err, size_t errlen)
{
    gfp_gpu_desc gd;
    memset(&gd, 0, sizeof gd);
    gd.n = n;
    gd.kind = kind;
    gd.inverse = d->inverse;
    gd.dbl = d->dbl;
    gd.scale = scale;
    gd.window = NULL;
    gd.post = GFP_GPU_POST_NONE;
    gd.device = d->device;
    gd.algorithm = GFP_GPU_ALG_AUTO;
    char msg[200] = "";
    int rc = gfp_gpu_plan_create(&gd, out, msg, sizeof msg);
    if (rc)
        return gfp_gpu_fail(err, errlen, rc, "2D FFT's %s of %zu: %s",
                            kind == GFP_GPU_C2R ? "C2R rows" : "axis", n, msg);
    return GFP_GPU_OK;
}

extern "C" void gfp_gpu_plan2d_destroy(gfp_gpu_plan2d *p)
{
    if (!p)
        return;
    gfp_pass_destroy(&p->row);
    gfp_pass_destroy(&p->col);
    gfp_pass_destroy(&p->ca);
    gfp_pass_destroy(&p->cb);
    gfp_pass_destroy(&p->rw);
    if (p->xtw)
        cudaFree(p->xtw);
    if (p->ws)
        cudaFree(p->ws);
    gfp_gpu_plan_destroy(p->prow);
    gfp_gpu_plan_destroy(p->pcol);
    free(p);
}

extern "C" size_t gfp_gpu_plan2d_workspace(const gfp_gpu_plan2d *p)
{
    return p ? p->ws_bytes : 0;
}

extern "C" void gfp_gpu_plan2d_paths(const gfp_gpu_plan2d *p, int *rows, int *cols)
{
    if (rows)
        *rows = p && p->sc ? 3 : p && (p->row.on || p->cf) ? 2 : 1;
    if (cols)
        *cols = p && p->cf ? 3 : p && p->col.on ? 2 : 1;
}

/* n1 of the columns' four-step (h = n1 n2, n1 <= n2, both 64 .. 256
 * with kernels), 0 for none. By default at h = 8192 and 16384, where it
 * was measured faster (H200, bench/NOTES.md stop 30: 16384^2 0.913x
 * cuFFT against 0.753x, 8192^2 0.856x against 0.685x; 4096^2 0.820x
 * against the transposing passes' 0.945x; 32768 and 65536 not
 * measured); GFP_GPU_2D_CF=0 turns it off, =1 takes it wherever it
 * exists (h = 4096 .. 65536). */
static size_t cf_n1(const gfp_gpu_desc2d *d)
{
    const char *ev = getenv("GFP_GPU_2D_CF");
    if ((ev && *ev == '0') || d->kind != GFP_GPU_C2C || d->dbl || no_pass_kernels())
        return 0;
    size_t h = d->h;
    if (!(ev && *ev == '1') && h != 8192 && h != 16384)
        return 0;
    if (h & (h - 1))
        return 0;
    int lg = 0;
    while (((size_t)1 << lg) < h)
        lg++;
    size_t n1 = (size_t)1 << (lg / 2), n2 = h / n1;
    gfp_fast_info f;
    if (n1 < 64 || n2 > 256 || !gfp_fast2dc1_c2c_f32((int)n1, &f) ||
        !gfp_fast2dc2_c2c_f32((int)n2, &f))
        return 0;
    return n1;
}

/* the columns' four-step and the rows (p->cf) when their kernels exist
 * and fit; p->cf stays 0 otherwise */
static int cf_create(gfp_gpu_plan2d *p, const gfp_gpu_desc2d *d, int optin, char *err,
                     size_t errlen)
{
    const size_t n1 = cf_n1(d);
    if (!n1)
        return GFP_GPU_OK;
    const size_t h = d->h, n2 = h / n1;
    int rc;
    if ((rc = gfp_pass_setup(&p->ca, 0, GFP_PASS_2C1, (int)n1, n2 * d->w, d->inverse, 1.0,
                             optin, d->device, err, errlen)) ||
        (rc = gfp_pass_setup(&p->cb, 0, GFP_PASS_2C2, (int)n2, d->w, d->inverse, 1.0, optin,
                             d->device, err, errlen)) ||
        (rc = gfp_pass_setup(&p->rw, 0, GFP_PASS_ROW, (int)d->w, 0, d->inverse, d->scale,
                             optin, d->device, err, errlen)))
        return rc;
    if (!p->ca.on || !p->cb.on || !p->rw.on) {
        gfp_pass_destroy(&p->ca);
        gfp_pass_destroy(&p->cb);
        gfp_pass_destroy(&p->rw);
        return GFP_GPU_OK;
    }
    /* W_h^m, two-level */
    int sh = 0;
    const size_t nt = gfp_gpu_twolevel_count((long long)h, &sh);
    void *ht = malloc(nt * 8);
    if (!ht)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
    gfp_gpu_twolevel_fill((long long)h, sh, 0, ht);
    cudaError_t e = cudaMalloc(&p->xtw, nt * 8);
    if (e == cudaSuccess)
        e = cudaMemcpy(p->xtw, ht, nt * 8, cudaMemcpyHostToDevice);
    free(ht);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "2D column twiddles");
    p->ca.fp.xtw = p->xtw;
    p->ca.fp.xsh = sh;
    p->ca.fp.xdiv = (unsigned)d->w;
    p->rw.fp.rfpm = n1;
    p->rw.fp.rmst = d->w;
    p->rw.fp.rld = n2 * d->w;
    p->n1 = n1;
    p->cf = 1;
    return GFP_GPU_OK;
}

/* the rows by the 1D plan (contiguous in and out), then the columns with
 * strided loads and stores (GFP_PASS_2C2 at n = h: tkernel, threads
 * across the frames, runs of the block's four frames): two passes, the
 * first as fast as the 1D transform. By default at h = 4096 (C2C f32)
 * where w = 4096 or the rows have no pass kernel (so the transposing
 * route would take three passes), where it was measured faster (H200,
 * bench/NOTES.md stop 39 call 3: 4096^2 1475 GB/s against 1460, 1.02x
 * cuFFT; 8192 x 4096 1374 against 1148); rows with a pass kernel of their
 * own ran slower so (1024, 2048, 3840 x 4096: 0.93x, 0.97x, 0.64x).
 * C2R f32 (columns first: in -> ws strided, then the rows' C2R by the
 * 1D plan, ws -> out) takes it at h = 4096 too: two passes where the
 * transposing route makes three (a transpose, the columns, the rows;
 * H200, stop 40 call 2: 4096^2 982 GB/s against 827, 1024 x 4096 1069
 * against 830, 2048 x 4096 1032 against 840). R2C f32 (rows R2C by the
 * 1D plan, then the columns at stride w/2+1) only with GFP_GPU_2D_SC=1:
 * it ran 0.7 % faster at 4096^2 and 3 % slower at 1024 and 2048 x 4096.
 * GFP_GPU_2D_SC=0 turns it off, =1 takes it wherever the column kernel
 * exists (h = 64, 128, 256, 4096). Called after the transposing route's
 * rows are set up (p->row, or p->prow where they have no pass kernel;
 * C2R: after its rows' 1D plan, before its columns): with sc the rows'
 * pass is dropped and the 1D plan kept or made; p->sc stays 0
 * otherwise. */
static int sc_create(gfp_gpu_plan2d *p, const gfp_gpu_desc2d *d, int optin, char *err,
                     size_t errlen)
{
    const char *ev = getenv("GFP_GPU_2D_SC");
    if ((ev && *ev == '0') || d->dbl || no_pass_kernels())
        return GFP_GPU_OK;
    if (!(ev && *ev == '1')) {
        if (d->h != 4096 || d->kind == GFP_GPU_R2C)
            return GFP_GPU_OK;
        if (d->kind == GFP_GPU_C2C && d->w != 4096 && p->row.on)
            return GFP_GPU_OK;
    }
    const int c2r = d->kind == GFP_GPU_C2R;
    int rc;
    if ((rc = gfp_pass_setup(&p->col, 0, GFP_PASS_2C2, (int)d->h, p->wb, d->inverse,
                             c2r ? 1.0 : d->scale, optin, d->device, err, errlen)))
        return rc;
    if (!p->col.on)
        return GFP_GPU_OK;
    /* C2R's rows (scaled) are planned before */
    if (!p->prow && (rc = plan1d(d, d->w, d->kind, 1.0, &p->prow, err, errlen)))
        return rc;
    gfp_pass_destroy(&p->row);
    p->sc = 1;
    return GFP_GPU_OK;
}

extern "C" int gfp_gpu_plan2d_create(const gfp_gpu_desc2d *d, gfp_gpu_plan2d **out,
                                     char *err, size_t errlen)
{
    if (!d || !out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    *out = NULL;
    if (d->kind != GFP_GPU_C2C && d->kind != GFP_GPU_R2C && d->kind != GFP_GPU_C2R)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "unknown transform kind %d",
                            (int)d->kind);
    if (d->w < 1 || d->h < 1)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "2D FFT of %zu x %zu: empty", d->w,
                            d->h);
    if (d->w > (1u << 30) || d->h > (1u << 30))
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOTSUP, "2D FFT of %zu x %zu: too long",
                            d->w, d->h);
    size_t count = d->batch ? d->batch : 1;
    size_t wb = d->kind == GFP_GPU_C2C ? d->w : d->w / 2 + 1;
    size_t esz = d->dbl ? 16 : 8;
    size_t mat = d->h * wb; /* both <= 2^30 */
    const int c2r = d->kind == GFP_GPU_C2R;
    size_t nws = c2r ? 2 : 1;
    if (mat > SIZE_MAX / esz / nws / count)
        return gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "2D FFT of %zu matrices of %zu x %zu: "
                            "too large", count, d->w, d->h);
    int optin = 0;
    cudaError_t e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                           d->device);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaDeviceGetAttribute");
    int prev = -1;
    if ((e = cudaGetDevice(&prev)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
    if (prev != d->device && (e = cudaSetDevice(d->device)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");
    int rc = GFP_GPU_OK;
    gfp_gpu_plan2d *p = (gfp_gpu_plan2d *)calloc(1, sizeof *p);
    if (!p) {
        rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM, "out of host memory");
        goto done;
    }
    p->d = *d;
    p->count = count;
    p->wb = wb;
    p->mat = mat;
    /* the scale once, in the last transform: the columns (C2C, R2C) or
     * the C2R rows */
    if (c2r) {
        if ((rc = plan1d(d, d->w, GFP_GPU_C2R, d->scale, &p->prow, err, errlen)))
            goto done;
    } else if ((rc = cf_create(p, d, optin, err, errlen))) {
        goto done;
    } else if (!p->cf) {
        int r2c = d->kind == GFP_GPU_R2C;
        if (!r2c || d->w % 2 == 0)
            if ((rc = gfp_pass_setup(&p->row, d->dbl, r2c ? GFP_PASS_R2C : GFP_PASS_C2C,
                                     (int)(r2c ? d->w / 2 : d->w), d->h, d->inverse, 1.0,
                                     optin, d->device, err, errlen)))
                goto done;
        if (!p->row.on && (rc = plan1d(d, d->w, d->kind, 1.0, &p->prow, err, errlen)))
            goto done;
    }
    /* the columns (but the cf route's): strided in and out beside the
     * rows' 1D plan alone (sc), else a pass kernel stored transposed, else
     * the 1D plan and a transpose */
    if (!p->cf) {
        if ((rc = sc_create(p, d, optin, err, errlen)))
            goto done;
        if (!p->sc &&
            (rc = gfp_pass_setup(&p->col, d->dbl, GFP_PASS_C2C, (int)d->h, wb, d->inverse,
                                 c2r ? 1.0 : d->scale, optin, d->device, err, errlen)))
            goto done;
        if (!p->sc && !p->col.on &&
            (rc = plan1d(d, d->h, GFP_GPU_C2C, c2r ? 1.0 : d->scale, &p->pcol, err, errlen)))
            goto done;
    }
    if (c2r && p->sc)
        nws = 1; /* the columns straight into the rows' input */
    p->ws_bytes = nws * count * mat * esz;
    if ((e = cudaMalloc(&p->ws, p->ws_bytes)) != cudaSuccess) {
        cudaGetLastError(); /* not sticky: a smaller batch may fit */
        rc = gfp_gpu_fail(err, errlen, GFP_GPU_ENOMEM,
                          "2D FFT workspace (%zu bytes): %s", p->ws_bytes,
                          cudaGetErrorString(e));
        goto done;
    }
    /* the pass tables' uploads (cudaMemcpy from pageable memory) land
     * before a non-blocking stream may read them: see gfp_gpu_plan_create */
    if ((e = cudaStreamSynchronize(0)) != cudaSuccess)
        rc = gfp_gpu_cuda_fail(err, errlen, e, "uploading the 2D plan's tables");
done:
    if (rc) {
        gfp_gpu_plan2d_destroy(p);
        p = NULL;
    }
    if (prev >= 0 && prev != d->device)
        cudaSetDevice(prev);
    *out = p;
    return rc;
}

/* count matrices of rows x cols complex values at src, mst apart, into
 * their transposes at dst (same spacing) */
static int transpose_all(const void *src, void *dst, size_t count, size_t rows, size_t cols,
                         size_t mst, int dbl, cudaStream_t s, char *err, size_t errlen)
{
    size_t esz = dbl ? 16 : 8;
    for (size_t m = 0; m < count; m++) {
        int rc = gfp_gpu_transpose((const char *)src + m * mst * esz, (char *)dst + m * mst * esz,
                                   rows, cols, dbl, (void *)s, err, errlen);
        if (rc)
            return rc;
    }
    return GFP_GPU_OK;
}

static int exec1d(const gfp_gpu_plan *p, const void *in, void *out, size_t batch,
                  cudaStream_t s, char *err, size_t errlen)
{
    return gfp_gpu_plan_exec(p, in, out, batch, (void *)s, err, errlen);
}

static int run(const gfp_gpu_plan2d *p, const void *d_in, void *d_out, cudaStream_t s,
               char *err, size_t errlen)
{
    const size_t h = p->d.h, wb = p->wb, mat = p->mat, cnt = p->count;
    const size_t esz = p->d.dbl ? 16 : 8;
    const int dbl = p->d.dbl;
    /* the transposes of h x wb are the identity in memory when either is 1 */
    const int triv = h == 1 || wb == 1;
    int rc;
    if (p->sc) {
        /* column c of matrix m (frame m wb + c) from x[m mat + c + i wb]
         * to y[m mat + c + k wb]: after the rows (C2C, or R2C's wb bins a
         * row) in -> ws, ws -> out; C2R the columns first, in -> ws, then
         * its rows ws -> out */
        if (p->d.kind == GFP_GPU_C2R) {
            if ((rc = gfp_pass_launch(&p->col, d_in, p->ws, cnt * wb, wb, wb, mat, s, err,
                                      errlen)))
                return rc;
            return exec1d(p->prow, p->ws, d_out, cnt * h, s, err, errlen);
        }
        if ((rc = exec1d(p->prow, d_in, p->ws, cnt * h, s, err, errlen)))
            return rc;
        return gfp_pass_launch(&p->col, p->ws, d_out, cnt * wb, wb, wb, mat, s, err, errlen);
    }
    if (p->d.kind == GFP_GPU_C2R) {
        void *ws1 = p->ws, *ws2 = (char *)p->ws + cnt * mat * esz;
        /* columns' input: wb rows of h per matrix */
        const void *cin = d_in;
        if (!triv) {
            if ((rc = transpose_all(d_in, ws1, cnt, h, wb, mat, dbl, s, err, errlen)))
                return rc;
            cin = ws1;
        }
        /* columns: frame g = m wb + k (column k of matrix m), bin q to
         * ws2[m mat + q wb + k]: h x wb again */
        if (p->col.on)
            rc = gfp_pass_launch(&p->col, cin, ws2, cnt * wb, wb, wb, mat, s, err, errlen);
        else if (triv)
            rc = exec1d(p->pcol, cin, ws2, cnt * wb, s, err, errlen);
        else if (!(rc = exec1d(p->pcol, ws1, ws1, cnt * wb, s, err, errlen)))
            rc = transpose_all(ws1, ws2, cnt, wb, h, mat, dbl, s, err, errlen);
        if (rc)
            return rc;
        /* rows: cnt h rows of wb bins -> cnt h rows of w reals */
        return exec1d(p->prow, ws2, d_out, cnt * h, s, err, errlen);
    }
    if (p->cf) {
        /* the columns' four-step: A (frames (m, r2, c), cnt n2 w of them,
         * n2 w to a matrix), B (frames (m, k1, c), w to a row of blocks, n2
         * w apart); then the rows, a launch a matrix (the remap's rows) */
        const size_t w = p->d.w, n1 = p->n1, n2 = h / n1;
        if ((rc = gfp_pass_launch(&p->ca, d_in, p->ws, cnt * n2 * w, n2 * w, n2 * w, mat, s, err,
                                  errlen)) ||
            (rc = gfp_pass_launch(&p->cb, p->ws, p->ws, cnt * n1 * w, w, w, n2 * w, s, err,
                                  errlen)))
            return rc;
        for (size_t m = 0; m < cnt; m++)
            if ((rc = gfp_pass_launch(&p->rw, (const char *)p->ws + m * mat * esz,
                                      (char *)d_out + m * mat * esz, h, 0, 0, 0, s, err,
                                      errlen)))
                return rc;
        return GFP_GPU_OK;
    }
    /* rows: frame g = m h + r (row r of matrix m), bin k to
     * ws[m mat + k h + r]: wb rows of h */
    if (p->row.on) {
        rc = gfp_pass_launch(&p->row, d_in, p->ws, cnt * h, h, h, mat, s, err, errlen);
    } else if (triv) {
        rc = exec1d(p->prow, d_in, p->ws, cnt * h, s, err, errlen);
    } else if (!(rc = exec1d(p->prow, d_in, d_out, cnt * h, s, err, errlen))) {
        /* d_out as scratch: h x wb per matrix, transposed into ws */
        rc = transpose_all(d_out, p->ws, cnt, h, wb, mat, dbl, s, err, errlen);
    }
    if (rc)
        return rc;
    /* columns: frame g = m wb + k (row k of ws's matrix m), bin q to
     * out[m mat + q wb + k]: h rows of wb */
    if (p->col.on)
        return gfp_pass_launch(&p->col, p->ws, d_out, cnt * wb, wb, wb, mat, s, err, errlen);
    if (triv)
        return exec1d(p->pcol, p->ws, d_out, cnt * wb, s, err, errlen);
    if ((rc = exec1d(p->pcol, p->ws, p->ws, cnt * wb, s, err, errlen)))
        return rc;
    return transpose_all(p->ws, d_out, cnt, wb, h, mat, dbl, s, err, errlen);
}

extern "C" int gfp_gpu_plan2d_exec(const gfp_gpu_plan2d *p, const void *d_in, void *d_out,
                                   void *stream, char *err, size_t errlen)
{
    if (!p || !d_in || !d_out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "null argument");
    if (d_in == d_out)
        return gfp_gpu_fail(err, errlen, GFP_GPU_EINVAL, "the 2D FFT runs out of place only");
    int cur = -1;
    cudaError_t e = cudaGetDevice(&cur);
    if (e != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaGetDevice");
    if (cur != p->d.device && (e = cudaSetDevice(p->d.device)) != cudaSuccess)
        return gfp_gpu_cuda_fail(err, errlen, e, "cudaSetDevice");
    int rc = run(p, d_in, d_out, (cudaStream_t)stream, err, errlen);
    if (cur != p->d.device)
        cudaSetDevice(cur);
    return rc;
}
