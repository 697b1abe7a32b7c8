// expect: 16:2: error: a turn of this loop reads __shared__ memory the turn before stored for another lane of the warp, or stores what it read (code written for lanes in lock step), and its condition cannot take the meeting of the lanes (a macro's, a comma or assignment at its top level, or none): put the loop's body in { } or add __syncwarp() to it
// A warp's tree whose turns read what the last turn stored for other lanes,
// with one statement as the loop's body and a comma at the top level of its
// condition: no place for the lanes' meeting before each turn, so it is
// refused rather than run lane after lane.
#include <cstdio>

__global__ void comma_tree(int *out)
{
	__shared__ int s[32];
	int lane = threadIdx.x & 31, k = 32;
	int *r = s;

	s[lane] = lane;
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
