#!/bin/sh
# spectrogram-cpu.sh - gfftpipe spectrogram on the CPU engine against SoX.
#
# Generates a 10-minute 44.1 kHz stereo s16 WAV (a chirp, tones and noise,
# with awk: takes a while the first time; kept in $BENCH_DIR), renders it at
# 20000 x 1025 with hop 512 (n 2048) with `gfftpipe spectrogram --engine
# cpu`, and, when sox is installed, with `sox song.wav -n spectrogram -x
# 20000 -y 1025`, in the same run. RUNS times (default 3) each, alternating,
# with the load average before each run. Prints every time, the ratio of
# each pair (target: gfftpipe <= 1/3 of sox), gfftpipe's peak RSS and the
# sizes of both PNGs. Extra gfftpipe options: GFP_OPTS (e.g. --threads 1).
#
# Usage: bench/spectrogram-cpu.sh [MINUTES]   (default 10)
set -eu
min=${1:-10}
here=$(cd "$(dirname "$0")" && pwd)
G=${GFFTPIPE:-}
for c in "$here/../build-spec-cpu/src/gfftpipe" "$here/../build-spec/src/gfftpipe" "$here/../build/src/gfftpipe" "$here/../src/gfftpipe"; do
    [ -n "$G" ] && break
    [ -x "$c" ] && G=$c
done
[ -n "$G" ] && [ -x "$G" ] || { echo "spectrogram-cpu: no gfftpipe (set GFFTPIPE)" >&2; exit 1; }
dir=${BENCH_DIR:-${TMPDIR:-/tmp}/gfp-bench-spectrogram}
mkdir -p "$dir"
song=$dir/song-${min}min.wav
rate=44100
if [ ! -s "$song" ]; then
    echo "generating $song ($min min, 44.1 kHz stereo s16) ..."
    # One period-free stereo signal: left a chirp + tone, right tones + noise;
    # awk writes octal escapes, printf(1) makes bytes.
    frames=$((min * 60 * rate))
    bytes=$((frames * 4))
    le32() {
        printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
        printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
    }
    { printf 'RIFF'; le32 $((bytes + 36)); printf 'WAVEfmt '; le32 16
      printf '\001\000\002\000'; le32 $rate; le32 $((rate * 4))
      printf '\004\000\020\000data'; le32 $bytes
      # awk that writes a NUL with %c (mawk, gawk) writes the bytes itself;
      # otherwise octal escapes through printf(1), much slower.
      if [ "$(LC_ALL=C awk 'BEGIN { printf "%c", 0 }' | od -An -tx1 | tr -d ' ')" = 00 ]; then
          bin=1; else bin=0; fi
      LC_ALL=C awk -v n="$frames" -v rate=$rate -v bin=$bin 'BEGIN { pi = atan2(0, -1); srand(1)
        for (i = 0; i < n; i++) { t = i / rate; u = t - 30 * int(t / 30)
          l = 8000 * sin(2 * pi * (200 * u + 150 * u * u)) + 3000 * sin(2 * pi * 440 * t)
          r = 5000 * sin(2 * pi * 3000 * t) + 2000 * (rand() * 2 - 1)
          l = int(l); r = int(r); if (l < 0) l += 65536; if (r < 0) r += 65536
          if (bin) printf "%c%c%c%c", l % 256, int(l / 256), r % 256, int(r / 256)
          else {
            printf "\\%03o\\%03o\\%03o\\%03o", l % 256, int(l / 256), r % 256, int(r / 256)
            if (i % 64 == 63) printf "\n" } }
        if (!bin) printf "\n" }' |
      if [ $bin = 1 ]; then cat; else while IFS= read -r line; do printf "$line"; done; fi; } >"$song.tmp"
    mv "$song.tmp" "$song"
fi
echo "input: $song ($(wc -c <"$song") bytes)"

now() { date +%s.%N; }
load() { cut -d' ' -f1 /proc/loadavg; }
runs=${RUNS:-3}
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
have_sox=0
command -v sox >/dev/null 2>&1 && have_sox=1 || echo "sox: not installed, skipped"
i=1
while [ $i -le $runs ]; do
    l=$(load)
    t0=$(now)
    if [ -x /usr/bin/time ]; then
        # shellcheck disable=SC2086
        /usr/bin/time -v "$G" spectrogram --engine cpu -q ${GFP_OPTS:-} --width 20000 --height 1025 \
            --n 2048 --hop 512 "$song" "$dir/gfp.png" 2>"$dir/time.txt"
        rss=$(awk -F: '/Maximum resident/ { gsub(/ /, "", $2); print $2 }' "$dir/time.txt")
    else
        # shellcheck disable=SC2086
        "$G" spectrogram --engine cpu -q ${GFP_OPTS:-} --width 20000 --height 1025 --n 2048 --hop 512 \
            "$song" "$dir/gfp.png"
        rss=""
    fi
    t1=$(now)
    tg=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
    line="run $i: gfftpipe ${tg} s (load ${l}${rss:+, peak RSS $((rss / 1024)) MiB})"
    if [ $have_sox = 1 ]; then
        l=$(load)
        t0=$(now)
        sox "$song" -n spectrogram -x 20000 -y 1025 -o "$dir/sox.png"
        t1=$(now)
        ts=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
        line="$line; sox ${ts} s (load $l); ratio $(echo "$tg $ts" | awk '{ printf "%.3f", $1 / $2 }')"
    fi
    echo "$line"
    i=$((i + 1))
done
echo "PNG sizes: gfftpipe $(wc -c <"$dir/gfp.png") bytes$([ $have_sox = 1 ] && echo ", sox $(wc -c <"$dir/sox.png") bytes")"
echo "target: ratio gfftpipe/sox <= 0.333"
