// SPDX-License-Identifier: MIT
// Thrust's parallel device system (TBB, idxgen-cc's default) against its
// serial C++ system, side by side in one program (not pass/fail): the same
// calls with thrust::tbb::par and thrust::cpp::par on the same data -- sort
// of 4 Mi ints, reduce, inclusive_scan and transform of 16 Mi -- each the
// median of 5 alternating repetitions, and the ratio TBB / serial (below 1:
// TBB is faster).  Also checks that both systems give the same results.
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/system/tbb/execution_policy.h>
#include <thrust/system/cpp/execution_policy.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

static double now()
{
	return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct twice_plus_one {
	__host__ __device__ int operator()(int x) const { return 2 * x + 1; }
};

static volatile long long sink;	/* every result is used, so no call is optimised away */

template <typename Run>
static void time_one(std::vector<double> &t, Run run, int rep)
{
	double t0 = now();
	sink = sink + (long long)run();
	t[rep] = now() - t0;
}

static double median(std::vector<double> t)
{
	std::sort(t.begin(), t.end());
	return t[t.size() / 2];
}

template <typename TbbRun, typename CppRun>
static bool compare(const char *what, TbbRun tbb_run, CppRun cpp_run)
{
	std::vector<double> a(5), b(5);
	bool same = tbb_run() == cpp_run();	// warm-up, and the results must agree
	for (int r = 0; r < 5; r++) {
		time_one(a, tbb_run, r);
		time_one(b, cpp_run, r);
	}
	printf("%-28s tbb %9.3f ms  serial %9.3f ms  ratio %.3f%s\n", what, median(a) * 1e3, median(b) * 1e3,
	       median(a) / median(b), same ? "" : "  RESULTS DIFFER");
	return same;
}

int main()
{
	const int ns = 1 << 22, n = 1 << 24;
	std::vector<int> src(n), work(n), out(n);
	unsigned long long s = 0x2545f4914f6cdd1dull;
	for (int i = 0; i < n; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		src[i] = (int)(s >> 40) - (1 << 23);
	}
	int *w = work.data(), *o = out.data();
	const int *in = src.data();
	bool ok = true;

	ok &= compare("sort 4 Mi int", [&] { std::copy(in, in + ns, w); thrust::sort(thrust::tbb::par, w, w + ns); return w[ns / 2]; },
		      [&] { std::copy(in, in + ns, w); thrust::sort(thrust::cpp::par, w, w + ns); return w[ns / 2]; });
	ok &= compare("reduce 16 Mi int (long long)", [&] { return thrust::reduce(thrust::tbb::par, in, in + n, 0LL); },
		      [&] { return thrust::reduce(thrust::cpp::par, in, in + n, 0LL); });
	ok &= compare("inclusive_scan 16 Mi int", [&] { thrust::inclusive_scan(thrust::tbb::par, in, in + n, o); return o[n - 1]; },
		      [&] { thrust::inclusive_scan(thrust::cpp::par, in, in + n, o); return o[n - 1]; });
	ok &= compare("transform 16 Mi int", [&] { thrust::transform(thrust::tbb::par, in, in + n, o, twice_plus_one()); return o[n / 3]; },
		      [&] { thrust::transform(thrust::cpp::par, in, in + n, o, twice_plus_one()); return o[n / 3]; });
	return ok ? 0 : 1;
}
