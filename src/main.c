/* main.c - subcommand dispatch, signals, exit status. The only place that
 * calls exit() and the only one with process-wide state. */
#include "config.h"
#include "gfp.h"
#include "../filters/filters.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_USAGE = 1, EXIT_RUNTIME = 2, EXIT_NOGPU = 3 };

int gfp_bench_main(int argc, char **argv);
void gfp_bench_usage(FILE *out);
int gfp_calibrate_main(int argc, char **argv);
void gfp_calibrate_usage(FILE *out);

#define GFP_STAGE_PTR(name) &gfp_stage_##name,
static const gfp_stage_handler *const stages[] = {GFP_STAGES(GFP_STAGE_PTR)};
#undef GFP_STAGE_PTR
#define NSTAGES (sizeof stages / sizeof *stages)

/* The temporary output of the run, removed if a signal ends it. SIGINT,
 * SIGTERM and SIGHUP are blocked in every thread (the mask is set before
 * any thread exists, so CUDA's and FFTW's inherit it) and taken by one
 * thread in sigwait(), which removes the temporary under g_tmp_mu and then
 * lets the signal end the process (status 128 + signal). The main thread
 * creates, registers, renames and drops the temporary under the same lock,
 * so no signal falls between the file appearing and its name being known
 * (a handler on whatever thread the signal hit could: 2 runs in 100 of
 * tests/cli/faults.sh left one). A copy of the name, not a pointer to the
 * sink's: commit and abort free that. */
static pthread_mutex_t g_tmp_mu = PTHREAD_MUTEX_INITIALIZER;
static char g_tmp_buf[4096];
static int g_have_tmp;
static sigset_t g_sigs;

static void *signal_thread(void *arg)
{
    (void)arg;
    int sig;
    if (sigwait(&g_sigs, &sig) != 0)
        return NULL;
    pthread_mutex_lock(&g_tmp_mu);
    if (g_have_tmp)
        unlink(g_tmp_buf);
    /* Keep the lock: the main thread must not make another temporary. */
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached */
}

/* gfp_fatal_exit's hook: a thread that must end the run at once (the
 * sf_open watchdog) removes the temporary output as a signal would. */
static void fatal_hook(int status)
{
    pthread_mutex_lock(&g_tmp_mu);
    if (g_have_tmp)
        unlink(g_tmp_buf);
    _exit(status); /* the lock is kept: nothing else runs on */
}

static void start_signal_thread(void)
{
    gfp_set_fatal_hook(fatal_hook);
    sigemptyset(&g_sigs);
    sigaddset(&g_sigs, SIGINT);
    sigaddset(&g_sigs, SIGTERM);
    sigaddset(&g_sigs, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &g_sigs, NULL);
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &at, signal_thread, NULL) != 0)
        pthread_sigmask(SIG_UNBLOCK, &g_sigs, NULL); /* default actions */
    pthread_attr_destroy(&at);
}

static void track_tmp(const char *path)
{
    g_have_tmp = 0;
    if (path && strlen(path) < sizeof g_tmp_buf) {
        memcpy(g_tmp_buf, path, strlen(path) + 1);
        g_have_tmp = 1;
    }
}

/* A closed stdin/stdout/stderr must not be reused by open(): park a
 * read-only /dev/null there so that writes to a closed stdout still fail
 * ("write error") instead of landing in some other file. */
static void guard_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0) {
            int n = open("/dev/null", O_RDONLY);
            if (n >= 0 && n != fd) {
                dup2(n, fd);
                close(n);
            }
        }
}

static void usage(FILE *out)
{
    fputs("Usage: gfftpipe <subcommand> [options] [INPUT [OUTPUT]]\n"
          "Spectral work on streams: FFTs on NVIDIA GPUs, or FFTW on the CPU.\n"
          "\nSubcommands:\n", out);
    for (size_t i = 0; i < NSTAGES; i++)
        fprintf(out, "  %-12s %s\n", stages[i]->name, stages[i]->summary);
    fprintf(out, "  %-12s %s\n", "bench",
            "throughput and accuracy of the engines, side by side");
    fprintf(out, "  %-12s %s\n", "calibrate",
            "fit the performance model of --engine hybrid (a few seconds)");
    fputs("\n'gfftpipe <subcommand> --help' lists its options; "
          "'man gfftpipe' has more.\n"
          "  --help       this help\n  --version    the version\n"
          "\nExit status: 0 success, 1 usage error, 2 runtime error,\n"
          "3 --engine gpu demanded and no usable GPU.\n", out);
}

static int run_stage(const gfp_stage_handler *h, int argc, char **argv)
{
    gfp_common c;
    gfp_common_defaults(&c);
    gfp_error err = {0};
    const char *in_path, *out_path;
    gfp_stage_setup setup;
    gfp_engine *engine = NULL;
    gfp_source src;
    gfp_sink snk;
    gfp_run_stats stats;
    int src_open = 0, snk_open = 0, code = EXIT_RUNTIME, started = 0;
    memset(&setup, 0, sizeof setup);
    void *priv = calloc(1, h->priv_size);
    if (!priv) {
        gfp_msg(h->name, "out of memory");
        return EXIT_RUNTIME;
    }
    if (h->getopts(priv, &c, &in_path, &out_path, argc, argv, &err)) {
        gfp_msg(h->name, "%s", err.msg);
        fprintf(stderr, "Try 'gfftpipe %s --help'.\n", h->name);
        code = err.status == GFP_EINVAL ? EXIT_USAGE : EXIT_RUNTIME;
        goto out;
    }
    if (c.help) {
        h->usage(stdout);
        code = fflush(stdout) == 0 ? 0 : EXIT_RUNTIME;
        goto out;
    }
    /* the hybrid engine's FFTW threads, when not given: its model's
     * (the CPU coefficients hold for those), else every CPU; the other
     * engines' default is 1 */
    if (!c.threads && !strcmp(c.engine, "hybrid"))
        c.threads = gfp_hybrid_default_threads();
    gfp_engine_opts eo = {.threads = c.threads, .wisdom = c.wisdom,
                          .device = c.device, .verbose = c.verbose,
                          .quiet_notes = c.quiet, .gpu_mem = c.gpu_mem,
                          .ratio_set = c.ratio_set, .ratio = c.ratio};
    if (gfp_engine_open(c.engine, &eo, h->name, &engine, &err)) {
        gfp_msg(h->name, "%s", err.msg);
        code = err.status == GFP_EDEVICE ? EXIT_NOGPU
               : err.status == GFP_EINVAL ? EXIT_USAGE : EXIT_RUNTIME;
        goto out;
    }
    gfp_trace("engine open");
    if (h->open_source ? h->open_source(priv, in_path, &src, &err)
                       : gfp_source_open(in_path, &src, &err))
        goto fail;
    src_open = 1;
    started = 1;
    if (h->start(priv, &c, &src, &setup, &err)) {
        gfp_msg(h->name, "%s", err.msg);
        code = err.status == GFP_EINVAL ? EXIT_USAGE : EXIT_RUNTIME;
        goto out;
    }
    pthread_mutex_lock(&g_tmp_mu);
    gfp_status so = gfp_sink_open(out_path, &src, &snk, &err);
    if (so == GFP_OK) {
        snk_open = 1;
        track_tmp(snk.tmp_path);
    }
    pthread_mutex_unlock(&g_tmp_mu);
    if (so)
        goto fail;
    memset(&stats, 0, sizeof stats);
    gfp_trace("source and sink open");
    gfp_status st = h->run ? h->run(priv, &c, engine, &src, &snk, &err)
                           : gfp_pipeline_run(h, priv, &c, &setup, engine,
                                              &src, &snk, &stats, &err);
    /* auto: a length the GPU cannot do, or a batch of one frame that still
     * finds no GPU memory, runs on the CPU, with one note. The pipeline
     * refuses before it reads anything, so nothing is lost. */
    if ((st == GFP_ENOTSUP || st == GFP_ENOMEM) && !strcmp(c.engine, "auto") &&
        strcmp(engine->name, "cpu") && src.bytes_read == 0) {
        if (!c.quiet)
            gfp_msg(h->name, "%s; using the CPU engine", err.msg);
        gfp_engine_close(engine);
        engine = NULL;
        memset(&err, 0, sizeof err);
        if (gfp_engine_open("cpu", &eo, h->name, &engine, &err))
            goto fail;
        st = h->run ? h->run(priv, &c, engine, &src, &snk, &err)
                    : gfp_pipeline_run(h, priv, &c, &setup, engine, &src,
                                       &snk, &stats, &err);
    }
    if (st)
        goto fail;
    gfp_trace("run done");
    pthread_mutex_lock(&g_tmp_mu);
    gfp_status cs = gfp_sink_commit(&snk, &err);
    if (cs == GFP_OK)
        g_have_tmp = 0;
    pthread_mutex_unlock(&g_tmp_mu);
    if (cs)
        goto fail;
    code = 0;
    if (c.verbose && !h->run)
        gfp_run_stats_note(h->name, engine->name, "", &stats);
    goto out;
fail:
    gfp_msg(h->name, "%s", err.msg);
    code = EXIT_RUNTIME;
out:
    if (snk_open) {
        pthread_mutex_lock(&g_tmp_mu);
        gfp_sink_abort(&snk);
        g_have_tmp = 0;
        pthread_mutex_unlock(&g_tmp_mu);
    }
    if (src_open)
        gfp_source_close(&src);
    if (started && h->stop)
        h->stop(priv, &c);
    gfp_engine_close(engine);
    gfp_trace("engine closed");
    free(priv);
    return code;
}

static void trace_exit(void)
{
    gfp_trace("exit handlers");
}

int main(int argc, char **argv)
{
    gfp_trace("main");
    atexit(trace_exit);
    guard_std_fds();
    start_signal_thread();
    if (argc < 2) {
        usage(stderr);
        exit(EXIT_USAGE);
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
        !strcmp(cmd, "help")) {
        if (argc > 2 && strcmp(cmd, "help") == 0) {
            for (size_t i = 0; i < NSTAGES; i++)
                if (!strcmp(argv[2], stages[i]->name)) {
                    stages[i]->usage(stdout);
                    exit(fflush(stdout) == 0 ? 0 : EXIT_RUNTIME);
                }
            if (!strcmp(argv[2], "bench")) {
                gfp_bench_usage(stdout);
                exit(fflush(stdout) == 0 ? 0 : EXIT_RUNTIME);
            }
            if (!strcmp(argv[2], "calibrate")) {
                gfp_calibrate_usage(stdout);
                exit(fflush(stdout) == 0 ? 0 : EXIT_RUNTIME);
            }
        }
        usage(stdout);
        exit(fflush(stdout) == 0 ? 0 : EXIT_RUNTIME);
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
        printf("gfftpipe %s\n", PACKAGE_VERSION);
        exit(fflush(stdout) == 0 ? 0 : EXIT_RUNTIME);
    }
    for (size_t i = 0; i < NSTAGES; i++)
        if (!strcmp(cmd, stages[i]->name))
            exit(run_stage(stages[i], argc - 1, argv + 1));
    if (!strcmp(cmd, "bench"))
        exit(gfp_bench_main(argc - 1, argv + 1));
    if (!strcmp(cmd, "calibrate"))
        exit(gfp_calibrate_main(argc - 1, argv + 1));
    gfp_msg(NULL, "unknown subcommand '%s'", cmd);
    fprintf(stderr, "Try 'gfftpipe --help'.\n");
    exit(EXIT_USAGE);
}
