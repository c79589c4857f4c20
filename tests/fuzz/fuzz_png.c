/* fuzz_png.c - fuzz target: the PNG reading path (src/io_png_read.c,
 * gfp_png_read, what fft2 reads images with), from memory.
 *
 * The input is the PNG file. Cap: when the bytes start with a PNG
 * signature and an IHDR, images over 2^22 pixels are skipped before
 * decoding (the reader's own limit, GFP_PNG_MAX_PIXELS = 2^28 pixels of
 * up to 8 bytes, is a legitimate 2 GiB: an OOM here, not a bug). libpng
 * bounds the ancillary chunks itself (png_set_chunk_malloc_max, 8 MB).
 *
 * Oracles: failure has a one-line message; success gives 1..4 channels,
 * depth 8 or 16, sides >= 1 within the limits, and a pixel buffer of
 * exactly width * height * channels * depth/8 bytes (every byte is read,
 * so ASan sees a short buffer). */
#include "config.h"
#include "gfp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUT (1u << 20)
#define MAX_PIXELS ((uint64_t)1 << 22)

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "fuzz_png: check failed: %s: ", #cond);         \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
           p[3];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT)
        return 0;
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a,
                                   '\n'};
    if (size >= 24 && !memcmp(data, sig, 8) && !memcmp(data + 12, "IHDR", 4)) {
        uint64_t w = be32(data + 16), h = be32(data + 20);
        if (w * h > MAX_PIXELS)
            return 0;
    }
    gfp_image img;
    memset(&img, 0, sizeof img);
    gfp_error err = {0};
    gfp_status st = gfp_png_read(data, size, &img, &err);
    if (st != GFP_OK) {
        CHECK(err.status == st && err.msg[0] && !strchr(err.msg, '\n'),
              "failure without a one-line message (%d: '%s')", (int)st,
              err.msg);
        gfp_image_free(&img);
        return 0;
    }
    CHECK(img.width >= 1 && img.height >= 1 &&
              img.width <= GFP_PNG_MAX_SIDE && img.height <= GFP_PNG_MAX_SIDE,
          "%zu x %zu", img.width, img.height);
    CHECK(img.channels >= 1 && img.channels <= 4, "channels %d",
          img.channels);
    CHECK(img.depth == 8 || img.depth == 16, "depth %d", img.depth);
    CHECK(img.pixels, "no pixels");
    size_t bytes = img.width * img.height * (size_t)img.channels *
                   (size_t)(img.depth / 8);
    const volatile uint8_t *px = img.pixels;
    unsigned sum = 0;
    for (size_t i = 0; i < bytes; i++)
        sum += px[i];
    (void)sum;
    gfp_image_free(&img);
    return 0;
}
