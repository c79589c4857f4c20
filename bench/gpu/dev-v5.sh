#!/bin/sh
# bench/gpu/dev-v5.sh B - one device pass for the v5 kernels (smooth sizes,
# f64), run from the repository root on the GPU machine with the slim build
# dir B (gfftpipe, test_engine_gpu, kbench built with -DGFP_FAST_AB) and
# its libraries in .gpu-lib-smooth (bundle-libs B .gpu-lib-smooth). kbench
# links the product's kernel objects, with gfp_gpu_fast_c2c{32,64}s.cu
# compiled again with -DGFP_FAST_AB. PHASE (env) picks the parts:
#   ab     kbench A/B of GFP_FAST_ALT variants (timing + errors), check
#   suite  product GPU suite, 4 shards in parallel
#   san    compute-sanitizer memcheck + racecheck, GFP_TEST_QUICK=1
#   pbench gfftpipe bench: smooth table, powers-of-two table
# Logs under $OUT; short tables last.
B=${1:?usage: dev-v5.sh BUILD}
OUT=${OUT:-out}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=$PWD/.gpu-lib-smooth:/usr/local/cuda/lib64
PHASE=${PHASE:-ab suite pbench}
SM=1000,2187,3125,2401,1331,2197,3000,4095
nvidia-smi -L
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  ab)
    timeout 150 $B/kbench bench --kinds c2c --prec f32 --sizes $SM --alts ${ALT32:-0,1,2,3} --csv $OUT/ab32.csv > $OUT/ab32.log 2>&1
    echo "ab32 rc=$?"
    timeout 150 $B/kbench bench --kinds c2c --prec f64 --sizes $SM --alts ${ALT64:-0,1,2} --csv $OUT/ab64.csv > $OUT/ab64.log 2>&1
    echo "ab64 rc=$?"
    for a in ${CHKALT:-0 1 2 3}; do
      GFP_FAST_ALT=$a timeout 60 $B/kbench check --sizes $SM,1024,4096,60,7,13 > $OUT/check-alt$a.log 2>&1
      echo "check alt $a rc=$? $(tail -1 $OUT/check-alt$a.log)"; grep FAIL $OUT/check-alt$a.log | head -5
    done
    timeout 90 $B/kbench check --max ${MAXN:-2048} > $OUT/check-all.log 2>&1
    echo "check --max ${MAXN:-2048} rc=$? $(tail -1 $OUT/check-all.log)"; grep FAIL $OUT/check-all.log | head -5
    ;;
  suite)
    for i in 0 1 2 3; do
      GFP_TEST_SHARD=$i/4 timeout ${SUITE_T:-200} $B/test_engine_gpu > $OUT/suite-$i.log 2>&1 &
    done
    wait
    for i in 0 1 2 3; do echo "suite shard $i: $(grep -E '^PASS|^FAIL|asserts' $OUT/suite-$i.log | tr -s ' ' | tr '\n' ' ')"; grep -iE "fail" $OUT/suite-$i.log | grep -v "Failed\|0 failed" | head -5; done
    ;;
  san)
    for t in memcheck racecheck; do
      GFP_TEST_QUICK=1 timeout ${SAN_T:-150} compute-sanitizer --tool $t --error-exitcode 9 $B/test_engine_gpu > $OUT/san-$t.log 2>&1 &
    done
    wait
    for t in memcheck racecheck; do echo "$t: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san-$t.log | tail -1) $(grep -E '^PASS|^FAIL' $OUT/san-$t.log)"; done
    ;;
  pbench)
    $B/gfftpipe bench --engines gpu,cufft --kind c2c --precision f32,f64 --sizes $SM > $OUT/pbench-smooth.txt 2>&1
    echo "pbench smooth rc=$?"
    [ -n "$POW2" ] && { $B/gfftpipe bench --engines gpu,cufft --kind c2c,r2c --precision f32,f64 --sizes 8..8192 > $OUT/pbench-pow2.txt 2>&1; echo "pbench pow2 rc=$?"; }
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
for ph in $PHASE; do
  case $ph in
  ab) for f in ab32 ab64; do sed -n '/== summary/,$p' $OUT/$f.log | grep -v "summary\|GB/s ="; done ;;
  pbench) for f in $OUT/pbench-pow2.txt $OUT/pbench-smooth.txt; do
            [ -f $f ] || continue
            echo "== $(basename $f): kind prec n | gpu GB/s x-cufft err | cufft err"
            awk '$1=="cufft" && $5 ~ /^[0-9]+$/ {ce[$2" "$3" "$4]=$9}
                 $1=="gpu" && $5 ~ /^[0-9]+$/ {printf "%s %s %5s | %7s %6s %s | %s%s\n", $2, $3, $4, $7, $8, $9, ce[$2" "$3" "$4], ($9+0 > ce[$2" "$3" "$4]+0 ? " ERR>" : "")}
                 $1!="gpu" && $1!="cufft" && $1!="engine" {print "  " $0}
                 ($1=="gpu" || $1=="cufft") && $5 !~ /^[0-9]+$/ {print "  " $0}' $f
          done ;;
  esac
done
# at most 8 files come back: everything in one archive
tar czf /tmp/v5-logs.tgz -C $OUT . && find $OUT -type f -delete && mv /tmp/v5-logs.tgz $OUT/logs.tgz
