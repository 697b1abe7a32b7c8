// fuzz: grid 4 1 2 block 17 9 1 os 12 us 3 n 24 schedule tiled:2x3
// found by tests/cc/fuzz's long run (seed 20005, kernel 8): a return after __reduce_add_sync cleared its lane's
// alive flag while later lanes of its warp still summed it (97 words wrong); fixed: no clearing after the last warp operation
/* kernel 8 of seed 20005 */
__device__ unsigned int k20005_8_h0(unsigned int a, unsigned int b)
{
	unsigned int r = 3u;
	if (a & 4u)
		r ^= (a + 13u);
	return r;
}

__device__ unsigned int k20005_8_h1(unsigned int a, unsigned int b)
{
	unsigned int r = k20005_8_h0(13u, 3u);
	if (a & 1u)
		r ^= k20005_8_h0(b, a);
	return r;
}

__device__ unsigned int k20005_8_h2(unsigned int a, unsigned int b)
{
	unsigned int r = 3u;
	if (a & 1u)
		r ^= (b * b);
	return r;
}

__device__ void k20005_8_put(unsigned int *p, unsigned int v)
{
	*p = v;
}

__global__ void k20005_8(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in, int n)
{
	const unsigned int nt = blockDim.x * blockDim.y * blockDim.z;
	const unsigned int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	unsigned int gid = bid * nt + tid;
	__shared__ unsigned int s0[306];
	__shared__ unsigned int s1[459];
	__shared__ unsigned int s2[153];
	__shared__ unsigned int sacc[4];
	unsigned int v0 = 5u;
	unsigned int v1 = ((tid >> (v0 & 15u)) ^ (gid / (gid | 1u)));
	unsigned int v2 = v1;
	unsigned int v3 = ((~(threadIdx.y * v1)) | ((~v1) & (v2 & v2)));
	unsigned int la[3];
	for (unsigned int q = 0; q < 3u; q++)
		la[q] = (((gid << (v0 & 15u)) * (v0 + v2)) & (k20005_8_h1(42228u, threadIdx.y) & (blockIdx.y / (threadIdx.x | 1u)))) + q;
	s0[tid + 153u * 0u] = (v3 << (threadIdx.z & 15u));
	s0[tid + 153u * 1u] = max(v2, v0);
	s1[tid + 153u * 0u] = min((unsigned int)(k20005_8_h0(threadIdx.y, v1) > v1), (~(~in[(threadIdx.z) % (unsigned int)n])));
	s1[tid + 153u * 1u] = max(threadIdx.y, blockIdx.z);
	s1[tid + 153u * 2u] = gid;
	s2[tid + 153u * 0u] = v1;
	if (tid == 0) {
		sacc[0] = 0u;
		sacc[1] = 0u;
		sacc[2] = 0u;
		sacc[3] = 0u;
	}
	__syncthreads();
	if (((~(unsigned int)n) == 1u))
		return;
	unsigned int u1, w2;
	u1 = (unsigned int)n;
	w2 = ((threadIdx.y ^ v2) | (la[(v2) % 3u] % (la[(tid) % 3u] | 1u)));
	unsigned int i3 = 3u;
	while (i3 > 0u) {
		for (unsigned int j4 = 0; j4 < (((threadIdx.x == k20005_8_h2(threadIdx.x, v3)) ? min(s2[tid + 153u * 0u], la[(la[(threadIdx.z) % 3u]) % 3u]) : (la[(threadIdx.z) % 3u] ^ threadIdx.x)) % 4u); j4++) {
			atomicXor(&sacc[1], (gid >> (in[(v1) % (unsigned int)n] & 15u)));
			w2 ^= blockIdx.x;
			for (unsigned int j5 = 0; j5 < ((~7u) % 3u); j5++) {
				out[gid * 12u + 5u] = tid;
				atomicXor(&sacc[1], v3);
				v0 = k20005_8_h2(j5, v0);
			}
		}
		__syncthreads();
		for (unsigned int j6 = 0; j6 < (i3 % 3u); j6++) {
			v3 = v3;
		}
		unsigned int u7 = ((unsigned int)n & blockIdx.z);
		unsigned int i8 = (u7 >> (blockIdx.x & 15u)) % 3u + 1u;
		while (i8 > 0u) {
			unsigned int u9 = nt;
			__syncthreads();
			unsigned int i10 = 0;
			do {
				v2 = k20005_8_h2(w2, v2);
				__syncthreads();
			} while (++i10 < (k20005_8_h2(gridDim.x, blockIdx.z) + (unsigned int)(bid == blockDim.y)) % 3u + 1u);
			i8--;
		}
		__syncthreads();
		i3--;
	}
	for (unsigned int j11 = 0; j11 < ((min(v2, la[(gridDim.x) % 3u]) & sacc[0]) % 4u); j11++) {
		v0 ^= s1[(threadIdx.x) % 459u];
	}
	for (unsigned int j12 = 0; j12 < ((gid + gid) % 4u); j12++) {
		if (sacc[2] != min(in[(gid) % (unsigned int)n], sacc[1])) {
			v3 ^= (threadIdx.z >> (v0 & 15u));
			v3 = (unsigned int)(threadIdx.z > v3);
		} else {
			if ((w2 + v0) < 3u)
				continue;
		}
		la[(threadIdx.x) % 3u] = k20005_8_h2((sacc[3] | tid), (in[(w2) % (unsigned int)n] % (0u | 1u)));
	}
	__syncthreads();
	unsigned int i13 = 3u;
	while (i13 > 0u) {
		v0 = k20005_8_h2(gid, v0);
		__syncthreads();
		i13--;
	}
	__syncthreads();
	if (v1 > (threadIdx.z ^ (unsigned int)n)) {
		la[(in[(threadIdx.y) % (unsigned int)n]) % 3u] = ((s1[(la[(threadIdx.z) % 3u]) % 459u] / (threadIdx.y | 1u)) << ((s2[tid + 153u * 0u] | s2[(threadIdx.y) % 153u]) & 15u));
		s0[tid + 153u * 1u] = (k20005_8_h1(s2[(threadIdx.y) % 153u], v1) | (((v2 - in[(in[(gid) % (unsigned int)n]) % (unsigned int)n]) > (unsigned int)(in[(v1) % (unsigned int)n] > v1)) ? v1 : tid));
		w2 += tid;
	}
	unsigned int w14 = __reduce_add_sync(0xffffffffu, ((k20005_8_h1(threadIdx.z, s1[tid + 153u * 1u]) >> ((((s1[(la[(threadIdx.x) % 3u]) % 459u] ^ blockIdx.x) != (threadIdx.z + blockDim.x)) ? in[(w2) % (unsigned int)n] : in[(tid) % (unsigned int)n]) & 15u)) >> ((k20005_8_h0(gid, tid) + (v2 * tid)) & 15u)));
	w2 = (max(blockIdx.z, v0) << ((threadIdx.y >> (blockDim.y & 15u)) & 15u));
	if (w14 == 3u) {
		if ((((threadIdx.z * v0) < (in[(blockDim.y) % (unsigned int)n] - sacc[1])) ? w14 : threadIdx.y) > 255u) {
			atomicAdd(&atom[0], ((v2 + gid) ^ la[(w14) % 3u]));
			uout[gid * 3u + 0u] = atomicAdd(&atom[6], 1u);
		} else {
			if (((w14 >> (v1 & 15u)) < 0u))
				return;
			if (((w2 + la[(gid) % 3u]) == k20005_8_h2(la[(v1) % 3u], threadIdx.y)))
				return;
			v1 ^= (v0 ^ threadIdx.z);
		}
		uout[gid * 3u + 1u] = atomicAdd(&atom[6], 1u);
	} else {
		v1 += v0;
		s0[tid + 153u * 1u] = ((tid < (in[(threadIdx.x) % (unsigned int)n] - v0)) ? blockIdx.y : la[(v3) % 3u]);
	}
	__syncthreads();
	out[gid * 12u + 0u] = v0;
	out[gid * 12u + 1u] = v1;
	out[gid * 12u + 2u] = v2;
	out[gid * 12u + 3u] = v3;
	out[gid * 12u + 6u] = s0[tid + 153u * 0u] ^ sacc[1];
	out[gid * 12u + 7u] = s0[tid + 153u * 1u] ^ sacc[2];
	out[gid * 12u + 8u] = s1[tid + 153u * 0u] ^ sacc[1];
	out[gid * 12u + 9u] = s1[tid + 153u * 1u] ^ sacc[1];
	out[gid * 12u + 10u] = s1[tid + 153u * 2u] ^ sacc[1];
	out[gid * 12u + 11u] = s2[tid + 153u * 0u] ^ sacc[3];
}
