// The route record ABI: one record per registered route, placed in the `linkrouter_routes` section
// of the object file that registers it. Documented in Documentation/ABI/RouteRecord.md; Swift's
// macros write the same layout (RouteRecordLayout's codec), RouteRecordLayoutTests compares the two.
//
// A record is one or more 128-byte blocks. Version 1 is one block: a 32-byte header, then 96 bytes
// of text. Version 2 (for what a reader of version 1 would misread, or what does not fit 96 bytes)
// takes as many blocks as its text needs; each block after the first starts with the magic, the
// version and its index with bit 15 set, so a reader of version 1 skips every block of it as a
// record of an unknown version.
#ifndef LINKROUTER_RECORD_H
#define LINKROUTER_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The section every record lives in (an ELF section name, a valid C identifier).
#define LINKROUTER_SECTION_NAME "linkrouter_routes"

/// The first field of every record and of every block: the bytes "LnkR" in the file (little-endian).
#define LINKROUTER_RECORD_MAGIC 0x526B6E4Cu
/// The first layout version: one block, text in the header's block.
#define LINKROUTER_RECORD_VERSION 1
/// The newest layout version this header describes: one or more blocks.
#define LINKROUTER_RECORD_VERSION_2 2
/// The size of a block, and of a version-1 record, in bytes.
#define LINKROUTER_RECORD_SIZE 128
/// The capacity of a version-1 record's text field (pattern, groups, summary), in bytes.
#define LINKROUTER_RECORD_TEXT_CAPACITY 96
/// The bytes of text in a version-2 block after the first, behind its 8-byte block header.
#define LINKROUTER_RECORD_CONTINUATION_CAPACITY 120
/// The LinkRouter release that writes the records, `major << 16 | minor << 8 | patch`, in the
/// `writer` field of version-2 records; 0 until LinkRouter has releases.
#define LINKROUTER_WRITER_RELEASE 0u
/// The longest pattern LINKROUTER_C_ACTION takes: two blocks' worth of text.
#define LINKROUTER_C_PATTERN_CAPACITY (LINKROUTER_RECORD_TEXT_CAPACITY + LINKROUTER_RECORD_CONTINUATION_CAPACITY)

/// Kinds, as FourCC codes: a Swift page type, a Swift action, a C action, a Swift service (the
/// implementation of a protocol; its text is the protocol's name).
#define LINKROUTER_KIND_PAGE 0x70616765u     /* 'page' */
#define LINKROUTER_KIND_ACTION 0x6163746Eu   /* 'actn' */
#define LINKROUTER_KIND_C_ACTION 0x63616374u /* 'cact' */
#define LINKROUTER_KIND_SERVICE 0x73727663u  /* 'srvc' */
/// A Swift interceptor type (its text: name NUL scope NUL priority) and a Swift module's one-time
/// set-up (its text: the type's name); neither is a route, and C writes neither.
#define LINKROUTER_KIND_INTERCEPTOR 0x69637074u /* 'icpt' */
#define LINKROUTER_KIND_MODULE 0x6D6F646Cu      /* 'modl' */
/* A routable protocol (`#routableProtocol`) and a declared route group (`@DeclaredGroup`): no routes,
   what the checks ask providers and members of. */
#define LINKROUTER_KIND_PROTOCOL 0x70726F74u    /* 'prot' */
#define LINKROUTER_KIND_GROUP 0x67727570u       /* 'grup' */

/// Flag bits. Bit 0: the route is external (reachable from outside the app). Bits 1-2: the
/// preferred open style (0 automatic, 1 push, 2 present). Bit 3, in 'srvc' records only: one
/// instance is shared (0: a new instance per request). Bit 4: the record overrides the records of
/// the same route shape (or service protocol) that are not marked. Bit 5, in a version-1 record:
/// the compiled pattern follows the text (Swift records only). Bit 6, in 'page' records: the
/// protocol the page offers follows the compiled pattern (Swift records only). Bit 7, in 'actn'
/// records: the action is a type (Swift records only). Bit 8, in 'page' records: the result the page
/// returns follows (Swift records only). Bit 9, in route records: the route is a launcher action (an
/// item of the menu on the app's icon). Bit 10, in 'icpt' and 'modl' records: the declaring module
/// and the hook replaced follow the text (Swift records only). Bit 15: set in the flags field of a
/// version-2 record's later blocks, with the block's index. Other bits are reserved and 0.
#define LINKROUTER_FLAG_EXTERNAL 0x0001u
#define LINKROUTER_FLAG_STYLE_SHIFT 1
#define LINKROUTER_FLAG_STYLE_MASK 0x0006u
#define LINKROUTER_FLAG_SHARED_SERVICE 0x0008u
#define LINKROUTER_FLAG_OVERRIDE 0x0010u
#define LINKROUTER_FLAG_COMPILED_PATTERN 0x0020u
#define LINKROUTER_FLAG_DECLARED_PROTOCOL 0x0040u
#define LINKROUTER_FLAG_TYPED_ACTION 0x0080u
#define LINKROUTER_FLAG_DECLARED_RESULT 0x0100u
#define LINKROUTER_FLAG_LAUNCHER_ACTION 0x0200u
#define LINKROUTER_FLAG_HOOK_ORIGIN 0x0400u
#define LINKROUTER_FLAG_CONTINUATION_BLOCK 0x8000u

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

/// One version-1 record.
typedef struct linkrouter_route_record {
    uint32_t magic;                 ///< LINKROUTER_RECORD_MAGIC
    uint16_t version;               ///< LINKROUTER_RECORD_VERSION
    uint16_t flags;                 ///< LINKROUTER_FLAG_* bits
    uint32_t kind;                  ///< LINKROUTER_KIND_*
    uint32_t text_length;           ///< bytes of `text` in use
    linkrouter_route_accessor accessor; ///< the accessor, or for 'cact' a linkrouter_c_action
    uint64_t reserved;              ///< always 0
    char text[LINKROUTER_RECORD_TEXT_CAPACITY]; ///< pattern, then optionally NUL groups (comma-separated), NUL summary, NUL query contract; for 'srvc' the protocol's name
} linkrouter_route_record;

/// The first block of a version-2 record; `body` goes on in the blocks after it
/// (linkrouter_route_record_block), LINKROUTER_RECORD_CONTINUATION_CAPACITY bytes each.
typedef struct linkrouter_route_record_v2 {
    uint32_t magic;                 ///< LINKROUTER_RECORD_MAGIC
    uint16_t version;               ///< LINKROUTER_RECORD_VERSION_2
    uint16_t flags;                 ///< LINKROUTER_FLAG_* bits
    uint32_t kind;                  ///< LINKROUTER_KIND_*
    uint16_t block_count;           ///< the record's size in 128-byte blocks, this one included (every version from 2 on)
    uint16_t text_length;           ///< bytes of text at the start of the body
    linkrouter_route_accessor accessor; ///< the accessor, or for 'cact' a linkrouter_c_action
    uint16_t compiled_length;       ///< bytes of compiled pattern after the text (Swift records), else 0
    uint16_t reserved;              ///< always 0
    uint32_t writer;                ///< the LinkRouter release that wrote it, major << 16 | minor << 8 | patch; 0 unknown (every version from 2 on)
    char body[LINKROUTER_RECORD_TEXT_CAPACITY]; ///< text (as in version 1), then the compiled pattern
} linkrouter_route_record_v2;

/// A block after the first of a version-2 record.
typedef struct linkrouter_route_record_block {
    uint32_t magic;                 ///< LINKROUTER_RECORD_MAGIC
    uint16_t version;               ///< the record's version
    uint16_t index;                 ///< the block's index in the record (1, 2, ...) | LINKROUTER_FLAG_CONTINUATION_BLOCK
    char body[LINKROUTER_RECORD_CONTINUATION_CAPACITY]; ///< the body, continued
} linkrouter_route_record_block;

_Static_assert(sizeof(linkrouter_route_record) == LINKROUTER_RECORD_SIZE, "record size");
_Static_assert(offsetof(linkrouter_route_record, flags) == 6, "flags offset");
_Static_assert(offsetof(linkrouter_route_record, kind) == 8, "kind offset");
_Static_assert(offsetof(linkrouter_route_record, text_length) == 12, "text_length offset");
_Static_assert(offsetof(linkrouter_route_record, accessor) == 16, "accessor offset");
_Static_assert(offsetof(linkrouter_route_record, reserved) == 24, "reserved offset");
_Static_assert(offsetof(linkrouter_route_record, text) == 32, "text offset");
_Static_assert(sizeof(linkrouter_route_record_v2) == LINKROUTER_RECORD_SIZE, "version-2 first block size");
_Static_assert(offsetof(linkrouter_route_record_v2, block_count) == 12, "block_count offset");
_Static_assert(offsetof(linkrouter_route_record_v2, text_length) == 14, "version-2 text_length offset");
_Static_assert(offsetof(linkrouter_route_record_v2, accessor) == 16, "version-2 accessor offset");
_Static_assert(offsetof(linkrouter_route_record_v2, compiled_length) == 24, "compiled_length offset");
_Static_assert(offsetof(linkrouter_route_record_v2, writer) == 28, "writer offset");
_Static_assert(offsetof(linkrouter_route_record_v2, body) == 32, "body offset");
_Static_assert(sizeof(linkrouter_route_record_block) == LINKROUTER_RECORD_SIZE, "block size");
_Static_assert(offsetof(linkrouter_route_record_block, body) == 8, "block body offset");

/// Registers a C action under a pattern from a C module:
///
///     static bool greet(const char *const *names, const char *const *values, size_t count,
///                       char *result, size_t capacity) { ... }
///     LINKROUTER_C_ACTION(greet_route, "greet/:name", greet);
///
/// A pattern of at most 96 bytes makes a version-1 record, which every reader reads; a longer one,
/// up to LINKROUTER_C_PATTERN_CAPACITY (216) bytes, a version-2 record of two blocks, which readers
/// of version 1 skip with a diagnostic. A longer pattern is a compile-time error.
/// `retain` keeps the record through the linker's --gc-sections; `used` through the compiler.
#define LINKROUTER_C_ACTION(identifier, pattern, function) \
    LINKROUTER_C_ACTION_FLAGS(identifier, pattern, function, 0)

/// Registers a C action that overrides the records of the same shape not marked as overrides,
/// wherever they are in link order (what `overrides: true` does in Swift):
///
///     LINKROUTER_C_ACTION_OVERRIDE(greet_route, "greet/:name", greet);
#define LINKROUTER_C_ACTION_OVERRIDE(identifier, pattern, function) \
    LINKROUTER_C_ACTION_FLAGS(identifier, pattern, function, LINKROUTER_FLAG_OVERRIDE)

/// The record LINKROUTER_C_ACTION writes: the header fields in the positions both versions share
/// (a version-1 text length reads as `block_count | text_length << 16` in version 2, and version 1's
/// reserved word is version 2's compiled length, reserved field and writer), then the body, as long
/// as its initializer makes it: 96 bytes (one block) or 224 (two).
typedef struct linkrouter_c_record {
    uint32_t magic;
    uint16_t version;
    uint16_t flags;
    uint32_t kind;
    uint16_t length_low;            ///< version 1: text_length; version 2: block_count
    uint16_t length_high;           ///< version 1: 0; version 2: text_length
    linkrouter_route_accessor accessor;
    uint64_t reserved;              ///< version 1: 0; version 2: the writer in the high half
    char body[];                    ///< the text (and the second block's header, in version 2)
} linkrouter_c_record;

/// What LINKROUTER_C_ACTION and LINKROUTER_C_ACTION_OVERRIDE expand to: a record with `flags`, of
/// version 1 (one block) when the pattern fits 96 bytes, else of version 2 (two blocks). One
/// initializer writes either: the body's bytes by designated index, so that for a short pattern
/// the second block's initializers write again, with the values they have, indices of the first
/// (which GCC and clang would otherwise warn about, hence the pragmas), and the body ends at 96.
#define LINKROUTER_C_ACTION_FLAGS(identifier, pattern, function, flags)                             \
    _Static_assert(sizeof(pattern) - 1 <= LINKROUTER_C_PATTERN_CAPACITY,                            \
                   "route pattern longer than a C record holds (216 bytes)");                       \
    enum { linkrouter_size_##identifier = sizeof(pattern),                                          \
           linkrouter_long_##identifier = sizeof(pattern) - 1 > LINKROUTER_RECORD_TEXT_CAPACITY };  \
    _Pragma("GCC diagnostic push")                                                                  \
    _Pragma("GCC diagnostic ignored \"-Wpedantic\"")                                                \
    _Pragma("GCC diagnostic ignored \"-Woverride-init\"")                                           \
    __attribute__((used, retain, section(LINKROUTER_SECTION_NAME), aligned(8)))                     \
    static const linkrouter_c_record identifier = {                                                 \
        LINKROUTER_RECORD_MAGIC,                                                                    \
        linkrouter_long_##identifier ? LINKROUTER_RECORD_VERSION_2 : LINKROUTER_RECORD_VERSION,     \
        (flags), LINKROUTER_KIND_C_ACTION,                                                          \
        linkrouter_long_##identifier ? 2 : (uint16_t)(sizeof(pattern) - 1),                         \
        linkrouter_long_##identifier ? (uint16_t)(sizeof(pattern) - 1) : 0,                         \
        (linkrouter_route_accessor)(function),                                                      \
        linkrouter_long_##identifier ? (uint64_t)LINKROUTER_WRITER_RELEASE << 32 : 0,               \
        {LINKROUTER_C_TEXT_96(pattern, linkrouter_size_##identifier, 0),                            \
         LINKROUTER_C_MORE_128(pattern, linkrouter_size_##identifier, linkrouter_long_##identifier, 0)}}; \
    _Pragma("GCC diagnostic pop")                                                                   \
    _Static_assert(1, "")

/// Byte `i` of a pattern literal of `size` bytes (its NUL included), 0 past its end: read at compile
/// time, the index kept in bounds.
#define LINKROUTER_C_BYTE(p, size, i) ((i) < (size) ? (p)[(i) % (size)] : 0)
/// The body's byte `i`, by index.
#define LINKROUTER_C_TEXT(p, size, i) [(i)] = LINKROUTER_C_BYTE(p, size, i)
/// The second block's byte `k`, at body index 96 + k: the block header ("LnkR", version 2, index 1
/// with bit 15), then the pattern from byte 96 on. For a short pattern, byte k % 96 again.
#define LINKROUTER_C_MORE(p, size, long, k)                                                         \
    [(long) ? 96 + (k) : (k) % 96] = !(long) ? LINKROUTER_C_BYTE(p, size, (k) % 96)                 \
        : (k) >= 8 ? LINKROUTER_C_BYTE(p, size, 88 + (k)) : "LnkR\2\0\1\200"[(k) % 8]
#define LINKROUTER_C_TEXT_8(p, s, i)                                                                \
    LINKROUTER_C_TEXT(p, s, (i) + 0), LINKROUTER_C_TEXT(p, s, (i) + 1), LINKROUTER_C_TEXT(p, s, (i) + 2), \
    LINKROUTER_C_TEXT(p, s, (i) + 3), LINKROUTER_C_TEXT(p, s, (i) + 4), LINKROUTER_C_TEXT(p, s, (i) + 5), \
    LINKROUTER_C_TEXT(p, s, (i) + 6), LINKROUTER_C_TEXT(p, s, (i) + 7)
#define LINKROUTER_C_TEXT_32(p, s, i)                                                               \
    LINKROUTER_C_TEXT_8(p, s, i), LINKROUTER_C_TEXT_8(p, s, (i) + 8), LINKROUTER_C_TEXT_8(p, s, (i) + 16), \
    LINKROUTER_C_TEXT_8(p, s, (i) + 24)
#define LINKROUTER_C_TEXT_96(p, s, i) LINKROUTER_C_TEXT_32(p, s, i), LINKROUTER_C_TEXT_32(p, s, (i) + 32), LINKROUTER_C_TEXT_32(p, s, (i) + 64)
#define LINKROUTER_C_MORE_8(p, s, l, k)                                                             \
    LINKROUTER_C_MORE(p, s, l, (k) + 0), LINKROUTER_C_MORE(p, s, l, (k) + 1), LINKROUTER_C_MORE(p, s, l, (k) + 2), \
    LINKROUTER_C_MORE(p, s, l, (k) + 3), LINKROUTER_C_MORE(p, s, l, (k) + 4), LINKROUTER_C_MORE(p, s, l, (k) + 5), \
    LINKROUTER_C_MORE(p, s, l, (k) + 6), LINKROUTER_C_MORE(p, s, l, (k) + 7)
#define LINKROUTER_C_MORE_32(p, s, l, k)                                                            \
    LINKROUTER_C_MORE_8(p, s, l, k), LINKROUTER_C_MORE_8(p, s, l, (k) + 8), LINKROUTER_C_MORE_8(p, s, l, (k) + 16), \
    LINKROUTER_C_MORE_8(p, s, l, (k) + 24)
#define LINKROUTER_C_MORE_128(p, s, l, k)                                                           \
    LINKROUTER_C_MORE_32(p, s, l, k), LINKROUTER_C_MORE_32(p, s, l, (k) + 32), LINKROUTER_C_MORE_32(p, s, l, (k) + 64), \
    LINKROUTER_C_MORE_32(p, s, l, (k) + 96)

#endif
