// The decoy for include_sibling.cu: include_sibling/stencil.cuh must not see it.
#pragma once
#define DECOY_WEIGHT 100
#define W_SIDE 7.0f
#define W_MID 9.0f
