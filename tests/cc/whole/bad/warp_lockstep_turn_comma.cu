// expect: 16:2: error: a turn of this loop reads __shared__ memory the turn before stored for another lane of the warp, or stores what it read (code written for lanes in lock step), and its condition cannot take the meeting of the lanes (a macro's, a comma or assignment at its top level, or none): put the loop's body in { } or add __syncwarp() to it
// A warp's tree over the linear thread index whose turns read what the last
// turn stored for other lanes, one statement the loop's body, a comma atop its
// condition: no place for the lanes' meeting before each turn: refused.  (Over
// threadIdx.x & 31, read, meet, write at each sum since issue 38's 13th session.)
#include <cstdio>

__global__ void comma_tree(int *out)
{
	__shared__ int s[32];
	unsigned lane = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); int k = 32;
	int *r = s;

	s[lane] = (int)lane;
	__syncwarp();
	while (k >>= 1, k > 0)
		if (lane < k)
			r[lane] += r[lane + k];
	out[threadIdx.x] = s[lane];
}

int main(void)
{
	int *out;

	cudaMalloc(&out, 32 * sizeof(int));
	comma_tree<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	printf("PASS\n");
	return 0;
}
