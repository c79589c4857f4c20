#!/bin/sh
# golden.sh - small deterministic cases whose right answer is known
# analytically, compared with committed files in tests/cli/golden/.
#
# Every golden file states in its '#' header why its values are right; none
# is captured gfftpipe output. Inputs are text (raw sample values: floats,
# or the integers of integer formats) turned into bytes by refdft fromtext.
# Float outputs are compared within 1e-6 relative L2 (the last bits, and
# the sign of a zero, may differ between FFTW builds and machines);
# integer outputs (.hex files) byte for byte. Explicit le formats keep the
# bytes the same on any host.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99
GD=$TOP_SRCDIR/tests/cli/golden
[ -d "$GD" ] || { echo "golden.sh: $GD is missing" >&2; exit 99; }

# gold_txt IN INFMT OUT OUTFMT SUB ARGS...: gfftpipe SUB ARGS on golden/IN
# (text, as INFMT) against golden/OUT (text, read back as OUTFMT).
gold_txt() {
    g_in=$1 g_if=$2 g_out=$3 g_of=$4 g_sub=$5
    shift 5
    refdft fromtext "$g_if" <"$GD/$g_in" >in.raw || { fail "$g_in: unreadable"; return; }
    what="$g_sub $* < $g_in = $g_out"
    if ! expect_exit 0 g "$g_sub" --in-format "$g_if" --out-format "$g_of" "$@" in.raw ||
       ! expect_stderr_empty; then
        fail "$what"
        return
    fi
    if r=$(refdft cmptext "$g_of" "$T/stdout" "$GD/$g_out" 1e-6); then
        ok "$what: $r"
    else
        fail "$what: $r"
        refdft totext "$g_of" "$T/stdout" | tr '\n' ' ' | sed 's/^/    got: /'
        echo
    fi
}

# gold_hex IN INFMT OUT OUTFMT SUB ARGS...: as gold_txt, the output
# compared byte for byte with the hex bytes in golden/OUT.
gold_hex() {
    g_in=$1 g_if=$2 g_out=$3 g_of=$4 g_sub=$5
    shift 5
    refdft fromtext "$g_if" <"$GD/$g_in" >in.raw || { fail "$g_in: unreadable"; return; }
    what="$g_sub $* < $g_in = $g_out (bytes)"
    if ! expect_exit 0 g "$g_sub" --in-format "$g_if" --out-format "$g_of" "$@" in.raw ||
       ! expect_stderr_empty; then
        fail "$what"
        return
    fi
    sed 's/#.*//' "$GD/$g_out" | tr -s ' \t' '\n' | sed '/^$/d' >want.hex
    hexbytes "$T/stdout" >got.hex
    if cmp -s got.hex want.hex; then
        ok "$what"
    else
        fail "$what"
        say "    got:      $(tr '\n' ' ' <got.hex)"
        say "    expected: $(tr '\n' ' ' <want.hex)"
    fi
}

# Impulse: the DFT of delta[j] is 1 in every bin.
gold_txt impulse8.in.txt cf32le impulse8.out.txt cf32le fft --n 8
# Delayed impulse: e^{-2 pi i k/8}; pins the sign of the forward transform.
gold_txt delay8.in.txt cf32le delay8.out.txt cf32le fft --n 8
# The same in f64 arithmetic, written as cf64.
gold_txt delay8.in.txt cf32le delay8.out.txt cf64le fft --n 8 --precision f64
# A cosine at bin 3 of 16: magnitude N/2 = 8 at bin 3 of the half spectrum.
gold_txt cos3.in.txt f32le cos3.out.txt f32le fft --n 16 --out mag
# A complex tone at bin 2, --norm forward, power, fftshifted: 1 at index 6.
gold_txt tone2.in.txt cf32le tone2.out.txt f32le fft --n 8 --norm forward --out power --shift
# Periodic Hann of a constant: [N/2, -N/4, 0, 0, 0].
gold_txt hann-dc.in.txt f32le hann-dc.out.txt cf32le fft --n 8 --window hann
# INT16_MIN is exactly -1: with --norm forward every bin is -1/8, which is
# 4096 (mag) and (-4096, 0) (complex) in s16 units, byte for byte.
gold_hex s16min.in.txt s16le s16min-mag.out.hex s16le fft --n 8 --norm forward --out mag
gold_hex s16min.in.txt s16le s16min-cplx.out.hex cs16le fft --n 8 --norm forward
# s16 input to dB: 0.5 -> 10 log10(0.25) = -6.0206 dB; silence -> the
# -300 dB floor.
gold_txt s16db.in.txt s16le s16db.out.txt f32le fft --n 8 --out db
# Averaging an impulse frame (power 1) with a silent one: mean 0.5, peak 1.
gold_txt avg.in.txt cf32le avg-mean.out.txt f32le fft --n 4 --average 2 --out power
gold_txt avg.in.txt cf32le avg-peak.out.txt f32le fft --n 4 --average 2 --peak --out power
# ifft of a constant spectrum is the unit impulse (backward norm: 1/N).
gold_txt ones8.in.txt cf32le ones8-ifft.out.txt cf32le ifft --n 8
# C2R: a half spectrum of ones extends to N ones -> the unit impulse.
gold_txt half8.in.txt cf32le half8-real.out.txt f32le ifft --n 8 --real-out
# RTL-SDR bytes: cu8 is centred at 128, so 255 is 127/128.
gold_txt cu8.in.txt cu8 cu8.out.txt cf32le fft --n 4
# Odd N shifts: fftshift puts DC at index N//2; ifft --shift undoes it.
gold_txt ones5.in.txt cf32le ones5-shift.out.txt cf32le fft --n 5 --shift
gold_txt dc7-shifted.in.txt cf32le dc7-ifftshift.out.txt cf32le ifft --n 7 --shift

# The golden files stay small (they ship in the tarball).
big=$(find "$GD" -type f -size +10k | head -n 3)
check "golden files are all under 10 KB" [ -z "$big" ]

finish
