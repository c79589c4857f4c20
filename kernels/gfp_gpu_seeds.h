/* gfp_gpu_seeds.h - internal (C++/CUDA) interface between the planner
 * (gfp_gpu.cu) and the seed papers' own GPU FFT algorithms
 * (gfp_gpu_seeds.cu): radix-2 and radix-4 Cooley-Tukey, fixed-radix
 * Stockham and Pease. Not part of the C API: host code includes only
 * gfp_gpu.h, where a non-AUTO gfp_gpu_desc.algorithm lands here.
 * Return codes are the GFP_GPU_* codes. */
#ifndef GFP_GPU_SEEDS_H
#define GFP_GPU_SEEDS_H

#include <stddef.h>

#include "gfp_gpu.h"

struct gfp_seeds_plan;

/* Whether d (algorithm != AUTO) can be planned on its device; err says why
 * not (it names the algorithm and the limit). */
int gfp_seeds_check(const gfp_gpu_desc *d, char *err, size_t errlen);
int gfp_seeds_create(const gfp_gpu_desc *d, gfp_seeds_plan **out, char *err,
                     size_t errlen);
void gfp_seeds_destroy(gfp_seeds_plan *p);
/* Same contract as gfp_gpu_plan_exec (C2C; d_in == d_out allowed without a
 * post-op). */
int gfp_seeds_exec(const gfp_seeds_plan *p, const void *d_in, void *d_out, size_t batch,
                   void *stream, char *err, size_t errlen);
/* "ct-r2", ... for messages */
const char *gfp_seeds_name(int algorithm);

#endif
