#!/bin/sh
# bench/gpu/dev-v37.sh - stop 29's fourth call: the 2D passes that fill an
# SM (4096 x 4 frames, 16384 in clusters of 4) asking L2 for the input of
# the block one wave ahead (GFP_FAST_L2P, alt 28). Call 3's ncu: our 4096
# pass at DRAM 43-44 % of peak, 118 us a 4096^2 pass (the 1D 4096 kernel,
# four blocks an SM, 70 us at 72 %), DRAM bytes exact (no partial sectors
# written back): latency, one block an SM whose loads stop while it
# computes and stores.
#
# Phases (PHASE, default "chk v2d"):
#   chk  at once: tests/cli/fft2-gpu.sh on the A/B binary at alt 28;
#        racecheck and memcheck of fft2 4096x1000, 1000x4096 and 16384x64
#        at alt 28
#   v2d  bench --2d C2C f32 4096x4096: the product and cuFFT, alt 28
#        twice, the product and cuFFT again; 16384x16384 (gpu only, ~75 s
#        each: bench's FFTW reference): the product, then alt 28
# Build and pack: as dev-v34.sh (the A/B binary as build/x/gfftpipe).
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v37.sh
PHASE=${PHASE:-chk v2d}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
D=$OUT/d; mkdir -p $D
t0=$(date +%s)
if ph chk; then
  (cd $D && $R rand $((4096 * 1000 * 2)) 7 r.cf64 &&
    $G fft2 -q --engine cpu --size 4096x1000 --in-format cf64 --out-format cf32 r.cf64 c.cf32 &&
    head -c $((16384 * 64 * 8)) c.cf32 > c16.cf32 && rm r.cf64)
  (GFP_FAST_ALT=28 GFFTPIPE=$A TOP_BUILDDIR=$PWD/build timeout 300 sh tests/cli/fft2-gpu.sh > $L/f2-28.log 2>&1
   echo "fft2-gpu.sh alt 28: rc=$? $(tail -n 1 $L/f2-28.log)" > $L/f2.txt; grep -E '^(FAIL|not ok)' $L/f2-28.log | head -4 >> $L/f2.txt) &
  : > $L/san.txt
  for v in 4096x1000:c 1000x4096:c 16384x64:c16; do
    sz=${v%:*} f=${v#*:}
    for tool in racecheck memcheck; do
      (cd $D && GFP_FAST_ALT=28 timeout 280 compute-sanitizer --tool $tool \
        $A fft2 --engine gpu --size $sz --in-format cf32 $f.cf32 /dev/null > $L/s-$sz-$tool.log 2>&1
       echo "alt 28 $sz $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/s-$sz-$tool.log | tail -1)" >> $L/san.txt) &
    done
  done
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph v2d; then
  B="bench --2d --kind c2c --precision f32"
  timeout 100 $G $B --sizes 4096x4096 --engines gpu,cufft > $L/b4-prod1.log 2>&1
  for a in 28 28b; do
    GFP_FAST_ALT=28 timeout 60 $A $B --sizes 4096x4096 --engines gpu > $L/b4-$a.log 2>&1
  done
  timeout 100 $G $B --sizes 4096x4096 --engines gpu,cufft > $L/b4-prod2.log 2>&1
  echo "[v2d 4096: $(( $(date +%s) - t0 )) s]"
  timeout 150 $G $B --sizes 16384x16384 --engines gpu > $L/b16-prod.log 2>&1
  GFP_FAST_ALT=28 timeout 150 $A $B --sizes 16384x16384 --engines gpu > $L/b16-28.log 2>&1
  echo "[v2d 16384: $(( $(date +%s) - t0 )) s]"
fi
echo "== checks"; cat $L/f2.txt $L/san.txt 2>/dev/null
echo "== C2C f32 2D (engine ... ms GB/s x-cufft rel_l2 passes)"
for f in b4-prod1 b4-28 b4-28b b4-prod2 b16-prod b16-28; do
  [ -f $L/$f.log ] && grep -E '^(gpu|cufft)' $L/$f.log | sed "s|^|$f |"
done
rm -rf $D
pack_logs
