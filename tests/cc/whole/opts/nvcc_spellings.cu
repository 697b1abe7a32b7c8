// Built by whole.sh with nvcc's long option names and -opt=value forms
// (--define-macro=SPELL_N=5, --pre-include nvcc_spellings.cuh, --x cu on a
// .cpp copy, --optimize=1, --std c++14, -rdc true, -Xcudafe ...), as build
// scripts write them; every value must arrive.  Also nvcc -arch=sm_90 -c
// with -DSPELL_N=5 -include nvcc_spellings.cuh.
#include <cstdio>

#ifndef SPELL_N
#error "--define-macro=SPELL_N=5 did not arrive"
#endif

__global__ void scale(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = spell_twice(i) * SPELL_SCALE + SPELL_N;
}

int main()
{
	const int n = 300;
	int h[n], *d, bad = 0;

	cudaMalloc(&d, sizeof(h));
	scale<<<(n + 127) / 128, 128>>>(d, n);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	for (int i = 0; i < n; i++)
		bad += h[i] != 6 * i + 5;
	printf("%d wrong of %d; C++ %ld\n", bad, n, (long)__cplusplus);
	if (bad || __cplusplus != 201402L) {
		printf("FAIL\n");
		return 1;
	}
	printf("PASS\n");
	return 0;
}
