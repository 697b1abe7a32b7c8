/* Test oracle only: see cuda_runtime.h. */
#include "cuda_runtime.h"
