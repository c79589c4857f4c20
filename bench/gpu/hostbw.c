/* hostbw.c - host memory: what the CPU's threads stream, what the GPU's
 * copy engines move, and what the two move at once (issue 7: the hybrid
 * engine splits a 2D FFT's passes between FFTW threads and the GPU, both
 * of which stream the host arrays; bench/NOTES.md, "fft2's intermediate
 * array in tiles"). Standalone: a host program on the CUDA runtime, no
 * kernels.
 *
 *   build/hostbw [-s MiB] [-t T,T,...] [-r SECONDS]
 *
 * -s the arrays' size (default 1024 MiB each: far past any last-level
 * cache), -t the CPU thread counts to try (default 4,8,12,16), -r how long
 * each measurement runs (default 1 s). For each thread count:
 *   cpu     T threads copy array a into b, each its own slice, with
 *           streaming stores (SSE2): bytes read + written per second
 *   gpu     three streams copy 8 MiB batches of pinned array c to the
 *           device and of the device's batches back to pinned array d,
 *           both copy engines busy (fft2's out-of-core pass without
 *           kernels): bytes both ways per second
 *   both    the two at once: each one's rate, and their sum
 * Rates are GB/s (1e9 bytes). */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <emmintrin.h>

#define MIB ((size_t)1 << 20)
#define BATCH (8 * MIB)
#define SLOTS 3

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void die(const char *what, cudaError_t e)
{
    fprintf(stderr, "hostbw: %s: %s\n", what, cudaGetErrorString(e));
    exit(1);
}
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) die(#x, e_); } while (0)

static size_t S;
static char *a, *b;
static atomic_int stop_cpu, stop_gpu;

typedef struct { int id, n; double bytes; } cpu_arg;

static void *cpu_worker(void *p)
{
    cpu_arg *w = p;
    size_t per = S / (size_t)w->n / 64 * 64, off = per * (size_t)w->id;
    const __m128i *s = (const __m128i *)(a + off);
    __m128i *d = (__m128i *)(b + off);
    size_t nv = per / 16;
    double bytes = 0;
    while (!atomic_load_explicit(&stop_cpu, memory_order_relaxed)) {
        for (size_t i = 0; i < nv; i += 4) {
            _mm_stream_si128(d + i, _mm_load_si128(s + i));
            _mm_stream_si128(d + i + 1, _mm_load_si128(s + i + 1));
            _mm_stream_si128(d + i + 2, _mm_load_si128(s + i + 2));
            _mm_stream_si128(d + i + 3, _mm_load_si128(s + i + 3));
        }
        _mm_sfence();
        bytes += 2.0 * (double)per;
    }
    w->bytes = bytes;
    return NULL;
}

typedef struct { char *c, *d; void *dev[SLOTS][2]; cudaStream_t st[SLOTS]; double bytes; } gpu_arg;

static void *gpu_worker(void *p)
{
    gpu_arg *g = p;
    size_t nb = S / BATCH;
    double bytes = 0;
    for (size_t k = 0; !atomic_load_explicit(&stop_gpu, memory_order_relaxed); k++) {
        int s = (int)(k % SLOTS);
        size_t o = (k % nb) * BATCH;
        CK(cudaStreamSynchronize(g->st[s]));
        if (k >= SLOTS)
            bytes += 2.0 * BATCH;
        CK(cudaMemcpyAsync(g->dev[s][0], g->c + o, BATCH, cudaMemcpyHostToDevice, g->st[s]));
        CK(cudaMemcpyAsync(g->d + o, g->dev[s][1], BATCH, cudaMemcpyDeviceToHost, g->st[s]));
    }
    for (int s = 0; s < SLOTS; s++)
        CK(cudaStreamSynchronize(g->st[s]));
    g->bytes = bytes + 2.0 * BATCH * SLOTS;
    return NULL;
}

/* one measurement: nt CPU threads (0: none) and the GPU (or not) for secs;
 * the rates into *rc, *rg */
static void measure(int nt, int gpu, double secs, gpu_arg *g, double *rc, double *rg)
{
    pthread_t th[64], gt;
    cpu_arg w[64];
    atomic_store(&stop_cpu, 0);
    atomic_store(&stop_gpu, 0);
    double t0 = now();
    for (int i = 0; i < nt; i++) {
        w[i] = (cpu_arg){i, nt, 0};
        pthread_create(&th[i], NULL, cpu_worker, &w[i]);
    }
    if (gpu)
        pthread_create(&gt, NULL, gpu_worker, g);
    struct timespec ts = {(time_t)secs, (long)((secs - (time_t)secs) * 1e9)};
    nanosleep(&ts, NULL);
    atomic_store(&stop_cpu, 1);
    atomic_store(&stop_gpu, 1);
    double cb = 0;
    for (int i = 0; i < nt; i++) {
        pthread_join(th[i], NULL);
        cb += w[i].bytes;
    }
    double tc = now() - t0;
    if (gpu)
        pthread_join(gt, NULL);
    double tg = now() - t0;
    *rc = nt ? cb / tc / 1e9 : 0;
    *rg = gpu ? g->bytes / tg / 1e9 : 0;
}

int main(int argc, char **argv)
{
    size_t mib = 1024;
    double secs = 1;
    int ts[16] = {4, 8, 12, 16}, nts = 4;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc)
            mib = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-r") && i + 1 < argc)
            secs = atof(argv[++i]);
        else if (!strcmp(argv[i], "-t") && i + 1 < argc) {
            nts = 0;
            for (char *t = strtok(argv[++i], ","); t && nts < 16; t = strtok(NULL, ","))
                ts[nts++] = atoi(t);
        } else {
            fprintf(stderr, "usage: hostbw [-s MiB] [-t T,T,...] [-r SECONDS]\n");
            return 2;
        }
    }
    S = mib * MIB;
    gpu_arg g = {0};
    if (posix_memalign((void **)&a, 2 * MIB, S) || posix_memalign((void **)&b, 2 * MIB, S) ||
        posix_memalign((void **)&g.c, 2 * MIB, S) || posix_memalign((void **)&g.d, 2 * MIB, S)) {
        fprintf(stderr, "hostbw: out of memory\n");
        return 1;
    }
    memset(a, 1, S);
    memset(b, 2, S);
    memset(g.c, 3, S);
    memset(g.d, 4, S);
    CK(cudaHostRegister(g.c, S, cudaHostRegisterDefault));
    CK(cudaHostRegister(g.d, S, cudaHostRegisterDefault));
    for (int s = 0; s < SLOTS; s++) {
        CK(cudaStreamCreateWithFlags(&g.st[s], cudaStreamNonBlocking));
        CK(cudaMalloc(&g.dev[s][0], BATCH));
        CK(cudaMalloc(&g.dev[s][1], BATCH));
        CK(cudaMemset(g.dev[s][1], 5, BATCH));
    }
    CK(cudaDeviceSynchronize());
    double rc, rg, rc2, rg2;
    measure(0, 1, secs, &g, &rc, &rg);
    printf("# hostbw: arrays of %zu MiB, %.1f s a measurement; GB/s (read + written, both ways)\n", mib, secs);
    printf("%8s %9s %9s %9s %9s %9s %7s\n", "threads", "cpu", "gpu", "cpu_both", "gpu_both", "sum_both", "sum/max");
    for (int i = 0; i < nts; i++) {
        measure(ts[i], 0, secs, &g, &rc, &rg);
        measure(0, 1, secs, &g, &rc2, &rg);
        measure(ts[i], 1, secs, &g, &rc2, &rg2);
        double mx = rc > rg ? rc : rg;
        printf("%8d %9.1f %9.1f %9.1f %9.1f %9.1f %6.2fx\n", ts[i], rc, rg, rc2, rg2, rc2 + rg2,
               (rc2 + rg2) / mx);
        fflush(stdout);
    }
    return 0;
}
