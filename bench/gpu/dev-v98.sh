#!/bin/sh
# bench/gpu/dev-v98.sh - stop 43, call 3: the final tree. The GPU suites
# quick on the product build (test_gpu_large with memcheck,
# test_engine_gpu, test_gpu_2d, t_colsplit) and t_pow2 in full; then
# on the A/B binary the product (f32 first passes 512 .. 2048 factored
# from sincospif, tkernel's pointer steps) against alt 84 (the table a
# bin) and cuFFT, C2C f32 2^21, 2^22, 2^23, 2^26, 2^27 (~1 GiB, median
# of 5); R2C f32 2^27 product and alt 84; racecheck and memcheck on the
# product (C2C f32 2^21, 2^23, 2^27 as 2 MiB batches); alt 86 (128, 256,
# 4096 from sincospif a bin) at 2^20 and 2^27 where time is left. Pack:
# gfftpipe, tests/unit/test_gpu_large, test_engine_gpu, test_gpu_2d,
# the A/B binary (x/gfftpipe) (pack3). Run (device tool): carry
# [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v98.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/san.txt; : > $L/l2.txt
suites_at_once
tests_only test_gpu_large t_pow2
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
S=2097152,4194304,8388608,67108864,134217728
ab p0 c2c $S 0
G0=$G; G=$A; bl cufft cufft $S; G=$G0
left 300 && ab p84 c2c $S 84
echo "[ab: $(( $(date +%s) - t0 )) s]"
left 320 && ab r0 r2c 134217728 0
left 330 && ab r84 r2c 134217728 84
left 340 && san_bench p0 $A c2c 2097152,8388608,134217728
left 380 && ab p86 c2c 1048576,134217728 86
left 400 && ab p0b c2c 1048576 0
echo "[end: $(( $(date +%s) - t0 )) s]"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do [ -f $L/$t.log ] && sum $t; done
cat $L/san.txt $L/l2.txt $L/ab.txt
pack_logs
