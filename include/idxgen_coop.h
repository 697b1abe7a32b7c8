/* SPDX-License-Identifier: MIT */
/*
 * idxgen_coop.h - cooperative warps: the input notation of idxgen-coop and
 * the runtime its generated code (and the sequential original) links with.
 *
 * A cooperative program is ordinary, sequential C.  Its function coop_main()
 * contains only constant-trip `for` loops and calls of the intrinsics below;
 * each call names the warp that runs it (first argument) and the buffer
 * range [lo, hi) it produces or consumes.  Compiled as it is (with
 * libidxgen-coop), the program runs sequentially; idxgen-coop turns it into
 * one function per warp, each on its own thread, joined by channels.
 *
 *	#include <idxgen_coop.h>
 *	COOP_WARPS(2);
 *	COOP_DEVBUFFER(idx, 64);		// 64 16-bit words of index memory
 *	static void sum(const struct coop_buf *b, long lo, long hi, long arg) {...}
 *	void coop_main(void)
 *	{
 *		for (int i = 0; i < 3; i++) {
 *			coop_dev_produce(0, &idx, 10 * i, 10 * i + 10, 5);
 *			coop_consume(1, sum, &idx, 10 * i, 10 * i + 10, i);
 *		}
 *	}
 *
 * Intrinsics (warp: 0 <= warp < COOP_WARPS; ranges in elements):
 *   coop_dev_produce(warp, buf, lo, hi, dx)   device producer: an idxgen job
 *	for a (dx, (hi-lo)/dx, 1) block whose target is words [lo, hi) of the
 *	index-memory buffer; returns when the job has finished.
 *   coop_copy(warp, buf, lo, hi, src)         memory-copy producer: buf[lo..hi)
 *	= src[0..hi-lo) (src: plain int32_t memory, not a coop buffer).
 *   coop_produce(warp, fn, buf, lo, hi, arg)  user producer: fn(buf, lo, hi, arg).
 *   coop_consume(warp, fn, buf, lo, hi, arg)  user consumer: fn(buf, lo, hi, arg);
 *	read elements with coop_buf_get().
 * A consumer must only read, a producer only write, the range it names;
 * user functions of different warps must not share other mutable state.
 */
#ifndef IDXGEN_COOP_H
#define IDXGEN_COOP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum coop_buf_kind { COOP_HOST = 1, COOP_DEV = 2 };

struct coop_buf {
	const char *name;
	int kind;		/* COOP_HOST: int32_t elements; COOP_DEV: 16-bit words */
	long size;		/* elements */
	int32_t *host;		/* COOP_HOST storage */
	void *dev;		/* COOP_DEV: the runtime's regions (one per device), made on first use */
	const void *map;	/* COOP_DEV: the first device's read-only mapping */
};

/* Declarations at file scope. */
#define COOP_WARPS(n)		enum { COOP_NWARPS = (n) }
#define COOP_BUFFER(name, n)                                                                       \
	static int32_t name##_coop_storage[(n)];                                                   \
	static struct coop_buf name = { #name, COOP_HOST, (n), name##_coop_storage, 0, 0 }
#define COOP_DEVBUFFER(name, n) static struct coop_buf name = { #name, COOP_DEV, (n), 0, 0, 0 }

typedef void (*coop_producer_fn)(struct coop_buf *buf, long lo, long hi, long arg);
typedef void (*coop_consumer_fn)(const struct coop_buf *buf, long lo, long hi, long arg);

void coop_dev_produce(int warp, struct coop_buf *buf, long lo, long hi, long dx);
void coop_copy(int warp, struct coop_buf *buf, long lo, long hi, const int32_t *src);
void coop_produce(int warp, coop_producer_fn fn, struct coop_buf *buf, long lo, long hi,
		  long arg);
void coop_consume(int warp, coop_consumer_fn fn, const struct coop_buf *buf, long lo, long hi,
		  long arg);

/* Element i of a buffer (host: the int32_t; device: the packed 16-bit word). */
long coop_buf_get(const struct coop_buf *buf, long i);
/* Host buffers: store v at i (for user producers). */
void coop_buf_set(struct coop_buf *buf, long i, int32_t v);

/* ---- used by the code idxgen-coop generates ---- */

/* A one-shot event: posted once by one warp, awaited by another (futex). */
struct coop_chan {
	uint32_t posted;
	uint32_t id;
};

void coop_chan_post(struct coop_chan *ch);
/*
 * Waits (COOP_TIMEOUT_MS of waiting, default 30000, then reports a deadlock
 * and aborts; a leap of the clock is not counted as waiting: coop_rt.c).
 */
void coop_chan_wait(struct coop_chan *ch);
/* Clear n channels (no warp may be running). */
void coop_chan_reset(struct coop_chan *ch, int n);
/* Run fns[0..n) each on its own thread and join them. */
void coop_run_warps(int n, void *(*const fns[])(void *));
/* Release the device (optional; also at exit). */
void coop_shutdown(void);

#ifdef __cplusplus
}
#endif
#endif /* IDXGEN_COOP_H */
