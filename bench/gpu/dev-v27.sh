#!/bin/sh
# bench/gpu/dev-v27.sh - stop 24's device calls (issue 4): the multi-pass
# routes in L2 chunks (gfp_gpu_large.cu's l2_chunk), each budget
# (GFP_GPU_L2CHUNK, KiB; 0 = off, the route as before) in the same call,
# same binary, against cuFFT.
#
# Phases (PHASE, default "tests chunk"):
#   tests  test_gpu_large quick (t_chunk, routes logged), then the
#          sanitizers (SAN_TOOLS, default memcheck) on it
#   chunk  bench C2C f32 at SZ (default 2^15 .. 2^21) for each budget in
#          CH (default 0 2048 4096 8192 16384), cufft beside budget 0
#   r2c    R2C f32 at RZ (default 2^16 .. 2^21), budgets 0 and CH2
#          (default: the plan's own), cufft beside 0
#   (TAG names the chunk phase's logs: several runs in one call)
#   odd    C2C f32 at OZ (45045 33728 100000 40009 100003), budgets 0 and
#          CH2, cufft beside 0
#   f64    Z2Z f64 at DZ (default 2^15 .. 2^20), budgets 0 and CH2
# Pack (dev box, repository root; build/ configured with CUDA_ARCHS=90):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe tests/unit/test_gpu_large
# Run (device tool): carry [".devpack"], command OUT=$OUT PHASE='...' sh bench/gpu/dev-v27.sh
PHASE=${PHASE:-tests chunk}
. bench/gpu/dev-common.sh
SZ=${SZ:-32768..2097152}
CH=${CH:-0 2048 4096 8192 16384}
CH2=${CH2:-}
REPS=${REPS:-5}
# bench NAME BUDGET ENGINES ARGS...: one run, budget "" = the plan's own
bench() {
  name=$1 b=$2 e=$3; shift 3
  if [ -n "$b" ]; then
    GFP_GPU_L2CHUNK=$b timeout 150 $G bench --engines $e --reps $REPS "$@" > $L/$name.log 2>&1
  else
    timeout 150 $G bench --engines $e --reps $REPS "$@" > $L/$name.log 2>&1
  fi
}
if ph tests; then
  (cd build && GFP_GPU_LARGE_DEBUG=1 GFP_TEST_QUICK=1 GFP_TEST_VERBOSE=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log)
  for tool in ${SAN_TOOLS-memcheck}; do
    (cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool $tool --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-$tool.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-$tool.log)
  done
fi
if ph chunk; then
  for b in $CH; do
    e=gpu; [ "$b" = 0 ] && e=gpu,cufft
    bench c2c32${TAG:-}-b$b $b $e --kind c2c --precision f32 --sizes $SZ
  done
fi
if ph r2c; then
  bench r2c32-b0 0 gpu,cufft --kind r2c --precision f32 --sizes ${RZ:-65536..2097152}
  bench r2c32-bp "$CH2" gpu --kind r2c --precision f32 --sizes ${RZ:-65536..2097152}
fi
if ph odd; then
  bench odd32-b0 0 gpu,cufft --kind c2c --precision f32 --sizes ${OZ:-45045,33728,100000,40009,100003}
  bench odd32-bp "$CH2" gpu --kind c2c --precision f32 --sizes ${OZ:-45045,33728,100000,40009,100003}
fi
if ph f64; then
  bench c2c64-b0 0 gpu,cufft --kind c2c --precision f64 --sizes ${DZ:-32768..1048576}
  bench c2c64-bp "$CH2" gpu --kind c2c --precision f64 --sizes ${DZ:-32768..1048576}
fi
echo "== chunks (test_gpu_large's plans)"
grep -h "frames a chunk" $L/test_gpu_large.log 2>/dev/null | sed 's/.*: //' | sort | uniq -c | cut -c1-150
echo "== bench: log kind prec n GB/s [x-cufft] err"
for f in $L/*-b*.log; do
  [ -f $f ] || continue
  awk -v f=$(basename $f .log) '/^gpu|^cufft/ {printf "%s %s %s %s %s %s %s %s\n", f, $1, $2, $3, $4, $7, $8, $NF}' $f
done
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_gpu_large-racecheck; do [ -f $L/$t.log ] && sum $t; done
grep -h "L2 chunks" $L/test_gpu_large*.log 2>/dev/null | cut -c1-200
[ -n "${KEEP_LOGS:-}" ] || (cd $OUT && tar -czf logs.tgz logs && rm -rf logs)
