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

/*
 * Where the fuzzer's time goes: each operation kind's count and the
 * threads' wall time in it (ns), the waits for the device to be bound
 * again, and the chaos process's resets and rebinds (print_time_by_op()).
 */
enum fz_op {
	FZ_OP_GET_PARAM,
	FZ_OP_CTX,
	FZ_OP_REGION,
	FZ_OP_GEM_CLOSE,
	FZ_OP_SUBMIT,
	FZ_OP_JOB_RESULT,
	FZ_OP_MAP,
	FZ_OP_SYNCOBJ,
	FZ_OP_SYNCOBJ_WAIT,
	FZ_OP_RANDOM,
	FZ_OP_REOPEN,
	FZ_OP_UQ,
	FZ_OP_JOB,
	FZ_OP_BOUND_WAIT, /* fz_node() polling sysfs while the device is unbound */
	FZ_OP_RESET,	  /* the chaos process: a debugfs reset */
	FZ_OP_REBIND,	  /* the chaos process: unbind, 100 ms, bind */
	FZ_NOPS
};
struct stats {
	atomic_ulong by_errno[NERR]; /* [0] = success */
	atomic_ulong ioctls, jobs_verified, jobs_bad, jobs_failed, resets, rebinds, maps;
	atomic_ulong follows; /* fuzz: shared fds reopened after ENODEV */
	atomic_ulong waits;   /* fuzz: times a thread waited for the device to be bound again */
	atomic_int done;      /* the workers are done: the chaos process stops */
	atomic_ulong op_n[FZ_NOPS], op_ns[FZ_NOPS]; /* fuzz: operations by kind, their time */
};

/* stats.c */
uint64_t rnd_seed(uint64_t seed);
uint64_t rnd(uint64_t *x);
void cfg_random(struct drm_idxgen_config *c, uint32_t lanes, uint32_t h, bool valid, uint64_t *x);
struct stats *stats_new(void);
void count(struct stats *st, int r);
bool output_unseen(const void *map, const struct drm_idxgen_config *c, bool unbound);
void count_output(struct stats *st, int fd, const void *map, const struct drm_idxgen_config *c);
void print_stats(const struct stats *st, const char *what, double secs);
void print_live_share(const struct stats *st, const char *what);
uint64_t mono_ns(void);
void count_time(struct stats *st, enum fz_op op, uint64_t since_ns);
void print_time_by_op(const struct stats *st, const char *what, int threads);

/* the modes */
int mode_drmcore(const char *which);
int mode_failnth(int minor);
int mode_fuzz(int secs, unsigned long until, int budget, uint64_t seed, bool rebind, bool resets);
int fuzz_uq_op(const char *path, uint32_t lanes, struct stats *st, uint64_t *x);
int mode_soak(int procs, unsigned long jobs, int secs, int minsecs, bool resets);

#endif /* IDXGEN_STRESS_H */
