#!/bin/sh
# bench/gpu/dev-v22.sh - issue 4's four-step at lengths with odd factors
# (gfp_gpu_fast_4s.cu's pass kernels of 105 .. 420, radices up to 31, and
# the factor search of gfp_gpu_large.cu; Bluestein's M as such a
# product). Phases (PHASE, default all): tests (test_gpu_large in full,
# test_gpu_2d quick, memcheck and racecheck on test_gpu_large quick, at
# once: about 280 s); b1 b2 b3 the awkward lengths, C2C f32, Z2Z
# f64, R2C f32, each with and without the four-step (GFP_GPU_4S=0: the
# multi-pass kernels and Bluestein, as before this stop); b4 b5 the audio
# rates (44100, 48000, 88200, 96000; R2C and C2R of 44100 and 48000); alt,
# cuts, kt, prof the A/B forms (build-ab, GFP_FAST_ALT 51-59), other cuts
# of 100000, each pass's time and ncu's counters (call 4's alt 55 became
# the product's kernels). The bench rows, then the test summary, last.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_gpu_large tests/unit/test_gpu_2d [$PWD/build-ab/src/gfftpipe]
#   run (device tool, carry [".devpack"]): PHASE='tests b1' OUT=$OUT sh bench/gpu/dev-v22.sh
. bench/gpu/dev-common.sh
if ph tests; then
  gpu_tests
fi
B="timeout 200 $G bench --engines gpu,cufft"
S=${SIZES:-45045,100000,33728,40009,48750,54000,62500,78000}
if ph b1; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f32 --sizes $S > $L/c2c32.log 2>&1
  GFP_GPU_4S=0 $B --kind c2c --precision f32 --sizes $S > $L/c2c32-old.log 2>&1
fi
if ph b2; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f64 --sizes $S > $L/c2c64.log 2>&1
  GFP_GPU_4S=0 $B --kind c2c --precision f64 --sizes $S > $L/c2c64-old.log 2>&1
fi
if ph b3; then
  R=${R2C_SIZES:-100000,90090,33728,108000}
  GFP_GPU_LARGE_DEBUG=1 $B --kind r2c --precision f32 --sizes $R > $L/r2c32.log 2>&1
  GFP_GPU_4S=0 $B --kind r2c --precision f32 --sizes $R > $L/r2c32-old.log 2>&1
fi
if ph b4; then # the audio rates' lengths: C2C f32, Z2Z f64, R2C f32
  AU=${AUDIO_SIZES:-44100,48000,88200,96000}
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f32 --sizes $AU > $L/au-c2c32.log 2>&1
  GFP_GPU_4S=0 $B --kind c2c --precision f32 --sizes $AU > $L/au-c2c32-old.log 2>&1
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f64 --sizes $AU > $L/au-c2c64.log 2>&1
  GFP_GPU_LARGE_DEBUG=1 $B --kind r2c --precision f32 --sizes 88200,96000,176400,192000 > $L/au-r2c32.log 2>&1
fi
if ph b5; then # R2C and C2R of 44100 and 48000 (cores 22050 = 210 x 105, 24000 = 200 x 120)
  GFP_GPU_LARGE_DEBUG=1 $B --kind r2c,c2r --precision f32 --sizes 44100,48000 > $L/au2-32.log 2>&1
  GFP_GPU_4S=0 $B --kind r2c,c2r --precision f32 --sizes 44100,48000 > $L/au2-32-old.log 2>&1
  GFP_GPU_LARGE_DEBUG=1 $B --kind r2c,c2r --precision f64 --sizes 44100,48000 > $L/au2-64.log 2>&1
fi
if ph alt; then # A/B forms (build-ab: -DGFP_FAST_AB): 51 8 frames a block, 52 three stages
  A=${ALT_SIZES:-45045,100000,62500,54000,78000}
  $B --kind c2c --precision f32 --sizes $A > $L/alt-0.log 2>&1
  for alt in ${ALTS:-51 52}; do
    GFP_FAST_ALT=$alt GFP_GPU_LARGE_DEBUG=1 timeout 200 $PWD/build/x/gfftpipe bench --engines gpu,cufft \
      --precision f32 --kind c2c --sizes $A > $L/alt-$alt.log 2>&1
  done
fi
if ph cuts; then # 100000 cut other ways (alt 58, GFP_GPU_4S_N1) and 250's second pass as 10 25 (alt 59); each pass's time
  X=$PWD/build/x/gfftpipe
  for c in 0:0 58:160 58:500 59:400; do
    alt=${c%:*}; n1=${c#*:}
    GFP_FAST_ALT=$alt GFP_GPU_4S_N1=$n1 GFP_GPU_LARGE_DEBUG=1 timeout 100 $X bench --engines gpu,cufft --kind c2c \
      --precision f32 --sizes 100000 > $L/cut-$alt-$n1.log 2>&1
    GFP_FAST_ALT=$alt GFP_GPU_4S_N1=$n1 timeout 100 ncu --metrics gpu__time_duration.sum -k regex:fkernel -c 2 $X bench \
      --engines gpu --sizes 100000 --bytes 256Mi --reps 1 --warmup 0 > $L/kt-cut-$alt-$n1.log 2>&1
  done
  # Bluestein's error at test_gpu_large's random 14035723 (M = 8192 x 3840), and without the four-step
  $B --kind c2c --precision f32 --sizes 14035723 --bytes 256Mi > $L/b14m.log 2>&1
  GFP_GPU_4S=0 $B --kind c2c --precision f32 --sizes 14035723 --bytes 256Mi > $L/b14m-old.log 2>&1
fi
if ph kt; then # each pass's time (ncu gpu__time_duration), product and A/B forms
  for alt in 0 ${ALTS:-51 52}; do
    for n in ${KT_SIZES:-100000 45045 54000}; do
      GFP_FAST_ALT=$alt timeout 100 ncu --metrics gpu__time_duration.sum -k regex:fkernel -c 2 $PWD/build/x/gfftpipe bench \
        --engines gpu --sizes $n --bytes 256Mi --reps 1 --warmup 0 > $L/kt-$alt-$n.log 2>&1
      grep -E "fkernel|duration" $L/kt-$alt-$n.log | sed 's/  */ /g' | awk -v a=$alt -v n=$n '/fkernel/ {k=$2 " " $3 " " $4 " " $5 " " $6 " " $9 " " $10 " " $11} /duration/ {print "kt alt", a, n, k, $NF, "us"}'
    done
  done
fi
if ph prof; then # ncu: each pass of 100000 (250 x 400) and 45045 (195 x 231) against 65536 (256 x 256)
  M="gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,sm__throughput.avg.pct_of_peak_sustained_elapsed"
  for n in 100000 45045 65536; do
    timeout 200 ncu --metrics $M -k regex:fkernel -c 2 $G bench --engines gpu --sizes $n --bytes 256Mi --reps 1 --warmup 0 > $L/ncu-$n.log 2>&1
    echo "-- ncu $n"; grep -E "fkernel|duration|dram__|warps_active|inst_executed|bank_conflicts|wavefronts|stalled|sm__throughput" $L/ncu-$n.log | sed 's/  */ /g' | cut -c1-150 | head -30
  done
fi
[ -n "$(ls $L/kt-*.log 2>/dev/null)" ] && for f in $L/kt-*.log; do echo "-- $(basename $f)"; grep -E "fkernel<|duration" $f | sed 's/  */ /g' | cut -c1-100; done
echo "== plans"; grep -h "gfp_large" $L/*.log | sort -u | head -30
echo "== bench (gpu rows: kind prec n GB/s x-cufft err; cufft GB/s err)"
bench_rows au2-32 au2-32-old au2-64 $(cd $L && ls cut-*.log 2>/dev/null | sed 's/\.log$//') b14m b14m-old c2c32 c2c32-old c2c64 c2c64-old r2c32 r2c32-old au-c2c32 au-c2c32-old au-c2c64 au-r2c32 alt-0 $(cd $L && ls alt-5*.log 2>/dev/null | sed 's/\.log$//')
echo "== tests"
for t in test_gpu_large test_gpu_2d test_gpu_large-memcheck test_gpu_large-racecheck; do [ -f $L/$t.log ] && sum $t; done
grep -h "cases, worst" $L/test_gpu_large.log 2>/dev/null | head -12
