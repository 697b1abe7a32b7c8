// A kernel in a header that begins with a byte-order mark (byte_order_mark.cu).
#pragma once
__global__ void rotate_tiles(int *v)
{
	__shared__ int tile[32];
	int t = threadIdx.x;
	tile[t] = v[blockIdx.x * 32 + t];
	__syncthreads();
	v[blockIdx.x * 32 + t] = tile[(t + 1) % 32];
}
