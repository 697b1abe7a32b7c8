// Segments of keys copied out in reverse: the keys-only overload of
// header_overloads/pairs.cuh's kernel, with one template parameter less.
#pragma once

template <class K, class Offset>
__global__ void gather_reversed(const K *key, K *key_out, const Offset *begins, const Offset *ends, int nseg)
{
	int s = blockIdx.x;
	if (s >= nseg)
		return;
	Offset b = begins[s], len = ends[s] - b;
	for (Offset t = threadIdx.x; t < len; t += blockDim.x)
		key_out[b + t] = key[b + len - 1 - t] + (K)1;
}
