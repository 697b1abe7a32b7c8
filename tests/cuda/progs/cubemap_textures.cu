// Cubemap textures and surfaces as graphics-minded samples use them: a
// cudaArrayCubemap (and a layered one) filled with cudaMemcpy3D, read with
// texCubemap / texCubemapLayered along directions aimed at every texel
// centre of every face (scaled, so the face coordinates are divided by the
// major axis), linear filtering half-way between texels, surfCubemapwrite
// and surfCubemapLayeredread; the host's face table is the programming
// guide's, written out here.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                     \
	do {                                                                            \
		cudaError_t err_ = (call);                                              \
		if (err_ != cudaSuccess) {                                              \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
			exit(1);                                                        \
		}                                                                       \
	} while (0)

#define WIDTH 16
#define FACES 6
#define LAYERS 2

// The direction that points at face coordinates (sc, tc) in [-1, 1] of face f.
__host__ __device__ static void direction(int f, float sc, float tc, float *d)
{
	switch (f) {
	case 0: d[0] = 1.0f; d[1] = -tc; d[2] = -sc; break;
	case 1: d[0] = -1.0f; d[1] = -tc; d[2] = sc; break;
	case 2: d[0] = sc; d[1] = 1.0f; d[2] = tc; break;
	case 3: d[0] = sc; d[1] = -1.0f; d[2] = -tc; break;
	case 4: d[0] = sc; d[1] = -tc; d[2] = 1.0f; break;
	default: d[0] = -sc; d[1] = -tc; d[2] = -1.0f; break;
	}
}

static float texel_value(int layer, int face, int y, int x)
{
	return (float)(layer * 10000 + face * 1000 + y * WIDTH + x);
}

// One thread per texel of a face: block (x, y), grid (face, layer).  Reads
// at the texel centre along a direction scaled by 0.75 + face, and (linear
// texture) half-way to the right-hand neighbour.
__global__ void sample(cudaTextureObject_t nearest, cudaTextureObject_t linear,
		       cudaTextureObject_t single, float *centre, float *between, float *plain)
{
	int x = threadIdx.x, y = threadIdx.y, face = blockIdx.x, layer = blockIdx.y;
	int at = ((layer * FACES + face) * WIDTH + y) * WIDTH + x;
	float d[3], scale = 0.75f + (float)face;
	float sc = (x + 0.5f) / WIDTH * 2.0f - 1.0f, tc = (y + 0.5f) / WIDTH * 2.0f - 1.0f;

	direction(face, sc, tc, d);
	centre[at] = texCubemapLayered<float>(nearest, d[0] * scale, d[1] * scale, d[2] * scale, layer);
	if (layer == 0)
		plain[at] = texCubemap<float>(single, d[0], d[1], d[2]);
	// half-way to the next texel; the last column's centre (its edge is the cube's)
	direction(face, (x + 1 < WIDTH ? x + 1.0f : x + 0.5f) / WIDTH * 2.0f - 1.0f, tc, d);
	between[at] = texCubemapLayered<float>(linear, d[0], d[1], d[2], layer);
}

__global__ void paint(cudaSurfaceObject_t surf)
{
	int x = threadIdx.x, y = threadIdx.y, face = blockIdx.x;

	surfCubemapwrite(face * 100 + y * WIDTH + x, surf, x * (int)sizeof(int), y, face);
}

__global__ void read_back(cudaSurfaceObject_t surf, int *out)
{
	int x = threadIdx.x, y = threadIdx.y, face = blockIdx.x;

	out[(face * WIDTH + y) * WIDTH + x] = surfCubemapLayeredread<int>(surf, x * (int)sizeof(int), y, face);
}

static cudaTextureObject_t make_texture(cudaArray_t a, cudaTextureFilterMode filter)
{
	cudaResourceDesc res;
	cudaTextureDesc td;
	cudaTextureObject_t t = 0;

	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypeArray;
	res.res.array.array = a;
	memset(&td, 0, sizeof(td));
	td.normalizedCoords = 1;
	td.filterMode = filter;
	td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
	td.readMode = cudaReadModeElementType;
	CHECK(cudaCreateTextureObject(&t, &res, &td, NULL));
	return t;
}

static cudaArray_t make_cubemap(const float *data, int layers)
{
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	cudaMemcpy3DParms p;

	CHECK(cudaMalloc3DArray(&a, &fmt, make_cudaExtent(WIDTH, WIDTH, FACES * layers),
				cudaArrayCubemap | (layers > 1 ? cudaArrayLayered : 0)));
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr((void *)data, WIDTH * sizeof(float), WIDTH, WIDTH);
	p.dstArray = a;
	p.extent = make_cudaExtent(WIDTH, WIDTH, FACES * layers);
	p.kind = cudaMemcpyHostToDevice;
	CHECK(cudaMemcpy3D(&p));
	return a;
}

int main(void)
{
	const int n = LAYERS * FACES * WIDTH * WIDTH;
	float *h = (float *)malloc(n * sizeof(float)), *centre, *between, *plain;
	int *painted, bad = 0;
	cudaArray_t cube, single, surf_array;
	cudaChannelFormatDesc ifmt = cudaCreateChannelDesc<int>();

	for (int l = 0; l < LAYERS; l++)
		for (int f = 0; f < FACES; f++)
			for (int y = 0; y < WIDTH; y++)
				for (int x = 0; x < WIDTH; x++)
					h[((l * FACES + f) * WIDTH + y) * WIDTH + x] = texel_value(l, f, y, x);
	cube = make_cubemap(h, LAYERS);
	single = make_cubemap(h, 1);
	cudaTextureObject_t nearest = make_texture(cube, cudaFilterModePoint);
	cudaTextureObject_t linear = make_texture(cube, cudaFilterModeLinear);
	cudaTextureObject_t plain_tex = make_texture(single, cudaFilterModePoint);
	CHECK(cudaMallocManaged(&centre, n * sizeof(float)));
	CHECK(cudaMallocManaged(&between, n * sizeof(float)));
	CHECK(cudaMallocManaged(&plain, n * sizeof(float)));
	sample<<<dim3(FACES, LAYERS), dim3(WIDTH, WIDTH)>>>(nearest, linear, plain_tex, centre, between, plain);
	CHECK(cudaDeviceSynchronize());
	for (int l = 0; l < LAYERS; l++)
		for (int f = 0; f < FACES; f++)
			for (int y = 0; y < WIDTH; y++)
				for (int x = 0; x < WIDTH; x++) {
					int at = ((l * FACES + f) * WIDTH + y) * WIDTH + x;
					float want = texel_value(l, f, y, x);
					float half = x + 1 < WIDTH ? (want + texel_value(l, f, y, x + 1)) / 2 : want;

					if (centre[at] != want || between[at] != half || (l == 0 && plain[at] != want)) {
						if (bad++ < 5)
							printf("layer %d face %d (%d, %d): %g %g %g, want %g %g\n", l, f, x, y,
							       centre[at], between[at], plain[at], want, half);
					}
				}

	// surfaces: write each face through surfCubemapwrite, read through the layered form
	CHECK(cudaMalloc3DArray(&surf_array, &ifmt, make_cudaExtent(WIDTH, WIDTH, FACES),
				cudaArrayCubemap | cudaArraySurfaceLoadStore));
	cudaResourceDesc sres;
	memset(&sres, 0, sizeof(sres));
	sres.resType = cudaResourceTypeArray;
	sres.res.array.array = surf_array;
	cudaSurfaceObject_t surf;
	CHECK(cudaCreateSurfaceObject(&surf, &sres));
	CHECK(cudaMallocManaged(&painted, FACES * WIDTH * WIDTH * sizeof(int)));
	paint<<<FACES, dim3(WIDTH, WIDTH)>>>(surf);
	read_back<<<FACES, dim3(WIDTH, WIDTH)>>>(surf, painted);
	CHECK(cudaDeviceSynchronize());
	for (int f = 0; f < FACES; f++)
		for (int i = 0; i < WIDTH * WIDTH; i++)
			if (painted[f * WIDTH * WIDTH + i] != f * 100 + i && bad++ < 10)
				printf("surface face %d texel %d: %d\n", f, i, painted[f * WIDTH * WIDTH + i]);

	// a cubemap's faces are square, six of them (per layer)
	cudaArray_t wrong;
	cudaChannelFormatDesc ffmt = cudaCreateChannelDesc<float>();
	if (cudaMalloc3DArray(&wrong, &ffmt, make_cudaExtent(WIDTH, WIDTH + 1, FACES), cudaArrayCubemap) !=
		    cudaErrorInvalidValue ||
	    cudaMalloc3DArray(&wrong, &ffmt, make_cudaExtent(WIDTH, WIDTH, 7), cudaArrayCubemap) !=
		    cudaErrorInvalidValue) {
		printf("a cubemap array of the wrong shape was accepted\n");
		bad++;
	}
	cudaGetLastError();

	cudaDestroySurfaceObject(surf);
	cudaDestroyTextureObject(nearest);
	cudaDestroyTextureObject(linear);
	cudaDestroyTextureObject(plain_tex);
	cudaFreeArray(cube);
	cudaFreeArray(single);
	cudaFreeArray(surf_array);
	cudaFree(centre);
	cudaFree(between);
	cudaFree(plain);
	cudaFree(painted);
	free(h);
	printf("%d texels of %d cubemap faces checked, %d wrong\n", n, LAYERS * FACES, bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
