// No #include at all, as public code is written for nvcc: the host code
// below names what nvcc's implicit cuda_runtime.h makes visible to it
// (measured on nvcc 13.0's host pass): <stdlib.h> and <cstdlib>
// (std::llabs, qsort, strtol), <string.h> and <strings.h>, <ctype.h>,
// <time.h>, <limits.h>, <cmath>, <limits>, <utility> and what it brings
// (<type_traits>, <initializer_list>).  Printing is report.cu's: nvcc's
// host pass has no printf without <stdio.h> (cusparse.h includes it).
#define COUNT 300
#define THREADS 128

int report(const char *first_failure, int failures);

__global__ void magnitudes(const long long *in, long long *big, int *small, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		long long v = in[i];
		big[i] = std::llabs(v);
		small[i] = abs((int)(v % 1000)) + (v > INT_MIN);
	}
}

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

// The first check that failed (or none), and how many did.
struct tally {
	const char *first;
	int failed;
};

static void expect(struct tally *t, bool ok, const char *what)
{
	if (!ok && t->failed++ == 0)
		t->first = what;
}

// Inputs with known magnitudes: +-(i * 7919 - 1000000) and the extremes.
static long long input(int i)
{
	if (i == 0)
		return LLONG_MIN + 1;
	if (i == 1)
		return LLONG_MAX;
	long long v = (long long)i * 7919 - 1000000;
	return i % 2 ? -v : v;
}

static void device_magnitudes(struct tally *t)
{
	long long h_in[COUNT], h_big[COUNT];
	int h_small[COUNT];
	for (int i = 0; i < COUNT; i++)
		h_in[i] = input(i);
	long long *d_in, *d_big;
	int *d_small;
	cudaMalloc(&d_in, sizeof h_in);
	cudaMalloc(&d_big, sizeof h_big);
	cudaMalloc(&d_small, sizeof h_small);
	cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
	magnitudes<<<(COUNT + THREADS - 1) / THREADS, THREADS>>>(d_in, d_big, d_small, COUNT);
	cudaMemcpy(h_big, d_big, sizeof h_big, cudaMemcpyDeviceToHost);
	cudaMemcpy(h_small, d_small, sizeof h_small, cudaMemcpyDeviceToHost);
	expect(t, cudaGetLastError() == cudaSuccess, "kernel launch");
	for (int i = 0; i < COUNT; i++) {
		long long v = h_in[i], mag = v < 0 ? -v : v;
		int rem = (int)(mag % 1000);
		expect(t, h_big[i] == mag, "std::llabs in a kernel");
		// input 0 alone is below INT_MIN
		expect(t, h_small[i] == rem + (i != 0), "abs and INT_MIN in a kernel");
	}
	cudaFree(d_in);
	cudaFree(d_big);
	cudaFree(d_small);
}

static void c_library(struct tally *t)
{
	long long v[COUNT];
	long long sum = 0, sorted_sum = 0;
	for (int i = 0; i < COUNT; i++) {
		v[i] = input(i) / 4096;
		sum += v[i];
	}
	qsort(v, COUNT, sizeof v[0], by_value);
	for (int i = 0; i < COUNT; i++) {
		sorted_sum += v[i];
		expect(t, i == 0 || v[i - 1] <= v[i], "qsort order");
	}
	expect(t, sum == sorted_sum, "qsort keeps the elements");
	expect(t, llabs(-9000000000LL) == 9000000000LL && labs(-7L) == 7L, "llabs, labs");
	expect(t, std::llabs(LLONG_MIN + 1) == LLONG_MAX, "std::llabs");
	expect(t, std::abs(-12345678901LL) == 12345678901LL && std::abs(-2.5) == 2.5, "std::abs");
	expect(t, strtol("-1234", nullptr, 10) == -1234 && atoi("77") == 77, "strtol, atoi");
	expect(t, std::strtoll("ff", nullptr, 16) == 255 && std::atof("0.5") == 0.5, "std::strtoll, std::atof");
	char word[16];
	memset(word, 0, sizeof word);
	memcpy(word, "Kernel", 6);
	expect(t, strlen(word) == 6 && strcmp(word, "Kernel") == 0, "strlen, strcmp");
	expect(t, strcasecmp(word, "KERNEL") == 0 && strncasecmp("GRID", "grid2", 4) == 0,
	       "strcasecmp");
	expect(t, isdigit('7') && !isdigit('x') && toupper('q') == 'Q' && isspace('\t'), "ctype");
	time_t day = 86400 + 3600;
	struct tm when;
	expect(t, gmtime_r(&day, &when) && when.tm_mday == 2 && when.tm_hour == 1 && when.tm_year == 70,
	       "gmtime_r");
	expect(t, CLOCKS_PER_SEC == 1000000, "CLOCKS_PER_SEC");
	expect(t, INT_MAX == 2147483647 && CHAR_BIT == 8, "limits.h");
	div_t q = div(17, 5);
	expect(t, q.quot == 3 && q.rem == 2, "div");
}

static void cxx_library(struct tally *t)
{
	expect(t, std::numeric_limits<int>::max() == INT_MAX, "std::numeric_limits<int>");
	expect(t, std::numeric_limits<float>::epsilon() == 1.0f / 8388608.0f, "std::numeric_limits<float>");
	expect(t, std::min(3, 9) == 3 && std::max(2.5, -1.0) == 2.5, "std::min, std::max");
	std::pair<int, long long> p = std::make_pair(4, 5LL);
	int a = 1, b = 2;
	std::swap(a, b);
	expect(t, p.first == 4 && p.second == 5 && a == 2 && b == 1, "std::pair, std::swap");
	static_assert(std::is_same<decltype(std::llabs(1LL)), long long>::value, "std::llabs type");
	static_assert(std::is_integral<long long>::value && !std::is_pointer<int>::value, "traits");
	int total = 0;
	for (int x : std::initializer_list<int>{ 1, 2, 3, 4 })
		total += x;
	expect(t, total == 10, "std::initializer_list");
	expect(t, std::sqrt(16.0) == 4.0 && std::fabs(-0.25f) == 0.25f && std::hypot(3.0, 4.0) == 5.0,
	       "std::sqrt, std::fabs, std::hypot");
	expect(t, std::isnan(std::nan("")) && !std::isinf(1.0) && std::floor(-1.5) == -2.0, "std::isnan");
	expect(t, std::pow(2.0, 10) == 1024.0 && std::fmax(1.0, 2.0) == 2.0, "std::pow, std::fmax");
}

int main()
{
	struct tally t = { "", 0 };
	device_magnitudes(&t);
	c_library(&t);
	cxx_library(&t);
	return report(t.first, t.failed);
}
