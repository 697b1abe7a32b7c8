// Kernel parameters of reference type (the unified-memory blog post's
// `__global__ void kernel(DataElement &elem)` on a managed object).  CUDA
// passes a reference as the address it binds to; the kernel's writes land in
// the caller's object.  The C++ written for such a kernel did not compile
// (`sizeof(T &)`, `*(T & *)__b->args[0]`: internal error, exit 2).
// A struct by reference and by const reference, a scalar reference, a
// template kernel's reference, and a block with a barrier (a fiber body when
// the model is fibers); each result checked against the same sums on the
// host, the by-value kernel as the control whose write must not land.
#include <cstdio>
#include <cstring>

struct Tally {
	int count;
	long sum;
	char tag[8];
};

__global__ void add_by_ref(Tally &t, const int *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		atomicAdd(&t.count, 1);
		atomicAdd((unsigned long long *)&t.sum, (unsigned long long)x[i]);
	}
	if (i == 0)
		t.tag[0] = 'r';
}

__global__ void copy_from_const_ref(const Tally &t, int *out)
{
	out[threadIdx.x] = t.count + (int)t.sum + threadIdx.x;
}

__global__ void by_value(Tally t, int *out)
{
	t.tag[0] = 'v'; /* the kernel's own copy: the caller's tag stays */
	out[0] = t.count;
}

__global__ void scale_scalar(float &f, float by)
{
	if (threadIdx.x == 0 && blockIdx.x == 0)
		f *= by;
}

template <typename T> __global__ void block_sum_into(T &total, const T *x)
{
	__shared__ T s[64];
	int t = threadIdx.x;

	s[t] = x[blockIdx.x * 64 + t];
	__syncthreads();
	for (int w = 32; w > 0; w /= 2) {
		if (t < w)
			s[t] += s[t + w];
		__syncthreads();
	}
	if (t == 0)
		atomicAdd(&total, s[0]);
}

int main()
{
	const int n = 1000, blocks = 4;
	Tally *t;
	int *x, *out;
	float *f;
	int *total, *y;

	cudaMallocManaged(&t, sizeof(Tally));
	cudaMallocManaged(&x, n * sizeof(int));
	cudaMallocManaged(&out, 32 * sizeof(int));
	cudaMallocManaged(&f, sizeof(float));
	cudaMallocManaged(&total, sizeof(int));
	cudaMallocManaged(&y, blocks * 64 * sizeof(int));
	memset(t, 0, sizeof(Tally));
	strcpy(t->tag, "hello");
	long want_sum = 0;
	for (int i = 0; i < n; i++) {
		x[i] = (i * 37) % 101 - 50;
		want_sum += x[i];
	}
	int want_total = 0;
	for (int i = 0; i < blocks * 64; i++) {
		y[i] = i % 13 + 1;
		want_total += y[i];
	}
	*f = 1.5f;
	*total = 0;

	add_by_ref<<<(n + 127) / 128, 128>>>(*t, x, n);
	cudaDeviceSynchronize();
	copy_from_const_ref<<<1, 32>>>(*t, out);
	by_value<<<1, 1>>>(*t, out + 31);
	scale_scalar<<<2, 32>>>(*f, 4.0f);
	block_sum_into<int><<<blocks, 64>>>(*total, y);
	cudaError_t e = cudaDeviceSynchronize();

	int bad = e != cudaSuccess;
	bad += t->count != n;
	bad += t->sum != want_sum;
	bad += strcmp(t->tag, "rello") != 0;
	for (int i = 0; i < 31; i++)
		bad += out[i] != n + (int)want_sum + i;
	bad += out[31] != n;
	bad += *f != 6.0f;
	bad += *total != want_total;
	printf("count %d sum %ld tag %s f %g total %d (want %d %ld rello 6 %d)\n", t->count, t->sum,
	       t->tag, *f, *total, n, want_sum, want_total);
	cudaFree(t);
	cudaFree(x);
	cudaFree(out);
	cudaFree(f);
	cudaFree(total);
	cudaFree(y);
	printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
	return bad != 0;
}
