#!/bin/sh
# bench/gpu/dev-v14.sh - the stream's start-up and end (issue 3's fft/cat
# row), one GPU-machine call: GFP_TRACE=1 time stamps of an empty input and
# of 4 GiB; runs of `gfftpipe fft --n 4096 --engine gpu < F > /dev/null`
# alternating with `cat F > /dev/null` (F: 4 GiB cf32 in /dev/shm) with the
# parallel reads at 8 and 16 threads (GFP_READ_THREADS) and with and
# without GFP_EXIT_NOW=1 (_exit after the output is committed); first
# tests/cli/gpu-faults.sh (pinned allocation faults: the host buffers are
# now made on threads of their own while the plan is made).
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/cli/refdft tests/fault/gpufault.so tests/unit/test_engine_gpu
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v14.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe
PHASE=${PHASE:-cli start}
REPS=${REPS:-3}
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  cli)
    (cd build && GFP_TEST_QUICK=1 timeout 200 ./tests/unit/test_engine_gpu) > $L/teg.log 2>&1
    echo "test_engine_gpu quick: $(grep -A3 'Run Summary' $L/teg.log | grep asserts | tr -s ' ')"
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 200 sh tests/cli/gpu-faults.sh > $L/gpu-faults.log 2>&1
    echo "gpu-faults.sh rc=$? $(tail -n 1 $L/gpu-faults.log)"; grep -E '^(FAIL|SKIP)' $L/gpu-faults.log | head -6
    ;;
  start)
    F=/dev/shm/4GiB.cf32
    head -c $((4 << 30)) /dev/urandom > $F
    for i in 1 2; do
      GFP_TRACE=1 $G fft --n 4096 --in-format cf32 --engine gpu < /dev/null > /dev/null 2> $L/trace-empty-$i.txt
    done
    GFP_TRACE=1 $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null 2> $L/trace-4g-8.txt
    GFP_TRACE=1 GFP_READ_THREADS=16 $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null 2> $L/trace-4g-16.txt
    GFP_TRACE=1 GFP_EXIT_NOW=1 $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null 2> $L/trace-4g-now.txt
    for i in $(seq $REPS); do
      for v in "8 0" "16 0" "8 1" "16 1"; do
        set -- $v
        a=$(date +%s.%N); GFP_READ_THREADS=$1 GFP_EXIT_NOW=$2 $G fft --n 4096 --in-format cf32 --engine gpu < /dev/null > /dev/null; b=$(date +%s.%N)
        GFP_READ_THREADS=$1 GFP_EXIT_NOW=$2 $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null; c=$(date +%s.%N)
        cat $F > /dev/null; d=$(date +%s.%N)
        awk -v i=$i -v t=$1 -v x=$2 -v a=$a -v b=$b -v c=$c -v d=$d 'BEGIN { printf "%d threads %2d exit_now %d  empty %.3f s  gfftpipe %.3f s  cat %.3f s  ratio %.3f\n", i, t, x, b - a, c - b, d - c, (c - b) / (d - c) }'
      done
    done > $L/b-cat.txt 2>&1
    rm -f $F
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
if [ -f $L/b-cat.txt ]; then
  echo "== start-up trace (empty input; 4 GiB at 8, 16 read threads, 8 with _exit)"
  for f in trace-empty-2 trace-4g-8 trace-4g-16 trace-4g-now; do echo "-- $f"; sed 's/gfftpipe: trace//' $L/$f.txt; done
  echo "== fft vs cat"; cat $L/b-cat.txt
fi
