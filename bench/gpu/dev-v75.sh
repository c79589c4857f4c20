#!/bin/sh
# bench/gpu/dev-v75.sh - stop 38, call 1: C2C f32 16384 on the split
# exchange (skernel, half the shared memory of a frame), as cuFFT's
# kernel has it (1024 threads of 16 values): A/B alts 12 (16,16,16,4), 13
# (4,16,16,16), 14 (8,8,16,16), 15 (512 x 32: 32,32,16, one block an SM),
# 16 (16,4,16,16), 17 (12 with streaming access) against the
# product (pkernel, persistent 512 x 32): sanitized bench runs, cuFFT, two
# A/B rounds, then the 2D 16384^2 (its rows are this kernel) at the
# product and at round 1's fastest alternative. Pack: the A/B build's
# gfftpipe as src/gfftpipe (pack1). Run (device tool): carry
# [".devpack/pack1.tar.xz"], command
# PACK=.devpack/pack1.tar.xz OUT=$OUT sh bench/gpu/dev-v75.sh
. bench/gpu/dev-common.sh
A=$G
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
: > $L/san.txt
for a in 12 15; do san_bench c$a $G c2c 16384 GFP_FAST_ALT=$a; done
echo "[san: $(( $(date +%s) - t0 )) s]"
timeout 60 $G bench -q --reps 5 --kind c2c --precision f32 --sizes 8192,16384 --engines gpu,cufft > $L/c2c-cufft.log 2>&1
: > $L/ab.txt
for round in 1 2; do
  for a in 0 12 13 14 15 16 17; do left 240 && ab c$a-$round c2c 16384 $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
best=$(awk '$1 ~ /-1$/ {l = $1; sub(/^c/, "", l); sub(/-1$/, "", l); print l, $4}' $L/ab.txt | sort -k2 -gr | head -1 | cut -d' ' -f1)
echo "best of round 1: alt $best"
: > $L/v2d.txt
left 300 && b2d a0 16384x16384 gpu,cufft GFP_FAST_ALT=0
[ "${best:-0}" != 0 ] && left 420 && b2d a$best 16384x16384 gpu GFP_FAST_ALT=$best
echo "[2d: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt
bench_rows c2c-cufft
cat $L/ab.txt
cat $L/v2d.txt
pack_logs
