// A header of a folder beside the main file's (src/ and inc/, as cuda-samples
// MC_SingleAsianOptionP lays them out), included as "../inc/dyn_shared_mem.h":
// typed access to a block's dynamic shared memory through specialisations
// built by a macro whose member functions declare extern __shared__.
// idxgen-cc leaves such a header as written but for that macro: an edited
// copy written beside the translated main file is found first.
#ifndef DYN_SHARED_MEM_H
#define DYN_SHARED_MEM_H

template <typename T> struct DynShared;

#define MAKE_DYN_SHARED(T, sym)                     \
    template <> struct DynShared<T> {               \
        __device__ T *ptr()                         \
        {                                           \
            extern __shared__ T sym[];              \
            return sym;                             \
        }                                           \
        __device__ T &operator[](int i)             \
        {                                           \
            extern __shared__ T sym[];              \
            return sym[i];                          \
        }                                           \
    }

MAKE_DYN_SHARED(float, dyn_f);
MAKE_DYN_SHARED(double, dyn_d);
MAKE_DYN_SHARED(int, dyn_i);

#endif
