/* SPDX-License-Identifier: MIT */
/*
 * idxgen_user_macros_push.h - set aside a program's one-letter macros (and
 * the sizes public code defines: SIZE, BLOCK_SIZE, DIM, TILE, WARP_SIZE,
 * BLOCK, THREADS) while a third-party header that names its template
 * parameters T, N, ... is read (oneTBB under our CUB: -DT=float would stop
 * it at its first `template <typename T>`).  Macros expand only as a header
 * is read, so the program's macros come back (idxgen_user_macros_pop.h)
 * before any of its own lines.  Include this and its pop in pairs; no
 * include guard, each inclusion pushes once.
 */
#pragma push_macro("A")
#undef A
#pragma push_macro("B")
#undef B
#pragma push_macro("C")
#undef C
#pragma push_macro("D")
#undef D
#pragma push_macro("E")
#undef E
#pragma push_macro("F")
#undef F
#pragma push_macro("G")
#undef G
#pragma push_macro("H")
#undef H
#pragma push_macro("I")
#undef I
#pragma push_macro("J")
#undef J
#pragma push_macro("K")
#undef K
#pragma push_macro("L")
#undef L
#pragma push_macro("M")
#undef M
#pragma push_macro("N")
#undef N
#pragma push_macro("O")
#undef O
#pragma push_macro("P")
#undef P
#pragma push_macro("Q")
#undef Q
#pragma push_macro("R")
#undef R
#pragma push_macro("S")
#undef S
#pragma push_macro("T")
#undef T
#pragma push_macro("U")
#undef U
#pragma push_macro("V")
#undef V
#pragma push_macro("W")
#undef W
#pragma push_macro("X")
#undef X
#pragma push_macro("Y")
#undef Y
#pragma push_macro("Z")
#undef Z
#pragma push_macro("SIZE")
#undef SIZE
#pragma push_macro("BLOCK_SIZE")
#undef BLOCK_SIZE
#pragma push_macro("DIM")
#undef DIM
#pragma push_macro("TILE")
#undef TILE
#pragma push_macro("WARP_SIZE")
#undef WARP_SIZE
#pragma push_macro("BLOCK")
#undef BLOCK
#pragma push_macro("THREADS")
#undef THREADS
