// Texture and surface objects as the image-processing samples use them: an
// image in a cudaArray rotated with normalized coordinates and linear
// filtering (every address mode), a gather through tex1Dfetch over linear
// memory, an RGBA8 image in pitched memory read as normalized float4, a
// byte volume in a 3-D array, a layered array, and a surface written and
// read by kernels.  Every texel a kernel reads is checked against a
// fetch written out here from the programming guide's rules (address
// modes, floor for point sampling, x - 0.5 and 9-bit fixed-point weights
// with 8 fraction bits for linear filtering).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x)                                                               \
	do {                                                                   \
		cudaError_t e_ = (x);                                          \
		if (e_ != cudaSuccess) {                                       \
			printf("%s:%d %s: %s\nFAIL\n", __FILE__, __LINE__, #x, \
			       cudaGetErrorName(e_));                          \
			return 1;                                              \
		}                                                              \
	} while (0)

// ---- the reference fetch (host) -------------------------------------------

struct RefTex {
	const float *v;		// channel values, x fastest
	int n[3];		// size per dimension
	int dims;
	int mode[3];		// cudaTextureAddressMode per dimension
	bool normalized, linear;
	float border;
};

static bool ref_index(const RefTex &r, int a, long i, long *out)
{
	long n = r.n[a];
	int m = r.mode[a];

	if (!r.normalized && (m == cudaAddressModeWrap || m == cudaAddressModeMirror))
		m = cudaAddressModeClamp;	// wrap and mirror need normalized coordinates
	if (m == cudaAddressModeBorder) {
		*out = i;
		return i >= 0 && i < n;
	}
	if (m == cudaAddressModeClamp)
		*out = i < 0 ? 0 : (i >= n ? n - 1 : i);
	else if (m == cudaAddressModeWrap)
		*out = ((i % n) + n) % n;
	else {
		long p = ((i % (2 * n)) + 2 * n) % (2 * n);
		*out = p < n ? p : 2 * n - 1 - p;
	}
	return true;
}

static double ref_texel(const RefTex &r, const long *i)
{
	long at[3] = {0, 0, 0};

	for (int a = 0; a < r.dims; a++)
		if (!ref_index(r, a, i[a], &at[a]))
			return r.border;
	return r.v[(at[2] * r.n[1] + at[1]) * r.n[0] + at[0]];
}

static float ref_coord(const RefTex &r, int a, float u)
{
	if (!r.normalized)
		return u;
	if (r.mode[a] == cudaAddressModeWrap)
		u = u - floorf(u);
	else if (r.mode[a] == cudaAddressModeMirror) {
		float f = floorf(u);
		u = u - f;
		if ((long)f % 2 != 0)
			u = 1.0f - u;
	}
	return u * (float)r.n[a];
}

static double ref_fetch(const RefTex &r, const float *c)
{
	long i[3];
	int w[3];

	if (!r.linear) {
		for (int a = 0; a < r.dims; a++)
			i[a] = (long)floorf(ref_coord(r, a, c[a]));
		return ref_texel(r, i);
	}
	long base[3];
	for (int a = 0; a < r.dims; a++) {
		float x = ref_coord(r, a, c[a]) - 0.5f;
		base[a] = (long)floorf(x);
		w[a] = (int)((x - floorf(x)) * 256.0f + 0.5f);	// 1.8 fixed point
	}
	double sum = 0;
	for (int k = 0; k < (1 << r.dims); k++) {
		double wk = 1;
		for (int a = 0; a < r.dims; a++) {
			int hi = (k >> a) & 1;
			i[a] = base[a] + hi;
			wk *= (hi ? w[a] : 256 - w[a]) / 256.0;
		}
		sum += wk * ref_texel(r, i);
	}
	return sum;
}

static bool close_to(double got, double want)
{
	return fabs(got - want) <= 2e-5 * (fabs(want) > 1 ? fabs(want) : 1);
}

// ---- kernels --------------------------------------------------------------

// simpleTexture's rotation: each output pixel reads the rotated source position
__global__ void rotate(float *out, float2 *coords, cudaTextureObject_t tex, int width,
		       int height, float theta, float scale)
{
	unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= width || y >= height)
		return;
	float u = (float)x / (float)width - 0.5f;
	float v = (float)y / (float)height - 0.5f;
	float tu = (u * cosf(theta) - v * sinf(theta)) * scale + 0.5f;
	float tv = (v * cosf(theta) + u * sinf(theta)) * scale + 0.5f;
	coords[y * width + x] = make_float2(tu, tv);
	out[y * width + x] = tex2D<float>(tex, tu, tv);
}

__global__ void gather(float4 *out, int *ids, cudaTextureObject_t vals, cudaTextureObject_t idx,
		       int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int j = tex1Dfetch<int>(idx, i);
		ids[i] = j;
		out[i] = tex1Dfetch<float4>(vals, j);
	}
}

// a 2x-zoom of an RGBA8 image through normalized-float reads (the box-filter samples' habit)
__global__ void zoom_rgba(float4 *out, cudaTextureObject_t tex, int width, int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < width && y < height)
		out[y * width + x] = tex2D<float4>(tex, x * 0.5f + 0.3f, y * 0.5f + 0.1f);
}

__global__ void sample_volume(float *out, cudaTextureObject_t tex, int n, float step)
{
	int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
	float u = (x + 0.25f) * step, v = (y + 0.6f) * step, w = (z + 0.45f) * step;
	out[(z * n + y) * n + x] = tex3D<float>(tex, u, v, w);
}

__global__ void sample_line(float *out, cudaTextureObject_t tex, int n, float from, float step)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex1D<float>(tex, from + i * step);
}

__global__ void sample_layers(float *out, cudaTextureObject_t tex, int w, int h, int layers)
{
	int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
	if (x < w && y < h && l < layers)
		out[(l * h + y) * w + x] = tex2DLayered<float>(tex, x + 0.5f, y + 0.5f, l);
}

__global__ void surf_fill(cudaSurfaceObject_t surf, int width, int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < width && y < height)
		surf2Dwrite(make_uchar4(x, y, x + y, 255), surf, x * (int)sizeof(uchar4), y);
}

__global__ void surf_flip(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int width, int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < width && y < height) {
		uchar4 p = surf2Dread<uchar4>(src, (width - 1 - x) * (int)sizeof(uchar4), y);
		uchar4 q;
		surf2Dread(&q, src, (x + 1) * (int)sizeof(uchar4), y, cudaBoundaryModeZero);
		p.w = q.w;	// zero past the right edge
		surf2Dwrite(p, dst, x * (int)sizeof(uchar4), y);
	}
}

// ---- the checks -----------------------------------------------------------

static int rotations(int *bad)
{
	const int W = 40, H = 24;
	static float img[H][W], out[H * W];
	static float2 coords[H * W];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			img[y][x] = (float)((x * 7 + y * 13) % 23) - 5.5f;

	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
	cudaArray_t arr;
	CHECK(cudaMallocArray(&arr, &fmt, W, H));
	CHECK(cudaMemcpy2DToArray(arr, 0, 0, img, W * sizeof(float), W * sizeof(float), H,
				  cudaMemcpyHostToDevice));
	float *d_out;
	float2 *d_coords;
	CHECK(cudaMalloc(&d_out, sizeof(out)));
	CHECK(cudaMalloc(&d_coords, sizeof(coords)));

	const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp,
						cudaAddressModeMirror, cudaAddressModeBorder};
	for (int m = 0; m < 4; m++) {
		for (int lin = 0; lin < 2; lin++) {
			cudaResourceDesc res;
			memset(&res, 0, sizeof(res));
			res.resType = cudaResourceTypeArray;
			res.res.array.array = arr;
			cudaTextureDesc td;
			memset(&td, 0, sizeof(td));
			td.normalizedCoords = 1;
			td.filterMode = lin ? cudaFilterModeLinear : cudaFilterModePoint;
			td.addressMode[0] = td.addressMode[1] = modes[m];
			td.readMode = cudaReadModeElementType;
			td.borderColor[0] = 0.75f;
			cudaTextureObject_t tex = 0;
			CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));

			dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
			rotate<<<grid, block>>>(d_out, d_coords, tex, W, H, 0.5f + m * 0.4f, 1.7f);
			CHECK(cudaGetLastError());
			CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
			CHECK(cudaMemcpy(coords, d_coords, sizeof(coords), cudaMemcpyDeviceToHost));
			CHECK(cudaDestroyTextureObject(tex));

			RefTex r = {&img[0][0], {W, H, 1}, 2, {modes[m], modes[m], 0}, true, lin != 0,
				    0.75f};
			for (int i = 0; i < W * H; i++) {
				float c[2] = {coords[i].x, coords[i].y};
				double want = ref_fetch(r, c);
				if (!close_to(out[i], want) && (*bad)++ < 5)
					printf("rotate mode %d linear %d: (%g, %g) read %.7g, want %.7g\n",
					       modes[m], lin, c[0], c[1], out[i], want);
			}
		}
	}
	CHECK(cudaFree(d_out));
	CHECK(cudaFree(d_coords));
	CHECK(cudaFreeArray(arr));
	return 0;
}

static int fetches(int *bad)
{
	const int N = 300;
	static float4 vals[N], out[N];
	static int idx[N], ids[N];
	for (int i = 0; i < N; i++) {
		vals[i] = make_float4(i, -i, i * 0.5f, 1.0f / (i + 1));
		idx[i] = (i * 37 + 11) % N;
	}
	float4 *d_vals, *d_out;
	int *d_idx, *d_ids;
	CHECK(cudaMalloc(&d_vals, sizeof(vals)));
	CHECK(cudaMalloc(&d_out, sizeof(out)));
	CHECK(cudaMalloc(&d_idx, sizeof(idx)));
	CHECK(cudaMalloc(&d_ids, sizeof(ids)));
	CHECK(cudaMemcpy(d_vals, vals, sizeof(vals), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(d_idx, idx, sizeof(idx), cudaMemcpyHostToDevice));

	cudaResourceDesc res;
	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypeLinear;
	res.res.linear.devPtr = d_vals;
	res.res.linear.desc = cudaCreateChannelDesc<float4>();
	res.res.linear.sizeInBytes = sizeof(vals);
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.readMode = cudaReadModeElementType;
	cudaTextureObject_t tv, ti;
	CHECK(cudaCreateTextureObject(&tv, &res, &td, NULL));
	res.res.linear.devPtr = d_idx;
	res.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
	res.res.linear.sizeInBytes = sizeof(idx);
	CHECK(cudaCreateTextureObject(&ti, &res, &td, NULL));

	cudaResourceDesc back;
	CHECK(cudaGetTextureObjectResourceDesc(&back, ti));
	if (back.resType != cudaResourceTypeLinear || back.res.linear.devPtr != d_idx ||
	    back.res.linear.sizeInBytes != sizeof(idx))
		printf("cudaGetTextureObjectResourceDesc: not the description given\n"), (*bad)++;

	gather<<<(N + 127) / 128, 128>>>(d_out, d_ids, tv, ti, N);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(ids, d_ids, sizeof(ids), cudaMemcpyDeviceToHost));
	for (int i = 0; i < N; i++) {
		float4 w = vals[idx[i]];
		if ((ids[i] != idx[i] || out[i].x != w.x || out[i].y != w.y || out[i].z != w.z ||
		     out[i].w != w.w) && (*bad)++ < 5)
			printf("tex1Dfetch %d: index %d, (%g %g %g %g)\n", i, ids[i], out[i].x,
			       out[i].y, out[i].z, out[i].w);
	}
	CHECK(cudaDestroyTextureObject(tv));
	CHECK(cudaDestroyTextureObject(ti));
	CHECK(cudaFree(d_vals));
	CHECK(cudaFree(d_out));
	CHECK(cudaFree(d_idx));
	CHECK(cudaFree(d_ids));
	return 0;
}

static int rgba_pitched(int *bad)
{
	const int W = 33, H = 17;
	static uchar4 img[H][W];
	static float4 out[H * W];
	static float chan[4][H * W];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			img[y][x] = make_uchar4(x * 7, y * 15, (x * y) & 255, 255 - x);
			chan[0][y * W + x] = img[y][x].x / 255.0f;
			chan[1][y * W + x] = img[y][x].y / 255.0f;
			chan[2][y * W + x] = img[y][x].z / 255.0f;
			chan[3][y * W + x] = img[y][x].w / 255.0f;
		}
	uchar4 *d_img;
	size_t pitch;
	CHECK(cudaMallocPitch(&d_img, &pitch, W * sizeof(uchar4), H));
	CHECK(cudaMemcpy2D(d_img, pitch, img, W * sizeof(uchar4), W * sizeof(uchar4), H,
			   cudaMemcpyHostToDevice));
	cudaResourceDesc res;
	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypePitch2D;
	res.res.pitch2D.devPtr = d_img;
	res.res.pitch2D.desc = cudaCreateChannelDesc<uchar4>();
	res.res.pitch2D.width = W;
	res.res.pitch2D.height = H;
	res.res.pitch2D.pitchInBytes = pitch;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.filterMode = cudaFilterModeLinear;
	td.readMode = cudaReadModeNormalizedFloat;
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	cudaTextureObject_t tex;
	CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
	float4 *d_out;
	CHECK(cudaMalloc(&d_out, sizeof(out)));
	zoom_rgba<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(d_out, tex, W, H);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			float c[2] = {x * 0.5f + 0.3f, y * 0.5f + 0.1f};
			const float4 &o = out[y * W + x];
			float got[4] = {o.x, o.y, o.z, o.w};
			for (int k = 0; k < 4; k++) {
				RefTex r = {chan[k], {W, H, 1}, 2,
					    {cudaAddressModeClamp, cudaAddressModeClamp, 0}, false, true, 0};
				double want = ref_fetch(r, c);
				if (!close_to(got[k], want) && (*bad)++ < 5)
					printf("rgba (%d,%d).%d: %.7g, want %.7g\n", x, y, k, got[k], want);
			}
		}
	CHECK(cudaDestroyTextureObject(tex));
	CHECK(cudaFree(d_out));
	CHECK(cudaFree(d_img));
	return 0;
}

static int volume(int *bad)
{
	const int N = 6;
	static unsigned char vol[N][N][N];
	static float val[N * N * N], out[N * N * N];
	for (int z = 0; z < N; z++)
		for (int y = 0; y < N; y++)
			for (int x = 0; x < N; x++) {
				vol[z][y][x] = (unsigned char)((x * 40 + y * 23 + z * 71) % 256);
				val[(z * N + y) * N + x] = vol[z][y][x] / 255.0f;
			}
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<unsigned char>();
	cudaArray_t arr;
	cudaExtent ext = make_cudaExtent(N, N, N);
	CHECK(cudaMalloc3DArray(&arr, &fmt, ext));
	cudaMemcpy3DParms p;
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(vol, N, N, N);
	p.dstArray = arr;
	p.extent = ext;
	p.kind = cudaMemcpyHostToDevice;
	CHECK(cudaMemcpy3D(&p));
	float *d_out;
	CHECK(cudaMalloc(&d_out, sizeof(out)));
	for (int lin = 0; lin < 2; lin++) {
		cudaResourceDesc res;
		memset(&res, 0, sizeof(res));
		res.resType = cudaResourceTypeArray;
		res.res.array.array = arr;
		cudaTextureDesc td;
		memset(&td, 0, sizeof(td));
		td.normalizedCoords = true;
		td.filterMode = lin ? cudaFilterModeLinear : cudaFilterModePoint;
		td.addressMode[0] = cudaAddressModeClamp;
		td.addressMode[1] = cudaAddressModeWrap;
		td.addressMode[2] = cudaAddressModeMirror;
		td.readMode = cudaReadModeNormalizedFloat;
		cudaTextureObject_t tex;
		CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
		float step = 1.3f / N;
		sample_volume<<<N, dim3(N, N)>>>(d_out, tex, N, step);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
		RefTex r = {val, {N, N, N}, 3,
			    {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeMirror}, true,
			    lin != 0, 0};
		for (int z = 0; z < N; z++)
			for (int y = 0; y < N; y++)
				for (int x = 0; x < N; x++) {
					float c[3] = {(x + 0.25f) * step, (y + 0.6f) * step,
						      (z + 0.45f) * step};
					double want = ref_fetch(r, c);
					float got = out[(z * N + y) * N + x];
					if (!close_to(got, want) && (*bad)++ < 5)
						printf("volume linear %d (%d,%d,%d): %.7g, want %.7g\n",
						       lin, x, y, z, got, want);
				}
		CHECK(cudaDestroyTextureObject(tex));
	}
	CHECK(cudaFree(d_out));
	CHECK(cudaFreeArray(arr));
	return 0;
}

// tex1D over an unnormalized 1-D array: each address mode from -3 to 12 (wrap/mirror clamp here)
static int line(int *bad)
{
	const int N = 8, M = 61;
	float v[N] = {1, 2, 4, 8, 16, 32, 64, 128}, out[M];
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
	cudaArray_t arr;
	CHECK(cudaMallocArray(&arr, &fmt, N));
	CHECK(cudaMemcpy2DToArray(arr, 0, 0, v, sizeof(v), sizeof(v), 1, cudaMemcpyHostToDevice));
	float *d_out;
	CHECK(cudaMalloc(&d_out, sizeof(out)));
	for (int m = 0; m < 4; m++)
		for (int lin = 0; lin < 2; lin++) {
			cudaResourceDesc res;
			memset(&res, 0, sizeof(res));
			res.resType = cudaResourceTypeArray;
			res.res.array.array = arr;
			cudaTextureDesc td;
			memset(&td, 0, sizeof(td));
			td.addressMode[0] = (cudaTextureAddressMode)m;
			td.filterMode = lin ? cudaFilterModeLinear : cudaFilterModePoint;
			td.borderColor[0] = -1.0f;
			cudaTextureObject_t tex;
			CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
			sample_line<<<1, 64>>>(d_out, tex, M, -3.1f, 0.2515f);
			CHECK(cudaGetLastError());
			CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
			RefTex r = {v, {N, 1, 1}, 1, {m, 0, 0}, false, lin != 0, -1.0f};
			for (int i = 0; i < M; i++) {
				float c[1] = {-3.1f + i * 0.2515f};
				double want = ref_fetch(r, c);
				if (!close_to(out[i], want) && (*bad)++ < 5)
					printf("line mode %d linear %d x=%g: %.7g, want %.7g\n", m, lin,
					       c[0], out[i], want);
			}
			CHECK(cudaDestroyTextureObject(tex));
		}
	CHECK(cudaFree(d_out));
	CHECK(cudaFreeArray(arr));
	return 0;
}

static int layers(int *bad)
{
	const int W = 5, H = 4, L = 3;
	float v[L][H][W], out[L * H * W];
	for (int l = 0; l < L; l++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				v[l][y][x] = l * 100 + y * 10 + x;
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
	cudaArray_t arr;
	CHECK(cudaMalloc3DArray(&arr, &fmt, make_cudaExtent(W, H, L), cudaArrayLayered));
	cudaMemcpy3DParms p;
	memset(&p, 0, sizeof(p));
	p.srcPtr = make_cudaPitchedPtr(v, W * sizeof(float), W, H);
	p.dstArray = arr;
	p.extent = make_cudaExtent(W, H, L);
	p.kind = cudaMemcpyHostToDevice;
	CHECK(cudaMemcpy3D(&p));
	cudaResourceDesc res;
	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypeArray;
	res.res.array.array = arr;
	cudaTextureDesc td;
	memset(&td, 0, sizeof(td));
	td.filterMode = cudaFilterModePoint;
	cudaTextureObject_t tex;
	CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
	float *d_out;
	CHECK(cudaMalloc(&d_out, sizeof(out)));
	sample_layers<<<L, dim3(W, H)>>>(d_out, tex, W, H, L);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost));
	for (int i = 0; i < L * H * W; i++)
		if (out[i] != (&v[0][0][0])[i] && (*bad)++ < 5)
			printf("layer texel %d: %g, want %g\n", i, out[i], (&v[0][0][0])[i]);
	CHECK(cudaDestroyTextureObject(tex));
	CHECK(cudaFree(d_out));
	CHECK(cudaFreeArray(arr));
	return 0;
}

static int surfaces(int *bad)
{
	const int W = 19, H = 7;
	static uchar4 got[H][W];
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<uchar4>();
	cudaArray_t a, b;
	CHECK(cudaMallocArray(&a, &fmt, W, H, cudaArraySurfaceLoadStore));
	CHECK(cudaMallocArray(&b, &fmt, W, H, cudaArraySurfaceLoadStore));
	cudaResourceDesc res;
	memset(&res, 0, sizeof(res));
	res.resType = cudaResourceTypeArray;
	res.res.array.array = a;
	cudaSurfaceObject_t sa, sb;
	CHECK(cudaCreateSurfaceObject(&sa, &res));
	res.res.array.array = b;
	CHECK(cudaCreateSurfaceObject(&sb, &res));
	dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
	surf_fill<<<grid, block>>>(sa, W, H);
	surf_flip<<<grid, block>>>(sa, sb, W, H);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy2DFromArray(got, W * sizeof(uchar4), b, 0, 0, W * sizeof(uchar4), H,
				    cudaMemcpyDeviceToHost));
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int sx = W - 1 - x;
			uchar4 g = got[y][x];
			if ((g.x != sx || g.y != y || g.z != ((sx + y) & 255) ||
			     g.w != (x + 1 < W ? 255 : 0)) && (*bad)++ < 5)
				printf("surface (%d,%d): %d %d %d %d\n", x, y, g.x, g.y, g.z, g.w);
		}
	CHECK(cudaDestroySurfaceObject(sa));
	CHECK(cudaDestroySurfaceObject(sb));
	CHECK(cudaFreeArray(a));
	CHECK(cudaFreeArray(b));
	return 0;
}

int main(void)
{
	int bad = 0;

	if (rotations(&bad) || fetches(&bad) || rgba_pitched(&bad) || volume(&bad) ||
	    line(&bad) || layers(&bad) || surfaces(&bad))
		return 1;
	if (bad)
		printf("%d texels differ from the reference\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad ? 1 : 0;
}
