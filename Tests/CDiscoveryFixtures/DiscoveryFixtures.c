#include "DiscoveryFixtures.h"
#include "LinkRouterRecord.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// "fixture/c/add?a=1&b=2" returns the sum of a and b.
static bool add(const char *const *names, const char *const *values, size_t count, char *result, size_t capacity) {
    long sum = 0;
    int found = 0;
    for (size_t i = 0; i < count; i++) {
        if (strcmp(names[i], "a") == 0 || strcmp(names[i], "b") == 0) {
            sum += strtol(values[i], NULL, 10);
            found++;
        }
    }
    if (found != 2) return false;
    snprintf(result, capacity, "%ld", sum);
    return true;
}

LINKROUTER_C_ACTION(fixture_c_add, "fixture/c/add", add);

// The same action, for LoadedLibraryTests to repeat in a library: once both are loaded, a pass
// that reads both is a duplicate and registers neither, so no other test relies on this route.
LINKROUTER_C_ACTION(fixture_c_clash, "fixture/c/clash", add);

// Two records of one shape, neither marked as an override: a duplicate, neither registered.
LINKROUTER_C_ACTION(fixture_c_twice_first, "fixture/c/twice/:first", add);
LINKROUTER_C_ACTION(fixture_c_twice_second, "fixture/c/twice/:second", add);

// An unmarked record, then an override of its shape: the override wins though it comes second.
LINKROUTER_C_ACTION(fixture_c_override_plain, "fixture/c/override/:plain", add);
LINKROUTER_C_ACTION_OVERRIDE(fixture_c_override_marked, "fixture/c/override/:marked", add);

// Two overrides of one shape and an unmarked record: a duplicate of the overrides, none registered.
LINKROUTER_C_ACTION_OVERRIDE(fixture_c_both_first, "fixture/c/both/:first", add);
LINKROUTER_C_ACTION(fixture_c_both_plain, "fixture/c/both/:plain", add);
LINKROUTER_C_ACTION_OVERRIDE(fixture_c_both_second, "fixture/c/both/:second", add);

// Overridden by the Swift page OverridingPage (`@Routable("fixture/mixed/<int:id>", overrides: true)`).
LINKROUTER_C_ACTION(fixture_c_mixed, "fixture/mixed/<int:id>", add);

// A record with a wrong magic number and one with an unknown layout version: both skipped.
__attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
static const linkrouter_route_record fixture_bad_magic = {
    0x12345678u, LINKROUTER_RECORD_VERSION, 0, LINKROUTER_KIND_C_ACTION, sizeof("fixture/badmagic") - 1, (linkrouter_route_accessor)add, 0, "fixture/badmagic"};

__attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
static const linkrouter_route_record fixture_bad_version = {
    LINKROUTER_RECORD_MAGIC, 99, 0, LINKROUTER_KIND_C_ACTION, sizeof("fixture/badversion") - 1, (linkrouter_route_accessor)add, 0, "fixture/badversion"};

// A record whose pattern does not parse: skipped when registered.
__attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
static const linkrouter_route_record fixture_bad_pattern = {
    LINKROUTER_RECORD_MAGIC, LINKROUTER_RECORD_VERSION, 0, LINKROUTER_KIND_C_ACTION, sizeof("fixture/<int:>/x") - 1, (linkrouter_route_accessor)add, 0, "fixture/<int:>/x"};

// A pattern of 203 bytes: a version-2 record of two blocks, registered and opened like any other.
LINKROUTER_C_ACTION(fixture_c_long, "fixture/c/long/abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij/<int:n>", add);

// A record of a later version (3) written by "LinkRouter 1.4.0", two blocks long: skipped whole, with
// its version and writer, and the records after it are read.
__attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))
static const struct {
    linkrouter_route_record_v2 first;
    linkrouter_route_record_block second;
} fixture_version_3 = {
    {LINKROUTER_RECORD_MAGIC, 3, 0, LINKROUTER_KIND_C_ACTION, 2, sizeof("fixture/version3") - 1, (linkrouter_route_accessor)add, 0, 0,
     0x010400u, "fixture/version3"},
    {LINKROUTER_RECORD_MAGIC, 3, LINKROUTER_FLAG_CONTINUATION_BLOCK | 1, "more of a later version's record"}};

int linkrouter_discovery_fixtures_anchor(void) { return 1; }
