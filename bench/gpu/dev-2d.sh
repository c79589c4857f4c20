#!/bin/sh
# bench/gpu/dev-2d.sh [BUILD] - one GPU-machine call for issue 7's on-device
# 2D FFT (gfp_gpu_plan2d): the 2D unit suite, compute-sanitizer on it,
# fft2 --engine gpu against FFTW, and `gfftpipe bench --2d` against
# cuFFT's 2D plans. With .devpack/pack.tar.xz present (carry .devpack), it
# is unpacked afresh into BUILD (default build-2d); made here with
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#       tests/unit/test_gpu_2d tests/cli/fft2ref tests/cli/refdft
# Without a pack, BUILD must be a build dir holding those.
# PHASE picks the parts (default "tests san bench"; about 10 minutes in
# all, so two calls: PHASE="tests san", then PHASE="full fft2 bench"):
#   tests  test_gpu_2d with GFP_TEST_QUICK=1 (small sizes, every pass kernel)
#   full   test_gpu_2d, every size (issue sizes, each also via GFP_GPU_NO2D)
#   san    memcheck, racecheck, initcheck of the quick suite
#   fft2   tests/cli/fft2-gpu.sh: fft2/ifft2 --engine gpu (the whole-array
#          path and GFP_FFT2_PIECEWISE=1) against FFTW 2D
#   ab     the 2D pass kernels' A/B alternatives (gfp_gpu_fast_2d.cu):
#          GFP_FAST_ALT=0..3 on a gfftpipe built with
#          make NVCCFLAGS=-DGFP_FAST_AB (AB_G, default BUILD/x/gfftpipe:
#          pack.sh's place for an extra file given as an absolute path)
#   bench  bench --2d, gpu and cufft: f32 c2c,r2c at 4096x4096,
#          16384x16384, 1920x1080, 3840x2160; f64 c2c 4096x4096; f32 c2r of
#          the image sizes; the gpu engine with GFP_GPU_NO2D=1 (1D plans +
#          transposes, four passes) at 4096x4096 for the difference
# Logs under $OUT (logs.tgz); the bench table last on stdout.
set -u
BUILD=${1:-${BUILD:-build-2d}}
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
if [ -f .devpack/pack.tar.xz ] && [ -z "${SKIP_UNPACK:-}" ]; then
  # afresh: a build dir left on the machine by an earlier call may be stale
  rm -rf "$BUILD" && mkdir -p "$BUILD" && tar -xJf .devpack/pack.tar.xz -C "$BUILD" || exit 1
fi
[ -x "$BUILD/src/gfftpipe" ] && [ -x "$BUILD/tests/unit/test_gpu_2d" ] ||
  { echo "dev-2d: no $BUILD/src/gfftpipe or tests/unit/test_gpu_2d (and no .devpack/pack.tar.xz)" >&2; exit 1; }
BUILD=$(cd "$BUILD" && pwd)
export LD_LIBRARY_PATH=$BUILD/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
G=$BUILD/src/gfftpipe
T2=$BUILD/tests/unit/test_gpu_2d
PHASE=${PHASE:-tests san bench}
nvidia-smi -L
summary() { # LOG: CUnit's asserts line and the first failures
  echo "  $(grep -A3 'Run Summary' "$1" | grep asserts | tr -s ' ')"
  grep -E '^ +[0-9]+\. |FAIL|skipped' "$1" | head -12
}
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  tests)
    GFP_TEST_QUICK=1 timeout 120 "$T2" > "$L/t2d-quick.log" 2>&1
    echo "test_gpu_2d quick rc=$?"; summary "$L/t2d-quick.log"
    ;;
  full)
    timeout 400 "$T2" > "$L/t2d-full.log" 2>&1
    echo "test_gpu_2d full rc=$?"; summary "$L/t2d-full.log"
    ;;
  san)
    for tool in memcheck racecheck initcheck; do
      GFP_TEST_QUICK=1 timeout 240 compute-sanitizer --tool $tool --error-exitcode 9 \
        "$T2" > "$L/san-$tool.log" 2>&1
      echo "$tool rc=$? $(grep 'ERROR SUMMARY\|RACECHECK SUMMARY' "$L/san-$tool.log" | tail -1)"
      grep -E '^ +[0-9]+\. |Invalid|hazard|Uninitialized' "$L/san-$tool.log" | head -6
    done
    ;;
  fft2)
    GFFTPIPE=$G TOP_BUILDDIR=$BUILD timeout 300 sh tests/cli/fft2-gpu.sh > "$L/fft2-gpu.log" 2>&1
    echo "fft2-gpu.sh rc=$? $(tail -n 1 "$L/fft2-gpu.log")"
    grep -E '^(FAIL|SKIP)' "$L/fft2-gpu.log" | head -8
    ;;
  ab)
    AB_G=${AB_G:-$BUILD/x/gfftpipe}
    if [ ! -x "$AB_G" ]; then
      echo "ab: no $AB_G (a gfftpipe built with -DGFP_FAST_AB)"
    else
      for alt in 0 1 2 3; do
        GFP_FAST_ALT=$alt timeout 150 "$AB_G" bench --2d --engines gpu --reps ${REPS:-10} \
          --kind c2c,r2c --sizes 4096x4096,2048x2048,1024x1024,1920x1080,3840x2160 \
          > "$L/ab-$alt.log" 2>&1
        echo "alt $alt rc=$?"
        grep '^gpu ' "$L/ab-$alt.log" | sed "s/^/  alt $alt: /"
      done
    fi
    ;;
  bench)
    B="timeout ${BENCH_T:-400} $G bench --2d --engines gpu,cufft --reps ${REPS:-10} --warmup 2"
    $B --kind c2c,r2c --precision f32 \
      --sizes 4096x4096,16384x16384,1920x1080,3840x2160 > "$L/bench-f32.log" 2> "$L/bench-f32.err"
    echo "bench f32 rc=$?"
    $B --kind c2c --precision f64 --sizes 4096x4096 > "$L/bench-f64.log" 2> "$L/bench-f64.err"
    echo "bench f64 rc=$?"
    $B --kind c2r --precision f32 --sizes 1920x1080,3840x2160 > "$L/bench-c2r.log" 2> "$L/bench-c2r.err"
    echo "bench c2r rc=$?"
    GFP_GPU_NO2D=1 timeout 200 $G bench --2d --engines gpu,cufft --reps ${REPS:-10} --warmup 2 \
      --kind c2c,r2c --sizes 4096x4096 > "$L/bench-no2d.log" 2> "$L/bench-no2d.err"
    echo "bench GFP_GPU_NO2D=1 rc=$?"
    cat "$L"/bench-*.err | head -8
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
if ls "$L"/bench-*.log > /dev/null 2>&1; then
  echo "---- bench --2d (GB/s: the whole transform's in + out once; floor of a"
  echo "---- two-pass 2D FFT at the 2967 GB/s copy rate: ~1480 GB/s)"
  for f in f32 f64 c2r no2d; do
    [ -f "$L/bench-$f.log" ] || continue
    [ $f = no2d ] && echo "(GFP_GPU_NO2D=1: 1D plans + transposes)"
    [ $f = f32 ] && head -n 1 "$L/bench-$f.log"
    grep -E '^(gpu|cufft) ' "$L/bench-$f.log"
  done
fi
tar -czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "$L"
