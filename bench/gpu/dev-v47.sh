#!/bin/sh
# bench/gpu/dev-v47.sh - stop 31's third call: R2C of odd lengths two real
# frames a complex FFT (gfp_gpu_large.cu's gpair) against a frame each
# (GFP_GPU_NOPAIR=1) and cuFFT, f32 and f64 at 16875, 45045, 59049;
# C2C f32 32768 and C2R 65536 by the new device rule (the four-step on
# a memory peak >= 3.8 TB/s) against the cluster kernel (GFP_GPU_1CL=1);
# the routes taken; then the GPU suites (route_checks: test_gpu_large
# quick with t_chunks, t_cluster_1d and t_pairs, and memcheck on it,
# test_engine_gpu, test_gpu_2d, gpu-faults, fft2-gpu.sh, t_colsplit) and
# t_pairs in full.
# Pack: bench/gpu/pack.sh of gfftpipe and the GPU test binaries. Run
# (device tool): carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v47.sh
PHASE=${PHASE:-pr chk}
. bench/gpu/dev-common.sh
t0=$(date +%s)
BL=pr
if ph pr; then
  : > $L/pr.txt
  nvidia-smi --query-gpu=name,clocks.max.memory,memory.total --format=csv > $L/smi.txt 2>&1
  for pr in f32 f64; do
    K=r2c P=$pr bl pair-$pr gpu,cufft 16875,45045,59049
    K=r2c P=$pr bl nopair-$pr gpu 16875,45045,59049 GFP_GPU_NOPAIR=1
  done
  bl c32k gpu,cufft 32768
  bl c32k-1cl gpu 32768 GFP_GPU_1CL=1
  K=c2r bl c2r64k gpu,cufft 65536
  K=c2r bl c2r64k-1cl gpu 65536 GFP_GPU_1CL=1
  for a in "--kind r2c --sizes 45045" "--sizes 32768" "--kind c2r --sizes 65536"; do
    GFP_GPU_LARGE_DEBUG=1 timeout 30 $G bench -q --reps 1 --warmup 0 --engines gpu $a 2>&1 | grep gfp_large | head -1
  done > $L/desc.txt
  echo "[pr: $(( $(date +%s) - t0 )) s]"
fi
if ph chk; then
  route_checks
  (cd build && GFP_TEST_ONLY=t_pairs timeout 120 $U/test_gpu_large > $L/pairs.log 2>&1; echo "rc=$?" >> $L/pairs.log)
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults colsplit pairs; do [ -f $L/$t.log ] && sum $t; done
grep -hE "four-step in chunks|cluster kernel and without|two frames a transform:" $L/test_gpu_large.log $L/pairs.log 2>/dev/null | cut -c1-220
tail -n 2 $L/fft2-gpu.log 2>/dev/null
cat $L/smi.txt $L/desc.txt 2>/dev/null
echo "== bench (label engine kind prec n GB/s x-cufft err)"; sort -s -k3,3 -k4,4 -k5,5n $L/pr.txt 2>/dev/null
pack_logs
