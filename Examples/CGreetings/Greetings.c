#include "CGreetings.h"
#include "LinkRouterRecord.h"
#include <stdio.h>
#include <string.h>

// "greet/:name": answers "Hello, <name>!".
static bool greet(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(names[i], "name") == 0) {
            snprintf(result, capacity, "Hello, %s!", values[i]);
            return true;
        }
    }
    return false;
}

LINKROUTER_C_ACTION(greet_route, "greet/:name", greet);
