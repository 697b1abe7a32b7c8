// expect: 5:6: error: 'm' is used by code that runs once per block (a condition of a loop or branch containing __syncthreads()) but is initialized inside a thread loop (declare it, then assign it in a statement of its own)
__global__ void k(float *d, int n)
{
	__shared__ float s[64];
	int m = d[0], e = threadIdx.x;

	for (; m < n; m++) {
		s[e] = d[e] + m;
		__syncthreads();
	}
}
