// CUDA with MPI as simpleMPI-style programs write it, built with
// `idxgen-cc -ccbin mpicxx` and run on two ranks (mpirun -np 2): each rank
// fills a device buffer with a kernel, hands the DEVICE pointer straight to
// MPI_Sendrecv (CUDA-aware MPI: host and device share one address space
// here), reduces what it received with a second kernel, and the ranks
// agree on the sum by MPI_Allreduce; every value is checked against the
// formula on the host.  Also compiled by nvcc -c (with MPI's include path).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <mpi.h>

#define checkCudaErrors(call)                                                                    \
	do {                                                                                     \
		cudaError_t err_ = (call);                                                       \
		if (err_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                       \
			MPI_Abort(MPI_COMM_WORLD, 1);                                            \
		}                                                                                \
	} while (0)

#define checkMpiErrors(call)                                                                      \
	do {                                                                                      \
		int err_ = (call);                                                                \
		if (err_ != MPI_SUCCESS) {                                                        \
			fprintf(stderr, "MPI error %d at %s:%d\n", err_, __FILE__, __LINE__);     \
			MPI_Abort(MPI_COMM_WORLD, 1);                                             \
		}                                                                                 \
	} while (0)

__global__ void fill(double *x, int n, int rank)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] = rank * 1000.0 + i;
}

__global__ void sumBlocks(const double *x, int n, double *partial)
{
	__shared__ double s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = i < n ? x[i] : 0.0;
	__syncthreads();
	for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
		if (threadIdx.x < stride)
			s[threadIdx.x] += s[threadIdx.x + stride];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		partial[blockIdx.x] = s[0];
}

int main(int argc, char **argv)
{
	const int n = 10000, threads = 256, blocks = (n + threads - 1) / threads;
	int rank, size;

	checkMpiErrors(MPI_Init(&argc, &argv));
	checkMpiErrors(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
	checkMpiErrors(MPI_Comm_size(MPI_COMM_WORLD, &size));
	double *dMine, *dTheirs, *dPartial;
	checkCudaErrors(cudaMalloc(&dMine, n * sizeof(double)));
	checkCudaErrors(cudaMalloc(&dTheirs, n * sizeof(double)));
	checkCudaErrors(cudaMalloc(&dPartial, blocks * sizeof(double)));
	fill<<<blocks, threads>>>(dMine, n, rank);
	checkCudaErrors(cudaDeviceSynchronize());

	// device pointers into MPI: the ring neighbour's buffer arrives in dTheirs
	int next = (rank + 1) % size, prev = (rank + size - 1) % size;
	checkMpiErrors(MPI_Sendrecv(dMine, n, MPI_DOUBLE, next, 0, dTheirs, n, MPI_DOUBLE, prev, 0, MPI_COMM_WORLD,
				    MPI_STATUS_IGNORE));
	sumBlocks<<<blocks, threads>>>(dTheirs, n, dPartial);
	double *hPartial = (double *)malloc(blocks * sizeof(double)), local = 0.0, total = 0.0;
	checkCudaErrors(cudaMemcpy(hPartial, dPartial, blocks * sizeof(double), cudaMemcpyDeviceToHost));
	for (int b = 0; b < blocks; b++)
		local += hPartial[b];
	checkMpiErrors(MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));

	// what the neighbour sent: prev * 1000 * n + n (n - 1) / 2; over all ranks
	double wantLocal = prev * 1000.0 * n + n * (n - 1) / 2.0, wantTotal = 0.0;
	for (int r = 0; r < size; r++)
		wantTotal += r * 1000.0 * n + n * (n - 1) / 2.0;
	int ok = local == wantLocal && total == wantTotal, allOk = 0;
	checkMpiErrors(MPI_Allreduce(&ok, &allOk, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
	printf("rank %d of %d: received from rank %d, sum %.0f (expected %.0f), total %.0f (expected %.0f)\n", rank,
	       size, prev, local, wantLocal, total, wantTotal);
	free(hPartial);
	cudaFree(dMine);
	cudaFree(dTheirs);
	cudaFree(dPartial);
	checkMpiErrors(MPI_Finalize());
	if (rank == 0)
		printf("%s\n", allOk && size == 2 ? "PASS" : "FAIL");
	return allOk ? EXIT_SUCCESS : EXIT_FAILURE;
}
