// SPDX-License-Identifier: MIT
/*
 * plot.c - draw a schedule order with cairo: the issue path through the
 * plane, one colour per warp (a hue wheel that steps by the golden angle so
 * that neighbouring warps differ), cells tinted by their warp.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "plot.h"

static void warp_rgb(uint64_t w, double *r, double *g, double *b)
{
	double h = fmod((double)w * 137.508, 360.0) / 60.0, x = 1.0 - fabs(fmod(h, 2.0) - 1.0);
	double c = 0.85, m = 0.1;

	*r = *g = *b = 0;
	if (h < 1) *r = c, *g = c * x;
	else if (h < 2) *r = c * x, *g = c;
	else if (h < 3) *g = c, *b = c * x;
	else if (h < 4) *g = c * x, *b = c;
	else if (h < 5) *r = c * x, *b = c;
	else *r = c, *b = c * x;
	*r += m;
	*g += m;
	*b += m;
}

static int ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && !strcmp(s + a - b, suf);
}

int idxgen_plot_order(const char *path, const char *title, uint32_t dx, uint32_t dy,
		      const uint32_t *pos, uint64_t n, uint32_t c)
{
	uint32_t big = dx > dy ? dx : dy;
	double cell = big >= 256 ? 2.0 : 768.0 / big, margin = 24, top = 28;
	double W = dx * cell + 2 * margin, H = dy * cell + margin + top;
	cairo_surface_t *sf;
	cairo_t *cr;
	uint64_t p;
	int svg = ends_with(path, ".svg"), ret = 0;

	if (!svg && !ends_with(path, ".png"))
		return -EINVAL;
	if (cell > 48)
		cell = 48, W = dx * cell + 2 * margin, H = dy * cell + margin + top;
	if (svg)
		sf = cairo_svg_surface_create(path, W, H);
	else
		sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(W), (int)ceil(H));
	cr = cairo_create(sf);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 14);
	cairo_move_to(cr, margin, 19);
	cairo_show_text(cr, title);
	/* cells tinted by warp (light), y grows downwards as in a matrix */
	for (p = 0; p < n; p++) {
		double r, g, b, x = pos[p] % dx, y = pos[p] / dx;

		warp_rgb(p / c, &r, &g, &b);
		cairo_set_source_rgb(cr, 1 - (1 - r) * 0.3, 1 - (1 - g) * 0.3, 1 - (1 - b) * 0.3);
		cairo_rectangle(cr, margin + x * cell, top + y * cell, cell, cell);
		cairo_fill(cr);
	}
	/* the path, one segment per step, in its warp's colour */
	cairo_set_line_width(cr, cell > 6 ? cell / 5 : 1.0);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (p = 1; p < n; p++) {
		double r, g, b;

		warp_rgb(p / c, &r, &g, &b);
		cairo_set_source_rgb(cr, r * 0.8, g * 0.8, b * 0.8);
		cairo_move_to(cr, margin + (pos[p - 1] % dx + 0.5) * cell,
			      top + (pos[p - 1] / dx + 0.5) * cell);
		cairo_line_to(cr, margin + (pos[p] % dx + 0.5) * cell,
			      top + (pos[p] / dx + 0.5) * cell);
		cairo_stroke(cr);
	}
	if (n) {
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_arc(cr, margin + (pos[0] % dx + 0.5) * cell, top + (pos[0] / dx + 0.5) * cell,
			  cell > 6 ? cell / 3 : 2, 0, 2 * M_PI);
		cairo_fill(cr);
	}
	cairo_destroy(cr);
	if (!svg && cairo_surface_write_to_png(sf, path) != CAIRO_STATUS_SUCCESS)
		ret = -EIO;
	cairo_surface_finish(sf);
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
		ret = -EIO;
	cairo_surface_destroy(sf);
	return ret;
}
