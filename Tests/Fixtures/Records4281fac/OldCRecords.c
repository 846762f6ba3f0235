// C records as LinkRouter 4281fac wrote them (record version 1): compiled by make-fixtures with
// that commit's LinkRouterRecord.h.
#include "LinkRouterRecord.h"
#include <stdio.h>

static bool old_echo(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
    for (size_t i = 0; i < count; i++) {
        if (names[i][0] == 't') {
            snprintf(result, capacity, "old c %s", values[i]);
            return true;
        }
    }
    snprintf(result, capacity, "old c");
    return true;
}

LINKROUTER_C_ACTION(old_c_echo, "old/c/echo/:text", old_echo);
LINKROUTER_C_ACTION_OVERRIDE(old_c_override, "old/c/override/:x", old_echo);
// The longest pattern version 1 holds: 96 bytes.
LINKROUTER_C_ACTION(old_c_longest, "old/c/longest/0123456789012345678901234567890123456789012345678901234567890123456789012345678", old_echo);
