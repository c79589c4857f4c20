#!/bin/sh
# basic.sh - the command line itself: help and version, every option the
# code accepts documented in --help and the man page, stdin/stdout versus
# file arguments, empty stdin, output formats and their defaults, tail
# policies and their counts, and output written through a temporary file.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99

# ---- --help and --version -----------------------------------------------
for args in "--help" "-h" "help" "--version" "-V" "fft --help" "fft -h" \
            "ifft --help" "help fft" "help ifft"; do
    # shellcheck disable=SC2086
    if expect_exit 0 "$GFFTPIPE" $args && expect_stderr_empty &&
       [ -s "$T/stdout" ]; then
        ok "gfftpipe $args: exit 0, text on stdout only"
    else
        fail "gfftpipe $args: exit 0, text on stdout only"
    fi
done
run "$GFFTPIPE" --version
check "--version prints 'gfftpipe VERSION'" \
    grep -Eq '^gfftpipe [0-9]+\.[0-9]+' "$T/stdout"
run "$GFFTPIPE" --help
check "--help lists both subcommands" \
    sh -c "grep -q '^ *fft ' '$T/stdout' && grep -q '^ *ifft ' '$T/stdout'"
# --help to a full disk is an error, not a silent success
if [ -w /dev/full ]; then
    run sh -c "'$GFFTPIPE' fft --help > /dev/full"
    check "fft --help > /dev/full exits 2" [ "$RC" -eq 2 ]
fi

run "$GFFTPIPE"
# the usage text is several lines here: that is the point of it
check "no arguments: exit 1, usage on stderr, nothing on stdout" \
    sh -c "[ $RC -eq 1 ] && [ ! -s '$T/stdout' ] && grep -q '^Usage' '$T/stderr'"
run "$GFFTPIPE" frobnicate
check "unknown subcommand: exit 1, message names it" \
    expect_usage_error "frobnicate"
run "$GFFTPIPE" fft --n 4 --no-such-option
check "unknown option: exit 1" expect_usage_error "no-such-option|unknown"
run "$GFFTPIPE" fft
check "fft without --n: exit 1" expect_usage_error "--n"
run "$GFFTPIPE" fft --n 4 a b c
check "three positional arguments: exit 1" expect_usage_error "too many"

# ---- every accepted long option is documented ------------------------------
# The options come from the source: each stage's longopts array, with the
# common ones (GFP_COMMON_LONGOPTS in src/gfp.h) expanded.
check "GFP_COMMON_LONGOPTS found in src/gfp.h" [ -n "$(common_longopts)" ]

# has_option FILE NAME: FILE mentions --NAME as a whole option name.
has_option() { grep -Eq -- "--$2([^a-z0-9-]|\$)" "$1"; }
# man page text with roff escapes for '-' and fonts removed
man_text() {
    sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' \
        -e 's/\\f\[[A-Z]*\]//g' -e 's/\\(em/--/g' "$1"
}

nstages=0
for src in "$TOP_SRCDIR"/filters/*.c; do
    sub=$(stage_name "$src")
    [ -n "$sub" ] || continue
    opts=$(stage_longopts "$src" | tr '\n' ' ')
    [ -n "$opts" ] || { fail "no longopts found in $src"; continue; }
    nstages=$((nstages + 1))
    "$GFFTPIPE" "$sub" --help >"$T/help.$sub" 2>/dev/null
    man="$TOP_SRCDIR/man/gfftpipe-$sub.1"
    [ -f "$man" ] && man_text "$man" >"$T/man.$sub"
    missing_help= missing_man=
    for o in $opts; do
        has_option "$T/help.$sub" "$o" || missing_help="$missing_help --$o"
        if [ -f "$man" ]; then
            has_option "$T/man.$sub" "$o" || missing_man="$missing_man --$o"
        fi
    done
    check "$sub --help lists every option in $(basename "$src")'s longopts" \
        [ -z "$missing_help" ]
    [ -n "$missing_help" ] && say "    not in '$sub --help':$missing_help"
    if [ -f "$man" ]; then
        check "man/gfftpipe-$sub.1 lists every option of $sub" \
            [ -z "$missing_man" ]
        [ -n "$missing_man" ] && say "    not in gfftpipe-$sub.1:$missing_man"
    else
        say "    (man/gfftpipe-$sub.1 not written yet: man check skipped)"
    fi
    # and the other way round: --help documents nothing the code refuses
    extra=
    for o in $(grep -o -- '--[a-z][a-z0-9-]*' "$T/help.$sub" | sort -u); do
        case " $opts " in
        *" ${o#--} "*) ;;
        *) extra="$extra $o" ;;
        esac
    done
    check "$sub --help mentions no option the code does not accept" \
        [ -z "$extra" ]
    [ -n "$extra" ] && say "    unknown to the code:$extra"
    for s in -v -q -h; do
        check "$sub --help lists $s" grep -q -- "$s," "$T/help.$sub"
    done
done
check "found the fft and ifft stages in filters/" [ "$nstages" -ge 2 ]

# ---- stdin/stdout, file arguments and '-' ----------------------------------
refdft gen cf32 3000 11 >in.cf32
g fft --n 256 in.cf32 ref.out 2>/dev/null
check "fft INPUT OUTPUT works" [ -s ref.out ]
for form in 'stdin-stdout' 'dash-dash' 'file-stdout' 'file-dash' \
            'stdin-file' 'dash-file'; do
    rm -f got.out
    case $form in
    stdin-stdout) g fft --n 256 <in.cf32 >got.out ;;
    dash-dash) g fft --n 256 - - <in.cf32 >got.out ;;
    file-stdout) g fft --n 256 in.cf32 >got.out ;;
    file-dash) g fft --n 256 in.cf32 - >got.out ;;
    stdin-file) g fft --n 256 - got.out <in.cf32 ;;
    dash-file) g fft --n 256 - got.out <in.cf32 ;;
    esac
    check "input/output as $form gives the same bytes" expect_same got.out ref.out
done
# a pipe, not a file, on both sides
cat in.cf32 | g fft --n 256 | cat >got.out
check "pipe in, pipe out gives the same bytes" expect_same got.out ref.out

# ---- empty raw stdin: exit 0, empty output (bad-inputs row 2) -------------
for sub in fft ifft; do
    expect_exit 0 g $sub --n 16 </dev/null &&
        expect_stdout_empty && expect_stderr_empty
    check "$sub: empty stdin (/dev/null): exit 0, no output, no message" [ $? -eq 0 ]
    run sh -c ": | '$GFFTPIPE' $sub --engine cpu --n 16"
    check "$sub: empty stdin (pipe): exit 0, no output" \
        sh -c "[ $RC -eq 0 ] && [ ! -s '$T/stdout' ] && [ ! -s '$T/stderr' ]"
done
rm -f empty.out
expect_exit 0 g fft --n 16 - empty.out </dev/null
check "empty stdin to a named output: exit 0, an empty file" \
    sh -c "[ $RC -eq 0 ] && [ -f empty.out ] && [ ! -s empty.out ]"

# ---- output formats and defaults -------------------------------------------
# An impulse x = (1, 0, 0, 0): every bin of its DFT is exactly 1 + 0i; with
# --norm forward every bin is 1/4.
echo "1 0  0 0  0 0  0 0" | refdft fromtext cf32 >imp.cf32
echo "1 0 0 0" | refdft fromtext f32 >imp.f32
echo "1 0  0 0  0 0  0 0" | refdft fromtext cf64 >imp.cf64
echo "1 0 0 0" | refdft fromtext f64 >imp.f64

# fmt_case DESC EXPECTED_HEX_BYTES ARGS...
fmt_case() {
    fc_desc=$1 fc_want=$2
    shift 2
    if expect_exit 0 g "$@" && expect_stderr_empty; then
        fc_got=$(hexbytes "$T/stdout" | tr '\n' ' ' | sed 's/ $//')
        if [ "$fc_got" = "$fc_want" ]; then
            ok "$fc_desc"
        else
            fail "$fc_desc"
            say "    got      $fc_got"
            say "    expected $fc_want"
        fi
    else
        fail "$fc_desc"
    fi
}
# u8 is centred at 128: 1/4 -> 128 + 32 = 160 = 0xa0
fmt_case "mag to u8 (0.25 -> 0xa0)" "a0 a0 a0 a0" \
    fft --n 4 --out mag --norm forward --out-format u8 imp.cf32
# s16be: 1/4 -> 8192 = 0x2000, big end first
fmt_case "mag to s16be (0.25 -> 20 00)" "20 00 20 00 20 00 20 00" \
    fft --n 4 --out mag --norm forward --out-format s16be imp.cf32
fmt_case "mag to s16le (0.25 -> 00 20)" "00 20 00 20 00 20 00 20" \
    fft --n 4 --out mag --norm forward --out-format s16le imp.cf32
# cu8: 1 -> 256 clamps to 255; 0 -> 128
fmt_case "complex to cu8 (1+0i -> ff 80, clamped)" \
    "ff 80 ff 80 ff 80 ff 80" fft --n 4 --out-format cu8 imp.cf32
# f32be of 1.0 is 3f 80 00 00
fmt_case "mag to f32be (1.0 -> 3f 80 00 00)" \
    "3f 80 00 00 3f 80 00 00 3f 80 00 00 3f 80 00 00" \
    fft --n 4 --out mag --out-format f32be imp.cf32
# f64le of 1/16 is 00 00 00 00 00 00 b0 3f
fmt_case "power to f64le (1/16 -> 00..b0 3f)" \
    "$(for i in 1 2 3 4; do printf '00 00 00 00 00 00 b0 3f '; done | sed 's/ $//')" \
    fft --n 4 --out power --norm forward --out-format f64le imp.cf32

# default_case DESC BYTES ARGS...: checks the output size only
default_case() {
    dc_desc=$1 dc_bytes=$2
    shift 2
    if expect_exit 0 g "$@" && expect_stderr_empty &&
       expect_size "$T/stdout" "$dc_bytes"; then
        ok "$dc_desc"
    else
        fail "$dc_desc"
    fi
}
default_case "cf32 in: complex out defaults to cf32 (4 bins x 8 B)" 32 \
    fft --n 4 imp.cf32
default_case "cf64 in: complex out defaults to cf64 (4 bins x 16 B)" 64 \
    fft --n 4 --in-format cf64 imp.cf64
default_case "f64 in: complex out defaults to cf64 (3 bins x 16 B)" 48 \
    fft --n 4 --in-format f64 imp.f64
default_case "f32 in: half spectrum, cf32 (3 bins x 8 B)" 24 \
    fft --n 4 --in-format f32 imp.f32
default_case "f32 in --full: all bins (4 x 8 B)" 32 \
    fft --n 4 --in-format f32 --full imp.f32
for m in mag power db phase; do
    default_case "--out $m defaults to f32 (4 x 4 B)" 16 \
        fft --n 4 --out $m imp.cf32
    default_case "--out $m from cf64 still defaults to f32" 16 \
        fft --n 4 --out $m --in-format cf64 imp.cf64
done
default_case "--out mag --out-format f64 (4 x 8 B)" 32 \
    fft --n 4 --out mag --out-format f64 imp.cf32
default_case "ifft: cf32 in, cf32 out" 32 ifft --n 4 imp.cf32
default_case "ifft: cf64 in, cf64 out" 64 ifft --n 4 --in-format cf64 imp.cf64
# --real-out: frames of N/2+1 = 3 bins; 4 complex items = 1 frame + 1 padded
default_case "ifft --real-out: f32, N reals per frame (2 frames x 4 x 4 B)" 32 \
    ifft --n 4 --real-out imp.cf32
default_case "ifft --real-out from cf64: f64" 64 \
    ifft --n 4 --real-out --in-format cf64 imp.cf64
# the values of the defaults, not only their sizes
g fft --n 4 --in-format cf64 imp.cf64 >d.out 2>/dev/null
echo "1 0 1 0 1 0 1 0" >d.txt
check "cf64 default output holds the right values" \
    refdft cmptext cf64 d.out d.txt 1e-15

run g fft --n 4 --out mag --out-format cf32 imp.cf32
check "--out mag with a complex --out-format: exit 1" expect_usage_error
run g fft --n 4 --out-format f32 imp.cf32
check "--out complex with a real --out-format: exit 1" expect_usage_error
run g fft --n 4 --in-format x16 imp.cf32
check "unknown --in-format: exit 1" expect_usage_error "x16"
run g ifft --n 4 --in-format f32 imp.f32
check "ifft with real --in-format: exit 1" expect_usage_error

# ---- --tail pad|drop|error, counts conserved --------------------------------
# 10 cf32 items, frames of 4: pad -> 3 frames (the last with 2 zeros), drop
# -> 2 frames and 2 items in no frame, error -> exit 2.
refdft gen cf32 10 5 >ten.cf32
expect_exit 0 g fft --n 4 --tail pad -v ten.cf32
check "--tail pad: 3 frames out (96 bytes)" expect_size "$T/stdout" 96
check "--tail pad: -v says 10 in, 3 frames, 1 padded with 2 zeros, 0 in no frame" \
    grep -q '10 items in, 3 frames out (1 padded with 2 zeros), 0 items in no frame' "$T/stderr"
expect_exit 0 g fft --n 4 --tail drop -v ten.cf32
check "--tail drop: 2 frames out (64 bytes)" expect_size "$T/stdout" 64
check "--tail drop: -v says 10 in, 2 frames, 2 items in no frame" \
    grep -q '10 items in, 2 frames out (0 padded with 0 zeros), 2 items in no frame' "$T/stderr"
expect_exit 2 g fft --n 4 --tail error ten.cf32
check "--tail error: exit 2 with one line naming the policy" \
    expect_stderr_one_line 'tail error'
# the padded frame equals the last two items followed by zeros
head -c 64 ten.cf32 >eight.cf32
tail -c 16 ten.cf32 >last2.cf32
printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >>last2.cf32
cat eight.cf32 last2.cf32 >padded.cf32
g fft --n 4 --tail pad ten.cf32 >a.out 2>/dev/null
g fft --n 4 padded.cf32 >b.out 2>/dev/null
check "--tail pad pads with zeros (same bytes as explicit zeros)" expect_same a.out b.out
check "the default tail policy is pad" \
    sh -c "'$GFFTPIPE' fft --engine cpu --wisdom '$W' --n 4 ten.cf32 | cmp -s - a.out"

# ---- output through a temporary file -----------------------------------------
umask 022
rm -f out.cf32
expect_exit 0 g fft --n 4 ten.cf32 out.cf32
check "a named output is created" [ -s out.cf32 ]
check "no temporary files after a good run" no_temp_files "$T"
check "the output has mode 644 under umask 022" \
    [ "$(ls -l out.cf32 | cut -c1-10)" = "-rw-r--r--" ]
mkdir sub
expect_exit 0 g fft --n 4 ten.cf32 sub/out.cf32
check "output in a subdirectory; no temporary left there" \
    sh -c "[ -s sub/out.cf32 ] && [ -z \"\$(ls -A sub | grep -v '^out.cf32\$')\" ]"

rm -f new.cf32
expect_exit 2 g fft --n 4 --tail error ten.cf32 new.cf32
check "a failing run (--tail error) exits 2" [ "$RC" -eq 2 ]
check "a failing run leaves no output file" [ ! -e new.cf32 ]
check "a failing run leaves no temporary files" no_temp_files "$T"
echo "old contents" >keep.cf32
expect_exit 2 g fft --n 4 --tail error ten.cf32 keep.cf32
check "a failing run leaves an existing output untouched" \
    [ "$(cat keep.cf32)" = "old contents" ]
check "... and no temporary files" no_temp_files "$T"
# an input that ends inside a sample fails after data went through
head -c 83 in.cf32 >cut.cf32
rm -f new.cf32
expect_exit 2 g fft --n 4 cut.cf32 new.cf32
check "a run failing at the end of the input leaves no output, no temporary" \
    sh -c "[ ! -e new.cf32 ] && [ -z \"\$(find . -maxdepth 1 -name '.*.gfp-*')\" ]"

# ---- output path equal to the input (bad-inputs row 19) -----------------------
cp in.cf32 same.cf32
sum0=$(cksum <same.cf32)
for form in 'same.cf32 same.cf32' './same.cf32 same.cf32' \
            "same.cf32 $T/same.cf32" 'same.cf32 link.cf32' 'stdin'; do
    rm -f link.cf32
    ln same.cf32 link.cf32
    if [ "$form" = stdin ]; then
        expect_exit 2 g fft --n 4 - same.cf32 <same.cf32
    else
        # shellcheck disable=SC2086
        expect_exit 2 g fft --n 4 $form
    fi
    if expect_stderr_one_line 'is the input' &&
       [ "$(cksum <same.cf32)" = "$sum0" ] && no_temp_files "$T"; then
        ok "output = input ($form): exit 2, one line, input untouched"
    else
        fail "output = input ($form): exit 2, one line, input untouched"
    fi
done

# ---- other I/O errors: one line, exit 2 --------------------------------------
expect_exit 2 g fft --n 4 no-such-file.cf32
check "missing input: exit 2, one line naming it" \
    expect_stderr_one_line 'no-such-file'
expect_exit 2 g fft --n 4 ten.cf32 sub
check "output is a directory: exit 2, one line" expect_stderr_one_line 'directory'
expect_exit 2 g fft --n 4 ten.cf32 no-such-dir/out.cf32
check "output in a missing directory: exit 2, one line" \
    expect_stderr_one_line 'no-such-dir'
expect_exit 2 g fft --n 4 sub
check "input is a directory: exit 2, one line" expect_stderr_one_line 'directory'

# ---- engines ------------------------------------------------------------------
run "$GFFTPIPE" fft --wisdom "$W" --n 4 ten.cf32
check "--engine auto (default): exit 0, at most one note on stderr" \
    sh -c "[ $RC -eq 0 ] && [ \$(wc -l <'$T/stderr') -le 1 ] && { [ ! -s '$T/stderr' ] || grep -q '^gfftpipe: fft: ' '$T/stderr'; }"
# (on a machine with a GPU, auto picks it: same values, not the same bits)
check "--engine auto gives the CPU result (within 1e-5)" \
    refdft cmp cf32 "$T/stdout" cf32 a.out 1e-5
run "$GFFTPIPE" fft -q --n 4 ten.cf32
check "-q: no note" expect_stderr_empty
rm -f gpu.out
run "$GFFTPIPE" fft --engine gpu --n 4 ten.cf32 gpu.out
if [ "$RC" -eq 3 ]; then
    if expect_stderr_one_line 'GPU' && [ ! -e gpu.out ]; then
        ok "--engine gpu without a usable GPU: exit 3, one line, no output"
    else
        fail "--engine gpu without a usable GPU: exit 3, one line, no output"
    fi
else
    check "--engine gpu: exit 0 (a GPU is there) or 3" [ "$RC" -eq 0 ]
fi

finish
