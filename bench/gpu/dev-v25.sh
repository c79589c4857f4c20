#!/bin/sh
# bench/gpu/dev-v25.sh - stop 22's device calls (issue 4): Bluestein on the
# four-step in three passes (kernels/gfp_gpu_fast_4sb.cu, route BLUE4 of
# gfp_gpu_large.cu) against the six-step route it replaces
# (GFP_GPU_BLUE4=0, same binary, same call) and cuFFT.
#
# Phases (PHASE, default "tests b4"):
#   tests  test_gpu_large quick (t_blue4 new), then memcheck, then racecheck
#          on it, one after the other
#   full   test_gpu_large in full
#   small  bench C2C, R2C and C2R f32 and f64 at SMALL (default
#          127,257,509,769,1021,1031,1543,2053,3001), gpu and cufft, and the gpu
#          engine with GFP_GPU_BLUES=0 (the generic one-block kernel)
#   b4     bench the kinds K64 (default c2c c2r) in f64 at F64SIZES (default
#          4241,5003,6143,7727) and K32 (default c2c r2c) in f32 at F32SIZES
#          (default 10007,40009,100003,1000003), gpu and cufft, then (unless
#          NOOLD) the gpu engine with GFP_GPU_BLUE4=0
# Pack (dev box, repository root; build/ configured with CUDA_ARCHS=90):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe tests/unit/test_gpu_large
# Run (device tool): carry [".devpack"], command OUT=$OUT PHASE='...' sh bench/gpu/dev-v25.sh
PHASE=${PHASE:-tests b4}
. bench/gpu/dev-common.sh
F64=${F64SIZES:-4241,5003,6143,7727}
F32=${F32SIZES:-10007,40009,100003,1000003}
if ph tests; then
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log)
  for tool in memcheck racecheck; do
    (cd build && GFP_TEST_QUICK=1 timeout 200 compute-sanitizer --tool $tool --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-$tool.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-$tool.log)
  done
fi
if ph full; then
  (cd build && timeout 280 $U/test_gpu_large > $L/test_gpu_large-full.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-full.log)
fi
if ph small; then
  for p in f32 f64; do
    for k in c2c r2c c2r; do
      timeout 200 $G bench --engines gpu,cufft --kind $k --precision $p --sizes ${SMALL:-127,257,509,769,1021,1031,1543,2053,3001} > $L/sm-$k-$p.log 2>&1
      [ -n "${NOOLD:-}" ] || GFP_GPU_BLUES=0 timeout 200 $G bench --engines gpu --kind $k --precision $p --sizes ${SMALL:-127,257,509,769,1021} > $L/sm-$k-$p-old.log 2>&1
    done
  done
fi
if ph b4; then
  GFP_GPU_LARGE_DEBUG=1 timeout 100 $G bench --engines gpu --kind c2c --precision f64 --sizes $F64 --bytes 16Mi --reps 1 > $L/routes.log 2>&1
  GFP_GPU_LARGE_DEBUG=1 timeout 100 $G bench --engines gpu --kind c2c --precision f32 --sizes $F32 --bytes 16Mi --reps 1 >> $L/routes.log 2>&1
  for k in ${K64-c2c c2r}; do
    timeout 200 $G bench --engines gpu,cufft --kind $k --precision f64 --sizes $F64 > $L/b4-$k-64.log 2>&1
    [ -n "${NOOLD:-}" ] || GFP_GPU_BLUE4=0 timeout 200 $G bench --engines gpu --kind $k --precision f64 --sizes $F64 > $L/b4-$k-64-old.log 2>&1
  done
  for k in ${K32-c2c r2c}; do
    timeout 200 $G bench --engines gpu,cufft --kind $k --precision f32 --sizes $F32 > $L/b4-$k-32.log 2>&1
    [ -n "${NOOLD:-}" ] || GFP_GPU_BLUE4=0 timeout 200 $G bench --engines gpu --kind $k --precision f32 --sizes $F32 > $L/b4-$k-32-old.log 2>&1
  done
fi
echo "== routes"
grep -h "gfp_large" $L/routes.log 2>/dev/null | sort -u | cut -c1-150
echo "== bench (gpu rows: kind prec n GB/s x-cufft err; cufft GB/s err)"
bench_rows b4-c2c-64 b4-c2r-64 b4-r2c-64 b4-c2c-32 b4-r2c-32 b4-c2r-32 sm-c2c-f32 sm-r2c-f32 sm-c2r-f32 sm-c2c-f64 sm-r2c-f64 sm-c2r-f64
echo "== the old routes (GFP_GPU_BLUE4=0, GFP_GPU_BLUES=0): kind prec n GB/s"
for f in $L/b4-*-old.log $L/sm-*-old.log; do
  [ -f $f ] || continue
  awk -v f=$(basename $f .log) '/^gpu/ {printf "%s %s %s %s %s err %s\n", f, $2, $3, $4, $7, $NF}' $f
done
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_gpu_large-racecheck test_gpu_large-full; do [ -f $L/$t.log ] && sum $t; done
grep -h "bluestein on the four-step" $L/test_gpu_large*.log 2>/dev/null
(cd $OUT && tar -czf logs.tgz logs && rm -rf logs)
