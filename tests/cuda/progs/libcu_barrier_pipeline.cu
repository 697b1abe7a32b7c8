// libcu++'s synchronisation as the asynchronous-copy samples use it:
// - a split barrier: cuda::barrier<thread_scope_block> in shared memory,
//   init() by one thread, arrive() / independent work / wait(token), a
//   completion function that runs once per phase, arrive_and_drop();
// - tiled matrix products whose tiles come in by cuda::memcpy_async:
//   with a barrier (arrive_and_wait), with a thread's own two-stage
//   pipeline (cuda::make_pipeline(): producer_acquire/commit,
//   consumer_wait/release), and with a block-scoped pipeline whose last
//   warps produce and whose first warps consume (pipeline_shared_state,
//   pipeline_role);
// - cuda::std's functional objects and limits, cuda::atomic_ref.
// Every result is compared exactly with a host reference (integer-valued
// floats, so every sum is exact in any order).
#include <cstdio>
#include <cstdlib>
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <cstdint>
#include <utility>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// barriers and pipeline states in __shared__ memory are set up by init() and
// make_pipeline(), not by a constructor: nvcc is told so, as the samples do
#pragma nv_diag_suppress static_var_with_dynamic_init

#define checkCuda(call)                                                                          \
	do {                                                                                     \
		cudaError_t e_ = (call);                                                         \
		if (e_ != cudaSuccess) {                                                         \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			printf("FAIL\n");                                                        \
			exit(1);                                                                 \
		}                                                                                \
	} while (0)

enum { TILE = 16, DIM = 64, RBLOCK = 128, RBLOCKS = 8 };

// counts the phases a barrier completed (runs in the last arriving thread)
struct PhaseCounter {
	int *count;
	__device__ void operator()() noexcept { ++*count; }
};

// Sum of each block's slice, twice: the split barrier lets every thread
// square its element between arriving and waiting for the others' stores.
__global__ void split_barrier_sums(const int *in, int *sums, int *squares, int *phases)
{
	__shared__ cuda::barrier<cuda::thread_scope_block, PhaseCounter> bar;
	__shared__ int slots[RBLOCK];
	__shared__ int completed;
	int t = threadIdx.x, i = blockIdx.x * RBLOCK + t;

	if (t == 0) {
		completed = 0;
		init(&bar, RBLOCK, PhaseCounter{&completed});
	}
	__syncthreads();

	slots[t] = in[i];
	auto token = bar.arrive();
	int square = in[i] * in[i]; // work that needs no other thread's store
	bar.wait(std::move(token));
	if (threadIdx.x == 0) { // threadIdx is the waiting thread's own again
		int s = 0;
		for (int k = 0; k < RBLOCK; k++)
			s += slots[k];
		sums[blockIdx.x] = s;
	}
	bar.arrive_and_wait(); // slots are read before they change

	slots[t] = square;
	bar.arrive_and_wait();
	if (t == 0) {
		int s = 0;
		for (int k = 0; k < RBLOCK; k++)
			s += slots[k];
		squares[blockIdx.x] = s;
	}
	// the upper half leaves; the next phase expects only the lower half
	if (t >= RBLOCK / 2) {
		bar.arrive_and_drop();
		return;
	}
	bar.arrive_and_wait();
	bar.arrive_and_wait();
	if (t == 0)
		phases[blockIdx.x] = completed;
}

// C = A * B, tiles of A and B brought in by memcpy_async on a barrier.
__global__ void matmul_barrier(const float *A, const float *B, float *C)
{
	__shared__ float As[TILE][TILE], Bs[TILE][TILE];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	auto block = cg::this_thread_block();
	float acc = 0.0f;

	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	for (int k0 = 0; k0 < DIM; k0 += TILE) {
		cuda::memcpy_async(&As[ty][tx], &A[row * DIM + k0 + tx], cuda::aligned_size_t<alignof(float)>(sizeof(float)), bar);
		cuda::memcpy_async(&Bs[ty][tx], &B[(k0 + ty) * DIM + col], sizeof(float), bar);
		bar.arrive_and_wait();
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		bar.arrive_and_wait();
	}
	C[(blockIdx.y * TILE + threadIdx.y) * DIM + blockIdx.x * TILE + threadIdx.x] = acc;
}

// The same product with each thread's own two-stage pipeline: the next
// tile's copy is committed before the current tile is used.
__global__ void matmul_thread_pipeline(const float *A, const float *B, float *C)
{
	__shared__ float As[2][TILE][TILE], Bs[2][TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
	float acc = 0.0f;
	const int tiles = DIM / TILE;

	for (int fetch = 0; fetch < 2 && fetch < tiles; fetch++) {
		pipe.producer_acquire();
		cuda::memcpy_async(&As[fetch][ty][tx], &A[row * DIM + fetch * TILE + tx], sizeof(float), pipe);
		cuda::memcpy_async(&Bs[fetch][ty][tx], &B[(fetch * TILE + ty) * DIM + col], sizeof(float), pipe);
		pipe.producer_commit();
	}
	for (int t = 0; t < tiles; t++) {
		int s = t % 2;
		pipe.consumer_wait();
		__syncthreads(); // every thread's part of the tile is in
		for (int k = 0; k < TILE; k++)
			acc += As[s][ty][k] * Bs[s][k][tx];
		__syncthreads(); // every thread is done with the stage
		pipe.consumer_release();
		int next = t + 2;
		if (next < tiles) {
			pipe.producer_acquire();
			cuda::memcpy_async(&As[s][ty][tx], &A[row * DIM + next * TILE + tx], sizeof(float), pipe);
			cuda::memcpy_async(&Bs[s][ty][tx], &B[(next * TILE + ty) * DIM + col], sizeof(float), pipe);
			pipe.producer_commit();
		}
	}
	C[row * DIM + col] = acc;
}

// A block of TILE x (TILE + PRODUCER_ROWS) threads: the last rows load tiles
// into a shared pipeline of STAGES stages, the first TILE rows multiply.
enum { STAGES = 3, PRODUCER_ROWS = 4 };
__global__ void matmul_shared_pipeline(const float *A, const float *B, float *C)
{
	__shared__ float As[STAGES][TILE][TILE], Bs[STAGES][TILE][TILE];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
	auto block = cg::this_thread_block();
	int tx = threadIdx.x, ty = threadIdx.y;
	bool producer = ty >= TILE;
	auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
	const int tiles = DIM / TILE;

	if (producer) {
		int r0 = ty - TILE;
		for (int t = 0; t < tiles; t++) {
			int s = t % STAGES;
			pipe.producer_acquire();
			for (int r = r0; r < TILE; r += PRODUCER_ROWS) {
				int arow = blockIdx.y * TILE + r, bcol = blockIdx.x * TILE + tx;
				cuda::memcpy_async(&As[s][r][tx], &A[arow * DIM + t * TILE + tx], sizeof(float), pipe);
				cuda::memcpy_async(&Bs[s][r][tx], &B[(t * TILE + r) * DIM + bcol], sizeof(float), pipe);
			}
			pipe.producer_commit();
		}
		return;
	}
	float acc = 0.0f;
	for (int t = 0; t < tiles; t++) {
		int s = t % STAGES;
		pipe.consumer_wait();
		for (int k = 0; k < TILE; k++)
			acc += As[s][ty][k] * Bs[s][k][tx];
		pipe.consumer_release();
	}
	C[(blockIdx.y * TILE + ty) * DIM + blockIdx.x * TILE + tx] = acc;
}

// cuda::std's function objects and limits, cuda::atomic_ref on global memory.
__global__ void std_and_atomics(const int *in, int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	cuda::std::plus<int> plus;
	cuda::std::multiplies<int> times;
	cuda::atomic_ref<int, cuda::thread_scope_device> total(out[0]);
	cuda::atomic_ref<int, cuda::thread_scope_device> largest(out[1]);
	cuda::atomic_ref<int, cuda::thread_scope_device> smallest(out[2]);
	total.fetch_add(plus(in[i], times(in[i], 2)));
	largest.fetch_max(in[i]);
	smallest.fetch_min(in[i]);
	if (i == 0)
		out[3] = cuda::std::numeric_limits<int>::max() == 2147483647 && cuda::std::is_same<int, int32_t>::value;
}

static void matmul_ref(const float *A, const float *B, float *C)
{
	for (int r = 0; r < DIM; r++)
		for (int c = 0; c < DIM; c++) {
			float acc = 0.0f;
			for (int k = 0; k < DIM; k++)
				acc += A[r * DIM + k] * B[k * DIM + c];
			C[r * DIM + c] = acc;
		}
}

static int compare(const char *what, const float *got, const float *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: C[%d] = %g, expected %g\n", what, i, got[i], want[i]);
			return 1;
		}
	printf("%s: %d elements equal\n", what, n);
	return 0;
}

int main()
{
	int bad = 0;
	int *in, *sums, *squares, *phases, *out;
	float *A, *B, *C, *ref;
	const int n = RBLOCK * RBLOCKS;

	checkCuda(cudaMallocManaged(&in, n * sizeof(int)));
	checkCuda(cudaMallocManaged(&sums, RBLOCKS * sizeof(int)));
	checkCuda(cudaMallocManaged(&squares, RBLOCKS * sizeof(int)));
	checkCuda(cudaMallocManaged(&phases, RBLOCKS * sizeof(int)));
	checkCuda(cudaMallocManaged(&out, 4 * sizeof(int)));
	for (int i = 0; i < n; i++)
		in[i] = (i * 37) % 101 - 50;

	split_barrier_sums<<<RBLOCKS, RBLOCK>>>(in, sums, squares, phases);
	checkCuda(cudaGetLastError());
	checkCuda(cudaDeviceSynchronize());
	for (int b = 0; b < RBLOCKS; b++) {
		int s = 0, q = 0;
		for (int t = 0; t < RBLOCK; t++)
			s += in[b * RBLOCK + t], q += in[b * RBLOCK + t] * in[b * RBLOCK + t];
		// phases: arrive/wait, two arrive_and_wait, the drop phase, one more
		if (sums[b] != s || squares[b] != q || phases[b] != 5) {
			printf("block %d: sum %d (%d), squares %d (%d), phases %d (5)\n", b, sums[b], s, squares[b], q,
			       phases[b]);
			bad++;
		}
	}
	printf("split barrier: %s\n", bad ? "mismatch" : "sums, squares and phase counts equal");

	checkCuda(cudaMallocManaged(&A, DIM * DIM * sizeof(float)));
	checkCuda(cudaMallocManaged(&B, DIM * DIM * sizeof(float)));
	checkCuda(cudaMallocManaged(&C, DIM * DIM * sizeof(float)));
	ref = (float *)malloc(DIM * DIM * sizeof(float));
	for (int i = 0; i < DIM * DIM; i++) {
		A[i] = (float)((i * 7) % 11 - 5);
		B[i] = (float)((i * 5) % 13 - 6);
	}
	matmul_ref(A, B, ref);

	dim3 grid(DIM / TILE, DIM / TILE), block(TILE, TILE);
	matmul_barrier<<<grid, block>>>(A, B, C);
	checkCuda(cudaDeviceSynchronize());
	bad += compare("memcpy_async + barrier", C, ref, DIM * DIM);

	checkCuda(cudaMemset(C, 0, DIM * DIM * sizeof(float)));
	matmul_thread_pipeline<<<grid, block>>>(A, B, C);
	checkCuda(cudaDeviceSynchronize());
	bad += compare("thread-scope pipeline", C, ref, DIM * DIM);

	checkCuda(cudaMemset(C, 0, DIM * DIM * sizeof(float)));
	matmul_shared_pipeline<<<grid, dim3(TILE, TILE + PRODUCER_ROWS)>>>(A, B, C);
	checkCuda(cudaGetLastError());
	checkCuda(cudaDeviceSynchronize());
	bad += compare("block-scope pipeline, producer and consumer warps", C, ref, DIM * DIM);

	out[0] = 0, out[1] = cuda::std::numeric_limits<int>::min(), out[2] = cuda::std::numeric_limits<int>::max(), out[3] = 0;
	std_and_atomics<<<(n + 255) / 256, 256>>>(in, n, out);
	checkCuda(cudaDeviceSynchronize());
	int total = 0, hi = in[0], lo = in[0];
	for (int i = 0; i < n; i++)
		total += 3 * in[i], hi = in[i] > hi ? in[i] : hi, lo = in[i] < lo ? in[i] : lo;
	if (out[0] != total || out[1] != hi || out[2] != lo || out[3] != 1) {
		printf("atomic_ref: total %d (%d), max %d (%d), min %d (%d), limits %d\n", out[0], total, out[1], hi,
		       out[2], lo, out[3]);
		bad++;
	} else {
		printf("cuda::std and atomic_ref: total %d, max %d, min %d\n", total, hi, lo);
	}

	cudaFree(in), cudaFree(sums), cudaFree(squares), cudaFree(phases), cudaFree(out);
	cudaFree(A), cudaFree(B), cudaFree(C), free(ref);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
