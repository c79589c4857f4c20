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
WHAT=${WHAT:-"tests sanitize bench pipeline stream stages"}
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
    # 4 GiB of random cf32 (finite values), then: cat vs gfftpipe on the GPU.
    f=/dev/shm/4GiB.cf32
    df -h /dev/shm >> "$OUT/stream.log" 2>&1
    python3 -c "
import numpy as np, sys
r = np.random.default_rng(1)
with open('$f', 'wb') as o:
    for i in range(16):
        r.standard_normal(2**26, dtype=np.float32).tofile(o)
" >> "$OUT/stream.log" 2>&1
    ls -la $f >> "$OUT/stream.log" 2>&1
    now() { date +%s.%N; }
    cat $f > /dev/null
    t0=$(now); cat $f > /dev/null; t1=$(now)
    "$G" fft --n 4096 --in-format cf32 --engine gpu -q < $f > /dev/null; t2=$(now)
    "$G" fft --n 4096 --in-format cf32 --engine gpu -q < $f > /dev/null; t3=$(now)
    "$G" fft --n 4096 --in-format cf32 --engine cpu --threads 16 -q < $f > /dev/null; t4=$(now)
    awk -v a=$t0 -v b=$t1 -v c=$t2 -v d=$t3 -v e=$t4 'BEGIN{printf "stream 4 GiB cf32 n 4096: cat %.3f s; gfftpipe --engine gpu %.3f s, again %.3f s (%.2fx cat); --engine cpu --threads 16 %.3f s\n", b-a, c-b, d-c, (d-c)/(b-a), e-d}' >> "$sum"
    head -c 67108864 $f > /dev/shm/small.cf32
    "$G" fft --n 4096 --engine gpu -q /dev/shm/small.cf32 /dev/shm/g.cf32; r1=$?
    "$G" fft --n 4096 --engine cpu -q /dev/shm/small.cf32 /dev/shm/c.cf32; r2=$?
    echo "gpu (rc $r1) vs cpu (rc $r2) on 64 MiB: $("$B"/tests/cli/refdft cmp cf32 /dev/shm/g.cf32 cf32 /dev/shm/c.cf32 1e-5 2>&1 | tail -1); cmp: $(cmp /dev/shm/g.cf32 /dev/shm/c.cf32 2>&1 | head -1)" >> "$sum"
    rm -f $f
    ;;
stages)
    # The stages through the GPU engine against the CPU engine, same input.
    d=/dev/shm/stages; mkdir -p $d
    python3 -c "
import numpy as np
r = np.random.default_rng(2)
t = np.arange(48000 * 20) / 48000
x = 0.3 * np.sin(2 * np.pi * 1000 * t) + 0.3 * np.sin(2 * np.pi * (200 + 400 * t) * t) + 0.01 * r.standard_normal(t.size)
x.astype(np.float32).tofile('$d/sig.f32')
(r.standard_normal(20000) * np.exp(-np.arange(20000) / 3000)).astype(np.float32).tofile('$d/ir.f32')
" >> "$OUT/stages.log" 2>&1
    for e in gpu cpu; do
        "$G" spectrogram -q --engine $e --in-format f32 --rate 48000 --width 800 --height 400 --raw $d/spec-$e.npy $d/sig.f32 $d/spec-$e.png >> "$OUT/stages.log" 2>&1
        echo "spectrogram --engine $e: rc=$?" >> "$sum"
        "$G" convolve -q --engine $e --in-format f32 --taps $d/ir.f32 --taps-format f32 $d/sig.f32 $d/conv-$e.f32 >> "$OUT/stages.log" 2>&1
        echo "convolve --engine $e: rc=$?" >> "$sum"
    done
    python3 -c "
import numpy as np
a = np.load('$d/spec-gpu.npy'); b = np.load('$d/spec-cpu.npy')
print('spectrogram gpu vs cpu (dB matrix): max abs diff %.3g dB over %s' % (np.abs(a - b).max(), a.shape))
a = np.fromfile('$d/conv-gpu.f32', np.float32); b = np.fromfile('$d/conv-cpu.f32', np.float32)
print('convolve gpu vs cpu: %d vs %d samples, rel L2 %.3g' % (a.size, b.size, np.linalg.norm(a - b) / np.linalg.norm(b) if a.size == b.size else -1))
" >> "$sum" 2>&1
    cp $d/spec-gpu.png "$OUT/" 2>/dev/null
    ;;
esac
done
cat "$OUT"/bench-*.txt >> "$sum" 2>/dev/null
cat "$sum"
