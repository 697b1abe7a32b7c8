/*
 * QTest for the idxgen accelerator: plumbing.
 *
 * Machine start and BAR mapping, register access, the virtual clock,
 * firmware images, queues and descriptors: what every area uses.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "libqos/pci-pc.h"
#include "libqos/malloc-pc.h"
#include "gen_ref.h"
#include "order_ref.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Plumbing                                                           */
/* ------------------------------------------------------------------ */

/* A device with props (may be NULL) and more QEMU arguments (may be ""). */
void idx_start_args(Idx *d, const char *props, const char *args)
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

void idx_start(Idx *d, const char *props)
{
    idx_start_args(d, props, "");
}

void idx_stop(Idx *d)
{
    if (d->dev && d->dev->msix_enabled) {
        qpci_msix_disable(d->dev);
    }
    g_free(d->dev);
    qpci_free_pc(d->bus);
    alloc_destroy(&d->alloc);
    qtest_quit(d->qts);
}

uint32_t rd(Idx *d, uint64_t off)
{
    return qpci_io_readl(d->dev, d->regs, off);
}

uint64_t rd64(Idx *d, uint64_t off)
{
    return qpci_io_readq(d->dev, d->regs, off);
}

void wr(Idx *d, uint64_t off, uint32_t val)
{
    qpci_io_writel(d->dev, d->regs, off, val);
}

void wr64(Idx *d, uint64_t off, uint64_t val)
{
    qpci_io_writeq(d->dev, d->regs, off, val);
}

/* Advance virtual time; every step goes through here to track the clock. */
int64_t step(Idx *d, int64_t ns)
{
    d->now = qtest_clock_step(d->qts, ns);
    return d->now;
}

int64_t now_ns(Idx *d)
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

FwSpec fw_default(void)
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

void fw_seal(uint8_t *img, size_t len)
{
    struct idxgen_fw_header *h = (struct idxgen_fw_header *)img;

    h->crc32 = 0;
    h->crc32 = cpu_to_le32(crc32_ieee(0, img, len));
}

/* A valid image: header, one PARAMS record. */
size_t fw_build(uint8_t *img, const FwSpec *f)
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

uint32_t fw_load_at(Idx *d, uint64_t addr, uint32_t size)
{
    wr64(d, IDXGEN_REG_FW_ADDR_LO, addr);
    wr(d, IDXGEN_REG_FW_SIZE, size);
    wr(d, IDXGEN_REG_FW_CTRL, IDXGEN_FW_CTRL_LOAD);
    return rd(d, IDXGEN_REG_FW_STATUS);
}

uint32_t fw_load(Idx *d, const uint8_t *img, size_t len)
{
    uint64_t addr = guest_alloc(&d->alloc, len);
    uint32_t st;

    qtest_memwrite(d->qts, addr, img, len);
    st = fw_load_at(d, addr, len);
    guest_free(&d->alloc, addr);
    return st;
}

void fw_load_good(Idx *d)
{
    uint8_t img[FW_IMG_SIZE];
    FwSpec f = fw_default();

    f.hist_entries = rd(d, IDXGEN_REG_CAP_HIST_ENTRIES);
    g_assert_cmpuint(fw_load(d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    g_assert_true(rd(d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_READY);
}

/* Fresh device, firmware loaded, enabled. */
void idx_start_ready(Idx *d, const char *props)
{
    idx_start(d, props);
    fw_load_good(d);
    wr(d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
}

/* ------------------------------------------------------------------ */
/* Queues and descriptors                                             */
/* ------------------------------------------------------------------ */

void q_setup(Idx *d, Queue *q, unsigned qn, uint32_t size)
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
void mkdesc(struct idxgen_desc *dsc, uint64_t target, uint32_t dx,
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

uint64_t desc_warps(const struct idxgen_desc *dsc)
{
    uint64_t t = (uint64_t)le16_to_cpu(dsc->dx) * le16_to_cpu(dsc->dy) *
                 le16_to_cpu(dsc->dz);

    return (t + le16_to_cpu(dsc->c) - 1) / le16_to_cpu(dsc->c);
}

/* Put a descriptor in the next slot (no doorbell). */
uint32_t q_put(Idx *d, Queue *q, const struct idxgen_desc *dsc)
{
    uint32_t slot = q->tail;

    qtest_memwrite(d->qts, q->ring + slot * sizeof(*dsc), dsc, sizeof(*dsc));
    q->tail = (q->tail + 1) % q->size;
    q->submitted++;
    return slot;
}

void q_ring(Idx *d, Queue *q)
{
    wr(d, IDXGEN_QREG(q->qn, IDXGEN_Q_TAIL), q->tail);
}

uint32_t q_submit(Idx *d, Queue *q, const struct idxgen_desc *dsc)
{
    uint32_t slot = q_put(d, q, dsc);

    q_ring(d, q);
    return slot;
}

uint32_t q_completed(Idx *d, Queue *q)
{
    return rd(d, IDXGEN_QREG(q->qn, IDXGEN_Q_COMPLETED));
}

/* Step virtual time until queue q has n completions; returns ns waited. */
int64_t q_wait(Idx *d, Queue *q, uint32_t n, int64_t ns)
{
    int64_t t0 = now_ns(d), t = t0;

    while (q_completed(d, q) < n) {
        g_assert_cmpint(t - t0, <, MAX_WAIT_NS);
        t = step(d, ns);
    }
    return t - t0;
}

void q_cpl(Idx *d, Queue *q, uint32_t slot, struct idxgen_cpl *c)
{
    qtest_memread(d->qts, q->cpl + slot * sizeof(*c), c, sizeof(*c));
}

bool cpl_check_ok(const struct idxgen_cpl *c)
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
int64_t run_job(Idx *d, Queue *q, const struct idxgen_desc *dsc,
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

int run_job_status(Idx *d, Queue *q, const struct idxgen_desc *dsc)
{
    struct idxgen_cpl c;

    run_job(d, q, dsc, &c);
    return le16_to_cpu(c.status);
}

/* Compare a job's output in index memory with the reference. */
void check_output(Idx *d, const struct idxgen_desc *dsc)
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
void check_cpl_ok(const struct idxgen_cpl *c,
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
    /* a miss: 4 + warps, the Hilbert order's the circuit's own count */
    g_assert_cmpuint(le64_to_cpu(c->cycles), ==,
                     hit ? IDXGEN_FILTER_CYCLES :
                     idxgen_oref_job_cycles(dsc->order, le16_to_cpu(dsc->dx),
                                            le16_to_cpu(dsc->dy),
                                            le16_to_cpu(dsc->dz),
                                            le16_to_cpu(dsc->c)));
}
