// deps.cu's own header: -M/-MD list it, -E expands its macro.
#define DEPS_SCALE(x) ((x) * DEPS_FACTOR)
#define DEPS_MARKER idxgen_deps_marker_from_header
