/* io_npy.c - the header of a NumPy .npy file (format version 1.0) for a
 * float32 matrix; numpy.load reads it. */
#include "config.h"
#include "gfp.h"

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
