// Regression (issue 21): a const variable is a constant expression in C++ but
// not in C: "const int L = 4; float a[L] = {...}" became an initialised
// variable-length array.  The bound is written as its value in the C.
const int N = 3;

__device__ float sum3(const float v[N])
{
	return v[0] + v[1] + v[2];
}

__global__ void const_bound(float *d)
{
	const int L = 4;
	float a[L] = { 1, 2, 3, 4 };
	float b[N][L];

	for (int i = 0; i < N; i++)
		for (int j = 0; j < L; j++)
			b[i][j] = a[j] * i;
	d[threadIdx.x] = a[threadIdx.x % L] + b[1][threadIdx.x % L] + sum3(a);
}
// CHECK: __device__ float sum3(const float v[3 /* N */])
// CHECK-LABEL: static void const_bound__block(
// CHECK: const int L = 4;
// CHECK: float a[4 /* L */] = { 1, 2, 3, 4 };
// CHECK: float b[3 /* N */][4 /* L */];
