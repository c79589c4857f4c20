/* make-seeds.c - writes the sndfile fuzz target's seed corpus: one small
 * file (64 frames) per container/encoding libsndfile writes, each behind
 * the target's option byte (see fuzz_sndfile.c). Not built by make; run
 *   cc -o /tmp/make-seeds tests/fuzz/make-seeds.c -lsndfile -lm
 *   /tmp/make-seeds tests/fuzz/corpus/sndfile
 * The committed seeds came from this (libsndfile 1.2). */
#include <math.h>
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_one(const char *dir, const char *name, int format,
                     int channels, int opt)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/seed-%s-%dch-o%02x", dir, name, channels,
             opt);
    /* libsndfile writes to a temporary file; the option byte goes first. */
    char tmp[] = "/tmp/make-seeds-XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0)
        return -1;
    SF_INFO info = {0};
    info.samplerate = 8000;
    info.channels = channels;
    info.format = format;
    if (!sf_format_check(&info)) {
        unlink(tmp);
        return 1;
    }
    SNDFILE *sf = sf_open_fd(fd, SFM_WRITE, &info, 1);
    if (!sf) {
        unlink(tmp);
        return 1;
    }
    float buf[64 * 8];
    for (int i = 0; i < 64; i++)
        for (int c = 0; c < channels; c++)
            buf[i * channels + c] = 0.5f * sinf(0.3f * (float)(i * (c + 1)));
    sf_writef_float(sf, buf, 64);
    sf_close(sf);
    FILE *in = fopen(tmp, "rb"), *out = fopen(path, "wb");
    if (!in || !out)
        return -1;
    fputc(opt, out);
    int ch;
    while ((ch = fgetc(in)) != EOF)
        fputc(ch, out);
    fclose(in);
    fclose(out);
    unlink(tmp);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    static const struct { const char *name; int fmt; } f[] = {
        {"wav16", SF_FORMAT_WAV | SF_FORMAT_PCM_16},
        {"wavf", SF_FORMAT_WAV | SF_FORMAT_FLOAT},
        {"wavu8", SF_FORMAT_WAV | SF_FORMAT_PCM_U8},
        {"wavulaw", SF_FORMAT_WAV | SF_FORMAT_ULAW},
        {"wavadpcm", SF_FORMAT_WAV | SF_FORMAT_IMA_ADPCM},
        {"wavmsadpcm", SF_FORMAT_WAV | SF_FORMAT_MS_ADPCM},
        {"wavex24", SF_FORMAT_WAVEX | SF_FORMAT_PCM_24},
        {"aiff16", SF_FORMAT_AIFF | SF_FORMAT_PCM_16},
        {"aiffd", SF_FORMAT_AIFF | SF_FORMAT_DOUBLE},
        {"au32", SF_FORMAT_AU | SF_FORMAT_PCM_32},
        {"caf16", SF_FORMAT_CAF | SF_FORMAT_PCM_16},
        {"w64f", SF_FORMAT_W64 | SF_FORMAT_FLOAT},
        {"rf64", SF_FORMAT_RF64 | SF_FORMAT_PCM_16},
        {"flac16", SF_FORMAT_FLAC | SF_FORMAT_PCM_16},
        {"ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS},
        {"ircam", SF_FORMAT_IRCAM | SF_FORMAT_PCM_16},
        {"voc", SF_FORMAT_VOC | SF_FORMAT_PCM_16},
        {"nist", SF_FORMAT_NIST | SF_FORMAT_PCM_16},
        {"paf", SF_FORMAT_PAF | SF_FORMAT_PCM_16},
        {"svx", SF_FORMAT_SVX | SF_FORMAT_PCM_16},
        {"mat5", SF_FORMAT_MAT5 | SF_FORMAT_PCM_16},
        {"sd2", SF_FORMAT_SD2 | SF_FORMAT_PCM_16},
        {"htk", SF_FORMAT_HTK | SF_FORMAT_PCM_16},
        {"avr", SF_FORMAT_AVR | SF_FORMAT_PCM_16},
        {"mpc2k", SF_FORMAT_MPC2K | SF_FORMAT_PCM_16},
        {"wve", SF_FORMAT_WVE | SF_FORMAT_ALAW},
        {"xi", SF_FORMAT_XI | SF_FORMAT_DPCM_16},
    };
    /* option bytes: path/stdin, channel choices, stacking with a few n */
    int n = 0;
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        int opt = (int)(i * 37 % 256) & ~0x08; /* vary path/stdin, channel */
        n += write_one(argv[1], f[i].name, f[i].fmt, 1, opt) == 0;
        n += write_one(argv[1], f[i].name, f[i].fmt, 2, opt | 0x08 | 0x20) == 0;
        n += write_one(argv[1], f[i].name, f[i].fmt, 3, 0x01) == 0;
    }
    printf("%d seeds\n", n);
    return 0;
}
