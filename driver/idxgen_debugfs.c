// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: debugfs, under /sys/kernel/debug/accel/<pci device>/:
 *   queues        ring state of every config queue
 *   history       device statistics and history-cache size
 *   regions       index-memory map (shared region, dedicated pool)
 *   objects       live driver objects (go back to zero when idle)
 *   inject_fault  write IDXGEN_FAULT_* bits to arm one-shot device faults
 *   reset         write 1 to reset the device (as a timeout would)
 */
#include <linux/debugfs.h>
#include <linux/dma-resv.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"

static struct idxgen_device *seq_to_idev(struct seq_file *m)
{
	struct drm_debugfs_entry *entry = m->private;

	return to_idxgen_device(entry->dev);
}

static int idxgen_queues_show(struct seq_file *m, void *data)
{
	struct idxgen_device *idev = seq_to_idev(m);
	unsigned int i;
	int idx;

	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	seq_printf(m, "status %#x resets %u parked %d dead %d\n",
		   idxgen_rd(idev, IDXGEN_REG_STATUS), idev->resets, idev->parked, idev->dead);
	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];
		struct idxgen_job *job;
		unsigned int jobs = 0;

		spin_lock_irq(&q->lock);
		list_for_each_entry(job, &q->inflight, node)
			jobs++;
		seq_printf(m, "q%u: size %u head %u tail %u hw_head %u hw_tail %u status %#x completed %u inflight_jobs %u submitted %llu consumed %llu bad_cpl %llu credits %d\n",
			   i, q->size, q->head, q->tail, idxgen_qrd(q, IDXGEN_Q_HEAD),
			   idxgen_qrd(q, IDXGEN_Q_TAIL), idxgen_qrd(q, IDXGEN_Q_STATUS),
			   idxgen_qrd(q, IDXGEN_Q_COMPLETED), jobs, q->submitted, q->completed,
			   q->bad_cpl, atomic_read(&q->sched.credit_count));
		spin_unlock_irq(&q->lock);
	}
	drm_dev_exit(idx);
	return 0;
}

static int idxgen_history_show(struct seq_file *m, void *data)
{
	struct idxgen_device *idev = seq_to_idev(m);
	unsigned int i;
	int idx;

	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	seq_printf(m, "hist_entries %u\n", idev->hist_entries);
	for (i = 0; i < IDXGEN_NUM_STATS; i++)
		seq_printf(m, "%s %llu\n", idxgen_stats[i].name, idxgen_stat(idev, i));
	drm_dev_exit(idx);
	return 0;
}

static int idxgen_regions_show(struct seq_file *m, void *data)
{
	struct idxgen_device *idev = seq_to_idev(m);
	struct drm_printer p = drm_seq_file_printer(m);

	seq_printf(m, "imem %#llx shared [0x0, %#llx) dedicated [%#llx, %#llx) used %#llx\n",
		   idev->imem_size, idev->shared_size, idev->shared_size, idev->imem_size,
		   idev->mm_used);
	/* an unsignaled job fence on the shared region's reservation object */
	seq_printf(m, "shared_busy %d\n",
		   !dma_resv_test_signaled(idev->shared->resv, DMA_RESV_USAGE_WRITE));
	mutex_lock(&idev->mm_lock);
	drm_mm_print(&idev->mm, &p);
	mutex_unlock(&idev->mm_lock);
	return 0;
}

static int idxgen_objects_show(struct seq_file *m, void *data)
{
	struct idxgen_device *idev = seq_to_idev(m);

	seq_printf(m, "regions %d\ncontexts %d\njobs %d\nfiles %d\nuser_queues %d\n",
		   atomic_read(&idev->cnt.regions), atomic_read(&idev->cnt.ctxs),
		   atomic_read(&idev->cnt.jobs), atomic_read(&idev->cnt.files),
		   atomic_read(&idev->cnt.uqs));
	return 0;
}

static const struct drm_debugfs_info idxgen_debugfs_list[] = {
	{ "queues", idxgen_queues_show, 0 },
	{ "history", idxgen_history_show, 0 },
	{ "regions", idxgen_regions_show, 0 },
	{ "objects", idxgen_objects_show, 0 },
};

static ssize_t idxgen_inject_fault_write(struct file *f, const char __user *buf,
					 size_t len, loff_t *pos)
{
	struct idxgen_device *idev = file_inode(f)->i_private;
	u32 val;
	int ret, idx;

	ret = kstrtou32_from_user(buf, len, 0, &val);
	if (ret)
		return ret;
	if (val & ~IDXGEN_FAULT_MASK)
		return -EINVAL;
	if (!(idev->features & IDXGEN_FEAT_DEBUG))
		return -EOPNOTSUPP;
	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	idxgen_wr(idev, IDXGEN_REG_DBG_FAULT, val);
	drm_dev_exit(idx);
	drm_dbg_driver(&idev->drm, "armed faults %#x\n", val);
	return len;
}

static const struct file_operations idxgen_inject_fault_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = idxgen_inject_fault_write,
	.llseek = noop_llseek,
};

static ssize_t idxgen_reset_write(struct file *f, const char __user *buf, size_t len,
				  loff_t *pos)
{
	struct idxgen_device *idev = file_inode(f)->i_private;
	bool val;
	int ret;

	ret = kstrtobool_from_user(buf, len, &val);
	if (ret)
		return ret;
	if (val) {
		idxgen_trigger_recovery(idev);
		flush_workqueue(idev->tdr_wq);
	}
	return len;
}

static const struct file_operations idxgen_reset_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = idxgen_reset_write,
	.llseek = noop_llseek,
};

void idxgen_debugfs_init(struct idxgen_device *idev)
{
	struct dentry *root = idev->drm.debugfs_root;

	drm_debugfs_add_files(&idev->drm, idxgen_debugfs_list, ARRAY_SIZE(idxgen_debugfs_list));
	if (!root)
		return;
	debugfs_create_file("inject_fault", 0200, root, idev, &idxgen_inject_fault_fops);
	debugfs_create_file("reset", 0200, root, idev, &idxgen_reset_fops);
}
