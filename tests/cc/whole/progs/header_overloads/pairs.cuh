// Segments of (key, value) pairs copied out in reverse: the pairs version of
// gather_reversed (header_overloads/keys.cuh has the keys-only one).
#pragma once

template <class K, class V, class Offset>
__global__ void gather_reversed(const K *key, const V *val, K *key_out, V *val_out, const Offset *begins,
				const Offset *ends, int nseg)
{
	int s = blockIdx.x;
	if (s >= nseg)
		return;
	Offset b = begins[s], len = ends[s] - b;
	for (Offset t = threadIdx.x; t < len; t += blockDim.x) {
		key_out[b + t] = key[b + len - 1 - t];
		val_out[b + t] = val[b + len - 1 - t];
	}
}
