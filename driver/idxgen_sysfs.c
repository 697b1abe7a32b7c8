// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: sysfs attributes of the PCI device:
 *   fw_version (major.minor.patch), jobs, hits, misses (totals since
 *   probe, across device resets), busy_time_us (generator busy time).
 */
#include <linux/device.h>
#include <linux/sysfs.h>

#include <drm/drm_drv.h>

#include "idxgen_drv.h"

static struct idxgen_device *dev_to_idev(struct device *dev)
{
	return pci_get_drvdata(to_pci_dev(dev));
}

static ssize_t fw_version_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct idxgen_device *idev = dev_to_idev(dev);
	u32 v = idev->fw_version;

	return sysfs_emit(buf, "%u.%u.%u\n", v >> 16, (v >> 8) & 0xff, v & 0xff);
}
static DEVICE_ATTR_RO(fw_version);

static ssize_t idxgen_stat_show(struct device *dev, char *buf, enum idxgen_stat_id i)
{
	struct idxgen_device *idev = dev_to_idev(dev);
	u64 v;
	int idx;

	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	v = idxgen_stat(idev, i);
	drm_dev_exit(idx);
	return sysfs_emit(buf, "%llu\n", v);
}

static ssize_t jobs_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return idxgen_stat_show(dev, buf, IDXGEN_STAT_JOBS);
}
static DEVICE_ATTR_RO(jobs);

static ssize_t hits_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return idxgen_stat_show(dev, buf, IDXGEN_STAT_HITS);
}
static DEVICE_ATTR_RO(hits);

static ssize_t misses_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return idxgen_stat_show(dev, buf, IDXGEN_STAT_MISSES);
}
static DEVICE_ATTR_RO(misses);

static ssize_t busy_time_us_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct idxgen_device *idev = dev_to_idev(dev);
	u64 cycles;
	int idx;

	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	cycles = idxgen_stat(idev, IDXGEN_STAT_BUSY_CYCLES);
	drm_dev_exit(idx);
	/* cycles / (kHz * 1000) s = cycles * 1000 / kHz us */
	return sysfs_emit(buf, "%llu\n",
			  idev->clock_khz ? div_u64(cycles * 1000, idev->clock_khz) : 0);
}
static DEVICE_ATTR_RO(busy_time_us);

static struct attribute *idxgen_attrs[] = {
	&dev_attr_fw_version.attr,
	&dev_attr_jobs.attr,
	&dev_attr_hits.attr,
	&dev_attr_misses.attr,
	&dev_attr_busy_time_us.attr,
	NULL
};

static const struct attribute_group idxgen_attr_group = {
	.attrs = idxgen_attrs,
};

const struct attribute_group *idxgen_dev_groups[] = {
	&idxgen_attr_group,
	NULL
};
