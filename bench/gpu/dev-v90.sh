#!/bin/sh
# bench/gpu/dev-v90.sh - stop 40, call 4: the nested p = 256 cut as the
# default for R2C and C2R f32 too (their half from 2^25): R2C and C2R
# 2^26 and 2^27 on the new default against the old cut (GFP_GPU_4S3_N1:
# 128 at 2^26, 256 at 2^27), routes logged. Pack: gfftpipe (pack10).
# Run (device tool): carry [".devpack/pack10.tar.xz"], command
# PACK=.devpack/pack10.tar.xz OUT=$OUT sh bench/gpu/dev-v90.sh
. bench/gpu/dev-common.sh
t0=$(date +%s)
: > $L/cut.txt; : > $L/route.txt; TRY_LEFT=260
for K in r2c c2r; do
  try $K-26-def gpu 67108864
  try $K-26-old gpu 67108864 GFP_GPU_4S3_N1=128
  try $K-27-def gpu 134217728
  try $K-27-old gpu 134217728 GFP_GPU_4S3_N1=256
done
echo "[1d: $(( $(date +%s) - t0 )) s]"
cat $L/cut.txt $L/route.txt
pack_logs
