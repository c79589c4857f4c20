#!/bin/sh
# bench/gpu/dev-v28.sh - stop 24's device calls (issue 7): calibrate's
# beside pass over enough arrays that the CPU's parts leave the L3 cache
# (filters/calibrate.c: nrot), against the four arrays of before
# (GFP_CAL_ROT=4), same binary, same call; then the sweep.
#
# Phases (PHASE, default "hyb cal"):
#   t2d  tests/cli/fft2-gpu.sh (fft2 on the GPU against fft2ref: tiles,
#        out of core, C2C and R2C, f32 and f64)
#   hyb  bench/hybrid-sweep.sh (calibrate as built, correctness, the
#        sweep) at SIZES (default 8192x8192 16384x16384), RMIN (0.6)
#   cal  the CPU's caches (lscpu); calibrate with each setting of CALV
#        (default "GFP_CAL_ROT=4 GFP_CAL_ROT=0"), ROUNDS times alternating, each model's beside factors, and
#        fft2 --engine hybrid at 8192x8192 out of core with each (the
#        model's r, its predicted and the measured time)
#   diag the GPU alone out of core at 8192x8192 (fft2 -v, median of 3):
#        this tree, GFP_NO_THP=1, the binary of stop 21's call 9 (commit
#        e716781, build/x/gfftpipe, packed as an absolute path), in core;
#        bench --pipeline; THP and NUMA of the machine (DSZ: the size,
#        default 8192x8192, --gpu-mem a quarter of it; DIAG_ALL=1: also
#        NO_THP, in core and cuFFT)
#   final the GPU suites on the final tree: test_gpu_large, test_engine_gpu
#        and test_gpu_2d quick, memcheck on test_gpu_large quick,
#        tests/cli/gpu-faults.sh (pack those four binaries too)
#   split fft2 at 8192x8192 out of core: the GPU alone and the hybrid at
#        --ratio 0.75, each with the tiled intermediate array (default) and
#        GFP_FFT2_TILE=0, twice alternating (-v: the parts' times)
#   n1   issue 4: Z2Z f64 2^21 and 2^22 (and f32 2^21 .. 2^24) at other
#        four-step factors (GFP_GPU_4S_N1 in N1S, default 512 1024 2048),
#        gpu and cufft beside the default
# Pack (dev box, repository root; build/ configured with CUDA_ARCHS=90):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe tests/cli/fft2ref
# Run (device tool): carry [".devpack"], command OUT=$OUT sh bench/gpu/dev-v28.sh
PHASE=${PHASE:-hyb cal}
. bench/gpu/dev-common.sh
hyb_env
ph final && quick_suites
if ph split; then
  D=$(mktemp -d); mkdata $D 8192x8192
  for i in 1 2; do
    for tile in "" 0; do
      for e in "gpu" "hybrid --ratio 0.75"; do
        echo "## tile=${tile:-default} $e"
        GFP_FFT2_TILE=$tile timeout 60 $G fft2 -v --engine $e --threads $TH --wisdom $W --size 8192x8192 \
          --gpu-mem 128Mi --repeat 3 --in-format cf32 --out-format cf32 $D/data.cf32 - 2>&1 >/dev/null |
          grep -E 'transforms|split passes' | cut -c1-190
      done
    done
  done > $L/split.log 2>&1
  rm -rf $D
fi
if ph t2d; then
  GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout ${T2D_T:-200} sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
  echo "fft2-gpu.sh rc=$? $(tail -n 1 $L/fft2-gpu.log)" > $L/t2d.txt
  grep -E '^(not ok|FAIL)' $L/fft2-gpu.log | head -8 >> $L/t2d.txt
fi
if ph hyb; then
  OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES=${SIZES:-8192x8192 16384x16384} AB=0 \
    RMIN=${RMIN:-0.6} timeout ${HYB_T:-330} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
  echo "hybrid-sweep rc=$?"
fi
if ph cal; then
  lscpu | grep -i -E 'model name|cache' > $L/lscpu.log
  D=$(mktemp -d); mkdata $D 8192x8192
  for i in $(seq ${ROUNDS:-2}); do
    for cv in ${CALV:-GFP_CAL_ROT=4 GFP_CAL_ROT=0}; do
      rot=$(echo $cv | tr -c 'A-Za-z0-9\n' _)
      env $cv timeout 120 $G calibrate -v --threads $TH --wisdom $W -o $L/model-$rot-$i > /dev/null 2> $L/cal-$rot-$i.log
      GFFTPIPE_MODEL=$L/model-$rot-$i timeout 60 $G fft2 -v --engine hybrid --threads $TH --wisdom $W \
        --size 8192x8192 --gpu-mem 128Mi --repeat 3 --in-format cf32 --out-format cf32 $D/data.cf32 - > /dev/null 2> $L/fft2-$rot-$i.log
    done
  done
  for e in gpu cpu; do
    timeout 60 $G fft2 -v --engine $e --threads $TH --wisdom $W --size 8192x8192 --gpu-mem 128Mi \
      --repeat 3 --in-format cf32 --out-format cf32 $D/data.cf32 - > /dev/null 2> $L/fft2-$e.log
  done
  rm -rf $D
fi
if ph diag; then
  { cat /sys/kernel/mm/transparent_hugepage/enabled; lscpu | grep -i -E 'numa|socket'; nvidia-smi topo -m; } > $L/diag-machine.log 2>&1
  DSZ=${DSZ:-8192x8192}
  D=$(mktemp -d); mkdata $D $DSZ
  f2() { timeout 60 "$@" --size $DSZ --repeat 3 --in-format cf32 --out-format cf32 $D/data.cf32 - 2>&1 >/dev/null | grep -E 'transforms|rror' | cut -c1-160; }
  for i in 1 2; do
    GM=$(( ${DSZ%x*} * ${DSZ#*x} * 2 ))
    echo "new gpu oc: $(f2 $G fft2 -v --engine gpu --gpu-mem $GM)"
    echo "old gpu oc: $(f2 build/x/gfftpipe fft2 -v --engine gpu --gpu-mem $GM)"
    echo "new cpu: $(f2 $G fft2 -v --engine cpu --threads $TH)"
    echo "old cpu: $(f2 build/x/gfftpipe fft2 -v --engine cpu --threads $TH)"
    [ -n "${DIAG_ALL:-}" ] || continue
    echo "new gpu oc NO_THP: $(GFP_NO_THP=1 f2 $G fft2 -v --engine gpu --gpu-mem $GM)"
    echo "new gpu in core: $(f2 $G fft2 -v --engine gpu)"
    echo "old gpu in core: $(f2 build/x/gfftpipe fft2 -v --engine gpu)"
    echo "new cufft oc: $(f2 $G fft2 -v --engine cufft --gpu-mem 128Mi)"
  done > $L/diag.log 2>&1
  timeout 60 $G bench --pipeline --sizes 4096 --total 2Gi >> $L/diag.log 2>&1
  rm -rf $D
fi
if ph n1; then
  for p in f64 f32; do
    sz=2097152,4194304; [ $p = f32 ] && sz=2097152,4194304,8388608,16777216
    timeout 120 $G bench --engines gpu,cufft --kind c2c --precision $p --sizes $sz --reps 5 > $L/n1-$p-def.log 2>&1
    for a in ${N1S:-512 1024 2048}; do
      GFP_GPU_LARGE_DEBUG=1 GFP_GPU_4S_N1=$a timeout 120 $G bench --engines gpu --kind c2c --precision $p --sizes $sz --reps 5 > $L/n1-$p-$a.log 2>&1
    done
  done
fi
echo "== n1: log engine prec n GB/s x-cufft"
for f in $L/n1-*.log; do
  [ -f $f ] || continue
  awk -v f=$(basename $f .log) '/^gpu|^cufft/ {printf "%s %s %s %s %s %s\n", f, $1, $3, $4, $7, $8}' $f
  grep -h 'gfp_large' $f | sed 's/.*L=//' | cut -c1-70 | sort -u
done
echo "== split"; cat $L/split.log 2>/dev/null
echo "== tests"
for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults; do [ -f $L/$t.log ] && sum $t; done
echo "== t2d"; cat $L/t2d.txt 2>/dev/null
echo "== diag"; cat $L/diag-machine.log $L/diag.log 2>/dev/null | cut -c1-200
echo "== CPU"; cat $L/lscpu.log 2>/dev/null
echo "== calibrate (each of CALV), fft2 8192x8192 hybrid with each model"
for f in $L/cal-*.log; do
  [ -f $f ] || continue
  b=$(basename $f .log); echo "$b: $(grep -h 'beside' $f | sed 's/.*split at/split at/' | cut -c1-200 | tr '\n' ' ')"
  grep -h -E 'hybrid: r|transforms' $L/fft2-${b#cal-}.log | cut -c1-200
done
for e in gpu cpu; do echo "fft2 $e alone: $(grep -h 'transforms' $L/fft2-$e.log 2>/dev/null | cut -c1-120)"; done
echo "== sweep"
grep -E '^(ok|FAIL)|beside|sweep \(r' $L/hyb/sweep.log 2>/dev/null | cut -c1-300
cat $L/hyb/table.txt 2>/dev/null
(cd $OUT && tar -czf logs.tgz logs && rm -rf logs)
