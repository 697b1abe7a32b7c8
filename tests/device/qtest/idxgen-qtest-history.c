/*
 * QTest for the idxgen accelerator: history.
 *
 * The history example, everything that invalidates an entry, LRU
 * eviction.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "idxgen-qtest.h"

/*
 * The history example (docs/design.md#history-example): miss, miss, hit;
 * then everything that invalidates.
 */
static void test_history(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc cfg1, cfg2, dsc;
    struct idxgen_cpl c;
    int64_t t_miss, t_hit;
    uint64_t addr1 = 0x100000, addr2 = 0x200000;
    uint16_t w = 0xffff;

    idx_start_ready(&d, NULL);
    q_setup(&d, &q, 0, 64);
    mkdesc(&cfg1, addr1, 32, 64, 1, 32, 1);
    mkdesc(&cfg2, addr2, 100, 2, 2, 32, 2);

    t_miss = run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, false);
    g_assert_cmpuint(le64_to_cpu(c.cycles), ==, IDXGEN_FILTER_CYCLES + 64);
    run_job(&d, &q, &cfg2, &c);
    check_cpl_ok(&c, &cfg2, false);
    g_assert_cmpuint(le64_to_cpu(c.cycles), ==, IDXGEN_FILTER_CYCLES + 13);
    t_hit = run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, true);
    g_assert_cmpuint(le64_to_cpu(c.cycles), ==, IDXGEN_FILTER_CYCLES);
    g_assert_cmpint(t_hit, <, t_miss);
    g_assert_cmpint(t_hit, ==, IDXGEN_FILTER_CYCLES * NS_PER_CYCLE);
    g_assert_cmpint(t_miss, ==, (IDXGEN_FILTER_CYCLES + 64) * NS_PER_CYCLE);
    check_output(&d, &cfg1);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_HITS), ==, 1);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_MISSES), ==, 2);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_WARPS), ==, 64 + 13);

    /* job_id and flags other than NO_HISTORY don't matter for a hit */
    dsc = cfg2;
    dsc.job_id = cpu_to_le32(99);
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_SHARED);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, true);
    g_assert_cmphex(le16_to_cpu(c.flags), ==,
                    IDXGEN_CPLF_HIT | IDXGEN_CPLF_SHARED);

    /* A guest write into the output invalidates the entry: miss again */
    qpci_memwrite(d.dev, d.imem, addr1 + 100, &w, sizeof(w));
    run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, false);
    check_output(&d, &cfg1);
    run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, true);
    /* ... a write next to it does not */
    qpci_memwrite(d.dev, d.imem, addr1 + 32 * 64 * 2, &w, sizeof(w));
    qpci_memwrite(d.dev, d.imem, addr1 - 2, &w, sizeof(w));
    run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, true);

    /* Range invalidate: only overlapping entries go */
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, addr2 + 8);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 2);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_INVALIDATE);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 0);
    run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, true);
    run_job(&d, &q, &cfg2, &c);
    check_cpl_ok(&c, &cfg2, false);

    /* Range zero: memory zeroed, entry dropped */
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, addr1);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 32 * 64 * 2);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_ZERO);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 0);
    g_assert_cmphex(qtest_readl(d.qts, d.imem.addr + addr1 + 64), ==, 0);
    run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, false);
    check_output(&d, &cfg1);

    /* Bad ranges are rejected */
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, d.imem_size - 2);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 4);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_ZERO);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 1);
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, 4);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, UINT64_MAX);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_INVALIDATE);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 1);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 4);
    wr(&d, IDXGEN_REG_RANGE_CMD, 7);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 1);

    /* Flush drops everything */
    run_job(&d, &q, &cfg2, &c);
    check_cpl_ok(&c, &cfg2, true);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
    g_assert_cmphex(rd(&d, IDXGEN_REG_CTRL), ==, IDXGEN_CTRL_ENABLE);
    run_job(&d, &q, &cfg1, &c);
    check_cpl_ok(&c, &cfg1, false);
    run_job(&d, &q, &cfg2, &c);
    check_cpl_ok(&c, &cfg2, false);

    /* A job overwriting another entry's range evicts it */
    mkdesc(&dsc, addr2 + 64, 8, 8, 1, 32, 5);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    run_job(&d, &q, &cfg2, &c);
    check_cpl_ok(&c, &cfg2, false);
    check_output(&d, &cfg2);

    /* NO_HISTORY: always generated, never recorded */
    dsc = cfg1;
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_NO_HISTORY);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    mkdesc(&dsc, addr1 + 0x10000, 5, 5, 5, 32, 6);
    dsc.flags = cpu_to_le16(IDXGEN_DESC_F_NO_HISTORY);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    dsc.flags = 0;
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, true);
    idx_stop(&d);
}

/* LRU eviction with a small history. */
static void test_history_lru(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc[3];
    struct idxgen_cpl c;
    unsigned i;

    idx_start_ready(&d, "hist-entries=2");
    q_setup(&d, &q, 0, 16);
    for (i = 0; i < 3; i++) {
        mkdesc(&dsc[i], i * 0x1000, 4 + i, 4, 1, 8, i);
    }
    run_job(&d, &q, &dsc[0], &c);
    check_cpl_ok(&c, &dsc[0], false);
    run_job(&d, &q, &dsc[1], &c);
    check_cpl_ok(&c, &dsc[1], false);
    run_job(&d, &q, &dsc[0], &c);            /* 0 most recent */
    check_cpl_ok(&c, &dsc[0], true);
    run_job(&d, &q, &dsc[2], &c);            /* evicts 1 */
    check_cpl_ok(&c, &dsc[2], false);
    run_job(&d, &q, &dsc[0], &c);
    check_cpl_ok(&c, &dsc[0], true);
    run_job(&d, &q, &dsc[1], &c);
    check_cpl_ok(&c, &dsc[1], false);
    idx_stop(&d);
}

void register_history(void)
{
    qtest_add_func("/idxgen/history/worked-example", test_history);
    qtest_add_func("/idxgen/history/lru", test_history_lru);
}
