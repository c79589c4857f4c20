/* common.c - helpers shared by the transform stages. */
#include "config.h"
#include "filters.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

gfp_status gfp_norm_parse(const char *s, gfp_norm *out, gfp_error *err)
{
    static const char *const names[] = {"backward", "ortho", "forward"};
    int i;
    if (gfp_opt_choice("norm", s, names, 3, &i, err))
        return GFP_EINVAL;
    *out = (gfp_norm)i;
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

/* ---- colour maps: control points, interpolated ---------------------------- */

static const uint8_t cm_points[4][11][3] = {
    /* viridis */
    {{68,1,84}, {72,36,117}, {65,68,135}, {53,95,141}, {42,120,142},
     {33,145,140}, {34,168,132}, {68,191,112}, {122,209,81}, {189,223,38},
     {253,231,37}},
    /* magma */
    {{0,0,4}, {20,14,54}, {59,15,112}, {100,26,128}, {140,41,129},
     {183,55,121}, {222,73,104}, {247,112,92}, {254,159,109}, {254,207,146},
     {252,253,191}},
    /* inferno */
    {{0,0,4}, {22,11,57}, {66,10,104}, {106,23,110}, {147,38,103},
     {188,55,84}, {221,81,58}, {243,120,25}, {252,165,10}, {246,215,70},
     {252,255,164}},
    /* plasma */
    {{13,8,135}, {65,4,157}, {106,0,168}, {143,13,164}, {177,42,144},
     {204,71,120}, {225,100,98}, {242,132,75}, {252,166,54}, {252,206,37},
     {240,249,33}},
};

static const char *const cmap_names[] = {"viridis", "magma", "inferno",
                                         "plasma", "gray"};

gfp_status gfp_cmap_parse(const char *s, gfp_cmap *out)
{
    for (int i = 0; i < 5; i++)
        if (!strcmp(s, cmap_names[i])) {
            *out = (gfp_cmap)i;
            return GFP_OK;
        }
    if (!strcmp(s, "grey")) {
        *out = GFP_CM_GRAY;
        return GFP_OK;
    }
    return GFP_EINVAL;
}

void gfp_cmap_lut(gfp_cmap id, uint8_t lut[256][3])
{
    for (int i = 0; i < 256; i++) {
        if (id == GFP_CM_GRAY) {
            lut[i][0] = lut[i][1] = lut[i][2] = (uint8_t)i;
            continue;
        }
        double x = i / 255.0 * 10;
        int k = (int)x;
        if (k > 9)
            k = 9;
        double f = x - k;
        const uint8_t *a = cm_points[id][k], *b = cm_points[id][k + 1];
        for (int c = 0; c < 3; c++)
            lut[i][c] = (uint8_t)lround(a[c] + f * (b[c] - a[c]));
    }
}
