#!/bin/sh
# roundtrip.sh - fft then ifft gives the input back.
#
# Generates complex (cs16) and real (s16) 16-bit test signals with awk and
# printf only, sends them through `gfftpipe fft | gfftpipe ifft`, and checks
#   1. complex input, back to cs16: byte for byte the same;
#   2. real input, half spectra, `ifft --real-out` back to s16: the same;
#   3. --norm ortho --shift --precision f64 round trip: the same;
#   4. complex input, back to cf32: within 1e-5 relative L2 of the input.
# Exits 1 on the first failure.
#
# Usage: examples/roundtrip.sh
# The gfftpipe binary is $GFFTPIPE, else the one built in this tree
# (src/gfftpipe or build/src/gfftpipe), else the one on PATH.
set -eu

n=1000                  # any length works, not only powers of two
frames=8
items=$((n * frames))   # whole frames: no padding at the end

example="roundtrip"
. "$(dirname "$0")/common.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfftpipe-example.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
cd "$tmp"

# count values: two tones, a chirp and pseudo-random noise, within +-0.9.
signal() {
    awk -v count="$1" -v seed="$2" 'BEGIN {
        pi = atan2(0, -1); srand(seed)
        for (i = 0; i < count; i++) {
            x = 0.3 * sin(2 * pi * 0.0123 * i) + 0.2 * cos(2 * pi * 0.31 * i) \
              + 0.2 * sin(pi * 1e-5 * i * i) + 0.2 * (2 * rand() - 1)
            x *= 32768
            print (x < 0 ? -int(-x + 0.5) : int(x + 0.5))
        }
    }'
}

signal $((2 * items)) 1 | to_s16le > x.cs16   # I, Q, I, Q, ...
signal "$items" 2 | to_s16le > r.s16
echo "generated x.cs16 ($items complex samples) and r.s16 ($items real" \
     "samples), frames of $n"

run() {
    echo "  gfftpipe $*"
    "$G" "$@" || die "gfftpipe failed (exit $?)"
}
same() {
    cmp -s "$1" "$2" || die "FAIL: $2 differs from $1"
    echo "ok: $2 is byte for byte $1 ($(wc -c < "$1") bytes)"
}

echo "1. complex: cs16 -> cf32 spectra -> cs16"
run fft --n "$n" --in-format cs16le -q x.cs16 X.cf32
run ifft --n "$n" --out-format cs16le -q X.cf32 y.cs16
same x.cs16 y.cs16

echo "2. real: s16 -> half spectra ($((n / 2 + 1)) bins) -> s16"
run fft --n "$n" --in-format s16le -q r.s16 R.cf32
run ifft --n "$n" --real-out --out-format s16le -q R.cf32 r2.s16
same r.s16 r2.s16

echo "3. --norm ortho --shift --precision f64, through a pipe"
echo "  gfftpipe fft ... < x.cs16 | gfftpipe ifft ... > z.cs16"
"$G" fft --n "$n" --in-format cs16le --norm ortho --shift --precision f64 \
    -q < x.cs16 |
"$G" ifft --n "$n" --out-format cs16le --norm ortho --shift --precision f64 \
    -q > z.cs16 || die "gfftpipe failed"
same x.cs16 z.cs16

echo "4. complex: cs16 -> cf32 spectra -> cf32, compared as numbers"
run ifft --n "$n" -q X.cf32 y.cf32
# The input as numbers: u1 bytes, little-endian pairs, over 32768. The
# output: floats in the machine's byte order, as gfftpipe wrote them.
od -An -v -t u1 x.cs16 | awk '
    { for (i = 1; i <= NF; i++) b[k++] = $i }
    END { for (i = 0; i < k; i += 2) {
              v = b[i] + 256 * b[i + 1]; if (v >= 32768) v -= 65536
              print v / 32768 } }' > x.txt
od -An -v -t f4 y.cf32 | awk '{ for (i = 1; i <= NF; i++) print $i }' > y.txt
[ "$(wc -l < x.txt)" -eq "$(wc -l < y.txt)" ] ||
    die "FAIL: $(wc -l < y.txt) values out for $(wc -l < x.txt) in"
paste x.txt y.txt | awk '
    { d = $2 - $1; e += d * d; s += $1 * $1; if (d < 0) d = -d
      if (d > m) m = d }
    END { rel = sqrt(e / s)
          printf "max abs error %.3g, relative L2 error %.3g (limit 1e-5)\n",
                 m, rel
          if (!(rel <= 1e-5)) { print "roundtrip: FAIL" > "/dev/stderr"; exit 1 }
          print "ok: within rounding" }'
echo "all round trips passed"
