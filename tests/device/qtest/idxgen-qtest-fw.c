/*
 * QTest for the idxgen accelerator: firmware.
 *
 * A good image and its limits, every kind of bad image, jobs without
 * firmware.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Firmware                                                           */
/* ------------------------------------------------------------------ */

static void test_fw_good(void)
{
    Idx d;
    uint8_t img[FW_IMG_SIZE];
    FwSpec f = fw_default();
    Queue q;
    struct idxgen_desc dsc;

    idx_start(&d, NULL);
    f.max_threads = 4096;
    f.max_dim[0] = 128;
    f.max_dim[1] = 64;
    f.max_dim[2] = 8;
    f.hist_entries = 4;
    f.features = IDXGEN_FEAT_WORD32 | IDXGEN_FEAT_INCREMENTAL |
                 IDXGEN_FEAT_HIST_RANGE | IDXGEN_FEAT_MUTEX_ARB;
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, IDXGEN_STATUS_READY);
    g_assert_cmphex(rd(&d, IDXGEN_REG_FW_VERSION), ==, f.version);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_THREADS), ==, 4096);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_DIM_X), ==, 128);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_DIM_Y), ==, 64);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_DIM_Z), ==, 8);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_HIST_ENTRIES), ==, 4);
    /* Features the image omits are off; arbiter and user queues always on */
    g_assert_cmphex(rd(&d, IDXGEN_REG_CAP_FEATURES), ==,
                    IDXGEN_FEAT_WORD32 | IDXGEN_FEAT_INCREMENTAL |
                    IDXGEN_FEAT_HIST_RANGE | IDXGEN_FEAT_PRIORITY |
                    IDXGEN_FEAT_MUTEX_ARB | IDXGEN_FEAT_USER_QUEUES |
                    IDXGEN_FEAT_UQ_SHADOW);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);

    /* The firmware's limits apply to jobs */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    mkdesc(&dsc, 0, 129, 1, 1, 32, 1);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_BAD_DIMS);
    mkdesc(&dsc, 0, 128, 64, 1, 32, 2);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_TOO_MANY_THREADS);
    mkdesc(&dsc, 0, 8, 8, 1, 32, 3);     /* 16-bit words disabled */
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_BAD_WORD_SIZE);
    dsc.word_size = 4;
    dsc.size_limit = cpu_to_le32(64 * 4);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    idx_stop(&d);
}

static void test_fw_bad(void)
{
    Idx d;
    uint8_t img[FW_IMG_SIZE], bad[FW_IMG_SIZE + 8];
    struct idxgen_fw_header *h = (struct idxgen_fw_header *)bad;
    struct idxgen_fw_params *p = (struct idxgen_fw_params *)
        (bad + sizeof(*h) + sizeof(struct idxgen_fw_record));
    FwSpec f = fw_default();
    size_t len = fw_build(img, &f);
    uint64_t addr;
    Queue q;
    struct idxgen_desc dsc;

    idx_start(&d, NULL);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);

#define EXPECT_BAD(st) do {                                                  \
        g_assert_cmpuint(rd(&d, IDXGEN_REG_FW_STATUS), ==, (st));            \
        g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_READY, ==, \
                        0);                                                  \
        g_assert_cmphex(rd(&d, IDXGEN_REG_FW_VERSION), ==, 0);               \
        g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_THREADS), ==,             \
                         IDXGEN_HW_MAX_THREADS);                             \
        g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_HIST_ENTRIES), ==,            \
                         IDXGEN_HW_DEFAULT_HIST);                            \
        g_assert_cmpuint(fw_load(&d, img, len), ==, IDXGEN_FW_OK);           \
    } while (0)

    /* size register */
    addr = guest_alloc(&d.alloc, IDXGEN_FW_MAX_SIZE + 4096);
    qtest_memwrite(d.qts, addr, img, len);
    fw_load_at(&d, addr, 0);
    EXPECT_BAD(IDXGEN_FW_ERR_SIZE);
    fw_load_at(&d, addr, sizeof(*h) - 1);
    EXPECT_BAD(IDXGEN_FW_ERR_SIZE);
    fw_load_at(&d, addr, IDXGEN_FW_MAX_SIZE + 1);
    EXPECT_BAD(IDXGEN_FW_ERR_SIZE);
    fw_load_at(&d, addr, 0xffffffff);
    EXPECT_BAD(IDXGEN_FW_ERR_SIZE);
    /* at the maximum size: read fine, but the header's length disagrees */
    fw_load_at(&d, addr, IDXGEN_FW_MAX_SIZE);
    EXPECT_BAD(IDXGEN_FW_ERR_LENGTH);
    guest_free(&d.alloc, addr);

    /* DMA from nowhere */
    fw_load_at(&d, 0xfffffff000000000ULL, len);
    EXPECT_BAD(IDXGEN_FW_ERR_DMA);

    /* magic */
    memcpy(bad, img, len);
    h->magic ^= cpu_to_le32(1);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_MAGIC);
    /* format version, header size */
    memcpy(bad, img, len);
    h->format_version = cpu_to_le16(2);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_FORMAT);
    memcpy(bad, img, len);
    h->header_size = cpu_to_le16(32);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_FORMAT);
    /* length */
    memcpy(bad, img, len);
    h->payload_len = cpu_to_le32(le32_to_cpu(h->payload_len) + 4);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_LENGTH);
    memcpy(bad, img, len);
    memset(bad + len, 0, 8);
    fw_seal(bad, len + 8);      /* 8 bytes more than the header says */
    fw_load(&d, bad, len + 8);
    EXPECT_BAD(IDXGEN_FW_ERR_LENGTH);
    /* crc */
    memcpy(bad, img, len);
    bad[len - 1] ^= 0x40;
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_CRC);
    /* params: zero limit, too many history entries, reserved field */
    memcpy(bad, img, len);
    p->max_threads = 0;
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_PARAMS);
    memcpy(bad, img, len);
    p->hist_entries = cpu_to_le16(IDXGEN_HW_DEFAULT_HIST + 1);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_PARAMS);
    memcpy(bad, img, len);
    p->max_dim_y = cpu_to_le16(0);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_PARAMS);
    memcpy(bad, img, len);
    p->rsvd = cpu_to_le32(1);
    fw_seal(bad, len);
    fw_load(&d, bad, len);
    EXPECT_BAD(IDXGEN_FW_ERR_PARAMS);

    /* Jobs need firmware: after a bad image they fail with NO_FIRMWARE */
    memcpy(bad, img, len);
    h->magic = 0;
    fw_load(&d, bad, len);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_FW_STATUS), ==, IDXGEN_FW_ERR_MAGIC);
    mkdesc(&dsc, 0, 4, 4, 1, 8, 77);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==,
                     IDXGEN_CPL_NO_FIRMWARE);

    /* Busy: a load while a job is in flight is refused, firmware kept */
    g_assert_cmpuint(fw_load(&d, img, len), ==, IDXGEN_FW_OK);
    mkdesc(&dsc, 0, 1024, 512, 1, 32, 78);
    q_submit(&d, &q, &dsc);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    g_assert_cmpuint(fw_load(&d, img, len), ==, IDXGEN_FW_ERR_BUSY);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_READY);
    q_wait(&d, &q, q.submitted, 10000);
    check_output(&d, &dsc);
    g_assert_cmpuint(fw_load(&d, img, len), ==, IDXGEN_FW_OK);
#undef EXPECT_BAD
    idx_stop(&d);
}

static void test_no_firmware(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    idx_start(&d, NULL);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 1, 4);
    mkdesc(&dsc, 0, 32, 2, 1, 32, 0x1234);
    run_job(&d, &q, &dsc, &c);
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_NO_FIRMWARE);
    g_assert_cmpuint(le32_to_cpu(c.warps), ==, 0);
    g_assert_cmpuint(le32_to_cpu(c.threads), ==, 0);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_ERRORS), ==, 1);
    /* and once firmware is there, the queue goes on */
    fw_load_good(&d);
    run_job(&d, &q, &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    idx_stop(&d);
}

void register_fw(void)
{
    qtest_add_func("/idxgen/fw/good", test_fw_good);
    qtest_add_func("/idxgen/fw/bad", test_fw_bad);
    qtest_add_func("/idxgen/fw/none", test_no_firmware);
}
