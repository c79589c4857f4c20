#!/bin/sh
# bench/gpu/dev-v11.sh - one GPU-machine call for issue 3's last row (C2C
# f32 3000): the alternatives of kernels/gfp_gpu_fast_c2c32s.cu in kbench
# (alts 11-17 against alt 0, the product's cut), each checked first
# (kbench check on 3000, racecheck + memcheck), then timed twice; then the
# GPU suite (quick) and the product bench table for issue 3. (v8's first
# round also had persistent asynchronous-input kernels, GFP_FAST_ASYNC,
# with GFP_GPU_FGRID=2 so that batch 3 looped; they lost and were
# removed: bench/NOTES.md v8.)
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#         tests/unit/test_engine_gpu $PWD/bench/gpu/build/ab/kbench
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-check ab bench}
ALTS=${ALTS:-0,14,23,24,25,26,27,28}
K=build/x/kbench; G=build/src/gfftpipe
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  check)
    for a in $(echo $ALTS | tr ',' ' '); do
      r=$(GFP_FAST_ALT=$a $K check --sizes 3000 2>&1 | tail -1)
      s=$(GFP_FAST_ALT=$a compute-sanitizer --tool racecheck $K check --sizes 3000 2>&1 | grep -E 'RACECHECK SUMMARY' | tail -1)
      m=$(GFP_FAST_ALT=$a compute-sanitizer --tool memcheck $K check --sizes 3000 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)
      echo "alt $a: $r | $s | $m"
    done | tee $L/check.log
    ;;
  ab)
    for rep in 1 2; do
      $K bench --kinds c2c --prec f32 --sizes 3000 --alts $ALTS > $L/ab-$rep.log 2>&1
    done
    ;;
  bench)
    (cd build && GFP_TEST_QUICK=1 timeout 200 ./tests/unit/test_engine_gpu) > $L/teg.log 2>&1
    echo "test_engine_gpu quick: $(grep -A3 'Run Summary' $L/teg.log | grep asserts | tr -s ' ')"
    $G bench --engines gpu,cufft --kind c2c --precision f32,f64 --sizes 8..8192 > $L/b-c2c.log 2>&1
    $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes 64..8192 > $L/b-r2c.log 2>&1
    $G bench --engines gpu,cufft --kind c2c --precision f32,f64 \
      --sizes 1000,1331,2187,2197,2401,3000,3125,4095 > $L/b-smooth.log 2>&1
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
echo "== A/B, f32 3000 (alt 0 = product: 30x10x10 on 100 threads MINB5 unpadded; 14 v7 8x15x25/200;"
echo "   23 10x10x30 MINB6; 24 30x10x10 MINB6; 25 the product streaming; 26 MINB4; 27 two frames a"
echo "   block; 28 v7 streaming; 11-22: bench/NOTES.md v8)"
for f in $L/ab-*.log; do sed -n '/== summary/,$p' $f | grep -v '^kind\|summary\|GB/s =' | awk '{print $1,$2,$3,$4,$5,$6,$7}'; done
if [ -f $L/b-c2c.log ]; then
  echo "== product bench"
  for f in b-c2c b-r2c b-smooth; do grep -v '^#' $L/$f.log | grep -v '^cufft' ; done
fi
