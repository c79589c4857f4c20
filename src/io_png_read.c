/* io_png_read.c - PNG decoding from memory with libpng: every colour type,
 * bit depth and interlacing, to 8/16-bit gray, gray+alpha, RGB or RGBA.
 * The input is already in memory (a stage that holds the whole image
 * anyway), so a truncated file is found at once, never waited on. */
#include "config.h"
#include "gfp.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct png_in {
    const unsigned char *data;
    size_t len, pos;
    gfp_error *err;
    char warning[160];  /* libpng says why in a warning before some errors */
    jmp_buf jb;
} png_in;

/* Deflate expands at most 1032:1 (a 258-byte match in two bits). */
#define INFLATE_MAX_RATIO 1032u
/* The ancillary chunks libpng knows, all but tRNS (which adds alpha):
 * skipped unread, so a huge tEXt or a zTXt/iCCP that inflates to
 * gigabytes costs nothing but the bytes of the file. */
static const png_byte skip_chunks[] =
    "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0"
    "sCAL\0sPLT\0sRGB\0sTER\0tEXt\0tIME\0zTXt";

static void on_read(png_structp png, png_bytep out, png_size_t n)
{
    png_in *in = png_get_io_ptr(png);
    if (n > in->len - in->pos)
        png_error(png, "the file is truncated");
    memcpy(out, in->data + in->pos, n);
    in->pos += n;
}

static void on_error(png_structp png, png_const_charp msg)
{
    png_in *in = png_get_error_ptr(png);
    if (in->warning[0])
        gfp_fail(in->err, GFP_EFORMAT, "PNG: %s (%s)", msg, in->warning);
    else
        gfp_fail(in->err, GFP_EFORMAT, "PNG: %s", msg);
    longjmp(in->jb, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    png_in *in = png_get_error_ptr(png);
    /* More image data than the header's size needs: the two disagree, so
     * the picture would be wrong. libpng only warns; this is an error. */
    if (strstr(msg, "Too much image data") ||
        strstr(msg, "Extra compressed data"))
        png_error(png, "the image data is longer than the header's size "
                  "needs (damaged file?)");
    snprintf(in->warning, sizeof in->warning, "%s", msg);
}

void gfp_image_free(gfp_image *img)
{
    if (img) {
        free(img->pixels);
        img->pixels = NULL;
    }
}

gfp_status gfp_png_read(const void *data, size_t len, gfp_image *img,
                        gfp_error *err)
{
    memset(img, 0, sizeof *img);
    if (len < 8 || png_sig_cmp((png_const_bytep)data, 0, 8))
        return gfp_fail(err, GFP_EFORMAT, "not a PNG file (bad signature)");
    png_in in = {.data = data, .len = len, .err = err};
    /* volatile: read after a longjmp. */
    png_structp volatile png = png_create_read_struct(
        PNG_LIBPNG_VER_STRING, &in, on_error, on_warning);
    png_infop volatile info = NULL;
    unsigned char *volatile pix = NULL;
    png_bytep *volatile rows = NULL;
    if (!png)
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the PNG reader");
    if (setjmp(in.jb)) {
        png_structp p2 = png;
        png_infop i2 = info;
        png_destroy_read_struct(&p2, i2 ? &i2 : NULL, NULL);
        free(pix);
        free(rows);
        return err->status ? err->status
                           : gfp_fail(err, GFP_EFORMAT, "PNG: bad file");
    }
    png_structp pp = png;
    info = png_create_info_struct(pp);
    if (!info)
        png_error(pp, "out of memory");
    png_infop ip = info;
    png_set_read_fn(pp, &in, on_read);
    /* Our own limits are checked below with a clearer message. */
    png_set_user_limits(pp, 0x7fffffffL, 0x7fffffffL);
    png_set_keep_unknown_chunks(pp, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(pp, PNG_HANDLE_CHUNK_NEVER, skip_chunks,
                                (int)(sizeof skip_chunks / 5));
    png_read_info(pp, ip);
    png_uint_32 w = png_get_image_width(pp, ip),
                h = png_get_image_height(pp, ip);
    size_t npix;
    if (w == 0 || h == 0 || w > GFP_PNG_MAX_SIDE || h > GFP_PNG_MAX_SIDE ||
        !gfp_mul_ok(w, h, &npix) || npix > GFP_PNG_MAX_PIXELS) {
        gfp_fail(err, GFP_EFORMAT, "PNG of %lux%lu pixels: sides must be 1 "
                 "to %zu and the image at most %zu pixels",
                 (unsigned long)w, (unsigned long)h, GFP_PNG_MAX_SIDE,
                 GFP_PNG_MAX_PIXELS);
        longjmp(in.jb, 1);
    }
    int depth = png_get_bit_depth(pp, ip);
    /* The pixels' bits cannot come out of fewer compressed bytes than this
     * file has left: a header that lies about the size is found before
     * anything is allocated for it. */
    uint64_t bits = (uint64_t)npix * png_get_channels(pp, ip) * (uint64_t)depth;
    if (bits / 8 > (uint64_t)(len - in.pos) * INFLATE_MAX_RATIO) {
        gfp_fail(err, GFP_EFORMAT, "PNG: %zu bytes are too few for the "
                 "%lux%lu pixels its header states (truncated or damaged?)",
                 len, (unsigned long)w, (unsigned long)h);
        longjmp(in.jb, 1);
    }
    /* palette -> RGB, gray < 8 bits -> 8, tRNS -> alpha */
    png_set_expand(pp);
    if (depth == 16) {
        union { uint16_t u; unsigned char b[2]; } probe = {1};
        if (probe.b[0])
            png_set_swap(pp);
    }
    png_set_interlace_handling(pp);
    png_read_update_info(pp, ip);
    int ch = png_get_channels(pp, ip);
    int d = png_get_bit_depth(pp, ip);
    size_t rowbytes = png_get_rowbytes(pp, ip), total;
    if ((d != 8 && d != 16) || ch < 1 || ch > 4 ||
        rowbytes != (size_t)w * (size_t)ch * (size_t)(d / 8)) {
        gfp_fail(err, GFP_EFORMAT, "PNG: unexpected layout after expansion "
                 "(%d channels of %d bits)", ch, d);
        longjmp(in.jb, 1);
    }
    if (!gfp_mul_ok(rowbytes, h, &total) ||
        !(pix = malloc(total)) || !(rows = malloc(h * sizeof *rows))) {
        gfp_fail(err, GFP_ENOMEM, "out of memory for a %lux%lu PNG",
                 (unsigned long)w, (unsigned long)h);
        longjmp(in.jb, 1);
    }
    for (size_t y = 0; y < h; y++)
        rows[y] = pix + y * rowbytes;
    png_read_image(pp, rows);
    png_read_end(pp, NULL);
    png_destroy_read_struct(&pp, &ip, NULL);
    free(rows);
    img->width = w;
    img->height = h;
    img->channels = ch;
    img->depth = d;
    img->pixels = pix;
    return GFP_OK;
}
