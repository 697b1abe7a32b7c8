/*
 * Regression: the translate-only C path rejected every built-in whose name
 * began with "tex" or "cudaTexture", so a kernel that only passes a texture
 * handle on, next to the program's own tex-named helpers, did not translate.
 */
struct texinfo {
	int width;
	float scale;
};

__device__ float texel(const float *texels, int i, float scale)
{
	return texels[i] * scale;
}

__global__ void tex_names(float *out, unsigned long long *handles, const float *texels,
			  struct texinfo info, cudaTextureObject_t texObj, cudaSurfaceObject_t surfObj)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float textColour = 0.5f;

	if (i < info.width) {
		out[i] = texel(texels, i, info.scale) + textColour;
		handles[i] = i % 2 ? texObj : surfObj;
	}
}
