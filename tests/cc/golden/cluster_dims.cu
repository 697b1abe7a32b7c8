// A kernel declared with __cluster_dims__ holds an __idxgen_cluster_scope
// in its block function, under either model, so that
// __clusterDimIsSpecified() is 1 while it runs (CUDA's %is_explicit_cluster;
// it was 0, include/cuda/idxgen_cuda_sm90.h); a kernel without cluster
// dimensions has none.  Program: tests/cuda/progs/named_barrier_cluster.cu.
__device__ unsigned int given(void)
{
	return __clusterDimIsSpecified();
}

__global__ void __cluster_dims__(1, 1, 1) clustered(unsigned int *o)
{
	o[blockIdx.x] = given();
}

__global__ void __cluster_dims__(1, 1, 1) clustered_sync(unsigned int *o)
{
	__shared__ unsigned int s[64];
	s[threadIdx.x] = given();
	__barrier_sync_count(1, 64);
	o[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void plain(unsigned int *o)
{
	o[blockIdx.x] = given();
}

void launch(unsigned int *o)
{
	clustered<<<2, 32>>>(o);
	clustered_sync<<<1, 64>>>(o);
	plain<<<2, 32>>>(o);
}

// MODEL: kernel clustered: fission
// MODEL: kernel clustered_sync: fibers
// MODEL: kernel plain: fission
// CXX: static void clustered__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: __idxgen_cluster_scope __idxgen_cs;
// CXX: static void clustered_sync__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_set_block(__b);
// CXX-NEXT: __idxgen_cluster_scope __idxgen_cs;
// CXX: static void plain__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NOT: __idxgen_cluster_scope
// CXX: }
