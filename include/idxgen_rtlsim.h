/* SPDX-License-Identifier: MIT */
/*
 * idxgen_rtlsim.h - the generator's RTL (fw/rtl, idxgen_core) verilated
 * into a shared object, libidxgen-rtlsim.so, behind a C interface that
 * speaks only the hardware contract: 64-byte descriptors in, the words the
 * write port writes into the caller's index memory, the 32-byte completion
 * record out (include/idxgen_hw.h lays both out).  libidxgen's emulation
 * backend loads it with dlopen when IDXGEN_EMU_RTL names it, so the library
 * and the programs above it run on the hardware description instead of
 * the C model (docs/rtl.md, "The stack on the RTL").
 *
 * The object is built with its generator's parameters (lanes, history
 * entries, index-memory size; `make -C fw/rtl sim`) and reports them, so
 * the loader can refuse one that does not match the device it stands in
 * for.
 */
#ifndef IDXGEN_RTLSIM_H
#define IDXGEN_RTLSIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct idxgen_rtlsim;

/* What the object was built with (its idxgen_core parameters). */
struct idxgen_rtlsim_build {
	uint32_t lanes;
	uint32_t hist_entries;
	uint64_t imem_size;
};

/* The capability registers the firmware sets (idxgen_core's limit inputs). */
struct idxgen_rtlsim_limits {
	uint32_t lanes;
	uint32_t max_threads;
	uint16_t max_dim[3];
	uint32_t features;
};

typedef void idxgen_rtlsim_build_fn(struct idxgen_rtlsim_build *b);
/* A generator out of reset; NULL if out of memory. */
typedef struct idxgen_rtlsim *idxgen_rtlsim_new_fn(const struct idxgen_rtlsim_limits *l);
/*
 * One job: the descriptor accepted, the write port always ready, every
 * write stored into imem (imem_size bytes, the build's), until the
 * completion record.  0, or -1 when the RTL wrote outside imem or gave no
 * completion in time (a broken build, never a refused job).
 */
typedef int idxgen_rtlsim_run_fn(struct idxgen_rtlsim *s, const uint8_t desc[64], uint32_t slot,
				 uint8_t *imem, uint8_t cpl[32]);
/* The history command: drop the entries that overlap [base, base + len). */
typedef void idxgen_rtlsim_invalidate_fn(struct idxgen_rtlsim *s, uint64_t base, uint64_t len);
typedef void idxgen_rtlsim_free_fn(struct idxgen_rtlsim *s);

idxgen_rtlsim_build_fn idxgen_rtlsim_build;
idxgen_rtlsim_new_fn idxgen_rtlsim_new;
idxgen_rtlsim_run_fn idxgen_rtlsim_run;
idxgen_rtlsim_invalidate_fn idxgen_rtlsim_invalidate;
idxgen_rtlsim_free_fn idxgen_rtlsim_free;

#ifdef __cplusplus
}
#endif

#endif
