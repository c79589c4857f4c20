#!/bin/sh
# spectrogram-gpu.sh - issue 5 on the GPU machine: a 1-hour 44.1 kHz stereo
# s16 WAV to a 4096 x 1025 PNG with `gfftpipe spectrogram` (default engine,
# the GPU), against decoding the same file with libsndfile alone, one
# thread, nothing else (target: <= 1.3x).
# First it checks that the GPU gives what the CPU engine gives: --raw
# matrices within rounding and the PNGs' colour indices, for max and mean
# pooling, linear and log rows, more and fewer frames than columns; -v
# must say the pooling ran on the device and the frames were cut there
# from spans of samples; 1 and 8 decoding threads give the same bits.
# Then the timings, alternating, RUNS rounds of: the decoder; gfftpipe
# as a user runs it (8 decoding threads on 16 CPUs); --read-threads 1
# (frames cut on the device, one decoding thread); --read-threads 16; the
# old path (--tail error: one reader, frames cut on the host and sent over
# PCIe, as before the spans); --engine cpu; a 1-second file (what
# start-up costs), the same on the CPU engine, and --version (loading the
# shared libraries, cuFFT's among them): start-up split into its parts.
# A table at the end; logs in $OUT when set.
#
# Usage: bench/spectrogram-gpu.sh
#        bench/spectrogram-gpu.sh --build-decoder OUT   (on a machine with
#            libsndfile's headers: builds the decode-only program OUT)
# Environment: GFFTPIPE (the binary), SFDECODE (the decoder; default:
# build it here), RUNS (rounds, default 5), BENCH_DIR (default /dev/shm),
# FRAMES (sample frames of the long file; keep (FRAMES - 2048) % 512 = 0),
# and SANITIZE=1 to run one small spectrogram under compute-sanitizer.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

# The baseline: libsndfile decoding the whole file to floats, nothing else.
decoder_src() {
    cat <<'EOF'
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    SF_INFO info = {0};
    SNDFILE *f = argc == 2 ? sf_open(argv[1], SFM_READ, &info) : NULL;
    if (!f) { fprintf(stderr, "sfdecode: %s\n", sf_strerror(NULL)); return 2; }
    enum { BLOCK = 65536 };
    float *buf = malloc(sizeof(float) * BLOCK * (size_t)info.channels);
    double sum = 0;
    sf_count_t got, total = 0;
    while (buf && (got = sf_readf_float(f, buf, BLOCK)) > 0) {
        sum += buf[0];      /* touch the data */
        total += got;
    }
    printf("%lld frames of %d channels (%g)\n", (long long)total, info.channels, sum);
    sf_close(f);
    free(buf);
    return 0;
}
EOF
}
if [ "${1:-}" = --build-decoder ]; then
    out=${2:?--build-decoder OUT}
    decoder_src >"$out.c"
    ${CC:-cc} -O2 -o "$out" "$out.c" -lsndfile
    rm -f "$out.c"
    exit 0
fi

G=${GFFTPIPE:-}
for c in "$here/../build-spec-gpu/src/gfftpipe" "$here/../build-spec/src/gfftpipe" "$here/../build/src/gfftpipe"; do
    [ -n "$G" ] && break
    [ -x "$c" ] && G=$c
done
[ -n "$G" ] && [ -x "$G" ] || { echo "spectrogram-gpu: no gfftpipe (set GFFTPIPE)" >&2; exit 1; }
bdir=${BENCH_DIR:-/dev/shm}
[ -d "$bdir" ] && [ -w "$bdir" ] || bdir=${TMPDIR:-/tmp}
dir=$(mktemp -d "$bdir/gfp-specgpu.XXXXXX")
if [ -n "${OUT:-}" ]; then mkdir -p "$OUT"; logd=$OUT; else logd=$dir; fi
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' HUP INT TERM
D=${SFDECODE:-}
if [ -z "$D" ]; then
    D=$dir/sfdecode
    "$0" --build-decoder "$D" || { echo "spectrogram-gpu: cannot build the decoder (set SFDECODE)" >&2; exit 1; }
fi
runs=${RUNS:-5}
rate=44100
le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}
# wav FRAMES OUT < stereo s16: the header, then the samples
wav() {
    _b=$(($1 * 4))
    { printf 'RIFF'; le32 $((_b + 36)); printf 'WAVEfmt '; le32 16
      printf '\001\000\002\000'; le32 $rate; le32 $((rate * 4))
      printf '\004\000\020\000data'; le32 $_b; head -c $_b; } >"$2"
}

# ---- correctness: 20 s of chirp, tones and noise, GPU against CPU ----
LC_ALL=C awk -v rate=$rate 'BEGIN { pi = atan2(0, -1); srand(5)
    for (i = 0; i < 20 * rate; i++) { t = i / rate
        l = 9000 * sin(2 * pi * (100 * t + 250 * t * t)) + 3000 * sin(2 * pi * 440 * t) + 300 * (rand() * 2 - 1)
        r = 5000 * sin(2 * pi * 3000 * t) + 1000 * (rand() * 2 - 1)
        l = int(l); r = int(r); if (l < 0) l += 65536; if (r < 0) r += 65536
        printf "%c%c%c%c", l % 256, int(l / 256), r % 256, int(r / 256) } }' |
    wav $((20 * rate)) "$dir/c.wav"
fails=0
check_case() {
    "$G" spectrogram --engine gpu -v "$@" --raw "$dir/g.npy" "$dir/c.wav" "$dir/g.png" 2>"$dir/gv.txt"
    "$G" spectrogram --engine cpu -q "$@" --raw "$dir/c.npy" "$dir/c.wav" "$dir/c.png"
    "$G" spectrogram --engine gpu -q "$@" "$dir/c.wav" "$dir/g2.png"   # direct mode
    grep -q 'pooling on the device' "$dir/gv.txt" || { echo "  $*: not pooled on the device"; fails=$((fails + 1)); }
    grep -q 'cut by the engine from spans' "$dir/gv.txt" || { echo "  $*: frames not cut on the device"; fails=$((fails + 1)); }
    cat "$dir/gv.txt" >>"$logd/correctness-v.txt"
    python3 - "$dir" "$*" <<'EOF' || fails=$((fails + 1))
import sys, zlib, struct, numpy as np
d, what = sys.argv[1], sys.argv[2]
def idx(f):
    b = open(f, 'rb').read(); i = 8; z = b''
    while i < len(b):
        n, = struct.unpack('>I', b[i:i+4]); t = b[i+4:i+8]
        if t == b'IHDR': w, h = struct.unpack('>II', b[i+8:i+16])
        if t == b'IDAT': z += b[i+8:i+8+n]
        i += 12 + n
    return np.frombuffer(zlib.decompress(z), np.uint8).reshape(h, w + 1)[:, 1:].astype(int)
g, c = np.load(d + '/g.npy'), np.load(d + '/c.npy')
# dB within rounding where there is signal (> -100 dBFS); f32 FFTs differ
m = c > -100
err = np.abs(g - c)[m].max() if m.any() else 0.0
ig, ic, ig2 = idx(d + '/g.png'), idx(d + '/c.png'), idx(d + '/g2.png')
px = np.abs(ig - ic).max(); px2 = np.abs(ig2 - ic).max()
ok = err < 0.01 and px <= 1 and px2 <= 1 and (ig != ic).mean() < 1e-3
print("  %-52s max |dB gpu - cpu| %.2e, colour index diff max %d (direct mode %d), %.1e of pixels: %s"
      % (what, err, px, px2, (ig != ic).mean(), "ok" if ok else "FAIL"))
sys.exit(0 if ok else 1)
EOF
}
echo "correctness, --engine gpu (device pooling) against --engine cpu, 20 s stereo:"
check_case --width 300 --height 257 --n 512 --hop 128
check_case --width 300 --height 200 --n 2048 --hop 512 --pool mean
check_case --width 4000 --height 300 --n 1024 --hop 256 --log-freq --fmin 30
check_case --width 123 --height 1025 --n 2048 --hop 300 --pool mean --log-freq --window blackman-harris
check_case --width 64 --height 100 --n 4096 --hop 4096 --fmin 100 --fmax 5000
# 1 and 8 decoding threads: the same samples, so the same bits.
"$G" spectrogram --engine gpu -q --read-threads 1 --width 300 --height 257 --raw "$dir/t1.npy" "$dir/c.wav" "$dir/t1.png"
"$G" spectrogram --engine gpu -q --read-threads 8 --width 300 --height 257 --raw "$dir/t8.npy" "$dir/c.wav" "$dir/t8.png"
if cmp -s "$dir/t1.npy" "$dir/t8.npy" && cmp -s "$dir/t1.png" "$dir/t8.png"; then
    echo "  --read-threads 1 and 8 on the GPU: identical --raw and PNG"
else
    echo "  --read-threads 1 and 8 on the GPU: DIFFER"; fails=$((fails + 1))
fi
if [ "${SANITIZE:-0}" = 1 ] && command -v compute-sanitizer >/dev/null 2>&1; then
    compute-sanitizer --tool memcheck --error-exitcode 9 "$G" spectrogram --engine gpu -q \
        --width 300 --height 200 --pool mean "$dir/c.wav" "$dir/s.png" >"$dir/san.txt" 2>&1 &&
        echo "  compute-sanitizer memcheck: $(tail -1 "$dir/san.txt")" ||
        { echo "  compute-sanitizer memcheck FAILED:"; tail -5 "$dir/san.txt"; fails=$((fails + 1)); }
fi

# ---- timing: 1 hour of stereo noise (one minute from urandom, repeated) ----
# 158759936 sample frames (64 short of the hour): frames of 2048 every 512
# cover it exactly, so --tail error runs (the old path) without an error.
frames=${FRAMES:-158759936}
head -c $((60 * rate * 4)) /dev/urandom >"$dir/minute.s16"
i=0; while [ $i -lt 61 ]; do cat "$dir/minute.s16"; i=$((i + 1)); done | wav $frames "$dir/hour.wav"
head -c $((rate * 4)) "$dir/minute.s16" | wav $rate "$dir/second.wav"
rm -f "$dir/minute.s16"
cat "$dir/hour.wav" >/dev/null   # in the page cache for every run
echo "timing: $(wc -c <"$dir/hour.wav") bytes in $bdir, $(echo $frames $rate | awk '{ printf "%.1f", $1 / $2 }') s of 44.1 kHz stereo s16; $(nproc) CPUs; $runs rounds"
now() { date +%s.%N; }
# t NAME CMD...: runs CMD, appends its seconds to $dir/t.NAME
t() {
    _n=$1; shift
    _a=$(now); "$@" >>"$logd/runs.log" 2>&1 || { echo "  FAILED: $*" >&2; fails=$((fails + 1)); }
    _b=$(now)
    echo "$_a $_b" | awk '{ printf "%.3f\n", $2 - $1 }' >>"$dir/t.$_n"
}
S="$G spectrogram -q --width 4096 --height 1025"
r=1
while [ $r -le $runs ]; do
    t decode "$D" "$dir/hour.wav"
    t new $S "$dir/hour.wav" "$dir/h.png"
    t new1 $S --read-threads 1 "$dir/hour.wav" "$dir/h1.png"
    t new16 $S --read-threads 16 "$dir/hour.wav" "$dir/h16.png"
    t old $S --tail error "$dir/hour.wav" "$dir/h0.png"
    t cpu $S --engine cpu "$dir/hour.wav" "$dir/hc.png"
    t second $S "$dir/second.wav" "$dir/s.png"
    t secondcpu $S --engine cpu "$dir/second.wav" "$dir/s.png"
    t version "$G" --version
    r=$((r + 1))
done
# The same frames reach the same kernels: the same PNG whichever way.
cmp -s "$dir/h.png" "$dir/h1.png" || { echo "  the PNGs of 8 and 1 decoding threads differ" >&2; fails=$((fails + 1)); }
cmp -s "$dir/h.png" "$dir/h0.png" || { echo "  the PNGs of frames cut on the device and on the host differ" >&2; fails=$((fails + 1)); }
med() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
md=$(med "$dir/t.decode")
{
echo
echo "| what | runs (s) | median (s) | / decode |"
echo "| --- | --- | --- | --- |"
for n in decode new new1 new16 old cpu second secondcpu version; do
    case $n in
    decode) w="libsndfile decode alone (1 thread)" ;;
    new) w="gfftpipe spectrogram 4096x1025 (default: GPU, spans, parallel decode)" ;;
    new1) w="same, --read-threads 1" ;;
    new16) w="same, --read-threads 16" ;;
    old) w="same, --tail error (host framing, 1 reader: the old path)" ;;
    cpu) w="same, --engine cpu (spans, 8 decoding threads, FFTW)" ;;
    second) w="gfftpipe, a 1-second file (start-up)" ;;
    secondcpu) w="same, --engine cpu (start-up without CUDA)" ;;
    version) w="gfftpipe --version (loading the libraries)" ;;
    esac
    m=$(med "$dir/t.$n")
    echo "| $w | $(tr '\n' ' ' <"$dir/t.$n" | sed 's/ $//') | $m | $(echo "$m $md" | awk '{ printf "%.2f", $1 / $2 }') |"
done
echo
echo "target: gfftpipe / decode <= 1.3 (median); PNG $(wc -c <"$dir/h.png") bytes"
} | tee "$logd/table.md"
"$G" spectrogram -v --width 4096 --height 1025 "$dir/hour.wav" "$dir/h.png" 2>&1 | sed 's/^/  -v: /' | tee "$logd/verbose.txt"
"$G" spectrogram -v --tail error --width 4096 --height 1025 "$dir/hour.wav" "$dir/h0.png" 2>&1 | sed 's/^/  -v old: /' | tee -a "$logd/verbose.txt"
[ $fails -eq 0 ] || { echo "spectrogram-gpu: $fails check(s) failed" >&2; exit 1; }
