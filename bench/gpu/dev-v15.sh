#!/bin/sh
# bench/gpu/dev-v15.sh - one GPU-machine call, v9's second round (kbench
# A/B build): C2C f32 16384 as pipelined persistent blocks (pkernel: the
# next frame comes in by cp.async while this one is transformed; alts 4-7
# of gfp_fast_c2c_f32big: 4 1024 x (16,16,16,4), 5 512 x (16,16,16,4),
# 6 1024 x (4,16,16,16), 7 4 with streaming stores; alt 0 the product) and
# 256-byte L2 fills on the frames' loads (GFP_FAST_P256: alt 48 on C2C f32
# 4096 and 8192, R2C f32 8192 and f64 1000; alt 49 C2C 8192 with half-table
# twiddles, f64 1000 two frames a block with P256). Each alternative
# checked (kbench check), sanitizers on the pkernel, then timed twice.
# Second round (the defaults now): 16384 alts 8 (5 with streaming stores),
# 9 512 x (32,32,16), 10 9 streaming; pkernel for C2C f32 8192 (alt 50 512
# x (2,16,16,16) two blocks an SM, 51 256 x (32,16,16), 52 50 streaming)
# and f64 1000 (alt 50 100 threads, six blocks an SM, 51 eight). The first
# round's defaults: CHK16="0 4 5 6 7" CHKA="48 49" SANA="4 5", alts as
# bench/NOTES.md v9 lists.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         $PWD/bench/gpu/build/ab/kbench
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v15.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-check ab}
CHK16=${CHK16:-0 8 9 10}; CHKA=${CHKA:-50 51 52}; SANA=${SANA:-8 50 51}
K=build/x/kbench
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  check)
    for a in $CHK16; do
      echo "16384 alt $a: $(GFP_FAST_ALT=$a timeout 60 $K check --sizes 16384 2>&1 | tail -1)"
    done | tee $L/check.log
    for a in $CHKA; do
      echo "alt $a: $(GFP_FAST_ALT=$a timeout 60 $K check --sizes 1000,4096,8192 2>&1 | tail -1)"
    done | tee -a $L/check.log
    for a in $SANA; do
      s=$(GFP_FAST_ALT=$a timeout 150 compute-sanitizer --tool racecheck $K check --sizes 1000,8192,16384 2>&1 | grep -E 'RACECHECK SUMMARY' | tail -1)
      m=$(GFP_FAST_ALT=$a timeout 150 compute-sanitizer --tool memcheck $K check --sizes 1000,8192,16384 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)
      echo "alt $a sanitizers: $s | $m"
    done | tee -a $L/check.log
    ;;
  ab)
    for rep in 1 2; do
      timeout 100 $K bench --kinds c2c --prec f32 --sizes 16384 --alts 0,5,7,8,9,10 > $L/ab16k-$rep.log 2>&1
      timeout 100 $K bench --kinds c2c,r2c --prec f32 --sizes 8192 --alts 0,49,50,51,52 > $L/ab32-$rep.log 2>&1
      timeout 100 $K bench --kinds c2c --prec f64 --sizes 1000 --alts 0,49,50,51 > $L/ab64-$rep.log 2>&1
    done
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
echo "== A/B (x cuFFT)"
for f in $L/ab16k-*.log $L/ab32-*.log $L/ab64-*.log; do [ -f $f ] && sed -n '/== summary/,$p' $f | grep -v '^kind\|summary\|GB/s =' | awk '{print $1,$2,$3,$4,$5,$6,$7}'; done
