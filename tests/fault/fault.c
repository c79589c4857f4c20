/* fault.c - an LD_PRELOAD shim that injects faults into gfftpipe, driven by
 * environment variables (all optional; unset means no fault):
 *
 *   GFP_FAULT_ALLOC=N        the Nth counted allocation fails (returns NULL,
 *                            errno ENOMEM); 1-based
 *   GFP_FAULT_ALLOC_SCOPE=   exe (default): count only allocations called
 *                            directly from the main program - malloc,
 *                            calloc, realloc, posix_memalign, aligned_alloc,
 *                            memalign, strdup, fftw_malloc, fftwf_malloc -
 *                            i.e. each of gfftpipe's own call sites;
 *                            any: every allocation in the process (libc,
 *                            FFTW, libsndfile, libpng too)
 *   GFP_FAULT_COUNT=FILE     at exit, write the number of counted
 *                            allocations to FILE (the bound for a sweep)
 *   GFP_FAULT_WRITE_MAX=K    write() to any fd but stderr writes at most K
 *                            bytes (short writes)
 *   GFP_FAULT_WRITE_EINTR=1  every other write() fails with EINTR first
 *   GFP_FAULT_ENOSPC=B       writes (fds but stderr) fail with ENOSPC once
 *                            B bytes in all have been written: B=0 at the
 *                            header, B=half in the middle (the write that
 *                            crosses B writes up to B, as a filling disk)
 *   GFP_FAULT_FSYNC=1        fsync()/fdatasync() fail with ENOSPC
 *   GFP_FAULT_CLOSE=1        close() of an fd that was written to fails
 *                            with ENOSPC (after closing it, as NFS does)
 *   GFP_FAULT_READ_MAX=K     read() returns at most K bytes
 *   GFP_FAULT_READ_EINTR=1   every other read() fails with EINTR first
 *
 * stderr (fd 2) is never faulted: messages must get out. Built by `make
 * check` as tests/fault/fault.so; tests/cli/faults.sh drives it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

typedef void *(*malloc_fn)(size_t);
typedef void *(*calloc_fn)(size_t, size_t);
typedef void *(*realloc_fn)(void *, size_t);
typedef void (*free_fn)(void *);
typedef int (*pm_fn)(void **, size_t, size_t);
typedef void *(*aa_fn)(size_t, size_t);
typedef ssize_t (*rw_fn)(int, void *, size_t);
typedef ssize_t (*w_fn)(int, const void *, size_t);
typedef int (*fd_fn)(int);

static malloc_fn real_malloc, real_fftw_malloc, real_fftwf_malloc;
static calloc_fn real_calloc;
static realloc_fn real_realloc;
static free_fn real_free;
static pm_fn real_posix_memalign;
static aa_fn real_aligned_alloc, real_memalign;
static rw_fn real_read;
static w_fn real_write;
static fd_fn real_close, real_fsync, real_fdatasync;

/* dlsym may allocate before real_calloc is known: serve it from here. */
static unsigned char boot[8192];
static size_t boot_used;
static int in_init;

static long fail_at = -1;       /* GFP_FAULT_ALLOC */
static int scope_any;
static const char *count_file;
static long counted;            /* atomic */
static long write_max = -1, read_max = -1, enospc_at = -1;
static int write_eintr, read_eintr, fsync_fail, close_fail;
static long written;            /* atomic: bytes written, fds but 2 */
static int write_tick, read_tick;
#define MAX_FDS 1024
static unsigned char fd_written[MAX_FDS];
static uintptr_t exe_lo = UINTPTR_MAX, exe_hi;

static long env_long(const char *name, long dflt)
{
    const char *v = getenv(name);
    return v && *v ? strtol(v, NULL, 10) : dflt;
}

static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    /* The first object is the main program. */
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        uintptr_t hi = lo + ph->p_memsz;
        if (lo < exe_lo) exe_lo = lo;
        if (hi > exe_hi) exe_hi = hi;
    }
    return 1;
}

static void read_env(void)
{
    fail_at = env_long("GFP_FAULT_ALLOC", -1);
    const char *sc = getenv("GFP_FAULT_ALLOC_SCOPE");
    scope_any = sc && !strcmp(sc, "any");
    count_file = getenv("GFP_FAULT_COUNT");
    write_max = env_long("GFP_FAULT_WRITE_MAX", -1);
    write_eintr = env_long("GFP_FAULT_WRITE_EINTR", 0) > 0;
    enospc_at = env_long("GFP_FAULT_ENOSPC", -1);
    fsync_fail = env_long("GFP_FAULT_FSYNC", 0) > 0;
    close_fail = env_long("GFP_FAULT_CLOSE", 0) > 0;
    read_max = env_long("GFP_FAULT_READ_MAX", -1);
    read_eintr = env_long("GFP_FAULT_READ_EINTR", 0) > 0;
}

static void init(void)
{
    static int done;
    if (done || in_init)
        return;
    in_init = 1;
    real_malloc = (malloc_fn)dlsym(RTLD_NEXT, "malloc");
    real_calloc = (calloc_fn)dlsym(RTLD_NEXT, "calloc");
    real_realloc = (realloc_fn)dlsym(RTLD_NEXT, "realloc");
    real_free = (free_fn)dlsym(RTLD_NEXT, "free");
    real_posix_memalign = (pm_fn)dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = (aa_fn)dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = (aa_fn)dlsym(RTLD_NEXT, "memalign");
    real_read = (rw_fn)dlsym(RTLD_NEXT, "read");
    real_write = (w_fn)dlsym(RTLD_NEXT, "write");
    real_close = (fd_fn)dlsym(RTLD_NEXT, "close");
    real_fsync = (fd_fn)dlsym(RTLD_NEXT, "fsync");
    real_fdatasync = (fd_fn)dlsym(RTLD_NEXT, "fdatasync");
    real_fftw_malloc = (malloc_fn)dlsym(RTLD_NEXT, "fftw_malloc");
    real_fftwf_malloc = (malloc_fn)dlsym(RTLD_NEXT, "fftwf_malloc");
    read_env();
    dl_iterate_phdr(find_exe, NULL);
    in_init = 0;
    done = 1;
}

/* An ASan build calls malloc from its preinit code, before the C library
 * has the environment (getenv gives NULL there): read it again here. */
__attribute__((constructor)) static void ctor(void)
{
    init();
    read_env();
}

__attribute__((destructor)) static void dtor(void)
{
    if (count_file) {
        FILE *f = fopen(count_file, "w");
        if (f) {
            fprintf(f, "%ld\n", __atomic_load_n(&counted, __ATOMIC_SEQ_CST));
            fclose(f);
        }
    }
}

/* Whether this allocation fails: counts it when it is in scope. */
static int alloc_fails(void *caller)
{
    if (in_init || (fail_at < 0 && !count_file))
        return 0;
    uintptr_t c = (uintptr_t)caller;
    if (!scope_any && (c < exe_lo || c >= exe_hi))
        return 0;
    long k = __atomic_add_fetch(&counted, 1, __ATOMIC_SEQ_CST);
    if (k == fail_at) {
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

static void *boot_alloc(size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (boot_used + n > sizeof boot)
        return NULL;
    void *p = boot + boot_used;
    boot_used += n;
    return p;
}

static int is_boot(const void *p)
{
    return (const unsigned char *)p >= boot &&
           (const unsigned char *)p < boot + sizeof boot;
}

void *malloc(size_t n)
{
    if (!real_malloc) {
        if (in_init)
            return boot_alloc(n);
        init();
    }
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_malloc(n);
}

void *calloc(size_t a, size_t b)
{
    if (!real_calloc) {
        if (in_init) {
            void *p = boot_alloc(a * b);
            if (p)
                memset(p, 0, a * b);
            return p;
        }
        init();
    }
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_calloc(a, b);
}

void *realloc(void *p, size_t n)
{
    if (!real_realloc)
        init();
    if (is_boot(p)) {
        void *q = malloc(n);
        if (q)
            memcpy(q, p, n < sizeof boot ? n : sizeof boot);
        return q;
    }
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_realloc(p, n);
}

void free(void *p)
{
    if (!p || is_boot(p))
        return;
    if (!real_free)
        init();
    real_free(p);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    if (!real_posix_memalign)
        init();
    if (alloc_fails(__builtin_return_address(0)))
        return ENOMEM;
    return real_posix_memalign(out, align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
    if (!real_aligned_alloc)
        init();
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_aligned_alloc(align, n);
}

void *memalign(size_t align, size_t n)
{
    if (!real_memalign)
        init();
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_memalign(align, n);
}

char *strdup(const char *s)
{
    if (!real_malloc)
        init();
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = real_malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* FFTW's allocator, as the program calls it (alloc_host, plan scratch). */
void *fftw_malloc(size_t n)
{
    if (!real_fftw_malloc)
        init();
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_fftw_malloc(n);
}

void *fftwf_malloc(size_t n)
{
    if (!real_fftwf_malloc)
        init();
    if (alloc_fails(__builtin_return_address(0)))
        return NULL;
    return real_fftwf_malloc(n);
}

ssize_t read(int fd, void *buf, size_t n)
{
    if (!real_read)
        init();
    if (read_eintr && (__atomic_add_fetch(&read_tick, 1, __ATOMIC_SEQ_CST) &
                       1)) {
        errno = EINTR;
        return -1;
    }
    if (read_max > 0 && n > (size_t)read_max)
        n = (size_t)read_max;
    return real_read(fd, buf, n);
}

ssize_t write(int fd, const void *buf, size_t n)
{
    if (!real_write)
        init();
    if (fd == STDERR_FILENO)
        return real_write(fd, buf, n);
    if (write_eintr && (__atomic_add_fetch(&write_tick, 1, __ATOMIC_SEQ_CST) &
                        1)) {
        errno = EINTR;
        return -1;
    }
    if (write_max > 0 && n > (size_t)write_max)
        n = (size_t)write_max;
    if (enospc_at >= 0 && n > 0) {
        long done = __atomic_load_n(&written, __ATOMIC_SEQ_CST);
        if (done >= enospc_at) {
            errno = ENOSPC;
            return -1;
        }
        if ((long)n > enospc_at - done)
            n = (size_t)(enospc_at - done);
    }
    ssize_t w = real_write(fd, buf, n);
    if (w > 0) {
        __atomic_add_fetch(&written, w, __ATOMIC_SEQ_CST);
        if (fd >= 0 && fd < MAX_FDS)
            fd_written[fd] = 1;
    }
    return w;
}

int fsync(int fd)
{
    if (!real_fsync)
        init();
    if (fsync_fail) {
        errno = ENOSPC;
        return -1;
    }
    return real_fsync(fd);
}

int fdatasync(int fd)
{
    if (!real_fdatasync)
        init();
    if (fsync_fail) {
        errno = ENOSPC;
        return -1;
    }
    return real_fdatasync(fd);
}

int close(int fd)
{
    if (!real_close)
        init();
    int r = real_close(fd);
    if (close_fail && fd > STDERR_FILENO && fd < MAX_FDS && fd_written[fd]) {
        fd_written[fd] = 0;
        errno = ENOSPC;
        return -1;
    }
    if (fd >= 0 && fd < MAX_FDS)
        fd_written[fd] = 0;
    return r;
}
