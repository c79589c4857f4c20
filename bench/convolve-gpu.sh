#!/bin/sh
# convolve-gpu.sh - issue 6 on the GPU machine: a 1-hour 48 kHz stereo s16
# WAV convolved with a 60 s and a 10-minute stereo response by
# `gfftpipe convolve --engine gpu` (one large block, forward FFT ->
# multiply -> inverse FFT on the device, the response's spectrum kept
# there), against decoding the input and encoding an output of the same
# length with libsndfile alone (bench/sftool copy). Target: <= 2x.
#
# Correctness first: tests/cli/convolve.sh and the GPU unit suite (quick),
# then, on a 20 s excerpt: the GPU output (float WAV) against
# `--engine cpu` for a 0.1 s, 60 s and 10-minute response, sample counts
# exact in full and same mode, and -v must say the multiply ran fused in
# the engine. Then the timings, RUNS times each, alternating, each timed
# run with -v (its phase timings logged under it); a table.
# Data in /dev/shm (BENCH_DIR), logs in $OUT when set.
#
# Usage: bench/convolve-gpu.sh
# Environment: GFFTPIPE, SFTOOL (default: the build tree's), MINUTES (60),
# RUNS (2), TOL (1e-5), BENCH_DIR (/dev/shm), SKIP_SUITES=1 (no test
# suites first); for a dry run of the script
# itself elsewhere: ENGINE=cpu (default gpu; the fused check then needs
# one partition: XOPTS="--block 16Mi") and LONG_IR (seconds of the long
# response, default 600).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
G=${GFFTPIPE:-$here/../build/src/gfftpipe}
S=${SFTOOL:-$here/../build/bench/sftool}
[ -x "$G" ] || { echo "convolve-gpu: no gfftpipe at $G (set GFFTPIPE)" >&2; exit 1; }
[ -x "$S" ] || { echo "convolve-gpu: no sftool at $S (make in build/; set SFTOOL)" >&2; exit 1; }
min=${MINUTES:-60} runs=${RUNS:-2} tol=${TOL:-1e-5} rate=48000
eng=${ENGINE:-gpu} long=${LONG_IR:-600}
dir=$(mktemp -d "${BENCH_DIR:-/dev/shm}/gfp-convgpu.XXXXXX")
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' HUP INT TERM
log=/dev/null
if [ -n "${OUT:-}" ]; then mkdir -p "$OUT"; log=$OUT/convolve-gpu.log; fi
say() { printf '%s\n' "$*" | tee -a "$log"; }
fails=0
bad() { say "FAIL: $*"; fails=$((fails + 1)); }
now() { date +%s.%N; }
el() { echo "$1 $2" | awk '{ printf "%.3f", $2 - $1 }'; }

say "convolve-gpu: $G"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/gpu: /' | tee -a "$log" || true
t0=$(now)
"$S" gen "$dir/in.wav" $((min * 60)) $rate 2 pcm16
"$S" gen "$dir/ir0.wav" 0.1 $rate 2 float decay
"$S" gen "$dir/ir60.wav" 60 $rate 2 float decay
"$S" gen "$dir/ir600.wav" $long $rate 2 float decay
say "data: $min min of $rate Hz stereo pcm16 ($(ls -l "$dir/in.wav" | awk '{print $5}') bytes), responses 0.1 s, 60 s, $long s stereo float; made in $(el $t0 $(now)) s"

# ---- the test suites' GPU parts -------------------------------------------------
# tests/cli/convolve.sh (every fused case on the cpu and gpu engines against
# a long-double direct convolution) and the engine's filter-plan unit tests
# (GFP_TEST_QUICK: the sweep's few sizes), when the build tree has them.
top=$(cd "$here/.." && pwd)
bt=$(cd "$(dirname "$G")/.." && pwd)
if [ -z "${SKIP_SUITES:-}" ] && [ -x "$bt/tests/cli/convref" ]; then
    if GFFTPIPE=$G TOP_BUILDDIR=$bt TOP_SRCDIR=$top sh "$top/tests/cli/convolve.sh" \
            >"$dir/cli.log" 2>&1; then
        say "ok: tests/cli/convolve.sh: $(tail -1 "$dir/cli.log")"
    else
        bad "tests/cli/convolve.sh: $(grep -c '^FAIL' "$dir/cli.log") failed:"
        grep -A3 '^FAIL' "$dir/cli.log" | head -40 | tee -a "$log"
    fi
    if ! grep -q "^ok - gpu:" "$dir/cli.log"; then
        if [ "$eng" = gpu ]; then bad "tests/cli/convolve.sh ran no gpu case"
        else say "  (no gpu cases ran: no usable GPU here)"; fi
    fi
    [ -n "${OUT:-}" ] && cp "$dir/cli.log" "$OUT/convolve-cli.log"
fi
if [ -z "${SKIP_SUITES:-}" ] && [ -x "$bt/tests/unit/test_engine_gpu" ]; then
    rc=0
    GFP_TEST_QUICK=1 "$bt/tests/unit/test_engine_gpu" >"$dir/unit.log" 2>&1 || rc=$?
    if [ $rc = 0 ]; then
        say "ok: test_engine_gpu (quick, filter plans included): $(tail -1 "$dir/unit.log")"
    elif [ $rc = 77 ] && [ "$eng" != gpu ]; then
        say "  (test_engine_gpu skipped: $(tail -1 "$dir/unit.log"))"
    else
        bad "test_engine_gpu (quick): $(grep -c 'FAIL\|failed' "$dir/unit.log") lines of failures"
        grep -i -B1 -A2 "fail" "$dir/unit.log" | head -40 | tee -a "$log"
    fi
    [ -n "${OUT:-}" ] && cp "$dir/unit.log" "$OUT/test_engine_gpu.log"
fi

# ---- correctness: GPU against CPU on a 20 s excerpt ---------------------------
"$S" head "$dir/in.wav" "$dir/ex.wav" 20
nx=$("$S" frames "$dir/ex.wav")
for ir in ir0 ir60 ir600; do
    L=$("$S" frames "$dir/$ir.wav")
    if ! "$G" convolve -v --engine $eng ${XOPTS:-} --subtype float "$dir/ex.wav" \
            "$dir/$ir.wav" "$dir/g.wav" 2>"$dir/v.txt"; then
        bad "$ir: --engine $eng failed: $(cat "$dir/v.txt")"
        continue
    fi
    say "  $(grep FFT "$dir/v.txt" | sed 's/^gfftpipe: //')"
    grep -q "fused" "$dir/v.txt" || bad "$ir: -v does not say the multiply ran fused in the engine"
    "$G" convolve -q --engine cpu --threads "$(nproc)" --subtype float \
        "$dir/ex.wav" "$dir/$ir.wav" "$dir/c.wav"
    r=$("$S" cmp "$dir/c.wav" "$dir/g.wav") || { bad "$ir: $r"; continue; }
    e=$(echo "$r" | awk '{print $NF}')
    want=$((nx + L - 1))
    got=$("$S" frames "$dir/g.wav")
    [ "$got" = "$want" ] || bad "$ir: full: $got frames, want $want"
    if awk -v e="$e" -v t="$tol" 'BEGIN { exit !(e <= t) }'; then
        say "ok: $ir ($L taps): gpu against cpu, $r"
    else
        bad "$ir ($L taps): gpu against cpu: $r (tolerance $tol)"
    fi
    "$G" convolve -q --engine $eng --mode same --subtype float "$dir/ex.wav" \
        "$dir/$ir.wav" "$dir/gs.wav"
    got=$("$S" frames "$dir/gs.wav")
    [ "$got" = "$nx" ] && say "ok: $ir: --mode same: $got frames" \
        || bad "$ir: --mode same: $got frames, want $nx"
done
rm -f "$dir/g.wav" "$dir/gs.wav" "$dir/c.wav"

# ---- timings ------------------------------------------------------------------
nin=$("$S" frames "$dir/in.wav")
for ir in ir60 ir600; do
    L=$("$S" frames "$dir/$ir.wav")
    r=0 tb="" tg=""
    while [ $r -lt "$runs" ]; do
        r=$((r + 1))
        t0=$(now)
        "$S" copy "$dir/in.wav" "$dir/base.wav" $((L - 1))
        b=$(el $t0 $(now))
        rm -f "$dir/base.wav"
        t0=$(now)
        if ! "$G" convolve -q -v --engine $eng "$dir/in.wav" "$dir/$ir.wav" \
                "$dir/out.wav" 2>"$dir/err.txt"; then
            bad "$ir: the timed run failed: $(cat "$dir/err.txt")"
            break
        fi
        g=$(el $t0 $(now))
        got=$("$S" frames "$dir/out.wav")
        [ "$got" = $((nin + L - 1)) ] || bad "$ir: $got frames out, want $((nin + L - 1))"
        rm -f "$dir/out.wav"
        say "run $r, $((L / rate)) s response: libsndfile decode+encode $b s, gfftpipe --engine $eng $g s"
        # -v: where gfftpipe's time went (phases of the run, busy threads)
        grep "timings" "$dir/err.txt" | sed 's/^gfftpipe: convolve: /  /' | tee -a "$log" || true
        tb="$tb $b" tg="$tg $g"
    done
    eval "tb_$ir=\"$tb\" tg_$ir=\"$tg\" secs_$ir=$((L / rate))"
done
"$G" convolve -v --engine $eng "$dir/ex.wav" "$dir/ir600.wav" /dev/null 2>&1 | grep FFT | sed 's/^/  /' | tee -a "$log" || true

best() { echo "$*" | tr ' ' '\n' | grep . | sort -g | head -1; }
say ""
say "response  decode+encode(s)  gfftpipe gpu(s)  ratio  target"
for ir in ir60 ir600; do
    eval "b=\$(best \$tb_$ir) g=\$(best \$tg_$ir) secs=\$secs_$ir"
    [ -n "$b" ] && [ -n "$g" ] || continue
    ratio=$(echo "$g $b" | awk '{ printf "%.2f", $1 / $2 }')
    say "$(printf '%6s s  %16s  %15s  %5s  <= 2' "$secs" "$b" "$g" "$ratio")"
done
say "(best of $runs runs each; $min min of 48 kHz stereo s16 in, pcm16 out)"
[ $fails -eq 0 ] || { say "$fails check(s) FAILED"; exit 1; }
say "all checks passed"
