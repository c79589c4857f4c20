# examples/common.sh - sourced by the example scripts (set `example` to
# the script's name first). Defines die(), finds the gfftpipe binary as G
# ($GFFTPIPE, else the one built in this tree, src/gfftpipe or
# build/src/gfftpipe, else the one on PATH), work_dirs, to_s16le and
# pattern_u8.

die() { echo "$example: $*" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${GFFTPIPE:-}" ]; then
    G=$GFFTPIPE
elif [ -x "$here/../src/gfftpipe" ]; then
    G=$here/../src/gfftpipe
elif [ -x "$here/../build/src/gfftpipe" ]; then
    G=$here/../build/src/gfftpipe
elif command -v gfftpipe >/dev/null 2>&1; then
    G=$(command -v gfftpipe)
else
    die "no gfftpipe: build it (./configure && make) or set GFFTPIPE"
fi
[ -x "$G" ] || die "'$G' is not executable"

# Integers, one per line, to 16-bit little-endian bytes: awk writes octal
# escapes, printf(1) turns them into bytes (awk cannot write a NUL byte
# portably).
to_s16le() {
    awk '{ v = $1; if (v < 0) v += 65536
           printf "\\%03o\\%03o", v % 256, int(v / 256)
           if (++k % 256 == 0) printf "\n" }
         END { if (k % 256) printf "\n" }' |
    while IFS= read -r line; do printf "$line"; done
}

# work_dirs [OUTDIR]: sets tmp, a scratch directory removed at exit, and
# out: OUTDIR (made if missing) when given, else tmp itself.
work_dirs() {
    if [ $# -ge 1 ]; then out=$1; mkdir -p "$out"; tmp=$(mktemp -d); else
        tmp=$(mktemp -d "${TMPDIR:-/tmp}/gfftpipe-example.XXXXXX"); out=$tmp; fi
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 1' HUP INT TERM
}

# pattern_u8 N: an N x N 8-bit test picture (two plane waves and a ring
# around the centre), raw bytes on stdout; one row of octal escapes per
# image row, printed by the shell's printf.
pattern_u8() {
    awk -v n="$1" 'BEGIN { pi = atan2(0, -1)
        for (y = 0; y < n; y++) {
            line = ""
            for (x = 0; x < n; x++) {
                r = sqrt((x - n / 2) ^ 2 + (y - n / 2) ^ 2)
                v = 0.35 * cos(2 * pi * (16 * x + 8 * y) / n) \
                  + 0.35 * cos(2 * pi * (24 * x - 40 * y) / n) \
                  + 0.3 * cos(2 * pi * 32 * r / n)
                line = line sprintf("\\%03o", int(128 + 100 * v + 0.5))
            }
            print line
        } }' | while IFS= read -r line; do printf "$line"; done
}
