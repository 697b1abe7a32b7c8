// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: PCI probe/remove, the DRM accel driver, its ioctl table and
 * GET_PARAM, PCI reset and error handlers.
 */
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/pci.h>

#include <drm/drm_accel.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"

static int idxgen_get_param_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_get_param *args = data;

	if (args->pad)
		return -EINVAL;

	switch (args->param) {
	case DRM_IDXGEN_PARAM_DEVICE_ID:
		args->value = (u32)idev->pdev->vendor << 16 | idev->pdev->device;
		break;
	case DRM_IDXGEN_PARAM_REVISION:
		args->value = idev->pdev->revision;
		break;
	case DRM_IDXGEN_PARAM_HW_VERSION:
		args->value = idev->hw_version;
		break;
	case DRM_IDXGEN_PARAM_FW_VERSION:
		args->value = idev->fw_version;
		break;
	case DRM_IDXGEN_PARAM_LANES:
		args->value = idev->lanes;
		break;
	case DRM_IDXGEN_PARAM_MAX_THREADS:
		args->value = idev->max_threads;
		break;
	case DRM_IDXGEN_PARAM_MAX_DIM_X:
	case DRM_IDXGEN_PARAM_MAX_DIM_Y:
	case DRM_IDXGEN_PARAM_MAX_DIM_Z:
		args->value = idev->max_dim[args->param - DRM_IDXGEN_PARAM_MAX_DIM_X];
		break;
	case DRM_IDXGEN_PARAM_HIST_ENTRIES:
		args->value = idev->hist_entries;
		break;
	case DRM_IDXGEN_PARAM_NUM_QUEUES:
		args->value = idev->num_queues;
		break;
	case DRM_IDXGEN_PARAM_FEATURES:
		args->value = idev->features;
		break;
	case DRM_IDXGEN_PARAM_CLOCK_KHZ:
		args->value = idev->clock_khz;
		break;
	case DRM_IDXGEN_PARAM_IMEM_SIZE:
		args->value = idev->imem_size;
		break;
	case DRM_IDXGEN_PARAM_SHARED_SIZE:
		args->value = idev->shared_size;
		break;
	case DRM_IDXGEN_PARAM_DEDICATED_FREE:
		args->value = idxgen_region_free_bytes(idev);
		break;
	case DRM_IDXGEN_PARAM_RING_SIZE:
		args->value = idev->queues[0].size;
		break;
	case DRM_IDXGEN_PARAM_MAX_BATCH:
		args->value = min_t(u32, DRM_IDXGEN_MAX_BATCH, idev->queues[0].size - 1);
		break;
	case DRM_IDXGEN_PARAM_UAPI_FEATURES:
		args->value = DRM_IDXGEN_UAPI_WAIT | DRM_IDXGEN_UAPI_CTX_QUERY |
			      DRM_IDXGEN_UAPI_DEP_CANCEL | DRM_IDXGEN_UAPI_SYNC_ARRAYS |
			      DRM_IDXGEN_UAPI_RESET_SEQ |
			      (idev->num_uqueues ? DRM_IDXGEN_UAPI_USER_QUEUES : 0) |
			      (idev->num_uqueues && (idev->features & IDXGEN_FEAT_UQ_SHADOW) ?
			       DRM_IDXGEN_UAPI_UQ_SHADOW : 0) |
			      (idev->num_uqueues ? DRM_IDXGEN_UAPI_UQ_DROP_REST : 0);
		break;
	case DRM_IDXGEN_PARAM_NUM_UQUEUES:
		args->value = idev->num_uqueues;
		break;
	case DRM_IDXGEN_PARAM_UQ_MAX_RING:
		args->value = idev->num_uqueues ?
			      min_t(u32, idev->max_ring, IDXGEN_HW_MAX_RING) : 0;
		break;
	case DRM_IDXGEN_PARAM_JOB_TIMEOUT_MS:
		args->value = idxgen_job_timeout_ms;
		break;
	case DRM_IDXGEN_PARAM_DEVICE_STATE:
		args->value = READ_ONCE(idev->dead) ? DRM_IDXGEN_DEVICE_DEAD :
						      DRM_IDXGEN_DEVICE_RUNNING;
		break;
	case DRM_IDXGEN_PARAM_RESULT_WINDOW:
		args->value = DRM_IDXGEN_RESULT_WINDOW;
		break;
	case DRM_IDXGEN_PARAM_RESET_SEQ:
		args->value = (u32)atomic_read(&idev->reset_seq);
		break;
	case DRM_IDXGEN_PARAM_SCHED_COUNT ...
	     DRM_IDXGEN_PARAM_SCHED_ENTRY(DRM_IDXGEN_SCHED_MAX_ENTRIES - 1):
		return idxgen_schedtab_get_param(idev, args->param, &args->value);
	case DRM_IDXGEN_PARAM_ARB_LOCKS ... DRM_IDXGEN_PARAM_ARB_HOLD_LIMIT:
		return idxgen_arb_get_param(idev, args->param, &args->value);
	default:
		return -EINVAL;
	}
	return 0;
}

static const struct drm_ioctl_desc idxgen_ioctls[] = {
	DRM_IOCTL_DEF_DRV(IDXGEN_GET_PARAM, idxgen_get_param_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_CTX_CREATE, idxgen_ctx_create_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_CTX_DESTROY, idxgen_ctx_destroy_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_REGION_CREATE, idxgen_region_create_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_REGION_SHARED, idxgen_region_shared_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_REGION_INFO, idxgen_region_info_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_SUBMIT, idxgen_submit_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_JOB_RESULT, idxgen_job_result_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_WAIT, idxgen_wait_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_CTX_QUERY, idxgen_ctx_query_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_LOCK, idxgen_arb_lock_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_UNLOCK, idxgen_arb_unlock_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_LOCK_LOST, idxgen_arb_lock_lost_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_ARB_STATE, idxgen_arb_state_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_ARB_CONFIG, idxgen_arb_config_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_UQ_CREATE, idxgen_uq_create_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_UQ_DESTROY, idxgen_uq_destroy_ioctl, 0),
	DRM_IOCTL_DEF_DRV(IDXGEN_UQ_WAIT, idxgen_uq_wait_ioctl, 0),
};

static const struct file_operations idxgen_fops = {
	.owner = THIS_MODULE,
	DRM_ACCEL_FOPS,
	.show_fdinfo = drm_show_fdinfo,
};

static const struct drm_driver idxgen_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_COMPUTE_ACCEL | DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE,
	.open = idxgen_file_open,
	.postclose = idxgen_file_close,
	.show_fdinfo = idxgen_show_fdinfo,
	.ioctls = idxgen_ioctls,
	.num_ioctls = ARRAY_SIZE(idxgen_ioctls),
	.fops = &idxgen_fops,
	.name = DRIVER_NAME,
	.desc = DRIVER_DESC,
	.major = DRM_IDXGEN_VERSION_MAJOR,
	.minor = DRM_IDXGEN_VERSION_MINOR,
};

static int idxgen_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct idxgen_device *idev;
	int ret;

	idev = devm_drm_dev_alloc(&pdev->dev, &idxgen_drm_driver, struct idxgen_device, drm);
	if (IS_ERR(idev))
		return PTR_ERR(idev);
	idev->pdev = pdev;
	pci_set_drvdata(pdev, idev);

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	pci_set_master(pdev);

	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;

	if (pci_resource_len(pdev, IDXGEN_BAR_REGS) < IDXGEN_BAR_REGS_SIZE ||
	    !(pci_resource_flags(pdev, IDXGEN_BAR_IMEM) & IORESOURCE_MEM)) {
		drm_err(&idev->drm, "unexpected BAR layout\n");
		return -ENODEV;
	}
	idev->regs = pcim_iomap_region(pdev, IDXGEN_BAR_REGS, DRIVER_NAME);
	if (IS_ERR(idev->regs))
		return PTR_ERR(idev->regs);
	ret = pcim_request_region(pdev, IDXGEN_BAR_IMEM, DRIVER_NAME);
	if (ret)
		return ret;
	idev->imem_bus = pci_resource_start(pdev, IDXGEN_BAR_IMEM);

	idxgen_arb_init(idev);
	ret = idxgen_hw_init(idev);
	if (ret)
		return ret;
	ret = idxgen_queues_init(idev);
	if (ret)
		return ret;
	ret = idxgen_irq_init(idev);
	if (ret)
		return ret;
	/*
	 * drmm actions run newest first: the schedulers (which wait for the
	 * last job, and jobs hold regions) are torn down before the region
	 * allocator.
	 */
	ret = idxgen_region_init(idev);
	if (ret)
		return ret;
	ret = idxgen_sched_init(idev);
	if (ret)
		return ret;
	ret = idxgen_hw_start(idev);
	if (ret)
		goto err_stop;

	pci_save_state(pdev);	/* restored by AER slot_reset */
	idxgen_debugfs_init(idev);
	ret = drm_dev_register(&idev->drm, 0);
	if (ret)
		goto err_stop;
	return 0;

err_stop:
	idxgen_hw_stop(idev);
	idxgen_irq_sync(idev);
	return ret;
}

static void idxgen_remove(struct pci_dev *pdev)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	/*
	 * drm_dev_unplug() waits for every drm_dev_enter() section (ioctls,
	 * idxgen_region_fault()) and then zaps all CPU mappings of the device
	 * (unmap_mapping_range() on drm->anon_inode): no PTE keeps pointing
	 * at BAR2, which may be given to another device, and later accesses
	 * fault into idxgen_region_fault(), which maps the zero page.
	 */
	drm_dev_unplug(&idev->drm);
	idxgen_uq_unplug(idev);
	idxgen_dev_fini(idev);
}

static void idxgen_shutdown(struct pci_dev *pdev)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	idxgen_hw_stop(idev);
}

/* Function-level reset from outside (sysfs "reset", FLR by the core). */
static void idxgen_reset_prepare(struct pci_dev *pdev)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	idxgen_dev_quiesce(idev);
}

static void idxgen_reset_done(struct pci_dev *pdev)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	idxgen_dev_resume(idev);
}

/*
 * AER: error_detected parks the device (submission stopped, what was in
 * flight taken off the rings) without holding any lock across the
 * callbacks, so a remove() in between cannot deadlock; slot_reset brings
 * it back and replays; resume accepts work again.
 */
static pci_ers_result_t idxgen_error_detected(struct pci_dev *pdev, pci_channel_state_t state)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	drm_err(&idev->drm, "PCI channel error (state %d)\n", state);
	idxgen_dev_quiesce(idev);
	if (state == pci_channel_io_perm_failure)
		return PCI_ERS_RESULT_DISCONNECT;
	return PCI_ERS_RESULT_NEED_RESET;
}

static pci_ers_result_t idxgen_slot_reset(struct pci_dev *pdev)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	pci_restore_state(pdev);
	pci_save_state(pdev);
	if (idxgen_dev_reinit(idev))
		return PCI_ERS_RESULT_DISCONNECT;
	return PCI_ERS_RESULT_RECOVERED;
}

static void idxgen_err_resume(struct pci_dev *pdev)
{
	struct idxgen_device *idev = pci_get_drvdata(pdev);

	idxgen_dev_unpark(idev);
	drm_info(&idev->drm, "recovered from a PCI channel error\n");
}

static const struct pci_error_handlers idxgen_err_handlers = {
	.error_detected = idxgen_error_detected,
	.slot_reset = idxgen_slot_reset,
	.resume = idxgen_err_resume,
	.reset_prepare = idxgen_reset_prepare,
	.reset_done = idxgen_reset_done,
};

/*
 * System sleep: park the device (submission stopped, what was in flight
 * taken off the rings) and stop it; on resume, reset it, reload the
 * firmware and replay.  The history does not survive a suspend.  A resume
 * whose reset fails leaves the device dead (see the recovery model).
 */
static int idxgen_pm_suspend(struct device *dev)
{
	struct idxgen_device *idev = pci_get_drvdata(to_pci_dev(dev));

	idxgen_dev_quiesce(idev);
	idxgen_hw_stop(idev);
	drm_info(&idev->drm, "suspended\n");
	return 0;
}

static int idxgen_pm_resume(struct device *dev)
{
	struct idxgen_device *idev = pci_get_drvdata(to_pci_dev(dev));
	int ret = idxgen_dev_reinit(idev);

	idxgen_dev_unpark(idev);
	drm_info(&idev->drm, "resumed%s\n", ret ? " (device dead)" : "");
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(idxgen_pm_ops, idxgen_pm_suspend, idxgen_pm_resume);

static const struct pci_device_id idxgen_pci_ids[] = {
	{ PCI_DEVICE(IDXGEN_PCI_VENDOR_ID, IDXGEN_PCI_DEVICE_ID) },
	{ }
};
MODULE_DEVICE_TABLE(pci, idxgen_pci_ids);

static struct pci_driver idxgen_pci_driver = {
	.name = KBUILD_MODNAME,
	.id_table = idxgen_pci_ids,
	.probe = idxgen_probe,
	.remove = idxgen_remove,
	.shutdown = idxgen_shutdown,
	.err_handler = &idxgen_err_handlers,
	.driver.pm = pm_sleep_ptr(&idxgen_pm_ops),
	.dev_groups = idxgen_dev_groups,
};
module_pci_driver(idxgen_pci_driver);

MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("GPL");
MODULE_FIRMWARE(IDXGEN_FW_FILE);
