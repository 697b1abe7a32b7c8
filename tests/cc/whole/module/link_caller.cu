// One of two kernel files linked at run time (`nvcc -rdc=true -fatbin -o
// link_caller.fatbin link_caller.cu`, here `idxgen-cc -rdc=true -fatbin`):
// its kernel calls a device function that link_callee.cu defines, so
// neither loads alone; link_drv.cu links both with cuLinkAddFile and loads
// the result.

extern __device__ float transform(float x);   // link_callee.cu
extern __device__ unsigned int calls;        // link_callee.cu's counter

extern "C" __global__ void applyTransform(float *x, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] = transform(x[i]);
    if (i == 0)
        atomicAdd(&calls, 1u);
}
