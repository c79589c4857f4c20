/* io_raw.c - raw byte sources and sinks: files, stdin, stdout. A named
 * output is written to a temporary beside it and renamed when complete. */
#include "config.h"
#include "gfp.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_std(const char *path)
{
    return !path || !strcmp(path, "-");
}

gfp_status gfp_source_open(const char *path, gfp_source *src, gfp_error *err)
{
    memset(src, 0, sizeof *src);
    src->size = -1;
    src->path = is_std(path) ? "-" : path;
    if (is_std(path)) {
        src->fd = STDIN_FILENO;
    } else {
        src->fd = open(path, O_RDONLY | O_CLOEXEC);
        if (src->fd < 0)
            return gfp_fail(err, GFP_EIO, "cannot open '%s': %s", path,
                            strerror(errno));
        src->owns_fd = 1;
    }
    struct stat sb;
    if (fstat(src->fd, &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) {
            gfp_source_close(src);
            return gfp_fail(err, GFP_EIO, "'%s' is a directory", path);
        }
        if (S_ISREG(sb.st_mode)) {
            src->size = sb.st_size;
            if (sb.st_size == 0 && src->owns_fd) {
                gfp_source_close(src);
                return gfp_fail(err, GFP_EFORMAT, "'%s' is empty", path);
            }
        }
    }
    return GFP_OK;
}

/* Large reads from a regular file are split over a few threads, each
 * pread()ing its own part of the range: one thread copying from the page
 * cache into a fresh buffer managed ~3.3 GB/s on the H100 machine, four
 * ~11 GB/s, and a GPU stream is otherwise bound by that copy. Only the GPU
 * engine's batches are this large; the CPU engine's stay in cache. 4 GiB
 * through the GPU engine read in 0.30 s at 8 threads, 0.19 s at 16 (H100
 * machine, 16 cores; bench/NOTES.md "v9"). */
#define PAR_MIN ((size_t)8 << 20)  /* reads at least this long */
#define PAR_PART ((size_t)1 << 20) /* at least this much per thread */
#define PAR_MAX 16                 /* threads per read (GFP_READ_THREADS) */
#define PAR_CAP 32                 /* what GFP_READ_THREADS may ask for */

typedef struct part {
    int fd;
    char *buf;
    size_t len, got;
    off_t off;
    int err; /* errno of a failed pread, else 0 */
} part;

static void *read_part(void *arg)
{
    part *q = arg;
    while (q->got < q->len) {
        ssize_t r = pread(q->fd, q->buf + q->got, q->len - q->got,
                          q->off + (off_t)q->got);
        if (r > 0)
            q->got += (size_t)r;
        else if (r == 0)
            break;
        else if (errno != EINTR) {
            q->err = errno;
            break;
        }
    }
    return NULL;
}

/* One parallel read of k ranges: worker i of nparts reads ranges i,
 * i + nparts, ... (all of them when it runs alone). */
typedef struct par_read {
    part q[PAR_CAP];
    size_t k;
} par_read;

static void read_part_w(void *arg, int i, int nparts)
{
    par_read *r = arg;
    for (size_t j = (size_t)i; j < r->k; j += (size_t)nparts)
        read_part(&r->q[j]);
}

/* Reads len bytes at the file offset with up to PAR_MAX threads (kept for
 * the source's life: making them per read cost tens of microseconds a
 * thread, thousands of times a stream) and moves the offset past what was
 * read. Returns 0 when it did the read (done and *err_no set), -1 when
 * the caller should read sequentially instead. */
static int read_parallel(gfp_source *src, char *buf, size_t len, size_t *done,
                         int *err_no)
{
    off_t off = lseek(src->fd, 0, SEEK_CUR);
    if (off < 0)
        return -1;
    if (!src->readers) {
        size_t kmax = PAR_MAX;
        const char *ev = getenv("GFP_READ_THREADS");
        if (ev && atoi(ev) > 0)
            kmax = atoi(ev) < PAR_CAP ? (size_t)atoi(ev) : PAR_CAP;
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        if (cpus > 0 && kmax > (size_t)cpus)
            kmax = (size_t)cpus;
        gfp_error e = {0};
        if (kmax < 2 || gfp_workers_create((int)kmax, &src->readers, &e))
            return -1;
    }
    par_read r;
    size_t kmax = (size_t)gfp_workers_count(src->readers);
    r.k = len / PAR_PART;
    if (r.k > kmax)
        r.k = kmax;
    if (r.k < 2)
        return -1;
    size_t per = (len / r.k + 4095) / 4096 * 4096, at = 0;
    for (size_t i = 0; i < r.k; i++) {
        size_t l = len - at < per ? len - at : per;
        r.q[i] = (part){src->fd, buf + at, l, 0, off + (off_t)at, 0};
        at += l;
    }
    gfp_workers_run(src->readers, read_part_w, &r);
    /* What counts is the unbroken run from the start: a short part ends
     * the read (end of file, or an error). */
    *done = 0;
    *err_no = 0;
    for (size_t i = 0; i < r.k; i++) {
        *done += r.q[i].got;
        if (r.q[i].err) {
            *err_no = r.q[i].err;
            break;
        }
        if (r.q[i].got < r.q[i].len) {
            src->eof = 1;
            break;
        }
    }
    if (lseek(src->fd, off + (off_t)*done, SEEK_SET) < 0 && !*err_no)
        *err_no = errno;
    return 0;
}

gfp_status gfp_source_read(gfp_source *src, void *buf, size_t len,
                           size_t *got, gfp_error *err)
{
    if (src->read_fn) {
        gfp_status st = src->read_fn(src, buf, len, got, err);
        src->bytes_read += *got;
        if (*got < len && st == GFP_OK)
            src->eof = 1;
        return st;
    }
    size_t done = 0;
    int e = 0;
    if (src->size >= 0 && len >= PAR_MIN &&
        read_parallel(src, buf, len, &done, &e) == 0 && e) {
        *got = done;
        src->bytes_read += done;
        return gfp_fail(err, GFP_EIO, "read error on %s: %s",
                        is_std(src->path) ? "stdin" : src->path, strerror(e));
    }
    while (done < len && !src->eof) {
        ssize_t r = read(src->fd, (char *)buf + done, len - done);
        if (r > 0) {
            done += (size_t)r;
        } else if (r == 0) {
            src->eof = 1;
        } else if (errno != EINTR) {
            *got = done;
            src->bytes_read += done;
            return gfp_fail(err, GFP_EIO, "read error on %s: %s",
                            is_std(src->path) ? "stdin" : src->path,
                            strerror(errno));
        }
    }
    *got = done;
    src->bytes_read += done;
    return GFP_OK;
}

void gfp_source_close(gfp_source *src)
{
    gfp_workers_destroy(src->readers);
    src->readers = NULL;
    if (src->close_fn) {
        src->close_fn(src);
        src->close_fn = NULL;
        src->read_fn = NULL;
    }
    if (src->owns_fd && src->fd >= 0)
        close(src->fd);
    src->fd = -1;
    src->owns_fd = 0;
}

gfp_status gfp_sink_open(const char *path, const gfp_source *input,
                         gfp_sink *snk, gfp_error *err)
{
    memset(snk, 0, sizeof *snk);
    snk->path = is_std(path) ? "-" : path;
    if (is_std(path)) {
        snk->fd = STDOUT_FILENO;
        return GFP_OK;
    }
    struct stat sb, ib;
    if (stat(path, &sb) == 0) {
        if (S_ISDIR(sb.st_mode))
            return gfp_fail(err, GFP_EIO, "output '%s' is a directory", path);
        if (input && input->fd >= 0 && fstat(input->fd, &ib) == 0 &&
            ib.st_dev == sb.st_dev && ib.st_ino == sb.st_ino)
            return gfp_fail(err, GFP_EINVAL,
                            "output '%s' is the input; write elsewhere", path);
        if (!S_ISREG(sb.st_mode)) {
            /* A device or pipe (/dev/null, /dev/full): write it directly. */
            snk->fd = open(path, O_WRONLY | O_CLOEXEC);
            if (snk->fd < 0)
                return gfp_fail(err, GFP_EIO, "cannot open '%s': %s", path,
                                strerror(errno));
            return GFP_OK;
        }
    }
    size_t len = strlen(path) + 32;
    snk->tmp_path = malloc(len);
    if (!snk->tmp_path)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    /* Hidden temporary in the output's directory, so rename() is atomic. */
    char *base = strrchr(path, '/');
    if (base)
        snprintf(snk->tmp_path, len, "%.*s/.%s.gfp-XXXXXX",
                 (int)(base - path), path, base + 1);
    else
        snprintf(snk->tmp_path, len, ".%s.gfp-XXXXXX", path);
    snk->fd = mkstemp(snk->tmp_path);
    if (snk->fd < 0) {
        int e = errno;
        free(snk->tmp_path);
        snk->tmp_path = NULL;
        return gfp_fail(err, GFP_EIO, "cannot create output '%s': %s", path,
                        strerror(e));
    }
    /* mkstemp makes 0600; give the file the usual mode under the umask. */
    mode_t um = umask(0);
    umask(um);
    if (fchmod(snk->fd, 0666 & ~um) != 0) {
        /* not fatal: the file stays private */
    }
    return GFP_OK;
}

gfp_status gfp_sink_write(gfp_sink *snk, const void *buf, size_t len,
                          gfp_error *err)
{
    const char *p = buf;
    while (len) {
        ssize_t w = write(snk->fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return gfp_fail(err, GFP_EIO, "write error on %s: %s",
                            is_std(snk->path) ? "stdout" : snk->path,
                            strerror(errno));
        }
        p += w;
        len -= (size_t)w;
        snk->bytes_written += (uint64_t)w;
    }
    return GFP_OK;
}

gfp_status gfp_sink_commit(gfp_sink *snk, gfp_error *err)
{
    if (!snk->tmp_path) {
        /* stdout or a device: nothing to rename. */
        return GFP_OK;
    }
    if (fsync(snk->fd) != 0 && errno != EINVAL)
        return gfp_fail(err, GFP_EIO, "write error on %s: %s", snk->path,
                        strerror(errno));
    if (close(snk->fd) != 0) {
        snk->fd = -1;
        return gfp_fail(err, GFP_EIO, "write error on %s: %s", snk->path,
                        strerror(errno));
    }
    snk->fd = -1;
    if (rename(snk->tmp_path, snk->path) != 0)
        return gfp_fail(err, GFP_EIO, "cannot rename output to '%s': %s",
                        snk->path, strerror(errno));
    free(snk->tmp_path);
    snk->tmp_path = NULL;
    return GFP_OK;
}

void gfp_sink_abort(gfp_sink *snk)
{
    if (snk->tmp_path) {
        if (snk->fd >= 0)
            close(snk->fd);
        unlink(snk->tmp_path);
        free(snk->tmp_path);
        snk->tmp_path = NULL;
        snk->fd = -1;
    } else if (snk->fd > STDERR_FILENO) {
        close(snk->fd);
        snk->fd = -1;
    }
}
