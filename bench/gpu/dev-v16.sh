#!/bin/sh
# bench/gpu/dev-v16.sh - R2C f32 16384 in one block (nf 8192 through
# fast_fits): test_gpu_large (quick), kbench check on 16384 with memcheck
# and racecheck, then gfftpipe bench of C2C and R2C f32 16384 against cuFFT.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_gpu_large $PWD/bench/gpu/build/ab/kbench
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v16.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe; K=build/x/kbench
nvidia-smi -L
(cd build && GFP_TEST_QUICK=1 timeout 200 ./tests/unit/test_gpu_large) > $L/tgl.log 2>&1
echo "test_gpu_large quick: $(grep -A3 'Run Summary' $L/tgl.log | grep asserts | tr -s ' ')"
grep -E '^ +[0-9]+\. ' $L/tgl.log | head -4
echo "kbench check 16384: $(timeout 60 $K check --sizes 16384 2>&1 | tail -1)"
echo "racecheck: $(timeout 150 compute-sanitizer --tool racecheck $K check --sizes 16384 2>&1 | grep -E 'RACECHECK SUMMARY' | tail -1)"
echo "memcheck: $(timeout 150 compute-sanitizer --tool memcheck $K check --sizes 16384 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)"
timeout 100 $G bench --engines gpu,cufft --kind c2c,r2c --precision f32 --sizes 8192,16384 > $L/b16.log 2>&1
cat $L/b16.log
