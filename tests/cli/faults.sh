#!/bin/sh
# faults.sh - fault injection (issue 8; rows 22, 24, 25 of
# shared/research/bad-inputs.md), through the LD_PRELOAD shim
# tests/fault/fault.so (see tests/fault/fault.c for its variables):
#   allocation failure at each of gfftpipe's own call sites (a sweep over
#     every counted allocation of an fft run and a spectrogram run): exit 2
#     with one line, no crash, no temporary file, the named output not
#     created (an old one untouched) - or, where the program recovers (the
#     pipeline halves its batch), exit 0 and the exact output
#   short writes, EINTR on writes, short reads, EINTR on reads: output
#     bit-identical (file and pipe input, named output and stdout)
#   ENOSPC at the header, in the middle, at fsync, at close: exit 2, one
#     line, no output, no temporary
#   SIGINT / SIGTERM mid-run on a slow FIFO input, 100 runs: status 130 /
#     143, no temporary file left, no output
# Set FAULT_SWEEP_ANY=1 to also sweep every allocation in the process
# (FFTW aborts on a failed allocation inside its planner: by design, so
# that sweep only reports).
. "$(dirname "$0")/lib.sh"

FAULT_SO=${FAULT_SO:-$TOP_BUILDDIR/tests/fault/fault.so}
[ -f "$FAULT_SO" ] || skip_all "no fault shim at $FAULT_SO (make check builds it)"
cd "$T" || exit 99

# An ASan build (--enable-sanitizers): libasan wants to be the first
# library in the process; verify_asan_link_order=0 lets the shim load
# before it (the shim's malloc, read and write then wrap ASan's, found by
# dlsym(RTLD_NEXT)). The shim reads its variables in its constructor, as
# ASan's own start-up allocates before the environment is there.
case $(ldd "$GFFTPIPE" 2>/dev/null) in
*libasan*)
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
    export ASAN_OPTIONS
    say "    note: ASan build: the shim loads before libasan (verify_asan_link_order=0)" ;;
esac

# f VAR=VAL... -- CMD...: CMD under the shim with the fault variables.
f() {
    _env=
    while [ "$1" != -- ]; do _env="$_env $1"; shift; done
    shift
    # shellcheck disable=SC2086
    env LD_PRELOAD="$FAULT_SO" $_env "$@"
}

mkdir out
refdft gen cf32 40000 8 >in.cf32
refdft gen s16 24000 9 >in.s16
# a mono 16-bit WAV of in.s16 for the spectrogram
le32() {
    printf "\\$(printf %03o $(($1 % 256)))\\$(printf %03o $(($1 / 256 % 256)))"
    printf "\\$(printf %03o $(($1 / 65536 % 256)))\\$(printf %03o $(($1 / 16777216)))"
}
{ printf 'RIFF'; le32 $((48000 + 36)); printf 'WAVEfmt '; le32 16
  printf '\001\000\001\000'; le32 8000; le32 16000
  printf '\002\000\020\000data'; le32 48000; cat in.s16; } >in.wav

# No --wisdom here: FFTW writes its wisdom file at exit, through the very
# write() being faulted; without it plans are FFTW_ESTIMATE, deterministic.
FFT="fft --engine cpu --n 256 --hop 200 --window hann --out mag"
SPEC="spectrogram --engine cpu -q --n 256 --width 64 --height 64"
# shellcheck disable=SC2086
"$GFFTPIPE" $FFT in.cf32 ref.fft || exit 99
# shellcheck disable=SC2086
"$GFFTPIPE" $SPEC in.wav ref.png || exit 99
# shellcheck disable=SC2086
"$GFFTPIPE" $FFT in.cf32 >ref.fft.stdout || exit 99
# from a pipe the length is unknown: the spectrogram buckets as it streams
# shellcheck disable=SC2086
"$GFFTPIPE" $SPEC - ref.pipe.png <in.wav || exit 99
expect_same ref.fft ref.fft.stdout || exit 99

# clean_out: no output file, no temporary in out/.
clean_out() {
    if [ -e out/o ]; then say "    output out/o exists"; return 1; fi
    no_temp_files out
}

# ---- allocation failures, each call site ---------------------------------
# sweep NAME REF ARGS...: runs `g ARGS... out/o` failing allocation 1..K
sweep() {
    _name=$1 _ref=$2
    shift 2
    rm -f out/o cnt
    f GFP_FAULT_COUNT="$T/cnt" -- "$GFFTPIPE" "$@" out/o 2>/dev/null
    _k=$(cat cnt 2>/dev/null || echo 0)
    rm -f out/o
    if [ "$_k" -lt 5 ]; then
        fail "alloc sweep, $_name: only $_k allocations counted (shim not working?)"
        return
    fi
    _bad=0 _fail=0 _ok=0
    _i=1
    while [ "$_i" -le "$_k" ]; do
        rm -f out/o
        run f GFP_FAULT_ALLOC=$_i -- "$GFFTPIPE" "$@" out/o
        if [ "$RC" -eq 0 ] && [ -e out/o ] && cmp -s out/o "$_ref" &&
           no_temp_files out; then
            _ok=$((_ok + 1))
        elif [ "$RC" -eq 2 ] && expect_stderr_one_line >/dev/null &&
             expect_stdout_empty >/dev/null && clean_out >/dev/null; then
            _fail=$((_fail + 1))
        else
            _bad=$((_bad + 1))
            say "    $_name: allocation $_i of $_k failed: status $RC"
            show_stderr
            clean_out
        fi
        _i=$((_i + 1))
    done
    check "alloc sweep, $_name: each of $_k allocations failed in turn: $_fail x exit 2 with one line and no output, $_ok x recovered with the exact output" \
        [ "$_bad" -eq 0 ]
}
sweep "fft, named output" ref.fft $FFT in.cf32
sweep "spectrogram, PNG" ref.png $SPEC in.wav

# an old output survives a failed run untouched
echo old >out/o
run f GFP_FAULT_ALLOC=1 -- "$GFFTPIPE" fft --engine cpu --n 256 in.cf32 out/o
check "alloc failure: exit 2, the old output untouched" \
    sh -c "[ $RC -eq 2 ] && [ \"\$(cat out/o)\" = old ]"
rm -f out/o

if [ "${FAULT_SWEEP_ANY:-0}" = 1 ]; then
    rm -f cnt
    f GFP_FAULT_ALLOC_SCOPE=any GFP_FAULT_COUNT="$T/cnt" -- "$GFFTPIPE" fft --engine cpu --n 256 in.cf32 out/o 2>/dev/null
    k=$(cat cnt)
    say "    any-scope sweep over $k allocations (statuses counted):"
    i=1
    while [ $i -le "$k" ]; do
        rm -f out/o
        f GFP_FAULT_ALLOC_SCOPE=any GFP_FAULT_ALLOC=$i -- "$GFFTPIPE" fft --engine cpu --n 256 in.cf32 out/o >/dev/null 2>&1
        echo $?
        i=$((i + 1))
    done | sort | uniq -c | sed 's/^/      /'
fi

# ---- short writes, EINTR: bit-identical output ------------------------------
for fault in GFP_FAULT_WRITE_MAX=7 GFP_FAULT_WRITE_MAX=1 GFP_FAULT_WRITE_EINTR=1 \
             "GFP_FAULT_WRITE_EINTR=1 GFP_FAULT_WRITE_MAX=5" \
             GFP_FAULT_READ_MAX=3 GFP_FAULT_READ_EINTR=1 \
             "GFP_FAULT_READ_EINTR=1 GFP_FAULT_READ_MAX=1000"; do
    rm -f out/o
    # shellcheck disable=SC2086
    run f $fault -- "$GFFTPIPE" $FFT in.cf32 out/o
    check "$fault: fft, named output: exit 0, bit-identical" \
        sh -c "[ $RC -eq 0 ] && cmp -s out/o ref.fft"
    # shellcheck disable=SC2086
    f $fault -- "$GFFTPIPE" $FFT <in.cf32 >o.stdout 2>err
    rc=$?
    check "$fault: fft, stdin to stdout: exit 0, bit-identical" \
        sh -c "[ $rc -eq 0 ] && cmp -s o.stdout ref.fft"
    # shellcheck disable=SC2086
    cat in.cf32 | f $fault -- "$GFFTPIPE" $FFT >o.pipe 2>err
    check "$fault: fft, pipe to stdout: bit-identical" cmp -s o.pipe ref.fft
    rm -f out/o
    # shellcheck disable=SC2086
    run f $fault -- "$GFFTPIPE" $SPEC in.wav out/o
    check "$fault: spectrogram, PNG: exit 0, bit-identical" \
        sh -c "[ $RC -eq 0 ] && cmp -s out/o ref.png"
    # shellcheck disable=SC2086
    cat in.wav | f $fault -- "$GFFTPIPE" $SPEC - out/p 2>err
    check "$fault: spectrogram, WAV on a pipe: bit-identical" cmp -s out/p ref.pipe.png
    rm -f out/p
done

# ---- disk full: at the header, in the middle, at fsync, at close ------------
half=$(($(size ref.fft) / 2))
hpng=$(($(size ref.png) / 2))
for spec in "fft:GFP_FAULT_ENOSPC=0:header" "fft:GFP_FAULT_ENOSPC=$half:middle" \
            "fft:GFP_FAULT_FSYNC=1:fsync" "fft:GFP_FAULT_CLOSE=1:close" \
            "spec:GFP_FAULT_ENOSPC=0:header" "spec:GFP_FAULT_ENOSPC=$hpng:middle" \
            "spec:GFP_FAULT_FSYNC=1:fsync" "spec:GFP_FAULT_CLOSE=1:close"; do
    IFS=: read -r sub fault where <<EOF
$spec
EOF
    case $sub in fft) cmd="$FFT in.cf32" ;; spec) cmd="$SPEC in.wav" ;; esac
    rm -f out/o
    # shellcheck disable=SC2086
    run f $fault -- "$GFFTPIPE" $cmd out/o
    if [ "$RC" -eq 2 ] && expect_stderr_one_line 'write error|[Nn]o space' &&
       clean_out; then
        ok "disk full at the $where ($sub, named output): exit 2, one line, nothing left"
    else
        fail "disk full at the $where ($sub, named output): exit 2 (got $RC), one line, nothing left"
    fi
    echo old >out/o
    # shellcheck disable=SC2086
    run f $fault -- "$GFFTPIPE" $cmd out/o
    check "disk full at the $where ($sub): the old output untouched" \
        sh -c "[ $RC -eq 2 ] && [ \"\$(cat out/o)\" = old ]"
    rm -f out/o
done
# to stdout (a file): the header and middle cases still fail cleanly
for where in 0 $half; do
    # shellcheck disable=SC2086
    f GFP_FAULT_ENOSPC=$where -- "$GFFTPIPE" $FFT in.cf32 >o.stdout 2>"$T/stderr"
    RC=$?
    check "disk full after $where bytes of stdout: exit 2, one line" \
        expect_rc_line 2 'write error'
done


# ---- SIGINT / SIGTERM mid-run on a slow input: 100 runs ------------------------
mkfifo slow.fifo || skip_all "cannot make a FIFO"
head -c 65536 in.cf32 >chunk
bad=0 n130=0 n143=0
i=0
while [ $i -lt 100 ]; do
    i=$((i + 1))
    if [ $((i % 2)) -eq 1 ]; then sig=INT want=130; else sig=TERM want=143; fi
    rm -f out/o
    "$GFFTPIPE" fft --engine cpu -q --n 256 slow.fifo out/o 2>sig.err &
    pid=$!
    # the writer: one chunk, then it holds the FIFO open (a slow input)
    exec 4>slow.fifo
    cat chunk >&4
    # wait (up to 5 s) for the temporary output: the run is under way
    k=0
    while [ $k -lt 500 ] && [ -z "$(find out -name '.o.gfp-*' 2>/dev/null)" ]; do
        sleep 0.01
        k=$((k + 1))
    done
    kill -$sig $pid 2>/dev/null
    wait $pid 2>/dev/null
    rc=$?
    exec 4>&-
    if [ $rc -ne $want ] || [ -e out/o ] ||
       [ -n "$(find out -name '.*.gfp-*')" ]; then
        bad=$((bad + 1))
        [ $bad -le 3 ] && say "    run $i: SIG$sig gave status $rc (want $want); left: $(ls -A out | tr '\n' ' ')$(head -c 200 sig.err)"
        rm -f out/.o.gfp-* out/o
    else
        [ $want = 130 ] && n130=$((n130 + 1)) || n143=$((n143 + 1))
    fi
done
check "SIGINT/SIGTERM mid-run, 100 runs: status 130 ($n130) / 143 ($n143), no temporary, no output" \
    [ $bad -eq 0 ]

finish
