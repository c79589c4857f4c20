#!/bin/sh
# bench/gpu/dev-v116.sh - stop 47, call 2 (H100 kind): C2C f32 16384^2
# and 8192^2 with cf's pass B and the rows in chunks (GFP_GPU_2D_PIPE=K,
# K values of k1 a chunk; the rows of a chunk read what B has just written,
# from L2), against the default, two rounds; bench's own check against
# FFTW is each run's err column. First memcheck on bench --2d runs of
# 16384x4096 and 8192x4096 (GFP_GPU_2D_CF=1: cf at 64 x 64) through the
# chunks on both row kernels (pkernel, skernel). Pack: pack10 (pack.sh
# .devpack/pack10.tar.xz build src/gfftpipe tests/unit/test_gpu_large
# tests/unit/test_engine_gpu tests/unit/test_gpu_2d tests/cli/fft2ref).
# Run (device tool): carry [".devpack/pack10.tar.xz"], command
# PACK=.devpack/pack10.tar.xz OUT=$OUT sh bench/gpu/dev-v116.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/v2d.txt; : > $L/san.txt
for sz in 16384x4096 8192x4096; do
  env GFP_GPU_2D_CF=1 GFP_GPU_2D_PIPE=16 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 \
    $G bench -q --warmup 0 --reps 1 --bytes 2Mi --2d --kind c2c --precision f32 --sizes $sz \
    --engines gpu > $L/san-pipe-$sz.log 2>&1
  echo "pipe16 $sz memcheck rc=$? $(grep -E 'SUMMARY' $L/san-pipe-$sz.log | head -1) $(awk '/^gpu/ {printf "err %s", $9}' $L/san-pipe-$sz.log)" >> $L/san.txt
done
echo "[san: $(( $(date +%s) - t0 )) s]"
for r in 1 2; do
  left 480 && b2d def-$r 16384x16384 gpu
  left 480 && b2d k2-$r 16384x16384 gpu GFP_GPU_2D_PIPE=2
  left 480 && b2d k1f1-$r 16384x16384 gpu GFP_GPU_2D_PIPE=1 GFP_GPU_2D_PIPE_F=1
  left 480 && b2d k2f1-$r 16384x16384 gpu GFP_GPU_2D_PIPE=2 GFP_GPU_2D_PIPE_F=1
  left 480 && b2d k2s-$r 16384x16384 gpu GFP_GPU_2D_PIPE=2 GFP_GPU_2D_PIPE_S=1
  left 480 && b2d k4-$r 16384x16384 gpu GFP_GPU_2D_PIPE=4
  left 480 && b2d k8f8-$r 16384x16384 gpu GFP_GPU_2D_PIPE=8 GFP_GPU_2D_PIPE_F=8
  [ $r = 1 ] && left 480 && b2d cufft-$r 16384x16384 cufft
done
echo "[16k: $(( $(date +%s) - t0 )) s]"
left 540 && b2d def 8192x8192 gpu,cufft
left 540 && b2d k4 8192x8192 gpu GFP_GPU_2D_PIPE=4
left 540 && b2d k2 8192x8192 gpu GFP_GPU_2D_PIPE=2
left 540 && b2d k8 8192x8192 gpu GFP_GPU_2D_PIPE=8
echo "[end: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt $L/v2d.txt
pack_logs
