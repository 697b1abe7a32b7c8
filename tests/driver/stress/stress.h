/* SPDX-License-Identifier: MIT */
/*
 * stress.h - what the files of idxgen-stress share: the device (struct
 * dev), the uapi helpers and the fuzz/soak statistics of stress_common.c,
 * and one entry point per mode.  main.c reads the command line.
 *
 *   stress_common.c  device open, ioctl wrappers, jobs, the driver's object
 *                    counters, the statistics, the random generator
 *   drmcore.c        DRM-core ioctls that oops or WARN on an unpatched 6.12
 *   failnth.c        every ioctl and region mmap under fail-nth
 *   fuzz.c           the structure-aware ioctl fuzzer
 *   soak.c           verified jobs while faults are injected
 */
#ifndef IDXGEN_STRESS_H
#define IDXGEN_STRESS_H

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "idxgen_accel.h"
#include "idxgen_hw.h"
#define TAP_SHARED
#include "tap.h"
#include "gen_ref.h"

struct dev {
	int fd;
	int minor;
	char pci[64];
	char dbg[192];
	uint32_t lanes;
	uint64_t features;
};

/* The driver's live objects (debugfs objects). */
struct counts {
	long regions, contexts, jobs, files;
	long uqs;	/* user queues (-1 where the driver has none to count) */
};

/*
 * What the processes of fuzz and soak count, in a shared mapping
 * (stats_new()): ioctls by result, jobs by outcome, chaos done.
 */
#define NERR 160
struct stats {
	atomic_ulong by_errno[NERR]; /* [0] = success */
	atomic_ulong ioctls, jobs_verified, jobs_bad, jobs_failed, resets, rebinds, maps;
	atomic_ulong follows; /* fuzz: shared fds reopened after ENODEV */
	atomic_int done; /* the workers are done: the chaos process stops */
};

#define TAINT_WARN (1u << 9)
#define TAINT_DIE  (1u << 7)

/* stress_common.c */
int xioctl(int fd, unsigned long req, void *arg);
int ioctl1(int fd, unsigned long req, void *arg);
uint64_t param(int fd, uint32_t p);
int read_file(const char *path, char *buf, size_t len);
int write_file(const char *path, const char *s);
int dev_open(struct dev *d, int minor);
int find_debug_dev(void);
struct counts objects(const struct dev *d);
/*
 * The bound of a wait for objects freed asynchronously: a hang guard only
 * (600 s); the wait ends as soon as they are back.
 */
#define STRESS_HANG_GUARD_S 600
bool objects_back(const struct dev *d, struct counts want, int sec);
int ctx_create(int fd, uint32_t *id);
int region_create(int fd, uint64_t size, uint32_t *h);
int gem_close(int fd, uint32_t h);
const void *region_map(int fd, uint32_t h, uint64_t *size);
void cfg_make(struct drm_idxgen_config *c, uint32_t lanes, uint32_t region, uint64_t off,
	      uint32_t dx, uint32_t dy, uint32_t dz);
uint64_t cfg_bytes(const struct drm_idxgen_config *c);
int64_t abs_timeout(int sec);
int submit(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n, uint32_t out,
	   uint64_t *first);
int job_result(int fd, uint32_t ctx, uint64_t seq, struct drm_idxgen_job_result *r);
bool output_ok(const void *map, const struct drm_idxgen_config *c);
int run_batch(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
	      struct drm_idxgen_job_result *res, int sec);
unsigned int taint(void);
double now(void);
uint64_t rnd_seed(uint64_t seed);
uint64_t rnd(uint64_t *x);
void cfg_random(struct drm_idxgen_config *c, uint32_t lanes, uint32_t h, bool valid, uint64_t *x);
struct stats *stats_new(void);
void count(struct stats *st, int r);
void print_stats(const struct stats *st, const char *what, double secs);

/* the modes */
int mode_drmcore(const char *which);
int mode_failnth(int minor);
int mode_fuzz(int secs, uint64_t seed, bool rebind, bool resets);
int fuzz_uq_op(const char *path, uint32_t lanes, struct stats *st, uint64_t *x);
int mode_soak(int procs, unsigned long jobs, int secs, int minsecs, bool resets);

#endif /* IDXGEN_STRESS_H */
