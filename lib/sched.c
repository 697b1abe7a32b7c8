// SPDX-License-Identifier: MIT
/*
 * sched.c - schedule orders: configuring, parsing and naming them, the
 * device's table, and which thread sits at an output position.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int idxgen_sched_check(uint32_t order, uint32_t stride, uint32_t granularity, uint32_t tile_w,
		       uint32_t tile_h, uint32_t features)
{
	int st;

	/* the descriptor's fields: 8-bit order, 16-bit granularity and tiles */
	if (order > 0xff || granularity > 0xffff || tile_w > 0xffff || tile_h > 0xffff)
		return -EINVAL;
	st = igm_order_validate(order, stride, granularity, tile_w, tile_h,
				IDXGEN_FEAT_SCHED_ORDERS);
	if (st != IDXGEN_CPL_OK)
		return -EINVAL;
	if (order != IDXGEN_ORDER_SEQUENTIAL && !(features & IDXGEN_FEAT_SCHED_ORDERS))
		return -E2BIG;
	return 0;
}

int idxgen_config_schedule(struct idxgen_config *cfg, const struct idxgen_schedule *s)
{
	static const struct idxgen_schedule seq = { 0 };
	int ret;

	if (!cfg)
		return -EINVAL;
	if (!s)
		s = &seq;
	ret = idxgen_sched_check(s->order, s->stride, s->granularity, s->tile_w, s->tile_h,
				 IDXGEN_FEAT_SCHED_ORDERS);
	if (ret)
		return ret;
	cfg->order = s->order;
	cfg->stride = s->stride;
	cfg->granularity = s->granularity;
	cfg->tile_w = s->tile_w;
	cfg->tile_h = s->tile_h;
	return 0;
}

int idxgen_schedule_format(const struct idxgen_schedule *s, char *buf, size_t len)
{
	int n;

	if (!s || !buf || idxgen_sched_check(s->order, s->stride, s->granularity, s->tile_w,
					     s->tile_h, IDXGEN_FEAT_SCHED_ORDERS))
		return -EINVAL;
	switch (s->order) {
	case IDXGEN_SCHED_STRIDED:
		n = snprintf(buf, len, "strided:%u,%u", s->stride, s->granularity);
		break;
	case IDXGEN_SCHED_TILED:
		n = snprintf(buf, len, "tiled:%ux%u", s->tile_w, s->tile_h);
		break;
	case IDXGEN_SCHED_ZIGZAG:
		n = snprintf(buf, len, "zigzag");
		break;
	case IDXGEN_SCHED_HILBERT:
		n = snprintf(buf, len, "hilbert");
		break;
	default:
		n = snprintf(buf, len, "sequential");
		break;
	}
	return n < 0 || (size_t)n >= len ? -EINVAL : n;
}

/* A decimal number 1..max at *p, advancing *p; -1 if none or too big. */
static long long parse_num(const char **p, unsigned long long max)
{
	unsigned long long v = 0;
	const char *q = *p;

	if (*q < '0' || *q > '9')
		return -1;
	for (; *q >= '0' && *q <= '9'; q++) {
		v = v * 10 + (unsigned int)(*q - '0');
		if (v > max)
			return -1;
	}
	*p = q;
	return v == 0 ? -1 : (long long)v;
}

int idxgen_schedule_parse(const char *text, struct idxgen_schedule *s)
{
	struct idxgen_schedule t;
	const char *p;
	long long a, b;

	if (!text || !s)
		return -EINVAL;
	memset(&t, 0, sizeof(t));
	if (!strcmp(text, "sequential")) {
		t.order = IDXGEN_SCHED_SEQUENTIAL;
	} else if (!strcmp(text, "zigzag")) {
		t.order = IDXGEN_SCHED_ZIGZAG;
	} else if (!strcmp(text, "hilbert")) {
		t.order = IDXGEN_SCHED_HILBERT;
	} else if (!strncmp(text, "tiled:", 6)) {
		p = text + 6;
		a = parse_num(&p, 0xffff);
		b = a;
		if (a > 0 && *p == 'x') {
			p++;
			b = parse_num(&p, 0xffff);
		}
		if (a < 0 || b < 0 || *p)
			return -EINVAL;
		t.order = IDXGEN_SCHED_TILED;
		t.tile_w = (uint32_t)a;
		t.tile_h = (uint32_t)b;
	} else if (!strncmp(text, "strided:", 8)) {
		p = text + 8;
		a = parse_num(&p, UINT32_MAX);
		b = 1;
		if (a > 0 && *p == ',') {
			p++;
			b = parse_num(&p, 0xffff);
		}
		if (a < 0 || b < 0 || *p)
			return -EINVAL;
		t.order = IDXGEN_SCHED_STRIDED;
		t.stride = (uint32_t)a;
		t.granularity = (uint32_t)b;
	} else {
		return -EINVAL;
	}
	if (idxgen_schedule_format(&t, t.name, sizeof(t.name)) < 0)
		return -EINVAL;
	*s = t;
	return 0;
}

int idxgen_sched_entry(struct idxgen_schedule *s, uint32_t order, uint32_t stride,
		       uint32_t granularity, uint32_t tile_w, uint32_t tile_h)
{
	struct idxgen_schedule t = {
		.order = order, .stride = stride, .granularity = granularity,
		.tile_w = tile_w, .tile_h = tile_h,
	};

	/*
	 * The name is the canonical text form on every backend: the device
	 * reports no names (GET_PARAM carries the fields only), and a name
	 * that parses back into the same entry is what a user can type.
	 */
	if (idxgen_schedule_format(&t, t.name, sizeof(t.name)) < 0)
		return -EINVAL;
	*s = t;
	return 0;
}

int idxgen_schedule_table(struct idxgen_device *dev, struct idxgen_schedule *tab,
			  unsigned int max)
{
	if (!dev || (max && !tab))
		return -EINVAL;
	return dev->ops->sched_table(dev, tab, max);
}

int idxgen_config_thread_at(const struct idxgen_config *cfg, uint64_t p, uint16_t *x,
			    uint16_t *y, uint16_t *z)
{
	struct igm_ocur *o;
	uint64_t plane, slice;
	uint32_t tx = 0, ty = 0;

	if (!cfg || !cfg->dx || !cfg->dy || !cfg->dz || p >= idxgen_config_threads(cfg) ||
	    idxgen_sched_check(cfg->order, cfg->stride, cfg->granularity, cfg->tile_w,
			       cfg->tile_h, IDXGEN_FEAT_SCHED_ORDERS))
		return -EINVAL;
	plane = (uint64_t)cfg->dx * cfg->dy;
	slice = p / plane;
	p -= slice * plane;
	o = malloc(sizeof(*o));
	if (!o)
		return -ENOMEM;
	/* The model's own cursor: the same walk the generator makes. */
	igm_ocur_init(o, cfg->order, cfg->dx, cfg->dy, cfg->stride, cfg->granularity,
		      cfg->tile_w, cfg->tile_h);
	do {
		if (!igm_ocur_next(o, &tx, &ty)) {
			free(o);
			return -EINVAL;
		}
	} while (p--);
	free(o);
	if (x)
		*x = (uint16_t)tx;
	if (y)
		*y = (uint16_t)ty;
	if (z)
		*z = (uint16_t)slice;
	return 0;
}
