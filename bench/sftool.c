/* sftool.c - libsndfile alone, for bench/convolve-gpu.sh: the baseline
 * (decode a file and encode one of a given length, nothing else), test
 * signals, and comparisons. Built in the build tree (bench/sftool) so it
 * runs against the same libsndfile as gfftpipe.
 *
 *   sftool gen OUT SECONDS RATE CHANNELS pcm16|float [decay]
 *       noise at 0.3 (xorshift, fixed seed); with decay an impulse
 *       response: 0.3 at t = 0, then noise decaying by 60 dB over SECONDS
 *       (sum of squares about 0.34, so outputs rarely clip)
 *   sftool copy IN OUT [EXTRA]
 *       decode IN and encode OUT in IN's format, plus EXTRA frames of
 *       zeros (so that OUT is as long as a full convolution's output)
 *   sftool head IN OUT SECONDS     the first SECONDS of IN, IN's format
 *   sftool frames IN               prints the frame count
 *   sftool cmp REF GOT             frame counts equal and ||got-ref|| /
 *       ||ref|| printed; exit 1 when the lengths differ */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sndfile.h>

enum { BLOCK = 65536 };

static SNDFILE *open_in(const char *path, SF_INFO *info)
{
    memset(info, 0, sizeof *info);
    SNDFILE *f = sf_open(path, SFM_READ, info);
    if (!f) {
        fprintf(stderr, "sftool: %s: %s\n", path, sf_strerror(NULL));
        exit(2);
    }
    return f;
}

static SNDFILE *open_out(const char *path, SF_INFO *info)
{
    SNDFILE *f = sf_open(path, SFM_WRITE, info);
    if (!f) {
        fprintf(stderr, "sftool: %s: %s\n", path, sf_strerror(NULL));
        exit(2);
    }
    return f;
}

static void put(SNDFILE *f, const float *buf, sf_count_t n)
{
    if (sf_writef_float(f, buf, n) != n) {
        fprintf(stderr, "sftool: write failed: %s\n", sf_strerror(f));
        exit(2);
    }
}

static double rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 2685821657736338717ull) >> 11) * 0x1p-53 * 2 - 1;
}

static int gen(int argc, char **argv)
{
    if (argc < 7)
        return 1;
    double secs = atof(argv[3]);
    int rate = atoi(argv[4]), ch = atoi(argv[5]);
    int decay = argc > 7 && !strcmp(argv[7], "decay");
    SF_INFO info = {.samplerate = rate, .channels = ch,
                    .format = SF_FORMAT_WAV | (strcmp(argv[6], "float")
                                               ? SF_FORMAT_PCM_16
                                               : SF_FORMAT_FLOAT)};
    SNDFILE *f = open_out(argv[2], &info);
    sf_count_t total = (sf_count_t)(secs * rate), done = 0;
    float *buf = malloc(sizeof(float) * BLOCK * (size_t)ch);
    uint64_t s = decay ? 0x9e3779b97f4a7c15ull : 0x2545f4914f6cdd1dull;
    while (done < total) {
        sf_count_t n = total - done < BLOCK ? total - done : BLOCK;
        for (sf_count_t i = 0; i < n; i++) {
            /* the tail's energy about 0.25 whatever its length */
            double g = decay ? sqrt(3.45 / (double)total) *
                                   exp(-6.9 * (double)(done + i) /
                                       (double)total)
                             : 0.3;
            for (int c = 0; c < ch; c++)
                buf[i * ch + c] = (float)(g * rnd(&s));
            if (decay && done + i == 0)
                for (int c = 0; c < ch; c++)
                    buf[c] = 0.3f;
        }
        put(f, buf, n);
        done += n;
    }
    free(buf);
    return sf_close(f) ? 2 : 0;
}

static int copy(const char *in, const char *out, sf_count_t extra,
                sf_count_t max)
{
    SF_INFO info;
    SNDFILE *a = open_in(in, &info);
    SF_INFO oi = {.samplerate = info.samplerate, .channels = info.channels,
                  .format = info.format};
    SNDFILE *b = open_out(out, &oi);
    float *buf = calloc((size_t)BLOCK * (size_t)info.channels, sizeof *buf);
    sf_count_t got, total = 0;
    while ((max < 0 || total < max) &&
           (got = sf_readf_float(a, buf, max >= 0 && max - total < BLOCK
                                             ? max - total : BLOCK)) > 0) {
        put(b, buf, got);
        total += got;
    }
    memset(buf, 0, sizeof(float) * BLOCK * (size_t)info.channels);
    while (extra > 0) {
        sf_count_t n = extra < BLOCK ? extra : BLOCK;
        put(b, buf, n);
        extra -= n;
    }
    free(buf);
    sf_close(a);
    return sf_close(b) ? 2 : 0;
}

static int cmp(const char *ref, const char *got)
{
    SF_INFO ia, ib;
    SNDFILE *a = open_in(ref, &ia), *b = open_in(got, &ib);
    if (ia.frames != ib.frames || ia.channels != ib.channels) {
        printf("lengths differ: %lld x %d frames against %lld x %d\n",
               (long long)ia.frames, ia.channels, (long long)ib.frames,
               ib.channels);
        return 1;
    }
    size_t n = (size_t)BLOCK * (size_t)ia.channels;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double num = 0, den = 0;
    sf_count_t g1;
    while ((g1 = sf_readf_double(a, x, BLOCK)) > 0) {
        if (sf_readf_double(b, y, g1) != g1)
            return 2;
        for (size_t i = 0; i < (size_t)g1 * (size_t)ia.channels; i++) {
            num += (y[i] - x[i]) * (y[i] - x[i]);
            den += x[i] * x[i];
        }
    }
    printf("%lld frames, relative L2 error %.3g\n", (long long)ia.frames,
           den > 0 ? sqrt(num / den) : sqrt(num));
    free(x);
    free(y);
    sf_close(a);
    sf_close(b);
    return 0;
}

int main(int argc, char **argv)
{
    const char *m = argc > 1 ? argv[1] : "";
    int rc = 1;
    if (!strcmp(m, "gen"))
        rc = gen(argc, argv);
    else if (!strcmp(m, "copy") && (argc == 4 || argc == 5))
        rc = copy(argv[2], argv[3], argc == 5 ? atoll(argv[4]) : 0, -1);
    else if (!strcmp(m, "head") && argc == 5) {
        SF_INFO info;
        SNDFILE *f = open_in(argv[2], &info);
        sf_close(f);
        rc = copy(argv[2], argv[3], 0,
                  (sf_count_t)(atof(argv[4]) * info.samplerate));
    } else if (!strcmp(m, "frames") && argc == 3) {
        SF_INFO info;
        SNDFILE *f = open_in(argv[2], &info);
        printf("%lld\n", (long long)info.frames);
        sf_close(f);
        rc = 0;
    } else if (!strcmp(m, "cmp") && argc == 4)
        rc = cmp(argv[2], argv[3]);
    if (rc == 1 && strcmp(m, "cmp"))
        fprintf(stderr, "usage: sftool gen|copy|head|frames|cmp ... (see "
                "bench/sftool.c)\n");
    return rc;
}
