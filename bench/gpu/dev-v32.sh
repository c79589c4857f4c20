#!/bin/sh
# bench/gpu/dev-v32.sh - stop 28's device calls (issue 7): where the
# model misprices the columns' pass of the hybrid at the 16x problem.
#
# Phases (PHASE, default "colr cal2"):
#   colr  at SIZE (8192x8192), out of core (--gpu-mem a quarter):
#         calibrate, then ROUNDS (2) rounds of fft2 -vv --engine hybrid
#         at the model's pair and with the rows at the model's r and the
#         columns' r at each of COLS (0 0.5 0.55 0.6 0.65 0.7 0.75 1; 0
#         and 1 give each side of the column pass alone): every split
#         pass's CPU and GPU part a frame against the model's parts (-v)
#   cal2  calibrate -v three times in a row (does a calibrate right after
#         another still see probe outliers, now with 4 KiB pages?)
#   t2d   tests/cli/fft2-gpu.sh and tests/cli/hybrid.sh
#   hyt   tests/cli/hybrid.sh alone
#   b2d   bench --2d against cuFFT at issue 7's sizes (C2C and R2C f32
#         4096^2, 16384^2, 1920x1080, 3840x2160), B2D_RUNS (2) runs
#   hyb   bench/hybrid-sweep.sh at SIZES as dev-v31.sh (RMIN 0.5, REPS 5)
# Pack and run as dev-v31.sh: OUT=$OUT PHASE='...' sh bench/gpu/dev-v32.sh
PHASE=${PHASE:-colr cal2}
. bench/gpu/dev-common.sh
hyb_env
SIZES=${SIZES:-8192x8192 16384x16384 8192x32768}
D=$(mktemp -d)
# colr.log to a line a run: label, transforms, then each split pass's
# number, CPU and GPU us a frame (p:C/G)
colr_table() {
  awk '/^## /{if(k!="") print k " |" t " |" u; k=$5; for(i=6;i<=NF;i++) k=k " " $i; t=""; u=""}
    /transforms/{for(i=1;i<=NF;i++) if($i=="transforms") t=t " " $(i+1)}
    /hybrid: r .*the model|--ratio/{for(i=1;i<=NF;i++) if($i=="predicted") t=t " pred " $(i+1)}
    /split pass [0-9]/{p=$4; c=""; g=""; for(i=1;i<=NF;i++){if($i=="a" && $(i+1)=="frame),"){if(c=="") c=$(i-2); else g=$(i-2)} if($i=="a" && $(i+1)=="frame)" && c!="") g=$(i-2)}
      sub(/\(/,"",c); sub(/\(/,"",g); u=u sprintf(" %s:%s/%s", p, c, g)}
    END{if(k!="") print k " |" t " |" u}' $1
}
# the host: CPU model, load, and the CPU time stolen by others over 5 s
# (call 3's host ran calibrate's CPU FFTs 3.5x slower than calls 1-2's)
steal() { awk '/^cpu /{print $9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }
s0=$(steal); sleep 5; s1=$(steal)
echo "host: $(lscpu | sed -n 's/^Model name: *//p' | head -1); load $(cut -d' ' -f1-3 /proc/loadavg); steal over 5 s $(echo "$s0 $s1" | awk '{printf "%.1f %%", 100*($3-$1)/($4-$2+1e-9)}')" > $L/host.txt
ph t2d && cli_2d
ph hyt && { GFFTPIPE=$G TOP_BUILDDIR=$PWD/build F2REF=$R timeout 200 sh tests/cli/hybrid.sh > $L/hybrid.log 2>&1; echo "hybrid.sh rc=$? $(tail -n 1 $L/hybrid.log)" > $L/t2d.txt; grep -E '^(not ok|FAIL)' $L/hybrid.log | head -8 >> $L/t2d.txt; }
if ph b2d; then
  for k in $(seq ${B2D_RUNS:-2}); do
    timeout 200 $G bench --2d --engines gpu,cufft --kind c2c,r2c --precision f32 \
      --sizes 4096x4096,16384x16384,1920x1080,3840x2160 > $L/b2d-$k.log 2>&1
    echo "run $k rc=$?"; grep -vE '^#' $L/b2d-$k.log | tail -n 12
  done > $L/b2d.txt 2>&1
fi
if ph colr; then
  SIZE=${SIZE:-8192x8192}; mkdata $D $SIZE; GM=$(( ${SIZE%x*} * ${SIZE#*x} * 2 ))
  timeout 120 $G calibrate -v --threads $TH --wisdom $W -o $L/model-colr > /dev/null 2> $L/cal-colr.log
  for i in $(seq ${ROUNDS:-2}); do
    f2 "model" "GFFTPIPE_MODEL=$L/model-colr" -vv --engine hybrid --gpu-mem $GM --threads $TH
    rr=$(sed -n 's/.*hybrid: r \([0-9.]*\), columns.*/\1/p' $L/colr.log 2>/dev/null | head -1)
    for c in ${COLS:-0 0.5 0.55 0.6 0.65 0.7 0.75 1}; do
      f2 "cols $c" "GFFTPIPE_MODEL=$L/model-colr" -vv --engine hybrid --gpu-mem $GM --threads $TH --ratio ${rr:-0.75},$c
    done
  done > $L/colr.log 2>&1
  colr_table $L/colr.log > $L/colr.txt
fi
if ph cal2; then
  for k in 1 2 3; do
    timeout 120 $G calibrate -v --threads $TH --wisdom $W -o $L/model-cal$k > /dev/null 2> $L/cal$k.log
    echo "calibrate $k rc=$?: $(grep -E 'f32 beside' $L/cal$k.log | cut -c1-230)"
    grep -E 'copies alone|f32 (cpu_fft|gpu_copy|gpu_fft) ' $L/cal$k.log | cut -c1-200
  done > $L/cal2.txt 2>&1
fi
if ph hyb; then
  env ${HENV:-} OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES="$SIZES" AB=0 THREADS=$TH HTHREADS=${HTHREADS:-$TH} \
    RMIN=${RMIN:-0.5} REPS=${REPS:-5} timeout ${HYB_T:-400} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
  echo "hybrid-sweep rc=$?"
fi
rm -rf $D
cat $L/host.txt
show_tests
echo "== t2d"; cat $L/t2d.txt 2>/dev/null
echo "== b2d"; cat $L/b2d.txt 2>/dev/null
echo "== colr (model: $(grep -m1 'the model' $L/colr.log 2>/dev/null | cut -c1-330))"
cat $L/colr.txt 2>/dev/null
echo "== cal2"; cat $L/cal2.txt 2>/dev/null
show_sweep $L/hyb
pack_logs
