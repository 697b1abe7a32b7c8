// The stencil's own weights, beside include_sibling/stencil.cuh.
#pragma once
static const float w_side = 1.0f, w_mid = 2.0f;
