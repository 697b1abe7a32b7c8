// expect: 18:10: error: warp-level function in __device__ function 'step', which 'sort_pairs' calls: loop fission inlines such a function only into kernels, each call a statement of its own (x = f(...);), so it cannot run it here; build without --exec-model=fission to run the kernel as fibers
// exec-model: fission
// A compare-exchange step over __shfl_xor_sync, called directly from one
// __device__ function (inlined into the kernel with it) and through a macro
// from another, which is not inlined (it has no warp operation of its own).
// Before, once the first call was inlined the helper's definition was
// blanked although the macro's call still named it: "use of undeclared
// identifier 'step'".  Now it stays and loop fission refuses it by name;
// by default the kernel runs as fibers
// (tests/cc/whole/progs/warp_helper_macro_step.cu).
#define STEP(j) step(key, (j))

__device__ void sort_pairs(int &key);

__device__ __forceinline__ void step(int &key, int mask)
{
	int other;
	other = __shfl_xor_sync(0xffffffffu, key, mask);
	key = min(key, other);
}

__device__ void sort_pairs(int &key)
{
	STEP(1);
}

__device__ void mirror(int &a, int &b)
{
	b = __shfl_sync(0xffffffffu, b, 31 - (threadIdx.x & 31));
	step(a, 2);
}

__global__ void kernel(int *o)
{
	int key = o[threadIdx.x], b = key;

	sort_pairs(key);
	mirror(key, b);
	o[threadIdx.x] = key + b;
}

int main(void)
{
	kernel<<<1, 64>>>(0);
	return 0;
}
