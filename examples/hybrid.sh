#!/bin/sh
# hybrid.sh - a 2D FFT on the CPU and the GPU at once (--engine hybrid).
#
# Calibrates the performance model (a few seconds), then transforms a
# 384x512 complex array with --engine hybrid, the GPU held to 256 KiB of
# buffers so the array goes through it in many pieces, and -v to show the
# r the model chose with its predicted and measured time. Checks the
# result against the CPU engine's (relative L2 within 1e-5) and that
# ifft2 gives the array back. Runs on CPU-only builds too: there hybrid
# runs on the CPU alone, with one note, and gives the CPU's very bytes.
#
# The model goes to a scratch file (GFFTPIPE_MODEL) so that running the
# example leaves your $XDG_CACHE_HOME/gfftpipe/model alone; drop the
# variable to calibrate for real.
#
# Usage: examples/hybrid.sh [OUTDIR]   (default: a temporary directory)
set -eu
example="hybrid example"
. "$(dirname "$0")/common.sh"
work_dirs "$@"
GFFTPIPE_MODEL="$tmp/model"
export GFFTPIPE_MODEL
W=384 H=512

"$G" calibrate --threads 2 || die "calibrate failed"

# a complex array: two plane waves plus a slow ramp, as text, then cf32
awk -v w=$W -v h=$H 'BEGIN { pi = atan2(0, -1)
    for (y = 0; y < h; y++) for (x = 0; x < w; x++) {
        re = cos(2 * pi * (5 * x / w + 9 * y / h)) + 0.001 * x
        im = sin(2 * pi * (-17 * x / w + 3 * y / h))
        printf "%.7f\n%.7f\n", re, im } }' >"$tmp/a.txt"
# the values as s32 little-endian bytes (awk writes octal escapes, printf
# makes them bytes); gfftpipe reads s32 scaled to [-1, 1), so the array it
# sees is a quarter of the text values (2^29 / 2^31)
awk '{ v = int($1 * 2 ^ 29); if (v < 0) v += 2 ^ 32
       printf "%d %d %d %d\n", v % 256, int(v / 256) % 256,
              int(v / 65536) % 256, int(v / 16777216) }' "$tmp/a.txt" |
    awk '{ printf "\\%03o\\%03o\\%03o\\%03o", $1, $2, $3, $4
           if (++k % 64 == 0) printf "\n" } END { if (k % 64) printf "\n" }' |
    while IFS= read -r line; do printf "$line"; done >"$out/array.cs32le"

o="--size ${W}x$H --in-format cs32le --out-format cf32"
"$G" fft2 -q $o --engine cpu "$out/array.cs32le" "$tmp/cpu.cf32" ||
    die "fft2 on the CPU failed"
"$G" fft2 -v $o --engine hybrid --threads 2 --gpu-mem 256Ki \
    "$out/array.cs32le" "$out/spectrum.cf32" 2>"$tmp/log" ||
    { cat "$tmp/log" >&2; die "fft2 --engine hybrid failed"; }
sed 's/^/  /' "$tmp/log"

# the two spectra, value by value
rel=$(od -An -v -tf4 -w4 "$tmp/cpu.cf32" >"$tmp/c.txt" &&
      od -An -v -tf4 -w4 "$out/spectrum.cf32" |
      paste - "$tmp/c.txt" |
      awk '{ d = $1 - $2; n += d * d; s += $2 * $2 }
           END { printf "%.3g\n", sqrt(n / s) }')
echo "hybrid against the CPU engine: relative L2 difference $rel"
awk -v r="$rel" 'BEGIN { exit !(r <= 1e-5) }' || die "the spectra differ"

# and back: ifft2 of the spectrum is the array (the s32 input read as
# values in [-1, 1): 2^29 / 2^31 = 1/4 of the text values)
"$G" ifft2 -q --size ${W}x$H --in-format cf32 --out-format cf32 \
    --engine hybrid "$out/spectrum.cf32" "$tmp/back.cf32" 2>/dev/null ||
    die "ifft2 failed"
back=$(od -An -v -tf4 -w4 "$tmp/back.cf32" | paste - "$tmp/a.txt" |
       awk '{ d = $1 - $2 / 4; n += d * d; s += $2 * $2 / 16 }
            END { printf "%.3g\n", sqrt(n / s) }')
echo "ifft2 gives the array back: relative L2 difference $back"
awk -v r="$back" 'BEGIN { exit !(r <= 1e-5) }' || die "the round trip differs"
