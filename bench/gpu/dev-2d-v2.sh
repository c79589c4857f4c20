#!/bin/sh
# bench/gpu/dev-2d-v2.sh - one GPU-machine call (H100, ~6 minutes) for
# issue 7's 2D FFT on branch twod-speed: C2C f32 16384 pass kernels (one
# frame a block, and in thread-block clusters: GFP_GPU_2D_CL), C2C f32
# 1920 and 3840 pass kernels, and the A/B alternatives for 3840 x 2160.
#
# Build (dev box, in the worktree): the product in build/
#   (cd build && ../configure CUDA_ARCHS=90 && make src/gfftpipe \
#       tests/unit/test_gpu_2d tests/cli/fft2ref tests/cli/refdft)
# and the A/B binary in build-ab/, a copy with the 2D passes rebuilt:
#   rm -rf build-ab && cp -a build build-ab && rm build-ab/kernels/gfp_gpu_fast_2d.o &&
#   make -C build-ab NVCCFLAGS=-DGFP_FAST_AB src/gfftpipe
# Pack:
#   sh bench/gpu/pack.sh .devpack/pack.tar.xz build src/gfftpipe \
#       tests/unit/test_gpu_2d tests/cli/fft2ref tests/cli/refdft \
#       $PWD/build-ab/src/gfftpipe
# (the last lands in x/gfftpipe). Run (carry .devpack):
#   sh bench/gpu/dev-2d-v2.sh
# or, if one call would pass the 10-minute limit, PHASE=tests first and
# PHASE="bench var" second.
#
# PHASE (default "tests bench var"):
#   tests  in parallel: test_gpu_2d quick (product, GFP_GPU_2D_CL=2 and 4),
#          tests/cli/fft2-gpu.sh, and compute-sanitizer memcheck + racecheck
#          of one short fft2 per new kernel (product, clusters, A/B alts)
#   bench  product: bench --2d gpu,cufft, C2C f32 4096x4096, 16384x16384,
#          1920x1080, 3840x2160; R2C f32 4096x4096, 1920x1080, 3840x2160
#   var    the variants, gpu only (their ratio against this call's cuFFT
#          row in the table): C2C 16384x16384 with GFP_GPU_2D_CL=4 and 8;
#          GFP_GPU_2D_CL=2 (2160 and 4096 in block pairs) on R2C and C2C
#          3840x2160 and 4096x4096; the A/B binary at GFP_FAST_ALT=0,2,4,5,
#          6,8 on R2C 3840x2160, 4,7,8 on C2C 3840x2160, 2 on R2C 4096x4096,
#          0,9 on R2C and C2C 1920x1080
#   var2   more (a second call): C2C 16384x16384 GFP_GPU_2D_CL=2,
#          GFP_GPU_NO2D=1 (the old four passes), GFP_FAST_ALT=1,2,3
#   prof   where ncu exists and may read the counters: per kernel time,
#          DRAM bytes and L2 write sectors/requests of fft2 R2C 3840x2160
#          (product, ALT=6) and C2C 16384x1024 (GFP_GPU_2D_CL=0 and 4)
# Logs in $OUT/logs.tgz; the table last on stdout.
set -u
BUILD=${BUILD:-build-2dv2}
OUT=${OUT:-out}; mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd); L=$OUT/logs
if [ -f .devpack/pack.tar.xz ] && [ -z "${SKIP_UNPACK:-}" ]; then
  rm -rf "$BUILD" && mkdir -p "$BUILD" && tar -xJf .devpack/pack.tar.xz -C "$BUILD" || exit 1
fi
[ -x "$BUILD/src/gfftpipe" ] && [ -x "$BUILD/tests/unit/test_gpu_2d" ] ||
  { echo "dev-2d-v2: no $BUILD/src/gfftpipe or tests/unit/test_gpu_2d" >&2; exit 1; }
BUILD=$(cd "$BUILD" && pwd)
export LD_LIBRARY_PATH=$BUILD/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
G=$BUILD/src/gfftpipe
AB=$BUILD/x/gfftpipe
R=$BUILD/tests/cli/fft2ref
T2=$BUILD/tests/unit/test_gpu_2d
PHASE=${PHASE:-tests bench var}
nvidia-smi -L
summary() { # LOG: CUnit's asserts line and the first failures
  echo "  $(grep -A3 'Run Summary' "$1" | grep asserts | tr -s ' ')"
  grep -E '^ +[0-9]+\. |FAIL|skipped' "$1" | head -8
}
# san NAME VAR=VALUE BINARY ARGS... (ARGS end with the input file):
# memcheck and racecheck of one fft2, in the background
san() {
  _n=$1 _v=$2; shift 2
  for tool in memcheck racecheck; do
    (cd "$L/d" && env "$_v" timeout 240 compute-sanitizer --tool $tool --error-exitcode 9 \
      "$@" "$_n-$tool.out" > "$L/san-$_n-$tool.log" 2>&1; echo "rc=$?" >> "$L/san-$_n-$tool.log") &
  done
}
for ph in $PHASE; do
  t0=$(date +%s)
  case $ph in
  tests)
    mkdir -p "$L/d"
    (cd "$L/d" && "$R" rand $((2 * 16384 * 8)) 1 c16k.cf64 && "$R" rand $((2 * 3840 * 16)) 2 c38.cf64 &&
      "$R" rand $((3840 * 16)) 3 r38.f64 && "$R" rand $((2 * 16 * 2160)) 4 c2160.cf64 &&
      "$R" rand $((2 * 16 * 4096)) 7 c4096.cf64) || echo "fft2ref rand failed"
    F="fft2 --engine gpu --out-format cf32"
    san c16k     GFP_GPU_2D_CL=0 $G $F --size 16384x8 --in-format cf64 c16k.cf64
    san c16k-cl4 GFP_GPU_2D_CL=4 $G $F --size 16384x8 --in-format cf64 c16k.cf64
    san c16k-cl8 GFP_GPU_2D_CL=8 $G $F --size 8x16384 --in-format cf64 c16k.cf64
    san c2160-cl2 GFP_GPU_2D_CL=2 $G $F --size 16x2160 --in-format cf64 c2160.cf64
    san c4096-cl2 GFP_GPU_2D_CL=2 $G $F --size 16x4096 --in-format cf64 c4096.cf64
    san c3840    GFP_GPU_2D_CL=0 $G $F --size 3840x16 --in-format cf64 c38.cf64
    san c1920    GFP_GPU_2D_CL=0 $G $F --size 1920x32 --in-format cf64 c38.cf64
    san ab6-r    GFP_FAST_ALT=6 $AB $F --size 3840x16 --in-format f64 r38.f64
    san ab6-c    GFP_FAST_ALT=6 $AB $F --size 16x2160 --in-format cf64 c2160.cf64
    san ab7      GFP_FAST_ALT=7 $AB $F --size 3840x16 --in-format cf64 c38.cf64
    (GFP_TEST_QUICK=1 timeout 200 "$T2" > "$L/t2d-quick.log" 2>&1; echo "rc=$?" >> "$L/t2d-quick.log") &
    for c in 2 4; do
      (GFP_GPU_2D_CL=$c GFP_TEST_QUICK=1 timeout 200 "$T2" > "$L/t2d-quick-cl$c.log" 2>&1
       echo "rc=$?" >> "$L/t2d-quick-cl$c.log") &
    done
    GFFTPIPE=$G TOP_BUILDDIR=$BUILD timeout 300 sh tests/cli/fft2-gpu.sh > "$L/fft2-gpu.log" 2>&1
    echo "fft2-gpu.sh rc=$? $(tail -n 1 "$L/fft2-gpu.log")"
    grep -E '^(FAIL|SKIP)' "$L/fft2-gpu.log" | head -8
    wait
    for t in t2d-quick t2d-quick-cl2 t2d-quick-cl4; do echo "$t $(tail -n 1 "$L/$t.log")"; summary "$L/$t.log"; done
    for f in "$L"/san-*.log; do
      echo "$(basename "$f" .log): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$f" | tail -1) $(tail -n 1 "$f")"
      grep -E 'Invalid|hazard|Uninitialized|gfftpipe:' "$f" | head -3
    done
    rm -rf "$L/d"
    ;;
  bench)
    B="timeout 300 $G bench --2d --engines gpu,cufft --reps 10 --warmup 2 --precision f32"
    GFP_GPU_2D_CL=0 $B --kind c2c --sizes 4096x4096,16384x16384,1920x1080,3840x2160 \
      > "$L/bench-c2c.log" 2> "$L/bench-c2c.err"
    echo "bench c2c rc=$?"
    GFP_GPU_2D_CL=0 $B --kind r2c --sizes 4096x4096,1920x1080,3840x2160 \
      > "$L/bench-r2c.log" 2> "$L/bench-r2c.err"
    echo "bench r2c rc=$?"
    cat "$L"/bench-*.err | head -6
    ;;
  var|var2)
    V="bench --2d --engines gpu --reps 10 --warmup 2 --precision f32"
    # vrun LABEL VAR=VALUE BINARY ARGS...: the variant's gpu row, labelled
    vrun() {
      _l=$1; shift
      timeout 150 env "$@" > "$L/v.out" 2>&1 || { echo "$_l: rc=$?"; tail -n 3 "$L/v.out"; }
      grep '^gpu ' "$L/v.out" | sed "s/^gpu   /$_l /" >> "$L/var.log"
      grep '^gpu ' "$L/v.out" | sed "s/^gpu   /$_l /"
    }
    if [ $ph = var ]; then
      for c in 4 8; do vrun "CL=$c" GFP_GPU_2D_CL=$c $G $V --kind c2c --sizes 16384x16384; done
      vrun "CL=2" GFP_GPU_2D_CL=2 $G $V --kind r2c,c2c --sizes 3840x2160,4096x4096
      for a in 0 2 4 5 6 8; do vrun "ALT=$a" GFP_FAST_ALT=$a $AB $V --kind r2c --sizes 3840x2160; done
      for a in 4 7 8; do vrun "ALT=$a" GFP_FAST_ALT=$a $AB $V --kind c2c --sizes 3840x2160; done
      vrun "ALT=2" GFP_FAST_ALT=2 $AB $V --kind r2c --sizes 4096x4096
      for a in 0 9; do vrun "ALT=$a" GFP_FAST_ALT=$a $AB $V --kind r2c,c2c --sizes 1920x1080; done
    else
      vrun "CL=2" GFP_GPU_2D_CL=2 $G $V --kind c2c --sizes 16384x16384
      vrun "NO2D" GFP_GPU_NO2D=1 $G $V --kind c2c --sizes 16384x16384
      for a in 1 2 3; do vrun "ALT=$a" GFP_FAST_ALT=$a $AB $V --kind c2c --sizes 16384x16384; done
    fi
    ;;
  prof)
    NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
    if [ ! -x "$NCU" ]; then echo "prof: no ncu"; else
      mkdir -p "$L/d"
      (cd "$L/d" && "$R" rand $((3840 * 2160)) 5 r.f64 && "$R" rand $((2 * 16384 * 1024)) 6 c.cf64)
      M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum
      # prof LABEL VAR=VALUE BINARY ARGS...
      prof() {
        _l=$1; shift
        (cd "$L/d" && timeout 120 env "$1" "$NCU" --metrics $M --csv --page raw \
          "$2" fft2 --engine gpu --out-format cf32 "$3" "$4" "$5" "$6" "$7" o.cf32) \
          > "$L/prof-$_l.csv" 2>&1
        echo "== $_l"; grep -E '"ID"|kernel' "$L/prof-$_l.csv" | cut -c1-600 | head -12
      }
      prof r2c3840 GFP_FAST_ALT=0 $G --size 3840x2160 --in-format f64 r.f64
      prof r2c3840-alt6 GFP_FAST_ALT=6 $AB --size 3840x2160 --in-format f64 r.f64
      prof c16k GFP_GPU_2D_CL=0 $G --size 16384x1024 --in-format cf64 c.cf64
      prof c16k-cl4 GFP_GPU_2D_CL=4 $G --size 16384x1024 --in-format cf64 c.cf64
      rm -rf "$L/d"
    fi
    ;;
  esac
  echo "[$ph: $(( $(date +%s) - t0 )) s]"
done
# the table: x cufft of a variant row against the same size's cufft row
if ls "$L"/bench-*.log "$L"/var.log > /dev/null 2>&1; then
  echo "---- bench --2d, f32 (GB/s: in + out once; two-pass floor ~1480 at the 2967 copy rate)"
  cat "$L"/bench-*.log 2>/dev/null | grep -E '^(gpu|cufft) ' > "$L/rows"
  [ -f "$L/var.log" ] && cat "$L/var.log" >> "$L/rows"
  awk '$1 == "cufft" { cu[$2 " " $4] = $7 }
       { rows[NR] = $0; k[NR] = $2 " " $4; r[NR] = $7 }
       END { printf "%-7s %-4s %11s %9s %9s %7s %9s %6s\n", "engine", "kind", "w x h", "ms", "GB/s", "x cufft", "rel_l2", "passes"
             for (i = 1; i <= NR; i++) { split(rows[i], f, " ")
               x = (k[i] in cu) && cu[k[i]] > 0 ? sprintf("%.3f", r[i] / cu[k[i]]) : "-"
               printf "%-7s %-4s %11s %9s %9s %7s %9s %6s\n", f[1], f[2], f[4], f[6], f[7], x, f[9], f[10] } }' "$L/rows"
fi
tar -czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "$L"
