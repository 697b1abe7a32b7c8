// Every C++17 standard header and the C library's headers, included after
// ours (nvcc includes cuda_runtime.h first, implicitly): none of our macros
// (__noinline__, __forceinline__, __host__, __device__, ...) may break the
// host's C++ library, and each header is used, host and device side.
#include <cuda_runtime.h>
#include <cooperative_groups.h>

#include <algorithm>
#include <any>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <cfenv>
#include <cfloat>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <climits>
#include <clocale>
#include <cmath>
#include <complex>
#include <condition_variable>
#include <csetjmp>
#include <csignal>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuchar>
#include <cwchar>
#include <cwctype>
#include <deque>
#include <exception>
#include <filesystem>
#include <forward_list>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <ios>
#include <iosfwd>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <random>
#include <ratio>
#include <regex>
#include <scoped_allocator>
#include <set>
#include <shared_mutex>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uchar.h>
#include <wchar.h>
#include <wctype.h>

__device__ __noinline__ int twice(int v)
{
	return 2 * v;
}

__device__ __forceinline__ float clampf(float v)
{
	return fminf(fmaxf(v, 0.f), 1.f);
}

__global__ void kernel(int *out, float *f, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		out[i] = twice(i) + (int)std::numeric_limits<char>::digits + INT_MAX / INT_MAX;
		f[i] = clampf((float)i / n) + (float)std::abs(-1) + (FLT_EPSILON > 0.f);
	}
}

static int sum_va(int count, ...)
{
	va_list ap;
	va_start(ap, count);
	int s = 0;
	for (int k = 0; k < count; k++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

int main()
{
	const int n = 64;
	std::vector<int> host(n);
	int *out;
	float *f;
	cudaMallocManaged(&out, n * sizeof(int));
	cudaMallocManaged(&f, n * sizeof(float));
	kernel<<<2, 32>>>(out, f, n);
	cudaDeviceSynchronize();
	std::copy(out, out + n, host.begin());
	bool ok = cudaGetLastError() == cudaSuccess;
	for (int i = 0; i < n; i++)
		ok = ok && host[i] == 2 * i + 7 + 1 && f[i] == (float)i / n + 2.f;

	// one facility of each header
	std::shared_ptr<int> sp = std::make_shared<int>(5);
	std::unique_ptr<int[]> up(new int[3]);
	std::any a = 3;
	std::array<int, 3> arr{{1, 2, 3}};
	std::atomic<int> at{1};
	std::bitset<8> bits(0x5a);
	std::complex<double> c(1.0, 2.0);
	std::deque<int> dq{1, 2};
	std::forward_list<int> fl{4};
	std::function<int(int)> fn = [](int v) { return v + 1; };
	std::list<int> li{1, 2, 3};
	std::map<int, int> m{{1, 2}};
	std::set<int> st{3, 1};
	std::unordered_map<int, int> um{{2, 3}};
	std::unordered_set<int> us{7};
	std::optional<int> op = 4;
	std::variant<int, float> va = 2.5f;
	std::tuple<int, char> tu{1, 'a'};
	std::pair<int, int> pr{1, 2};
	std::string s = "abc";
	std::string_view sv = s;
	std::stringstream ss;
	ss << std::setw(3) << 42;
	std::queue<int> q;
	q.push(1);
	std::stack<int> stk;
	stk.push(2);
	std::priority_queue<int> pq;
	pq.push(3);
	std::valarray<int> vals{1, 2, 3};
	std::mt19937 rng(1);
	std::regex re("a+b");
	std::mutex mu;
	std::shared_mutex smu;
	std::condition_variable cv;
	std::shared_lock<std::shared_mutex> rlock(smu);
	std::lock_guard<std::mutex> lock(mu);
	std::future<int> fut = std::async(std::launch::deferred, [] { return 6; });
	std::thread th([&at] { at.fetch_add(1); });
	th.join();
	std::chrono::milliseconds ms(5);
	std::ratio<1, 3> third;
	std::type_index ti(typeid(int));
	std::error_code ec = std::make_error_code(std::errc::invalid_argument);
	std::filesystem::path p = std::filesystem::path("a") / "b";
	std::pmr::monotonic_buffer_resource pool;
	std::pmr::vector<int> pv(&pool);
	pv.push_back(1);
	std::scoped_allocator_adaptor<std::allocator<int>> sa;
	std::initializer_list<int> il{1, 2};
	std::ostringstream os;
	std::istringstream is("12");
	int from_is = 0;
	is >> from_is;
	std::ios_base::fmtflags ff = os.flags();
	(void)ff;
	char chars[8];
	auto tc = std::to_chars(chars, chars + sizeof(chars), 77);
	std::locale loc = std::locale::classic();
	std::jmp_buf jb;
	volatile int jumped = 0;
	if (setjmp(jb) == 0) {
		jumped = 1;
	}
	std::sig_atomic_t sig = 1;
	std::feclearexcept(FE_ALL_EXCEPT);
	std::mbstate_t mbs{};
	std::wint_t wc = std::towupper(L'a');
	std::runtime_error err("x");
	std::exception_ptr ep = std::make_exception_ptr(err);
	std::streambuf *sb = std::cout.rdbuf();
	std::ofstream nowhere;
	std::iterator_traits<int *>::value_type itv = 0;
	std::time_t tt = std::time_t(0);
	std::setlocale(LC_ALL, "C");
	std::size_t sz = std::strlen("four");
	std::uint64_t big = UINT64_MAX;
	std::intmax_t im = std::strtoimax("9", nullptr, 10);
	void *mem = std::malloc(4);
	std::free(mem);
	errno = 0;
	assert(sz == 4);
	static_assert(std::is_same<std::decay_t<const int &>, int>::value, "type_traits");
	static_assert(decltype(third)::den == 3, "ratio");
	ok = ok && *sp == 5 && std::any_cast<int>(a) == 3 && std::accumulate(arr.begin(), arr.end(), 0) == 6 &&
	     at.load() == 2 && bits.count() == 4 && std::abs(c) > 2.2 && dq.size() == 2 && fl.front() == 4 &&
	     fn(1) == 2 && li.size() == 3 && m[1] == 2 && *st.begin() == 1 && um[2] == 3 && us.count(7) == 1 &&
	     *op == 4 && std::get<float>(va) == 2.5f && std::get<1>(tu) == 'a' && pr.second == 2 &&
	     sv.size() == 3 && ss.str() == " 42" && q.front() == 1 && stk.top() == 2 && pq.top() == 3 &&
	     vals.sum() == 6 && rng() != 0 && std::regex_match("aab", re) && fut.get() == 6 &&
	     ms.count() == 5 && ti == std::type_index(typeid(int)) && ec.value() == EINVAL &&
	     p.string() == "a/b" && pv[0] == 1 && sa.max_size() > 0 && il.size() == 2 && from_is == 12 &&
	     tc.ec == std::errc() && std::isdigit(chars[0]) && loc.name() == "C" && jumped == 1 && sig == 1 &&
	     std::mbsinit(&mbs) && wc == L'A' && ep != nullptr && sb != nullptr && !nowhere.is_open() &&
	     itv == 0 && tt == 0 && big == UINT64_MAX && im == 9 && std::sqrt(4.0) == 2.0 &&
	     sum_va(3, 1, 2, 3) == 6 && DBL_MAX > 1.0 && LLONG_MAX > 0 && std::strcmp("a", "a") == 0 &&
	     std::char_traits<char16_t>::length(u"ab") == 2 && std::is_sorted(arr.begin(), arr.end());
	cudaFree(out);
	cudaFree(f);
	std::cout << (ok ? "PASS" : "FAIL") << std::endl;
	return ok ? 0 : 1;
}
