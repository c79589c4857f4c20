#!/bin/sh
# bench/gpu/dev-v24.sh - stop 21's device calls (issue 4): the one-block
# Bluestein kernels (kernels/gfp_gpu_fast_blue.cu) at the primes,
# the product against the A/B forms of the A/B build (x/gfftpipe,
# -DGFP_FAST_AB, GFP_FAST_ALT=k), and ncu's counters; plus stop 20's
# GPU checks (dev-v23.sh's phases t2d and tests) on the refactored copy
# back of the GPU engine.
#
# Phases (PHASE, default "v20 blue ncu"):
#   v20    dev-v23.sh PHASE='t2d tests' (fft2-gpu.sh, memcheck of out-of-core
#          fft2, test_engine_gpu, test_hybrid, test_model, hybrid.sh)
#   blue   bench C2C f32 (BSIZES, default 2047,4093,4241,7727) and R2C f32
#          (RSIZES, default 4093,7727), gpu and cufft, product, and Z2Z f64
#          (F64SIZES, none by default), C2R f32 and f64 (C2RSIZES, none by
#          default); then each alt of ALTS (default 1 2 3 4 5) on the gpu
#          engine alone
#   ncu    ncu's counters of the bkernel, C2C f32, NCU_CASES (alt:n, default
#          0:4093 4:4093 5:4093)
#   tests  test_gpu_large quick, then memcheck and racecheck on it
# Pack (dev box, repository root; build/ configured with CUDA_ARCHS=90,
# build-ab/ with CUDA_ARCHS=90 NVCCFLAGS=-DGFP_FAST_AB):
#   (cd build && make -j2 && make -j2 check TESTS=) && (cd build-ab && make -j2 src/gfftpipe) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#        tests/unit/test_engine_gpu tests/unit/test_hybrid tests/unit/test_model \
#        tests/unit/test_gpu_large tests/cli/fft2ref tests/cli/refdft "$PWD/build-ab/src/gfftpipe"
# Run (device tool): carry [".devpack"], command OUT=$OUT PHASE='...' sh bench/gpu/dev-v24.sh
PHASE=${PHASE:-v20 blue ncu}
. bench/gpu/dev-common.sh
X=$PWD/build/x/gfftpipe
BS=${BSIZES:-2047,4093,4241,7727}
RS=${RSIZES:-4093,7727}
if ph v20; then
  # its own OUT: dev-v23.sh archives and removes its logs directory
  SKIP_UNPACK=1 PHASE='t2d tests' OUT=$OUT/v20 sh bench/gpu/dev-v23.sh > $OUT/v20.txt 2>&1
fi
if ph blue; then
  timeout 200 $G bench --engines gpu,cufft --kind c2c --precision f32 --sizes $BS > $L/blue-c2c-0.log 2>&1
  timeout 200 $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes $RS > $L/blue-r2c-0.log 2>&1
  [ -n "${C2RSIZES:-}" ] && timeout 200 $G bench --engines gpu,cufft --kind c2r --precision f32 --sizes $C2RSIZES > $L/blue-c2r-0.log 2>&1
  [ -n "${C2RSIZES:-}" ] && timeout 200 $G bench --engines gpu,cufft --kind c2r --precision f64 --sizes $C2RSIZES > $L/blue-c2r64-0.log 2>&1
  [ -n "${F64SIZES:-}" ] && timeout 200 $G bench --engines gpu,cufft --kind c2c --precision f64 --sizes $F64SIZES > $L/blue-c2c64-0.log 2>&1
  for alt in ${ALTS-1 2 3 4 5}; do
    GFP_FAST_ALT=$alt timeout 200 $X bench --engines gpu --kind c2c --precision f32 --sizes $BS > $L/blue-c2c-$alt.log 2>&1
    GFP_FAST_ALT=$alt timeout 200 $X bench --engines gpu --kind r2c --precision f32 --sizes $RS > $L/blue-r2c-$alt.log 2>&1
  done
fi
if ph ncu; then
  M="gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,l1tex__throughput.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,launch__occupancy_limit_registers"
  for c in ${NCU_CASES:-0:4093 4:4093 5:4093}; do
    alt=${c%:*}; n=${c#*:}
    GFP_FAST_ALT=$alt timeout 120 ncu --metrics $M -k regex:bkernel -c 1 $X bench --engines gpu --sizes $n \
      --bytes 256Mi --reps 1 --warmup 0 > $L/ncu-$alt-$n.log 2>&1
  done
fi
if ph tests; then
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log)
  for tool in memcheck racecheck; do
    (cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool $tool --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-$tool.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-$tool.log) &
  done
  wait
fi
[ -f $OUT/v20.txt ] && { echo "== stop 20 checks"; grep -E 'rc=|ERROR SUMMARY|not ok|FAIL' $OUT/v20.txt | head -20; }
for f in $L/ncu-*.log; do
  [ -f $f ] || continue
  echo "-- $(basename $f)"
  grep -E "bkernel|duration|warps_active|inst_executed|bank_conflicts|wavefronts|stalled|throughput|pipe_fma|registers|hit_rate|sectors" $f | sed 's/  */ /g' | cut -c1-120 | head -24
done
echo "== bench (gpu rows: kind prec n GB/s x-cufft err; cufft GB/s err)"
bench_rows blue-c2c-0 blue-r2c-0 blue-c2c64-0 blue-c2r-0 blue-c2r64-0
for f in $L/blue-*-[1-9].log $L/blue-*-[1-9][0-9].log; do
  [ -f $f ] || continue
  awk -v f=$(basename $f .log) '/^gpu/ {printf "%s %s %s %s %s err %s\n", f, $2, $3, $4, $7, $NF}' $f
done
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_gpu_large-racecheck; do [ -f $L/$t.log ] && sum $t; done
# the device tool brings back a handful of files: the logs as one archive
(cd $OUT && tar -czf logs.tgz logs && rm -rf logs)
