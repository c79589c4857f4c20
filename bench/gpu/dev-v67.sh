#!/bin/sh
# bench/gpu/dev-v67.sh - stop 36: dev-v65.sh and dev-v66.sh in one call
# (a machine start cost 11 minutes of device time for nothing; what is
# left fits one call): the suites on the tree with C2C f32 8192 on the
# split exchange and stop 35's nested defaults (t_nested, t_pow2 in full,
# test_gpu_large quick with memcheck, test_engine_gpu and test_gpu_2d
# quick, t_colsplit in full), sanitized bench runs of C2C 8192, the A/B
# forms of dev-v66.sh, one bench round of the nested defaults against
# cuFFT, then the small sizes and 2D 8192^2. Each later part is skipped
# once 540 s have gone. Pack: dev-v66.sh's. Run (device tool): carry
# [".devpack/pack2.tar.xz"], command PACK=.devpack/pack2.tar.xz OUT=$OUT
# sh bench/gpu/dev-v67.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-540} ]; }
tests_only test_gpu_large t_nested t_pow2
(cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
(cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
    $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
(cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_engine_gpu > $L/test_engine_gpu.log 2>&1; echo "rc=$?" >> $L/test_engine_gpu.log) &
(cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
tests_only test_gpu_2d t_colsplit
wait
: > $L/san.txt
san_bench c2c $G c2c 8192
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
ab c0-1 c2c 8192 0
ab c40-1 c2c 8192 40
for a in 42 53 55 56; do left 400 && ab c$a c2c 8192 $a; done
ab c0-2 c2c 8192 0
ab c40-2 c2c 8192 40
left 420 && ab f0 c2c 4096 0
for a in 84 85 86; do left 420 && ab f$a c2c 4096 $a; done
left 440 && ab r0 r2c 16384 0
for a in 80 81 82; do left 440 && ab r$a r2c 16384 $a; done
echo "[ab: $(( $(date +%s) - t0 )) s]"
left 480 && timeout 60 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 4096,8192,16384 --engines gpu,cufft > $L/c2c-small.log 2>&1
: > $L/l2.txt
left 430 && P=f64 bl f64-r1 gpu,cufft 8388608,16777216,33554432 GFP_GPU_LARGE_DEBUG=1
left 470 && P=f32 bl f32-r1 gpu,cufft 16777216,33554432 GFP_GPU_LARGE_DEBUG=1
: > $L/v2d.txt
left 520 && b2d prod 8192x8192 gpu,cufft
left 540 && BIN=$A b2d alt40 8192x8192 gpu GFP_FAST_ALT=40
echo "[bench: $(( $(date +%s) - t0 )) s]"
for t in t_nested t_pow2 test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit; do sum $t; done
cat $L/san.txt
cat $L/ab.txt
bench_rows c2c-small
cat $L/v2d.txt
grep -h "nested\|four-step" $L/l2-*.log 2>/dev/null | sort | uniq -c | cut -c1-160
cat $L/l2.txt
pack_logs
