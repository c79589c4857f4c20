#!/bin/sh
# bench/gpu/dev-v107.sh - stop 45, call 1 on whichever card the H200 kind
# brings: dev-v104.sh on an H100, dev-v106.sh on an H200. Run (device
# tool, kind nvidia-h200): carry [".devpack/pack3.tar.xz"], command
# PACK=.devpack/pack3.tar.xz OUT=$OUT sh bench/gpu/dev-v107.sh
if nvidia-smi -L | grep -q H100; then exec sh bench/gpu/dev-v104.sh; else exec sh bench/gpu/dev-v106.sh; fi
