#!/bin/sh
# bench/gpu/dev-v31.sh - stop 27's device calls (issue 7): the CPU
# engine's blocks taken by each worker as it finishes the last (not an
# even share each), and the hybrid's FFTW threads beside its spinning
# GPU thread.
#
# Phases (PHASE, default "thr"):
#   thr   calibrate at TH and TH - 1 threads (models model-tTH,
#         model-tTH-1), then at each size of SIZES (default 8192x8192
#         16384x16384 8192x32768), out of core (--gpu-mem a quarter),
#         ROUNDS (2) rounds: the GPU alone, the CPU alone at TH threads
#         (blocks shared out as taken, and GFP_CPU_STATIC_BLOCKS=1: even
#         shares), the hybrid at TH and TH - 1 threads (each with its own
#         model, at the model's r) both ways; the CPU alone and the
#         hybrid at TH with GFP_CPU_BATCH_MIB=128 (the CPU's batches 4x
#         longer: more blocks than threads at n 16384 and 32768); median
#         of 3, -v
#   t2d   tests/cli/fft2-gpu.sh and tests/cli/hybrid.sh
#   hyb   bench/hybrid-sweep.sh at SIZES, THREADS (TH) for the CPU
#         alone, HTHREADS (default TH) for calibrate and the hybrid, RMIN
#         (0.5; calls 2-5 ran 0.6, and the columns' best sat on it at
#         8192^2), REPS (5); HENV: VAR=value words for the whole sweep
#   diag  the machine's NUMA nodes and THP settings, then the GPU alone
#         at each of DSIZES (16384x16384) out of core, DRUNS (8)
#         processes one after another, the last two with DENV (default
#         GFP_THP=1; calls 3 and 4 ran 9449bbb's binary, whose default
#         was huge pages, with DENV GFP_NO_THP=1) (DALT=1: every other
#         one): each one's time, the
#         kernel's THP faults and fallbacks around it, and its 1 GiB+
#         mappings' pages a node and AnonHugePages while it ran (do the
#         2 GiB arrays' runs alternate fast and slow with where their
#         pages are?)
#   colr  moved to dev-v32.sh (stop 28)
#   final the GPU suites quick, memcheck on test_gpu_large quick,
#         gpu-faults.sh
# Pack (dev box, repository root):
#   (cd build && make -j2 && make -j2 check TESTS=) &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#     tests/cli/fft2ref tests/cli/refdft
# Run (device tool): carry [".devpack"], command
#   OUT=$OUT PHASE='...' sh bench/gpu/dev-v31.sh
PHASE=${PHASE:-thr}
. bench/gpu/dev-common.sh
hyb_env
T1=$((TH - 1))
SIZES=${SIZES:-8192x8192 16384x16384 8192x32768}
D=$(mktemp -d)
# thr.log to a line a run: size and label, its rounds' times, and the
# hybrid's CPU and GPU parts a frame (us) each round
thr_table() {
  awk '/^## /{k=$2; for(i=5;i<=NF;i++) k=k " " $i; if(!(k in o)){o[k]=++n; key[n]=k}}
    /transforms/{for(i=1;i<=NF;i++) if($i=="transforms") v[k]=v[k] " " $(i+1)}
    /split passes/{for(i=1;i<=NF;i++) if($(i+1)=="part" && ($i=="CPU" || $i=="GPU")){f=$(i+4); sub(/\(/,"",f); u[k $i]=u[k $i] sprintf(" %.2f", 1e6*$(i+2)/f)}}
    END{for(j=1;j<=n;j++){k=key[j]; printf "%-30s%s", k, v[k]; if((k "CPU") in u) printf " | us a frame: CPU%s, GPU%s", u[k "CPU"], u[k "GPU"]; print ""}}' $1
}
ph t2d && cli_2d
if ph thr; then
  for t in $TH $T1; do
    timeout 120 $G calibrate -v --threads $t --wisdom $W -o $L/model-t$t > /dev/null 2> $L/cal-t$t.log
    echo "calibrate --threads $t rc=$?: $(grep -E 'f32 beside|beside.*f32' $L/cal-t$t.log | head -1 | cut -c1-160)"
  done > $L/thr-cal.txt
  for SIZE in $SIZES; do
    mkdata $D $SIZE
    GM=$(( ${SIZE%x*} * ${SIZE#*x} * 2 ))
    for i in $(seq ${ROUNDS:-2}); do
      f2 "gpu" "" --engine gpu --gpu-mem $GM --threads $TH
      f2 "cpu $TH taken" "" --engine cpu --threads $TH
      f2 "cpu $TH even" GFP_CPU_STATIC_BLOCKS=1 --engine cpu --threads $TH
      f2 "cpu $TH taken b128" GFP_CPU_BATCH_MIB=128 --engine cpu --threads $TH
      f2 "hybrid $TH taken b128" "GFFTPIPE_MODEL=$L/model-t$TH GFP_CPU_BATCH_MIB=128" --engine hybrid --gpu-mem $GM --threads $TH
      for t in $TH $T1; do
        f2 "hybrid $t taken" GFFTPIPE_MODEL=$L/model-t$t --engine hybrid --gpu-mem $GM --threads $t
        f2 "hybrid $t even" "GFFTPIPE_MODEL=$L/model-t$t GFP_CPU_STATIC_BLOCKS=1" --engine hybrid --gpu-mem $GM --threads $t
      done
    done
  done > $L/thr.log 2>&1
  thr_table $L/thr.log > $L/thr.txt
fi
if ph hyb; then
  env ${HENV:-} OUT=$L/hyb GFFTPIPE=$G F2REF=$R WISDOM=$W SIZES="$SIZES" AB=0 THREADS=$TH HTHREADS=${HTHREADS:-$TH} \
    RMIN=${RMIN:-0.5} REPS=${REPS:-5} timeout ${HYB_T:-400} bash bench/hybrid-sweep.sh > $L/hyb.log 2>&1
  echo "hybrid-sweep rc=$?"
fi
# numa_maps of process $1 summed: pages a node, over mappings of 1 GiB+
numa_sum() {
  awk '{a=0; for(i=2;i<=NF;i++) if($i ~ /^anon=/){split($i,x,"="); a=x[2]}
    if(a >= 262144) for(i=2;i<=NF;i++) if($i ~ /^N[0-9]+=/){split($i,x,"="); n[x[1]]+=x[2]}}
    END{for(k in n) printf "%s=%d ", k, n[k]}' /proc/$1/numa_maps 2>/dev/null
  grep AnonHugePages /proc/$1/smaps_rollup 2>/dev/null | tr -s ' '
}
if ph diag; then
  {
    echo "## machine"; lscpu | grep -iE 'numa|model name|socket|^cpu\(s\)'
    cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag
    nvidia-smi topo -m 2>/dev/null | head -4
    for SIZE in ${DSIZES:-16384x16384}; do
    mkdata $D $SIZE; GM=$(( ${SIZE%x*} * ${SIZE#*x} * 2 ))
    for i in $(seq ${DRUNS:-8}); do
      # DALT=1: every other process with DENV; else the last two
      e=""
      if [ -n "${DALT:-}" ]; then [ $((i % 2)) = 0 ] && e=${DENV:-GFP_THP=1}; else [ $i -gt $((${DRUNS:-8} - 2)) ] && e=${DENV:-GFP_THP=1}; fi
      v0=$(awk '/^thp_fault_(alloc|fallback) /{printf "%s ", $2}' /proc/vmstat)
      env $e timeout 90 $G fft2 -v --size $SIZE --repeat 5 --in-format cf32 --out-format cf32 \
        --engine gpu --gpu-mem $GM $D/data.cf32 - 2> $D/err >/dev/null & pid=$!
      last=""
      while kill -0 $pid 2>/dev/null; do s=$(numa_sum $pid); [ -n "$s" ] && last=$s; sleep 0.3; done
      wait $pid
      v1=$(awk '/^thp_fault_(alloc|fallback) /{printf "%s ", $2}' /proc/vmstat)
      echo "$SIZE run $i $e: $(sed -n 's/.*transforms \([0-9.]*\) s.*/\1/p' $D/err) s | thp alloc,fallback before $v0 after $v1 | $last"
    done
    done
  } > $L/diag.txt 2>&1
fi
# colr (never run in stop 27): dev-v32.sh's, which ran it in stop 28
ph final && quick_suites
rm -rf $D
show_tests
echo "== t2d"; cat $L/t2d.txt 2>/dev/null
echo "== diag"; cat $L/diag.txt 2>/dev/null
echo "== thr"; cat $L/thr-cal.txt $L/thr.txt 2>/dev/null
show_sweep $L/hyb
pack_logs
