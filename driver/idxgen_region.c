// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: index-memory regions.  A region is a GEM object over a range of
 * BAR2.  The first part of index memory is the one shared region; the rest
 * is a drm_mm pool of dedicated regions, zeroed (and so dropped from the
 * device's history) when allocated and invalidated when freed.  Userspace
 * may only map regions read-only: index memory is written by the device.
 */
#include <linux/mm.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"

struct idxgen_region {
	struct drm_gem_object base;
	struct drm_mm_node node;	/* dedicated regions only */
	u64 start;			/* byte offset in index memory */
	bool shared;
};

#define to_idxgen_region(o) container_of(o, struct idxgen_region, base)

static const struct drm_gem_object_funcs idxgen_region_funcs;

bool idxgen_is_region(struct drm_gem_object *obj)
{
	return obj->funcs == &idxgen_region_funcs;
}

bool idxgen_region_is_shared(struct drm_gem_object *obj)
{
	return to_idxgen_region(obj)->shared;
}

u64 idxgen_region_start(struct drm_gem_object *obj)
{
	return to_idxgen_region(obj)->start;
}

u64 idxgen_region_free_bytes(struct idxgen_device *idev)
{
	u64 used;

	mutex_lock(&idev->mm_lock);
	used = idev->mm_used;
	mutex_unlock(&idev->mm_lock);
	return idev->imem_size - idev->shared_size - used;
}

static void idxgen_region_free(struct drm_gem_object *obj)
{
	struct idxgen_device *idev = to_idxgen_device(obj->dev);
	struct idxgen_region *r = to_idxgen_region(obj);
	int idx;

	if (drm_mm_node_allocated(&r->node)) {
		mutex_lock(&idev->mm_lock);
		/* no stale history may point into a free range */
		if (drm_dev_enter(&idev->drm, &idx)) {
			idxgen_range_cmd(idev, r->start, obj->size, IDXGEN_RANGE_CMD_INVALIDATE);
			drm_dev_exit(idx);
		}
		drm_mm_remove_node(&r->node);
		idev->mm_used -= obj->size;
		mutex_unlock(&idev->mm_lock);
	}
	if (!r->shared)
		atomic_dec(&idev->cnt.regions);
	drm_gem_object_release(obj);
	kfree(r);
}

static vm_fault_t idxgen_region_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct drm_gem_object *obj = vma->vm_private_data;
	struct idxgen_device *idev = to_idxgen_device(obj->dev);
	struct idxgen_region *r = to_idxgen_region(obj);
	unsigned long pgoff;
	vm_fault_t ret;
	int idx;

	pgoff = vma->vm_pgoff - drm_vma_node_start(&obj->vma_node) +
		((vmf->address - vma->vm_start) >> PAGE_SHIFT);
	if (pgoff >= obj->size >> PAGE_SHIFT)
		return VM_FAULT_SIGBUS;

	/*
	 * A device that is gone has no index memory to show: its mappings
	 * (zapped by drm_dev_unplug()) read zeroes from the zero page from
	 * then on, never the BAR (which may belong to another device by now),
	 * and never SIGBUS (Documentation/gpu/drm-uapi.rst).  The mapping is
	 * read-only, so the zero page is never written.
	 */
	if (!drm_dev_enter(obj->dev, &idx))
		return vmf_insert_pfn(vma, vmf->address, my_zero_pfn(vmf->address));
	ret = vmf_insert_pfn(vma, vmf->address,
			     ((idev->imem_bus + r->start) >> PAGE_SHIFT) + pgoff);
	drm_dev_exit(idx);
	return ret;
}

static const struct vm_operations_struct idxgen_region_vm_ops = {
	.fault = idxgen_region_fault,
	.open = drm_gem_vm_open,
	.close = drm_gem_vm_close,
};

static int idxgen_region_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	if (vma->vm_flags & VM_WRITE)
		return -EACCES;

	vm_flags_mod(vma, VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP, VM_MAYWRITE);
	vma->vm_page_prot = pgprot_writecombine(vm_get_page_prot(vma->vm_flags));
	return 0;
}

static void idxgen_region_print_info(struct drm_printer *p, unsigned int indent,
				     const struct drm_gem_object *obj)
{
	const struct idxgen_region *r = container_of(obj, struct idxgen_region, base);

	drm_printf_indent(p, indent, "imem=[%#llx, %#llx) %s\n", r->start, r->start + obj->size,
			  r->shared ? "shared" : "dedicated");
}

static const struct drm_gem_object_funcs idxgen_region_funcs = {
	.free = idxgen_region_free,
	.print_info = idxgen_region_print_info,
	.mmap = idxgen_region_mmap,
	.vm_ops = &idxgen_region_vm_ops,
};

static struct idxgen_region *idxgen_region_alloc(struct idxgen_device *idev, u64 size)
{
	struct idxgen_region *r;

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return NULL;
	r->base.funcs = &idxgen_region_funcs;
	drm_gem_private_object_init(&idev->drm, &r->base, size);
	return r;
}

int idxgen_region_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_region_create *args = data;
	u64 pool = idev->imem_size - idev->shared_size;
	struct idxgen_region *r;
	u64 size;
	int ret, idx;

	if (args->flags || !args->size || args->size > pool)
		return -EINVAL;
	size = PAGE_ALIGN(args->size);

	r = idxgen_region_alloc(idev, size);
	if (!r)
		return -ENOMEM;
	atomic_inc(&idev->cnt.regions);

	if (!drm_dev_enter(dev, &idx)) {
		ret = -ENODEV;
		goto out_put;
	}
	mutex_lock(&idev->mm_lock);
	ret = drm_mm_insert_node_generic(&idev->mm, &r->node, size, PAGE_SIZE, 0,
					 DRM_MM_INSERT_BEST);
	if (!ret) {
		r->start = r->node.start;
		idev->mm_used += size;
		/* the new owner sees zeroes and no history, never the last owner's */
		ret = idxgen_range_cmd(idev, r->start, size, IDXGEN_RANGE_CMD_ZERO);
	}
	mutex_unlock(&idev->mm_lock);
	drm_dev_exit(idx);
	if (ret)
		goto out_put;

	ret = drm_gem_create_mmap_offset(&r->base);
	if (ret)
		goto out_put;
	ret = drm_gem_handle_create(file, &r->base, &args->handle);
	if (ret)
		goto out_put;

	drm_dbg_driver(dev, "region %u: [%#llx, +%#llx)\n", args->handle, r->start, size);
out_put:
	drm_gem_object_put(&r->base);
	return ret;
}

int idxgen_region_shared_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_region_shared *args = data;
	int ret;

	if (args->flags)
		return -EINVAL;
	ret = drm_gem_handle_create(file, idev->shared, &args->handle);
	if (ret)
		return ret;
	args->size = idev->shared->size;
	return 0;
}

int idxgen_region_info_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct drm_idxgen_region_info *args = data;
	struct drm_gem_object *obj;

	if (args->flags || args->pad)
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	if (!idxgen_is_region(obj)) {
		drm_gem_object_put(obj);
		return -ENOENT;
	}
	args->size = obj->size;
	args->mmap_offset = drm_vma_node_offset_addr(&obj->vma_node);
	args->kind = idxgen_region_is_shared(obj) ? DRM_IDXGEN_REGION_KIND_SHARED :
						    DRM_IDXGEN_REGION_DEDICATED;
	args->pad = 0;
	drm_gem_object_put(obj);
	return 0;
}

static void idxgen_mm_fini(struct drm_device *dev, void *data)
{
	struct idxgen_device *idev = to_idxgen_device(dev);

	drm_mm_takedown(&idev->mm);
}

static void idxgen_shared_fini(struct drm_device *dev, void *data)
{
	struct idxgen_device *idev = to_idxgen_device(dev);

	drm_gem_object_put(idev->shared);
}

/*
 * Carve index memory: the shared region first (1/8 of it, at least the
 * largest possible job output or half the memory if that is smaller), the
 * rest for dedicated regions.
 */
int idxgen_region_init(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	u64 max_out = (u64)IDXGEN_HW_MAX_THREADS * 4;
	struct idxgen_region *r;
	int ret;

	idev->shared_size = max(idev->imem_size / 8, min(max_out, idev->imem_size / 2));
	idev->shared_size = round_down(idev->shared_size, PAGE_SIZE);

	ret = drmm_mutex_init(drm, &idev->mm_lock);
	if (ret)
		return ret;
	drm_mm_init(&idev->mm, idev->shared_size, idev->imem_size - idev->shared_size);
	ret = drmm_add_action_or_reset(drm, idxgen_mm_fini, NULL);
	if (ret)
		return ret;

	r = idxgen_region_alloc(idev, idev->shared_size);
	if (!r)
		return -ENOMEM;
	r->shared = true;
	r->start = 0;
	idev->shared = &r->base;
	ret = drmm_add_action_or_reset(drm, idxgen_shared_fini, NULL);
	if (ret)
		return ret;
	ret = drm_gem_create_mmap_offset(&r->base);
	if (ret)
		return ret;

	/* a fresh start: nothing left over from a previous driver instance */
	mutex_lock(&idev->mm_lock);
	ret = idxgen_range_cmd(idev, 0, idev->imem_size, IDXGEN_RANGE_CMD_ZERO);
	mutex_unlock(&idev->mm_lock);
	return ret;
}
