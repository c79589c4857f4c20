/* engine_cuda.c - the GPU engines, host side: device checks, pinned host
 * buffers, one stream and one pair of device buffers per in-flight batch.
 * `gpu` runs the project's own kernels (kernels/gfp_gpu.h); `cufft` runs
 * cuFFT, as the yardstick for bench and tests. No device code here. */
#include "config.h"
#include "gfp.h"

#include <cuda_runtime_api.h>
#include <cufft.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "../kernels/gfp_gpu.h"

typedef struct cuda_state {
    int device;
    int verbose;
    char name[256];
    int cc_major, cc_minor;
    size_t gpu_mem;      /* --gpu-mem: cap on a plan's buffers, 0 none */
} cuda_state;

typedef struct cuda_impl {
    gfp_plan_desc d;
    int nslots;
    int use_cufft;
    gfp_gpu_plan *own;       /* own kernels */
    cufftHandle cufft;       /* cuFFT reference */
    int cufft_made;
    cudaStream_t *streams;
    void **d_in, **d_out;
    size_t in_bytes, out_bytes; /* per full batch, as the host sees them */
    size_t dout_bytes;          /* d_out's size: a filter plan's whole
                                   frames, though out_skip drops a part */
    size_t din_bytes;           /* d_in's size: room for a transposed
                                   output too (submit_t) when it can have
                                   one */
    int transposable;           /* C2C or R2C, no post-op, no pooling */
    /* spectrogram pooling (d.pool): power frames in d_out pool into
     * d_cols, and only those come back */
    gfp_gpu_pool *pool;
    void **d_cols;
    /* frames cut on the device (d.in_hop): the span comes in here */
    void **d_span;
    size_t span_bytes;
    uint64_t t_next;            /* frames submitted so far */
    /* filter plan (d.filter): own is the forward transform, own_inv the
     * inverse; the spectra stay on the device (d_filt) and each slot's
     * spectra pass through d_spec: only frames cross PCIe */
    gfp_gpu_plan *own_inv;
    void *d_filt;
    void **d_spec;
} cuda_impl;

static gfp_status cuda_check(cudaError_t e, const char *what, gfp_error *err)
{
    if (e == cudaSuccess)
        return GFP_OK;
    return gfp_fail(err, GFP_EDEVICE, "%s: %s", what, cudaGetErrorString(e));
}

static gfp_status cuda_open(const gfp_engine_opts *o, void **state,
                            gfp_error *err)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess)
        return gfp_fail(err, GFP_EDEVICE, "%s", cudaGetErrorString(e));
    gfp_trace("cuda: driver (cudaGetDeviceCount)");
    if (count == 0)
        return gfp_fail(err, GFP_EDEVICE, "no CUDA device");
    if (o->device < 0 || o->device >= count)
        return gfp_fail(err, GFP_EDEVICE, "--device %d: there are %d CUDA "
                        "device(s)", o->device, count);
    struct cudaDeviceProp prop;
    if (cuda_check(cudaGetDeviceProperties(&prop, o->device),
                   "cudaGetDeviceProperties", err))
        return err->status;
    /* Kernels are built for sm_80 .. sm_90 (+ PTX): older GPUs can't run
     * them, and garbage is worse than a clear refusal. */
    if (prop.major < 8)
        return gfp_fail(err, GFP_EDEVICE, "%s has compute capability %d.%d; "
                        "gfftpipe's kernels need 8.0 or newer", prop.name,
                        prop.major, prop.minor);
    gfp_trace("cuda: device properties");
    if (cuda_check(cudaSetDevice(o->device), "cudaSetDevice", err))
        return err->status;
    gfp_trace("cuda: context (cudaSetDevice)");
    /* By default a wait spins on its core while the GPU works (the
     * device's flags are process-wide); gpu_block_sync makes it sleep
     * (GFP_HYB_SLEEP=1 for the hybrid engine: gfp_hybrid_block_sync).
     * Beside FFTW's threads a sleeping wait's wake-up waits for a core
     * and the GPU idles meanwhile, so spinning is the default there too.
     * Not fatal. */
    if (o->gpu_block_sync &&
        cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync) != cudaSuccess)
        cudaGetLastError();
    cuda_state *s = calloc(1, sizeof *s);
    if (!s)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    s->device = o->device;
    s->verbose = o->verbose;
    s->gpu_mem = o->gpu_mem;
    snprintf(s->name, sizeof s->name, "%s", prop.name);
    s->cc_major = prop.major;
    s->cc_minor = prop.minor;
    *state = s;
    return GFP_OK;
}

static gfp_status cufft_open(const gfp_engine_opts *o, void **state,
                             gfp_error *err)
{
    return cuda_open(o, state, err);
}

static void cuda_close(void *state)
{
    free(state);
}

static void cuda_unmake(void *state, void *impl)
{
    (void)state;
    cuda_impl *p = impl;
    if (!p)
        return;
    for (int i = 0; i < p->nslots; i++) {
        if (p->streams && p->streams[i]) {
            cudaStreamSynchronize(p->streams[i]);
            cudaStreamDestroy(p->streams[i]);
        }
        if (p->d_in && p->d_in[i])
            cudaFree(p->d_in[i]);
        if (p->d_out && p->d_out[i])
            cudaFree(p->d_out[i]);
        if (p->d_cols && p->d_cols[i])
            cudaFree(p->d_cols[i]);
        if (p->d_span && p->d_span[i])
            cudaFree(p->d_span[i]);
        if (p->d_spec && p->d_spec[i])
            cudaFree(p->d_spec[i]);
    }
    free(p->d_span);
    free(p->d_spec);
    if (p->d_filt)
        cudaFree(p->d_filt);
    gfp_gpu_plan_destroy(p->own_inv);
    free(p->streams);
    free(p->d_in);
    free(p->d_out);
    free(p->d_cols);
    gfp_gpu_pool_destroy(p->pool);
    gfp_gpu_plan_destroy(p->own);
    if (p->cufft_made)
        cufftDestroy(p->cufft);
    free(p);
}

static gfp_status make_cufft(cuda_impl *p, gfp_error *err)
{
    const gfp_plan_desc *d = &p->d;
    if (d->window || d->post != GFP_POST_NONE || d->scale != 1.0)
        return gfp_fail(err, GFP_ENOTSUP, "the cufft reference engine does "
                        "no window, scaling or post-op");
    if (d->n > INT32_MAX || d->batch > INT32_MAX)
        return gfp_fail(err, GFP_ENOTSUP, "n too large for cuFFT");
    int n = (int)d->n;
    cufftType t;
    switch (d->kind) {
    case GFP_C2C: t = d->dbl ? CUFFT_Z2Z : CUFFT_C2C; break;
    case GFP_R2C: t = d->dbl ? CUFFT_D2Z : CUFFT_R2C; break;
    default: t = d->dbl ? CUFFT_Z2D : CUFFT_C2R; break;
    }
    int idist = (int)(gfp_plan_in_scalars(d) / (d->kind == GFP_R2C ? 1 : 2));
    int odist = d->kind == GFP_C2R ? n : (d->kind == GFP_R2C ? n / 2 + 1 : n);
    cufftResult r = cufftPlanMany(&p->cufft, 1, &n, NULL, 1, idist, NULL, 1,
                                  odist, t, (int)d->batch);
    if (r != CUFFT_SUCCESS)
        return gfp_fail(err, GFP_EDEVICE, "cufftPlanMany failed (%d)", (int)r);
    p->cufft_made = 1;
    return GFP_OK;
}

static gfp_status plan_common(void *state, const gfp_plan_desc *d,
                              int nslots, int use_cufft, void **out,
                              gfp_error *err)
{
    cuda_state *s = state;
    *out = NULL;
    cuda_impl *p = calloc(1, sizeof *p);
    if (!p)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    p->d = *d;
    p->nslots = nslots;
    p->use_cufft = use_cufft;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    gfp_status st;
    if (!gfp_mul_ok(d->batch, gfp_plan_in_scalars(d) * scal, &p->in_bytes) ||
        !gfp_mul_ok(d->batch, gfp_plan_out_scalars(d) * scal, &p->out_bytes)) {
        st = gfp_fail(err, GFP_ENOMEM, "batch too large");
        goto fail;
    }
    p->dout_bytes = p->out_bytes;
    if (d->out_skip) {
        gfp_plan_desc full = *d;
        full.out_skip = 0;
        if (!gfp_mul_ok(d->batch, gfp_plan_out_scalars(&full) * scal,
                        &p->dout_bytes)) {
            st = gfp_fail(err, GFP_ENOMEM, "batch too large");
            goto fail;
        }
    }
    if (d->in_hop) {
        if (use_cufft || d->kind != GFP_R2C || d->in_hop > d->n) {
            st = gfp_fail(err, GFP_ENOTSUP, "frames cut from a span: R2C "
                          "of the gpu engine with a hop of at most n only");
            goto fail;
        }
        if (!gfp_mul_ok(d->batch - 1, d->in_hop, &p->span_bytes) ||
            (p->span_bytes += d->n) < d->n ||
            !gfp_mul_ok(p->span_bytes, scal, &p->span_bytes)) {
            st = gfp_fail(err, GFP_ENOMEM, "batch too large");
            goto fail;
        }
    }
    size_t spec_bytes = 0;
    if (d->filter) {
        /* forward -> multiply -> inverse on the device */
        size_t bins = d->kind == GFP_R2C ? d->n / 2 + 1 : d->n, fbytes;
        if (use_cufft) {
            st = gfp_fail(err, GFP_ENOTSUP, "the cufft engine runs no "
                          "filter plans");
            goto fail;
        }
        if (!gfp_mul_ok(d->batch, 2 * bins * scal, &spec_bytes) ||
            !gfp_mul_ok(d->nfilter, 2 * bins * scal, &fbytes)) {
            st = gfp_fail(err, GFP_ENOMEM, "filter too large");
            goto fail;
        }
        gfp_gpu_desc fd = {.n = d->n, .kind = (gfp_gpu_kind)d->kind,
                           .dbl = d->dbl, .scale = 1, .device = s->device};
        gfp_gpu_desc id = fd;
        id.kind = d->kind == GFP_R2C ? GFP_GPU_C2R : GFP_GPU_C2C;
        id.inverse = 1;
        id.scale = d->scale;
        char msg[256] = "";
        int rc = gfp_gpu_plan_create(&fd, &p->own, msg, sizeof msg);
        if (!rc)
            rc = gfp_gpu_plan_create(&id, &p->own_inv, msg, sizeof msg);
        if (rc) {
            st = gfp_fail(err, rc == GFP_GPU_ENOTSUP ? GFP_ENOTSUP
                               : rc == GFP_GPU_ENOMEM ? GFP_ENOMEM
                                                      : GFP_EDEVICE,
                          "%s", msg[0] ? msg : "GPU plan failed");
            goto fail;
        }
        cudaError_t e = cudaMalloc(&p->d_filt, fbytes);
        if (e != cudaSuccess) {
            cudaGetLastError();
            st = gfp_fail(err, GFP_ENOMEM, "GPU memory for the filter "
                          "(%zu bytes): %s", fbytes, cudaGetErrorString(e));
            goto fail;
        }
        if ((st = cuda_check(cudaMemcpy(p->d_filt, d->filter, fbytes,
                                        cudaMemcpyHostToDevice),
                             "copy the filter to the GPU", err)))
            goto fail;
        if (!(p->d_spec = calloc((size_t)nslots, sizeof *p->d_spec))) {
            st = gfp_fail(err, GFP_ENOMEM, "out of memory");
            goto fail;
        }
    } else if (use_cufft) {
        if ((st = make_cufft(p, err)))
            goto fail;
    } else {
        gfp_gpu_desc gd = {
            .n = d->n, .kind = (gfp_gpu_kind)d->kind, .inverse = d->inverse,
            .dbl = d->dbl, .scale = d->scale, .window = d->window,
            .post = (gfp_gpu_post)d->post, .device = s->device,
            .algorithm = (int)d->algorithm};
        char msg[256] = "";
        int rc = gfp_gpu_plan_create(&gd, &p->own, msg, sizeof msg);
        if (rc) {
            st = gfp_fail(err, rc == GFP_GPU_ENOTSUP ? GFP_ENOTSUP
                               : rc == GFP_GPU_ENOMEM ? GFP_ENOMEM
                                                      : GFP_EDEVICE,
                          "%s", msg[0] ? msg : "GPU plan failed");
            goto fail;
        }
    }
    size_t cols_bytes = 0;
    if (d->pool) {
        const gfp_pool_desc *q = d->pool;
        if (use_cufft || d->kind != GFP_R2C || d->dbl ||
            d->post != GFP_POST_POWER || q->rows > d->n / 2 + 1) {
            st = gfp_fail(err, GFP_ENOTSUP, "pooling needs an f32 R2C power "
                          "plan of the gpu engine and rows <= n/2+1");
            goto fail;
        }
        char msg[256] = "";
        int rc = gfp_gpu_pool_create(d->n / 2 + 1, q->rows, q->lo, q->hi,
                                     q->pos, q->mean, q->frames, q->buckets,
                                     &p->pool, msg, sizeof msg);
        if (rc) {
            st = gfp_fail(err, rc == GFP_GPU_ENOMEM ? GFP_ENOMEM
                               : rc == GFP_GPU_EINVAL ? GFP_EINVAL
                                                      : GFP_EDEVICE,
                          "%s", msg);
            goto fail;
        }
        cols_bytes = d->batch * q->rows * sizeof(float);
    }
    /* submit_t transposes d_out into d_in: room for it (R2C's output is
     * two scalars a frame more than its input) */
    p->transposable = d->kind != GFP_C2R && d->post == GFP_POST_NONE &&
                      !d->pool;
    p->din_bytes = p->transposable && d->transposed &&
                           p->out_bytes > p->in_bytes
                       ? p->out_bytes : p->in_bytes;
    /* --gpu-mem: the batch buffers of all slots within the cap (the
     * caller sizes batches to half of it, leaving the rest to the plan's
     * tables and workspace). */
    if (s->gpu_mem) {
        size_t per = p->din_bytes + p->dout_bytes + cols_bytes, all;
        if (!gfp_mul_ok(per, (size_t)nslots, &all) || all > s->gpu_mem) {
            st = gfp_fail(err, GFP_ENOMEM, "--gpu-mem %zu: %d batch(es) of "
                          "%zu frames of %zu need %zu bytes of device "
                          "buffers", s->gpu_mem, nslots, d->batch, d->n,
                          all);
            goto fail;
        }
    }
    p->streams = calloc((size_t)nslots, sizeof *p->streams);
    p->d_in = calloc((size_t)nslots, sizeof *p->d_in);
    p->d_out = calloc((size_t)nslots, sizeof *p->d_out);
    p->d_cols = calloc((size_t)nslots, sizeof *p->d_cols);
    p->d_span = calloc((size_t)nslots, sizeof *p->d_span);
    if (!p->streams || !p->d_in || !p->d_out || !p->d_cols || !p->d_span) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory");
        goto fail;
    }
    for (int i = 0; i < nslots; i++) {
        if ((st = cuda_check(cudaStreamCreateWithFlags(
                                 &p->streams[i], cudaStreamNonBlocking),
                             "cudaStreamCreate", err)))
            goto fail;
        cudaError_t e1 = cudaMalloc(&p->d_in[i], p->din_bytes);
        cudaError_t e2 = e1 == cudaSuccess
                             ? cudaMalloc(&p->d_out[i], p->dout_bytes)
                             : e1;
        if (e2 == cudaSuccess && cols_bytes)
            e2 = cudaMalloc(&p->d_cols[i], cols_bytes);
        if (e2 == cudaSuccess && p->span_bytes)
            e2 = cudaMalloc(&p->d_span[i], p->span_bytes);
        if (e2 == cudaSuccess && spec_bytes)
            e2 = cudaMalloc(&p->d_spec[i], spec_bytes);
        if (e2 != cudaSuccess) {
            /* Not sticky: clear it so a smaller batch can be tried. */
            cudaGetLastError();
            st = gfp_fail(err, GFP_ENOMEM, "GPU memory for %zu frames of "
                          "%zu: %s", d->batch, d->n, cudaGetErrorString(e2));
            goto fail;
        }
        /* cuFFT's plan is for the full batch: a short batch transforms the
         * buffer's stale tail too (and drops it). Zeroed once, that tail is
         * never uninitialised memory (compute-sanitizer's initcheck). */
        if (use_cufft &&
            (st = cuda_check(cudaMemset(p->d_in[i], 0, p->din_bytes),
                             "cudaMemset", err)))
            goto fail;
    }
    /* cudaMemset of device memory, and cudaMemcpy from pageable memory
     * (the filter above), may still be running on the legacy stream when
     * they return, and the slots' non-blocking streams are not ordered
     * after it: a slot's first copy in could be zeroed behind it (the
     * cufft engine's submit_t failures, stop 13). Wait for them once. */
    if ((st = cuda_check(cudaStreamSynchronize(0), "preparing the GPU buffers",
                         err)))
        goto fail;
    *out = p;
    return GFP_OK;
fail:
    cuda_unmake(state, p);
    return st;
}

static gfp_status gpu_make(void *state, const gfp_plan_desc *d, int nslots,
                           void **out, gfp_error *err)
{
    return plan_common(state, d, nslots, 0, out, err);
}

static gfp_status cufft_make(void *state, const gfp_plan_desc *d, int nslots,
                             void **out, gfp_error *err)
{
    return plan_common(state, d, nslots, 1, out, err);
}

/* Runs the transform of nframes on slot's device buffers, on its stream. */
static gfp_status launch(cuda_impl *p, int slot, size_t nframes,
                         gfp_error *err)
{
    cudaStream_t s = p->streams[slot];
    if (p->use_cufft) {
        /* A cuFFT plan is for one batch size: short batches run the full
         * plan on a buffer whose tail is stale, and only nframes come back. */
        cufftResult r = cufftSetStream(p->cufft, s);
        void *di = p->d_in[slot], *dout = p->d_out[slot];
        int sign = p->d.inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
        if (r == CUFFT_SUCCESS) {
            switch (p->d.kind) {
            case GFP_C2C:
                r = p->d.dbl ? cufftExecZ2Z(p->cufft, di, dout, sign)
                             : cufftExecC2C(p->cufft, di, dout, sign);
                break;
            case GFP_R2C:
                r = p->d.dbl ? cufftExecD2Z(p->cufft, di, dout)
                             : cufftExecR2C(p->cufft, di, dout);
                break;
            case GFP_C2R:
                r = p->d.dbl ? cufftExecZ2D(p->cufft, di, dout)
                             : cufftExecC2R(p->cufft, di, dout);
                break;
            }
        }
        if (r != CUFFT_SUCCESS)
            return gfp_fail(err, GFP_EDEVICE, "cuFFT exec failed (%d)", (int)r);
    } else if (p->own_inv) {
        char msg[256] = "";
        size_t bins = p->d.kind == GFP_R2C ? p->d.n / 2 + 1 : p->d.n;
        if (gfp_gpu_plan_exec(p->own, p->d_in[slot], p->d_spec[slot],
                              nframes, (void *)s, msg, sizeof msg) ||
            gfp_gpu_cmul(p->d_spec[slot], p->d_filt, bins, nframes,
                         p->d.nfilter, p->d.dbl, (void *)s, msg,
                         sizeof msg) ||
            gfp_gpu_plan_exec(p->own_inv, p->d_spec[slot], p->d_out[slot],
                              nframes, (void *)s, msg, sizeof msg))
            return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
    } else {
        char msg[256] = "";
        if (gfp_gpu_plan_exec(p->own, p->d_in[slot], p->d_out[slot], nframes,
                              (void *)s, msg, sizeof msg))
            return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
    }
    return GFP_OK;
}

static gfp_status cuda_submit(void *state, void *impl, int slot,
                              const void *in, void *out, size_t nframes,
                              gfp_error *err)
{
    (void)state;
    cuda_impl *p = impl;
    if (slot < 0 || slot >= p->nslots)
        return gfp_fail(err, GFP_EINVAL, "bad slot %d", slot);
    if (nframes == 0)
        return GFP_OK;
    size_t scal = p->d.dbl ? sizeof(double) : sizeof(float);
    size_t ib = nframes * gfp_plan_in_scalars(&p->d) * scal;
    size_t ob = nframes * gfp_plan_out_scalars(&p->d) * scal;
    cudaStream_t s = p->streams[slot];
    if (p->d.in_hop) {
        /* The span once over PCIe; its frames cut here. */
        char msg[256] = "";
        ib = ((nframes - 1) * p->d.in_hop + p->d.n) * scal;
        if (cuda_check(cudaMemcpyAsync(p->d_span[slot], in, ib,
                                       cudaMemcpyHostToDevice, s),
                       "copy to the GPU", err))
            return err->status;
        if (gfp_gpu_frames_from_span(p->d_span[slot], p->d.n, p->d.in_hop,
                                     nframes, p->d.dbl, p->d_in[slot],
                                     (void *)s, msg, sizeof msg))
            return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
    } else if (cuda_check(cudaMemcpyAsync(p->d_in[slot], in, ib,
                                          cudaMemcpyHostToDevice, s),
                          "copy to the GPU", err))
        return err->status;
    if (launch(p, slot, nframes, err))
        return err->status;
    if (p->pool) {
        /* Only the columns come back; submit() runs in frame order. */
        char msg[256] = "";
        size_t nc = gfp_gpu_pool_columns(p->pool, p->t_next, nframes);
        if (gfp_gpu_pool_exec(p->pool, p->d_out[slot], nframes, p->t_next,
                              p->d_cols[slot], (void *)s, msg, sizeof msg))
            return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
        p->t_next += nframes;
        return cuda_check(cudaMemcpyAsync(out, p->d_cols[slot],
                                          nc * p->d.pool->rows * sizeof(float),
                                          cudaMemcpyDeviceToHost, s),
                          "copy from the GPU", err);
    }
    if (p->d.out_skip) {
        /* the tail of every frame, one copy each (a filter plan's batch
         * is a few channels; a 2D copy's pitch would be limited) */
        size_t w = p->d.kind == GFP_C2C ? 2 : 1, fb = p->d.n * w * scal;
        size_t skip = p->d.out_skip * w * scal, keep = fb - skip;
        for (size_t f = 0; f < nframes; f++)
            if (cuda_check(cudaMemcpyAsync((char *)out + f * keep,
                                           (const char *)p->d_out[slot] +
                                               f * fb + skip,
                                           keep, cudaMemcpyDeviceToHost, s),
                           "copy from the GPU", err))
                return err->status;
        return GFP_OK;
    }
    return cuda_check(cudaMemcpyAsync(out, p->d_out[slot], ob,
                                      cudaMemcpyDeviceToHost, s),
                      "copy from the GPU", err);
}

/* As submit, the output transposed on the device (d_out into d_in, which
 * the kernel is done with) and copied back with one strided copy into its
 * columns of out, or a copy a tile of out it meets (tout: one contiguous
 * run where the batch is a whole tile of fft2's intermediate array). A
 * tiled input (tin) comes in as one copy of the batch's run in each tile,
 * into d_out, and is put in frame order into d_in on the device. */
static gfp_status cuda_submit_tg(void *state, void *impl, int slot,
                                 const void *in, const gfp_tiles *tin,
                                 void *out, size_t tout, size_t nframes,
                                 size_t ld, size_t col0, gfp_error *err)
{
    (void)state;
    cuda_impl *p = impl;
    if (!p->transposable)
        return gfp_fail(err, GFP_ENOTSUP, "transposed output is for C2C and "
                        "R2C plans without post-op");
    if (tin && p->d.kind != GFP_C2C)
        return gfp_fail(err, GFP_ENOTSUP, "tiled input is for C2C plans");
    if (slot < 0 || slot >= p->nslots)
        return gfp_fail(err, GFP_EINVAL, "bad slot %d", slot);
    if (nframes == 0)
        return GFP_OK;
    size_t scal = p->d.dbl ? sizeof(double) : sizeof(float), ce = 2 * scal;
    size_t ib = nframes * gfp_plan_in_scalars(&p->d) * scal;
    size_t bins = p->d.kind == GFP_R2C ? p->d.n / 2 + 1 : p->d.n;
    if (nframes * bins * ce > p->din_bytes || (tin && ib > p->dout_bytes))
        return gfp_fail(err, GFP_EINVAL, "submit_t on a plan not made for "
                        "it (desc.transposed)");
    cudaStream_t s = p->streams[slot];
    char msg[256] = "";
    if (!tin) {
        if (cuda_check(cudaMemcpyAsync(p->d_in[slot], in, ib,
                                       cudaMemcpyHostToDevice, s),
                       "copy to the GPU", err))
            return err->status;
    } else {
        /* the full tiles' runs as one 2D copy, the last (shorter) tile's
         * run apart */
        size_t n = p->d.n, T = tin->tile, full = n / T, rest = n - full * T;
        const char *h = in;
        char *dst = p->d_out[slot];
        if (full &&
            cuda_check(cudaMemcpy2DAsync(dst, nframes * T * ce,
                                         h + tin->first * T * ce,
                                         T * tin->frames * ce,
                                         nframes * T * ce, full,
                                         cudaMemcpyHostToDevice, s),
                       "copy to the GPU", err))
            return err->status;
        if (rest &&
            cuda_check(cudaMemcpyAsync(dst + full * T * nframes * ce,
                                       h + (full * T * tin->frames +
                                            tin->first * rest) * ce,
                                       nframes * rest * ce,
                                       cudaMemcpyHostToDevice, s),
                       "copy to the GPU", err))
            return err->status;
        if (gfp_gpu_untile(dst, p->d_in[slot], nframes, n, T, p->d.dbl,
                           (void *)s, msg, sizeof msg))
            return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
    }
    if (launch(p, slot, nframes, err))
        return err->status;
    if (gfp_gpu_transpose(p->d_out[slot], p->d_in[slot], nframes, bins,
                          p->d.dbl, (void *)s, msg, sizeof msg))
        return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
    /* a piece of the batch a tile of out (one piece, the whole of out,
     * without tiles): a 2D copy, or one run where the piece fills the
     * tile and is the whole batch */
    const char *d = p->d_in[slot];
    for (size_t a = 0, m; a < nframes; a += m) {
        size_t f = col0 + a, t0, h;
        m = gfp_tiles_piece(tout, ld, f, nframes - a, &t0, &h);
        char *o = (char *)out + t0 * bins * ce;
        cudaError_t e =
            m == h && h == nframes
                ? cudaMemcpyAsync(o, d, nframes * bins * ce,
                                  cudaMemcpyDeviceToHost, s)
                : cudaMemcpy2DAsync(o + (f - t0) * ce, h * ce, d + a * ce,
                                    nframes * ce, m * ce, bins,
                                    cudaMemcpyDeviceToHost, s);
        if (cuda_check(e, "copy from the GPU", err))
            return err->status;
    }
    return GFP_OK;
}

static gfp_status cuda_wait(void *state, void *impl, int slot, gfp_error *err)
{
    (void)state;
    cuda_impl *p = impl;
    cudaError_t e = cudaStreamSynchronize(p->streams[slot]);
    if (e != cudaSuccess)
        return gfp_fail(err, GFP_EDEVICE, "GPU fault in a batch: %s "
                        "(nothing of that batch was written)",
                        cudaGetErrorString(e));
    return GFP_OK;
}

/* Pinned host memory: page-aligned ordinary memory, registered with the
 * driver. On the H100 machine registering 64 MiB took 4.4 ms against
 * 35.8 ms for cudaMallocHost of the same size, and start-up is what a
 * short stream pays for.
 *
 * A block of GFP_THP_MIN or more is marked MADV_NOHUGEPAGE before
 * registration first touches it: 4 KiB pages, even where THP is
 * "always". With transparent huge pages (stops 16-26), fft2's 2 GiB
 * arrays out of core ran every other process 42-50 % slower on an H200
 * machine (16384^2 GPU alone 0.13 / 0.19 s by turns), and 4 KiB pages
 * were never slower (0.1296-0.1301 s there; equal at 8192^2 on H100 and
 * H200 machines; bench/NOTES.md, stop 27). GFP_THP=1 asks for huge pages
 * instead (2 MiB-aligned, rounded up to whole 2 MiB, MADV_HUGEPAGE) for
 * A/B runs. A madvise that fails leaves the kernel's choice: not an
 * error. */
#define GFP_THP_MIN ((size_t)64 << 20)
#define GFP_THP_PAGE ((size_t)2 << 20)
static void *cuda_alloc_host(void *state, size_t bytes)
{
    /* the caller's thread may be new (pipeline.c makes the buffers on
     * threads of their own): register with this engine's device */
    const cuda_state *s = state;
    if (s && cudaSetDevice(s->device) != cudaSuccess) {
        cudaGetLastError();
        return NULL;
    }
    void *p = NULL;
    long pg = sysconf(_SC_PAGESIZE);
    size_t align = pg > 0 ? (size_t)pg : 4096;
    if (!bytes)
        bytes = 1;
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    const char *want = getenv("GFP_THP");
    int big = bytes >= GFP_THP_MIN && bytes <= SIZE_MAX - GFP_THP_PAGE;
    int thp = big && want && *want && strcmp(want, "0");
    if (thp) {
        align = GFP_THP_PAGE;
        bytes = (bytes + GFP_THP_PAGE - 1) / GFP_THP_PAGE * GFP_THP_PAGE;
    }
#endif
    if (posix_memalign(&p, align, bytes) != 0)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    if (big)
        (void)madvise(p, bytes, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#endif
    if (cudaHostRegister(p, bytes, cudaHostRegisterDefault) != cudaSuccess) {
        cudaGetLastError();
        free(p);
        return NULL;
    }
    return p;
}

/* One pass of cuda_time_copies: seconds, or -1 with *err set. */
static double copies_pass(const unsigned char *h_in, unsigned char *h_out,
                          size_t frames, size_t fb, size_t rows, size_t ce,
                          size_t nf, size_t pitch, int ns, cudaStream_t *st,
                          void *const *d_in, void *const *d_out,
                          gfp_error *err)
{
    int busy[8] = {0};
    double t0 = gfp_now();
    for (size_t f0 = 0, k = 0; f0 < frames; f0 += nf, k++) {
        int s = (int)(k % (size_t)ns);
        size_t n = frames - f0 < nf ? frames - f0 : nf;
        if (busy[s] && cuda_check(cudaStreamSynchronize(st[s]), "a copy",
                                  err))
            return -1;
        busy[s] = 1;
        if (cuda_check(cudaMemcpyAsync(d_in[s], h_in + f0 * fb, n * fb,
                                       cudaMemcpyHostToDevice, st[s]),
                       "copy to the GPU", err) ||
            cuda_check(pitch
                           ? cudaMemcpy2DAsync(h_out + f0 * ce, pitch,
                                               d_out[s], n * ce, n * ce,
                                               rows, cudaMemcpyDeviceToHost,
                                               st[s])
                           : cudaMemcpyAsync(h_out + f0 * rows * ce,
                                             d_out[s], n * rows * ce,
                                             cudaMemcpyDeviceToHost, st[s]),
                       "copy from the GPU", err))
            return -1;
    }
    for (int s = 0; s < ns; s++)
        if (cuda_check(cudaStreamSynchronize(st[s]), "a copy", err))
            return -1;
    return gfp_now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static gfp_status cuda_time_copies(void *state, const void *h_in,
                                   void *h_out, size_t frames, size_t fb,
                                   size_t rows, size_t ce, size_t nf,
                                   size_t pitch, int nslots, int reps,
                                   double *secs, gfp_error *err)
{
    (void)state;
    cudaStream_t st[8];
    void *d_in[8] = {0}, *d_out[8] = {0};
    double t[32];
    int ns = nslots < 1 ? 1 : nslots > 8 ? 8 : nslots, made = 0;
    if (reps < 1 || reps > 32 || !nf || !frames ||
        (pitch && pitch < frames * ce))
        return gfp_fail(err, GFP_EINVAL, "time_copies: bad arguments");
    if (nf > frames)
        nf = frames;
    gfp_status stt = GFP_OK;
    for (; made < ns; made++) {
        if ((stt = cuda_check(cudaStreamCreateWithFlags(
                                  &st[made], cudaStreamNonBlocking),
                              "a stream", err)))
            break;
        if ((stt = cuda_check(cudaMalloc(&d_in[made], nf * fb),
                              "device memory", err)) ||
            (stt = cuda_check(cudaMalloc(&d_out[made], rows * nf * ce),
                              "device memory", err)) ||
            (stt = cuda_check(cudaMemset(d_out[made], 0, rows * nf * ce),
                              "device memory", err))) {
            made++; /* its stream is made: destroyed below */
            break;
        }
    }
    for (int r = -1; r < reps && !stt; r++) {
        double v = copies_pass(h_in, h_out, frames, fb, rows, ce, nf, pitch,
                               ns, st, d_in, d_out, err);
        if (v < 0)
            stt = err->status;
        else if (r >= 0)
            t[r] = v;
    }
    if (!stt) {
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        *secs = t[reps / 2];
    }
    for (int s = 0; s < made; s++) {
        cudaFree(d_in[s]);
        cudaFree(d_out[s]);
        cudaStreamDestroy(st[s]);
    }
    return stt;
}

static void cuda_free_host(void *state, void *p)
{
    (void)state;
    if (!p)
        return;
    cudaHostUnregister(p);
    free(p);
}

/* n random scalars (double with dbl, else float) into device memory at d,
 * made on the host in pieces of `piece` in h; landed when this returns (the
 * copies from pageable memory may return before, and the benchmarks'
 * streams do not wait for the legacy one). */
static gfp_status upload_random(void *d, size_t n, int dbl, void *h,
                                size_t piece, uint64_t *seed, gfp_error *err)
{
    size_t scal = dbl ? sizeof(double) : sizeof(float);
    for (size_t done = 0; done < n;) {
        size_t m = n - done < piece ? n - done : piece;
        gfp_rand_fill(h, m, dbl, seed);
        gfp_status st = cuda_check(cudaMemcpy((char *)d + done * scal, h,
                                              m * scal, cudaMemcpyHostToDevice),
                                   "copy to the GPU", err);
        if (st)
            return st;
        done += m;
    }
    return cuda_check(cudaStreamSynchronize(0), "copy to the GPU", err);
}

/* bench: random input, made on the host in pieces and copied to slot 0 */
static gfp_status cuda_bench_fill(void *state, void *impl, size_t nframes,
                                  gfp_error *err)
{
    (void)state;
    cuda_impl *p = impl;
    size_t scal = p->d.dbl ? sizeof(double) : sizeof(float);
    size_t ni = nframes * gfp_plan_in_scalars(&p->d);
    size_t piece = (size_t)1 << 20;
    void *h = malloc(piece * scal);
    uint64_t seed = 7;
    if (!h)
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the benchmark");
    gfp_status st = upload_random(p->d_in[0], ni, p->d.dbl, h, piece, &seed, err);
    free(h);
    return st;
}

/* bench: one transform of slot 0's input, timed with CUDA events. The input
 * is not refreshed between runs: c2r may overwrite it, which changes the
 * values, not the work. */
static gfp_status cuda_bench_run(void *state, void *impl, size_t nframes,
                                 double *ms, gfp_error *err)
{
    (void)state;
    cuda_impl *p = impl;
    cudaEvent_t a = NULL, b = NULL;
    gfp_status st;
    if ((st = cuda_check(cudaEventCreate(&a), "cudaEventCreate", err)) ||
        (st = cuda_check(cudaEventCreate(&b), "cudaEventCreate", err)))
        goto out;
    cudaEventRecord(a, p->streams[0]);
    if ((st = launch(p, 0, nframes, err)))
        goto out;
    cudaEventRecord(b, p->streams[0]);
    if ((st = cuda_check(cudaEventSynchronize(b), "benchmark run", err)))
        goto out;
    float f = 0;
    cudaEventElapsedTime(&f, a, b);
    *ms = f;
out:
    if (a)
        cudaEventDestroy(a);
    if (b)
        cudaEventDestroy(b);
    return st;
}

static gfp_status cuda_time(void *state, void *impl, size_t nframes,
                            int warmup, int reps, double *ms, gfp_error *err)
{
    double *t = calloc((size_t)reps, sizeof *t);
    if (!t)
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the benchmark");
    gfp_status st = cuda_bench_fill(state, impl, nframes, err);
    for (int r = -warmup; !st && r < reps; r++) {
        double m = 0;
        st = cuda_bench_run(state, impl, nframes, &m, err);
        if (r >= 0)
            t[r] = m;
    }
    if (!st)
        *ms = gfp_median(t, (size_t)reps);
    free(t);
    return st;
}

/* The project's on-device 2D plan for d over `batch` matrices. */
static gfp_status make_plan2d(const cuda_state *s, const gfp_2d_desc *d,
                              size_t batch, gfp_gpu_plan2d **out,
                              gfp_error *err)
{
    char msg[256] = "";
    gfp_gpu_desc2d gd = {.w = d->w, .h = d->h, .batch = batch,
                         .kind = (gfp_gpu_kind)d->kind, .inverse = d->inverse,
                         .dbl = d->dbl, .scale = d->scale,
                         .device = s->device};
    int rc = gfp_gpu_plan2d_create(&gd, out, msg, sizeof msg);
    if (!rc)
        return GFP_OK;
    return gfp_fail(err, rc == GFP_GPU_ENOTSUP ? GFP_ENOTSUP
                         : rc == GFP_GPU_ENOMEM ? GFP_ENOMEM
                         : rc == GFP_GPU_EINVAL ? GFP_EINVAL
                                                : GFP_EDEVICE,
                    "%s", msg[0] ? msg : "GPU 2D plan failed");
}
/* bench --2d on the device: the own 2D plan (gfp_gpu_plan2d) or cuFFT's
 * rank-2 plan over d->count matrices, input and output in device memory,
 * timed with CUDA events as cuda_time. */
static gfp_status time_2d_common(cuda_state *s, const gfp_2d_desc *d,
                                 int use_cufft, int warmup, int reps,
                                 const void *h_in, void *h_out, double *ms,
                                 int *passes, gfp_error *err)
{
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    size_t mi = gfp_2d_in_scalars(d) * scal, mo = gfp_2d_out_scalars(d) * scal;
    size_t ib, ob;
    *passes = 0;
    if (!gfp_mul_ok(d->count, mi, &ib) || !gfp_mul_ok(d->count, mo, &ob))
        return gfp_fail(err, GFP_ENOMEM, "batch too large");
    gfp_status st = GFP_OK;
    void *din = NULL, *dout = NULL, *h = NULL;
    cudaStream_t stream = NULL;
    cudaEvent_t a = NULL, b = NULL;
    gfp_gpu_plan2d *own = NULL;
    cufftHandle cp = 0;
    int cp_made = 0;
    double *t = calloc((size_t)reps, sizeof *t);
    size_t piece = (size_t)1 << 20, ni = ib / scal;
    uint64_t seed = 7;
    char msg[256] = "";
    if (!t || !(h = malloc(piece * scal))) {
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the benchmark");
        goto out;
    }
    if ((st = cuda_check(cudaSetDevice(s->device), "cudaSetDevice", err)) ||
        (st = cuda_check(cudaStreamCreateWithFlags(&stream,
                                                   cudaStreamNonBlocking),
                         "cudaStreamCreate", err)))
        goto out;
    cudaError_t e = cudaMalloc(&din, ib);
    if (e == cudaSuccess)
        e = cudaMalloc(&dout, ob);
    if (e != cudaSuccess) {
        cudaGetLastError();
        st = gfp_fail(err, GFP_ENOMEM, "GPU memory for %zu matrices of %zu x "
                      "%zu: %s", d->count, d->w, d->h, cudaGetErrorString(e));
        goto out;
    }
    if (use_cufft) {
        if (d->scale != 1.0) {
            st = gfp_fail(err, GFP_ENOTSUP, "the cufft reference engine does "
                          "no scaling");
            goto out;
        }
        if (d->w > INT32_MAX || d->h > INT32_MAX || d->count > INT32_MAX) {
            st = gfp_fail(err, GFP_ENOTSUP, "2D transform too large for "
                          "cuFFT's int sizes");
            goto out;
        }
        int n[2] = {(int)d->h, (int)d->w};
        cufftType ty;
        switch (d->kind) {
        case GFP_C2C: ty = d->dbl ? CUFFT_Z2Z : CUFFT_C2C; break;
        case GFP_R2C: ty = d->dbl ? CUFFT_D2Z : CUFFT_R2C; break;
        default: ty = d->dbl ? CUFFT_Z2D : CUFFT_C2R; break;
        }
        /* NULL embeds: contiguous matrices, the distances implied */
        cufftResult r = cufftPlanMany(&cp, 2, n, NULL, 1, 0, NULL, 1, 0, ty,
                                      (int)d->count);
        if (r == CUFFT_SUCCESS) {
            cp_made = 1;
            r = cufftSetStream(cp, stream);
        }
        if (r != CUFFT_SUCCESS) {
            st = gfp_fail(err, r == CUFFT_ALLOC_FAILED ? GFP_ENOMEM
                                                       : GFP_EDEVICE,
                          "cufftPlanMany (rank 2) failed (%d)", (int)r);
            goto out;
        }
    } else {
        if ((st = make_plan2d(s, d, d->count, &own, err)))
            goto out;
        int pr = 0, pc = 0;
        gfp_gpu_plan2d_paths(own, &pr, &pc);
        /* a pass kernel, or the rows' 1D plan alone (pr 3): one pass; a
         * 1D plan + transpose, or the columns' four-step (pc 3): two; C2R
         * adds its first transpose and the rows' C2R, or with the columns
         * strided in and out (pr 3) the rows' C2R alone */
        *passes = d->kind == GFP_C2R ? (pr == 3 ? 2 : 2 + (pc == 2 ? 1 : 2))
                                     : (pr >= 2 ? 1 : 2) + (pc == 2 ? 1 : 2);
    }
    /* random input, made on the host in pieces */
    if ((st = upload_random(din, ni, d->dbl, h, piece, &seed, err)))
        goto out;
    if ((st = cuda_check(cudaEventCreate(&a), "cudaEventCreate", err)) ||
        (st = cuda_check(cudaEventCreate(&b), "cudaEventCreate", err)))
        goto out;
    /* runs 0 .. reps-1 timed; the one after them transforms h_in */
    for (int r = -warmup; r <= reps; r++) {
        if (r == reps &&
            (st = cuda_check(cudaMemcpyAsync(din, h_in, mi,
                                             cudaMemcpyHostToDevice, stream),
                             "copy to the GPU", err)))
            goto out;
        if ((st = cuda_check(cudaEventRecord(a, stream), "cudaEventRecord",
                             err)))
            goto out;
        if (use_cufft) {
            cufftResult cr = CUFFT_SUCCESS;
            int sign = d->inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
            switch (d->kind) {
            case GFP_C2C:
                cr = d->dbl ? cufftExecZ2Z(cp, din, dout, sign)
                            : cufftExecC2C(cp, din, dout, sign);
                break;
            case GFP_R2C:
                cr = d->dbl ? cufftExecD2Z(cp, din, dout)
                            : cufftExecR2C(cp, din, dout);
                break;
            case GFP_C2R:
                cr = d->dbl ? cufftExecZ2D(cp, din, dout)
                            : cufftExecC2R(cp, din, dout);
                break;
            }
            if (cr != CUFFT_SUCCESS) {
                st = gfp_fail(err, GFP_EDEVICE, "cuFFT exec failed (%d)",
                              (int)cr);
                goto out;
            }
        } else if (gfp_gpu_plan2d_exec(own, din, dout, (void *)stream, msg,
                                       sizeof msg)) {
            st = gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
            goto out;
        }
        if ((st = cuda_check(cudaEventRecord(b, stream), "cudaEventRecord",
                             err)) ||
            (st = cuda_check(cudaEventSynchronize(b), "benchmark run", err)))
            goto out;
        float f = 0;
        if ((st = cuda_check(cudaEventElapsedTime(&f, a, b),
                             "cudaEventElapsedTime", err)))
            goto out;
        if (r >= 0 && r < reps)
            t[r] = f;
    }
    if ((st = cuda_check(cudaMemcpy(h_out, dout, mo, cudaMemcpyDeviceToHost),
                         "copy from the GPU", err)))
        goto out;
    *ms = gfp_median(t, (size_t)reps);
out:
    if (a)
        cudaEventDestroy(a);
    if (b)
        cudaEventDestroy(b);
    if (stream) {
        cudaStreamSynchronize(stream);
        cudaStreamDestroy(stream);
    }
    if (cp_made)
        cufftDestroy(cp);
    gfp_gpu_plan2d_destroy(own);
    if (din)
        cudaFree(din);
    if (dout)
        cudaFree(dout);
    free(h);
    free(t);
    return st;
}

static gfp_status gpu_time_2d(void *state, const gfp_2d_desc *d, int warmup,
                              int reps, const void *h_in, void *h_out,
                              double *ms, int *passes, gfp_error *err)
{
    return time_2d_common(state, d, 0, warmup, reps, h_in, h_out, ms, passes,
                          err);
}

static gfp_status cufft_time_2d(void *state, const gfp_2d_desc *d,
                                int warmup, int reps, const void *h_in,
                                void *h_out, double *ms, int *passes,
                                gfp_error *err)
{
    return time_2d_common(state, d, 1, warmup, reps, h_in, h_out, ms, passes,
                          err);
}

/* fft2's whole-array path: one matrix, its device buffers and stream */
typedef struct cuda_2d {
    gfp_gpu_plan2d *plan;
    void *din, *dout;
    size_t ib, ob;
    cudaStream_t stream;
} cuda_2d;

static void gpu_plan_2d_destroy(void *state, void *impl)
{
    (void)state;
    cuda_2d *q = impl;
    if (!q)
        return;
    if (q->stream) {
        cudaStreamSynchronize(q->stream);
        cudaStreamDestroy(q->stream);
    }
    if (q->din)
        cudaFree(q->din);
    if (q->dout)
        cudaFree(q->dout);
    gfp_gpu_plan2d_destroy(q->plan);
    free(q);
}

static gfp_status gpu_plan_2d(void *state, const gfp_2d_desc *d, void **out,
                              gfp_error *err)
{
    cuda_state *s = state;
    *out = NULL;
    size_t scal = d->dbl ? sizeof(double) : sizeof(float);
    cuda_2d *q = calloc(1, sizeof *q);
    if (!q)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    gfp_status st = GFP_OK;
    if (!gfp_mul_ok(gfp_2d_in_scalars(d), scal, &q->ib) ||
        !gfp_mul_ok(gfp_2d_out_scalars(d), scal, &q->ob)) {
        st = gfp_fail(err, GFP_ENOMEM, "2D array too large");
        goto fail;
    }
    if ((st = make_plan2d(s, d, 1, &q->plan, err)))
        goto fail;
    size_t all = q->ib + q->ob + gfp_gpu_plan2d_workspace(q->plan);
    if (s->gpu_mem && all > s->gpu_mem) {
        st = gfp_fail(err, GFP_ENOMEM, "--gpu-mem %zu: the whole %zux%zu "
                      "array needs %zu bytes on the device", s->gpu_mem,
                      d->w, d->h, all);
        goto fail;
    }
    cudaError_t e = cudaMalloc(&q->din, q->ib);
    if (e == cudaSuccess)
        e = cudaMalloc(&q->dout, q->ob);
    if (e != cudaSuccess) {
        cudaGetLastError(); /* not sticky: the passes may still fit */
        st = gfp_fail(err, GFP_ENOMEM, "GPU memory for the whole %zux%zu "
                      "array: %s", d->w, d->h, cudaGetErrorString(e));
        goto fail;
    }
    if ((st = cuda_check(cudaStreamCreateWithFlags(&q->stream,
                                                   cudaStreamNonBlocking),
                         "cudaStreamCreate", err)))
        goto fail;
    *out = q;
    return GFP_OK;
fail:
    gpu_plan_2d_destroy(state, q);
    return st;
}

static gfp_status gpu_exec_2d(void *state, void *impl, const void *h_in,
                              void *h_out, gfp_error *err)
{
    (void)state;
    cuda_2d *q = impl;
    char msg[256] = "";
    if (cuda_check(cudaMemcpyAsync(q->din, h_in, q->ib, cudaMemcpyHostToDevice,
                                   q->stream), "copy to the GPU", err))
        return err->status;
    if (gfp_gpu_plan2d_exec(q->plan, q->din, q->dout, (void *)q->stream, msg,
                            sizeof msg))
        return gfp_fail(err, GFP_EDEVICE, "kernel launch: %s", msg);
    if (cuda_check(cudaMemcpyAsync(h_out, q->dout, q->ob,
                                   cudaMemcpyDeviceToHost, q->stream),
                   "copy from the GPU", err))
        return err->status;
    cudaError_t e = cudaStreamSynchronize(q->stream);
    if (e != cudaSuccess)
        return gfp_fail(err, GFP_EDEVICE, "GPU fault in the 2D transform: %s",
                        cudaGetErrorString(e));
    return GFP_OK;
}

const gfp_engine_ops gfp_engine_gpu = {
    .time_copies = cuda_time_copies,
    .plan_2d = gpu_plan_2d,
    .exec_2d = gpu_exec_2d,
    .plan_2d_destroy = gpu_plan_2d_destroy,
    .time_2d = gpu_time_2d,
    .submit_tg = cuda_submit_tg,
    .time_batch = cuda_time,
    .bench_fill = cuda_bench_fill,
    .bench_run = cuda_bench_run,
    .name = "gpu",
    .open = cuda_open,
    .close = cuda_close,
    .plan = gpu_make,
    .plan_destroy = cuda_unmake,
    .submit = cuda_submit,
    .wait = cuda_wait,
    .alloc_host = cuda_alloc_host,
    .free_host = cuda_free_host,
};

const gfp_engine_ops gfp_engine_cufft = {
    .time_2d = cufft_time_2d,
    .submit_tg = cuda_submit_tg,
    .time_batch = cuda_time,
    .bench_fill = cuda_bench_fill,
    .bench_run = cuda_bench_run,
    .name = "cufft",
    .open = cufft_open,
    .close = cuda_close,
    .plan = cufft_make,
    .plan_destroy = cuda_unmake,
    .submit = cuda_submit,
    .wait = cuda_wait,
    .alloc_host = cuda_alloc_host,
    .free_host = cuda_free_host,
};
