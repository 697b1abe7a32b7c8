// expect: 6:19: error: file-scope array 'tab' is host memory, which device code cannot read in CUDA: pass it as a kernel parameter
/* A const array at file scope is host data (nvcc: "identifier tab is undefined in device code"). */
const float tab[4] = { 0.5f, 1.0f, 1.5f, 2.0f };
__global__ void k(float *d)
{
	d[threadIdx.x] = tab[threadIdx.x % 4];
}
