// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: register-level device control, firmware loading, index-memory
 * range commands and device reset.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/firmware.h>
#include <linux/iopoll.h>

#include <drm/drm_print.h>

#include "idxgen_drv.h"

#define IDXGEN_FW_TIMEOUT_US	(2 * USEC_PER_SEC)
#define IDXGEN_RESET_TIMEOUT_US	(500 * USEC_PER_MSEC)

const struct idxgen_stat_desc idxgen_stats[IDXGEN_NUM_STATS] = {
	[IDXGEN_STAT_JOBS] = { "jobs", IDXGEN_REG_STAT_JOBS },
	[IDXGEN_STAT_HITS] = { "hits", IDXGEN_REG_STAT_HITS },
	[IDXGEN_STAT_MISSES] = { "misses", IDXGEN_REG_STAT_MISSES },
	[IDXGEN_STAT_WARPS] = { "warps", IDXGEN_REG_STAT_WARPS },
	[IDXGEN_STAT_BUSY_CYCLES] = { "busy_cycles", IDXGEN_REG_STAT_BUSY_CYCLES },
	[IDXGEN_STAT_ERRORS] = { "errors", IDXGEN_REG_STAT_ERRORS },
};

static const char *idxgen_fw_status_str(u32 st)
{
	static const char * const names[] = {
		[IDXGEN_FW_NONE] = "none",
		[IDXGEN_FW_OK] = "ok",
		[IDXGEN_FW_ERR_DMA] = "dma error",
		[IDXGEN_FW_ERR_SIZE] = "bad size",
		[IDXGEN_FW_ERR_MAGIC] = "bad magic",
		[IDXGEN_FW_ERR_FORMAT] = "unsupported format",
		[IDXGEN_FW_ERR_LENGTH] = "bad length",
		[IDXGEN_FW_ERR_CRC] = "bad crc",
		[IDXGEN_FW_ERR_PARAMS] = "bad parameters",
		[IDXGEN_FW_ERR_BUSY] = "busy",
		[IDXGEN_FW_ERR_SCHED] = "bad schedule table",
	};

	return st < ARRAY_SIZE(names) && names[st] ? names[st] : "unknown";
}

u64 idxgen_stat(struct idxgen_device *idev, enum idxgen_stat_id i)
{
	return idev->stat_base[i] + idxgen_rd64(idev, idxgen_stats[i].reg);
}

/* Fetch the image from the firmware search path into DMA memory, once. */
static int idxgen_fw_request(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	const struct firmware *fw;
	int ret;

	ret = request_firmware(&fw, IDXGEN_FW_FILE, drm->dev);
	if (ret) {
		drm_err(drm, "firmware %s not available: %d\n", IDXGEN_FW_FILE, ret);
		return ret;
	}

	if (fw->size < sizeof(struct idxgen_fw_header) || fw->size > IDXGEN_FW_MAX_SIZE) {
		drm_err(drm, "firmware %s has a bad size (%zu bytes)\n", IDXGEN_FW_FILE, fw->size);
		ret = -EINVAL;
		goto out;
	}

	idev->fw_buf = dmam_alloc_coherent(drm->dev, fw->size, &idev->fw_dma, GFP_KERNEL);
	if (!idev->fw_buf) {
		ret = -ENOMEM;
		goto out;
	}
	memcpy(idev->fw_buf, fw->data, fw->size);
	idev->fw_size = fw->size;
out:
	release_firmware(fw);
	return ret;
}

/* Have the device DMA-read and check the image; wait for its verdict. */
int idxgen_fw_load(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	u32 st;
	int ret;

	idxgen_wr(idev, IDXGEN_REG_FW_ADDR_LO, lower_32_bits(idev->fw_dma));
	idxgen_wr(idev, IDXGEN_REG_FW_ADDR_HI, upper_32_bits(idev->fw_dma));
	idxgen_wr(idev, IDXGEN_REG_FW_SIZE, idev->fw_size);
	idxgen_wr(idev, IDXGEN_REG_FW_CTRL, IDXGEN_FW_CTRL_LOAD);

	ret = readl_poll_timeout(idev->regs + IDXGEN_REG_FW_STATUS, st,
				 st != IDXGEN_FW_NONE, 100, IDXGEN_FW_TIMEOUT_US);
	if (ret) {
		drm_err(drm, "firmware %s: no answer from the device\n", IDXGEN_FW_FILE);
		return -ETIMEDOUT;
	}
	if (st != IDXGEN_FW_OK) {
		drm_err(drm, "firmware %s rejected by the device: status %u (%s)\n",
			IDXGEN_FW_FILE, st, idxgen_fw_status_str(st));
		return -EINVAL;
	}
	ret = readl_poll_timeout(idev->regs + IDXGEN_REG_STATUS, st,
				 st & IDXGEN_STATUS_READY, 100, IDXGEN_FW_TIMEOUT_US);
	if (ret) {
		drm_err(drm, "firmware %s loaded but the device is not ready\n", IDXGEN_FW_FILE);
		return -ETIMEDOUT;
	}
	idev->fw_version = idxgen_rd(idev, IDXGEN_REG_FW_VERSION);
	return 0;
}

static int idxgen_ctrl_reset(struct idxgen_device *idev)
{
	u32 v;

	idxgen_wr(idev, IDXGEN_REG_IRQ_ENABLE, 0);
	idxgen_wr(idev, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
	return readl_poll_timeout(idev->regs + IDXGEN_REG_CTRL, v,
				  !(v & IDXGEN_CTRL_RESET), 10, IDXGEN_RESET_TIMEOUT_US);
}

static void idxgen_read_caps(struct idxgen_device *idev)
{
	idev->lanes = idxgen_rd(idev, IDXGEN_REG_CAP_LANES);
	idev->max_threads = idxgen_rd(idev, IDXGEN_REG_CAP_MAX_THREADS);
	idev->max_dim[0] = idxgen_rd(idev, IDXGEN_REG_CAP_MAX_DIM_X);
	idev->max_dim[1] = idxgen_rd(idev, IDXGEN_REG_CAP_MAX_DIM_Y);
	idev->max_dim[2] = idxgen_rd(idev, IDXGEN_REG_CAP_MAX_DIM_Z);
	idev->hist_entries = idxgen_rd(idev, IDXGEN_REG_CAP_HIST_ENTRIES);
	idev->num_queues = idxgen_rd(idev, IDXGEN_REG_CAP_NUM_QUEUES);
	idev->max_ring = idxgen_rd(idev, IDXGEN_REG_CAP_MAX_RING);
	idev->features = idxgen_rd(idev, IDXGEN_REG_CAP_FEATURES);
	idev->clock_khz = idxgen_rd(idev, IDXGEN_REG_CAP_CLOCK_KHZ);
	idev->imem_size = idxgen_rd64(idev, IDXGEN_REG_CAP_IMEM_SIZE_LO);
}

/* Probe-time bring-up: identity, reset, firmware, capabilities. */
int idxgen_hw_init(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	u32 id;
	int ret;

	id = idxgen_rd(idev, IDXGEN_REG_ID);
	if (id != IDXGEN_ID_MAGIC) {
		drm_err(drm, "not an idxgen device (id %#x)\n", id);
		return -ENODEV;
	}
	idev->hw_version = idxgen_rd(idev, IDXGEN_REG_VERSION);
	if (idev->hw_version >> 16 != IDXGEN_HW_VERSION_MAJOR) {
		drm_err(drm, "unsupported interface version %u.%u\n",
			idev->hw_version >> 16, idev->hw_version & 0xffff);
		return -ENODEV;
	}

	ret = idxgen_ctrl_reset(idev);
	if (ret) {
		drm_err(drm, "device reset timed out\n");
		return ret;
	}

	ret = idxgen_fw_request(idev);
	if (ret)
		return ret;
	ret = idxgen_fw_load(idev);
	if (ret)
		return ret;

	idxgen_read_caps(idev);
	if (!idev->num_queues || !idev->lanes || idev->max_ring < 2 ||
	    !is_power_of_2(idev->max_ring) || idev->imem_size < IDXGEN_IMEM_SIZE_MIN ||
	    idev->imem_size > pci_resource_len(idev->pdev, IDXGEN_BAR_IMEM)) {
		drm_err(drm, "implausible capabilities (queues %u ring %u imem %llu)\n",
			idev->num_queues, idev->max_ring, idev->imem_size);
		return -ENODEV;
	}
	idev->num_queues = min_t(u32, idev->num_queues, IDXGEN_MAX_QUEUES);
	idxgen_schedtab_probe(idev);
	idxgen_uq_probe(idev);

	drm_info(drm, "firmware %u.%u.%u loaded; %u queues, %u lanes, %llu MiB index memory\n",
		 idev->fw_version >> 16, (idev->fw_version >> 8) & 0xff, idev->fw_version & 0xff,
		 idev->num_queues, idev->lanes, idev->imem_size >> 20);
	return 0;
}

/* Program and enable every queue, unmask interrupts, accept doorbells. */
int idxgen_hw_start(struct idxgen_device *idev)
{
	u32 irqs = IDXGEN_IRQ_ERROR;
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];
		u32 st;

		memset(q->ring, 0, q->size * sizeof(*q->ring));
		memset(q->cpl, 0, q->size * sizeof(*q->cpl));
		idxgen_qwr(q, IDXGEN_Q_CTRL, 0);
		idxgen_qwr(q, IDXGEN_Q_RING_BASE_LO, lower_32_bits(q->ring_dma));
		idxgen_qwr(q, IDXGEN_Q_RING_BASE_HI, upper_32_bits(q->ring_dma));
		idxgen_qwr(q, IDXGEN_Q_CPL_BASE_LO, lower_32_bits(q->cpl_dma));
		idxgen_qwr(q, IDXGEN_Q_CPL_BASE_HI, upper_32_bits(q->cpl_dma));
		idxgen_qwr(q, IDXGEN_Q_RING_SIZE, q->size);
		idxgen_qwr(q, IDXGEN_Q_IRQ_VECTOR, idev->single_irq ? 0 : i);
		idxgen_qwr(q, IDXGEN_Q_CTRL, IDXGEN_QCTRL_ENABLE);
		st = idxgen_qrd(q, IDXGEN_Q_STATUS);
		if (!(st & IDXGEN_QSTATUS_ENABLED)) {
			drm_err(&idev->drm, "queue %u refused its ring (status %#x)\n", i, st);
			return -EIO;
		}
		/*
		 * Enabling a queue sets its HEAD and TAIL to 0: the driver
		 * starts from there and never takes a ring slot from the
		 * device (a HEAD read back here could be out of range).
		 */
		q->head = 0;
		q->tail = 0;
		irqs |= IDXGEN_IRQ_QUEUE(i);
	}

	if (idev->features & IDXGEN_FEAT_MUTEX_ARB)
		irqs |= IDXGEN_IRQ_ARB;
	idxgen_arb_hw_start(idev);
	idxgen_wr(idev, IDXGEN_REG_IRQ_STATUS, irqs);
	idxgen_wr(idev, IDXGEN_REG_IRQ_ENABLE, irqs);
	idxgen_wr(idev, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
	return 0;
}

/* Stop accepting work and mask interrupts; in-flight jobs are left alone. */
void idxgen_hw_stop(struct idxgen_device *idev)
{
	unsigned int i;

	idxgen_wr(idev, IDXGEN_REG_IRQ_ENABLE, 0);
	idxgen_wr(idev, IDXGEN_REG_CTRL, 0);
	for (i = 0; i < idev->num_queues; i++)
		idxgen_qwr(&idev->queues[i], IDXGEN_Q_CTRL, 0);
}

/* Device teardown: stop it and put it back in its power-on state. */
void idxgen_hw_fini(struct idxgen_device *idev)
{
	idxgen_hw_stop(idev);
	idxgen_ctrl_reset(idev);
}

/* Fold the statistics registers into the totals before a reset clears them. */
void idxgen_stat_save(struct idxgen_device *idev)
{
	enum idxgen_stat_id i;

	for (i = 0; i < IDXGEN_NUM_STATS; i++)
		idev->stat_base[i] = idxgen_stat(idev, i);
}

/*
 * Full reset: back to power-on state (the history is gone with it), reload
 * the firmware, reprogram the queues.  Callers have stopped the schedulers
 * and taken whatever was in flight off the rings.
 */
int idxgen_hw_reset(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	int ret;

	lockdep_assert_held_write(&idev->reset_sem);
	ret = idxgen_ctrl_reset(idev);
	if (ret) {
		drm_err(drm, "device reset timed out\n");
		return ret;
	}
	ret = idxgen_fw_load(idev);
	if (ret)
		return ret;
	idev->resets++;
	return idxgen_hw_start(idev);
}

static int idxgen_range_cmd_locked(struct idxgen_device *idev, u64 base, u64 size, u32 cmd)
{
	u32 st;

	lockdep_assert_held(&idev->reset_sem);	/* read: no reset between the writes */
	if (!(idev->features & IDXGEN_FEAT_HIST_RANGE)) {
		if (cmd == IDXGEN_RANGE_CMD_ZERO) {
			void __iomem *p = ioremap_wc(idev->imem_bus + base, size);

			if (!p)
				return -ENOMEM;
			memset_io(p, 0, size);
			iounmap(p);
		}
		idxgen_wr(idev, IDXGEN_REG_CTRL,
			  (idxgen_rd(idev, IDXGEN_REG_CTRL) & IDXGEN_CTRL_ENABLE) |
			  IDXGEN_CTRL_HIST_FLUSH);
		return 0;
	}

	idxgen_wr(idev, IDXGEN_REG_RANGE_BASE_LO, lower_32_bits(base));
	idxgen_wr(idev, IDXGEN_REG_RANGE_BASE_HI, upper_32_bits(base));
	idxgen_wr(idev, IDXGEN_REG_RANGE_SIZE_LO, lower_32_bits(size));
	idxgen_wr(idev, IDXGEN_REG_RANGE_SIZE_HI, upper_32_bits(size));
	idxgen_wr(idev, IDXGEN_REG_RANGE_CMD, cmd);
	st = idxgen_rd(idev, IDXGEN_REG_RANGE_STATUS);
	if (st) {
		drm_err(&idev->drm, "range command %u [%#llx, +%#llx) %s\n", cmd, base, size,
			st == IDXGEN_DEAD_READ ? "lost: device not responding" : "rejected");
		return -EIO;
	}
	return 0;
}

/*
 * Zero or invalidate a range of index memory, synchronously.  Caller holds
 * mm_lock and drm_dev_enter().  Without range commands, fall back to a
 * whole-history flush (and a CPU memset for zeroing).
 *
 * The command is five register writes: reset_sem (read) keeps a device
 * reset, which clears RANGE_BASE/SIZE, from landing between them.  While
 * an outside reset has the device parked nothing is sent: -EAGAIN for a
 * ZERO (the caller fails, nothing was handed out), nothing for an
 * INVALIDATE (the reset drops the whole history anyway).
 */
int idxgen_range_cmd(struct idxgen_device *idev, u64 base, u64 size, u32 cmd)
{
	int ret;

	lockdep_assert_held(&idev->mm_lock);

	down_read(&idev->reset_sem);
	if (idev->dead)
		ret = -EIO;
	else if (idev->parked)
		ret = cmd == IDXGEN_RANGE_CMD_ZERO ? -EAGAIN : 0;
	else
		ret = idxgen_range_cmd_locked(idev, base, size, cmd);
	up_read(&idev->reset_sem);
	return ret;
}
