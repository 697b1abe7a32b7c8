// fuzz: grid 1 2 1 block 4 1 1 os 1 us 1 n 1 schedule zigzag
// found by tests/cc/fuzz (seed 1, kernel 0: translated C does not compile), minimised by hand from fuzz.py's 12 lines
// known-failure: idxgen-cc runs the uniform while loop once per block, in front of the thread loop, but leaves the declaration of i2 (initialised with min()) inside the thread loop: 'i2' undeclared in the C (with blockIdx.y + 1u instead of min() it translates)
__global__ void uniform_decl_hoist(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in,
				   int n)
{
	unsigned int i2 = min(blockIdx.y, 3u);

	while (i2 > 0u)
		i2--;
	out[blockIdx.y * blockDim.x + threadIdx.x] = i2 + 1u;
}
