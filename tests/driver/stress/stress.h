/* SPDX-License-Identifier: MIT */
/*
 * stress.h - what the files of idxgen-stress share: the device (struct
 * dev) and the uapi helpers of ../drv_common.c (drv_common.h, shared with
 * idxgen-drv-test), the fuzz/soak statistics of stats.c, and one entry
 * point per mode.  main.c reads the command line.
 *
 *   ../drv_common.c  device open, ioctl wrappers, jobs, the driver's object
 *                    counters (tests/driver)
 *   stats.c          the statistics, the random generator, random configs
 *   drmcore.c        DRM-core ioctls that oops or WARN on an unpatched 6.12
 *   failnth.c        every ioctl and region mmap under fail-nth
 *   fuzz.c           the structure-aware ioctl fuzzer
 *   soak.c           verified jobs while faults are injected
 */
#ifndef IDXGEN_STRESS_H
#define IDXGEN_STRESS_H

#include "drv_common.h"

/*
 * What the processes of fuzz and soak count, in a shared mapping
 * (stats_new()): ioctls by result, jobs by outcome, chaos done.
 */
#define NERR 160
struct stats {
	atomic_ulong by_errno[NERR]; /* [0] = success */
	atomic_ulong ioctls, jobs_verified, jobs_bad, jobs_failed, resets, rebinds, maps;
	atomic_ulong follows; /* fuzz: shared fds reopened after ENODEV */
	atomic_ulong waits;   /* fuzz: times a thread waited for the device to be bound again */
	atomic_int done;      /* the workers are done: the chaos process stops */
};

/* stats.c */
uint64_t rnd_seed(uint64_t seed);
uint64_t rnd(uint64_t *x);
void cfg_random(struct drm_idxgen_config *c, uint32_t lanes, uint32_t h, bool valid, uint64_t *x);
struct stats *stats_new(void);
void count(struct stats *st, int r);
void count_output(struct stats *st, int fd, const void *map, const struct drm_idxgen_config *c);
void print_stats(const struct stats *st, const char *what, double secs);
void print_live_share(const struct stats *st, const char *what);

/* the modes */
int mode_drmcore(const char *which);
int mode_failnth(int minor);
int mode_fuzz(int secs, unsigned long until, int budget, uint64_t seed, bool rebind, bool resets);
int fuzz_uq_op(const char *path, uint32_t lanes, struct stats *st, uint64_t *x);
int mode_soak(int procs, unsigned long jobs, int secs, int minsecs, bool resets);

#endif /* IDXGEN_STRESS_H */
