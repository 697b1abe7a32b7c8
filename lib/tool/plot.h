/* SPDX-License-Identifier: MIT */
/* plot.h - draw a schedule order (the tool's `idxgen order --plot`). */
#ifndef IDXGEN_TOOL_PLOT_H
#define IDXGEN_TOOL_PLOT_H

#include <stdint.h>

/*
 * Draw the path through a dx x dy plane: pos[p] = x + y*dx of the thread
 * issued at position p (n = dx*dy positions), warps of c positions in
 * their own colour, cells tinted by warp, the start marked.  path ends in
 * .png or .svg.  Returns 0 or a negative errno (-EINVAL: other suffix,
 * -EIO: cairo failed).
 */
int idxgen_plot_order(const char *path, const char *title, uint32_t dx, uint32_t dy,
		      const uint32_t *pos, uint64_t n, uint32_t c);

#endif
