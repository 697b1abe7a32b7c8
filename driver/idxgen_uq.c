// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: user queues (uapi v3, docs/hardware.md#user-queues).
 *
 * The driver sets a queue up once and gets out of the way: the process
 * maps the queue's memory (descriptor ring, completion ring, completion
 * value; DMA-coherent, one GEM object) and its doorbell page (BAR5, one
 * GEM object, uncached), and submits with stores.  The device checks
 * every job against the window table programmed here from the regions
 * named at creation, whose references the queue keeps until it is
 * destroyed, so a region cannot be freed and handed to another process
 * while the queue can still write it.  What a hang or a device reset does
 * to a queue's pending jobs: idxgen_uq_recovery.c.
 *
 * Teardown order: the queue is stopped in the device first (UQ_CTRL
 * cleared and read back: the device has aborted its running job and no
 * longer touches the memory), then the doorbell is zapped from every
 * mapping, then the references go; the memory itself is freed when the
 * last mapping of it goes.  A device reset stops every queue in the
 * device: the driver writes the records of their pending jobs, marks them
 * RESET, wakes their waiters, and the process destroys and recreates them.
 *
 * Locking: uq_lock (mutex) guards idev->uqs[] and the queue registers; it
 * nests inside reset_sem (read) like the other register sequences.
 */
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/vmalloc.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>

#include "idxgen_drv.h"
#include "idxgen_uq.h"

static void idxgen_uq_mem_free(struct drm_gem_object *obj)
{
	struct idxgen_uq_mem *m = to_uq_mem(obj);

	if (m->detached)
		vfree(m->vaddr);
	else
		dma_free_coherent(obj->dev->dev, obj->size, m->vaddr, m->dma);
	mutex_destroy(&m->lock);
	drm_gem_object_release(obj);
	kfree(m);
}

/*
 * Every page of the queue's memory is inserted here, at the first touch,
 * rather than by dma_mmap_coherent() at mmap: that is remap_pfn_range(),
 * whose error path (a page table it could not allocate) ends in
 * untrack_pfn() on a range it never filled, which 6.12 warns about, and
 * fault injection reaches it (the doorbell below likewise).  The buffer is
 * the linear map's or, behind an IOMMU, vmap()ed pages: either gives its
 * pfn.  After drm_dev_unplug() zapped every mapping of the device, the
 * queue's memory (alive while mapped) comes back the same way, so that
 * the process still reads its completions and the GONE word, never SIGBUS
 * (Documentation/gpu/drm-uapi.rst).
 */
static vm_fault_t idxgen_uq_mem_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct idxgen_uq_mem *m = to_uq_mem(vma->vm_private_data);
	unsigned long pgoff = vma->vm_pgoff - drm_vma_node_start(&m->base.vma_node);
	unsigned long off = (pgoff << PAGE_SHIFT) + (vmf->address - vma->vm_start);
	vm_fault_t ret;
	void *p;

	if (off >= m->base.size)
		return VM_FAULT_SIGBUS;
	/* idxgen_uq_mem_detach() zaps after the swap: no pte outlives the old buffer */
	mutex_lock(&m->lock);
	p = m->vaddr + off;
	ret = vmf_insert_pfn(vma, vmf->address,
			     is_vmalloc_addr(p) ? vmalloc_to_pfn(p) :
						  page_to_pfn(virt_to_page(p)));
	mutex_unlock(&m->lock);
	return ret;
}

static int idxgen_uq_mem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct idxgen_uq_mem *m = to_uq_mem(obj);

	/* shared only: a private (COW) mapping would not follow the queue's memory */
	if (vma->vm_end - vma->vm_start != obj->size || !(vma->vm_flags & VM_SHARED))
		return -EINVAL;
	mutex_lock(&m->lock);
	if (m->detached) {
		mutex_unlock(&m->lock);
		return -ENODEV;
	}
	mutex_unlock(&m->lock);
	vm_flags_set(vma, VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP);
	vma->vm_page_prot = vm_get_page_prot(vma->vm_flags);
	return 0;
}

static const struct vm_operations_struct idxgen_uq_vm_ops = {
	.fault = idxgen_uq_mem_fault,
	.open = drm_gem_vm_open,
	.close = drm_gem_vm_close,
};

static const struct drm_gem_object_funcs idxgen_uq_mem_funcs = {
	.free = idxgen_uq_mem_free,
	.mmap = idxgen_uq_mem_mmap,
	.vm_ops = &idxgen_uq_vm_ops,
};

static void idxgen_uq_db_free(struct drm_gem_object *obj)
{
	struct idxgen_uq_db *db = to_uq_db(obj);

	if (db->gone)
		__free_page(db->gone);
	mutex_destroy(&db->lock);
	drm_gem_object_release(obj);
	kfree(db);
}

/*
 * The doorbell page is inserted at the first store, not by remap_pfn_range()
 * at mmap: that one's error path (a page table it could not allocate) ends
 * in untrack_pfn() on a range it never filled, which 6.12 warns about, and
 * fault injection reaches it.  Once UQ_DESTROY zapped the page, the process
 * rang a queue it destroyed itself: SIGBUS.  Once drm_dev_unplug() zapped it,
 * a page of RAM takes the stores, and the GONE word in the queue's memory
 * tells the process (the BAR may belong to another device by now).  The BAR
 * page is inserted only inside drm_dev_enter(), so that drm_dev_unplug()'s
 * zap comes after it, and under db->lock, so that UQ_DESTROY's does.
 */
static vm_fault_t idxgen_uq_db_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct idxgen_uq_db *db = to_uq_db(vma->vm_private_data);
	vm_fault_t ret;
	int idx;

	if (!drm_dev_enter(db->base.dev, &idx))
		return vmf_insert_pfn(vma, vmf->address, page_to_pfn(db->gone));
	mutex_lock(&db->lock);
	if (db->destroyed)
		ret = VM_FAULT_SIGBUS;
	else
		ret = vmf_insert_pfn_prot(vma, vmf->address, PHYS_PFN(db->phys), vma->vm_page_prot);
	mutex_unlock(&db->lock);
	drm_dev_exit(idx);
	return ret;
}

static const struct vm_operations_struct idxgen_uq_db_vm_ops = {
	.fault = idxgen_uq_db_fault,
	.open = drm_gem_vm_open,
	.close = drm_gem_vm_close,
};

static int idxgen_uq_db_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	/*
	 * Shared only: a private (COW) mapping of the page would copy it on
	 * the first store instead of ringing the device.  Uncached: each
	 * store reaches the device at once, as a doorbell's must.
	 */
	if (vma->vm_end - vma->vm_start != PAGE_SIZE || (vma->vm_flags & VM_EXEC) ||
	    !(vma->vm_flags & VM_SHARED))
		return -EINVAL;
	vm_flags_set(vma, VM_IO | VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP);
	vma->vm_page_prot = pgprot_noncached(vm_get_page_prot(vma->vm_flags));
	return 0;
}

static const struct drm_gem_object_funcs idxgen_uq_db_funcs = {
	.free = idxgen_uq_db_free,
	.mmap = idxgen_uq_db_mmap,
	.vm_ops = &idxgen_uq_db_vm_ops,
};

static int idxgen_uq_objects(struct idxgen_uq *uq, struct drm_file *file)
{
	struct drm_device *drm = &uq->idev->drm;
	size_t size = PAGE_ALIGN(idxgen_uq_value_off(uq->entries) + DRM_IDXGEN_UQ_SHADOW_BLOCK +
				 IDXGEN_UQ_SHADOW_SIZE);
	int ret;

	uq->mem = kzalloc(sizeof(*uq->mem), GFP_KERNEL);
	if (!uq->mem)
		return -ENOMEM;
	mutex_init(&uq->mem->lock);
	uq->mem->vaddr = dma_alloc_coherent(drm->dev, size, &uq->mem->dma, GFP_KERNEL);
	if (!uq->mem->vaddr) {
		mutex_destroy(&uq->mem->lock);
		kfree(uq->mem);
		uq->mem = NULL;
		return -ENOMEM;
	}
	uq->mem->base.funcs = &idxgen_uq_mem_funcs;
	drm_gem_private_object_init(drm, &uq->mem->base, size);

	uq->db = kzalloc(sizeof(*uq->db), GFP_KERNEL);
	if (!uq->db)
		return -ENOMEM;
	mutex_init(&uq->db->lock);
	uq->db->gone = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!uq->db->gone) {
		mutex_destroy(&uq->db->lock);
		kfree(uq->db);
		uq->db = NULL;
		return -ENOMEM;
	}
	uq->db->phys = pci_resource_start(uq->idev->pdev, IDXGEN_BAR_DOORBELL) +
		       (phys_addr_t)uq->hw * IDXGEN_UQ_DB_STRIDE;
	uq->db->base.funcs = &idxgen_uq_db_funcs;
	drm_gem_private_object_init(drm, &uq->db->base, PAGE_SIZE);

	ret = drm_gem_create_mmap_offset(&uq->mem->base);
	if (!ret)
		ret = drm_gem_create_mmap_offset(&uq->db->base);
	if (!ret)
		ret = drm_vma_node_allow(&uq->mem->base.vma_node, file);
	if (!ret) {
		ret = drm_vma_node_allow(&uq->db->base.vma_node, file);
		if (ret)
			drm_vma_node_revoke(&uq->mem->base.vma_node, file);
	}
	return ret;
}

/* Program the window table from the regions; caller holds uq_lock. */
static void idxgen_uq_windows(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;
	u32 words = IDXGEN_UQW_F_VALID;
	u32 i;

	if (idev->features & IDXGEN_FEAT_WORD16)
		words |= IDXGEN_UQW_F_WORD16;
	if (idev->features & IDXGEN_FEAT_WORD32)
		words |= IDXGEN_UQW_F_WORD32;
	for (i = 0; i < IDXGEN_UQ_WINDOWS; i++) {
		struct drm_gem_object *r = i < uq->nregions ? uq->regions[i] : NULL;
		u32 base = r ? idxgen_region_start(r) : 0;
		u32 flags = r ? words : 0;

		if (r && idxgen_region_is_shared(r))
			flags |= IDXGEN_UQW_F_SHARED;
		idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_WIN(i) + IDXGEN_UQW_BASE), base);
		idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_WIN(i) + IDXGEN_UQW_SIZE),
			  r ? r->size : 0);
		idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_WIN(i) + IDXGEN_UQW_FLAGS), flags);
	}
}

static void idxgen_uq_wr64(struct idxgen_uq *uq, u32 reg, u64 val)
{
	idxgen_wr(uq->idev, IDXGEN_UQREG(uq->hw, reg), lower_32_bits(val));
	idxgen_wr(uq->idev, IDXGEN_UQREG(uq->hw, reg + 4), upper_32_bits(val));
}

/* Start the queue in the device; caller holds uq_lock and reset_sem (read). */
static int idxgen_uq_hw_start(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;
	dma_addr_t dma = uq->mem->dma;
	u32 st;

	idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_CTRL), 0);
	idxgen_uq_wr64(uq, IDXGEN_UQ_RING_BASE_LO, dma);
	idxgen_uq_wr64(uq, IDXGEN_UQ_CPL_BASE_LO, dma + idxgen_uq_cpl_off(uq->entries));
	idxgen_uq_wr64(uq, IDXGEN_UQ_FENCE_ADDR_LO, dma + idxgen_uq_value_off(uq->entries));
	idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_RING_SIZE), uq->entries);
	idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_REQUESTER),
		  le32_to_cpu(idxgen_arb_desc_requester(uq->ctx)));
	idxgen_uq_windows(uq);
	/* 0 clears a previous queue's block; a 1.1 device has no such register */
	if (idev->features & IDXGEN_FEAT_UQ_SHADOW)
		idxgen_uq_wr64(uq, IDXGEN_UQ_SHADOW_ADDR_LO, uq->shadow ?
			       dma + idxgen_uq_value_off(uq->entries) +
			       DRM_IDXGEN_UQ_SHADOW_BLOCK : 0);
	if (idev->uq_irqs)
		idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_IRQ_VECTOR),
			  IDXGEN_MSIX_UQ_VECTOR(idev->num_queues, uq->hw));
	idxgen_wr(idev, IDXGEN_REG_UQ_IRQ_STATUS, BIT(uq->hw));
	idxgen_wr(idev, IDXGEN_REG_UQ_IRQ_ENABLE,
		  idxgen_rd(idev, IDXGEN_REG_UQ_IRQ_ENABLE) | BIT(uq->hw));
	idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_CTRL), IDXGEN_QCTRL_ENABLE);
	st = idxgen_rd(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_STATUS));
	if (st == IDXGEN_DEAD_READ || !(st & IDXGEN_QSTATUS_ENABLED)) {
		drm_err(&idev->drm, "user queue %u refused its rings (status %#x)\n", uq->hw, st);
		return -EIO;
	}
	return 0;
}

/*
 * Stop the queue in the device: after the read-back the device has aborted
 * its running job and touches none of its memory.  Caller holds uq_lock.
 */
static void idxgen_uq_hw_stop(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;
	int idx;

	if (uq->stopped || !drm_dev_enter(&idev->drm, &idx))
		return;
	down_read(&idev->reset_sem);
	idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_CTRL), 0);
	idxgen_rd(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_STATUS));
	idxgen_wr(idev, IDXGEN_REG_UQ_IRQ_ENABLE,
		  idxgen_rd(idev, IDXGEN_REG_UQ_IRQ_ENABLE) & ~BIT(uq->hw));
	uq->nregions = 0;
	idxgen_uq_windows(uq);
	idxgen_wr(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_REQUESTER), 0);
	up_read(&idev->reset_sem);
	drm_dev_exit(idx);
	uq->stopped = true;
}

static void idxgen_uq_release(struct kref *ref)
{
	struct idxgen_uq *uq = container_of(ref, struct idxgen_uq, ref);
	u32 i;

	for (i = 0; i < DRM_IDXGEN_UQ_MAX_REGIONS; i++)
		if (uq->regions[i])
			drm_gem_object_put(uq->regions[i]);
	if (uq->ctx)
		idxgen_ctx_put(uq->ctx);
	if (uq->mem)
		drm_gem_object_put(&uq->mem->base);
	if (uq->db)
		drm_gem_object_put(&uq->db->base);
	atomic_dec(&uq->idev->cnt.uqs);
	kfree(uq);
}

static void idxgen_uq_put(struct idxgen_uq *uq)
{
	kref_put(&uq->ref, idxgen_uq_release);
}

/*
 * Free the hardware queue; caller holds uq_lock.  Under reset_sem too: the
 * recovery (idxgen_uq_recovery.c) walks uqs[] holding it for writing, and
 * the queue must outlive the walk.
 */
static void idxgen_uq_unbind(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;

	down_read(&idev->reset_sem);
	if (idev->uqs[uq->hw] == uq)
		idev->uqs[uq->hw] = NULL;
	up_read(&idev->reset_sem);
}

/* Stop, unmap the doorbell, free the hardware queue, drop the file's reference. */
static void idxgen_uq_destroy(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;

	mutex_lock(&idev->uq_lock);
	idxgen_uq_hw_stop(uq);
	idxgen_uq_unbind(uq);
	mutex_unlock(&idev->uq_lock);
	mutex_lock(&uq->db->lock);
	uq->db->destroyed = true;
	mutex_unlock(&uq->db->lock);
	drm_vma_node_unmap(&uq->db->base.vma_node, idev->drm.anon_inode->i_mapping);
	drm_vma_node_revoke(&uq->db->base.vma_node, uq->file);
	drm_vma_node_revoke(&uq->mem->base.vma_node, uq->file);
	wake_up_all(&idev->uq_wq);
	idxgen_uq_put(uq);
}

static int idxgen_uq_check_args(struct idxgen_device *idev, const struct drm_idxgen_uq_create *a)
{
	u32 i;

	if ((a->flags & ~DRM_IDXGEN_UQ_CREATE_SHADOW) || a->pad || a->uq_id || !a->nregions ||
	    a->nregions > DRM_IDXGEN_UQ_MAX_REGIONS || a->ring_entries < 2 ||
	    a->ring_entries > min_t(u32, idev->max_ring, IDXGEN_HW_MAX_RING) ||
	    !is_power_of_2(a->ring_entries))
		return -EINVAL;
	for (i = a->nregions; i < DRM_IDXGEN_UQ_MAX_REGIONS; i++)
		if (a->regions[i])
			return -EINVAL;
	if ((a->flags & DRM_IDXGEN_UQ_CREATE_SHADOW) && !(idev->features & IDXGEN_FEAT_UQ_SHADOW))
		return -EOPNOTSUPP;
	return 0;
}

static int idxgen_uq_get_regions(struct idxgen_uq *uq, struct drm_file *file,
				 const struct drm_idxgen_uq_create *a)
{
	u32 i;

	for (i = 0; i < a->nregions; i++) {
		struct drm_gem_object *obj = drm_gem_object_lookup(file, a->regions[i]);

		if (!obj)
			return -ENOENT;
		uq->regions[i] = obj;
		if (!idxgen_is_region(obj))
			return -ENOENT;
		if (idxgen_region_start(obj) + obj->size > U32_MAX)
			return -EINVAL;
	}
	uq->nregions = a->nregions;
	return 0;
}

/* A free hardware queue, bound to uq and started; caller holds uq_lock. */
static int idxgen_uq_bind(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;
	int idx, ret = -EBUSY;
	u32 i;

	for (i = 0; i < idev->num_uqueues; i++)
		if (!idev->uqs[i])
			break;
	if (i == idev->num_uqueues)
		return -EBUSY;
	uq->hw = i;
	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	down_read(&idev->reset_sem);
	if (idev->dead || idev->parked) {
		ret = idev->dead ? -EIO : -EAGAIN;
	} else {
		idev->uqs[i] = uq;
		ret = 0;
	}
	up_read(&idev->reset_sem);
	drm_dev_exit(idx);
	return ret;
}

static int idxgen_uq_start(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;
	int idx, ret;

	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	down_read(&idev->reset_sem);
	ret = idev->dead ? -EIO : idev->parked ? -EAGAIN : idxgen_uq_hw_start(uq);
	up_read(&idev->reset_sem);
	drm_dev_exit(idx);
	return ret;
}

int idxgen_uq_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_uq_create *args = data;
	struct idxgen_uq *uq;
	u32 id;
	int ret;

	if (!idev->num_uqueues)
		return -EOPNOTSUPP;
	ret = idxgen_uq_check_args(idev, args);
	if (ret)
		return ret;
	uq = kzalloc(sizeof(*uq), GFP_KERNEL);
	if (!uq)
		return -ENOMEM;
	kref_init(&uq->ref);
	uq->idev = idev;
	uq->file = file;
	uq->entries = args->ring_entries;
	uq->shadow = args->flags & DRM_IDXGEN_UQ_CREATE_SHADOW;
	uq->stopped = true;
	atomic_inc(&idev->cnt.uqs);
	uq->ctx = idxgen_ctx_lookup(ifile, args->ctx_id);
	if (!uq->ctx) {
		ret = -ENOENT;
		goto err_put;
	}
	ret = idxgen_uq_get_regions(uq, file, args);
	if (ret)
		goto err_put;

	mutex_lock(&idev->uq_lock);
	ret = idxgen_uq_bind(uq);
	if (!ret)
		ret = idxgen_uq_objects(uq, file);
	if (!ret) {
		uq->stopped = false;
		uq->reset_gen = atomic_read(&idev->uq_reset_gen);
		ret = idxgen_uq_start(uq);
	}
	if (ret) {
		idxgen_uq_hw_stop(uq);
		idxgen_uq_unbind(uq);
	}
	mutex_unlock(&idev->uq_lock);
	if (ret)
		goto err_revoke;

	/* everything but the id first: once published, another thread may destroy it */
	args->mem_offset = drm_vma_node_offset_addr(&uq->mem->base.vma_node);
	args->mem_size = uq->mem->base.size;
	args->cpl_offset = idxgen_uq_cpl_off(uq->entries);
	args->value_offset = idxgen_uq_value_off(uq->entries);
	args->doorbell_offset = drm_vma_node_offset_addr(&uq->db->base.vma_node);
	for (id = 0; id < DRM_IDXGEN_UQ_MAX_REGIONS; id++)
		args->region_base[id] = id < uq->nregions ?
					idxgen_region_start(uq->regions[id]) : 0;
	ret = xa_alloc(&ifile->uqs, &id, uq, xa_limit_32b, GFP_KERNEL);
	if (ret) {
		idxgen_uq_destroy(uq);
		return ret;
	}
	args->uq_id = id;
	return 0;

err_revoke:
	if (uq->mem)
		drm_vma_node_revoke(&uq->mem->base.vma_node, file);
	if (uq->db)
		drm_vma_node_revoke(&uq->db->base.vma_node, file);
err_put:
	idxgen_uq_put(uq);
	return ret;
}

int idxgen_uq_destroy_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_uq_destroy *args = data;
	struct idxgen_uq *uq;

	if (args->flags)
		return -EINVAL;
	uq = xa_erase(&ifile->uqs, args->uq_id);
	if (!uq)
		return -ENOENT;
	idxgen_uq_destroy(uq);
	return 0;
}

/* The device's completion count of a queue (64-bit, read high-low-high). */
u64 idxgen_uq_completed(struct idxgen_uq *uq)
{
	struct idxgen_device *idev = uq->idev;
	u32 reg = IDXGEN_UQREG(uq->hw, IDXGEN_UQ_FENCE_VALUE_LO);
	u32 hi, lo;

	do {
		hi = idxgen_rd(idev, reg + 4);
		lo = idxgen_rd(idev, reg);
	} while (hi != idxgen_rd(idev, reg + 4));
	return (u64)hi << 32 | lo;
}

/*
 * Where the queue stands: RUNNING, or why it will complete no more.  A
 * queue the driver finished after a reset (idxgen_uq_recovery.c) reports
 * the completion value the driver wrote.  Under reset_sem: a reset's new
 * generation and the records it wrote are seen together.
 */
static int idxgen_uq_poll(struct idxgen_uq *uq, struct drm_idxgen_uq_wait *args)
{
	struct idxgen_device *idev = uq->idev;
	bool entered;
	int idx, ret = 0;

	mutex_lock(&idev->uq_lock);
	entered = drm_dev_enter(&idev->drm, &idx);
	down_read(&idev->reset_sem);
	if (uq->state == DRM_IDXGEN_UQ_STATE_RUNNING &&
	    atomic_read(&idev->uq_reset_gen) != uq->reset_gen)
		uq->state = DRM_IDXGEN_UQ_STATE_RESET;
	if (idev->parked) {
		/* an outside reset under way: its end writes the records, then RESET */
	} else if (uq->state == DRM_IDXGEN_UQ_STATE_RUNNING && !uq->stopped && entered) {
		/*
		 * The status first: a queue it shows stopped completes nothing
		 * more, so the count read after it is the last.  The other way
		 * round, a job the device completed just before it stopped
		 * (the DMA_FAULT of a descriptor it could not fetch) falls
		 * between the reads, and the driver's FAULT record overwrites
		 * the device's own.
		 */
		u32 st = idxgen_rd(idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_STATUS));

		args->completed = idxgen_uq_completed(uq);
		if (st == IDXGEN_DEAD_READ) {
			uq->state = DRM_IDXGEN_UQ_STATE_RESET;
		} else if (!(st & IDXGEN_QSTATUS_ENABLED)) {
			/* stopped without an error of its own: a reset from outside (FLR) */
			uq->error = (st & IDXGEN_QSTATUS_ERR_MASK) >> IDXGEN_QSTATUS_ERR_SHIFT;
			uq->state = uq->error ? DRM_IDXGEN_UQ_STATE_FAULT :
						DRM_IDXGEN_UQ_STATE_RESET;
			if (uq->error)	/* the jobs it had taken get the driver's records */
				idxgen_uq_fault_done(uq, args->completed);
		}
	} else if (uq->state == DRM_IDXGEN_UQ_STATE_RUNNING) {
		uq->state = DRM_IDXGEN_UQ_STATE_RESET;
	}
	if (uq->finished && (args->flags & DRM_IDXGEN_UQ_WAIT_DROP_REST))
		ret = idxgen_uq_drop_rest(uq, args->value);
	if (uq->finished)
		args->completed = uq->final_value;
	up_read(&idev->reset_sem);
	if (entered)
		drm_dev_exit(idx);
	args->state = uq->state;
	args->error = uq->error;
	mutex_unlock(&idev->uq_lock);
	return ret;
}

int idxgen_uq_wait_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_uq_wait *args = data;
	ktime_t deadline = ktime_add_ns(ktime_get(), max_t(s64, args->timeout_ns, 0));
	struct idxgen_uq *uq;
	int ret = 0;

	if (args->flags & ~DRM_IDXGEN_UQ_WAIT_DROP_REST)
		return -EINVAL;
	xa_lock(&ifile->uqs);
	uq = xa_load(&ifile->uqs, args->uq_id);
	if (uq)
		kref_get(&uq->ref);
	xa_unlock(&ifile->uqs);
	if (!uq)
		return -ENOENT;

	for (;;) {
		unsigned int seen = atomic_read(&idev->uq_events);
		s64 left = ktime_to_ns(ktime_sub(deadline, ktime_get()));
		long wait;

		args->completed = 0;
		ret = idxgen_uq_poll(uq, args);
		if (ret)
			break;
		if (args->completed >= args->value)
			break;
		if (args->state != DRM_IDXGEN_UQ_STATE_RUNNING) {
			ret = args->state == DRM_IDXGEN_UQ_STATE_GONE ? -ENODEV : -EIO;
			break;
		}
		if (args->timeout_ns >= 0 && left <= 0) {
			ret = -ETIME;
			break;
		}
		/* the watchdog looks at user queues too: a hung job is reset */
		idxgen_watchdog_arm(idev);
		/* without its interrupt, the queue is polled every jiffy */
		wait = idev->uq_irqs ? MAX_SCHEDULE_TIMEOUT : 1;
		if (args->timeout_ns >= 0)
			wait = min_t(long, wait, max_t(long, nsecs_to_jiffies(left), 1));
		if (wait_event_interruptible_timeout(idev->uq_wq,
						     atomic_read(&idev->uq_events) != seen,
						     wait) < 0) {
			ret = -EINTR;
			break;
		}
	}
	idxgen_uq_put(uq);
	return ret;
}

/* A user queue's interrupt: a completion or a fault; waiters recheck. */
static irqreturn_t idxgen_uq_irq(int irq, void *arg)
{
	struct idxgen_device *idev = arg;
	u32 st = idxgen_rd(idev, IDXGEN_REG_UQ_IRQ_STATUS);

	if (!st || st == IDXGEN_DEAD_READ)
		return IRQ_NONE;
	idxgen_wr(idev, IDXGEN_REG_UQ_IRQ_STATUS, st);
	atomic_inc(&idev->uq_events);
	wake_up_all(&idev->uq_wq);
	return IRQ_HANDLED;
}

/*
 * The user-queue interrupts, when the MSI-X table has them (nvec vectors
 * allocated); without them waits poll.
 */
int idxgen_uq_irq_init(struct idxgen_device *idev, int nvec)
{
	u32 i;
	int ret;

	if (!idev->num_uqueues ||
	    nvec < IDXGEN_MSIX_VECTORS_UQ(idev->num_queues, idev->num_uqueues))
		return 0;
	for (i = 0; i < idev->num_uqueues; i++) {
		int irq = pci_irq_vector(idev->pdev, IDXGEN_MSIX_UQ_VECTOR(idev->num_queues, i));

		if (irq < 0)
			return irq;
		ret = devm_request_irq(&idev->pdev->dev, irq, idxgen_uq_irq, 0,
				       DRIVER_NAME "-uq", idev);
		if (ret)
			return ret;
		idev->uq_irq[i] = irq;
	}
	idev->uq_irqs = true;
	return 0;
}

void idxgen_uq_irq_sync(struct idxgen_device *idev)
{
	u32 i;

	for (i = 0; i < idev->num_uqueues && idev->uq_irqs; i++)
		synchronize_irq(idev->uq_irq[i]);
}

/*
 * The device's user-queue block, as untrusted as any value it reports:
 * user queues only where every register says what this driver expects.
 */
void idxgen_uq_probe(struct idxgen_device *idev)
{
	u32 n, windows, stride;

	mutex_init(&idev->uq_lock);
	init_waitqueue_head(&idev->uq_wq);
	idev->num_uqueues = 0;
	if (!(idev->features & IDXGEN_FEAT_USER_QUEUES))
		return;
	n = idxgen_rd(idev, IDXGEN_REG_UQ_COUNT);
	windows = idxgen_rd(idev, IDXGEN_REG_UQ_WINDOWS);
	stride = idxgen_rd(idev, IDXGEN_REG_UQ_DB_STRIDE);
	if (!n || n > IDXGEN_MAX_UQUEUES || windows != IDXGEN_UQ_WINDOWS ||
	    stride != IDXGEN_UQ_DB_STRIDE || stride != PAGE_SIZE ||
	    !(pci_resource_flags(idev->pdev, IDXGEN_BAR_DOORBELL) & IORESOURCE_MEM) ||
	    pci_resource_len(idev->pdev, IDXGEN_BAR_DOORBELL) < (u64)n * stride) {
		drm_warn(&idev->drm, "user queues: implausible block (count %u windows %u stride %u), not used\n",
			 n, windows, stride);
		return;
	}
	idev->num_uqueues = n;
}

/*
 * remove(), after drm_dev_unplug() zapped the queues' mappings: each
 * queue's GONE word tells its process, which may be storing descriptors
 * and doorbells without a system call (into RAM now: idxgen_uq_db_fault()),
 * and its waiters return -ENODEV.
 */
/*
 * Moves a gone device's queue memory into a vmalloc copy, so that the
 * DMA-coherent buffer is freed before remove() returns (DMA-API debugging
 * reports an allocation pending at unbind) while the process keeps
 * reading its completions and the GONE word.  The device is gone: nothing
 * writes the buffer any more.  Without memory for the copy the buffer
 * stays until the last mapping goes, as before.
 */
static void idxgen_uq_mem_detach(struct idxgen_device *idev, struct idxgen_uq_mem *m)
{
	size_t size = m->base.size;
	void *copy = vmalloc_user(size);
	void *old;

	if (!copy)
		return;
	memcpy(copy, m->vaddr, size);
	mutex_lock(&m->lock);
	old = m->vaddr;
	m->vaddr = copy;
	m->detached = true;
	mutex_unlock(&m->lock);
	drm_vma_node_unmap(&m->base.vma_node, idev->drm.anon_inode->i_mapping);
	dma_free_coherent(idev->drm.dev, size, old, m->dma);
}

void idxgen_uq_unplug(struct idxgen_device *idev)
{
	u32 i;

	mutex_lock(&idev->uq_lock);
	for (i = 0; i < idev->num_uqueues; i++) {
		struct idxgen_uq *uq = idev->uqs[i];

		if (!uq)
			continue;
		uq->state = DRM_IDXGEN_UQ_STATE_GONE;
		WRITE_ONCE(*idxgen_uq_state_word(uq), DRM_IDXGEN_UQ_STATE_GONE);
		if (!uq->mem->detached)
			idxgen_uq_mem_detach(idev, uq->mem);
	}
	mutex_unlock(&idev->uq_lock);
	atomic_inc(&idev->uq_events);
	wake_up_all(&idev->uq_wq);
}

/* A closing file's queues: each stopped before its doorbell goes. */
void idxgen_uq_file_close(struct idxgen_file *ifile)
{
	struct idxgen_uq *uq;
	unsigned long id;

	xa_for_each(&ifile->uqs, id, uq) {
		xa_erase(&ifile->uqs, id);
		idxgen_uq_destroy(uq);
	}
	xa_destroy(&ifile->uqs);
}

u32 idxgen_uq_file_count(struct idxgen_file *ifile)
{
	struct idxgen_uq *uq;
	unsigned long id;
	u32 n = 0;

	xa_for_each(&ifile->uqs, id, uq)
		n++;
	return n;
}
