#!/bin/sh
# convolve.sh - add reverb to a generated signal with a generated impulse
# response.
#
# Makes, with awk and printf only, 1 s at 16 kHz of a 440 Hz tone burst
# (0 .. 0.3 s) and a click at 0.6 s, and a 0.5 s impulse response of white
# noise under an exponential decay of 60 dB in 0.5 s (a small room's RT60),
# both as WAVs (written by gfftpipe itself from raw samples). Convolves them
# (response normalised to unit energy, dry 0.6, wet 0.4) and checks what a reverb must show: the output keeps
# the tail (1 s + 0.5 s - 1 sample), the tail after the click decays by
# about 12 dB per 0.1 s, and nothing is left after the response's end.
#
# Usage: examples/convolve.sh [OUTDIR]   (default: a temporary directory,
# removed at the end; give OUTDIR to keep dry.wav, room.wav and wet.wav)
set -eu
example="convolve example"
. "$(dirname "$0")/common.sh"
keep=$#
work_dirs "$@"
rate=16000

q() { awk '{ x = 32767 * $1; print (x < 0 ? -int(-x + .5) : int(x + .5)) }'; }

awk -v r=$rate 'BEGIN { pi = atan2(0, -1)
    for (i = 0; i < r; i++) { t = i / r; x = 0
        if (t < 0.3) x = 0.5 * sin(2 * pi * 440 * t)
        if (i == int(0.6 * r)) x = 0.9
        print x } }' | q | to_s16le >"$tmp/dry.s16"
awk -v r=$rate 'BEGIN { srand(5); n = r / 2
    for (i = 0; i < n; i++) {
        g = exp(-6.9078 * i / n)           # -60 dB at 0.5 s
        print (i == 0 ? 0.5 : 0.25 * g * (2 * rand() - 1)) } }' |
    q | to_s16le >"$tmp/room.s16"
printf '\000\000\200\077' >"$tmp/one.f32"   # a 1-tap response: 1.0
"$G" convolve -q --in-format s16 --rate $rate --subtype pcm16 \
    --taps "$tmp/one.f32" "$tmp/dry.s16" "$out/dry.wav"
"$G" convolve -q --in-format s16 --rate $rate --subtype pcm16 \
    --taps "$tmp/one.f32" "$tmp/room.s16" "$out/room.wav"
echo "generated dry.wav (1 s: 440 Hz burst, click at 0.6 s) and room.wav" \
     "(0.5 s decaying noise, RT60 0.5 s)"

set -- convolve -v --normalize energy --dry 0.6 --wet 0.4 "$out/dry.wav" "$out/room.wav" "$out/wet.wav"
echo "gfftpipe $*"
"$G" "$@" || die "gfftpipe convolve failed"
# The same as raw floats, to look at the samples.
"$G" convolve -q --normalize energy --dry 0.6 --wet 0.4 --out-format f32 "$out/dry.wav" \
    "$out/room.wav" "$tmp/wet.f32" || die "gfftpipe convolve (raw) failed"
n=$(($(wc -c <"$tmp/wet.f32") / 4))
want=$((rate + rate / 2 - 1))
[ "$n" -eq "$want" ] || die "output has $n samples, expected $want"
echo "output: $n samples = 16000 + 8000 - 1: the reverb tail is kept"
# RMS in dBFS of 0.05 s windows after the click (at 0.6 s)
od -An -v -tf4 -w4 "$tmp/wet.f32" | awk -v r=$rate '
    { x[NR - 1] = $1 }
    function db(a, b,   s, i) { s = 0; for (i = a; i < b; i++) s += x[i] ^ 2
        return 10 * log(s / (b - a) + 1e-30) / log(10) }
    END { w = r / 20
        for (k = 0; k < 5; k++) { a = int(0.62 * r) + k * 2 * w
            printf "  %.2f s .. %.2f s after the click: %6.1f dBFS\n", \
                (a - 0.6 * r) / r, (a + w - 0.6 * r) / r, db(a, a + w)
            v[k] = db(a, a + w) }
        slope = (v[0] - v[4]) / 0.4
        printf "  decay: %.1f dB per 0.1 s (the room: 12 dB per 0.1 s)\n", slope / 10
        if (slope / 10 < 9 || slope / 10 > 15) exit 1
        if (db(int(1.45 * r), int(1.5 * r)) > -60) exit 1 }' ||
    die "the tail does not decay as the room does"
echo "ok: the output rings on after the dry signal and decays like the room"
[ "$keep" -ge 1 ] && echo "files in $out"
exit 0
