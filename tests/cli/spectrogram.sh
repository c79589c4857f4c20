#!/bin/sh
# spectrogram.sh - the spectrogram stage: known tones and a chirp land on
# the right pixels, a full-scale sine reads 0 dBFS for every window, the
# --raw matrix equals an independent FFTW STFT, path / stdin / 1-byte stdin
# give the same image, and bad inputs fail cleanly with no PNG left.
. "$(dirname "$0")/lib.sh"
STFTREF=$TOP_BUILDDIR/tests/cli/stftref
[ -x "$STFTREF" ] || { echo "stftref not built" >&2; exit 99; }

# Integers (one per line) -> s16le bytes, with awk and printf only.
to_s16le() {
    awk '{ v = $1; if (v < 0) v += 65536
           printf "\\%03o\\%03o", v % 256, int(v / 256)
           if (++k % 256 == 0) printf "\n" }
         END { if (k % 256) printf "\n" }' |
    while IFS= read -r line; do printf "$line"; done
}
# le32 N: 4 little-endian bytes.
le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}
# wav RATE < s16 > wav: a mono 16-bit WAV header in front of the samples.
wav() {
    _b=$(size "$2")
    { printf 'RIFF'; le32 $((_b + 36)); printf 'WAVEfmt '; le32 16
      printf '\001\000\001\000'; le32 "$1"; le32 $(($1 * 2))
      printf '\002\000\020\000data'; le32 "$_b"; cat "$2"; } >"$3"
}
sp() { g spectrogram -q "$@"; }
# between V LO HI: LO <= V <= HI (one command, for check).
between() { [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }

# ---- known content: tones at known times, and a chirp ----
# 2 s at 48 kHz: 0-1 s 1000 Hz, 1-2 s 6000 Hz, amplitude 0.5.
awk 'BEGIN { pi = atan2(0, -1)
    for (i = 0; i < 96000; i++) { f = i < 48000 ? 1000 : 6000
        x = 16384 * sin(2 * pi * f * i / 48000); print (x < 0 ? -int(-x + .5) : int(x + .5)) } }' |
    to_s16le >"$T/tones.s16"
sp --in-format s16le --rate 48000 --width 2 --height 1025 --raw "$T/tones.npy" "$T/tones.s16"
# bin = f * 2048 / 48000: 42.67 and 256
set -- $("$STFTREF" peak "$T/tones.npy" 0)
check "1000 Hz tone in the first half at row 42-43 (got $1)" between "$1" 42 43
set -- $("$STFTREF" peak "$T/tones.npy" 1)
check "6000 Hz tone in the second half at row 256 (got $1)" [ "$1" -eq 256 ]
# Log axis, 40 Hz .. 16 kHz on 256 rows: row = 255 * ln(f/40) / ln(400)
sp --in-format s16le --rate 48000 --width 2 --height 256 --log-freq --fmin 40 --fmax 16000 \
    --raw "$T/tlog.npy" "$T/tones.s16"
set -- $("$STFTREF" peak "$T/tlog.npy" 0)
check "log axis: 1000 Hz at row 137 +-1 (got $1)" between "$1" 136 138
set -- $("$STFTREF" peak "$T/tlog.npy" 1)
check "log axis: 6000 Hz at row 213 +-1 (got $1)" between "$1" 212 214

# Chirp 1 kHz -> 9 kHz over 2 s (linear): column c of 8 centres at
# t = (c + .5) / 4 s, f = 1000 + 4000 t; 256 rows over 0 .. 24 kHz.
awk 'BEGIN { pi = atan2(0, -1)
    for (i = 0; i < 96000; i++) { t = i / 48000
        x = 16384 * sin(2 * pi * (1000 * t + 2000 * t * t)); print (x < 0 ? -int(-x + .5) : int(x + .5)) } }' |
    to_s16le >"$T/chirp.s16"
sp --in-format s16le --rate 48000 --n 1024 --hop 256 --width 8 --height 256 --pool mean \
    --raw "$T/chirp.npy" "$T/chirp.s16"
bad=0
for c in 0 1 2 3 4 5 6 7; do
    set -- $("$STFTREF" peak "$T/chirp.npy" $c)
    want=$(awk -v c=$c 'BEGIN { t = (c + .5) / 4; printf "%d", (1000 + 4000 * t) / 24000 * 255 + .5 }')
    d=$(($1 - want)); [ $d -lt 0 ] && d=$((-d))
    [ $d -le 2 ] || { say "    column $c: peak row $1, expected $want"; bad=1; }
done
check "chirp: the peak follows the sweep in every column" [ $bad -eq 0 ]

# ---- full-scale sine reads 0 dBFS +- 0.1 for every window and n ----
# bin-centred: f = 100 * 48000 / 2048 (n 2048) = 200 * 48000 / 4096 (n 4096)
awk 'BEGIN { pi = atan2(0, -1)
    for (i = 0; i < 16384; i++) print int(32767 * sin(2 * pi * 100 * i / 2048) + (i % 2 ? .5 : .5) - (sin(2 * pi * 100 * i / 2048) < 0)) }' |
    to_s16le >"$T/fs.s16"
bad=0
for n in 2048 4096; do
    for w in rect hann hamming blackman blackman-harris flattop kaiser:8; do
        sp --in-format s16le --rate 48000 --n $n --window $w --width 1 --height 64 \
            --raw "$T/fs.npy" "$T/fs.s16" || bad=1
        v=$("$STFTREF" max "$T/fs.npy")
        awk -v v="$v" 'BEGIN { exit !(v > -0.1 && v < 0.1) }' ||
            { say "    --n $n --window $w: $v dBFS"; bad=1; }
    done
done
check "full-scale sine reads 0 dBFS +- 0.1 dB for 7 windows, n 2048 and 4096" [ $bad -eq 0 ]

# ---- the --raw matrix equals an independent STFT (FFTW, double) ----
awk 'BEGIN { srand(7); pi = atan2(0, -1)
    for (i = 0; i < 24000; i++) { t = i / 48000
        x = 9000 * sin(2 * pi * (300 * t + 20000 * t * t)) + 3000 * sin(2 * pi * 7777 * t) + 2000 * (rand() * 2 - 1)
        print (x < 0 ? -int(-x + .5) : int(x + .5)) } }' | to_s16le >"$T/mix.s16"
F=$("$STFTREF" frames 24000 512 128)
for w in hann blackman-harris; do
    sp --in-format s16le --rate 48000 --n 512 --hop 128 --window $w --width "$F" --height 257 \
        --raw "$T/mix.npy" "$T/mix.s16"
    e=$("$STFTREF" compare "$T/mix.npy" "$T/mix.s16" 512 128 $w)
    check "raw s16, $w: --raw matches FFTW STFT (max error $e of the peak <= 1e-4)" [ $? -eq 0 ]
done
wav 48000 "$T/mix.s16" "$T/mix.wav"
sp --n 512 --hop 128 --width "$F" --height 257 --raw "$T/mixw.npy" "$T/mix.wav"
e=$("$STFTREF" compare "$T/mixw.npy" "$T/mix.s16" 512 128 hann)
check "WAV through libsndfile: --raw matches FFTW STFT (max error $e)" [ $? -eq 0 ]
sp --n 512 --hop 128 --width "$F" --height 257 --precision f64 --raw "$T/mix64.npy" "$T/mix.wav"
e=$("$STFTREF" compare "$T/mix64.npy" "$T/mix.s16" 512 128 hann)
check "--precision f64 matches too (max error $e)" [ $? -eq 0 ]

# ---- streaming: path, stdin, 1-byte stdin give the same image ----
head -c 16000 "$T/mix.s16" >"$T/short.s16"
wav 8000 "$T/short.s16" "$T/short.wav"
set -- --width 64 --height 100 --title "same"
sp "$@" "$T/short.wav" "$T/a.png"
sp "$@" - "$T/b.png" <"$T/short.wav"
dd if="$T/short.wav" bs=1 2>/dev/null | sp "$@" - "$T/c.png"
check "WAV: path and stdin give the same PNG" expect_same "$T/a.png" "$T/b.png"
check "WAV: 1-byte-at-a-time stdin gives the same PNG" expect_same "$T/a.png" "$T/c.png"
check "the PNG starts with the PNG signature" [ "$(head -c 8 "$T/a.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]
sp --in-format s16 --rate 8000 "$@" "$T/short.s16" "$T/d.png"
cat "$T/short.s16" | sp --in-format s16 --rate 8000 "$@" - "$T/e.png"
check "raw: path and stdin give the same PNG" expect_same "$T/d.png" "$T/e.png"
sp "$@" "$T/short.wav" - >"$T/f.png"
check "PNG to stdout equals the file" expect_same "$T/a.png" "$T/f.png"
# Streaming with merges: many more frames than 2 x width still renders.
sp --in-format s16 --rate 48000 --n 256 --hop 64 --width 16 --height 32 --raw "$T/m.npy" - <"$T/mix.s16"
check "stdin with merged columns: a 32 x 16 matrix" [ "$(size "$T/m.npy")" -eq $((128 + 32 * 16 * 4)) ]

# ---- the PNG itself: 8-bit palette, same pixels however it is made ----
check "the PNG is 8-bit palette colour (IHDR depth 8, colour type 3)" \
    [ "$(od -An -tu1 -j24 -N2 "$T/a.png" | tr -s ' ' ' ')" = " 8 3" ]
# A known length and no --raw writes each column straight into the image;
# --raw keeps float columns to the end: the same PNG, for max and mean,
# one panel and stacked, stretched (fewer frames than the width) or not.
awk 'BEGIN { srand(11); pi = atan2(0, -1)
    for (i = 0; i < 16000; i++) { t = i / 8000
        l = 9000 * sin(2 * pi * (200 * t + 700 * t * t)) + 1000 * (rand() * 2 - 1)
        r = 6000 * sin(2 * pi * 2500 * t) + 3000 * (rand() * 2 - 1)
        print (l < 0 ? -int(-l + .5) : int(l + .5)); print (r < 0 ? -int(-r + .5) : int(r + .5)) } }' |
    to_s16le >"$T/st.s16"
_b=$(size "$T/st.s16")
{ printf 'RIFF'; le32 $((_b + 36)); printf 'WAVEfmt '; le32 16
  printf '\001\000\002\000'; le32 8000; le32 32000
  printf '\004\000\020\000data'; le32 "$_b"; cat "$T/st.s16"; } >"$T/st.wav"
bad=0
for o in "--width 40 --height 50" "--width 300 --height 64 --pool mean" \
         "--width 40 --height 50 --channels stack" "--width 300 --height 40 --channels stack --pool mean --log-freq"; do
    # shellcheck disable=SC2086
    sp $o --n 256 --hop 64 "$T/st.wav" "$T/d1.png" &&
        sp $o --n 256 --hop 64 --raw "$T/d.npy" "$T/st.wav" "$T/d2.png" &&
        cmp -s "$T/d1.png" "$T/d2.png" || { say "    $o: differ"; bad=1; }
done
check "columns written as they finish = columns kept to the end (4 layouts)" [ $bad -eq 0 ]
# From a pipe with --pool max and no --raw the buckets are colour indices
# (merged by the max of indices); --raw keeps float buckets: with merges
# (far more frames than 2 x width) both give the same PNG.
bad=0
for o in "--width 10 --height 50" "--width 7 --height 64 --channels stack --log-freq"; do
    # shellcheck disable=SC2086
    sp $o --n 256 --hop 32 - "$T/q1.png" <"$T/st.wav" &&
        sp $o --n 256 --hop 32 --raw "$T/q.npy" - "$T/q2.png" <"$T/st.wav" &&
        cmp -s "$T/q1.png" "$T/q2.png" || { say "    $o: differ"; bad=1; }
done
g spectrogram -v --n 256 --hop 32 --width 10 --height 50 - "$T/q1.png" <"$T/st.wav" 2>"$T/v.txt"
grep -q 'byte buckets' "$T/v.txt" && grep -q '[1-9][0-9]* merge(s)' "$T/v.txt" || { say "    -v: $(cat "$T/v.txt")"; bad=1; }
check "stdin, merged: byte buckets = float buckets (2 layouts)" [ $bad -eq 0 ]
# The encoder deflates slices of rows on --threads threads: 1 and 3 give
# the same pixels (libpng decodes both, through fft2; its FFTs of the two
# images are identical bit for bit), and the file from 3 is not the same
# bytes (so the slices were made). --threads also sets FFTW's threads:
# without --wisdom (FFTW_ESTIMATE) both take the same plan, where timed
# plans (FFTW_MEASURE) may differ in the last bit and move a pixel across
# a colour step.
set -- --n 256 --hop 64 --width 1800 --height 600 "$T/st.wav"
"$GFFTPIPE" spectrogram --engine cpu -q --threads 1 "$@" "$T/t1.png" &&
    "$GFFTPIPE" spectrogram --engine cpu -q --threads 3 "$@" "$T/t3.png"
g fft2 -q --engine cpu --gray "$T/t1.png" "$T/t1.npy" && g fft2 -q --engine cpu --gray "$T/t3.png" "$T/t3.npy"
check "--threads 1 and 3: libpng reads both, the same pixels" cmp -s "$T/t1.npy" "$T/t3.npy"
check "--threads 3 made a PNG of several deflate slices" eval '! cmp -s "$T/t1.png" "$T/t3.png"'
# Silence: one colour everywhere; runs make it small, and it decodes.
head -c 64000 /dev/zero >"$T/zero.s16"
"$GFFTPIPE" spectrogram --engine cpu -q --in-format s16 --rate 8000 --no-axes --width 1500 --height 700 \
    --threads 2 "$T/zero.s16" "$T/z.png"
g fft2 -q --gray "$T/z.png" "$T/z.npy"
rc=$?
check "silence, 1500 x 700: libpng reads it, $(size "$T/z.png") bytes (< 20000: runs coded)" \
    eval '[ "$rc" -eq 0 ] && [ "$(size "$T/z.png")" -lt 20000 ]'
# A flipped byte inside the deflate data is caught (CRC, Adler-32).
_n=$(( $(size "$T/t3.png") / 2 ))
{ head -c $_n "$T/t3.png"; printf '\001'; tail -c +$((_n + 2)) "$T/t3.png"; } >"$T/bad.png"
expect_exit 2 g fft2 -q --engine cpu --gray "$T/bad.png" "$T/bad.npy"
check "a corrupted spectrogram PNG is refused by libpng (the check is real)" [ $? -eq 0 ]

# ---- bad inputs: clear error, exit 1 or 2, no PNG, no temporaries ----
: >"$T/empty.wav"
expect_exit 2 sp "$T/empty.wav" "$T/x.png" && expect_stderr_one_line 'empty'
check "empty file: exit 2, one line" [ $? -eq 0 ]
: >"$T/none.s16"
wav 48000 "$T/none.s16" "$T/zero.wav"
expect_exit 2 sp "$T/zero.wav" "$T/x.png" && expect_stderr_one_line 'no audio'
check "WAV with zero samples: exit 2, one line" [ $? -eq 0 ]
expect_exit 2 sp - "$T/x.png" <"$T/empty.wav" && expect_stderr_one_line
check "empty stdin: exit 2, one line" [ $? -eq 0 ]
awk 'BEGIN { srand(3); for (i = 0; i < 3000; i++) print int(rand() * 65536) - 32768 }' | to_s16le >"$T/random.wav"
expect_exit 2 sp "$T/random.wav" "$T/x.png" && expect_stderr_one_line 'random.wav'
check "random bytes named .wav: exit 2, one line" [ $? -eq 0 ]
expect_exit 2 sp - "$T/x.png" <"$T/random.wav" && expect_stderr_one_line 'stdin'
check "random bytes on stdin: exit 2, one line" [ $? -eq 0 ]
expect_exit 1 sp --fmax 30000 "$T/short.wav" "$T/x.png" && expect_usage_error 'Nyquist'
check "--fmax above Nyquist: exit 1, clear message" [ $? -eq 0 ]
expect_exit 1 sp --hop 4096 "$T/short.wav" "$T/x.png" && expect_usage_error 'hop'
check "--hop above --n: exit 1" [ $? -eq 0 ]
expect_exit 1 sp --width 65535 --height 65535 "$T/short.wav" "$T/x.png" && expect_usage_error 'limit'
check "an absurd image size: exit 1, says the limit" [ $? -eq 0 ]
expect_exit 2 sp --channel 3 "$T/short.wav" "$T/x.png" && expect_stderr_one_line 'has 1 channel'
check "--channel beyond the file's channels: exit 2, one line" [ $? -eq 0 ]
expect_exit 1 sp --in-format s16 "$T/short.s16" "$T/x.png" && expect_usage_error 'rate'
check "--in-format without --rate: exit 1" [ $? -eq 0 ]
head -c 30 "$T/short.wav" >"$T/cut.wav"
expect_exit 2 sp "$T/cut.wav" "$T/x.png" && expect_stderr_one_line
check "WAV cut inside its header: exit 2, one line" [ $? -eq 0 ]
check "no PNG left by any failure" [ ! -e "$T/x.png" ]
check "no temporary files left" no_temp_files "$T"
# Data size larger than the file: whole frames + a warning.
head -c 8044 "$T/short.wav" >"$T/trunc.wav"
run sp --raw "$T/tr.npy" "$T/trunc.wav"
check "WAV shorter than its header: exit 0 with a warning" eval '[ "$RC" -eq 0 ] && grep -q warning "$T/stderr"'

finish
