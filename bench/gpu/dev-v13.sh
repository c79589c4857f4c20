#!/bin/sh
# bench/gpu/dev-v13.sh - one GPU-machine call for issue 3's rows at the
# margin: the split-exchange kernels (skernel, v9) against the product's in
# kbench, and where the stream's start-up goes (GFP_TRACE=1) with the
# parallel reads at 8 and 16 threads (GFP_READ_THREADS).
#   alts: C2C f32 8192 41 (16,16,32) 42 (32,16,16) 43 (16,16,16,2) 44
#   (16,32,16), all 256 threads MINB 3; 45 41 PAD5; 46 41 streaming; 47 512
#   x (16,16,16,2) MINB 2. R2C f32 8192 (nf 4096): 41 256 MINB 4, 42 MINB 3,
#   43 128 x 32 MINB 6, 44 41 streaming, 45 41 PAD5. Z2Z f64 1000: 41 100 x 1
#   NOPAD PSX3, 42 two frames a block, 43 three, 44 default pad, 45 41 streaming, 46 41 MINB 6.
#   alt 0: the product's fkernel.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         $PWD/bench/gpu/build/ab/kbench
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v13.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-check ab start}
ALTS=${ALTS:-0,41,42,43,44,45,46,47}
SAN=${SAN:-41 42 43}
K=build/x/kbench; G=build/src/gfftpipe
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  check)
    for a in $(echo $ALTS | tr ',' ' '); do
      r=$(GFP_FAST_ALT=$a timeout 60 $K check --sizes 1000,8192 2>&1 | tail -1)
      echo "alt $a: $r"
    done | tee $L/check.log
    for a in $SAN; do
      s=$(GFP_FAST_ALT=$a timeout 120 compute-sanitizer --tool racecheck $K check --sizes 1000,8192 2>&1 | grep -E 'RACECHECK SUMMARY' | tail -1)
      m=$(GFP_FAST_ALT=$a timeout 120 compute-sanitizer --tool memcheck $K check --sizes 1000,8192 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)
      echo "alt $a sanitizers: $s | $m"
    done | tee -a $L/check.log
    ;;
  ab)
    for rep in 1 2; do
      timeout 120 $K bench --kinds c2c,r2c --prec f32 --sizes 8192 --alts $ALTS > $L/ab32-$rep.log 2>&1
      timeout 120 $K bench --kinds c2c --prec f64 --sizes 1000 --alts 0,41,42,43,44,45,46 > $L/ab64-$rep.log 2>&1
    done
    ;;
  start)
    F=/dev/shm/4GiB.cf32
    head -c $((4 << 30)) /dev/urandom > $F
    for i in 1 2 3; do
      GFP_TRACE=1 $G fft --n 4096 --in-format cf32 --engine gpu < /dev/null > /dev/null 2> $L/trace-empty-$i.log
    done
    GFP_TRACE=1 $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null 2> $L/trace-4g.log
    GFP_TRACE=1 GFP_READ_THREADS=16 $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null 2> $L/trace-4g-16.log
    for i in 1 2 3 4; do
      for t in 8 16; do
        a=$(date +%s.%N); GFP_READ_THREADS=$t $G fft --n 4096 --in-format cf32 --engine gpu < $F > /dev/null; b=$(date +%s.%N)
        cat $F > /dev/null; c=$(date +%s.%N)
        awk -v i=$i -v t=$t -v a=$a -v b=$b -v c=$c 'BEGIN { printf "%d threads %2d gfftpipe %.3f s  cat %.3f s  ratio %.3f\n", i, t, b - a, c - b, (b - a) / (c - b) }'
      done
    done > $L/b-cat.log 2>&1
    rm -f $F
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
echo "== A/B (x cuFFT), f32 8192 then f64 1000"
for f in $L/ab32-*.log $L/ab64-*.log; do [ -f $f ] && sed -n '/== summary/,$p' $f | grep -v '^kind\|summary\|GB/s =' | awk '{print $1,$2,$3,$4,$5,$6,$7}'; done
if [ -f $L/b-cat.log ]; then
  echo "== start-up trace (empty input, then 4 GiB at 8 and 16 read threads)"
  cat $L/trace-empty-3.log $L/trace-4g.log $L/trace-4g-16.log | sed 's/gfftpipe: trace//'
  echo "== fft vs cat"; cat $L/b-cat.log
fi
