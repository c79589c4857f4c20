#!/bin/sh
# bench/gpu/dev-hostcopy2.sh - issue 7, the strided copy back: hostcopy -P
# on the H100 machine. Its tables: (1) strided gather (H2D) against
# strided scatter (D2H, fft2 now) by run (256 B - 4 KiB at a pitch of 64
# KiB), alone and beside the other direction contiguous; (2) the same by
# pitch at runs of 1 KiB (4 KiB - 256 KiB, and 65 KiB + 64 B, 68 KiB: not
# powers of two); (3) the copy back contiguous into pinned 8 MiB staging
# buffers and scattered by T CPU threads (memcpy and streaming stores):
# the scatter alone, the rate its overlap would allow, and the pipeline
# measured. 8 MiB batches, 3 in flight. A short default-mode run (512
# MiB, 8 MiB batches) first for comparison with dev-hybrid-v3.sh's table.
#
# Pack (on the dev box, repository root, CUDA build in build/):
#   make -C bench/gpu hostcopy &&
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe "$PWD/bench/gpu/build/hostcopy"
# Run (device tool): carry [".devpack"], timeout_s 600, command
#   OUT=$OUT sh bench/gpu/dev-hostcopy2.sh
# PHASE (default "base p512 p2048 p512-4k") picks the runs: base the
# default mode at 512 MiB (timeout 40 s), p512 -P on 512 MiB arrays with
# huge pages as fft2 takes them (-r 5, timeout 150 s; ~40-60 s expected),
# p2048 the same on 2 GiB arrays (-r 3, timeout 220 s; ~70-100 s),
# p512-4k p512 with 4 KiB pages (-4: physical addresses scrambled above 4
# KiB, the DRAM bank hypothesis's control; -r 3, timeout 150 s). Worst
# case 560 s; logs in $OUT/logs (and $OUT/logs.tgz).
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
H=$PWD/build/x/hostcopy
[ -x "$H" ] || { echo "dev-hostcopy2: $H missing (pack it: see the head of this script)"; exit 1; }
PHASE=${PHASE:-base p512 p2048 p512-4k}
nvidia-smi -L
echo "host: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo); NUMA: $(lscpu | grep -E '^NUMA node' | tr -s ' ' | tr '\n' ';')"
lscpu | grep -E '^(Model name|L3 cache)' | tr -s ' '
nvidia-smi --query-gpu=pcie.link.gen.current,pcie.link.width.current --format=csv,noheader 2>/dev/null | sed 's/^/PCIe gen, width: /'
echo "THP: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null); IOMMU: $(ls /sys/class/iommu 2>/dev/null | wc -l) unit(s)"
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  base) timeout 40 $H -s 512 -b 8 -r 3 > $L/base.log 2>&1 ;;
  p512) timeout 150 $H -P -s 512 -r 5 > $L/p512.log 2>&1 ;;
  p2048) timeout 220 $H -P -s 2048 -r 3 > $L/p2048.log 2>&1 ;;
  p512-4k) timeout 150 $H -P -4 -s 512 -r 3 > $L/p512-4k.log 2>&1 ;;
  *) echo "dev-hostcopy2: unknown phase $ph"; continue ;;
  esac
  echo "[$ph: rc=$? $(( $(date +%s) - t0 )) s]"
done
tar -czf $OUT/logs.tgz -C $OUT logs
# last: the tables (the machine lines once, from the first log)
first=1
for ph in $PHASE; do
  [ -f $L/$ph.log ] || continue
  echo; echo "== $ph"
  if [ $first = 1 ]; then cat $L/$ph.log; first=0; else grep -v '^# [Tc]' $L/$ph.log; fi
done
