/* A local header: #include and #define of the subset. */
#define TILE 16
