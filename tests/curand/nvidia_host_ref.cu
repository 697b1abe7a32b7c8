// Recorder of NVIDIA cuRAND host-API outputs for nvidia_host_values.h: run on a machine
// with a GPU (nvcc -arch=sm_90 nvidia_host_ref.cu -lcurand && ./a.out). Seed 1234, each
// generator, offsets 0 and 5, orderings default/legacy/seeded, device and host generators
// (written compactly: it was sent to the GPU machine as a command line). Not built by make.
#include <cstdio>
#include <curand.h>
#define S(x) cudaDeviceSynchronize()
void h(curandRngType_t t, const char *nm, int hg, curandOrdering_t o, unsigned long long off)
{
	size_t n = 1 << 20, i;
	curandGenerator_t g;
	unsigned *u;
	float *f;
	double *d;
	cudaMallocManaged(&u, n * 4);
	cudaMallocManaged(&f, n * 4);
	cudaMallocManaged(&d, n * 8);
	int st = hg ? curandCreateGeneratorHost(&g, t) : curandCreateGenerator(&g, t);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	curandSetGeneratorOffset(g, off);
	st = curandSetGeneratorOrdering(g, o);
	printf("%s hg%d o%d off%llu st%d\n", nm, hg, o, off, st);
	st = curandGenerate(g, u, n);
	S();
	size_t x[] = {0,     1,	    2,	   3,	  4,	 5,	 6,	 7,	 8,	 9,
		      15,    16,    17,	   63,	  64,	 65,	 4095,	 4096,	 4097,	 8192,
		      16383, 16384, 65535, 65536, 65537, 100000, 262143, 262144, 524288, n - 1};
	printf(" g%d", st);
	for (size_t k : x)
		printf(" %zu=%u", k, u[k]);
	st = curandGenerate(g, u, 8);
	S();
	printf("\n g2 %d", st);
	for (i = 0; i < 8; i++)
		printf(" %u", u[i]);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	curandSetGeneratorOffset(g, off);
	curandGenerateUniform(g, f, 4096);
	S();
	printf("\n uf");
	for (i = 0; i < 8; i++)
		printf(" %a", f[i]);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	curandSetGeneratorOffset(g, off);
	curandGenerateNormal(g, f, 4096, 0, 1);
	S();
	printf("\n nf");
	for (i = 0; i < 8; i++)
		printf(" %a", f[i]);
	printf(" %a", f[4095]);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	curandSetGeneratorOffset(g, off);
	curandGenerateUniformDouble(g, d, 4096);
	S();
	printf("\n ud");
	for (i = 0; i < 4; i++)
		printf(" %a", d[i]);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	curandSetGeneratorOffset(g, off);
	curandGenerateNormalDouble(g, d, 4096, 0, 1);
	S();
	printf("\n nd");
	for (i = 0; i < 4; i++)
		printf(" %a", d[i]);
	curandSetPseudoRandomGeneratorSeed(g, 1234);
	curandSetGeneratorOffset(g, off);
	curandGeneratePoisson(g, u, 4096, 4.5);
	S();
	printf("\n p");
	for (i = 0; i < 16; i++)
		printf(" %u", u[i]);
	printf("\n odd %d\n", curandGenerateNormal(g, f, 4095, 0, 1));
	curandDestroyGenerator(g);
}
int main()
{
	curandRngType_t t[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10,
			       CURAND_RNG_PSEUDO_MRG32K3A};
	const char *nm[] = {"xorwow", "philox", "mrg"};
	for (int k = 0; k < 3; k++) {
		h(t[k], nm[k], 0, CURAND_ORDERING_PSEUDO_DEFAULT, 0);
		h(t[k], nm[k], 0, CURAND_ORDERING_PSEUDO_DEFAULT, 5);
		h(t[k], nm[k], 0, CURAND_ORDERING_PSEUDO_LEGACY, 0);
		h(t[k], nm[k], 0, CURAND_ORDERING_PSEUDO_SEEDED, 0);
		h(t[k], nm[k], 1, CURAND_ORDERING_PSEUDO_DEFAULT, 0);
	}
}
