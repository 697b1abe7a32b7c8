// FLAGS: -std=c++20
// Kernel templates constrained by C++20 concepts (-std=c++20): the helpers
// and the host stub keep each type-constraint as written (`Arith T`,
// `std::integral I`), so that the stub defines the template the kernel's
// declaration declares (with `typename T` they were two templates, and the
// launch's was never defined: a link error); a constrained pack keeps its
// concept too (`Arith... Ts`).
#include <concepts>

template <typename T>
concept Arith = std::integral<T> || std::floating_point<T>;

template <Arith T, int Step = 1>
__global__ void axpy(T a, const T *x, T *y, int n)
{
	for (int i = threadIdx.x; i < n; i += Step * blockDim.x)
		y[i] = a * x[i] + y[i];
}

template <std::integral I, class T>
__global__ void square(T *p, I n)
{
	I i = threadIdx.x;

	if (i < n)
		p[i] *= p[i];
}

// a constrained pack: the kernel runs as fibers (loop fission takes no pack)
template <Arith... Ts>
__global__ void total(double *out, Ts... xs)
{
	if (threadIdx.x == 0)
		*out = (0.0 + ... + double(xs));
}

void run(float *x, float *y, long *p, double *d)
{
	axpy<float><<<1, 32>>>(2.0f, x, y, 64);
	square<<<1, 32>>>(p, 32);
	total<<<1, 32>>>(d, 1, 2.5f, 3L);
}
// MODEL: kernel axpy: fission
// MODEL: kernel square: fission
// MODEL: kernel total: fibers
// CXX: template <Arith T, int Step>
// CXX-NEXT: /* __global__ axpy: called once per block;
// CXX: template <Arith T, int Step>
// CXX-NEXT: const size_t axpy__arg_sizes[] =
// CXX-NEXT: template <Arith T, int Step>
// CXX-NEXT: const size_t axpy__arg_aligns[] =
// CXX-NEXT: template <Arith T, int Step>
// CXX-NEXT: const struct idxgen_rt_kernel axpy__kernel = { {{.*}}axpy__block<T, Step>,
// CXX-NEXT: template <Arith T, int Step = 1>
// CXX-NEXT: __global__ void axpy(T a, const T *x, T *y, int n)
// CXX-NEXT: ;
// CXX-NEXT: template <Arith T, int Step>
// CXX-NEXT: const int axpy__reg =
// CXX-NEXT: template <Arith T, int Step>
// CXX: __global__ void axpy(T a, const T *x, T *y, int n)
// CXX: __idxgenLaunchStub((const void *)&axpy<T, Step>, &axpy__kernel<T, Step>, __args);
// CXX: template <std::integral I, typename T>
// CXX-NEXT: /* __global__ square: called once per block;
// CXX: template <std::integral I, class T>
// CXX-NEXT: __global__ void square(T *p, I n)
// CXX-NEXT: ;
// CXX-NEXT: template <std::integral I, typename T>
// CXX-NEXT: const int square__reg =
// CXX-NEXT: template <std::integral I, typename T>
// CXX: __idxgenLaunchStub((const void *)&square<I, T>, &square__kernel<I, T>, __args);
// CXX: template <Arith... Ts>
// CXX-NEXT: __global__ void total(double *out, Ts... xs)
// CXX: const size_t total__arg_sizes[] =
// CXX-NEXT: template <Arith... Ts>{{$}}
// CXX-NEXT: const size_t total__arg_aligns[] =
// CXX-NEXT: template <Arith... Ts>
// CXX-NEXT: const struct idxgen_rt_kernel total__kernel = { {{.*}}total__block<Ts...>,
// CXX-NEXT: template <Arith... Ts>
// CXX-NEXT: __global__ void total(double *out, Ts... xs)
// CXX-NEXT: ;
// CXX-NEXT: template <Arith... Ts>
// CXX-NEXT: const int total__reg =
// CXX-NEXT: template <Arith... Ts>
// CXX: __idxgenLaunchStub((const void *)&total<Ts...>, &total__kernel<Ts...>, __args);
