#!/bin/sh
# bench/gpu/dev-v19.sh - after the review's refactors (split twiddles from
# one host helper, the R2C split step as r2c_bin): the GPU suites (quick)
# and kbench check on the R2C and 16384 paths, one call.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_gpu_2d tests/unit/test_gpu_large \
#         tests/unit/test_engine_gpu $PWD/bench/gpu/build/ab/kbench
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v19.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
U=$PWD/build/tests/unit; K=build/x/kbench
nvidia-smi -L
for t in test_gpu_2d test_gpu_large test_engine_gpu; do
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/$t > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log) &
done
wait
for t in test_gpu_2d test_gpu_large test_engine_gpu; do
  echo "$t: $(grep -A3 'Run Summary' $L/$t.log | grep asserts | tr -s ' ') $(tail -1 $L/$t.log)"
  grep -E '^ +[0-9]+\. ' $L/$t.log | head -3
done
echo "kbench check: $(timeout 120 $K check --sizes 64,1000,4096,8192,16384 2>&1 | tail -1)"
