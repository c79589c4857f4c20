/* io_npy.c - NumPy .npy files (format 1.0 written; 1.0 to 3.0 read): the
 * header of a float32 matrix, headers of any dtype and shape, and parsing
 * of float/complex C-order arrays held in memory; numpy.load reads ours. */
#include "config.h"
#include "gfp.h"

#include <stdlib.h>
#include <string.h>

gfp_status gfp_npy_write_header_f32(gfp_sink *snk, size_t rows, size_t cols,
                                    gfp_error *err)
{
    union { uint16_t u; unsigned char b[2]; } probe = {1};
    char dict[128];
    int len = snprintf(dict, sizeof dict,
                       "{'descr': '%cf4', 'fortran_order': False, "
                       "'shape': (%zu, %zu), }",
                       probe.b[0] ? '<' : '>', rows, cols);
    if (len < 0 || (size_t)len >= sizeof dict - 16)
        return gfp_fail(err, GFP_EINVAL, "matrix shape too large for .npy");
    /* magic(6) + version(2) + header length(2) + dict + pad + '\n': a
     * multiple of 64 bytes, as numpy writes it. */
    size_t total = 10 + (size_t)len + 1;
    total = (total + 63) / 64 * 64;
    unsigned char hdr[192];
    size_t hlen = total - 10;
    memcpy(hdr, "\x93NUMPY\x01\x00", 8);
    hdr[8] = (unsigned char)(hlen & 0xff);
    hdr[9] = (unsigned char)(hlen >> 8);
    memcpy(hdr + 10, dict, (size_t)len);
    memset(hdr + 10 + len, ' ', total - 10 - (size_t)len - 1);
    hdr[total - 1] = '\n';
    return gfp_sink_write(snk, hdr, total, err);
}

/* ---- any dtype, any shape ------------------------------------------------ */

gfp_status gfp_npy_write_header(gfp_sink *snk, const gfp_format *f,
                                int ndim, const size_t *shape, gfp_error *err)
{
    union { uint16_t u; unsigned char b[2]; } probe = {1};
    int big = f->big_endian || !probe.b[0];
    char kind = f->is_complex ? 'c' : f->sample >= GFP_F32 ? 'f'
                : f->sample == GFP_U8 ? 'u' : 'i';
    size_t bytes = gfp_format_item_bytes(f);
    char dict[256], dims[160] = "";
    size_t dl = 0;
    if (ndim < 1 || ndim > 4)
        return gfp_fail(err, GFP_EINVAL, "internal: .npy of %d dimensions",
                        ndim);
    for (int i = 0; i < ndim; i++)
        dl += (size_t)snprintf(dims + dl, sizeof dims - dl, "%zu,%s",
                               shape[i], i + 1 < ndim ? " " : "");
    if (ndim > 1)
        dims[dl - 1] = '\0'; /* (3,) for one dimension, (2, 3) for two */
    int len = snprintf(dict, sizeof dict,
                       "{'descr': '%c%c%zu', 'fortran_order': False, "
                       "'shape': (%s), }",
                       bytes == 1 ? '|' : big ? '>' : '<', kind, bytes, dims);
    if (len < 0 || (size_t)len >= sizeof dict - 16)
        return gfp_fail(err, GFP_EINVAL, "array shape too large for .npy");
    size_t total = (10 + (size_t)len + 1 + 63) / 64 * 64;
    unsigned char hdr[320];
    size_t hlen = total - 10;
    memcpy(hdr, "\x93NUMPY\x01\x00", 8);
    hdr[8] = (unsigned char)(hlen & 0xff);
    hdr[9] = (unsigned char)(hlen >> 8);
    memcpy(hdr + 10, dict, (size_t)len);
    memset(hdr + 10 + len, ' ', total - 10 - (size_t)len - 1);
    hdr[total - 1] = '\n';
    return gfp_sink_write(snk, hdr, total, err);
}

/* The value of 'key' in a header dict: a pointer just past "'key':". */
static const char *npy_key(const char *d, size_t len, const char *key)
{
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl + 2 < len; i++)
        if ((d[i] == '\'' || d[i] == '"') && !memcmp(d + i + 1, key, kl) &&
            d[i + 1 + kl] == d[i]) {
            const char *p = d + i + kl + 2;
            while (p < d + len && (*p == ' ' || *p == ':'))
                p++;
            return p < d + len ? p : NULL;
        }
    return NULL;
}

gfp_status gfp_npy_parse(const void *data, size_t len, gfp_npy_info *out,
                         gfp_error *err)
{
    const unsigned char *b = data;
    memset(out, 0, sizeof *out);
    if (len < 10 || memcmp(b, "\x93NUMPY", 6))
        return gfp_fail(err, GFP_EFORMAT, ".npy: not a NumPy file (no "
                        "\\x93NUMPY magic)");
    size_t hl, off;
    if (b[6] == 1) {
        hl = b[8] | (size_t)b[9] << 8;
        off = 10;
    } else if (b[6] == 2 || b[6] == 3) {
        if (len < 12)
            return gfp_fail(err, GFP_EFORMAT, ".npy: truncated header");
        hl = b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 |
             (size_t)b[11] << 24;
        off = 12;
    } else {
        return gfp_fail(err, GFP_EFORMAT, ".npy: unknown version %d.%d",
                        b[6], b[7]);
    }
    if (hl > len - off || hl > 1 << 20)
        return gfp_fail(err, GFP_EFORMAT, ".npy: truncated header");
    const char *d = (const char *)b + off;
    const char *v = npy_key(d, hl, "descr");
    if (!v || (*v != '\'' && *v != '"') || v + 4 >= d + hl)
        return gfp_fail(err, GFP_EFORMAT, ".npy: header has no 'descr'");
    char endian = v[1], kind = v[2];
    char *end;
    long bytes = strtol(v + 3, &end, 10);
    if (end >= d + hl || *end != *v)
        return gfp_fail(err, GFP_EFORMAT, ".npy: bad 'descr'");
    gfp_format f = {0};
    if (kind == 'f' && bytes == 4) f.sample = GFP_F32;
    else if (kind == 'f' && bytes == 8) f.sample = GFP_F64;
    else if (kind == 'c' && bytes == 8) f.sample = GFP_F32, f.is_complex = 1;
    else if (kind == 'c' && bytes == 16) f.sample = GFP_F64, f.is_complex = 1;
    else
        return gfp_fail(err, GFP_EFORMAT, ".npy: dtype '%.*s' is not float32, "
                        "float64, complex64 or complex128", (int)(end - v - 1),
                        v + 1);
    union { uint16_t u; unsigned char c[2]; } probe = {1};
    f.big_endian = endian == '>' || ((endian == '=' || endian == '|') &&
                                     !probe.c[0]);
    const char *fo = npy_key(d, hl, "fortran_order");
    if (!fo || strncmp(fo, "False", 5))
        return gfp_fail(err, GFP_EFORMAT, ".npy: only C order is read "
                        "(fortran_order must be False)");
    const char *s = npy_key(d, hl, "shape");
    if (!s || *s != '(')
        return gfp_fail(err, GFP_EFORMAT, ".npy: header has no 'shape'");
    s++;
    int nd = 0;
    size_t count = 1;
    while (s < d + hl && *s != ')') {
        while (s < d + hl && (*s == ' ' || *s == ','))
            s++;
        if (s < d + hl && *s == ')')
            break;
        unsigned long long x = strtoull(s, &end, 10);
        if (end == s || nd == 4 || x > ((uint64_t)1 << 40) ||
            !gfp_mul_ok(count, (size_t)x, &count))
            return gfp_fail(err, GFP_EFORMAT, ".npy: bad or too large "
                            "'shape'");
        out->shape[nd++] = (size_t)x;
        s = end;
    }
    size_t need;
    if (!gfp_mul_ok(count, gfp_format_item_bytes(&f), &need))
        return gfp_fail(err, GFP_EFORMAT, ".npy: array too large");
    out->fmt = f;
    out->ndim = nd;
    out->count = count;
    out->data_offset = off + hl;
    if (len - out->data_offset < need)
        return gfp_fail(err, GFP_EFORMAT, ".npy: truncated: %zu bytes of "
                        "data for %zu values of %zu bytes",
                        len - out->data_offset, count,
                        gfp_format_item_bytes(&f));
    return GFP_OK;
}
