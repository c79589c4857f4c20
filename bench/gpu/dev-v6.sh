#!/bin/sh
# bench/gpu/dev-v6.sh - one GPU-machine call for the Z2Z f64 8192 one-block
# kernel (v6) and issue 8's sanitizer and fuzzing runs. Run from the
# repository root with .devpack/pack.tar.xz made by bench/gpu/pack.sh
# (gfftpipe, the GPU unit tests, kbench built with -DGFP_FAST_AB, and the
# libFuzzer targets under x/). PHASE (env) picks the parts, in order:
#   fuzz    start the four fuzz targets in the background (FUZZ_T seconds,
#           FUZZ_J="argv:6 framer:1 sndfile:1 png:1" workers each)
#   ab      kbench A/B of the f64 8192 alternatives, then kbench check
#   pbench  gfftpipe bench: powers of two 8..8192 (c2c, r2c, f32, f64) and
#           the smooth sizes, against cuFFT
#   suite   the GPU suite, 4 shards in parallel, with compute-sanitizer
#           memcheck/racecheck/initcheck (GFP_TEST_QUICK=1) beside it
# Logs under $OUT; short tables last.
set -u
OUT=${OUT:-out}; mkdir -p "$OUT"
P=/tmp/p
mkdir -p $P && tar -xJf .devpack/pack.tar.xz -C $P || exit 1
export LD_LIBRARY_PATH=$P/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-fuzz ab pbench suite}
top=$PWD
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  fuzz)
    for tj in ${FUZZ_J:-argv:6 framer:1 sndfile:1 png:1}; do
      t=${tj%:*}; j=${tj#*:}
      mkdir -p /tmp/fz/$t /tmp/fz/run-$t
      cp tests/fuzz/corpus/$t/* /tmp/fz/$t/
      x=
      [ $t = sndfile ] && x="-close_fd_mask=2 -max_len=8192"
      [ $t = framer ] && x="-max_len=16384"
      (cd /tmp/fz/run-$t && LSAN_OPTIONS=suppressions=$top/tests/lsan.supp \
        nice $P/x/fuzz-$t -max_total_time=${FUZZ_T:-400} -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -jobs=$j -workers=$j $x -artifact_prefix=/tmp/fz/$t- /tmp/fz/$t \
        > $OUT/fuzz-$t-main.log 2>&1 &)
    done
    ;;
  ab)
    timeout 120 $P/x/kbench bench --kinds c2c --prec f64 --sizes 4096,8192 --alts ${ALT64:-0,1,2,3,4} --csv $OUT/ab64.csv > $OUT/ab64.log 2>&1
    echo "ab64 rc=$?"
    for a in ${CHKALT:-0 1 2 3 4}; do
      GFP_FAST_ALT=$a timeout 60 $P/x/kbench check --sizes 8192,4096,1000 > $OUT/check-alt$a.log 2>&1
      echo "check alt $a rc=$? $(tail -1 $OUT/check-alt$a.log)"; grep FAIL $OUT/check-alt$a.log | head -5
    done
    ;;
  pbench)
    $P/src/gfftpipe bench --engines gpu,cufft --kind c2c,r2c --precision f32,f64 --sizes 8..8192 > $OUT/pbench-pow2.txt 2>&1
    echo "pbench pow2 rc=$?"
    $P/src/gfftpipe bench --engines gpu,cufft --kind c2c --precision f32,f64 --sizes 1000,2187,3125,2401,1331,2197,3000,4095 > $OUT/pbench-smooth.txt 2>&1
    echo "pbench smooth rc=$?"
    ;;
  suite)
    for i in 0 1 2 3; do
      GFP_TEST_SHARD=$i/4 timeout ${SUITE_T:-280} $P/tests/unit/test_engine_gpu > $OUT/suite-$i.log 2>&1 &
    done
    for t in memcheck racecheck initcheck; do
      GFP_TEST_QUICK=1 timeout ${SAN_T:-280} compute-sanitizer --tool $t --error-exitcode 9 $P/tests/unit/test_engine_gpu > $OUT/san-$t-engine.log 2>&1 &
    done
    GFP_TEST_QUICK=1 timeout ${SAN_T:-280} compute-sanitizer --tool initcheck --error-exitcode 9 $P/tests/unit/test_gpu_large > $OUT/san-initcheck-large.log 2>&1 &
    wait
    for i in 0 1 2 3; do echo "suite shard $i: $(grep -E '^(PASS|FAIL):' $OUT/suite-$i.log | tr '\n' ' ')"; done
    for f in $OUT/san-*.log; do echo "$(basename $f): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) $(grep -E '^(PASS|FAIL):' $f | tr '\n' ' ')"; done
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
# the fuzzers: wait for them (they stop at FUZZ_T), then sum their executions
case " $PHASE " in *" fuzz "*)
  while pgrep -f "$P/x/fuzz-" > /dev/null; do sleep 5; done
  for t in argv framer sndfile png; do
    [ -d /tmp/fz/run-$t ] || continue
    cp /tmp/fz/run-$t/fuzz-0.log $OUT/fuzz-$t-job0.log 2>/dev/null
    ex=$(cat /tmp/fz/run-$t/fuzz-*.log 2>/dev/null | awk '/stat::number_of_executed_units/{s+=$2} END{print s+0}')
    rss=$(cat /tmp/fz/run-$t/fuzz-*.log 2>/dev/null | awk '/stat::peak_rss_mb/{if($2>m)m=$2} END{print m+0}')
    crashes=$(ls /tmp/fz/$t-* 2>/dev/null | wc -l)
    echo "fuzz $t: $ex executions, peak rss $rss MB, $crashes artifacts $(ls /tmp/fz/$t-* 2>/dev/null | head -3 | tr '\n' ' ')"
  done
  tar -czf $OUT/fuzz-artifacts.tgz /tmp/fz/*-crash-* /tmp/fz/*-timeout-* /tmp/fz/*-oom-* /tmp/fz/*-leak-* 2>/dev/null
  ;;
esac
for f in $OUT/pbench-pow2.txt $OUT/pbench-smooth.txt; do [ -f $f ] && grep -E 'f64.*8192|f64.*4096' $f | head -6; done
[ -f $OUT/ab64.log ] && sed -n '/== summary/,$p' $OUT/ab64.log | grep -v "summary\|GB/s =" | head -20
