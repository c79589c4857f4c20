#!/bin/sh
# bench/gpu/dev-v62.sh - stop 33's sixth call: is C2R f32 4093's -8 % in
# call 5 (1.449x -> 1.334x cuFFT) this stop's doing? Its route (the
# one-block Bluestein, two frames a transform) changed only in herm_at
# (bins 0 and n/2 taken as real). Stop 32's final tree (5010bad, sm_90,
# build/x/gfftpipe) against this one, interleaved, two rounds: C2R f32
# 4093, 4241, 7727, and R2C f32 4093 (untouched) as the control.
# Pack: gfftpipe and the old binary. Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v62.sh
. bench/gpu/dev-common.sh
: > $L/old.txt
for r in 1 2; do
  for b in new old; do
    bin=$G; [ $b = old ] && bin=$PWD/build/x/gfftpipe
    for k in c2r r2c; do
      sz=4093,4241,7727; [ $k = r2c ] && sz=4093
      timeout 100 $bin bench -q --reps 5 --kind $k --precision f32 --sizes $sz --engines gpu \
        > $L/old-$b-$k-$r.log 2>&1
      awk -v l="$b-$r" '/^gpu/ {printf "%-6s %s %6s %8s GB/s err %s\n", l, $2, $4, $7, $NF}' $L/old-$b-$k-$r.log >> $L/old.txt
    done
  done
done
sort -k2,2 -k3,3n -k1,1 $L/old.txt
pack_logs
