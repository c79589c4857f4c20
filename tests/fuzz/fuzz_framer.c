/* fuzz_framer.c - fuzz target: the raw framer (src/framer.c) and the
 * sample format conversions (src/format.c), from memory.
 *
 * Input layout (all parameters from the first 8 bytes, the rest is the
 * stream):
 *   [0] format: sample = b % 6 (u8 s8 s16 s32 f32 f64), bit 3 complex,
 *       bit 4 big-endian
 *   [1] bit 0 f64 working values; bits 1-2 tail (pad, drop, error; 3 is
 *       pad); bit 3 take whole native frames through gfp_framer_direct
 *       when the framer allows it (the reader's direct path)
 *   [2..3] n = 1 + (le16 % 4096)
 *   [4..5] hop = 1 + (le16 % (2 n))  (hop > n: gaps between frames)
 *   [6] frames room per call = 1 + b % 8
 *   [7] items per push = 1 + b (so items arrive in pieces)
 *
 * Oracles (abort() on a mismatch, so libFuzzer reports it):
 *   - every frame equals the whole stream converted at once, sliced at
 *     k * hop, with zeros past the end (pad);
 *   - the frame counts and the stats (frames, padded, zeros, items in no
 *     frame, skipped) equal a direct item-by-item model (the one
 *     tests/cli/bad-inputs.sh row 14 uses), and --tail error fails exactly
 *     when items are left uncovered;
 *   - converting back to the stream format gives the input bytes wherever
 *     the conversion is exact (integers; floats that are not NaN);
 *   - gfp_format_name / gfp_format_parse round-trip.
 * Caps: n <= 4096, input <= 1 MiB, so nothing here is an OOM. */
#include "config.h"
#include "gfp.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUT (1u << 20)

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "fuzz_framer: check failed: %s: ", #cond);      \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
            abort();                                                        \
        }                                                                   \
    } while (0)

typedef struct model {
    uint64_t frames, padded, zeros, dropped, skipped;
    int err;
} model;

/* What the framer must do with t items, frames of n every h items: the
 * item-by-item model of tests/cli/bad-inputs.sh (row 14), without the
 * per-item array. */
static model expect(uint64_t t, uint64_t n, uint64_t h, gfp_tail tail)
{
    model m = {0};
    uint64_t cov = 0, covered = 0; /* end of cover; items in some frame */
    for (uint64_t s = 0; s < t; s += h) {
        if (s + n <= t) {
            m.frames++;
            covered += s + n - (cov > s ? cov : s);
            cov = s + n;
            continue;
        }
        if (cov >= t)
            break;
        if (tail == GFP_TAIL_PAD) {
            m.frames++;
            m.padded++;
            m.zeros += s + n - t;
            covered += t - (cov > s ? cov : s);
            cov = s + n;
            continue;
        }
        if (tail == GFP_TAIL_ERROR)
            m.err = 1;
        break;
    }
    m.dropped = t - covered;
    /* skipped: items i with i % h >= n (only when h > n) */
    if (h > n) {
        uint64_t full = t / h, part = t % h;
        m.skipped = full * (h - n) + (part > n ? part - n : 0);
    }
    return m;
}

static int is_nan_at(const gfp_format *f, const uint8_t *p)
{
    int swap = gfp_sample_bytes(f->sample) > 1 &&
               f->big_endian != gfp_format_native(f->sample, 0).big_endian;
    if (f->sample == GFP_F32) {
        uint32_t u;
        memcpy(&u, p, 4);
        if (swap) u = __builtin_bswap32(u);
        return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu);
    }
    if (f->sample == GFP_F64) {
        uint64_t u;
        memcpy(&u, p, 8);
        if (swap) u = __builtin_bswap64(u);
        return (u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
               (u & 0xfffffffffffffull);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8 || size > MAX_INPUT)
        return 0;
    gfp_format fmt;
    fmt.sample = (gfp_sample)(data[0] % 6);
    fmt.is_complex = (data[0] >> 3) & 1;
    fmt.big_endian = (data[0] >> 4) & 1;
    int dbl = data[1] & 1;
    int tv = (data[1] >> 1) & 3;
    gfp_tail tail = tv == 1 ? GFP_TAIL_DROP
                    : tv == 2 ? GFP_TAIL_ERROR : GFP_TAIL_PAD;
    int use_direct = (data[1] >> 3) & 1;
    size_t n = 1 + (size_t)((data[2] | data[3] << 8) % 4096);
    size_t hop = 1 + (size_t)((data[4] | data[5] << 8) % (2 * n));
    size_t room = 1 + data[6] % 8;
    size_t per_push = 1 + (size_t)data[7];
    const uint8_t *stream = data + 8;
    size_t bytes = size - 8;

    /* ---- names round-trip ---- */
    char name[32];
    gfp_format back;
    gfp_format_name(&fmt, name, sizeof name);
    CHECK(gfp_format_parse(name, &back) == GFP_OK, "'%s'", name);
    CHECK(back.sample == fmt.sample && back.is_complex == fmt.is_complex &&
              (gfp_sample_bytes(fmt.sample) == 1 ||
               back.big_endian == fmt.big_endian),
          "'%s'", name);

    size_t ib = gfp_format_item_bytes(&fmt);
    size_t ncomp = fmt.is_complex ? 2 : 1;
    size_t vs = dbl ? sizeof(double) : sizeof(float);
    size_t isz = ncomp * vs; /* working bytes per item */
    size_t nitems = bytes / ib;

    /* ---- the whole stream converted at once: the reference ---- */
    unsigned char *ref = malloc(nitems * isz + 1);
    uint8_t *again = malloc(nitems * ib + 1);
    unsigned char *frames = malloc(room * n * isz);
    CHECK(ref && again && frames, "malloc");
    if (dbl)
        gfp_convert_in_f64(&fmt, stream, nitems * ncomp, (double *)ref);
    else
        gfp_convert_in_f32(&fmt, stream, nitems * ncomp, (float *)ref);

    /* ---- and back: exact wherever the conversion is ---- */
    if (dbl)
        gfp_convert_out_f64(&fmt, (const double *)ref, nitems * ncomp, again);
    else
        gfp_convert_out_f32(&fmt, (const float *)ref, nitems * ncomp, again);
    size_t sb = gfp_sample_bytes(fmt.sample);
    int exact = fmt.sample == GFP_U8 || fmt.sample == GFP_S8 ||
                fmt.sample == GFP_S16 || fmt.sample == GFP_F32 ||
                (dbl && (fmt.sample == GFP_S32 || fmt.sample == GFP_F64));
    if (exact)
        for (size_t i = 0; i < nitems * ncomp; i++) {
            const uint8_t *a = stream + i * sb, *b = again + i * sb;
            if (is_nan_at(&fmt, a)) {
                CHECK(is_nan_at(&fmt, b), "NaN lost at scalar %zu", i);
                continue;
            }
            CHECK(!memcmp(a, b, sb), "round trip differs at scalar %zu "
                  "(%s, %s)", i, name, dbl ? "f64" : "f32");
        }

    /* ---- the framer ---- */
    gfp_framer *fr;
    gfp_status st = gfp_framer_create(n, hop, &fmt, dbl, tail, &fr);
    CHECK(st == GFP_OK, "create %d", (int)st);
    uint64_t emitted = 0; /* frames checked so far */
    size_t pos = 0;
#define CHECK_FRAMES(count)                                                  \
    for (size_t f_ = 0; f_ < (count); f_++, emitted++) {                     \
        const unsigned char *got = frames + f_ * n * isz;                    \
        uint64_t start = emitted * hop;                                      \
        size_t have = start >= nitems ? 0                                    \
                      : (nitems - start < n ? (size_t)(nitems - start) : n); \
        CHECK(!memcmp(got, ref + start * isz, have * isz),                   \
              "frame %llu differs", (unsigned long long)emitted);            \
        for (size_t z_ = have * isz; z_ < n * isz; z_++)                     \
            CHECK(got[z_] == 0, "frame %llu: pad not zero",                  \
                  (unsigned long long)emitted);                              \
    }
    while (pos < nitems) {
        if (use_direct && gfp_framer_can_direct(fr) && nitems - pos >= n) {
            size_t k = (nitems - pos) / n;
            if (k > room)
                k = room;
            memcpy(frames, stream + pos * ib, k * n * ib);
            gfp_framer_direct(fr, k);
            pos += k * n;
            CHECK_FRAMES(k);
            continue;
        }
        size_t give = nitems - pos < per_push ? nitems - pos : per_push;
        size_t used = 0;
        size_t got = gfp_framer_push(fr, stream + pos * ib, give, frames,
                                     room, &used);
        CHECK(got <= room && used <= give, "push %zu %zu", got, used);
        CHECK(used == give || got == room, "push stopped early");
        CHECK(used > 0 || got > 0, "push made no progress");
        pos += used;
        CHECK_FRAMES(got);
    }
    gfp_error err = {0};
    int failed = 0;
    for (;;) {
        size_t got = 0;
        if (gfp_framer_finish(fr, frames, room, &got, &err) != GFP_OK) {
            CHECK(err.status == GFP_ETAIL && err.msg[0], "finish status");
            failed = 1;
            break;
        }
        CHECK(got <= room, "finish %zu", got);
        if (got == 0)
            break;
        CHECK_FRAMES(got);
    }
#undef CHECK_FRAMES
    gfp_framer_stats s = gfp_framer_get_stats(fr);
    model m = expect(nitems, n, hop, tail);
    CHECK(s.items_in == nitems, "items_in %llu != %zu",
          (unsigned long long)s.items_in, nitems);
    CHECK(failed == m.err, "tail error %d, expected %d", failed, m.err);
    if (!failed) {
        CHECK(s.frames_out == emitted && emitted == m.frames,
              "frames %llu/%llu, expected %llu",
              (unsigned long long)s.frames_out, (unsigned long long)emitted,
              (unsigned long long)m.frames);
        CHECK(s.padded_frames == m.padded && s.pad_items == m.zeros,
              "padded %llu (%llu zeros), expected %llu (%llu)",
              (unsigned long long)s.padded_frames,
              (unsigned long long)s.pad_items,
              (unsigned long long)m.padded, (unsigned long long)m.zeros);
        CHECK(s.dropped_items == m.dropped && s.skipped_items == m.skipped,
              "no frame %llu (skipped %llu), expected %llu (%llu); n %zu "
              "hop %zu items %zu tail %d",
              (unsigned long long)s.dropped_items,
              (unsigned long long)s.skipped_items,
              (unsigned long long)m.dropped, (unsigned long long)m.skipped,
              n, hop, nitems, (int)tail);
    }
    gfp_framer_destroy(fr);
    free(ref);
    free(again);
    free(frames);
    return 0;
}
