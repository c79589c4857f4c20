#!/bin/sh
# bench/gpu/dev-v21.sh - issue 4's one-pass cluster transform
# (gfp_gpu_fast_cl.cu, C2C f32 2^15 .. 2^18), one call: the GPU suites
# (test_gpu_large in full, test_gpu_2d quick: the shared cluster checks),
# memcheck and racecheck on test_gpu_large quick, then the bench table of
# C2C f32 2^14 .. 2^18 and R2C f32 2^16 .. 2^19 with and without the
# cluster core (GFP_GPU_1CL=0: the four-step FFT) and R2C with and
# without the split fused (GFP_GPU_4S_SPLIT=0), and the A/B forms
# (GFP_FAST_ALT 30, 31, 35, from build-ab), ncu's stall reasons (PHASE
# prof); a short table last.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_gpu_large tests/unit/test_gpu_2d [$PWD/build-ab/src/gfftpipe]
#   run (device tool, carry [".devpack"]): PHASE='tests b1' OUT=$OUT sh bench/gpu/dev-v21.sh
. bench/gpu/dev-common.sh
if ph tests; then
  gpu_tests
fi
B="timeout 200 $G bench --engines gpu,cufft"
if ph b1; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind c2c --precision f32 --sizes ${C32_SIZES:-16384..262144} > $L/c2c32.log 2>&1
  GFP_GPU_1CL=0 $B --kind c2c --precision f32 --sizes ${C32_SIZES:-32768..262144} > $L/c2c32-4s.log 2>&1
fi
if ph b3; then
  GFP_GPU_LARGE_DEBUG=1 $B --kind r2c --precision f32 --sizes ${R2C_SIZES:-65536..524288} > $L/r2c32.log 2>&1
  GFP_GPU_1CL=0 GFP_GPU_4S_SPLIT=0 $B --kind r2c --precision f32 --sizes ${R2C_SIZES:-65536..524288} > $L/r2c32-4s.log 2>&1
fi
if ph alt; then # A/B forms (build-ab: -DGFP_FAST_AB)
  for alt in ${ALTS:-30 31 35}; do
    GFP_FAST_ALT=$alt GFP_GPU_LARGE_DEBUG=1 timeout 200 $PWD/build/x/gfftpipe bench --engines gpu,cufft \
      --precision f32 --kind ${ALT_KIND:-c2c} --sizes ${ALT_SIZES:-32768..262144} > $L/alt-$alt.log 2>&1
  done
fi
if ph san2; then # the sanitizers on the lengths test_gpu_large quick does not reach
  for tool in memcheck racecheck; do
    timeout 200 compute-sanitizer --tool $tool --error-exitcode 9 $G bench --engines gpu --kind r2c \
      --sizes 131072,1048576 --bytes 16Mi --reps 1 --warmup 0 > $L/san2-$tool.log 2>&1; echo "rc=$?" >> $L/san2-$tool.log
  done
fi
if ph prof; then # ncu: where the cluster kernel's warps wait (product 2^15; alt 30 at 2^17)
  NCU="ncu --section SpeedOfLight --section WarpStateStats --section Occupancy -k regex:xkernel -c 1"
  timeout 200 $NCU $G bench --engines gpu --sizes 32768 --bytes 256Mi --reps 1 --warmup 0 > $L/ncu-32768.log 2>&1
  GFP_FAST_ALT=30 timeout 200 $NCU $PWD/build/x/gfftpipe bench --engines gpu --sizes 131072 --bytes 256Mi --reps 1 --warmup 0 > $L/ncu-131072-alt30.log 2>&1
  for f in $L/ncu-*.log; do echo "-- $f"; grep -E "Duration|Memory Throughput|DRAM Throughput|Stall|Warp Cycles Per Issued|Achieved Occupancy|Theoretical Occupancy|Block Limit|Cluster" $f | head -30; done
fi
echo "== tests"
for t in test_gpu_large test_gpu_2d test_gpu_large-memcheck test_gpu_large-racecheck san2-memcheck san2-racecheck; do [ -f $L/$t.log ] && sum $t; done
echo "== plans"; grep -h "gfp_large" $L/*.log | sort -u | head -20
echo "== bench (gpu rows: kind prec n GB/s x-cufft err; cufft GB/s err)"
bench_rows c2c32 c2c32-4s r2c32 r2c32-4s $(cd $L && ls alt-*.log 2>/dev/null | sed 's/\.log$//')
