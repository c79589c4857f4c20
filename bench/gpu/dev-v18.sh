#!/bin/sh
# bench/gpu/dev-v18.sh - issue 3's done-when on the final tree, one call:
# the bench tables (C2C f32/f64 8..8192, R2C f32 64..8192, the smooth
# lengths) twice, bench --pipeline (4 GiB cf32, n 4096) and five runs of
# `gfftpipe fft --n 4096 --engine gpu < F > /dev/null` alternating with
# `cat F > /dev/null` (F: 4 GiB in /dev/shm), rows under target marked.
#   pack: sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe
#   run (device tool, carry [".devpack"]): OUT=$OUT sh bench/gpu/dev-v18.sh
set -u
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
[ -n "${SKIP_UNPACK:-}" ] || { rm -rf build && mkdir -p build && tar -xJf .devpack/pack.tar.xz -C build; } || exit 1
export LD_LIBRARY_PATH=$PWD/build/lib:/usr/local/cuda/lib64
G=$PWD/build/src/gfftpipe
nvidia-smi -L
B="timeout 200 $G bench --engines gpu,cufft"
for run in 1 2; do
  $B --kind c2c --precision f32,f64 --sizes 8..8192 > $L/c2c-$run.log 2>&1
  $B --kind r2c --precision f32 --sizes 64..8192 > $L/r2c-$run.log 2>&1
  $B --kind c2c --precision f32,f64 --sizes 1000,1331,2187,2197,2401,3000,3125,4095 > $L/smooth-$run.log 2>&1
done
head -c $((4 << 30)) /dev/urandom > /dev/shm/4GiB.cf32
timeout 200 $G bench --pipeline --engines gpu,cufft --kind c2c --precision f32 --sizes 4096 > $L/pipe.log 2>&1
# A/B of the pipeline row: pinned blocks on 4 KiB pages (GFP_NO_THP=1), and
# cufft first
GFP_NO_THP=1 timeout 200 $G bench --pipeline --engines gpu,cufft --kind c2c --precision f32 --sizes 4096 > $L/pipe-4k.log 2>&1
timeout 200 $G bench --pipeline --engines cufft,gpu --kind c2c --precision f32 --sizes 4096 > $L/pipe-rev.log 2>&1
for i in 1 2 3 4 5; do
  a=$(date +%s.%N); $G fft --n 4096 --in-format cf32 --engine gpu < /dev/shm/4GiB.cf32 > /dev/null; b=$(date +%s.%N)
  cat /dev/shm/4GiB.cf32 > /dev/null; c=$(date +%s.%N)
  awk -v i=$i -v a=$a -v b=$b -v c=$c 'BEGIN { printf "%d gfftpipe %.3f s  cat %.3f s  ratio %.3f\n", i, b - a, c - b, (b - a) / (c - b) }'
done > $L/cat.log 2>&1
rm -f /dev/shm/4GiB.cf32
# x cufft per row; target 0.97 (powers of two), 1.0 (smooth)
for run in 1 2; do
  echo "== run $run (gpu rows: kind prec n GB/s x-cufft err; cufft err)"
  for f in c2c r2c smooth; do
    awk -v f=$f '/^cufft/ {ce[$2 $3 $4] = $NF} /^gpu/ {t = (f == "smooth") ? 1.0 : 0.97;
      m = ($8 + 0 < t) ? " <" t : ""; e = ($NF + 0 > ce[$2 $3 $4] + 0) ? " ERR>cufft" : "";
      printf "%s %s %s %s %s %s%s%s\n", $2, $3, $4, $7, $8, $NF, m, e}' $L/$f-$run.log
  done | awk '{printf "%s%s", $0, (NR % 4 == 0) ? "\n" : " | "} END {print ""}'
done
echo "== pipeline (default; GFP_NO_THP=1; cufft first)"; for f in pipe pipe-4k pipe-rev; do grep -v '^#' $L/$f.log; done
echo "== fft vs cat"; cat $L/cat.log
