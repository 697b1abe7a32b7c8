// A declaration whose initializer calls only pure built-ins (sqrtf, ceilf,
// fminf, ...) on values that do not depend on the thread runs
// once per block, as the same value assigned does ("r = sqrtf(n);"): such
// a call reads no memory and changes nothing.  Before, has_effects()
// counted every call in a declaration as an effect, so "float r =
// sqrtf(n);" stayed in a thread loop and could not control a loop with
// barriers ("initialized inside a thread loop").  A call that writes
// (atomicAdd) stays each thread's own.
__global__ void rows_k(float *out, const float *in, int n, int *count)
{
	__shared__ float row[128];
	float r = sqrtf((float)n);
	int rows = (int)ceilf(r);
	int seen = atomicAdd(count, 1);

	for (int i = 0; i < rows; i++) {
		row[threadIdx.x] = in[i * blockDim.x + threadIdx.x];
		__syncthreads();
		out[blockIdx.x * blockDim.x + threadIdx.x] += row[(threadIdx.x + 1u) % blockDim.x] * r;
		__syncthreads();
	}
	if (seen < 0)
		out[0] = 0.0f;
}
// PLAN: kernel rows_k: {{.*}} 2 barrier(s)
// PLAN: once per block: line 12 (a declaration that does not depend on the thread)
// PLAN: once per block: line 13 (a declaration that does not depend on the thread)
// PLAN: for containing barriers: lines 16-21, once per block (its conditions are uniform)
// PLAN: r (line 12, the same in every thread): per block (uniform)
// PLAN: rows (line 13, the same in every thread): per block (uniform)
// PLAN: seen (line 14, different in each thread)
// CHECK: r = sqrtf((float)n);
// CHECK: rows = (int)ceilf(r);
