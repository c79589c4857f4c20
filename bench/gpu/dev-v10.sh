#!/bin/sh
# bench/gpu/dev-v10.sh - the merged tree on the GPU machine: the on-device
# 2D FFT (issue 7), the one-block Bluestein and C2C f32 16384 (issue 4), and
# issue 3's table after v7. PHASE=tests: the GPU suites (quick) at once,
# then compute-sanitizer memcheck and racecheck on the two new ones, and
# tests/cli/fft2-gpu.sh; PHASE=bench: the product bench tables (1D issue 3,
# 1D issue 4 with the old Bluestein kernel beside, bench --2d against
# cuFFT). Needs .devpack/pack.tar.xz (bench/gpu/pack.sh of build/:
# src/gfftpipe, tests/unit/test_gpu_2d, test_gpu_large, test_engine_gpu,
# tests/cli/fft2ref, tests/cli/refdft). Logs in $OUT/logs.tgz.
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe; U=$PWD/build/tests/unit
PHASE=${PHASE:-tests}
nvidia-smi -L
sum() { echo "$1: $(grep -A3 'Run Summary' $L/$1.log | grep asserts | tr -s ' ') $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $L/$1.log | tail -1) $(tail -1 $L/$1.log)"
        grep -E '^ +[0-9]+\. ' $L/$1.log | head -4; }
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  tests)
    for t in test_gpu_2d test_gpu_large test_engine_gpu; do
      (cd build && GFP_TEST_QUICK=1 timeout 200 $U/$t > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log) &
    done
    wait
    for t in test_gpu_2d test_gpu_large test_engine_gpu; do sum $t; done
    for t in test_gpu_2d test_gpu_large; do for tool in memcheck racecheck; do
      (cd build && GFP_TEST_QUICK=1 timeout ${SAN_T:-280} compute-sanitizer --tool $tool --error-exitcode 9 \
        $U/$t > $L/$t-$tool.log 2>&1; echo "rc=$?" >> $L/$t-$tool.log) &
    done; done
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
    echo "fft2-gpu.sh rc=$? $(tail -n 1 $L/fft2-gpu.log)"; grep -E '^(FAIL|SKIP)' $L/fft2-gpu.log | head -6
    wait
    for t in test_gpu_2d test_gpu_large; do for tool in memcheck racecheck; do sum $t-$tool; done; done
    ;;
  bench)
    B="timeout 200 $G bench --engines gpu,cufft"
    $B --kind c2c --precision f32,f64 --sizes 8..8192 > $L/b-c2c.log 2>&1
    $B --kind r2c --precision f32 --sizes 64..8192 > $L/b-r2c.log 2>&1
    $B --kind c2c --precision f32,f64 --sizes 1000,1331,2187,2197,2401,3000,3125,4095 > $L/b-smooth.log 2>&1
    $B --kind c2c,r2c --precision f32,f64 --sizes 4093,4241,7727,16384,45045,33728,100000 > $L/b-large.log 2>&1
    GFP_GPU_NOBLUEF=1 $B --kind c2c,r2c --precision f32 --sizes 4093,7727 > $L/b-large-old.log 2>&1
    B2="timeout 200 $G bench --2d --engines gpu,cufft"
    $B2 --kind c2c,r2c --precision f32 --sizes 4096x4096,16384x16384,1920x1080,3840x2160 > $L/b-2d.log 2>&1
    $B2 --kind c2c --precision f64 --sizes 4096x4096 > $L/b-2d64.log 2>&1
    $B2 --kind c2r --precision f32 --sizes 1920x1080,3840x2160 > $L/b-2dc2r.log 2>&1
    GFP_GPU_NO2D=1 $B2 --kind c2c,r2c --sizes 4096x4096,1920x1080 > $L/b-2d-no2d.log 2>&1
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs
for f in b-c2c b-r2c b-smooth b-large b-large-old b-2d b-2d64 b-2dc2r b-2d-no2d; do
  [ -f $L/$f.log ] && { echo "== $f"; grep -v '^#' $L/$f.log; }
done
rm -rf $L
