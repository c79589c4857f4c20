#!/bin/sh
# output-safety.sh - rows 19 and 23 of shared/research/bad-inputs.md: a
# named output that cannot be written fails before any processing, with
# exit 2, one line, nothing created and the input untouched:
#   23 output directory missing; read-only (skipped as root, who can write
#      there anyway); the output path is a directory
#   19 the output path is the input (also through ./, a symlink, a hard link)
# For every stage with a named output: fft and ifft (OUTPUT), spectrogram
# (the PNG OUTPUT and the --raw .npy).
#
# "Before any processing" is checked by giving the input on a FIFO that
# this script holds open and never writes past a header: a run that started
# processing would block until the timeout.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 99

mkfifo fifo || skip_all "cannot make a FIFO in $T"
refdft gen cf32 4096 23 >in.cf32
cp in.cf32 keep.cf32
# a mono 16-bit WAV header that announces 1 MB of samples, and 8 KiB of
# them: libsndfile reads a few bytes past the data chunk's header while it
# opens a pipe (looking for more chunks), so the spectrogram cannot fail
# before that; it must fail long before the announced end.
le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}
{ printf 'RIFF'; le32 $((1000000 + 36)); printf 'WAVEfmt '; le32 16
  printf '\001\000\001\000'; le32 8000; le32 16000
  printf '\002\000\020\000data'; le32 1000000; head -c 8192 /dev/zero; } >hdr.wav
refdft gen s16 16000 24 >tone.s16
{ cat hdr.wav | head -c 40; le32 32000; cat tone.s16; } >in.wav
mkdir isdir ro
chmod 555 ro
ro_works=1
if touch ro/probe 2>/dev/null; then
    rm -f ro/probe
    ro_works=0
fi

# early SUB WHAT OUTPUT [ARGS...]: SUB reading the FIFO (fed with a WAV
# header only, for the spectrogram) must fail on OUTPUT before it reads
# samples: exit 2 within 10 s, one line, OUTPUT not created.
early() {
    _sub=$1 _what=$2 _out=$3
    shift 3
    case $_sub in
    spectrogram)
        set -- spectrogram -q --engine cpu --n 256 "$@" - ;;
    *)
        set -- "$_sub" --engine cpu --n 256 "$@" - ;;
    esac
    exec 3<>fifo
    [ "$_sub" = spectrogram ] && cat hdr.wav >&3
    run with_timeout 10 "$GFFTPIPE" "$@" "$_out" <fifo
    exec 3>&-
    if [ "$RC" -eq 2 ] && expect_stderr_one_line && expect_stdout_empty; then
        ok "row 23: $_sub, $_what: exit 2 before processing, one line"
    else
        fail "row 23: $_sub, $_what: exit 2 before processing (got $RC; 124 = it went on reading)"
    fi
}
for sub in fft ifft spectrogram; do
    early $sub "output directory missing" nodir/out.x
    check "row 23: $sub, missing directory: nothing created" [ ! -e nodir ]
    early $sub "output is a directory" isdir
    check "row 23: $sub, output is a directory: it is untouched and empty" \
        sh -c '[ -d isdir ] && [ -z "$(ls -A isdir)" ]'
    if [ $ro_works = 1 ]; then
        early $sub "output directory read-only" ro/out.x
        check "row 23: $sub, read-only directory: nothing created" \
            [ -z "$(ls -A ro)" ]
    fi
done
[ $ro_works = 1 ] || say "    note: running as root: the read-only directory cases cannot fail here, skipped"
# the --raw matrix of the spectrogram: the same checks, before processing
early spectrogram "--raw directory missing" x.png --raw nodir/m.npy
check "row 23: spectrogram --raw, missing directory: no PNG either" [ ! -e x.png ]
early spectrogram "--raw is a directory" x.png --raw isdir
check "row 23: spectrogram --raw is a directory: no PNG either" [ ! -e x.png ]
if [ $ro_works = 1 ]; then
    early spectrogram "--raw directory read-only" x.png --raw ro/m.npy
fi
no_temp_files . && no_temp_files isdir && no_temp_files nodir 2>/dev/null
check "row 23: no temporary files anywhere" [ $? -eq 0 ]

# ---- row 19: output path equal to the input path -----------------------------
ln -s in.cf32 link.cf32
ln in.cf32 hard.cf32
for spec in "in.cf32 in.cf32" "in.cf32 ./in.cf32" "./in.cf32 $T/in.cf32" \
            "link.cf32 in.cf32" "in.cf32 link.cf32" "hard.cf32 in.cf32"; do
    set -- $spec
    for sub in fft ifft; do
        run with_timeout 10 "$GFFTPIPE" $sub --engine cpu --n 256 "$1" "$2"
        if [ "$RC" -eq 2 ] && expect_stderr_one_line 'input' &&
           expect_same in.cf32 keep.cf32 && no_temp_files .; then
            ok "row 19: $sub $1 -> $2: exit 2, one line, input untouched"
        else
            fail "row 19: $sub $1 -> $2: exit 2 (got $RC), input untouched"
            cp keep.cf32 in.cf32
        fi
    done
done
cp in.wav keep.wav
run with_timeout 20 "$GFFTPIPE" spectrogram -q --engine cpu --n 256 in.wav in.wav
check "row 19: spectrogram in.wav -> in.wav: exit 2, input untouched" \
    sh -c "[ $RC -eq 2 ] && cmp -s in.wav keep.wav"
run with_timeout 20 "$GFFTPIPE" spectrogram -q --engine cpu --n 256 --raw in.wav in.wav x.png
check "row 19: spectrogram --raw in.wav of in.wav: exit 2, input untouched, no PNG" \
    sh -c "[ $RC -eq 2 ] && cmp -s in.wav keep.wav && [ ! -e x.png ]"

chmod 755 ro
finish
