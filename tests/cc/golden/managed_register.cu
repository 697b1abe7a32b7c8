// A __managed__ variable is registered as one (__idxgenRegisterManagedVar),
// a __device__ or __constant__ one as before (__idxgenRegisterVar), so that
// cuLibraryGetManaged finds only the managed ones, as CUDA does (it found
// every variable).  Program: tests/cc/whole/module/internal_drv.cu.
__managed__ unsigned int hits;
__managed__ float weights[3] = { 2.0f, 0.5f, -1.0f };
__device__ float bias = 0.25f;
__constant__ int table[4];
namespace ns {
__managed__ int counted;
}

__global__ void count(float *x)
{
	x[threadIdx.x] = weights[threadIdx.x % 3] + bias + table[0] + ns::counted;
	atomicAdd(&hits, 1u);
}

// CXX: __idxgenRegisterManagedVar((const void *)&hits, sizeof(hits), "hits");
// CXX-NEXT: __idxgenRegisterManagedVar((const void *)&weights, sizeof(weights), "weights");
// CXX-NEXT: __idxgenRegisterVar((const void *)&bias, sizeof(bias), "bias");
// CXX-NEXT: __idxgenRegisterVar((const void *)&table, sizeof(table), "table");
// CXX-NEXT: __idxgenRegisterManagedVar((const void *)&ns::counted, sizeof(ns::counted), "counted");
