// The host compiler's warning about main names this file and line (whole.sh
// checks "host_warning.cu:15:11: warning: using the result of an
// assignment"): the kernel's block function and stub that idxgen-cc writes
// above main moved it down in the C++ (it named FILE.cu.cpp:48 before).
// Build: idxgen-cc -o host_warning host_warning.cu
//        nvcc -arch=sm_90 -o host_warning host_warning.cu
__global__ void fill(int *a)
{
	a[threadIdx.x] = 1;
}

int main(int argc, char **argv)
{
	(void)argv;
	if (argc = 3)	// meant ==: the warning the test looks for
		return 1;
	return 0;
}
