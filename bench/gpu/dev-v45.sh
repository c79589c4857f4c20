#!/bin/sh
# bench/gpu/dev-v45.sh - stop 31's first call: the four-step's batch in
# L2-sized chunks (gfp_gpu_large.cu's l2_chunk, GFP_GPU_L2CHUNK KiB). The
# sweep: C2C f32 2^15 .. 2^22 at chunks of 0 (off: the whole batch a
# pass), 4096, 8192, 12800 (the default, a quarter of the H200's L2) and
# 25600 KiB, 2^15 through the four-step (GFP_GPU_1CL=0) and the cluster
# kernel, cuFFT once; then R2C f32 and Z2Z f64 at the default and off;
# then the GPU suites (route_checks, test_gpu_large quick with t_chunks).
# Pack: bench/gpu/pack.sh of gfftpipe and the GPU test binaries. Run
# (device tool): carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v45.sh
PHASE=${PHASE:-l2 l2b chk}
. bench/gpu/dev-common.sh
t0=$(date +%s)
if ph l2; then
  : > $L/l2.txt
  S=32768..4194304
  bl cufft cufft $S
  for c in 0 4096 8192 12800 25600; do bl c$c gpu $S GFP_GPU_L2CHUNK=$c GFP_GPU_1CL=0; done
  bl c12800-1cl gpu 32768 GFP_GPU_L2CHUNK=12800
  GFP_GPU_LARGE_DEBUG=1 timeout 30 $G bench -q --reps 1 --sizes 65536 --engines gpu 2>&1 | grep gfp_large | head -2 > $L/desc.txt
  echo "[l2: $(( $(date +%s) - t0 )) s]"
fi
if ph l2b; then
  for c in 0 12800; do
    K=r2c bl r2c-c$c gpu,cufft 65536..4194304 GFP_GPU_L2CHUNK=$c
    P=f64 bl z2z-c$c gpu,cufft 32768..2097152 GFP_GPU_L2CHUNK=$c
  done
  echo "[l2b: $(( $(date +%s) - t0 )) s]"
fi
if ph chk; then
  route_checks
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults colsplit; do [ -f $L/$t.log ] && sum $t; done
grep -E "four-step in chunks" $L/test_gpu_large.log | head -2
tail -n 2 $L/fft2-gpu.log 2>/dev/null
cat $L/desc.txt 2>/dev/null
echo "== bench (label engine kind prec n GB/s x-cufft err)"; sort -s -k4,4 -k5,5n $L/l2.txt 2>/dev/null
pack_logs
