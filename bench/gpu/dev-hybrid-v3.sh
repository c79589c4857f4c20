#!/bin/sh
# bench/gpu/dev-hybrid-v3.sh - issue 7's hybrid engine, model v3 (branch
# hybrid-model), on the H100 machine in one call: the host-copy probe
# (bench/gpu/hostcopy: array size x batch x 4 KiB vs huge pages x
# contiguous vs fft2's strided copy back), test_model, test_hybrid and
# tests/cli/hybrid.sh (quick), then bench/hybrid-sweep.sh (calibrate with
# its copy probe, correctness, 8192x8192 16384x16384 8192x32768 with
# --gpu-mem a quarter of the array, r from 0.4 in 0.05 steps, A/B on the
# first size: 2 batches in flight, GFP_NO_THP=1, the CPU's old passes),
# the done-when table printed last. Timeouts 60 + 20 + 20 + 60 + 60 + 350
# s (~4.5-5 min expected), so the table prints inside the tool's 600 s.
#
# Pack (on the dev box, from the repository root of branch hybrid-model,
# with a CUDA build in build/: ../configure CUDA_ARCHS=90):
#   (cd build && make -j2 src/gfftpipe tests/unit/test_hybrid \
#        tests/unit/test_model tests/cli/fft2ref tests/cli/refdft) &&
#   make -C bench/gpu hostcopy &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#        tests/unit/test_hybrid tests/unit/test_model tests/cli/fft2ref \
#        tests/cli/refdft "$PWD/bench/gpu/build/hostcopy"
# Run (device tool): carry [".devpack"], timeout_s 600, command
#   OUT=$OUT sh bench/gpu/dev-hybrid-v3.sh
# PHASE (default "probe tests hyb") picks the parts; SIZES, STEP, RMIN
# (default here 0.4), REPS, AB go to the sweep; HC_ARGS to hostcopy
# (default "-r 3"). Logs in $OUT/logs.tgz (the model file, calibrate -v,
# every run's fft2 -v).
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe; U=$PWD/build/tests/unit
PHASE=${PHASE:-probe tests hyb}
nvidia-smi -L
echo "host: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); NUMA: $(lscpu | grep -E '^NUMA node' | tr -s ' ' | tr '\n' ';')"
nvidia-smi topo -m 2>/dev/null | head -4
nvidia-smi --query-gpu=pcie.link.gen.current,pcie.link.width.current --format=csv,noheader 2>/dev/null | sed 's/^/PCIe gen, width: /'
echo "THP: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null); defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag 2>/dev/null)"
echo "IOMMU: $(ls /sys/class/iommu 2>/dev/null | wc -l) unit(s); cmdline: $(tr ' ' '\n' </proc/cmdline | grep -iE 'iommu|hugepage' | tr '\n' ' ')"
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  probe)
    # one table: mem (4k or thp), array, batch, allocate+register ms, share
    # of the arrays in huge pages, GB/s of h2d, d2h, both, both with the
    # strided copy back (fft2's, frames of 8192 cf32), the run and pitch
    timeout 60 build/x/hostcopy ${HC_ARGS:--r 3} > $L/hostcopy.log 2>&1
    echo "hostcopy rc=$?"
    cat $L/hostcopy.log
    # the DDIO / last-level cache question: the same without the flush
    timeout 20 build/x/hostcopy -F -s 32,512 -b 8 -r 3 > $L/hostcopy-F.log 2>&1
    echo "hostcopy -F (no cache flush) rc=$?"
    grep -v '^# [Tct]' $L/hostcopy-F.log
    ;;
  tests)
    (cd build && timeout 20 $U/test_model) > $L/tmodel.log 2>&1
    echo "test_model rc=$? $(grep -A3 'Run Summary' $L/tmodel.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/tmodel.log | head -4
    (cd build && GFP_TEST_QUICK=1 timeout 60 $U/test_hybrid) > $L/thyb.log 2>&1
    echo "test_hybrid rc=$? $(grep -A3 'Run Summary' $L/thyb.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/thyb.log | head -4
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 60 sh tests/cli/hybrid.sh > $L/hybrid-cli.log 2>&1
    echo "hybrid.sh rc=$? $(tail -n 1 $L/hybrid-cli.log)"; grep -E '^(FAIL|SKIP)' $L/hybrid-cli.log | head -6
    ;;
  hyb)
    OUT=$L/hyb GFFTPIPE=$G F2REF=$PWD/build/tests/cli/fft2ref WISDOM=$PWD/build/hyb3.wisdom \
      RMIN=${RMIN:-0.4} timeout ${HYB_T:-350} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
    echo "hybrid-sweep rc=$?"
    grep -E '^(ok|FAIL)|beside|saved|^\[|sweep \(r|split passes' $L/hyb/sweep.log 2>/dev/null
    grep -h "hybrid: r .*predicted .* per plane" $L/hyb/runs.log 2>/dev/null | head -3
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
[ -f $L/hyb/model ] && cp $L/hyb/model $OUT/model
tar -czf $OUT/logs.tgz -C $OUT logs
if [ -f $L/hyb/calibrate.log ]; then
  echo; echo "== calibrate: the copies alone (256 MiB arrays), the fitted GPU steps, the profiling passes against the model (f32)"
  grep -E "copies alone|(f32|f64) gpu_(copy|fft)|f32 GPU pass of|saved" $L/hyb/calibrate.log
fi
# last: the A/B runs and the done-when table (written row by row, so a
# timeout still shows the sizes done)
if [ -f $L/hyb/table.txt ]; then
  echo; echo "== A/B at the first size (GPU 3 vs 2 batches in flight, 3 with 4 KiB pages: GFP_NO_THP=1; CPU blocked with streaming stores, plain stores, old transposed pass), median of ${REPS:-3}"
  cat $L/hyb/ab.txt 2>/dev/null
  echo; echo "== done-when: speedup >= 1.15x, |dr| <= 0.05, err within 15% on the * row (16x calibration); gerr%: the model's GPU alone"
  cat $L/hyb/table.txt
fi
rm -rf $L
