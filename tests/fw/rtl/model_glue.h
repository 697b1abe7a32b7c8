/* SPDX-License-Identifier: MIT */
/*
 * model_glue.h - the generator model (qemu-device/model) behind a plain C
 * interface the C++ testbench can include: descriptors and completion
 * records as bytes, so the testbench never sees the model's C-only headers.
 */
#ifndef IDXGEN_MODEL_GLUE_H
#define IDXGEN_MODEL_GLUE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tb_limits {
	uint32_t lanes, max_threads, max_dim[3], features;
	uint64_t imem_size;
	unsigned int hist_entries;
};

struct tb_model;

struct tb_model *tb_model_new(const struct tb_limits *l);
void tb_model_free(struct tb_model *m);
void tb_model_set_limits(struct tb_model *m, const struct tb_limits *l);
/* The device's defaults: IDXGEN_HW_MAX_* limits, both word sizes, schedule orders. */
void tb_limits_default(struct tb_limits *l, uint32_t lanes, unsigned int hist, uint64_t imem);
uint8_t *tb_model_imem(struct tb_model *m);
/* Run one descriptor as the device does; fills its 32-byte completion record. */
void tb_model_run(struct tb_model *m, const uint8_t desc[64], uint32_t slot, uint8_t cpl[32]);
void tb_model_flush(struct tb_model *m);
void tb_model_invalidate(struct tb_model *m, uint64_t base, uint64_t len);
/* The statistics counters (IDXGEN_REG_STAT_* order: jobs, hits, misses, warps, busy, errors). */
void tb_model_stats(const struct tb_model *m, uint64_t st[6]);
unsigned int tb_model_hist_count(const struct tb_model *m);

/* A descriptor for block (dx, dy, dz), step c, at target (igm_job_init), then the rest. */
struct tb_job {
	uint32_t dx, dy, dz, c;
	uint64_t target;
	uint32_t word_size;	/* 0: the smallest that fits */
	uint32_t order, stride, granularity, tile_w, tile_h;
	uint32_t flags;
	uint32_t job_id;
};
void tb_desc_make(uint8_t desc[64], const struct tb_job *j, const struct tb_limits *l);
/* Set a descriptor field by its name in struct idxgen_desc (hostile descriptors). */
void tb_desc_set(uint8_t desc[64], const char *field, uint64_t v);
/* A descriptor field by its name (0 for an unknown name). */
uint64_t tb_desc_get(const uint8_t desc[64], const char *field);
/* IDXGEN_ORDER_* by name ("sequential", "strided", "zigzag", "tiled", "hilbert"). */
uint32_t tb_order(const char *name);
/* IDXGEN_DESC_F_* by name ("shared", "no_history"). */
uint32_t tb_flag(const char *name);
uint32_t tb_status_order_disabled(void);
uint64_t tb_le(const uint8_t *p, unsigned int bytes);
uint64_t tb_desc_bytes(const uint8_t desc[64]);	/* output bytes of a valid descriptor */
const char *tb_status_name(int status);

#ifdef __cplusplus
}
#endif
#endif
