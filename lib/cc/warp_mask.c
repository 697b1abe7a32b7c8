// SPDX-License-Identifier: MIT
/*
 * warp_mask.c - is the mask a warp operation is called with the same in
 * every lane of the warp at the call (issue 38, thirty-first session;
 * lib/cc/README.md "Warps")?
 *
 * A vote or a reduction then gives every lane of the warp one value, which
 * is what lets warp_loop.c run a loop whose header calls it under loop
 * fission.  Public warp code names its mask as a variable more often than
 * as a constant:
 *
 *     unsigned mask = __ballot_sync(0xffffffff, i < n);
 *     if (i < n)
 *         while (__any_sync(mask, pending)) { ... }
 *
 * or asks for the lanes at the call, `__any_sync(__activemask(), x)`.
 * Taken as the same in every lane: an integer constant; `__activemask()`
 * (lowered as the warp's present lanes, which every present lane reads
 * alike); a kernel parameter never assigned (one value for the block); a
 * local never assigned nor addressed whose initializer is one of those or
 * a ballot over such a mask (the lanes that run the declaration together
 * all receive the warp's one word; a lane absent then is absent at the
 * loop too, since the declaration's block encloses it).  Anything else --
 * `1u << lane`, a mask read from memory, one assigned twice -- is not
 * proved and the loop stays refused under loop fission.
 */
#include "warp.h"

#include <stdlib.h>
#include <string.h>

static bool named_call(CXCursor e, const char *name)
{
	char *n;
	bool r;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr || !(n = builtin_ref(e)))
		return false;
	r = !strcmp(n, name);
	free(n);
	return r;
}

bool wl_is_activemask(CXCursor e)
{
	return named_call(e, "__activemask") && clang_Cursor_getNumArguments(strip(e)) == 0;
}

/* A constant or __activemask(): the same in every lane without asking where it comes from. */
static bool plain_uniform(CXCursor e)
{
	long long v;

	return int_constant(strip(e), &v) || wl_is_activemask(e);
}

/* The initializer of a mask local: a plain uniform mask, or a ballot over one. */
static bool mask_init(const struct source *s, CXCursor fn_body, CXCursor init)
{
	(void)s;
	(void)fn_body;
	init = strip(init);
	if (plain_uniform(init))
		return true;
	return named_call(init, "__ballot_sync") && clang_Cursor_getNumArguments(init) == 2 &&
	       plain_uniform(clang_Cursor_getArgument(init, 0));
}

bool wl_mask_uniform(const struct source *s, CXCursor fn_body, CXCursor e)
{
	CXCursor d;

	if (plain_uniform(e))
		return true;
	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr || clang_Cursor_isNull(fn_body))
		return false;
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) == CXCursor_ParmDecl)
		return !wl_var_written(s, fn_body, d);
	return wl_fixed_local(s, fn_body, e, mask_init) && !wl_var_addressed(s, fn_body, d);
}
