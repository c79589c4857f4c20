#!/bin/sh
# bench/gpu/dev-v100.sh - stop 44, calls 3-6 on the H100 left warm by
# call 2, as they ran (each was typed inline with this PHASE's lines;
# pack2): issue 4's R2C f32 rows (r2c: 2^14 .. 2^27 and the awkward
# lengths) and Z2Z f64 rows (f64: 2^14 .. 2^26 and the awkward lengths)
# against cuFFT, ~1 GiB batched, median of 5, one bench run each; then
# the cuts of C2C f32 2^24 (cut24: nested 256 x 256 x 256, the default
# then, against the four-step 4096 x 4096, GFP_GPU_4S3=0; R2C 2^24 the
# same way) and again with 2^25 (cut25), each run's route in
# $L/route.txt. Stop 43's alt 86, which this script had too before it
# ran, is dev-v103.sh's. Run (device tool): carry
# [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT PHASE=r2c sh bench/gpu/dev-v100.sh
# (PHASE r2c, f64, cut24 or cut25; all of them by default)
. bench/gpu/dev-common.sh
t0=$(date +%s)
AWK=4093,4241,7727,33728,45045,100000
ph r2c && { DEADLINE=245; i4_rows 245 r2c:f32:134217728; bench_rows i4-r2cf32; }
ph f64 && { t0=$(date +%s); DEADLINE=165; i4_rows 165 c2c:f64:67108864; bench_rows i4-c2cf64; }
: > $L/cut.txt; : > $L/route.txt
if ph cut24; then
  try 24-def gpu 16777216; try 24-4s gpu 16777216 GFP_GPU_4S3=0
  K=r2c try r24-def gpu 16777216; K=r2c try r24-4s gpu 16777216 GFP_GPU_4S3=0
fi
if ph cut25; then
  try 24-4s-2 gpu 16777216 GFP_GPU_4S3=0; try 24-def-2 gpu 16777216
  try 25-def gpu 33554432; try 25-4s gpu 33554432 GFP_GPU_4S3=0
fi
cut -c1-200 $L/route.txt
cat $L/cut.txt
pack_logs
