/* test_io.c - raw byte sources (src/io_raw.c): reads of every size from a
 * regular file, including the large reads that are split over threads,
 * give the file's bytes in order, keep the file offset where a sequential
 * reader would leave it, and report the end of the file. The expected
 * bytes are a pseudo-random pattern written by the test itself. Also
 * sndfile's interleaved sources (convolve's input): all channels as
 * floats, or a 16-bit file as its shorts. And the guards around
 * libsndfile's header parse: a WAV whose INFO entry claims 4 GiB is refused
 * at once, and with that pre-check off the CPU watchdog ends the loop
 * (exit 2, one message) in a child process. */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <fcntl.h>
#include <signal.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char tmpl[] = "/tmp/gfp-test-io.XXXXXX";
static unsigned char *pattern;
static size_t pattern_len;

static int make_file(size_t len)
{
    int fd = mkstemp(tmpl);
    if (fd < 0)
        return -1;
    pattern_len = len;
    pattern = malloc(len);
    if (!pattern)
        return -1;
    uint64_t x = 12345;
    for (size_t i = 0; i < len; i++)
        pattern[i] = (unsigned char)(tu_splitmix64(&x) >> 56);
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, pattern + done, len - done);
        if (w <= 0)
            return -1;
        done += (size_t)w;
    }
    close(fd);
    return 0;
}

/* Reads the whole file in pieces of the given sizes (cycled) and checks the
 * bytes, bytes_read, eof and, when skip > 0, that a read after consuming
 * `skip` bytes with read() starts there. */
static void read_in_pieces(const size_t *sizes, size_t nsizes, size_t skip)
{
    gfp_source src;
    gfp_error err = {0};
    TU_CHECK(gfp_source_open(tmpl, &src, &err) == GFP_OK, "open: %s", err.msg);
    size_t pos = 0;
    if (skip) {
        unsigned char b[64];
        TU_CHECK(read(src.fd, b, skip) == (ssize_t)skip, "plain read");
        pos = skip;
    }
    size_t maxlen = 0;
    for (size_t i = 0; i < nsizes; i++)
        if (sizes[i] > maxlen)
            maxlen = sizes[i];
    unsigned char *buf = malloc(maxlen);
    TU_CHECK(buf != NULL, "malloc");
    int bad = 0;
    for (size_t k = 0; buf && !src.eof && k < 100000; k++) {
        size_t want = sizes[k % nsizes], got = 0;
        memset(buf, 0xA5, want);
        gfp_status st = gfp_source_read(&src, buf, want, &got, &err);
        TU_CHECK(st == GFP_OK, "read: %s", err.msg);
        size_t left = pattern_len - pos;
        size_t expect = want < left ? want : left;
        if (got != expect || memcmp(buf, pattern + pos, got) != 0) {
            bad++;
            break;
        }
        pos += got;
        off_t at = lseek(src.fd, 0, SEEK_CUR);
        if (at != (off_t)pos) {
            bad++;
            break;
        }
        if (got < want && !src.eof) {
            bad++;
            break;
        }
    }
    TU_CHECK(!bad, "bytes, offset or eof wrong at %zu", pos);
    TU_CHECK(pos == pattern_len, "read %zu of %zu bytes", pos, pattern_len);
    TU_CHECK(src.eof, "end of file reported");
    TU_CHECK(src.bytes_read == pattern_len - skip, "bytes_read %llu",
             (unsigned long long)src.bytes_read);
    free(buf);
    gfp_source_close(&src);
}

static void test_small_reads(void)
{
    const size_t s[] = {1, 7, 4096, 65536 + 3};
    read_in_pieces(s, 4, 0);
}

static void test_large_reads(void)
{
    /* 8 MiB and up go through the threaded path; odd sizes end parts and
     * the file in the middle of a page. */
    const size_t s[] = {(size_t)16 << 20, (size_t)8 << 20, ((size_t)9 << 20) + 5};
    read_in_pieces(s, 3, 0);
}

static void test_large_after_offset(void)
{
    const size_t s[] = {((size_t)12 << 20) + 1, 3};
    read_in_pieces(s, 2, 13);
}

static void test_large_read_past_end(void)
{
    const size_t s[] = {(size_t)64 << 20};
    read_in_pieces(s, 1, 0);
}

/* A stereo WAV of nf frames (pcm16 or float) of pseudo-random values;
 * read back through gfp_sndfile_open's interleaved source in pieces of
 * `piece` frames, with and without .shorts. */
static void check_interleaved(int subtype, size_t nf, size_t piece)
{
    char path[] = "/tmp/gfp-test-snd.XXXXXX";
    int fd = mkstemp(path);
    TU_CHECK(fd >= 0, "mkstemp");
    if (fd < 0)
        return;
    SF_INFO info = {.samplerate = 48000, .channels = 2,
                    .format = SF_FORMAT_WAV | subtype};
    SNDFILE *f = sf_open_fd(fd, SFM_WRITE, &info, 1);
    short *x = malloc(nf * 2 * sizeof *x);
    float *fl = malloc((piece + 1) * 2 * sizeof *fl);
    short *sh = malloc((piece + 1) * 2 * sizeof *sh);
    if (!f || !x || !fl || !sh) {
        TU_CHECK(0, "setup: %s", sf_strerror(NULL));
        goto out;
    }
    uint64_t r = 99;
    for (size_t i = 0; i < 2 * nf; i++)
        x[i] = (short)(tu_splitmix64(&r) >> 48);
    x[0] = -32768;
    x[1] = 32767;
    /* a float file gets x / 32768 as floats (libsndfile's own scale for
     * shorts into floats is another) */
    float *xf = subtype == SF_FORMAT_PCM_16 ? NULL
                                             : malloc(nf * 2 * sizeof *xf);
    for (size_t i = 0; xf && i < 2 * nf; i++)
        xf[i] = (float)x[i] / 32768.0f;
    sf_count_t w = xf ? sf_writef_float(f, xf, (sf_count_t)nf)
                      : sf_writef_short(f, x, (sf_count_t)nf);
    free(xf);
    TU_CHECK(w == (sf_count_t)nf, "write");
    sf_close(f);
    for (int shorts = 0; shorts < 2; shorts++) {
        gfp_sndfile_opts o = {.interleaved = 1, .shorts = shorts,
                              .who = "test"};
        gfp_source src;
        gfp_error err = {0};
        if (gfp_sndfile_open(path, &o, &src, &err)) {
            TU_CHECK(0, "open: %s", err.msg);
            continue;
        }
        int as16 = shorts && subtype == SF_FORMAT_PCM_16;
        TU_CHECK(src.channels == 2 && src.fmt.sample ==
                                          (as16 ? GFP_S16 : GFP_F32),
                 "subtype %x shorts %d: %d channels, sample %d", subtype,
                 shorts, src.channels, (int)src.fmt.sample);
        size_t done = 0, bad = 0, es = as16 ? sizeof(short) : sizeof(float);
        while (!src.eof) {
            size_t g = 0;
            if (gfp_source_read(&src, as16 ? (void *)sh : (void *)fl,
                                piece * 2 * es, &g, &err)) {
                TU_CHECK(0, "read: %s", err.msg);
                break;
            }
            TU_CHECK(g % (2 * es) == 0, "whole frames: %zu bytes", g);
            size_t n = g / es;
            for (size_t i = 0; i < n && done * 2 + i < 2 * nf; i++) {
                float want = (float)x[done * 2 + i] / 32768.0f;
                if (as16 ? sh[i] != x[done * 2 + i] : fl[i] != want)
                    bad++;
            }
            done += n / 2;
            if (!g)
                break;
        }
        TU_CHECK(done == nf && bad == 0 && src.eof, "subtype %x shorts %d, "
                 "pieces of %zu: %zu of %zu frames, %zu wrong, eof %d",
                 subtype, shorts, piece, done, nf, bad, src.eof);
        gfp_source_close(&src);
    }
out:
    free(x);
    free(fl);
    free(sh);
    unlink(path);
}

static void test_sndfile_interleaved(void)
{
    check_interleaved(SF_FORMAT_PCM_16, 10007, 1000);
    check_interleaved(SF_FORMAT_PCM_16, 4096, 4096);
    check_interleaved(SF_FORMAT_FLOAT, 10007, 777);
}

/* The first reproducer of libsndfile's INFO loop, without the fuzzer's
 * option byte, in a temporary file; 0 when the source tree is not known. */
static int info_loop_file(char *path)
{
    const char *top = getenv("TOP_SRCDIR");
    if (!top)
        return 0;
    char src[4096];
    snprintf(src, sizeof src, "%s/tests/fuzz/corpus/sndfile/timeout-wav-info-1",
             top);
    FILE *f = fopen(src, "rb");
    if (!f)
        return 0;
    unsigned char b[4096];
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    int fd = mkstemp(path);
    if (fd < 0 || n < 2)
        return 0;
    int ok = write(fd, b + 1, n - 1) == (ssize_t)(n - 1);
    close(fd);
    return ok;
}

static void test_sndfile_header_guards(void)
{
    char path[] = "/tmp/gfp-test-info.XXXXXX";
    if (!info_loop_file(path)) {
        TU_CHECK(0, "cannot make the reproducer (TOP_SRCDIR unset?)");
        return;
    }
    gfp_sndfile_opts o = {.channel = -1, .who = "test"};
    gfp_source src;
    gfp_error err = {0};
    gfp_status st = gfp_sndfile_open(path, &o, &src, &err);
    TU_CHECK(st == GFP_EFORMAT && strstr(err.msg, "malformed WAV header"),
             "the pre-check refuses it: status %d, '%s'", (int)st, err.msg);
    if (st == GFP_OK)
        gfp_source_close(&src);

    /* the pre-check off: libsndfile loops, the watchdog ends the process */
    int fds[2];
    TU_CHECK(pipe(fds) == 0, "pipe");
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        o.no_header_guard = 1;
        o.open_cpu_s = 0.3;
        gfp_source s2;
        gfp_error e2 = {0};
        gfp_status s = gfp_sndfile_open(path, &o, &s2, &e2);
        fprintf(stderr, "returned %d: %s\n", (int)s, e2.msg);
        _exit(s == GFP_OK ? 0 : 1);
    }
    close(fds[1]);
    int status = 0, waited = 0;
    for (int i = 0; i < 400 && !waited; i++) { /* 20 s at most */
        if (waitpid(pid, &status, WNOHANG) == pid)
            waited = 1;
        else
            nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    if (!waited) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    char msg[1024] = "";
    ssize_t got = read(fds[0], msg, sizeof msg - 1);
    msg[got > 0 ? got : 0] = 0;
    close(fds[0]);
    TU_CHECK(waited && WIFEXITED(status) && WEXITSTATUS(status) == 2,
             "the watchdog ends the open with exit 2 (waited %d, status "
             "%#x: %s)", waited, status, msg);
    TU_CHECK(strstr(msg, "libsndfile spent") != NULL &&
                 !strchr(strchr(msg, '\n') ? strchr(msg, '\n') + 1 : "", '\n'),
             "one line that says why: '%s'", msg);
    unlink(path);
}

int main(void)
{
    /* 40 MiB and a bit: not a multiple of the parts or of a page. */
    if (make_file(((size_t)40 << 20) + 4097))
        return 99;
    if (tu_init())
        return 99;
    tu_suite("raw source reads");
    TU_TEST(test_small_reads);
    TU_TEST(test_large_reads);
    TU_TEST(test_large_after_offset);
    TU_TEST(test_large_read_past_end);
    tu_suite("sndfile interleaved sources");
    TU_TEST(test_sndfile_interleaved);
    TU_TEST(test_sndfile_header_guards);
    int rc = tu_run();
    unlink(tmpl);
    free(pattern);
    return rc;
}
