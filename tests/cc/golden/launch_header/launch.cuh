// Whole launches in macros of the program's own header (launch_header.cu).
#define LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)
#define LAUNCH_TYPED(T, kernel, n, ...) kernel<T><<<((n) + 31) / 32, 32>>>(__VA_ARGS__)
