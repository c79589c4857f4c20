#!/bin/sh
# bench/gpu/dev-v12.sh - the closing calls of the stop after v8 (issue 3's
# 3000 as 30 x 10 x 10, the side-by-side bench) and the merged branches.
# PHASE=tests: the GPU suites (quick) at once, compute-sanitizer memcheck
# and racecheck on test_gpu_2d and test_gpu_large, tests/cli/fft2-gpu.sh.
# PHASE=b3: issue 3's done-when: the bench tables, bench --pipeline (4 GiB
# cf32, n 4096) and five runs of `gfftpipe fft --n 4096 --engine gpu < F >
# /dev/null` alternating with `cat F > /dev/null` (F: 4 GiB in /dev/shm).
# PHASE=b4: issue 4's lengths. PHASE=b2d: bench --2d against cuFFT.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_gpu_2d tests/unit/test_gpu_large \
#         tests/unit/test_engine_gpu tests/unit/test_gpu_algorithms \
#         tests/cli/fft2ref tests/cli/refdft
# Logs in $OUT/logs.tgz; the tables are printed last.
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
    for t in test_gpu_2d test_gpu_large test_engine_gpu test_gpu_algorithms; do
      (cd build && GFP_TEST_QUICK=1 timeout 200 $U/$t > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log) &
    done
    wait
    for t in test_gpu_2d test_gpu_large test_engine_gpu test_gpu_algorithms; do sum $t; done
    for t in test_gpu_2d test_gpu_large; do for tool in memcheck racecheck; do
      (cd build && GFP_TEST_QUICK=1 timeout ${SAN_T:-280} compute-sanitizer --tool $tool --error-exitcode 9 \
        $U/$t > $L/$t-$tool.log 2>&1; echo "rc=$?" >> $L/$t-$tool.log) &
    done; done
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
    echo "fft2-gpu.sh rc=$? $(tail -n 1 $L/fft2-gpu.log)"; grep -E '^(FAIL|SKIP)' $L/fft2-gpu.log | head -6
    wait
    for t in test_gpu_2d test_gpu_large; do for tool in memcheck racecheck; do sum $t-$tool; done; done
    ;;
  b3)
    B="timeout 200 $G bench --engines gpu,cufft"
    $B --kind c2c --precision f32,f64 --sizes 8..8192 > $L/b-c2c.log 2>&1
    $B --kind r2c --precision f32 --sizes 64..8192 > $L/b-r2c.log 2>&1
    $B --kind c2c --precision f32,f64 --sizes 1000,1331,2187,2197,2401,3000,3125,4095 > $L/b-smooth.log 2>&1
    head -c $((4 << 30)) /dev/urandom > /dev/shm/4GiB.cf32
    timeout 200 $G bench --pipeline --engines gpu,cufft --kind c2c --precision f32 --sizes 4096 > $L/b-pipe.log 2>&1
    for i in 1 2 3 4 5; do
      a=$(date +%s.%N); $G fft --n 4096 --in-format cf32 --engine gpu < /dev/shm/4GiB.cf32 > /dev/null; b=$(date +%s.%N)
      cat /dev/shm/4GiB.cf32 > /dev/null; c=$(date +%s.%N)
      awk -v i=$i -v a=$a -v b=$b -v c=$c 'BEGIN { printf "%d gfftpipe %.3f s  cat %.3f s  ratio %.3f\n", i, b - a, c - b, (b - a) / (c - b) }'
    done > $L/b-cat.log 2>&1
    # where the stream's time goes: the GPU engine's start-up on an empty
    # input, the CPU engine on the same file
    for i in 1 2 3; do
      a=$(date +%s.%N); $G fft --n 4096 --in-format cf32 --engine gpu < /dev/null > /dev/null; b=$(date +%s.%N)
      $G fft --n 4096 --in-format cf32 --engine cpu --threads 16 < /dev/shm/4GiB.cf32 > /dev/null; c=$(date +%s.%N)
      awk -v i=$i -v a=$a -v b=$b -v c=$c 'BEGIN { printf "%d empty input, gpu %.3f s  4 GiB, cpu 16 threads %.3f s\n", i, b - a, c - b }'
    done >> $L/b-cat.log 2>&1
    rm -f /dev/shm/4GiB.cf32
    ;;
  b4)
    timeout 250 $G bench --engines gpu,cufft --kind c2c,r2c --precision f32,f64 \
      --sizes 4093,4241,7727,16384,45045,33728,100000 > $L/b-large.log 2>&1
    ;;
  b2d)
    B2="timeout 200 $G bench --2d --engines gpu,cufft"
    $B2 --kind c2c,r2c --precision f32 --sizes 4096x4096,16384x16384,1920x1080,3840x2160 > $L/b-2d.log 2>&1
    $B2 --kind c2c --precision f64 --sizes 4096x4096 > $L/b-2d64.log 2>&1
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs
for f in b-c2c b-r2c b-smooth b-pipe b-cat b-large b-2d b-2d64; do
  [ -f $L/$f.log ] && { echo "== $f"; grep -v '^#' $L/$f.log; }
done
rm -rf $L
