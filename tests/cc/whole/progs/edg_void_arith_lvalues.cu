// Arithmetic on `void *` beyond a plain variable, as public code walks packed
// buffers: a cursor struct's member moved by `+=` (`c.p += bytes`), an array
// element and a dereferenced pointer moved by `+=`/`-=`, and a template
// whose `T *p; p + n` counts bytes where T is void and elements where T is
// float (a template's update too, instantiated for float first).  nvcc accepts each with a warning (#1143-D); clang++ rejected them
// (idxgen-cc kept clang's error).  idxgen-cc writes a call of
// include/idxgen_cc_edg.h's helpers there (lib/cc/edg_compat.c): the lvalue
// is evaluated once, the template stays right for both instantiations.
// Checked against the host's arithmetic on char *.
// Build: idxgen-cc -o edg_void_arith_lvalues edg_void_arith_lvalues.cu
//        nvcc -arch=sm_90 -o edg_void_arith_lvalues edg_void_arith_lvalues.cu
#include <cstdio>
#include <cuda_runtime.h>

struct cursor {
	void *p;
	int left;
};

template <typename T> __device__ T *skip(T *p, int n)
{
	return (T *)(p + n);
}

// instantiated for float before void (libclang's cursor there is the function then)
template <typename T> __device__ void step(T *&p, int n)
{
	p += n;
}

__device__ void consume(cursor &c, int bytes)
{
	c.p += bytes;
	c.left -= bytes;
}

__global__ void walk(void *buf, float *fl, long *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	long *o = out + 10 * i;
	cursor c = { buf, 64 };
	consume(c, 12 + i);
	o[0] = (char *)c.p - (char *)buf;
	o[1] = c.left;
	void *ptrs[2] = { buf, buf };
	int k = 0;
	ptrs[k++] += 5;		// evaluated once: k is 1 after it
	ptrs[k] += 3 + i;
	ptrs[k] -= 1;
	o[2] = (char *)ptrs[0] - (char *)buf;
	o[3] = (char *)ptrs[1] - (char *)buf;
	void **pp = &ptrs[0];
	*pp += 7;
	o[4] = (char *)ptrs[0] - (char *)buf;
	o[5] = (char *)skip(buf, 9 + i) - (char *)buf;
	o[6] = (char *)skip(fl, 2) - (char *)fl;
	o[7] = k;
	float *fp = fl;
	step(fp, 3);
	void *vp = buf;
	step(vp, 5 + i);
	o[8] = (char *)fp - (char *)fl;
	o[9] = (char *)vp - (char *)buf;
}

int main()
{
	const int n = 40;
	void *buf;
	float *fl;
	long *out;
	cudaMalloc(&buf, 256);
	cudaMalloc(&fl, 64 * sizeof(float));
	cudaMallocManaged(&out, 10 * n * sizeof(long));
	walk<<<2, 32>>>(buf, fl, out, n);
	cudaDeviceSynchronize();
	int passed = 0, failed = 0;
	for (int i = 0; i < n; i++) {
		const long want[10] = { 12 + i, 52 - i, 5, 2 + i, 12, 9 + i, 2 * (long)sizeof(float), 1,
					3 * (long)sizeof(float), 5 + i };
		for (int j = 0; j < 10; j++) {
			if (out[10 * i + j] == want[j]) {
				passed++;
			} else {
				if (failed < 10)
					printf("FAIL: thread %d value %d: %ld, want %ld\n", i, j, out[10 * i + j], want[j]);
				failed++;
			}
		}
	}
	cudaFree(buf);
	cudaFree(fl);
	cudaFree(out);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
