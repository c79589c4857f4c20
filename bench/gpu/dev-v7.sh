#!/bin/sh
# bench/gpu/dev-v7.sh - one GPU-machine call: fuzz-sndfile on the CPU cores
# in the background, compute-sanitizer's four tools over the GPU suites
# (quick mode), and the issue 3 product bench table. Needs
# .devpack/pack.tar.xz (bench/gpu/pack.sh of build/ with src/gfftpipe,
# the test programs, and build-fuzz's fuzz-sndfile under x/). PHASE picks
# the parts. Logs go to $OUT/logs.tgz (a call returns at most 8 files),
# summaries to stdout, the table last.
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
PHASE=${PHASE:-fuzz san bench}
FUZZ_T=${FUZZ_T:-330}; FUZZ_W=${FUZZ_W:-12}
nvidia-smi -L; git log --oneline -1 2>/dev/null
fuzz_pid=
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  fuzz)
    mkdir -p /tmp/fz/sndfile "$L/fuzz" && cp tests/fuzz/corpus/sndfile/* /tmp/fz/sndfile/
    (cd "$L/fuzz" && LSAN_OPTIONS=suppressions=$OLDPWD/tests/lsan.supp \
      timeout $((FUZZ_T + 60)) "$OLDPWD/build/x/fuzz-sndfile" -max_total_time=$FUZZ_T \
      -timeout=10 -rss_limit_mb=2048 -close_fd_mask=2 -max_len=65536 \
      -print_final_stats=1 -jobs=$FUZZ_W -workers=$FUZZ_W \
      -artifact_prefix=$L/fuzz/sndfile- /tmp/fz/sndfile > fuzz-main.log 2>&1) &
    fuzz_pid=$!
    echo "fuzz-sndfile: $FUZZ_W workers for $FUZZ_T s, in the background"
    continue ;;
  san)
    # four tools x three suites, all at once (16 cores), each capped
    for suite in test_engine_gpu test_gpu_large test_gpu_algorithms; do
      for tool in memcheck racecheck initcheck synccheck; do
        (cd build && GFP_TEST_QUICK=1 timeout ${SAN_T:-280} compute-sanitizer --tool $tool \
          --error-exitcode 9 ./tests/unit/$suite > "$L/san-$suite-$tool.log" 2>&1
         echo "rc=$?" >> "$L/san-$suite-$tool.log") &
      done
    done
    wait
    for f in $L/san-*.log; do
      echo "$(basename $f .log): $(grep 'ERROR SUMMARY\|RACECHECK SUMMARY' $f | tail -1) $(grep -E '^Run Summary|asserts' $f | tail -1 | tr -s ' ') $(tail -1 $f)"
    done
    ;;
  bench)
    G=build/src/gfftpipe
    $G bench --engines gpu,cufft --kind c2c --precision f32,f64 --sizes 8..8192 > $L/b-c2c.log 2>&1
    $G bench --engines gpu,cufft --kind r2c --precision f32 --sizes 64..8192 > $L/b-r2c.log 2>&1
    $G bench --engines gpu,cufft --kind c2c --precision f32,f64 \
      --sizes 1000,1331,2187,2197,2401,3000,3125,4095 > $L/b-smooth.log 2>&1
    $G bench --engines gpu,cufft --pipeline --sizes 4096 > $L/b-pipe.log 2>&1
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
if [ -n "$fuzz_pid" ]; then
  wait $fuzz_pid
  ex=$(cat $L/fuzz/fuzz-*.log 2>/dev/null | awk '/stat::number_of_executed_units/{s+=$2} END{print s+0}')
  echo "fuzz-sndfile: $ex executions in all; findings: $(ls $L/fuzz | grep -c '^sndfile-')"
  ls $L/fuzz | grep '^sndfile-' | head
  grep -h "ERROR\|Timeout\|timeout after" $L/fuzz/fuzz-*.log | sort | uniq -c | head
  mkdir -p $OUT/find && for a in $(ls $L/fuzz | grep "^sndfile-" | head -5); do cp $L/fuzz/$a $OUT/find/; done
fi
tar -czf $OUT/logs.tgz -C $OUT logs && rm -rf $L
echo "== table"
for f in b-c2c b-r2c b-smooth b-pipe; do tar -xzOf $OUT/logs.tgz logs/$f.log 2>/dev/null | grep -v '^#' ; done
