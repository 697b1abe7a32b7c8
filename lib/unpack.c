// SPDX-License-Identifier: MIT
/*
 * unpack.c - packed words back to (x, y, z), and the warp iterator.
 *
 * Two paths with identical results: a scalar one and an AVX2 one picked at
 * run time (__builtin_cpu_supports), so one binary runs on every x86-64 and
 * is fast where the CPU allows.  Both extract with the same masks: an axis
 * of width w gives its low min(w, 16) bits, the value truncated to the
 * 16-bit output (device outputs always fit: dimensions are 16-bit).
 */
#include <errno.h>
#include <string.h>

#include <immintrin.h>

#include "internal.h"

struct masks {
	unsigned int sy, sz;		/* shifts of y and z */
	uint32_t mx, my, mz;		/* masks applied after the shift */
};

static uint32_t width_mask(unsigned int w)
{
	uint32_t m = w >= 32 ? 0xffffffffu : (1u << w) - 1;

	return m & 0xffffu;
}

static int make_masks(struct masks *m, unsigned int word_size, unsigned int mx, unsigned int my,
		      unsigned int mz)
{
	if (word_size != 2 && word_size != 4)
		return -EINVAL;
	if (mx + my + mz > 8 * word_size)
		return -EINVAL;
	m->sy = mx;
	m->sz = mx + my;
	m->mx = width_mask(mx);
	m->my = width_mask(my);
	m->mz = width_mask(mz);
	return 0;
}

static inline uint32_t load_word(const uint8_t *p, unsigned int word_size)
{
	/* little-endian device words; memcpy is one load on x86 */
	if (word_size == 2) {
		uint16_t w;

		memcpy(&w, p, 2);
		return w;
	} else {
		uint32_t w;

		memcpy(&w, p, 4);
		return w;
	}
}

/* Shifts of up to 32 on a 32-bit word: go through 64 bits to stay defined. */
static inline uint32_t field(uint32_t w, unsigned int shift, uint32_t mask)
{
	return (uint32_t)((uint64_t)w >> shift) & mask;
}

/*
 * The common case (all three outputs wanted) as straight loops without
 * branches or aliasing, which the compiler can keep in registers (and
 * auto-vectorise with SSE2 where it does that); any NULL output goes the
 * general way.
 */
static void unpack_scalar(const uint8_t *in, unsigned int ws, const struct masks *m, size_t n,
			  uint16_t *x, uint16_t *y, uint16_t *z)
{
	const uint32_t mx = m->mx, my = m->my, mz = m->mz, sy = m->sy, sz = m->sz;
	size_t i;

	if (x && y && z && ws == 2) {
		const uint8_t *restrict src = in;
		uint16_t *restrict ox = x, *restrict oy = y, *restrict oz = z;

		for (i = 0; i < n; i++) {
			uint16_t w;

			memcpy(&w, src + i * 2, 2);
			ox[i] = (uint16_t)(w & mx);
			oy[i] = (uint16_t)((w >> sy) & my);	/* sy <= 16 < 32 */
			oz[i] = (uint16_t)((w >> sz) & mz);
		}
		return;
	}
	if (x && y && z) {
		uint16_t *restrict ox = x, *restrict oy = y, *restrict oz = z;

		for (i = 0; i < n; i++) {
			uint32_t w = load_word(in + i * 4, 4);

			ox[i] = (uint16_t)(w & m->mx);
			oy[i] = (uint16_t)field(w, m->sy, m->my);
			oz[i] = (uint16_t)field(w, m->sz, m->mz);
		}
		return;
	}
	for (i = 0; i < n; i++) {
		uint32_t w = load_word(in + i * ws, ws);

		if (x)
			x[i] = (uint16_t)(w & m->mx);
		if (y)
			y[i] = (uint16_t)field(w, m->sy, m->my);
		if (z)
			z[i] = (uint16_t)field(w, m->sz, m->mz);
	}
}

/*
 * Whole vectors of 16 words; returns how many words it did, and the caller
 * (built without AVX) unpacks the rest with the scalar path.  It must not
 * call that path itself: GCC 12 turned such a call into a tail jump with
 * the upper YMM state still dirty (no vzeroupper before a sibling call), and
 * every later SSE instruction of the thread (the kernels, libm, the host
 * program) paid the AVX-SSE transition; tests/lib/test_xstate.c checks the
 * state after every entry point.
 */
__attribute__((target("avx2")))
static size_t unpack_avx2(const uint8_t *in, unsigned int ws, const struct masks *m, size_t n,
			uint16_t *x, uint16_t *y, uint16_t *z)
{
	const __m128i sy = _mm_cvtsi32_si128((int)m->sy), sz = _mm_cvtsi32_si128((int)m->sz);
	size_t i = 0;

	if (ws == 2) {
		const __m256i vmx = _mm256_set1_epi16((short)m->mx);
		const __m256i vmy = _mm256_set1_epi16((short)m->my);
		const __m256i vmz = _mm256_set1_epi16((short)m->mz);

		/* 16 words per step; srl by >= 16 yields 0, like the scalar path */
		for (; i + 16 <= n; i += 16) {
			__m256i w = _mm256_loadu_si256((const __m256i *)(in + i * 2));

			if (x)
				_mm256_storeu_si256((__m256i *)(x + i), _mm256_and_si256(w, vmx));
			if (y)
				_mm256_storeu_si256((__m256i *)(y + i),
						    _mm256_and_si256(_mm256_srl_epi16(w, sy), vmy));
			if (z)
				_mm256_storeu_si256((__m256i *)(z + i),
						    _mm256_and_si256(_mm256_srl_epi16(w, sz), vmz));
		}
	} else {
		const __m256i vmx = _mm256_set1_epi32((int)m->mx);
		const __m256i vmy = _mm256_set1_epi32((int)m->my);
		const __m256i vmz = _mm256_set1_epi32((int)m->mz);

		/*
		 * 16 words per step in two vectors of eight; the masked values
		 * fit 16 bits, so the saturating pack is exact.  packus works
		 * per 128-bit lane: the permute restores word order.
		 */
#define PACK(a, b) _mm256_permute4x64_epi64(_mm256_packus_epi32((a), (b)), 0xd8)
		for (; i + 16 <= n; i += 16) {
			__m256i a = _mm256_loadu_si256((const __m256i *)(in + i * 4));
			__m256i b = _mm256_loadu_si256((const __m256i *)(in + i * 4 + 32));

			if (x)
				_mm256_storeu_si256((__m256i *)(x + i),
						    PACK(_mm256_and_si256(a, vmx), _mm256_and_si256(b, vmx)));
			if (y)
				_mm256_storeu_si256((__m256i *)(y + i),
						    PACK(_mm256_and_si256(_mm256_srl_epi32(a, sy), vmy),
							 _mm256_and_si256(_mm256_srl_epi32(b, sy), vmy)));
			if (z)
				_mm256_storeu_si256((__m256i *)(z + i),
						    PACK(_mm256_and_si256(_mm256_srl_epi32(a, sz), vmz),
							 _mm256_and_si256(_mm256_srl_epi32(b, sz), vmz)));
		}
#undef PACK
	}
	return i;
}

static int have_avx2(void)
{
	static int cached = -1;	/* benign race: every thread computes the same value */

	if (cached < 0) {
		__builtin_cpu_init();
		cached = __builtin_cpu_supports("avx2") ? 1 : 0;
	}
	return cached;
}

int idxgen_unpack_best_path(void)
{
	return have_avx2() ? IDXGEN_UNPACK_AVX2 : IDXGEN_UNPACK_SCALAR;
}

int idxgen_unpack_words_path(int path, const void *words, unsigned int word_size,
			     unsigned int mx, unsigned int my, unsigned int mz,
			     size_t count, uint16_t *x, uint16_t *y, uint16_t *z)
{
	struct masks m;
	size_t done;
	int ret;

	if (!words && count)
		return -EINVAL;
	ret = make_masks(&m, word_size, mx, my, mz);
	if (ret)
		return ret;
	if (path == IDXGEN_UNPACK_AUTO)
		path = idxgen_unpack_best_path();
	switch (path) {
	case IDXGEN_UNPACK_SCALAR:
		unpack_scalar(words, word_size, &m, count, x, y, z);
		return 0;
	case IDXGEN_UNPACK_AVX2:
		if (!have_avx2())
			return -ENOTSUP;
		done = unpack_avx2(words, word_size, &m, count, x, y, z);
		if (done < count)
			unpack_scalar((const uint8_t *)words + done * word_size, word_size, &m,
				      count - done, x ? x + done : NULL, y ? y + done : NULL,
				      z ? z + done : NULL);
		return 0;
	}
	return -EINVAL;
}

int idxgen_unpack_words(const void *words, unsigned int word_size,
			unsigned int mx, unsigned int my, unsigned int mz,
			size_t count, uint16_t *x, uint16_t *y, uint16_t *z)
{
	return idxgen_unpack_words_path(IDXGEN_UNPACK_AUTO, words, word_size, mx, my, mz,
					count, x, y, z);
}

int idxgen_config_unpack(const struct idxgen_config *cfg, const void *region_map,
			 uint64_t first, size_t count, uint16_t *x, uint16_t *y, uint16_t *z)
{
	uint64_t threads;

	if (!cfg || !region_map || !cfg->word_size)
		return -EINVAL;
	threads = idxgen_config_threads(cfg);
	if (first > threads || count > threads - first)
		return -EINVAL;
	return idxgen_unpack_words((const uint8_t *)region_map + cfg->offset + first * cfg->word_size,
				   cfg->word_size, cfg->mx, cfg->my, cfg->mz, count, x, y, z);
}

int idxgen_warp_iter_init(struct idxgen_warp_iter *it, const struct idxgen_config *cfg,
			  const void *region_map)
{
	if (!it || !cfg || !region_map)
		return -EINVAL;
	if (!cfg->c || cfg->c > IDXGEN_MAX_WARP || (cfg->word_size != 2 && cfg->word_size != 4))
		return -EINVAL;
	memset(it, 0, sizeof(*it));
	it->base = (const uint8_t *)region_map + cfg->offset;
	it->threads = idxgen_config_threads(cfg);
	it->c = cfg->c;
	it->word_size = cfg->word_size;
	it->mx = cfg->mx;
	it->my = cfg->my;
	it->mz = cfg->mz;
	it->warp = UINT64_MAX;	/* the first idxgen_warp_next() makes it 0 */
	return 0;
}

bool idxgen_warp_next(struct idxgen_warp_iter *it)
{
	uint64_t left;

	if (!it || !it->base || it->next >= it->threads)
		return false;
	left = it->threads - it->next;
	it->count = left < it->c ? (unsigned int)left : it->c;
	it->first = it->next;
	it->warp++;
	idxgen_unpack_words(it->base + it->next * it->word_size, it->word_size, it->mx, it->my,
			    it->mz, it->count, it->x, it->y, it->z);
	it->next += it->count;
	return true;
}
