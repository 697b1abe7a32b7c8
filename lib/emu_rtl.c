// SPDX-License-Identifier: MIT
/*
 * emu_rtl.c - the emulation backend's generator as the RTL (an option).
 *
 * With IDXGEN_EMU_RTL naming libidxgen-rtlsim.so (`make -C fw/rtl sim`:
 * fw/rtl's idxgen_core verilated behind include/idxgen_rtlsim.h), the
 * emulation backend runs its jobs through the hardware description instead
 * of the C model: each job's descriptor (igm_job_to_desc, the bytes the
 * driver would write) goes to the clocked core, its writes land in the
 * backend's index memory, and the result is read from the core's
 * completion record.  The core keeps its own history, so region
 * allocations invalidate it as they do the model's.  The object is loaded
 * with dlopen so the library itself links no C++ and no Verilator; it is
 * refused unless built for the device the backend stands in for (lanes,
 * history entries, index memory).  docs/rtl.md, "The stack on the RTL".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "idxgen_le.h"
#include "idxgen_rtlsim.h"

_Static_assert(sizeof(struct idxgen_desc) == 64, "idxgen_rtlsim_run takes 64-byte descriptors");
_Static_assert(sizeof(struct idxgen_cpl) == 32, "idxgen_rtlsim_run gives 32-byte completions");

struct idxgen_emu_rtl {
	void *so;
	idxgen_rtlsim_run_fn *run;
	idxgen_rtlsim_invalidate_fn *invalidate;
	idxgen_rtlsim_free_fn *free;
	struct idxgen_rtlsim *sim;
};

int idxgen_emu_rtl_open(const char *path, const struct igm_limits *l, unsigned int hist_entries,
			struct idxgen_emu_rtl **out)
{
	struct idxgen_emu_rtl *r = calloc(1, sizeof(*r));
	struct idxgen_rtlsim_limits sl = {
	    .lanes = l->lanes,
	    .max_threads = l->max_threads,
	    .features = l->features,
	    .max_dim = {(uint16_t)l->max_dim[0], (uint16_t)l->max_dim[1], (uint16_t)l->max_dim[2]},
	};
	struct idxgen_rtlsim_build b;
	idxgen_rtlsim_build_fn *build;
	idxgen_rtlsim_new_fn *make;
	int ret = -ELIBBAD;

	if (!r)
		return -ENOMEM;
	r->so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!r->so) {
		free(r);
		return -ELIBACC;
	}
	build = (idxgen_rtlsim_build_fn *)dlsym(r->so, "idxgen_rtlsim_build");
	make = (idxgen_rtlsim_new_fn *)dlsym(r->so, "idxgen_rtlsim_new");
	r->run = (idxgen_rtlsim_run_fn *)dlsym(r->so, "idxgen_rtlsim_run");
	r->invalidate = (idxgen_rtlsim_invalidate_fn *)dlsym(r->so, "idxgen_rtlsim_invalidate");
	r->free = (idxgen_rtlsim_free_fn *)dlsym(r->so, "idxgen_rtlsim_free");
	if (!build || !make || !r->run || !r->invalidate || !r->free)
		goto err;
	build(&b);
	/* a core of another size would refuse or time jobs as another device does */
	if (b.lanes != l->lanes || b.hist_entries != hist_entries || b.imem_size != l->imem_size)
		goto err;
	ret = -ENOMEM;
	r->sim = make(&sl);
	if (!r->sim)
		goto err;
	*out = r;
	return 0;
err:
	dlclose(r->so);
	free(r);
	return ret;
}

void idxgen_emu_rtl_run(struct idxgen_emu_rtl *r, uint8_t *imem, const struct igm_job *j,
			struct igm_result *res)
{
	struct idxgen_desc d;
	struct idxgen_cpl c;
	uint8_t desc[64], cpl[32];

	igm_job_to_desc(&d, j);
	memcpy(desc, &d, sizeof(desc));
	memset(res, 0, sizeof(*res));
	if (r->run(r->sim, desc, 0, imem, cpl)) {
		/* the core wrote outside index memory or hung: a broken build */
		res->status = IDXGEN_CPL_ABORTED;
		res->cycles = IDXGEN_FILTER_CYCLES;
		return;
	}
	memcpy(&c, cpl, sizeof(c));
	res->status = igm_ld16(&c.status);
	res->hit = igm_ld16(&c.flags) & IDXGEN_CPLF_HIT;
	res->warps = igm_ld32(&c.warps);
	res->threads = igm_ld32(&c.threads);
	res->cycles = igm_ld64(&c.cycles);
}

void idxgen_emu_rtl_invalidate(struct idxgen_emu_rtl *r, uint64_t base, uint64_t len)
{
	r->invalidate(r->sim, base, len);
}

void idxgen_emu_rtl_close(struct idxgen_emu_rtl *r)
{
	if (!r)
		return;
	r->free(r->sim);
	dlclose(r->so);
	free(r);
}
