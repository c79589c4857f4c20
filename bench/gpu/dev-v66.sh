#!/bin/sh
# bench/gpu/dev-v66.sh - stop 36's second call: C2C f32 8192 on the split
# exchange (skernel, 256 x 32, radices 32 16 16: stop 35's A/B alt 42) as
# the product, skernel with the 2D rows' remap. (1) The suites on the
# product: test_engine_gpu quick (n 8192), test_gpu_2d quick and
# t_colsplit in full (64 x 8192 and 1024 x 8192 rows after the columns'
# four-step, the remap), test_gpu_large quick with memcheck; racecheck
# and memcheck on bench runs of C2C 8192 and R2C 16384. (2) A/B, the A/B
# binary (x/gfftpipe): C2C 8192 the product (alt 0) against the old
# product (alt 40) twice, skernel's other cuts (53-57); C2C 4096 the
# product against skernel's (84-86); R2C 16384 (nf 8192) the product
# against skernel's (80-82). (3) bench against cuFFT: C2C 4096..16384,
# R2C 8192..32768; bench --2d C2C 8192^2 the product and alt 40.
# Pack: gfftpipe, tests/unit/test_gpu_large, test_engine_gpu,
# test_gpu_2d, and /work/main/build-ab/src/gfftpipe (x/gfftpipe). Run
# (device tool): carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v66.sh
# Not run: stop 36 ran its essentials in dev-v67.sh.
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
(cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
(cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
    $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
(cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_engine_gpu > $L/test_engine_gpu.log 2>&1; echo "rc=$?" >> $L/test_engine_gpu.log) &
(cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
tests_only test_gpu_2d t_colsplit
wait
: > $L/san.txt
san_bench c2c $G c2c 4096,8192
san_bench r2c $G r2c 16384
echo "[tests: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
ab c0-1 c2c 8192 0
ab c40-1 c2c 8192 40
for a in 42 53 54 55 56 57; do ab c$a c2c 8192 $a; done
ab c0-2 c2c 8192 0
ab c40-2 c2c 8192 40
ab f0 c2c 4096 0
for a in 84 85 86; do ab f$a c2c 4096 $a; done
ab r0 r2c 16384 0
for a in 80 81 82; do ab r$a r2c 16384 $a; done
ab r0-2 r2c 16384 0
echo "[ab: $(( $(date +%s) - t0 )) s]"
timeout 90 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 4096,8192,16384 --engines gpu,cufft > $L/c2c-small.log 2>&1
timeout 90 $G bench -q --reps 5 --kind r2c --precision f32 --sizes 8192,16384,32768 --engines gpu,cufft > $L/r2c-small.log 2>&1
: > $L/v2d.txt
b2d prod 8192x8192 gpu,cufft
BIN=$A b2d alt40 8192x8192 gpu GFP_FAST_ALT=40
BIN=$A b2d alt0 8192x8192 gpu
echo "[bench: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit; do sum $t; done
cat $L/san.txt
cat $L/ab.txt
bench_rows c2c-small r2c-small
cat $L/v2d.txt
pack_logs
