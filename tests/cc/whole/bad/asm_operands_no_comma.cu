// expect: 24:2: error: inline assembly in device code (PTX) cannot run on the CPU
// Release/acquire flags through inline PTX, as cuda-samples'
// conjugateGradientMultiDeviceCG writes them for sm_70 and later: the store's
// two input operands have no comma between them (`::"r"(v) "l"(p)`), which
// nvcc's front end accepts.  clang stopped the parse with "expected ')'"
// (line 24) before idxgen-cc could name the statement it does not run;
// now both statements get the PTX diagnostic (line 24's is checked here).
#include <cstdio>

__device__ unsigned char load_arrived(unsigned char *arrived)
{
#if __CUDA_ARCH__ < 700
	return *(volatile unsigned char *)arrived;
#else
	unsigned int result;
	asm volatile("ld.acquire.sys.global.u8 %0, [%1];" : "=r"(result) : "l"(arrived) : "memory");
	return result;
#endif
}

__device__ void store_arrived(unsigned char *arrived, unsigned char val)
{
	unsigned int reg_val = val;
	asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(reg_val) "l"(arrived) : "memory");
	(void)(reg_val = reg_val);
}

__global__ void flags(unsigned char *f, int *o)
{
	store_arrived(f + threadIdx.x, 3);
	o[threadIdx.x] = load_arrived(f + threadIdx.x);
}

int main()
{
	unsigned char *f;
	int *o;

	cudaMalloc(&f, 32);
	cudaMalloc(&o, 32 * sizeof(int));
	flags<<<1, 32>>>(f, o);
	cudaDeviceSynchronize();
	printf("PASS\n");
	return 0;
}
