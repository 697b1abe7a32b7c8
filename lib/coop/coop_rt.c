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
 *
 * IDXGEN_DEVICES names the devices that serve the device producers, as for
 * the SPMD runtime (lib/rt/devices.c): unset or "all" every device
 * idxgen_list() finds, "0" device 0 alone, or indices "1,0".  Each device buffer
 * then has a region on every device; a producer's job goes to the devices
 * in turn (one counter for the program) and the buffer notes, per word,
 * which device wrote it last, which coop_buf_get() reads.  The dependences
 * that order a producer against the consumers of its range order these
 * notes too.  A job that fails on another device runs on the first one, so
 * the words are the same whatever the split.
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

#include "devices_parse.h"	/* lib/rt: IDXGEN_DEVICES as the runtime reads it */

#define COOP_MAX_DEVICES 8

/* A device buffer's regions, one per device, and which device wrote each word last. */
struct coop_devbuf {
	struct idxgen_region *reg[COOP_MAX_DEVICES];
	const volatile uint16_t *map[COOP_MAX_DEVICES];
	uint8_t *owner;		/* per word: the index into devs[] */
};

/*
 * The devices, opened once for the whole program (file scope: the
 * intrinsics take no handle, the generated code passes none).
 */
static pthread_once_t dev_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static struct idxgen_device *devs[COOP_MAX_DEVICES];
static unsigned int ndevs;
static unsigned int next_dev;		/* the device of the next job (atomic) */
static int dev_err;
static __thread struct idxgen_context *warp_ctx[COOP_MAX_DEVICES];
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

/* The first named device must open; another that does not is left out. */
static void dev_open(void)
{
	unsigned int idx[COOP_MAX_DEVICES], n;
	int nd = idxgen_list(NULL, 0);

	dev_err = rt_devices_parse(getenv("IDXGEN_DEVICES"), nd > 0 ? (unsigned int)nd : 1, COOP_MAX_DEVICES, idx, &n);
	if (!dev_err)
		dev_err = idxgen_open(idx[0], 0, &devs[0]);
	if (dev_err)
		return;
	ndevs = 1;
	for (unsigned int i = 1; i < n; i++)
		if (!idxgen_open(idx[i], IDXGEN_OPEN_DRM, &devs[ndevs]))
			ndevs++;
}

/* This warp's context on device d. */
static struct idxgen_context *ctx_of(unsigned int d)
{
	int err;

	if (!warp_ctx[d] && (err = idxgen_context_create(devs[d], IDXGEN_PRIORITY_NORMAL, &warp_ctx[d])))
		fatal("idxgen_context_create: %s", idxgen_strerror(err));
	return warp_ctx[d];
}

/* The buffer's regions on every device (the first must succeed; another that fails is not used). */
static struct coop_devbuf *dev_ensure(struct coop_buf *buf)
{
	struct coop_devbuf *db;

	pthread_once(&dev_once, dev_open);
	if (dev_err)
		fatal("cannot open an idxgen device: %s", idxgen_strerror(dev_err));
	pthread_mutex_lock(&dev_lock);
	db = buf->dev;
	if (!db) {
		db = calloc(1, sizeof(*db));
		if (!db || !(db->owner = calloc((size_t)buf->size, 1)))
			fatal("buffer %s: out of memory", buf->name);
		for (unsigned int d = 0; d < ndevs; d++) {
			const void *map = NULL;
			int err = idxgen_region_alloc(devs[d], (uint64_t)buf->size * 2, &db->reg[d]);

			if (!err)
				err = idxgen_region_map(db->reg[d], &map);
			if (err && !d)
				fatal("buffer %s: a region of %ld bytes: %s", buf->name, buf->size * 2,
				      idxgen_strerror(err));
			db->map[d] = err ? NULL : map;
		}
		buf->map = (const void *)db->map[0];
		buf->dev = db;
	}
	pthread_mutex_unlock(&dev_lock);
	return db;
}

/* One job on device d for words [lo, hi) of buf: 0 or -errno. */
static int produce_on(struct coop_devbuf *db, unsigned int d, long lo, long hi, long dx)
{
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	int err;

	if (!db->map[d])
		return -ENOMEM;
	err = idxgen_config_init(&cfg, devs[d], (uint32_t)dx, (uint32_t)((hi - lo) / dx), 1, 0);
	if (!err && cfg.word_size != 2)
		err = -E2BIG;
	if (!err)
		err = idxgen_config_target(&cfg, db->reg[d], (uint64_t)lo * 2);
	if (!err)
		err = idxgen_run(ctx_of(d), &cfg, &res);
	if (!err && res.status)
		err = -EIO;
	return err;
}

void coop_dev_produce(int warp, struct coop_buf *buf, long lo, long hi, long dx)
{
	struct coop_devbuf *db;
	unsigned int d;
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
	db = dev_ensure(buf);
	d = __atomic_fetch_add(&next_dev, 1, __ATOMIC_RELAXED) % ndevs;
	err = produce_on(db, d, lo, hi, dx);
	if (err && d) {
		d = 0;	/* the first device makes it */
		err = produce_on(db, d, lo, hi, dx);
	}
	if (err)
		fatal("coop_dev_produce(%s, %ld, %ld, %ld): %s", buf->name, lo, hi, dx,
		      idxgen_strerror(err));
	memset(db->owner + lo, (int)d, (size_t)(hi - lo));
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
	const struct coop_devbuf *db;

	if (i < 0 || i >= buf->size)
		fatal("coop_buf_get: %ld outside buffer %s", i, buf->name);
	if (buf->kind == COOP_HOST)
		return buf->host[i];
	if (!buf->dev)
		fatal("coop_buf_get: device buffer %s read before any producer", buf->name);
	db = buf->dev;
	return db->map[db->owner[i]][i];
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

/*
 * A wait's bound counts the time the wait saw go by, one futex step at a
 * time.  A step over which the clock leapt more than CHAN_JUMP_MS counts as
 * one CHAN_STEP_MS: a TCG guest's clock catches up at once when its host was
 * paused (13,374 s in one step of a coop-all run, 191 s on the host's
 * clock), which is no wait for a deadlocked warp.  A thread starved that
 * long only waits longer before it reports.
 */
#define CHAN_STEP_MS 100
#define CHAN_JUMP_MS 60000

static long ms_between(const struct timespec *from, const struct timespec *to)
{
	return (to->tv_sec - from->tv_sec) * 1000 + (to->tv_nsec - from->tv_nsec) / 1000000;
}

void coop_chan_wait(struct coop_chan *ch)
{
	long limit_ms = env_long("COOP_TIMEOUT_MS", 30000), waited_ms = 0, step_ms;
	struct timespec last, now, step = { 0, CHAN_STEP_MS * 1000 * 1000 };

	clock_gettime(CLOCK_MONOTONIC, &last);
	while (!__atomic_load_n(&ch->posted, __ATOMIC_ACQUIRE)) {
		futex(&ch->posted, FUTEX_WAIT_PRIVATE, 0, &step);
		clock_gettime(CLOCK_MONOTONIC, &now);
		step_ms = ms_between(&last, &now);
		last = now;
		waited_ms += step_ms > CHAN_JUMP_MS || step_ms < 0 ? CHAN_STEP_MS : step_ms;
		if (waited_ms > limit_ms)
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
	for (unsigned int d = 0; d < ndevs; d++)
		idxgen_close(devs[d]);
	ndevs = 0;
	pthread_mutex_unlock(&dev_lock);
}
