#!/bin/sh
# bench/gpu/dev-v92.sh - stop 42, call 1: alts 77 and 78 (the first
# passes 512 .. 2048, and 4096, on 512-thread tkernel blocks) against the
# product (alt 0) on the A/B binary, C2C f32 at the sizes whose cuts
# have such a pass (2^21, 2^22, 2^23, 2^26, 2^27; ~1 GiB, median of 5)
# in two rounds, cuFFT's rows beside them; then under alt 77
# the cuts it may change (2^20 as 512 x 2048, 2^21 as 512 x 4096, 2^22 as
# 2048 x 2048, 2^26 and 2^27 at p = 512), R2C and C2R 2^23 and 2^27, the
# 2D C2C 4096^2 (alt 78 too), racecheck and memcheck on alt 77's passes, and ncu on
# its first passes (2^21, 2^26, 2^27). Alt 78 has since left the A/B
# build (now it runs the product). Pack: gfftpipe, the A/B binary
# (x/gfftpipe, built with -DGFP_FAST_AB) (pack2). Run (device tool):
# carry [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT sh bench/gpu/dev-v92.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
: > $L/ab.txt; : > $L/l2.txt; : > $L/cut.txt; : > $L/route.txt; : > $L/v2d.txt; : > $L/san.txt
S=2097152,4194304,8388608,67108864,134217728
for r in 1 2; do
  for a in 0 77; do ab c$a-$r c2c $S $a; done
  echo "[ab round $r: $(( $(date +%s) - t0 )) s]"
done
bl cufft cufft $S
echo "[cufft: $(( $(date +%s) - t0 )) s]"
# other cuts under alt 77 (routes logged)
G0=$G; G=$A; TRY_LEFT=400
try 20-512 gpu 1048576 GFP_FAST_ALT=77 GFP_GPU_4S_N1=512
try 21-512 gpu 2097152 GFP_FAST_ALT=77 GFP_GPU_4S_N1=512
try 22-2048 gpu 4194304 GFP_FAST_ALT=77 GFP_GPU_4S_N1=2048
try 26-p512 gpu 67108864 GFP_FAST_ALT=77 GFP_GPU_4S3_N1=256
try 27-p512 gpu 134217728 GFP_FAST_ALT=77 GFP_GPU_4S3_N1=512
G=$G0
echo "[cuts: $(( $(date +%s) - t0 )) s]"
for k in r2c c2r; do
  for a in 0 77; do left 400 && ab $k$a $k 8388608,134217728 $a; done
done
echo "[r2c c2r: $(( $(date +%s) - t0 )) s]"
BIN=$A
for a in 0 77 78; do left 450 && b2k a$a c2c 4096x4096 gpu GFP_FAST_ALT=$a; done
left 440 && san_bench a77 $A c2c 2097152,8388608 GFP_FAST_ALT=77
B=$A M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread
NCU_T=60 PROF_LEFT=530
prof 21-77 gpu 2097152 256Mi GFP_FAST_ALT=77
prof 26-77 gpu 67108864 512Mi GFP_FAST_ALT=77
prof 27-77 gpu 134217728 1Gi GFP_FAST_ALT=77
echo "[end: $(( $(date +%s) - t0 )) s]"
ncu_sum
cat $L/san.txt $L/v2d.txt $L/route.txt $L/cut.txt $L/l2.txt $L/ab.txt
pack_logs
