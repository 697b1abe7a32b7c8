// Warp-synchronous code with a branch only some lanes take, in a loop, with
// no __syncwarp() anywhere, as older public compressors write their packing
// step: every lane stores its 4-bit code to __shared__ memory, then the odd
// lanes read their even neighbour's code and write the packed byte; the next
// turn of the loop stores the next codes over the same slots.  On a GPU the
// warp reconverges after the if: the odd lanes' reads are done before any
// lane stores its next code.  Run lane after lane with the lanes meeting
// where they read or overwrite each other's elements (lib/cc/lockstep.c), the
// even lanes wait at the next turn's store while the odd lanes finish the
// branch (lib/rt/fiber.c: the lanes deepest in the branches go first).
//  - pack: the pairing above, a trip count not a multiple of 32 (the last
//    turn is partial);
//  - pack_else: the same with an else branch that also meets (even lanes
//    read their odd neighbour's code for a checksum).
// Every byte and checksum is compared with a host computation.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define WARPS 2
#define BS (32 * WARPS)
#define NB 3
#define PER_WARP 200 // codes a warp packs: 6 full turns and one of 8 lanes
#define PAD 48	     // a warp's slots: 16 zeros, then 32 codes

__global__ void pack(const int *in, unsigned char *out)
{
	__shared__ int slot[WARPS * PAD];
	const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	const int me = warp * PAD + 16 + lane;
	const int base = (blockIdx.x * WARPS + warp) * PER_WARP;

	slot[me - 16] = 0;
	for (int i = lane; i < PER_WARP; i += 32) {
		const int code = in[base + i] & 15;

		slot[me] = code;
		if ((lane & 1) != 0) {
			const int lo = slot[me - 1];

			out[(base + i) >> 1] = (unsigned char)(lo | code << 4);
		}
	}
}

__global__ void pack_else(const int *in, unsigned char *out, int *sum)
{
	__shared__ int slot[WARPS * PAD];
	const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	const int me = warp * PAD + 16 + lane;
	const int base = (blockIdx.x * WARPS + warp) * PER_WARP;
	int check = 0;

	slot[me - 16] = 0;
	for (int i = lane; i < PER_WARP; i += 32) {
		const int code = in[base + i] & 15;

		slot[me] = code;
		if (lane & 1) {
			out[(base + i) >> 1] = (unsigned char)(slot[me - 1] | code << 4);
		} else {
			check += 3 * slot[me + 1] + code;
		}
	}
	sum[(blockIdx.x * WARPS + warp) * 32 + lane] = check;
}

static int failures;

static void expect(bool ok, const char *what)
{
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
	failures += !ok;
}

int main()
{
	const int n = NB * WARPS * PER_WARP;
	int *in, *sum;
	unsigned char *out;

	cudaMallocManaged(&in, n * sizeof(int));
	cudaMallocManaged(&out, n / 2);
	cudaMallocManaged(&sum, NB * BS * sizeof(int));
	srand(7);
	for (int i = 0; i < n; i++)
		in[i] = rand();

	for (int k = 0; k < 2; k++) {
		cudaMemset(out, 0, n / 2);
		if (k == 0)
			pack<<<NB, BS>>>(in, out);
		else
			pack_else<<<NB, BS>>>(in, out, sum);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			expect(false, "launch");
			continue;
		}
		int bad = 0;

		for (int j = 0; j < n / 2; j++)
			bad += out[j] != ((in[2 * j] & 15) | (in[2 * j + 1] & 15) << 4);
		expect(bad == 0, k == 0 ? "pack: every byte" : "pack_else: every byte");
		if (k == 1) {
			int wrong = 0;

			for (int w = 0; w < NB * WARPS; w++)
				for (int lane = 0; lane < 32; lane += 2) {
					int check = 0;

					for (int i = lane; i < PER_WARP; i += 32) {
						int next = i + 1 < PER_WARP && lane + 1 < 32 ? in[w * PER_WARP + i + 1] & 15 : 0;
						check += 3 * next + (in[w * PER_WARP + i] & 15);
					}
					wrong += sum[w * 32 + lane] != check;
				}
			expect(wrong == 0, "pack_else: every even lane's checksum");
		}
	}
	cudaFree(in);
	cudaFree(out);
	cudaFree(sum);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
