#!/bin/sh
# bench/gpu/dev-v55.sh - stop 32's fifth call: C2R of odd lengths two real
# frames a complex FFT on the generic route (gpair): test_gpu_large's
# t_pairs in full (R2C and C2R), t_c2r and quick_suites' test_gpu_large
# quick with memcheck, then C2R f32 and Z2Z-precision C2R f64 of 16875,
# 45045, 59049 against cuFFT and against GFP_GPU_NOPAIR=1. Pack:
# gfftpipe and the GPU test binaries. Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v55.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
(cd build && GFP_TEST_ONLY=t_pairs timeout 150 $U/test_gpu_large > $L/t_pairs.log 2>&1; echo "rc=$?" >> $L/t_pairs.log) &
(cd build && GFP_TEST_QUICK=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 \
  $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
wait
echo "[chk: $(( $(date +%s) - t0 )) s]"
: > $L/c2r.txt
for p in f32 f64; do
  BL=c2r K=c2r P=$p bl pair gpu,cufft 16875,45045,59049 GFP_GPU_LARGE_DEBUG=1
  BL=c2r K=c2r P=$p bl nopair gpu 16875,45045,59049 GFP_GPU_NOPAIR=1
done
echo "[bench: $(( $(date +%s) - t0 )) s]"
for t in t_pairs test_gpu_large-memcheck; do sum $t; done
echo "== C2R of odd lengths (nopair: GFP_GPU_NOPAIR=1)"; cat $L/c2r.txt
grep -h -o 'gfp_large: .*' $L/c2r-pair.log | sort -u | cut -c1-160
pack_logs
