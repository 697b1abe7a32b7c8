/* SPDX-License-Identifier: MIT */
/*
 * test_fw.c - the firmware image checker (igm_fw_check) and CRC-32.
 *
 * Images are built here byte by byte (independently of fw/idxgen-fwtool);
 * the image the tool built from fw/idxgen-fw.txt is passed as argv[1] and
 * must be byte-identical to the one built here from the same values.
 *
 * The checker parses guest-supplied bytes inside QEMU, so besides the
 * targeted cases there is a fuzz loop: random mutations of good images,
 * each copied into a buffer of exactly its length so that AddressSanitizer
 * (make check-asan) catches any read past the end.  IDXGEN_FUZZ_ITERS sets
 * the number of iterations (default 20000).
 *
 * Tests register themselves (TAP_TEST): "test_fw [IMAGE] -l" lists them,
 * "-t NAME" runs one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_model.h"
#include "tap.h"

#define HDR	64
#define REC	4
#define PRM	20

/* Parameters the default image carries (fw/idxgen-fw.txt). */
#define DEF_VERSION	IDXGEN_FW_VERSION(1, 0, 0)
#define DEF_NAME	"idxgen-default"
#define DEF_FEATURES	(0x1fu | IDXGEN_FEAT_SCHED_ORDERS)

struct img {
	uint8_t b[4096];
	size_t len;
};

static void w16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void w32(uint8_t *p, uint32_t v)
{
	w16(p, v);
	w16(p + 2, v >> 16);
}

static void img_start(struct img *m, uint32_t version, const char *name)
{
	memset(m, 0, sizeof(*m));
	w32(m->b + 0, IDXGEN_FW_MAGIC);
	w16(m->b + 4, IDXGEN_FW_FORMAT_VERSION);
	w16(m->b + 6, HDR);
	w32(m->b + 8, version);
	memcpy(m->b + 24, name, strlen(name) < 24 ? strlen(name) : 24);
	m->len = HDR;
}

/* Append a record: type, len, data, zero padding to 4 bytes. */
static void img_rec(struct img *m, uint32_t type, const void *data, uint32_t len)
{
	w16(m->b + m->len, type);
	w16(m->b + m->len + 2, len);
	if (len)
		memcpy(m->b + m->len + REC, data, len);
	m->len += REC + ((len + 3u) & ~3u);
}

static void params(uint8_t *p, uint32_t threads, uint32_t dx, uint32_t dy, uint32_t dz,
		   uint32_t hist, uint32_t features)
{
	memset(p, 0, PRM);
	w32(p + 0, threads);
	w16(p + 4, dx);
	w16(p + 6, dy);
	w16(p + 8, dz);
	w16(p + 10, hist);
	w32(p + 12, features);
}

/* Fix payload_len and the CRC (over the image with the CRC field zero). */
static void img_seal(struct img *m)
{
	w32(m->b + 12, (uint32_t)(m->len - HDR));
	w32(m->b + 16, 0);
	w32(m->b + 16, igm_crc32(0, m->b, m->len));
}

static void recrc(struct img *m)
{
	w32(m->b + 16, 0);
	w32(m->b + 16, igm_crc32(0, m->b, m->len));
}

/* The default image: header, PARAMS, SCHED_TABLE (the model's default table), END. */
static void img_default(struct img *m)
{
	uint8_t p[PRM], t[4 + 24 * IGM_SCHED_DEFAULT_COUNT];
	unsigned int i;

	img_start(m, DEF_VERSION, DEF_NAME);
	params(p, IDXGEN_HW_MAX_THREADS, 65535, 65535, 65535, 16, DEF_FEATURES);
	img_rec(m, IDXGEN_FW_REC_PARAMS, p, PRM);
	memset(t, 0, sizeof(t));
	w16(t, IGM_SCHED_DEFAULT_COUNT);
	for (i = 0; i < IGM_SCHED_DEFAULT_COUNT; i++) {
		const struct igm_sched_cfg *e = &igm_sched_default[i];
		uint8_t *q = t + 4 + 24 * i;

		q[0] = (uint8_t)e->order;
		w16(q + 2, e->granularity);
		w32(q + 4, e->stride);
		w16(q + 8, e->tile_w);
		w16(q + 10, e->tile_h);
		memcpy(q + 12, e->name, strlen(e->name));
	}
	img_rec(m, IDXGEN_FW_REC_SCHED_TABLE, t, sizeof(t));
	img_rec(m, IDXGEN_FW_REC_END, NULL, 0);
	img_seal(m);
}

/* Check a copy of exactly m->len bytes (so ASan sees any over-read). */
static int check(const struct img *m, const struct igm_limits *hw, uint32_t hist,
		 struct igm_fw_info *fi)
{
	uint8_t *copy = malloc(m->len ? m->len : 1);
	int st;

	memcpy(copy, m->b, m->len);
	st = igm_fw_check(copy, m->len, hw, hist, fi);
	free(copy);
	return st;
}

static void expect(const struct img *m, int want, const char *what)
{
	int st = check(m, NULL, 0, NULL);

	tap_ok(st == want, "%s: %s (got %s)", what, igm_fw_status_name(want),
	       igm_fw_status_name(st));
}

TAP_TEST(crc)
{
	uint8_t buf[1000];
	uint32_t one, parts;
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	one = igm_crc32(0, buf, sizeof(buf));
	parts = igm_crc32(igm_crc32(igm_crc32(0, buf, 1), buf + 1, 500), buf + 501, 499);
	tap_ok(igm_crc32(0, "123456789", 9) == 0xcbf43926u && igm_crc32(0, "", 0) == 0 &&
		       igm_crc32(0, "a", 1) == 0xe8b7be43u,
	       "crc32: CRC-32/IEEE check values (zlib-compatible)");
	tap_ok(one == parts, "crc32: incremental equals one-shot");
}

/* The image idxgen-fwtool built (the program's argument), or NULL. */
static const char *tool_image;

TAP_TEST(good)
{
	struct img m, t;
	struct igm_fw_info fi;
	uint8_t p[PRM];
	int st;

	img_default(&m);
	memset(&fi, 0xee, sizeof(fi));
	st = check(&m, NULL, 0, &fi);
	tap_ok(st == IDXGEN_FW_OK && fi.version == DEF_VERSION && !strcmp(fi.name, DEF_NAME) &&
		       fi.max_threads == IDXGEN_HW_MAX_THREADS && fi.max_dim[0] == 65535 &&
		       fi.max_dim[1] == 65535 && fi.max_dim[2] == 65535 && fi.hist_entries == 16 &&
		       fi.features == DEF_FEATURES && fi.sched_count == 14 &&
		       !strcmp(fi.sched[13].name, "hilbert"),
	       "good image built in-test: OK, every field decoded (%s)", igm_fw_status_name(st));
	tap_ok(igm_fw_check(m.b, m.len, NULL, 0, NULL) == IDXGEN_FW_OK,
	       "good image with info = NULL");
	{
		/* the checker reads bytewise: an odd address is fine */
		static uint8_t odd[sizeof(m.b) + 1];

		memcpy(odd + 1, m.b, m.len);
		tap_ok(igm_fw_check(odd + 1, m.len, NULL, 0, NULL) == IDXGEN_FW_OK,
		       "good image at an unaligned address");
	}

	/* the tool's image from fw/idxgen-fw.txt */
	if (!tool_image) {
		tap_ok(0, "tool-built image: no path given (test_fw IMAGE)");
	} else {
		FILE *f = fopen(tool_image, "rb");

		memset(&t, 0, sizeof(t));
		if (f) {
			t.len = fread(t.b, 1, sizeof(t.b), f);
			fclose(f);
		}
		st = f ? check(&t, NULL, 0, &fi) : -1;
		tap_ok(st == IDXGEN_FW_OK, "tool-built image %s: %s", tool_image,
		       f ? igm_fw_status_name(st) : "cannot open");
		tap_ok(t.len == m.len && !memcmp(t.b, m.b, m.len),
		       "tool-built image is byte-identical to the in-test default image");
	}

	/* a minimal image: PARAMS only, no END; limits of 1 */
	img_start(&m, IDXGEN_FW_VERSION(65535u, 255u, 255u), "");
	params(p, 1, 1, 1, 1, 1, IDXGEN_FEAT_WORD32);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	st = check(&m, NULL, 0, &fi);
	tap_ok(st == IDXGEN_FW_OK && fi.version == 0xffffffffu && fi.name[0] == 0 &&
		       fi.max_threads == 1 && fi.hist_entries == 1,
	       "minimal image (no END record, every limit 1, empty name): OK");

	/* a name using all 24 bytes, not NUL-terminated in the image */
	img_start(&m, DEF_VERSION, "abcdefghijklmnopqrstuvwx");
	params(p, 1024, 1024, 1024, 64, 64, 0xffffffffu);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	st = check(&m, NULL, 0, &fi);
	tap_ok(st == IDXGEN_FW_OK && !strcmp(fi.name, "abcdefghijklmnopqrstuvwx") &&
		       fi.features == 0xffffffffu && fi.hist_entries == 64,
	       "24-character name, all feature bits (masked by the device), 64 entries: OK");
}

TAP_TEST(header)
{
	struct img m, g;
	size_t n;
	int bad = 0;

	img_default(&g);

	/* truncated */
	for (n = 0; n < g.len; n++) {
		m = g;
		m.len = n;
		bad += check(&m, NULL, 0, NULL) != (n < HDR ? IDXGEN_FW_ERR_SIZE : IDXGEN_FW_ERR_LENGTH);
	}
	tap_ok(!bad, "truncated to every length 0..%zu: ERR_SIZE below 64 bytes, else ERR_LENGTH",
	       g.len - 1);
	tap_ok(igm_fw_check(NULL, 100, NULL, 0, NULL) == IDXGEN_FW_ERR_SIZE,
	       "NULL image: ERR_SIZE");
	{
		uint8_t *big = calloc(1, IDXGEN_FW_MAX_SIZE + 1);

		memcpy(big, g.b, g.len);
		tap_ok(igm_fw_check(big, IDXGEN_FW_MAX_SIZE + 1, NULL, 0, NULL) ==
			       IDXGEN_FW_ERR_SIZE,
		       "image over IDXGEN_FW_MAX_SIZE: ERR_SIZE");
		/* the largest legal size: unknown record padding the payload out */
		w16(big + g.len - REC, 0x7fff);
		w16(big + g.len - REC + 2, 0);
		{
			size_t len = IDXGEN_FW_MAX_SIZE, off = g.len - REC;

			/* fill with 0xffff-byte unknown records, then one to the end */
			while (len - off > REC + 0xfffcu) {
				w16(big + off, 0x7fff);
				w16(big + off + 2, 0xfffc);
				off += REC + 0xfffc;
			}
			w16(big + off, 0x7fff);
			w16(big + off + 2, (uint32_t)(len - off - REC));
			w32(big + 12, (uint32_t)(len - HDR));
			w32(big + 16, 0);
			w32(big + 16, igm_crc32(0, big, len));
			tap_ok(igm_fw_check(big, len, NULL, 0, NULL) == IDXGEN_FW_OK,
			       "1 MiB image of unknown records after PARAMS: OK");
		}
		free(big);
	}

	m = g;
	m.b[0] ^= 1;
	expect(&m, IDXGEN_FW_ERR_MAGIC, "bad magic");
	m = g;
	memcpy(m.b, "IXFX", 4);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_MAGIC, "bad magic, valid CRC");
	m = g;
	w32(m.b, 0x49584657);	/* byte-swapped magic: a big-endian writer */
	expect(&m, IDXGEN_FW_ERR_MAGIC, "byte-swapped magic");

	m = g;
	w16(m.b + 4, 2);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_FORMAT, "format version 2");
	m = g;
	w16(m.b + 4, 0);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_FORMAT, "format version 0");
	m = g;
	w16(m.b + 6, 128);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_FORMAT, "header_size 128");
	m = g;
	w16(m.b + 6, 60);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_FORMAT, "header_size 60");
	m = g;
	w32(m.b + 20, 1);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_FORMAT, "header flags != 0");
	m = g;
	m.b[63] = 1;
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_FORMAT, "header rsvd[3] != 0");

	m = g;
	w32(m.b + 12, (uint32_t)(g.len - HDR + 4));
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_LENGTH, "payload_len 4 more than the image");
	m = g;
	w32(m.b + 12, (uint32_t)(g.len - HDR - 4));
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_LENGTH, "payload_len 4 less than the image");
	m = g;
	w32(m.b + 12, 0xffffffffu);
	recrc(&m);
	expect(&m, IDXGEN_FW_ERR_LENGTH, "payload_len 0xffffffff (no wrap-around)");
	m = g;
	m.len += 4;
	expect(&m, IDXGEN_FW_ERR_LENGTH, "4 trailing bytes not in payload_len");

	m = g;
	m.b[16] ^= 0x80;
	expect(&m, IDXGEN_FW_ERR_CRC, "bad CRC field");
	m = g;
	m.b[HDR + 6] ^= 1;
	expect(&m, IDXGEN_FW_ERR_CRC, "payload byte flipped");
	m = g;
	m.b[30] ^= 1;
	expect(&m, IDXGEN_FW_ERR_CRC, "name byte flipped");
	m = g;
	m.b[9] ^= 1;
	expect(&m, IDXGEN_FW_ERR_CRC, "fw_version byte flipped");
	{
		int all = 1;
		size_t bit;

		for (bit = 0; bit < g.len * 8; bit++) {
			m = g;
			m.b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			all &= check(&m, NULL, 0, NULL) != IDXGEN_FW_OK;
		}
		tap_ok(all, "every single-bit flip of the default image is rejected");
	}
}

TAP_TEST(records)
{
	struct img m;
	struct igm_fw_info fi;
	struct igm_limits hw;
	uint8_t p[PRM], junk[40];
	int st;

#define WITH_PARAMS(th, x, y, z, h, f, what)                                                      \
	do {                                                                                      \
		img_start(&m, DEF_VERSION, "t");                                                  \
		params(p, th, x, y, z, h, f);                                                     \
		img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);                                        \
		img_seal(&m);                                                                     \
		expect(&m, IDXGEN_FW_ERR_PARAMS, what);                                           \
	} while (0)

	WITH_PARAMS(0, 1, 1, 1, 1, 3, "max_threads 0");
	WITH_PARAMS(IDXGEN_HW_MAX_THREADS + 1, 1, 1, 1, 1, 3, "max_threads above the hardware");
	WITH_PARAMS(64, 0, 1, 1, 1, 3, "max_dim_x 0");
	WITH_PARAMS(64, 1, 0, 1, 1, 3, "max_dim_y 0");
	WITH_PARAMS(64, 1, 1, 0, 1, 3, "max_dim_z 0");
	WITH_PARAMS(64, 1, 1, 1, 0, 3, "hist_entries 0");
	WITH_PARAMS(64, 1, 1, 1, IDXGEN_HW_MAX_HIST + 1, 3, "hist_entries above the hardware");
	WITH_PARAMS(64, 1, 1, 1, 1, 0, "features 0");
	WITH_PARAMS(64, 1, 1, 1, 1, IDXGEN_FEAT_INCREMENTAL | IDXGEN_FEAT_DEBUG,
		    "features without a word size");

	img_start(&m, DEF_VERSION, "t");
	params(p, 64, 1, 1, 1, 1, 3);
	w32(p + 16, 1);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "params rsvd != 0");

	/* limits of a smaller device */
	igm_limits_default(&hw);
	hw.max_threads = 4096;
	hw.max_dim[1] = 100;
	hw.features = IDXGEN_FEAT_WORD32;
	img_default(&m);
	tap_ok(check(&m, &hw, 16, NULL) == IDXGEN_FW_ERR_PARAMS,
	       "default image on a device with smaller maxima: ERR_PARAMS");
	img_start(&m, DEF_VERSION, "t");
	params(p, 4096, 65535, 100, 65535, 8, IDXGEN_FEAT_WORD32 | IDXGEN_FEAT_DEBUG);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	st = check(&m, &hw, 8, &fi);
	tap_ok(st == IDXGEN_FW_OK && fi.max_dim[1] == 100 && fi.hist_entries == 8,
	       "image within a smaller device's maxima: OK");
	tap_ok(check(&m, &hw, 7, NULL) == IDXGEN_FW_ERR_PARAMS,
	       "hist_entries above the device's history size: ERR_PARAMS");
	img_start(&m, DEF_VERSION, "t");
	params(p, 4096, 65535, 100, 65535, 8, IDXGEN_FEAT_WORD16);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	tap_ok(check(&m, &hw, 8, NULL) == IDXGEN_FW_ERR_PARAMS,
	       "only a word size the device lacks: ERR_PARAMS");

	/* record structure */
	params(p, 64, 1, 1, 1, 1, 3);
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_END, NULL, 0);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "no PARAMS record (END only)");
	img_start(&m, DEF_VERSION, "t");
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "empty payload");
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "two PARAMS records");
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM - 4);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "PARAMS record of 16 bytes");
	memset(junk, 0, sizeof(junk));
	memcpy(junk, p, PRM);
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_PARAMS, junk, PRM + 4);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "PARAMS record of 24 bytes");
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_END, NULL, 0);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "PARAMS after END is not read");
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	m.b[m.len] = 9;		/* 2 stray bytes: a truncated record header */
	m.len += 2;
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "truncated record header after PARAMS");
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_rec(&m, 0x55, junk, 8);
	w16(m.b + m.len - 8 - 2, 9);	/* says 9 bytes (12 padded), 8 present */
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "record running past the end");
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_rec(&m, 0x55, junk, 8);
	w16(m.b + m.len - 8 - 2, 0xffff);
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "record length 0xffff in a short image");

	/* unknown records are skipped, before and after PARAMS, any length */
	img_start(&m, IDXGEN_FW_VERSION(1, 2, 3), "newer");
	img_rec(&m, 0x1234, junk, 5);
	img_rec(&m, 0xffff, NULL, 0);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_rec(&m, 0x7777, junk, 1);
	img_rec(&m, IDXGEN_FW_REC_END, NULL, 0);
	memcpy(m.b + m.len, "after END: ignored", 18);
	m.len += 18;
	img_seal(&m);
	st = check(&m, NULL, 0, &fi);
	tap_ok(st == IDXGEN_FW_OK && fi.version == IDXGEN_FW_VERSION(1, 2, 3) &&
		       fi.max_threads == 64 && !strcmp(fi.name, "newer"),
	       "unknown records skipped, bytes after END ignored: OK (%s)",
	       igm_fw_status_name(st));
	img_start(&m, DEF_VERSION, "t");
	img_rec(&m, 0x1234, junk, 3);
	m.len -= 1;	/* 3 data bytes, padding missing: record runs past the end */
	img_seal(&m);
	expect(&m, IDXGEN_FW_ERR_PARAMS, "last record without its padding");
#undef WITH_PARAMS
}

/* Random mutations; all that matters is: no crash, no over-read, sane results. */
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (uint32_t)(rng % n) : 0;
}

TAP_TEST(fuzz)
{
	const char *env = getenv("IDXGEN_FUZZ_ITERS");
	long iters = env ? atol(env) : 20000;
	long i, counts[16] = { 0 }, insane = 0;
	struct img g, m;

	img_default(&g);
	for (i = 0; i < iters; i++) {
		struct igm_fw_info fi;
		int k, nmut = 1 + (int)rnd(4), st;

		if (rnd(3) == 0) {
			/* a random record list (valid header), to reach the walker */
			uint8_t p[PRM + 4] = { 0 };	/* a PARAMS record may be up to 23 bytes */
			int r, nrec = (int)rnd(6);

			img_start(&m, DEF_VERSION, "fuzz");
			for (r = 0; r < nrec && m.len < 3000; r++) {
				uint8_t data[64];

				for (k = 0; k < 64; k++)
					data[k] = (uint8_t)rnd(256);
				if (rnd(2)) {
					params(p, 1 + rnd(IDXGEN_HW_MAX_THREADS + 2), rnd(65536),
					       rnd(65536), rnd(65536), rnd(70), rnd(64));
					img_rec(&m, IDXGEN_FW_REC_PARAMS, p, rnd(4) ? PRM : rnd(24));
				} else {
					img_rec(&m, rnd(4), data, rnd(64));
				}
			}
			img_seal(&m);
		} else {
			m = g;
		}
		for (k = 0; k < nmut; k++) {
			switch (rnd(6)) {
			case 0: /* flip a bit */
				m.b[rnd((uint32_t)m.len)] ^= (uint8_t)(1u << rnd(8));
				break;
			case 1: /* set a byte */
				m.b[rnd((uint32_t)m.len)] = (uint8_t)rnd(256);
				break;
			case 2: /* truncate */
				m.len = rnd((uint32_t)m.len + 1);
				break;
			case 3: /* extend with random bytes */
				for (int e = (int)rnd(40); e > 0 && m.len < sizeof(m.b); e--)
					m.b[m.len++] = (uint8_t)rnd(256);
				break;
			case 4: /* a record length field in the payload */
				if (m.len > HDR + 4)
					w16(m.b + HDR + 2 + 4 * rnd((uint32_t)(m.len - HDR - 2) / 4),
					    rnd(4) ? rnd(80) : 0xffff);
				break;
			default: /* payload_len */
				if (m.len >= HDR)
					w32(m.b + 12, rnd(2) ? (uint32_t)(m.len - HDR) : rng >> 32);
				break;
			}
		}
		/* often make the header consistent again so the records get parsed */
		if (m.len >= HDR && rnd(2)) {
			w32(m.b + 12, (uint32_t)(m.len - HDR));
			recrc(&m);
		}
		st = check(&m, NULL, 0, &fi);
		if (st < 0 || st > 15) {
			insane++;
			continue;
		}
		counts[st]++;
		if (st == IDXGEN_FW_OK &&
		    (fi.max_threads < 1 || fi.max_threads > IDXGEN_HW_MAX_THREADS ||
		     fi.max_dim[0] < 1 || fi.max_dim[1] < 1 || fi.max_dim[2] < 1 ||
		     fi.hist_entries < 1 || fi.hist_entries > IDXGEN_HW_MAX_HIST ||
		     fi.name[24] != 0))
			insane++;
	}
	tap_diag("fuzz statuses: OK %ld, SIZE %ld, MAGIC %ld, FORMAT %ld, LENGTH %ld, CRC %ld, "
		 "PARAMS %ld",
		 counts[IDXGEN_FW_OK], counts[IDXGEN_FW_ERR_SIZE], counts[IDXGEN_FW_ERR_MAGIC],
		 counts[IDXGEN_FW_ERR_FORMAT], counts[IDXGEN_FW_ERR_LENGTH],
		 counts[IDXGEN_FW_ERR_CRC], counts[IDXGEN_FW_ERR_PARAMS]);
	tap_ok(insane == 0 && counts[IDXGEN_FW_ERR_PARAMS] > 0 && counts[IDXGEN_FW_OK] > 0,
	       "fuzz: %ld random mutations, no crash, every result a valid status and every "
	       "accepted image within limits",
	       iters);
}

/* ------------------------------------------------------------------ */
/* SCHED_TABLE record (issue 9)                                        */
/* ------------------------------------------------------------------ */

#define SE 24

/* One entry: order, granularity, stride, tile w/h, name (copied as is, up to 12). */
static void sentry(uint8_t *e, uint32_t order, uint32_t gran, uint32_t stride, uint32_t tw,
		   uint32_t th, const char *name)
{
	memset(e, 0, SE);
	e[0] = (uint8_t)order;
	w16(e + 2, gran);
	w32(e + 4, stride);
	w16(e + 8, tw);
	w16(e + 10, th);
	memcpy(e + 12, name, strlen(name) < 12 ? strlen(name) : 12);
}

/* A table of n entries: sequential, zigzag, hilbert, tiled:8x8, strided:4,32 repeating. */
static uint32_t stable(uint8_t *t, uint32_t n)
{
	uint32_t i;

	w16(t, n);
	w16(t + 2, 0);
	for (i = 0; i < n; i++) {
		uint8_t *e = t + 4 + SE * i;

		switch (i % 5) {
		case 0: sentry(e, IDXGEN_ORDER_SEQUENTIAL, 0, 0, 0, 0, "sequential"); break;
		case 1: sentry(e, IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0, "zigzag"); break;
		case 2: sentry(e, IDXGEN_ORDER_HILBERT, 0, 0, 0, 0, "hilbert"); break;
		case 3: sentry(e, IDXGEN_ORDER_TILED, 0, 0, 8, 8, "tiled:8x8"); break;
		default: sentry(e, IDXGEN_ORDER_STRIDED, 32, 4, 0, 0, "strided:4,32"); break;
		}
	}
	return 4 + SE * n;
}

/* Image: PARAMS (features), then the table t of tlen bytes (and a second one if twice). */
static int sched_img(const uint8_t *t, uint32_t tlen, uint32_t features, int twice,
		     struct igm_fw_info *fi)
{
	struct img m;
	uint8_t p[PRM];

	img_start(&m, DEF_VERSION, "sched");
	params(p, IDXGEN_HW_MAX_THREADS, 65535, 65535, 65535, 16, features);
	img_rec(&m, IDXGEN_FW_REC_PARAMS, p, PRM);
	img_rec(&m, IDXGEN_FW_REC_SCHED_TABLE, t, tlen);
	if (twice)
		img_rec(&m, IDXGEN_FW_REC_SCHED_TABLE, t, tlen);
	img_seal(&m);
	return check(&m, NULL, 0, fi);
}

TAP_TEST(sched_table)
{
	const uint32_t feat = DEF_FEATURES | IDXGEN_FEAT_SCHED_ORDERS;
	struct igm_fw_info fi;
	uint8_t t[4 + SE * 16];
	uint32_t len;
	int st, i;
	static const struct {
		const char *what;
		uint32_t order, gran, stride, tw, th;
		const char *name;
	} badent[] = {
		{ "unknown order 5", 5, 0, 0, 0, 0, "x" },
		{ "sequential with a stride", 0, 0, 2, 0, 0, "seq" },
		{ "strided with stride 0", 1, 4, 0, 0, 0, "s0" },
		{ "strided with granularity 0", 1, 0, 4, 0, 0, "g0" },
		{ "tiled 0x8", 3, 0, 0, 0, 8, "t0" },
		{ "hilbert with a tile", 4, 0, 0, 8, 8, "h" },
		{ "empty name", 4, 0, 0, 0, 0, "" },
		{ "upper-case name", 4, 0, 0, 0, 0, "Hilbert" },
		{ "name with a space", 4, 0, 0, 0, 0, "hil bert" },
	};

	len = stable(t, 15);
	st = sched_img(t, len, feat, 0, &fi);
	tap_ok(st == IDXGEN_FW_OK && fi.sched_count == 15 &&
	       !strcmp(fi.sched[3].name, "tiled:8x8") && fi.sched[3].tile_w == 8 &&
	       fi.sched[4].stride == 4 && fi.sched[4].granularity == 32 &&
	       fi.sched[2].order == IDXGEN_ORDER_HILBERT,
	       "table of 15 entries loads and decodes (%s)", igm_fw_status_name(st));
	len = stable(t, 1);
	tap_ok(sched_img(t, len, feat, 0, &fi) == IDXGEN_FW_OK && fi.sched_count == 1,
	       "table of 1 entry loads");
	/* name of exactly 12 characters: no NUL needed */
	sentry(t + 4, IDXGEN_ORDER_HILBERT, 0, 0, 0, 0, "hilbert_abcd");
	tap_ok(sched_img(t, len, feat, 0, &fi) == IDXGEN_FW_OK &&
	       !strcmp(fi.sched[0].name, "hilbert_abcd"), "12-character name without NUL loads");

#define BAD(cond_setup, what)                                                              \
	do {                                                                               \
		cond_setup;                                                                \
		st = sched_img(t, len, feat, 0, NULL);                                    \
		tap_ok(st == IDXGEN_FW_ERR_SCHED, "table %s: ERR_SCHED (got %s)", what,    \
		       igm_fw_status_name(st));                                          \
	} while (0)
	BAD((len = stable(t, 3), w16(t, 0)), "count 0");
	BAD((len = 4 + SE * 16, stable(t, 16)), "of 16 entries");
	BAD((len = stable(t, 3), w16(t, 4)), "count 4, 3 entries present");
	BAD((len = stable(t, 3), w16(t + 2, 1)), "rsvd != 0");
	BAD((len = stable(t, 3) + 4), "4 bytes longer than its entries");
	BAD((len = 2), "of 2 bytes");
	BAD((len = stable(t, 3), t[4 + SE + 1] = 1), "entry rsvd != 0");
	BAD((len = stable(t, 3), t[4 + 12 + 3] = 0, t[4 + 12 + 4] = 'a'), "name with a hole");
	for (i = 0; i < (int)(sizeof(badent) / sizeof(badent[0])); i++)
		BAD((len = stable(t, 3),
		     sentry(t + 4 + SE, badent[i].order, badent[i].gran, badent[i].stride,
			    badent[i].tw, badent[i].th, badent[i].name)),
		    badent[i].what);
#undef BAD
	len = stable(t, 3);
	st = sched_img(t, len, feat, 1, NULL);
	tap_ok(st == IDXGEN_FW_ERR_SCHED, "two table records: ERR_SCHED (got %s)",
	       igm_fw_status_name(st));
	st = sched_img(t, len, DEF_FEATURES & ~IDXGEN_FEAT_SCHED_ORDERS, 0, NULL);
	tap_ok(st == IDXGEN_FW_ERR_SCHED, "table without FEAT_SCHED_ORDERS: ERR_SCHED (got %s)",
	       igm_fw_status_name(st));
}

int main(int argc, char **argv)
{
	/* The tool's image comes first; the options of tap_main() follow. */
	if (argc > 1 && argv[1][0] != '-') {
		tool_image = argv[1];
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	return tap_main(argc, argv);
}
