// The sweep macros of include_kernel_macro_vars.cu, in the style of
// Parboil's lbm_macros.h: the cell a thread works on is named by macros
// that a kernel file declares with SWEEP_VAR and sets one by one.
#ifndef LATTICE_MACROS_H
#define LATTICE_MACROS_H

#define SIZE_X 32
#define SIZE_Y 6
#define SIZE_Z 4
#define N_ENTRIES 3

#define SWEEP_X __sweep_x__
#define SWEEP_Y __sweep_y__
#define SWEEP_Z __sweep_z__
#define SWEEP_VAR int __sweep_x__, __sweep_y__, __sweep_z__;

#define CALC_INDEX(x, y, z, e) ((e) + N_ENTRIES * ((x) + SIZE_X * ((y) + SIZE_Y * (z))))
#define GRID_ENTRY_SWEEP(g, dx, dy, dz, e) \
	((g)[CALC_INDEX((dx) + SWEEP_X, (dy) + SWEEP_Y, (dz) + SWEEP_Z, e)])
#define LOCAL(g, e) (GRID_ENTRY_SWEEP(g, 0, 0, 0, e))
#define NEIGHBOUR_X(g, e) (GRID_ENTRY_SWEEP(g, (SWEEP_X + 1 < SIZE_X ? 1 : 0), 0, 0, e))

#endif
