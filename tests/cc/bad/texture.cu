// expect: 4:19: error: textures ('tex1Dfetch') are not supported
__global__ void k(cudaTextureObject_t t, float *d)
{
	d[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}
