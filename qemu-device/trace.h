/* The device's trace events (trace-events in this directory). */
#include "trace/trace-hw_misc_idxgen.h"
