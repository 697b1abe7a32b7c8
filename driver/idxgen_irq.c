// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: interrupts (one MSI-X vector per config queue plus an error
 * vector, or a single shared vector as a fallback) and completion handling.
 */
#include <linux/interrupt.h>

#include <drm/drm_print.h>

#include "idxgen_drv.h"

static bool idxgen_cpl_valid(const struct idxgen_cpl *c, const struct idxgen_slot *s, u32 slot)
{
	u32 job_id = le32_to_cpu(c->job_id);
	u16 status = le16_to_cpu(c->status);
	u16 flags = le16_to_cpu(c->flags);
	u32 warps = le32_to_cpu(c->warps);
	u32 threads = le32_to_cpu(c->threads);
	u64 cycles = le64_to_cpu(c->cycles);
	u32 cslot = le32_to_cpu(c->slot);

	if (le32_to_cpu(c->check) !=
	    IDXGEN_CPL_CHECK(job_id, status, flags, warps, threads, cycles, cslot))
		return false;
	/* a descriptor the device could not fetch has no job_id to echo */
	return (job_id == s->job_id || status == IDXGEN_CPL_DMA_FAULT) && cslot == slot &&
	       status <= IDXGEN_CPL_MAX;
}

/*
 * Consume the completions the device has written since the last call.
 * Safe from any context; takes the queue lock.
 */
void idxgen_queue_process(struct idxgen_queue *q)
{
	struct idxgen_device *idev = q->idev;
	unsigned long flags;
	u32 hw_head, mask = q->size - 1;
	bool bogus = false;

	spin_lock_irqsave(&q->lock, flags);
	hw_head = idxgen_qrd(q, IDXGEN_Q_HEAD);
	if (hw_head >= q->size ||
	    ((hw_head - q->head) & mask) > ((q->tail - q->head) & mask)) {
		bogus = true;
		goto out;
	}
	/* read the records only after HEAD said they are there */
	dma_rmb();

	if (hw_head != q->head)
		WRITE_ONCE(idev->last_progress, jiffies);
	while (q->head != hw_head) {
		u32 slot = q->head;
		struct idxgen_slot *s = &q->slots[slot];
		struct idxgen_job *job = s->job;
		struct idxgen_job_res *r;
		struct idxgen_cpl c;

		q->head = (slot + 1) & mask;
		q->completed++;
		if (WARN_ON_ONCE(!job))
			continue;
		s->job = NULL;

		/* one copy, checked and used: the device may rewrite the record */
		memcpy(&c, &q->cpl[slot], sizeof(c));
		r = &job->res[s->idx];
		if (idxgen_cpl_valid(&c, s, slot)) {
			r->status = le16_to_cpu(c.status);
			r->flags = le16_to_cpu(c.flags);
			r->warps = le32_to_cpu(c.warps);
			r->threads = le32_to_cpu(c.threads);
			r->cycles = le64_to_cpu(c.cycles);
			/* cancelled by the device (queue disabled): it did not run */
			if (r->status == IDXGEN_CPL_ABORTED)
				r->error = -ECANCELED;
		} else {
			q->bad_cpl++;
			r->error = -EIO;
			r->status = IDXGEN_CPL_ABORTED;
			drm_err_ratelimited(&idev->drm,
					    "queue %u: corrupted completion in slot %u (job %u)\n",
					    q->id, slot, s->job_id);
		}
		if (++job->done == job->count)
			idxgen_job_complete(q, job);
	}
out:
	spin_unlock_irqrestore(&q->lock, flags);

	if (bogus) {
		drm_err_ratelimited(&idev->drm, "queue %u: bogus HEAD %u (head %u tail %u)\n",
				    q->id, hw_head, q->head, q->tail);
		idxgen_trigger_recovery(idev);
	}
}

/*
 * Is the device fatal, or has a queue stopped on an error?  Says which, so
 * that both the error interrupt and a timeout leave the cause in the log.
 */
bool idxgen_dev_broken(struct idxgen_device *idev)
{
	u32 st = idxgen_rd(idev, IDXGEN_REG_STATUS);
	bool broken = st & IDXGEN_STATUS_FATAL;
	unsigned int i;

	if (st == IDXGEN_DEAD_READ) {
		drm_err_ratelimited(&idev->drm, "device not responding (all-ones reads)\n");
		return true;
	}
	if (broken)
		drm_err_ratelimited(&idev->drm, "device fatal error, code %u\n",
				    idxgen_rd(idev, IDXGEN_REG_FATAL_CODE));
	for (i = 0; i < idev->num_queues; i++) {
		u32 qst = idxgen_qrd(&idev->queues[i], IDXGEN_Q_STATUS);

		if (qst != IDXGEN_DEAD_READ && (qst & IDXGEN_QSTATUS_ERROR)) {
			drm_err_ratelimited(&idev->drm, "queue %u error %u\n", i,
					    (u32)((qst & IDXGEN_QSTATUS_ERR_MASK) >>
					    IDXGEN_QSTATUS_ERR_SHIFT));
			broken = true;
		}
	}
	return broken;
}

static void idxgen_handle_error(struct idxgen_device *idev)
{
	if (idxgen_dev_broken(idev))
		idxgen_trigger_recovery(idev);
	else
		drm_dbg_driver(&idev->drm, "error interrupt, status %#x\n",
			       idxgen_rd(idev, IDXGEN_REG_STATUS));
}

static irqreturn_t idxgen_queue_irq(int irq, void *arg)
{
	struct idxgen_queue *q = arg;

	idxgen_wr(q->idev, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_QUEUE(q->id));
	idxgen_queue_process(q);
	return IRQ_HANDLED;
}

static irqreturn_t idxgen_error_irq(int irq, void *arg)
{
	struct idxgen_device *idev = arg;
	u32 st = idxgen_rd(idev, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ARB;

	idxgen_wr(idev, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_ERROR | st);
	if (st)
		idxgen_arb_irq(idev);
	idxgen_handle_error(idev);
	return IRQ_HANDLED;
}

static irqreturn_t idxgen_single_irq(int irq, void *arg)
{
	struct idxgen_device *idev = arg;
	u32 st = idxgen_rd(idev, IDXGEN_REG_IRQ_STATUS) &
		 idxgen_rd(idev, IDXGEN_REG_IRQ_ENABLE);
	unsigned int i;

	if (!st || st == ~0u)
		return IRQ_NONE;
	idxgen_wr(idev, IDXGEN_REG_IRQ_STATUS, st);
	for (i = 0; i < idev->num_queues; i++)
		if (st & IDXGEN_IRQ_QUEUE(i))
			idxgen_queue_process(&idev->queues[i]);
	if (st & IDXGEN_IRQ_ARB)
		idxgen_arb_irq(idev);
	if (st & IDXGEN_IRQ_ERROR)
		idxgen_handle_error(idev);
	return IRQ_HANDLED;
}

int idxgen_irq_init(struct idxgen_device *idev)
{
	struct pci_dev *pdev = idev->pdev;
	struct device *dev = &pdev->dev;
	unsigned int nq = idev->num_queues, i;
	int nvec = -ENOSPC, ret;

	/* with user queues, their vectors too; without them they poll */
	if (idev->num_uqueues)
		nvec = pci_alloc_irq_vectors(pdev, IDXGEN_MSIX_VECTORS_UQ(nq, idev->num_uqueues),
					     IDXGEN_MSIX_VECTORS_UQ(nq, idev->num_uqueues),
					     PCI_IRQ_MSIX);
	if (nvec < 0)
		nvec = pci_alloc_irq_vectors(pdev, IDXGEN_MSIX_VECTORS(nq),
					     IDXGEN_MSIX_VECTORS(nq), PCI_IRQ_MSIX);
	if (nvec < 0) {
		nvec = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_ALL_TYPES);
		if (nvec < 0) {
			drm_err(&idev->drm, "no interrupt vectors: %d\n", nvec);
			return nvec;
		}
		idev->single_irq = true;
		idev->err_irq = pci_irq_vector(pdev, 0);
		for (i = 0; i < nq; i++)
			idev->queues[i].irq = idev->err_irq;
		drm_info(&idev->drm, "using one shared interrupt for all queues\n");
		return devm_request_irq(dev, idev->err_irq, idxgen_single_irq, IRQF_SHARED,
					DRIVER_NAME, idev);
	}

	for (i = 0; i < nq; i++) {
		struct idxgen_queue *q = &idev->queues[i];

		q->irq = pci_irq_vector(pdev, i);
		ret = devm_request_irq(dev, q->irq, idxgen_queue_irq, 0, q->name, q);
		if (ret)
			return ret;
	}
	idev->err_irq = pci_irq_vector(pdev, IDXGEN_MSIX_ERR_VECTOR(nq));
	ret = devm_request_irq(dev, idev->err_irq, idxgen_error_irq, 0, DRIVER_NAME "-err", idev);
	if (ret)
		return ret;
	return idxgen_uq_irq_init(idev, nvec);
}

void idxgen_irq_sync(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues && !idev->single_irq; i++)
		synchronize_irq(idev->queues[i].irq);
	synchronize_irq(idev->err_irq);
	idxgen_uq_irq_sync(idev);
}
