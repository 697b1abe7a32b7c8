// __match_any_sync (lanes holding the same key), __match_all_sync (with its
// predicate output) and the sm_80+ warp reductions __reduce_add_sync,
// __reduce_min_sync, __reduce_max_sync (int and unsigned), each lane's
// result written out and compared with a C model of the operation.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void match_reduce(const int *keys, unsigned *any_mask, unsigned *all_mask, int *all_pred,
			     unsigned *radd, int *rmin, unsigned *rmax)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int k = keys[i];
	any_mask[i] = __match_any_sync(FULL, k);
	int pred = -1;
	all_mask[i] = __match_all_sync(FULL, k / 1000, &pred);
	all_pred[i] = pred;
	radd[i] = __reduce_add_sync(FULL, (unsigned)(k % 1000));
	rmin[i] = __reduce_min_sync(FULL, k - 500);
	rmax[i] = __reduce_max_sync(FULL, (unsigned)k);
}

int main()
{
	const int n = 32 * 6;
	int h[n];
	for (int i = 0; i < n; i++) {
		int w = i / 32, l = i % 32;
		// warp 0: one key for all; warp 1: 4 keys; warp 2: all distinct;
		// warps 3..5: keys from a small pattern, same thousands digit
		h[i] = w == 0 ? 7 : w == 1 ? l % 4 : w == 2 ? 100 + l : 3000 + (l * l) % 5;
	}
	int *d;
	unsigned *dany, *dall, *dadd, *dmax;
	int *dpred, *dmin;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dany, sizeof(h));
	cudaMalloc(&dall, sizeof(h));
	cudaMalloc(&dpred, sizeof(h));
	cudaMalloc(&dadd, sizeof(h));
	cudaMalloc(&dmin, sizeof(h));
	cudaMalloc(&dmax, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	match_reduce<<<2, 96>>>(d, dany, dall, dpred, dadd, dmin, dmax);
	unsigned hany[n], hall[n], hadd[n], hmax[n];
	int hpred[n], hmin[n];
	cudaMemcpy(hany, dany, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hall, dall, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hpred, dpred, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hadd, dadd, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hmin, dmin, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hmax, dmax, sizeof(h), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int w = 0; w < n / 32; w++) {
		unsigned sum = 0, mx = 0;
		int mn = 1 << 30;
		bool same = true;
		for (int l = 0; l < 32; l++) {
			int k = h[w * 32 + l];
			sum += (unsigned)(k % 1000);
			mn = k - 500 < mn ? k - 500 : mn;
			mx = (unsigned)k > mx ? (unsigned)k : mx;
			same &= k / 1000 == h[w * 32] / 1000;
		}
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			unsigned peers = 0;
			for (int m = 0; m < 32; m++)
				if (h[w * 32 + m] == h[i])
					peers |= 1u << m;
			bool good = hany[i] == peers && hadd[i] == sum && hmin[i] == mn && hmax[i] == mx &&
				    hpred[i] == (same ? 1 : 0) && hall[i] == (same ? FULL : 0u);
			if (!good) {
				printf("warp %d lane %d: any %08x (want %08x) all %08x/%d add %u min %d max %u\n", w, l,
				       hany[i], peers, hall[i], hpred[i], hadd[i], hmin[i], hmax[i]);
				ok = false;
			}
		}
	}
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
