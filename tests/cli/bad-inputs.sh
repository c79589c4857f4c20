#!/bin/sh
# bad-inputs.sh - rows 1, 2, 13, 14, 15, 16, 17, 18, 20 and 21 of
# shared/research/bad-inputs.md, run against the real binary:
#   1  empty file                      exit 2, one line
#   2  empty raw stdin                 exit 0, empty output
#   13 length not a multiple of the item size: exit 2, the byte offset in
#      the message, the whole items before it processed
#   14 --tail pad|drop|error           counts conserved, never silent
#   15 NaN, +-Inf, subnormals, +-FLT_MAX, INT16_MIN: no crash, NaN stays in
#      its own frame, integer outputs clamp
#   16 stdin one byte per read         output identical to bulk input
#   17 --n 0, -1, 2^40, "4096x", ""    exit 1 before reading input
#   18 fuzzed argv                     exit codes 0, 1, 2, 3 only
#   20 ... | head -c1                  ends quietly, no hang
#   21 > /dev/full; stdout closed      "write error", exit 2
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99

# ---- row 1: empty file ------------------------------------------------------
: >empty.raw
for sub in fft ifft; do
    rm -f out.raw
    expect_exit 2 g $sub --n 8 empty.raw out.raw
    if expect_stderr_one_line 'empty' && expect_stdout_empty &&
       [ ! -e out.raw ] && no_temp_files "$T"; then
        ok "row 1: $sub of an empty file: exit 2, one line, no output file"
    else
        fail "row 1: $sub of an empty file: exit 2, one line, no output file"
    fi
done
expect_exit 2 g fft --n 8 empty.raw
check "row 1: empty file to stdout: nothing on stdout" expect_stdout_empty

# ---- row 2: empty raw stdin ---------------------------------------------------
for sub in fft ifft; do
    for how in devnull pipe file; do
        case $how in
        devnull) run g $sub --n 8 </dev/null ;;
        pipe) run sh -c ": | '$GFFTPIPE' $sub --engine cpu --n 8" ;;
        file) run g $sub --n 8 <empty.raw ;;
        esac
        if [ "$RC" -eq 0 ] && expect_stdout_empty && expect_stderr_empty; then
            ok "row 2: $sub, empty stdin ($how): exit 0, empty output"
        else
            fail "row 2: $sub, empty stdin ($how): exit 0, empty output (status $RC)"
        fi
    done
done

# ---- row 13: input ends inside a sample -----------------------------------------
# t13 FMT ITEM_BYTES ITEMS EXTRA N [ARGS...]: ITEMS whole items and EXTRA
# stray bytes. Expect exit 2, one line naming the byte offset ITEMS*ITEM_BYTES,
# and on stdout exactly what the whole items alone give.
t13() {
    f=$1 ib=$2 items=$3 extra=$4 n=$5
    shift 5
    refdft gen "$f" $((items + 1)) 13 | head -c $((items * ib + extra)) >cut.raw
    head -c $((items * ib)) cut.raw >whole.raw
    off=$((items * ib))
    if [ "$items" -gt 0 ]; then
        g fft --n "$n" --in-format "$f" "$@" whole.raw >want.out 2>/dev/null
    else
        : >want.out
    fi
    for how in file pipe; do
        if [ $how = file ]; then
            run g fft --n "$n" --in-format "$f" "$@" cut.raw
        else
            run sh -c "cat cut.raw | '$GFFTPIPE' fft --engine cpu --wisdom '$W' --n $n --in-format $f $*"
        fi
        if [ "$RC" -eq 2 ] && expect_stderr_one_line "byte offset $off([^0-9]|\$)" &&
           expect_same "$T/stdout" want.out; then
            ok "row 13: $f, $items items + $extra bytes ($how): exit 2, offset $off, whole items processed"
        else
            fail "row 13: $f, $items items + $extra bytes ($how): exit 2 (got $RC), offset $off, whole items processed"
        fi
    done
}
t13 cf32 8 10 3 4
t13 cf32 8 10 7 4 --hop 3
t13 s16 2 7 1 4
t13 cs16 4 1024 2 16 --out mag
t13 f64 8 100 5 64 --window hann
t13 cf32 8 0 5 4
# across the reader's 4 MiB chunks: 600000 items of 8 bytes, then 5 bytes
t13 cf32 8 600000 5 1024
# a named output is not left behind by such a run
rm -f out.raw
expect_exit 2 g fft --n 4 cut.raw out.raw
check "row 13: no output file and no temporary after the error" \
    sh -c "[ ! -e out.raw ] && [ -z \"\$(find . -maxdepth 1 -name '.*.gfp-*')\" ]"

# ---- row 14: tail policies, counts conserved -------------------------------------
# The expected counts, worked out item by item: frames start every HOP
# items; a frame that fits is emitted; one that does not is padded (pad)
# while items remain that no frame covered, refused (error), or left out
# (drop). Items in no frame are "dropped"; those of them that fall in the
# gap between frames when HOP > N are "skipped by the hop".
tail_expect() {
    awk -v t="$1" -v n="$2" -v h="$3" -v pol="$4" 'BEGIN {
        F = P = Z = cov = err = 0
        for (s = 0; s < t; s += h) {
            if (s + n <= t) {
                F++; cov = s + n
                for (i = s; i < s + n; i++) c[i] = 1
                continue
            }
            if (cov >= t) break
            if (pol == "pad") {
                F++; P++; Z += s + n - t
                for (i = s; i < t; i++) c[i] = 1
                cov = s + n
                continue
            }
            if (pol == "error") err = 1
            break
        }
        D = S = 0
        for (i = 0; i < t; i++)
            if (!c[i]) { D++; if (i % h >= n) S++ }
        print F, P, Z, D, S, err
    }'
}
# the -v report as "ITEMS FRAMES PADDED ZEROS NOFRAME SKIPPED"
tail_report() {
    sed -n 's/.* \([0-9]*\) items in, \([0-9]*\) frames out (\([0-9]*\) padded with \([0-9]*\) zeros), \([0-9]*\) items in no frame (\([0-9]*\) skipped by the hop).*/\1 \2 \3 \4 \5 \6/p' "$1"
}
for spec in "10 4 4" "11 4 3" "13 4 6" "11 4 6" "12 4 6" "5 4 1" "5 4 2" \
            "3 4 4" "1 4 4" "8 4 4" "4 4 4" "9 4 2" "20 8 3" "7 1 1" \
            "7 1 3" "4097 1024 256" "5000 1000 1500" "2500 1000 1000"; do
    set -- $spec
    total=$1 n=$2 hop=$3
    refdft gen cf32 "$total" "$n" >tail.cf32
    for pol in pad drop error; do
        set -- $(tail_expect "$total" "$n" "$hop" "$pol")
        F=$1 P=$2 Z=$3 D=$4 S=$5 E=$6
        what="row 14: $total items, --n $n --hop $hop --tail $pol"
        run g fft -v --n "$n" --hop "$hop" --tail "$pol" tail.cf32
        if [ "$E" -eq 1 ]; then
            if [ "$RC" -eq 2 ] && expect_stderr_one_line 'tail error'; then
                ok "$what: exit 2, one line"
            else
                fail "$what: exit 2, one line (status $RC)"
            fi
            continue
        fi
        got=$(tail_report "$T/stderr")
        want="$total $F $P $Z $D $S"
        if [ "$RC" -eq 0 ] && [ "$got" = "$want" ] &&
           expect_size "$T/stdout" $((F * n * 8)); then
            ok "$what: $F frames ($P padded, $Z zeros), $D in no frame ($S skipped)"
        else
            fail "$what: status $RC, -v says '$got', expected '$want'"
            show_stderr
        fi
    done
done
# conservation when frames tile the input: N*frames - zeros + no-frame = items
for spec in "10 4" "4097 1024" "1 5"; do
    set -- $spec
    items=$1 n=$2
    refdft gen cf32 "$items" 3 >tail.cf32
    for pol in pad drop; do
        run g fft -v --n "$n" --tail $pol tail.cf32
        set -- $(tail_report "$T/stderr") # ITEMS FRAMES PADDED ZEROS NOFRAME SKIPPED
        check "row 14: --tail $pol, $items items, --n $n: frames*N - zeros + no-frame = items" \
            [ "$1:$(($2 * n - $4 + $5))" = "$items:$items" ]
    done
done
# --average groups: 5 frames in groups of 2 leave a short group of 1
refdft gen cf32 20 4 >avg.cf32
run g fft -v --n 4 --average 2 --out power --tail pad avg.cf32
check "row 14: --average 2 of 5 frames, pad: 3 outputs, the short group kept" \
    sh -c "[ $RC -eq 0 ] && [ \$(wc -c <'$T/stdout') -eq 48 ] &&
           grep -q '5 spectra averaged into 3 outputs (1 short group(s) kept, 0 frame(s) dropped)' '$T/stderr'"
run g fft -v --n 4 --average 2 --out power --tail drop avg.cf32
check "row 14: --average 2 of 5 frames, drop: 2 outputs, 1 frame dropped" \
    sh -c "[ $RC -eq 0 ] && [ \$(wc -c <'$T/stdout') -eq 32 ] &&
           grep -q '5 spectra averaged into 2 outputs (0 short group(s) kept, 1 frame(s) dropped)' '$T/stderr'"
run g fft --n 4 --average 2 --out power --tail error avg.cf32
check "row 14: --average 2 of 5 frames, error: exit 2, one line" \
    expect_rc_line 2 'average'

# ---- row 15: NaN, +-Inf, subnormals, +-FLT_MAX, INT16_MIN ------------------------
# Nine real frames of 8 samples: 1 and 3/4 hold NaN and +-Inf; 5 subnormals;
# 6 and 7 a single +-FLT_MAX; the others ordinary numbers.
FMAX=3.4028234663852886e38
cat >special.txt <<EOF
0.5 -0.25 0.125 0.75 -0.5 0.3 -0.9 0.1
0.2 0.4 0.6 nan -0.2 -0.4 -0.6 -0.8
-0.7 0.7 0.35 -0.35 0.15 -0.15 0.05 -0.05
inf 0.1 0.2 0.3 0.4 0.5 0.6 0.7
0.1 0.2 0.3 0.4 0.5 -inf 0.7 0.8
1e-40 -1e-42 1.4e-45 -1.4e-45 1e-39 0 -3e-41 2e-44
$FMAX 0 0 0 0 0 0 0
0 0 -$FMAX 0 0 0 0 0
0.9 0.8 0.7 0.6 0.5 0.4 0.3 0.2
EOF
refdft fromtext f32 <special.txt >special.f32
# the same frames with the NaN and Inf ones set to zero
sed -e '2s/.*/0 0 0 0 0 0 0 0/' -e '4s/.*/0 0 0 0 0 0 0 0/' \
    -e '5s/.*/0 0 0 0 0 0 0 0/' special.txt | refdft fromtext f32 >clean.f32
check "row 15: 9 frames of specials written" expect_size special.f32 288
# frame FILE K BYTES_PER_FRAME: frame K of FILE to stdout
frame() { dd if="$1" bs="$3" skip="$2" count=1 2>/dev/null; }
for mode in complex mag power db phase; do
    for prec in f32 f64; do
        # f64 arithmetic writes f64, so that no value overflows on output
        case $mode.$prec in
        complex.f32) per=10 of=cf32 ;;
        complex.f64) per=10 of=cf64 ;;
        *.f32) per=5 of=f32 ;;
        *.f64) per=5 of=f64 ;;
        esac
        case $of in *64) vb=8 ;; *) vb=4 ;; esac
        what="row 15: --out $mode --precision $prec"
        run g fft --n 8 --in-format f32 --out $mode --out-format $of --precision $prec special.f32
        if [ "$RC" -ne 0 ] || ! expect_stderr_empty || ! expect_size "$T/stdout" $((9 * per * vb)); then
            fail "$what: exit 0, no message, 9 frames (status $RC)"
            continue
        fi
        cp "$T/stdout" sp.out
        g fft --n 8 --in-format f32 --out $mode --out-format $of --precision $prec clean.f32 >cl.out 2>/dev/null
        nf=$(refdft nonfinite $of sp.out $per | tr '\n' ' ')
        # frames with no NaN/Inf input must be finite: 0, 2, 5, 8 always;
        # the +-FLT_MAX impulses (6, 7) keep every bin at |X| = FLT_MAX:
        # finite as complex bins and phases, and in f64 arithmetic for every
        # mode. (In f32 their power FLT_MAX^2 is not representable; see the
        # note below for mag.)
        set -- $nf
        bad=
        for k in 0 2 5 8; do
            eval "v=\${$((k + 1))}"
            [ "$v" = 0 ] || bad="$bad $k"
        done
        case "$mode.$prec" in
        complex.*|*.f64|phase.f32)
            [ "$7" = 0 ] || bad="$bad 6"
            [ "$8" = 0 ] || bad="$bad 7" ;;
        esac
        if [ -z "$bad" ]; then
            ok "$what: frames without NaN/Inf are finite (non-finite per frame: $nf)"
        else
            fail "$what: non-finite values in frames$bad (per frame: $nf)"
        fi
        # NaN stays in its frame: every other frame is what it is without them
        fb=$((per * vb))
        same=yes
        for k in 0 2 5 6 7 8; do
            frame sp.out $k $fb >a.fr
            frame cl.out $k $fb >b.fr
            cmp -s a.fr b.fr || same="no (frame $k)"
        done
        check "$what: frames 0 2 5 6 7 8 unchanged by the NaN/Inf frames: $same" [ "$same" = yes ]
    done
done
# the float-overflow cases above are arithmetic, not crashes; record them
run g fft --n 8 --in-format f32 --out mag special.f32
set -- $(refdft nonfinite f32 "$T/stdout" 5)
say "    note: --out mag in f32 of a FLT_MAX impulse (|X| = FLT_MAX): $7 of 5 bins non-finite"

# integer outputs clamp, and NaN becomes 0 (u8: 128)
run g fft --n 8 --in-format f32 --out mag --out-format f32 special.f32
cp "$T/stdout" mag.f32
run g fft --n 8 --in-format f32 --out mag --out-format s16 special.f32
check "row 15: --out-format s16 with specials: exit 0" [ "$RC" -eq 0 ]
cp "$T/stdout" mag.s16
refdft totext f32 mag.f32 >mag.f32.txt
refdft totext s16 mag.s16 >mag.s16.txt
# round(v * 32768) half to even, clamped to [-32768, 32767]; NaN -> 0
bad=$(paste mag.f32.txt mag.s16.txt | awk '
    function rne(x,  f, d) { f = int(x); if (f > x) f--; d = x - f
        if (d > 0.5) return f + 1; if (d < 0.5) return f
        return (f % 2 == 0) ? f : f + 1 }
    { v = $1
      if (v ~ /nan/) e = 0
      else if (v ~ /^inf/ || v ~ /^\+inf/) e = 32767
      else if (v ~ /^-inf/) e = -32768
      else { e = rne(v * 32768); if (e > 32767) e = 32767; if (e < -32768) e = -32768 }
      if (e != $2) { print NR ": " v " -> " $2 " (expected " e ")"; n++ } }
    END { if (n) exit 1 }' | head -n 3)
check "row 15: s16 output = round(32768 v) clamped, NaN -> 0" [ -z "$bad" ]
[ -n "$bad" ] && say "    $bad"
check "row 15: s16 output clamps (32767 present for |X| > 1)" grep -qx 32767 mag.s16.txt
run g fft --n 8 --in-format f32 --out-format cu8 special.f32
refdft totext cu8 "$T/stdout" >cu8.txt
check "row 15: cu8 output: the NaN frame is 128 (zero) throughout" \
    [ "$(sed -n '11,20p' cu8.txt | sort -u)" = 128 ]
# INT16_MIN: cs16 input all -32768 is x = -1 - 1i; the DFT (N = 4) is
# X0 = -4 - 4i and 0 elsewhere; cs16 output clamps X0 to -32768 - 32768i.
printf '\000\200\000\200\000\200\000\200\000\200\000\200\000\200\000\200' >min.cs16
run g fft --n 4 --in-format cs16 --out-format cs16le min.cs16
check "row 15: INT16_MIN input, cs16 output: X0 clamps to -32768, the rest 0" \
    [ "$(hexbytes "$T/stdout" | tr '\n' ' ')" = "00 80 00 80 00 00 00 00 00 00 00 00 00 00 00 00 " ]
printf '\000\200\000\200\000\200\000\200' >min.s16
run g fft --n 4 --in-format s16 --out power --norm forward min.s16
echo "1 0 0" >min.want
check "row 15: INT16_MIN as s16 is exactly -1 (power of DC = 1 with --norm forward)" \
    refdft cmptext f32 "$T/stdout" min.want 0

# ---- row 16: stdin one byte per read ------------------------------------------------
refdft gen cf32 600 16 >slow.cf32
refdft gen s16 3001 17 >slow.s16
g fft --n 64 --hop 40 --window hann slow.cf32 bulk1.out
g fft --n 100 --in-format s16 --out db slow.s16 bulk2.out
# one byte per write, 200 us apart: the reader sees (nearly) one byte per read
refdft trickle 1 200 <slow.cf32 | g fft --n 64 --hop 40 --window hann >slow1.out
check "row 16: cf32 one byte at a time = bulk" expect_same slow1.out bulk1.out
for chunk in 1 3 7 4096; do
    refdft trickle $chunk 0 <slow.s16 | g fft --n 100 --in-format s16 --out db >slow2.out
    check "row 16: s16 in writes of $chunk byte(s) = bulk" expect_same slow2.out bulk2.out
done
# hop = N on native cf32: the reader's direct path (straight into the batch
# buffer), with a partial last frame
g fft --n 64 slow.cf32 bulk4.out
refdft trickle 1 50 <slow.cf32 | g fft --n 64 >slow4.out
check "row 16: cf32, frames back to back, one byte at a time = bulk" expect_same slow4.out bulk4.out
refdft trickle 3 0 <slow.cf32 | g ifft --n 64 >slow3.out
g ifft --n 64 slow.cf32 >bulk3.out
check "row 16: ifft in writes of 3 bytes = bulk" expect_same slow3.out bulk3.out

# ---- row 17: bad --n: exit 1 before reading input -------------------------------
# stdin is a FIFO that this shell holds open for writing and never writes:
# a gfftpipe that read its input would block there until the timeout.
mkfifo fifo || skip_all "cannot make a FIFO in $T"
exec 3<>fifo
for v in 0 -1 1099511627776 4096x "" 1Gi 268435457 " 4096" 0x10 1e3 4k5 \
         99999999999999999999999; do
    for sub in fft ifft; do
        run with_timeout 10 "$GFFTPIPE" $sub --engine cpu --n "$v" <fifo
        if expect_usage_error '--n'; then
            ok "row 17: $sub --n '$v': exit 1 without reading stdin"
        else
            fail "row 17: $sub --n '$v': exit 1 without reading stdin (status $RC)"
        fi
    done
    run with_timeout 10 "$GFFTPIPE" fft --engine cpu --n "$v" fifo out.raw
    check "row 17: fft --n '$v' FIFO OUTPUT: exit 1, no output file" \
        sh -c "[ $RC -eq 1 ] && [ ! -e out.raw ]"
done
for bad in "--hop 0" "--average 0" "--window kaiser:x" "--window nope" \
            "--threads 0" "--out dB" "--norm none" "--tail maybe" \
            "--precision f16" "--engine tpu" "--in-format cf128" \
            "--peak --average 4" "--shift --in-format f32" "--full"; do
    # shellcheck disable=SC2086
    run with_timeout 10 "$GFFTPIPE" fft --engine cpu --n 8 $bad <fifo
    check "row 17: fft --n 8 $bad: exit 1 without reading stdin" expect_usage_error
done
run with_timeout 10 "$GFFTPIPE" fft --n 8 --engine gpu </dev/null
if [ "$RC" -eq 3 ]; then
    run with_timeout 10 "$GFFTPIPE" fft --n 8 --engine gpu <fifo
    check "--engine gpu without a GPU: exit 3 without reading stdin" [ "$RC" -eq 3 ]
fi
exec 3>&-

# ---- row 18: fuzzed argv ------------------------------------------------------------
# 300 argument vectors from a fixed seed, built from the real option names
# (read from the source) and junk values; stdin is a small input. Only the
# statuses 0, 1, 2 and 3 are allowed: no signal, no hang.
mkdir fz
refdft gen cf32 512 18 >fz.in
opts=
for src in "$TOP_SRCDIR"/filters/*.c; do
    opts="$opts $(stage_longopts "$src" | tr '\n' ' ')"
done
opts=$(printf '%s\n' $opts | sort -u | tr '\n' ' ')
check "row 18: option names found in the source" [ "$(echo $opts | wc -w)" -ge 10 ]
awk -v seed=18 -v opts="$opts" 'BEGIN {
    srand(seed)
    no = split(opts, O, " ")
    nv = split("|0|1|-1|7|8|64|4096x|1Ki|4k|99999999999999999999|abc|-|--|" \
               "cf32|s16be|cu8|cs16|f32|f64|x|hann|kaiser:8|kaiser:|kaiser:-1|" \
               "kaiser:nan|mag|db|phase|power|complex|ortho|forward|backward|" \
               "pad|drop|error|gpu|cpu|auto|cufft|1e3|%s%n|in.raw|out.raw|" \
               "nodir/x|.|-5|+3|0x10|3|2|blackman-harris|flattop|rect|" \
               "268435457|1024", V, "|")
    ns = split("fft fft fft fft ifft ifft ifft help --help bogus --version -h", S, " ")
    np = split("-v -q -h -x -vq -- - in.raw out.raw --n=8 --hop=3 --no --ful --sh", P, " ")
    for (i = 0; i < 300; i++) {
        line = S[int(rand() * ns) + 1]
        k = int(rand() * 8)
        for (j = 0; j < k; j++) {
            r = rand()
            if (r < 0.55) {
                o = O[int(rand() * no) + 1]
                line = line "|--" o
                if (rand() < 0.8) line = line "|" V[int(rand() * nv) + 1]
            } else if (r < 0.8) {
                line = line "|" P[int(rand() * np) + 1]
            } else if (r < 0.9) {
                line = line "|--" O[int(rand() * no) + 1] "=" V[int(rand() * nv) + 1]
            } else {
                line = line "|" V[int(rand() * nv) + 1]
            }
        }
        # most vectors get a valid --n, so that more of them get further
        if (rand() < 0.7) line = line "|--n|" (rand() < 0.5 ? "16" : "7")
        print line
    }
}' >fuzz.args
check "row 18: 300 argument vectors" [ "$(wc -l <fuzz.args)" -eq 300 ]
cd fz || exit 99
badfz=0
i=0
n0=0 n1=0 n2=0 n3=0
while IFS= read -r line; do
    i=$((i + 1))
    cp ../fz.in in.raw
    oldifs=$IFS
    IFS='|'
    set -f
    # shellcheck disable=SC2086
    set -- $line
    set +f
    IFS=$oldifs
    with_timeout 20 "$GFFTPIPE" "$@" <in.raw >/dev/null 2>../fz.err
    rc=$?
    case $rc in
    0) n0=$((n0 + 1)) ;;
    1) n1=$((n1 + 1)) ;;
    2) n2=$((n2 + 1)) ;;
    3) n3=$((n3 + 1)) ;;
    *)
        badfz=$((badfz + 1))
        say "    fuzz #$i: status $rc: gfftpipe $(printf "'%s' " "$@")"
        sed 's/^/      /' ../fz.err | head -n 3
        ;;
    esac
done <../fuzz.args
cd .. || exit 99
check "row 18: fuzzed argv: statuses only 0, 1, 2, 3 ($i vectors: $n0 x 0, $n1 x 1, $n2 x 2, $n3 x 3)" \
    [ "$badfz" -eq 0 ]

# ---- row 20: ... | head -c1 ---------------------------------------------------------
refdft gen cf32 524288 20 >big.cf32    # 4 MiB: more than any pipe buffer
if env --default-signal=PIPE true 2>/dev/null; then
    DEFPIPE="env --default-signal=PIPE"
else
    DEFPIPE=
fi
for sub in fft ifft; do
    rm -f rc20 err20
    with_timeout 60 sh -c "{ $DEFPIPE '$GFFTPIPE' $sub --engine cpu --n 1024 big.cf32 2>err20; echo \$? >rc20; } | head -c1 >/dev/null"
    trc=$?
    rc=$(cat rc20 2>/dev/null)
    if [ "$trc" -eq 0 ] && { [ "$rc" = 141 ] || [ "$rc" = 0 ]; } && [ ! -s err20 ]; then
        ok "row 20: $sub | head -c1: ends quietly (status $rc)"
    else
        fail "row 20: $sub | head -c1: status '$rc' (timeout status $trc)"
        sed 's/^/    stderr: /' err20 2>/dev/null | head -n 3
    fi
done
# with SIGPIPE ignored there is no signal: EPIPE must still end the run
# promptly, with at most one line
if env --ignore-signal=PIPE true 2>/dev/null; then
    rm -f rc20 err20
    with_timeout 60 sh -c "{ env --ignore-signal=PIPE '$GFFTPIPE' fft --engine cpu --n 1024 big.cf32 2>err20; echo \$? >rc20; } | head -c1 >/dev/null"
    trc=$?
    rc=$(cat rc20 2>/dev/null)
    check "row 20: SIGPIPE ignored: ends (status $rc), at most one line on stderr" \
        sh -c "[ $trc -eq 0 ] && [ '$rc' -le 2 ] && [ \$(wc -l <err20) -le 1 ]"
    [ -s err20 ] && say "    with SIGPIPE ignored: $(cat err20)"
fi

# ---- row 21: write errors ------------------------------------------------------------
if [ -c /dev/full ] && [ -w /dev/full ]; then
    for sub in fft ifft; do
        run sh -c "'$GFFTPIPE' $sub --engine cpu --n 1024 big.cf32 >/dev/full"
        check "row 21: $sub > /dev/full: exit 2, one 'write error' line" \
            expect_rc_line 2 'write error'
    done
    run g fft --n 1024 big.cf32 /dev/full
    check "row 21: fft to the named output /dev/full: exit 2, 'write error'" \
        expect_rc_line 2 'write error'
    # a small output too: the error may only show when the data is flushed
    run sh -c "'$GFFTPIPE' fft --engine cpu --n 4 --in-format cs16 min.cs16 >/dev/full"
    check "row 21: 4 bins > /dev/full: exit 2, 'write error'" \
        expect_rc_line 2 'write error'
else
    say "    skip: /dev/full is missing here; the /dev/full checks of row 21 cannot run"
fi
for sub in fft ifft; do
    run sh -c "'$GFFTPIPE' $sub --engine cpu --n 1024 big.cf32 >&-"
    check "row 21: $sub with stdout closed: exit 2, one 'write error' line" \
        expect_rc_line 2 'write error'
done

# ---- row 7 over a pipe: a 'fact' chunk claiming 4 GiB ---------------------------------
# libsndfile's WAV parser, reading through the virtual I/O of stdin, asked
# only for the position in an endless loop while its bookkeeping grew (23 GB
# in 200 s before the guard in io_sndfile.c). The reproducer from
# tests/fuzz/corpus/sndfile, without the fuzzer's option byte.
tail -c +2 "$TOP_SRCDIR/tests/fuzz/corpus/sndfile/timeout-wav-fact-chunk-tell-loop" >fact.wav
# (4 GB of address space at most; not under ASan, which reserves terabytes)
cap="ulimit -v 4000000 2>/dev/null;"
case $(ldd "$GFFTPIPE" 2>/dev/null) in *libasan*) cap= ;; esac
run sh -c "$cap exec timeout -k 2 20 '$GFFTPIPE' spectrogram --engine cpu - fact.png <fact.wav"
check "row 7: WAV on stdin whose 'fact' chunk claims 4 GiB: exit 2 at once, one line" \
    expect_rc_line 2 'WAV'
check "row 7: ... no output file" [ ! -e fact.png ]

# ---- row 7 over a pipe: a WAV header that sends libsndfile's parser round ------------
# An 88-byte WAV on stdin looped inside libsndfile's parser without calling
# the virtual I/O back (found by fuzz-sndfile); io_sndfile.c now reads the
# head of the stream first (what is ready, without blocking), so a short
# stream has a known length.
tail -c +2 "$TOP_SRCDIR/tests/fuzz/corpus/sndfile/timeout-wav-pipe-loop" >loop.wav
run sh -c "exec timeout -k 2 20 '$GFFTPIPE' spectrogram --engine cpu - loop.png <loop.wav"
check "row 7: crafted WAV header on stdin: exit 2 at once, one line" \
    expect_rc_line 2 'WAV'
check "row 7: ... no output file" [ ! -e loop.png ]

# ---- row 7: WAV 'INFO' entries that claim 4 GiB ---------------------------------------
# libsndfile 1.2's LIST/INFO walk counts in 32 bits: an entry of 2 GiB or
# more wraps the count and sf_open never returns, from a path as from stdin
# (upstream issue #1118; found by fuzz-sndfile: three WAVs, and RF64s
# whose INFO chunk follows the data). io_sndfile.c refuses such a header
# before libsndfile parses it.
for k in 1 2 3 4 5; do
    f=$(ls "$TOP_SRCDIR/tests/fuzz/corpus/sndfile/timeout-wav-info-$k"*)
    tail -c +2 "$f" >info$k.wav
    run sh -c "exec timeout -k 2 20 '$GFFTPIPE' spectrogram --engine cpu info$k.wav info$k.png"
    check "row 7: WAV $k whose INFO entry claims 4 GiB, by path: exit 2 at once, one line" \
        expect_rc_line 2 'malformed WAV header'
    check "row 7: ... no output file" [ ! -e info$k.png ]
    run sh -c "cat info$k.wav | exec timeout -k 2 20 '$GFFTPIPE' spectrogram --engine cpu - pipe$k.png"
    check "row 7: the same WAV $k over a pipe: exit 2 at once, one line" \
        expect_rc_line 2 'malformed WAV header'
    check "row 7: ... no output file" [ ! -e pipe$k.png ]
done
# ... while a well-formed LIST/INFO chunk (a title) still reads: 16 samples
# of 16-bit mono at 8 kHz after it, all of them delivered.
{
    printf 'RIFF\144\000\000\000WAVEfmt \020\000\000\000'
    printf '\001\000\001\000\100\037\000\000\200\076\000\000\002\000\020\000'
    printf 'LIST\024\000\000\000INFOINAM\010\000\000\000a title\000'
    printf 'data\040\000\000\000'
    printf '\000\100\000\100\000\100\000\100\000\100\000\100\000\100\000\100'
    printf '\000\100\000\100\000\100\000\100\000\100\000\100\000\100\000\100'
} >titled.wav
printf '\000\000\200\077' >one.f32
run sh -c "exec timeout -k 2 20 '$GFFTPIPE' convolve --engine cpu --taps one.f32 --out-format f32 titled.wav titled.f32"
check "row 7: a WAV with a well-formed INFO title still reads: exit 0" \
    [ "$RC" -eq 0 ]
check "row 7: ... all 16 of its samples come through (64 bytes of f32)" \
    [ "$(wc -c <titled.f32 2>/dev/null)" -eq 64 ]
run sh -c "exec timeout -k 2 20 '$GFFTPIPE' convolve --engine cpu info1.wav info2.wav wet.wav"
check "row 7: convolve with such a WAV: exit 2 at once, one line" \
    expect_rc_line 2 'malformed WAV header'
check "row 7: ... no output file" [ ! -e wet.wav ]

finish
