/* startup.c - where the GPU engine's fixed start-up cost goes: times the
 * CUDA runtime's first call (driver and context), pinned allocations of
 * several sizes, registering pageable memory, device allocations, the first
 * plan of the project's kernels (module load) and its first launch. Also
 * times a single-threaded and a two-threaded read of a file into pinned
 * memory, to compare with `cat`.
 *   build: gcc -O2 [-DWITH_GFP ... libgfpgpu.a] startup.c -I$CUDA/include
 *          -L$CUDA/lib64 -lcudart -lpthread
 *   usage: startup [FILE] */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef WITH_GFP
#include "../../kernels/gfp_gpu.h"
#endif

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define T(label, expr)                                                       \
    do {                                                                     \
        double t0_ = now();                                                  \
        cudaError_t e_ = (expr);                                             \
        printf("%-40s %8.1f ms  %s\n", label, (now() - t0_) * 1e3,           \
               cudaGetErrorString(e_));                                      \
    } while (0)

typedef struct job { int fd; char *dst; off_t off; size_t len; double s; } job;

static void *rd(void *a)
{
    job *j = a;
    double t0 = now();
    size_t done = 0;
    while (done < j->len) {
        size_t want = j->len - done > (4u << 20) ? (4u << 20) : j->len - done;
        ssize_t r = pread(j->fd, j->dst + done, want, j->off + (off_t)done);
        if (r <= 0)
            break;
        done += (size_t)r;
    }
    j->len = done;
    j->s = now() - t0;
    return NULL;
}

/* Reads the whole file through a ring of nbuf pinned buffers of bsz bytes
 * with nthr threads per buffer; returns seconds. */
static double read_file(const char *path, char **bufs, int nbuf, size_t bsz,
                        int nthr)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    struct stat st;
    fstat(fd, &st);
    double t0 = now();
    off_t off = 0;
    for (int k = 0; off < st.st_size; k++) {
        char *b = bufs[k % nbuf];
        size_t len = (size_t)(st.st_size - off) < bsz ? (size_t)(st.st_size - off) : bsz;
        pthread_t th[8];
        job jb[8];
        size_t per = (len / nthr + 4095) / 4096 * 4096;
        int used = 0;
        for (int i = 0; i < nthr && (size_t)i * per < len; i++) {
            size_t l = len - i * per < per ? len - i * per : per;
            jb[i] = (job){fd, b + i * per, off + (off_t)(i * per), l, 0};
            pthread_create(&th[i], NULL, rd, &jb[i]);
            used++;
        }
        for (int i = 0; i < used; i++)
            pthread_join(th[i], NULL);
        off += (off_t)len;
    }
    close(fd);
    return now() - t0;
}

int main(int argc, char **argv)
{
    double t_all = now();
    int n = 0;
    T("cudaGetDeviceCount (driver init)", cudaGetDeviceCount(&n));
    T("cudaSetDevice(0)", cudaSetDevice(0));
    T("cudaFree(0) (context)", cudaFree(0));
    size_t sizes[] = {(size_t)8 << 20, (size_t)32 << 20, (size_t)64 << 20,
                      (size_t)256 << 20};
    for (int i = 0; i < 4; i++) {
        void *p = NULL;
        char l[64];
        snprintf(l, sizeof l, "cudaMallocHost %zu MiB", sizes[i] >> 20);
        T(l, cudaMallocHost(&p, sizes[i]));
        snprintf(l, sizeof l, "cudaFreeHost %zu MiB", sizes[i] >> 20);
        T(l, cudaFreeHost(p));
    }
    {
        size_t sz = (size_t)64 << 20;
        char *m = malloc(sz);
        memset(m, 1, sz);
        T("cudaHostRegister 64 MiB (touched)", cudaHostRegister(m, sz, 0));
        T("cudaHostUnregister 64 MiB", cudaHostUnregister(m));
        free(m);
    }
    for (int touch = 0; touch < 2; touch++) {
        size_t sz = (size_t)16 << 20;
        char *m = NULL;
        if (posix_memalign((void **)&m, 4096, sz))
            return 1;
        double t0 = now();
        if (touch)
            memset(m, 1, sz);
        T(touch ? "memset+cudaHostRegister 16 MiB" : "cudaHostRegister 16 MiB (untouched)",
          cudaHostRegister(m, sz, 0));
        printf("%-40s %8.1f ms\n", "  (with the memset)", (now() - t0) * 1e3);
        cudaHostUnregister(m);
        free(m);
    }
    void *d = NULL;
    T("cudaMalloc 32 MiB", cudaMalloc(&d, (size_t)32 << 20));
    cudaStream_t s;
    T("cudaStreamCreate", cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
#ifdef WITH_GFP
    gfp_gpu_desc gd = {.n = 4096, .kind = GFP_GPU_C2C, .scale = 1.0};
    gfp_gpu_plan *pl = NULL;
    char err[256] = "";
    double t0 = now();
    int rc = gfp_gpu_plan_create(&gd, &pl, err, sizeof err);
    printf("%-40s %8.1f ms  rc=%d %s\n", "gfp_gpu_plan_create n=4096",
           (now() - t0) * 1e3, rc, err);
    t0 = now();
    rc = gfp_gpu_plan_exec(pl, d, d, 1024, s, err, sizeof err);
    cudaStreamSynchronize(s);
    printf("%-40s %8.1f ms  rc=%d %s\n", "first exec (module load)",
           (now() - t0) * 1e3, rc, err);
    t0 = now();
    rc = gfp_gpu_plan_exec(pl, d, d, 1024, s, err, sizeof err);
    cudaStreamSynchronize(s);
    printf("%-40s %8.1f ms  rc=%d\n", "second exec", (now() - t0) * 1e3, rc);
#endif
    printf("%-40s %8.1f ms\n", "total so far", (now() - t_all) * 1e3);
    if (argc > 1) {
        size_t bsz = (size_t)32 << 20;
        char *bufs[4];
        for (int i = 0; i < 4; i++)
            cudaMallocHost((void **)&bufs[i], bsz);
        for (int nt = 1; nt <= 8; nt *= 2)
            for (int rep = 0; rep < 2; rep++)
                printf("read %s into 4x32 MiB pinned, %d thread(s): %.3f s\n",
                       argv[1], nt, read_file(argv[1], bufs, 4, bsz, nt));
        for (int i = 0; i < 4; i++)
            cudaFreeHost(bufs[i]);
        char *pg[4];
        for (int i = 0; i < 4; i++) {
            pg[i] = malloc(bsz);
            memset(pg[i], 0, bsz);
        }
        for (int nt = 1; nt <= 2; nt *= 2)
            printf("read %s into 4x32 MiB pageable, %d thread(s): %.3f s\n",
                   argv[1], nt, read_file(argv[1], pg, 4, bsz, nt));
    }
    return 0;
}
