/* test_format.c - sample format names, sizes, conversions between stream
 * bytes and working values, and size parsing. Expected values come from
 * the format definitions (integers scale to [-1, 1), u8 centred at 128),
 * never from the implementation. */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <float.h>
#include <inttypes.h>

static int host_be(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 0;
}

/* Writes an unsigned value of `bytes` bytes in the given byte order. */
static void put_uint(uint8_t *p, uint64_t v, size_t bytes, int be)
{
    for (size_t i = 0; i < bytes; i++) {
        uint8_t b = (uint8_t)(v >> (8 * i));
        p[be ? bytes - 1 - i : i] = b;
    }
}

static uint64_t get_uint(const uint8_t *p, size_t bytes, int be)
{
    uint64_t v = 0;
    for (size_t i = 0; i < bytes; i++)
        v |= (uint64_t)p[be ? bytes - 1 - i : i] << (8 * i);
    return v;
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static const struct {
    const char *name;
    gfp_sample s;
    size_t bytes;
} samples[] = {
    {"u8", GFP_U8, 1}, {"s8", GFP_S8, 1}, {"s16", GFP_S16, 2},
    {"s32", GFP_S32, 4}, {"f32", GFP_F32, 4}, {"f64", GFP_F64, 8},
};
#define NSAMPLES (sizeof samples / sizeof *samples)

/* ---- names ------------------------------------------------------------ */

static void test_parse_every_name(void)
{
    static const char *suffixes[] = {"", "le", "be"};
    for (size_t i = 0; i < NSAMPLES; i++)
        for (int c = 0; c < 2; c++)
            for (int sfx = 0; sfx < 3; sfx++) {
                char name[32];
                snprintf(name, sizeof name, "%s%s%s", c ? "c" : "",
                         samples[i].name, suffixes[sfx]);
                gfp_format f;
                memset(&f, 0xab, sizeof f);
                gfp_status st = gfp_format_parse(name, &f);
                TU_CHECK(st == GFP_OK, "parse '%s' -> %d", name, st);
                if (st)
                    continue;
                int want_be = sfx == 0 ? host_be() : sfx == 2;
                TU_CHECK(f.sample == samples[i].s, "'%s' sample %d", name,
                         f.sample);
                TU_CHECK(f.is_complex == c, "'%s' is_complex %d", name,
                         f.is_complex);
                TU_CHECK(f.big_endian == want_be, "'%s' big_endian %d", name,
                         f.big_endian);
            }
}

static void test_parse_bad_names(void)
{
    static const char *bad[] = {
        "", "c", "x", "f16", "u16", "s64", "cf", "s", "f", "le", "be",
        "cle", "s16x", "f32lee", "f32bel", "f32l", "s16 ", " s16", "ccf32",
        "cf32c", "f32le ", "s16-le", "s16_be", "s1", "s166", "s 16",
        "f3", "f322", "u8u8", "complex", "float", "cs16lebe", "s8le8",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gfp_format f = {GFP_S8, 1, 1};
        gfp_format before = f;
        gfp_status st = gfp_format_parse(bad[i], &f);
        TU_CHECK(st == GFP_EINVAL, "bad name '%s' -> %d, want EINVAL", bad[i],
                 st);
        TU_CHECK(!memcmp(&f, &before, sizeof f),
                 "bad name '%s' changed the output", bad[i]);
    }
    gfp_format f;
    TU_CHECK(gfp_format_parse(NULL, &f) == GFP_EINVAL, "NULL name");
}

static void test_name_round_trip(void)
{
    for (size_t i = 0; i < NSAMPLES; i++)
        for (int c = 0; c < 2; c++)
            for (int be = 0; be < 2; be++) {
                gfp_format f = {samples[i].s, c, be}, g;
                char buf[32];
                gfp_format_name(&f, buf, sizeof buf);
                gfp_status st = gfp_format_parse(buf, &g);
                TU_CHECK(st == GFP_OK, "name '%s' does not parse", buf);
                if (st)
                    continue;
                TU_CHECK(g.sample == f.sample && g.is_complex == f.is_complex,
                         "name '%s' parses to another format", buf);
                /* Byte order means nothing for one-byte samples. */
                if (samples[i].bytes > 1)
                    TU_CHECK(g.big_endian == f.big_endian,
                             "name '%s' loses the byte order", buf);
                /* The name starts with c exactly for complex formats and
                 * contains the sample name. */
                TU_CHECK((buf[0] == 'c') == c, "name '%s' complex prefix",
                         buf);
                TU_CHECK(strstr(buf, samples[i].name) != NULL,
                         "name '%s' lacks '%s'", buf, samples[i].name);
                /* A native multi-byte format is named without suffix. */
                gfp_format n = gfp_format_native(samples[i].s, c);
                gfp_format_name(&n, buf, sizeof buf);
                char want[16];
                snprintf(want, sizeof want, "%s%s", c ? "c" : "",
                         samples[i].name);
                TU_CHECK(!strcmp(buf, want), "native name '%s', want '%s'",
                         buf, want);
            }
}

static void test_sizes(void)
{
    for (size_t i = 0; i < NSAMPLES; i++) {
        TU_CHECK(gfp_sample_bytes(samples[i].s) == samples[i].bytes,
                 "%s sample bytes %zu", samples[i].name,
                 gfp_sample_bytes(samples[i].s));
        for (int c = 0; c < 2; c++)
            for (int be = 0; be < 2; be++) {
                gfp_format f = {samples[i].s, c, be};
                TU_CHECK(gfp_format_item_bytes(&f) ==
                             samples[i].bytes * (c ? 2 : 1),
                         "%s%s item bytes %zu", c ? "c" : "", samples[i].name,
                         gfp_format_item_bytes(&f));
                TU_CHECK(gfp_format_is_64bit(&f) == (samples[i].s == GFP_F64),
                         "%s is_64bit", samples[i].name);
                /* Native means: no conversion at all for that precision. */
                int nat32 = samples[i].s == GFP_F32 && be == host_be();
                int nat64 = samples[i].s == GFP_F64 && be == host_be();
                TU_CHECK(!!gfp_format_is_native(&f, 0) == nat32,
                         "%s be=%d is_native(f32)", samples[i].name, be);
                TU_CHECK(!!gfp_format_is_native(&f, 1) == nat64,
                         "%s be=%d is_native(f64)", samples[i].name, be);
            }
        gfp_format n = gfp_format_native(samples[i].s, 1);
        TU_CHECK(n.sample == samples[i].s && n.is_complex == 1 &&
                     n.big_endian == host_be(),
                 "gfp_format_native(%s)", samples[i].name);
    }
}

/* ---- conversions in ----------------------------------------------------- */

/* Converts nscalars stream values in both precisions and checks them
 * against want[] (exact: every expected value here is representable). */
static void check_in(const gfp_format *f, const uint8_t *bytes, size_t n,
                     const double *want, const char *what)
{
    double d[16];
    float s[16];
    gfp_convert_in_f64(f, bytes, n, d);
    gfp_convert_in_f32(f, bytes, n, s);
    for (size_t i = 0; i < n; i++) {
        TU_CHECK(d[i] == want[i], "%s (be=%d) in_f64[%zu] = %.17g, want %.17g",
                 what, f->big_endian, i, d[i], want[i]);
        TU_CHECK(s[i] == (float)want[i],
                 "%s (be=%d) in_f32[%zu] = %.9g, want %.9g", what,
                 f->big_endian, i, (double)s[i], (double)(float)want[i]);
    }
}

static void test_in_u8_s8(void)
{
    for (int c = 0; c < 2; c++)
        for (int be = 0; be < 2; be++) {
            gfp_format u8 = {GFP_U8, c, be}, s8 = {GFP_S8, c, be};
            const uint8_t ub[] = {0, 128, 255, 64, 192, 129};
            const double uw[] = {-1.0, 0.0, 127.0 / 128, -0.5, 0.5,
                                 1.0 / 128};
            check_in(&u8, ub, 6, uw, "u8");
            const uint8_t sb[] = {0x80, 0x7f, 0, 0xc0, 0x40, 0xff};
            const double sw[] = {-1.0, 127.0 / 128, 0, -0.5, 0.5, -1.0 / 128};
            check_in(&s8, sb, 6, sw, "s8");
        }
}

static void test_in_s16_s32(void)
{
    for (int c = 0; c < 2; c++)
        for (int be = 0; be < 2; be++) {
            gfp_format f16 = {GFP_S16, c, be}, f32 = {GFP_S32, c, be};
            const int32_t v16[] = {-32768, 32767, 16384, -1, 0, 0x0102};
            uint8_t b[64];
            double want[8];
            for (int i = 0; i < 6; i++) {
                put_uint(b + 2 * i, (uint16_t)(int16_t)v16[i], 2, be);
                want[i] = v16[i] / 32768.0;
            }
            check_in(&f16, b, 6, want, "s16");
            const int64_t v32[] = {INT32_MIN, INT32_MAX, 1 << 30, 1, -1,
                                   0x01020304};
            for (int i = 0; i < 6; i++) {
                put_uint(b + 4 * i, (uint32_t)(int32_t)v32[i], 4, be);
                want[i] = (double)v32[i] / 2147483648.0;
            }
            /* s32 values need more than float's 24 bits: compare the f64
             * path exactly and the f32 path after rounding. */
            check_in(&f32, b, 6, want, "s32");
            TU_CHECK(want[0] == -1.0 && want[2] == 0.5 &&
                         want[3] == 0x1p-31,
                     "s32 scaling is 2^-31");
        }
}

static void test_in_float(void)
{
    for (int c = 0; c < 2; c++)
        for (int be = 0; be < 2; be++) {
            gfp_format f = {GFP_F32, c, be}, d = {GFP_F64, c, be};
            /* IEEE bit patterns written out by hand. */
            const uint32_t fb[] = {0x3fc00000u /* 1.5 */,
                                   0xc0000000u /* -2 */,
                                   0x3e800000u /* 0.25 */,
                                   0x7f800000u /* +inf */};
            const double fw[] = {1.5, -2.0, 0.25, INFINITY};
            uint8_t b[64];
            for (int i = 0; i < 4; i++)
                put_uint(b + 4 * i, fb[i], 4, be);
            check_in(&f, b, 4, fw, "f32");
            if (be) {
                const uint8_t want_bytes[4] = {0x3f, 0xc0, 0x00, 0x00};
                TU_CHECK(!memcmp(b, want_bytes, 4), "f32be 1.5 bytes");
            }
            const uint64_t db[] = {0x3ff8000000000000ull /* 1.5 */,
                                   0xbfd0000000000000ull /* -0.25 */,
                                   0x4059000000000000ull /* 100 */,
                                   0xfff0000000000000ull /* -inf */};
            const double dw[] = {1.5, -0.25, 100.0, -INFINITY};
            for (int i = 0; i < 4; i++)
                put_uint(b + 8 * i, db[i], 8, be);
            check_in(&d, b, 4, dw, "f64");
            /* NaN passes through float formats. */
            put_uint(b, 0x7fc00000u, 4, be);
            float s;
            double x;
            gfp_convert_in_f32(&f, b, 1, &s);
            gfp_convert_in_f64(&f, b, 1, &x);
            TU_CHECK(isnan(s) && isnan(x), "f32 NaN in (be=%d)", be);
        }
}

/* ---- conversions out ----------------------------------------------------- */

typedef struct { double v; int64_t want; } out_case;

/* Checks each v -> integer code in format f (both precisions, both byte
 * orders, real and complex). */
static void check_out_int(gfp_sample s, const out_case *cs, size_t n,
                          const char *what, int f32_too)
{
    size_t sb = gfp_sample_bytes(s);
    for (int c = 0; c < 2; c++)
        for (int be = 0; be < 2; be++) {
            gfp_format f = {s, c, be};
            for (size_t i = 0; i < n; i++) {
                uint8_t b[16];
                double d = cs[i].v;
                float fv = (float)cs[i].v;
                for (int prec = 0; prec < 2; prec++) {
                    if (prec == 0 && !f32_too)
                        continue;
                    memset(b, 0xee, sizeof b);
                    if (prec)
                        gfp_convert_out_f64(&f, &d, 1, b);
                    else
                        gfp_convert_out_f32(&f, &fv, 1, b);
                    uint64_t raw = get_uint(b, sb, be);
                    int64_t got;
                    if (s == GFP_U8)
                        got = (int64_t)raw;
                    else if (sb == 1)
                        got = (int8_t)raw;
                    else if (sb == 2)
                        got = (int16_t)raw;
                    else
                        got = (int32_t)raw;
                    TU_CHECK(got == cs[i].want,
                             "%s be=%d %s: %.17g -> %" PRId64 ", want %" PRId64,
                             what, be, prec ? "f64" : "f32", d, got,
                             cs[i].want);
                    TU_CHECK(b[sb] == 0xee, "%s wrote past one sample", what);
                }
            }
        }
}

static void test_out_clamp_round(void)
{
    const out_case u8[] = {
        {0.0, 128}, {-1.0, 0}, {1.0, 255}, {0.5, 192}, {-0.5, 64},
        {127.0 / 128, 255}, {2.0, 255}, {-2.0, 0}, {1e300, 255},
        {-1e300, 0}, {NAN, 128}, {INFINITY, 255}, {-INFINITY, 0},
        {1.4 / 128, 129}, {1.6 / 128, 130}, {-1.6 / 128, 126},
        {0.49 / 128, 128}, {-0.49 / 128, 128},
    };
    const out_case s8[] = {
        {0.0, 0}, {-1.0, -128}, {1.0, 127}, {0.5, 64}, {-0.5, -64},
        {3.0, 127}, {-3.0, -128}, {NAN, 0}, {INFINITY, 127},
        {-INFINITY, -128}, {1.4 / 128, 1}, {-1.6 / 128, -2},
        {-0.49 / 128, 0},
    };
    const out_case s16[] = {
        {0.0, 0}, {-1.0, -32768}, {1.0, 32767}, {0.5, 16384},
        {-0.5, -16384}, {32767.0 / 32768, 32767}, {1.5, 32767},
        {-1.5, -32768}, {NAN, 0}, {INFINITY, 32767}, {-INFINITY, -32768},
        {1.4 / 32768, 1}, {1.6 / 32768, 2}, {-1.6 / 32768, -2},
        {-1.4 / 32768, -1}, {0.49 / 32768, 0}, {-0.49 / 32768, 0},
        {-32767.6 / 32768, -32768}, {32766.6 / 32768, 32767},
    };
    const out_case s32[] = {
        {0.0, 0}, {-1.0, INT32_MIN}, {1.0, INT32_MAX}, {0.5, 1 << 30},
        {-0.25, -(1 << 29)}, {1.0000001, INT32_MAX}, {-7.0, INT32_MIN},
        {NAN, 0}, {INFINITY, INT32_MAX}, {-INFINITY, INT32_MIN},
        {3.4 * 0x1p-31, 3}, {-3.6 * 0x1p-31, -4}, {0.3 * 0x1p-31, 0},
        {2147483646.6 / 2147483648.0, INT32_MAX},
    };
    check_out_int(GFP_U8, u8, sizeof u8 / sizeof *u8, "u8", 1);
    check_out_int(GFP_S8, s8, sizeof s8 / sizeof *s8, "s8", 1);
    check_out_int(GFP_S16, s16, sizeof s16 / sizeof *s16, "s16", 1);
    /* s32 cases below 2^-24 relative need double input to be exact. */
    check_out_int(GFP_S32, s32, 10, "s32", 1);
    check_out_int(GFP_S32, s32, sizeof s32 / sizeof *s32, "s32", 0);
}

static void test_out_float(void)
{
    for (int be = 0; be < 2; be++) {
        gfp_format f = {GFP_F32, 0, be}, d = {GFP_F64, 1, be};
        const double v[] = {1.5, -2.0, 1e-3, 3.0e38, INFINITY, -INFINITY,
                            -0.0};
        for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
            uint8_t b[8];
            float fv = (float)v[i];
            gfp_convert_out_f32(&f, &fv, 1, b);
            TU_CHECK(get_uint(b, 4, be) == f32_bits(fv),
                     "f32 be=%d out of %g from f32", be, v[i]);
            gfp_convert_out_f64(&f, &v[i], 1, b);
            TU_CHECK(get_uint(b, 4, be) == f32_bits((float)v[i]),
                     "f32 be=%d out of %g from f64", be, v[i]);
            gfp_convert_out_f64(&d, &v[i], 1, b);
            TU_CHECK(get_uint(b, 8, be) == f64_bits(v[i]),
                     "f64 be=%d out of %g", be, v[i]);
        }
        uint8_t b[8];
        double one5 = 1.5;
        gfp_convert_out_f64(&f, &one5, 1, b);
        if (be) {
            const uint8_t want[4] = {0x3f, 0xc0, 0x00, 0x00};
            TU_CHECK(!memcmp(b, want, 4), "f32be 1.5 bytes %02x %02x %02x %02x",
                     b[0], b[1], b[2], b[3]);
        } else {
            const uint8_t want[4] = {0x00, 0x00, 0xc0, 0x3f};
            TU_CHECK(!memcmp(b, want, 4), "f32le 1.5 bytes %02x %02x %02x %02x",
                     b[0], b[1], b[2], b[3]);
        }
        /* NaN stays NaN in float formats. */
        double nan = NAN;
        float back;
        gfp_convert_out_f64(&f, &nan, 1, b);
        gfp_convert_in_f32(&f, b, 1, &back);
        TU_CHECK(isnan(back), "f32 be=%d NaN out", be);
    }
}

/* ---- round trips ---------------------------------------------------------- */

/* Every code of the 8- and 16-bit formats, random and extreme s32 codes:
 * bytes -> values -> bytes is the identity in f64, and in f32 where float
 * holds the value exactly. */
static void test_round_trip_int(void)
{
    enum { M = 65536 + 64 };
    uint8_t *in = malloc(4 * M), *out = malloc(4 * M);
    double *d = malloc(M * sizeof *d);
    float *s = malloc(M * sizeof *s);
    if (!in || !out || !d || !s) {
        CU_FAIL("out of memory");
        goto done;
    }
    for (size_t k = 0; k < 4; k++) {
        gfp_sample smp = (gfp_sample[]){GFP_U8, GFP_S8, GFP_S16, GFP_S32}[k];
        size_t sb = gfp_sample_bytes(smp);
        size_t n = sb == 1 ? 256 : sb == 2 ? 65536 : M;
        for (int c = 0; c < 2; c++)
            for (int be = 0; be < 2; be++) {
                gfp_format f = {smp, c, be};
                size_t ns = c ? n & ~(size_t)1 : n; /* whole I/Q pairs */
                for (size_t i = 0; i < ns; i++) {
                    uint64_t code = i;
                    if (sb == 4) {
                        const uint32_t ext[] = {0x80000000u, 0x7fffffffu, 0,
                                                1, 0xffffffffu, 0x80000001u,
                                                0x7ffffffeu, 0x40000000u};
                        code = i < 8 ? ext[i] : (uint32_t)tu_rand_u64();
                    }
                    put_uint(in + i * sb, code, sb, be);
                }
                gfp_convert_in_f64(&f, in, ns, d);
                int range_ok = 1;
                for (size_t i = 0; i < ns; i++)
                    if (!(d[i] >= -1.0 && d[i] < 1.0))
                        range_ok = 0;
                TU_CHECK(range_ok, "sample %zu: values outside [-1, 1)", k);
                memset(out, 0, ns * sb);
                gfp_convert_out_f64(&f, d, ns, out);
                TU_CHECK(!memcmp(in, out, ns * sb),
                         "f64 round trip, sample %zu c=%d be=%d", k, c, be);
                gfp_convert_in_f32(&f, in, ns, s);
                memset(out, 0, ns * sb);
                gfp_convert_out_f32(&f, s, ns, out);
                if (sb < 4) {
                    TU_CHECK(!memcmp(in, out, ns * sb),
                             "f32 round trip, sample %zu c=%d be=%d", k, c,
                             be);
                } else {
                    /* float keeps 24 bits: within 64 codes (half an ulp of
                     * values below 1, in units of 2^-31). */
                    int64_t worst = 0;
                    for (size_t i = 0; i < ns; i++) {
                        int64_t a = (int32_t)get_uint(in + 4 * i, 4, be);
                        int64_t b = (int32_t)get_uint(out + 4 * i, 4, be);
                        int64_t e = a > b ? a - b : b - a;
                        if (e > worst)
                            worst = e;
                    }
                    TU_CHECK(worst <= 64, "s32 f32 round trip off by %" PRId64,
                             worst);
                }
            }
    }
done:
    free(in);
    free(out);
    free(d);
    free(s);
}

static void test_round_trip_float(void)
{
    enum { M = 1000 };
    double v[M], back[M];
    float fv[M], fback[M];
    uint8_t b[8 * M];
    for (int i = 0; i < M; i++) {
        v[i] = tu_rand_range(-1e6, 1e6) * pow(10, tu_rand_range(-30, 30));
        fv[i] = (float)tu_rand_range(-1e3, 1e3);
    }
    for (int c = 0; c < 2; c++)
        for (int be = 0; be < 2; be++) {
            gfp_format d = {GFP_F64, c, be}, f = {GFP_F32, c, be};
            gfp_convert_out_f64(&d, v, M, b);
            TU_CHECK(get_uint(b, 8, be) == f64_bits(v[0]),
                     "f64 be=%d first value bytes", be);
            gfp_convert_in_f64(&d, b, M, back);
            TU_CHECK(!memcmp(v, back, sizeof v), "f64 be=%d round trip", be);
            gfp_convert_out_f32(&f, fv, M, b);
            TU_CHECK(get_uint(b + 4, 4, be) == f32_bits(fv[1]),
                     "f32 be=%d second value bytes", be);
            gfp_convert_in_f32(&f, b, M, fback);
            TU_CHECK(!memcmp(fv, fback, sizeof fv), "f32 be=%d round trip",
                     be);
        }
}

/* The conversion of a complex format is the scalar conversion applied to
 * I and Q in turn. */
static void test_complex_interleave(void)
{
    for (int be = 0; be < 2; be++) {
        gfp_format f = {GFP_S16, 1, be};
        uint8_t b[8];
        put_uint(b, (uint16_t)(int16_t)-16384, 2, be);  /* I0 */
        put_uint(b + 2, 8192, 2, be);                   /* Q0 */
        put_uint(b + 4, (uint16_t)(int16_t)-32768, 2, be); /* I1 */
        put_uint(b + 6, 32767, 2, be);                  /* Q1 */
        double d[4];
        gfp_convert_in_f64(&f, b, 4, d);
        TU_CHECK(d[0] == -0.5 && d[1] == 0.25 && d[2] == -1.0 &&
                     d[3] == 32767.0 / 32768,
                 "cs16 be=%d in: %g %g %g %g", be, d[0], d[1], d[2], d[3]);
        gfp_format u = {GFP_U8, 1, be};
        const uint8_t ub[4] = {128, 0, 255, 64};
        float s[4];
        gfp_convert_in_f32(&u, ub, 4, s);
        TU_CHECK(s[0] == 0 && s[1] == -1 && s[2] == 127.0f / 128 &&
                     s[3] == -0.5f,
                 "cu8 in: %g %g %g %g", s[0], s[1], s[2], s[3]);
    }
}

/* ---- size parsing ---------------------------------------------------------- */

static void test_parse_size(void)
{
    static const struct { const char *s; uint64_t v; } good[] = {
        {"0", 0}, {"1", 1}, {"4096", 4096}, {"4k", 4000}, {"4K", 4000},
        {"4Ki", 4096}, {"4ki", 4096}, {"2M", 2000000}, {"1Mi", 1048576},
        {"3G", 3000000000ull}, {"1Gi", 1073741824ull},
        {"16Gi", 17179869184ull}, {"007", 7},
        {"18446744073709551615", UINT64_MAX},
        {"17179869183Gi", 17179869183ull << 30},
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        uint64_t v = 12345;
        gfp_status st = gfp_parse_size(good[i].s, &v);
        TU_CHECK(st == GFP_OK && v == good[i].v,
                 "parse_size('%s') -> %d, %" PRIu64 "; want %" PRIu64,
                 good[i].s, st, v, good[i].v);
    }
    static const char *bad[] = {
        "", "-1", "+1", "4096x", "1.5k", "k", "Ki", "4i", "4kB", "4 k", " 4",
        "4k ", "0x10", "4KiB", "4Gii", "4m", "4T", "1e3", "4Mx",
        "18446744073709551616", /* 2^64 */
        "99999999999999999999999", "18446744073709552k",
        "17179869184Gi",        /* 2^64 */
        "18446744073709551616Ki",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint64_t v = 12345;
        gfp_status st = gfp_parse_size(bad[i], &v);
        TU_CHECK(st == GFP_EINVAL, "parse_size('%s') -> %d, want EINVAL",
                 bad[i], st);
        TU_CHECK(v == 12345, "parse_size('%s') wrote a value", bad[i]);
    }
    uint64_t v;
    TU_CHECK(gfp_parse_size(NULL, &v) == GFP_EINVAL, "parse_size(NULL)");
}

int main(void)
{
    if (tu_init())
        return 99;
    tu_suite("format names");
    TU_TEST(test_parse_every_name);
    TU_TEST(test_parse_bad_names);
    TU_TEST(test_name_round_trip);
    TU_TEST(test_sizes);
    tu_suite("conversions");
    TU_TEST(test_in_u8_s8);
    TU_TEST(test_in_s16_s32);
    TU_TEST(test_in_float);
    TU_TEST(test_out_clamp_round);
    TU_TEST(test_out_float);
    TU_TEST(test_round_trip_int);
    TU_TEST(test_round_trip_float);
    TU_TEST(test_complex_interleave);
    tu_suite("sizes");
    TU_TEST(test_parse_size);
    return tu_run();
}
