/* SPDX-License-Identifier: MIT */
/*
 * coop_rt.c - runtime of cooperative-warp programs (include/idxgen_coop.h):
 * the intrinsics, one-shot futex channels and the warp threads.
 *
 * The same intrinsics serve the sequential original and the generated
 * parallel program, so the two differ only in ordering.  Errors at run time
 * (device failure, a range outside its buffer, a channel wait that exceeds
 * COOP_TIMEOUT_MS) are reported on stderr and abort: the program's results
 * would be wrong otherwise.
 *
 * Environment: COOP_DELAY_US=N sleeps a random 0..N us before and after
 * every intrinsic (tests use it to shake out missing synchronisation);
 * COOP_SEED seeds it; COOP_TIMEOUT_MS bounds every channel wait.
 * IDXGEN_BACKEND=emu selects libidxgen's emulation for device producers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <idxgen.h>
#include <idxgen_coop.h>

static pthread_once_t dev_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static struct idxgen_device *dev;
static int dev_err;
static __thread struct idxgen_context *warp_ctx;
static __thread unsigned int delay_seed;
static __thread int delay_seeded;

static void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("coop: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

static long env_long(const char *name, long def)
{
	const char *s = getenv(name);

	return s && *s ? strtol(s, NULL, 0) : def;
}

static void maybe_delay(void)
{
	static long max_us = -1;
	long us;

	if (max_us < 0)
		max_us = env_long("COOP_DELAY_US", 0);
	if (!max_us)
		return;
	if (!delay_seeded) {
		delay_seed = (unsigned int)env_long("COOP_SEED", 1) * 2654435761u ^
			     (unsigned int)syscall(SYS_gettid);
		delay_seeded = 1;
	}
	us = rand_r(&delay_seed) % (max_us + 1);
	if (us)
		usleep((useconds_t)us);
}

static void check_range(const struct coop_buf *buf, long lo, long hi, const char *what)
{
	if (!buf || lo < 0 || hi < lo || hi > buf->size)
		fatal("%s: range [%ld, %ld) outside buffer %s of %ld elements", what, lo, hi,
		      buf ? buf->name : "(null)", buf ? buf->size : 0L);
}

static void dev_open(void)
{
	dev_err = idxgen_open(0, 0, &dev);
}

static void dev_ensure(struct coop_buf *buf)
{
	int err;

	pthread_once(&dev_once, dev_open);
	if (dev_err)
		fatal("cannot open an idxgen device: %s", idxgen_strerror(dev_err));
	if (!warp_ctx && (err = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &warp_ctx)))
		fatal("idxgen_context_create: %s", idxgen_strerror(err));
	pthread_mutex_lock(&dev_lock);
	if (!buf->dev) {
		struct idxgen_region *reg;

		err = idxgen_region_alloc(dev, (uint64_t)buf->size * 2, &reg);
		if (err)
			fatal("buffer %s: idxgen_region_alloc(%ld bytes): %s", buf->name,
			      buf->size * 2, idxgen_strerror(err));
		err = idxgen_region_map(reg, &buf->map);
		if (err)
			fatal("idxgen_region_map(%s): %s", buf->name, idxgen_strerror(err));
		buf->dev = reg;
	}
	pthread_mutex_unlock(&dev_lock);
}

void coop_dev_produce(int warp, struct coop_buf *buf, long lo, long hi, long dx)
{
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	int err;

	(void)warp;
	check_range(buf, lo, hi, "coop_dev_produce");
	if (buf->kind != COOP_DEV)
		fatal("coop_dev_produce: %s is not a device buffer", buf->name);
	if (dx <= 0 || (hi - lo) % dx)
		fatal("coop_dev_produce: %ld words are not a multiple of dx %ld", hi - lo, dx);
	if (hi == lo)
		return;
	maybe_delay();
	dev_ensure(buf);
	err = idxgen_config_init(&cfg, dev, (uint32_t)dx, (uint32_t)((hi - lo) / dx), 1, 0);
	if (!err && cfg.word_size != 2)
		err = -E2BIG;
	if (!err)
		err = idxgen_config_target(&cfg, buf->dev, (uint64_t)lo * 2);
	if (!err)
		err = idxgen_run(warp_ctx, &cfg, &res);
	if (err)
		fatal("coop_dev_produce(%s, %ld, %ld, %ld): %s", buf->name, lo, hi, dx,
		      idxgen_strerror(err));
	maybe_delay();
}

void coop_copy(int warp, struct coop_buf *buf, long lo, long hi, const int32_t *src)
{
	(void)warp;
	check_range(buf, lo, hi, "coop_copy");
	if (buf->kind != COOP_HOST)
		fatal("coop_copy: %s is not a host buffer", buf->name);
	maybe_delay();
	memcpy(buf->host + lo, src, (size_t)(hi - lo) * sizeof(*src));
	maybe_delay();
}

void coop_produce(int warp, coop_producer_fn fn, struct coop_buf *buf, long lo, long hi, long arg)
{
	(void)warp;
	check_range(buf, lo, hi, "coop_produce");
	maybe_delay();
	fn(buf, lo, hi, arg);
	maybe_delay();
}

void coop_consume(int warp, coop_consumer_fn fn, const struct coop_buf *buf, long lo, long hi,
		  long arg)
{
	(void)warp;
	check_range(buf, lo, hi, "coop_consume");
	maybe_delay();
	fn(buf, lo, hi, arg);
	maybe_delay();
}

long coop_buf_get(const struct coop_buf *buf, long i)
{
	if (i < 0 || i >= buf->size)
		fatal("coop_buf_get: %ld outside buffer %s", i, buf->name);
	if (buf->kind == COOP_HOST)
		return buf->host[i];
	if (!buf->map)
		fatal("coop_buf_get: device buffer %s read before any producer", buf->name);
	return ((const volatile uint16_t *)buf->map)[i];
}

void coop_buf_set(struct coop_buf *buf, long i, int32_t v)
{
	if (buf->kind != COOP_HOST || i < 0 || i >= buf->size)
		fatal("coop_buf_set: %ld outside host buffer %s", i, buf->name);
	buf->host[i] = v;
}

/* ---- channels: a posted flag with futex wake-up, release/acquire ordered ---- */

static long futex(uint32_t *uaddr, int op, uint32_t val, const struct timespec *ts)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, 0);
}

void coop_chan_post(struct coop_chan *ch)
{
	__atomic_store_n(&ch->posted, 1, __ATOMIC_RELEASE);
	futex(&ch->posted, FUTEX_WAKE_PRIVATE, INT_MAX, NULL);
}

void coop_chan_wait(struct coop_chan *ch)
{
	long limit_ms = env_long("COOP_TIMEOUT_MS", 30000);
	struct timespec start, now, step = { 0, 100 * 1000 * 1000 };

	clock_gettime(CLOCK_MONOTONIC, &start);
	while (!__atomic_load_n(&ch->posted, __ATOMIC_ACQUIRE)) {
		futex(&ch->posted, FUTEX_WAIT_PRIVATE, 0, &step);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 >
		    limit_ms)
			fatal("channel %u not posted after %ld ms: deadlock", ch->id, limit_ms);
	}
}

void coop_chan_reset(struct coop_chan *ch, int n)
{
	int i;

	for (i = 0; i < n; i++)
		__atomic_store_n(&ch[i].posted, 0, __ATOMIC_RELAXED);
}

void coop_run_warps(int n, void *(*const fns[])(void *))
{
	pthread_t th[64];
	int i, err;

	if (n < 1 || n > 64)
		fatal("coop_run_warps: %d warps", n);
	for (i = 0; i < n; i++)
		if ((err = pthread_create(&th[i], NULL, fns[i], NULL)))
			fatal("pthread_create: %s", strerror(err));
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
}

void coop_shutdown(void)
{
	pthread_mutex_lock(&dev_lock);
	if (dev)
		idxgen_close(dev);
	dev = NULL;
	pthread_mutex_unlock(&dev_lock);
}
