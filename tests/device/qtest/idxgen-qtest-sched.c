/*
 * QTest for the idxgen accelerator: schedules.
 *
 * Schedule orders, the schedule table registers, malformed table
 * records, the table across migration.
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
#include "order_ref.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Schedule orders (issue 9)                                          */
/* ------------------------------------------------------------------ */

static void test_sched_orders(void)
{
    static const struct {
        uint32_t order, stride, gran, tw, th;
    } cfgs[] = {
        { IDXGEN_ORDER_STRIDED, 4, 32, 0, 0 }, { IDXGEN_ORDER_STRIDED, 7, 3, 0, 0 },
        { IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0 }, { IDXGEN_ORDER_TILED, 0, 0, 8, 8 },
        { IDXGEN_ORDER_TILED, 0, 0, 5, 3 }, { IDXGEN_ORDER_HILBERT, 0, 0, 0, 0 },
    };
    static const uint32_t shapes[][4] = {
        { 32, 32, 1, 32 }, { 33, 17, 2, 31 }, { 100, 3, 3, 64 }, { 1, 257, 1, 7 },
    };
    FwSpec f = fw_default();
    uint8_t img[512];
    uint32_t *ref = g_malloc(sizeof(*ref) * 4096);
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    unsigned i, k, job = 900;

    idx_start(&d, "lanes=64");
    f.features |= IDXGEN_FEAT_SCHED_ORDERS;
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_SCHED_ORDERS);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 16);
    for (k = 0; k < G_N_ELEMENTS(shapes); k++) {
        for (i = 0; i < G_N_ELEMENTS(cfgs); i++) {
            uint32_t dx = shapes[k][0], dy = shapes[k][1], dz = shapes[k][2];
            size_t n = (size_t)dx * dy * dz, p;
            g_autofree uint8_t *buf = NULL;

            mkdesc(&dsc, 0x1000 * (k * 8 + i), dx, dy, dz, shapes[k][3], job++);
            dsc.order = cfgs[i].order;
            dsc.stride = cpu_to_le32(cfgs[i].stride);
            dsc.granularity = cpu_to_le16(cfgs[i].gran);
            dsc.tile_w = cpu_to_le16(cfgs[i].tw);
            dsc.tile_h = cpu_to_le16(cfgs[i].th);
            run_job(&d, &q, &dsc, &c);
            check_cpl_ok(&c, &dsc, false);
            g_assert_cmpint(idxgen_order_ref_plane(ref, cfgs[i].order, dx, dy,
                                                   cfgs[i].stride, cfgs[i].gran,
                                                   cfgs[i].tw, cfgs[i].th), ==, 0);
            buf = g_malloc(n * dsc.word_size);
            qpci_memread(d.dev, d.imem, le64_to_cpu(dsc.target), buf,
                         n * dsc.word_size);
            for (p = 0; p < n; p++) {
                uint32_t lin = ref[p % (dx * dy)], z = p / (dx * dy);
                uint32_t want = lin % dx | (lin / dx) << dsc.mx |
                                z << (dsc.mx + dsc.my);
                uint32_t got = dsc.word_size == 2 ?
                    (uint32_t)buf[2 * p] | (uint32_t)buf[2 * p + 1] << 8 :
                    ldl_le_p(buf + 4 * p);

                g_assert_cmphex(got, ==, want);
            }
        }
    }
    /* history: same block and order hits, another order on it misses */
    mkdesc(&dsc, 0x80000, 32, 32, 1, 32, job++);
    dsc.order = IDXGEN_ORDER_HILBERT;
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, true);
    dsc.order = IDXGEN_ORDER_ZIGZAG;
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    /* bad parameters: clear codes, nothing generated */
    dsc.order = IDXGEN_ORDER_TILED;
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_BAD_TILE);
    dsc.order = IDXGEN_ORDER_STRIDED;
    dsc.stride = cpu_to_le32(2);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_BAD_GRANULARITY);
    dsc.order = IDXGEN_ORDER_ZIGZAG;
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_ORDER_UNUSED_PARAM);
    g_free(ref);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Schedule table registers 0x200..0x2ff (issue 9)                    */
/* ------------------------------------------------------------------ */

typedef struct SchedEnt {
    uint8_t order;
    uint32_t stride;
    uint16_t gran, tw, th;
    const char *name;
} SchedEnt;

/* The default firmware's table, as fw/idxgen-fw.txt and hardware.md say. */
static const SchedEnt sched_default[] = {
    { IDXGEN_ORDER_SEQUENTIAL, 0, 0, 0, 0, "sequential" },
    { IDXGEN_ORDER_STRIDED, 2, 1, 0, 0, "strided:2,1" },
    { IDXGEN_ORDER_STRIDED, 4, 1, 0, 0, "strided:4,1" },
    { IDXGEN_ORDER_STRIDED, 8, 1, 0, 0, "strided:8,1" },
    { IDXGEN_ORDER_STRIDED, 16, 1, 0, 0, "strided:16,1" },
    { IDXGEN_ORDER_STRIDED, 32, 1, 0, 0, "strided:32,1" },
    { IDXGEN_ORDER_STRIDED, 64, 1, 0, 0, "strided:64,1" },
    { IDXGEN_ORDER_STRIDED, 4, 32, 0, 0, "strided:4,32" },
    { IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0, "zigzag" },
    { IDXGEN_ORDER_TILED, 0, 0, 4, 4, "tiled:4x4" },
    { IDXGEN_ORDER_TILED, 0, 0, 8, 8, "tiled:8x8" },
    { IDXGEN_ORDER_TILED, 0, 0, 16, 16, "tiled:16x16" },
    { IDXGEN_ORDER_TILED, 0, 0, 32, 32, "tiled:32x32" },
    { IDXGEN_ORDER_HILBERT, 0, 0, 0, 0, "hilbert" },
};

/* SCHED_TABLE record data (table header + entries) for n entries. */
static size_t sched_rec(uint8_t *buf, const SchedEnt *e, unsigned n)
{
    struct idxgen_fw_sched_table *t = (struct idxgen_fw_sched_table *)buf;
    struct idxgen_fw_sched_entry *x = (struct idxgen_fw_sched_entry *)(t + 1);
    unsigned i;

    memset(buf, 0, sizeof(*t) + n * sizeof(*x));
    t->count = cpu_to_le16(n);
    for (i = 0; i < n; i++) {
        x[i].order = e[i].order;
        x[i].granularity = cpu_to_le16(e[i].gran);
        x[i].stride = cpu_to_le32(e[i].stride);
        x[i].tile_w = cpu_to_le16(e[i].tw);
        x[i].tile_h = cpu_to_le16(e[i].th);
        memcpy(x[i].name, e[i].name, strnlen(e[i].name, sizeof(x[i].name)));
    }
    return sizeof(*t) + n * sizeof(*x);
}

/*
 * A valid PARAMS image (fw_build) with nrec records of type rtype and data
 * rec[0..rlen) appended.  Returns the image size.
 */
static size_t fw_build_rec(uint8_t *img, const FwSpec *f, uint16_t rtype,
                           const uint8_t *rec, size_t rlen, unsigned nrec)
{
    struct idxgen_fw_header *h = (struct idxgen_fw_header *)img;
    size_t len = fw_build(img, f), padded = (rlen + 3) & ~(size_t)3;
    unsigned i;

    for (i = 0; i < nrec; i++) {
        struct idxgen_fw_record r = {
            .type = cpu_to_le16(rtype), .len = cpu_to_le16(rlen),
        };

        memcpy(img + len, &r, sizeof(r));
        memset(img + len + sizeof(r), 0, padded);
        memcpy(img + len + sizeof(r), rec, rlen);
        len += sizeof(r) + padded;
    }
    h->payload_len = cpu_to_le32(len - sizeof(*h));
    fw_seal(img, len);
    return len;
}

/* An image carrying table e[0..n) (features with SCHED_ORDERS). */
static size_t fw_build_sched(uint8_t *img, const SchedEnt *e, unsigned n)
{
    FwSpec f = fw_default();
    uint8_t rec[sizeof(struct idxgen_fw_sched_table) +
                IDXGEN_SCHED_MAX_ENTRIES * sizeof(struct idxgen_fw_sched_entry)];

    f.features |= IDXGEN_FEAT_SCHED_ORDERS;
    return fw_build_rec(img, &f, IDXGEN_FW_REC_SCHED_TABLE, rec,
                        sched_rec(rec, e, n), 1);
}

#define SCHED_IMG_SIZE 1024

/* The registers hold exactly e[0..n) and read 0 past it. */
static void sched_regs_equal(Idx *d, const SchedEnt *e, unsigned n)
{
    unsigned i;

    g_assert_cmpuint(rd(d, IDXGEN_REG_SCHED_COUNT), ==, n);
    for (i = 0; i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
        uint32_t base = IDXGEN_REG_SCHED_ENTRY(i);

        g_assert_cmphex(rd(d, base + IDXGEN_SCHED_E_ORDER), ==,
                        i < n ? (uint32_t)e[i].order | (uint32_t)e[i].gran << 16 : 0);
        g_assert_cmphex(rd(d, base + IDXGEN_SCHED_E_STRIDE), ==,
                        i < n ? e[i].stride : 0);
        g_assert_cmphex(rd(d, base + IDXGEN_SCHED_E_TILE), ==,
                        i < n ? (uint32_t)e[i].tw | (uint32_t)e[i].th << 16 : 0);
        g_assert_cmphex(rd(d, base + IDXGEN_SCHED_E_RSVD), ==, 0);
    }
    for (i = IDXGEN_REG_SCHED_COUNT + 4; i < IDXGEN_REG_SCHED_ENTRY(0); i += 4) {
        g_assert_cmphex(rd(d, i), ==, 0);
    }
}

static void sched_corrupt(Idx *d, unsigned mode)
{
    qtest_qmp_assert_success(d->qts, "{ 'execute': 'qom-set', 'arguments': "
                             "{ 'path': '/machine/peripheral/idx', "
                             "'property': 'x-sched-corrupt', 'value': %u } }",
                             mode);
}

static void test_sched_table(void)
{
    static const SchedEnt one[] = { { IDXGEN_ORDER_TILED, 0, 0, 5, 3, "t5x3" } };
    g_autofree uint8_t *img = g_malloc0(SCHED_IMG_SIZE);
    FwSpec f = fw_default();
    unsigned n = G_N_ELEMENTS(sched_default);
    Idx d;

    idx_start(&d, "id=idx,debug=on");
    /* no firmware: everything 0 */
    sched_regs_equal(&d, NULL, 0);
    g_assert_cmpuint(fw_load(&d, img, fw_build_sched(img, sched_default, n)),
                     ==, IDXGEN_FW_OK);
    sched_regs_equal(&d, sched_default, n);
    /* 64-bit access to an entry: order word low, stride high */
    g_assert_cmphex(rd64(&d, IDXGEN_REG_SCHED_ENTRY(7)), ==,
                    (uint64_t)4 << 32 | 32u << 16 | IDXGEN_ORDER_STRIDED);

    /* writes are ignored and, unlike other read-only registers, not fatal */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    wr(&d, IDXGEN_REG_SCHED_COUNT, 3);
    wr(&d, IDXGEN_REG_SCHED_ENTRY(1) + IDXGEN_SCHED_E_STRIDE, 0);
    wr(&d, IDXGEN_REG_SCHED_ENTRY(14) + IDXGEN_SCHED_E_ORDER, 1);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    sched_regs_equal(&d, sched_default, n);

    /* x-sched-corrupt (the driver's test hook) misreports, and only that */
    sched_corrupt(&d, 1);
    g_assert_cmphex(rd(&d, IDXGEN_REG_SCHED_ENTRY(0) + IDXGEN_SCHED_E_ORDER),
                    ==, IDXGEN_ORDER_COUNT);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_SCHED_COUNT), ==, n);
    sched_corrupt(&d, 2);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_SCHED_COUNT), ==,
                     IDXGEN_SCHED_MAX_ENTRIES + 1);
    sched_corrupt(&d, 0);
    sched_regs_equal(&d, sched_default, n);

    /* another image replaces the table; one without a table clears it */
    g_assert_cmpuint(fw_load(&d, img, fw_build_sched(img, one, 1)), ==,
                     IDXGEN_FW_OK);
    sched_regs_equal(&d, one, 1);
    f.features |= IDXGEN_FEAT_SCHED_ORDERS;
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    sched_regs_equal(&d, NULL, 0);
    /* a full table, then a device reset: gone */
    {
        SchedEnt full[IDXGEN_SCHED_MAX_ENTRIES];
        unsigned i;

        for (i = 0; i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
            full[i] = (SchedEnt){ IDXGEN_ORDER_STRIDED, 0xfffffff0u + i,
                                  0xffff - i, 0, 0, "s" };
        }
        g_assert_cmpuint(fw_load(&d, img, fw_build_sched(img, full,
                                                          IDXGEN_SCHED_MAX_ENTRIES)),
                         ==, IDXGEN_FW_OK);
        sched_regs_equal(&d, full, IDXGEN_SCHED_MAX_ENTRIES);
    }
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    sched_regs_equal(&d, NULL, 0);
    idx_stop(&d);
}

/* Malformed table records: the load fails with FW_ERR_SCHED, nothing shows. */
static void test_sched_table_bad(void)
{
    enum { COUNT0, COUNT16, LEN_SHORT, LEN_LONG, TAB_RSVD, ENT_RSVD, ORDER5,
           UNUSED_PARAM, STRIDE0, GRAN0, TILE0, NAME_EMPTY, NAME_CHAR,
           NAME_HOLE, TWO_TABLES, NO_FEATURE, NCASES };
    static const SchedEnt base[] = {
        { IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0, "zigzag" },
        { IDXGEN_ORDER_STRIDED, 4, 2, 0, 0, "strided:4,2" },
        { IDXGEN_ORDER_TILED, 0, 0, 8, 2, "tiled:8x2" },
    };
    g_autofree uint8_t *img = g_malloc0(SCHED_IMG_SIZE);
    uint8_t rec[sizeof(struct idxgen_fw_sched_table) +
                (IDXGEN_SCHED_MAX_ENTRIES + 1) * sizeof(struct idxgen_fw_sched_entry)];
    struct idxgen_fw_sched_table *t = (struct idxgen_fw_sched_table *)rec;
    struct idxgen_fw_sched_entry *x = (struct idxgen_fw_sched_entry *)(t + 1);
    Idx d;
    unsigned c;

    idx_start(&d, NULL);
    for (c = 0; c < NCASES; c++) {
        FwSpec f = fw_default();
        size_t rlen = sched_rec(rec, base, G_N_ELEMENTS(base));
        unsigned nrec = 1;

        f.features |= IDXGEN_FEAT_SCHED_ORDERS;
        switch (c) {
        case COUNT0:
            t->count = 0;
            rlen = sizeof(*t);
            break;
        case COUNT16: {
            SchedEnt many[IDXGEN_SCHED_MAX_ENTRIES + 1];
            unsigned i;

            for (i = 0; i < G_N_ELEMENTS(many); i++) {
                many[i] = base[0];
            }
            rlen = sched_rec(rec, many, G_N_ELEMENTS(many));
            break;
        }
        case LEN_SHORT:
            rlen -= 4;
            break;
        case LEN_LONG:
            rlen += 4;
            memset(rec + rlen - 4, 0, 4);
            break;
        case TAB_RSVD:
            t->rsvd = cpu_to_le16(1);
            break;
        case ENT_RSVD:
            x[1].rsvd = 1;
            break;
        case ORDER5:
            x[2].order = IDXGEN_ORDER_COUNT;
            break;
        case UNUSED_PARAM:
            x[0].stride = cpu_to_le32(2);
            break;
        case STRIDE0:
            x[1].stride = 0;
            break;
        case GRAN0:
            x[1].granularity = 0;
            break;
        case TILE0:
            x[2].tile_h = 0;
            break;
        case NAME_EMPTY:
            memset(x[0].name, 0, sizeof(x[0].name));
            break;
        case NAME_CHAR:
            x[0].name[2] = 'G';
            break;
        case NAME_HOLE:
            x[0].name[7] = 'x';     /* "zigzag\0x": not NUL-padded */
            break;
        case TWO_TABLES:
            nrec = 2;
            break;
        case NO_FEATURE:
            f.features &= ~IDXGEN_FEAT_SCHED_ORDERS;
            break;
        }
        /* a good table first, so that the bad load must also clear it */
        g_assert_cmpuint(fw_load(&d, img, fw_build_sched(img, sched_default, 2)),
                         ==, IDXGEN_FW_OK);
        sched_regs_equal(&d, sched_default, 2);
        g_test_message("malformed table case %u", c);
        g_assert_cmpuint(fw_load(&d, img, fw_build_rec(img, &f,
                                                       IDXGEN_FW_REC_SCHED_TABLE,
                                                       rec, rlen, nrec)),
                         ==, IDXGEN_FW_ERR_SCHED);
        g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_READY);
        g_assert_cmpuint(rd(&d, IDXGEN_REG_FW_VERSION), ==, 0);
        sched_regs_equal(&d, NULL, 0);
    }
    /* the unmodified record loads: the cases above fail for their reason */
    g_assert_cmpuint(fw_load(&d, img, fw_build_sched(img, base,
                                                      G_N_ELEMENTS(base))),
                     ==, IDXGEN_FW_OK);
    sched_regs_equal(&d, base, G_N_ELEMENTS(base));
    idx_stop(&d);
}

/* The table migrates; a stream with an impossible table is refused. */
static void test_sched_migrate(void)
{
    static const char props[] = "imem-size=4M";
    static const SchedEnt tab[] = {
        { IDXGEN_ORDER_HILBERT, 0, 0, 0, 0, "hilbert" },
        { IDXGEN_ORDER_STRIDED, 100000, 7, 0, 0, "s" },
        { IDXGEN_ORDER_TILED, 0, 0, 3, 9, "tiled:3x9" },
    };
    /* the subsection's name and version_id 1 (be32): not the JSON description */
    static const char sub[] = "idxgen/sched\0\0\0\1";
    const gsize sublen = sizeof(sub) - 1;
    g_autofree char *path = g_strdup_printf("%s/idxgen-mig-sched-%d.bin",
                                            g_get_tmp_dir(), getpid());
    g_autofree char *furi = g_strdup_printf("file:%s", path);
    g_autofree char *uri = g_strdup_printf("unix:%s/idxgen-mig-sched-%d.sock",
                                           g_get_tmp_dir(), getpid());
    g_autofree uint8_t *fw = g_malloc0(SCHED_IMG_SIZE);
    g_autofree char *img = NULL;
    char *st;
    Idx s, t;
    gsize len, at;

    /* live: the target's registers hold the source's table */
    idx_start(&s, props);
    g_assert_cmpuint(fw_load(&s, fw, fw_build_sched(fw, tab, G_N_ELEMENTS(tab))),
                     ==, IDXGEN_FW_OK);
    migrate_live(&s, &t, props, uri);
    sched_regs_equal(&t, tab, G_N_ELEMENTS(tab));
    g_assert_true(rd(&t, IDXGEN_REG_STATUS) & IDXGEN_STATUS_READY);

    /* untrusted stream: the subsection's count and entries are checked */
    img = migrate_to_file(&t, furi, path, &len);
    idx_stop(&t);
    g_free(s.dev);
    qpci_free_pc(s.bus);
    alloc_destroy(&s.alloc);
    qtest_quit(s.qts);
    /* subsection: name, version (be32), then sched_count (be32), orders */
    at = find_last(img, len, sub, sublen) + sublen;
    g_assert_cmpuint(ldl_be_p(img + at), ==, G_N_ELEMENTS(tab));
    stl_be_p(img + at, IDXGEN_SCHED_MAX_ENTRIES + 1);
    g_assert_true(g_file_set_contents(path, img, len, NULL));
    st = migrate_from_file(props, furi);
    g_assert_cmpstr(st, ==, "failed");
    g_free(st);
    stl_be_p(img + at, G_N_ELEMENTS(tab));
    g_assert_cmpuint(ldl_be_p(img + at + 4), ==, IDXGEN_ORDER_HILBERT);
    stl_be_p(img + at + 4, IDXGEN_ORDER_COUNT);
    g_assert_true(g_file_set_contents(path, img, len, NULL));
    st = migrate_from_file(props, furi);
    g_assert_cmpstr(st, ==, "failed");
    g_free(st);
    stl_be_p(img + at + 4, IDXGEN_ORDER_HILBERT);
    g_assert_true(g_file_set_contents(path, img, len, NULL));
    st = migrate_from_file(props, furi);
    g_assert_cmpstr(st, ==, "completed");
    g_free(st);
    unlink(path);
}

void register_sched(void)
{
    qtest_add_func("/idxgen/sched/orders", test_sched_orders);
    qtest_add_func("/idxgen/sched/table", test_sched_table);
    qtest_add_func("/idxgen/sched/table-bad", test_sched_table_bad);
    qtest_add_func("/idxgen/sched/migrate", test_sched_migrate);
}
