/* fuzz_sndfile.c - fuzz target: the libsndfile reading path of
 * src/io_sndfile.c (gfp_sndfile_open and its read functions), from memory.
 *
 * The input is one option byte followed by the file's bytes. The bytes are
 * put in a memfd (memory, no disk) and opened through one of the two entry
 * points the program uses:
 *   - as stdin ("-"): the memfd is dup2()ed onto fd 0, so libsndfile reads
 *     it through io_sndfile.c's virtual I/O over a pipe (vp_read, vp_seek,
 *     the kept head) - the path of `... | gfftpipe spectrogram`;
 *   - as a path (/proc/self/fd/N): sf_open_fd, the path of a named file.
 * Option byte: bit 0 stdin; bits 1-2 channel choice (-1 mean, 0, 1, 5);
 * bit 3 stack channels; bits 4-7 frame n = 2 << (b % 11) with hop n/1, n/2,
 * n/4 (from bits 1-2 again).
 *
 * Everything is read to the end and the delivered bytes are checked: whole
 * floats, finite or not, never more than the cap; src->channels and
 * src->rate sane. Caps: input <= 1 MiB, delivered audio <= 1 MiB (a header
 * may claim far more frames than the bytes hold: reading stops at the real
 * end), so a finding is a bug, not an OOM. io_sndfile.c warns on stderr
 * about truncated files: run libFuzzer with -close_fd_mask=2 to hide them
 * (that hides its crash reports too; replay a crash without it). */
#include "config.h"
#include "gfp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX_INPUT (1u << 20)
/* Small: with 64 MiB, most of the time went to per-sample work (perf:
 * libsndfile's conversion loop and the instrumented loops here) at ~400
 * executions per second; headers are what is being fuzzed. */
#define MAX_DELIVERED ((uint64_t)1 << 20)

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "fuzz_sndfile: check failed: %s: ", #cond);     \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

static int memfd = -1;
static char mem_path[64];

static void setup(void)
{
    if (memfd >= 0)
        return;
    memfd = memfd_create("gfp-fuzz-sndfile", MFD_CLOEXEC);
    CHECK(memfd >= 0, "memfd_create: %s", strerror(errno));
    snprintf(mem_path, sizeof mem_path, "/proc/self/fd/%d", memfd);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setup();
    return 0;
}

static void load(const uint8_t *data, size_t len)
{
    CHECK(ftruncate(memfd, 0) == 0, "ftruncate");
    size_t done = 0;
    while (done < len) {
        ssize_t w = pwrite(memfd, data + done, len - done, (off_t)done);
        CHECK(w > 0, "pwrite: %s", strerror(errno));
        done += (size_t)w;
    }
    CHECK(lseek(memfd, 0, SEEK_SET) == 0, "lseek");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT)
        return 0;
    setup();
    uint8_t opt = data[0];
    int use_stdin = opt & 1;
    static const int channels[] = {-1, 0, 1, 5};
    int sel = (opt >> 1) & 3;
    gfp_sndfile_opts o = {0};
    o.channel = channels[sel];
    o.stack = (opt >> 3) & 1;
    o.who = "fuzz";
    if (o.stack) {
        o.channel = -1;
        o.n = (size_t)2 << ((opt >> 4) % 11);
        o.hop = o.n >> sel ? o.n >> sel : 1;
    }
    load(data + 1, size - 1);
    int saved_stdin = -1;
    if (use_stdin) {
        saved_stdin = dup(STDIN_FILENO);
        CHECK(dup2(memfd, STDIN_FILENO) == STDIN_FILENO, "dup2");
    }
    gfp_source src;
    gfp_error err = {0};
    gfp_status st = gfp_sndfile_open(use_stdin ? "-" : mem_path, &o, &src,
                                     &err);
    if (st != GFP_OK) {
        CHECK(err.status == st && err.msg[0], "failure without a message");
        CHECK(st == GFP_EFORMAT || st == GFP_EINVAL || st == GFP_EIO ||
                  st == GFP_ENOMEM,
              "status %d", (int)st);
    } else {
        CHECK(src.read_fn && src.rate >= 1 && src.rate <= 10000000,
              "rate %g", src.rate);
        CHECK(src.channels >= 1 && src.channels <= 1024, "channels %d",
              src.channels);
        CHECK(o.stack || src.channels == 1, "mono channels %d",
              src.channels);
        /* Reads of odd sizes, as the pipeline's chunks are. */
        static float buf[12289];
        uint64_t total = 0;
        size_t lens[] = {4, 4096, 12289 * 4, 100, 8192 * 4 + 4};
        int i = 0;
        for (;;) {
            size_t want = lens[i++ % 5];
            size_t got = 0;
            st = gfp_source_read(&src, buf, want, &got, &err);
            CHECK(got <= want && got % sizeof(float) == 0,
                  "got %zu of %zu", got, want);
            total += got;
            if (st != GFP_OK) {
                CHECK(err.msg[0], "read failure without a message");
                break;
            }
            if (src.eof || got == 0 || total > MAX_DELIVERED)
                break;
        }
        if (o.stack && st == GFP_OK && total <= MAX_DELIVERED)
            CHECK(total % (o.n * (size_t)src.channels * sizeof(float)) == 0,
                  "stack delivered %llu bytes: not whole sets of frames",
                  (unsigned long long)total);
        gfp_source_close(&src);
    }
    if (use_stdin) {
        if (saved_stdin >= 0) {
            dup2(saved_stdin, STDIN_FILENO);
            close(saved_stdin);
        } else {
            close(STDIN_FILENO);
        }
    }
    return 0;
}
