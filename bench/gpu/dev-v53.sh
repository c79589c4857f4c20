#!/bin/sh
# bench/gpu/dev-v53.sh - stop 32's third call, on the tree with C2R's
# merge in the first stage's direct loads, the nested core for R2C and C2R
# from L = 2^23 (C2R's merge in its first pass), R2C's split fused for
# rows with odd factors: the GPU suites (quick_suites; test_gpu_large's
# t_c2r, t_fourstep_odd, t_nested, t_pow2 in full; racecheck on t_c2r
# quick), then bench against cuFFT: C2R f32 32 .. 2^25, R2C f32 2^22 ..
# 2^26 and the audio lengths and 100000 (default against
# GFP_GPU_4S_SPLIT=0), C2R 2^24/2^25 against GFP_GPU_4S_MERGE=0; A/B alt
# 66 (x/gfftpipe: C2R's merge pass and R2C's split pass of 512 at 32
# frames a block). Pack: gfftpipe, the GPU test binaries, fft2ref, refdft,
# gpufault.so, build-ab's gfftpipe. Run (device tool): carry
# [".devpack"], command OUT=$OUT sh bench/gpu/dev-v53.sh
PHASE=${PHASE:-chk bench ab}
. bench/gpu/dev-common.sh
t0=$(date +%s)
A=$PWD/build/x/gfftpipe
if ph chk; then
  quick_suites
  for t in t_c2r t_fourstep_odd t_nested t_pow2; do
    (cd build && GFP_TEST_ONLY=$t timeout 200 $U/test_gpu_large > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log) &
  done
  (cd build && GFP_TEST_ONLY=t_c2r GFP_TEST_QUICK=1 timeout 200 compute-sanitizer --tool racecheck --error-exitcode 9 \
    $U/test_gpu_large > $L/t_c2r-racecheck.log 2>&1; echo "rc=$?" >> $L/t_c2r-racecheck.log) &
  wait
  echo "[chk: $(( $(date +%s) - t0 )) s]"
fi
if ph bench; then
  : > $L/c2r.txt
  BL=c2r K=c2r bl def gpu,cufft 32,256,1024,4096,8192,16384..33554432 GFP_GPU_LARGE_DEBUG=1
  BL=c2r K=c2r bl nomerge gpu 16777216,33554432 GFP_GPU_4S_MERGE=0
  BL=c2r K=r2c bl r2c gpu,cufft 4194304..67108864 GFP_GPU_LARGE_DEBUG=1
  BL=c2r K=r2c bl odd gpu,cufft 44100,48000,88200,96000,100000 GFP_GPU_LARGE_DEBUG=1
  BL=c2r K=r2c bl odd-nosplit gpu 44100,48000,88200,96000,100000 GFP_GPU_4S_SPLIT=0
  echo "[bench: $(( $(date +%s) - t0 )) s]"
fi
if ph ab; then
  : > $L/ab.txt
  for i in 1 2; do
    for v in def alt66; do
      e=""; [ $v = alt66 ] && e=GFP_FAST_ALT=66
      for k in c2r:65536,131072 r2c:262144,524288; do
        env $e timeout 60 $A bench -q --reps 5 --kind ${k%%:*} --sizes ${k#*:} --engines gpu > $L/ab-$v$i.log 2>&1
        grep -E '^gpu' $L/ab-$v$i.log | awk -v f=$v$i '{printf "%-8s %s %s %s GB/s err %s\n", f, $2, $4, $7, $NF}' >> $L/ab.txt
      done
    done
  done
  echo "[ab: $(( $(date +%s) - t0 )) s]"
fi
show_tests
for t in t_c2r t_fourstep_odd t_nested t_pow2 t_c2r-racecheck; do [ -f $L/$t.log ] && sum $t; done
echo "== C2R, R2C f32 (nomerge: GFP_GPU_4S_MERGE=0; odd-nosplit: GFP_GPU_4S_SPLIT=0)"; cat $L/c2r.txt 2>/dev/null
echo "== alt 66 (A/B binary)"; sort -k2,3 -s $L/ab.txt 2>/dev/null
echo "== routes"; grep -h -o 'gfp_large: .*' $L/c2r-*.log 2>/dev/null | sort -u | cut -c1-200 | head -30
pack_logs
