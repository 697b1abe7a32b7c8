// Regression (HeCBench attentionMultiHeadKVCache's exception.h): an error
// class derived from std::exception whose what() is marked override, and
// one derived from std::runtime_error.  The parse made every function of
// the program __host__ __device__ but std::exception's what() a host one,
// so "'what' marked 'override' but does not override any member functions".
#include <cstdio>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <string>

namespace demo {
class Error : public std::exception {
	std::string message_;

public:
	Error(const std::string &func, int line, const std::string &message)
	{
		std::ostringstream oss;
		oss << func << ":" << line << ": " << message;
		message_ = oss.str();
	}
	virtual const char *what() const noexcept override { return message_.c_str(); }
};

class RangeError : public std::runtime_error {
public:
	explicit RangeError(int v) : std::runtime_error("range " + std::to_string(v)) {}
	const char *what() const noexcept override { return "out of range"; }
};
} // namespace demo

__global__ void square(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= v[i];
}

static void check(const int *h, int n)
{
	for (int i = 0; i < n; i++)
		if (h[i] != i * i)
			throw demo::Error("check", i, "wrong square");
	throw demo::RangeError(n);
}

int main()
{
	const int n = 100;
	int h[n], *d;
	for (int i = 0; i < n; i++)
		h[i] = i;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	square<<<(n + 31) / 32, 32>>>(d, n);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	std::string got;
	try {
		check(h, n);
	} catch (const std::exception &e) {
		got = e.what();	// virtual: the derived class's what()
	}
	try {
		throw demo::Error("main", 7, "planted");
	} catch (const std::exception &e) {
		got += std::string(" / ") + e.what();
	}
	printf("%s\n", got.c_str());
	bool ok = got == "out of range / main:7: planted";
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
