/* badfiles.c - malformed (and a few well-formed) WAV and PNG files for
 * tests/cli/bad-files.sh, rows 3 to 12 of shared/research/bad-inputs.md.
 *
 * WAV headers are written byte by byte, so every field can lie; PNGs are
 * written either by libpng (the valid ones of row 12, every colour type,
 * bit depth and interlacing) or chunk by chunk (the malformed ones). It
 * shares no code with gfftpipe.
 *
 *   badfiles wav FILE [KEY=VALUE ...]
 *       A WAV (RIFF, or RF64 with rf64=1) of 16-bit PCM tones; prints the
 *       offset of the first sample byte. KEYS (numbers in C notation):
 *         ch rate bits tag       fmt fields (1 2 8000 16 1: PCM)
 *         blockalign byterate    default from ch and bits
 *         frames                 sample frames written (default 64)
 *         datasize riffsize      the chunk sizes the header states
 *                                (default: the true ones)
 *         rf64 data64 riff64 samples64   RF64 with a ds64 chunk of these
 *         seed                   varies the samples
 *   badfiles png FILE TYPE DEPTH W H INTERLACE TRNS
 *       A valid PNG through libpng, TYPE gray|rgb|palette|graya|rgba,
 *       with a pattern that uses the whole sample range. Also writes
 *       FILE.planes.f64, the planes fft2 transforms (gray: 1, colour: R G
 *       B; values / max, as doubles), and FILE.pixels.f64, every channel
 *       after expansion (palette and tRNS to RGB(A), low depths to 8
 *       bits; H x W x C, / max), and prints the planes' sums.
 *   badfiles craft FILE W H TYPE DEPTH IDAT [KEY=VALUE ...]
 *       A PNG made chunk by chunk with an IHDR that says W x H (any 32-bit
 *       values). IDAT: ok (rows of the bytes (3x + 7y) mod 256, when they
 *       fit in 64 MiB; prints the sum of those bytes / 255, which for an
 *       8-bit gray image is fft2's DC bin), emptyok (a zero-length IDAT,
 *       then ok's), none,
 *       empty (one zero-length IDAT), short (the first third of ok),
 *       badcrc (ok with its CRC flipped), cut (the file ends inside
 *       IDAT), bomb:MB (a zlib stream that inflates to MB MiB of zero
 *       rows, in IDAT chunks of 1 MiB). KEYS: text=BYTES (a tEXt chunk
 *       that long before IDAT), ztxt=MB (a zTXt that inflates to MB MiB),
 *       iccp=MB (an iCCP that does).
 *   badfiles check-dc SPECTRUM.cf64 PLANES.f64 W H
 *       Each plane's DC bin in fft2's R2C output (planes of H rows of
 *       W/2+1 complex doubles) against the plane's sum; exit 1 if off.
 *   badfiles cmp A.f64 B.f64 TOL
 *       max |a - b| over max |b| (or absolute when b is all zero); exit
 *       1 above TOL or when the lengths differ.
 *   badfiles maxrss RSSFILE CMD [ARG ...]
 *       Runs CMD, writes its peak resident set (KiB) to RSSFILE, exits
 *       with CMD's status (128 + signal when killed). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

static void die(const char *what, const char *arg)
{
    fprintf(stderr, "badfiles: %s%s%s\n", what, arg ? ": " : "",
            arg ? arg : "");
    exit(2);
}

static FILE *open_out(const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        die(strerror(errno), path);
    return f;
}

static void close_out(FILE *f, const char *path)
{
    if (ferror(f) || fclose(f))
        die("write error", path);
}

static uint64_t num(const char *s)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end)
        die("not a number", s);
    return v;
}

/* ---- bytes ----------------------------------------------------------------- */

typedef struct buf {
    unsigned char *p;
    size_t len, cap;
} buf;

static void put(buf *b, const void *d, size_t n)
{
    if (b->len + n > b->cap) {
        size_t c = b->cap ? b->cap : 256;
        while (c < b->len + n)
            c *= 2;
        if (!(b->p = realloc(b->p, c)))
            die("out of memory", NULL);
        b->cap = c;
    }
    memcpy(b->p + b->len, d, n);
    b->len += n;
}

static void le(buf *b, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        unsigned char c = (unsigned char)(v >> (8 * i));
        put(b, &c, 1);
    }
}

static void be32(buf *b, uint32_t v)
{
    unsigned char c[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 8), (unsigned char)v};
    put(b, c, 4);
}

static void write_buf(const buf *b, const char *path)
{
    FILE *f = open_out(path);
    if (b->len && fwrite(b->p, 1, b->len, f) != b->len)
        die("write error", path);
    close_out(f, path);
}

/* ---- WAV ------------------------------------------------------------------- */

static int cmd_wav(int argc, char **argv)
{
    if (argc < 1)
        die("usage: badfiles wav FILE [KEY=VALUE ...]", NULL);
    const char *path = argv[0];
    uint64_t ch = 2, rate = 8000, bits = 16, tag = 1, frames = 64, seed = 1;
    uint64_t blockalign = 0, byterate = 0, datasize = 0, riffsize = 0;
    uint64_t data64 = 0, riff64 = 0, samples64 = 0;
    int have_ba = 0, have_br = 0, have_ds = 0, have_rs = 0, rf64 = 0;
    int have_d64 = 0, have_r64 = 0, have_s64 = 0;
    for (int i = 1; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq)
            die("not KEY=VALUE", argv[i]);
        *eq = 0;
        const char *k = argv[i];
        uint64_t v = num(eq + 1);
        if (!strcmp(k, "ch")) ch = v;
        else if (!strcmp(k, "rate")) rate = v;
        else if (!strcmp(k, "bits")) bits = v;
        else if (!strcmp(k, "tag")) tag = v;
        else if (!strcmp(k, "frames")) frames = v;
        else if (!strcmp(k, "seed")) seed = v;
        else if (!strcmp(k, "blockalign")) blockalign = v, have_ba = 1;
        else if (!strcmp(k, "byterate")) byterate = v, have_br = 1;
        else if (!strcmp(k, "datasize")) datasize = v, have_ds = 1;
        else if (!strcmp(k, "riffsize")) riffsize = v, have_rs = 1;
        else if (!strcmp(k, "rf64")) rf64 = v != 0;
        else if (!strcmp(k, "data64")) data64 = v, have_d64 = 1;
        else if (!strcmp(k, "riff64")) riff64 = v, have_r64 = 1;
        else if (!strcmp(k, "samples64")) samples64 = v, have_s64 = 1;
        else die("unknown key", k);
    }
    /* The true sizes; the sample bytes are 16-bit tones whatever the
     * header says, at most 64 MiB of them. */
    uint64_t bps = bits >= 8 ? bits / 8 : 1;
    uint64_t true_data = frames * (ch ? ch : 1) * bps;
    if (true_data > ((uint64_t)64 << 20))
        die("more than 64 MiB of samples", NULL);
    if (!have_ba) blockalign = (ch ? ch : 1) * bps;
    if (!have_br) byterate = rate * blockalign;
    if (!have_ds) datasize = true_data;
    uint64_t hdr_rest = 4 + 8 + 16 + 8 + (rf64 ? 8 + 28 : 0);
    if (!have_rs) riffsize = hdr_rest + true_data + (true_data & 1);
    if (!have_d64) data64 = true_data;
    if (!have_r64) riff64 = hdr_rest + true_data + (true_data & 1);
    if (!have_s64) samples64 = frames;

    buf b = {0};
    put(&b, rf64 ? "RF64" : "RIFF", 4);
    le(&b, rf64 ? 0xFFFFFFFFu : riffsize, 4);
    put(&b, "WAVE", 4);
    if (rf64) {
        put(&b, "ds64", 4);
        le(&b, 28, 4);
        le(&b, riff64, 8);
        le(&b, data64, 8);
        le(&b, samples64, 8);
        le(&b, 0, 4); /* no table */
    }
    put(&b, "fmt ", 4);
    le(&b, 16, 4);
    le(&b, tag, 2);
    le(&b, ch, 2);
    le(&b, rate, 4);
    le(&b, byterate, 4);
    le(&b, blockalign, 2);
    le(&b, bits, 2);
    put(&b, "data", 4);
    le(&b, rf64 ? 0xFFFFFFFFu : datasize, 4);
    size_t data_at = b.len;
    for (uint64_t i = 0; i < true_data / 2; i++) {
        /* channel c of frame f: a tone of its own */
        uint64_t f = i / (ch ? ch : 1), c = i % (ch ? ch : 1);
        double x = 0.5 * sin(2 * M_PI * (double)f * (0.01 + 0.03 * (double)c +
                                                     0.001 * (double)seed));
        le(&b, (uint16_t)(int16_t)lrint(x * 32767), 2);
    }
    if (true_data & 1)
        le(&b, 0, 1);
    write_buf(&b, path);
    free(b.p);
    printf("%zu\n", data_at);
    return 0;
}

/* ---- valid PNGs through libpng ----------------------------------------------- */

/* A sample of depth d at (x, y, channel k): every level appears. */
static unsigned level(unsigned x, unsigned y, unsigned k, int d)
{
    uint32_t h = (x + 1) * 2654435761u ^ (y + 7) * 40503u ^ (k + 3) * 97u;
    h ^= h >> 13;
    return (unsigned)(h % (1u << d));
}

static int cmd_png(int argc, char **argv)
{
    if (argc != 7)
        die("usage: badfiles png FILE TYPE DEPTH W H INTERLACE TRNS", NULL);
    const char *path = argv[0], *tname = argv[1];
    int d = (int)num(argv[2]);
    unsigned W = (unsigned)num(argv[3]), H = (unsigned)num(argv[4]);
    int inter = (int)num(argv[5]), trns = (int)num(argv[6]);
    int type, nsamp; /* samples per pixel in the file */
    if (!strcmp(tname, "gray")) type = PNG_COLOR_TYPE_GRAY, nsamp = 1;
    else if (!strcmp(tname, "rgb")) type = PNG_COLOR_TYPE_RGB, nsamp = 3;
    else if (!strcmp(tname, "palette")) type = PNG_COLOR_TYPE_PALETTE, nsamp = 1;
    else if (!strcmp(tname, "graya")) type = PNG_COLOR_TYPE_GRAY_ALPHA, nsamp = 2;
    else if (!strcmp(tname, "rgba")) type = PNG_COLOR_TYPE_RGBA, nsamp = 4;
    else die("unknown colour type", tname);
    if (trns && (type == PNG_COLOR_TYPE_GRAY_ALPHA || type == PNG_COLOR_TYPE_RGBA))
        die("tRNS goes with gray, rgb or palette", NULL);

    /* the palette: distinct colours; tRNS alpha for the first half */
    int npal = type == PNG_COLOR_TYPE_PALETTE ? 1 << d : 0;
    png_color pal[256];
    png_byte pal_a[256];
    for (int i = 0; i < npal; i++) {
        pal[i].red = (png_byte)(i * 73 + 11);
        pal[i].green = (png_byte)(255 - i * 29);
        pal[i].blue = (png_byte)(i * 151 + 7);
        pal_a[i] = (png_byte)(i * 97);
    }
    unsigned max = (1u << d) - 1;
    /* gray / RGB tRNS: the colour of pixel (0, 0) becomes transparent */
    png_color_16 tc = {0};
    tc.gray = (png_uint_16)level(0, 0, 0, d);
    tc.red = (png_uint_16)level(0, 0, 0, d);
    tc.green = (png_uint_16)level(0, 0, 1, d);
    tc.blue = (png_uint_16)level(0, 0, 2, d);

    /* the rows, packed as PNG stores them */
    size_t rowbytes = ((size_t)W * (size_t)nsamp * (size_t)d + 7) / 8;
    unsigned char *img = calloc((size_t)H, rowbytes);
    png_bytep *rows = malloc((size_t)H * sizeof *rows);
    /* expectations: channels after expansion */
    int xc = type == PNG_COLOR_TYPE_GRAY ? (trns ? 2 : 1)
             : type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2
             : type == PNG_COLOR_TYPE_RGB ? (trns ? 4 : 3)
             : type == PNG_COLOR_TYPE_PALETTE ? (trns ? 4 : 3) : 4;
    int np = xc < 3 ? 1 : 3;
    double *px = malloc((size_t)W * H * (size_t)xc * sizeof *px);
    double *planes = malloc((size_t)W * H * (size_t)np * sizeof *planes);
    if (!img || !rows || !px || !planes)
        die("out of memory", NULL);
    /* after expansion: 16 bits stay 16, anything else becomes 8 */
    double xmax = d == 16 ? 65535.0 : 255.0;
    unsigned scale = d == 16 ? 1 : d == 8 ? 1 : 255u / max;
    for (unsigned y = 0; y < H; y++) {
        rows[y] = img + (size_t)y * rowbytes;
        for (unsigned x = 0; x < W; x++) {
            unsigned s[4];
            for (int k = 0; k < nsamp; k++) {
                s[k] = level(x, y, (unsigned)k, d);
                size_t bit = ((size_t)x * (size_t)nsamp + (size_t)k) * (size_t)d;
                unsigned char *q = rows[y] + bit / 8;
                if (d == 16) {
                    q[0] = (unsigned char)(s[k] >> 8);
                    q[1] = (unsigned char)s[k];
                } else {
                    *q |= (unsigned char)(s[k] << (8 - d - bit % 8));
                }
            }
            double v[4];
            if (type == PNG_COLOR_TYPE_PALETTE) {
                v[0] = pal[s[0]].red;
                v[1] = pal[s[0]].green;
                v[2] = pal[s[0]].blue;
                v[3] = trns ? pal_a[s[0]] : 255;
            } else {
                for (int k = 0; k < nsamp; k++)
                    v[k] = (double)(s[k] * scale);
                if (trns && type == PNG_COLOR_TYPE_GRAY)
                    v[1] = s[0] == tc.gray ? 0 : xmax;
                if (trns && type == PNG_COLOR_TYPE_RGB)
                    v[3] = s[0] == tc.red && s[1] == tc.green &&
                                   s[2] == tc.blue ? 0 : xmax;
            }
            size_t i = (size_t)y * W + x;
            for (int k = 0; k < xc; k++)
                px[i * (size_t)xc + (size_t)k] = v[k] / xmax;
            for (int k = 0; k < np; k++)
                planes[(size_t)k * W * H + i] = v[k] / xmax;
        }
    }

    FILE *f = open_out(path);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
                                              NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!png || !info || setjmp(png_jmpbuf(png)))
        die("libpng failed", path);
    png_init_io(png, f);
    png_set_IHDR(png, info, W, H, d, type,
                 inter ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (npal)
        png_set_PLTE(png, info, pal, npal);
    if (trns && npal)
        png_set_tRNS(png, info, pal_a, npal, NULL);
    else if (trns)
        png_set_tRNS(png, info, NULL, 0, &tc);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    close_out(f, path);

    char name[4096];
    snprintf(name, sizeof name, "%s.planes.f64", path);
    f = open_out(name);
    fwrite(planes, sizeof *planes, (size_t)W * H * (size_t)np, f);
    close_out(f, name);
    snprintf(name, sizeof name, "%s.pixels.f64", path);
    f = open_out(name);
    fwrite(px, sizeof *px, (size_t)W * H * (size_t)xc, f);
    close_out(f, name);
    for (int k = 0; k < np; k++) {
        double sum = 0;
        for (size_t i = 0; i < (size_t)W * H; i++)
            sum += planes[(size_t)k * W * H + i];
        printf("%s%.17g", k ? " " : "", sum);
    }
    printf("\n");
    free(img);
    free(rows);
    free(px);
    free(planes);
    return 0;
}

/* ---- PNGs chunk by chunk ------------------------------------------------------ */

static void chunk(buf *b, const char *type, const void *data, size_t len,
                  int bad_crc)
{
    be32(b, (uint32_t)len);
    size_t at = b->len;
    put(b, type, 4);
    if (len)
        put(b, data, len);
    uLong crc = crc32(0L, b->p + at, (uInt)(len + 4));
    be32(b, (uint32_t)crc ^ (bad_crc ? 0xFFu : 0));
}

/* A zlib stream of `total` bytes: zeros, or src's when not NULL. */
static void deflate_bytes(buf *out, const unsigned char *src, uint64_t total)
{
    z_stream z = {0};
    if (deflateInit(&z, 9) != Z_OK)
        die("deflateInit failed", NULL);
    static unsigned char zero[1 << 16], o[1 << 16];
    int flush;
    do {
        uint64_t n = total < sizeof zero ? total : sizeof zero;
        total -= n;
        flush = total ? Z_NO_FLUSH : Z_FINISH;
        z.next_in = src ? (unsigned char *)src : zero;
        z.avail_in = (uInt)n;
        if (src)
            src += n;
        do {
            z.next_out = o;
            z.avail_out = sizeof o;
            deflate(&z, flush);
            put(out, o, sizeof o - z.avail_out);
        } while (z.avail_out == 0);
    } while (flush != Z_FINISH);
    deflateEnd(&z);
}

static int cmd_craft(int argc, char **argv)
{
    if (argc < 6)
        die("usage: badfiles craft FILE W H TYPE DEPTH IDAT [KEY=VALUE ...]",
            NULL);
    const char *path = argv[0], *idat = argv[5];
    uint32_t W = (uint32_t)num(argv[1]), H = (uint32_t)num(argv[2]);
    int type = (int)num(argv[3]), depth = (int)num(argv[4]);
    uint64_t text = 0, ztxt = 0, iccp = 0;
    for (int i = 6; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq)
            die("not KEY=VALUE", argv[i]);
        *eq = 0;
        if (!strcmp(argv[i], "text")) text = num(eq + 1);
        else if (!strcmp(argv[i], "ztxt")) ztxt = num(eq + 1);
        else if (!strcmp(argv[i], "iccp")) iccp = num(eq + 1);
        else die("unknown key", argv[i]);
    }
    int spp = type == 0 || type == 3 ? 1 : type == 2 ? 3 : type == 4 ? 2 : 4;
    /* raw bytes of the image, filter bytes included */
    uint64_t rowbytes = ((uint64_t)W * (uint64_t)spp * (uint64_t)depth + 7) / 8;
    uint64_t rawlen = (rowbytes + 1) * (uint64_t)H;

    buf b = {0};
    put(&b, "\x89PNG\r\n\x1a\n", 8);
    buf ih = {0};
    be32(&ih, W);
    be32(&ih, H);
    unsigned char t[5] = {(unsigned char)depth, (unsigned char)type, 0, 0, 0};
    put(&ih, t, 5);
    chunk(&b, "IHDR", ih.p, ih.len, 0);
    free(ih.p);
    if (type == 3) {
        unsigned char pal[3 * 256] = {0};
        int n = depth <= 8 ? 1 << depth : 256;
        for (int i = 0; i < 3 * n; i++)
            pal[i] = (unsigned char)i;
        chunk(&b, "PLTE", pal, 3 * (size_t)n, 0);
    }
    if (iccp) {
        buf c = {0};
        put(&c, "x", 2); /* name "x" and its NUL */
        unsigned char method = 0;
        put(&c, &method, 1);
        deflate_bytes(&c, NULL, iccp << 20);
        chunk(&b, "iCCP", c.p, c.len, 0);
        free(c.p);
    }
    if (text) {
        buf c = {0};
        put(&c, "Comment", 8);
        for (uint64_t i = 0; i < text; i++)
            put(&c, "a", 1);
        chunk(&b, "tEXt", c.p, c.len, 0);
        free(c.p);
    }
    if (ztxt) {
        buf c = {0};
        put(&c, "Comment", 8);
        unsigned char method = 0;
        put(&c, &method, 1);
        deflate_bytes(&c, NULL, ztxt << 20);
        chunk(&b, "zTXt", c.p, c.len, 0);
        free(c.p);
    }
    int cut = 0;
    if (!strcmp(idat, "none")) {
        /* no IDAT at all */
    } else if (!strcmp(idat, "empty")) {
        chunk(&b, "IDAT", NULL, 0, 0);
    } else if (!strncmp(idat, "bomb:", 5)) {
        buf z = {0};
        deflate_bytes(&z, NULL, num(idat + 5) << 20);
        for (size_t at = 0; at < z.len; at += 1 << 20) {
            size_t n = z.len - at < (1u << 20) ? z.len - at : 1u << 20;
            chunk(&b, "IDAT", z.p + at, n, 0);
        }
        free(z.p);
    } else {
        if (rawlen > ((uint64_t)64 << 20))
            die("the image would be over 64 MiB", NULL);
        /* filter byte 0 (none), then the pattern */
        unsigned char *raw = malloc(rawlen ? rawlen : 1);
        if (!raw)
            die("out of memory", NULL);
        double sum = 0;
        for (uint64_t y = 0, i = 0; y < H; y++) {
            raw[i++] = 0;
            for (uint64_t x = 0; x < rowbytes; x++, i++) {
                raw[i] = (unsigned char)((3 * x + 7 * y) & 255);
                sum += raw[i];
            }
        }
        printf("%.17g\n", sum / 255);
        buf z = {0};
        deflate_bytes(&z, raw, rawlen);
        free(raw);
        if (!strcmp(idat, "ok")) {
            chunk(&b, "IDAT", z.p, z.len, 0);
        } else if (!strcmp(idat, "emptyok")) {
            chunk(&b, "IDAT", NULL, 0, 0);
            chunk(&b, "IDAT", z.p, z.len, 0);
        } else if (!strcmp(idat, "badcrc")) {
            chunk(&b, "IDAT", z.p, z.len, 1);
        } else if (!strcmp(idat, "short")) {
            chunk(&b, "IDAT", z.p, z.len / 3, 0);
        } else if (!strcmp(idat, "cut")) {
            chunk(&b, "IDAT", z.p, z.len, 0);
            b.len -= 4 + z.len / 2; /* ends in the middle of the data */
            cut = 1;
        } else {
            die("unknown IDAT kind", idat);
        }
        free(z.p);
    }
    if (!cut)
        chunk(&b, "IEND", NULL, 0, 0);
    write_buf(&b, path);
    free(b.p);
    return 0;
}

/* ---- checks -------------------------------------------------------------------- */

static double *load_f64(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(strerror(errno), path);
    size_t cap = 1024, len = 0;
    double *v = malloc(cap * sizeof *v);
    size_t r;
    while (v && (r = fread(v + len, sizeof *v, cap - len, f)) > 0) {
        len += r;
        if (len == cap && !(v = realloc(v, (cap *= 2) * sizeof *v)))
            break;
    }
    if (!v)
        die("out of memory", NULL);
    fclose(f);
    *n = len;
    return v;
}

static int cmd_check_dc(int argc, char **argv)
{
    if (argc != 4)
        die("usage: badfiles check-dc SPECTRUM.cf64 PLANES.f64 W H", NULL);
    size_t ns, np;
    double *s = load_f64(argv[0], &ns), *p = load_f64(argv[1], &np);
    size_t W = (size_t)num(argv[2]), H = (size_t)num(argv[3]);
    size_t plane = W * H, splane = 2 * H * (W / 2 + 1);
    if (!plane || np % plane || ns != np / plane * splane) {
        printf("sizes: %zu spectrum doubles for %zu planes of %zux%zu\n", ns,
               np / (plane ? plane : 1), W, H);
        return 1;
    }
    int bad = 0;
    for (size_t k = 0; k < np / plane; k++) {
        double sum = 0;
        for (size_t i = 0; i < plane; i++)
            sum += p[k * plane + i];
        double re = s[k * splane], im = s[k * splane + 1];
        int off = fabs(re - sum) > 1e-9 * (fabs(sum) > 1 ? fabs(sum) : 1) ||
                  fabs(im) > 1e-9 * (fabs(sum) > 1 ? fabs(sum) : 1);
        printf("plane %zu: DC %.17g%+.3gi, pixel sum %.17g%s\n", k, re, im,
               sum, off ? "  <- wrong" : "");
        bad |= off;
    }
    free(s);
    free(p);
    return bad;
}

static int cmd_cmp(int argc, char **argv)
{
    if (argc != 3)
        die("usage: badfiles cmp A.f64 B.f64 TOL", NULL);
    size_t na, nb;
    double *a = load_f64(argv[0], &na), *b = load_f64(argv[1], &nb);
    double tol = strtod(argv[2], NULL), err = 0, ref = 0;
    if (na != nb) {
        printf("lengths differ: %zu and %zu values\n", na, nb);
        return 1;
    }
    for (size_t i = 0; i < na; i++) {
        double e = fabs(a[i] - b[i]);
        if (!(e <= err)) /* NaN counts as the largest error */
            err = isnan(e) ? INFINITY : e;
        if (fabs(b[i]) > ref)
            ref = fabs(b[i]);
    }
    double rel = ref > 0 ? err / ref : err;
    printf("max error %.3g (relative to max |b| %.3g)\n", rel, ref);
    free(a);
    free(b);
    return !(rel <= tol);
}

static int cmd_maxrss(int argc, char **argv)
{
    if (argc < 2)
        die("usage: badfiles maxrss RSSFILE CMD [ARG ...]", NULL);
    pid_t pid = fork();
    if (pid < 0)
        die(strerror(errno), "fork");
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        fprintf(stderr, "badfiles: %s: %s\n", argv[1], strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            die(strerror(errno), "wait4");
    FILE *f = open_out(argv[0]);
    fprintf(f, "%ld\n", ru.ru_maxrss);
    close_out(f, argv[0]);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        die("usage: badfiles wav|png|craft|check-dc|cmp|maxrss ...", NULL);
    const char *c = argv[1];
    if (!strcmp(c, "wav")) return cmd_wav(argc - 2, argv + 2);
    if (!strcmp(c, "png")) return cmd_png(argc - 2, argv + 2);
    if (!strcmp(c, "craft")) return cmd_craft(argc - 2, argv + 2);
    if (!strcmp(c, "check-dc")) return cmd_check_dc(argc - 2, argv + 2);
    if (!strcmp(c, "cmp")) return cmd_cmp(argc - 2, argv + 2);
    if (!strcmp(c, "maxrss")) return cmd_maxrss(argc - 2, argv + 2);
    die("unknown command", c);
    return 2;
}
