/* gpufault.c - an LD_PRELOAD shim that injects GPU faults into gfftpipe
 * (rows 27-29 of shared/research/bad-inputs.md), driven by environment
 * variables (all optional; unset means no fault):
 *
 *   GFP_GPUFAULT_DEV_MAX=B    cudaMalloc of more than B bytes fails with
 *                             cudaErrorMemoryAllocation (B=0: every one)
 *   GFP_GPUFAULT_HOST_MAX=B   pinning more than B bytes (cudaHostRegister,
 *                             cudaMallocHost, cudaHostAlloc) fails the same way
 *   GFP_GPUFAULT_KERNEL=K     just before the Kth device-to-host
 *                             cudaMemcpyAsync (the Kth batch's results), a
 *                             kernel that stores to an illegal address is
 *                             launched on the same stream: a real, sticky
 *                             device fault (cudaErrorIllegalAddress)
 *   GFP_GPUFAULT_VERBOSE=1    say on stderr when the faulting kernel goes in
 *                             (it says so anyway when its launch failed)
 *   GFP_GPUFAULT_NOIMAGE=1    kernel launches and cudaFuncSetAttribute
 *                             answer cudaErrorNoKernelImageForDevice, as a
 *                             binary without code for the device would
 *
 * It needs no CUDA headers: the runtime's entry points are declared here
 * with plain types (cudaError_t is an int-sized enum; streams are
 * pointers), and the faulting kernel is PTX loaded through the driver API
 * (libcuda.so.1) into the runtime's current context. Built by `make check`
 * as tests/fault/gpufault.so in CUDA builds; tests/cli/gpu-faults.sh drives
 * it (on a machine with a GPU; it skips elsewhere). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    ERR_ALLOC = 2,      /* cudaErrorMemoryAllocation */
    ERR_NOIMAGE = 209,  /* cudaErrorNoKernelImageForDevice */
    D2H = 2             /* cudaMemcpyDeviceToHost */
};

typedef int (*malloc_fn)(void **, size_t);
typedef int (*reg_fn)(void *, size_t, unsigned);
typedef int (*halloc_fn)(void **, size_t, unsigned);
typedef int (*copy_fn)(void *, const void *, size_t, int, void *);
/* dim3 by value: a 12-byte struct travels in two integer registers, so
 * it must be declared as the struct it is for the call to match. */
typedef struct dim3_ { unsigned x, y, z; } dim3_;
typedef int (*launch_fn)(const void *, dim3_, dim3_, void **, size_t, void *);
typedef int (*attr_fn)(const void *, int, int);

static const char fault_ptx[] =
    ".version 7.0\n"
    ".target sm_80\n"
    ".address_size 64\n"
    ".visible .entry gfp_test_fault()\n"
    "{\n"
    "  .reg .b64 %rd<2>;\n"
    "  .reg .b32 %r<2>;\n"
    "  mov.u64 %rd1, 8;\n"
    "  mov.u32 %r1, 1;\n"
    "  st.global.u32 [%rd1], %r1;\n"
    "  ret;\n"
    "}\n";

static long env_long(const char *name, long dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtol(v, NULL, 10) : dflt;
}

static void *next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "gpufault: no %s to wrap\n", name);
        abort();
    }
    return f;
}

static int pin_fails(size_t n)
{
    long max = env_long("GFP_GPUFAULT_HOST_MAX", -1);
    return max >= 0 && n > (size_t)max;
}

int cudaMalloc(void **p, size_t n)
{
    static malloc_fn real;
    if (!real)
        real = (malloc_fn)next("cudaMalloc");
    long max = env_long("GFP_GPUFAULT_DEV_MAX", -1);
    if (max >= 0 && n > (size_t)max) {
        *p = NULL;
        return ERR_ALLOC;
    }
    return real(p, n);
}

int cudaHostRegister(void *p, size_t n, unsigned flags)
{
    static reg_fn real;
    if (!real)
        real = (reg_fn)next("cudaHostRegister");
    return pin_fails(n) ? ERR_ALLOC : real(p, n, flags);
}

int cudaMallocHost(void **p, size_t n)
{
    static malloc_fn real;
    if (!real)
        real = (malloc_fn)next("cudaMallocHost");
    if (pin_fails(n)) {
        *p = NULL;
        return ERR_ALLOC;
    }
    return real(p, n);
}

int cudaHostAlloc(void **p, size_t n, unsigned flags)
{
    static halloc_fn real;
    if (!real)
        real = (halloc_fn)next("cudaHostAlloc");
    if (pin_fails(n)) {
        *p = NULL;
        return ERR_ALLOC;
    }
    return real(p, n, flags);
}

/* Launches the faulting kernel on stream through the driver API. */
static void launch_fault(void *stream)
{
    typedef int (*load_fn)(void **, const void *);
    typedef int (*getf_fn)(void **, void *, const char *);
    typedef int (*cul_fn)(void *, unsigned, unsigned, unsigned, unsigned,
                          unsigned, unsigned, unsigned, void *, void **,
                          void **);
    void *cu = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
    load_fn load = cu ? (load_fn)dlsym(cu, "cuModuleLoadData") : NULL;
    getf_fn getf = cu ? (getf_fn)dlsym(cu, "cuModuleGetFunction") : NULL;
    cul_fn cul = cu ? (cul_fn)dlsym(cu, "cuLaunchKernel") : NULL;
    void *mod = NULL, *fn = NULL;
    int r = !load || !getf || !cul ? -1 : load(&mod, fault_ptx);
    if (r == 0)
        r = getf(&fn, mod, "gfp_test_fault");
    if (r == 0)
        r = cul(fn, 1, 1, 1, 1, 1, 1, 0, stream, NULL, NULL);
    if (r != 0 || env_long("GFP_GPUFAULT_VERBOSE", 0))
        fprintf(stderr, "gpufault: faulting kernel launch: driver status %d\n",
                r);
}

int cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind,
                    void *stream)
{
    static copy_fn real;
    static long d2h;
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    if (!real)
        real = (copy_fn)next("cudaMemcpyAsync");
    long k = env_long("GFP_GPUFAULT_KERNEL", 0);
    if (k > 0 && kind == D2H) {
        pthread_mutex_lock(&mu);
        int now = ++d2h == k;
        pthread_mutex_unlock(&mu);
        if (now)
            launch_fault(stream);
    }
    return real(dst, src, n, kind, stream);
}

/* Kernels launched by name (the planner) and through <<<>>> (whose stubs
 * call __cudaLaunchKernel with a cudaKernel_t) both pass here. */
int cudaLaunchKernel(const void *func, dim3_ grid, dim3_ block, void **args,
                     size_t smem, void *stream)
{
    static launch_fn real;
    if (!real)
        real = (launch_fn)next("cudaLaunchKernel");
    if (env_long("GFP_GPUFAULT_NOIMAGE", 0))
        return ERR_NOIMAGE;
    return real(func, grid, block, args, smem, stream);
}

int __cudaLaunchKernel(const void *kernel, dim3_ grid, dim3_ block,
                       void **args, size_t smem, void *stream)
{
    static launch_fn real;
    if (!real)
        real = (launch_fn)next("__cudaLaunchKernel");
    if (env_long("GFP_GPUFAULT_NOIMAGE", 0))
        return ERR_NOIMAGE;
    return real(kernel, grid, block, args, smem, stream);
}

int cudaFuncSetAttribute(const void *func, int attr, int value)
{
    static attr_fn real;
    if (!real)
        real = (attr_fn)next("cudaFuncSetAttribute");
    if (env_long("GFP_GPUFAULT_NOIMAGE", 0))
        return ERR_NOIMAGE;
    return real(func, attr, value);
}
