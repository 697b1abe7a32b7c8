/*
 * QTest for the idxgen accelerator: user queues (interface 1.1).
 *
 * Rings, completion value and doorbell pages as a process would drive
 * them; the window table as a driver programs it; a hostile process
 * (garbage descriptors, doorbells past the ring, rings outside RAM) that
 * must stop only its own queue and never write outside its windows.
 * Outputs are checked against tests/common/gen_ref.h, and "nothing
 * outside the windows" against a sentinel pattern over all index memory.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "libqos/pci-pc.h"
#include "libqos/malloc-pc.h"
#include "standard-headers/linux/pci_regs.h"
#include "gen_ref.h"
#include "idxgen-qtest.h"

QPCIBar db_map(Idx *d)
{
    uint64_t size;

    if (!d->db_mapped) {
        d->db = qpci_iomap(d->dev, IDXGEN_BAR_DOORBELL, &size);
        g_assert_cmpuint(size, ==, IDXGEN_UQ_DB_BAR_SIZE);
        d->db_mapped = true;
    }
    return d->db;
}

/* Program and enable user queue u at the given bus addresses. */
void uq_setup_at(Idx *d, UQ *q, unsigned u, uint32_t size,
                 uint64_t ring, uint64_t cpl, uint64_t fence)
{
    q->u = u;
    q->size = size;
    q->ring = ring;
    q->cpl = cpl;
    q->fence = fence;
    q->tail = 0;
    wr64(d, IDXGEN_UQREG(u, IDXGEN_UQ_RING_BASE_LO), ring);
    wr64(d, IDXGEN_UQREG(u, IDXGEN_UQ_CPL_BASE_LO), cpl);
    wr64(d, IDXGEN_UQREG(u, IDXGEN_UQ_FENCE_ADDR_LO), fence);
    wr(d, IDXGEN_UQREG(u, IDXGEN_UQ_RING_SIZE), size);
    wr(d, IDXGEN_UQREG(u, IDXGEN_UQ_CTRL), IDXGEN_QCTRL_ENABLE);
}

void uq_setup(Idx *d, UQ *q, unsigned u, uint32_t size)
{
    uint64_t ring = guest_alloc(&d->alloc, size * sizeof(struct idxgen_desc));
    uint64_t cpl = guest_alloc(&d->alloc, size * sizeof(struct idxgen_cpl));
    uint64_t fence = guest_alloc(&d->alloc, 8);

    qtest_memset(d->qts, cpl, 0, size * sizeof(struct idxgen_cpl));
    qtest_writeq(d->qts, fence, 0);
    q->db = db_map(d);
    uq_setup_at(d, q, u, size, ring, cpl, fence);
    g_assert_cmphex(rd(d, IDXGEN_UQREG(u, IDXGEN_UQ_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);
}

void uq_window(Idx *d, unsigned u, unsigned w, uint32_t base,
               uint32_t size, uint32_t flags)
{
    wr(d, IDXGEN_UQREG(u, IDXGEN_UQ_WIN(w) + IDXGEN_UQW_BASE), base);
    wr(d, IDXGEN_UQREG(u, IDXGEN_UQ_WIN(w) + IDXGEN_UQW_SIZE), size);
    wr(d, IDXGEN_UQREG(u, IDXGEN_UQ_WIN(w) + IDXGEN_UQW_FLAGS), flags);
}

uint32_t uq_put(Idx *d, UQ *q, const struct idxgen_desc *dsc)
{
    uint32_t slot = q->tail;

    qtest_memwrite(d->qts, q->ring + slot * sizeof(*dsc), dsc, sizeof(*dsc));
    q->tail = (q->tail + 1) % q->size;
    return slot;
}

void uq_doorbell(Idx *d, UQ *q, uint32_t val)
{
    qpci_io_writel(d->dev, q->db, q->u * IDXGEN_UQ_DB_STRIDE +
                   IDXGEN_UQ_DB_TAIL, val);
}

/* The completion value, as userspace polls it. */
uint64_t uq_value(Idx *d, UQ *q)
{
    return qtest_readq(d->qts, q->fence);
}

void uq_wait(Idx *d, UQ *q, uint64_t n)
{
    int64_t t0 = now_ns(d);

    while (uq_value(d, q) < n) {
        g_assert_cmpint(now_ns(d) - t0, <, MAX_WAIT_NS);
        step(d, NS_PER_CYCLE * 16);
    }
}

/* Submit one descriptor, wait for it, return its (checked) completion. */
int uq_run(Idx *d, UQ *q, const struct idxgen_desc *dsc,
           struct idxgen_cpl *c)
{
    uint64_t n = uq_value(d, q) + 1;
    uint32_t slot = uq_put(d, q, dsc);

    uq_doorbell(d, q, q->tail);
    uq_wait(d, q, n);
    qtest_memread(d->qts, q->cpl + slot * sizeof(*c), c, sizeof(*c));
    g_assert_true(cpl_check_ok(c));
    g_assert_cmpuint(le32_to_cpu(c->slot), ==, slot);
    g_assert_cmpuint(le32_to_cpu(c->job_id), ==, le32_to_cpu(dsc->job_id));
    return le16_to_cpu(c->status);
}

int uq_status(Idx *d, UQ *q, const struct idxgen_desc *dsc)
{
    struct idxgen_cpl c;

    return uq_run(d, q, dsc, &c);
}

uint32_t uq_qerr(unsigned err)
{
    return IDXGEN_QSTATUS_ERROR | err << IDXGEN_QSTATUS_ERR_SHIFT;
}

void imem_fill(Idx *d)
{
    g_autofree uint8_t *buf = g_malloc(d->imem_size);

    memset(buf, SENTINEL, d->imem_size);
    qpci_memwrite(d->dev, d->imem, 0, buf, d->imem_size);
}

/* Index memory holds the sentinel everywhere outside [base, base + len). */

/* Index memory holds the sentinel everywhere outside three ranges. */
void imem_untouched_outside3(Idx *d, uint64_t b0, uint64_t l0,
                             uint64_t b1, uint64_t l1,
                             uint64_t b2, uint64_t l2)
{
    g_autofree uint8_t *buf = g_malloc(d->imem_size);
    uint64_t i;

    qpci_memread(d->dev, d->imem, 0, buf, d->imem_size);
    for (i = 0; i < d->imem_size; i++) {
        if ((i >= b0 && i < b0 + l0) || (i >= b1 && i < b1 + l1) ||
            (i >= b2 && i < b2 + l2)) {
            continue;
        }
        if (buf[i] != SENTINEL) {
            g_test_message("index memory 0x%" PRIx64 " written: 0x%02x", i,
                           buf[i]);
            g_assert_not_reached();
        }
    }
}

/* The capability bit and the block, with and without user queues. */
static void test_uq_identity(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;

    idx_start(&d, NULL);
    g_assert_cmphex(rd(&d, IDXGEN_REG_VERSION), ==, 0x00010001);
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_USER_QUEUES);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_UQ_COUNT), ==,
                     IDXGEN_HW_DEFAULT_UQUEUES);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_UQ_WINDOWS), ==, IDXGEN_UQ_WINDOWS);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_UQ_DB_STRIDE), ==, IDXGEN_UQ_DB_STRIDE);
    g_assert_cmpuint(rd(&d, IDXGEN_UQREG(3, IDXGEN_UQ_IRQ_VECTOR)), ==,
                     IDXGEN_MSIX_UQ_VECTOR(IDXGEN_HW_DEFAULT_QUEUES, 3));
    g_assert_cmpuint(qpci_msix_table_size(d.dev), ==,
                     IDXGEN_MSIX_VECTORS_UQ(IDXGEN_HW_DEFAULT_QUEUES,
                                            IDXGEN_HW_DEFAULT_UQUEUES));
    db_map(&d);
    /* the feature stays on whatever the firmware lists */
    fw_load_good(&d);
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_USER_QUEUES);
    /* window flags keep their defined bits only */
    wr(&d, IDXGEN_UQREG(0, IDXGEN_UQ_WIN(7) + IDXGEN_UQW_FLAGS), ~0u);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_WIN(7) +
                                        IDXGEN_UQW_FLAGS)), ==,
                    IDXGEN_UQW_F_MASK);
    wr(&d, IDXGEN_UQREG(0, IDXGEN_UQ_REQUESTER), ~0u);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_REQUESTER)), ==,
                    IDXGEN_DESC_REQ_VALID | IDXGEN_DESC_REQ_ID_MASK);
    idx_stop(&d);

    /* A device without user queues: interface 1.0 behaviour */
    idx_start_ready(&d, "num-uqueues=0");
    g_assert_false(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_USER_QUEUES);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_UQ_COUNT), ==, 0);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_UQ_WINDOWS), ==, 0);
    g_assert_cmpuint(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_CTRL)), ==, 0);
    g_assert_cmpuint(qpci_msix_table_size(d.dev), ==,
                     IDXGEN_MSIX_VECTORS(IDXGEN_HW_DEFAULT_QUEUES));
    g_assert_cmphex(qpci_config_readl(d.dev, PCI_BASE_ADDRESS_5), ==, 0);
    /* the absent block's writable registers are no fatal */
    wr(&d, IDXGEN_REG_UQ_IRQ_ENABLE, ~0u);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_UQ_IRQ_ENABLE), ==, 0);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    q_setup(&d, &q, 0, 4);
    mkdesc(&dsc, 0, 8, 8, 1, 32, 1);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    idx_stop(&d);
}

/* Jobs through a user queue: output, completion value, interrupt. */
static void test_uq_jobs(void)
{
    Idx d;
    UQ q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t msg;
    unsigned nvec = IDXGEN_MSIX_VECTORS_UQ(IDXGEN_HW_DEFAULT_QUEUES,
                                           IDXGEN_HW_DEFAULT_UQUEUES);
    unsigned vec = IDXGEN_MSIX_UQ_VECTOR(IDXGEN_HW_DEFAULT_QUEUES, 2);
    unsigned err = IDXGEN_MSIX_ERR_VECTOR(IDXGEN_HW_DEFAULT_QUEUES);
    unsigned i;

    idx_start_ready(&d, NULL);
    msg = guest_alloc(&d.alloc, 4 * nvec);
    msix_setup(&d, msg, nvec);
    wr(&d, IDXGEN_REG_IRQ_ENABLE, ~0u);
    wr(&d, IDXGEN_REG_UQ_IRQ_ENABLE, ~0u);
    g_assert_cmphex(rd(&d, IDXGEN_REG_UQ_IRQ_ENABLE), ==, 0xff);
    uq_setup(&d, &q, 2, 8);
    uq_window(&d, 2, 5, 0x10000, 0x10000, WIN_RW);
    wr(&d, IDXGEN_UQREG(2, IDXGEN_UQ_REQUESTER), IDXGEN_DESC_REQ_VALID | 3);

    mkdesc(&dsc, 0x10000, 32, 16, 2, 32, 0x77);
    /* the process's requester field is ignored: the queue's is stamped */
    dsc.requester = cpu_to_le32(0x1234567);
    g_assert_cmpuint(uq_run(&d, &q, &dsc, &c), ==, IDXGEN_CPL_OK);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    g_assert_cmpuint(uq_value(&d, &q), ==, 1);
    g_assert_cmpuint(rd64(&d, IDXGEN_UQREG(2, IDXGEN_UQ_FENCE_VALUE_LO)), ==,
                     1);
    g_assert_cmphex(rd(&d, IDXGEN_REG_UQ_IRQ_STATUS), ==, 1u << 2);
    g_assert_cmphex(msg_of(&d, msg, vec), ==, 0x100 + vec);
    g_assert_cmphex(msg_of(&d, msg, err), ==, 0);
    /* a user queue's completion is not a config queue's */
    g_assert_cmphex(rd(&d, IDXGEN_REG_IRQ_STATUS) & 0xf, ==, 0);
    wr(&d, IDXGEN_REG_UQ_IRQ_STATUS, 1u << 2);
    g_assert_cmphex(rd(&d, IDXGEN_REG_UQ_IRQ_STATUS), ==, 0);

    /* again: a history hit; then a batch of 7 behind one doorbell */
    g_assert_cmpuint(uq_run(&d, &q, &dsc, &c), ==, IDXGEN_CPL_OK);
    check_cpl_ok(&c, &dsc, true);
    for (i = 0; i < 7; i++) {
        mkdesc(&dsc, 0x10000 + i * 0x1000, 16, 8 + i, 1, 32, 100 + i);
        uq_put(&d, &q, &dsc);
    }
    qpci_io_writel(d.dev, q.db, 2 * IDXGEN_UQ_DB_STRIDE, q.tail);
    g_assert_cmpuint(qpci_io_readl(d.dev, q.db, 2 * IDXGEN_UQ_DB_STRIDE +
                                   IDXGEN_UQ_DB_TAIL), ==, q.tail);
    uq_wait(&d, &q, 9);
    g_assert_cmpuint(qpci_io_readl(d.dev, q.db, 2 * IDXGEN_UQ_DB_STRIDE +
                                   IDXGEN_UQ_DB_HEAD), ==, q.tail);
    for (i = 0; i < 7; i++) {
        mkdesc(&dsc, 0x10000 + i * 0x1000, 16, 8 + i, 1, 32, 100 + i);
        qtest_memread(d.qts, q.cpl + ((2 + i) % 8) * sizeof(c), &c,
                      sizeof(c));
        g_assert_true(cpl_check_ok(&c));
        check_cpl_ok(&c, &dsc, false);
        check_output(&d, &dsc);
    }
    g_assert_cmpuint(rd(&d, IDXGEN_UQREG(2, IDXGEN_UQ_REJECTED)), ==, 0);
    /* config queues and user queues share the generator */
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_JOBS), ==, 9);
    idx_stop(&d);
}

/* The window table: where, which word size, shared or not, which lock. */
static void test_uq_windows(void)
{
    Idx d;
    UQ q;
    Queue cq;
    struct idxgen_desc dsc;
    unsigned rejected = 0;

    idx_start_ready(&d, "imem-size=1M");
    imem_fill(&d);
    uq_setup(&d, &q, 0, 16);
    wr(&d, IDXGEN_UQREG(0, IDXGEN_UQ_REQUESTER), IDXGEN_DESC_REQ_VALID | 4);

    /* no window yet: nothing runs */
    mkdesc(&dsc, 0x20000, 8, 8, 1, 32, 1);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    rejected++;
    uq_window(&d, 0, 0, 0x20000, 0x1000, WIN_RW);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    /* one word past the end, one before the start: rejected */
    mkdesc(&dsc, 0x20000 + 0x1000 - 8 * 8 * 2 + 2, 8, 8, 1, 32, 2);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    mkdesc(&dsc, 0x20000 - 2, 8, 8, 1, 32, 3);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    rejected += 2;
    /* exactly to the end: runs */
    mkdesc(&dsc, 0x20000 + 0x1000 - 8 * 8 * 2, 8, 8, 1, 32, 4);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    /* 16-bit words only: a 32-bit job is refused */
    uq_window(&d, 0, 0, 0x20000, 0x1000,
              IDXGEN_UQW_F_VALID | IDXGEN_UQW_F_WORD16);
    mkdesc(&dsc, 0x20000, 8, 8, 1, 32, 5);
    dsc.word_size = 4;
    dsc.size_limit = cpu_to_le32(8 * 8 * 4);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_WORD_SIZE);
    /* the shared flag must match the window's */
    mkdesc(&dsc, 0x20000, 8, 8, 1, 32, 6);
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_SHARED);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_WORD_SIZE);
    uq_window(&d, 0, 1, 0x30000, 0x1000, WIN_RW | IDXGEN_UQW_F_SHARED |
              IDXGEN_UQW_F_LOCK | 2 << IDXGEN_UQW_F_LOCK_SHIFT);
    mkdesc(&dsc, 0x30000, 8, 8, 1, 32, 7);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_WORD_SIZE);
    rejected += 3;
    /* shared window with lock 2: only while requester 4 holds it */
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_SHARED);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_LOCK);
    rejected++;
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 2, 5), ==,
                     IDXGEN_ARB_R_OK);
    step(&d, ARB_SERVE_NS);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_LOCK);
    rejected++;
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_UNLOCK, 2, 5), ==,
                     IDXGEN_ARB_R_OK);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 2, 4), ==,
                     IDXGEN_ARB_R_OK);
    step(&d, ARB_SERVE_NS);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    /* a window of 0 bytes or without VALID holds nothing */
    uq_window(&d, 0, 2, 0x40000, 0, WIN_RW);
    uq_window(&d, 0, 3, 0x40000, 0x1000, WIN_RW & ~IDXGEN_UQW_F_VALID);
    mkdesc(&dsc, 0x40000, 4, 4, 1, 32, 8);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    rejected++;
    /* validation comes first: a bad descriptor keeps its own code */
    mkdesc(&dsc, 0x20000, 8, 8, 1, 32, 9);
    dsc.dx = 0;
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_BAD_DIMS);
    g_assert_cmpuint(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_REJECTED)), ==,
                     rejected);
    imem_untouched_outside3(&d, 0x20000, 0x1000, 0x30000, 0x1000, 0, 0);
    /* a config queue has no windows: the driver checks its jobs */
    q_setup(&d, &cq, 0, 4);
    mkdesc(&dsc, 0x80000, 8, 8, 1, 32, 10);
    g_assert_cmpuint(run_job_status(&d, &cq, &dsc), ==, IDXGEN_CPL_OK);
    idx_stop(&d);
}

/*
 * A hostile process: random descriptors, mutated valid ones and doorbells
 * on its page.  Every job completes (error or inside its window), nothing
 * outside the window changes, the device never goes FATAL, and the other
 * user queue and the config queue keep working.
 */
static void test_uq_hostile(void)
{
    Idx d;
    GRand *r = g_rand_new_with_seed(0x5eed41);
    UQ bad, good;
    Queue cq;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t done, ring, cpl, fence;
    unsigned i, k;

    idx_start_ready(&d, "imem-size=1M");
    imem_fill(&d);
    /* the firmware load signalled the error vector: start from a clean slate */
    wr(&d, IDXGEN_REG_IRQ_STATUS, ~0u);
    wr(&d, IDXGEN_REG_IRQ_ENABLE, ~0u);
    uq_setup(&d, &bad, 1, 16);
    uq_window(&d, 1, 0, 0x40000, 0x10000, WIN_RW);
    uq_setup(&d, &good, 3, 4);
    uq_window(&d, 3, 0, 0x60000, 0x1000, WIN_RW);
    for (i = 0; i < 400; i++) {
        if (g_rand_boolean(r)) {
            uint8_t *p = (uint8_t *)&dsc;

            for (k = 0; k < sizeof(dsc); k++) {
                p[k] = g_rand_int(r);
            }
        } else {
            mkdesc(&dsc, g_rand_int_range(r, 0, 0x100000) & ~1u,
                   g_rand_int_range(r, 1, 40), g_rand_int_range(r, 1, 40),
                   g_rand_int_range(r, 1, 3), 32, i);
            if (g_rand_int_range(r, 0, 4) == 0) {
                dsc.target = cpu_to_le64(0x40000 +
                                         g_rand_int_range(r, 0, 0x10000));
            }
        }
        uq_put(&d, &bad, &dsc);
        uq_doorbell(&d, &bad, bad.tail);
        /* junk on the page beside the doorbell: ignored */
        qpci_io_writel(d.dev, bad.db, IDXGEN_UQ_DB_STRIDE + 8, g_rand_int(r));
        uq_wait(&d, &bad, i + 1);
    }
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);
    imem_untouched_outside3(&d, 0x40000, 0x10000, 0, 0, 0, 0);

    /* doorbells of absent queues and of a stopped one are ignored */
    qpci_io_writel(d.dev, bad.db, 15 * IDXGEN_UQ_DB_STRIDE, 1);
    qpci_io_writel(d.dev, bad.db, 6 * IDXGEN_UQ_DB_STRIDE, 1);
    /* a doorbell past the ring stops that queue only */
    done = uq_value(&d, &bad);
    uq_doorbell(&d, &bad, 16);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_DOORBELL));
    uq_doorbell(&d, &bad, (bad.tail + 1) % 16);
    step(&d, 100000);
    g_assert_cmpuint(uq_value(&d, &bad), ==, done);
    g_assert_true(rd(&d, IDXGEN_REG_UQ_IRQ_STATUS) & (1u << 1));
    g_assert_false(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    mkdesc(&dsc, 0x60000, 8, 8, 1, 32, 1000);
    g_assert_cmpuint(uq_status(&d, &good, &dsc), ==, IDXGEN_CPL_OK);
    q_setup(&d, &cq, 0, 4);
    mkdesc(&dsc, 0x80000, 8, 8, 1, 32, 1001);
    g_assert_cmpuint(run_job_status(&d, &cq, &dsc), ==, IDXGEN_CPL_OK);

    /* a descriptor ring outside RAM: DMA_FAULT completion, queue stopped */
    ring = bad.ring;
    cpl = bad.cpl;
    fence = bad.fence;
    uq_setup_at(&d, &bad, 1, 4, NOWHERE, cpl, fence);
    qtest_writeq(d.qts, fence, 0);
    uq_doorbell(&d, &bad, 1);
    uq_wait(&d, &bad, 1);
    qtest_memread(d.qts, bad.cpl, &c, sizeof(c));
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_DMA_FAULT);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_DMA));
    /* completions outside RAM: stopped, no completion value */
    mkdesc(&dsc, 0x40000, 8, 8, 1, 32, 2000);
    uq_setup_at(&d, &bad, 1, 4, ring, NOWHERE, fence);
    qtest_writeq(d.qts, fence, 0);
    uq_put(&d, &bad, &dsc);
    uq_doorbell(&d, &bad, bad.tail);
    step(&d, 100000);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_DMA));
    g_assert_cmpuint(uq_value(&d, &bad), ==, 0);
    /* the completion value outside RAM: stopped after its record */
    uq_setup_at(&d, &bad, 1, 4, ring, cpl, NOWHERE);
    uq_put(&d, &bad, &dsc);
    uq_doorbell(&d, &bad, bad.tail);
    step(&d, 100000);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_DMA));
    g_assert_cmpuint(rd64(&d, IDXGEN_UQREG(1, IDXGEN_UQ_FENCE_VALUE_LO)), ==,
                     1);
    /* a misaligned completion value, a bad size: not enabled */
    uq_setup_at(&d, &bad, 1, 4, ring, cpl, fence + 4);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_RING));
    uq_setup_at(&d, &bad, 1, 3, ring, cpl, fence);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_RING));

    imem_untouched_outside3(&d, 0x40000, 0x10000, 0x60000, 0x1000,
                               0x80000, 8 * 8 * 2);
    g_assert_false(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    /* the other user queue still runs */
    mkdesc(&dsc, 0x60000, 8, 8, 1, 32, 1002);
    g_assert_cmpuint(uq_status(&d, &good, &dsc), ==, IDXGEN_CPL_OK);
    idx_stop(&d);
    g_rand_free(r);
}

/*
 * Teardown: clearing ENABLE aborts the running job (ABORTED completion and
 * value), and afterwards the device leaves the queue's memory alone.
 */
static void test_uq_teardown(void)
{
    Idx d;
    UQ q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint8_t ring_before[4 * sizeof(struct idxgen_desc)];
    uint8_t ring_after[sizeof(ring_before)];

    idx_start_ready(&d, NULL);
    uq_setup(&d, &q, 0, 4);
    uq_window(&d, 0, 0, 0, 0x400000, WIN_RW);
    mkdesc(&dsc, 0, 1024, 512, 1, 32, 1);
    uq_put(&d, &q, &dsc);
    mkdesc(&dsc, 0x200000, 64, 64, 1, 32, 2);
    uq_put(&d, &q, &dsc);
    uq_doorbell(&d, &q, q.tail);
    step(&d, 20000);
    g_assert_true(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_STATUS)) &
                  IDXGEN_QSTATUS_BUSY);
    wr(&d, IDXGEN_UQREG(0, IDXGEN_UQ_CTRL), 0);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_STATUS)), ==, 0);
    g_assert_cmpuint(uq_value(&d, &q), ==, 1);
    qtest_memread(d.qts, q.cpl, &c, sizeof(c));
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_ABORTED);
    /* nothing more: no completion, no value, doorbells ignored */
    qtest_memset(d.qts, q.cpl, 0, 4 * sizeof(c));
    qtest_memread(d.qts, q.ring, ring_before, sizeof(ring_before));
    uq_doorbell(&d, &q, 3);
    step(&d, 1000000);
    g_assert_cmpuint(uq_value(&d, &q), ==, 1);
    qtest_memread(d.qts, q.cpl + sizeof(c), &c, sizeof(c));
    g_assert_cmpuint(le32_to_cpu(c.check), ==, 0);
    qtest_memread(d.qts, q.ring, ring_after, sizeof(ring_after));
    g_assert_cmpmem(ring_before, sizeof(ring_before), ring_after,
                    sizeof(ring_after));
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    /* re-enabled: from slot 0, value from 0 */
    uq_setup_at(&d, &q, 0, 4, q.ring, q.cpl, q.fence);
    qtest_writeq(d.qts, q.fence, 0);
    mkdesc(&dsc, 0x300000, 8, 8, 1, 32, 3);
    g_assert_cmpuint(uq_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmpuint(rd64(&d, IDXGEN_UQREG(0, IDXGEN_UQ_FENCE_VALUE_LO)), ==,
                     1);
    /* a device reset stops every user queue */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_STATUS)), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_WIN(0) +
                                        IDXGEN_UQW_FLAGS)), ==, 0);
    idx_stop(&d);
}

/* Live migration with a user-queue job half generated. */
static void test_uq_migrate(void)
{
    static const char props[] = "imem-size=4M";
    g_autofree char *uri = g_strdup_printf("unix:%s/idxgen-uqmig-%d.sock",
                                           g_get_tmp_dir(), getpid());
    Idx s, t;
    UQ q;
    struct idxgen_desc big, small;
    struct idxgen_cpl c;

    idx_start_ready(&s, props);
    uq_setup(&s, &q, 5, 8);
    uq_window(&s, 5, 6, 0, 0x200000, WIN_RW);
    wr(&s, IDXGEN_UQREG(5, IDXGEN_UQ_REQUESTER), IDXGEN_DESC_REQ_VALID | 9);
    wr(&s, IDXGEN_REG_UQ_IRQ_ENABLE, 1u << 5);
    mkdesc(&small, 0x300000, 8, 8, 1, 32, 1);
    g_assert_cmpuint(uq_status(&s, &q, &small), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    mkdesc(&big, 0, 1024, 512, 1, 32, 2);
    uq_put(&s, &q, &big);
    uq_doorbell(&s, &q, q.tail);
    step(&s, 60000);
    g_assert_true(rd(&s, IDXGEN_UQREG(5, IDXGEN_UQ_STATUS)) &
                  IDXGEN_QSTATUS_BUSY);

    migrate_live(&s, &t, props, uri);
    t.now = s.now;     /* q.db: the BAR moved with config space */

    g_assert_cmphex(rd(&t, IDXGEN_UQREG(5, IDXGEN_UQ_REQUESTER)), ==,
                    IDXGEN_DESC_REQ_VALID | 9);
    g_assert_cmphex(rd(&t, IDXGEN_UQREG(5, IDXGEN_UQ_WIN(6) +
                                        IDXGEN_UQW_SIZE)), ==, 0x200000);
    g_assert_cmpuint(rd(&t, IDXGEN_UQREG(5, IDXGEN_UQ_REJECTED)), ==, 1);
    g_assert_cmphex(rd(&t, IDXGEN_REG_UQ_IRQ_ENABLE), ==, 1u << 5);
    uq_wait(&t, &q, 2);
    qtest_memread(t.qts, q.cpl + sizeof(c), &c, sizeof(c));
    g_assert_true(cpl_check_ok(&c));
    check_cpl_ok(&c, &big, false);
    check_output(&t, &big);
    /* the window still holds: a job outside it is still refused */
    g_assert_cmpuint(uq_status(&t, &q, &small), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    g_assert_cmpuint(rd64(&t, IDXGEN_UQREG(5, IDXGEN_UQ_FENCE_VALUE_LO)), ==,
                     3);

    idx_stop(&t);
    g_free(s.dev);
    qpci_free_pc(s.bus);
    alloc_destroy(&s.alloc);
    qtest_quit(s.qts);
}

/*
 * DBG_FAULT UQ_LATE: a doorbell taken while it is armed starts nothing,
 * however long the device runs; the next UQ_STATUS read starts the work
 * before it returns, and a first job refused at its fetch (FAIL_DMA) has
 * completed and stopped its queue by then.  A second round without
 * FAIL_DMA: the held job starts at the read and completes as any job.
 */
static void test_uq_late(void)
{
    Idx d;
    UQ q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    idx_start_ready(&d, "imem-size=1M,debug=on");
    uq_setup(&d, &q, 0, 4);
    uq_window(&d, 0, 0, 0x10000, 0x10000, WIN_RW);
    mkdesc(&dsc, 0x10000, 8, 8, 1, 32, 0x1a7e);
    uq_put(&d, &q, &dsc);
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA | IDXGEN_FAULT_UQ_LATE);
    uq_doorbell(&d, &q, q.tail);
    step(&d, 1000000);
    g_assert_cmpuint(uq_value(&d, &q), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FIRED), ==, 0);
    /* the read itself: the job refused at its fetch has ended before it returns */
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_DMA));
    g_assert_cmpuint(rd64(&d, IDXGEN_UQREG(0, IDXGEN_UQ_FENCE_VALUE_LO)), ==, 1);
    g_assert_cmpuint(uq_value(&d, &q), ==, 1);
    qtest_memread(d.qts, q.cpl, &c, sizeof(c));
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_DMA_FAULT);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FIRED), ==,
                    IDXGEN_FAULT_FAIL_DMA | IDXGEN_FAULT_UQ_LATE);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, 0);

    /* a job the device can run: held, then started by the read */
    wr(&d, IDXGEN_REG_DBG_FIRED, ~0u);
    uq_setup(&d, &q, 0, 4);
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_UQ_LATE);
    uq_put(&d, &q, &dsc);
    uq_doorbell(&d, &q, q.tail);
    step(&d, 1000000);
    g_assert_cmpuint(uq_value(&d, &q), ==, 0);
    g_assert_true(rd(&d, IDXGEN_UQREG(0, IDXGEN_UQ_STATUS)) &
                  IDXGEN_QSTATUS_ENABLED);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_UQ_LATE);
    uq_wait(&d, &q, 1);
    qtest_memread(d.qts, q.cpl, &c, sizeof(c));
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_OK);
    idx_stop(&d);
}

void register_uq(void)
{
    qtest_add_func("/idxgen/uq/identity", test_uq_identity);
    qtest_add_func("/idxgen/uq/jobs", test_uq_jobs);
    qtest_add_func("/idxgen/uq/windows", test_uq_windows);
    qtest_add_func("/idxgen/uq/hostile", test_uq_hostile);
    qtest_add_func("/idxgen/uq/late", test_uq_late);
    qtest_add_func("/idxgen/uq/teardown", test_uq_teardown);
    qtest_add_func("/idxgen/uq/migrate", test_uq_migrate);
}
