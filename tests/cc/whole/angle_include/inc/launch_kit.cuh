// A launch helper library of the program's own, found through -I and
// included with angle brackets, as projects that install their headers do;
// the macro that launches is one include further down.
#pragma once
#include <launch_kit_impl.cuh>

#define LAUNCH_1D(k, n, ...) LAUNCH_KIT(k, ((n) + 127) / 128, 128, n, __VA_ARGS__)
