// Shifts by a count read from memory, 0 to 70, of 8-, 32- and 64-bit values, signed and unsigned:
// the GPU's shl/shr clamp a count past the width (0, or the sign for a signed >>), where x86 masks
// it (`x << 32` was x).  Rodinia huffman's pack kernel shifts by `32 - bit` with bit 0.  Each shape
// in a kernel without barriers (loop fission), across __syncthreads() (the count kept per thread),
// through a warp shuffle (lane loops), in __device__ and template functions, and as <<= and >>=.
// The reference is the PTX rule written out on the host.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define NCOUNT 71
#define NOPS 16

static_assert(sizeof(unsigned long long) == 8, "64-bit unsigned long long");

__device__ unsigned int shl_dev(unsigned int a, int n) { return a << n; }

template <typename T> __device__ T shl_t(T a, int n) { return a << n; }

template <typename T> __device__ T shr_t(T a, int n) { return a >> n; }

// One thread per count: every shape of shift by counts[i].
__device__ void shifts(const int *counts, unsigned long long *out, int i)
{
	int n = counts[i];
	unsigned int u = 0xF0F0F0F1u;
	int s = -0x12345678;
	unsigned long long U = 0xF0F0F0F0F0F0F0F1ull;
	long long S = -0x123456789ABCDEFll;
	unsigned char c = 0xA5;
	unsigned long long *o = out + (size_t)i * NOPS;

	o[0] = u << n;
	o[1] = u >> n;
	o[2] = (unsigned int)(s >> n);
	o[3] = (unsigned int)(-s << n);
	o[4] = U << n;
	o[5] = U >> n;
	o[6] = (unsigned long long)(S >> n);
	o[7] = (unsigned int)(c << n);	// promoted to int: 32 bits wide
	unsigned int v = u;
	v <<= n;
	o[8] = v;
	long long w = S;
	w >>= n;
	o[9] = (unsigned long long)w;
	o[10] = shl_dev(u, n);
	o[11] = shl_t<unsigned int>(u, n);
	o[12] = (unsigned long long)shr_t<long long>(S, n);
	int bit = n % 33;	// huffman's pack: dw << (32 - bit), bit 0 included
	o[13] = u << (32 - bit);
	o[14] = (1ull << (n & 63)) >> n;	// a constant-free count on both sides
	o[15] = (unsigned int)((signed char)c >> n);	// -91 promoted to int: the sign past 31
}

__global__ void plain(const int *counts, unsigned long long *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < NCOUNT)
		shifts(counts, out, i);
}

// The count lives across a barrier.
__global__ void across_barrier(const int *counts, unsigned long long *out)
{
	__shared__ int seen[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int n = i < NCOUNT ? counts[i] : 0;
	seen[threadIdx.x] = n;
	__syncthreads();
	unsigned int u = 0xF0F0F0F1u;
	if (i < NCOUNT)
		out[i] = (unsigned long long)(u << seen[threadIdx.x]) + ((unsigned long long)(u >> n) << 32);
}

// The shifted value goes through a shuffle: each lane takes its right neighbour's.
__global__ void through_shuffle(const int *counts, unsigned long long *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int n = i < NCOUNT ? counts[i] : 0;
	unsigned int mine = 0xF0F0F0F1u << n;
	unsigned int next = __shfl_sync(0xffffffffu, mine, (threadIdx.x + 1) % 32);
	if (i < NCOUNT)
		out[i] = next;
}

// The PTX rule, written out: a count past the width gives 0, or the sign for a signed >>.
static unsigned long long ref_shl(unsigned long long a, int n, int bits)
{
	unsigned long long mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
	return (unsigned)n >= (unsigned)bits ? 0 : (a << n) & mask;
}

static unsigned long long ref_shr_u(unsigned long long a, int n, int bits)
{
	return (unsigned)n >= (unsigned)bits ? 0 : a >> n;
}

static long long ref_shr_s(long long a, int n, int bits)
{
	if ((unsigned)n >= (unsigned)bits)
		return a < 0 ? -1 : 0;
	return a >> n;	// arithmetic on the host for counts below the width
}

#define CHECK(x)                                                                                  \
	do {                                                                                      \
		cudaError_t e_ = (x);                                                             \
		if (e_ != cudaSuccess) {                                                          \
			printf("%s: %s\n", #x, cudaGetErrorString(e_));                           \
			return 1;                                                                 \
		}                                                                                 \
	} while (0)

int main()
{
	int counts[NCOUNT];
	static unsigned long long out[NCOUNT * NOPS], out2[NCOUNT], out3[NCOUNT];
	int *dc;
	unsigned long long *dout, *dout2, *dout3;
	int passed = 0, failed = 0;

	for (int i = 0; i < NCOUNT; i++)
		counts[i] = i;
	CHECK(cudaMalloc(&dc, sizeof(counts)));
	CHECK(cudaMalloc(&dout, sizeof(out)));
	CHECK(cudaMalloc(&dout2, sizeof(out2)));
	CHECK(cudaMalloc(&dout3, sizeof(out3)));
	CHECK(cudaMemcpy(dc, counts, sizeof(counts), cudaMemcpyHostToDevice));
	plain<<<3, 32>>>(dc, dout);
	across_barrier<<<1, 128>>>(dc, dout2);
	through_shuffle<<<3, 32>>>(dc, dout3);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(out2, dout2, sizeof(out2), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(out3, dout3, sizeof(out3), cudaMemcpyDeviceToHost));

	const unsigned long long u = 0xF0F0F0F1u, U = 0xF0F0F0F0F0F0F0F1ull;
	const long long s = -0x12345678, S = -0x123456789ABCDEFll;
	for (int n = 0; n < NCOUNT; n++) {
		int bit = n % 33;
		unsigned long long want[NOPS] = {
			ref_shl(u, n, 32),
			ref_shr_u(u, n, 32),
			(unsigned int)ref_shr_s(s, n, 32),
			ref_shl((unsigned long long)-s, n, 32),
			ref_shl(U, n, 64),
			ref_shr_u(U, n, 64),
			(unsigned long long)ref_shr_s(S, n, 64),
			ref_shl(0xA5, n, 32),
			ref_shl(u, n, 32),
			(unsigned long long)ref_shr_s(S, n, 64),
			ref_shl(u, n, 32),
			ref_shl(u, n, 32),
			(unsigned long long)ref_shr_s(S, n, 64),
			ref_shl(u, 32 - bit, 32),
			ref_shr_u(1ull << (n & 63), n, 64),
			(unsigned int)ref_shr_s(-91, n, 32),
		};
		for (int k = 0; k < NOPS; k++) {
			if (out[n * NOPS + k] == want[k]) {
				passed++;
			} else {
				failed++;
				printf("count %d, shape %d: %#llx, want %#llx\n", n, k, out[n * NOPS + k], want[k]);
			}
		}
		unsigned long long want2 = ref_shl(u, n, 32) + (ref_shr_u(u, n, 32) << 32);
		if (out2[n] == want2) {
			passed++;
		} else {
			failed++;
			printf("count %d, across a barrier: %#llx, want %#llx\n", n, out2[n], want2);
		}
		int from = (n / 32) * 32 + (n % 32 + 1) % 32;	// the lane to the right, in n's warp
		unsigned long long want3 = from < NCOUNT ? ref_shl(u, from, 32) : ref_shl(u, 0, 32);
		if (out3[n] == want3) {
			passed++;
		} else {
			failed++;
			printf("count %d, through a shuffle: %#llx, want %#llx\n", n, out3[n], want3);
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	cudaFree(dc);
	cudaFree(dout);
	cudaFree(dout2);
	cudaFree(dout3);
	if (failed)
		return 1;
	printf("PASS\n");
	return 0;
}
