/*
 * QTest for the idxgen accelerator: identity and properties.
 *
 * PCI identity, BARs and capabilities, the register file at power-on,
 * properties (valid, invalid, help, behind a root port), access sizes.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "standard-headers/linux/pci_regs.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Identity, capabilities, properties                                 */
/* ------------------------------------------------------------------ */

static void test_identity(void)
{
    Idx d;
    uint8_t cap;
    uint32_t bar;

    idx_start(&d, NULL);
    g_assert_cmphex(qpci_config_readw(d.dev, PCI_VENDOR_ID), ==,
                    IDXGEN_PCI_VENDOR_ID);
    g_assert_cmphex(qpci_config_readw(d.dev, PCI_DEVICE_ID), ==,
                    IDXGEN_PCI_DEVICE_ID);
    g_assert_cmphex(qpci_config_readw(d.dev, PCI_SUBSYSTEM_VENDOR_ID), ==,
                    IDXGEN_PCI_SUBVENDOR_ID);
    g_assert_cmphex(qpci_config_readw(d.dev, PCI_SUBSYSTEM_ID), ==,
                    IDXGEN_PCI_SUBDEVICE_ID);
    g_assert_cmphex(qpci_config_readb(d.dev, PCI_REVISION_ID), ==,
                    IDXGEN_PCI_REVISION);
    g_assert_cmphex(qpci_config_readl(d.dev, PCI_CLASS_REVISION) >> 8, ==,
                    IDXGEN_PCI_CLASS);

    /* BAR types: 32-bit MMIO, 64-bit prefetchable, MSI-X */
    bar = qpci_config_readl(d.dev, PCI_BASE_ADDRESS_0 + 4 * IDXGEN_BAR_REGS);
    g_assert_cmphex(bar & 0xf, ==, PCI_BASE_ADDRESS_SPACE_MEMORY |
                    PCI_BASE_ADDRESS_MEM_TYPE_32);
    bar = qpci_config_readl(d.dev, PCI_BASE_ADDRESS_0 + 4 * IDXGEN_BAR_IMEM);
    g_assert_cmphex(bar & 0xf, ==, PCI_BASE_ADDRESS_MEM_TYPE_64 |
                    PCI_BASE_ADDRESS_MEM_PREFETCH);
    g_assert_cmpuint(d.imem_size, ==, IDXGEN_IMEM_SIZE_DEFAULT);

    cap = qpci_find_capability(d.dev, PCI_CAP_ID_EXP, 0);
    g_assert_cmpuint(cap, !=, 0);
    cap = qpci_find_capability(d.dev, PCI_CAP_ID_MSIX, 0);
    g_assert_cmpuint(cap, !=, 0);
    /* a vector per config queue, the error vector, one per user queue */
    g_assert_cmpuint(qpci_msix_table_size(d.dev), ==,
                     IDXGEN_MSIX_VECTORS_UQ(IDXGEN_HW_DEFAULT_QUEUES,
                                            IDXGEN_HW_DEFAULT_UQUEUES));
    g_assert_cmphex((qpci_config_readl(d.dev, cap + PCI_MSIX_TABLE) &
                     PCI_MSIX_FLAGS_BIRMASK), ==, IDXGEN_BAR_MSIX);

    g_assert_cmphex(rd(&d, IDXGEN_REG_ID), ==, IDXGEN_ID_MAGIC);
    g_assert_cmphex(rd(&d, IDXGEN_REG_VERSION), ==, IDXGEN_HW_VERSION);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_LANES), ==,
                     IDXGEN_HW_DEFAULT_LANES);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_THREADS), ==,
                     IDXGEN_HW_MAX_THREADS);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_DIM_X), ==, IDXGEN_HW_MAX_DIM);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_DIM_Y), ==, IDXGEN_HW_MAX_DIM);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_DIM_Z), ==, IDXGEN_HW_MAX_DIM);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_HIST_ENTRIES), ==,
                     IDXGEN_HW_DEFAULT_HIST);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_NUM_QUEUES), ==,
                     IDXGEN_HW_DEFAULT_QUEUES);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_MAX_RING), ==, IDXGEN_HW_MAX_RING);
    g_assert_cmphex(rd(&d, IDXGEN_REG_CAP_FEATURES), ==,
                    IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32 |
                    IDXGEN_FEAT_INCREMENTAL | IDXGEN_FEAT_HIST_RANGE |
                    IDXGEN_FEAT_SCHED_ORDERS |
                    IDXGEN_FEAT_PRIORITY | IDXGEN_FEAT_MUTEX_ARB |
                    IDXGEN_FEAT_USER_QUEUES | IDXGEN_FEAT_UQ_SHADOW);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_CLOCK_KHZ), ==,
                     IDXGEN_HW_DEFAULT_CLOCK_KHZ);
    g_assert_cmphex(rd64(&d, IDXGEN_REG_CAP_IMEM_SIZE_LO), ==,
                    IDXGEN_IMEM_SIZE_DEFAULT);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_FW_STATUS), ==, IDXGEN_FW_NONE);
    g_assert_cmphex(rd(&d, IDXGEN_REG_FW_VERSION), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR)), ==, 2);
    /* No debug block by default */
    wr(&d, IDXGEN_REG_DBG_SCRATCH, 0x1234);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_SCRATCH), ==, 0);
    idx_stop(&d);
}

static void test_properties(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint32_t slot;
    int64_t t0;

    idx_start(&d, "imem-size=1M,num-queues=2,lanes=16,hist-entries=8,"
              "clock-khz=1000,debug=on");
    g_assert_cmpuint(d.imem_size, ==, 1 * MiB);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_LANES), ==, 16);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_HIST_ENTRIES), ==, 8);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_NUM_QUEUES), ==, 2);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_CAP_CLOCK_KHZ), ==, 1000);
    g_assert_cmphex(rd64(&d, IDXGEN_REG_CAP_IMEM_SIZE_LO), ==, 1 * MiB);
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_DEBUG);
    g_assert_cmpuint(qpci_msix_table_size(d.dev), ==,
                     IDXGEN_MSIX_VECTORS_UQ(2, IDXGEN_HW_DEFAULT_UQUEUES));
    wr(&d, IDXGEN_REG_DBG_SCRATCH, 0xa5a5f00d);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_SCRATCH), ==, 0xa5a5f00d);
    /* Queue 2 does not exist */
    g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_SIZE)), ==, 0);

    /* Nothing runs until CTRL.ENABLE; then time follows clock-khz */
    fw_load_good(&d);
    q_setup(&d, &q, 1, 4);
    mkdesc(&dsc, 0x1000, 32, 2, 1, 16, 7);          /* 4 warps */
    slot = q_submit(&d, &q, &dsc);
    step(&d, 1000 * 1000);
    g_assert_cmpuint(q_completed(&d, &q), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, IDXGEN_STATUS_READY);
    t0 = now_ns(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_wait(&d, &q, 1, 1000);
    g_assert_cmpint(now_ns(&d) - t0, ==, (IDXGEN_FILTER_CYCLES + 4) * 1000);
    q_cpl(&d, &q, slot, &c);
    check_cpl_ok(&c, &dsc, false);
    t0 = now_ns(&d);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 2, 1000);
    g_assert_cmpint(now_ns(&d) - t0, ==, IDXGEN_FILTER_CYCLES * 1000);
    idx_stop(&d);

    /* Behind a PCIe root port (a plain endpoint there) */
    qtest_quit(qtest_init("-machine q35 -nodefaults -device pcie-root-port,"
                          "id=rp0,chassis=1 -device idxgen,bus=rp0"));
}

/* Run QEMU with args; returns its exit status, stderr+stdout in *out. */
static int run_qemu(const char *args, char **out)
{
    const char *qemu = g_getenv("QTEST_QEMU_BINARY");
    g_autofree char *cmd = g_strdup_printf("%s -machine q35 -accel qtest "
                                           "-display none -nodefaults -S %s",
                                           qemu, args);
    g_autofree char *sout = NULL, *serr = NULL;
    g_auto(GStrv) argv = NULL;
    int status = -1;

    g_assert_nonnull(qemu);
    g_assert_true(g_shell_parse_argv(cmd, NULL, &argv, NULL));
    g_assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
                               NULL, &sout, &serr, &status, NULL));
    *out = g_strconcat(sout, serr, NULL);
    return status;
}

static void test_properties_invalid(void)
{
    static const struct {
        const char *props;
        const char *msg;
    } bad[] = {
        { "imem-size=3M", "imem-size" },
        { "imem-size=512K", "imem-size" },
        { "imem-size=8G", "imem-size" },
        { "num-queues=0", "num-queues" },
        { "num-queues=17", "num-queues" },
        { "lanes=0", "lanes" },
        { "lanes=65", "lanes" },
        { "hist-entries=0", "hist-entries" },
        { "hist-entries=65", "hist-entries" },
        { "clock-khz=0", "clock-khz" },
        { "fault-hang=on", "debug=on" },
        { "fault-fail-dma=on", "debug=on" },
    };
    static const char *const props[] = {
        "imem-size", "num-queues", "lanes", "hist-entries", "clock-khz",
        "debug", "fault-hang", "fault-drop-irq", "fault-corrupt-cpl",
        "fault-fail-dma",
    };
    g_autofree char *out = NULL;
    unsigned i;

    for (i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autofree char *args = g_strdup_printf("-device idxgen,%s",
                                                bad[i].props);
        g_autofree char *o = NULL;

        g_assert_cmpint(run_qemu(args, &o), !=, 0);
        g_assert_nonnull(strstr(o, bad[i].msg));
    }
    g_assert_cmpint(run_qemu("-device idxgen,help", &out), ==, 0);
    for (i = 0; i < G_N_ELEMENTS(props); i++) {
        g_assert_nonnull(strstr(out, props[i]));
    }
}

/* 64-bit accesses to 64-bit registers; sub-word accesses are refused. */
static void test_access_sizes(void)
{
    Idx d;

    idx_start(&d, "debug=on");
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, 0x123456789abcdef0ULL);
    g_assert_cmphex(rd64(&d, IDXGEN_REG_RANGE_BASE_LO), ==,
                    0x123456789abcdef0ULL);
    g_assert_cmphex(rd(&d, IDXGEN_REG_RANGE_BASE_HI), ==, 0x12345678);
    wr(&d, IDXGEN_REG_DBG_SCRATCH, 0x11223344);
    qpci_io_writeb(d.dev, d.regs, IDXGEN_REG_DBG_SCRATCH, 0xff);
    qpci_io_writew(d.dev, d.regs, IDXGEN_REG_DBG_SCRATCH + 2, 0xffff);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_SCRATCH), ==, 0x11223344);
    g_assert_cmphex(rd(&d, IDXGEN_REG_ARB_BASE), ==, 0);
    /* index memory: any size, guest reads see guest writes */
    qpci_io_writeb(d.dev, d.imem, 3, 0xab);
    qpci_io_writew(d.dev, d.imem, 6, 0xcdef);
    g_assert_cmphex(qpci_io_readq(d.dev, d.imem, 0), ==, 0xcdef0000ab000000ULL);
    idx_stop(&d);
}

void register_identity(void)
{
    qtest_add_func("/idxgen/identity", test_identity);
    qtest_add_func("/idxgen/properties", test_properties);
    qtest_add_func("/idxgen/properties-invalid", test_properties_invalid);
    qtest_add_func("/idxgen/access-sizes", test_access_sizes);
}
