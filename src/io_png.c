/* io_png.c - PNG writing into a gfp_sink, so a named output goes through
 * its temporary (renamed when complete) and "-" is stdout: gray, RGB,
 * with or without alpha, 8 or 16 bits through libpng; palette images (the spectrogram's) deflated here on several
 * threads, with zlib's checksums. */
#include "config.h"
#include "gfp.h"

#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct png_out {
    gfp_sink *snk;
    gfp_error *err;
    jmp_buf jb;
} png_out;

static void on_write(png_structp png, png_bytep data, png_size_t len)
{
    png_out *o = png_get_io_ptr(png);
    if (gfp_sink_write(o->snk, data, len, o->err))
        png_error(png, "write failed");
}

static void on_flush(png_structp png)
{
    (void)png;
}

static void on_error(png_structp png, png_const_charp msg)
{
    png_out *o = png_get_error_ptr(png);
    /* A write error already has its message; keep the first. */
    gfp_fail(o->err, GFP_EIO, "PNG: %s", msg);
    longjmp(o->jb, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

gfp_status gfp_png_write_image(gfp_sink *snk, const gfp_image *im, int level,
                               gfp_error *err)
{
    static const int types[] = {PNG_COLOR_TYPE_GRAY,
                                PNG_COLOR_TYPE_GRAY_ALPHA,
                                PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    size_t width = im->width, height = im->height;
    if (width == 0 || height == 0 || width > PNG_USER_WIDTH_MAX ||
        height > PNG_USER_HEIGHT_MAX || im->channels < 1 ||
        im->channels > 4 || (im->depth != 8 && im->depth != 16))
        return gfp_fail(err, GFP_EINVAL, "PNG of %zux%zu pixels is not "
                        "possible", width, height);
    png_out o;
    o.snk = snk;
    o.err = err;
    /* volatile: read after a longjmp. */
    png_structp volatile png = png_create_write_struct(
        PNG_LIBPNG_VER_STRING, &o, on_error, on_warning);
    png_infop volatile info = NULL;
    if (!png)
        return gfp_fail(err, GFP_ENOMEM, "out of memory for the PNG writer");
    png_structp pp = png;
    png_infop ip;
    if (setjmp(o.jb)) {
        png_structp p2 = png;
        png_infop i2 = info;
        png_destroy_write_struct(&p2, i2 ? &i2 : NULL);
        return err->status ? err->status
                           : gfp_fail(err, GFP_EIO, "PNG writing failed");
    }
    info = png_create_info_struct(pp);
    if (!info)
        png_error(pp, "out of memory");
    ip = info;
    png_set_write_fn(pp, &o, on_write, on_flush);
    png_set_IHDR(pp, ip, (png_uint_32)width, (png_uint_32)height, im->depth,
                 types[im->channels - 1], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    /* Speed over the last few percent of size: at level 1, run-length
     * matching with the SUB filter is the fastest choice that still
     * compresses (measured on a 20000 x 1025 RGB plot: 1.0 s of deflate at
     * level 2 against 0.4 s). Above it, libpng's own filter choice. */
    png_set_compression_level(pp, level);
    if (level <= 1) {
        png_set_compression_strategy(pp, Z_RLE);
        png_set_filter(pp, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    }
    png_write_info(pp, ip);
    if (im->depth == 16) {
        union { uint16_t u; unsigned char b[2]; } probe = {1};
        if (probe.b[0])
            png_set_swap(pp); /* PNG is big-endian */
    }
    size_t rowbytes = width * (size_t)im->channels * (size_t)(im->depth / 8);
    for (size_t y = 0; y < height; y++)
        png_write_row(pp, (png_const_bytep)im->pixels + y * rowbytes);
    png_write_end(pp, ip);
    png_destroy_write_struct(&pp, &ip);
    return GFP_OK;
}

gfp_status gfp_png_write_rgb(gfp_sink *snk, const uint8_t *rgb, size_t width,
                             size_t height, int level, gfp_error *err)
{
    gfp_image im = {width, height, 3, 8, (void *)rgb};
    return gfp_png_write_image(snk, &im, level, err);
}

/* ---- palette images, deflated in parallel -------------------------------- */

/* libpng deflates on one thread. A palette image is written here without
 * it: the rows are cut into parts, each part is deflated on its own thread
 * as a raw deflate stream ending on a byte boundary (an empty stored block;
 * the last part ends with a final block), and the parts, between a zlib
 * header and the Adler-32 of all rows (adler32_combine), make the one zlib
 * stream that the IDAT chunks carry, as pigz does. Every row has filter
 * type 0: palette indices are not intensities.
 *
 * Each part is zlib's deflate; at level 1 with its Z_RLE strategy
 * (Huffman codes and runs of a repeated byte, what suits colour indices;
 * about 80 MB/s per core on the 2-core dev box), above that zlib's default
 * strategy. A part starts without the rows before it: a little is lost at
 * each seam. */

typedef struct zpart {
    const uint8_t *px;
    size_t width, y0, y1;
    int level, last;
    uint8_t *out;
    size_t len;
    uLong adler;
    int zerr;                  /* 0, or a zlib error code */
} zpart;

static void *deflate_part(void *arg)
{
    zpart *z = arg;
    z_stream s;
    memset(&s, 0, sizeof s);
    if ((z->zerr = deflateInit2(&s, z->level, Z_DEFLATED, -15, 8,
                                z->level <= 1 ? Z_RLE : Z_DEFAULT_STRATEGY)) !=
        Z_OK)
        return NULL;
    size_t rows = z->y1 - z->y0;
    /* deflateBound plus the empty stored block of the sync flush. */
    size_t cap = deflateBound(&s, (uLong)(rows * (z->width + 1))) + 16;
    if (!(z->out = malloc(cap))) {
        deflateEnd(&s);
        z->zerr = Z_MEM_ERROR;
        return NULL;
    }
    static const uint8_t filter_none = 0;
    uLong adler = adler32(0L, Z_NULL, 0);
    s.next_out = z->out;
    s.avail_out = (uInt)cap;
    int rc = Z_OK;
    for (size_t y = z->y0; y < z->y1 && rc == Z_OK; y++) {
        const uint8_t *row = z->px + y * z->width;
        int flush = y + 1 < z->y1 ? Z_NO_FLUSH
                    : z->last     ? Z_FINISH
                                  : Z_SYNC_FLUSH;
        s.next_in = (Bytef *)&filter_none;
        s.avail_in = 1;
        rc = deflate(&s, Z_NO_FLUSH);
        s.next_in = (Bytef *)row;
        s.avail_in = (uInt)z->width;
        if (rc == Z_OK)
            rc = deflate(&s, flush);
        if (rc == Z_STREAM_END || (rc == Z_OK && s.avail_in == 0))
            rc = rc == Z_STREAM_END ? Z_OK : rc;
        else if (rc == Z_OK)
            rc = Z_BUF_ERROR; /* cannot be: the buffer holds deflateBound */
        adler = adler32(adler, &filter_none, 1);
        adler = adler32(adler, row, (uInt)z->width);
    }
    z->len = cap - s.avail_out;
    z->adler = adler;
    z->zerr = rc;
    deflateEnd(&s);
    return NULL;
}

/* PNG chunks through the sink: IDAT data is gathered to 1 MiB chunks. */
typedef struct pngw {
    gfp_sink *snk;
    gfp_error *err;
    uint8_t *buf;
    size_t len, cap;
    gfp_status st;
} pngw;

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static void chunk(pngw *w, const char *type, const uint8_t *data, size_t len)
{
    uint8_t hd[8], crc[4];
    if (w->st)
        return;
    put32(hd, (uint32_t)len);
    memcpy(hd + 4, type, 4);
    uLong c = crc32(0L, (const Bytef *)type, 4);
    if (len)
        c = crc32(c, data, (uInt)len);
    put32(crc, (uint32_t)c);
    if ((w->st = gfp_sink_write(w->snk, hd, 8, w->err)) ||
        (len && (w->st = gfp_sink_write(w->snk, data, len, w->err))) ||
        (w->st = gfp_sink_write(w->snk, crc, 4, w->err)))
        return;
}

static void idat(pngw *w, const uint8_t *data, size_t len)
{
    while (len && !w->st) {
        size_t n = w->cap - w->len < len ? w->cap - w->len : len;
        memcpy(w->buf + w->len, data, n);
        w->len += n;
        data += n;
        len -= n;
        if (w->len == w->cap) {
            chunk(w, "IDAT", w->buf, w->len);
            w->len = 0;
        }
    }
}

gfp_status gfp_png_write_indexed(gfp_sink *snk, const uint8_t *idx,
                                 size_t width, size_t height,
                                 const uint8_t *palette, int npal, int level,
                                 int threads, gfp_error *err)
{
    enum { MAX_PARTS = 16, MIN_PART_BYTES = 256 << 10 };
    if (width == 0 || height == 0 || width > 0x7fffffff ||
        height > 0x7fffffff || width > ((size_t)1 << 30) / 2)
        return gfp_fail(err, GFP_EINVAL, "PNG of %zux%zu pixels is not "
                        "possible", width, height);
    if (!palette || npal < 1 || npal > 256)
        return gfp_fail(err, GFP_EINVAL, "PNG palette of %d entries", npal);
    if (level < 0 || level > 9)
        level = 6;
    /* Parts: one per thread, each at least MIN_PART_BYTES of pixels. */
    size_t parts = threads > 1 ? (size_t)threads : 1;
    if (parts > MAX_PARTS)
        parts = MAX_PARTS;
    size_t most = width * height / MIN_PART_BYTES;
    if (parts > most)
        parts = most ? most : 1;
    if (parts > height)
        parts = height;
    zpart z[MAX_PARTS];
    pthread_t tid[MAX_PARTS];
    int started[MAX_PARTS] = {0};
    memset(z, 0, sizeof z);
    for (size_t i = 0; i < parts; i++) {
        z[i].px = idx;
        z[i].width = width;
        z[i].y0 = i * height / parts;
        z[i].y1 = (i + 1) * height / parts;
        z[i].level = level;
        z[i].last = i + 1 == parts;
    }
    /* Part 0 on this thread; a thread that cannot start runs here too. */
    for (size_t i = 1; i < parts; i++)
        started[i] = pthread_create(&tid[i], NULL, deflate_part, &z[i]) == 0;
    deflate_part(&z[0]);
    for (size_t i = 1; i < parts; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            deflate_part(&z[i]);
    }
    gfp_status st = GFP_OK;
    pngw w = {snk, err, NULL, 0, (size_t)1 << 20, GFP_OK};
    for (size_t i = 0; i < parts && !st; i++)
        if (z[i].zerr)
            st = z[i].zerr == Z_MEM_ERROR
                     ? gfp_fail(err, GFP_ENOMEM, "out of memory for the PNG "
                                "encoder")
                     : gfp_fail(err, GFP_EIO, "PNG: deflate failed (zlib "
                                "error %d)", z[i].zerr);
    if (!st && !(w.buf = malloc(w.cap)))
        st = gfp_fail(err, GFP_ENOMEM, "out of memory for the PNG encoder");
    if (!st) {
        static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n',
                                       0x1a, '\n'};
        uint8_t ihdr[13], plte[768], zh[2], ad[4];
        if ((st = gfp_sink_write(snk, sig, 8, err)))
            goto done;
        put32(ihdr, (uint32_t)width);
        put32(ihdr + 4, (uint32_t)height);
        ihdr[8] = 8;  /* bits per index */
        ihdr[9] = 3;  /* colour type: palette */
        ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, filters, no interlace */
        chunk(&w, "IHDR", ihdr, 13);
        memcpy(plte, palette, (size_t)npal * 3);
        chunk(&w, "PLTE", plte, (size_t)npal * 3);
        /* zlib header: deflate, 32 KiB window, check bits; FLEVEL says
         * "fastest" for level 1, "default" otherwise. */
        zh[0] = 0x78;
        zh[1] = level <= 1 ? 0x01 : 0x9c;
        idat(&w, zh, 2);
        uLong adler = z[0].adler;
        for (size_t i = 0; i < parts; i++) {
            idat(&w, z[i].out, z[i].len);
            if (i > 0) {
                size_t rows = z[i].y1 - z[i].y0;
                adler = adler32_combine(adler, z[i].adler,
                                        (z_off_t)(rows * (width + 1)));
            }
        }
        put32(ad, (uint32_t)adler);
        idat(&w, ad, 4);
        if (w.len)
            chunk(&w, "IDAT", w.buf, w.len);
        chunk(&w, "IEND", NULL, 0);
        st = w.st;
    }
done:
    free(w.buf);
    for (size_t i = 0; i < parts; i++)
        free(z[i].out);
    return st;
}
