# bench/gpu/dev-common.sh - what the device scripts (dev-v20.sh on) share,
# sourced from the repository root on the GPU machine: the logs' place
# ($OUT/logs, L), the pack (PACK, default .devpack/pack.tar.xz) unpacked
# into build/ (unless SKIP_UNPACK), the
# binaries (G, U, R: fft2ref), the test data (mkdata), the phases (PHASE,
# ph NAME), the GPU suites with the sanitizers (gpu_tests, quick_suites),
# the 2D CLI suites with a GPU (cli_2d), the hybrid scripts' settings
# (hyb_env),
# random cf32 data (mkcf), stop 30's checks (route_checks), the 2D bench
# runs (b2d), issue 4's rows (i4_rows), stop 31's 1D bench runs (bl),
# stop 33's single tests, A/B runs and sanitized bench runs (tests_only,
# ab, san_bench), the suites at once (suites_at_once, dev-v74.sh on), the
# time budget (left) and sanitized bench --2d runs (san2d), stop 40's
# 2D runs of any kind and 1D runs with their routes (b2k, try), stop 41's
# ncu runs (prof, ncu_sum), and the
# summary lines (sum LOG, bench_rows LOG...)
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf ${PACK:-.devpack/pack.tar.xz} -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe; U=$PWD/build/tests/unit
R=$PWD/build/tests/cli/fft2ref
nvidia-smi -L
PHASE=${PHASE:-all}
ph() { [ "$PHASE" = all ] || echo " $PHASE " | grep -q " $1 "; }
# one test log's last line and its assertion / sanitizer summary
sum() { printf '%-28s %s | %s\n' "$1" "$(tail -n 1 $L/$1.log)" "$(grep -E 'asserts|ERROR SUMMARY|RACECHECK SUMMARY' $L/$1.log | tr -s ' ' | head -2 | tr '\n' ' ')"; }
# test_gpu_large in full, test_gpu_2d quick (not with NO2D), the
# sanitizers (SAN_TOOLS, default memcheck racecheck) on test_gpu_large
# quick, at once
gpu_tests() {
  (cd build && timeout 280 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
  [ -n "${NO2D:-}" ] || (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
  for tool in ${SAN_TOOLS-memcheck racecheck}; do
    (cd build && GFP_TEST_QUICK=1 timeout 280 compute-sanitizer --tool $tool --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-$tool.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-$tool.log) &
  done
  wait
}
# the final tree's GPU suites, quick: test_gpu_large (and memcheck on it)
# at once, then test_engine_gpu, test_gpu_2d and tests/cli/gpu-faults.sh
# (the pack needs those binaries, tests/fault/gpufault.so and
# tests/cli/refdft)
quick_suites() {
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
  (cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
  wait
  (cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_engine_gpu > $L/test_engine_gpu.log 2>&1; echo "rc=$?" >> $L/test_engine_gpu.log)
  (cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log)
  GFFTPIPE=$G TOP_BUILDDIR=$PWD/build timeout 120 sh tests/cli/gpu-faults.sh > $L/gpu-faults.log 2>&1; echo "rc=$?" >> $L/gpu-faults.log
}
# the GPU suites quick, all at once in the background (dev-v74.sh on; the
# caller waits): test_gpu_large and memcheck on it, test_engine_gpu,
# test_gpu_2d, and test_gpu_2d's t_colsplit in full
suites_at_once() {
  (cd build && GFP_TEST_QUICK=1 timeout 200 $U/test_gpu_large > $L/test_gpu_large.log 2>&1; echo "rc=$?" >> $L/test_gpu_large.log) &
  (cd build && GFP_TEST_QUICK=1 timeout 250 compute-sanitizer --tool memcheck --error-exitcode 9 \
      $U/test_gpu_large > $L/test_gpu_large-memcheck.log 2>&1; echo "rc=$?" >> $L/test_gpu_large-memcheck.log) &
  (cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_engine_gpu > $L/test_engine_gpu.log 2>&1; echo "rc=$?" >> $L/test_engine_gpu.log) &
  (cd build && GFP_TEST_QUICK=1 timeout 150 $U/test_gpu_2d > $L/test_gpu_2d.log 2>&1; echo "rc=$?" >> $L/test_gpu_2d.log) &
  tests_only test_gpu_2d t_colsplit
}
# the hybrid scripts' settings (dev-v28.sh on): kernels loaded when an
# engine opens, not in a timed pass; TH, every CPU; W, the FFTW wisdom
# file their runs share
hyb_env() {
  export CUDA_MODULE_LOADING=EAGER
  TH=$(nproc)
  W=$PWD/build/hyb.wisdom
}
# tests/cli/fft2-gpu.sh and tests/cli/hybrid.sh with a GPU (the pack
# needs tests/cli/refdft and tests/cli/fft2ref): their logs, and each
# one's last line and first failures in $L/t2d.txt
cli_2d() {
  : > $L/t2d.txt
  for t in fft2-gpu hybrid; do
    GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/$t.sh > $L/$t.log 2>&1
    echo "$t.sh rc=$? $(tail -n 1 $L/$t.log)" >> $L/t2d.txt
    grep -E '^(not ok|FAIL)' $L/$t.log | head -8 >> $L/t2d.txt
  done
}
# one fft2 -v run (dev-v31.sh on; G, W, SIZE, i, D set) on $D/data.cf32 at $SIZE: f2 LABEL ENV OPTIONS... (ENV:
# VAR=value words, or "")
f2() {
  echo "## $SIZE round $i $1"; e=$2; shift 2
  env $e timeout 90 $G fft2 -v --wisdom $W --size $SIZE --repeat 3 --in-format cf32 \
    --out-format cf32 "$@" $D/data.cf32 - 2>&1 >/dev/null |
    grep -E 'hybrid: r|transforms|split pass|rror' | cut -c1-260
}
# the gpu rows of bench logs (by name, without .log; missing ones
# skipped): kind prec n GB/s x-cufft err (cufft GB/s err), ERR>cufft where
# ours is worse
bench_rows() {
  for f in "$@"; do
    [ -f $L/$f.log ] || continue
    awk -v f=$f '/^cufft/ {ce[$2 $3 $4] = $NF; cg[$2 $3 $4] = $7} /^gpu/ {e = ($NF + 0 > ce[$2 $3 $4] + 0) ? " ERR>cufft" : "";
      printf "%s %s %s %s %s %s %s (cufft %s %s)%s\n", f, $2, $3, $4, $7, $8, $NF, cg[$2 $3 $4], ce[$2 $3 $4], e}' $L/$f.log
  done
}
# mkdata DIR WxH: DIR/data.cf32, W x H cf32 values (a multiple of 1 Mi):
# a random 1024x1024 block's spectrum, repeated (the pack needs fft2ref)
mkdata() {
  $R rand $((2 * 1024 * 1024)) 5 $1/blk.cf64 &&
    $G fft2 -q --engine cpu --size 1024x1024 --in-format cf64 --out-format cf32 $1/blk.cf64 $1/blk.cf32
  for _ in $(seq $(( ${2%x*} * ${2#*x} / 1048576 ))); do cat $1/blk.cf32; done > $1/data.cf32
}
# the summary's common parts: the GPU suites' lines, a hybrid-sweep's
# checks, beside factors, sweeps and table (DIR: its OUT), and the logs
# packed into $OUT/logs.tgz (last)
show_tests() {
  echo "== tests"
  for t in test_gpu_large test_gpu_large-memcheck test_engine_gpu test_gpu_2d gpu-faults; do [ -f $L/$t.log ] && sum $t; done
}
show_sweep() {
  echo "== sweep"
  grep -E '^(ok|FAIL)|beside|sweep (of|\()' $1/sweep.log 2>/dev/null | cut -c1-300
  cat $1/table.txt 2>/dev/null
}
# one bench --2d C2C f32 run (dev-v40.sh on): b2d LABEL SIZE ENGINES
# ENV... (BIN: the binary, default $G; median of 5), its log
# $L/b-LABEL-SIZE.log and its gpu and cufft rows appended to $L/v2d.txt
b2d() {
  lab=$1 sz=$2 en=$3; shift 3
  env "$@" timeout 120 ${BIN:-$G} bench -q --reps 5 --2d --kind c2c --precision f32 --sizes $sz \
    --engines $en > $L/b-$lab-$sz.log 2>&1
  echo "$lab $sz: $(grep -E '^(gpu|cufft)' $L/b-$lab-$sz.log | awk '{printf "%s %s GB/s x%s err %s passes %s; ", $1, $7, $8, $9, $10}')" >> $L/v2d.txt
}
# mkcf D WxH (dev-v40.sh on): D/WxH.cf32, W x H random cf32 values (the
# pack needs fft2ref)
mkcf() { w=${2%x*} h=${2#*x}
  $R rand $((w * h * 2)) 11 $1/r.cf64 &&
    $G fft2 -q --engine cpu --size $2 --in-format cf64 --out-format cf32 $1/r.cf64 $1/$2.cf32 &&
    rm -f $1/r.cf64; }
# the final tree's checks of stop 30 (dev-v43.sh on): quick_suites, then
# at once tests/cli/fft2-gpu.sh and test_gpu_2d's t_colsplit in full
route_checks() {
  quick_suites
  (GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/fft2-gpu.sh > $L/fft2-gpu.log 2>&1
   echo "rc=$?" >> $L/fft2-gpu.log) &
  (cd build && GFP_TEST_ONLY=t_colsplit timeout 200 $U/test_gpu_2d > $L/colsplit.log 2>&1; echo "rc=$?" >> $L/colsplit.log) &
  wait
}
# issue 4's rows (dev-v39.sh on): i4_rows MAXS KIND:PREC:TOP... a bench
# against cuFFT each (~1 GiB, median of 5: 2^14 .. TOP and $AWK) into
# $L/i4-KINDPREC.log, each cut to the time left of DEADLINE seconds from
# t0 and to MAXS
i4_rows() {
  mx=$1; shift
  for r in "$@"; do
    k=${r%%:*} rest=${r#*:}; pr=${rest%%:*} top=${rest#*:}
    n=$(( DEADLINE - ($(date +%s) - t0) )); [ $n -gt $mx ] && n=$mx
    [ "$n" -gt 20 ] || { echo "[$k $pr: no time left]"; continue; }
    timeout $n $G bench --reps 5 --engines gpu,cufft --kind $k --precision $pr \
      --sizes 16384..$top,$AWK > $L/i4-$k$pr.log 2>&1
    echo "[$k $pr: $(( $(date +%s) - t0 )) s]"
  done
}
# one bench run (dev-v45.sh on): bl LABEL ENGINES SIZES ENV... (kind and
# precision from K and P, default c2c f32; median of 5), its log
# $L/BL-LABEL.log and its gpu and cufft rows appended to $L/BL.txt (BL
# default l2)
bl() {
  lab=$1 en=$2 sz=$3; shift 3
  env "$@" timeout 150 $G bench -q --reps 5 --kind ${K:-c2c} --precision ${P:-f32} --sizes $sz \
    --engines $en > $L/${BL:-l2}-$lab.log 2>&1
  awk -v l="$lab" '/^(gpu|cufft)/ {printf "%-14s %-5s %s %s %9s %8s GB/s x%s err %s\n", l, $1, $2, $3, $4, $7, $8, $NF}' \
    $L/${BL:-l2}-$lab.log >> $L/${BL:-l2}.txt
}
# the named tests of one suite in full, each in the background (dev-v57.sh
# on; wait after): tests_only SUITE NAME..., logs $L/NAME.log
tests_only() {
  _su=$1; shift
  for t in "$@"; do
    (cd build && GFP_TEST_ONLY=$t timeout 170 $U/$_su > $L/$t.log 2>&1; echo "rc=$?" >> $L/$t.log) &
  done
}
# one A/B bench run of the A/B binary $A (dev-v58.sh on): ab LABEL KIND
# SIZES ALT (precision P, default f32; ~1 GiB, median of 5), its gpu rows
# appended to $L/ab.txt (BAD where bench's error passes 1e-5)
ab() {
  GFP_FAST_ALT=$4 timeout 120 $A bench -q --reps 5 --kind $2 --precision ${P:-f32} --sizes $3 \
    --engines gpu > $L/ab-$1.log 2>&1
  awk -v l="$1" '/^gpu/ {printf "%-10s %s %9s %8s GB/s err %s%s\n", l, $2, $4, $7, $NF, ($NF + 0 > 1e-5 ? " BAD" : "")}' $L/ab-$1.log >> $L/ab.txt
}
# two rounds of ab, each over the alternatives in turn (stop 48): ab2
# KIND SIZE ALT..., labels aALT-ROUND
ab2() {
  _k=$1 _s=$2; shift 2
  for _r in 1 2; do for _a in "$@"; do ab a$_a-$_r $_k $_s $_a; done; done
}
# racecheck and memcheck on bench runs of binary B (dev-v58.sh on):
# san_bench LABEL B KIND SIZES [ENV...] (precision P, default f32; 2 MiB
# batches, bench's check of each size), a line each appended to $L/san.txt
san_bench() {
  lab=$1 b=$2 k=$3 sz=$4; shift 4
  for tool in racecheck memcheck; do
    env "$@" timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b bench -q --warmup 0 --reps 1 \
      --bytes 2Mi --kind $k --precision ${P:-f32} --sizes $sz --engines gpu > $L/san-$lab-$k-$tool.log 2>&1
    echo "$lab $k $tool rc=$? $(grep -E 'SUMMARY' $L/san-$lab-$k-$tool.log | head -1) $(awk '/^gpu/ {printf "%s:%s ", $4, $NF}' $L/san-$lab-$k-$tool.log)" >> $L/san.txt
  done
}
# the caller's time budget (dev-v69.sh on; the caller sets t0): left
# [SECONDS], true while fewer than SECONDS (default 300) have passed
left() { [ $(( $(date +%s) - t0 )) -lt ${1:-300} ]; }
# racecheck and memcheck (SAN_TOOLS, default both) on bench --2d f32 of
# binary B (dev-v81.sh on):
# san2d LABEL B SIZE [ENV...] (kind K, default c2c; 2 MiB batches,
# bench's check of the size; none once left 540 fails), a line each
# appended to $L/san.txt
san2d() {
  lab=$1 b=$2 sz=$3; shift 3
  for tool in ${SAN_TOOLS-racecheck memcheck}; do
    left 540 || return 0
    env "$@" timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $b bench -q --warmup 0 --reps 1 \
      --bytes 2Mi --2d --kind ${K:-c2c} --precision f32 --sizes $sz --engines gpu > $L/san-$lab-$sz-$tool.log 2>&1
    echo "$lab ${K:-c2c} $sz $tool rc=$? $(grep -E 'SUMMARY' $L/san-$lab-$sz-$tool.log | head -1) $(awk '/^gpu/ {printf "err %s passes %s", $9, $10}' $L/san-$lab-$sz-$tool.log)" >> $L/san.txt
  done
}
# one bench --2d f32 run (dev-v86.sh on): b2k LABEL KIND SIZE ENGINES
# ENV... (BIN: the binary, default $G; median of 5), its log
# $L/b-LABEL-KIND-SIZE.log and its gpu and cufft rows appended to
# $L/v2d.txt
b2k() {
  lab=$1 k=$2 sz=$3 en=$4; shift 4
  env "$@" timeout 60 ${BIN:-$G} bench -q --reps 5 --2d --kind $k --precision f32 --sizes $sz \
    --engines $en > $L/b-$lab-$k-$sz.log 2>&1
  echo "$lab $k $sz: $(grep -E '^(gpu|cufft)' $L/b-$lab-$k-$sz.log | awk '{printf "%s %s GB/s x%s err %s passes %s; ", $1, $7, $8, $9, $10}')" >> $L/v2d.txt
}
# one 1D bench run with its route (dev-v87.sh on): try LABEL ENGINES N
# ENV... (bl's run, BL=cut: its rows in $L/cut.txt; the route that
# GFP_GPU_LARGE_DEBUG prints in $L/route.txt; none once left TRY_LEFT,
# default 560, fails); the caller empties both files first
try() {
  left ${TRY_LEFT:-560} || { echo "$1: no time left" >> $L/route.txt; return 0; }
  BL=cut bl "$@" GFP_GPU_LARGE_DEBUG=1
  echo "$1: $(grep -m1 'gfp_large:' $L/cut-$1.log | sed 's/^gfp_large: //' | cut -c1-160)" >> $L/route.txt
}
# ncu on one bench run (dev-v91.sh on): prof LABEL ENGINE N BYTES ENV...
# (binary B, default $G; kind K and precision P, default c2c f32; metrics
# M, default NCU_M, or what NCU_SEL asks of ncu instead, e.g. sections
# and --page raw; the first NCU_C launches, default 10; timeout NCU_T,
# default 120; none once left PROF_LEFT, default 560, fails; clocks left
# alone; PROF_X: more bench words, e.g. --2d), $L/NCU_OUT-LABEL.csv
# (NCU_OUT default ncu, the files ncu_sum
# reads), and its route line (GFP_GPU_LARGE_DEBUG)
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
NCU_M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__average_warp_latency_issue_stalled_drain.ratio,launch__registers_per_thread,launch__occupancy_limit_shared_mem
prof() {
  _lab=$1 _en=$2 _n=$3 _by=$4; shift 4
  left ${PROF_LEFT:-560} || { echo "$_lab: no time left"; return 0; }
  _o=$L/${NCU_OUT:-ncu}-$_lab
  env "$@" GFP_GPU_LARGE_DEBUG=1 timeout ${NCU_T:-120} $NCU --clock-control none --csv --print-units base \
    ${NCU_SEL:---metrics ${M:-$NCU_M}} -c ${NCU_C:-10} ${B:-$G} bench -q ${PROF_X:-} --engines $_en --kind ${K:-c2c} \
    --precision ${P:-f32} --sizes $_n --bytes $_by --reps 1 --warmup 0 > $_o.csv 2> $_o.err
  echo "$_lab rc=$? $(grep -m1 'gfp_large:' $_o.err | cut -c1-120)"
}
# each kernel of each $L/ncu-*.csv (dev-v91.sh on): label, kernel, grid,
# block, then those of us, DRAM GB read / written, DRAM %, L2 hit rate and
# registers that the run measured
ncu_sum() {
  for _f in $L/ncu-*.csv; do
    [ -s $_f ] || continue
    awk -F'","' -v l=$(basename $_f .csv) 'NF > 10 { gsub(/"/, "", $1); gsub(/[",]/, "", $15); if ($1 !~ /^[0-9]+$/) next; k = $1 "|" $5; nm[k] = substr($5, 1, 60); g[k] = $9; b[k] = $8
      v[k, $13] = $15; if (!(k in seen)) { seen[k] = 1; o[++n] = k } }
      function has(k, m) { return (k SUBSEP m) in v }
      END { for (i = 1; i <= n; i++) { k = o[i]; s = sprintf("%s %s g%s b%s", l, nm[k], g[k], b[k])
        if (has(k, "gpu__time_duration.sum")) s = s sprintf(" %.1f us", v[k, "gpu__time_duration.sum"] / 1000)
        if (has(k, "dram__bytes_read.sum")) s = s sprintf(" rd %.3f wr %.3f GB", v[k, "dram__bytes_read.sum"] / 1e9, v[k, "dram__bytes_write.sum"] / 1e9)
        if (has(k, "dram__throughput.avg.pct_of_peak_sustained_elapsed")) s = s sprintf(" dram %.1f%%", v[k, "dram__throughput.avg.pct_of_peak_sustained_elapsed"])
        if (has(k, "lts__t_sector_hit_rate.pct")) s = s sprintf(" hit %.0f%%", v[k, "lts__t_sector_hit_rate.pct"])
        if (has(k, "launch__registers_per_thread")) s = s " regs " v[k, "launch__registers_per_thread"]
        print s } }' $_f
  done
}
# before a call's tries: tries_init [LEFT] empties $L/cut.txt and
# $L/route.txt, and sets TRY_LEFT when LEFT is given
tries_init() { : > $L/cut.txt; : > $L/route.txt; [ -z "${1:-}" ] || TRY_LEFT=$1; }
# one GPU test suite (dev-v104.sh on): suite LOG T SUITE [ENV...], run in
# build under timeout T s with ENV set, its output and "rc=N" in
# $L/LOG.log
suite() {
  _lg=$1 _t=$2 _su=$3; shift 3
  (cd build && env "$@" timeout $_t $U/$_su > $L/$_lg.log 2>&1; echo "rc=$?" >> $L/$_lg.log)
}
# tries from a table on stdin (dev-v104.sh on): lines LABEL ENGINES N
# [WORD...], as try's arguments; a word K=kind or P=precision sets bench's
# --kind or --precision for that line (default: the caller's K and P),
# the others go to the run's environment; blank lines and #s skipped;
# each run's stdin is /dev/null, not the table
try_table() {
  _K0=${K:-c2c} _P0=${P:-f32}
  while read -r _lab _en _n _e; do
    case $_lab in ''|'#'*) continue ;; esac
    K=$_K0 P=$_P0 _env=
    for _w in $_e; do
      case $_w in K=*) K=${_w#K=} ;; P=*) P=${_w#P=} ;; *) _env="$_env $_w" ;; esac
    done
    try "$_lab" "$_en" "$_n" $_env </dev/null
  done
  K=$_K0 P=$_P0
}
# the hybrid sweep out of core (dev-v110.sh on): hyb_sweep T [MARGIN]:
# bench/hybrid-sweep.sh under timeout T s with DEADLINE T - MARGIN
# (default 45), every CPU (hyb_env first; HTHREADS, the hybrid's and
# calibrate's, may be set lower), AB 0, REPS (default 7), ROUNDS
# (default 1), RSPAN (default 0), RMIN and RMAX (default 0.5, 0.9),
# DIRS, SIZES and ALT_CAL as the caller sets them (ROUNDS and RSPAN
# default to what the scripts before stop 49 ran with, not to
# hybrid-sweep.sh's 3 and 0.15); its log $L/hyb.log, its files in
# $L/hyb; t0 set
hyb_sweep() {
  env OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES="${SIZES:-8192x8192 16384x16384 8192x32768}" AB=0 \
    THREADS=$TH HTHREADS=${HTHREADS:-$TH} REPS=${REPS:-7} ROUNDS=${ROUNDS:-1} RSPAN=${RSPAN:-0} DIRS="${DIRS:-rows cols}" RMIN=${RMIN:-0.5} RMAX=${RMAX:-0.9} DEADLINE=$(( $1 - ${2:-45} )) \
    ALT_CAL="${ALT_CAL:-}" timeout $1 bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
  echo "hybrid-sweep rc=$? [$(( $(date +%s) - t0 )) s]"
}
# its rows: the checks, beside factors and sweeps (show_sweep), and each
# ALT_CAL model's r and times, and each point's rounds (ROUNDS > 1)
show_hyb() {
  show_sweep $L/hyb
  grep -h "alt " $L/hyb/sweep.log | grep size
  grep -h "rounds" $L/hyb/sweep.log | cut -c1-400
}
# issue 7's done-when sweep (dev-v129.sh on): t7_sweep END: hyb_env, then
# hyb_sweep to END s (DEADLINE 30 s before) with both directions, RSPAN
# 0.15 around the model's r, ROUNDS 3, REPS 5, SIZES and ALT_CAL as the
# caller sets them; then show_hyb and pack_logs
t7_sweep() {
  hyb_env
  t0=$(date +%s)
  REPS=5 ROUNDS=3 RSPAN=0.15 hyb_sweep $1 30
  echo "[end: $(( $(date +%s) - t0 )) s]"
  show_hyb
  pack_logs
}
# stop 45's tries (dev-v104.sh, dev-v108.sh): C2C f32 2^24 against
# cuFFT on its default cut, R2C f32 2^16 (0.814x cuFFT on stop 44's
# H100) against cuFFT on its default and the four-step (GFP_GPU_1CL=0);
# t0 set, tries_init first
tries_s45() {
  try 24-def gpu,cufft 16777216
  K=r2c
  try r16-def gpu,cufft 65536
  try r16-4s gpu 65536 GFP_GPU_1CL=0
  K=c2c
}
# stop 47's shared parts (quick2 and t7_rows: dev-v122.sh on; probe:
# dev-v118.sh). quick2 T: test_gpu_large and test_gpu_2d quick at once
# under timeout T s, their logs and rc
quick2() {
  suite test_gpu_large $1 test_gpu_large GFP_TEST_QUICK=1 &
  suite test_gpu_2d $1 test_gpu_2d GFP_TEST_QUICK=1 &
  wait
}
# issue 7's 2D rows against cuFFT (C2C 4096^2, 16384^2 twice, R2C
# 1920x1080 and 3840x2160; b2k's rows in $L/v2d.txt) and issue 4's 2^14
# (bl's row in $L/l2.txt)
t7_rows() {
  b2k t7 c2c 4096x4096 gpu,cufft
  b2k t7 c2c 16384x16384 gpu,cufft
  b2k t7b c2c 16384x16384 gpu,cufft
  b2k t7 r2c 1920x1080 gpu,cufft
  b2k t7 r2c 3840x2160 gpu,cufft
  K=c2c bl c2c14 gpu,cufft 16384
}
# probe KIND PREC SIZES (the probe binary C, PROBE_T s a run, none once
# left PL fails, default 540): the product against cuFFT, then binary C
# alone, their rows in $L/probe.txt
probe() {
  left ${PL:-540} || return 0
  timeout ${PROBE_T:-100} $G bench -q --reps 5 --kind $1 --precision $2 --sizes $3 --engines gpu,cufft > $L/probe-$1$2-p.log 2>&1
  timeout ${PROBE_T:-100} $C bench -q --reps 5 --kind $1 --precision $2 --sizes $3 --engines gpu > $L/probe-$1$2-cs.log 2>&1
  for f in p cs; do
    awk -v l=$f '/^(gpu|cufft)/ {printf "%-3s %-5s %s %s %9s %8s GB/s err %s\n", l, $1, $2, $3, $4, $7, $NF}' $L/probe-$1$2-$f.log >> $L/probe.txt
  done
}
# the tries' summary: routes and rows
show_tries() { cut -c1-150 $L/route.txt; cat $L/cut.txt; }
pack_logs() { (cd $OUT && tar -czf logs.tgz logs && rm -rf logs); }
