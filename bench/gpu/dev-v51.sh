#!/bin/sh
# bench/gpu/dev-v51.sh - stop 32's first call: the GPU suites on stop 31's
# last tree (247025d: one pair-split kernel; the f64 2^16 cut), which had
# no GPU run (quick_suites, then test_gpu_large's t_pairs, t_blue4 and
# t_fourstep_odd in full); A/B alt 65 (R2C f32 2^16 and 2^17, the split
# pass at 32 frames a block) against the A/B binary's default, two
# rounds interleaved; C2R f32 and R2C f32 against cuFFT with the routes
# printed (where the C2R merge pass costs, and R2C 2^24/2^25). Pack:
# gfftpipe, the GPU test binaries, fft2ref, refdft, gpufault.so, and
# build-ab's gfftpipe (x/gfftpipe). Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v51.sh
PHASE=${PHASE:-chk ab c2r}
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
if ph chk; then
  quick_suites
  for t in t_pairs t_blue4 t_fourstep_odd; do
    (cd build && GFP_TEST_ONLY=$t timeout 150 $U/test_gpu_large > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log)
  done
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph ab; then
  : > $L/ab.txt
  for i in 1 2; do
    for v in def alt65; do
      e=""; [ $v = alt65 ] && e=GFP_FAST_ALT=65
      env $e GFP_GPU_LARGE_DEBUG=1 timeout 60 $A bench -q --reps 5 --kind r2c --sizes 65536,131072 --engines gpu > $L/ab-$v$i.log 2>&1
      grep -E '^gpu' $L/ab-$v$i.log | awk -v f=$v$i '{printf "%-8s %s %s GB/s err %s\n", f, $4, $7, $NF}' >> $L/ab.txt
    done
  done
  timeout 60 $A bench -q --reps 5 --kind r2c --sizes 65536,131072 --engines cufft > $L/ab-cufft.log 2>&1
  grep -E '^cufft' $L/ab-cufft.log | awk '{printf "cufft    %s %s GB/s err %s\n", $4, $7, $NF}' >> $L/ab.txt
  echo "[ab: $(( $(date +%s) - t0 )) s]"
fi
if ph c2r; then
  : > $L/rt.txt
  for k in c2r r2c; do
    GFP_GPU_LARGE_DEBUG=1 timeout 150 $G bench -q --reps 5 --kind $k --sizes 16384..33554432 --engines gpu,cufft > $L/rt-$k.log 2>&1
  done
  echo "[c2r: $(( $(date +%s) - t0 )) s]"
fi
show_tests
for t in t_pairs t_blue4 t_fourstep_odd; do [ -f $L/$t.log ] && sum $t; done
echo "== alt 65 (R2C f32, A/B binary)"; cat $L/ab.txt
echo "== C2R, R2C f32 (kind prec n GB/s x-cufft err (cufft GB/s err))"; bench_rows rt-c2r rt-r2c
echo "== routes"; grep -h -o 'gfp_large: .*' $L/rt-c2r.log $L/rt-r2c.log 2>/dev/null | sort -u | cut -c1-200 | head -40
pack_logs
