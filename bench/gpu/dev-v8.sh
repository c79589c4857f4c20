#!/bin/sh
# bench/gpu/dev-v8.sh - one GPU-machine call over the merged tree (issue 6
# conv-speed, issue 7 hybrid-speed): the GPU unit suites (quick) with
# test_hybrid, an experiment on the cufft engine's submit_t under memcheck
# (lazy vs eager module loading), bench/convolve-gpu.sh and
# bench/hybrid-sweep.sh. Needs .devpack/pack.tar.xz (bench/gpu/pack.sh of
# build/: src/gfftpipe, bench/sftool, the unit tests, tests/cli/convref and
# fft2ref). PHASE picks the parts; logs in $OUT/logs.tgz.
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-tests conv hyb}
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  tests)
    (cd build && GFP_TEST_QUICK=1 CUDA_MODULE_LOADING=EAGER timeout 150 compute-sanitizer --tool memcheck \
       ./tests/unit/test_engine_gpu > "$L/mc-eager.log" 2>&1) &
    (cd build && GFP_TEST_QUICK=1 timeout 150 ./tests/unit/test_engine_gpu) > $L/teg.log 2>&1
    echo "test_engine_gpu quick rc=$? $(grep -A3 'Run Summary' $L/teg.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/teg.log | head -8
    (cd build && timeout 120 ./tests/unit/test_hybrid) > $L/thyb.log 2>&1
    echo "test_hybrid rc=$? $(grep -A3 'Run Summary' $L/thyb.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/thyb.log | head -8
    (cd build && GFP_TEST_QUICK=1 timeout 120 ./tests/unit/test_gpu_large) > $L/tgl.log 2>&1
    echo "test_gpu_large quick rc=$? $(grep -A3 'Run Summary' $L/tgl.log | grep asserts | tr -s ' ')"
    wait
    echo "memcheck, eager loading: $(grep 'ERROR SUMMARY' $L/mc-eager.log) $(grep -A3 'Run Summary' $L/mc-eager.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/mc-eager.log | head -4
    ;;
  conv)
    OUT=$L/conv GFFTPIPE=build/src/gfftpipe SFTOOL=build/bench/sftool RUNS=${RUNS:-2} \
      timeout ${CONV_T:-300} sh bench/convolve-gpu.sh > $L/conv.log 2>&1
    echo "convolve-gpu rc=$?"; grep -E '^ok|FAIL' $L/conv.log | head -12; tail -14 $L/conv.log
    grep -h "convolve: .*s" $L/conv/convolve-gpu.log 2>/dev/null | grep -i "wait\|submit\|loop" | tail -4
    ;;
  hyb)
    OUT=$L/hyb SIZES=${SIZES:-4096 8192} STEP=${STEP:-0.1} timeout ${HYB_T:-300} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
    echo "hybrid-sweep rc=$?"; tail -22 $L/hyb.log
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs && rm -rf $L
