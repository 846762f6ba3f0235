#include "ManyRouteRecords.h"
#include "LinkRouterRecord.h"

static bool answer(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
    (void)names; (void)values; (void)count;
    if (capacity > 0) result[0] = 0;
    return true;
}

// Ten thousand distinct patterns by token pasting: R(1234) registers "bench/1234/:p".
#define R(n) LINKROUTER_C_ACTION(record_##n, "bench/" #n "/:p", answer);
#define R10(n) R(n##0) R(n##1) R(n##2) R(n##3) R(n##4) R(n##5) R(n##6) R(n##7) R(n##8) R(n##9)
#define R100(n) R10(n##0) R10(n##1) R10(n##2) R10(n##3) R10(n##4) R10(n##5) R10(n##6) R10(n##7) R10(n##8) R10(n##9)
#define R1000(n) R100(n##0) R100(n##1) R100(n##2) R100(n##3) R100(n##4) R100(n##5) R100(n##6) R100(n##7) R100(n##8) R100(n##9)

R1000(0) R1000(1) R1000(2) R1000(3) R1000(4) R1000(5) R1000(6) R1000(7) R1000(8) R1000(9)

int many_route_records_count(void) { return 10000; }
