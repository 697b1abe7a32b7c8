# The build of a CUDA library of ours that stands on a Debian library
# (lib/cublas on OpenBLAS, lib/cufft on FFTW3), shared by their Makefiles,
# which set before including it:
#
#   NAME       cublas, cufft: $(BUILD)/NAME/libidxgen_NAME.a, tests/NAME/test_NAME.c
#   SRCS       the library's sources (in the including folder)
#   HDRS       what every object depends on
#   DEP_CFLAGS the Debian library's compile flags (pkg-config)
#   DEP_LIBS   the Debian library's link flags, for the test
#   PARITY_HEADERS  headers of include/cuda whose names are checked against NVIDIA's
#   PARITY_EXCEPTIONS  the names of those not declared yet, each with its reason (optional)
#              (tests/common/lib_parity.py; optional)
#   PROG_LIBS  the link flags of tests/NAME/progs (optional; -lNAME)
#
#   make [all]   the archive (idxgen-cc links it for -lNAME)
#   make check   tests/NAME/test_NAME.c, then the programs of tests/NAME/progs
#                built with idxgen-cc -lNAME (tests/common/check-lib-progs.sh)
#   make install $(LIBDIR)/libidxgen_NAME.a (PREFIX /usr/local, LIBDIR, DESTDIR), where
#                the installed idxgen-cc finds it (lib/cc/paths.c)
#   make guest   nothing
#   make clean
#
# Static, as lib/cudart: programs carry it; the API keeps default visibility,
# the rest is localised in one relocatable object.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/$(NAME)
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib

CC ?= cc
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Werror
INC := -I$(ROOT)/include/cuda -I$(ROOT)/include $(DEP_CFLAGS)
LIB_CFLAGS := -std=c11 $(WARN) $(CFLAGS) $(INC) -fPIC -fvisibility=hidden

OBJS := $(addprefix $(O)/obj/,$(SRCS:.c=.o))
LIB := $(O)/libidxgen_$(NAME).a
T := $(ROOT)/tests/$(NAME)

.PHONY: all check deps guest install clean
.DELETE_ON_ERROR:

all: $(LIB)

$(O)/obj/%.o: %.c $(HDRS) Makefile $(ROOT)/lib/culib.mk
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -c -o $@ $<

# default visibility for the API (the headers' functions), hidden for the rest
$(LIB): $(OBJS)
	$(LD) -r -o $(O)/obj/$(NAME)-all.o $(OBJS)
	objcopy --localize-hidden $(O)/obj/$(NAME)-all.o
	rm -f $@
	$(AR) rcs $@ $(O)/obj/$(NAME)-all.o

# The test links the static runtime and the shared libidxgen of the build tree.
TEST_LIBS := $(LIB) $(BUILD)/cudart/libidxgen_cudart.a -L$(BUILD)/lib -Wl,-rpath,$(BUILD)/lib -lidxgen \
	$(DEP_LIBS) -lpthread -lm
TEST_FLAGS := $(WARN) -O1 -g -I$(ROOT)/include/cuda -I$(ROOT)/include -I$(ROOT)/tests/common

$(O)/test_$(NAME): $(T)/test_$(NAME).c $(HDRS) $(LIB) $(ROOT)/tests/common/tap.h
	$(CC) -std=gnu11 $(TEST_FLAGS) -o $@ $< $(TEST_LIBS)

deps:
	$(MAKE) -s -C $(ROOT)/lib all
	$(MAKE) -s -C $(ROOT)/lib/cudart all
	$(MAKE) -s -C $(ROOT)/lib/cc all

PROG_LIBS ?= -l$(NAME)

# More test programs of the library (EXTRA_TESTS := test_X for tests/NAME/test_X.c), built and run alike.
EXTRA_TESTS ?=
$(EXTRA_TESTS:%=$(O)/%): $(O)/%: $(T)/%.c $(HDRS) $(LIB) $(ROOT)/tests/common/tap.h
	$(CC) -std=gnu11 $(TEST_FLAGS) -o $@ $< $(TEST_LIBS)

check: all deps
	$(MAKE) $(O)/test_$(NAME) $(EXTRA_TESTS:%=$(O)/%)
	IDXGEN_BACKEND=emu $(O)/test_$(NAME)
	for t in $(EXTRA_TESTS); do IDXGEN_BACKEND=emu $(O)/$$t || exit 1; done
	$(if $(PARITY_HEADERS),python3 $(ROOT)/tests/common/lib_parity.py --include $(ROOT)/include \
		$(if $(PARITY_EXCEPTIONS),--exceptions $(PARITY_EXCEPTIONS)) $(PARITY_HEADERS))
	bash $(ROOT)/tests/common/check-lib-progs.sh "$(BUILD)" $(T)/progs "$(PROG_LIBS)"

guest:

install: all
	install -d $(DESTDIR)$(LIBDIR)
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/

clean:
	rm -rf $(O)
