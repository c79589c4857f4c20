#!/bin/sh
# bench/gpu/dev-merge.sh - one GPU-machine call over the merged tree: the
# GPU unit suites (quick), compute-sanitizer synccheck, the f64 8192 A/B,
# and the stage benchmarks (bench/spectrogram-gpu.sh, convolve-gpu.sh,
# hybrid-sweep.sh). Needs .devpack/pack.tar.xz (bench/gpu/pack.sh of build/
# with the test programs, sftool, sfdecode and kbench); unpacks it into
# build/. PHASE picks the parts; each is capped by `timeout`. Logs go to
# $OUT/logs.tgz (the call returns at most 8 files), summaries to stdout.
set -u
OUT=${OUT:-out}; L=$OUT/logs; mkdir -p "$L"
mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build || exit 1
ln -sfn build/lib .gpu-lib
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-tests ab spec conv}
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  tests)
    GFP_TEST_QUICK=1 timeout 150 compute-sanitizer --tool synccheck --error-exitcode 9 build/tests/unit/test_engine_gpu > $L/san-synccheck.log 2>&1 &
    (cd build && GFP_TEST_QUICK=1 timeout 120 ./tests/unit/test_engine_gpu) > $L/teg.log 2>&1
    echo "test_engine_gpu quick rc=$? $(grep -E '^(PASS|FAIL):' $L/teg.log)"; grep -E 'FAILED|CHECK.*fail|: error' $L/teg.log | head -8
    (cd build && timeout 120 ./tests/unit/test_hybrid) > $L/thyb.log 2>&1
    echo "test_hybrid rc=$? $(grep -E '^(PASS|FAIL):' $L/thyb.log)"
    wait
    echo "synccheck: $(grep 'ERROR SUMMARY' $L/san-synccheck.log | tail -1) $(grep -E '^(PASS|FAIL):' $L/san-synccheck.log)"
    ;;
  ab)
    timeout 60 build/x/kbench bench --kinds c2c --prec f64 --sizes 8192 --alts 0,1,2,3,4 > $L/ab64.log 2>&1
    sed -n '/== summary/,$p' $L/ab64.log | grep -v "summary\|GB/s ="
    ;;
  spec)
    OUT=$L/spec GFFTPIPE=build/src/gfftpipe SFDECODE=build/sfdecode SANITIZE=${SANITIZE:-1} RUNS=${RUNS:-3} \
      timeout ${SPEC_T:-170} sh bench/spectrogram-gpu.sh > $L/spec.log 2>&1
    echo "spectrogram-gpu rc=$?"; grep -E '^ok|FAIL|fail|identical' $L/spec.log | head -12; tail -22 $L/spec.log
    ;;
  conv)
    OUT=$L/conv timeout ${CONV_T:-240} sh bench/convolve-gpu.sh > $L/conv.log 2>&1
    echo "convolve-gpu rc=$?"; tail -25 $L/conv.log
    ;;
  hyb)
    OUT=$L/hyb SIZES=${SIZES:-4096 8192} timeout ${HYB_T:-420} sh bench/hybrid-sweep.sh > $L/hyb.log 2>&1
    echo "hybrid-sweep rc=$?"; tail -25 $L/hyb.log
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs && rm -rf $L
