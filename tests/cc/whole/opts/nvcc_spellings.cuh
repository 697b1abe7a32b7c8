// Pre-included (nvcc --pre-include / -include) by nvcc_spellings.cu's build:
// a device function and a macro, seen by the program without an #include.
// It uses __device__, so it must come after the CUDA headers, as with nvcc.
#define SPELL_SCALE 3
__device__ inline int spell_twice(int x) { return 2 * x; }
