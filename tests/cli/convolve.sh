#!/bin/sh
# convolve.sh - the convolve stage against a direct convolution in long
# double (tests/cli/convref): random signals and responses of many lengths
# (primes, 1 tap, responses longer than the signal, complex), block sizes
# from --latency, full and same; identity and delay; WAV in and out through
# libsndfile; channels; rates; clipping reports; bad usage.
. "$(dirname "$0")/lib.sh"
CONVREF=$TOP_BUILDDIR/tests/cli/convref
[ -x "$CONVREF" ] || { echo "convolve: convref not built at $CONVREF" >&2; exit 99; }
cd "$T" || exit 99
TOL=1e-5
# FFTW_ESTIMATE plans (no --wisdom): every run here has its own FFT sizes,
# and measuring each would cost more than the runs themselves.
# ENGINE: cpu, or gpu for the cases run on both engines (below).
ENGINE=cpu
g() {
    _sub=$1
    shift
    "$GFFTPIPE" "$_sub" --engine $ENGINE "$@"
}

# conv_case FMT N FMT_H L SEED [OPTIONS...]: full and same against convref.
conv_case() {
    _f=$1 _n=$2 _fh=$3 _l=$4 _s=$5
    shift 5
    refdft gen "$_f" "$_n" "$_s" >x.$_f
    refdft gen "$_fh" "$_l" $((_s + 1000)) >h.$_fh
    case "$_f$_fh" in *c*) _of=cf32 _rf=cf64 ;; *) _of=f32 _rf=f64 ;; esac
    for _m in full same; do
        "$CONVREF" conv "$_f" x.$_f "$_fh" h.$_fh $_m >ref.out
        if ! g convolve -q --in-format "$_f" --out-format $_of --mode $_m \
                --taps h.$_fh "$@" x.$_f y.out 2>err.txt; then
            fail "$ENGINE: $_f n=$_n * $_fh L=$_l $* ($_m): gfftpipe failed"
            sed 's/^/    /' err.txt
            continue
        fi
        if _r=$("$CONVREF" cmp $_of y.out $_rf ref.out $TOL); then
            ok "$ENGINE: $_f n=$_n * $_fh L=$_l $* ($_m): $_r"
        else
            fail "$ENGINE: $_f n=$_n * $_fh L=$_l $* ($_m): $_r"
        fi
    done
}

# ---- accuracy and lengths ---------------------------------------------------
conv_case f32 1 f32 1 1
conv_case f32 1 f32 5 2
conv_case f32 7 f32 1 3
conv_case f32 997 f32 31 4
conv_case f32 4099 f32 257 5
conv_case f32 5003 f32 7919 6          # response longer than the signal
conv_case f32 20011 f32 4093 7         # several blocks
conv_case f32 10007 f32 2053 8 --latency 100    # 21 partitions, B = 100
conv_case f32 10009 f32 1021 9 --latency 4096   # B > L: one partition
conv_case f32 1999 f32 503 10 --latency 1      # one-sample blocks
conv_case s16 12007 f32 499 11 --latency 257
conv_case f64 6007 f64 1999 12 --precision f64
conv_case cf32 7001 cf32 613 13
conv_case cf32 3001 f32 97 14 --latency 64
conv_case f32 2003 cf32 101 15
conv_case cf32 1009 cf32 2003 16 --latency 512

# ---- one partition, fused in the engine (forward -> multiply -> inverse);
# on the CPU engine and, when one is usable here, the GPU engine, whose
# default is one large block of 2^k >= 2 L ------------------------------------
ENGINES=cpu
printf '\000\000\200\077' >one.f32
refdft gen f32 100 40 >probe.f32
run "$GFFTPIPE" convolve -q --engine gpu --in-format f32 --taps one.f32 \
    probe.f32 probe.out
case $RC in
0) ENGINES="cpu gpu" ;;
3) say "(no usable GPU engine here: the GPU runs of this script are skipped)" ;;
*) fail "--engine gpu: exit status $RC (0, or 3 without a GPU)"; show_stderr ;;
esac
for ENGINE in $ENGINES; do
    conv_case f32 100003 f32 2003 51 --block 8192     # several blocks
    conv_case f32 20011 f32 8189 52 --block 16384     # L = N/2 - 3
    conv_case f32 30011 f32 1021 53 --block 4099      # prime FFT length
    conv_case f32 5003 f32 7919 54 --block 16384      # response > signal
    conv_case f32 10007 f32 4093 55 --block 1024      # partitions of 512
    conv_case cf32 7001 cf32 613 56 --block 2048      # complex taps
    conv_case f32 4001 cf32 257 57 --block 1000       # complex taps, real x
    conv_case f64 20011 f64 3001 58 --precision f64 --block 8192
    conv_case s16 9001 f32 1 59 --block 2             # 1 tap, N = 2
    conv_case f32 70001 f32 3 60                      # engine's own choice
    conv_case f32 3001 f32 70001 61                   # L > n, engine's own
done
# Several channels in one fused plan (a batch of 2 frames): interleaved
# stereo is L + iR as cf32, on which a real mono response acts as on each
# channel; then one response channel per input channel, gpu against cpu.
ENGINE=cpu
refdft gen f32 60002 64 >st.f32
refdft gen f32 2999 65 >hm.f32
"$CONVREF" conv cf32 st.f32 f32 hm.f32 full >stref.out
refdft gen f32 5998 66 >h2.f32
g convolve -q --in-format f32 --channels 2 --rate 8000 --subtype float \
    --taps one.f32 h2.f32 h2.wav
for ENGINE in $ENGINES; do
    g convolve -q --in-format f32 --channels 2 --out-format f32 \
        --block 16384 --taps hm.f32 st.f32 st-$ENGINE.f32
    check "$ENGINE: stereo, mono response, both channels in one block" \
        "$CONVREF" cmp cf32 st-$ENGINE.f32 cf64 stref.out $TOL
    g convolve -q --in-format f32 --channels 2 --rate 8000 --out-format f32 \
        st.f32 h2.wav pc-$ENGINE.f32
done
case $ENGINES in *gpu*)
    check "gpu: one response channel per input channel, as the cpu engine" \
        "$CONVREF" cmp f32 pc-gpu.f32 f32 pc-cpu.f32 $TOL ;;
esac
# The dry mix through the fused path (its blocks a pass behind, with their
# own copy of the dry input) against the partitioned path, real and complex
refdft gen f32 40009 67 >xd.f32
refdft gen cf32 20011 68 >xd.cf32
refdft gen cf32 301 69 >hd.cf32
refdft gen f32 1501 70 >hd.f32
for ENGINE in $ENGINES; do
    g convolve -q --in-format f32 --dry 0.7 --wet 0.4 --block 4096 \
        --taps hd.f32 xd.f32 dry1.f32
    g convolve -q --in-format f32 --dry 0.7 --wet 0.4 --latency 300 \
        --taps hd.f32 xd.f32 dry2.f32
    check "$ENGINE: --dry through the fused path (real) as through partitions" \
        "$CONVREF" cmp f32 dry1.f32 f32 dry2.f32 $TOL
    g convolve -q --in-format cf32 --dry 0.7 --block 2048 --taps hd.cf32 \
        xd.cf32 dry3.cf32
    g convolve -q --in-format cf32 --dry 0.7 --latency 100 --taps hd.cf32 \
        xd.cf32 dry4.cf32
    check "$ENGINE: --dry through the fused path (complex) as through partitions" \
        "$CONVREF" cmp cf32 dry3.cf32 cf32 dry4.cf32 $TOL
done
ENGINE=cpu
# The one-block choice on the CPU engine for a long response: the cost
# model picks a single partition, fused.
ENGINE=cpu
refdft gen f32 30011 62 >x.f32
refdft gen f32 17 63 >h.f32
run g convolve -v --in-format f32 --taps h.f32 x.f32 y.f32
check "-v names the fused path when there is one partition" \
    grep -q "1 partition(s), fused" "$T/stderr"
run g convolve --block 8 --latency 4 --in-format f32 --taps h.f32 x.f32 y.f32
check "--block and --latency together refused" expect_usage_error "exclude"
run g convolve --block 1 --in-format f32 --taps h.f32 x.f32 y.f32
check "--block 1 refused" expect_usage_error "block"

# block boundaries: two block plans give the same whole output
refdft gen f32 50021 21 >x.f32
refdft gen f32 3001 22 >h.f32
g convolve -q --in-format f32 --taps h.f32 x.f32 a.f32
g convolve -q --in-format f32 --taps h.f32 --latency 333 x.f32 b.f32
check "default blocks and --latency 333 agree on all 53021 samples" \
    "$CONVREF" cmp f32 a.f32 f32 b.f32 $TOL

# stdin to stdout, the issue's pipeline
cat x.f32 | g convolve -q --in-format f32 --taps h.f32 - - >c.f32
check "stdin -> stdout equals file -> file" expect_same a.f32 c.f32

# ---- identity and delay (exact, s16) ----------------------------------------
refdft gen s16 10007 31 >x.s16
printf '\000\000\200\077' >one.f32
g convolve -q --in-format s16 --taps one.f32 x.s16 y.s16
check "identity response gives the input back (s16, exact)" expect_same x.s16 y.s16
g convolve -q --in-format s16 --mode same --taps one.f32 x.s16 y.s16
check "identity, --mode same" expect_same x.s16 y.s16
{ head -c $((4 * 1234)) /dev/zero; cat one.f32; } >d.f32
g convolve -q --in-format s16 --taps d.f32 x.s16 y.s16
{ head -c $((2 * 1234)) /dev/zero; cat x.s16; } >want.s16
check "impulse at 1234 delays by exactly 1234 samples (full)" expect_same want.s16 y.s16
g convolve -q --in-format s16 --mode same --taps d.f32 x.s16 y.s16
head -c $((2 * 10007)) want.s16 >want2.s16
check "delay with --mode same keeps the input's length" expect_same want2.s16 y.s16
g convolve -q --in-format s16 --gain -6.0206 --dry 0.5 --wet 0.5 \
    --out-format f32 --taps one.f32 x.s16 m.f32
g convolve -q --in-format s16 --out-format f32 --gain -6.0206 --taps one.f32 x.s16 q.f32
check "--dry 0.5 --wet 0.5 --gain -6 equals --gain -6 alone" \
    "$CONVREF" cmp f32 m.f32 f32 q.f32 1e-6

# ---- WAV through libsndfile ---------------------------------------------------
refdft gen s16 30000 41 >st.s16
g convolve -q --in-format s16 --channels 2 --rate 44100 --subtype pcm16 \
    --taps one.f32 st.s16 st.wav
check "raw -> WAV: 44 + 60000 bytes" expect_size st.wav 60044
g convolve -q st.wav one.f32 st2.wav
check "WAV identity round trip is byte-exact" expect_same st.wav st2.wav
g convolve -q - one.f32 st3.wav <st.wav
g convolve -q --out-format s16 st3.wav one.f32 st3.s16
check "WAV on stdin (float WAV out) round trip to s16" expect_same st.s16 st3.s16
g convolve -q st.wav one.f32 - | cat >piped.wav
g convolve -q --out-format s16 piped.wav one.f32 piped.s16
check "WAV written to a pipe reads back" expect_same st.s16 piped.s16
g convolve -q --out-format s16 st.wav d.f32 st4.s16
check "stereo WAV, mono delayed response: exact delay on both channels" \
    expect_size st4.s16 $((60000 + 4 * 1234))
head -c 60000 st4.s16 >st4a.s16
{ head -c $((4 * 1234)) /dev/zero; head -c $((60000 - 4 * 1234)) st.s16; } >want4.s16
check "  ... and the samples are the delayed input" expect_same want4.s16 st4a.s16
# per-channel response: channel 0 identity, channel 1 silence
{ printf '\000\000\200\077\000\000\000\000'; } >lr.f32
g convolve -q --in-format f32 --channels 2 --rate 44100 --subtype float \
    --taps one.f32 lr.f32 lr.wav
g convolve -q --out-format s16 st.wav lr.wav st5.s16
od -An -v -td2 -w4 st.s16 | awk '{ print $1, 0 }' >want5.txt
od -An -v -td2 -w4 st5.s16 | awk '{ print $1, $2 }' >got5.txt
check "one response channel per input channel" cmp -s want5.txt got5.txt
# --matrix: LL=0 LR=1 RL=1 RR=0 swaps the channels
printf '\000\000\000\000\000\000\200\077\000\000\200\077\000\000\000\000' >sw.f32
g convolve -q --in-format f32 --channels 4 --rate 44100 --subtype float \
    --taps one.f32 sw.f32 swap.wav
g convolve -q --matrix --out-format s16 st.wav swap.wav st6.s16
od -An -v -td2 -w4 st.s16 | awk '{ print $2, $1 }' >want6.txt
od -An -v -td2 -w4 st6.s16 | awk '{ print $1, $2 }' >got6.txt
check "--matrix 2x2 (true stereo) swap response swaps the channels" cmp -s want6.txt got6.txt
g convolve -q st.wav st.wav long.flac 2>/dev/null
check "WAV * WAV -> FLAC (output format from the name)" \
    sh -c "head -c 4 long.flac | grep -q fLaC"

# full scale through 16-bit audio: exact, and clipped (not wrapped) when over
printf '\377\177\000\200\001\000\377\377\000\000\376\177\001\200' >fs.s16
g convolve -q --in-format s16 --rate 8000 --subtype pcm16 --taps one.f32 fs.s16 fs.wav
g convolve -q --out-format s16 fs.wav one.f32 fs2.s16
check "full-scale s16 through a pcm16 WAV and back: exact" expect_same fs.s16 fs2.s16
run g convolve --gain 0.01 fs.wav one.f32 fs3.wav
check "  ... 0.01 dB over full scale: the clips are reported" expect_rc_line 0 "4 of 7 output samples clipped"
g convolve -q --out-format s16 fs3.wav one.f32 fs3.s16
printf '\377\177\000\200\001\000\377\377\000\000\377\177\000\200' >want-fs3.s16
check "  ... and clamped to 32767 and -32768, never wrapped" expect_same want-fs3.s16 fs3.s16

# ---- refusals and reports --------------------------------------------------------
g convolve -q --in-format f32 --rate 48000 --subtype float --taps one.f32 \
    lr.f32 r48.wav
run g convolve st.wav r48.wav out.wav
check "different sample rates refused, saying so" expect_usage_error "44100 Hz.*48000 Hz"
check "  ... and no output or temporary left" sh -c "[ ! -e out.wav ] && [ -z \"\$(ls -a | grep gfp-)\" ]"
run g convolve --gain 20 st.wav one.f32 clip.wav
check "clipping to pcm16 is reported (exit 0, one line)" expect_rc_line 0 "clipped"
run g convolve --gain 20 --in-format s16 --taps one.f32 x.s16 clip.s16
check "clipping to raw s16 is reported" expect_rc_line 0 "[0-9]+ of 10007 output samples clipped"
run g convolve --gain 20 --subtype float st.wav one.f32 noclip.wav
check "no clipping report for float output" expect_stderr_empty
refdft gen cf32 300 23 >hc.bin
run g convolve --in-format f32 --taps hc.bin --taps-format cf32 x.f32 -
check "complex response with real input gives complex output" \
    expect_size "$T/stdout" $((8 * (50021 + 299)))
run g convolve st.wav
check "missing RESPONSE: usage error" expect_usage_error "RESPONSE"
run g convolve --in-format cf32 --taps h.f32 --out-format f32 x.f32 -
check "real --out-format for a complex result refused" expect_usage_error "complex"
run g convolve st.wav lr.f32 --taps-format cf32 out.wav
check "complex response with audio input refused" expect_usage_error "complex"
run g convolve --mode middle st.wav one.f32 out.wav
check "bad --mode refused" expect_usage_error "mode"
run g convolve st.wav sw.wav out.wav
check "3-channel response for a stereo input refused" sh -c "[ $RC -ne 0 ]"
printf 'abc' >bad.f32
run g convolve --in-format f32 --taps bad.f32 x.f32 out.f32
check "response of 3 bytes refused" expect_rc_line 2 "whole number"
# an input that ends inside a frame, found by the input thread blocks after
# the start: one message, exit 2, no output file
{ cat x.f32; printf 'abc'; } >trunc.f32
run g convolve --in-format f32 --latency 4096 --taps h.f32 trunc.f32 out-t.f32
check "input ending inside a sample: exit 2, one line" expect_rc_line 2 "trailing byte"
check "  ... and no output or temporary left" sh -c "[ ! -e out-t.f32 ] && [ -z \"\$(ls -a | grep gfp-)\" ]"
run g convolve --in-format s16 --subtype pcm16 --rate 8000 --latency 512 --taps h.f32 trunc.f32 out-t.wav
check "  ... the same with audio output (the output thread running)" expect_rc_line 2 "trailing byte"
check "  ... and no output or temporary left" sh -c "[ ! -e out-t.wav ] && [ -z \"\$(ls -a | grep gfp-)\" ]"
finish
