/* SPDX-License-Identifier: MIT */
/*
 * drv_uq.h - a user queue as the tests drive it (drv_uq.c): created and
 * mapped, descriptors stored and the doorbell rung by hand, completions
 * read from the process's memory.
 */
#ifndef IDXGEN_DRV_UQ_H
#define IDXGEN_DRV_UQ_H

#include "drv_test.h"

struct uq {
	int fd;
	struct drm_idxgen_uq_create c;
	uint8_t *mem;
	volatile uint32_t *db;
	uint32_t tail;
};

int uq_create_flags(int fd, uint32_t ctx, uint32_t entries, const uint32_t *regs, uint32_t n,
		    uint32_t flags, struct uq *q);
int uq_create(int fd, uint32_t ctx, uint32_t entries, const uint32_t *regs, uint32_t n,
	      struct uq *q);
int uq_destroy(struct uq *q);
void uq_unmap(struct uq *q);
int uq_wait(struct uq *q, uint64_t value, int64_t timeout_ns, struct drm_idxgen_uq_wait *w);
uint64_t uq_value(struct uq *q);
struct idxgen_cpl *uq_cpl(struct uq *q, uint32_t slot);
/* A valid descriptor for a (dx, dy, 1) block at byte target, minimal widths. */
void desc_make(struct idxgen_desc *dsc, const struct dev *d, uint64_t target, uint32_t dx,
	       uint32_t dy, uint32_t job_id);
/* Store a descriptor and ring; the slot it went to. */
uint32_t uq_push(struct uq *q, const struct idxgen_desc *dsc);
/* One job, waited for; its completion status (-1: no completion). */
int uq_run(struct uq *q, const struct idxgen_desc *dsc);

void test_uq_hang_records(struct dev *d, uint32_t ctx, uint32_t reg);	/* drv_uq_reset.c */

#endif
