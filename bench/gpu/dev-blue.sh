#!/bin/sh
# bench/gpu/dev-blue.sh - one GPU-machine call for the specialised one-block
# Bluestein and C2C f32 16384 in one block (kernels/gfp_gpu_fast_blue.cu;
# bench/NOTES.md, "Issue 4: one-block Bluestein on the specialised stages").
# Builds nothing: needs .devpack/pack.tar.xz from bench/gpu/pack.sh with
# src/gfftpipe and tests/unit/test_gpu_large of build/, and the GFP_FAST_AB
# kbench under x/. Run from the repository root. PHASE picks the parts
# (check san bench prod). Logs in $OUT/logs.tgz, summaries to stdout, the
# table last. Each of check and san may take most of a 10-minute call:
# run PHASE=check, PHASE=san and PHASE="bench prod" as three calls
# (SKIP_UNPACK=1 after the first on a warm machine).
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
K=build/x/kbench; G=build/src/gfftpipe
# both ends of each M (f32 4096, 8192, 9216, 12288, 16384; f64 4096, 8192),
# the issue's lengths, even n for R2C through Bluestein, and 16384
NEW=1025,2047,2049,3001,4093,4094,4097,4241,4607,4609,6143,6145,7727,8186,8191,16384
ONE=2047,4093,4241,6143,8191,16384 # one per M, for the alternatives and the sanitizers
PHASE=${PHASE:-check san bench prod}
nvidia-smi -L; git log --oneline -1 2>/dev/null
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  check)
    # every kind and precision against long double; the planner's routes
    # (GFP_GPU_LARGE_DEBUG, on stderr) show which kernel each length took
    GFP_GPU_LARGE_DEBUG=1 $K check --sizes $NEW > $L/check.log 2>&1
    echo "check rc=$?: $(tail -1 $L/check.log)"
    grep FAIL $L/check.log | head
    grep "gfp_large:" $L/check.log | sort -u | head -60
    for a in 1 2 3; do
      GFP_FAST_ALT=$a $K check --sizes $ONE > $L/check-alt$a.log 2>&1
      echo "check alt $a rc=$?: $(tail -1 $L/check-alt$a.log)"; grep FAIL $L/check-alt$a.log | head -5
    done
    # the old one-block kernel on the same lengths, for the error comparison;
    # R2C one frame per block
    GFP_GPU_NOBLUEF=1 $K check --sizes $ONE > $L/check-old.log 2>&1
    echo "check (old kernel) rc=$?: $(tail -1 $L/check-old.log)"
    GFP_GPU_NOBLUEPAIR=1 $K check --sizes $ONE > $L/check-single.log 2>&1
    echo "check (R2C one frame per block) rc=$?: $(tail -1 $L/check-single.log)"
    $K fused > $L/fused.log 2>&1; echo "fused rc=$?: $(tail -1 $L/fused.log)"
    # the unit suite in 4 shards at once (vs FFTW and cuFFT's error)
    for i in 0 1 2 3; do
      (cd build && GFP_TEST_SHARD=$i/4 timeout ${TEST_T:-300} ./tests/unit/test_gpu_large > $L/large-$i.log 2>&1
       echo "rc=$?" >> $L/large-$i.log) &
    done
    wait
    for i in 0 1 2 3; do echo "test_gpu_large shard $i: $(grep -E 'asserts' $L/large-$i.log | tr -s ' ') $(tail -1 $L/large-$i.log)"; done
    grep -h "one-block bluestein" $L/large-*.log | head -4
    grep -h -i "fail\|error" $L/large-*.log | grep -v "Run Summary\|asserts\|suites\|tests " | head -10
    ;;
  san)
    # memcheck and racecheck on kbench (our kernels, batch 3) and on the
    # quick unit suite, all at once
    (timeout ${SAN_T:-400} compute-sanitizer --tool memcheck --error-exitcode 9 $K check --sizes $ONE \
      > $L/san-kb-memcheck.log 2>&1; echo "rc=$?" >> $L/san-kb-memcheck.log) &
    (timeout ${SAN_T:-400} compute-sanitizer --tool racecheck --error-exitcode 9 $K check --sizes $ONE \
      > $L/san-kb-racecheck.log 2>&1; echo "rc=$?" >> $L/san-kb-racecheck.log) &
    for tool in memcheck racecheck initcheck; do
      (cd build && GFP_TEST_QUICK=1 timeout ${SAN_T:-400} compute-sanitizer --tool $tool \
        --error-exitcode 9 ./tests/unit/test_gpu_large > $L/san-large-$tool.log 2>&1
       echo "rc=$?" >> $L/san-large-$tool.log) &
    done
    wait
    for f in $L/san-*.log; do
      echo "$(basename $f .log): $(grep 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) $(grep -E 'asserts|^check' $f | tail -1 | tr -s ' ') $(tail -1 $f)"
    done
    ;;
  bench)
    $K bench --kinds c2c --prec f32 --sizes 4093,4241,7727,16384,3001,8191,6143 --alts 0,1,2,3 > $L/kb-c2c32.log 2>&1
    $K bench --kinds c2c --prec f64 --sizes 4093,7727,2047 --alts 0,1,2 > $L/kb-c2c64.log 2>&1
    $K bench --kinds r2c --prec f32 --sizes 4093,4241,7727,8191 --alts 0,1,2,3 > $L/kb-r2c32.log 2>&1
    # the old one-block kernel (generic stages, 7-smooth M) on the same lengths
    GFP_GPU_NOBLUEF=1 $K bench --kinds c2c --prec f32 --sizes 4093,4241,7727,3001,8191,6143 > $L/kb-old32.log 2>&1
    GFP_GPU_NOBLUEF=1 $K bench --kinds c2c --prec f64 --sizes 4093,2047 > $L/kb-old64.log 2>&1
    # R2C one frame per block instead of two
    GFP_GPU_NOBLUEPAIR=1 $K bench --kinds r2c --prec f32 --sizes 4093,4241,7727,8191 > $L/kb-r2c-single.log 2>&1
    for f in $L/kb-*.log; do echo "$(basename $f .log): $(grep -c '^c2c\|^r2c' $f) rows"; done
    ;;
  prod)
    $G bench --engines gpu,cufft --kind c2c,r2c --precision f32,f64 --sizes 4093,4241,7727,16384 > $L/b-prod.log 2>&1
    echo "gfftpipe bench rc=$?"
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs && rm -rf $L
echo "== table (kbench: ours vs cuFFT, GB/s as bytes read + written / median time; old = GFP_GPU_NOBLUEF=1, r2c-single = GFP_GPU_NOBLUEPAIR=1)"
for f in kb-c2c32 kb-c2c64 kb-r2c32 kb-r2c-single kb-old32 kb-old64; do
  echo "-- $f"; tar -xzOf $OUT/logs.tgz logs/$f.log 2>/dev/null | sed -n '/== summary/,$p' | grep -v 'summary'
done
echo "-- gfftpipe bench"; tar -xzOf $OUT/logs.tgz logs/b-prod.log 2>/dev/null | grep -v '^#'
