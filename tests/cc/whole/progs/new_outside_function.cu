// Regression (HeCBench logic-rewrite, CLI11.hpp: `std::shared_ptr<FormatterBase>
// formatter_{new Formatter()};`): a new-expression outside any function body,
// in a default member initializer or a default argument, as command-line and
// option classes of host code write them.  clang's CUDA parse looked up the
// operator delete that undoes such a new from the class's context, took the
// __device__ one of its two implicit declarations and refused it: "reference
// to __device__ function 'operator delete' in __host__ __device__ function",
// the program did not build (nvcc builds it).  Here a formatter member as
// CLI11 has it, a plain and an array new in member initializers, one in a
// class template, a default argument; a kernel scales the values the options
// hold, checked against the host.
#include <cstdio>
#include <memory>
#include <string>
#include <cuda_runtime.h>

struct FormatterBase {
	virtual ~FormatterBase() = default;
	virtual int width() const { return 10; }
};

struct Formatter : FormatterBase {
	int width() const override { return 30; }
};

class Option {
	std::string name_;
	int *value_{new int(7)};
	float *weights_ = new float[4]{ 0.5f, 1.0f, 1.5f, 2.0f };

public:
	explicit Option(std::string name) : name_(std::move(name)) {}
	~Option() { delete value_; delete[] weights_; }
	Option(const Option &) = delete;
	Option &operator=(const Option &) = delete;
	int value() const { return *value_; }
	float weight(int i) const { return weights_[i]; }
};

class App {
	std::shared_ptr<FormatterBase> formatter_{new Formatter()};
	std::unique_ptr<Option> scale_{new Option("--scale")};

public:
	int width() const { return formatter_->width(); }
	const Option &scale() const { return *scale_; }
};

template <typename T> struct Buffer {
	std::unique_ptr<T[]> host{new T[16]()};
	int n = 16;
};

struct Sink {
	FormatterBase *f;
	explicit Sink(FormatterBase *p = new FormatterBase) : f(p) {}
	~Sink() { delete f; }
};

__global__ void scale_values(const int *in, int *out, int n, int factor)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * factor;
}

int main()
{
	App app;
	Buffer<int> buf;
	Sink sink;
	int *d_in, *d_out, failures = 0;

	for (int i = 0; i < buf.n; i++)
		buf.host[i] = i * 3 + 1;
	cudaMalloc(&d_in, buf.n * sizeof(int));
	cudaMalloc(&d_out, buf.n * sizeof(int));
	cudaMemcpy(d_in, buf.host.get(), buf.n * sizeof(int), cudaMemcpyHostToDevice);
	scale_values<<<2, 8>>>(d_in, d_out, buf.n, app.scale().value());
	int out[16];
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < buf.n; i++)
		if (out[i] != (i * 3 + 1) * 7) {
			printf("out[%d] = %d, expected %d\n", i, out[i], (i * 3 + 1) * 7);
			failures++;
		}
	if (app.width() != 30 || sink.f->width() != 10 || app.scale().weight(3) != 2.0f) {
		printf("width %d, sink %d, weight %g\n", app.width(), sink.f->width(), app.scale().weight(3));
		failures++;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
