// expect: 8:3: error: a return after a warp-level function, where another warp-level function can follow it, is not supported yet
__global__ void k(const int *in, unsigned *out)
{
	int lin = threadIdx.x;
	unsigned m = __ballot_sync(0xffffffffu, in[lin] % 5 != 1);

	if (in[lin] % 5 == 1)
		return;
	out[lin] = __ballot_sync(m, 1);
}
