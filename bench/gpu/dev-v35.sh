#!/bin/sh
# bench/gpu/dev-v35.sh - stop 29's second call: the 2D pass of 4096 on
# pipelined persistent blocks (ptkernel, kernels/gfp_gpu_fast_2d.cu: the
# product's four-frame block, the next four frames prefetched by cp.async
# while these are transformed and stored; alt 24, and alt 25 on two
# frames), and the plain pass on two and one frames a block (alts 26,
# 27), against the product and cuFFT (issue 7's C2C f32 4096^2, 0.94x on
# the H200 in call 1, where every cluster form of alts 21-23 was slower).
#
# Phases (PHASE, default "chk v2d"):
#   chk  at once: tests/cli/fft2-gpu.sh on the A/B binary at alt 24;
#        racecheck and memcheck of fft2 4096x602 (the row pass over 602
#        frames: more groups than blocks, and a partial group) and
#        1000x4096 (the column pass over 1000 frames) at alts 24 and 25,
#        4096x48 at alts 26 and 27
#   v2d  bench --2d C2C f32 4096x4096 (gpu, error against FFTW) at each
#        alt, the product and cuFFT before and after
# Build and pack: as dev-v34.sh (the A/B binary as build/x/gfftpipe).
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-v35.sh
PHASE=${PHASE:-chk v2d}
. bench/gpu/dev-common.sh
A=$PWD/build/x/gfftpipe
D=$OUT/d; mkdir -p $D
t0=$(date +%s)
if ph chk; then
  (cd $D && $R rand $((4096 * 1000 * 2)) 7 r.cf64 &&
    $G fft2 -q --engine cpu --size 4096x1000 --in-format cf64 --out-format cf32 r.cf64 c.cf32 && rm r.cf64)
  (GFP_FAST_ALT=24 GFFTPIPE=$A TOP_BUILDDIR=$PWD/build timeout 300 sh tests/cli/fft2-gpu.sh > $L/f2-24.log 2>&1
   echo "fft2-gpu.sh alt 24: rc=$? $(tail -n 1 $L/f2-24.log)" > $L/f2.txt; grep -E '^(FAIL|not ok)' $L/f2-24.log | head -4 >> $L/f2.txt) &
  : > $L/san.txt
  for v in 24:4096x602 24:1000x4096 25:4096x602 25:1000x4096 26:4096x48 27:4096x48; do
    a=${v%:*} sz=${v#*:}
    for tool in racecheck memcheck; do
      (cd $D && GFP_FAST_ALT=$a timeout 280 compute-sanitizer --tool $tool \
        $A fft2 --engine gpu --size $sz --in-format cf32 c.cf32 /dev/null > $L/s-$a-$sz-$tool.log 2>&1
       echo "alt $a $sz $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/s-$a-$sz-$tool.log | tail -1)" >> $L/san.txt) &
    done
  done
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph v2d; then
  B="bench --2d --kind c2c --precision f32 --sizes 4096x4096"
  timeout 100 $G $B --engines gpu,cufft > $L/b4-prod1.log 2>&1
  for a in 24 25 26 27 24b; do
    GFP_FAST_ALT=${a%b} timeout 60 $A $B --engines gpu > $L/b4-$a.log 2>&1
  done
  timeout 100 $G $B --engines gpu,cufft > $L/b4-prod2.log 2>&1
  echo "[v2d: $(( $(date +%s) - t0 )) s]"
fi
echo "== checks"; cat $L/f2.txt $L/san.txt 2>/dev/null
echo "== C2C f32 4096x4096 (engine ... ms GB/s x-cufft rel_l2 passes)"
for f in $L/b4-prod1.log $L/b4-24.log $L/b4-25.log $L/b4-26.log $L/b4-27.log $L/b4-24b.log $L/b4-prod2.log; do
  [ -f $f ] && grep -E '^(gpu|cufft)' $f | sed "s|^|$(basename $f .log) |"
done
rm -rf $D
pack_logs
