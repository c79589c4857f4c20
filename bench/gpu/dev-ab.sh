#!/bin/sh
# A/B timing of two kbench builds (build/kbench, build/B/kbench) on the
# sizes that differ; then check+fused+memcheck on the build named by $CHK.
cd "$(dirname "$0")"; OUT=${OUT:-out}; mkdir -p "$OUT"
nvidia-smi -L
for v in A B; do
  K=build/kbench; [ $v = B ] && K=build/B/kbench
  $K bench --kinds c2c --prec f32 --sizes ${S32:-16,32,64,128,256,8192,1000,2187,3125,2401,2197,3000,4095} > $OUT/$v-c2c32.log 2>&1
  $K bench --kinds r2c --prec f32 --sizes ${SR:-64,128,256,512,4096,8192} > $OUT/$v-r2c32.log 2>&1
  $K bench --kinds c2c --prec f64 --sizes ${S64:-8,16,32,64,128,4096} > $OUT/$v-c2c64.log 2>&1
done
for v in A B; do echo "== $v"; for f in $OUT/$v-*.log; do sed -n '/== summary/,$p' $f | grep -v '^kind\|summary\|GB/s ='; done; done
K=build/kbench; [ "${CHK:-A}" = B ] && K=build/B/kbench
t0=$(date +%s); $K check --max ${MAXN:-8192} > $OUT/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - t0 ))s: $(tail -1 $OUT/check.log)"
$K fused > $OUT/fused.log 2>&1; echo "fused rc=$? $(tail -1 $OUT/fused.log)"
compute-sanitizer --tool memcheck --error-exitcode 9 $K sanitize > $OUT/san-memcheck.log 2>&1; echo "memcheck rc=$? $(grep 'ERROR SUMMARY' $OUT/san-memcheck.log)"
[ -n "$RACE" ] && { compute-sanitizer --tool racecheck --error-exitcode 9 $K sanitize > $OUT/san-racecheck.log 2>&1; echo "racecheck rc=$? $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' $OUT/san-racecheck.log | tail -1)"; }
