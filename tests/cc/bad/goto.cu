// expect: 5:2: error: goto and labels are outside the subset
__global__ void k(int *d)
{
	d[threadIdx.x] = 1;
	goto out;
out:
	d[0] = 2;
}
