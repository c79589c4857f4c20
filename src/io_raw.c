/* io_raw.c - raw byte sources and sinks: files, stdin, stdout. A named
 * output is written to a temporary beside it and renamed when complete. */
#include "config.h"
#include "gfp.h"

#include <errno.h>
#include <fcntl.h>
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
