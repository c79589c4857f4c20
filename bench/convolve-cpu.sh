#!/bin/sh
# convolve-cpu.sh - `gfftpipe convolve --engine cpu` against FFmpeg's afir on
# the same files: 10 minutes of 44.1 kHz stereo (16-bit WAV, noise) and a
# 10 s stereo response (exponentially decaying noise, float WAV). Both
# write a 16-bit WAV of the full convolution (input + response - 1 samples
# for gfftpipe; afir keeps the input's length). Prints both wall times and
# their ratio. A benchmark, not a test: it never fails on a timing; it
# skips (exit 77) when ffmpeg is absent, and still times gfftpipe.
#
# Usage: bench/convolve-cpu.sh [MINUTES [RESPONSE_SECONDS]]
# Environment: GFFTPIPE (default: the build's src/gfftpipe), THREADS (1),
# RUNS (alternating runs of each, default 1; the load average is printed
# with every figure, the machine being shared), GFP_OPTS (more convolve
# options, e.g. --block 1Mi).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${GFFTPIPE:-}" ]; then G=$GFFTPIPE
elif [ -x "$here/../src/gfftpipe" ]; then G=$here/../src/gfftpipe
elif [ -x "$here/../build/src/gfftpipe" ]; then G=$here/../build/src/gfftpipe
else echo "convolve-cpu: no gfftpipe (build it or set GFFTPIPE)" >&2; exit 1
fi
min=${1:-10} irs=${2:-10} threads=${THREADS:-1} rate=44100
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfp-bench-conv.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# Noise from a fixed seed: awk is too slow for 53M samples, so one second is
# made with awk and repeated (the statistics do not matter to the timing).
awk -v r=$rate 'BEGIN { srand(7); for (i = 0; i < 2 * r; i++)
    printf "%.6f\n", 0.3 * (2 * rand() - 1) }' >"$tmp/sec.txt"
python3 - "$tmp" "$min" "$irs" "$rate" <<'PY' 2>/dev/null || {
import struct, sys, math, random
tmp, mins, irs, rate = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
vals = [float(l) for l in open(tmp + "/sec.txt")]
sec = struct.pack("<%dh" % len(vals), *[int(v * 32767) for v in vals])
with open(tmp + "/in.s16", "wb") as f:
    for _ in range(mins * 60):
        f.write(sec)
random.seed(3)
n = int(irs * rate)
ir = []
for i in range(n):
    g = math.exp(-6.9 * i / n) * 0.01
    ir += [g * (2 * random.random() - 1), g * (2 * random.random() - 1)]
ir[0] = ir[1] = 0.3
open(tmp + "/ir.f32", "wb").write(struct.pack("<%df" % len(ir), *ir))
PY
    echo "convolve-cpu: python3 is needed to generate the data" >&2; exit 1; }
printf '\000\000\200\077' >"$tmp/one.f32"
"$G" convolve -q --engine cpu --in-format s16 --channels 2 --rate $rate \
    --subtype pcm16 --taps "$tmp/one.f32" "$tmp/in.s16" "$tmp/in.wav"
"$G" convolve -q --engine cpu --in-format f32 --channels 2 --rate $rate \
    --subtype float --taps "$tmp/one.f32" "$tmp/ir.f32" "$tmp/ir.wav"
rm -f "$tmp/in.s16" "$tmp/ir.f32" "$tmp/sec.txt"
echo "input: $min min of $rate Hz stereo pcm16; response: $irs s stereo float"

opts=${GFP_OPTS:-}
load() { cut -d' ' -f1 /proc/loadavg; }
"$G" convolve -v --engine cpu --threads "$threads" $opts \
    "$tmp/in.wav" "$tmp/ir.wav" /dev/null 2>&1 | sed 's/^/  /' | grep FFT || true
have_ff=1
command -v ffmpeg >/dev/null 2>&1 || have_ff=0
runs=${RUNS:-1} r=0
while [ $r -lt "$runs" ]; do
    r=$((r + 1))
    l0=$(load)
    t0=$(date +%s.%N)
    "$G" convolve -q --engine cpu --threads "$threads" $opts \
        "$tmp/in.wav" "$tmp/ir.wav" "$tmp/out-gfp.wav"
    t1=$(date +%s.%N)
    tg=$(echo "$t1 - $t0" | bc)
    echo "run $r: gfftpipe convolve --engine cpu (threads $threads${opts:+, $opts}): $tg s (load $l0)"
    if [ $have_ff = 0 ]; then
        continue
    fi
    l0=$(load)
    t0=$(date +%s.%N)
    ffmpeg -nostdin -loglevel error -y -threads "$threads" -i "$tmp/in.wav" \
        -i "$tmp/ir.wav" -filter_complex "[0:a][1:a]afir=gtype=none" \
        -c:a pcm_s16le "$tmp/out-ff.wav"
    t1=$(date +%s.%N)
    tf=$(echo "$t1 - $t0" | bc)
    echo "run $r: ffmpeg afir (threads $threads): $tf s (load $l0)"
    echo "run $r: ratio gfftpipe / afir: $(echo "scale=3; $tg / $tf" | bc)"
done
if [ $have_ff = 0 ]; then
    echo "SKIP: ffmpeg is not installed: no afir comparison"
    exit 77
fi
