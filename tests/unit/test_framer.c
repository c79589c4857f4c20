/* test_framer.c - the framer against a model written here: frame j starts
 * at j*hop; full frames first, then at most one tail frame under --tail
 * pad; items between frames (hop > n) are skipped and counted as dropped.
 * Every item is accounted for: items_in == covered + dropped. Frames are
 * checked value by value against the input indices, however the input is
 * pushed (all at once, one item at a time, random chunks, few frames of
 * room per call). */
#include "config.h"
#include "gfp.h"
#include "testutil.h"

#include <inttypes.h>

/* ---- input streams whose values encode their index -------------------- */

static int host_be(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 0;
}

static void put_uint(uint8_t *p, uint64_t v, size_t bytes, int be)
{
    for (size_t i = 0; i < bytes; i++)
        p[be ? bytes - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

/* An integer code for scalar s of the stream (s = item * ncomp + comp). */
static uint32_t code_of(size_t s)
{
    return (uint32_t)(s * 2654435761u + 12345u);
}

/* Writes T items of fmt into bytes and the working values they stand for
 * (by the format's definition) into want (T * ncomp doubles). */
static void make_stream(const gfp_format *f, size_t T, uint8_t *bytes,
                        double *want)
{
    size_t ncomp = f->is_complex ? 2 : 1;
    size_t sb = gfp_sample_bytes(f->sample);
    for (size_t s = 0; s < T * ncomp; s++) {
        uint8_t *p = bytes + s * sb;
        uint32_t c = code_of(s);
        switch (f->sample) {
        case GFP_U8:
            p[0] = (uint8_t)c;
            want[s] = ((double)(uint8_t)c - 128) / 128;
            break;
        case GFP_S8:
            p[0] = (uint8_t)c;
            want[s] = (double)(int8_t)(uint8_t)c / 128;
            break;
        case GFP_S16:
            put_uint(p, (uint16_t)c, 2, f->big_endian);
            want[s] = (double)(int16_t)(uint16_t)c / 32768;
            break;
        case GFP_S32:
            put_uint(p, c, 4, f->big_endian);
            want[s] = (double)(int32_t)c / 2147483648.0;
            break;
        case GFP_F32: {
            /* index + 1 (never 0, so padding shows), sign by component */
            float v = (float)(s + 1) * (s % 2 ? -0.5f : 1.0f);
            uint32_t u;
            memcpy(&u, &v, 4);
            put_uint(p, u, 4, f->big_endian);
            want[s] = v;
            break;
        }
        case GFP_F64: {
            double v = (double)(s + 1) * (s % 2 ? -0.25 : 1.0) + 0.5;
            uint64_t u;
            memcpy(&u, &v, 8);
            put_uint(p, u, 8, f->big_endian);
            want[s] = v;
            break;
        }
        }
    }
}

/* ---- the model -------------------------------------------------------- */

typedef struct model {
    size_t full;          /* full frames */
    int tail_frame;       /* a padded frame follows (pad only) */
    uint64_t skipped;     /* items in gaps between frames (hop > n) */
    uint64_t uncovered;   /* items after the last full frame, in no frame */
    uint64_t pad_items;
    int etail;            /* finish must fail (tail error) */
} model;

static model model_of(size_t T, size_t n, size_t hop, gfp_tail tail)
{
    model m = {0};
    m.full = T >= n ? (T - n) / hop + 1 : 0;
    for (size_t j = 0; j < m.full; j++) {
        size_t end = j * hop + n, next = (j + 1) * hop;
        if (next > T)
            next = T;
        if (next > end)
            m.skipped += next - end;
    }
    size_t next_start = m.full * hop;
    size_t prev_end = m.full ? (m.full - 1) * hop + n : 0;
    size_t from = next_start > prev_end ? next_start : prev_end;
    m.uncovered = T > from ? T - from : 0;
    if (m.uncovered) {
        if (tail == GFP_TAIL_PAD) {
            m.tail_frame = 1;
            m.pad_items = n - (T - next_start);
        } else if (tail == GFP_TAIL_ERROR) {
            m.etail = 1;
        }
    }
    return m;
}

/* ---- running the framer ------------------------------------------------ */

enum { PUSH_ALL, PUSH_ONE, PUSH_RANDOM, PUSH_ALL_ROOM1, PUSH_RANDOM_ROOM,
       NMODES };
static const char *mode_names[] = {"all", "one-by-one", "random chunks",
                                   "all, room 1", "random chunks and room"};

typedef struct run_out {
    size_t nframes;
    gfp_status fin;
    gfp_framer_stats st;
    int protocol_ok;      /* push/finish kept their contracts */
} run_out;

/* Pushes T items of stream through a new framer and finishes it; frames
 * go to `frames` (room for cap frames). */
static run_out run_framer(const gfp_format *f, int dbl, size_t n, size_t hop,
                          gfp_tail tail, const uint8_t *stream, size_t T,
                          int mode, void *frames, size_t cap)
{
    run_out r = {0, GFP_OK, {0}, 1};
    gfp_framer *fr = NULL;
    if (gfp_framer_create(n, hop, f, dbl, tail, &fr) != GFP_OK || !fr) {
        r.protocol_ok = 0;
        r.fin = GFP_ENOMEM;
        return r;
    }
    size_t ib = gfp_format_item_bytes(f);
    size_t fb = n * (f->is_complex ? 2 : 1) * (dbl ? 8 : 4);
    unsigned char *out = frames;
    size_t pos = 0, stuck = 0;
    while (pos < T || (mode == PUSH_ALL && pos == 0 && T == 0)) {
        size_t chunk = T - pos, room = cap - r.nframes;
        switch (mode) {
        case PUSH_ONE: chunk = chunk ? 1 : 0; break;
        case PUSH_RANDOM: chunk = 1 + tu_rand_below(chunk + n); break;
        case PUSH_ALL_ROOM1: room = room ? 1 : 0; break;
        case PUSH_RANDOM_ROOM:
            chunk = 1 + tu_rand_below(chunk + n);
            room = tu_rand_below(4);
            if (room > cap - r.nframes)
                room = cap - r.nframes;
            break;
        }
        if (chunk > T - pos)
            chunk = T - pos;
        size_t consumed = 99999999;
        size_t got = gfp_framer_push(fr, stream + pos * ib, chunk,
                                     out + r.nframes * fb, room, &consumed);
        if (got > room || consumed > chunk || (got < room && consumed != chunk))
            r.protocol_ok = 0;
        r.nframes += got;
        pos += consumed;
        if (T == 0)
            break;
        if (consumed || got)
            stuck = 0;
        else if (cap == r.nframes)
            break; /* more frames than the model: the count check fails */
        else if (room && ++stuck > 2) {
            r.protocol_ok = 0; /* no progress with room available */
            break;
        }
    }
    for (int guard = 0; guard < 1000; guard++) {
        size_t room = cap - r.nframes, got = 99999;
        if (mode == PUSH_ALL_ROOM1 || mode == PUSH_RANDOM_ROOM)
            room = room ? 1 : 0;
        gfp_error err = {0};
        r.fin = gfp_framer_finish(fr, out + r.nframes * fb, room, &got, &err);
        if (r.fin != GFP_OK) {
            if (err.status != r.fin || !err.msg[0])
                r.protocol_ok = 0;
            break;
        }
        if (got > room)
            r.protocol_ok = 0;
        r.nframes += got;
        if (got == 0)
            break;
    }
    r.st = gfp_framer_get_stats(fr);
    gfp_framer_destroy(fr);
    return r;
}

/* Checks one configuration in one push mode; returns the frames buffer
 * (caller frees) so modes can be compared byte for byte. */
static void *check_case(const gfp_format *f, int dbl, size_t n, size_t hop,
                        gfp_tail tail, size_t T, int mode, size_t *nframes)
{
    size_t ncomp = f->is_complex ? 2 : 1;
    size_t sb = gfp_sample_bytes(f->sample);
    size_t ws = dbl ? 8 : 4;
    uint8_t *stream = malloc(T * ncomp * sb + 1);
    double *want = malloc((T * ncomp + 1) * sizeof *want);
    model m = model_of(T, n, hop, tail);
    size_t cap = m.full + 3; /* room to notice extra frames */
    unsigned char *frames = calloc(cap, n * ncomp * ws);
    *nframes = 0;
    if (!stream || !want || !frames) {
        CU_FAIL("out of memory");
        free(stream);
        free(want);
        free(frames);
        return NULL;
    }
    make_stream(f, T, stream, want);
    run_out r = run_framer(f, dbl, n, hop, tail, stream, T, mode, frames, cap);
    char fname[32];
    gfp_format_name(f, fname, sizeof fname);
    char id[160];
    snprintf(id, sizeof id, "%s dbl=%d n=%zu hop=%zu tail=%d T=%zu push %s",
             fname, dbl, n, hop, (int)tail, T, mode_names[mode]);
    TU_CHECK(r.protocol_ok, "%s: push/finish broke their contract", id);
    if (m.etail) {
        TU_CHECK(r.fin == GFP_ETAIL, "%s: finish -> %d, want ETAIL", id,
                 r.fin);
    } else {
        TU_CHECK(r.fin == GFP_OK, "%s: finish -> %d", id, r.fin);
    }
    size_t want_frames = m.full + (size_t)m.tail_frame;
    TU_CHECK(r.nframes == want_frames, "%s: %zu frames, want %zu", id,
             r.nframes, want_frames);
    TU_CHECK(r.st.items_in == T, "%s: items_in %" PRIu64, id, r.st.items_in);
    if (!m.etail) {
        uint64_t dropped = m.skipped + (tail == GFP_TAIL_DROP ? m.uncovered
                                                               : 0);
        TU_CHECK(r.st.frames_out == want_frames, "%s: frames_out %" PRIu64,
                 id, r.st.frames_out);
        TU_CHECK(r.st.padded_frames == (uint64_t)m.tail_frame,
                 "%s: padded_frames %" PRIu64, id, r.st.padded_frames);
        TU_CHECK(r.st.pad_items == m.pad_items, "%s: pad_items %" PRIu64
                 ", want %" PRIu64, id, r.st.pad_items, m.pad_items);
        TU_CHECK(r.st.skipped_items == m.skipped, "%s: skipped %" PRIu64
                 ", want %" PRIu64, id, r.st.skipped_items, m.skipped);
        TU_CHECK(r.st.dropped_items == dropped, "%s: dropped %" PRIu64
                 ", want %" PRIu64, id, r.st.dropped_items, dropped);
        /* Conservation: the union of the emitted frames' stream items plus
         * the dropped ones is every item pushed. */
        uint64_t covered = 0;
        size_t end = 0;
        for (size_t j = 0; j < want_frames; j++) {
            size_t s = j * hop, e = s + n < T ? s + n : T;
            size_t from = s > end ? s : end;
            if (e > from)
                covered += e - from;
            if (e > end)
                end = e;
        }
        TU_CHECK(r.st.items_in == covered + r.st.dropped_items,
                 "%s: items_in %" PRIu64 " != covered %" PRIu64
                 " + dropped %" PRIu64, id, r.st.items_in, covered,
                 r.st.dropped_items);
        TU_CHECK(r.st.pad_items + T - r.st.dropped_items <=
                     (uint64_t)want_frames * n,
                 "%s: more items than frame slots", id);
    }
    /* Contents: frame j, item k is stream item j*hop + k, or 0 past T. */
    size_t bad = 0, first_j = 0, first_k = 0;
    for (size_t j = 0; j < r.nframes && j < want_frames; j++)
        for (size_t k = 0; k < n; k++)
            for (size_t c = 0; c < ncomp; c++) {
                size_t idx = j * hop + k;
                double w = idx < T ? want[idx * ncomp + c] : 0.0;
                size_t at = (j * n + k) * ncomp + c;
                double got = dbl ? ((double *)frames)[at]
                                 : (double)((float *)frames)[at];
                if (!dbl)
                    w = (float)w;
                if (got != w && !bad++) {
                    first_j = j;
                    first_k = k;
                }
            }
    TU_CHECK(bad == 0, "%s: %zu wrong values, first in frame %zu item %zu",
             id, bad, first_j, first_k);
    free(stream);
    free(want);
    *nframes = r.nframes;
    return frames;
}

/* All push modes of one configuration: each right, and all identical. */
static void check_all_modes(const gfp_format *f, int dbl, size_t n,
                            size_t hop, gfp_tail tail, size_t T)
{
    size_t fb = n * (f->is_complex ? 2 : 1) * (dbl ? 8 : 4);
    size_t n0 = 0;
    void *ref = check_case(f, dbl, n, hop, tail, T, PUSH_ALL, &n0);
    for (int mode = 1; mode < NMODES; mode++) {
        size_t nm = 0;
        void *fr = check_case(f, dbl, n, hop, tail, T, mode, &nm);
        if (ref && fr && nm == n0)
            TU_CHECK(!memcmp(ref, fr, nm * fb), "n=%zu hop=%zu T=%zu: push "
                     "%s differs from push all", n, hop, T, mode_names[mode]);
        else
            TU_CHECK(0, "n=%zu hop=%zu T=%zu: push %s gave %zu frames, push "
                     "all %zu", n, hop, T, mode_names[mode], nm, n0);
        free(fr);
    }
    free(ref);
}

static size_t hops_for(size_t n, size_t *h)
{
    size_t cand[] = {1, 2, 3, n > 1 ? n - 1 : 1, n, n + 1, 2 * n, 2 * n + 3},
           k = 0;
    for (size_t i = 0; i < sizeof cand / sizeof *cand; i++) {
        int dup = 0;
        for (size_t j = 0; j < k; j++)
            dup |= h[j] == cand[i];
        if (!dup)
            h[k++] = cand[i];
    }
    return k;
}

/* hop == n, hop < n (overlap) and hop > n (skips), every tail policy, every
 * input length up to a few frames, on f64 values that are their indices. */
static void test_geometry_and_tails(void)
{
    const size_t ns[] = {1, 2, 3, 4, 5, 8, 13};
    gfp_format f = gfp_format_native(GFP_F64, 0);
    for (size_t a = 0; a < sizeof ns / sizeof *ns; a++) {
        size_t n = ns[a], hops[8];
        size_t nh = hops_for(n, hops);
        for (size_t b = 0; b < nh; b++)
            for (int tail = 0; tail < 3; tail++)
                for (size_t T = 0; T <= 3 * n + 2 * hops[b] + 2; T++)
                    check_all_modes(&f, 1, n, hops[b], (gfp_tail)tail, T);
    }
}

/* Conversions inside the framer: s16 (both byte orders), u8, complex
 * formats, byte-swapped floats, into f32 and f64 frames. */
static void test_formats(void)
{
    const gfp_format fmts[] = {
        {GFP_S16, 0, 0}, {GFP_S16, 0, 1}, {GFP_S16, 1, 1}, {GFP_U8, 1, 0},
        {GFP_S8, 0, 0}, {GFP_S32, 1, 0}, {GFP_F32, 1, 0}, {GFP_F32, 0, 1},
        {GFP_F64, 1, 1}, {GFP_F64, 0, 0}, {GFP_F32, 1, 1},
    };
    const size_t geo[][2] = {{4, 4}, {6, 2}, {3, 5}, {1, 1}, {8, 3}};
    for (size_t i = 0; i < sizeof fmts / sizeof *fmts; i++)
        for (int dbl = 0; dbl < 2; dbl++) {
            if (fmts[i].sample == GFP_S32 && !dbl)
                continue; /* 32-bit codes are not exact in float */
            for (size_t g = 0; g < sizeof geo / sizeof *geo; g++)
                for (int tail = 0; tail < 3; tail++)
                    for (size_t T = 0; T < 3 * geo[g][0] + 7; T += 2)
                        check_all_modes(&fmts[i], dbl, geo[g][0], geo[g][1],
                                        (gfp_tail)tail, T);
        }
}

/* A longer stream in large random chunks: the same frames as one push. */
static void test_long_stream(void)
{
    gfp_format f = {GFP_S16, 1, host_be()};
    const size_t geo[][2] = {{4096, 1024}, {1000, 1000}, {512, 700},
                             {257, 31}};
    for (size_t g = 0; g < sizeof geo / sizeof *geo; g++) {
        size_t T = 50000 + tu_rand_below(5000);
        check_all_modes(&f, 0, geo[g][0], geo[g][1], GFP_TAIL_PAD, T);
        check_all_modes(&f, 1, geo[g][0], geo[g][1], GFP_TAIL_DROP, T);
    }
}

static void test_limits_and_errors(void)
{
    gfp_format f = gfp_format_native(GFP_F32, 0);
    gfp_framer *fr = (gfp_framer *)&f;
    TU_CHECK(gfp_framer_create(0, 1, &f, 0, GFP_TAIL_PAD, &fr) == GFP_EINVAL &&
                 fr == NULL, "n = 0 accepted");
    fr = (gfp_framer *)&f;
    TU_CHECK(gfp_framer_create(4, 0, &f, 0, GFP_TAIL_PAD, &fr) == GFP_EINVAL &&
                 fr == NULL, "hop = 0 accepted");
    gfp_framer_destroy(NULL);

    /* max_frames = 0: nothing consumed, nothing written. */
    TU_CHECK(gfp_framer_create(4, 4, &f, 0, GFP_TAIL_PAD, &fr) == GFP_OK,
             "create");
    if (!fr)
        return;
    float in[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, out[16];
    size_t consumed = 77;
    size_t got = gfp_framer_push(fr, in, 10, out, 0, &consumed);
    TU_CHECK(got == 0 && consumed == 0, "room 0: %zu frames, %zu consumed",
             got, consumed);
    /* Room for one frame: stops after it. */
    got = gfp_framer_push(fr, in, 10, out, 1, &consumed);
    TU_CHECK(got == 1 && consumed == 4, "room 1: %zu frames, %zu consumed",
             got, consumed);
    TU_CHECK(out[0] == 1 && out[3] == 4, "room 1: frame [%g .. %g]", out[0],
             out[3]);
    got = gfp_framer_push(fr, in + consumed, 10 - consumed, out, 4, &consumed);
    TU_CHECK(got == 1 && consumed == 6, "rest: %zu frames, %zu consumed", got,
             consumed);
    TU_CHECK(out[0] == 5 && out[3] == 8, "rest: frame [%g .. %g]", out[0],
             out[3]);
    /* finish with no room emits nothing yet; with room the padded frame. */
    size_t nf = 5;
    gfp_error err = {0};
    TU_CHECK(gfp_framer_finish(fr, out, 0, &nf, &err) == GFP_OK && nf == 0,
             "finish with room 0: %zu frames", nf);
    TU_CHECK(gfp_framer_finish(fr, out, 2, &nf, &err) == GFP_OK && nf == 1,
             "finish: %zu frames", nf);
    TU_CHECK(out[0] == 9 && out[1] == 10 && out[2] == 0 && out[3] == 0,
             "padded frame [%g %g %g %g]", out[0], out[1], out[2], out[3]);
    TU_CHECK(gfp_framer_finish(fr, out, 2, &nf, &err) == GFP_OK && nf == 0,
             "second finish: %zu frames", nf);
    gfp_framer_stats st = gfp_framer_get_stats(fr);
    TU_CHECK(st.items_in == 10 && st.frames_out == 3 && st.padded_frames == 1 &&
                 st.pad_items == 2 && st.dropped_items == 0,
             "stats in %" PRIu64 " out %" PRIu64 " padded %" PRIu64
             " pad %" PRIu64, st.items_in, st.frames_out, st.padded_frames,
             st.pad_items);
    gfp_framer_destroy(fr);

    /* Empty input: no frames under any policy, error included. */
    for (int tail = 0; tail < 3; tail++) {
        TU_CHECK(gfp_framer_create(8, 3, &f, 1, (gfp_tail)tail, &fr) ==
                     GFP_OK, "create");
        if (!fr)
            continue;
        got = gfp_framer_push(fr, in, 0, out, 4, &consumed);
        TU_CHECK(got == 0 && consumed == 0, "empty push");
        gfp_error e2 = {0};
        TU_CHECK(gfp_framer_finish(fr, out, 4, &nf, &e2) == GFP_OK && nf == 0,
                 "empty input, tail %d: %zu frames", tail, nf);
        st = gfp_framer_get_stats(fr);
        TU_CHECK(st.items_in == 0 && st.frames_out == 0 &&
                     st.dropped_items == 0 && st.pad_items == 0,
                 "empty input stats");
        gfp_framer_destroy(fr);
    }

    /* --tail error names the problem. */
    TU_CHECK(gfp_framer_create(4, 4, &f, 0, GFP_TAIL_ERROR, &fr) == GFP_OK,
             "create");
    if (fr) {
        got = gfp_framer_push(fr, in, 6, out, 4, &consumed);
        TU_CHECK(got == 1 && consumed == 6, "push 6 of n=4");
        err = (gfp_error){0};
        TU_CHECK(gfp_framer_finish(fr, out, 4, &nf, &err) == GFP_ETAIL &&
                     err.status == GFP_ETAIL && strlen(err.msg) > 0,
                 "tail error: status %d msg '%s'", err.status, err.msg);
        gfp_framer_destroy(fr);
    }
}

static void test_tail_parse(void)
{
    gfp_tail t = (gfp_tail)-1;
    TU_CHECK(gfp_tail_parse("pad", &t) == GFP_OK && t == GFP_TAIL_PAD, "pad");
    TU_CHECK(gfp_tail_parse("drop", &t) == GFP_OK && t == GFP_TAIL_DROP,
             "drop");
    TU_CHECK(gfp_tail_parse("error", &t) == GFP_OK && t == GFP_TAIL_ERROR,
             "error");
    const char *bad[] = {"", "PAD", "pad ", "zero", "skip", "err", "drop2"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        TU_CHECK(gfp_tail_parse(bad[i], &t) == GFP_EINVAL, "tail '%s'",
                 bad[i]);
}

int main(void)
{
    if (tu_init())
        return 99;
    tu_suite("framer");
    TU_TEST(test_geometry_and_tails);
    TU_TEST(test_formats);
    TU_TEST(test_long_stream);
    TU_TEST(test_limits_and_errors);
    TU_TEST(test_tail_parse);
    return tu_run();
}
