// Enumerating the loaded ELF objects of this process. Swift's Glibc module hides
// dl_iterate_phdr (it needs _GNU_SOURCE), so it is called from C here.
#ifndef LINKROUTER_LOADED_IMAGES_H
#define LINKROUTER_LOADED_IMAGES_H

#include <stddef.h>
#include <stdint.h>

/// One loadable segment (PT_LOAD) of a loaded object, at its run-time addresses: [start, end);
/// its first `file_size` bytes come from the object's file at `file_offset`.
typedef struct {
    uintptr_t start;
    uintptr_t end;
    uintptr_t file_offset;
    uintptr_t file_size;
} linkrouter_segment;

/// Called once per loaded object: its path as the dynamic linker knows it ("" for the main
/// program; relative when it was loaded by a relative path), its load bias, its loadable
/// segments, the run-time address of its dynamic section (0 when it has none), and the caller's
/// context. Return non-zero to stop.
typedef int (*linkrouter_image_visitor)(
    const char *name, uintptr_t load_bias, const linkrouter_segment *segments, size_t segment_count, uintptr_t dynamic,
    void *context);

/// Calls `visitor` for each loaded object, in load order; returns the last visitor result.
int linkrouter_enumerate_images(linkrouter_image_visitor visitor, void *context);

/// Calls `visitor` for the loaded object a `dlopen` handle refers to; returns 0 on failure.
int linkrouter_visit_image_of_handle(void *handle, linkrouter_image_visitor visitor, void *context);

/// Writes the absolute path of the file mapped at `address`, as /proc/self/maps names it, to
/// `buffer` (NUL-terminated); returns 0 when no file is mapped there or the path does not fit.
int linkrouter_mapped_file(uintptr_t address, char *buffer, size_t capacity);

/// Whether `path` still names the file mapped at `address` (the same device and inode as in
/// /proc/self/maps): 1 when it does; 0 when it does not (replaced, deleted, or never a path of
/// its own, like a memfd's), with the mapping's /proc/self/map_files/START-END entry, which names
/// the loaded file itself, written to `buffer`; -1 when no file is mapped at `address`.
int linkrouter_check_loaded_file(uintptr_t address, const char *path, char *buffer, size_t capacity);

/// Keeps the loaded object that contains `address` loaded for the rest of the process
/// (RTLD_NODELETE), so that `dlclose` never unmaps what routes registered from it point into.
/// Returns 0 when no object contains the address or the dynamic linker refuses.
int linkrouter_keep_image_loaded(uintptr_t address);

/// The bounds of the `linkrouter_routes` section of the object this C file is linked into (the
/// image that links LinkRouter: usually the main program), as the linker defines them with
/// `__start_linkrouter_routes` and `__stop_linkrouter_routes`. Returns 0 when that object has no
/// such section.
int linkrouter_own_route_section(uintptr_t *start, uintptr_t *end);

/// An address inside the object this C file is linked into.
uintptr_t linkrouter_own_image_address(void);

/// Whether a loaded object can hold route records, judged from its dynamic symbol table in memory,
/// without opening its file: 1 when it defines `linkrouter_route_records_marker` (which the record
/// header defines in every object that includes it) or `linkrouter_enumerate_images` (a copy of
/// LinkRouter), or uses a symbol of LinkRouter's Swift modules (what Swift records' accessors
/// call); 0 when it does none of these; -1 when it cannot tell (no dynamic section, or no GNU hash
/// table).
int linkrouter_dynamic_symbols_allow_records(uintptr_t dynamic, uintptr_t load_bias);

/// The LinkRouter build whose sources the object's Swift code was compiled against: the first
/// `linkrouter_build_…` symbol the object imports (every Swift record's accessor calls one), its
/// name copied into `buffer` (NUL-terminated, cut at `capacity - 1` bytes). Returns 1 when the
/// object imports one; 2 when it imports none but uses a symbol of LinkRouter's Swift modules
/// (Swift code compiled against a LinkRouter that had no build identity); 0 when it does neither
/// (no Swift code of LinkRouter's: C records, or none); -1 when its dynamic symbol table cannot
/// be read from memory (no dynamic section or no GNU hash table).
int linkrouter_imported_build(uintptr_t dynamic, uintptr_t load_bias, char *buffer, size_t capacity);

/// Whether `name` is a symbol of LinkRouter's Swift modules LinkRouter, LinkRouterCore or
/// LinkRouterServices (by the start of its mangled name).
int linkrouter_is_linkrouter_swift_symbol(const char *name);

/// Whether `name` is a build-identity symbol, `linkrouter_build_…`.
int linkrouter_is_build_symbol(const char *name);

#endif
