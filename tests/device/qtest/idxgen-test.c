/*
 * QTest for the idxgen thread-index generator accelerator.
 *
 * Drives the device the way a driver would: firmware through guest memory,
 * descriptor and completion rings in guest memory (libqos allocator), index
 * memory read through BAR2, MSI-X messages into guest memory.  Outputs are
 * compared with the independent reference in idxgen_ref.h; images and
 * descriptors are built here, not with the generator model.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/bswap.h"
#include "libqtest.h"
#include "libqos/pci.h"
#include "libqos/pci-pc.h"
#include "libqos/malloc-pc.h"
#include "qobject/qdict.h"
#include "standard-headers/linux/pci_regs.h"
#include "idxgen_hw.h"
#include "gen_ref.h"
#include "order_ref.h"

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

/* ------------------------------------------------------------------ */
/* Plumbing                                                           */
/* ------------------------------------------------------------------ */

static int64_t step(Idx *d, int64_t ns);

/* A device with props (may be NULL) and more QEMU arguments (may be ""). */
static void idx_start_args(Idx *d, const char *props, const char *args)
{
    memset(d, 0, sizeof(*d));
    d->qts = qtest_initf("-machine q35 -nodefaults %s "
                         "-device idxgen,addr=04.0%s%s", args,
                         props ? "," : "", props ? props : "");
    pc_alloc_init(&d->alloc, d->qts, ALLOC_NO_FLAGS);
    d->bus = qpci_new_pc(d->qts, &d->alloc);
    d->dev = qpci_device_find(d->bus, IDX_DEVFN);
    g_assert_nonnull(d->dev);
    qpci_device_enable(d->dev);
    d->regs = qpci_iomap(d->dev, IDXGEN_BAR_REGS, NULL);
    d->imem = qpci_iomap(d->dev, IDXGEN_BAR_IMEM, &d->imem_size);
    step(d, 1);
}

static void idx_start(Idx *d, const char *props)
{
    idx_start_args(d, props, "");
}

static void idx_stop(Idx *d)
{
    if (d->dev && d->dev->msix_enabled) {
        qpci_msix_disable(d->dev);
    }
    g_free(d->dev);
    qpci_free_pc(d->bus);
    alloc_destroy(&d->alloc);
    qtest_quit(d->qts);
}

static uint32_t rd(Idx *d, uint64_t off)
{
    return qpci_io_readl(d->dev, d->regs, off);
}

static uint64_t rd64(Idx *d, uint64_t off)
{
    return qpci_io_readq(d->dev, d->regs, off);
}

static void wr(Idx *d, uint64_t off, uint32_t val)
{
    qpci_io_writel(d->dev, d->regs, off, val);
}

static void wr64(Idx *d, uint64_t off, uint64_t val)
{
    qpci_io_writeq(d->dev, d->regs, off, val);
}

/* Advance virtual time; every step goes through here to track the clock. */
static int64_t step(Idx *d, int64_t ns)
{
    d->now = qtest_clock_step(d->qts, ns);
    return d->now;
}

static int64_t now_ns(Idx *d)
{
    return d->now;
}

/* ------------------------------------------------------------------ */
/* Firmware images                                                    */
/* ------------------------------------------------------------------ */

static uint32_t crc32_ieee(uint32_t crc, const uint8_t *p, size_t len)
{
    crc = ~crc;
    while (len--) {
        int k;

        crc ^= *p++;
        for (k = 0; k < 8; k++) {
            crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
        }
    }
    return ~crc;
}

typedef struct FwSpec {
    uint32_t max_threads;
    uint16_t max_dim[3];
    uint16_t hist_entries;
    uint32_t features;
    uint32_t version;
} FwSpec;

static FwSpec fw_default(void)
{
    FwSpec f = {
        .max_threads = IDXGEN_HW_MAX_THREADS,
        .max_dim = { IDXGEN_HW_MAX_DIM, IDXGEN_HW_MAX_DIM, IDXGEN_HW_MAX_DIM },
        .hist_entries = IDXGEN_HW_DEFAULT_HIST,
        .features = IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32 |
                    IDXGEN_FEAT_INCREMENTAL | IDXGEN_FEAT_HIST_RANGE,
        .version = IDXGEN_FW_VERSION(1, 2, 3),
    };
    return f;
}

#define FW_IMG_SIZE (sizeof(struct idxgen_fw_header) + \
                     sizeof(struct idxgen_fw_record) + \
                     sizeof(struct idxgen_fw_params))

static void fw_seal(uint8_t *img, size_t len)
{
    struct idxgen_fw_header *h = (struct idxgen_fw_header *)img;

    h->crc32 = 0;
    h->crc32 = cpu_to_le32(crc32_ieee(0, img, len));
}

/* A valid image: header, one PARAMS record. */
static size_t fw_build(uint8_t *img, const FwSpec *f)
{
    struct idxgen_fw_header *h = (struct idxgen_fw_header *)img;
    struct idxgen_fw_record *r = (struct idxgen_fw_record *)(h + 1);
    struct idxgen_fw_params *p = (struct idxgen_fw_params *)(r + 1);

    memset(img, 0, FW_IMG_SIZE);
    h->magic = cpu_to_le32(IDXGEN_FW_MAGIC);
    h->format_version = cpu_to_le16(IDXGEN_FW_FORMAT_VERSION);
    h->header_size = cpu_to_le16(sizeof(*h));
    h->fw_version = cpu_to_le32(f->version);
    h->payload_len = cpu_to_le32(FW_IMG_SIZE - sizeof(*h));
    strcpy(h->name, "qtest");
    r->type = cpu_to_le16(IDXGEN_FW_REC_PARAMS);
    r->len = cpu_to_le16(sizeof(*p));
    p->max_threads = cpu_to_le32(f->max_threads);
    p->max_dim_x = cpu_to_le16(f->max_dim[0]);
    p->max_dim_y = cpu_to_le16(f->max_dim[1]);
    p->max_dim_z = cpu_to_le16(f->max_dim[2]);
    p->hist_entries = cpu_to_le16(f->hist_entries);
    p->features = cpu_to_le32(f->features);
    fw_seal(img, FW_IMG_SIZE);
    return FW_IMG_SIZE;
}

static uint32_t fw_load_at(Idx *d, uint64_t addr, uint32_t size)
{
    wr64(d, IDXGEN_REG_FW_ADDR_LO, addr);
    wr(d, IDXGEN_REG_FW_SIZE, size);
    wr(d, IDXGEN_REG_FW_CTRL, IDXGEN_FW_CTRL_LOAD);
    return rd(d, IDXGEN_REG_FW_STATUS);
}

static uint32_t fw_load(Idx *d, const uint8_t *img, size_t len)
{
    uint64_t addr = guest_alloc(&d->alloc, len);
    uint32_t st;

    qtest_memwrite(d->qts, addr, img, len);
    st = fw_load_at(d, addr, len);
    guest_free(&d->alloc, addr);
    return st;
}

static void fw_load_good(Idx *d)
{
    uint8_t img[FW_IMG_SIZE];
    FwSpec f = fw_default();

    f.hist_entries = rd(d, IDXGEN_REG_CAP_HIST_ENTRIES);
    g_assert_cmpuint(fw_load(d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    g_assert_true(rd(d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_READY);
}

/* Fresh device, firmware loaded, enabled. */
static void idx_start_ready(Idx *d, const char *props)
{
    idx_start(d, props);
    fw_load_good(d);
    wr(d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
}

/* ------------------------------------------------------------------ */
/* Queues and descriptors                                             */
/* ------------------------------------------------------------------ */

static void q_setup(Idx *d, Queue *q, unsigned qn, uint32_t size)
{
    memset(q, 0, sizeof(*q));
    q->qn = qn;
    q->size = size;
    q->ring = guest_alloc(&d->alloc, size * sizeof(struct idxgen_desc));
    q->cpl = guest_alloc(&d->alloc, size * sizeof(struct idxgen_cpl));
    qtest_memset(d->qts, q->cpl, 0, size * sizeof(struct idxgen_cpl));
    wr64(d, IDXGEN_QREG(qn, IDXGEN_Q_RING_BASE_LO), q->ring);
    wr64(d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO), q->cpl);
    wr(d, IDXGEN_QREG(qn, IDXGEN_Q_RING_SIZE), size);
    wr(d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
    g_assert_cmphex(rd(d, IDXGEN_QREG(qn, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);
}

/* A valid descriptor for a (dx, dy, dz) block, step c, minimal widths. */
static void mkdesc(struct idxgen_desc *dsc, uint64_t target, uint32_t dx,
                   uint32_t dy, uint32_t dz, uint32_t c, uint32_t job_id)
{
    uint32_t x, y, z;
    unsigned mx = idxgen_ref_width(dx), my = idxgen_ref_width(dy);
    unsigned mz = idxgen_ref_width(dz);
    unsigned ws = mx + my + mz <= 16 ? 2 : 4;

    memset(dsc, 0, sizeof(*dsc));
    idxgen_ref_index(c, dx, dy, &x, &y, &z);
    dsc->target = cpu_to_le64(target);
    dsc->size_limit = cpu_to_le32(dx * dy * dz * ws);
    dsc->job_id = cpu_to_le32(job_id);
    dsc->dx = cpu_to_le16(dx);
    dsc->dy = cpu_to_le16(dy);
    dsc->dz = cpu_to_le16(dz);
    dsc->c = cpu_to_le16(c);
    dsc->xc = cpu_to_le16(x);
    dsc->yc = cpu_to_le16(y);
    dsc->zc = cpu_to_le16(z);
    dsc->mx = mx;
    dsc->my = my;
    dsc->mz = mz;
    dsc->word_size = ws;
    dsc->grid_blocks = cpu_to_le32(1);
}

static uint64_t desc_warps(const struct idxgen_desc *dsc)
{
    uint64_t t = (uint64_t)le16_to_cpu(dsc->dx) * le16_to_cpu(dsc->dy) *
                 le16_to_cpu(dsc->dz);

    return (t + le16_to_cpu(dsc->c) - 1) / le16_to_cpu(dsc->c);
}

/* Put a descriptor in the next slot (no doorbell). */
static uint32_t q_put(Idx *d, Queue *q, const struct idxgen_desc *dsc)
{
    uint32_t slot = q->tail;

    qtest_memwrite(d->qts, q->ring + slot * sizeof(*dsc), dsc, sizeof(*dsc));
    q->tail = (q->tail + 1) % q->size;
    q->submitted++;
    return slot;
}

static void q_ring(Idx *d, Queue *q)
{
    wr(d, IDXGEN_QREG(q->qn, IDXGEN_Q_TAIL), q->tail);
}

static uint32_t q_submit(Idx *d, Queue *q, const struct idxgen_desc *dsc)
{
    uint32_t slot = q_put(d, q, dsc);

    q_ring(d, q);
    return slot;
}

static uint32_t q_completed(Idx *d, Queue *q)
{
    return rd(d, IDXGEN_QREG(q->qn, IDXGEN_Q_COMPLETED));
}

/* Step virtual time until queue q has n completions; returns ns waited. */
static int64_t q_wait(Idx *d, Queue *q, uint32_t n, int64_t ns)
{
    int64_t t0 = now_ns(d), t = t0;

    while (q_completed(d, q) < n) {
        g_assert_cmpint(t - t0, <, MAX_WAIT_NS);
        t = step(d, ns);
    }
    return t - t0;
}

static void q_cpl(Idx *d, Queue *q, uint32_t slot, struct idxgen_cpl *c)
{
    qtest_memread(d->qts, q->cpl + slot * sizeof(*c), c, sizeof(*c));
}

static bool cpl_check_ok(const struct idxgen_cpl *c)
{
    uint32_t want = IDXGEN_CPL_CHECK(le32_to_cpu(c->job_id),
                                     le16_to_cpu(c->status),
                                     le16_to_cpu(c->flags),
                                     le32_to_cpu(c->warps),
                                     le32_to_cpu(c->threads),
                                     le64_to_cpu(c->cycles),
                                     le32_to_cpu(c->slot));

    return le32_to_cpu(c->check) == want;
}

/* Run one descriptor to completion on q; returns its completion record. */
static int64_t run_job(Idx *d, Queue *q, const struct idxgen_desc *dsc,
                       struct idxgen_cpl *c)
{
    uint32_t n = q_completed(d, q) + 1;
    uint32_t slot = q_submit(d, q, dsc);
    int64_t ns = q_wait(d, q, n, NS_PER_CYCLE);

    q_cpl(d, q, slot, c);
    g_assert_true(cpl_check_ok(c));
    g_assert_cmpuint(le32_to_cpu(c->slot), ==, slot);
    g_assert_cmpuint(le32_to_cpu(c->job_id), ==, le32_to_cpu(dsc->job_id));
    return ns;
}

static int run_job_status(Idx *d, Queue *q, const struct idxgen_desc *dsc)
{
    struct idxgen_cpl c;

    run_job(d, q, dsc, &c);
    return le16_to_cpu(c.status);
}

/* Compare a job's output in index memory with the reference. */
static void check_output(Idx *d, const struct idxgen_desc *dsc)
{
    uint32_t dx = le16_to_cpu(dsc->dx), dy = le16_to_cpu(dsc->dy);
    uint32_t dz = le16_to_cpu(dsc->dz);
    size_t len = (size_t)dx * dy * dz * dsc->word_size;
    g_autofree uint8_t *buf = g_malloc(len);

    qpci_memread(d->dev, d->imem, le64_to_cpu(dsc->target), buf, len);
    g_assert_cmpint(idxgen_ref_check(buf, dx, dy, dz, dsc->mx, dsc->my,
                                     dsc->word_size), ==, -1);
}

/* Check a successful completion: warps, threads, cycles, hit flag. */
static void check_cpl_ok(const struct idxgen_cpl *c,
                         const struct idxgen_desc *dsc, bool hit)
{
    uint64_t warps = desc_warps(dsc);

    g_assert_cmpuint(le16_to_cpu(c->status), ==, IDXGEN_CPL_OK);
    g_assert_cmpuint(le16_to_cpu(c->flags) & IDXGEN_CPLF_HIT, ==,
                     hit ? IDXGEN_CPLF_HIT : 0);
    g_assert_cmpuint(le32_to_cpu(c->threads), ==,
                     le16_to_cpu(dsc->dx) * le16_to_cpu(dsc->dy) *
                     le16_to_cpu(dsc->dz));
    g_assert_cmpuint(le32_to_cpu(c->warps), ==, hit ? 0 : warps);
    g_assert_cmpuint(le64_to_cpu(c->cycles), ==,
                     IDXGEN_FILTER_CYCLES + (hit ? 0 : warps));
}

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
    g_assert_cmpuint(qpci_msix_table_size(d.dev), ==,
                     IDXGEN_MSIX_VECTORS(IDXGEN_HW_DEFAULT_QUEUES));
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
                    IDXGEN_FEAT_PRIORITY | IDXGEN_FEAT_MUTEX_ARB);
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
    g_assert_cmpuint(qpci_msix_table_size(d.dev), ==, IDXGEN_MSIX_VECTORS(2));
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
    /* Features the image omits are off; the arbiter block is always on */
    g_assert_cmphex(rd(&d, IDXGEN_REG_CAP_FEATURES), ==,
                    IDXGEN_FEAT_WORD32 | IDXGEN_FEAT_INCREMENTAL |
                    IDXGEN_FEAT_HIST_RANGE | IDXGEN_FEAT_PRIORITY |
                    IDXGEN_FEAT_MUTEX_ARB);
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

/* ------------------------------------------------------------------ */
/* Jobs                                                               */
/* ------------------------------------------------------------------ */

static void test_queue_single(void)
{
    static const struct {
        uint32_t dx, dy, dz, c;
        uint64_t target;
    } shapes[] = {
        { 32, 64, 1, 32, 0 },
        { 100, 2, 2, 32, 0x10000 },
        { 33, 33, 33, 32, 0x20000 },     /* 18 bits: 32-bit words */
        { 7, 5, 3, 1, 0x40000 },
        { 7, 5, 3, 13, 0x41000 },
        { 1, 1, 1, 1, 0x42000 },
        { 1, 1, 300, 17, 0x43000 },
        { 65535, 1, 1, 32, 0x50000 },
        { 1, 65535, 1, 31, 0x80000 },
        { 16, 16, 4, 64, 0xc0000 },
        { 3, 3, 3, 27, 0xc4000 },
        { 2, 2, 2, 9, 0xc5002 },         /* c above the thread count */
    };
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t warps = 0, cycles = 0;
    unsigned i;

    idx_start_ready(&d, "lanes=64");
    q_setup(&d, &q, 0, 16);
    for (i = 0; i < G_N_ELEMENTS(shapes); i++) {
        int64_t ns;

        mkdesc(&dsc, shapes[i].target, shapes[i].dx, shapes[i].dy,
               shapes[i].dz, shapes[i].c, 100 + i);
        ns = run_job(&d, &q, &dsc, &c);
        check_cpl_ok(&c, &dsc, false);
        check_output(&d, &dsc);
        /* the job took its cycles of virtual time */
        g_assert_cmpint(ns, >=, le64_to_cpu(c.cycles) * NS_PER_CYCLE);
        g_assert_cmpint(ns, <=, (le64_to_cpu(c.cycles) + 1) * NS_PER_CYCLE);
        warps += le32_to_cpu(c.warps);
        cycles += le64_to_cpu(c.cycles);
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_HEAD)), ==, q.tail);
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_WARPS_READY)), ==,
                         desc_warps(&dsc));
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_CUR_JOB_ID)), ==,
                         100 + i);
    }
    g_assert_cmpuint(q_completed(&d, &q), ==, G_N_ELEMENTS(shapes));
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_JOBS), ==, G_N_ELEMENTS(shapes));
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_MISSES), ==,
                     G_N_ELEMENTS(shapes));
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_HITS), ==, 0);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_ERRORS), ==, 0);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_WARPS), ==, warps);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_BUSY_CYCLES), ==, cycles);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(0));
    wr(&d, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_QUEUE(0));
    g_assert_false(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(0));
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==,
                    IDXGEN_STATUS_ENABLED | IDXGEN_STATUS_READY);
    idx_stop(&d);
}

/* Several queues, several jobs each, all rung at once: round robin. */
static void test_queue_multi(void)
{
    enum { NQ = 4, PER_Q = 3 };
    Idx d;
    Queue q[NQ];
    struct idxgen_desc dsc[NQ][PER_Q];
    struct idxgen_cpl c;
    unsigned i, j, done = 0;

    idx_start_ready(&d, NULL);
    for (i = 0; i < NQ; i++) {
        q_setup(&d, &q[i], i, 4);
        for (j = 0; j < PER_Q; j++) {
            mkdesc(&dsc[i][j], (i * PER_Q + j) * 0x2000, 10 + i, 7 + j, 3, 32,
                   i << 8 | j);
            q_put(&d, &q[i], &dsc[i][j]);
        }
    }
    for (i = 0; i < NQ; i++) {
        q_ring(&d, &q[i]);
    }
    /* Fairness: round k completes one job of every queue */
    while (done < NQ * PER_Q) {
        unsigned total = 0, min = PER_Q, max = 0;

        step(&d, NS_PER_CYCLE);
        for (i = 0; i < NQ; i++) {
            unsigned n = q_completed(&d, &q[i]);

            total += n;
            min = MIN(min, n);
            max = MAX(max, n);
        }
        g_assert_cmpuint(max - min, <=, 1);
        done = total;
        g_assert_cmpint(now_ns(&d), <, MAX_WAIT_NS);
    }
    for (i = 0; i < NQ; i++) {
        for (j = 0; j < PER_Q; j++) {
            q_cpl(&d, &q[i], j, &c);
            g_assert_true(cpl_check_ok(&c));
            g_assert_cmpuint(le32_to_cpu(c.job_id), ==, i << 8 | j);
            check_cpl_ok(&c, &dsc[i][j], false);
            check_output(&d, &dsc[i][j]);
        }
        g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(i));
    }
    idx_stop(&d);
}

/* The history example (docs/design.md#history-example): miss, miss, hit; then everything that invalidates. */
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

/* Q_WARPS_READY grows while a big job runs; ready warps are in memory. */
static void test_incremental(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t warps;
    uint32_t ready, prev = 0;
    int64_t t0;
    unsigned steps = 0;
    g_autofree uint8_t *buf = NULL;

    idx_start_ready(&d, NULL);
    q_setup(&d, &q, 3, 4);
    mkdesc(&dsc, 0x10000, 1024, 1024, 1, 32, 42);     /* 1M threads */
    warps = desc_warps(&dsc);
    g_assert_cmpuint(warps, ==, 32768);
    t0 = now_ns(&d);
    q_submit(&d, &q, &dsc);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED | IDXGEN_QSTATUS_BUSY);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_CUR_JOB_ID)), ==, 42);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY)), ==, 0);
    buf = g_malloc(32 * 4);
    while (q_completed(&d, &q) == 0) {
        int64_t t = step(&d, 25000);

        ready = rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY));
        g_assert_cmpuint(ready, >=, prev);
        g_assert_cmpuint(ready, <=, warps);
        /* never ahead of the timing model */
        g_assert_cmpint((int64_t)(IDXGEN_FILTER_CYCLES + ready) * NS_PER_CYCLE,
                        <=, t - t0);
        if (ready && ready < warps) {
            uint32_t n = (ready - 1) * 32, k;

            /* the last ready warp is in index memory */
            qpci_memread(d.dev, d.imem, 0x10000 + n * 4, buf, 32 * 4);
            for (k = 0; k < 32; k++) {
                g_assert_cmphex(idxgen_ref_load(buf, k, 4), ==,
                                idxgen_ref_word(n + k, 1024, 1024, 10, 10));
            }
            steps++;
        }
        prev = ready;
        g_assert_cmpint(t - t0, <, MAX_WAIT_NS);
    }
    g_assert_cmpuint(steps, >=, 5);
    q_cpl(&d, &q, 0, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY)), ==, warps);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);

    /*
     * A guest write into the output while it is generated: the job is not
     * recorded in the history (the generator overwrites the word later, but
     * the device does not know what the guest meant).
     */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
    q_submit(&d, &q, &dsc);
    step(&d, 50000);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    qtest_writel(d.qts, d.imem.addr + 0x10000 + 4 * 1000000, 0xdeadbeef);
    q_wait(&d, &q, 2, 10000);
    q_cpl(&d, &q, 1, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 3, 10000);
    q_cpl(&d, &q, 2, &c);
    check_cpl_ok(&c, &dsc, false);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 4, 10);
    q_cpl(&d, &q, 3, &c);
    check_cpl_ok(&c, &dsc, true);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY)), ==, warps);

    /* Likewise a RANGE INVALIDATE of the output while it is generated */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
    q_submit(&d, &q, &dsc);
    step(&d, 50000);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, 0x10000 + 4 * 1000000);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 4);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_INVALIDATE);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 0);
    q_wait(&d, &q, 5, 10000);
    q_cpl(&d, &q, 0, &c);
    check_cpl_ok(&c, &dsc, false);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 6, 10000);
    q_cpl(&d, &q, 1, &c);
    check_cpl_ok(&c, &dsc, false);
    idx_stop(&d);
}

/* Every descriptor error code; the queue keeps working after each. */
static void test_desc_errors(void)
{
    Idx d;
    Queue q, qf;
    struct idxgen_desc good, dsc;
    struct idxgen_cpl c;
    unsigned errors = 0;

    idx_start(&d, "imem-size=1M,lanes=32");
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    mkdesc(&good, 0x800, 6, 5, 4, 32, 500);

#define EXPECT_ERR(st) do {                                                 \
        run_job(&d, &q, &dsc, &c);                                          \
        g_assert_cmpuint(le16_to_cpu(c.status), ==, (st));                  \
        g_assert_cmpuint(le32_to_cpu(c.warps), ==, 0);                      \
        g_assert_cmpuint(le32_to_cpu(c.threads), ==, 0);                    \
        g_assert_cmpuint(le64_to_cpu(c.cycles), ==, IDXGEN_FILTER_CYCLES);  \
        errors++;                                                           \
        g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_ERRORS), ==, errors);     \
        run_job(&d, &q, &good, &c);                                         \
        g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_OK);         \
    } while (0)

    dsc = good;
    dsc.flags = cpu_to_le16(4);
    EXPECT_ERR(IDXGEN_CPL_BAD_FLAGS);
    dsc = good;
    dsc.rsvd0 = 1;
    EXPECT_ERR(IDXGEN_CPL_BAD_RESERVED);
    dsc = good;
    dsc.rsvd1[1] = cpu_to_le32(1);
    EXPECT_ERR(IDXGEN_CPL_BAD_RESERVED);
    dsc = good;
    dsc.requester = cpu_to_le32(IDXGEN_DESC_REQ_VALID | 0x10);
    EXPECT_ERR(IDXGEN_CPL_BAD_RESERVED);
    dsc = good;
    dsc.order = IDXGEN_ORDER_COUNT;
    EXPECT_ERR(IDXGEN_CPL_BAD_ORDER);
    /* this device does not advertise IDXGEN_FEAT_SCHED_ORDERS (yet) */
    dsc = good;
    dsc.order = IDXGEN_ORDER_HILBERT;
    EXPECT_ERR(IDXGEN_CPL_ORDER_DISABLED);
    dsc = good;
    dsc.stride = cpu_to_le32(2);
    EXPECT_ERR(IDXGEN_CPL_ORDER_UNUSED_PARAM);
    dsc = good;
    dsc.grid_blocks = cpu_to_le32(2);
    EXPECT_ERR(IDXGEN_CPL_BAD_GRID);
    dsc = good;
    dsc.dy = 0;
    EXPECT_ERR(IDXGEN_CPL_BAD_DIMS);
    mkdesc(&dsc, 0, 2048, 1024, 1, 32, 501);
    EXPECT_ERR(IDXGEN_CPL_TOO_MANY_THREADS);
    dsc = good;
    dsc.c = 0;
    EXPECT_ERR(IDXGEN_CPL_BAD_STEP);
    mkdesc(&dsc, 0x800, 6, 5, 4, 33, 502);
    EXPECT_ERR(IDXGEN_CPL_BAD_STEP);
    dsc = good;
    dsc.yc = cpu_to_le16(le16_to_cpu(dsc.yc) + 1);
    EXPECT_ERR(IDXGEN_CPL_BAD_STEP_INDEX);
    dsc = good;
    dsc.word_size = 3;
    EXPECT_ERR(IDXGEN_CPL_BAD_WORD_SIZE);
    dsc = good;
    dsc.mz = 1;
    EXPECT_ERR(IDXGEN_CPL_WIDTH_TOO_SMALL);
    dsc = good;
    dsc.mx = 14;
    EXPECT_ERR(IDXGEN_CPL_WIDTH_OVERFLOW);
    dsc = good;
    dsc.target = cpu_to_le64(0x801);
    EXPECT_ERR(IDXGEN_CPL_MISALIGNED);
    dsc = good;
    dsc.target = cpu_to_le64(d.imem_size - 2);
    EXPECT_ERR(IDXGEN_CPL_OUT_OF_RANGE);
    dsc = good;
    dsc.target = cpu_to_le64(0xfffffffffffffffeULL);
    EXPECT_ERR(IDXGEN_CPL_OUT_OF_RANGE);
    mkdesc(&dsc, 0, 1024, 512, 1, 32, 503);            /* 1 MiB of words */
    EXPECT_ERR(IDXGEN_CPL_OUT_OF_RANGE);
    dsc = good;
    dsc.size_limit = cpu_to_le32(le32_to_cpu(dsc.size_limit) - 1);
    EXPECT_ERR(IDXGEN_CPL_SIZE_LIMIT);
#undef EXPECT_ERR

    /* DMA_FAULT: a ring in unmapped address space */
    memset(&qf, 0, sizeof(qf));
    wr64(&d, IDXGEN_QREG(1, IDXGEN_Q_RING_BASE_LO), 0xfffff00000000000ULL);
    qf.cpl = guest_alloc(&d.alloc, 4 * sizeof(c));
    wr64(&d, IDXGEN_QREG(1, IDXGEN_Q_CPL_BASE_LO), qf.cpl);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_RING_SIZE), 4);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 1);
    qf.qn = 1;
    q_wait(&d, &qf, 1, NS_PER_CYCLE);
    q_cpl(&d, &qf, 0, &c);
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_DMA_FAULT);

    /* ABORTED: queue disabled while its job runs */
    mkdesc(&dsc, 0, 512, 512, 1, 32, 504);
    q_submit(&d, &q, &dsc);
    step(&d, 1000);
    wr(&d, IDXGEN_QREG(0, IDXGEN_Q_CTRL), 0);
    q_cpl(&d, &q, (q.tail + q.size - 1) % q.size, &c);
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_ABORTED);
    g_assert_cmpuint(le32_to_cpu(c.job_id), ==, 504);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY, ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_STATUS)), ==, 0);
    /* re-enable: indices restart at 0; the aborted job's range was stale */
    q_setup(&d, &q, 0, 8);
    run_job(&d, &q, &good, &c);
    check_cpl_ok(&c, &good, false);
    check_output(&d, &good);
    run_job(&d, &q, &good, &c);
    check_cpl_ok(&c, &good, true);
    idx_stop(&d);
}

/* Ring validation, doorbell checks, wrap-around. */
static void test_ring(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    unsigned i, round;
    uint64_t ring;

    idx_start_ready(&d, NULL);
    ring = guest_alloc(&d.alloc, 8192 * sizeof(dsc));

#define EXPECT_BAD_RING(base, cpl, size) do {                                \
        wr64(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_BASE_LO), (base));             \
        wr64(&d, IDXGEN_QREG(2, IDXGEN_Q_CPL_BASE_LO), (cpl));               \
        wr(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_SIZE), (size));                  \
        wr(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);          \
        g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_STATUS)), ==,         \
                        IDXGEN_QSTATUS_ERROR |                               \
                        IDXGEN_QERR_BAD_RING << IDXGEN_QSTATUS_ERR_SHIFT);   \
        g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL)), ==, 0);       \
    } while (0)

    EXPECT_BAD_RING(ring, ring, 0);
    EXPECT_BAD_RING(ring, ring, 1);
    EXPECT_BAD_RING(ring, ring, 3);
    EXPECT_BAD_RING(ring, ring, 8192);
    EXPECT_BAD_RING(ring, ring, 0x80000000);
    EXPECT_BAD_RING(ring + 32, ring, 4);
    EXPECT_BAD_RING(ring, ring + 8, 4);
    EXPECT_BAD_RING(0xffffffffffffffc0ULL, ring, 4);
#undef EXPECT_BAD_RING
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    /* The largest ring is fine; the error clears on a good enable */
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_SIZE), IDXGEN_HW_MAX_RING);
    wr64(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_BASE_LO), ring);
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL), 0);

    /* Doorbell while disabled: ignored */
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 1);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL)), ==, 0);

    /* Wrap-around on a 4-entry ring, batches of 1..3 */
    q_setup(&d, &q, 1, 4);
    for (round = 0; round < 6; round++) {
        unsigned n = 1 + round % 3;
        uint32_t first = q.tail, base = q.submitted;

        for (i = 0; i < n; i++) {
            mkdesc(&dsc, (base + i) * 0x1000, 5 + round, 3, 2, 4, base + i);
            q_put(&d, &q, &dsc);
        }
        q_ring(&d, &q);
        q_wait(&d, &q, q.submitted, 100);
        for (i = 0; i < n; i++) {
            uint32_t slot = (first + i) % 4;

            q_cpl(&d, &q, slot, &c);
            g_assert_true(cpl_check_ok(&c));
            g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_OK);
            g_assert_cmpuint(le32_to_cpu(c.slot), ==, slot);
            g_assert_cmpuint(le32_to_cpu(c.job_id), ==, base + i);
        }
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_HEAD)), ==, q.tail);
    }
    g_assert_cmpuint(q_completed(&d, &q), ==, q.submitted);

    /* Bad doorbell: error reported, write ignored, queue still works */
    wr(&d, IDXGEN_REG_IRQ_STATUS, ~0u);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 4);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED | IDXGEN_QSTATUS_ERROR |
                    IDXGEN_QERR_BAD_DOORBELL << IDXGEN_QSTATUS_ERR_SHIFT);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL)), ==, q.tail);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 0xffffffff);
    mkdesc(&dsc, 0, 9, 9, 9, 32, 9);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Reset                                                              */
/* ------------------------------------------------------------------ */

static void check_power_on(Idx *d)
{
    unsigned i;

    g_assert_cmphex(rd(d, IDXGEN_REG_STATUS), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_CTRL), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_FW_STATUS), ==, IDXGEN_FW_NONE);
    g_assert_cmphex(rd(d, IDXGEN_REG_FW_VERSION), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_IRQ_STATUS), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_IRQ_ENABLE), ==, 0);
    g_assert_cmpuint(rd64(d, IDXGEN_REG_STAT_JOBS), ==, 0);
    g_assert_cmpuint(rd64(d, IDXGEN_REG_STAT_MISSES), ==, 0);
    g_assert_cmpuint(rd64(d, IDXGEN_REG_STAT_BUSY_CYCLES), ==, 0);
    for (i = 0; i < rd(d, IDXGEN_REG_CAP_NUM_QUEUES); i++) {
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_STATUS)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_HEAD)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_TAIL)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_COMPLETED)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_RING_SIZE)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_IRQ_VECTOR)), ==, i);
    }
}

static void reset_case(bool system)
{
    Idx d;
    Queue q;
    struct idxgen_desc small, big;
    struct idxgen_cpl c;
    uint32_t before;

    idx_start_ready(&d, NULL);
    wr(&d, IDXGEN_REG_IRQ_ENABLE, IDXGEN_IRQ_QUEUE(0));
    q_setup(&d, &q, 0, 8);
    mkdesc(&small, 0x1000, 8, 8, 1, 32, 1);
    run_job(&d, &q, &small, &c);
    check_cpl_ok(&c, &small, false);
    run_job(&d, &q, &small, &c);
    check_cpl_ok(&c, &small, true);

    /* A big job and more queued behind it, then reset in the middle */
    mkdesc(&big, 0x100000, 1024, 256, 1, 32, 2);
    q_put(&d, &q, &big);
    q_put(&d, &q, &small);
    q_ring(&d, &q);
    step(&d, 20000);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_WARPS_READY)), >, 0);
    before = q_completed(&d, &q);
    qtest_memset(d.qts, q.cpl + 2 * sizeof(c), 0, 2 * sizeof(c));
    if (system) {
        qtest_system_reset(d.qts);
        /* the reset also cleared the BARs and bus mastering */
        qpci_device_enable(d.dev);
        qpci_config_writel(d.dev, PCI_BASE_ADDRESS_0, d.regs.addr);
        qpci_config_writel(d.dev, PCI_BASE_ADDRESS_2, d.imem.addr);
        qpci_config_writel(d.dev, PCI_BASE_ADDRESS_3, 0);
    } else {
        wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    }
    check_power_on(&d);
    g_assert_cmpuint(before, ==, 2);
    /* the dropped job never completes, nothing is written */
    step(&d, 10 * 1000 * 1000);
    q_cpl(&d, &q, 2, &c);
    g_assert_cmphex(le32_to_cpu(c.check), ==, 0);
    check_power_on(&d);

    /* Back to work: the history is empty after reset */
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    run_job(&d, &q, &small, &c);
    check_cpl_ok(&c, &small, false);
    run_job(&d, &q, &big, &c);
    check_cpl_ok(&c, &big, false);
    check_output(&d, &big);
    idx_stop(&d);
}

static void test_reset_register(void)
{
    reset_case(false);
}

static void test_reset_system(void)
{
    reset_case(true);
}

/* Writing a read-only register while enabled is fatal until RESET. */
static void test_fatal(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;

    idx_start_ready(&d, NULL);
    q_setup(&d, &q, 0, 4);
    wr(&d, IDXGEN_REG_STAT_JOBS, 5);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_FATAL_CODE), ==,
                     IDXGEN_FATAL_BAD_REG_WRITE);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_JOBS), ==, 0);
    /* no jobs run while fatal */
    mkdesc(&dsc, 0, 4, 4, 4, 32, 1);
    q_submit(&d, &q, &dsc);
    step(&d, 100000);
    g_assert_cmpuint(q_completed(&d, &q), ==, 0);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, 0);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_FATAL_CODE), ==, IDXGEN_FATAL_NONE);
    /* disabled: the same write is only logged */
    wr(&d, IDXGEN_REG_ID, 5);
    wr(&d, IDXGEN_QREG(3, 0x80), 5);
    wr(&d, IDXGEN_QREG(9, 0), 5);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, 0);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    wr(&d, IDXGEN_QREG(9, 0), 5);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Interrupts                                                         */
/* ------------------------------------------------------------------ */

static void msix_setup(Idx *d, uint64_t msg, unsigned nvec)
{
    unsigned v;

    qpci_msix_enable(d->dev);
    for (v = 0; v < nvec; v++) {
        uint64_t off = d->dev->msix_table_off + v * PCI_MSIX_ENTRY_SIZE;

        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_LOWER_ADDR,
                       (uint32_t)(msg + 4 * v));
        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_UPPER_ADDR, (msg + 4 * v) >> 32);
        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_DATA, 0x100 + v);
        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_VECTOR_CTRL, 0);
    }
    qtest_memset(d->qts, msg, 0, 4 * nvec);
}

static uint32_t msg_of(Idx *d, uint64_t msg, unsigned v)
{
    uint32_t val = qtest_readl(d->qts, msg + 4 * v);

    qtest_writel(d->qts, msg + 4 * v, 0);
    return val;
}

static void test_msix(void)
{
    Idx d;
    Queue q0, q2;
    struct idxgen_desc dsc;
    uint64_t msg;
    unsigned nvec = IDXGEN_MSIX_VECTORS(IDXGEN_HW_DEFAULT_QUEUES);
    unsigned err = IDXGEN_MSIX_ERR_VECTOR(IDXGEN_HW_DEFAULT_QUEUES);
    uint64_t off;

    idx_start_ready(&d, NULL);
    msg = guest_alloc(&d.alloc, 4 * nvec);
    msix_setup(&d, msg, nvec);
    q_setup(&d, &q0, 0, 8);
    q_setup(&d, &q2, 2, 8);
    mkdesc(&dsc, 0, 9, 4, 1, 32, 1);

    /* Not enabled in IRQ_ENABLE: status only */
    run_job_status(&d, &q0, &dsc);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(0));
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0);

    wr(&d, IDXGEN_REG_IRQ_ENABLE, ~0u);
    g_assert_cmphex(rd(&d, IDXGEN_REG_IRQ_ENABLE), ==,
                    IDXGEN_IRQ_ERROR | IDXGEN_IRQ_ARB | 0xf);
    run_job_status(&d, &q0, &dsc);
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0x100);
    run_job_status(&d, &q2, &dsc);
    g_assert_cmphex(msg_of(&d, msg, 2), ==, 0x102);
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0);

    /* Vector remapping; out-of-range vectors are refused */
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR), 3);
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR), nvec);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR)), ==, 3);
    run_job_status(&d, &q2, &dsc);
    g_assert_cmphex(msg_of(&d, msg, 3), ==, 0x103);
    g_assert_cmphex(msg_of(&d, msg, 2), ==, 0);

    /* Error vector: bad doorbell */
    wr(&d, IDXGEN_QREG(0, IDXGEN_Q_TAIL), 100);
    g_assert_cmphex(msg_of(&d, msg, err), ==, 0x100 + err);

    /* Error vector: an arbiter event (a lock granted) */
    wr(&d, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, 1, 0));
    step(&d, IDXGEN_ARB_SERVE_CYCLES * NS_PER_CYCLE);
    g_assert_cmphex(msg_of(&d, msg, err), ==, 0x100 + err);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ARB);

    /* W1C */
    wr(&d, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_QUEUE(0) | IDXGEN_IRQ_ERROR |
       IDXGEN_IRQ_ARB);
    g_assert_cmphex(rd(&d, IDXGEN_REG_IRQ_STATUS), ==, IDXGEN_IRQ_QUEUE(2));

    /* A masked vector becomes pending, delivered on unmask */
    off = d.dev->msix_table_off + 0 * PCI_MSIX_ENTRY_SIZE;
    qpci_io_writel(d.dev, d.dev->msix_table_bar,
                   off + PCI_MSIX_ENTRY_VECTOR_CTRL, 1);
    run_job_status(&d, &q0, &dsc);
    g_assert_true(qpci_msix_pending(d.dev, 0));
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0);
    qpci_io_writel(d.dev, d.dev->msix_table_bar,
                   off + PCI_MSIX_ENTRY_VECTOR_CTRL, 0);
    g_assert_false(qpci_msix_pending(d.dev, 0));
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0x100);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Fault injection                                                    */
/* ------------------------------------------------------------------ */

static void fault_hang(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_HANG_JOB);
    }
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FAULT), ==, IDXGEN_FAULT_HANG_JOB);
    q_setup(d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    q_submit(d, &q, &dsc);
    q_submit(d, &q, &dsc);
    step(d, 10 * 1000 * 1000);
    g_assert_cmpuint(q_completed(d, &q), ==, 0);
    g_assert_true(rd(d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_HANG_JOB);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FAULT), ==, 0);
    /* Recovery by disabling the queue: the hung job is aborted */
    wr(d, IDXGEN_QREG(0, IDXGEN_Q_CTRL), 0);
    q_cpl(d, &q, 0, &c);
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_ABORTED);
    q_setup(d, &q, 0, 8);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
    wr(d, IDXGEN_REG_DBG_FIRED, IDXGEN_FAULT_HANG_JOB);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, 0);
}

static void fault_drop_irq(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    uint64_t msg = guest_alloc(&d->alloc, 4 * 5);

    msix_setup(d, msg, 5);
    wr(d, IDXGEN_REG_IRQ_ENABLE, IDXGEN_IRQ_QUEUE(1));
    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_DROP_IRQ);
    }
    q_setup(d, &q, 1, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmphex(msg_of(d, msg, 1), ==, 0);
    g_assert_true(rd(d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(1));
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_DROP_IRQ);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmphex(msg_of(d, msg, 1), ==, 0x101);
}

static void fault_corrupt_cpl(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint32_t slot;

    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_CORRUPT_CPL);
    }
    q_setup(d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    slot = q_submit(d, &q, &dsc);
    q_wait(d, &q, 1, NS_PER_CYCLE);
    q_cpl(d, &q, slot, &c);
    g_assert_false(cpl_check_ok(&c));
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_CORRUPT_CPL);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
}

static void fault_fail_dma(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    } else {
        /* armed at reset: the firmware fetch is the first DMA */
        uint8_t img[FW_IMG_SIZE];
        FwSpec f = fw_default();

        g_assert_cmpuint(fw_load(d, img, fw_build(img, &f)), ==,
                         IDXGEN_FW_ERR_DMA);
        g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==,
                        IDXGEN_FAULT_FAIL_DMA);
        wr(d, IDXGEN_REG_DBG_FIRED, ~0u);
        fw_load_good(d);
        wr(d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    }
    q_setup(d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    /* the descriptor fetch is the next DMA: the job id is unknown */
    q_submit(d, &q, &dsc);
    q_wait(d, &q, 1, NS_PER_CYCLE);
    q_cpl(d, &q, 0, &c);
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_DMA_FAULT);
    g_assert_cmpuint(le32_to_cpu(c.job_id), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_FAIL_DMA);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
}

typedef void (*FaultFn)(Idx *d, bool runtime);

typedef struct FaultCase {
    const char *prop;
    FaultFn fn;
    bool runtime;
} FaultCase;

static void test_fault(const void *opaque)
{
    const FaultCase *fc = opaque;
    Idx d;
    g_autofree char *props = g_strdup_printf("debug=on%s%s%s",
                                             fc->runtime ? "" : ",",
                                             fc->runtime ? "" : fc->prop,
                                             fc->runtime ? "" : "=on");

    idx_start(&d, props);
    if (fc->runtime || fc->fn != fault_fail_dma) {
        fw_load_good(&d);
        wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    }
    fc->fn(&d, fc->runtime);
    idx_stop(&d);
}

/* Completion DMA failure stops the queue with QERR_DMA. */
static void test_fault_cpl_dma(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;

    idx_start_ready(&d, "debug=on");
    q_setup(&d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    q_submit(&d, &q, &dsc);             /* descriptor fetched now */
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    step(&d, 100000);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ERROR |
                    IDXGEN_QERR_DMA << IDXGEN_QSTATUS_ERR_SHIFT);
    g_assert_cmpuint(q_completed(&d, &q), ==, 0);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    /* a stopped queue restarts by re-enabling it */
    q_setup(&d, &q, 0, 8);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    /* firmware DMA failure */
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    {
        uint8_t img[FW_IMG_SIZE];
        FwSpec f = fw_default();

        g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==,
                         IDXGEN_FW_ERR_DMA);
        g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==,
                         IDXGEN_FW_OK);
    }
    idx_stop(&d);
}

/*
 * BAD_HEAD and FW_REJECT survive CTRL_RESET (they target a driver's reset
 * recovery), fire once, and a system reset disarms them.
 */
static void test_fault_sticky(void)
{
    Idx d;
    Queue q;
    uint8_t img[FW_IMG_SIZE];
    FwSpec f = fw_default();
    uint32_t both = IDXGEN_FAULT_BAD_HEAD | IDXGEN_FAULT_FW_REJECT;

    idx_start_ready(&d, "debug=on");
    wr(&d, IDXGEN_REG_DBG_FAULT, both);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, both);
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==,
                     IDXGEN_FW_ERR_DMA);
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_HEAD)), ==, 8 + 0x1235);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_HEAD)), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FIRED), ==, both);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, 0);
    /* a system reset disarms them */
    wr(&d, IDXGEN_REG_DBG_FAULT, both);
    qtest_system_reset(d.qts);
    qpci_device_enable(d.dev);
    qpci_config_writel(d.dev, PCI_BASE_ADDRESS_0, d.regs.addr);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, 0);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Hostile guest                                                      */
/* ------------------------------------------------------------------ */

static void test_garbage(void)
{
    Idx d;
    GRand *r = g_rand_new_with_seed(0x1d8e4c3b);
    Queue q[2];
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    unsigned i, k;
    uint8_t junk[64];

    idx_start_ready(&d, "imem-size=1M,debug=on,num-queues=2");
    q_setup(&d, &q[0], 0, 16);
    q_setup(&d, &q[1], 1, 4);
    for (i = 0; i < 3000; i++) {
        unsigned op = g_rand_int_range(r, 0, 100);
        uint32_t val = g_rand_int(r);

        if (op < 35) {
            /* any register, any value (but not RESET every time) */
            uint64_t off = g_rand_int_range(r, 0, IDXGEN_BAR_REGS_SIZE / 4) * 4;

            if (g_rand_boolean(r)) {
                off = IDXGEN_QREG(g_rand_int_range(r, 0, 3),
                                  g_rand_int_range(r, 0, 0x40) & ~3);
            }
            if (off == IDXGEN_REG_CTRL && (val & IDXGEN_CTRL_RESET) &&
                g_rand_int_range(r, 0, 8)) {
                val &= ~IDXGEN_CTRL_RESET;
            }
            if (g_rand_boolean(r)) {
                val &= 0xfff;
            }
            wr(&d, off, val);
        } else if (op < 45) {
            rd(&d, g_rand_int_range(r, 0, IDXGEN_BAR_REGS_SIZE / 4) * 4);
        } else if (op < 75) {
            /* a descriptor: random, or a mutated valid one */
            Queue *qq = &q[g_rand_int_range(r, 0, 2)];

            if (g_rand_boolean(r)) {
                for (k = 0; k < sizeof(junk); k++) {
                    junk[k] = g_rand_int(r);
                }
                memcpy(&dsc, junk, sizeof(dsc));
            } else {
                mkdesc(&dsc, g_rand_int_range(r, 0, 1 << 20) & ~3,
                       g_rand_int_range(r, 1, 200),
                       g_rand_int_range(r, 1, 50), g_rand_int_range(r, 1, 4),
                       g_rand_int_range(r, 1, 40), i);
                ((uint8_t *)&dsc)[g_rand_int_range(r, 0, 64)] ^=
                    g_rand_boolean(r) ? 1 << g_rand_int_range(r, 0, 8) : 0;
            }
            qtest_memwrite(d.qts, qq->ring + qq->tail * sizeof(dsc), &dsc,
                           sizeof(dsc));
            qq->tail = (qq->tail + 1) % qq->size;
            q_ring(&d, qq);
        } else if (op < 85) {
            step(&d, g_rand_int_range(r, 1, 20000));
        } else if (op < 92) {
            uint64_t off = g_rand_int_range(r, 0, d.imem_size / 8) * 8;

            qtest_writeq(d.qts, d.imem.addr + off, ((uint64_t)val << 32) | val);
        } else if (op < 96) {
            /* re-arm the rings, maybe at silly addresses */
            unsigned qn = g_rand_int_range(r, 0, 2);

            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), 0);
            if (g_rand_boolean(r)) {
                wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO),
                     ((uint64_t)g_rand_int(r) << 32 | g_rand_int(r)) & ~63ULL);
            } else {
                wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO), q[qn].cpl);
            }
            wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_BASE_LO), q[qn].ring);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_SIZE), q[qn].size);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
            q[qn].tail = 0;
        } else {
            /* point DMA at our own BARs: no re-entrancy, no crash */
            unsigned qn = g_rand_int_range(r, 0, 2);
            uint64_t bar = g_rand_boolean(r) ? d.regs.addr : d.imem.addr;

            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), 0);
            wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO), bar);
            wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_BASE_LO),
                 g_rand_boolean(r) ? bar : q[qn].ring);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_SIZE), q[qn].size);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
            q[qn].tail = 0;
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_TAIL), 1);
            q[qn].tail = 1;
        }
    }
    step(&d, 100 * 1000 * 1000);
    g_rand_free(r);

    /* Alive, and a clean start works */
    g_assert_cmphex(rd(&d, IDXGEN_REG_ID), ==, IDXGEN_ID_MAGIC);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    check_power_on(&d);
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q[0], 0, 8);
    mkdesc(&dsc, 0x400, 31, 7, 3, 32, 7);
    run_job(&d, &q[0], &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    idx_stop(&d);
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

/* ------------------------------------------------------------------ */
/* Arbiter (docs/design.md#arbiter)                                   */
/* ------------------------------------------------------------------ */

#define ARB_SERVE_NS    (IDXGEN_ARB_SERVE_CYCLES * NS_PER_CYCLE)

static uint32_t arb_cmd(Idx *d, uint32_t op, uint32_t lock, uint32_t req)
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
    QDict *rsp;

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

    memset(&t, 0, sizeof(t));
    t.qts = qtest_initf("-machine q35 -nodefaults -device idxgen,addr=04.0,%s "
                        "-incoming %s", props, uri);
    rsp = qtest_qmp(s.qts, "{ 'execute': 'migrate', 'arguments': "
                    "{ 'uri': %s } }", uri);
    g_assert_true(qdict_haskey(rsp, "return"));
    qobject_unref(rsp);
    qtest_qmp_eventwait(s.qts, "STOP");
    qtest_qmp_eventwait(t.qts, "RESUME");

    pc_alloc_init(&t.alloc, t.qts, ALLOC_NO_FLAGS);
    migrate_allocator(&s.alloc, &t.alloc);
    t.bus = qpci_new_pc(t.qts, &t.alloc);
    t.dev = qpci_device_find(t.bus, IDX_DEVFN);
    g_assert_nonnull(t.dev);
    t.regs = s.regs;
    t.imem = s.imem;
    t.imem_size = s.imem_size;
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

/* Status of the last migration, polled until it is final. */
static char *migrate_wait(QTestState *qts)
{
    int i;

    for (i = 0; i < 5000; i++) {
        QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-migrate' }");
        QDict *ret = qdict_get_qdict(rsp, "return");
        const char *st = ret ? qdict_get_try_str(ret, "status") : NULL;
        char *res = NULL;

        if (st && (!strcmp(st, "completed") || !strcmp(st, "failed"))) {
            res = g_strdup(st);
        }
        qobject_unref(rsp);
        if (res) {
            return res;
        }
        g_usleep(1000);
    }
    g_assert_not_reached();
}

/* Migrate a stopped source to a file; returns the stream. */
static char *migrate_to_file(Idx *s, const char *uri, const char *path,
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
static char *migrate_from_file(const char *props, const char *uri)
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
static gsize find_last(const char *img, gsize len, const void *pat,
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
    QDict *rsp;
    gsize len, at;

    /* live: the target's registers hold the source's table */
    idx_start(&s, props);
    g_assert_cmpuint(fw_load(&s, fw, fw_build_sched(fw, tab, G_N_ELEMENTS(tab))),
                     ==, IDXGEN_FW_OK);
    memset(&t, 0, sizeof(t));
    t.qts = qtest_initf("-machine q35 -nodefaults -device idxgen,addr=04.0,%s "
                        "-incoming %s", props, uri);
    rsp = qtest_qmp(s.qts, "{ 'execute': 'migrate', 'arguments': "
                    "{ 'uri': %s } }", uri);
    g_assert_true(qdict_haskey(rsp, "return"));
    qobject_unref(rsp);
    qtest_qmp_eventwait(s.qts, "STOP");
    qtest_qmp_eventwait(t.qts, "RESUME");
    pc_alloc_init(&t.alloc, t.qts, ALLOC_NO_FLAGS);
    migrate_allocator(&s.alloc, &t.alloc);
    t.bus = qpci_new_pc(t.qts, &t.alloc);
    t.dev = qpci_device_find(t.bus, IDX_DEVFN);
    g_assert_nonnull(t.dev);
    t.regs = s.regs;
    t.imem = s.imem;
    t.imem_size = s.imem_size;
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
        "idxgen_arb_preempt", "idxgen_reset",
    };
    g_autofree char *log = NULL;
    g_autofree char *args = NULL;
    g_autofree char *text = NULL;
    struct idxgen_desc dsc, bad;
    struct idxgen_cpl c;
    Queue q;
    Idx d;
    unsigned i;
    int fd;

    fd = g_file_open_tmp("idxgen-trace-XXXXXX.log", &log, NULL);
    g_assert_cmpint(fd, >=, 0);
    close(fd);
    args = g_strdup_printf("-D %s -trace enable=idxgen_*", log);
    idx_start_args(&d, NULL, args);
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

int main(int argc, char **argv)
{
    static const FaultCase faults[] = {
        { "fault-hang", fault_hang, false },
        { "fault-hang", fault_hang, true },
        { "fault-drop-irq", fault_drop_irq, false },
        { "fault-drop-irq", fault_drop_irq, true },
        { "fault-corrupt-cpl", fault_corrupt_cpl, false },
        { "fault-corrupt-cpl", fault_corrupt_cpl, true },
        { "fault-fail-dma", fault_fail_dma, false },
        { "fault-fail-dma", fault_fail_dma, true },
    };
    unsigned i;

    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/idxgen/identity", test_identity);
    qtest_add_func("/idxgen/properties", test_properties);
    qtest_add_func("/idxgen/properties-invalid", test_properties_invalid);
    qtest_add_func("/idxgen/access-sizes", test_access_sizes);
    qtest_add_func("/idxgen/fw/good", test_fw_good);
    qtest_add_func("/idxgen/fw/bad", test_fw_bad);
    qtest_add_func("/idxgen/fw/none", test_no_firmware);
    qtest_add_func("/idxgen/queue/single", test_queue_single);
    qtest_add_func("/idxgen/queue/multi", test_queue_multi);
    qtest_add_func("/idxgen/queue/ring", test_ring);
    qtest_add_func("/idxgen/queue/desc-errors", test_desc_errors);
    qtest_add_func("/idxgen/history/worked-example", test_history);
    qtest_add_func("/idxgen/history/lru", test_history_lru);
    qtest_add_func("/idxgen/sched/orders", test_sched_orders);
    qtest_add_func("/idxgen/sched/table", test_sched_table);
    qtest_add_func("/idxgen/sched/table-bad", test_sched_table_bad);
    qtest_add_func("/idxgen/incremental", test_incremental);
    qtest_add_func("/idxgen/reset/register", test_reset_register);
    qtest_add_func("/idxgen/reset/system", test_reset_system);
    qtest_add_func("/idxgen/fatal", test_fatal);
    qtest_add_func("/idxgen/msix", test_msix);
    for (i = 0; i < G_N_ELEMENTS(faults); i++) {
        g_autofree char *path = g_strdup_printf("/idxgen/fault/%s/%s",
                                                faults[i].prop,
                                                faults[i].runtime ?
                                                "runtime" : "property");

        qtest_add_data_func(path, &faults[i], test_fault);
    }
    qtest_add_func("/idxgen/fault/completion-dma", test_fault_cpl_dma);
    qtest_add_func("/idxgen/fault/sticky", test_fault_sticky);
    qtest_add_func("/idxgen/garbage", test_garbage);
    qtest_add_func("/idxgen/arb/registers", test_arb_registers);
    qtest_add_func("/idxgen/arb/jobs", test_arb_jobs);
    qtest_add_func("/idxgen/migrate", test_migrate);
    qtest_add_func("/idxgen/migrate-bad-job", test_migrate_bad_job);
    qtest_add_func("/idxgen/migrate-bad-caps", test_migrate_bad_caps);
    qtest_add_func("/idxgen/sched/migrate", test_sched_migrate);
    qtest_add_func("/idxgen/trace-events", test_trace_events);
    return g_test_run();
}
