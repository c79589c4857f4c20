#!/bin/sh
# bench2d.sh - `gfftpipe bench --2d` and WxH sizes: argument parsing, the
# table's columns, and the cpu engine's 2D rows (FFTW's 2D plans, checked
# by bench itself against FFTW in double). Runs without a GPU.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 99

b() { "$GFFTPIPE" bench --engines cpu --reps 1 --warmup 0 --bytes 4Ki "$@"; }

# every cpu row: 9 columns past the engine, rel_l2 (column 9) small
rows_ok() {
    awk -v want="$1" '
        $1 == "cpu" { n++; if (NF != 10 || $9 + 0 > 1e-5 || $9 == "nan") bad++ }
        END { exit !(n == want && bad == 0) }' "$T/stdout"
}

run b --2d --sizes 8x4,5 --kind c2c,r2c,c2r --precision f32,f64
check "--2d: exit 0" [ "$RC" -eq 0 ]
check "--2d: the 2D header (w x h, passes)" \
    sh -c "head -n 1 '$T/stdout' | grep -q 'w x h' && head -n 1 '$T/stdout' | grep -q passes"
check "--2d: 12 rows, each with rel_l2 <= 1e-5" rows_ok 12
check "--2d: N is N x N" grep -q ' 5x5 ' "$T/stdout"
check "--2d: WxH is W wide, H high" grep -q ' 8x4 ' "$T/stdout"

run b --sizes 16x8,3x7 --kind r2c
check "a WxH size implies --2d" \
    sh -c "[ $RC -eq 0 ] && head -n 1 '$T/stdout' | grep -q 'w x h'"
check "WxH: 2 rows" rows_ok 2

run b --sizes 16
check "1D sizes keep the 1D table" \
    sh -c "[ $RC -eq 0 ] && ! head -n 1 '$T/stdout' | grep -q 'w x h'"

run b --2d --sizes 4x4 --pipeline
check "--2d --pipeline: usage error" expect_usage_error "pipeline"
run b --sizes 4x4 --algorithm ct-r2
check "WxH --algorithm: usage error" expect_usage_error "algorithm"
for bad in 0x4 4x 4x0 x4 4xy 4x4x4; do
    run b --sizes "$bad"
    check "--sizes $bad: usage error" expect_usage_error "sizes"
done
run b --sizes 65536x65537
check "--sizes over 2^32 values a matrix: usage error" expect_usage_error "2\\^32"

# --wisdom: the cpu engine's measured plans, read and written back (a 2D
# plan and a 1D one: both kinds of row plan through the engine)
run b --sizes 16x8,64 --wisdom "$T/bench.wis"
check "--wisdom: exit 0, two rows" sh -c "[ $RC -eq 0 ] && [ \$(grep -c '^cpu' '$T/stdout') -eq 2 ]"
check "--wisdom: the file is FFTW's single-precision wisdom" \
    grep -q 'fftwf_wisdom' "$T/bench.wis"
run b --sizes 16x8,64 --wisdom "$T/bench.wis"
check "--wisdom: read back, exit 0" [ "$RC" -eq 0 ]
printf 'not wisdom\n' > "$T/bad.wis"
run b --sizes 64 --wisdom "$T/bad.wis"
check "--wisdom: a file that is not wisdom is an error" \
    sh -c "[ $RC -ne 0 ] && grep -qi wisdom '$T/stderr'"

run "$GFFTPIPE" bench --help
check "bench --help documents --2d" grep -q -- '--2d' "$T/stdout"
check "the man page documents --2d" \
    grep -q -- '-2d' "$TOP_SRCDIR/man/gfftpipe-bench.1"
check "bench --help documents --wisdom" grep -q -- '--wisdom' "$T/stdout"
check "the man page documents --wisdom" \
    grep -q -- 'wisdom' "$TOP_SRCDIR/man/gfftpipe-bench.1"

finish
