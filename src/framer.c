/* framer.c - cuts a stream into frames of n items with hop h, converting
 * stream bytes to working values on the way, and counts every item. */
#include "config.h"
#include "gfp.h"

#include <stdlib.h>
#include <string.h>

struct gfp_framer {
    size_t n, hop;
    gfp_format fmt;
    int dbl;
    gfp_tail tail;
    size_t item_bytes;   /* stream bytes per item */
    size_t item_size;    /* working bytes per item */
    size_t ncomp;        /* scalars per item */
    unsigned char *cur;  /* the frame being filled, working values */
    size_t fill;         /* items in cur */
    uint64_t skip;       /* items still to skip (hop > n) */
    uint64_t frame_start;/* stream index of cur[0] */
    uint64_t covered_end;/* stream index past the last item in any frame */
    gfp_framer_stats st;
};

gfp_status gfp_tail_parse(const char *s, gfp_tail *out)
{
    if (!strcmp(s, "pad")) *out = GFP_TAIL_PAD;
    else if (!strcmp(s, "drop")) *out = GFP_TAIL_DROP;
    else if (!strcmp(s, "error")) *out = GFP_TAIL_ERROR;
    else return GFP_EINVAL;
    return GFP_OK;
}

gfp_status gfp_framer_create(size_t n, size_t hop, const gfp_format *fmt,
                             int dbl, gfp_tail tail, gfp_framer **out)
{
    *out = NULL;
    if (n == 0 || hop == 0)
        return GFP_EINVAL;
    gfp_framer *fr = calloc(1, sizeof *fr);
    if (!fr)
        return GFP_ENOMEM;
    fr->n = n;
    fr->hop = hop;
    fr->fmt = *fmt;
    fr->dbl = dbl;
    fr->tail = tail;
    fr->ncomp = fmt->is_complex ? 2 : 1;
    fr->item_bytes = gfp_format_item_bytes(fmt);
    fr->item_size = fr->ncomp * (dbl ? sizeof(double) : sizeof(float));
    size_t bytes;
    if (!gfp_mul_ok(n, fr->item_size, &bytes) || !(fr->cur = malloc(bytes))) {
        free(fr);
        return GFP_ENOMEM;
    }
    *out = fr;
    return GFP_OK;
}

void gfp_framer_destroy(gfp_framer *fr)
{
    if (!fr)
        return;
    free(fr->cur);
    free(fr);
}

static void convert(const gfp_framer *fr, const unsigned char *src,
                    size_t nitems, void *dst)
{
    if (fr->dbl)
        gfp_convert_in_f64(&fr->fmt, src, nitems * fr->ncomp, dst);
    else
        gfp_convert_in_f32(&fr->fmt, src, nitems * fr->ncomp, dst);
}

/* Bookkeeping after a frame starting at frame_start was written to dst;
 * keeps the overlap for the next frame. */
static void advance(gfp_framer *fr, const unsigned char *frame)
{
    fr->st.frames_out++;
    fr->covered_end = fr->frame_start + fr->n;
    fr->frame_start += fr->hop;
    if (fr->hop < fr->n) {
        size_t keep = fr->n - fr->hop;
        memmove(fr->cur, frame + fr->hop * fr->item_size,
                keep * fr->item_size);
        fr->fill = keep;
    } else {
        fr->fill = 0;
        fr->skip = fr->hop - fr->n;
    }
}

size_t gfp_framer_push(gfp_framer *fr, const void *items, size_t nitems,
                       void *frames, size_t max_frames, size_t *consumed)
{
    const unsigned char *src = items;
    unsigned char *dst = frames;
    size_t frame_bytes = fr->n * fr->item_size;
    size_t i = 0, out = 0;
    while (i < nitems && out < max_frames) {
        size_t left = nitems - i;
        if (fr->skip) {
            size_t take = fr->skip < left ? (size_t)fr->skip : left;
            fr->skip -= take;
            fr->st.skipped_items += take;
            fr->st.dropped_items += take;
            i += take;
            continue;
        }
        unsigned char *frame = dst + out * frame_bytes;
        if (fr->fill == 0 && left >= fr->n) {
            /* Whole frame in the input: convert straight into place. */
            convert(fr, src + i * fr->item_bytes, fr->n, frame);
            i += fr->n;
        } else {
            size_t take = fr->n - fr->fill < left ? fr->n - fr->fill : left;
            convert(fr, src + i * fr->item_bytes, take,
                    fr->cur + fr->fill * fr->item_size);
            fr->fill += take;
            i += take;
            if (fr->fill < fr->n)
                continue;
            memcpy(frame, fr->cur, frame_bytes);
        }
        out++;
        advance(fr, frame);
    }
    fr->st.items_in += i;
    *consumed = i;
    return out;
}

gfp_status gfp_framer_finish(gfp_framer *fr, void *frames, size_t max_frames,
                             size_t *nframes, gfp_error *err)
{
    unsigned char *dst = frames;
    size_t frame_bytes = fr->n * fr->item_size;
    size_t out = 0;
    *nframes = 0;
    while (out < max_frames && fr->fill > 0 &&
           fr->covered_end < fr->st.items_in) {
        uint64_t from = fr->covered_end > fr->frame_start ? fr->covered_end
                                                          : fr->frame_start;
        uint64_t uncovered = fr->st.items_in - from;
        if (fr->tail == GFP_TAIL_ERROR)
            return gfp_fail(err, GFP_ETAIL,
                            "input ends with %llu item(s) that do not fill a "
                            "frame of %zu (--tail error; use pad or drop)",
                            (unsigned long long)uncovered, fr->n);
        if (fr->tail == GFP_TAIL_DROP) {
            fr->st.dropped_items += uncovered;
            fr->fill = 0;
            fr->covered_end = fr->st.items_in;
            break;
        }
        unsigned char *frame = dst + out * frame_bytes;
        memcpy(frame, fr->cur, fr->fill * fr->item_size);
        memset(frame + fr->fill * fr->item_size, 0,
               (fr->n - fr->fill) * fr->item_size);
        fr->st.padded_frames++;
        fr->st.pad_items += fr->n - fr->fill;
        out++;
        advance(fr, frame);
        /* One padded frame covers every item left (they all sit in cur);
         * what advance() kept of it is padding. */
        fr->fill = 0;
        fr->skip = 0;
    }
    *nframes = out;
    return GFP_OK;
}

gfp_framer_stats gfp_framer_get_stats(const gfp_framer *fr)
{
    return fr->st;
}

int gfp_framer_can_direct(const gfp_framer *fr)
{
    return fr->hop == fr->n && fr->fill == 0 && fr->skip == 0 &&
           gfp_format_is_native(&fr->fmt, fr->dbl);
}

void gfp_framer_direct(gfp_framer *fr, size_t nframes)
{
    uint64_t items = (uint64_t)nframes * fr->n;
    fr->st.items_in += items;
    fr->st.frames_out += nframes;
    fr->frame_start += items;
    fr->covered_end = fr->frame_start;
}
