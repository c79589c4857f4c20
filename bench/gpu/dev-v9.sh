#!/bin/sh
# bench/gpu/dev-v9.sh - one GPU-machine call for issue 3's last per cent:
# the v7 shared layouts (bank model, bench/gpu/banks.py) against v4/v5's
# in kbench (alt 0 = v7, alt 5 = the old layout, same binary; f64 8192's
# radix orders as alts 1, 3, 4), then the product bench table, then
# correctness: kbench check, the GPU suite (quick) and compute-sanitizer
# memcheck + racecheck on kbench sanitize. Needs .devpack/pack.tar.xz
# (bench/gpu/pack.sh of build/ with src/gfftpipe, tests/unit/test_engine_gpu
# and bench/gpu/build/ab/kbench under x/). Logs in $OUT/logs.tgz.
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-ab bench check}
K=build/x/kbench; G=build/src/gfftpipe
nvidia-smi -L; git log --oneline -1 2>/dev/null
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  ab)
    # AB="kind prec sizes alts; ..." (default: the v7 layouts against the old)
    echo "${AB:-c2c f32 16,32,64,128,1000,1331,2187,2197,2401,3000,3125,4095 0,5;r2c f32 64,128,256 0,5;c2c f64 1000,1331,2187,2197,2401,3125,4095 0,5;c2c f64 8192 0,1,3,4}" |
      tr ';' '\n' | while read -r kind prec sizes alts; do
        [ -n "$kind" ] || continue
        $K bench --kinds $kind --prec $prec --sizes $sizes --alts $alts > $L/ab-$kind$prec-$sizes.log 2>&1
      done
    ;;
  ncu)
    # where f32 3000's time goes: one launch of its kernel under Nsight Compute
    ncu --launch-skip 3 --launch-count 1 -k regex:fkernel --section SpeedOfLight \
      --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats \
      --section LaunchStats $K bench --kinds c2c --prec f32 --sizes ${NCU_N:-3000} > $L/ncu.log 2>&1
    echo "ncu rc=$?"; grep -E "Memory Throughput|DRAM Throughput|L1/TEX Cache Throughput|Compute \(SM\)|Achieved Occupancy|Theoretical Occupancy|Registers Per|Stall|Duration|Bank" $L/ncu.log | head -30
    ;;
  bench)
    $G bench --engines gpu,cufft --kind c2c --precision f32,f64 --sizes 8..8192 > $L/b-c2c.log 2>&1
    $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes 64..8192 > $L/b-r2c.log 2>&1
    $G bench --engines gpu,cufft --kind c2c --precision f32,f64 \
      --sizes 1000,1331,2187,2197,2401,3000,3125,4095 > $L/b-smooth.log 2>&1
    ;;
  check)
    compute-sanitizer --tool memcheck --error-exitcode 9 $K sanitize > $L/san-memcheck.log 2>&1 &
    compute-sanitizer --tool racecheck --error-exitcode 9 $K sanitize > $L/san-racecheck.log 2>&1 &
    (cd build && GFP_TEST_QUICK=1 timeout 200 ./tests/unit/test_engine_gpu) > $L/teg.log 2>&1 &
    timeout 240 $K check --max ${MAXN:-8192} > $L/check.log 2>&1
    echo "kbench check rc=$?: $(tail -1 $L/check.log)"
    wait
    echo "test_engine_gpu quick: $(grep -A3 'Run Summary' $L/teg.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/teg.log | head -5
    for t in memcheck racecheck; do echo "$t: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/san-$t.log | tail -1) $(grep -c FAIL $L/san-$t.log) FAIL lines"; done
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs
echo "== A/B (alt 0 = v7 layout, 5 = old; f64 8192: 0 16888, 1 8 8 8 16, 3 8 16 8 8, 4 8 8 16 8)"
for f in $L/ab-*.log; do sed -n '/== summary/,$p' $f | grep -v '^kind\|summary\|GB/s =' | awk '{print $1,$2,$3,$4,$5,$6,$7}'; done
echo "== product bench"
for f in b-c2c b-r2c b-smooth; do grep -v '^#' $L/$f.log | grep -v '^cufft' ; done
rm -rf $L
