// expect: 9:2: error: inline assembly in device code (PTX) cannot run on the CPU
// PTX in a kernel itself: loop fission gave up on the kernel quietly, the
// fibers took it as written, and the PTX reached the C++ compiler ("invalid
// register name", an internal error, exit 2) instead of this diagnostic.

__global__ void stamp(unsigned int *out)
{
	unsigned int c;
	asm volatile("mov.u32 %0, %%clock;" : "=r"(c));
	out[threadIdx.x] = c;
}

int main()
{
	return 0;
}
