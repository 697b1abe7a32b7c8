/*
 * QTest for the idxgen accelerator: arbiter.
 *
 * The arbiter's registers, FIFO order, preemption, reset and bad
 * commands; lock 0 for shared jobs and the hold limit.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Arbiter (docs/design.md#arbiter)                                   */
/* ------------------------------------------------------------------ */

uint32_t arb_cmd(Idx *d, uint32_t op, uint32_t lock, uint32_t req)
{
    wr(d, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(op, lock, req));
    return rd(d, IDXGEN_REG_ARB_CMD_RESULT);
}

static uint32_t arb_req(Idx *d, uint32_t req, uint32_t reg)
{
    wr(d, IDXGEN_REG_ARB_SEL, req);
    return rd(d, reg);
}

static void test_arb_registers(void)
{
    Idx d;
    unsigned i;

    idx_start_ready(&d, NULL);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_INFO), ==,
                    IDXGEN_ARB_REQUESTERS | IDXGEN_ARB_LOCKS << 8 |
                    IDXGEN_ARB_FIFO_DEPTH << 16);
    wr(&d, IDXGEN_REG_IRQ_ENABLE, IDXGEN_IRQ_ARB);
    g_assert_cmphex(rd(&d, IDXGEN_REG_IRQ_ENABLE), ==, IDXGEN_IRQ_ARB);
    wr(&d, IDXGEN_REG_ARB_CPR(1), 1);
    wr(&d, IDXGEN_REG_ARB_CPR(2), 0x102);       /* masked to 8 bits */
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_CPR(2)), ==, 2);

    /* requester 1 takes locks 0 and 5: queued, then served by the arbiter */
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 1), ==,
                     IDXGEN_ARB_R_OK);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_FIFO_COUNT), ==, 1);
    g_assert_true(arb_req(&d, 1, IDXGEN_REG_ARB_REQ_STATUS) &
                  IDXGEN_ARB_RS_PENDING);
    step(&d, ARB_SERVE_NS);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_FIFO_COUNT), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(0)), ==,
                    IDXGEN_ARB_MUTEX_LOCKED | 1);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ARB);
    wr(&d, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_ARB);
    arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 5, 1);
    step(&d, ARB_SERVE_NS);
    g_assert_cmphex(arb_req(&d, 1, IDXGEN_REG_ARB_REQ_HELD), ==, 0x21);

    /* three requests in one cycle: FIFO depth 3, served in order */
    wr(&d, IDXGEN_REG_ARB_CPR(0), 0);
    wr(&d, IDXGEN_REG_ARB_CPR(3), 3);
    arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 2);       /* lower: waits */
    arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 3);       /* lower: waits */
    arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 0);       /* higher: preempts */
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_FIFO_COUNT), ==, 3);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_STAT_MAX_DEPTH), ==, 3);
    step(&d, 3 * ARB_SERVE_NS);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_FIFO_COUNT), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(0)), ==,
                    IDXGEN_ARB_MUTEX_LOCKED | 0);
    /* the holder lost ALL its locks, lock 5 included */
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(5)), ==, 0);
    g_assert_cmphex(arb_req(&d, 1, IDXGEN_REG_ARB_REQ_STATUS) &
                    IDXGEN_ARB_RS_EVENT_MASK, ==,
                    IDXGEN_ARB_RS_GRANTED | IDXGEN_ARB_RS_LOST |
                    IDXGEN_ARB_RS_LOST_PREEMPT);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_REQ_LOST_COUNT), ==, 1);
    g_assert_cmphex(arb_req(&d, 2, IDXGEN_REG_ARB_REQ_STATUS), ==,
                    IDXGEN_ARB_RS_DENIED | IDXGEN_ARB_RS_WAITING);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_ARB_STAT_GRANTS), ==, 3);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_ARB_STAT_PREEMPTIONS), ==, 1);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_ARB_STAT_DENIALS), ==, 2);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_EVENTS), ==, 0xf);
    wr(&d, IDXGEN_REG_ARB_SEL, 1);
    wr(&d, IDXGEN_REG_ARB_REQ_STATUS, IDXGEN_ARB_RS_EVENT_MASK);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_EVENTS), ==, 0xd);

    /* unlock: the waiter with the best CPR (2 before 3, same order) */
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_UNLOCK, 0, 0), ==,
                     IDXGEN_ARB_R_OK);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(0)), ==,
                    IDXGEN_ARB_MUTEX_LOCKED | 2);
    /* a waiter gives up (timeout) */
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_CANCEL, 0, 3), ==,
                     IDXGEN_ARB_R_OK);
    g_assert_false(arb_req(&d, 3, IDXGEN_REG_ARB_REQ_STATUS) &
                   IDXGEN_ARB_RS_WAITING);

    /* bad commands: a result code, no state change, no fatal */
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 16), ==,
                     IDXGEN_ARB_R_BAD_REQUESTER);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 8, 1), ==,
                     IDXGEN_ARB_R_BAD_LOCK);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_UNLOCK, 0, 1), ==,
                     IDXGEN_ARB_R_NOT_HELD);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 2), ==,
                     IDXGEN_ARB_R_HELD);
    g_assert_cmpuint(arb_cmd(&d, 0, 0, 0), ==, IDXGEN_ARB_R_BAD_OP);
    wr(&d, IDXGEN_REG_ARB_CMD, 0x00010000 | IDXGEN_ARB_CMD(1, 0, 0));
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_CMD_RESULT), ==,
                     IDXGEN_ARB_R_BAD_OP);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);

    /* device reset: everything free, counters 0, CPRs 0 */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    for (i = 0; i < IDXGEN_ARB_LOCKS; i++) {
        g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(i)), ==, 0);
    }
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_CPR(2)), ==, 0);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_ARB_STAT_GRANTS), ==, 0);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_ARB_EVENTS), ==, 0);
    idx_stop(&d);
}

/* Shared-region jobs need lock 0; jobs count towards the hold limit. */
static void test_arb_jobs(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    idx_start_ready(&d, "imem-size=1M");
    q_setup(&d, &q, 0, 8);
    mkdesc(&dsc, 0x1000, 8, 8, 1, 32, 7);
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_SHARED | IDXGEN_DESC_F_NO_HISTORY);
    dsc.requester = cpu_to_le32(IDXGEN_DESC_REQ_VALID | 4);

    /* without ENFORCE shared jobs run for anybody (interface 1.0) */
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    wr(&d, IDXGEN_REG_ARB_CTRL, 0xff);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_CTRL), ==, IDXGEN_ARB_CTRL_ENFORCE);
    run_job(&d, &q, &dsc, &c);
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_NOT_LOCK_HOLDER);
    g_assert_cmpuint(le32_to_cpu(c.warps), ==, 0);
    g_assert_cmphex(le16_to_cpu(c.flags), ==, IDXGEN_CPLF_SHARED);

    arb_cmd(&d, IDXGEN_ARB_OP_LOCK, IDXGEN_ARB_SHARED_LOCK, 4);
    step(&d, ARB_SERVE_NS);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    /* somebody else, or no requester at all */
    dsc.requester = cpu_to_le32(IDXGEN_DESC_REQ_VALID | 5);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_NOT_LOCK_HOLDER);
    dsc.requester = 0;
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_NOT_LOCK_HOLDER);
    /* a dedicated-region job needs no lock */
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_NO_HISTORY);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);

    /* hold limit 3: one job counted already, two more release the lock */
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_SHARED | IDXGEN_DESC_F_NO_HISTORY);
    dsc.requester = cpu_to_le32(IDXGEN_DESC_REQ_VALID | 4);
    wr(&d, IDXGEN_REG_ARB_HOLD_LIMIT, 3);
    g_assert_cmpuint(arb_req(&d, 4, IDXGEN_REG_ARB_REQ_HOLD_COUNT), ==, 1);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmpuint(arb_req(&d, 4, IDXGEN_REG_ARB_REQ_HOLD_COUNT), ==, 2);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(0)), ==, 0);
    g_assert_true(arb_req(&d, 4, IDXGEN_REG_ARB_REQ_STATUS) &
                  IDXGEN_ARB_RS_LOST_HOLD_LIMIT);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_ARB_STAT_HOLD_RELEASES), ==, 1);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_NOT_LOCK_HOLDER);
    idx_stop(&d);
}

void register_arb(void)
{
    qtest_add_func("/idxgen/arb/registers", test_arb_registers);
    qtest_add_func("/idxgen/arb/jobs", test_arb_jobs);
}
