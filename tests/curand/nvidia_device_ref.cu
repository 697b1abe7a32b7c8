// Recorder of NVIDIA cuRAND device-API outputs for nvidia_device_values.h: run on a
// machine with a GPU (nvcc -arch=sm_90 nvidia_device_ref.cu && ./a.out). Per generator and
// per case C[3c..3c+2] = (seed, subsequence, offset): 8 x curand, 4 x uniform, 4 x normal,
// 2 x uniform_double, 2 x normal_double, 2 x log_normal(1, 0.5), 8 x poisson(4.5), ...
// (written compactly: it was sent to the GPU machine as a command line). Not built by make.
#include <cstdio>
#include <curand_kernel.h>
typedef unsigned long long U;
__constant__ U C[15] = {1234,
			0,
			0,
			1234,
			5,
			0,
			1234,
			0,
			100,
			1234,
			3,
			7,
			0x123456789abcdef0ULL,
			(1ULL << 40) + 3,
			(1ULL << 35) + 11};
template <class S> __global__ void k(unsigned *u, float *f, double *d)
{
	int c = threadIdx.x;
	S s;
	curand_init(C[3 * c], C[3 * c + 1], C[3 * c + 2], &s);
	unsigned *a = u + c * 32;
	float *b = f + c * 32;
	double *e = d + c * 32;
	int i;
	for (i = 0; i < 8; i++)
		a[i] = curand(&s);
	for (i = 0; i < 4; i++)
		b[i] = curand_uniform(&s);
	for (i = 0; i < 4; i++)
		b[4 + i] = curand_normal(&s);
	for (i = 0; i < 2; i++)
		e[i] = curand_uniform_double(&s);
	for (i = 0; i < 2; i++)
		e[2 + i] = curand_normal_double(&s);
	for (i = 0; i < 2; i++)
		b[8 + i] = curand_log_normal(&s, 1.0f, 0.5f);
	for (i = 0; i < 8; i++)
		a[8 + i] = curand_poisson(&s, 4.5);
	for (i = 0; i < 4; i++)
		a[16 + i] = curand_poisson(&s, 100.0);
	for (i = 0; i < 4; i++)
		a[20 + i] = curand(&s);
	skipahead(1000ULL, &s);
	a[24] = curand(&s);
	a[25] = curand(&s);
	skipahead_sequence(2ULL, &s);
	a[26] = curand(&s);
	a[27] = curand(&s);
	float2 n = curand_normal2(&s);
	b[10] = n.x;
	b[11] = n.y;
	double2 m = curand_normal2_double(&s);
	e[4] = m.x;
	e[5] = m.y;
}
template <class S> void r(const char *nm)
{
	unsigned *u;
	float *f;
	double *d;
	cudaMallocManaged(&u, 640);
	cudaMallocManaged(&f, 640);
	cudaMallocManaged(&d, 1280);
	k<S><<<1, 5>>>(u, f, d);
	cudaDeviceSynchronize();
	for (int c = 0; c < 5; c++) {
		printf("%s %d u", nm, c);
		int i;
		for (i = 0; i < 28; i++)
			printf(" %u", u[c * 32 + i]);
		printf(" f");
		for (i = 0; i < 12; i++)
			printf(" %a", f[c * 32 + i]);
		printf(" d");
		for (i = 0; i < 6; i++)
			printf(" %a", d[c * 32 + i]);
		printf("\n");
	}
}
__global__ void p4(float *f)
{
	curandStatePhilox4_32_10_t s;
	curand_init(1234, 0, 0, &s);
	float4 a = curand_normal4(&s), b = curand_uniform4(&s);
	uint4 c = curand4(&s);
	f[0] = a.x;
	f[1] = a.y;
	f[2] = a.z;
	f[3] = a.w;
	f[4] = b.x;
	f[5] = b.y;
	f[6] = b.z;
	f[7] = b.w;
	unsigned *u = (unsigned *)(f + 8);
	u[0] = c.x;
	u[1] = c.y;
	u[2] = c.z;
	u[3] = c.w;
}
int main()
{
	r<curandStateXORWOW_t>("xorwow");
	r<curandStatePhilox4_32_10_t>("philox");
	r<curandStateMRG32k3a_t>("mrg");
	float *f;
	cudaMallocManaged(&f, 64);
	p4<<<1, 1>>>(f);
	cudaDeviceSynchronize();
	printf("p4");
	for (int i = 0; i < 8; i++)
		printf(" %a", f[i]);
	for (int i = 8; i < 12; i++)
		printf(" %u", ((unsigned *)f)[i]);
	printf("\n");
}
