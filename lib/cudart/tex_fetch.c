// SPDX-License-Identifier: MIT
/*
 * tex_fetch.c - what device code's texture and surface reads see
 * (include/cuda/texture_fetch_functions.h calls these), as CUDA's
 * programming guide describes texture fetching:
 *
 *  - coordinates: with normalizedCoords, u in [0, 1) is scaled by the
 *    size; wrap takes u's fraction first, mirror reflects it on odd
 *    periods (both only for normalized coordinates; unnormalized they
 *    clamp);
 *  - point filtering reads the element at floor(x); linear filtering
 *    reads the 2, 4 or 8 neighbours around x - 0.5 and weights them by
 *    the fraction held in 9-bit fixed point with 8 fraction bits (CUDA's
 *    format), rounded to the nearest 1/256;
 *  - element indices outside [0, n): clamp to the edge, border reads
 *    borderColor, wrap and mirror repeat or reflect;
 *  - cudaReadModeNormalizedFloat maps 8- and 16-bit integers to [0, 1]
 *    (unsigned) or [-1, 1] (signed); half floats read as floats.
 *
 * Nothing here locks: a live object does not change.  Reading handle 0 or
 * a destroyed object is the program's error (CUDA leaves it undefined); it
 * reads zeros here (a surface write goes nowhere) and sets the sticky
 * cudaErrorIllegalAddress, as a GPU's read through a handle that names no
 * live object is a read of memory the program does not own: the program
 * learns it at its next check, and the host never crashes (texture.c keeps
 * destroyed objects for reuse).
 */
#include <math.h>
#include <string.h>

#include "cudart.h"

/* The object of handle h device code may read, or NULL (0, destroyed: the sticky error set). */
static const struct cudart_texobj *live(unsigned long long h)
{
	const struct cudart_texobj *o = (const struct cudart_texobj *)(uintptr_t)h;

	if (o && !__atomic_load_n(&o->dead, __ATOMIC_ACQUIRE))
		return o;
	cudart_set_sticky(cudaErrorIllegalAddress);
	return NULL;
}

/* IEEE binary16 to float (the channel kind cudaChannelFormatKindFloat, 16 bits). */
static float half_to_float(uint16_t h)
{
	int exp = (h >> 10) & 0x1f, man = h & 0x3ff;
	float v;

	if (exp == 0)
		v = ldexpf((float)man, -24);
	else if (exp == 31)
		v = man ? NAN : INFINITY;
	else
		v = ldexpf((float)(man | 0x400), exp - 25);
	return (h & 0x8000) ? -v : v;
}

/* One channel of the element at p: its stored integer and its float value. */
static void load_channel(const struct cudart_texobj *o, const char *p, int k, float *f, int *v)
{
	int bits = o->fmt.x;
	bool norm = !o->surface && o->tex.readMode == cudaReadModeNormalizedFloat;
	int8_t s8;
	uint8_t u8;
	int16_t s16;
	uint16_t u16;
	float f32;
	int32_t i32;

	p += (size_t)k * (size_t)bits / 8;
	if (o->fmt.f == cudaChannelFormatKindFloat) {
		if (bits == 16) {
			memcpy(&u16, p, 2);
			*f = half_to_float(u16);
		} else {
			memcpy(&f32, p, 4);
			*f = f32;
		}
		*v = (int)*f;
		return;
	}
	if (o->fmt.f == cudaChannelFormatKindSigned) {
		if (bits == 8)
			memcpy(&s8, p, 1), *v = s8;
		else if (bits == 16)
			memcpy(&s16, p, 2), *v = s16;
		else
			memcpy(&i32, p, 4), *v = i32;
		*f = norm ? fmaxf((float)*v / (float)((1 << (bits - 1)) - 1), -1.0f) : (float)*v;
		return;
	}
	if (bits == 8)
		memcpy(&u8, p, 1), *v = u8;
	else if (bits == 16)
		memcpy(&u16, p, 2), *v = u16;
	else
		memcpy(&i32, p, 4), *v = i32;
	*f = norm ? (float)*v / (float)((1 << bits) - 1) : (float)(uint32_t)*v;
}

static int channels(const struct cudart_texobj *o)
{
	return !o->fmt.y ? 1 : !o->fmt.z ? 2 : 4;
}

/* The element index along axis a for index i; false: outside, under border. */
static bool address(const struct cudart_texobj *o, int a, long i, size_t *at)
{
	long n = (long)o->size[a];
	enum cudaTextureAddressMode m = o->tex.addressMode[a];

	if (!o->tex.normalizedCoords && (m == cudaAddressModeWrap || m == cudaAddressModeMirror))
		m = cudaAddressModeClamp;
	switch (m) {
	case cudaAddressModeWrap:
		i %= n;
		i += i < 0 ? n : 0;
		break;
	case cudaAddressModeMirror:
		i %= 2 * n;
		i += i < 0 ? 2 * n : 0;
		i = i >= n ? 2 * n - 1 - i : i;
		break;
	case cudaAddressModeBorder:
		if (i < 0 || i >= n)
			return false;
		break;
	default:
		i = i < 0 ? 0 : i >= n ? n - 1 : i;
	}
	*at = (size_t)i;
	return true;
}

/* Texel coordinate (element units) of coordinate u along axis a. */
static float texel_coord(const struct cudart_texobj *o, int a, float u)
{
	enum cudaTextureAddressMode m = o->tex.addressMode[a];
	float whole;

	if (!o->tex.normalizedCoords)
		return u;
	if (m == cudaAddressModeWrap) {
		u -= floorf(u);
	} else if (m == cudaAddressModeMirror) {
		whole = floorf(u);
		u -= whole;
		if ((long)whole & 1)
			u = 1.0f - u;
	}
	return u * (float)o->size[a];
}

/* Whether the element off bytes from o's base lies in its allocation (README: past it, zeros). */
static bool inside(const struct cudart_texobj *o, size_t off)
{
	return off < o->readable && o->readable - off >= o->elem;
}

/* The element at index idx[0..dims) of slice `layer`: its channels, or the border colour. */
static void load(const struct cudart_texobj *o, int dims, const long *idx, size_t layer,
		 float f[4], int v[4])
{
	size_t at[3] = { 0, 0, 0 }, off;
	int n = channels(o);

	for (int a = 0; a < dims; a++) {
		if (!address(o, a, idx[a], &at[a])) {
			for (int k = 0; k < 4; k++)
				f[k] = o->tex.borderColor[k], v[k] = (int)o->tex.borderColor[k];
			return;
		}
	}
	if (dims < 3)
		at[2] = layer;
	off = at[2] * o->slice + at[1] * o->pitch + at[0] * o->elem;
	for (int k = 0; k < 4; k++) {
		f[k] = 0.0f, v[k] = 0;
		if (k < n && inside(o, off))
			load_channel(o, o->base + off, k, &f[k], &v[k]);
	}
}

/* CUDA's 9-bit fixed-point weight: the fraction to the nearest 1/256. */
static float weight(float frac)
{
	return floorf(frac * 256.0f + 0.5f) / 256.0f;
}

void __idxgenTexFetch(cudaTextureObject_t t, int dims, float x, float y, float z, int layer,
		      struct __idxgenTexel *out)
{
	const struct cudart_texobj *o = live(t);
	float c[3] = { x, y, z }, w[3], f[4];
	long base[3], idx[3];
	size_t slice = 0;
	int v[4];

	if (!o) {
		memset(out, 0, sizeof(*out));
		return;
	}
	if (layer >= 0)
		slice = (size_t)layer < o->size[2] ? (size_t)layer : o->size[2] - 1;
	if (o->tex.filterMode != cudaFilterModeLinear) {
		for (int a = 0; a < dims; a++)
			idx[a] = (long)floorf(texel_coord(o, a, c[a]));
		load(o, dims, idx, slice, out->__f, out->__i);
		return;
	}
	for (int a = 0; a < dims; a++) {
		float xb = texel_coord(o, a, c[a]) - 0.5f;

		base[a] = (long)floorf(xb);
		w[a] = weight(xb - floorf(xb));
	}
	memset(out, 0, sizeof(*out));
	for (int corner = 0; corner < 1 << dims; corner++) {
		float cw = 1.0f;

		for (int a = 0; a < dims; a++) {
			int hi = (corner >> a) & 1;

			idx[a] = base[a] + hi;
			cw *= hi ? w[a] : 1.0f - w[a];
		}
		load(o, dims, idx, slice, f, v);
		for (int k = 0; k < 4; k++)
			out->__f[k] += cw * f[k];
		if (!corner)
			memcpy(out->__i, v, sizeof(v));
	}
}

/*
 * tex2Dgather: channel comp of the four texels a bilinear read at (x, y)
 * would weigh, as the hardware's gather4 returns them (Direct3D's and
 * OpenGL's order, CUDA's guide gives none): (i0, j1), (i1, j1), (i1, j0),
 * (i0, j0), with i0 = floor(x - 0.5), i1 = i0 + 1 (texel units, after
 * normalization) and j likewise; each texel through the address modes,
 * whatever the filter mode.  A comp outside 0-3 reads zeros.
 */
void __idxgenTexGather(cudaTextureObject_t t, float x, float y, int comp, struct __idxgenTexel *out)
{
	const struct cudart_texobj *o = live(t);
	static const int corner[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
	long i0, j0;
	float f[4];
	int v[4];

	memset(out, 0, sizeof(*out));
	if (!o || comp < 0 || comp > 3)
		return;
	i0 = (long)floorf(texel_coord(o, 0, x) - 0.5f);
	j0 = (long)floorf(texel_coord(o, 1, y) - 0.5f);
	for (int k = 0; k < 4; k++) {
		long idx[2] = { i0 + corner[k][0], j0 + corner[k][1] };

		load(o, 2, idx, 0, f, v);
		out->__f[k] = f[comp];
		out->__i[k] = v[comp];
	}
}

/*
 * A cubemap read, CUDA's face selection: the direction's major axis picks
 * the face (+x, -x, +y, -y, +z, -z: layers 0-5 of the cubemap, 6 per
 * cubemap layer), the other two components divided by the major one's
 * magnitude give the face coordinates (s, t) in [-1, 1], read at
 * ((s + 1) / 2, (t + 1) / 2) as a normalized 2-D coordinate (times the
 * face's width without normalizedCoords).  Filtering stays on the face:
 * its address mode decides what lies beyond an edge.  A zero direction
 * reads face 0 at its centre.
 */
void __idxgenTexFetchCubemap(cudaTextureObject_t t, float x, float y, float z, int layer,
			     struct __idxgenTexel *out)
{
	const struct cudart_texobj *o = live(t);
	float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), ma, s, tc, u, v;
	int face;

	if (!o) {
		memset(out, 0, sizeof(*out));
		return;
	}
	if (ax >= ay && ax >= az) {
		face = x >= 0.0f ? 0 : 1;
		ma = ax, s = x >= 0.0f ? -z : z, tc = -y;
	} else if (ay >= az) {
		face = y >= 0.0f ? 2 : 3;
		ma = ay, s = x, tc = y >= 0.0f ? z : -z;
	} else {
		face = z >= 0.0f ? 4 : 5;
		ma = az, s = z >= 0.0f ? x : -x, tc = -y;
	}
	if (ma == 0.0f)
		ma = 1.0f;
	u = (s / ma + 1.0f) * 0.5f;
	v = (tc / ma + 1.0f) * 0.5f;
	if (!o->tex.normalizedCoords) {
		u *= (float)o->size[0];
		v *= (float)o->size[1];
	}
	__idxgenTexFetch(t, 2, u, v, 0.0f, (layer < 0 ? 0 : layer) * 6 + face, out);
}

void __idxgenTex1Dfetch(cudaTextureObject_t t, int x, struct __idxgenTexel *out)
{
	const struct cudart_texobj *o = live(t);
	size_t off = o ? (size_t)x * o->elem : 0;

	memset(out, 0, sizeof(*out));
	if (!o || x < 0 || (size_t)x >= o->size[0] || !inside(o, off))
		return;		/* no object, outside the bound size or the allocation: zero */
	for (int k = 0; k < channels(o); k++)
		load_channel(o, o->base + off, k, &out->__f[k], &out->__i[k]);
}

/* Clamp v into [0, n - 1]. */
static long clamp(long v, long n)
{
	return v < 0 ? 0 : v >= n ? n - 1 : v;
}

static void *surf_at(const struct cudart_texobj *o, int x, int y, int z, int layer, size_t size,
		     int mode)
{
	long row = (long)(o->size[0] * o->elem), at[3] = { x, y, layer >= 0 ? layer : z };
	long n[3] = { row - (long)size + 1, (long)o->size[1], (long)o->size[2] };
	bool inside = n[0] > 0;

	for (int a = 0; a < 3; a++)
		inside = inside && at[a] >= 0 && at[a] < n[a];
	if (!inside) {
		if (mode == cudaBoundaryModeTrap)
			cudart_set_sticky(cudaErrorIllegalAddress);
		if (mode != cudaBoundaryModeClamp || n[0] <= 0)
			return NULL;
		for (int a = 0; a < 3; a++)
			at[a] = clamp(at[a], n[a]);
	}
	return (char *)o->base + (size_t)at[2] * o->slice + (size_t)at[1] * o->pitch + (size_t)at[0];
}

/* A surface's element at (x, y, z | layer), NULL where the read or write goes nowhere. */
void *__idxgenSurfAt(cudaSurfaceObject_t s, int x, int y, int z, int layer, size_t size, int mode)
{
	const struct cudart_texobj *o = live(s);

	return o ? surf_at(o, x, y, z, layer, size, mode) : NULL;
}
