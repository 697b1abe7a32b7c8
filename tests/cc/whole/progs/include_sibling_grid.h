// Included from include_sibling/stencil.cuh as "../include_sibling_grid.h".
#pragma once
#define GRID_N 512
#define GRID_BLOCK 128
