#!/bin/sh
# spectrogram-parallel.sh - a seekable file decoded by several threads at
# once (--read-threads), its frames cut by the engine from spans of
# samples, gives the same bits as one reader, and as the host framer (the
# old path, taken with --tail error): --raw matrices and PNGs compared
# byte for byte on the CPU engine, for mono mixes of 2 and 3 channels, one
# chosen channel, padded and dropped tails, max and mean pooling.
. "$(dirname "$0")/lib.sh"

le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}
# wav CHANNELS FRAMES OUT: s16 noise at 8 kHz, with a WAV header.
wav() {
    _b=$(($1 * $2 * 2))
    { printf 'RIFF'; le32 $((_b + 36)); printf 'WAVEfmt '; le32 16
      printf '\001\000'; printf "\\$(printf %03o "$1")\\000"; le32 8000
      le32 $((8000 * $1 * 2)); printf "\\$(printf %03o $(($1 * 2)))\\000"
      printf '\020\000data'; le32 "$_b"; head -c "$_b" "$T/noise"; } >"$3"
}
head -c 2000000 /dev/urandom >"$T/noise"
# 2343 hops of 128 plus 512: frames of 512 cover it exactly.
wav 2 300416 "$T/exact.wav"
wav 2 300001 "$T/odd.wav"
wav 3 200003 "$T/three.wav"
sp() { g spectrogram -q --engine cpu --threads 1 "$@"; }

# same_bits FILE OPTIONS...: --raw and PNG for 1, 2, 3 and 8 readers
same_bits() {
    _f=$1; shift
    sp --read-threads 1 "$@" --raw "$T/r1.npy" "$_f" "$T/r1.png" || return 1
    for _t in 2 3 8; do
        sp --read-threads $_t "$@" --raw "$T/r$_t.npy" "$_f" "$T/r$_t.png" &&
            cmp -s "$T/r1.npy" "$T/r$_t.npy" && cmp -s "$T/r1.png" "$T/r$_t.png" ||
            { say "    $_f $* --read-threads $_t: differs"; return 1; }
    done
}
bad=0
same_bits "$T/odd.wav" --n 256 --hop 64 --width 300 --height 129 || bad=1
same_bits "$T/odd.wav" --n 512 --hop 512 --width 100 --height 200 --pool mean || bad=1
same_bits "$T/odd.wav" --n 512 --hop 96 --width 4000 --height 100 --tail drop --log-freq || bad=1
same_bits "$T/odd.wav" --n 1024 --channel 1 --width 50 --height 300 || bad=1
same_bits "$T/three.wav" --n 256 --hop 256 --width 700 --height 129 || bad=1
check "--read-threads 1, 2, 3, 8: the same --raw and PNG bits (5 layouts)" [ $bad -eq 0 ]
# FLAC (seek tables, lossless): the same bits, and the same as the WAV.
if command -v ffmpeg >/dev/null 2>&1 &&
   ffmpeg -loglevel error -y -i "$T/odd.wav" "$T/odd.flac" 2>/dev/null; then
    bad=0
    same_bits "$T/odd.flac" --n 256 --hop 64 --width 300 --height 129 || bad=1
    sp --read-threads 3 --n 256 --hop 64 --width 300 --height 129 --raw "$T/w.npy" "$T/odd.wav" &&
        cmp -s "$T/r1.npy" "$T/w.npy" || { say "    FLAC and WAV differ"; bad=1; }
    g spectrogram -v --engine cpu --read-threads 3 "$T/odd.flac" "$T/v.png" 2>"$T/vf.txt"
    grep -q '3 threads decoding' "$T/vf.txt" || { say "    FLAC not read in parallel"; bad=1; }
    check "FLAC read by 1, 2, 3, 8 threads: the same bits, the WAV's" [ $bad -eq 0 ]
else
    say "# no ffmpeg to make a FLAC file: its parallel read not checked here"
fi

# The host framer (one reader, --tail error: frames cut on the host) and
# spans cut by the engine read by 3 threads: the same bits.
bad=0
for o in "--width 300 --height 257" "--width 3000 --height 100 --pool mean"; do
    # shellcheck disable=SC2086
    sp --tail error $o --n 512 --hop 128 --raw "$T/h.npy" "$T/exact.wav" "$T/h.png" &&
        sp --read-threads 3 $o --n 512 --hop 128 --raw "$T/s.npy" "$T/exact.wav" "$T/s.png" &&
        cmp -s "$T/h.npy" "$T/s.npy" && cmp -s "$T/h.png" "$T/s.png" ||
        { say "    $o: differ"; bad=1; }
done
check "frames cut on the host = frames cut by the engine from spans (2 layouts)" [ $bad -eq 0 ]

# -v says which path ran, and counts as the framer does.
g spectrogram -v --engine cpu --read-threads 3 --n 512 --hop 128 "$T/odd.wav" "$T/v.png" 2>"$T/v1.txt"
g spectrogram -v --engine cpu --tail error --n 512 --hop 128 "$T/exact.wav" "$T/v.png" 2>"$T/v2.txt"
g spectrogram -v --engine cpu --read-threads 3 --n 512 --hop 128 - "$T/v.png" <"$T/odd.wav" 2>"$T/v3.txt"
check "-v: 3 threads decoding, frames cut by the engine" \
    grep -q '3 threads decoding the file in parallel' "$T/v1.txt"
# The counts of the span path are the host framer's (stdin, same file).
counts() { grep -o '[0-9]* items in, .* skipped by the hop)' "$1"; }
c1=$(counts "$T/v1.txt"); c3=$(counts "$T/v3.txt")
check "-v: the span path counts as the framer (items, frames, padding)" \
    test -n "$c1" -a "$c1" = "$c3"
check "-v: --tail error and stdin: frames cut on the host" \
    sh -c "! grep -q 'cut by the engine' '$T/v2.txt' && ! grep -q 'cut by the engine' '$T/v3.txt'"
run g spectrogram --read-threads 0 "$T/odd.wav" "$T/x.png"
check "--read-threads 0: a usage error" expect_usage_error 'read-threads'
run g spectrogram --read-threads 65 "$T/odd.wav" "$T/x.png"
check "--read-threads 65: a usage error" expect_usage_error 'read-threads'
finish
