// SPDX-License-Identifier: MIT
// cub::DeviceMergeSort as public code calls it: a comparison functor with a
// __device__ operator(), the two-phase temporary-storage protocol (size query
// with a null pointer, cudaMalloc, the call), on cudaMalloc'd arrays of odd
// sizes.  Against std::stable_sort: SortPairs in place with many equal keys
// (items must keep their input order among equal keys, as StableSortPairs
// promises), SortKeysCopy descending on floats (input untouched),
// StableSortKeys on a struct key by one field, an empty input.  TAP.  Also
// compiled by nvcc -arch=sm_90 (real CUB there).
#include <cub/cub.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "tap.h"

struct CustomLess {
	template <typename T>
	__host__ __device__ bool operator()(const T &a, const T &b) const
	{
		return a < b;
	}
};

struct CustomGreater {
	__host__ __device__ bool operator()(float a, float b) const { return a > b; }
};

struct Particle {
	int cell;
	float mass;
};

struct ByCell {
	__host__ __device__ bool operator()(const Particle &a, const Particle &b) const { return a.cell < b.cell; }
};

static unsigned long long rng = 0x13198a2e03707344ull;
static int rnd(int m)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((rng >> 33) % (unsigned long long)m);
}

template <typename F>
static cudaError_t two_phase(F call)
{
	void *d_temp = nullptr;
	size_t bytes = 0;
	cudaError_t e = call(d_temp, bytes);
	if (e != cudaSuccess)
		return e;
	cudaMalloc(&d_temp, bytes);
	e = call(d_temp, bytes);
	cudaDeviceSynchronize();
	cudaFree(d_temp);
	return e;
}

static void pairs(int n)
{
	std::vector<int> keys(n), items(n);
	for (int i = 0; i < n; i++)
		keys[i] = rnd(50), items[i] = i;
	int *d_keys, *d_items;
	cudaMalloc(&d_keys, sizeof(int) * (n + 1));
	cudaMalloc(&d_items, sizeof(int) * (n + 1));
	cudaMemcpy(d_keys, keys.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
	cudaMemcpy(d_items, items.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
	cudaError_t e = two_phase([&](void *t, size_t &b) {
		return cub::DeviceMergeSort::StableSortPairs(t, b, d_keys, d_items, n, CustomLess());
	});
	std::vector<std::pair<int, int>> ref(n);
	for (int i = 0; i < n; i++)
		ref[i] = std::make_pair(keys[i], items[i]);
	std::stable_sort(ref.begin(), ref.end(),
			 [](const std::pair<int, int> &a, const std::pair<int, int> &b) { return a.first < b.first; });
	std::vector<int> gk(n), gi(n);
	cudaMemcpy(gk.data(), d_keys, sizeof(int) * n, cudaMemcpyDeviceToHost);
	cudaMemcpy(gi.data(), d_items, sizeof(int) * n, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += gk[i] != ref[i].first || gi[i] != ref[i].second;
	tap_ok(e == cudaSuccess && bad == 0, "StableSortPairs in place, %d items, keys in [0, 50): %d wrong", n, bad);
	cudaFree(d_keys), cudaFree(d_items);
}

static void keys_copy_descending(int n)
{
	std::vector<float> in(n);
	for (int i = 0; i < n; i++)
		in[i] = (float)rnd(1000) / 8.0f - 60.0f;
	float *d_in, *d_out;
	cudaMalloc(&d_in, sizeof(float) * (n + 1));
	cudaMalloc(&d_out, sizeof(float) * (n + 1));
	cudaMemcpy(d_in, in.data(), sizeof(float) * n, cudaMemcpyHostToDevice);
	cudaError_t e = two_phase([&](void *t, size_t &b) {
		return cub::DeviceMergeSort::SortKeysCopy(t, b, d_in, d_out, n, CustomGreater());
	});
	std::vector<float> ref(in), got(n), kept(n);
	std::sort(ref.begin(), ref.end(), [](float a, float b) { return a > b; });
	cudaMemcpy(got.data(), d_out, sizeof(float) * n, cudaMemcpyDeviceToHost);
	cudaMemcpy(kept.data(), d_in, sizeof(float) * n, cudaMemcpyDeviceToHost);
	tap_ok(e == cudaSuccess && got == ref && kept == in, "SortKeysCopy descending, %d floats, input untouched", n);
	cudaFree(d_in), cudaFree(d_out);
}

static void struct_keys(int n)
{
	std::vector<Particle> p(n);
	for (int i = 0; i < n; i++)
		p[i].cell = rnd(17), p[i].mass = (float)i;
	Particle *d_p;
	cudaMalloc(&d_p, sizeof(Particle) * (n + 1));
	cudaMemcpy(d_p, p.data(), sizeof(Particle) * n, cudaMemcpyHostToDevice);
	cudaError_t e = two_phase([&](void *t, size_t &b) {
		return cub::DeviceMergeSort::StableSortKeys(t, b, d_p, n, ByCell());
	});
	std::stable_sort(p.begin(), p.end(), [](const Particle &a, const Particle &b) { return a.cell < b.cell; });
	std::vector<Particle> got(n);
	cudaMemcpy(got.data(), d_p, sizeof(Particle) * n, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += got[i].cell != p[i].cell || got[i].mass != p[i].mass;
	tap_ok(e == cudaSuccess && bad == 0, "StableSortKeys of %d structs by one field: %d out of stable order", n, bad);
	cudaFree(d_p);
}

int main()
{
	for (int n : { 1, 1001, 30011 })
		pairs(n);
	for (int n : { 19, 4099 })
		keys_copy_descending(n);
	struct_keys(2003);
	// no items: success, and the keys' memory is not written
	int *d_k = nullptr, sentinel[2] = { 7, -7 }, back[2] = { 0, 0 };
	cudaMalloc(&d_k, sizeof(sentinel));
	cudaMemcpy(d_k, sentinel, sizeof(sentinel), cudaMemcpyHostToDevice);
	cudaError_t e = two_phase([&](void *t, size_t &b) { return cub::DeviceMergeSort::SortKeys(t, b, d_k, 0, CustomLess()); });
	cudaMemcpy(back, d_k, sizeof(back), cudaMemcpyDeviceToHost);
	tap_ok(e == cudaSuccess && back[0] == 7 && back[1] == -7, "SortKeys of no items: success, the keys untouched");
	cudaFree(d_k);
	return tap_done();
}
