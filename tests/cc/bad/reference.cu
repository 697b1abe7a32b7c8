// expect: 5:7: error: C++ references are outside the subset
__global__ void k(int *d)
{
	int v = 0;
	int &r = v;
	d[threadIdx.x] = r;
}
