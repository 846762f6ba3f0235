// The route record ABI: one fixed 128-byte record per registered route, placed in the
// `linkrouter_routes` section of the object file that registers it. Documented in
// Documentation/ABI/RouteRecord.md; Swift's macros emit the same layout as a tuple.
#ifndef LINKROUTER_RECORD_H
#define LINKROUTER_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The section every record lives in (an ELF section name, a valid C identifier).
#define LINKROUTER_SECTION_NAME "linkrouter_routes"

/// The first field of every record: the bytes "LnkR" in the file (little-endian).
#define LINKROUTER_RECORD_MAGIC 0x526B6E4Cu
/// The layout version this header describes.
#define LINKROUTER_RECORD_VERSION 1
/// The size of every record, in bytes.
#define LINKROUTER_RECORD_SIZE 128
/// The capacity of a record's inline text (pattern, groups, summary), in bytes.
#define LINKROUTER_RECORD_TEXT_CAPACITY 96

/// Kinds, as FourCC codes: a Swift page type, a Swift action, a C action, a Swift service (the
/// implementation of a protocol; its text is the protocol's name).
#define LINKROUTER_KIND_PAGE 0x70616765u     /* 'page' */
#define LINKROUTER_KIND_ACTION 0x6163746Eu   /* 'actn' */
#define LINKROUTER_KIND_C_ACTION 0x63616374u /* 'cact' */
#define LINKROUTER_KIND_SERVICE 0x73727663u  /* 'srvc' */

/// Flag bits. Bit 0: the route is external (reachable from outside the app). Bits 1-2: the
/// preferred open style (0 automatic, 1 push, 2 present). Bit 3, in 'srvc' records only: one
/// instance is shared (0: a new instance per request). Bit 4: the record overrides the records of
/// the same route shape (or service protocol) that are not marked. Other bits are reserved and 0.
#define LINKROUTER_FLAG_EXTERNAL 0x0001u
#define LINKROUTER_FLAG_STYLE_SHIFT 1
#define LINKROUTER_FLAG_STYLE_MASK 0x0006u
#define LINKROUTER_FLAG_SHARED_SERVICE 0x0008u
#define LINKROUTER_FLAG_OVERRIDE 0x0010u

/// The open styles, the value of flag bits 1-2 (`(flags & LINKROUTER_FLAG_STYLE_MASK) >> LINKROUTER_FLAG_STYLE_SHIFT`).
#define LINKROUTER_STYLE_AUTOMATIC 0
#define LINKROUTER_STYLE_PUSH 1
#define LINKROUTER_STYLE_PRESENT 2

/// A Swift record's accessor: writes the page type, action or service into `out_value` when
/// `expected_type` (a pointer to a Swift `Any.Type`) is the type it produces, and returns whether it did.
typedef bool (*linkrouter_route_accessor)(void *out_value, const void *expected_type, const void *reserved);

/// A C action: receives the parameters as parallel arrays of NUL-terminated names and values,
/// writes a NUL-terminated result into `result` (at most `result_capacity` bytes with the NUL) and
/// returns true, or returns false when it fails.
typedef bool (*linkrouter_c_action)(const char *const *names, const char *const *values, size_t count,
                                    char *result, size_t result_capacity);

/// Defined (weak, exported) in every object file that includes this header, so that discovery
/// can tell from a loaded library's dynamic symbol table, without opening its file, that it may
/// hold C records: a library that neither defines this nor uses LinkRouter is not read. Its value
/// means nothing. (C only: a tentative definition, which C allows once per translation unit.)
#ifndef __cplusplus
__attribute__((weak, visibility("default"))) char linkrouter_route_records_marker;
#endif

/// One route record.
typedef struct linkrouter_route_record {
    uint32_t magic;                 ///< LINKROUTER_RECORD_MAGIC
    uint16_t version;               ///< LINKROUTER_RECORD_VERSION
    uint16_t flags;                 ///< LINKROUTER_FLAG_* bits
    uint32_t kind;                  ///< LINKROUTER_KIND_*
    uint32_t text_length;           ///< bytes of `text` in use
    linkrouter_route_accessor accessor; ///< the accessor, or for 'cact' a linkrouter_c_action
    uint64_t reserved;              ///< always 0
    char text[LINKROUTER_RECORD_TEXT_CAPACITY]; ///< pattern, then optionally NUL groups (comma-separated), NUL summary; for 'srvc' the protocol's name
} linkrouter_route_record;

_Static_assert(sizeof(linkrouter_route_record) == LINKROUTER_RECORD_SIZE, "record size");
_Static_assert(offsetof(linkrouter_route_record, flags) == 6, "flags offset");
_Static_assert(offsetof(linkrouter_route_record, kind) == 8, "kind offset");
_Static_assert(offsetof(linkrouter_route_record, text_length) == 12, "text_length offset");
_Static_assert(offsetof(linkrouter_route_record, accessor) == 16, "accessor offset");
_Static_assert(offsetof(linkrouter_route_record, reserved) == 24, "reserved offset");
_Static_assert(offsetof(linkrouter_route_record, text) == 32, "text offset");

/// Registers a C action under a pattern from a C module:
///
///     static bool greet(const char *const *names, const char *const *values, size_t count,
///                       char *result, size_t capacity) { ... }
///     LINKROUTER_C_ACTION(greet_route, "greet/:name", greet);
///
/// `retain` keeps the record through the linker's --gc-sections; `used` through the compiler.
#define LINKROUTER_C_ACTION(identifier, pattern, function) \
    LINKROUTER_C_ACTION_FLAGS(identifier, pattern, function, 0)

/// Registers a C action that overrides the records of the same shape not marked as overrides,
/// wherever they are in link order (what `overrides: true` does in Swift):
///
///     LINKROUTER_C_ACTION_OVERRIDE(greet_route, "greet/:name", greet);
#define LINKROUTER_C_ACTION_OVERRIDE(identifier, pattern, function) \
    LINKROUTER_C_ACTION_FLAGS(identifier, pattern, function, LINKROUTER_FLAG_OVERRIDE)

/// What LINKROUTER_C_ACTION and LINKROUTER_C_ACTION_OVERRIDE expand to: a record with `flags`.
#define LINKROUTER_C_ACTION_FLAGS(identifier, pattern, function, flags)                             \
    _Static_assert(sizeof(pattern) - 1 <= LINKROUTER_RECORD_TEXT_CAPACITY,                          \
                   "route pattern longer than a record holds");                                    \
    __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))                     \
    static const linkrouter_route_record identifier = {                                            \
        LINKROUTER_RECORD_MAGIC, LINKROUTER_RECORD_VERSION, (flags), LINKROUTER_KIND_C_ACTION,      \
        (uint32_t)(sizeof(pattern) - 1), (linkrouter_route_accessor)(function), 0, pattern}

#endif
