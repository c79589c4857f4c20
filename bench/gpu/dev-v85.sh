#!/bin/sh
# bench/gpu/dev-v85.sh - stop 39, call 5: R2C and C2R 4096^2 (columns of
# 4096 written at the odd row stride 2049) with the 2D pass of 4096 on
# tkernel (the product) and on fkernel (A/B alt 75), two rounds. Pack:
# pack4 (dev-v84.sh's). Run (device tool): carry [".devpack/pack4.tar.xz"],
# command PACK=.devpack/pack4.tar.xz OUT=$OUT sh bench/gpu/dev-v85.sh
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
: > $L/v2d.txt
for round in 1 2; do
  for k in r2c c2r; do
    for a in 0 75; do
      GFP_FAST_ALT=$a timeout 60 $A bench -q --reps 5 --2d --kind $k --precision f32 --sizes 4096x4096 \
        --engines gpu > $L/$k-$a-$round.log 2>&1
      echo "$k alt $a round $round: $(grep -E '^gpu' $L/$k-$a-$round.log | awk '{printf "%s GB/s err %s passes %s", $7, $9, $10}')" >> $L/v2d.txt
    done
  done
done
cat $L/v2d.txt
pack_logs
