#!/bin/sh
# bench/gpu/dev-v26.sh - stop 23's device calls (issue 4): the nested
# four-step (three passes, gfp_gpu_large.cu's nested_create) for 2^25 ..
# 2^27 against what ran there before (GFP_GPU_4S3=0: the four-step at 2^25,
# the multi-pass kernels above), same binary, same call, and cuFFT.
#
# Phases (PHASE, default "tests big"):
#   tests  test_gpu_large quick (t_nested), then memcheck and racecheck on it
#   full   test_gpu_large in full (t_pow2 to 2^27 takes the nested route)
#   big    bench C2C f32 at P32 (default 2^24..2^27), Z2Z f64 at P64
#          (default 2^24..2^26), R2C f32 at R32 (default 2^25..2^27),
#          gpu and cufft, and the gpu engine with GFP_GPU_4S3=0
#   big2   C2C f32 2^26, 2^27 and f64 2^25, 2^26, gpu and cufft, a run each
#   r2c    R2C f32 at RN (default 2^27 2^26), gpu and cufft, a run each
#   shapes bench C2C at other shapes (SHAPES: prec:n:n1:q, GFP_GPU_4S3_N1
#          and _Q; prec:n:k, nested from 2^k, GFP_GPU_4S3_MIN)
# Pack (dev box, repository root; build/ configured with CUDA_ARCHS=90):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe tests/unit/test_gpu_large
# Run (device tool): carry [".devpack"], command OUT=$OUT PHASE='...' sh bench/gpu/dev-v26.sh
PHASE=${PHASE:-tests big}
. bench/gpu/dev-common.sh
P32=${P32:-16777216,33554432,67108864,134217728}
P64=${P64:-16777216,33554432,67108864}
R32=${R32:-33554432,67108864,134217728}
if ph tests; then
  (cd build && GFP_TEST_QUICK=1 GFP_TEST_VERBOSE=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log)
  for tool in ${SAN_TOOLS-memcheck racecheck}; do
    (cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool $tool --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-$tool.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-$tool.log)
  done
fi
if ph full; then
  (cd build && timeout 280 $U/test_gpu_large > $L/test_gpu_large-full.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-full.log)
fi
if ph big; then
  for p in f32 f64; do
    GFP_GPU_LARGE_DEBUG=1 timeout 100 $G bench --engines gpu --kind c2c --precision $p --sizes 33554432,67108864 --bytes 512Mi --reps 1 >> $L/routes.log 2>&1
  done
  timeout 200 $G bench --engines gpu,cufft --kind c2c --precision f32 --sizes $P32 > $L/big-c2c-32.log 2>&1
  GFP_GPU_4S3=0 timeout 200 $G bench --engines gpu --kind c2c --precision f32 --sizes $P32 > $L/big-c2c-32-old.log 2>&1
  timeout 200 $G bench --engines gpu,cufft --kind c2c --precision f64 --sizes $P64 > $L/big-c2c-64.log 2>&1
  GFP_GPU_4S3=0 timeout 200 $G bench --engines gpu --kind c2c --precision f64 --sizes $P64 > $L/big-c2c-64-old.log 2>&1
  [ -z "$R32" ] || timeout 200 $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes $R32 > $L/big-r2c-32.log 2>&1
fi
if ph big2; then
  # one size a run (each checks one frame in long double: ~a minute at 2^26)
  for sp in ${B2:-f32:67108864 f32:134217728 f64:33554432 f64:67108864}; do
    p=${sp%:*}; n=${sp#*:}
    timeout 170 $G bench --engines gpu,cufft --kind c2c --precision $p --sizes $n --reps 5 > $L/big2-$p-$n.log 2>&1
  done
fi
if ph shapes; then
  # prec:n:n1:q (p = n / n1 / q), or prec:n:min (nested from n, the default shape)
  for sp in ${SHAPES:-f32:134217728:512:512 f32:134217728:256:512 f32:134217728:128:512 f32:134217728:256:1024 f32:134217728:512:1024 f64:67108864:256:512 f64:67108864:128:512 f64:67108864:512:256 f64:33554432:256:256}; do
    p=$(echo $sp | cut -d: -f1); n=$(echo $sp | cut -d: -f2); a=$(echo $sp | cut -d: -f3); q=$(echo $sp | cut -d: -f4)
    if [ -n "$q" ]; then
      GFP_GPU_LARGE_DEBUG=1 GFP_GPU_4S3_N1=$a GFP_GPU_4S3_Q=$q timeout 100 $G bench --engines gpu --kind c2c --precision $p --sizes $n --reps 5 > $L/shape-$p-$n-$a-$q.log 2>&1
    else
      GFP_GPU_LARGE_DEBUG=1 GFP_GPU_4S3_MIN=$a timeout 100 $G bench --engines gpu --kind c2c --precision $p --sizes $n --reps 5 > $L/shape-$p-$n-min$a.log 2>&1
    fi
  done
fi
if ph r2c; then
  for n in ${RN:-134217728 67108864}; do
    GFP_GPU_LARGE_DEBUG=1 timeout 130 $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes $n --reps 5 > $L/big2-r2c-$n.log 2>&1
  done
fi
echo "== routes"
grep -h "gfp_large" $L/routes.log 2>/dev/null | sort -u | cut -c1-170
echo "== bench (gpu rows: kind prec n GB/s x-cufft err; cufft GB/s err)"
bench_rows big-c2c-32 big-c2c-64 big-r2c-32 $(cd $L && ls big2-*.log 2>/dev/null | sed 's/\.log$//')
echo "== GFP_GPU_4S3=0 and the shapes: kind prec n GB/s err"
for f in $L/big-*-old.log $L/shape-*.log; do
  [ -f $f ] || continue
  awk -v f=$(basename $f .log) '/^gpu/ {printf "%s %s %s %s %s err %s\n", f, $2, $3, $4, $7, $NF}' $f
  grep -h -m1 "gfp_large" $f | sed 's/.*L=[0-9]*, //' | cut -c1-60
done
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_gpu_large-racecheck test_gpu_large-full; do [ -f $L/$t.log ] && sum $t; done
grep -h "nested\|powers of two" $L/test_gpu_large*.log 2>/dev/null | cut -c1-200
(cd $OUT && tar -czf logs.tgz logs && rm -rf logs)
