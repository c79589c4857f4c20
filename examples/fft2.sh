#!/bin/sh
# fft2.sh - the 2D spectrum of a generated image.
#
# Makes a 256x256 8-bit image with awk and printf only: two plane waves
# (16 cycles across and 8 down; 24 cycles across and -40 down) and a ring
# pattern (cos of the radius, 32 cycles across the width). Writes its
# centred log-magnitude spectrum as a PNG (the plane waves are pairs of
# points, the ring a circle of radius 32 bins), then reads the magnitudes
# as raw numbers and prints where the strongest peaks are, checking that
# the plane waves are there.
#
# Usage: examples/fft2.sh [OUTDIR]   (default: a temporary directory,
# removed at the end; give OUTDIR to keep pattern.u8 and spectrum.png)
set -eu
example="fft2 example"
. "$(dirname "$0")/common.sh"
work_dirs "$@"
N=256

pattern_u8 $N >"$out/pattern.u8"
[ "$(wc -c <"$out/pattern.u8" | tr -d ' ')" -eq $((N * N)) ] ||
    die "the pattern is not $N x $N bytes"

"$G" fft2 -q --size ${N}x$N --in-format u8 "$out/pattern.u8" \
    "$out/spectrum.png" || die "fft2 to PNG failed"
echo "spectrum: $out/spectrum.png"

# |X| of every bin, centred (row N/2, column N/2 is the zero frequency)
"$G" fft2 -q --size ${N}x$N --in-format u8 --full --shift --out mag \
    --out-format f64 "$out/pattern.u8" "$tmp/mag.f64" || die "fft2 failed"
od -An -v -tf8 -w8 "$tmp/mag.f64" |
    awk -v n=$N '{ i = NR - 1; r = int(i / n) - n / 2; c = i % n - n / 2
                   if (r != 0 || c != 0) printf "%d %d %.1f\n", r, c, $1 }' |
    sort -k3,3 -g -r | head -n 4 >"$tmp/peaks"
echo "strongest peaks (row and column frequency, |X|):"
sed 's/^/  /' "$tmp/peaks"
for want in "8 16" "-8 -16" "-40 24" "40 -24"; do
    grep -q "^$want " "$tmp/peaks" || die "no peak at $want"
done
echo "the plane waves are where they should be"
