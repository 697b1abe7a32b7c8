# Sourced by check-nvcc.sh and run.sh: lists the corpus's programs.
# A program is either progs/NAME.cu (one file) or progs/NAME/ (a directory
# whose .cu, .cpp and .c files together make one program).
# Prints one line per program: NAME<TAB>SOURCES (space-separated paths).
list_programs()
{
	local dir=$1 f d srcs
	for f in "$dir"/progs/*.cu; do
		printf '%s\t%s\n' "$(basename "$f" .cu)" "$f"
	done
	for d in "$dir"/progs/*/; do
		srcs=$(ls "$d"*.cu "$d"*.cpp "$d"*.c 2>/dev/null | tr '\n' ' ')
		[ -n "$srcs" ] && printf '%s\t%s\n' "$(basename "$d")" "${srcs% }"
	done
}
