// Kernel templates told apart by std::enable_if in an unnamed template
// parameter (HeCBench's ert: one kernel for half2, one for the rest): the
// helpers of each (block function, descriptor, registration, host stub)
// name the parameter __idxgen_tpN, N its place, to pass it on; the host
// stub's first declaration keeps the header as written, default and all.
#include <type_traits>

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
__global__ void fill(T *x, T v)
{
	x[threadIdx.x] = v;
}

template <typename T, typename = std::enable_if_t<std::is_floating_point<T>::value>>
__global__ void fill(T *x, T v)
{
	x[threadIdx.x] = v + (T)0.5;
}

void run(int *a, float *b)
{
	fill<<<1, 32>>>(a, 1);
	fill<<<1, 32>>>(b, 1.0f);
}
// MODEL: kernel fill: fission
// MODEL: kernel fill: fission
// CXX: const struct idxgen_rt_kernel fill__kernel = { {{.*}}fill__block<T, __idxgen_tp1>,
// CXX: template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
// CXX-NEXT: __global__ void fill(T *x, T v)
// CXX-NEXT: ;
// CXX-NEXT: template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type __idxgen_tp1>
// CXX-NEXT: const int fill__reg = (__idxgenRegisterFunction((const void *)(void (*)(T *, T))&fill<T, __idxgen_tp1>,
// CXX-NEXT: template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type __idxgen_tp1>
// CXX: __global__ void fill(T *x, T v)
// CXX: __idxgenLaunchStub((const void *)(void (*)(T *, T))&fill<T, __idxgen_tp1>, &fill__kernel<T, __idxgen_tp1>, __args);
// CXX: const struct idxgen_rt_kernel fill__o1__kernel = { {{.*}}fill__o1__block<T, __idxgen_tp1>,
// CXX: template <typename T, typename = std::enable_if_t<std::is_floating_point<T>::value>>
// CXX-NEXT: __global__ void fill(T *x, T v)
// CXX-NEXT: ;
// CXX-NEXT: template <typename T, typename __idxgen_tp1>
// CXX-NEXT: const int fill__o1__reg =
// CXX-NEXT: template <typename T, typename __idxgen_tp1>
// CXX: __idxgenLaunchStub((const void *)(void (*)(T *, T))&fill<T, __idxgen_tp1>, &fill__o1__kernel<T, __idxgen_tp1>, __args);
