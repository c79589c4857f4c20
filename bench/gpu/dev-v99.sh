#!/bin/sh
# bench/gpu/dev-v99.sh - stop 44, call 1: the first H100 lent since stop
# 26. The final tree of stop 43 as it stands: the GPU suites quick
# (test_gpu_large with memcheck, test_engine_gpu, test_gpu_2d,
# t_colsplit) and t_pow2 in full; then issue 4's C2C f32 rows against
# cuFFT (2^14 .. 2^27 and the awkward lengths, ~1 GiB batched, median of
# 5, one bench run) and issue 7's 2D rows (C2C f32 4096^2 and 16384^2,
# R2C f32 1920x1080 and 3840x2160, against cuFFT's 2D plans); racecheck
# and memcheck on bench runs where time is left. Pack: gfftpipe,
# tests/unit/test_gpu_large, test_engine_gpu, test_gpu_2d,
# tests/cli/fft2ref (pack1). Run
# (device tool): carry [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v99.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/san.txt; : > $L/v2d.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm,power.limit,temperature.gpu --format=csv > $L/smi.txt 2>&1
suites_at_once
tests_only test_gpu_large t_pow2
wait
echo "[tests: $(( $(date +%s) - t0 )) s]"
DEADLINE=${DEADLINE:-470}
AWK=4093,4241,7727,33728,45045,100000
i4_rows 260 c2c:f32:134217728
for s in 4096x4096 16384x16384; do left 500 && b2k p c2c $s gpu,cufft; done
for s in 1920x1080 3840x2160; do left 520 && b2k p r2c $s gpu,cufft; done
echo "[bench: $(( $(date +%s) - t0 )) s]"
left 540 && san_bench p $G c2c 16384,65536,4093,2097152
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/smi.txt
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d t_colsplit t_pow2; do [ -f $L/$t.log ] && sum $t; done
cat $L/san.txt $L/v2d.txt
bench_rows i4-c2cf32
pack_logs
