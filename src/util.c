/* util.c - errors, sizes, checked arithmetic, messages, clocks, progress. */
#include "config.h"
#include "gfp.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

gfp_status gfp_fail(gfp_error *err, gfp_status st, const char *fmt, ...)
{
    if (err && err->status == GFP_OK) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->status = st;
    }
    return st;
}

const char *gfp_strerror(gfp_status st)
{
    switch (st) {
    case GFP_OK: return "success";
    case GFP_EINVAL: return "invalid argument";
    case GFP_ENOMEM: return "out of memory";
    case GFP_EIO: return "input/output error";
    case GFP_EFORMAT: return "bad input format";
    case GFP_ENOTSUP: return "not supported";
    case GFP_EDEVICE: return "GPU device error";
    case GFP_ETAIL: return "input does not fill its frames";
    }
    return "unknown error";
}

gfp_status gfp_parse_size(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return GFP_EINVAL;
    const char *p = s;
    uint64_t v = 0;
    if (*p < '0' || *p > '9')
        return GFP_EINVAL;
    while (*p >= '0' && *p <= '9') {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return GFP_EINVAL;
        v = v * 10 + d;
        p++;
    }
    uint64_t mul = 1;
    if (*p) {
        int bin = p[1] == 'i';
        uint64_t base = bin ? 1024 : 1000;
        switch (*p) {
        case 'k': case 'K': mul = base; break;
        case 'M': mul = base * base; break;
        case 'G': mul = base * base * base; break;
        default: return GFP_EINVAL;
        }
        p += bin ? 2 : 1;
        if (*p)
            return GFP_EINVAL;
    }
    if (v > UINT64_MAX / mul)
        return GFP_EINVAL;
    *out = v * mul;
    return GFP_OK;
}

int gfp_mul_ok(size_t a, size_t b, size_t *out)
{
    if (a && b > SIZE_MAX / a)
        return 0;
    *out = a * b;
    return 1;
}

static void (*g_fatal_hook)(int status);

void gfp_set_fatal_hook(void (*hook)(int status))
{
    g_fatal_hook = hook;
}

void gfp_fatal_exit(int status)
{
    fflush(stderr);
    if (g_fatal_hook)
        g_fatal_hook(status);
    _exit(status);
}

void gfp_msg(const char *who, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (who && *who)
        fprintf(stderr, "gfftpipe: %s: %s\n", who, buf);
    else
        fprintf(stderr, "gfftpipe: %s\n", buf);
}

double gfp_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* GFP_TRACE=1: one line per phase of a run on stderr, milliseconds since
 * the first trace point (main's start), for finding where start-up goes */
static int trace_on = -1;
static double trace_t0;

void gfp_trace(const char *what)
{
    if (trace_on < 0) {
        const char *e = getenv("GFP_TRACE");
        trace_on = e && *e && *e != '0';
        trace_t0 = gfp_now();
        /* how long the process ran before this first call (the loader,
         * libraries' constructors): field 22 of /proc/self/stat, in clock
         * ticks since boot, against CLOCK_BOOTTIME */
        FILE *f = trace_on ? fopen("/proc/self/stat", "r") : NULL;
        char line[1024];
        if (f && fgets(line, sizeof line, f)) {
            const char *q = strrchr(line, ')');
            unsigned long long st = 0;
            int field = 2;
            for (; q && *q && field < 22; q++)
                if (*q == ' ')
                    field++;
            struct timespec bt;
            long hz = sysconf(_SC_CLK_TCK);
            if (q && sscanf(q, "%llu", &st) == 1 && hz > 0 &&
                clock_gettime(CLOCK_BOOTTIME, &bt) == 0)
                fprintf(stderr, "gfftpipe: trace %9.3f ms process start "
                        "(+-%.0f ms)\n", -1e3 * ((double)bt.tv_sec + 1e-9 *
                        (double)bt.tv_nsec - (double)st / (double)hz),
                        1e3 / (double)hz);
        }
        if (f)
            fclose(f);
    }
    if (trace_on)
        fprintf(stderr, "gfftpipe: trace %9.3f ms %s\n",
                1e3 * (gfp_now() - trace_t0), what);
}

void gfp_progress_init(gfp_progress *p, int enabled, int64_t total,
                       const char *who)
{
    p->enabled = enabled && total > 0 && isatty(STDERR_FILENO);
    p->total = total;
    p->t0 = p->last = gfp_now();
    p->who = who;
}

void gfp_progress_update(gfp_progress *p, uint64_t done)
{
    if (!p->enabled)
        return;
    double t = gfp_now();
    if (t - p->last < 0.25)
        return;
    p->last = t;
    double el = t - p->t0;
    double rate = el > 0 ? (double)done / el : 0;
    double eta = rate > 0 ? ((double)p->total - (double)done) / rate : 0;
    fprintf(stderr, "\rgfftpipe: %s: %.1f / %.1f MB, %.1f MB/s, ETA %.0f s   ",
            p->who, done / 1e6, p->total / 1e6, rate / 1e6, eta < 0 ? 0 : eta);
}

void gfp_progress_end(gfp_progress *p)
{
    if (p->enabled && p->last > p->t0)
        fputs("\r\033[K", stderr);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double gfp_median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

uint64_t gfp_rand_next(uint64_t *s)
{
    uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ull;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

double gfp_rand_sym(uint64_t *s)
{
    return (double)(gfp_rand_next(s) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

void gfp_rand_fill(void *dst, size_t n, int dbl, uint64_t *state)
{
    for (size_t i = 0; i < n; i++) {
        if (dbl)
            ((double *)dst)[i] = gfp_rand_sym(state);
        else
            ((float *)dst)[i] = (float)gfp_rand_sym(state);
    }
}

int gfp_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}
