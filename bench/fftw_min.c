/* fftw_min.c - the least a program can do to run gfftpipe's CPU job:
 * read cf32 frames in chunks, run one batched FFTW plan per chunk, write
 * the spectra. bench/cpu-overhead.sh times gfftpipe against it.
 *
 *   fftw_min --n N --batch B [--measure] FILE > OUT
 *                                         forward C2C FFTs of N points,
 *                                         B frames per execute
 *   fftw_min --gen BYTES FILE             writes BYTES of deterministic
 *                                         cf32 data, uniform in [-1, 1)
 *
 * The plan is the one gfftpipe's CPU engine makes for this job:
 * fftwf_plan_many_dft(rank 1, n, howmany B, contiguous frames, in to out,
 * FFTW_FORWARD) with FFTW_ESTIMATE, gfftpipe's default, or with --measure
 * FFTW_MEASURE (what gfftpipe uses with --wisdom), under the same 2 s
 * planning time limit. No
 * threads, no overlap of reading, computing and writing: just the loop.
 * The last, short chunk is zero-padded to whole frames, as gfftpipe's
 * default --tail pad does. Prints its planning time on stderr. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <fftw3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void die(const char *msg)
{
    fprintf(stderr, "fftw_min: %s%s%s\n", msg, errno ? ": " : "",
            errno ? strerror(errno) : "");
    exit(2);
}

static size_t read_full(int fd, void *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t r = read(fd, (char *)buf + done, len - done);
        if (r == 0)
            break;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            die("read error");
        }
        done += (size_t)r;
    }
    return done;
}

static void write_full(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            die("write error");
        }
        p += w;
        len -= (size_t)w;
    }
}

static int gen(uint64_t bytes, const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        die("cannot create the output");
    enum { CHUNK = 1 << 20 };
    float *buf = malloc(CHUNK * sizeof *buf);
    uint64_t s = 0x243F6A8885A308D3ull;
    if (!buf)
        die("out of memory");
    bytes -= bytes % 8; /* whole cf32 items */
    while (bytes) {
        size_t n = bytes / 4 < CHUNK ? (size_t)(bytes / 4) : CHUNK;
        for (size_t i = 0; i < n; i++) {
            s ^= s << 13; /* xorshift64 */
            s ^= s >> 7;
            s ^= s << 17;
            buf[i] = (float)((double)(s >> 11) * 0x1p-52 - 1.0);
        }
        write_full(fd, buf, n * 4);
        bytes -= n * 4;
    }
    free(buf);
    return close(fd) ? 2 : 0;
}

int main(int argc, char **argv)
{
    size_t n = 0, batch = 0;
    unsigned flags = FFTW_ESTIMATE;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--gen") && i + 2 < argc)
            return gen(strtoull(argv[i + 1], NULL, 10), argv[i + 2]);
        else if (!strcmp(argv[i], "--n") && i + 1 < argc)
            n = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--batch") && i + 1 < argc)
            batch = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--measure"))
            flags = FFTW_MEASURE;
        else
            path = argv[i];
    }
    if (!n || !batch || !path) {
        fputs("usage: fftw_min --n N --batch B [--measure] FILE > OUT\n"
              "       fftw_min --gen BYTES FILE\n", stderr);
        return 1;
    }
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        die("cannot open the input");
    size_t frame_bytes = n * sizeof(fftwf_complex);
    size_t chunk = batch * frame_bytes;
    fftwf_complex *in = fftwf_malloc(chunk), *out = fftwf_malloc(chunk);
    if (!in || !out)
        die("out of memory");
    double t0 = now();
    fftwf_set_timelimit(2.0);
    int nn = (int)n;
    fftwf_plan p = fftwf_plan_many_dft(1, &nn, (int)batch, in, NULL, 1, nn,
                                       out, NULL, 1, nn, FFTW_FORWARD, flags);
    if (!p)
        die("FFTW could not plan");
    fprintf(stderr, "fftw_min: plan %.3f s\n", now() - t0);
    for (;;) {
        size_t got = read_full(fd, in, chunk);
        if (got == 0)
            break;
        size_t frames = (got + frame_bytes - 1) / frame_bytes;
        if (got < chunk)
            memset((char *)in + got, 0, chunk - got);
        fftwf_execute(p);
        write_full(STDOUT_FILENO, out, frames * frame_bytes);
        if (got < chunk)
            break;
    }
    fftwf_destroy_plan(p);
    fftwf_free(in);
    fftwf_free(out);
    close(fd);
    return 0;
}
