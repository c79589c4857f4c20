#!/bin/sh
# valgrind.sh - runs gfftpipe under valgrind's memcheck; `make
# check-valgrind` points the CLI tests' $GFFTPIPE here (once per release:
# the scripts take 20-50 times longer). A memcheck error (invalid access,
# uninitialised value used, definite leak) exits 97, which the scripts see
# as a failed run. GFP_VALGRIND_BIN is the real binary; GFP_VALGRIND_LOG, if
# set, is a directory for one log per run.
: "${GFP_VALGRIND_BIN:?set GFP_VALGRIND_BIN to the gfftpipe binary}"
# The log goes through fd 9, opened here: with --log-file valgrind would
# open it on the lowest free fd, which is 1 when a test closes stdout (row
# 21), and gfftpipe would then write into the log instead of failing.
log=
if [ -n "${GFP_VALGRIND_LOG:-}" ]; then
    mkdir -p "$GFP_VALGRIND_LOG" && exec 9>"$GFP_VALGRIND_LOG/vg.$$.log" &&
        log="--log-fd=9"
fi
exec valgrind -q --tool=memcheck --error-exitcode=97 --leak-check=full \
    --show-leak-kinds=definite --errors-for-leak-kinds=definite \
    --track-origins=yes $log "$GFP_VALGRIND_BIN" "$@"
