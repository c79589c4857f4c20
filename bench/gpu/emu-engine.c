/* emu-engine.c - the engine registry's open and close, as much of it as
 * tests/unit/test_gpu_2d.c needs, for running that suite over emu-2d.cpp's
 * mock CUDA runtime (make emutest2d): "gpu" always opens. */
#include "config.h"
#include "gfp.h"

static gfp_engine dummy;

gfp_status gfp_engine_open(const char *name, const gfp_engine_opts *o,
                           const char *stage, gfp_engine **out, gfp_error *err)
{
    (void)name;
    (void)o;
    (void)stage;
    (void)err;
    *out = &dummy;
    return GFP_OK;
}

void gfp_engine_close(gfp_engine *e)
{
    (void)e;
}
