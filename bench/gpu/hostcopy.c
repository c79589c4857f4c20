/* hostcopy.c - how fast the copy engines move data between the GPU and
 * registered host arrays, by the array's size, the batch's size, the
 * host pages (4 KiB pages, or 2 MiB-aligned memory with MADV_HUGEPAGE:
 * transparent huge pages) and the copy's shape (contiguous, or fft2's
 * strided copy back). Issue 7 (bench/NOTES.md, hybrid model v3): large
 * arrays copied at half the rate of calibrate's 32 MiB ones, and nobody
 * knew why. Standalone: a host program on the CUDA runtime, no kernels.
 *
 *   build/hostcopy [-s MiB,...] [-b MiB,...] [-r REPS] [-n N] [-F]
 *
 * -s host array sizes (default 32,512,2048), -b batch sizes (default
 * 2,8,32), -r timed repetitions, the median reported (default 5), -n the
 * frame length of the strided copy back (default 8192: cf32 frames of 64
 * KiB, as fft2 runs 8192 x 8192), -F no cache flush before each timed
 * repetition (default: 256 MiB written first, so a 32 MiB array is not
 * in the last-level cache; -F tests that hypothesis).
 *
 * Every timed repetition is one pass over the array as fft2's GPU pass
 * makes it: batches of B bytes, three in flight (one stream each, a slot
 * waited for before it is used again), no kernels:
 *   h2d     batch k copied to the device
 *   d2h     batch k copied back (contiguous)
 *   both    batch k in, then batch k's output back (contiguous), both
 *           copy engines busy at once
 *   both2d  as both, the copy back fft2's cudaMemcpy2DAsync: the batch
 *           is nf = B / (8 n) frames, copied back as n rows of nf x 8
 *           bytes (the run) into columns of the output array, whose rows
 *           are S / (8 n) x 8 bytes apart (the pitch)
 * Rates are GB/s (1e9 bytes), both ways counted for both and both2d.
 * thp% is the share of the two arrays (in and out) the kernel backed
 * with huge pages (AnonHugePages of /proc/self/smaps_rollup before and
 * after they were allocated and registered); reg_ms the time to
 * allocate and register both (cudaHostRegister faults every page in). */
#define _GNU_SOURCE
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 3
#define MIB ((size_t)1 << 20)
#define HUGE_SZ ((size_t)2 << 20)
#define FLUSH_BYTES ((size_t)256 << 20)
#define MAXV 16

#define CK(call)                                                           \
    do {                                                                   \
        cudaError_t e_ = (call);                                           \
        if (e_ != cudaSuccess) {                                           \
            fprintf(stderr, "hostcopy: %s:%d: %s: %s\n", __FILE__,         \
                    __LINE__, #call, cudaGetErrorString(e_));              \
            exit(2);                                                       \
        }                                                                  \
    } while (0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* AnonHugePages of this process in kB, -1 when not known. */
static long anon_huge_kb(void)
{
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long kb = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

static void print_file(const char *label, const char *path)
{
    char line[512] = "";
    FILE *f = fopen(path, "r");
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    printf("# %s: %s\n", label, line[0] ? line : "(not readable)");
}

/* One registered host array: 4 KiB pages (MADV_NOHUGEPAGE, so a machine
 * with THP "always" does not give it huge pages anyway), or 2 MiB-aligned
 * and MADV_HUGEPAGE before registration first touches it. */
static void *host_alloc(size_t bytes, int thp)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t align = thp ? HUGE_SZ : (size_t)(pg > 0 ? pg : 4096);
    size_t sz = (bytes + align - 1) / align * align;
    void *p = NULL;
    if (posix_memalign(&p, align, sz) != 0) {
        fprintf(stderr, "hostcopy: out of memory for %zu bytes\n", sz);
        exit(2);
    }
    if (madvise(p, sz, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) != 0)
        fprintf(stderr, "hostcopy: madvise(%s) failed (ignored)\n",
                thp ? "MADV_HUGEPAGE" : "MADV_NOHUGEPAGE");
    CK(cudaHostRegister(p, sz, cudaHostRegisterDefault));
    return p;
}

static void host_free(void *p)
{
    cudaHostUnregister(p);
    free(p);
}

enum { T_H2D, T_D2H, T_BOTH, T_BOTH2D, T_COUNT };
static const char *const tnames[T_COUNT] = {"h2d", "d2h", "both", "both2d"};

typedef struct ctx {
    cudaStream_t st[SLOTS];
    void *d_in[SLOTS], *d_out[SLOTS];
    unsigned char *flush;
    size_t n; /* strided copy: frame length (complex f32 values) */
} ctx;

/* One pass over S bytes of a (in) and b (out) in batches of B: seconds. */
static double one_pass(ctx *c, int t, unsigned char *a, unsigned char *b,
                       size_t S, size_t B)
{
    size_t nb = S / B, fb = c->n * 8, F = S / fb, nf = B / fb;
    int busy[SLOTS] = {0};
    double t0 = now();
    for (size_t k = 0; k < nb; k++) {
        int s = (int)(k % SLOTS);
        if (busy[s])
            CK(cudaStreamSynchronize(c->st[s]));
        busy[s] = 1;
        if (t != T_D2H)
            CK(cudaMemcpyAsync(c->d_in[s], a + k * B, B,
                               cudaMemcpyHostToDevice, c->st[s]));
        if (t == T_D2H || t == T_BOTH)
            CK(cudaMemcpyAsync(b + k * B, c->d_out[s], B,
                               cudaMemcpyDeviceToHost, c->st[s]));
        if (t == T_BOTH2D)
            CK(cudaMemcpy2DAsync(b + k * nf * 8, F * 8, c->d_out[s], nf * 8,
                                 nf * 8, c->n, cudaMemcpyDeviceToHost,
                                 c->st[s]));
    }
    for (int s = 0; s < SLOTS; s++)
        CK(cudaStreamSynchronize(c->st[s]));
    return now() - t0;
}

/* GB/s of test t: the median of reps passes after one warm-up. */
static double rate(ctx *c, int t, unsigned char *a, unsigned char *b,
                   size_t S, size_t B, int reps)
{
    double ts[64];
    one_pass(c, t, a, b, S, B);
    for (int r = 0; r < reps; r++) {
        if (c->flush)
            for (size_t i = 0; i < FLUSH_BYTES; i += 64)
                c->flush[i]++;
        ts[r] = one_pass(c, t, a, b, S, B);
    }
    qsort(ts, (size_t)reps, sizeof *ts, cmpd);
    double sec = ts[reps / 2];
    double moved = (double)S * (t == T_BOTH || t == T_BOTH2D ? 2 : 1);
    return moved / sec / 1e9;
}

static int parse_list(const char *s, size_t *v)
{
    int k = 0;
    while (*s && k < MAXV) {
        char *e;
        unsigned long x = strtoul(s, &e, 10);
        if (e == s || !x)
            return -1;
        v[k++] = (size_t)x;
        s = *e == ',' ? e + 1 : e;
        if (*e && *e != ',')
            return -1;
    }
    return k;
}

int main(int argc, char **argv)
{
    size_t sizes[MAXV] = {32, 512, 2048}, batches[MAXV] = {2, 8, 32};
    int ns = 3, nbt = 3, reps = 5, o, noflush = 0;
    ctx c = {.n = 8192};
    while ((o = getopt(argc, argv, "s:b:r:n:Fh")) != -1) {
        switch (o) {
        case 's': ns = parse_list(optarg, sizes); break;
        case 'b': nbt = parse_list(optarg, batches); break;
        case 'r': reps = atoi(optarg); break;
        case 'n': c.n = strtoul(optarg, NULL, 10); break;
        case 'F': noflush = 1; break;
        default:
            fprintf(stderr, "usage: hostcopy [-s MiB,...] [-b MiB,...] "
                    "[-r REPS] [-n N] [-F]\n");
            return o == 'h' ? 0 : 1;
        }
    }
    if (ns < 1 || nbt < 1 || reps < 1 || reps > 64 || c.n < 1) {
        fprintf(stderr, "hostcopy: bad arguments\n");
        return 1;
    }
    size_t bmax = 0;
    for (int i = 0; i < nbt; i++) {
        batches[i] *= MIB;
        if (batches[i] % (c.n * 8)) {
            fprintf(stderr, "hostcopy: a batch of %zu bytes is not whole "
                    "frames of %zu\n", batches[i], c.n * 8);
            return 1;
        }
        bmax = batches[i] > bmax ? batches[i] : bmax;
    }
    struct cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("# hostcopy: %s, PCI %04x:%02x:%02x, %d copy engines; %d in "
           "flight, median of %d, cache flush %s\n", prop.name,
           prop.pciDomainID, prop.pciBusID, prop.pciDeviceID,
           prop.asyncEngineCount, SLOTS, reps, noflush ? "off" : "on");
    print_file("THP enabled", "/sys/kernel/mm/transparent_hugepage/enabled");
    print_file("THP defrag", "/sys/kernel/mm/transparent_hugepage/defrag");
    print_file("cmdline", "/proc/cmdline");
    char gp[160];
    snprintf(gp, sizeof gp, "/sys/bus/pci/devices/%04x:%02x:%02x.0/"
             "iommu_group/type", prop.pciDomainID, prop.pciBusID,
             prop.pciDeviceID);
    print_file("the GPU's IOMMU group type", gp);
    for (int s = 0; s < SLOTS; s++) {
        CK(cudaStreamCreateWithFlags(&c.st[s], cudaStreamNonBlocking));
        CK(cudaMalloc(&c.d_in[s], bmax));
        CK(cudaMalloc(&c.d_out[s], bmax));
        CK(cudaMemset(c.d_out[s], 0, bmax));
    }
    if (!noflush) {
        c.flush = malloc(FLUSH_BYTES);
        if (c.flush)
            memset(c.flush, 1, FLUSH_BYTES);
    }
    printf("%-4s %6s %6s %7s %5s %7s %7s %7s %7s %6s %8s\n", "mem", "array",
           "batch", "reg_ms", "thp%", tnames[0], tnames[1], tnames[2],
           tnames[3], "run_B", "pitch_B");
    for (int thp = 0; thp < 2; thp++)
        for (int i = 0; i < ns; i++) {
            size_t S = sizes[i] * MIB;
            long h0 = anon_huge_kb();
            double t0 = now();
            unsigned char *a = host_alloc(S, thp), *b = host_alloc(S, thp);
            double reg = now() - t0;
            long h1 = anon_huge_kb();
            memset(a, 1, S);
            memset(b, 0, S);
            double pct = h0 >= 0 && h1 >= 0
                             ? 100.0 * (double)(h1 - h0) * 1024 / (2.0 * S)
                             : -1;
            for (int j = 0; j < nbt; j++) {
                size_t B = batches[j];
                if (B > S || S % B)
                    continue;
                double r[T_COUNT];
                for (int t = 0; t < T_COUNT; t++)
                    r[t] = rate(&c, t, a, b, S, B, reps);
                printf("%-4s %5zuM %5zuM %7.1f %5.0f %7.1f %7.1f %7.1f "
                       "%7.1f %6zu %8zu\n", thp ? "thp" : "4k", S / MIB,
                       B / MIB, 1e3 * reg, pct, r[0], r[1], r[2], r[3],
                       B / (c.n * 8) * 8, S / (c.n * 8) * 8);
                fflush(stdout);
            }
            host_free(a);
            host_free(b);
        }
    for (int s = 0; s < SLOTS; s++) {
        cudaFree(c.d_in[s]);
        cudaFree(c.d_out[s]);
        cudaStreamDestroy(c.st[s]);
    }
    free(c.flush);
    return 0;
}
