// SPDX-License-Identifier: MIT
// Debian's Thrust through idxgen-cc (include/cuda/thrust: the device system
// and thrust::cuda::par) against std:: algorithms on random inputs of odd
// sizes: sort (+ greater, by key, stable), reduce, transform, inclusive and
// exclusive scan, copy_if, sequence, fill, count(_if), unique, min/max
// element; device_vector, device_ptr over cudaMalloc memory
// (device_pointer_cast, raw_pointer_cast), and the policies thrust::device,
// thrust::host, thrust::cuda::par and thrust::cuda::par.on(stream) (after
// work queued on that stream).  Then inputs of 300007 elements, above the
// sizes where the parallel device systems split the work (TBB's sort goes
// parallel from 128 Ki): sort, stable_sort_by_key, merge, reduce_by_key, a
// scan whose operator does not commute (composition of affine maps: a
// parallel scan that joins parts in the wrong order fails), transform_reduce,
// for_each, copy_if, min/max_element ties, each against a serial loop or
// std::.  Built with -DEXPECT_THRUST_SYSTEM=THRUST_DEVICE_SYSTEM_X, it also
// checks which device system idxgen-cc chose.  TAP.  Also compiled by nvcc
// -arch=sm_90.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/device_ptr.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/scan.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/sequence.h>
#include <thrust/fill.h>
#include <thrust/unique.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/execution_policy.h>
#include <thrust/merge.h>
#include <thrust/for_each.h>
#include <thrust/transform_reduce.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <algorithm>
#include <numeric>
#include <vector>
#include <cstdio>
#include <cuda_runtime.h>
#include "tap.h"

struct is_odd {
	__host__ __device__ bool operator()(int x) const { return x & 1; }
};
struct saxpy {
	float a;
	__host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

// x -> a*x + b on 32-bit unsigned (wrapping, so exact): composing two
// maps is associative and not commutative
struct affine {
	unsigned a, b;
};
struct then_apply {
	__host__ __device__ affine operator()(affine f, affine g) const
	{
		return affine{ g.a * f.a, g.a * f.b + g.b };
	}
};
struct square_ll {
	__host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct write_hash {
	int *out;
	__host__ __device__ void operator()(int i) const { out[i] = (int)(((unsigned)i * 2654435761u) >> 7); }
};

static unsigned long long rng = 0x243f6a8885a308d3ull;
static int rnd(int m)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((rng >> 33) % (unsigned long long)m);
}

static void fill_stream(cudaStream_t, cudaError_t, void *p)
{
	int *a = (int *)p;
	for (int i = 0; i < 333; i++)
		a[i] = 333 - i;
}

static void sizes(int n)
{
	std::vector<int> h(n);
	for (int i = 0; i < n; i++)
		h[i] = rnd(2001) - 1000;
	std::vector<float> f(n), g(n);
	for (int i = 0; i < n; i++)
		f[i] = rnd(1000) / 7.0f, g[i] = rnd(1000) / 3.0f;

	thrust::device_vector<int> d(h.begin(), h.end());
	std::vector<int> s = h;
	std::sort(s.begin(), s.end());
	thrust::sort(d.begin(), d.end());
	thrust::host_vector<int> back = d;
	tap_ok(std::equal(s.begin(), s.end(), back.begin()), "n=%d sort (device_vector) = std::sort", n);

	d = h;
	thrust::sort(thrust::device, d.begin(), d.end(), thrust::greater<int>());
	std::sort(s.begin(), s.end(), std::greater<int>());
	back = d;
	tap_ok(std::equal(s.begin(), s.end(), back.begin()), "n=%d sort greater (thrust::device)", n);

	// sort_by_key, stable: equal keys keep their values' order
	std::vector<int> keys(n), vals(n);
	for (int i = 0; i < n; i++)
		keys[i] = rnd(10), vals[i] = i;
	thrust::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
	thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
	std::vector<std::pair<int, int>> kv(n);
	for (int i = 0; i < n; i++)
		kv[i] = std::make_pair(keys[i], vals[i]);
	std::stable_sort(kv.begin(), kv.end(), [](const std::pair<int, int> &a, const std::pair<int, int> &b) {
		return a.first < b.first;
	});
	bool ok = true;
	for (int i = 0; i < n; i++)
		ok &= dk[i] == kv[i].first && dv[i] == kv[i].second;
	tap_ok(ok, "n=%d stable_sort_by_key = std::stable_sort of pairs", n);

	// reduce, max, min_element
	d = h;
	long long want = std::accumulate(h.begin(), h.end(), 0LL);
	long long got = thrust::reduce(thrust::cuda::par, d.begin(), d.end(), 0LL);
	int mx = thrust::reduce(d.begin(), d.end(), -1000000, thrust::maximum<int>());
	int mn = *thrust::min_element(d.begin(), d.end());
	tap_ok(got == want && mx == *std::max_element(h.begin(), h.end()) && mn == *std::min_element(h.begin(), h.end()),
	       "n=%d reduce sum (cuda::par), max, min_element = std::", n);

	// transform: saxpy on device_ptrs over cudaMalloc memory
	float *rx, *ry;
	cudaMalloc(&rx, n * sizeof(float));
	cudaMalloc(&ry, n * sizeof(float));
	cudaMemcpy(rx, f.data(), n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(ry, g.data(), n * sizeof(float), cudaMemcpyHostToDevice);
	thrust::device_ptr<float> px = thrust::device_pointer_cast(rx), py = thrust::device_pointer_cast(ry);
	thrust::transform(px, px + n, py, py, saxpy{ 2.5f });
	std::vector<float> ref(n);
	std::transform(f.begin(), f.end(), g.begin(), ref.begin(), saxpy{ 2.5f });
	tap_ok(std::equal(ref.begin(), ref.end(), thrust::raw_pointer_cast(py)),
	       "n=%d transform over device_pointer_cast(cudaMalloc) = std::transform", n);
	cudaFree(rx);
	cudaFree(ry);

	// scans
	std::vector<long long> inc(n), exc(n);
	std::partial_sum(h.begin(), h.end(), inc.begin(), [](long long a, long long b) { return a + b; });
	for (int i = 0; i < n; i++)
		exc[i] = i ? inc[i - 1] : 0;
	thrust::device_vector<long long> ds(n);
	thrust::inclusive_scan(d.begin(), d.end(), ds.begin());
	ok = true;
	for (int i = 0; i < n; i++)
		ok &= ds[i] == inc[i];
	thrust::exclusive_scan(thrust::host, h.begin(), h.end(), ds.begin(), 0LL);
	for (int i = 0; i < n; i++)
		ok &= ds[i] == exc[i];
	tap_ok(ok, "n=%d inclusive_scan, exclusive_scan (thrust::host) = std::partial_sum", n);

	// copy_if, count, count_if
	thrust::device_vector<int> odd(n);
	auto end = thrust::copy_if(d.begin(), d.end(), odd.begin(), is_odd());
	std::vector<int> sodd;
	std::copy_if(h.begin(), h.end(), std::back_inserter(sodd), is_odd());
	ok = (size_t)(end - odd.begin()) == sodd.size();
	for (size_t i = 0; ok && i < sodd.size(); i++)
		ok &= odd[i] == sodd[i];
	tap_ok(ok && thrust::count_if(d.begin(), d.end(), is_odd()) == (long)sodd.size() &&
		       thrust::count(d.begin(), d.end(), h[0]) == std::count(h.begin(), h.end(), h[0]),
	       "n=%d copy_if, count_if, count = std::", n);

	// unique after sort
	std::sort(s.begin(), s.end());
	thrust::sort(d.begin(), d.end());
	auto ue = thrust::unique(d.begin(), d.end());
	auto se = std::unique(s.begin(), s.end());
	ok = (ue - d.begin()) == (se - s.begin());
	for (long i = 0; ok && i < se - s.begin(); i++)
		ok &= d[i] == s[i];
	tap_ok(ok, "n=%d unique = std::unique", n);

	// sequence, fill
	thrust::sequence(d.begin(), d.end(), 5, 3);
	thrust::fill(d.begin(), d.begin() + n / 2, 42);
	ok = true;
	for (int i = 0; i < n; i++)
		ok &= d[i] == (i < n / 2 ? 42 : 5 + 3 * i);
	tap_ok(ok, "n=%d sequence(5, 3), fill", n);
}

// a device range against a host reference, compared on the host
static bool same(thrust::device_vector<int>::iterator first, thrust::device_vector<int>::iterator last,
		 const std::vector<int> &want)
{
	thrust::host_vector<int> got(first, last);
	return got.size() == want.size() && std::equal(want.begin(), want.end(), got.begin());
}

static void parallel_sizes(void)
{
	const int n = 300007;
	std::vector<int> h(n);
	for (int i = 0; i < n; i++)
		h[i] = rnd(1000003) - 500000;

	thrust::device_vector<int> d(h.begin(), h.end());
	std::vector<int> s = h;
	std::sort(s.begin(), s.end());
	thrust::sort(d.begin(), d.end());
	tap_ok(same(d.begin(), d.end(), s), "n=%d sort = std::sort", n);

	std::vector<int> keys(n), vals(n);
	for (int i = 0; i < n; i++)
		keys[i] = rnd(100), vals[i] = i;
	thrust::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
	thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
	std::vector<std::pair<int, int>> kv(n);
	for (int i = 0; i < n; i++)
		kv[i] = std::make_pair(keys[i], vals[i]);
	std::stable_sort(kv.begin(), kv.end(), [](const std::pair<int, int> &a, const std::pair<int, int> &b) {
		return a.first < b.first;
	});
	thrust::host_vector<int> hk = dk, hv = dv;
	bool ok = true;
	for (int i = 0; i < n; i++)
		ok &= hk[i] == kv[i].first && hv[i] == kv[i].second;
	tap_ok(ok, "n=%d stable_sort_by_key = std::stable_sort of pairs", n);

	// merge the sorted keys (many equal) with the sorted values
	thrust::device_vector<int> dm(2 * n);
	thrust::merge(dk.begin(), dk.end(), d.begin(), d.end(), dm.begin());
	std::vector<int> sm(2 * n), sk(keys);
	std::sort(sk.begin(), sk.end());
	std::merge(sk.begin(), sk.end(), s.begin(), s.end(), sm.begin());
	tap_ok(same(dm.begin(), dm.end(), sm), "n=%d merge = std::merge", n);

	// a histogram: reduce_by_key of the sorted keys with a constant 1
	thrust::device_vector<int> uk(100), cnt(100);
	auto ends = thrust::reduce_by_key(dk.begin(), dk.end(), thrust::make_constant_iterator(1), uk.begin(), cnt.begin());
	std::vector<int> ref(100, 0);
	for (int k : keys)
		ref[k]++;
	int nk = 0;
	ok = true;
	for (int k = 0; k < 100; k++) {
		if (!ref[k])
			continue;
		ok &= nk < ends.first - uk.begin() && uk[nk] == k && cnt[nk] == ref[k];
		nk++;
	}
	tap_ok(ok && nk == ends.first - uk.begin(), "n=%d reduce_by_key (counts) = a counting loop", n);

	// inclusive_scan with an operator that does not commute
	std::vector<affine> fs(n);
	for (int i = 0; i < n; i++)
		fs[i] = affine{ 2u * (unsigned)rnd(1 << 30) + 1u, (unsigned)rnd(1 << 30) };
	thrust::device_vector<affine> df(fs.begin(), fs.end());
	thrust::inclusive_scan(df.begin(), df.end(), df.begin(), then_apply());
	thrust::host_vector<affine> hf = df;
	affine acc = fs[0];
	ok = hf[0].a == acc.a && hf[0].b == acc.b;
	for (int i = 1; i < n; i++) {
		acc = affine{ fs[i].a * acc.a, fs[i].a * acc.b + fs[i].b };
		ok &= hf[i].a == acc.a && hf[i].b == acc.b;
	}
	tap_ok(ok, "n=%d inclusive_scan, non-commutative operator = serial loop", n);

	long long sq = 0;
	for (int x : h)
		sq += (long long)x * x;
	long long tsq = thrust::transform_reduce(d.begin(), d.end(), square_ll(), 0LL, thrust::plus<long long>());
	long long tri = thrust::reduce(thrust::make_counting_iterator(0LL), thrust::make_counting_iterator((long long)n));
	tap_ok(tsq == sq && tri == (long long)n * (n - 1) / 2,
	       "n=%d transform_reduce (sum of squares), reduce(counting_iterator) = loop, n(n-1)/2", n);

	thrust::device_vector<int> w(n);
	thrust::for_each(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n),
			 write_hash{ thrust::raw_pointer_cast(w.data()) });
	thrust::host_vector<int> hw = w;
	ok = true;
	for (int i = 0; i < n; i++)
		ok &= hw[i] == (int)(((unsigned)i * 2654435761u) >> 7);
	thrust::device_vector<int> odd(n);
	d = h;
	auto oe = thrust::copy_if(d.begin(), d.end(), odd.begin(), is_odd());
	std::vector<int> sodd;
	std::copy_if(h.begin(), h.end(), std::back_inserter(sodd), is_odd());
	ok &= same(odd.begin(), oe, sodd);
	tap_ok(ok, "n=%d for_each over counting_iterator, copy_if = loops", n);

	// ties: the first of the equal extremes, as std::
	for (int i = 0; i < n; i++)
		h[i] = rnd(7);
	d = h;
	long mn = thrust::min_element(d.begin(), d.end()) - d.begin();
	long mx = thrust::max_element(d.begin(), d.end()) - d.begin();
	tap_ok(mn == std::min_element(h.begin(), h.end()) - h.begin() &&
		       mx == std::max_element(h.begin(), h.end()) - h.begin(),
	       "n=%d min_element, max_element: first of the ties, as std::", n);
}

int main()
{
#ifdef EXPECT_THRUST_SYSTEM
	tap_ok(THRUST_DEVICE_SYSTEM == EXPECT_THRUST_SYSTEM, "Thrust's device system is %d (want %d)",
	       (int)THRUST_DEVICE_SYSTEM, (int)EXPECT_THRUST_SYSTEM);
#endif

	static const int ns[] = { 1, 17, 1001, 40961 };
	for (int n : ns)
		sizes(n);
	parallel_sizes();

	// par.on(stream): the algorithm runs after the stream's earlier work
	cudaStream_t st;
	int *a;
	cudaStreamCreate(&st);
	cudaMalloc(&a, 333 * sizeof(int));
	cudaMemset(a, 0, 333 * sizeof(int));
	cudaStreamAddCallback(st, fill_stream, a, 0);
	thrust::sort(thrust::cuda::par.on(st), a, a + 333);
	cudaStreamSynchronize(st);
	bool ok = true;
	for (int i = 0; i < 333; i++)
		ok &= a[i] == i + 1;
	tap_ok(ok, "sort(thrust::cuda::par.on(stream)) runs after the stream's queued work");
	cudaFree(a);
	cudaStreamDestroy(st);
	return tap_done();
}
