#!/bin/sh
# bench/gpu/dev-v17.sh - one GPU-machine call: the 2D pass of 16384 as
# pipelined persistent clusters (pckernel, A/B alts 11: 512 threads, 12:
# 1024 threads, with GFP_GPU_2D_CL=2, 4, 8) against the product's ckernel
# (clusters of 4): correctness first (tests/cli/fft2-gpu.sh on the A/B
# binary at each alt, compute-sanitizer memcheck and racecheck of an fft2
# of 16384x300), then bench --2d C2C f32 16384x16384 against cuFFT.
#   build the A/B binary: rm -rf build-ab && cp -a build build-ab &&
#     rm build-ab/kernels/gfp_gpu_fast_2d.o &&
#     make -C build-ab NVCCFLAGS=-DGFP_FAST_AB src/gfftpipe
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/cli/fft2ref tests/cli/refdft $PWD/build-ab/src/gfftpipe
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v17.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe; A=$PWD/build/x/gfftpipe; R=$PWD/build/tests/cli/refdft
nvidia-smi -L
VARS=${VARS:-"11:4 12:4 11:2 11:8"}; CVARS=${CVARS:-"11:4 12:4"}
t0=$(date +%s)
for v in $CVARS; do
  a=${v%:*} c=${v#*:}
  GFP_FAST_ALT=$a GFP_GPU_2D_CL=$c GFFTPIPE=$A TOP_BUILDDIR=$PWD/build timeout 150 sh tests/cli/fft2-gpu.sh > $L/f2-$a-$c.log 2>&1
  echo "fft2-gpu.sh alt $a cl $c: rc=$? $(tail -n 1 $L/f2-$a-$c.log)"; grep -E '^(FAIL|not ok)' $L/f2-$a-$c.log | head -4
done
mkdir -p $L/d && (cd $L/d && $R gen cf32 $((16384 * 300)) 5 > c.cf32)
for tool in memcheck racecheck; do
  r=$(cd $L/d && GFP_FAST_ALT=11 GFP_GPU_2D_CL=4 timeout 200 compute-sanitizer --tool $tool $A fft2 --engine gpu --size 16384x300 --in-format cf32 c.cf32 o.cf32 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)
  echo "alt 11 cl 4 $tool: $r"
done
echo "[checks: $(( $(date +%s) - t0 )) s]"
B="bench --2d --kind c2c --precision f32 --sizes 16384x16384"
timeout 120 $G $B --engines gpu,cufft > $L/b-prod.log 2>&1
for v in $VARS; do
  a=${v%:*} c=${v#*:}
  GFP_FAST_ALT=$a GFP_GPU_2D_CL=$c timeout 120 $A $B --engines gpu > $L/b-$a-$c.log 2>&1
done
echo "== C2C f32 16384x16384 (product: ckernel in clusters of 4), then the alts (gpu only)"
cat $L/b-prod.log
for v in $VARS; do echo "alt:cl $v: $(grep '^gpu' $L/b-${v%:*}-${v#*:}.log)"; done
