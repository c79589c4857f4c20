/* io_sndfile.c - a decoded source through libsndfile: a file by path, or
 * stdin through libsndfile's virtual I/O. Delivers native f32 items, one
 * channel (the mean of all, or one chosen), or all channels pre-framed for
 * a stage that analyses each channel on its own (see gfp_sndfile_opts). */
#include "config.h"
#include "gfp.h"

#include <errno.h>
#include <fcntl.h>
#include <sndfile.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define MAX_CHANNELS 1024
#define MAX_RATE 10000000
/* stdin: bytes kept from the start of the stream so the format probes can
 * seek back over the header. */
#define HEAD_CAP (256u << 10)
/* Frames per sf_readf_float call. */
#define CHUNK_FRAMES 4096

typedef struct vio_pipe {
    int fd;
    unsigned char *head;   /* the first bytes of the stream */
    size_t head_len;       /* bytes of it held */
    int64_t consumed;      /* bytes read from fd, in all */
    int64_t pos;           /* libsndfile's position */
    int eof;
    int read_error;
    unsigned eof_reads;    /* reads that found nothing at the end */
    int64_t tell_pos;      /* where the last vp_tell found the stream, */
    unsigned same_tells;   /* and how many times in a row since */
} vio_pipe;

/* Some of libsndfile's header parsers (8SVX, ...) loop until the position
 * reaches the file's length, reading zeros past the end; over a pipe the
 * length is not known (vp_len says "huge"), so they would spin forever on
 * a crafted header. After this many empty reads at the end, vp_tell
 * reports the end of that huge length, which ends those loops; no sane
 * parse reads nothing this often. */
#define EOF_READS_MAX 4096
/* Others (WAV with a 'fact' chunk that claims 4 GiB) loop asking only for
 * the position, never reading, while their chunk bookkeeping grows without
 * bound (23 GB in 200 s, found by tests/fuzz/fuzz-sndfile). The same
 * answer this many times in a row with nothing read or sought in between
 * is such a loop: vp_tell then reports the end, as above. */
#define SAME_TELLS_MAX 65536

typedef struct snd_impl {
    SNDFILE *sf;
    SF_INFO info;
    vio_pipe *vp;
    int channel;           /* -1: mean of all */
    int stack;
    float *scratch;        /* CHUNK_FRAMES * channels */
    /* stack: frames of n per channel, hop apart, built here */
    size_t n, hop;
    float *hist;           /* per channel, n samples: the current frame */
    size_t fill;           /* samples of the current frame held */
    size_t frame_pos;      /* stack: items of the pending frames already given */
    int pending;           /* stack: a full set of frames ready in hist */
    int in_eof;
    int tail_done;
    int first_frame;       /* stack: no frame handed out yet */
    float *pend;           /* stack: scratch frames being handed out */
    size_t scr_have, scr_pos; /* stack: frames in scratch, next one */
    const char *who;       /* names warnings */
    /* read_at_fn: one handle and one scratch block per lane, opened on
     * the lane's first call (by that lane's thread alone) */
    int lanes;
    SNDFILE **lane_sf;
    float **lane_scr;
    uint64_t frames_got;   /* sample frames read so far */
    int end_checked;       /* stdin: its end was compared with the header */
} snd_impl;

/* ---- virtual I/O over a pipe ------------------------------------------ */

static sf_count_t vp_len(void *user)
{
    const vio_pipe *v = user;
    if (v->eof && !v->read_error && v->consumed == (int64_t)v->head_len)
        return (sf_count_t)v->head_len; /* all of it is in the head */
    /* Unknown: large, so header sizes are believed and reading stops at the
     * real end of the stream. */
    return (sf_count_t)1 << 62;
}

/* Reads into the head what stdin has ready (waiting a moment for the first
 * bytes), never blocking on a stalled stream. A stream that ends there has
 * a known length, and libsndfile parses it as it would a file: over an
 * unknown length a crafted 88-byte WAV sent its parser into a loop that
 * never calls back here (tests/fuzz/corpus/sndfile/timeout-wav-pipe-loop). */
static void vp_prefill(vio_pipe *v)
{
    int wait_ms = 200;
    while (v->head_len < HEAD_CAP && !v->eof) {
        struct pollfd pfd = {.fd = v->fd, .events = POLLIN};
        int r = poll(&pfd, 1, wait_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return;
        ssize_t n = read(v->fd, v->head + v->head_len, HEAD_CAP - v->head_len);
        if (n > 0) {
            v->head_len += (size_t)n;
            v->consumed += n;
            wait_ms = 20;
        } else if (n == 0) {
            v->eof = 1;
        } else if (errno != EINTR) {
            v->read_error = errno;
            v->eof = 1;
        }
    }
}

static int64_t raw_read(vio_pipe *v, void *dst, int64_t want)
{
    int64_t done = 0;
    while (done < want && !v->eof) {
        ssize_t r = read(v->fd, (char *)dst + done, (size_t)(want - done));
        if (r > 0)
            done += r;
        else if (r == 0)
            v->eof = 1;
        else if (errno != EINTR) {
            v->read_error = errno;
            v->eof = 1;
        }
    }
    v->consumed += done;
    return done;
}

static sf_count_t vp_read(void *ptr, sf_count_t count, void *user)
{
    vio_pipe *v = user;
    unsigned char *dst = ptr;
    sf_count_t done = 0;
    while (done < count) {
        if (v->pos < (int64_t)v->head_len) {
            /* Replay from the kept head. */
            int64_t take = (int64_t)v->head_len - v->pos;
            if (take > count - done)
                take = count - done;
            memcpy(dst + done, v->head + v->pos, (size_t)take);
            v->pos += take;
            done += take;
            continue;
        }
        if (v->pos != v->consumed)
            return done; /* cannot happen: seeks keep pos <= consumed */
        if (v->eof) {
            if (done == 0 && v->eof_reads < EOF_READS_MAX)
                v->eof_reads++;
            break;
        }
        if (v->consumed == (int64_t)v->head_len && v->head_len < HEAD_CAP) {
            /* Still in the head: read into it and keep it. */
            int64_t r = raw_read(v, v->head + v->head_len,
                                 (int64_t)(HEAD_CAP - v->head_len) <
                                         count - done
                                     ? (int64_t)(HEAD_CAP - v->head_len)
                                     : count - done);
            v->head_len += (size_t)r;
            continue;
        }
        int64_t r = raw_read(v, dst + done, count - done);
        v->pos += r;
        done += r;
    }
    return done;
}

static sf_count_t vp_seek(sf_count_t offset, int whence, void *user)
{
    vio_pipe *v = user;
    int64_t to;
    switch (whence) {
    case SEEK_SET: to = offset; break;
    case SEEK_CUR: to = v->pos + offset; break;
    default: return -1; /* SEEK_END: the end of a pipe is not known */
    }
    if (to < 0)
        return -1;
    if (to <= v->consumed) {
        /* Backwards (or to here): only within what the head still holds. */
        if (to < v->consumed && to > (int64_t)v->head_len)
            return -1;
        if (to < v->consumed && v->consumed > (int64_t)v->head_len)
            return -1;
        v->pos = to;
        return to;
    }
    /* Forwards: only within the head, where a later seek can come back.
     * Parsers that look for chunks after the audio data (WAV) would
     * otherwise read the whole stream away; refused, they go on. */
    if (to > (int64_t)HEAD_CAP || v->consumed > (int64_t)v->head_len)
        return -1;
    v->pos = v->consumed;
    unsigned char junk[4096];
    while (v->pos < to && !v->eof) {
        int64_t want = to - v->pos;
        if (want > (int64_t)sizeof junk)
            want = sizeof junk;
        if (vp_read(junk, want, v) <= 0)
            break;
    }
    return v->pos;
}

static sf_count_t vp_tell(void *user)
{
    vio_pipe *v = user;
    if (v->pos == v->tell_pos) {
        if (v->same_tells < SAME_TELLS_MAX)
            v->same_tells++;
    } else {
        v->tell_pos = v->pos;
        v->same_tells = 0;
    }
    if (v->eof_reads >= EOF_READS_MAX || v->same_tells >= SAME_TELLS_MAX)
        return vp_len(user);
    return v->pos;
}

static sf_count_t vp_write(const void *ptr, sf_count_t count, void *user)
{
    (void)ptr;
    (void)count;
    (void)user;
    return 0;
}

/* ---- the source ---------------------------------------------------------- */

static void snd_close(gfp_source *src)
{
    snd_impl *s = src->impl;
    if (!s)
        return;
    if (s->sf)
        sf_close(s->sf);
    if (s->vp)
        free(s->vp->head);
    free(s->vp);
    for (int i = 0; i < s->lanes; i++) {
        if (s->lane_sf[i])
            sf_close(s->lane_sf[i]);
        free(s->lane_scr[i]);
    }
    free(s->lane_sf);
    free(s->lane_scr);
    free(s->scratch);
    free(s->hist);
    free(s->pend);
    free(s);
    src->impl = NULL;
}

/* Bytes of one sample in the file, 0 when not a fixed size. */
static unsigned sample_bytes(int format)
{
    switch (format & SF_FORMAT_SUBMASK) {
    case SF_FORMAT_PCM_S8: case SF_FORMAT_PCM_U8:
    case SF_FORMAT_ULAW: case SF_FORMAT_ALAW: return 1;
    case SF_FORMAT_PCM_16: return 2;
    case SF_FORMAT_PCM_24: return 3;
    case SF_FORMAT_PCM_32: case SF_FORMAT_FLOAT: return 4;
    case SF_FORMAT_DOUBLE: return 8;
    default: return 0;
    }
}

/* stdin has ended. Without a single sample frame it is an error, as a
 * file that holds none; shorter than its header says, it gets the warning
 * a file gets when it opens. Writers that cannot seek back (arecord, sox,
 * ffmpeg to a pipe) leave a 32-bit size field at or near its largest
 * value, meaning "unknown": those get no warning. */
static gfp_status stdin_ended(snd_impl *s, gfp_error *err)
{
    if (!s->vp || s->end_checked || s->vp->read_error)
        return GFP_OK;
    s->end_checked = 1;
    uint64_t want = (uint64_t)s->info.frames;
    if (s->frames_got == 0)
        return gfp_fail(err, GFP_EFORMAT, "stdin ended before its first "
                        "sample frame (truncated?)");
    if (s->frames_got >= want)
        return GFP_OK;
    unsigned b = sample_bytes(s->info.format);
    uint64_t frame_bytes = (uint64_t)s->info.channels * (b ? b : 1);
    if (want < 0x7FFF0000u / frame_bytes)
        gfp_msg(s->who, "warning: stdin ended after %llu sample frames; its "
                "header announced %llu (truncated?)",
                (unsigned long long)s->frames_got,
                (unsigned long long)want);
    return GFP_OK;
}

/* Reads up to max frames of all channels into s->scratch. */
static gfp_status read_block(gfp_source *src, snd_impl *s, size_t max,
                             size_t *got, gfp_error *err)
{
    sf_count_t r = 0;
    while ((size_t)r < max) {
        sf_count_t t = sf_readf_float(s->sf,
                                      s->scratch + (size_t)r * s->info.channels,
                                      (sf_count_t)max - r);
        if (t <= 0)
            break;
        r += t;
    }
    *got = (size_t)r;
    s->frames_got += (uint64_t)r;
    if (s->vp && s->vp->read_error)
        return gfp_fail(err, GFP_EIO, "read error on stdin: %s",
                        strerror(s->vp->read_error));
    if (r == 0 && sf_error(s->sf) != SF_ERR_NO_ERROR) {
        const char *m = sf_strerror(s->sf);
        if (m && *m && strcmp(m, "No Error."))
            return gfp_fail(err, GFP_EFORMAT, "decoding %s: %s",
                            strcmp(src->path, "-") ? src->path : "stdin", m);
    }
    return GFP_OK;
}

/* One channel: the mean of all, or the chosen one. */
static gfp_status snd_read_mono(gfp_source *src, void *buf, size_t len,
                                size_t *got, gfp_error *err)
{
    snd_impl *s = src->impl;
    float *out = buf;
    size_t want = len / sizeof(float), done = 0;
    int nc = s->info.channels;
    *got = 0;
    while (done < want) {
        size_t max = want - done < CHUNK_FRAMES ? want - done : CHUNK_FRAMES;
        size_t r;
        if (nc == 1) {
            /* Straight into the caller's buffer. */
            sf_count_t t = 0;
            while ((size_t)t < max) {
                sf_count_t u = sf_readf_float(s->sf, out + done + t,
                                              (sf_count_t)max - t);
                if (u <= 0)
                    break;
                t += u;
            }
            r = (size_t)t;
            s->frames_got += (uint64_t)t;
            if (s->vp && s->vp->read_error)
                return gfp_fail(err, GFP_EIO, "read error on stdin: %s",
                                strerror(s->vp->read_error));
        } else {
            gfp_status st = read_block(src, s, max, &r, err);
            if (st)
                return st;
            const float *x = s->scratch;
            if (s->channel >= 0) {
                for (size_t i = 0; i < r; i++)
                    out[done + i] = x[i * (size_t)nc + (size_t)s->channel];
            } else if (nc == 2) {
                for (size_t i = 0; i < r; i++)
                    out[done + i] = 0.5f * (x[2 * i] + x[2 * i + 1]);
            } else {
                float inv = 1.0f / (float)nc;
                for (size_t i = 0; i < r; i++) {
                    float acc = 0;
                    for (int c = 0; c < nc; c++)
                        acc += x[i * (size_t)nc + (size_t)c];
                    out[done + i] = acc * inv;
                }
            }
        }
        done += r;
        *got = done * sizeof(float);
        if (r < max) {
            gfp_status st = stdin_ended(s, err);
            if (st)
                return st;
            break;
        }
    }
    return GFP_OK;
}

static const char *shown(const char *path);

/* The end of an interleaved read of `done` of `want` frames: the count,
 * and a decode error, a read error or the end of stdin said as such. */
static gfp_status inter_finish(gfp_source *src, snd_impl *s, size_t done,
                               size_t want, size_t frame_bytes, size_t *got,
                               gfp_error *err)
{
    s->frames_got += done;
    *got = done * frame_bytes;
    if (s->vp && s->vp->read_error)
        return gfp_fail(err, GFP_EIO, "read error on stdin: %s",
                        strerror(s->vp->read_error));
    if (done < want) {
        if (sf_error(s->sf) != SF_ERR_NO_ERROR) {
            const char *m = sf_strerror(s->sf);
            if (m && *m && strcmp(m, "No Error."))
                return gfp_fail(err, GFP_EFORMAT, "decoding %s: %s",
                                shown(src->path), m);
        }
        return stdin_ended(s, err);
    }
    return GFP_OK;
}

/* All channels, interleaved: straight from libsndfile into buf. */
static gfp_status snd_read_inter(gfp_source *src, void *buf, size_t len,
                                 size_t *got, gfp_error *err)
{
    snd_impl *s = src->impl;
    size_t nc = (size_t)s->info.channels;
    size_t want = len / (nc * sizeof(float)), done = 0;
    float *out = buf;
    *got = 0;
    while (done < want) {
        sf_count_t t = sf_readf_float(s->sf, out + done * nc,
                                      (sf_count_t)(want - done));
        if (t <= 0)
            break;
        done += (size_t)t;
    }
    return inter_finish(src, s, done, want, nc * sizeof(float), got, err);
}

/* As snd_read_inter, the file's 16-bit samples as they are. */
static gfp_status snd_read_inter16(gfp_source *src, void *buf, size_t len,
                                   size_t *got, gfp_error *err)
{
    snd_impl *s = src->impl;
    size_t nc = (size_t)s->info.channels;
    size_t want = len / (nc * sizeof(short)), done = 0;
    short *out = buf;
    *got = 0;
    while (done < want) {
        sf_count_t t = sf_readf_short(s->sf, out + done * nc,
                                      (sf_count_t)(want - done));
        if (t <= 0)
            break;
        done += (size_t)t;
    }
    return inter_finish(src, s, done, want, nc * sizeof(short), got, err);
}

/* read_at_fn: its own handle per lane, sought to `at`; mixed as
 * snd_read_mono mixes, so the samples are the same bit for bit. */
static gfp_status snd_read_at(gfp_source *src, int lane, uint64_t at,
                              float *dst, size_t nitems, gfp_error *err)
{
    snd_impl *s = src->impl;
    if (lane < 0 || lane >= s->lanes)
        return gfp_fail(err, GFP_EINVAL, "internal: bad lane %d", lane);
    uint64_t total = (uint64_t)s->info.frames;
    size_t have = at >= total ? 0
                  : total - at < nitems ? (size_t)(total - at) : nitems;
    memset(dst + have, 0, (nitems - have) * sizeof(float));
    if (!have)
        return GFP_OK;
    int nc = s->info.channels;
    if (!s->lane_sf[lane]) {
        SF_INFO in = {0};
        SNDFILE *f = sf_open(src->path, SFM_READ, &in);
        if (!f)
            return gfp_fail(err, GFP_EIO, "cannot open '%s' again to read "
                            "it in parallel (--read-threads 1 reads it "
                            "once)", src->path);
        s->lane_sf[lane] = f;
        if (in.frames != s->info.frames || in.channels != nc ||
            in.format != s->info.format)
            return gfp_fail(err, GFP_EIO, "'%s' changed while it was read",
                            src->path);
        if (!(s->lane_scr[lane] = malloc((size_t)CHUNK_FRAMES *
                                         (size_t)nc * sizeof(float))))
            return gfp_fail(err, GFP_ENOMEM, "out of memory");
    }
    SNDFILE *f = s->lane_sf[lane];
    if (sf_seek(f, (sf_count_t)at, SEEK_SET) != (sf_count_t)at)
        return gfp_fail(err, GFP_EIO, "cannot seek in '%s' to sample frame "
                        "%llu: %s", src->path, (unsigned long long)at,
                        sf_strerror(f));
    size_t done = 0;
    while (done < have) {
        size_t max = have - done < CHUNK_FRAMES ? have - done : CHUNK_FRAMES;
        float *x = nc == 1 ? dst + done : s->lane_scr[lane];
        sf_count_t r = sf_readf_float(f, x, (sf_count_t)max);
        if (r <= 0)
            return gfp_fail(err, GFP_EFORMAT, "decoding '%s': it ended at "
                            "sample frame %llu of %llu (%s)", src->path,
                            (unsigned long long)(at + done),
                            (unsigned long long)total, sf_strerror(f));
        float *out = dst + done;
        size_t m = (size_t)r;
        if (nc == 1) {
            /* read in place */
        } else if (s->channel >= 0) {
            for (size_t i = 0; i < m; i++)
                out[i] = x[i * (size_t)nc + (size_t)s->channel];
        } else if (nc == 2) {
            for (size_t i = 0; i < m; i++)
                out[i] = 0.5f * (x[2 * i] + x[2 * i + 1]);
        } else {
            float inv = 1.0f / (float)nc;
            for (size_t i = 0; i < m; i++) {
                float acc = 0;
                for (int c = 0; c < nc; c++)
                    acc += x[i * (size_t)nc + (size_t)c];
                out[i] = acc * inv;
            }
        }
        done += m;
    }
    return GFP_OK;
}

/* Stack: hands out, for every frame start, one frame of n samples per
 * channel (channel 0 first). The caller frames this with hop n, so the
 * frames pass through unchanged; the tail is padded with zeros here. */
static gfp_status snd_read_stack(gfp_source *src, void *buf, size_t len,
                                 size_t *got, gfp_error *err)
{
    snd_impl *s = src->impl;
    size_t nc = (size_t)s->info.channels;
    size_t set = nc * s->n; /* items per set of frames */
    float *out = buf;
    size_t want = len / sizeof(float), done = 0;
    *got = 0;
    while (done < want) {
        if (s->pending) {
            /* Copy out of the pending set (laid out channel after channel). */
            size_t take = set - s->frame_pos;
            if (take > want - done)
                take = want - done;
            memcpy(out + done, s->pend + s->frame_pos, take * sizeof(float));
            done += take;
            s->frame_pos += take;
            if (s->frame_pos == set) {
                s->pending = 0;
                s->frame_pos = 0;
                /* Keep the overlap for the next frame. */
                size_t keep = s->n - s->hop;
                for (size_t c = 0; c < nc; c++)
                    memmove(s->hist + c * s->n, s->hist + c * s->n + s->hop,
                            keep * sizeof(float));
                s->fill = keep;
            }
            continue;
        }
        if (s->tail_done)
            break;
        /* Fill the current frame of every channel. */
        while (s->fill < s->n && !s->in_eof) {
            if (s->scr_pos == s->scr_have) {
                gfp_status st = read_block(src, s, CHUNK_FRAMES, &s->scr_have,
                                           err);
                if (st)
                    return st;
                s->scr_pos = 0;
                if (s->scr_have == 0) {
                    s->in_eof = 1;
                    if ((st = stdin_ended(s, err)))
                        return st;
                    break;
                }
            }
            size_t take = s->n - s->fill;
            if (take > s->scr_have - s->scr_pos)
                take = s->scr_have - s->scr_pos;
            const float *x = s->scratch + s->scr_pos * nc;
            for (size_t i = 0; i < take; i++)
                for (size_t c = 0; c < nc; c++)
                    s->hist[c * s->n + s->fill + i] = x[i * nc + c];
            s->fill += take;
            s->scr_pos += take;
        }
        if (s->fill < s->n) {
            /* End of input: pad the last frame when it holds new samples. */
            int any_new = s->first_frame ? s->fill > 0
                                         : s->fill > s->n - s->hop;
            s->tail_done = 1;
            if (!any_new)
                break;
            for (size_t c = 0; c < nc; c++)
                memset(s->hist + c * s->n + s->fill, 0,
                       (s->n - s->fill) * sizeof(float));
        }
        s->first_frame = 0;
        memcpy(s->pend, s->hist, set * sizeof(float));
        s->pending = 1;
        s->frame_pos = 0;
    }
    *got = done * sizeof(float);
    return GFP_OK;
}

static const char *shown(const char *path)
{
    return strcmp(path, "-") ? path : "stdin";
}

/* ---- a WAV header libsndfile 1.2 would loop on ----------------------- */

/* libsndfile (1.2.0 to at least 1.2.2; upstream issue #1118) walks a WAV's
 * LIST and INFO chunks with 32-bit byte counts: a sub-chunk that claims
 * 2 GiB or more wraps the count, its "skip" goes backwards, and sf_open
 * never returns (WAV and RF64 files found by tests/fuzz/fuzz-sndfile,
 * tests/fuzz/corpus/sndfile/timeout-wav-info-*). No metadata string is
 * that long in a file of at most 4 GiB, so such a header is refused here
 * before libsndfile sees it. The walk reads the header from a buffer (the
 * head of stdin) or with pread (a file), never more than it needs. */
typedef struct hdr_bytes {
    const unsigned char *buf; /* or NULL */
    size_t len;
    int fd;                   /* pread beyond buf, or -1 */
    uint64_t filelen;         /* UINT64_MAX: not known */
} hdr_bytes;

static int hdr_get(const hdr_bytes *h, uint64_t off, void *out, size_t n)
{
    if (off + n > h->filelen)
        return 0;
    if (h->buf && off + n <= h->len) {
        memcpy(out, h->buf + off, n);
        return 1;
    }
    if (h->fd < 0)
        return 0;
    ssize_t r;
    do
        r = pread(h->fd, out, n, (off_t)off);
    while (r < 0 && errno == EINTR);
    return r == (ssize_t)n;
}

static uint32_t hdr_u32(const unsigned char *b, int big)
{
    return big ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
                     (uint32_t)b[2] << 8 | b[3]
               : (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 |
                     (uint32_t)b[1] << 8 | b[0];
}

/* 1 with the chunk and sub-chunk named in why when the header is one that
 * libsndfile's LIST/INFO walk loops on; 0 otherwise (not a WAV at all
 * included: libsndfile says what it is). */
static int wav_list_hazard(const hdr_bytes *h, char *why, size_t why_len)
{
    unsigned char b[12];
    if (!hdr_get(h, 0, b, 12) || memcmp(b + 8, "WAVE", 4))
        return 0;
    int big = !memcmp(b, "RIFX", 4);
    if (!big && memcmp(b, "RIFF", 4) && memcmp(b, "RF64", 4))
        return 0;
    int rf64 = !memcmp(b, "RF64", 4);
    uint64_t off = 12, data64 = 0;
    int have64 = 0;
    /* a real header has a handful of chunks; the bound keeps a crafted
     * one of millions of empty chunks from costing time here */
    for (int nchunk = 0; nchunk < 4096; nchunk++) {
        if (!hdr_get(h, off, b, 8))
            return 0;
        uint64_t size = hdr_u32(b + 4, big);
        /* RF64: the data size is the ds64 chunk's (libsndfile takes it
         * whatever the data chunk's own field says), and libsndfile goes
         * on past the data to the chunks after it */
        unsigned char d8[8];
        if (rf64 && !memcmp(b, "ds64", 4) && size >= 16 &&
            hdr_get(h, off + 16, d8, 8))
            data64 = (uint64_t)hdr_u32(d8, 0) | (uint64_t)hdr_u32(d8 + 4, 0) << 32,
            have64 = 1;
        if (rf64 && !memcmp(b, "data", 4) && have64)
            size = data64;
        if (!memcmp(b, "LIST", 4) || !memcmp(b, "INFO", 4)) {
            uint64_t end = off + 8 + size, p = off + 8;
            for (int nsub = 0; nsub < 4096 && p + 8 <= end; nsub++) {
                unsigned char m[8];
                if (!hdr_get(h, p, m, 8))
                    break;
                if (!memcmp(m, "INFO", 4) || !memcmp(m, "adtl", 4)) {
                    p += 4; /* list types: no length follows */
                    continue;
                }
                if (!memcmp(m, "data", 4) || !memcmp(m, "exif", 4) ||
                    !memcmp(m, "\0\0\0\0", 4))
                    break; /* libsndfile leaves the walk there */
                uint32_t sub = hdr_u32(m + 4, big);
                if (sub >= 0x80000000u) {
                    char id[5], sid[5];
                    for (int i = 0; i < 4; i++) {
                        id[i] = b[i];
                        sid[i] = m[i] >= 0x20 && m[i] < 0x7f ? (char)m[i] : '?';
                    }
                    id[4] = sid[4] = 0;
                    snprintf(why, why_len, "its '%s' chunk holds a '%s' entry "
                             "that claims %lu bytes", id, sid,
                             (unsigned long)sub);
                    return 1;
                }
                p += 8 + (uint64_t)sub + (sub & 1);
            }
        }
        off += 8 + size + (size & 1);
    }
    return 0;
}

/* ---- a watchdog around sf_open --------------------------------------- */

/* The pre-check above knows one of libsndfile's header loops; the fuzzer
 * keeps finding its variants. Whatever the format, a header parse that
 * burns this much CPU (not wall time: a slow pipe is waited on, not
 * spun on) is such a loop, and sf_open cannot be interrupted: the run
 * ends with one message and exit 2, its temporary output removed
 * (gfp_fatal_exit). */
typedef struct open_watch {
    pthread_t thread;
    clockid_t cpu;            /* the opening thread's CPU clock */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done, running;
    double limit;
    const char *who, *name;
} open_watch;

static double cpu_seconds(clockid_t c)
{
    struct timespec ts;
    if (clock_gettime(c, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *watch_main(void *arg)
{
    open_watch *w = arg;
    double start = cpu_seconds(w->cpu);
    pthread_mutex_lock(&w->mu);
    while (!w->done) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&w->cv, &w->mu, &until);
        if (!w->done && cpu_seconds(w->cpu) - start > w->limit) {
            gfp_msg(w->who, "cannot read %s as audio: libsndfile spent %g s "
                    "of CPU time on its header without finishing (a "
                    "malformed header)", w->name, w->limit);
            gfp_fatal_exit(2);
        }
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* Starts watching the calling thread; without a watchdog (no thread to
 * be had) the open goes on unwatched. */
static void watch_start(open_watch *w, double limit, const char *who,
                        const char *name)
{
    memset(w, 0, sizeof *w);
    w->limit = limit > 0 ? limit : GFP_SNDFILE_OPEN_CPU_S;
    w->who = who;
    w->name = name;
    if (pthread_getcpuclockid(pthread_self(), &w->cpu) != 0)
        return;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    if (pthread_create(&w->thread, NULL, watch_main, w) != 0) {
        pthread_mutex_destroy(&w->mu);
        pthread_cond_destroy(&w->cv);
        return;
    }
    w->running = 1;
}

static void watch_stop(open_watch *w)
{
    if (!w->running)
        return;
    pthread_mutex_lock(&w->mu);
    w->done = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    w->running = 0;
}

static gfp_status refuse_wav_hazard(const hdr_bytes *h, const char *path,
                                    gfp_error *err)
{
    char why[128];
    if (!wav_list_hazard(h, why, sizeof why))
        return GFP_OK;
    return gfp_fail(err, GFP_EFORMAT, "cannot read %s%s%s as audio: a "
                    "malformed WAV header (%s; libsndfile would never "
                    "finish parsing it)", strcmp(path, "-") ? "'" : "",
                    shown(path), strcmp(path, "-") ? "'" : "", why);
}


/* "Format not recognised." -> "format not recognised". */
static void tidy(const char *m, char *out, size_t len)
{
    /* libsndfile's words for a header it parsed but found unusable */
    if (m && strstr(m, "SF_INFO struct incomplete"))
        m = "the header's sample rate, channel count or sample format is "
            "not valid";
    else if (m && !strcmp(m, "Unspecified internal error."))
        m = "the header's sizes or fields are not consistent";
    snprintf(out, len, "%s", m && *m ? m : "unknown error");
    size_t l = strlen(out);
    while (l && (out[l - 1] == '.' || out[l - 1] == '\n' || out[l - 1] == ' '))
        out[--l] = 0;
    if (out[0] >= 'A' && out[0] <= 'Z' && (out[1] < 'A' || out[1] > 'Z'))
        out[0] = (char)(out[0] - 'A' + 'a');
}

/* Whether libsndfile's log says the audio data is shorter than the header
 * states: "data : 16000 (should be 956)" (WAV, W64, RF64, CAF), "SSND :"
 * (AIFF), "BODY :" (8SVX), "Data Size :" (AU), or a "truncated" line. Other
 * "should be" lines (block align, bytes/sec, the RIFF size) are fields
 * libsndfile corrects, not missing samples. */
static int log_says_truncated(const char *log)
{
    static const char *const data_fields[] = {"data", "SSND", "BODY",
                                              "Data Size", "Data length"};
    for (const char *l = log; *l;) {
        const char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(n < 255 ? n : 255), l);
        if (strstr(line, "truncated") || strstr(line, "Truncated"))
            return 1;
        const char *t = line;
        while (*t == ' ' || *t == '*')
            t++;
        if (strstr(t, "should be"))
            for (size_t i = 0; i < sizeof data_fields / sizeof *data_fields;
                 i++) {
                size_t k = strlen(data_fields[i]);
                if (!strncmp(t, data_fields[i], k) &&
                    (t[k] == ' ' || t[k] == ':'))
                    return 1;
            }
        l += n;
        if (*l)
            l++;
    }
    return 0;
}

/* RF64 keeps its sizes in a ds64 chunk, and libsndfile trims a data size
 * larger than the file without a word: compare "Data size : N" with the
 * frames it found. */
/* Whether the log's data size is at or near the largest 32-bit value (or
 * beyond): what writers that cannot seek back leave for "unknown". */
static int log_size_unknown(const char *log)
{
    static const char *const keys[] = {"\n  data : ", "\n  Data size : ",
                                       "\ndata : "};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const char *l = strstr(log, keys[i]);
        if (l && strtoull(l + strlen(keys[i]), NULL, 10) >= 0x7FFF0000ull)
            return 1;
    }
    return 0;
}

static int rf64_says_more(const char *log, const SF_INFO *info)
{
    const char *l = strstr(log, "\n  Data size : ");
    unsigned b = sample_bytes(info->format);
    if ((info->format & SF_FORMAT_TYPEMASK) != SF_FORMAT_RF64 || !l || !b)
        return 0;
    long long size = strtoll(l + 15, NULL, 10);
    return size > 0 && (uint64_t)size / b / (uint64_t)info->channels >
                           (uint64_t)info->frames;
}

/* The checks of an opened file or stream before anything is allocated
 * from its header's numbers, and the warning for a file shorter than its
 * header. what: "" or a role ("response "); path "-" is stdin. */
static gfp_status check_header(SNDFILE *sf, const SF_INFO *info,
                               const char *what, const char *path,
                               const char *who, gfp_error *err)
{
    char name[300];
    int is_std = !strcmp(path, "-");
    if (is_std)
        snprintf(name, sizeof name, "%sstdin", what);
    else
        snprintf(name, sizeof name, "%s'%s'", what, path);
    if (info->channels < 1 || info->channels > MAX_CHANNELS)
        return gfp_fail(err, GFP_EFORMAT, "%s: %d channels is not a sane "
                        "count (1 .. %d)", name, info->channels,
                        MAX_CHANNELS);
    if (info->samplerate < 1 || info->samplerate > MAX_RATE)
        return gfp_fail(err, GFP_EFORMAT, "%s: sample rate %d Hz is not "
                        "sane (1 Hz .. 10 MHz)", name, info->samplerate);
    /* Over a pipe an unknown length is huge, never 0: 0 is what the
     * header says, and libsndfile then delivers nothing. */
    if (info->frames <= 0)
        return gfp_fail(err, GFP_EFORMAT, "%s %s no audio samples", name,
                        is_std ? "announces" : "holds");
    {
        /* libsndfile trims a data size larger than the file (or than a
         * stream that ended within its head) to what is there, and says
         * so in its log: pass that on. */
        char log[4096];
        sf_command(sf, SFC_GET_LOG_INFO, log, sizeof log);
        if ((log_says_truncated(log) || rf64_says_more(log, info)) &&
            !(is_std && log_size_unknown(log)))
            gfp_msg(who, "warning: %s is shorter than its header says "
                    "(truncated?); using the %lld whole sample frames it "
                    "holds", name, (long long)info->frames);
    }
    return GFP_OK;
}

gfp_status gfp_sndfile_open(const char *path, const gfp_sndfile_opts *o,
                            gfp_source *src, gfp_error *err)
{
    memset(src, 0, sizeof *src);
    src->fd = -1;
    src->size = -1;
    int is_std = !path || !strcmp(path, "-");
    src->path = is_std ? "-" : path;
    snd_impl *s = calloc(1, sizeof *s);
    if (!s)
        return gfp_fail(err, GFP_ENOMEM, "out of memory");
    src->impl = s;
    src->close_fn = snd_close;
    s->channel = o->channel;
    s->stack = o->stack;
    s->who = o->who;
    char msg[256];
    if (is_std) {
        src->fd = STDIN_FILENO;
        s->vp = calloc(1, sizeof *s->vp);
        if (!s->vp || !(s->vp->head = malloc(HEAD_CAP))) {
            gfp_fail(err, GFP_ENOMEM, "out of memory");
            goto fail;
        }
        s->vp->fd = STDIN_FILENO;
        vp_prefill(s->vp);
        hdr_bytes h = {s->vp->head, s->vp->head_len, -1,
                       s->vp->eof && !s->vp->read_error
                           ? (uint64_t)s->vp->head_len
                           : UINT64_MAX};
        if (!o->no_header_guard && refuse_wav_hazard(&h, "-", err))
            goto fail;
        SF_VIRTUAL_IO vio = {vp_len, vp_seek, vp_read, vp_write, vp_tell};
        open_watch w;
        watch_start(&w, o->open_cpu_s, o->who, "stdin");
        s->sf = sf_open_virtual(&vio, SFM_READ, &s->info, s->vp);
        watch_stop(&w);
        if (!s->sf) {
            if (s->vp->read_error) {
                gfp_fail(err, GFP_EIO, "read error on stdin: %s",
                         strerror(s->vp->read_error));
                goto fail;
            }
            if (s->vp->consumed == 0) {
                gfp_fail(err, GFP_EFORMAT, "stdin is empty: no audio");
                goto fail;
            }
            tidy(sf_strerror(NULL), msg, sizeof msg);
            gfp_fail(err, GFP_EFORMAT, "cannot read audio from stdin: %s "
                     "(from a pipe, libsndfile reads formats that need no "
                     "seeking: WAV, AIFF, AU, CAF, FLAC, W64; for others "
                     "give a file path, or use --in-format for raw "
                     "samples)", msg);
            goto fail;
        }
    } else {
        src->fd = open(path, O_RDONLY | O_CLOEXEC);
        if (src->fd < 0) {
            gfp_fail(err, GFP_EIO, "cannot open '%s': %s", path,
                     strerror(errno));
            goto fail;
        }
        src->owns_fd = 1;
        struct stat sb;
        if (fstat(src->fd, &sb) == 0) {
            if (S_ISDIR(sb.st_mode)) {
                gfp_fail(err, GFP_EIO, "'%s' is a directory", path);
                goto fail;
            }
            if (S_ISREG(sb.st_mode) && sb.st_size == 0) {
                gfp_fail(err, GFP_EFORMAT, "'%s' is empty", path);
                goto fail;
            }
            hdr_bytes h = {NULL, 0, src->fd,
                           S_ISREG(sb.st_mode) ? (uint64_t)sb.st_size
                                               : UINT64_MAX};
            if (!o->no_header_guard && refuse_wav_hazard(&h, path, err))
                goto fail;
        }
        char name[300];
        snprintf(name, sizeof name, "'%s'", path);
        open_watch w;
        watch_start(&w, o->open_cpu_s, o->who, name);
        s->sf = sf_open_fd(src->fd, SFM_READ, &s->info, 0);
        watch_stop(&w);
        if (!s->sf) {
            tidy(sf_strerror(NULL), msg, sizeof msg);
            gfp_fail(err, GFP_EFORMAT, "cannot read '%s' as audio: %s (for "
                     "raw samples give --in-format and --rate)", path, msg);
            goto fail;
        }
    }
    if (check_header(s->sf, &s->info, "", path, o->who, err))
        goto fail;
    if (o->channel >= s->info.channels) {
        gfp_fail(err, GFP_EINVAL, "--channel %d: %s has %d channel%s "
                 "(0 .. %d)", o->channel, shown(src->path), s->info.channels,
                 s->info.channels == 1 ? "" : "s", s->info.channels - 1);
        goto fail;
    }
    size_t scratch_items;
    if (!gfp_mul_ok(CHUNK_FRAMES, (size_t)s->info.channels, &scratch_items) ||
        !(s->scratch = malloc(scratch_items * sizeof(float)))) {
        gfp_fail(err, GFP_ENOMEM, "out of memory");
        goto fail;
    }
    src->rate = s->info.samplerate;
    src->fmt = gfp_format_native(GFP_F32, 0);
    src->read_fn = snd_read_mono;
    src->channels = 1;
    if (s->stack) {
        size_t items;
        if (!o->n || !o->hop || o->hop > o->n ||
            !gfp_mul_ok(o->n, (size_t)s->info.channels, &items)) {
            gfp_fail(err, GFP_EINVAL, "internal: bad frame for stacking");
            goto fail;
        }
        s->n = o->n;
        s->hop = o->hop;
        s->first_frame = 1;
        if (!(s->hist = calloc(items, sizeof(float))) ||
            !(s->pend = malloc(items * sizeof(float)))) {
            gfp_fail(err, GFP_ENOMEM, "out of memory");
            goto fail;
        }
        src->read_fn = snd_read_stack;
        src->channels = s->info.channels;
    } else if (o->interleaved) {
        src->read_fn = snd_read_inter;
        src->channels = s->info.channels;
        if (o->shorts &&
            (s->info.format & SF_FORMAT_SUBMASK) == SF_FORMAT_PCM_16) {
            src->read_fn = snd_read_inter16;
            src->fmt = gfp_format_native(GFP_S16, 0);
        }
    }
    /* Known length, in bytes of what read_fn delivers (for progress). */
    if (!is_std) {
        /* checked: a header's frame count is not trusted to be small */
        size_t frames = (size_t)s->info.frames, items, bytes;
        int ok = (uint64_t)s->info.frames <= SIZE_MAX;
        if (ok && s->stack) {
            size_t nf = frames <= s->n ? 1
                        : (frames - s->n + s->hop - 1) / s->hop + 1;
            ok = gfp_mul_ok(nf, s->n, &items) &&
                 gfp_mul_ok(items, (size_t)s->info.channels, &items);
        } else if (o->interleaved) {
            ok = ok && gfp_mul_ok(frames, (size_t)s->info.channels, &items);
        } else {
            items = frames;
        }
        ok = ok && gfp_mul_ok(items, src->read_fn == snd_read_inter16
                                         ? sizeof(short) : sizeof(float),
                              &bytes) &&
             bytes <= INT64_MAX;
        src->size = ok ? (int64_t)bytes : -1;
        /* Parallel reads where a seek is exact and cheap: uncompressed
         * samples, and FLAC (seek tables, lossless frames). */
        int enc = s->info.format & SF_FORMAT_TYPEMASK;
        if (o->lanes > 0 && !s->stack && !o->interleaved && ok && s->info.seekable &&
            s->info.frames > 0 &&
            (sample_bytes(s->info.format) || enc == SF_FORMAT_FLAC)) {
            s->lane_sf = calloc((size_t)o->lanes, sizeof *s->lane_sf);
            s->lane_scr = calloc((size_t)o->lanes, sizeof *s->lane_scr);
            if (!s->lane_sf || !s->lane_scr) {
                gfp_fail(err, GFP_ENOMEM, "out of memory");
                goto fail;
            }
            s->lanes = o->lanes;
            src->read_at_fn = snd_read_at;
            src->lanes = o->lanes;
            src->items = (uint64_t)s->info.frames;
        }
    }
    return GFP_OK;
fail:
    snd_close(src);
    src->close_fn = NULL;
    if (src->owns_fd && src->fd >= 0)
        close(src->fd);
    src->fd = -1;
    src->owns_fd = 0;
    return err->status;
}

int64_t gfp_sndfile_frames(const gfp_source *src)
{
    const snd_impl *s = src->impl;
    if (!s || s->vp)
        return -1;
    return (int64_t)s->info.frames;
}

int gfp_sndfile_file_channels(const gfp_source *src)
{
    const snd_impl *s = src->impl;
    return s ? s->info.channels : 0;
}

int gfp_sndfile_file_format(const gfp_source *src)
{
    const snd_impl *s = src->impl;
    return s ? s->info.format : 0;
}

/* ---- a whole file at once -------------------------------------------------- */

/* Whether a file that libsndfile cannot open still claims to be audio, by
 * its first bytes or its name: then its errors are errors, not a cue to
 * read it as raw samples. */
static int claims_audio(const char *path)
{
    static const char *const magic[] = {"RIFF", "RIFX", "RF64", "BW64",
                                        "FORM", ".snd", "dns.", "fLaC",
                                        "OggS", "caff", "riff", "NIST"};
    static const char *const ext[] = {"wav", "wave", "bwf", "rf64", "w64",
                                      "aif", "aiff", "aifc", "au", "snd",
                                      "flac", "ogg", "oga", "opus", "caf",
                                      "mp3", "voc", "sf", "nist", "sph",
                                      "paf", "svx", "ircam", "htk", "mat"};
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (dot && (!slash || dot > slash))
        for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
            if (!strcasecmp(dot + 1, ext[i]))
                return 1;
    unsigned char head[4];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t r = read(fd, head, sizeof head);
    close(fd);
    if (r != (ssize_t)sizeof head)
        return 0;
    for (size_t i = 0; i < sizeof magic / sizeof *magic; i++)
        if (!memcmp(head, magic[i], 4))
            return 1;
    return 0;
}

gfp_status gfp_sndfile_load(const char *path, const char *what,
                            const char *who, uint64_t max_frames,
                            gfp_audio *a, int *is_audio, gfp_error *err)
{
    memset(a, 0, sizeof *a);
    *is_audio = 0;
    struct stat sb;
    int regular = stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
    if (regular && sb.st_size == 0)
        return gfp_fail(err, GFP_EFORMAT, "%s'%s' is empty", what, path);
    if (regular) {
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            hdr_bytes h = {NULL, 0, fd, (uint64_t)sb.st_size};
            gfp_status hz = refuse_wav_hazard(&h, path, err);
            close(fd);
            if (hz) {
                *is_audio = 1;
                return hz;
            }
        }
    }
    SF_INFO info;
    memset(&info, 0, sizeof info);
    char name[300];
    snprintf(name, sizeof name, "%s'%s'", what, path);
    open_watch w;
    watch_start(&w, 0, who, name);
    SNDFILE *sf = sf_open(path, SFM_READ, &info);
    watch_stop(&w);
    if (!sf) {
        if (!claims_audio(path))
            return GFP_OK; /* not audio: the caller reads raw samples */
        *is_audio = 1;
        char msg[256];
        tidy(sf_strerror(NULL), msg, sizeof msg);
        return gfp_fail(err, GFP_EFORMAT, "cannot read %s'%s' as audio: %s",
                        what, path, msg);
    }
    *is_audio = 1;
    gfp_status st = check_header(sf, &info, what, path, who, err);
    if (st) {
        sf_close(sf);
        return st;
    }
    /* The buffer grows with what is read, never with what the header
     * claims (a compressed format's frame count is only a claim). */
    size_t nc = (size_t)info.channels, cap = 0, have = 0;
    double *d = NULL;
    for (;;) {
        if (have == cap) {
            size_t ncap = cap ? 2 * cap : CHUNK_FRAMES, bytes;
            if (ncap > max_frames + 1)
                ncap = (size_t)max_frames + 1;
            double *nd;
            if (ncap <= cap || !gfp_mul_ok(ncap, nc * sizeof *d, &bytes) ||
                !(nd = realloc(d, bytes))) {
                st = gfp_fail(err, GFP_ENOMEM, "out of memory for %s'%s'",
                              what, path);
                break;
            }
            d = nd;
            cap = ncap;
        }
        sf_count_t r = sf_readf_double(sf, d + have * nc,
                                       (sf_count_t)(cap - have));
        if (r <= 0)
            break;
        have += (size_t)r;
        if (have > max_frames) {
            st = gfp_fail(err, GFP_EFORMAT, "%s'%s' is longer than %llu "
                          "sample frames", what, path,
                          (unsigned long long)max_frames);
            break;
        }
    }
    if (!st && have == 0) {
        char msg[256];
        tidy(sf_strerror(sf), msg, sizeof msg);
        st = gfp_fail(err, GFP_EFORMAT, "%s'%s': no samples could be read "
                      "(%s)", what, path, msg);
    }
    sf_close(sf);
    if (st) {
        free(d);
        return st;
    }
    a->data = d;
    a->frames = have;
    a->channels = info.channels;
    a->rate = info.samplerate;
    a->format = info.format;
    return GFP_OK;
}
