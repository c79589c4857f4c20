/* format.c - sample formats and conversions between stream bytes and the
 * working values (float or double) the engines compute on. */
#include "config.h"
#include "gfp.h"

#include <math.h>
#include <string.h>

static const struct { const char *name; gfp_sample s; } sample_names[] = {
    {"u8", GFP_U8}, {"s8", GFP_S8}, {"s16", GFP_S16},
    {"s32", GFP_S32}, {"f32", GFP_F32}, {"f64", GFP_F64},
};

static int host_big_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 0;
}

gfp_status gfp_format_parse(const char *s, gfp_format *out)
{
    if (!s)
        return GFP_EINVAL;
    gfp_format f = {GFP_F32, 0, host_big_endian()};
    if (*s == 'c') {
        f.is_complex = 1;
        s++;
    }
    for (size_t i = 0; i < sizeof sample_names / sizeof *sample_names; i++) {
        size_t len = strlen(sample_names[i].name);
        if (strncmp(s, sample_names[i].name, len))
            continue;
        const char *rest = s + len;
        if (!strcmp(rest, "le"))
            f.big_endian = 0;
        else if (!strcmp(rest, "be"))
            f.big_endian = 1;
        else if (*rest)
            continue;
        f.sample = sample_names[i].s;
        *out = f;
        return GFP_OK;
    }
    return GFP_EINVAL;
}

void gfp_format_name(const gfp_format *f, char *buf, size_t len)
{
    const char *base = "?";
    for (size_t i = 0; i < sizeof sample_names / sizeof *sample_names; i++)
        if (sample_names[i].s == f->sample)
            base = sample_names[i].name;
    const char *suffix = "";
    if (gfp_sample_bytes(f->sample) > 1 && f->big_endian != host_big_endian())
        suffix = f->big_endian ? "be" : "le";
    snprintf(buf, len, "%s%s%s", f->is_complex ? "c" : "", base, suffix);
}

gfp_format gfp_format_native(gfp_sample s, int is_complex)
{
    gfp_format f = {s, is_complex, host_big_endian()};
    return f;
}

size_t gfp_sample_bytes(gfp_sample s)
{
    switch (s) {
    case GFP_U8: case GFP_S8: return 1;
    case GFP_S16: return 2;
    case GFP_S32: case GFP_F32: return 4;
    case GFP_F64: return 8;
    }
    return 0;
}

size_t gfp_format_item_bytes(const gfp_format *f)
{
    return gfp_sample_bytes(f->sample) * (f->is_complex ? 2 : 1);
}

int gfp_format_is_64bit(const gfp_format *f)
{
    return f->sample == GFP_F64;
}

int gfp_format_is_native(const gfp_format *f, int dbl)
{
    return f->sample == (dbl ? GFP_F64 : GFP_F32) &&
           f->big_endian == host_big_endian();
}

/* Reads sample i of type s from bytes p, swapping when swap. */
static inline double load_sample(gfp_sample s, int swap, const uint8_t *p)
{
    switch (s) {
    case GFP_U8: return ((double)p[0] - 128.0) / 128.0;
    case GFP_S8: return (double)(int8_t)p[0] / 128.0;
    case GFP_S16: {
        uint16_t u;
        memcpy(&u, p, 2);
        if (swap) u = __builtin_bswap16(u);
        return (double)(int16_t)u / 32768.0;
    }
    case GFP_S32: {
        uint32_t u;
        memcpy(&u, p, 4);
        if (swap) u = __builtin_bswap32(u);
        return (double)(int32_t)u / 2147483648.0;
    }
    case GFP_F32: {
        uint32_t u;
        float v;
        memcpy(&u, p, 4);
        if (swap) u = __builtin_bswap32(u);
        memcpy(&v, &u, 4);
        return v;
    }
    case GFP_F64: {
        uint64_t u;
        double v;
        memcpy(&u, p, 8);
        if (swap) u = __builtin_bswap64(u);
        memcpy(&v, &u, 8);
        return v;
    }
    }
    return 0;
}

static inline int64_t clamp_round(double v, double scale, double offset,
                                  int64_t lo, int64_t hi)
{
    if (isnan(v))
        return (int64_t)offset;
    double x = nearbyint(v * scale + offset);
    if (x < (double)lo) return lo;
    if (x > (double)hi) return hi;
    return (int64_t)x;
}

static inline void store_sample(gfp_sample s, int swap, double v, uint8_t *p)
{
    switch (s) {
    case GFP_U8:
        p[0] = (uint8_t)clamp_round(v, 128.0, 128.0, 0, 255);
        return;
    case GFP_S8:
        p[0] = (uint8_t)(int8_t)clamp_round(v, 128.0, 0, -128, 127);
        return;
    case GFP_S16: {
        uint16_t u = (uint16_t)(int16_t)clamp_round(v, 32768.0, 0, -32768,
                                                    32767);
        if (swap) u = __builtin_bswap16(u);
        memcpy(p, &u, 2);
        return;
    }
    case GFP_S32: {
        uint32_t u = (uint32_t)(int32_t)clamp_round(
            v, 2147483648.0, 0, INT32_MIN, INT32_MAX);
        if (swap) u = __builtin_bswap32(u);
        memcpy(p, &u, 4);
        return;
    }
    case GFP_F32: {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        if (swap) u = __builtin_bswap32(u);
        memcpy(p, &u, 4);
        return;
    }
    case GFP_F64: {
        uint64_t u;
        memcpy(&u, &v, 8);
        if (swap) u = __builtin_bswap64(u);
        memcpy(p, &u, 8);
        return;
    }
    }
}

#define CONVERT_IN(T, NAME)                                                  \
    void NAME(const gfp_format *f, const void *src, size_t n, T *dst)        \
    {                                                                        \
        if (gfp_format_is_native(f, sizeof(T) == 8)) {                       \
            memcpy(dst, src, n * sizeof(T));                                 \
            return;                                                          \
        }                                                                    \
        const uint8_t *p = src;                                              \
        size_t sb = gfp_sample_bytes(f->sample);                             \
        int swap = f->big_endian != host_big_endian();                       \
        for (size_t i = 0; i < n; i++, p += sb)                              \
            dst[i] = (T)load_sample(f->sample, swap, p);                     \
    }
CONVERT_IN(float, gfp_convert_in_f32)
CONVERT_IN(double, gfp_convert_in_f64)

#define CONVERT_OUT(T, NAME)                                                 \
    void NAME(const gfp_format *f, const T *src, size_t n, void *dst)        \
    {                                                                        \
        if (gfp_format_is_native(f, sizeof(T) == 8)) {                       \
            memcpy(dst, src, n * sizeof(T));                                 \
            return;                                                          \
        }                                                                    \
        uint8_t *p = dst;                                                    \
        size_t sb = gfp_sample_bytes(f->sample);                             \
        int swap = f->big_endian != host_big_endian();                       \
        for (size_t i = 0; i < n; i++, p += sb)                              \
            store_sample(f->sample, swap, (double)src[i], p);                \
    }
CONVERT_OUT(float, gfp_convert_out_f32)
CONVERT_OUT(double, gfp_convert_out_f64)
