#!/bin/sh
# bench/gpu/dev-final.sh - the full device pass for a kernel version:
# bench (c2c + r2c, f32 + f64, powers of two and the smooth list) vs cuFFT,
# full check, fused, memcheck, racecheck. Logs to $OUT; summary last.
cd "$(dirname "$0")"; OUT=${OUT:-out}; mkdir -p "$OUT"
K=build/kbench
nvidia-smi -L
$K bench --kinds c2c,r2c --prec f32,f64 --sizes 8,16,32,64,128,256,512,1024,2048,4096,8192,1000,2187,3125,2401,1331,2197,3000,4095 --csv $OUT/bench.csv > $OUT/bench.log 2>&1
t0=$(date +%s); $K check --max ${MAXN:-16384} > $OUT/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - t0 ))s: $(tail -1 $OUT/check.log)"
grep -E "^FAIL|largest" $OUT/check.log | head
$K fused > $OUT/fused.log 2>&1; echo "fused rc=$? $(tail -1 $OUT/fused.log)"
for t in memcheck racecheck; do
  compute-sanitizer --tool $t --error-exitcode 9 $K sanitize > $OUT/san-$t.log 2>&1
  echo "$t rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san-$t.log | tail -1) $(tail -1 $OUT/san-$t.log | cut -c1-120)"
  tail -c 3000 $OUT/san-$t.log > $OUT/san-$t.tail; rm -f $OUT/san-$t.log
done
sed -n '/== summary/,$p' $OUT/bench.log
