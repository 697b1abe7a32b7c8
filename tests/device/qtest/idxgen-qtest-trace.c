/*
 * QTest for the idxgen accelerator: trace events.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "idxgen-qtest.h"

/*
 * Trace events (qemu-device/trace-events): a run that exercises every
 * kind of event, with all of the device's events enabled into a log file,
 * must log each of them.
 */
static void test_trace_events(void)
{
    static const char *const events[] = {
        "idxgen_reg_read", "idxgen_reg_write", "idxgen_fw_load",
        "idxgen_queue_enable", "idxgen_doorbell", "idxgen_job_fetch",
        "idxgen_job_start", "idxgen_job_complete", "idxgen_job_error",
        "idxgen_hist_miss", "idxgen_hist_insert", "idxgen_hist_hit",
        "idxgen_hist_invalidate", "idxgen_hist_flush", "idxgen_irq_raise",
        "idxgen_range_cmd", "idxgen_arb_grant", "idxgen_arb_release",
        "idxgen_arb_preempt", "idxgen_reset", "idxgen_uq_reject",
        "idxgen_uq_shadow_sleep", "idxgen_uq_fault",
    };
    g_autofree char *log = NULL;
    g_autofree char *args = NULL;
    g_autofree char *text = NULL;
    struct idxgen_desc dsc, bad;
    struct idxgen_cpl c;
    Queue q;
    UQ uq;
    Idx d;
    uint64_t sh;
    unsigned i;
    int fd;

    fd = g_file_open_tmp("idxgen-trace-XXXXXX.log", &log, NULL);
    g_assert_cmpint(fd, >=, 0);
    close(fd);
    args = g_strdup_printf("-D %s -trace enable=idxgen_*", log);
    idx_start_args(&d, "uq-idle-ns=0", args);    /* sleeps when found empty */
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    wr(&d, IDXGEN_REG_IRQ_ENABLE, IDXGEN_IRQ_QUEUE(0));
    q_setup(&d, &q, 0, 8);
    mkdesc(&dsc, 0x1000, 32, 4, 1, 32, 1);
    run_job(&d, &q, &dsc, &c);                  /* miss, inserted */
    run_job(&d, &q, &dsc, &c);                  /* hit */
    bad = dsc;
    bad.dx = 0;                                 /* rejected */
    run_job(&d, &q, &bad, &c);
    g_assert_cmpuint(le16_to_cpu(c.status), !=, IDXGEN_CPL_OK);
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, 0x1000);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 64);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_INVALIDATE);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
    /* requester 1 (low priority) holds lock 0; 2 (higher) preempts it */
    wr(&d, IDXGEN_REG_ARB_CPR(1), 9);
    wr(&d, IDXGEN_REG_ARB_CPR(2), 1);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 1), ==,
                     IDXGEN_ARB_R_OK);
    step(&d, ARB_SERVE_NS);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_LOCK, 0, 2), ==,
                     IDXGEN_ARB_R_OK);
    step(&d, ARB_SERVE_NS);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_MUTEX(0)), ==,
                    IDXGEN_ARB_MUTEX_LOCKED | 2);
    g_assert_cmpuint(arb_cmd(&d, IDXGEN_ARB_OP_UNLOCK, 0, 2), ==,
                     IDXGEN_ARB_R_OK);
    /*
     * A user queue with a shadow block: a job outside its windows
     * (reject), found empty (event index written), a doorbell past the
     * ring (fault).
     */
    sh = guest_alloc(&d.alloc, IDXGEN_UQ_SHADOW_SIZE);
    qtest_writeq(d.qts, sh, 0);
    wr64(&d, IDXGEN_UQREG(0, IDXGEN_UQ_SHADOW_ADDR_LO), sh);
    uq_setup(&d, &uq, 0, 4);
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, 1);
    g_assert_cmpuint(uq_status(&d, &uq, &dsc), ==, IDXGEN_CPL_UQ_NO_WINDOW);
    uq_doorbell(&d, &uq, 4);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    idx_stop(&d);

    g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
    for (i = 0; i < ARRAY_SIZE(events); i++) {
        g_autofree char *pat = g_strdup_printf("%s ", events[i]);

        if (!strstr(text, pat)) {
            g_test_message("event %s missing from %s", events[i], log);
        }
        g_assert_nonnull(strstr(text, pat));
    }
    unlink(log);
}

void register_trace(void)
{
    qtest_add_func("/idxgen/trace-events", test_trace_events);
}
