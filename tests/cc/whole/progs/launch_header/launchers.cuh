// Launch helpers kept in a header of the program (launch_header.cu): a
// variadic launch, one that checks the launch, and one that dispatches a
// template kernel by type, as utility headers of public projects write them.
#pragma once

#include <cstdio>

#define LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)

#define LAUNCH_CHECKED(kernel, grid, block, ...)                                  \
	do {                                                                      \
		kernel<<<grid, block>>>(__VA_ARGS__);                             \
		cudaError_t launch_err = cudaGetLastError();                      \
		if (launch_err != cudaSuccess)                                    \
			printf("%s: %s\n", #kernel, cudaGetErrorString(launch_err)); \
	} while (0)

#define LAUNCH_TYPED(T, kernel, n, ...) \
	kernel<T><<<((n) + 127) / 128, 128, 128 * sizeof(T)>>>(__VA_ARGS__)
