#!/bin/sh
# bench/gpu/dev-v23.sh - stop 20's device call (issue 7): fft2's
# intermediate array in tiles of the GPU's batch of rows (gfp_tiles), on
# the H100 machine in one call.
#
# Phases (PHASE, default "t2d tests oc hyb"):
#   t2d    tests/cli/fft2-gpu.sh (whole, piecewise, forced tiles of 7,
#          --gpu-mem out of core with and without tiles) and
#          compute-sanitizer memcheck of out-of-core fft2 with tiles (C2C
#          and R2C, f32 and f64: the untile kernel, the gathering copies)
#   tests  test_engine_gpu and test_hybrid (quick), test_model,
#          tests/cli/hybrid.sh
#   oc     fft2 --engine gpu out of core (--gpu-mem a quarter of the
#          array), C2C f32, SIZES (default 8192x8192 16384x16384
#          8192x32768): tiles (the default) against GFP_FFT2_TILE=0,
#          alternating, ROUNDS rounds (default 2), each fft2 -v --repeat
#          REPS (default 3: the median transform time)
#   hbw    bench/gpu/hostbw (host memory: CPU threads, copy engines, both)
#   thr    8192^2 out of core: CPU alone and hybrid by --threads
#   chunk  the GPU's batch size out of core, with tiles
#   hyb    bench/hybrid-sweep.sh (calibrate, correctness, the sweep; RMIN
#          default 0.4), its done-when table
# The short table of phase oc and the sweep's table print last.
#
# Pack (dev box, repository root, CUDA build in build/ with
# ../configure CUDA_ARCHS=90):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#        tests/unit/test_engine_gpu \
#        tests/unit/test_hybrid tests/unit/test_model tests/cli/fft2ref \
#        tests/cli/refdft "$PWD/bench/gpu/build/hostbw"
# (make -C bench/gpu hostbw first). Run (device tool): carry [".devpack"], timeout_s 600, command
#   OUT=$OUT sh bench/gpu/dev-v23.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
export CUDA_MODULE_LOADING=EAGER
G=$PWD/build/src/gfftpipe; U=$PWD/build/tests/unit; R=$PWD/build/tests/cli/fft2ref
PHASE=${PHASE:-t2d tests oc hyb}
nvidia-smi -L
echo "host: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
# mkdata DIR VALS: DIR/data.cf32, VALS cf32 values (a multiple of 1 Mi):
# a random 1024x1024 block's spectrum, repeated
mkdata() {
  [ -f $1/blk.cf32 ] || { $R rand $((2 * 1024 * 1024)) 5 $1/blk.cf64 &&
    $G fft2 -q --engine cpu --size 1024x1024 --in-format cf64 --out-format cf32 $1/blk.cf64 $1/blk.cf32; }
  for _ in $(seq $(($2 / (1024 * 1024)))); do cat $1/blk.cf32; done > $1/data.cf32
}
# tsec FILE: the median transform seconds fft2 -v wrote to FILE
tsec() { sed -n 's/.*transforms \([0-9.]*\) s.*/\1/p' $1 | tail -n 1; }
OCT=$OUT/oc.txt
: > "$OCT"
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  t2d)
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout ${T2D_T:-200} sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
    echo "fft2-gpu.sh rc=$? $(tail -n 1 $L/fft2-gpu.log)"
    grep -E '^(not ok|FAIL)' $L/fft2-gpu.log | head -8
    W=$(mktemp -d)
    $R rand $((2 * 1024 * 1000)) 3 $W/c.cf64
    $R rand $((1024 * 1000)) 4 $W/r.f64
    for p in f32 f64; do
      for k in c2c r2c; do
        if [ $k = c2c ]; then i="--in-format cf64 $W/c.cf64"; else i="--in-format f64 $W/r.f64"; fi
        timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 $G fft2 -q --engine gpu \
          --size 1024x1000 --precision $p --gpu-mem 6Mi $i $W/y.raw > $L/mc-$k-$p.log 2>&1
        echo "memcheck fft2 $k $p 1024x1000 --gpu-mem 6Mi (tiles) rc=$? $(grep -E 'ERROR SUMMARY' $L/mc-$k-$p.log)"
      done
    done
    rm -rf $W
    ;;
  tests)
    (cd build && GFP_TEST_QUICK=1 timeout 120 $U/test_engine_gpu) > $L/teng.log 2>&1
    echo "test_engine_gpu rc=$? $(grep -A3 'Run Summary' $L/teng.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/teng.log | head -4
    (cd build && GFP_TEST_QUICK=1 timeout 90 $U/test_hybrid) > $L/thyb.log 2>&1
    echo "test_hybrid rc=$? $(grep -A3 'Run Summary' $L/thyb.log | grep asserts | tr -s ' ')"
    grep -E '^ +[0-9]+\. ' $L/thyb.log | head -4
    (cd build && timeout 30 $U/test_model) > $L/tmodel.log 2>&1
    echo "test_model rc=$? $(grep -A3 'Run Summary' $L/tmodel.log | grep asserts | tr -s ' ')"
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 60 sh tests/cli/hybrid.sh > $L/hybrid-cli.log 2>&1
    echo "hybrid.sh rc=$? $(tail -n 1 $L/hybrid-cli.log)"; grep -E '^(FAIL|not ok)' $L/hybrid-cli.log | head -6
    ;;
  oc)
    W=$(mktemp -d)
    printf '%-12s %8s %9s %9s %7s\n' size round tiled_s plain_s gain >> "$OCT"
    for SZ in ${SIZES:-8192x8192 16384x16384 8192x32768}; do
      SW=${SZ%x*} SH=${SZ#*x}; vals=$((SW * SH)); mem=$((vals * 8 / 4))
      mkdata $W $vals
      for rd in $(seq ${ROUNDS:-2}); do
        for tl in "" 0; do
          GFP_FFT2_TILE=$tl timeout 60 $G fft2 -v --engine gpu --gpu-mem $mem --size $SZ --repeat ${REPS:-3} \
            --in-format cf32 --out-format cf32 $W/data.cf32 - > /dev/null 2> $W/err
          { echo "## $SZ tile '$tl' round $rd"; cat $W/err; } >> $L/oc.log
          t=$(tsec $W/err)
          if [ -z "$tl" ]; then tt=$t; else tp=$t; fi
        done
        awk -v s=$SZ -v r=$rd -v a="$tt" -v b="$tp" 'BEGIN { printf "%-12s %8d %9.4f %9.4f %6.2fx\n", s, r, a, b, (a > 0 ? b / a : 0) }' >> "$OCT"
      done
    done
    rm -rf $W
    ;;
  hbw)
    # host memory: CPU threads streaming, the copy engines, both at once
    timeout 60 build/x/hostbw -t ${HBW_T:-4,8,12,16} -r 1 > $L/hostbw.log 2>&1
    echo "hostbw rc=$?"; cat $L/hostbw.log
    ;;
  thr)
    # 8192^2 C2C f32 out of core: the CPU alone and the hybrid at r 0.7 by
    # --threads (do the FFTW threads starve the GPU's feeding thread?)
    W=$(mktemp -d)
    mkdata $W $((8192 * 8192))
    o="-v --gpu-mem 134217728 --size 8192x8192 --repeat 3 --in-format cf32 --out-format cf32 --wisdom $PWD/build/thr.wisdom"
    $G fft2 $o --engine cpu --threads 16 $W/data.cf32 - > /dev/null 2>&1
    for th in ${THR:-16}; do
      c="-v --size 8192x8192 --repeat 3 --in-format cf32 --out-format cf32 --wisdom $PWD/build/thr.wisdom"
      timeout 60 $G fft2 $c --threads $th --engine cpu $W/data.cf32 - > /dev/null 2> $W/err
      echo "threads $th cpu alone: $(tsec $W/err) s"
      for tl in "" 0; do
        for e in "hybrid --ratio 0.7" "hybrid --ratio 0.85"; do
          GFP_FFT2_TILE=$tl timeout 60 $G fft2 $o --threads $th --engine $e $W/data.cf32 - > /dev/null 2> $W/err
          { echo "## threads $th engine $e tile '$tl'"; cat $W/err; } >> $L/thr.log
          echo "threads $th $e tile '$tl': $(tsec $W/err) s; $(grep -o 'CPU part [0-9.]* s ([0-9]* frames[^)]*), GPU part [0-9.]* s ([0-9]* frames)' $W/err)"
        done
      done
    done
    timeout 60 $G fft2 $o --engine gpu $W/data.cf32 - > /dev/null 2> $W/err
    echo "gpu alone: $(tsec $W/err) s"
    rm -rf $W
    ;;
  chunk)
    # the GPU's batch (GFP_FFT2_GPU_CHUNK_MIB, default 8) with tiles: the
    # column pass's copy back runs are the batch's frames x 8 B
    W=$(mktemp -d)
    for SZ in ${CSIZES:-8192x8192 16384x16384}; do
      SW=${SZ%x*} SH=${SZ#*x}; vals=$((SW * SH)); mem=$((vals * 8 / 4))
      mkdata $W $vals
      for c in ${CHUNKS:-4 8 16 32 8}; do
        for tl in ${CTILES:--}; do
        [ "$tl" = - ] && tl=
        GFP_FFT2_TILE=$tl GFP_FFT2_GPU_CHUNK_MIB=$c timeout 60 $G fft2 -v --engine gpu --gpu-mem $mem --size $SZ --repeat 3 \
          --in-format cf32 --out-format cf32 $W/data.cf32 - > /dev/null 2> $W/err
        echo "$SZ chunk $c MiB tile '$tl': $(tsec $W/err) s"
        done
      done
    done
    rm -rf $W
    ;;
  hyb)
    OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$PWD/build/hyb.wisdom \
      RMIN=${RMIN:-0.4} timeout ${HYB_T:-300} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
    echo "hybrid-sweep rc=$?"
    grep -E '^(ok|FAIL)|beside|saved|^\[|sweep \(r' $L/hyb/sweep.log 2>/dev/null
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
[ -f $L/hyb/model ] && cp $L/hyb/model $OUT/model
[ -f $L/hyb/calibrate.log ] && grep -E "copies alone|(f32|f64) gpu_(copy|fft)|f32 GPU pass of|saved" $L/hyb/calibrate.log
tar -czf $OUT/logs.tgz -C $OUT logs
if [ -s "$OCT" ]; then
  echo; echo "== GPU alone out of core (--gpu-mem a quarter), C2C f32, median of ${REPS:-3} transforms: tiles against GFP_FFT2_TILE=0"
  cat "$OCT"
fi
if [ -f $L/hyb/table.txt ]; then
  echo; echo "== hybrid done-when: speedup >= 1.15x, |dr| <= 0.05, err within 15% on the * row"
  cat $L/hyb/table.txt
fi
rm -rf $L
