// The sibling header prog.cu includes with quotes.
#define SCALE 3.0f
