// A __device__ total that one .cu file defines and both name through this
// header's extern declaration (extern_total): relocatable device code, built
// with -rdc=true, where the two files share it.  (Without -rdc nvcc takes an
// extern declaration for a static definition: the defining file's
// definition is then a redefinition, and the other file has its own copy.)
#pragma once

extern __device__ int d_total;

int add_in_other_file(int n);
