// The particle type and dot product of header_macro_products.cu, in the
// style of Rodinia/Altis lavaMD's lavaMD.h.
#ifndef PARTICLES_H
#define PARTICLES_H

#define PAR_PER_BOX 40
#define DOT(A, B) ((A.x) * (B.x) + (A.y) * (B.y) + (A.z) * (B.z))

typedef struct {
	double v, x, y, z;
} four_vector;

#endif
