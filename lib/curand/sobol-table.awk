# The Sobol direction-number data of Boost.Random (Debian's libboost1.74-dev:
# boost/random/detail/sobol_table.hpp, S. Joe and F. Y. Kuo's
# new-joe-kuo-6.21201 cut at 3667 dimensions) as C arrays for lib/curand's
# Sobol32 generator (sobol.c), so that no table is typed into the tree.
#
#   awk -f sobol-table.awk sobol_table.hpp > sobol_table.inc
#
# It copies the numbers of Boost's two arrays, sobol_a (the primitive
# polynomials, one per dimension after the first) and sobol_minit (their
# starting values m_1..m_15, 15 per polynomial), and the maximum dimension.
/#define BOOST_RANDOM_SOBOL_MAX_DIMENSION/ { printf "#define IDXGEN_SOBOL_MAX_DIMENSION %s\n", $3 }
/max_degree = / { n = $0; sub(/.*max_degree = /, "", n); sub(/\).*/, "", n); printf "#define IDXGEN_SOBOL_MAX_DEGREE %s\n", n }
/sobol_a\[num_polynomials\] = \{/ { printf "static const unsigned short idxgen_sobol_a[] = {\n"; copy = 1; next }
/sobol_minit\[max_degree \* num_polynomials\] = \{/ { printf "static const unsigned short idxgen_sobol_minit[] = {\n"; copy = 1; next }
copy && /}/ { line = $0; sub(/}.*/, "", line); print line; print "};"; copy = 0; next }
copy { print }
