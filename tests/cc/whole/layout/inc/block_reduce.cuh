// A block-reduction helper in a header of its own folder (inc/), included
// by a program in src/ with -I../inc: outside the main file's folder, so
// idxgen-cc leaves this text as it is.  Its __shared__ buffer must still be
// one per block (before the fix: one per thread, and a sum of 0).
#pragma once

template <typename T, int BLOCK> __device__ T block_reduce_sum(T v)
{
    __shared__ T lane_sums[BLOCK];
    static __shared__ T total;
    unsigned t = threadIdx.x;
    lane_sums[t] = v;
    __syncthreads();
    if (t == 0) {
        T s = 0;
        for (int i = 0; i < BLOCK; i++)
            s += lane_sums[i];
        total = s;
    }
    __syncthreads();
    T r = total;
    __syncthreads();
    return r;
}
