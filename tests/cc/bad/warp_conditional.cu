// expect: 6:15: error: a warp-level function evaluated under a condition of its statement (&&, ||, ?:) is not supported
__global__ void k(const int *a, int *d, int n)
{
	int i = threadIdx.x;

	if (i < n && __any_sync(0xffffffffu, a[i] > 0))
		d[0] = 1;
}
