#!/bin/sh
# spectrogram-rss.sh - peak memory (max RSS, /usr/bin/time -v) of
# `gfftpipe spectrogram --engine cpu` on long inputs (issue 5: <= 200 MB):
#
#   file:  a 1-hour 44.1 kHz stereo s16 WAV (635 MB, written in $BENCH_DIR
#          and deleted at the end)
#   stdin: 24 hours of 44.1 kHz mono s16 raw samples (7.6 GB), made on the
#          fly into the pipe, never stored
#
# for each plot size given (default: 1024x512, the default size, and
# 4096x1025). The samples are white noise: one minute read from
# /dev/urandom, repeated (the content does not change the memory).
#
# Usage: bench/spectrogram-rss.sh [WxH ...]     e.g. 1024x512 20000x1025
# Needs /usr/bin/time (GNU time). Set HOURS_STDIN to shorten the stream,
# GFP_OPTS for more gfftpipe options (e.g. --pool mean).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
G=${GFFTPIPE:-}
for c in "$here/../build-spec-cpu/src/gfftpipe" "$here/../build/src/gfftpipe" "$here/../src/gfftpipe"; do
    [ -n "$G" ] && break
    [ -x "$c" ] && G=$c
done
[ -n "$G" ] && [ -x "$G" ] || { echo "spectrogram-rss: no gfftpipe (set GFFTPIPE)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "spectrogram-rss: needs /usr/bin/time (GNU time)" >&2; exit 1; }
[ $# -gt 0 ] || set -- 1024x512 4096x1025
hours=${HOURS_STDIN:-24}
dir=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/gfp-rss.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' HUP INT TERM
rate=44100

le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}
# one minute of stereo s16 noise; a mono minute is its first half
head -c $((60 * rate * 4)) /dev/urandom >"$dir/minute.s16"
frames=$((3600 * rate))
bytes=$((frames * 4))
{ printf 'RIFF'; le32 $((bytes + 36)); printf 'WAVEfmt '; le32 16
  printf '\001\000\002\000'; le32 $rate; le32 $((rate * 4))
  printf '\004\000\020\000data'; le32 $bytes
  i=0; while [ $i -lt 60 ]; do cat "$dir/minute.s16"; i=$((i + 1)); done; } >"$dir/hour.wav"
head -c $((60 * rate * 2)) "$dir/minute.s16" >"$dir/mono-minute.s16"
echo "input: 1-hour WAV $(wc -c <"$dir/hour.wav") bytes; stdin: $hours h of mono s16 ($((hours * 3600 * rate * 2)) bytes)"
echo "machine: $(nproc) CPUs; load before: $(cut -d' ' -f1-3 /proc/loadavg); options: ${GFP_OPTS:-none}"

# rss LABEL CMD...: runs CMD under GNU time, prints max RSS and wall time.
rss() {
    _l=$1; shift
    /usr/bin/time -v "$@" 2>"$dir/time.txt" || { cat "$dir/time.txt" >&2; exit 1; }
    _k=$(awk -F: '/Maximum resident/ { gsub(/ /, "", $2); print $2 }' "$dir/time.txt")
    _w=$(awk '/Elapsed \(wall clock\)/ { print $NF }' "$dir/time.txt")
    printf '%-34s max RSS %7d kB = %6.1f MB (%5.1f MiB)  wall %s\n' "$_l" "$_k" \
        "$(echo "$_k" | awk '{ print $1 * 1024 / 1e6 }')" "$(echo "$_k" | awk '{ print $1 / 1024 }')" "$_w"
}
for s in "$@"; do
    w=${s%x*}; h=${s#*x}
    # shellcheck disable=SC2086
    rss "file 1 h stereo WAV, ${w}x${h}" "$G" spectrogram --engine cpu -q ${GFP_OPTS:-} --width "$w" --height "$h" \
        "$dir/hour.wav" "$dir/out.png"
    # 24 h on stdin: the mono minute again and again, cut to the length
    rss "stdin ${hours} h mono s16, ${w}x${h}" sh -c '
        m=$1; n=$2; shift 2
        i=0; while [ $i -lt $n ]; do cat "$m"; i=$((i + 1)); done |
            "$@"' sh "$dir/mono-minute.s16" $((hours * 60)) \
        "$G" spectrogram --engine cpu -q ${GFP_OPTS:-} --in-format s16 --rate $rate --width "$w" --height "$h" - "$dir/out.png"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
