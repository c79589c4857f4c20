#!/bin/sh
# bench/gpu-check.sh - one call on the GPU machine: correctness (GPU suite
# against FFTW and cuFFT), compute-sanitizer, the bench table against cuFFT,
# the streaming pipeline, and a 4 GiB stream through `gfftpipe fft` timed
# against `cat`. Full logs go to $OUT (or ./gpu-out); a short summary last.
#   usage: bench/gpu-check.sh [BUILD_DIR]   (what: env WHAT="tests sanitize bench pipeline stream")
set -u
B=${1:-build}
OUT=${OUT:-gpu-out}
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$PWD/.gpu-lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
WHAT=${WHAT:-"tests sanitize bench pipeline stream"}
G="$B/src/gfftpipe"
sum="$OUT/summary.txt"
: > "$sum"
nvidia-smi -L | tee -a "$sum"
for w in $WHAT; do
case $w in
tests)
    t0=$(date +%s)
    (cd "$B" && ./tests/unit/test_engine_gpu) > "$OUT/test_engine_gpu.log" 2>&1
    echo "test_engine_gpu: rc=$? ($(( $(date +%s) - t0 )) s): $(grep -E '^(PASS|FAIL):' "$OUT/test_engine_gpu.log")" >> "$sum"
    ;;
sanitize)
    for tool in memcheck racecheck; do
        (cd "$B" && GFP_TEST_QUICK=1 compute-sanitizer --tool $tool --error-exitcode 9 ./tests/unit/test_engine_gpu) > "$OUT/sanitize-$tool.log" 2>&1
        echo "compute-sanitizer $tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitize-$tool.log" | tail -1)" >> "$sum"
    done
    ;;
bench)
    "$G" bench --engines gpu,cufft --kind c2c,r2c --precision f32,f64 --sizes 8..8192 > "$OUT/bench-pow2.txt" 2>&1
    "$G" bench --engines gpu,cufft --kind c2c --precision f32,f64 --sizes 1000,2187,3125,2401,1331,2197,3000,4095 > "$OUT/bench-smooth.txt" 2>&1
    ;;
pipeline)
    "$G" bench --pipeline --engines gpu,cufft --sizes 4096 > "$OUT/bench-pipeline.txt" 2>&1
    ;;
stream)
    f=/dev/shm/4GiB.cf32
    head -c 4294967296 /dev/urandom > $f 2>/dev/null || dd if=/dev/urandom of=$f bs=64M count=64 2>/dev/null
    cat $f > /dev/null
    t0=$(date +%s.%N); cat $f > /dev/null; t1=$(date +%s.%N)
    "$G" fft --n 4096 --in-format cf32 --engine gpu -q < $f > /dev/null; t2=$(date +%s.%N)
    "$G" fft --n 4096 --in-format cf32 --engine gpu -q < $f > /dev/null; t3=$(date +%s.%N)
    echo "stream 4 GiB: cat $(echo "$t1 - $t0" | bc) s; gfftpipe fft --engine gpu $(echo "$t2 - $t1" | bc) s, again $(echo "$t3 - $t2" | bc) s" >> "$sum"
    head -c 67108864 $f > /dev/shm/small.cf32
    "$G" fft --n 4096 --engine gpu -q /dev/shm/small.cf32 /dev/shm/g.cf32
    "$G" fft --n 4096 --engine cpu -q /dev/shm/small.cf32 /dev/shm/c.cf32
    echo "gpu vs cpu on 64 MiB (relative L2): $("$B"/tests/cli/refdft cmp cf32 /dev/shm/g.cf32 cf32 /dev/shm/c.cf32 1e-5 2>&1 | tail -1)" >> "$sum"
    rm -f $f
    ;;
esac
done
cat "$OUT"/bench-*.txt >> "$sum" 2>/dev/null
cat "$sum"
