/* plan-shim.c - an LD_PRELOAD shim that times FFTW's many-transform
 * planners (fftw_plan_many_dft, fftwf_plan_many_dft) and prints each plan
 * that takes more than PLAN_SHIM_MS milliseconds (default 50) on stderr:
 * its length, batch, threads (as fftwf_plan_with_nthreads last set them:
 * gfftpipe sets both precisions alike), flags and seconds. For checking
 * whether a run's plans come near the CPU engine's 2 s planner limit
 * (bench/NOTES.md, stop 52). Not built by make:
 *
 *   gcc -O2 -shared -fPIC bench/plan-shim.c -o plan-shim.so -ldl
 *   LD_PRELOAD=$PWD/plan-shim.so gfftpipe calibrate --wisdom w.wis
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int nthreads = 1;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void report(const char *which, const int *n, int howmany,
                   unsigned flags, double secs)
{
    const char *e = getenv("PLAN_SHIM_MS");
    double ms = e ? atof(e) : 50;
    if (1e3 * secs > ms)
        fprintf(stderr, "plan-shim: %s n %d x %d frames, %d thread(s), "
                "flags %u: %.3f s\n", which, n[0], howmany, nthreads, flags,
                secs);
}

void fftwf_plan_with_nthreads(int n)
{
    void (*f)(int) = (void (*)(int))dlsym(RTLD_NEXT,
                                          "fftwf_plan_with_nthreads");
    nthreads = n;
    f(n);
}

#define SHIM(PFX, C)                                                          \
    PFX##_plan PFX##_plan_many_dft(int rank, const int *n, int howmany,       \
                                   C *in, const int *inembed, int istride,    \
                                   int idist, C *out, const int *onembed,     \
                                   int ostride, int odist, int sign,          \
                                   unsigned flags)                            \
    {                                                                         \
        PFX##_plan (*f)(int, const int *, int, C *, const int *, int, int,   \
                        C *, const int *, int, int, int, unsigned) =          \
            (PFX##_plan(*)(int, const int *, int, C *, const int *, int,      \
                           int, C *, const int *, int, int, int, unsigned))   \
                dlsym(RTLD_NEXT, #PFX "_plan_many_dft");                      \
        double t0 = now();                                                    \
        PFX##_plan p = f(rank, n, howmany, in, inembed, istride, idist, out,  \
                         onembed, ostride, odist, sign, flags);               \
        report(#PFX, n, howmany, flags, now() - t0);                          \
        return p;                                                             \
    }
SHIM(fftwf, fftwf_complex)
SHIM(fftw, fftw_complex)
