// expect: 7:3: error: '__barrier_sync_count' runs only as fibers, not by loop fission
// exec-model: fission
// A named barrier needs the fiber model: loop fission cannot make part of a block wait.
__global__ void k(int *out)
{
	if (threadIdx.x < 64)
		__barrier_sync_count(1, 64);
	out[threadIdx.x] = 1;
}

int main()
{
	return 0;
}
