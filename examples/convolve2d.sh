#!/bin/sh
# convolve2d.sh - blur a generated picture with a Gaussian kernel.
#
# Makes a 256x256 picture with the project's own tools only: awk and printf
# write a pattern of plane waves and rings as raw bytes, and `fft2` draws its
# centred log-magnitude spectrum as an RGB PNG (sharp points on a dark
# ground: blurring shows at once). Then `convolve2d` blurs it with
# gaussian:3 and with a 9x9 box, and checks what a blur must do: a kernel
# of one tap gives the picture back unchanged; with --boundary wrap the mean
# of every channel is kept (the kernels sum to 1); the brightest value
# drops, as the points spread into blobs.
#
# Usage: examples/convolve2d.sh [OUTDIR]   (default: a temporary directory,
# removed at the end; give OUTDIR to keep picture.png and the blurred PNGs)
set -eu
example="convolve2d example"
. "$(dirname "$0")/common.sh"
work_dirs "$@"
N=256

pattern_u8 $N >"$tmp/pattern.u8"
"$G" fft2 -q --size ${N}x$N --in-format u8 "$tmp/pattern.u8" \
    "$out/picture.png" || die "fft2 failed"
echo "picture: $out/picture.png (${N}x$N RGB, 8 bits)"

set -- convolve2d -q --kernel gaussian:3 "$out/picture.png" "$out/blurred.png"
echo "gfftpipe $*"
"$G" "$@" || die "gfftpipe failed"
set -- convolve2d -q --kernel box:4 --boundary zero "$out/picture.png" "$out/box.png"
echo "gfftpipe $*"
"$G" "$@" || die "gfftpipe failed"

# The values behind the PNGs, 0..1, as doubles: the picture through a
# one-tap kernel, and the wrapped blur before rounding.
"$G" convolve2d -q --kernel box:0 --precision f64 --out-format f64 "$out/picture.png" "$tmp/orig.f64" ||
    die "convolve2d failed"
"$G" convolve2d -q --kernel box:0 --precision f64 --out-format f64 "$out/blurred.png" "$tmp/blur-png.f64" ||
    die "convolve2d failed"
"$G" convolve2d -q --kernel gaussian:3 --boundary wrap --precision f64 --out-format f64 \
    "$out/picture.png" "$tmp/blur.f64" || die "convolve2d failed"
"$G" convolve2d -q --kernel box:0 "$out/picture.png" "$tmp/same.png" ||
    die "convolve2d failed"
"$G" convolve2d -q --kernel box:0 --precision f64 --out-format f64 "$tmp/same.png" "$tmp/same.f64" ||
    die "convolve2d failed"
cmp -s "$tmp/orig.f64" "$tmp/same.f64" ||
    die "a one-tap kernel changed the picture"
echo "a one-tap kernel (box:0) gives the same pixels back"

# stats FILE: per channel mean, and the largest value
stats() {
    od -An -v -tf8 -w8 "$1" | awk '{ c = (NR - 1) % 3; s[c] += $1
        if ($1 > mx) mx = $1 } END { n = NR / 3
        printf "%.9f %.9f %.9f %.4f\n", s[0] / n, s[1] / n, s[2] / n, mx }'
}
set -- $(stats "$tmp/orig.f64")
m0=$1 m1=$2 m2=$3 peak0=$4
set -- $(stats "$tmp/blur.f64")
echo "channel means (R G B) of the picture: $m0 $m1 $m2; brightest $peak0"
echo "after gaussian:3 (wrap):              $1 $2 $3; brightest $4"
awk -v a="$m0 $m1 $m2" -v b="$1 $2 $3" 'BEGIN { split(a, x); split(b, y)
    for (i = 1; i <= 3; i++) if ((x[i] - y[i]) ^ 2 > 1e-18) exit 1 }' ||
    die "the blur changed a channel's mean"
awk -v p="$peak0" -v q="$4" 'BEGIN { exit !(q < 0.9 * p) }' ||
    die "the brightest value did not drop"
set -- $(stats "$tmp/blur-png.f64")
echo "blurred.png (reflect, rounded to 8 bits): brightest $4"
echo "the blur keeps the means and spreads the points"
