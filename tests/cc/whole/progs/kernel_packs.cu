// A kernel template of any arguments, as multi-tensor "apply" helpers write
// it: the kernel forwards a metadata block and trailing arguments to a
// functor; a second kernel takes only a pack; a third has an empty pack;
// a fourth takes a pack of pointers.
#include <cstdio>
#include <cuda_runtime.h>

template <int N> struct Chunks {
	float *ptr[N];
	int len[N];
};

struct Axpby {
	template <int N>
	__device__ void operator()(int chunk, Chunks<N> c, float a, float b) const
	{
		int t = blockIdx.x;
		int i = chunk * blockIdx.y + threadIdx.x;
		if (t < N && i < c.len[t])
			c.ptr[t][i] = a * c.ptr[t][i] + b;
	}
};

template <typename T, typename F, typename... Args>
__global__ void apply_kernel(int chunk, T meta, F fn, Args... args)
{
	fn(chunk, meta, args...);
}

template <typename... Ts>
__global__ void sum_all(int *out, Ts... vals)
{
	int s = 0;
	int parts[] = { 0, (int)vals... };
	for (unsigned k = 0; k < sizeof(parts) / sizeof(parts[0]); k++)
		s += parts[k];
	out[threadIdx.x] = s + (int)threadIdx.x;
}

template <typename... Ts>
__global__ void count_args(int *out, Ts... vals)
{
	out[threadIdx.x] = (int)sizeof...(vals);
}

// Each pointer of the pack gets its element i set to i + 1.
template <typename... Ts>
__global__ void fill_all(int n, Ts *...ptrs)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int done[] = { 0, (ptrs[i] = (Ts)(i + 1), 0)... };
		(void)done;
	}
}

int main()
{
	const int n = 300;
	float *x, *y;
	int *o;
	cudaMallocManaged(&x, n * sizeof(float));
	cudaMallocManaged(&y, n * sizeof(float));
	cudaMallocManaged(&o, 100 * sizeof(int));
	for (int i = 0; i < n; i++)
		x[i] = (float)i, y[i] = (float)(2 * i);
	Chunks<2> c;
	c.ptr[0] = x, c.ptr[1] = y;
	c.len[0] = n, c.len[1] = n - 7;
	apply_kernel<<<dim3(2, 3), 128>>>(128, c, Axpby(), 2.0f, 1.0f);
	int bad = 0;
	if (cudaDeviceSynchronize() != cudaSuccess)
		bad++;
	for (int i = 0; i < n; i++) {
		bad += x[i] != 2.0f * i + 1.0f;
		bad += y[i] != (i < n - 7 ? 4.0f * i + 1.0f : 2.0f * i);
	}
	sum_all<<<1, 32>>>(o, 1, 20L, (short)300, 'A');
	cudaDeviceSynchronize();
	for (int t = 0; t < 32; t++)
		bad += o[t] != 1 + 20 + 300 + 'A' + t;
	count_args<<<1, 16>>>(o);
	cudaDeviceSynchronize();
	for (int t = 0; t < 16; t++)
		bad += o[t] != 0;
	count_args<<<1, 16>>>(o, 1.0, 2, 3u);
	cudaDeviceSynchronize();
	for (int t = 0; t < 16; t++)
		bad += o[t] != 3;
	double *d;
	cudaMallocManaged(&d, 100 * sizeof(double));
	fill_all<<<4, 32>>>(100, o, d, x);
	cudaDeviceSynchronize();
	for (int i = 0; i < 100; i++)
		bad += (o[i] != i + 1) + (d[i] != i + 1) + (x[i] != i + 1);
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
