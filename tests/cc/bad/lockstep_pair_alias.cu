// expect: 18:2: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step; it stores through 'dst', which may point into what it reads: two pointers are apart only where every write of them moves both as a pair), which the C output runs one after another
// The C path: a swap with a read between its moves (there src and dst are
// one array, b).  Before, the refusal did not say why the statement was
// taken for one that reads what it stores (lib/cc/check.c,
// lockstep_pair.c); a swap whose moves are consecutive translates
// (tests/cc/golden/lockstep_pingpong.cu).
__global__ void mid_swap(const float *in, float *out)
{
	__shared__ float a[66];
	__shared__ float b[66];
	float *src = a, *dst = b;
	int t = threadIdx.x + 1;

	a[t] = b[t] = in[t];
	__syncthreads();
	float *tmp = src;
	src = dst;
	dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
	dst = tmp;
	__syncthreads();
	out[t] = a[t] + b[t] + dst[t];
}
