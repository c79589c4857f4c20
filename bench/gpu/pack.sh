#!/bin/sh
# bench/gpu/pack.sh PACK BUILD PATH... - stage the named executables of the
# build dir BUILD (paths relative to it, e.g. src/gfftpipe), stripped, plus
# extra files given as /absolute paths (kept under x/), and the shared
# libraries they need (../shared/gpu/bundle-libs, into lib/), then write
# one xz archive PACK. Each binary holds all the kernels (127 MB
# stripped, 31 MB packed alone), which xz -9's 64 MiB window could not
# match from one file to the next (the pack of gfftpipe and the GPU test
# binaries came to 121 MB); with a window of PACK_DICT (256 MiB, larger
# than a binary) a second binary adds 0.06 MB (stop 28: gfftpipe 30.74
# MB, with test_gpu_large 30.80 MB; ~35 s a binary on one core), so the
# whole test set fits the GPU machine's 64 MiB carry limit. Unpacking
# needs PACK_DICT of memory. There:
#   mkdir -p /tmp/p && tar -xJf PACK -C /tmp/p
#   export LD_LIBRARY_PATH=/tmp/p/lib:/usr/local/cuda/lib64
set -eu
pack=${1:?usage: pack.sh PACK BUILD PATH...}
build=${2:?usage: pack.sh PACK BUILD PATH...}
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
st=$(mktemp -d)
trap 'rm -rf "$st"' EXIT
for f in "$@"; do
  case $f in
  /*) mkdir -p "$st/x"; cp -L "$f" "$st/x/" ;;
  *) mkdir -p "$st/$(dirname "$f")"; cp -L "$build/$f" "$st/$f"
     strip "$st/$f" 2>/dev/null || true ;;
  esac
done
(cd "$st" && sh "$top/../shared/gpu/bundle-libs" . lib >/dev/null 2>&1 || true)
# bundle-libs may not run outside a git checkout's root; do it by hand too
mkdir -p "$st/lib"
for f in $(find "$st" -type f -perm -u+x); do
  ldd "$f" 2>/dev/null | awk '/=> \//{print $1, $3}' | while read -r n p; do
    echo "$n" | grep -Eq '^(linux-vdso|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|ld-linux|libgcc_s|libcuda\.so|libnvidia|libcudart|libcufft|libcublas|libnvrtc|libnvJitLink|libcurand|libcusparse|libcusolver)' && continue
    [ -e "$st/lib/$n" ] || cp -L "$p" "$st/lib/$n"
  done
done
mkdir -p "$(dirname "$pack")"
tar -C "$st" -cf - . | xz -9 -T1 --lzma2=preset=9,dict=${PACK_DICT:-256MiB} > "$pack"
echo "pack.sh: $(find "$st" -type f | wc -l) files, $(du -sh "$st" | cut -f1) -> $(du -h "$pack" | cut -f1) in $pack"
