#!/bin/sh
# bench/gpu/dev-v30.sh - stop 26's device calls (issue 7): calibrate's
# copy probe where fft2's copies are (whole batches for the row pass,
# runs 64 KiB apart for the column pass), and fft2 -vv's line for each
# split pass.
#
# Phases (PHASE, default "cal hyb"):
#   cal   calibrate -v at TH threads, ROUNDS (2) times: its probe lines
#         and the gpu_copy fit; then fft2 -vv --engine hybrid at SIZE
#         (default 8192x8192) out of core (--gpu-mem a quarter) with each
#         model, median of 3 (the split passes' lines)
#   hyb   bench/hybrid-sweep.sh at SIZES (default its three), THREADS
#         (default TH), RMIN (0.6), REPS (5)
#   chunk ab (below) over GFP_FFT2_GPU_CHUNK_MIB in CHUNKS (default 8 16
#         32 64; the --gpu-mem cap may hold it lower), one round
#   colab ab over GFP_FFT2_COL_FRAMES in COLS (default 0 128 256: the
#         column pass's batches at least that many frames; a277404 only)
#   plan  the GPU engine's start-up at lengths of every route (issue 4's
#         plan cache: is there time to save?): fft --engine gpu on one
#         padded frame with GFP_TRACE=1, twice each; the trace's lines
#   t2d   tests/cli/fft2-gpu.sh and tests/cli/hybrid.sh (pack
#         tests/cli/refdft and tests/cli/fft2ref)
#   final the GPU suites quick, memcheck on test_gpu_large quick,
#         gpu-faults.sh (pack test_gpu_large, test_engine_gpu, test_gpu_2d
#         and tests/fault/gpufault.so too)
# Pack (dev box, repository root):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#     tests/cli/fft2ref tests/cli/refdft
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT PHASE='...' sh bench/gpu/dev-v30.sh
PHASE=${PHASE:-cal hyb}
. bench/gpu/dev-common.sh
hyb_env
SIZE=${SIZE:-8192x8192}
GM=$(( ${SIZE%x*} * ${SIZE#*x} * 2 ))
D=$(mktemp -d)
# ab VAR VALUES: at each size of SIZES (default the sweep's three), out of
# core (--gpu-mem a quarter), ROUNDS (3) rounds alternating VAR over
# VALUES: the GPU alone and the hybrid at --ratio RATIO (0.8), median of 3
# each, with -v; ab_table LOG: a line a setting, its rounds' times
ab() {
  for SIZE in ${SIZES:-8192x8192 16384x16384 8192x32768}; do
    mkdata $D $SIZE
    GM=$(( ${SIZE%x*} * ${SIZE#*x} * 2 ))
    for i in $(seq ${ROUNDS:-3}); do
      for v in $2; do
        for e in gpu "hybrid --ratio ${RATIO:-0.8}"; do
          echo "## $SIZE $1=$v round $i $e"
          env "$1=$v" timeout 60 $G fft2 -v --wisdom $W --size $SIZE --repeat 3 \
            --in-format cf32 --out-format cf32 --engine $e --gpu-mem $GM --threads $TH $D/data.cf32 - 2>&1 >/dev/null |
            grep -E 'transforms|split passes|rror' | cut -c1-240
        done
      done
    done
  done
}
ab_table() {
  awk '/^## /{k=$2 " " $3 " " $6 ($7 ? " " $7 " " $8 : "")} /transforms/{for(i=1;i<=NF;i++) if($i=="transforms") v[k]=v[k] " " $(i+1); if(!(k in o)){o[k]=++n; key[n]=k}} END{for(j=1;j<=n;j++) printf "%-52s%s\n", key[j], v[key[j]]}' $1
}
ph final && quick_suites
if ph chunk; then
  ROUNDS=1 ab GFP_FFT2_GPU_CHUNK_MIB "${CHUNKS:-8 16 32 64}" > $L/chunk.log 2>&1
  ab_table $L/chunk.log > $L/chunk.txt
fi
if ph plan; then
  for n in 4096 16384 65536 1048576 16777216 134217728 4093 45045 100003 1048573; do
    for i in 1 2; do
      echo "## n $n run $i"
      head -c 64 /dev/zero | GFP_TRACE=1 timeout 60 $G fft --n $n --engine gpu --tail pad -v - /dev/null 2>&1 |
        grep -E 'engine open|sink open|pipeline: plan|host buffers|run done|rror' | cut -c1-200
    done
  done > $L/plan.log 2>&1
fi
ph t2d && cli_2d
if ph cal; then
  mkdata $D $SIZE
  for i in $(seq ${ROUNDS:-2}); do
    timeout 120 $G calibrate -v --threads $TH --wisdom $W -o $L/model-$i > /dev/null 2> $L/cal-$i.log
    echo "## calibrate round $i (rc $?)"
    grep -E 'copies alone|gpu_copy|beside' $L/cal-$i.log | cut -c1-200
    echo "## fft2 -vv hybrid at $SIZE with model $i"
    GFFTPIPE_MODEL=$L/model-$i timeout 60 $G fft2 -vv --wisdom $W --size $SIZE --repeat 3 \
      --in-format cf32 --out-format cf32 --engine hybrid --gpu-mem $GM --threads $TH $D/data.cf32 - 2>&1 >/dev/null |
      grep -E 'hybrid: r|transforms|split pass|rror' | cut -c1-240
  done > $L/cal.log 2>&1
fi
if ph hyb; then
  OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES=${SIZES:-8192x8192 16384x16384 8192x32768} AB=0 THREADS=${THREADS:-$TH} \
    RMIN=${RMIN:-0.6} REPS=${REPS:-5} timeout ${HYB_T:-400} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
  echo "hybrid-sweep rc=$?"
fi
if ph colab; then
  ab GFP_FFT2_COL_FRAMES "${COLS:-0 128 256}" > $L/colab.log 2>&1
  ab_table $L/colab.log > $L/colab.txt
fi
rm -rf $D
show_tests
echo "== t2d"; cat $L/t2d.txt 2>/dev/null
echo "== cal"; cat $L/cal.log 2>/dev/null
echo "== chunk"; cat $L/chunk.txt 2>/dev/null
echo "== colab"; cat $L/colab.txt 2>/dev/null
echo "== plan"; cat $L/plan.log 2>/dev/null
show_sweep $L/hyb
pack_logs
