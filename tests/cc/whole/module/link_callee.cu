// The other kernel file of link_drv.cu (`nvcc -rdc=true -fatbin -o
// link_callee.fatbin link_callee.cu`, here `idxgen-cc -rdc=true -fatbin`):
// the device function and variables link_caller.cu's kernel uses, and a
// kernel of its own.

__device__ float gain = 3.0f;
__device__ unsigned int calls;

__device__ float transform(float x)
{
    return x * gain + 1.0f;
}

extern "C" __global__ void setGain(float g)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        gain = g;
}
