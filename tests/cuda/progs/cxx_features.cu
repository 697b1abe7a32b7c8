// The C++ that appears in kernels and device functions: namespaces, a class
// with constructors, member functions and operators, references (in and
// out parameters), static_cast / reinterpret_cast / const_cast, auto,
// constexpr, nullptr, enum class, a default argument, function overloading
// and a simple lambda inside a kernel.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

namespace geo {

constexpr int kDim = 2;
constexpr float kEps = 1e-6f;

class Vec2 {
public:
	__host__ __device__ Vec2() : x_(0), y_(0) {}
	__host__ __device__ Vec2(float x, float y) : x_(x), y_(y) {}
	__host__ __device__ float x() const { return x_; }
	__host__ __device__ float y() const { return y_; }
	__host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x_ + o.x_, y_ + o.y_); }
	__host__ __device__ Vec2 operator*(float s) const { return Vec2(x_ * s, y_ * s); }
	__host__ __device__ Vec2 &operator+=(const Vec2 &o)
	{
		x_ += o.x_;
		y_ += o.y_;
		return *this;
	}
	__host__ __device__ float dot(const Vec2 &o) const { return x_ * o.x_ + y_ * o.y_; }

private:
	float x_, y_;
};

enum class Mode { Sum, Dot };

__host__ __device__ inline void swap_if_greater(float &a, float &b)
{
	if (a > b) {
		float t = a;
		a = b;
		b = t;
	}
}

__host__ __device__ inline int scale(int v, int by = 3) { return v * by; }
__host__ __device__ inline float scale(float v, float by = 0.5f) { return v * by; }

} // namespace geo

namespace k = geo;

__global__ void kernel(const float *xs, float *out, int *iout, const int *maybe, int n, k::Mode mode)
{
	auto i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
	if (i >= n)
		return;
	using geo::Vec2;
	Vec2 a(xs[2 * i], xs[2 * i + 1]);
	Vec2 b = a * 2.0f;
	b += Vec2(1.0f, -1.0f);
	float lo = a.x(), hi = a.y();
	geo::swap_if_greater(lo, hi);
	auto addmul = [=](float p, float q) { return p * q + lo; };
	float r = mode == k::Mode::Sum ? (a + b).x() + (a + b).y() : a.dot(b);
	const float *cp = xs;
	float *mp = const_cast<float *>(cp);
	int same = mp == xs ? 0 : 100;
	unsigned bits = *reinterpret_cast<const unsigned *>(&xs[2 * i]);
	int extra = maybe != nullptr ? maybe[i] : 0;
	out[i] = addmul(r, hi) + geo::scale(1.0f) + (geo::kDim > 1 ? geo::kEps * 0.0f : 1.0f);
	iout[i] = geo::scale(extra) + static_cast<int>(bits >> 31) + same;
}

int main()
{
	const int n = 300;
	float *hx = new float[2 * n], *hout = new float[n];
	int *hiout = new int[n], *hmaybe = new int[n];
	for (int i = 0; i < 2 * n; i++)
		hx[i] = (float)((i * 13) % 29) - 14.0f;
	for (int i = 0; i < n; i++)
		hmaybe[i] = i;
	float *dx, *dout;
	int *diout, *dmaybe;
	cudaMalloc(&dx, 2 * n * sizeof(float));
	cudaMalloc(&dout, n * sizeof(float));
	cudaMalloc(&diout, n * sizeof(int));
	cudaMalloc(&dmaybe, n * sizeof(int));
	cudaMemcpy(dx, hx, 2 * n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dmaybe, hmaybe, n * sizeof(int), cudaMemcpyHostToDevice);
	bool ok = true;
	for (int pass = 0; pass < 3; pass++) {
		k::Mode mode = pass == 1 ? k::Mode::Dot : k::Mode::Sum;
		kernel<<<(n + 63) / 64, 64>>>(dx, dout, diout, pass == 2 ? nullptr : dmaybe, n, mode);
		cudaMemcpy(hout, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(hiout, diout, n * sizeof(int), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++) {
			geo::Vec2 a(hx[2 * i], hx[2 * i + 1]);
			geo::Vec2 b = a * 2.0f + geo::Vec2(1.0f, -1.0f);
			float lo = a.x(), hi = a.y();
			geo::swap_if_greater(lo, hi);
			float r = mode == k::Mode::Sum ? (a + b).x() + (a + b).y() : a.dot(b);
			float want = r * hi + lo + 0.5f;
			int iwant = (pass == 2 ? 0 : 3 * i) + (hx[2 * i] < 0 ? 1 : 0);
			if (fabsf(hout[i] - want) > 1e-3f * (1 + fabsf(want)) || hiout[i] != iwant) {
				printf("pass %d i %d: %f/%d want %f/%d\n", pass, i, hout[i], hiout[i], want, iwant);
				ok = false;
				break;
			}
		}
	}
	cudaFree(dx); cudaFree(dout); cudaFree(diout); cudaFree(dmaybe);
	delete[] hx; delete[] hout; delete[] hiout; delete[] hmaybe;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
