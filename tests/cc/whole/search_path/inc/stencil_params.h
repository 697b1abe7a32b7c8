// Sizes and the launch wrapper's declaration, included by the .cu and the
// kernel's header alike (the include guard must see one file).
#ifndef STENCIL_PARAMS_H
#define STENCIL_PARAMS_H

#define RADIUS 2
#define TILE_X 32
#define TILE_Y 4

bool run_stencil(float *out, const float *in, int dimx, int dimy, int dimz);

#endif
