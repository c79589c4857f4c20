#!/bin/sh
# bench/gpu/dev-v29.sh - stop 25's device calls (issue 7): does the
# hybrid's GPU part lose its time waiting for a core? fft2's split passes
# run FFTW on --threads threads (all the cores) while the GPU part's
# thread sleeps in each batch's wait (engine.c: gfp_hybrid_block_sync);
# each wake-up then waits for a core that 16 busy FFTW threads hold.
#
# Phases (PHASE, default "split"):
#   split fft2 C2C f32 at SIZE (default 8192x8192) out of core (--gpu-mem a
#         quarter), median of 3, twice alternating: the GPU alone, the CPU
#         alone at TH and TH-1 threads, the hybrid at --ratio RATIO (0.75)
#         at TH, TH-1 and TH-2 threads, spinning (the default since call 1)
#         and sleeping (GFP_HYB_SLEEP=1) waits, and with GFP_FFT2_TILE=0
#         (-v: the parts). Call 1 ran commit 279bc9a, where sleeping was
#         the default and GFP_HYB_SPIN=1 spun.
#   odd   the hybrid at SIZE, 16 threads, --ratio 0.786, 0.75 and 0.728,
#         twice (-v: the parts; call 1 saw the CPU part 3.5x slower at the
#         model's r 0.786 than at 0.728)
#   cal   calibrate at each thread count of CALT (default "TH TH-1"),
#         ROUNDS (2) times alternating, with SLEEP (GFP_HYB_SLEEP; unset:
#         spinning waits),
#         and fft2 --engine hybrid at SIZE with each model
#   hyb   bench/hybrid-sweep.sh at SIZES (default its three), THREADS
#         (default TH), RMIN (0.6), with SLEEP
#   t2d   tests/cli/fft2-gpu.sh (pack tests/cli/refdft too)
#   final the GPU suites quick, memcheck on test_gpu_large quick,
#         gpu-faults.sh (pack test_gpu_large, test_engine_gpu, test_gpu_2d
#         and tests/fault/gpufault.so and tests/cli/refdft too: gpu-faults.sh
#         needs refdft, which call 5 lacked)
# Pack (dev box, repository root; build/ configured with CUDA_ARCHS=90):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe tests/cli/fft2ref
# Run (device tool): carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v29.sh
PHASE=${PHASE:-split}
. bench/gpu/dev-common.sh
hyb_env
SIZE=${SIZE:-8192x8192}
GM=$(( ${SIZE%x*} * ${SIZE#*x} * 2 ))
RATIO=${RATIO:-0.75}
# f2 ENGINE-ARGS...: fft2 at SIZE, median of 3, its -v lines; the GPU
# engines out of core with $OC (the CPU engine refuses --gpu-mem: call 1's
# CPU rows printed nothing)
OC="--gpu-mem $GM"
f2() {
  timeout 60 $G fft2 -v --wisdom $W --size $SIZE --repeat 3 \
    --in-format cf32 --out-format cf32 "$@" $D/data.cf32 - 2>&1 >/dev/null |
    grep -E 'hybrid: r|transforms|split passes|rror' | cut -c1-220
}
D=$(mktemp -d)
if ph split || ph cal || ph odd; then mkdata $D $SIZE; fi
ph final && quick_suites
if ph t2d; then
  GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
  echo "fft2-gpu.sh rc=$? $(tail -n 1 $L/fft2-gpu.log)" > $L/t2d.txt
  grep -E '^(not ok|FAIL)' $L/fft2-gpu.log | head -8 >> $L/t2d.txt
fi
if ph split; then
  for i in 1 2; do
    echo "## gpu alone"; f2 --engine gpu $OC
    for t in $TH $((TH - 1)); do echo "## cpu alone $t"; f2 --engine cpu --threads $t; done
    for t in $TH $((TH - 1)) $((TH - 2)); do
      echo "## hybrid $RATIO threads $t sleep"; GFP_HYB_SLEEP=1 f2 --engine hybrid $OC --ratio $RATIO --threads $t
      echo "## hybrid $RATIO threads $t spin"; f2 --engine hybrid $OC --ratio $RATIO --threads $t
    done
    echo "## hybrid $RATIO threads $TH spin tile=0"; GFP_FFT2_TILE=0 f2 --engine hybrid $OC --ratio $RATIO --threads $TH
  done > $L/split.log 2>&1
fi
if ph odd; then
  for i in 1 2; do
    for r in 0.786 0.75 0.728; do echo "## hybrid $r threads $TH"; f2 --engine hybrid $OC --ratio $r --threads $TH; done
  done > $L/odd.log 2>&1
fi
if ph cal; then
  ( [ -z "${SLEEP:-}" ] || export GFP_HYB_SLEEP=$SLEEP
  for i in $(seq ${ROUNDS:-2}); do
    for t in ${CALT:-$TH $((TH - 1))}; do
      timeout 120 $G calibrate -v --threads $t --wisdom $W -o $L/model-$t-$i > /dev/null 2> $L/cal-$t-$i.log
      echo "## calibrate threads $t round $i: $(grep -h 'beside' $L/cal-$t-$i.log | sed 's/.*split at/split at/' | cut -c1-160 | tr '\n' ' ')"
      GFFTPIPE_MODEL=$L/model-$t-$i f2 --engine hybrid $OC --threads $t
    done
  done ) > $L/cal.log 2>&1
fi
rm -rf $D
if ph hyb; then
  OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES=${SIZES:-8192x8192 16384x16384 8192x32768} AB=0 THREADS=${THREADS:-$TH} \
    RMIN=${RMIN:-0.6} env ${SLEEP:+GFP_HYB_SLEEP=$SLEEP} timeout ${HYB_T:-330} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
  echo "hybrid-sweep rc=$?"
fi
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults; do [ -f $L/$t.log ] && sum $t; done
echo "== t2d"; cat $L/t2d.txt 2>/dev/null
echo "== split"; cat $L/split.log 2>/dev/null
echo "== odd"; cat $L/odd.log 2>/dev/null
echo "== cal"; cat $L/cal.log 2>/dev/null
echo "== sweep"
grep -E '^(ok|FAIL)|beside|sweep \(r' $L/hyb/sweep.log 2>/dev/null | cut -c1-300
cat $L/hyb/table.txt 2>/dev/null
(cd $OUT && tar -czf logs.tgz logs && rm -rf logs)
