#!/bin/sh
# bench/gpu/dev-v73.sh - stop 37, call 5: R2C f32 on the split exchange
# with the split in the last stage's registers (skernel with
# GFP_FAST_R2CD: alts 91 (32,16,16), 92 (16,32,16), 93 (91 with streaming
# access), 94 (91 at two blocks an SM) at nf 8192; 91 (128 x 16^3) at nf
# 4096) against the product: sanitized bench runs, cuFFT, two A/B rounds.
# Pack: the A/B build's gfftpipe as src/gfftpipe (pack6). Run (device
# tool): carry [".devpack/pack6.tar.xz"], command
# PACK=.devpack/pack6.tar.xz OUT=$OUT sh bench/gpu/dev-v73.sh
. bench/gpu/dev-common.sh
A=$G
t0=$(date +%s)
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
: > $L/san.txt
san_bench r91 $G r2c 8192,16384 GFP_FAST_ALT=91
san_bench r92 $G r2c 16384 GFP_FAST_ALT=92
san_bench r94 $G r2c 16384 GFP_FAST_ALT=94
echo "[san: $(( $(date +%s) - t0 )) s]"
timeout 60 $G bench -q --reps 5 --kind r2c --precision f32 --sizes 8192,16384 --engines gpu,cufft > $L/r2c-cufft.log 2>&1
: > $L/ab.txt
for round in 1 2; do
  for a in 0 91 92 93 94; do left 240 && ab r$a-$round r2c 16384 $a; done
  for a in 0 91; do left 260 && ab s$a-$round r2c 8192 $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
for a in 91; do
  GFP_FAST_ALT=$a timeout 60 $G bench -q --reps 5 --kind r2c --precision f32 --sizes 8192,16384 --engines gpu,cufft > $L/r2c-cufft-a$a.log 2>&1
done
cat $L/san.txt
bench_rows r2c-cufft r2c-cufft-a91
cat $L/ab.txt
pack_logs
