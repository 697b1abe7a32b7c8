// Odd/even counts and sums with cooperative groups, in the style of the
// binary-partition sample: a grid-stride loop over cg::this_grid() ranks
// (an ordinary launch), a tile of 32 per warp, cg::binary_partition(tile,
// elem & 1) inside the loop, cg::reduce over each part in the branch that
// chose it, one atomicAdd per part by its rank-0 thread, and a tile sync
// at the end of each iteration; then a variant that passes the part to a
// templated helper (cg::reduce with a caller-chosen operator: the maximum
// of each part).  The element count is a multiple of the grid's threads so
// every tile stays whole.  Against host counts, sums and maxima; exact.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

__global__ void oddEvenCountAndSumCG(const int *inputArr, int *numOfOdds, int *sumOfOddAndEvens, unsigned int size)
{
	cg::thread_block cta = cg::this_thread_block();
	cg::grid_group grid = cg::this_grid();
	cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);

	for (unsigned int i = grid.thread_rank(); i < size; i += grid.size()) {
		int elem = inputArr[i];
		auto subTile = cg::binary_partition(tile32, elem & 1);

		if (elem & 1) {
			int oddGroupSum = cg::reduce(subTile, elem, cg::plus<int>());

			if (subTile.thread_rank() == 0) {
				atomicAdd(numOfOdds, (int)subTile.num_threads());
				atomicAdd(&sumOfOddAndEvens[0], oddGroupSum);
			}
		} else {
			int evenGroupSum = cg::reduce(subTile, elem, cg::plus<int>());

			if (subTile.thread_rank() == 0)
				atomicAdd(&sumOfOddAndEvens[1], evenGroupSum);
		}
		cg::sync(tile32);
	}
}

template <typename Group, typename Op> __device__ int part_reduce(const Group &g, int v, Op op)
{
	return cg::reduce(g, v, op);
}

__global__ void partMaxima(const int *inputArr, int *maxima, unsigned int size)
{
	cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cg::this_thread_block());

	for (unsigned int i = cg::this_grid().thread_rank(); i < size; i += cg::this_grid().size()) {
		int elem = inputArr[i];
		bool big = elem >= 25;
		cg::coalesced_group part = cg::binary_partition(tile32, big);
		int mx = part_reduce(part, elem, cg::greater<int>());

		if (part.thread_rank() == 0)
			atomicMax(&maxima[big ? 1 : 0], mx);
	}
}

int main(void)
{
	const int blocks = 12, threads = 128;
	const unsigned int size = blocks * threads * 7;
	int *h = (int *)malloc(size * sizeof(int));
	int *d_in, *d_odds, *d_sums, *d_max;
	int odds = 0, sums[2] = { 0, 0 }, maxima[2] = { 0, 0 };
	int want_odds = 0, want_sums[2] = { 0, 0 }, want_max[2] = { 0, 0 }, errors = 0;

	srand(5);
	for (unsigned int i = 0; i < size; i++) {
		h[i] = rand() % 50;
		if (h[i] & 1)
			want_odds++, want_sums[0] += h[i];
		else
			want_sums[1] += h[i];
		int b = h[i] >= 25;
		want_max[b] = h[i] > want_max[b] ? h[i] : want_max[b];
	}
	cudaMalloc(&d_in, size * sizeof(int));
	cudaMalloc(&d_odds, sizeof(int));
	cudaMalloc(&d_sums, 2 * sizeof(int));
	cudaMalloc(&d_max, 2 * sizeof(int));
	cudaMemcpy(d_in, h, size * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_odds, 0, sizeof(int));
	cudaMemset(d_sums, 0, 2 * sizeof(int));
	cudaMemset(d_max, 0, 2 * sizeof(int));
	oddEvenCountAndSumCG<<<blocks, threads>>>(d_in, d_odds, d_sums, size);
	partMaxima<<<blocks, threads>>>(d_in, d_max, size);
	cudaMemcpy(&odds, d_odds, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(sums, d_sums, 2 * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(maxima, d_max, 2 * sizeof(int), cudaMemcpyDeviceToHost);
	if (odds != want_odds || sums[0] != want_sums[0] || sums[1] != want_sums[1]) {
		printf("odd count %d, sums %d %d; want %d, %d %d\n", odds, sums[0], sums[1], want_odds, want_sums[0],
		       want_sums[1]);
		errors++;
	}
	if (maxima[0] != want_max[0] || maxima[1] != want_max[1]) {
		printf("maxima %d %d, want %d %d\n", maxima[0], maxima[1], want_max[0], want_max[1]);
		errors++;
	}
	cudaFree(d_in);
	cudaFree(d_odds);
	cudaFree(d_sums);
	cudaFree(d_max);
	free(h);
	printf("%d odd of %u\n", odds, size);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
