/*
 * QTest for the idxgen accelerator: migration.
 *
 * Live migration with a job half generated; streams in files, edited
 * to carry a forged job or capabilities, must be refused.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "libqos/pci-pc.h"
#include "libqos/malloc-pc.h"
#include "qobject/qdict.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Migration                                                          */
/* ------------------------------------------------------------------ */

/* Migrate with a job half generated, history and statistics in place. */
static void test_migrate(void)
{
    static const char props[] = "imem-size=4M,debug=on";
    g_autofree char *uri = g_strdup_printf("unix:%s/idxgen-mig-%d.sock",
                                           g_get_tmp_dir(), getpid());
    Idx s, t;
    Queue q;
    struct idxgen_desc small, big;
    struct idxgen_cpl c;
    uint32_t ready;

    idx_start_ready(&s, props);
    wr(&s, IDXGEN_REG_DBG_SCRATCH, 0xfeedf00d);
    q_setup(&s, &q, 1, 8);
    mkdesc(&small, 0x300000, 12, 12, 12, 32, 1);
    run_job(&s, &q, &small, &c);
    check_cpl_ok(&c, &small, false);
    mkdesc(&big, 0, 1024, 512, 1, 32, 2);
    q_submit(&s, &q, &big);
    step(&s, 60000);
    ready = rd(&s, IDXGEN_QREG(1, IDXGEN_Q_WARPS_READY));
    g_assert_cmpuint(ready, >, 0);
    g_assert_cmpuint(ready, <, desc_warps(&big));
    /* arbiter: a holder, a CPR and a request still in the FIFO */
    wr(&s, IDXGEN_REG_ARB_CPR(5), 7);
    wr(&s, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, 3, 5));
    step(&s, IDXGEN_ARB_SERVE_CYCLES * NS_PER_CYCLE);
    wr(&s, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, 3, 6));
    g_assert_cmpuint(rd(&s, IDXGEN_REG_ARB_FIFO_COUNT), ==, 1);

    migrate_live(&s, &t, props, uri);
    t.now = s.now;

    g_assert_cmphex(rd(&t, IDXGEN_REG_DBG_SCRATCH), ==, 0xfeedf00d);
    g_assert_cmphex(rd(&t, IDXGEN_REG_STATUS), ==, IDXGEN_STATUS_ENABLED |
                    IDXGEN_STATUS_READY | IDXGEN_STATUS_BUSY);
    g_assert_cmpuint(rd(&t, IDXGEN_QREG(1, IDXGEN_Q_WARPS_READY)), ==, ready);
    g_assert_cmpuint(rd(&t, IDXGEN_REG_ARB_CPR(5)), ==, 7);
    q_wait(&t, &q, 2, 10000);
    /* the request queued before the move is served: 6 (CPR 0) preempts 5 */
    g_assert_cmpuint(rd(&t, IDXGEN_REG_ARB_STAT_GRANTS), ==, 2);
    g_assert_cmpuint(rd(&t, IDXGEN_REG_ARB_STAT_PREEMPTIONS), ==, 1);
    g_assert_cmpuint(rd(&t, IDXGEN_REG_ARB_FIFO_COUNT), ==, 0);
    g_assert_cmphex(rd(&t, IDXGEN_REG_ARB_MUTEX(3)), ==,
                    IDXGEN_ARB_MUTEX_LOCKED | 6);
    q_cpl(&t, &q, 1, &c);
    g_assert_true(cpl_check_ok(&c));
    check_cpl_ok(&c, &big, false);
    check_output(&t, &big);
    /* the history came along */
    run_job(&t, &q, &small, &c);
    check_cpl_ok(&c, &small, true);
    g_assert_cmpuint(rd64(&t, IDXGEN_REG_STAT_MISSES), ==, 2);
    g_assert_cmpuint(rd64(&t, IDXGEN_REG_STAT_HITS), ==, 1);

    idx_stop(&t);
    g_free(s.dev);
    qpci_free_pc(s.bus);
    alloc_destroy(&s.alloc);
    qtest_quit(s.qts);
}

/*
 * Live migration of the running source @s to a new target @t started with
 * @props, over @uri: @t ends up with the source's guest allocator and BAR
 * mappings, ready for register reads.
 */
void migrate_live(Idx *s, Idx *t, const char *props, const char *uri)
{
    QDict *rsp;

    memset(t, 0, sizeof(*t));
    t->qts = qtest_initf("-machine q35 -nodefaults -device idxgen,addr=04.0,%s "
                         "-incoming %s", props, uri);
    rsp = qtest_qmp(s->qts, "{ 'execute': 'migrate', 'arguments': "
                    "{ 'uri': %s } }", uri);
    g_assert_true(qdict_haskey(rsp, "return"));
    qobject_unref(rsp);
    qtest_qmp_eventwait(s->qts, "STOP");
    qtest_qmp_eventwait(t->qts, "RESUME");

    pc_alloc_init(&t->alloc, t->qts, ALLOC_NO_FLAGS);
    migrate_allocator(&s->alloc, &t->alloc);
    t->bus = qpci_new_pc(t->qts, &t->alloc);
    t->dev = qpci_device_find(t->bus, IDX_DEVFN);
    g_assert_nonnull(t->dev);
    t->regs = s->regs;
    t->imem = s->imem;
    t->imem_size = s->imem_size;
}

/*
 * Status of the last migration, polled until it is final.  There is no
 * limit on the number of polls: how long the stream takes in wall-clock
 * time depends on the machine and its load, not on the device; a migration
 * that never ends is for the harness's timeout to catch.
 */
static char *migrate_wait(QTestState *qts)
{
    for (;;) {
        QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-migrate' }");
        QDict *ret = qdict_get_qdict(rsp, "return");
        const char *st = ret ? qdict_get_try_str(ret, "status") : NULL;
        char *res = NULL;

        if (st && (!strcmp(st, "completed") || !strcmp(st, "failed") ||
                   !strcmp(st, "cancelled"))) {
            res = g_strdup(st);
        }
        qobject_unref(rsp);
        if (res) {
            return res;
        }
        g_usleep(1000);
    }
}

/* Migrate a stopped source to a file; returns the stream. */
char *migrate_to_file(Idx *s, const char *uri, const char *path,
                      gsize *len)
{
    g_autofree char *st = NULL;
    char *img = NULL;

    qtest_qmp_assert_success(s->qts, "{ 'execute': 'migrate', 'arguments': "
                             "{ 'uri': %s } }", uri);
    st = migrate_wait(s->qts);
    g_assert_cmpstr(st, ==, "completed");
    g_assert_true(g_file_get_contents(path, &img, len, NULL));
    return img;
}

/* Load a stream on a new target; returns the final migration status. */
char *migrate_from_file(const char *props, const char *uri)
{
    QTestState *t;
    char *st;

    t = qtest_initf("-machine q35 -nodefaults -device idxgen,addr=04.0,%s "
                    "-incoming defer", props);
    qtest_qmp_assert_success(t, "{ 'execute': 'migrate-incoming', "
                             "'arguments': { 'uri': %s, "
                             "'exit-on-error': false } }", uri);
    st = migrate_wait(t);
    qtest_quit(t);
    return st;
}

/* Offset of the last copy of pat in img (0: none). */
gsize find_last(const char *img, gsize len, const void *pat,
                gsize plen)
{
    gsize i, at = 0;

    for (i = 1; i + plen <= len; i++) {
        if (!memcmp(img + i, pat, plen)) {
            at = i;
        }
    }
    g_assert_cmpuint(at, >, 0);
    return at;
}

/*
 * The migration stream is untrusted: a job in flight whose start time or
 * cycle count does not match its descriptor is refused (it would overflow
 * the timer arithmetic or never complete).
 */
static void test_migrate_bad_job(void)
{
    static const char props[] = "imem-size=4M";
    g_autofree char *path = g_strdup_printf("%s/idxgen-mig-%d.bin",
                                            g_get_tmp_dir(), getpid());
    g_autofree char *uri = g_strdup_printf("file:%s", path);
    g_autofree char *img = NULL;
    g_autofree char *st = NULL;
    Idx s;
    Queue q;
    struct idxgen_desc big;
    gsize len, at;
    /* vmstate order: job_t0, job_cycles, job_warps, job_warps_done, desc */
    const gsize cycles_back = 3 * sizeof(uint64_t);

    idx_start_ready(&s, props);
    q_setup(&s, &q, 0, 8);
    mkdesc(&big, 0, 1024, 512, 1, 32, 0x5eed);
    q_submit(&s, &q, &big);
    step(&s, 60000);
    g_assert_true(rd(&s, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    img = migrate_to_file(&s, uri, path, &len);
    idx_stop(&s);

    /* The device section comes after RAM (which holds the ring copy). */
    at = find_last(img, len, &big, sizeof(big));
    g_assert_cmpuint(at, >, cycles_back);
    g_assert_cmphex(ldq_be_p(img + at - cycles_back), ==,
                    IDXGEN_FILTER_CYCLES + desc_warps(&big));
    stq_be_p(img + at - cycles_back, UINT64_MAX);
    g_assert_true(g_file_set_contents(path, img, len, NULL));
    st = migrate_from_file(props, uri);
    g_assert_cmpstr(st, ==, "failed");
    unlink(path);
}

/*
 * Capabilities from the stream are limits jobs are validated against: above
 * the hardware's they are refused (a job could outgrow the generator's
 * bounds, and post_load's replay with it).
 */
static void test_migrate_bad_caps(void)
{
    static const char props[] = "imem-size=4M";
    g_autofree char *path = g_strdup_printf("%s/idxgen-mig-%d.bin",
                                            g_get_tmp_dir(), getpid());
    g_autofree char *uri = g_strdup_printf("file:%s", path);
    g_autofree char *img = NULL;
    g_autofree char *st = NULL;
    /* vmstate order: fw_addr (be64), fw_size, cap_max_threads (be32) */
    uint8_t mark[12];
    Idx s;
    gsize len, at;

    idx_start_ready(&s, props);
    wr64(&s, IDXGEN_REG_FW_ADDR_LO, 0x1d8e4c3b5eed1234ULL);
    wr(&s, IDXGEN_REG_FW_SIZE, 0x76543210);
    img = migrate_to_file(&s, uri, path, &len);
    idx_stop(&s);

    stq_be_p(mark, 0x1d8e4c3b5eed1234ULL);
    stl_be_p(mark + 8, 0x76543210);
    at = find_last(img, len, mark, sizeof(mark)) + sizeof(mark);
    g_assert_cmpuint(ldl_be_p(img + at), ==, IDXGEN_HW_MAX_THREADS);
    stl_be_p(img + at, UINT32_MAX);
    g_assert_true(g_file_set_contents(path, img, len, NULL));
    st = migrate_from_file(props, uri);
    g_assert_cmpstr(st, ==, "failed");

    /* The untouched value loads */
    stl_be_p(img + at, IDXGEN_HW_MAX_THREADS);
    g_assert_true(g_file_set_contents(path, img, len, NULL));
    g_free(st);
    st = migrate_from_file(props, uri);
    g_assert_cmpstr(st, ==, "completed");
    unlink(path);
}

void register_migrate(void)
{
    qtest_add_func("/idxgen/migrate", test_migrate);
    qtest_add_func("/idxgen/migrate-bad-job", test_migrate_bad_job);
    qtest_add_func("/idxgen/migrate-bad-caps", test_migrate_bad_caps);
}
