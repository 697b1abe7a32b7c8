/* SPDX-License-Identifier: MIT */
/*
 * test_uq.c - the user-queue window check (qemu-device/model/idxgen_uq.c)
 * against a reference that looks at every byte of a job's output: a job
 * may run if one window covers each of its bytes and allows its word
 * size, shared flag and lock.  Directed edges (first byte, last byte,
 * 4 GiB - 1 end, zero-sized and invalid windows) and random tables.
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <stdlib.h>
#include <string.h>

#include "idxgen_uq.h"
#include "tap.h"

#define W IDXGEN_UQ_WINDOWS

static struct igm_job job(uint64_t target, uint32_t dx, uint32_t ws, int shared)
{
	struct igm_job j;

	memset(&j, 0, sizeof(j));
	j.target = target;
	j.dx = dx;
	j.dy = j.dz = 1;
	j.word_size = ws;
	j.flags = shared ? IDXGEN_DESC_F_SHARED : 0;
	return j;
}

/* Reference: per window, every output byte inside, then the stages. */
static int ref_check(const struct igm_uq_window *w, const struct igm_job *j, uint32_t held)
{
	uint64_t len = (uint64_t)j->dx * j->dy * j->dz * j->word_size;
	int best = 0;		/* 0 none, 1 word/shared, 2 lock */

	for (unsigned int i = 0; i < W; i++) {
		int inside = (w[i].flags & IDXGEN_UQW_F_VALID) && len > 0;

		for (uint64_t b = 0; inside && b < len; b++) {
			uint64_t a = j->target + b;

			inside = a >= w[i].base && a < (uint64_t)w[i].base + w[i].size;
		}
		if (!inside)
			continue;
		if (!(w[i].flags & (j->word_size == 2 ? IDXGEN_UQW_F_WORD16 : IDXGEN_UQW_F_WORD32)) ||
		    !!(j->flags & IDXGEN_DESC_F_SHARED) != !!(w[i].flags & IDXGEN_UQW_F_SHARED)) {
			best = best > 1 ? best : 1;
			continue;
		}
		if ((w[i].flags & IDXGEN_UQW_F_LOCK) &&
		    !(held >> ((w[i].flags >> IDXGEN_UQW_F_LOCK_SHIFT) & 7) & 1)) {
			best = 2;
			continue;
		}
		return IDXGEN_CPL_OK;
	}
	return best == 2 ? IDXGEN_CPL_UQ_LOCK :
	       best == 1 ? IDXGEN_CPL_UQ_WORD_SIZE : IDXGEN_CPL_UQ_NO_WINDOW;
}

/* Edges, one after the other on one table (-t directed). */
TAP_TEST(directed)
{
	struct igm_uq_window w[W];
	struct igm_job j;
	const uint32_t rw = IDXGEN_UQW_F_VALID | IDXGEN_UQW_F_WORD16 | IDXGEN_UQW_F_WORD32;

	memset(w, 0, sizeof(w));
	j = job(0x1000, 8, 2, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_NO_WINDOW, "empty table: no window");
	w[3] = (struct igm_uq_window){ 0x1000, 16, rw };
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_OK, "exactly the window");
	j = job(0x1002, 8, 2, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_NO_WINDOW, "last word past the end");
	j = job(0xffe, 8, 2, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_NO_WINDOW, "first word before the start");
	w[3].size = 0;
	j = job(0x1000, 1, 2, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_NO_WINDOW, "a 0-byte window holds nothing");
	w[3] = (struct igm_uq_window){ 0xfffff000u, 0xfffu, rw };
	j = job(0xffffff00u, 0x7f, 2, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_OK, "window ending at 4 GiB - 1");
	j = job(0xffffff00u, 0x80, 2, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_NO_WINDOW, "one byte past 4 GiB - 1");
	w[3] = (struct igm_uq_window){ 0, 0x100, IDXGEN_UQW_F_VALID | IDXGEN_UQW_F_WORD16 };
	j = job(0, 8, 4, 0);
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_WORD_SIZE, "32-bit words in a 16-bit window");
	w[4] = (struct igm_uq_window){ 0, 0x100, rw | IDXGEN_UQW_F_LOCK | 5u << IDXGEN_UQW_F_LOCK_SHIFT };
	tap_ok(igm_uq_window_check(w, W, &j, 0) == IDXGEN_CPL_UQ_LOCK &&
		       igm_uq_window_check(w, W, &j, 1u << 4) == IDXGEN_CPL_UQ_LOCK &&
		       igm_uq_window_check(w, W, &j, 1u << 5) == IDXGEN_CPL_OK,
	       "a second window with a lock: the furthest check, then the lock holder runs");
	j = job(0, 8, 2, 1);
	tap_ok(igm_uq_window_check(w, W, &j, 1u << 5) == IDXGEN_CPL_UQ_WORD_SIZE, "shared job, private windows");
}

/* Random tables against the reference (-t random). */
TAP_TEST(random)
{
	struct igm_uq_window w[W];
	struct igm_job j;
	unsigned int bad = 0, n;

	srand(41);
	for (n = 0; n < 20000; n++) {
		uint32_t held = rand() & 0xff;

		for (unsigned int i = 0; i < W; i++) {
			w[i].base = (uint32_t)(rand() % 512);
			w[i].size = (uint32_t)(rand() % 256);
			w[i].flags = (uint32_t)rand() & IDXGEN_UQW_F_MASK;
		}
		j = job((uint64_t)(rand() % 640), 1 + rand() % 64, rand() & 1 ? 2 : 4, rand() & 1);
		if (igm_uq_window_check(w, W, &j, held) != ref_check(w, &j, held))
			bad++;
	}
	tap_ok(bad == 0, "20000 random tables and jobs agree with the byte-by-byte reference (%u differ)", bad);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
