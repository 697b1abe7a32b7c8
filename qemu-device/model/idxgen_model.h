/* SPDX-License-Identifier: MIT */
/*
 * idxgen_model.h - the one implementation of the idxgen generator.
 *
 * Pure C11, no QEMU or kernel headers: compiled into the QEMU device model,
 * into libidxgen's in-process emulation backend, into the host tests and
 * the benchmark.  It implements docs/design.md#generator: descriptor validation, the
 * add/compare iterator (c lanes, one warp per step, no divide or modulo in
 * the generation loop), the packer, the history cache and cycle accounting.
 * Firmware image checking lives here too so the device and fw/ tools share
 * one checker.
 *
 * All functions work on host-order values; igm_job_from_desc() and
 * igm_job_to_desc() convert to and from the little-endian descriptor.
 *
 * Names: igm_ / IGM_ ("idxgen generator model") for everything the model
 * defines.  The driver has its own struct idxgen_job (a DRM scheduler job)
 * and struct idxgen_arb, and libidxgen's public API is idxgen_*: a prefix of
 * its own says at every call site which of them is meant, and stays short in
 * the model's arithmetic.  The hardware contract (include/idxgen_hw.h) keeps
 * its IDXGEN_ / idxgen_ names: it is shared by all sides.
 */
#ifndef IDXGEN_MODEL_H
#define IDXGEN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "idxgen_hw.h"

/* Limits a job is validated against (the device's capability registers). */
struct igm_limits {
	uint32_t lanes;		/* max c */
	uint32_t max_threads;
	uint32_t max_dim[3];	/* x, y, z */
	uint32_t features;	/* IDXGEN_FEAT_* (word sizes) */
	uint64_t imem_size;	/* bytes of index memory */
};

/* Hardware defaults: 32 lanes, IDXGEN_HW_MAX_* limits, 64 MiB, both word sizes. */
void igm_limits_default(struct igm_limits *l);

/* A decoded descriptor, host order. */
struct igm_job {
	uint64_t target;
	uint32_t size_limit;
	uint32_t job_id;
	uint32_t dx, dy, dz;
	uint32_t c;
	uint32_t xc, yc, zc;
	uint32_t mx, my, mz;
	uint32_t word_size;
	uint32_t flags;
	uint32_t order, granularity, stride, tile_w, tile_h;
	uint32_t grid_blocks;
	uint32_t requester;	/* desc.requester (IDXGEN_DESC_REQ_VALID | ID) */
	uint32_t rsvd;		/* OR of every reserved field; must be 0 */
};

void igm_job_from_desc(struct igm_job *j, const struct idxgen_desc *d);
void igm_job_to_desc(struct idxgen_desc *d, const struct igm_job *j);

/* Bits an axis of extent d needs: ceil(log2(d)), 0 for d <= 1. */
unsigned int igm_axis_width(uint32_t d);

/*
 * Fill in a job for a block (dx, dy, dz) and step c: (xc, yc, zc), minimal
 * widths and the smallest word size that holds them.  Uses division: this
 * is set-up, not generation.  Returns IDXGEN_CPL_OK or the status that
 * igm_job_validate() would give for the dims/step (BAD_DIMS, BAD_STEP,
 * WIDTH_OVERFLOW) against limits l (NULL: hardware defaults).
 */
int igm_job_init(struct igm_job *j, uint32_t dx, uint32_t dy, uint32_t dz,
		 uint32_t c, uint64_t target, const struct igm_limits *l);

/* Threads of a job (dx*dy*dz), warps (ceil(threads / c)), output bytes. */
uint64_t igm_job_threads(const struct igm_job *j);
uint64_t igm_job_warps(const struct igm_job *j);
uint64_t igm_job_bytes(const struct igm_job *j);

/* Validate every field; returns IDXGEN_CPL_OK or the first IDXGEN_CPL_* error. */
int igm_job_validate(const struct igm_job *j, const struct igm_limits *l);
/*
 * Check a schedule order and its parameters (features: FEAT_SCHED_ORDERS
 * enables the non-sequential orders).  IDXGEN_CPL_OK, BAD_ORDER or 18..22.
 */
/* A schedule-table entry, host order (the firmware record's entry decoded). */
struct igm_sched_cfg {
	uint32_t order, stride, granularity, tile_w, tile_h;
	char name[13];
};

/* The default firmware's table (fw/ builds it into the image). */
#define IGM_SCHED_DEFAULT_COUNT 14
extern const struct igm_sched_cfg igm_sched_default[IGM_SCHED_DEFAULT_COUNT];

int igm_order_validate(uint32_t order, uint32_t stride, uint32_t granularity,
		       uint32_t tile_w, uint32_t tile_h, uint32_t features);

/* Human-readable name of an IDXGEN_CPL_* / IDXGEN_FW_* code ("?" if unknown). */
const char *igm_cpl_status_name(int status);
const char *igm_fw_status_name(int status);

/*
 * The generator: c lanes, each holding the 3-D index of its current thread.
 * Produces one warp (c consecutive threads) per step, advancing every lane by
 * (xc, yc, zc) with add/compare/subtract only.  Resumable, so a caller can
 * produce a job in bounded chunks (the device does, one timer tick each).
 */
#define IGM_MAX_LANES 1024

/*
 * Issue-order cursor of a non-sequential schedule order: the (x, y) of the
 * next thread of the current z-slice, advanced with add/compare/shift only.
 */
#define IGM_HILBERT_DEPTH 96	/* frames of the explicit curve stack (>= ~2*17*2) */

struct igm_hframe {
	int32_t x, y, ax, ay, bx, by;
	uint32_t stage;
};

struct igm_ocur {
	uint32_t order, dx, dy;
	uint32_t x, y, z;		/* next thread */
	/* strided */
	uint32_t g, i;			/* granularity, index in group */
	uint64_t s, r, lin, glin;	/* stride, residue, linear of (x,y), of group start */
	uint64_t sg;			/* s * g, or P when s * g >= P */
	uint32_t qx, qy;		/* (x, y) of linear s*g (valid if sg < P) */
	uint32_t gx, gy;		/* (x, y) of linear g (g < P) or P */
	uint32_t bx, by, rx, ry;	/* group start, residue group start */
	uint64_t rlin;
	/* zigzag: x, y as above, dir */
	uint32_t back;
	/* tiled */
	uint32_t tw, th, tx, ty, ix, iy;
	/* hilbert: explicit stack + current straight run */
	uint32_t sp;
	int32_t lx, ly, ldx, ldy;
	uint32_t lrem;
	struct igm_hframe st[IGM_HILBERT_DEPTH];
};

/* Position cursor at the start of slice z; next() yields the next (x, y). */
void igm_ocur_init(struct igm_ocur *o, uint32_t order, uint32_t dx, uint32_t dy,
		   uint32_t stride, uint32_t granularity, uint32_t tile_w, uint32_t tile_h);
/* Next thread of the plane, in issue order; false after the plane's last one. */
bool igm_ocur_next(struct igm_ocur *o, uint32_t *x, uint32_t *y);

struct igm_gen {
	uint32_t order;			/* IDXGEN_ORDER_*; non-0 uses ocur */
	struct igm_ocur ocur;
	uint32_t dz, oz;		/* slices, current slice of ocur */
	uint32_t dx, dy, c, xc, yc, zc;
	unsigned int shift_y, shift_z;	/* mx, mx + my */
	uint32_t word_size;
	uint64_t threads;		/* total threads of the job */
	uint64_t next;			/* first thread of the next warp */
	uint64_t warps_done;
	uint32_t x[IGM_MAX_LANES];
	uint32_t y[IGM_MAX_LANES];
	uint32_t z[IGM_MAX_LANES];
};

/* Prepare g for a validated job (lanes start at threads 0..c-1). */
void igm_gen_init(struct igm_gen *g, const struct igm_job *j);

/*
 * Generate up to max_warps warps.  out points at the packed word of thread
 * g->next (i.e. the job's output base + g->next * word_size) and receives
 * little-endian words; the last warp of a block may be partial.  Returns
 * the number of warps generated (0 when done).
 */
uint64_t igm_gen_run(struct igm_gen *g, void *out, uint64_t max_warps);

static inline bool igm_gen_done(const struct igm_gen *g)
{
	return g->next >= g->threads;
}

/* Unpack one word (host order) with widths (mx, my, mz). */
static inline void igm_unpack(uint32_t w, unsigned int mx, unsigned int my, unsigned int mz,
			      uint32_t *x, uint32_t *y, uint32_t *z)
{
	/* 64-bit shifts: a width or shift of 32 is legal (e.g. mx = 32, my = mz = 0) */
	*x = (uint32_t)(w & ((1ull << mx) - 1));
	*y = my ? (uint32_t)(((uint64_t)w >> mx) & ((1ull << my) - 1)) : 0;
	*z = mz ? (uint32_t)(((uint64_t)w >> (mx + my)) & ((1ull << mz) - 1)) : 0;
}

/*
 * History cache: LRU over up to IDXGEN_HW_MAX_HIST entries.  An entry is the
 * output-determining part of a job (target, dims, widths, word size, order
 * and its parameters) plus the byte range it covers.  An entry is valid only
 * while index memory holds exactly that output: every write to index memory
 * must call igm_hist_invalidate() for its range.
 */
struct igm_hist_entry {
	bool valid;
	uint64_t lru;		/* larger = more recently used */
	uint64_t base, len;	/* byte range in index memory */
	uint32_t dx, dy, dz, mx, my, mz, word_size;
	uint32_t order, granularity, stride, tile_w, tile_h;
};

struct igm_hist {
	unsigned int entries;	/* in use, <= IDXGEN_HW_MAX_HIST */
	uint64_t clock;
	struct igm_hist_entry e[IDXGEN_HW_MAX_HIST];
};

/* entries is clamped to [1, IDXGEN_HW_MAX_HIST]. */
void igm_hist_init(struct igm_hist *h, unsigned int entries);
void igm_hist_flush(struct igm_hist *h);
/* Hit: marks the entry most recently used and returns true. */
bool igm_hist_lookup(struct igm_hist *h, const struct igm_job *j);
/* Record a job whose output is now in memory (evicts the LRU entry if full). */
void igm_hist_insert(struct igm_hist *h, const struct igm_job *j);
/* Drop every entry whose range overlaps [base, base + len). Returns how many. */
unsigned int igm_hist_invalidate(struct igm_hist *h, uint64_t base, uint64_t len);
unsigned int igm_hist_count(const struct igm_hist *h);

/*
 * Cycles of a job: IDXGEN_FILTER_CYCLES on a hit; on a miss
 * IDXGEN_FILTER_CYCLES + warps, except the Hilbert order's
 * 2 + dz * (dx*dy + passes + 1) (the circuit's count, see the .c).
 */
uint64_t igm_job_cycles(const struct igm_job *j, bool hit);

/*
 * A whole job on a flat index memory, synchronously: validate, filter
 * against the history, on a miss invalidate the overlapped entries, generate
 * and record.  What the emulation backend, tests and benchmark use; the
 * device splits the same steps across timer ticks.
 */
struct igm_result {
	int status;		/* IDXGEN_CPL_* */
	bool hit;
	uint64_t warps;		/* generated (0 on a hit) */
	uint64_t threads;
	uint64_t cycles;
};

void igm_run(struct igm_hist *h, const struct igm_limits *l, uint8_t *imem,
	     const struct igm_job *j, struct igm_result *r);

/* Fill a completion record (little-endian, with its check word). */
void igm_cpl_fill(struct idxgen_cpl *cpl, uint32_t job_id, int status, uint32_t flags,
		  uint32_t warps, uint32_t threads, uint64_t cycles, uint32_t slot);
/* True if the record's check word matches its contents. */
bool igm_cpl_verify(const struct idxgen_cpl *cpl);

/* CRC-32/IEEE, zlib-compatible: crc = igm_crc32(0, buf, len). */
uint32_t igm_crc32(uint32_t crc, const void *buf, size_t len);

/*
 * Check a firmware image; returns IDXGEN_FW_OK or an IDXGEN_FW_ERR_* code.
 * On success *params (if not NULL) holds the image's parameters, host order,
 * in the limits form, and *version its firmware version.  hw gives the
 * hardware maxima parameters must not exceed (NULL: IDXGEN_HW_MAX_*).
 */
struct igm_fw_info {
	uint32_t version;
	uint32_t max_threads;
	uint32_t max_dim[3];
	uint32_t hist_entries;
	uint32_t features;
	char name[25];
	/* the SCHED_TABLE record, if any (sched_count 0: none) */
	uint32_t sched_count;
	struct igm_sched_cfg sched[IDXGEN_SCHED_MAX_ENTRIES];
};

int igm_fw_check(const void *img, size_t len, const struct igm_limits *hw,
		 uint32_t hw_hist_entries, struct igm_fw_info *info);

#endif /* IDXGEN_MODEL_H */
