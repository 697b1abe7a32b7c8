/* SPDX-License-Identifier: MIT */
/*
 * cub/thread/thread_load.cuh - CUB's cache modifiers and ThreadLoad /
 * ThreadStore.  On a GPU a modifier picks a PTX load or store (ld.global.nc
 * for LOAD_LDG, ...); on the CPU's one coherent memory every one is a plain
 * load or store, which gives the same values.  Needs nothing else of
 * cub.cuh (which includes it before the iterators that use the modifiers).
 */
#pragma once
#include <iterator>
#include <cuda_runtime.h>

namespace cub {

enum CacheLoadModifier {
	LOAD_DEFAULT,
	LOAD_CA,
	LOAD_CG,
	LOAD_CS,
	LOAD_CV,
	LOAD_LDG,
	LOAD_VOLATILE,
};

enum CacheStoreModifier {
	STORE_DEFAULT,
	STORE_WB,
	STORE_CG,
	STORE_CS,
	STORE_WT,
	STORE_VOLATILE,
};

template <CacheLoadModifier MODIFIER, typename InputIteratorT>
__host__ __device__ typename std::iterator_traits<InputIteratorT>::value_type ThreadLoad(InputIteratorT itr)
{
	return *itr;
}

template <CacheStoreModifier MODIFIER, typename OutputIteratorT, typename _Tp>
__host__ __device__ void ThreadStore(OutputIteratorT itr, _Tp val)
{
	*itr = val;
}

} // namespace cub
