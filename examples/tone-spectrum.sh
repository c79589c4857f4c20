#!/bin/sh
# tone-spectrum.sh - the spectrum of a generated tone.
#
# Makes one second of a sine tone (1000 Hz unless given) as 16-bit
# little-endian samples at 48 kHz, with awk and printf only; computes its
# averaged dB spectrum with gfftpipe (4800-point Hann frames, 10 Hz bins,
# 10 frames averaged); and prints the peak bin, its frequency and level.
# Fails (exit 1) when the peak is not at the tone's frequency.
#
# Usage: examples/tone-spectrum.sh [FREQ_HZ]
# The gfftpipe binary is $GFFTPIPE, else the one built in this tree
# (src/gfftpipe or build/src/gfftpipe), else the one on PATH.
set -eu

freq=${1:-1000}
rate=48000
n=4800                  # frame length: bins are rate/n = 10 Hz apart
frames=10               # one second of samples = 10 frames, averaged

example="tone-spectrum"
. "$(dirname "$0")/common.sh"

case $freq in
    ''|*[!0-9]*) die "FREQ_HZ must be a whole number of hertz" ;;
esac
[ "$freq" -gt 0 ] && [ "$freq" -lt $((rate / 2)) ] ||
    die "FREQ_HZ must be between 1 and $((rate / 2 - 1))"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfftpipe-example.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
cd "$tmp"

# One second of the tone, amplitude 0.5 (half of full scale).
awk -v f="$freq" -v rate="$rate" 'BEGIN {
    pi = atan2(0, -1)
    for (i = 0; i < rate; i++) {
        x = 0.5 * 32768 * sin(2 * pi * f * i / rate)
        print (x < 0 ? -int(-x + 0.5) : int(x + 0.5))
    }
}' | to_s16le > tone.s16
echo "generated tone.s16: $(wc -c < tone.s16) bytes, $freq Hz at $rate Hz, s16le"

# The job: one averaged dB spectrum of n/2+1 = 2401 float bins.
# -q keeps the note that the CPU engine stands in for a missing GPU quiet.
set -- fft --n "$n" --window hann --in-format s16le --out db \
    --average "$frames" -q tone.s16 spec.f32
echo "gfftpipe $*"
"$G" "$@" || die "gfftpipe failed (exit $?)"

bins=$(( $(wc -c < spec.f32) / 4 ))
[ "$bins" -eq $((n / 2 + 1)) ] || die "expected $((n / 2 + 1)) bins, got $bins"

# od prints the floats in the machine's byte order, as gfftpipe wrote them.
od -An -v -t f4 spec.f32 | awk -v rate="$rate" -v n="$n" -v f="$freq" '
{ for (i = 1; i <= NF; i++) db[k++] = $i + 0 }
END {
    peak = 0
    for (b = 1; b < k; b++) if (db[b] > db[peak]) peak = b
    # the strongest bin away from the peak: the floor of the spectrum
    other = -1
    for (b = 0; b < k; b++)
        if ((b < peak - 4 || b > peak + 4) && (other < 0 || db[b] > db[other]))
            other = b
    width = rate / n
    printf "bins: %d, %g Hz apart\n", k, width
    printf "peak: bin %d = %g Hz, %.1f dB\n", peak, peak * width, db[peak]
    printf "strongest bin away from the peak: bin %d = %g Hz, %.1f dB " \
           "(%.1f dB below)\n", other, other * width, db[other],
           db[peak] - db[other]
    d = peak * width - f
    if (d < 0) d = -d
    if (d > width) {
        printf "tone-spectrum: FAIL: the peak is not at %g Hz\n", f > "/dev/stderr"
        exit 1
    }
    print "ok: the peak is at the frequency of the tone"
}'
