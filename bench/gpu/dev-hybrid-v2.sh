#!/bin/sh
# bench/gpu/dev-hybrid-v2.sh - issue 7's hybrid engine on the H100 machine,
# one call (~5-6 min; at most 90 + 90 + 380 s by its timeouts, so the
# table prints inside the tool's 600 s even when the sweep is cut):
# test_model, test_hybrid and tests/cli/hybrid.sh (quick), the machine's
# layout (NUMA, GPU link), then bench/hybrid-sweep.sh over three
# out-of-core sizes, the done-when table printed last.
#
# Pack (on the dev box, from the repository root of branch hybrid-ooc, with
# a CUDA build in build/):
#   (cd build && make -j2 src/gfftpipe tests/unit/test_hybrid \
#        tests/unit/test_model tests/cli/fft2ref tests/cli/refdft) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#        tests/unit/test_hybrid tests/unit/test_model tests/cli/fft2ref \
#        tests/cli/refdft
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT sh bench/gpu/dev-hybrid-v2.sh
# PHASE (default "tests hyb") picks the parts; SIZES, STEP, RMIN, REPS, AB
# go to the sweep (defaults there: 8192x8192 16384x16384 8192x32768, 0.05,
# 0.5, 3, first). Logs in $OUT/logs.tgz.
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe; U=$PWD/build/tests/unit
PHASE=${PHASE:-tests hyb}
nvidia-smi -L
echo "host: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); NUMA: $(lscpu | grep -E '^NUMA node' | tr -s ' ' | tr '\n' ';')"
nvidia-smi topo -m 2>/dev/null | head -4
cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null | sed 's/^/THP: /'
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  tests)
    (cd build && timeout 60 $U/test_model) > $L/tmodel.log 2>&1
    echo "test_model rc=$? $(grep -A3 'Run Summary' $L/tmodel.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/tmodel.log | head -4
    (cd build && GFP_TEST_QUICK=1 timeout 90 $U/test_hybrid) > $L/thyb.log 2>&1
    echo "test_hybrid rc=$? $(grep -A3 'Run Summary' $L/thyb.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/thyb.log | head -4
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 90 sh tests/cli/hybrid.sh > $L/hybrid-cli.log 2>&1
    echo "hybrid.sh rc=$? $(tail -n 1 $L/hybrid-cli.log)"; grep -E '^(FAIL|SKIP)' $L/hybrid-cli.log | head -6
    ;;
  hyb)
    OUT=$L/hyb GFFTPIPE=$G F2REF=$PWD/build/tests/cli/fft2ref WISDOM=$PWD/build/hyb2.wisdom \
      timeout ${HYB_T:-380} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
    echo "hybrid-sweep rc=$?"
    grep -E '^(ok|FAIL)|beside|saved|^\[|sweep \(r|split passes' $L/hyb/sweep.log 2>/dev/null
    grep -h "hybrid: r .*predicted .* per plane" $L/hyb/runs.log 2>/dev/null | head -3
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs
# last: the A/B runs and the done-when table (written row by row, so a
# timeout still shows the sizes done)
if [ -f $L/hyb/table.txt ]; then
  echo; echo "== A/B (GPU 3 vs 2 batches in flight; CPU blocked with streaming stores, plain stores, old transposed pass), median of ${REPS:-3}"
  cat $L/hyb/ab.txt 2>/dev/null
  echo; echo "== done-when: speedup >= 1.15x, |dr| <= 0.05, err within 15% on the * row (16x calibration)"
  cat $L/hyb/table.txt
fi
rm -rf $L
