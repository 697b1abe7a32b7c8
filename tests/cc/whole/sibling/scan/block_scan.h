// The scan's block size and its kernels' declarations, included by the .cu
// beside it as "block_scan.h" (Learn CUDA Programming's 03_scan/scan.h
// shape; whole.sh, "sibling").
#ifndef BLOCK_SCAN_H
#define BLOCK_SCAN_H

#define SCAN_BLOCK 128

__global__ void block_scan(int *out, int *block_sums, const int *in, int n);
__global__ void add_block_sums(int *out, const int *block_sums, int n);

#endif
