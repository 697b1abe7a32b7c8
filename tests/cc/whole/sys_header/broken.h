// SPDX-License-Identifier: MIT
// A header that says it is a system header and does not parse: more errors
// than clang shows before it stops.  whole.sh checks that the first of them
// is named (file, line, column), not only "too many errors emitted".
#pragma GCC system_header
undeclared_type_1 value_1;
undeclared_type_2 value_2;
undeclared_type_3 value_3;
undeclared_type_4 value_4;
undeclared_type_5 value_5;
undeclared_type_6 value_6;
undeclared_type_7 value_7;
undeclared_type_8 value_8;
undeclared_type_9 value_9;
undeclared_type_10 value_10;
undeclared_type_11 value_11;
undeclared_type_12 value_12;
undeclared_type_13 value_13;
undeclared_type_14 value_14;
undeclared_type_15 value_15;
undeclared_type_16 value_16;
undeclared_type_17 value_17;
undeclared_type_18 value_18;
undeclared_type_19 value_19;
undeclared_type_20 value_20;
undeclared_type_21 value_21;
undeclared_type_22 value_22;
undeclared_type_23 value_23;
undeclared_type_24 value_24;
undeclared_type_25 value_25;
