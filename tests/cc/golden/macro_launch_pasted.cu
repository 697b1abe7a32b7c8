// A launch in a #define whose kernel name is pasted from the macro's
// argument (lib/cc/macro_launch.c): the whole callee, pasted parts included,
// goes behind the configuration push.  Before, the push went between the
// parts (`op##(__idxgenPushCallConfiguration(...) ? (void)0 : _kernel(p))`)
// and the host compiler refused the paste.  Program:
// tests/cc/whole/progs/macro_launch_pasted.cu.
__global__ void scale_kernel(float *p)
{
	p[threadIdx.x] *= 2.0f;
}

template <typename T> __global__ void fill_kernel(T *p, T v)
{
	p[threadIdx.x] = v;
}

#define LAUNCH(op, ...) op##_kernel<<<1, 32>>>(__VA_ARGS__)
#define LAUNCH_T(op, T, ...) op ## _kernel<T><<<1, 32>>>(__VA_ARGS__)

int main()
{
	float *d;
	cudaMalloc(&d, 32 * sizeof(float));
	LAUNCH_T(fill, float, d, 1.0f);
	LAUNCH(scale, d);
	return cudaDeviceSynchronize() != cudaSuccess;
}

// CXX: #define LAUNCH(op, ...) (__idxgenPushCallConfiguration(1, 32) ? (void)0 : op##_kernel(__VA_ARGS__))
// CXX: #define LAUNCH_T(op, T, ...) (__idxgenPushCallConfiguration(1, 32) ? (void)0 : op ## _kernel<T>(__VA_ARGS__))
// MODEL: kernel scale_kernel: fission
