// A launch macro whose optional arguments __VA_OPT__ writes (launch_macro_header.cu).
#define LAUNCH_OPT(kernel, first, ...) kernel<<<1, 32>>>(first __VA_OPT__(, ) __VA_ARGS__)
