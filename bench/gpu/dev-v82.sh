#!/bin/sh
# bench/gpu/dev-v82.sh - stop 39, call 2: tkernel with TStride's frame
# stride (frames 32 / FPB banks apart): bench --2d C2C f32 4096^2 against
# cuFFT on the product, the 2D pass on tkernel (A/B alt 72: 1024, 2048,
# 4096; 73: 4096 on 128 threads) and the sc route (GFP_GPU_2D_SC=1), two
# rounds, and 2048^2, 1024^2 at alt 72; the 1D four-step at 2^20 .. 2^23
# with the second pass on tkernel (72) and both passes (74), and alt 65's
# first passes at 2^17, 2^19, 2^25 and 2^27; racecheck and memcheck on the
# new forms. Pack: gfftpipe and the A/B build's gfftpipe as x/gfftpipe
# (pack2). Run (device tool): carry [".devpack/pack2.tar.xz"], command
# PACK=.devpack/pack2.tar.xz OUT=$OUT sh bench/gpu/dev-v82.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
t0=$(date +%s)
: > $L/v2d.txt
for round in 1 2; do
  b2d p$round 4096x4096 gpu,cufft
  for a in 72 73; do BIN=$A b2d ab$a-$round 4096x4096 gpu GFP_FAST_ALT=$a; done
  b2d sc$round 4096x4096 gpu GFP_GPU_2D_SC=1
done
for sz in 2048x2048 1024x1024; do
  b2d p $sz gpu,cufft
  BIN=$A b2d ab72 $sz gpu GFP_FAST_ALT=72
done
echo "[2d: $(( $(date +%s) - t0 )) s]"
: > $L/ab.txt
for n in 1048576 2097152 4194304 8388608; do
  for a in 0 72 74; do left 330 && ab s$a-$n c2c $n $a; done
done
for n in 131072 524288 33554432 134217728; do
  for a in 0 65; do left 400 && ab s$a-$n c2c $n $a; done
done
echo "[ab: $(( $(date +%s) - t0 )) s]"
: > $L/san.txt
san1d() { # LABEL N BYTES ALT
  for tool in racecheck memcheck; do
    left 540 || return 0
    GFP_FAST_ALT=$4 timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $A bench -q --warmup 0 --reps 1 \
      --bytes $3 --kind c2c --precision f32 --sizes $2 --engines gpu > $L/san-$1-$2-$tool.log 2>&1
    echo "$1 $2 $tool rc=$? $(grep -E 'SUMMARY' $L/san-$1-$2-$tool.log | head -1) $(awk '/^gpu/ {printf "err %s", $NF}' $L/san-$1-$2-$tool.log)" >> $L/san.txt
  done
}
san2d ab72 $A 4096x36 GFP_FAST_ALT=72
san2d sc $G 36x4096 GFP_GPU_2D_SC=1
san1d ab74 4194304 32Mi 74
san1d ab74 8388608 64Mi 74
san2d ab73 $A 4096x36 GFP_FAST_ALT=73
san2d ab72 $A 2048x36 GFP_FAST_ALT=72
san2d ab72 $A 1024x36 GFP_FAST_ALT=72
echo "[san: $(( $(date +%s) - t0 )) s]"
cat $L/san.txt
cat $L/v2d.txt
cat $L/ab.txt
pack_logs
