/* SPDX-License-Identifier: MIT */
/*
 * thrust/detail/idxgen_nest_begin.h - a header of ours standing at a public
 * Thrust path is about to read Thrust's: one level deeper
 * (IDXGEN_THRUST_NESTED, its outer value pushed).  With
 * idxgen_nest_end.h, in pairs; no include guard, each inclusion counts.
 *
 * Why: the outermost one, once Thrust's header is complete, adds what
 * programs expect every Thrust header to bring under nvcc
 * (idxgen_nest_end.h); select_system.h added it midway before, where a
 * program whose first Thrust header was <thrust/universal_vector.h>,
 * <thrust/system/omp/vector.h> or <thrust/mr/host_memory_resource.h> did
 * not build ("'malloc' is not a member of 'thrust'": the device system's
 * algorithms came before thrust::malloc was declared).
 */
#pragma push_macro("IDXGEN_THRUST_NESTED")
#undef IDXGEN_THRUST_NESTED
#define IDXGEN_THRUST_NESTED 1
