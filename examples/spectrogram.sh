#!/bin/sh
# spectrogram.sh - render a spectrogram of a generated test signal.
#
# Makes 6 seconds at 48 kHz, with awk and printf only: a linear chirp from
# 100 Hz to 12 kHz, a 1 kHz tone from 1 s to 3 s, a 6 kHz tone from 3.5 s to
# 5 s, and white noise at -50 dBFS. Renders it twice: from raw s16 on stdin
# (--in-format s16 --rate 48000, linear axis) and from a WAV file (the same
# samples behind a 44-byte header written with printf; log axis, magma),
# and checks with --raw that the tones sit at the right rows.
#
# Usage: examples/spectrogram.sh [OUTDIR]   (default: a temporary directory,
# removed at the end; give OUTDIR to keep the PNGs)
set -eu
example="spectrogram example"
. "$(dirname "$0")/common.sh"
work_dirs "$@"
rate=48000

le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}

awk -v rate=$rate 'BEGIN { pi = atan2(0, -1); srand(42); d = 6
    k = (12000 - 100) / (2 * d)                 # chirp: f(t) = 100 + 2 k t
    for (i = 0; i < d * rate; i++) { t = i / rate
        x = 0.25 * sin(2 * pi * (100 * t + k * t * t))
        if (t >= 1 && t < 3) x += 0.2 * sin(2 * pi * 1000 * t)
        if (t >= 3.5 && t < 5) x += 0.2 * sin(2 * pi * 6000 * t)
        x += 0.00316 * 1.732 * (2 * rand() - 1)  # uniform noise, -50 dBFS rms
        x = 32767 * x; print (x < 0 ? -int(-x + .5) : int(x + .5)) } }' |
    to_s16le >"$tmp/signal.s16"
bytes=$(wc -c <"$tmp/signal.s16")
{ printf 'RIFF'; le32 $((bytes + 36)); printf 'WAVEfmt '; le32 16
  printf '\001\000\001\000'; le32 $rate; le32 $((rate * 2))
  printf '\002\000\020\000data'; le32 "$bytes"; cat "$tmp/signal.s16"; } >"$tmp/signal.wav"
echo "generated 6 s of chirp + tones + noise ($bytes bytes of s16, and a WAV)"

set -- spectrogram -q --in-format s16 --rate $rate --title "chirp 100 Hz - 12 kHz, tones 1 kHz and 6 kHz" \
    --raw "$tmp/lin.npy" - "$out/spectrogram-linear.png"
echo "gfftpipe $* < signal.s16"
"$G" "$@" <"$tmp/signal.s16" || die "gfftpipe failed"
set -- spectrogram -q --n 4096 --hop 1024 --window blackman-harris --log-freq --fmin 40 \
    --fmax 16000 --colormap magma --dynamic-range 100 --title "log frequency, magma" \
    "$tmp/signal.wav" "$out/spectrogram-log.png"
echo "gfftpipe $*"
"$G" "$@" || die "gfftpipe failed"

# The 1 kHz tone: at 2 s (column 2/6 * 1024 + ...) the loudest row other
# than the chirp's is 1000 / 24000 * 511. Check the mean over the tone's
# columns of the row 1 kHz sits at: it must be near 0.2 full scale (-14 dB).
od -An -v -j 128 -t f4 "$tmp/lin.npy" | awk -v cols=1024 '
    { for (i = 1; i <= NF; i++) { r = int(k / cols); c = k % cols; m[r, c] = $i; k++ } }
    END { r1 = int(1000 / 24000 * 511 + .5); r6 = int(6000 / 24000 * 511 + .5)
          c1 = int(2 / 6 * 1024); c6 = int(4.25 / 6 * 1024)
          b1 = -999; b6 = -999
          for (d = -1; d <= 1; d++) { if (m[r1 + d, c1] > b1) b1 = m[r1 + d, c1]
                                      if (m[r6 + d, c6] > b6) b6 = m[r6 + d, c6] }
          printf "1 kHz tone at 2 s: %.1f dBFS; 6 kHz tone at 4.25 s: %.1f dBFS (expected about -14)\n", b1, b6
          exit !(b1 > -16 && b1 < -12 && b6 > -16 && b6 < -12) }' ||
    die "the tones are not where they should be"
echo "wrote $out/spectrogram-linear.png and $out/spectrogram-log.png"
