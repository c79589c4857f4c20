/* common.c - helpers shared by the transform stages. */
#include "config.h"
#include "filters.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

gfp_status gfp_norm_parse(const char *s, gfp_norm *out)
{
    if (!strcmp(s, "backward")) *out = GFP_NORM_BACKWARD;
    else if (!strcmp(s, "ortho")) *out = GFP_NORM_ORTHO;
    else if (!strcmp(s, "forward")) *out = GFP_NORM_FORWARD;
    else return GFP_EINVAL;
    return GFP_OK;
}

double gfp_norm_scale(gfp_norm norm, size_t n, int inverse)
{
    switch (norm) {
    case GFP_NORM_ORTHO: return 1.0 / sqrt((double)n);
    case GFP_NORM_BACKWARD: return inverse ? 1.0 / (double)n : 1.0;
    case GFP_NORM_FORWARD: return inverse ? 1.0 : 1.0 / (double)n;
    }
    return 1.0;
}

void gfp_fftshift(const double *src, size_t nb, size_t width, double *dst)
{
    size_t h = nb / 2;
    for (size_t j = 0; j < nb; j++) {
        size_t from = (j + nb - h) % nb;
        memcpy(dst + j * width, src + from * width, width * sizeof *dst);
    }
}

gfp_status gfp_write_values(gfp_sink *snk, const gfp_format *fmt,
                            const void *vals, int dbl, size_t count,
                            void **buf, size_t *cap, gfp_error *err)
{
    if (gfp_format_is_native(fmt, dbl))
        return gfp_sink_write(snk, vals, count * (dbl ? 8 : 4), err);
    size_t bytes = count * gfp_sample_bytes(fmt->sample);
    if (bytes > *cap) {
        void *nb = realloc(*buf, bytes);
        if (!nb)
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
        *buf = nb;
        *cap = bytes;
    }
    if (dbl)
        gfp_convert_out_f64(fmt, vals, count, *buf);
    else
        gfp_convert_out_f32(fmt, vals, count, *buf);
    return gfp_sink_write(snk, *buf, bytes, err);
}
