// SPDX-License-Identifier: MIT
/*
 * nvtx3/nvtx3.hpp - NVTX's C++ interface with no profiler attached: the
 * RAII ranges (scoped_range, scoped_range_in<D>, unique_range), marks and
 * the attribute classes (event_attributes, message, rgb, argb, color,
 * category, payload, registered strings) accept what NVTX's do and record
 * nothing, so annotated code builds and runs unchanged.  C++11.
 */
#ifndef IDXGEN_NVTX3_HPP
#define IDXGEN_NVTX3_HPP

#include <stdint.h>
#include "nvToolsExt.h"

namespace nvtx3 {
inline namespace v1 {

struct domain {
	struct global {
	};
	template <class _Dom = global> static domain const &get()
	{
		static domain const __d;
		return __d;
	}
	operator nvtxDomainHandle_t() const noexcept
	{
		return nullptr;
	}
};

/* an attribute: built from anything NVTX's is built from */
#define IDXGEN_NVTX3__ATTR(name)					\
	struct name {							\
		template <class... _Args> constexpr name(_Args const &...) noexcept \
		{							\
		}							\
	};
IDXGEN_NVTX3__ATTR(rgb)
IDXGEN_NVTX3__ATTR(argb)
IDXGEN_NVTX3__ATTR(color)
IDXGEN_NVTX3__ATTR(category)
IDXGEN_NVTX3__ATTR(message)
IDXGEN_NVTX3__ATTR(payload)
#undef IDXGEN_NVTX3__ATTR

template <class _Dom = domain::global> struct named_category_in {
	template <class... _Args> named_category_in(_Args const &...) noexcept
	{
	}
	template <class _Cat> static named_category_in const &get() noexcept
	{
		static named_category_in const __c;
		return __c;
	}
	uint32_t get_id() const noexcept
	{
		return 0;
	}
};
using named_category = named_category_in<>;

template <class _Dom = domain::global> struct registered_string_in {
	template <class... _Args> registered_string_in(_Args const &...) noexcept
	{
	}
	template <class _Msg> static registered_string_in const &get() noexcept
	{
		static registered_string_in const __s;
		return __s;
	}
	nvtxStringHandle_t get_handle() const noexcept
	{
		return nullptr;
	}
};
using registered_string = registered_string_in<>;

struct event_attributes {
	template <class... _Args> event_attributes(_Args const &...) noexcept : __attr()
	{
		__attr.version = NVTX_VERSION;
		__attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
	}
	nvtxEventAttributes_t const *get() const noexcept
	{
		return &__attr;
	}

private:
	nvtxEventAttributes_t __attr;
};

template <class _Dom = domain::global> class scoped_range_in {
public:
	template <class... _Args> explicit scoped_range_in(_Args const &...) noexcept
	{
	}
	scoped_range_in(scoped_range_in const &) = delete;
	scoped_range_in &operator=(scoped_range_in const &) = delete;
	~scoped_range_in() noexcept
	{
	}
};
using scoped_range = scoped_range_in<>;

template <class _Dom = domain::global> class unique_range_in {
public:
	template <class... _Args> explicit unique_range_in(_Args const &...) noexcept
	{
	}
	unique_range_in(unique_range_in &&) noexcept = default;
	unique_range_in &operator=(unique_range_in &&) noexcept = default;
};
using unique_range = unique_range_in<>;

struct range_handle {
	constexpr range_handle() noexcept : __id(0)
	{
	}
	constexpr explicit range_handle(nvtxRangeId_t __i) noexcept : __id(__i)
	{
	}
	constexpr nvtxRangeId_t get_value() const noexcept
	{
		return __id;
	}
	constexpr explicit operator bool() const noexcept
	{
		return __id != 0;
	}

private:
	nvtxRangeId_t __id;
};
template <class _Dom = domain::global, class... _Args> range_handle start_range_in(_Args const &...) noexcept
{
	return range_handle();
}
template <class... _Args> range_handle start_range(_Args const &...) noexcept
{
	return range_handle();
}
template <class _Dom = domain::global> void end_range_in(range_handle) noexcept
{
}
inline void end_range(range_handle) noexcept
{
}

template <class _Dom = domain::global, class... _Args> void mark_in(_Args const &...) noexcept
{
}
template <class... _Args> void mark(_Args const &...) noexcept
{
}

} // namespace v1
} // namespace nvtx3

#define NVTX3_FUNC_RANGE_IN(D) ::nvtx3::scoped_range_in<D> const nvtx3_func_range__{__func__}
#define NVTX3_FUNC_RANGE() ::nvtx3::scoped_range const nvtx3_func_range__{__func__}
#define NVTX3_FUNC_RANGE_IF_IN(D, C) NVTX3_FUNC_RANGE_IN(D)
#define NVTX3_FUNC_RANGE_IF(C) NVTX3_FUNC_RANGE()

#endif /* IDXGEN_NVTX3_HPP */
