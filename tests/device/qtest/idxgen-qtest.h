/*
 * QTest for the idxgen thread-index generator accelerator: what the test
 * files share.
 *
 * Each idxgen-qtest-<area>.c holds one area's cases and registers them
 * (register_<area>(), which idxgen-test.c's main calls);
 * idxgen-qtest-common.c holds the plumbing (machine start, BAR mapping,
 * virtual clock, firmware images, queues and descriptors).  Other
 * helpers that more than one area uses are exported by the area that owns
 * them and declared here under its name.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef IDXGEN_QTEST_H
#define IDXGEN_QTEST_H

#include "libqtest.h"
#include "libqos/pci.h"
#include "libqos/libqos-malloc.h"
#include "idxgen_hw.h"

#define IDX_DEVFN       QPCI_DEVFN(4, 0)
#define NS_PER_CYCLE    (1000000 / IDXGEN_HW_DEFAULT_CLOCK_KHZ)
#define MAX_WAIT_NS     (50 * 1000 * 1000)

typedef struct Idx {
    QTestState *qts;
    QGuestAllocator alloc;
    QPCIBus *bus;
    QPCIDevice *dev;
    QPCIBar regs;
    QPCIBar imem;
    uint64_t imem_size;
    QPCIBar db;                 /* BAR5, mapped once (a second map moves it) */
    bool db_mapped;
    int64_t now;                /* virtual clock after the last step */
} Idx;

typedef struct Queue {
    unsigned qn;
    uint32_t size;
    uint64_t ring;
    uint64_t cpl;
    uint32_t tail;
    uint32_t submitted;
} Queue;

/* idxgen-qtest-common.c: plumbing */
void idx_start_args(Idx *d, const char *props, const char *args);
void idx_start(Idx *d, const char *props);
void idx_stop(Idx *d);
uint32_t rd(Idx *d, uint64_t off);
uint64_t rd64(Idx *d, uint64_t off);
void wr(Idx *d, uint64_t off, uint32_t val);
void wr64(Idx *d, uint64_t off, uint64_t val);
int64_t step(Idx *d, int64_t ns);
int64_t now_ns(Idx *d);

/* idxgen-qtest-common.c: firmware images */
typedef struct FwSpec {
    uint32_t max_threads;
    uint16_t max_dim[3];
    uint16_t hist_entries;
    uint32_t features;
    uint32_t version;
} FwSpec;

#define FW_IMG_SIZE (sizeof(struct idxgen_fw_header) + \
                     sizeof(struct idxgen_fw_record) + \
                     sizeof(struct idxgen_fw_params))

FwSpec fw_default(void);
void fw_seal(uint8_t *img, size_t len);
size_t fw_build(uint8_t *img, const FwSpec *f);
uint32_t fw_load_at(Idx *d, uint64_t addr, uint32_t size);
uint32_t fw_load(Idx *d, const uint8_t *img, size_t len);
void fw_load_good(Idx *d);
void idx_start_ready(Idx *d, const char *props);

/* idxgen-qtest-common.c: queues and descriptors */
void q_setup(Idx *d, Queue *q, unsigned qn, uint32_t size);
void mkdesc(struct idxgen_desc *dsc, uint64_t target, uint32_t dx,
            uint32_t dy, uint32_t dz, uint32_t c, uint32_t job_id);
uint64_t desc_warps(const struct idxgen_desc *dsc);
uint32_t q_put(Idx *d, Queue *q, const struct idxgen_desc *dsc);
void q_ring(Idx *d, Queue *q);
uint32_t q_submit(Idx *d, Queue *q, const struct idxgen_desc *dsc);
uint32_t q_completed(Idx *d, Queue *q);
int64_t q_wait(Idx *d, Queue *q, uint32_t n, int64_t ns);
void q_cpl(Idx *d, Queue *q, uint32_t slot, struct idxgen_cpl *c);
bool cpl_check_ok(const struct idxgen_cpl *c);
int64_t run_job(Idx *d, Queue *q, const struct idxgen_desc *dsc,
                struct idxgen_cpl *c);
int run_job_status(Idx *d, Queue *q, const struct idxgen_desc *dsc);
void check_output(Idx *d, const struct idxgen_desc *dsc);
void check_cpl_ok(const struct idxgen_cpl *c,
                  const struct idxgen_desc *dsc, bool hit);

/* idxgen-qtest-reset.c: power-on state, MSI-X messages in guest memory */
void check_power_on(Idx *d);
void msix_setup(Idx *d, uint64_t msg, unsigned nvec);
uint32_t msg_of(Idx *d, uint64_t msg, unsigned v);

/* idxgen-qtest-arb.c */
#define ARB_SERVE_NS    (IDXGEN_ARB_SERVE_CYCLES * NS_PER_CYCLE)

uint32_t arb_cmd(Idx *d, uint32_t op, uint32_t lock, uint32_t req);

/* idxgen-qtest-migrate.c: live migration, migration streams in files */
char *migrate_to_file(Idx *s, const char *uri, const char *path,
                      gsize *len);
char *migrate_from_file(const char *props, const char *uri);
void migrate_live(Idx *s, Idx *t, const char *props, const char *uri);
gsize find_last(const char *img, gsize len, const void *pat, gsize plen);

/* idxgen-qtest-uq.c: user queues as a process and its driver drive them */
#define SENTINEL        0xa5
/* Bus addresses where q35 has nothing: every DMA there fails */
#define NOWHERE         0xfff00000000ULL
#define WIN_RW  (IDXGEN_UQW_F_VALID | IDXGEN_UQW_F_WORD16 | IDXGEN_UQW_F_WORD32)

typedef struct UQ {
    unsigned u;
    uint32_t size;
    uint64_t ring;
    uint64_t cpl;
    uint64_t fence;
    uint32_t tail;
    QPCIBar db;
} UQ;

QPCIBar db_map(Idx *d);
void uq_setup_at(Idx *d, UQ *q, unsigned u, uint32_t size,
                 uint64_t ring, uint64_t cpl, uint64_t fence);
void uq_setup(Idx *d, UQ *q, unsigned u, uint32_t size);
void uq_window(Idx *d, unsigned u, unsigned w, uint32_t base,
               uint32_t size, uint32_t flags);
uint32_t uq_put(Idx *d, UQ *q, const struct idxgen_desc *dsc);
void uq_doorbell(Idx *d, UQ *q, uint32_t val);
uint64_t uq_value(Idx *d, UQ *q);
void uq_wait(Idx *d, UQ *q, uint64_t n);
int uq_run(Idx *d, UQ *q, const struct idxgen_desc *dsc,
           struct idxgen_cpl *c);
int uq_status(Idx *d, UQ *q, const struct idxgen_desc *dsc);
uint32_t uq_qerr(unsigned err);
void imem_fill(Idx *d);
void imem_untouched_outside3(Idx *d, uint64_t b0, uint64_t l0,
                             uint64_t b1, uint64_t l1,
                             uint64_t b2, uint64_t l2);

/*
 * Each area file registers its own cases (qtest_add_func, "/idxgen/..."):
 * a new case is one edit, in its area's file; idxgen-test.c calls these.
 */
void register_identity(void);
void register_fw(void);
void register_queue(void);
void register_history(void);
void register_sched(void);
void register_reset(void);
void register_fault(void);
void register_arb(void);
void register_migrate(void);
void register_trace(void);
void register_uq(void);
void register_uq_shadow(void);

#endif
