#!/bin/sh
# bad-files.sh - rows 3 to 12 of shared/research/bad-inputs.md: malformed
# WAV and PNG files, made by tests/cli/badfiles, on every stage that reads
# that kind of file:
#   audio (libsndfile, src/io_sndfile.c): spectrogram (a file, stdin),
#     convolve (the input as a file and on stdin, the response)
#   PNG (libpng, src/io_png_read.c): fft2 (a file, stdin), ifft2,
#     convolve2d (the image, the kernel) - the stages `gfftpipe --help` lists
#
#   3  WAV cut at every byte up to its data and 8 bytes into it: in the
#      header, exit 2, one line; with no whole frame, exit 2 (a file "holds
#      no audio samples"; stdin "ended before its first sample frame");
#      with k whole frames, exit 0, one warning line, and the output of a
#      correct WAV of those k frames, byte for byte
#   4  data size larger than the file (RIFF and RF64): as a cut in the data;
#      on stdin the warning comes at its end ("stdin ended after ...")
#   5  0, 1025, 65535 channels       exit 2, one line, small memory
#   6  sample rate 0, 2^31-1, 2^32-1 exit 2, one line naming the rate
#   7  data size 0: exit 2. Data and RIFF sizes 0xFFFFFFFF: as row 4, but
#      on stdin without a warning (what writers that cannot seek leave for
#      "unknown"). RF64 data size 2^64-1: exit 2. RF64 2^63 bytes of 1024
#      channels (frames x channels x 4 past 2^64): the whole frames, small
#      memory
#   8  random bytes named .wav/.png, and after a RIFF/WAVE or a PNG
#      signature: exit 2, one line
#   9  PNG sides 0, 2^31-1 x 1, 1 x 2^31-1, 2^32-1 x 1, a 1,000,001 x 1 or
#      16777216 x 16 header with (almost) no data: exit 2 before any pixel
#      memory. A real 1,000,001 x 1 image decodes (fft2 to raw: DC bin =
#      pixel sum); a PNG output that wide is refused with its size named
#   10 IDAT inflating past the image (64 MiB for 4 KiB): exit 2 (header and
#      data disagree), memory bounded. A 20 MB tEXt, a zTXt and an iCCP
#      that inflate to 100 MiB: not an error (the PNG is valid; the chunks
#      are skipped unread): exit 0, the right pixels, memory bounded
#   11 PNG cut at every byte (fft2; six cuts on the other stages), cut
#      inside IDAT, bad CRC, one zero-length IDAT, IDAT with a third of the
#      data, no IDAT: exit 2 within the time limit. A zero-length IDAT
#      before the data (valid): decoded
#   12 every colour type and bit depth, interlaced or not, with and without
#      tRNS: fft2's DC bin is the pixel sum and all its bins equal those of
#      the same planes given raw; convolve2d with a 1-tap kernel gives the
#      pixels (alpha too). ifft2 decodes as fft2 does (rows 8-11 run it).
#
# "exit 2, one line" is the default of the table: one line on stderr that
# starts "gfftpipe: " and names the file (or stdin), nothing on stdout, no
# output file left (every second check starts with an old output file,
# which must be untouched), no temporary file. Every run has a time limit
# (20 s), and its peak RSS must stay within 32 MiB of a valid run's: no
# allocation follows a header's lie. Where the row says memory bounded, the
# address space is also capped (ulimit -v) at 256 MiB above the least the
# valid runs need (128 MiB without CUDA libraries), except in ASan builds,
# whose shadow memory needs terabytes of it.
# GFP_TEST_QUICK=1 (sanitizer builds): the cuts of rows 3 and 11 at every
# third byte only.
. "$(dirname "$0")/lib.sh"

BADFILES=$TOP_BUILDDIR/tests/cli/badfiles
if [ ! -x "$BADFILES" ]; then
    echo "$TEST_NAME: badfiles not found at '$BADFILES' (make tests/cli/badfiles)" >&2
    exit 99
fi
bf() { "$BADFILES" "$@"; }
cd "$T" || exit 99

STEP=1
[ "${GFP_TEST_QUICK:-0}" = 1 ] && STEP=3
ASAN=0
if ldd "$GFFTPIPE" 2>/dev/null | grep -q libasan; then
    ASAN=1
    say "    note: ASan build: the ulimit -v caps are skipped (its shadow memory needs the address space); peak RSS is still checked"
fi
TMO=
if [ "$HAVE_TIMEOUT" = 1 ]; then
    TMO="timeout -k 2 20"
fi
STAGES=$("$GFFTPIPE" --help | awk '/^Subcommands:/ { on = 1; next }
                                   on && /^  [a-z]/ { print $1 }
                                   on && /^$/ { exit }')
has_stage() { printf '%s\n' "$STAGES" | grep -qx "$1"; }

# ---- running a stage -----------------------------------------------------------

# bounded CAPPED CMD...: run (lib.sh) under the time limit, with the
# address space capped at $CAP MiB when CAPPED is 1 (and CAP is set); the
# peak RSS in KiB is left in $RSS.
CAP=0
bounded() {
    _capped=$1
    shift
    if [ "$_capped" = 1 ] && [ "$CAP" -gt 0 ]; then
        run sh -c 'ulimit -v "$0" && exec "$@"' $((CAP * 1024)) \
            "$BADFILES" maxrss "$T/rss" $TMO "$@"
    else
        run "$BADFILES" maxrss "$T/rss" $TMO "$@"
    fi
    RSS=0
    [ -s "$T/rss" ] && read -r RSS <"$T/rss"
}

# No --wisdom: FFTW_ESTIMATE plans, the same every run, so two runs' outputs
# compare byte for byte.
SPEC="-q --engine cpu --n 64 --width 64 --height 32"
# pcm24: a float WAV carries a PEAK chunk with the time of day in it
CONV="-q --engine cpu --gain -40 --subtype pcm24"
F2="-q --engine cpu"
gg() {
    _sub=$1
    shift
    "$GFFTPIPE" "$_sub" -q --engine cpu "$@"
}

# stage ROLE FILE CAPPED: runs ROLE's stage on FILE (bounded), the output to
# $OUT. ROLE is one of the WAV_ROLES or PNG_ROLES below. (stdin is never the
# caller's: the role loops read their lists from it.)
stage() {
    _f=$2
    case $1 in
    spectrogram)
        OUT=out.png; bounded "$3" "$GFFTPIPE" spectrogram $SPEC "$_f" out.png </dev/null ;;
    "spectrogram stdin")
        OUT=out.png; bounded "$3" "$GFFTPIPE" spectrogram $SPEC - out.png <"$_f" ;;
    "convolve input")
        OUT=out.wav; bounded "$3" "$GFFTPIPE" convolve $CONV "$_f" ir.wav out.wav </dev/null ;;
    "convolve stdin")
        OUT=out.wav; bounded "$3" "$GFFTPIPE" convolve $CONV - ir.wav out.wav <"$_f" ;;
    "convolve response")
        OUT=out.wav; bounded "$3" "$GFFTPIPE" convolve $CONV in.wav "$_f" out.wav </dev/null ;;
    fft2)
        OUT=out.cf32; bounded "$3" "$GFFTPIPE" fft2 $F2 "$_f" out.cf32 </dev/null ;;
    "fft2 stdin")
        OUT=out.cf32; bounded "$3" "$GFFTPIPE" fft2 $F2 --in-format png - out.cf32 <"$_f" ;;
    ifft2)
        OUT=out.cf32; bounded "$3" "$GFFTPIPE" ifft2 $F2 "$_f" out.cf32 </dev/null ;;
    convolve2d)
        OUT=out.png; bounded "$3" "$GFFTPIPE" convolve2d $F2 --kernel box:1 "$_f" out.png </dev/null ;;
    "convolve2d kernel")
        OUT=out.png; bounded "$3" "$GFFTPIPE" convolve2d $F2 k.png "$_f" out.png </dev/null ;;
    *)
        say "    internal: unknown role $1"; RC=99 ;;
    esac
}

WAV_ROLES=
if has_stage spectrogram; then
    WAV_ROLES="spectrogram
spectrogram stdin"
fi
if has_stage convolve; then
    WAV_ROLES="$WAV_ROLES
convolve input
convolve stdin
convolve response"
fi
PNG_ROLES=
for s in fft2 ifft2 convolve2d; do
    has_stage $s || continue
    PNG_ROLES="$PNG_ROLES
$s"
    [ $s = fft2 ] && PNG_ROLES="$PNG_ROLES
fft2 stdin"
    [ $s = convolve2d ] && PNG_ROLES="$PNG_ROLES
convolve2d kernel"
done
WAV_ROLES=$(printf '%s\n' "$WAV_ROLES" | sed '/^$/d')
PNG_ROLES=$(printf '%s\n' "$PNG_ROLES" | sed '/^$/d')
[ -n "$WAV_ROLES$PNG_ROLES" ] || skip_all "no stage reads WAV or PNG files"
say "    WAV readers: $(printf '%s\n' "$WAV_ROLES" | paste -sd, -)"
say "    PNG readers: $(printf '%s\n' "$PNG_ROLES" | paste -sd, -)"

# NAME_ERE: what a message about FILE read by ROLE must name (name_ere
# ROLE FILE sets it; the files' names have no ERE characters but dots).
name_ere() {
    case $1 in
    fft2*|ifft2|convolve2d) NAME_ERE="PNG|$2" ;; # the one image: "PNG: ..."
    *stdin) NAME_ERE='stdin' ;;
    *) NAME_ERE=$2 ;;
    esac
}

# ---- the checks ----------------------------------------------------------------

OLD=0
# prep_out FILE: every second failure starts with an old FILE to keep.
prep_out() {
    OLD=$((1 - OLD))
    if [ $OLD = 1 ]; then
        printf 'old output\n' >"$1"
    elif [ -e "$1" ]; then
        rm -f "$1"
    fi
}
out_untouched() {
    if [ $OLD = 1 ]; then
        _o=
        [ -f "$OUT" ] && { IFS= read -r _o <"$OUT"; } 2>/dev/null
        if [ "$_o" != 'old output' ] || [ "$(size "$OUT")" -ne 11 ]; then
            say "    the old $OUT was changed or removed"
            return 1
        fi
    elif [ -e "$OUT" ]; then
        say "    $OUT was left behind"
        return 1
    fi
    no_temps
}
# no_temps: no .NAME.gfp-XXXXXX left in $T (lib.sh's no_temp_files, without
# its two processes: these checks run by the hundred).
no_temps() {
    for _t in "$T"/.*.gfp-*; do
        if [ -e "$_t" ]; then
            say "    temporary file left behind: $_t"
            return 1
        fi
    done
}
# one_line [ERE ...]: stderr is one whole line "gfftpipe: ..." matching
# every ERE (lib.sh's expect_stderr_one_line, in one process).
one_line() {
    _l1= _l2=
    if ! { IFS= read -r _l1 && ! IFS= read -r _l2 && [ -z "$_l2" ]; } <"$T/stderr"; then
        say "    expected one line on stderr:"
        show_stderr
        return 1
    fi
    if ! L=$_l1 A=${1:-.} B=${2:-.} awk 'BEGIN { l = ENVIRON["L"]
            exit !(l ~ /^gfftpipe: / && l ~ ENVIRON["A"] && l ~ ENVIRON["B"]) }'; then
        say "    stderr is not 'gfftpipe: ...' matching /${1:-.}/ and /${2:-.}/:"
        show_stderr
        return 1
    fi
}
rc_is() {
    if [ "$RC" -ne "$1" ]; then
        [ "$RC" -eq 124 ] && say "    timed out (20 s)"
        say "    exit status $RC, expected $1"
        show_stderr
        return 1
    fi
}
# rss_small: peak RSS within 32 MiB (+ EXTRA_KIB) of the valid runs'.
EXTRA_KIB=0
rss_small() {
    if [ "$RSS" -gt $((BASE_RSS + 32768 + EXTRA_KIB)) ]; then
        say "    peak RSS $RSS KiB; a valid run's is $BASE_RSS KiB"
        return 1
    fi
}
out_name() {
    case $1 in
    spectrogram*|convolve2d*) OUT=out.png ;;
    convolve*) OUT=out.wav ;;
    *) OUT=out.cf32 ;;
    esac
}

# fails ROW ROLE FILE WHAT ERE [CAPPED]: ROLE's stage on FILE exits 2 with
# one line naming FILE and matching ERE; no output, small memory; the
# address space capped when CAPPED is 1.
fails() {
    _row=$1 _role=$2 _file=$3 _what=$4 _ere=$5 _cap=${6:-0}
    out_name "$_role"
    prep_out "$OUT"
    name_ere "$_role" "$_file"
    stage "$_role" "$_file" "$_cap"
    if rc_is 2 && one_line "$_ere" "$NAME_ERE" &&
       expect_stdout_empty && out_untouched && rss_small; then
        ok "row $_row: $_role, $_what: exit 2, one line, no output"
    else
        fail "row $_row: $_role, $_what: exit 2, one line, no output"
    fi
}

# ---- inputs --------------------------------------------------------------------

bf wav in.wav ch=1 frames=600 >/dev/null
bf wav ir.wav ch=1 frames=16 seed=5 >/dev/null
bf png k.png gray 8 3 3 0 0 >/dev/null
bf png ok.png rgb 8 13 7 0 0 >/dev/null
bf png kg.png gray 8 5 3 0 0 >/dev/null # kernels are gray

# the valid runs' peak RSS: the yardstick of rss_small
BASE_RSS=0
base_of() {
    stage "$1" "$2" 0
    if [ "$RC" -ne 0 ]; then
        fail "setup: $1 on the valid $2: exit 0 (got $RC)"
        show_stderr
    fi
    [ "$RSS" -gt "$BASE_RSS" ] && BASE_RSS=$RSS
}
printf '%s\n' "$WAV_ROLES" | sed '/^$/d' >roles.wav
printf '%s\n' "$PNG_ROLES" | sed '/^$/d' >roles.png
while IFS= read -r r; do
    case $r in "convolve response") base_of "$r" ir.wav ;; *) base_of "$r" in.wav ;; esac
done <roles.wav
while IFS= read -r r; do
    case $r in "convolve2d kernel") base_of "$r" kg.png ;; *) base_of "$r" ok.png ;; esac
done <roles.png
say "    valid runs: peak RSS up to $BASE_RSS KiB"
# The address-space cap: 256 MiB above the least that all the valid runs
# need (a build that links CUDA maps far more than one that does not).
if [ "$ASAN" = 0 ]; then
    for c in 128 256 512 1024 2048 4096 8192 16384; do
        CAP=$c
        _all=1
        while IFS= read -r r; do
            case $r in "convolve response") f=ir.wav ;; *) f=in.wav ;; esac
            stage "$r" "$f" 1
            [ "$RC" -eq 0 ] || _all=0
        done <roles.wav
        while IFS= read -r r; do
            case $r in "convolve2d kernel") f=kg.png ;; *) f=ok.png ;; esac
            stage "$r" "$f" 1
            [ "$RC" -eq 0 ] || _all=0
        done <roles.png
        [ $_all = 1 ] && break
    done
    if [ $_all = 1 ]; then
        CAP=$((CAP + 256))
        say "    address space cap where the row says memory bounded: $CAP MiB"
    else
        fail "setup: the valid runs need more than 16 GiB of address space"
        CAP=0
    fi
fi

# works ROW ROLE FILE REF WHAT WARN_ERE: ROLE on FILE exits 0 with one
# warning line matching WARN_ERE (none when WARN_ERE is empty) and the
# output ROLE gives for REF.
works() {
    _row=$1 _role=$2 _file=$3 _ref=$4 _what=$5 _warn=$6
    stage "$_role" "$_ref" 0
    if [ "$RC" -ne 0 ]; then
        fail "row $_row: $_role, $_what: the reference run failed ($RC)"
        show_stderr
        return
    fi
    mv "$OUT" want.out
    stage "$_role" "$_file" 0
    if rc_is 0 && expect_stdout_empty &&
       { if [ -n "$_warn" ]; then one_line "warning: .*($_warn)"
         else expect_stderr_empty; fi; } &&
       expect_same "$OUT" want.out && no_temps && rss_small; then
        ok "row $_row: $_role, $_what: exit 0, ${_warn:+a warning, }the whole frames' output"
    else
        fail "row $_row: $_role, $_what: exit 0, ${_warn:+a warning, }the whole frames' output"
    fi
    rm -f "$OUT"
}
SHORT='shorter than its header|stdin ended after'

# ---- row 3: a WAV cut at every byte up to its data and a bit into it -----------
# Mono 16-bit, 40 frames: the header is 44 bytes, a frame 2. The header's
# parser is libsndfile's for every stage: the spectrogram sees every cut
# (from a file and from stdin), convolve's roles every fourth in the header
# and every one from its last field on.
if [ -n "$WAV_ROLES" ]; then
    bf wav full.wav ch=1 frames=40 seed=3 >/dev/null
    while IFS= read -r role; do
        n=0
        while [ $n -le 51 ]; do
            case $role in
            convolve*)
                if [ $n -gt 0 ] && [ $n -lt 40 ] && [ $((n % 4)) -ne 1 ]; then
                    n=$((n + 1))
                    continue
                fi ;;
            esac
            head -c $n full.wav >cut.wav
            k=$(( n >= 44 ? (n - 44) / 2 : 0 ))
            if [ $k -ge 1 ]; then
                bf wav ref.wav ch=1 frames=$k seed=3 >/dev/null
                works 3 "$role" cut.wav ref.wav "cut at byte $n ($k whole frames)" "$SHORT"
            elif [ $n -eq 0 ]; then
                fails 3 "$role" cut.wav "cut at byte 0" 'empty'
            elif [ $n -ge 44 ]; then
                fails 3 "$role" cut.wav "cut at byte $n (no whole frame)" 'no audio samples|before its first sample'
            else
                fails 3 "$role" cut.wav "cut at byte $n (in the header)" '.'
            fi
            n=$((n + STEP))
        done
    done <roles.wav
fi

# ---- row 4 (and the 0xFFFFFFFF sizes of row 7): more data announced than held ---
if [ -n "$WAV_ROLES" ]; then
    bf wav ref.wav ch=1 frames=300 seed=4 >/dev/null
    bf wav big.wav ch=1 frames=300 seed=4 datasize=100000 >/dev/null
    bf wav ffff.wav ch=1 frames=300 seed=4 datasize=0xFFFFFFFF riffsize=0xFFFFFFFF >/dev/null
    bf wav rf64big.wav ch=1 frames=300 seed=4 rf64=1 data64=1000000 >/dev/null
    bf wav rf64ref.wav ch=1 frames=300 seed=4 rf64=1 >/dev/null
    while IFS= read -r role; do
        works 4 "$role" big.wav ref.wav "data size 100000 bytes, 600 held" "$SHORT"
        works 4 "$role" rf64big.wav rf64ref.wav "RF64 data size 1000000, 600 held" "$SHORT"
        case $role in
        *stdin)
            # a pipe's writer cannot fill in a length: 0xFFFFFFFF is "unknown"
            works 7 "$role" ffff.wav ref.wav "data and RIFF sizes 0xFFFFFFFF (unknown length)" "" ;;
        *)
            works 7 "$role" ffff.wav ref.wav "data and RIFF sizes 0xFFFFFFFF" "$SHORT" ;;
        esac
    done <roles.wav
fi

# ---- rows 5, 6, 7: header fields that lie ----------------------------------------
if [ -n "$WAV_ROLES" ]; then
    bf wav ch0.wav ch=0 frames=100 >/dev/null
    bf wav ch1025.wav ch=1025 frames=4 >/dev/null
    bf wav ch65535.wav ch=65535 frames=4 >/dev/null
    bf wav sr0.wav rate=0 >/dev/null
    bf wav sr31.wav rate=0x7FFFFFFF >/dev/null
    bf wav sr32.wav rate=0xFFFFFFFF >/dev/null
    bf wav ds0.wav datasize=0 >/dev/null
    bf wav d64max.wav rf64=1 data64=0xFFFFFFFFFFFFFFFF >/dev/null
    # 1024 channels of 2 bytes, 2^63 - 4096 bytes: frames x channels x 4
    # (floats) is past 2^64; the file holds 2 frames
    bf wav d64ovf.wav rf64=1 ch=1024 frames=2 data64=0x7FFFFFFFFFFFF000 samples64=0xFFFFFFFFFFFFFFFF >/dev/null
    bf wav d64ref.wav rf64=1 ch=1024 frames=2 >/dev/null
    while IFS= read -r role; do
        fails 5 "$role" ch0.wav "0 channels" 'channel' 1
        fails 5 "$role" ch1025.wav "1025 channels" 'channel' 1
        fails 5 "$role" ch65535.wav "65535 channels" 'channel' 1
        fails 6 "$role" sr0.wav "sample rate 0" 'rate' 1
        fails 6 "$role" sr31.wav "sample rate 2^31-1" 'rate' 1
        fails 6 "$role" sr32.wav "sample rate 2^32-1" 'rate' 1
        fails 7 "$role" ds0.wav "data size 0" 'no audio samples' 1
        fails 7 "$role" d64max.wav "RF64 data size 2^64-1" 'header' 1
        case $role in
        convolve*) ;; # 1024 channels against 1: a usage error
        *stdin)
            works 7 "$role" d64ovf.wav d64ref.wav "RF64 2^63 bytes of 1024 channels (unknown length)" "" ;;
        *)
            works 7 "$role" d64ovf.wav d64ref.wav "RF64 2^63 bytes of 1024 channels" "$SHORT" ;;
        esac
    done <roles.wav
fi

# ---- row 8: random bytes -----------------------------------------------------------
refdft gen u8 3000 8 >rand.wav
{ printf 'RIFF\310\013\000\000WAVE'; refdft gen u8 3000 9; } >riffrand.wav
cp rand.wav rand.png
{ printf '\211PNG\r\n\032\n'; refdft gen u8 3000 10; } >sigrand.png
while IFS= read -r role; do
    fails 8 "$role" rand.wav "random bytes named .wav" '.' 1
    fails 8 "$role" riffrand.wav "RIFF/WAVE header, then random bytes" '.' 1
done <roles.wav
while IFS= read -r role; do
    fails 8 "$role" rand.png "random bytes named .png" 'PNG' 1
    fails 8 "$role" sigrand.png "PNG signature, then random bytes" 'PNG' 1
done <roles.png

# ---- row 9: image sizes ------------------------------------------------------------
if [ -n "$PNG_ROLES" ]; then
    bf craft w0.png 0 5 0 8 ok >/dev/null
    bf craft h0.png 5 0 0 8 ok >/dev/null
    bf craft w1m.png 1000001 1 0 8 empty >/dev/null
    bf craft w2g.png 2147483647 1 0 8 bomb:1 >/dev/null
    bf craft h2g.png 1 2147483647 0 8 bomb:1 >/dev/null
    bf craft w4g.png 4294967295 1 0 8 bomb:1 >/dev/null
    bf craft side24.png 16777216 16 6 16 bomb:1 >/dev/null
    while IFS= read -r role; do
        fails 9 "$role" w0.png "width 0" 'width' 1
        fails 9 "$role" h0.png "height 0" 'height' 1
        fails 9 "$role" w1m.png "1000001x1 without image data" 'too few' 1
        fails 9 "$role" w2g.png "2^31-1 x 1" 'pixels' 1
        fails 9 "$role" h2g.png "1 x 2^31-1" 'pixels' 1
        fails 9 "$role" w4g.png "2^32-1 x 1" 'range|pixels' 1
        fails 9 "$role" side24.png "16777216x16 RGBA 16-bit (2 GiB) in 1 KiB" 'too few' 1
    done <roles.png
fi
# a real 1,000,001 x 1 image: decoded; outputs that cannot be that wide say so
if has_stage fft2; then
    sum=$(bf craft real1m.png 1000001 1 0 8 ok)
    run gg fft2 --precision f64 --out-format cf64 real1m.png out.cf64
    if rc_is 0 && expect_size out.cf64 $(( 500001 * 16 )) &&
       [ "$(od -An -t f8 -N 8 out.cf64 | awk -v s="$sum" '{ d = $1 - s; print (d < 0 ? -d : d) <= 1e-6 * s }')" = 1 ]; then
        ok "row 9: fft2, a real 1000001x1 PNG: decoded, DC bin = pixel sum $sum"
    else
        fail "row 9: fft2, a real 1000001x1 PNG: decoded, DC bin = pixel sum $sum"
    fi
    rm -f out.cf64 out.png
    run gg fft2 real1m.png out.png
    check "row 9: fft2, a real 1000001x1 PNG to a PNG: a usage error naming the size, no output" \
        sh -c '[ "$0" -eq 1 ] && [ ! -e out.png ] && grep -q "1000001" "$1"' "$RC" "$T/stderr"
fi
if has_stage convolve2d; then
    run gg convolve2d --kernel box:1 --out-format f32 real1m.png out.f32
    check "row 9: convolve2d, a real 1000001x1 PNG to f32: exit 0, 1000001 values" \
        sh -c '[ "$0" -eq 0 ] && [ "$(wc -c <out.f32)" -eq 4000004 ]' "$RC"
    rm -f out.f32 out.png
    run gg convolve2d --kernel box:1 real1m.png out.png
    if { [ "$RC" -eq 0 ] && [ -s out.png ]; } ||
       { [ "$RC" -ne 0 ] && [ "$RC" -le 2 ] && expect_stderr_one_line '1000001' &&
         [ ! -e out.png ] && no_temp_files "$T"; }; then
        ok "row 9: convolve2d, a real 1000001x1 PNG to a PNG: written, or one line naming the size"
    else
        say "    exit $RC"
        show_stderr
        fail "row 9: convolve2d, a real 1000001x1 PNG to a PNG: written, or one line naming the size"
    fi
    rm -f out.png
fi

# ---- row 10: decompression bombs and huge chunks -----------------------------------
if [ -n "$PNG_ROLES" ]; then
    bf craft bomb.png 64 64 0 8 bomb:64 >/dev/null
    while IFS= read -r role; do
        fails 10 "$role" bomb.png "64x64 with an IDAT inflating to 64 MiB" 'longer' 1
    done <roles.png
    # ancillary chunks are skipped unread: the image is fine, the memory is
    # the file's bytes (held whole) and no more
    t_sum=$(bf craft text.png 9 5 0 8 ok text=20000000)
    z_sum=$(bf craft ztxt.png 9 5 0 8 ok ztxt=100)
    i_sum=$(bf craft iccp.png 9 5 0 8 ok iccp=100)
    for c in "text.png:$t_sum:a 20 MB tEXt chunk:24000" "ztxt.png:$z_sum:a zTXt inflating to 100 MiB:0" \
             "iccp.png:$i_sum:an iCCP inflating to 100 MiB:0"; do
        f=${c%%:*}; rest=${c#*:}; sum=${rest%%:*}; rest=${rest#*:}
        what=${rest%%:*}; EXTRA_KIB=${rest#*:}
        for role in fft2 "fft2 stdin"; do
            has_stage fft2 || continue
            rm -f out.cf64
            case $role in
            fft2) bounded 1 "$GFFTPIPE" fft2 $F2 --precision f64 --out-format cf64 $f out.cf64 ;;
            *) bounded 1 "$GFFTPIPE" fft2 $F2 --precision f64 --out-format cf64 - out.cf64 <$f ;;
            esac
            if rc_is 0 && expect_stderr_empty && rss_small &&
               [ "$(od -An -t f8 -N 8 out.cf64 | awk -v s="$sum" '{ d = $1 - s; print (d < 0 ? -d : d) <= 1e-9 * s }')" = 1 ]; then
                ok "row 10: $role, 9x5 gray with $what: exit 0, DC bin = pixel sum, memory bounded"
            else
                fail "row 10: $role, 9x5 gray with $what: exit 0, DC bin = pixel sum, memory bounded"
            fi
        done
        if has_stage convolve2d; then
            rm -f out.f64
            bounded 1 "$GFFTPIPE" convolve2d $F2 --kernel box:0 --precision f64 --out-format f64 $f out.f64
            if rc_is 0 && expect_stderr_empty && rss_small &&
               [ "$(od -An -v -t f8 out.f64 | awk -v s="$sum" '{ for (i = 1; i <= NF; i++) t += $i } END { d = t - s; print (d < 0 ? -d : d) <= 1e-9 * s }')" = 1 ]; then
                ok "row 10: convolve2d, 9x5 gray with $what: exit 0, the pixels, memory bounded"
            else
                fail "row 10: convolve2d, 9x5 gray with $what: exit 0, the pixels, memory bounded"
            fi
        fi
    done
    EXTRA_KIB=0
fi

# ---- row 11: damaged image data ------------------------------------------------------
if [ -n "$PNG_ROLES" ]; then
    bf craft idatcut.png 64 64 2 8 cut >/dev/null
    bf craft badcrc.png 64 64 2 8 badcrc >/dev/null
    bf craft idat0.png 64 64 2 8 empty >/dev/null
    bf craft idatshort.png 64 64 2 8 short >/dev/null
    bf craft noidat.png 64 64 2 8 none >/dev/null
    sum0=$(bf craft idat0ok.png 9 5 0 8 emptyok)
    bf png small.png rgb 8 5 3 1 0 >/dev/null
    while IFS= read -r role; do
        fails 11 "$role" idatcut.png "the file ends inside IDAT" 'PNG.*truncated'
        fails 11 "$role" badcrc.png "IDAT with a bad CRC" 'PNG.*CRC'
        fails 11 "$role" idat0.png "one zero-length IDAT" 'PNG'
        fails 11 "$role" idatshort.png "IDAT holding a third of the image" 'PNG'
        fails 11 "$role" noidat.png "no IDAT" 'PNG'
        # every byte on fft2 (the reader is the same for all: the whole file
        # in memory, then gfp_png_read), a few on the others: in the
        # signature, IHDR, before IDAT, inside it, before IEND
        n=0
        len=$(size small.png)
        while [ $n -lt "$len" ]; do
            case $role in
            fft2) ;;
            *)
                case $n in 0|5|20|37|$((len - 30))|$((len - 10))) ;;
                *) n=$((n + 1)); continue ;;
                esac ;;
            esac
            head -c $n small.png >cut.png
            if [ $n -eq 0 ]; then
                fails 11 "$role" cut.png "interlaced 5x3 RGB cut at byte 0" 'empty|signature'
            else
                fails 11 "$role" cut.png "interlaced 5x3 RGB cut at byte $n of $len" 'PNG'
            fi
            n=$((n + STEP))
        done
    done <roles.png
    if has_stage fft2; then
        run gg fft2 --precision f64 --out-format cf64 idat0ok.png out.cf64
        check "row 11: fft2, a zero-length IDAT before the data (valid): exit 0, DC bin = pixel sum" \
            sh -c '[ "$0" -eq 0 ] && [ "$(od -An -t f8 -N 8 out.cf64 | awk -v s="$1" "{ d = \$1 - s; print (d < 0 ? -d : d) <= 1e-9 * s }")" = 1 ]' "$RC" "$sum0"
        rm -f out.cf64
    fi
fi

# ---- row 12: every colour type, bit depth and interlacing ------------------------------
# W x H = 13 x 7: odd sides, so Adam7's passes end in partial blocks.
if [ -n "$PNG_ROLES" ]; then
    for spec in "gray 1" "gray 2" "gray 4" "gray 8" "gray 16" "rgb 8" "rgb 16" \
                "palette 1" "palette 2" "palette 4" "palette 8" "graya 8" \
                "graya 16" "rgba 8" "rgba 16"; do
        set -- $spec
        for il in 0 1; do
            for tr in 0 1; do
                case $1 in graya|rgba) [ $tr = 1 ] && continue ;; esac
                what="$1 $2-bit"
                [ $tr = 1 ] && what="$what + tRNS"
                [ $il = 1 ] && what="$what, interlaced"
                bf png p.png "$1" "$2" 13 7 $il $tr >/dev/null
                if has_stage fft2; then
                    rm -f got.cf64 want.cf64
                    run gg fft2 --precision f64 --out-format cf64 p.png got.cf64
                    if rc_is 0 && expect_stderr_empty && bf check-dc got.cf64 p.png.planes.f64 13 7 >dc.txt &&
                       gg fft2 --precision f64 --out-format cf64 --in-format f64 --size 13x7 p.png.planes.f64 want.cf64 &&
                       bf cmp got.cf64 want.cf64 1e-12 >cmp.txt; then
                        ok "row 12: fft2, $what: DC bin = pixel sum, all bins = the pixels' own"
                    else
                        sed 's/^/    /' dc.txt cmp.txt 2>/dev/null
                        fail "row 12: fft2, $what: DC bin = pixel sum, all bins = the pixels' own"
                    fi
                fi
                if has_stage convolve2d; then
                    rm -f got.f64
                    run gg convolve2d --kernel box:0 --precision f64 --out-format f64 p.png got.f64
                    if rc_is 0 && expect_stderr_empty &&
                       bf cmp got.f64 p.png.pixels.f64 1e-12 >cmp.txt; then
                        ok "row 12: convolve2d, $what: a 1-tap kernel gives the pixels (alpha too)"
                    else
                        sed 's/^/    /' cmp.txt 2>/dev/null
                        fail "row 12: convolve2d, $what: a 1-tap kernel gives the pixels (alpha too)"
                    fi
                fi
            done
        done
    done
fi

finish
