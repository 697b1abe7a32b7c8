// SPDX-License-Identifier: MIT
#define _GNU_SOURCE /* memfd_create, F_ADD_SEALS */
/*
 * driver_vmm.c - the driver API's virtual memory management on the CPU's:
 * cuMemAddressReserve reserves address space (an inaccessible anonymous
 * mapping), cuMemCreate makes a physical allocation (a sealed memfd: its
 * size can never change), cuMemMap maps one over part of a reservation,
 * cuMemSetAccess opens it (mprotect), cuMemUnmap gives the part back to the
 * reservation and cuMemAddressFree the range back to the system.  A handle
 * is the memfd's descriptor plus one (never 0); one whose descriptor is not
 * such a sealed memfd is refused.  cuMemRelease closes it; mappings keep
 * their pages, as CUDA keeps an allocation until its last mapping goes.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver_int.h"

#define VMM_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)
#define VMM_RECOMMENDED (2u << 20) /* a huge page: what CUDA recommends too */

/*
 * The ranges reserved and mapped: process-wide, as the address space is
 * (CUDA's driver keeps the same table); without it cuMemMap could not
 * refuse an address outside a reservation and would map over the
 * program's own memory.  Guarded by vmm_lock.
 */
struct vmm_range {
	uintptr_t base;
	size_t size;
	int mapped; /* 0: a reservation, 1: a mapping inside one */
	struct vmm_range *next;
	int fd;			/* a mapping's own duplicate of its allocation's memfd, -1 for a reservation */
	unsigned int access;	/* a mapping's CUmemAccess_flags as cuMemSetAccess last set them */
};
static struct vmm_range *vmm_ranges;
static pthread_mutex_t vmm_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* The one kind of allocation here: pinned memory of device 0. */
static CUresult check_prop(const CUmemAllocationProp *prop)
{
	if (!prop || prop->type != CU_MEM_ALLOCATION_TYPE_PINNED ||
	    prop->location.type != CU_MEM_LOCATION_TYPE_DEVICE)
		return CUDA_ERROR_INVALID_VALUE;
	if (prop->location.id != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return CUDA_SUCCESS;
}

CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop,
				       CUmemAllocationGranularity_flags option)
{
	CUresult r = check_prop(prop);

	if (!granularity || (option != CU_MEM_ALLOC_GRANULARITY_MINIMUM &&
			     option != CU_MEM_ALLOC_GRANULARITY_RECOMMENDED))
		return CUDA_ERROR_INVALID_VALUE;
	if (r)
		return r;
	*granularity = option == CU_MEM_ALLOC_GRANULARITY_MINIMUM ? page_size() : VMM_RECOMMENDED;
	return CUDA_SUCCESS;
}

/* The descriptor of a handle cuMemCreate made, or -1. */
static int handle_fd(CUmemGenericAllocationHandle handle)
{
	int fd;

	if (handle == 0 || handle > INT32_MAX)
		return -1;
	fd = (int)handle - 1;
	return fcntl(fd, F_GET_SEALS) == VMM_SEALS ? fd : -1;
}

CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size,
		     const CUmemAllocationProp *prop, unsigned long long flags)
{
	CUresult r = check_prop(prop);
	int fd;

	if (!handle || flags || !size || size % page_size())
		return CUDA_ERROR_INVALID_VALUE;
	if (r)
		return r;
	fd = memfd_create("idxgen-cuMemCreate", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd < 0)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (ftruncate(fd, (off_t)size) || fcntl(fd, F_ADD_SEALS, VMM_SEALS)) {
		close(fd);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*handle = (CUmemGenericAllocationHandle)fd + 1;
	return CUDA_SUCCESS;
}

CUresult cuMemRelease(CUmemGenericAllocationHandle handle)
{
	int fd = handle_fd(handle);

	if (fd < 0)
		return CUDA_ERROR_INVALID_VALUE;
	close(fd);
	return CUDA_SUCCESS;
}

/*
 * A physical allocation as a POSIX file descriptor, for another process (or
 * this one) to import: a duplicate of its memfd, which the receiver maps
 * as the same pages.  Other handle types (Win32, fabric) are not here.
 */
CUresult cuMemExportToShareableHandle(void *shareable, CUmemGenericAllocationHandle handle,
				      CUmemAllocationHandleType type, unsigned long long flags)
{
	int fd = handle_fd(handle), copy;

	if (!shareable || flags || fd < 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (type != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
		return CUDA_ERROR_NOT_SUPPORTED;
	copy = dup(fd);
	if (copy < 0)
		return CUDA_ERROR_OUT_OF_MEMORY;
	*(int *)shareable = copy;
	return CUDA_SUCCESS;
}

/* The other way: a handle of its own on an exported descriptor (the caller keeps the descriptor). */
CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *handle, void *os_handle,
					CUmemAllocationHandleType type)
{
	int fd = (int)(intptr_t)os_handle, copy;

	if (!handle)
		return CUDA_ERROR_INVALID_VALUE;
	if (type != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
		return CUDA_ERROR_NOT_SUPPORTED;
	if (fd < 0 || fcntl(fd, F_GET_SEALS) != VMM_SEALS)
		return CUDA_ERROR_INVALID_VALUE;
	copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (copy < 0)
		return CUDA_ERROR_OUT_OF_MEMORY;
	*handle = (CUmemGenericAllocationHandle)copy + 1;
	return CUDA_SUCCESS;
}

CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop,
						CUmemGenericAllocationHandle handle)
{
	if (!prop || handle_fd(handle) < 0)
		return CUDA_ERROR_INVALID_VALUE;
	*prop = (CUmemAllocationProp){ 0 };
	prop->type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop->location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop->location.id = 0;
	return CUDA_SUCCESS;
}

/* The range of the list that holds [base, base + size) with mapped as given, or NULL. */
static struct vmm_range *find_range(uintptr_t base, size_t size, int mapped)
{
	for (struct vmm_range *r = vmm_ranges; r; r = r->next)
		if (r->mapped == mapped && base >= r->base && size <= r->size &&
		    base - r->base <= r->size - size)
			return r;
	return NULL;
}

/* Whether a mapping meets [base, base + size). */
static int overlaps_mapping(uintptr_t base, size_t size)
{
	for (struct vmm_range *r = vmm_ranges; r; r = r->next)
		if (r->mapped && base < r->base + r->size && r->base < base + size)
			return 1;
	return 0;
}

/* fd: a mapping's own descriptor of its allocation (taken over), -1 for a reservation */
static CUresult add_range(uintptr_t base, size_t size, int mapped, int fd)
{
	struct vmm_range *r = malloc(sizeof(*r));

	if (!r)
		return CUDA_ERROR_OUT_OF_MEMORY;
	*r = (struct vmm_range){ base, size, mapped, vmm_ranges, fd, CU_MEM_ACCESS_FLAGS_PROT_NONE };
	vmm_ranges = r;
	return CUDA_SUCCESS;
}

/* Takes the exact range off the list; 0 if it was not there. */
static int remove_range(uintptr_t base, size_t size, int mapped)
{
	for (struct vmm_range **p = &vmm_ranges; *p; p = &(*p)->next)
		if ((*p)->base == base && (*p)->size == size && (*p)->mapped == mapped) {
			struct vmm_range *r = *p;

			*p = r->next;
			if (r->fd >= 0)
				close(r->fd);
			free(r);
			return 1;
		}
	return 0;
}

/* An inaccessible range of size bytes aligned to align (a power of two), or NULL. */
static void *reserve(size_t size, size_t align, void *hint)
{
	size_t span = size + align - page_size();
	uintptr_t p, start;
	void *m = mmap(hint, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	p = (uintptr_t)m;
	start = (p + align - 1) & ~(uintptr_t)(align - 1);
	if (start > p)
		munmap(m, start - p);
	if (p + span > start + size)
		munmap((void *)(start + size), p + span - (start + size));
	return (void *)start;
}

CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr,
			     unsigned long long flags)
{
	size_t pg = page_size();
	void *p;
	CUresult r;

	if (!ptr || !size || size % pg || flags || (alignment & (alignment - 1)))
		return CUDA_ERROR_INVALID_VALUE;
	if (alignment < pg)
		alignment = pg;
	p = reserve(size, alignment, (void *)(uintptr_t)addr);
	if (!p)
		return CUDA_ERROR_OUT_OF_MEMORY;
	pthread_mutex_lock(&vmm_lock);
	r = add_range((uintptr_t)p, size, 0, -1);
	pthread_mutex_unlock(&vmm_lock);
	if (r) {
		munmap(p, size);
		return r;
	}
	*ptr = (CUdeviceptr)(uintptr_t)p;
	return CUDA_SUCCESS;
}

/* Frees a whole reservation; CUDA wants its mappings gone first. */
CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size)
{
	CUresult r = CUDA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&vmm_lock);
	if (!overlaps_mapping((uintptr_t)ptr, size) && remove_range((uintptr_t)ptr, size, 0)) {
		munmap((void *)(uintptr_t)ptr, size);
		r = CUDA_SUCCESS;
	}
	pthread_mutex_unlock(&vmm_lock);
	return r;
}

CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle,
		  unsigned long long flags)
{
	int fd = handle_fd(handle), own = -1;
	struct stat st;
	CUresult r;

	if (fd < 0 || flags || !size || size % page_size() || offset % page_size() ||
	    ptr % page_size() || fstat(fd, &st) || offset > (size_t)st.st_size ||
	    size > (size_t)st.st_size - offset)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&vmm_lock);
	if (!find_range((uintptr_t)ptr, size, 0))
		r = CUDA_ERROR_INVALID_VALUE;
	else if (overlaps_mapping((uintptr_t)ptr, size))
		r = CUDA_ERROR_ALREADY_MAPPED;
	else if ((own = fcntl(fd, F_DUPFD_CLOEXEC, 0)) < 0 ||
		 mmap((void *)(uintptr_t)ptr, size, PROT_NONE, MAP_SHARED | MAP_FIXED, fd, (off_t)offset) == MAP_FAILED)
		r = CUDA_ERROR_OUT_OF_MEMORY;
	else
		r = add_range((uintptr_t)ptr, size, 1, own);
	if (r && own >= 0)
		close(own);
	pthread_mutex_unlock(&vmm_lock);
	return r;
}

/* Unmaps whole mappings that tile [ptr, ptr + size); the range stays reserved. */
CUresult cuMemUnmap(CUdeviceptr ptr, size_t size)
{
	uintptr_t at = (uintptr_t)ptr, end = at + size;
	CUresult r = CUDA_SUCCESS;

	if (!size || at % page_size())
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&vmm_lock);
	for (uintptr_t p = at; p < end && !r;) {
		struct vmm_range *m = find_range(p, 1, 1);

		if (!m || m->base != p || m->size > end - p)
			r = CUDA_ERROR_INVALID_VALUE;
		else
			p += m->size;
	}
	while (!r && at < end) {
		struct vmm_range *m = find_range(at, 1, 1);
		size_t n = m->size;

		if (mmap((void *)at, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
			 -1, 0) == MAP_FAILED)
			r = CUDA_ERROR_UNKNOWN;
		remove_range(at, n, 1);
		at += n;
	}
	pthread_mutex_unlock(&vmm_lock);
	return r;
}

CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count)
{
	int prot = PROT_NONE;
	CUresult r = CUDA_SUCCESS;

	if (!desc || !count || !size)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++) {
		if (desc[i].location.type != CU_MEM_LOCATION_TYPE_DEVICE)
			return CUDA_ERROR_INVALID_VALUE;
		if (desc[i].location.id != 0)
			return CUDA_ERROR_INVALID_DEVICE;
		switch (desc[i].flags) {
		case CU_MEM_ACCESS_FLAGS_PROT_NONE: prot = PROT_NONE; break;
		case CU_MEM_ACCESS_FLAGS_PROT_READ: prot = PROT_READ; break;
		case CU_MEM_ACCESS_FLAGS_PROT_READWRITE: prot = PROT_READ | PROT_WRITE; break;
		default: return CUDA_ERROR_INVALID_VALUE;
		}
	}
	pthread_mutex_lock(&vmm_lock);
	/* every byte must be mapped: walk the mappings that tile the range */
	for (uintptr_t p = (uintptr_t)ptr; p < (uintptr_t)ptr + size && !r;) {
		struct vmm_range *m = find_range(p, 1, 1);

		if (!m)
			r = CUDA_ERROR_INVALID_VALUE;
		else
			p = m->base + m->size;
	}
	if (!r && mprotect((void *)(uintptr_t)ptr, size, prot))
		r = errno == ENOMEM ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_UNKNOWN;
	for (uintptr_t p = (uintptr_t)ptr; !r && p < (uintptr_t)ptr + size;) {
		struct vmm_range *m = find_range(p, 1, 1);

		m->access = desc[count - 1].flags;	/* the last descriptor for device 0 wins, as mprotect's */
		p = m->base + m->size;
	}
	pthread_mutex_unlock(&vmm_lock);
	return r;
}

/* The access of device 0 to the mapping at ptr (as cuMemSetAccess set it over the mapping). */
CUresult cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr)
{
	struct vmm_range *m;

	if (!flags || !location || location->type != CU_MEM_LOCATION_TYPE_DEVICE)
		return CUDA_ERROR_INVALID_VALUE;
	if (location->id != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	pthread_mutex_lock(&vmm_lock);
	m = find_range((uintptr_t)ptr, 1, 1);
	if (m)
		*flags = m->access;
	pthread_mutex_unlock(&vmm_lock);
	return m ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* A new handle of the allocation mapped at addr (the caller releases it), even after its own was released. */
CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr)
{
	struct vmm_range *m;
	int fd = -1;

	if (!handle)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&vmm_lock);
	m = find_range((uintptr_t)addr, 1, 1);
	if (m)
		fd = fcntl(m->fd, F_DUPFD_CLOEXEC, 0);
	pthread_mutex_unlock(&vmm_lock);
	if (!m)
		return CUDA_ERROR_INVALID_VALUE;
	if (fd < 0)
		return CUDA_ERROR_OUT_OF_MEMORY;
	*handle = (CUmemGenericAllocationHandle)fd + 1;
	return CUDA_SUCCESS;
}
