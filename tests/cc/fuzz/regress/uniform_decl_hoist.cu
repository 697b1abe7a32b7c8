// fuzz: grid 1 2 1 block 4 1 1 os 1 us 1 n 1 schedule zigzag
// found by tests/cc/fuzz (seed 1, kernel 0: translated C does not compile), minimised by hand from fuzz.py's 12 lines
__global__ void uniform_decl_hoist(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in,
				   int n)
{
	unsigned int i2 = min(blockIdx.y, 3u);

	while (i2 > 0u)
		i2--;
	out[blockIdx.y * blockDim.x + threadIdx.x] = i2 + 1u;
}
