// expect: 20:11: error: '__shfl_down_sync' in the header of a loop may give the lanes of a warp different values, so they may leave the loop at different turns, which loop fission cannot run
// exec-model: fission
// A shuffle down as a do-while's condition, forced to loop fission (issue
// 38, thirtieth session).  A vote there is lowered now (lib/cc/warp_loop.c:
// its value is the same in every lane of the warp, so the warp's lanes go
// round together; this file held `while (!__all_sync(FULL, v > 100))`, refused
// before, and whole/progs/warp_cond_headers.cu runs it); a shuffle down
// gives each lane its own value, and loop fission cannot give each lane its
// own trip count in a loop with warp operations.  By default the kernel
// runs as fibers.
#define FULL 0xffffffffu

__global__ void until_neighbour_large(const int *in, int *out)
{
	int v = in[threadIdx.x] & 31, turns = 0;

	do {
		v += 7;
		turns++;
	} while (__shfl_down_sync(FULL, v, 1) < 100);
	out[threadIdx.x] = turns * 1000 + v;
}

int main(void)
{
	return 0;
}
