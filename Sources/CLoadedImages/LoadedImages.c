#include "LoadedImages.h"
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

// Objects have a handful of loadable segments; more than this many are not described.
#define LINKROUTER_MAX_SEGMENTS 32

struct visit {
    linkrouter_image_visitor visitor;
    void *context;
    // When set, only the object with this load bias and name is visited.
    int filter;
    uintptr_t bias;
    const char *name;
    int found;
};

// The run-time address of an object's dynamic section (PT_DYNAMIC), or 0 when it has none.
static uintptr_t dynamic_section(const struct dl_phdr_info *info) {
    for (size_t index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type == PT_DYNAMIC) return (uintptr_t)info->dlpi_addr + (uintptr_t)info->dlpi_phdr[index].p_vaddr;
    }
    return 0;
}

static int visit_one(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct visit *visit = data;
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    if (visit->filter && (info->dlpi_addr != visit->bias || strcmp(name, visit->name) != 0)) return 0;
    linkrouter_segment segments[LINKROUTER_MAX_SEGMENTS];
    size_t count = 0;
    for (size_t index = 0; index < info->dlpi_phnum && count < LINKROUTER_MAX_SEGMENTS; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || header->p_memsz == 0) continue;
        uintptr_t start = (uintptr_t)info->dlpi_addr + (uintptr_t)header->p_vaddr;
        segments[count].start = start;
        segments[count].end = start + (uintptr_t)header->p_memsz;
        segments[count].file_offset = (uintptr_t)header->p_offset;
        segments[count].file_size = (uintptr_t)header->p_filesz;
        count++;
    }
    // The vdso has no file and holds no records: left out here, so that no one looks for its file
    // in /proc/self/maps.
    const uintptr_t vdso = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
    if (vdso != 0 && count > 0 && segments[0].start <= vdso && vdso < segments[0].end) return 0;
    visit->found = 1;
    int result = visit->visitor(name, (uintptr_t)info->dlpi_addr, segments, count, dynamic_section(info), visit->context);
    return visit->filter ? 1 : result;
}

int linkrouter_enumerate_images(linkrouter_image_visitor visitor, void *context) {
    struct visit visit = {visitor, context, 0, 0, "", 0};
    return dl_iterate_phdr(visit_one, &visit);
}

int linkrouter_visit_image_of_handle(void *handle, linkrouter_image_visitor visitor, void *context) {
    struct link_map *map = 0;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map) return 0;
    // The link map has the name and load bias; dl_iterate_phdr has the segments.
    struct visit visit = {visitor, context, 1, (uintptr_t)map->l_addr, map->l_name ? map->l_name : "", 0};
    dl_iterate_phdr(visit_one, &visit);
    return visit.found;
}

// One line of /proc/self/maps: the range [start, end) maps the file with device `major:minor`
// and inode `inode` from `file_offset` on.
typedef struct {
    uintptr_t start;
    uintptr_t end;
    uintptr_t file_offset;
    unsigned int major;
    unsigned int minor;
    unsigned long inode;
} linkrouter_mapping;

// Finds the line of /proc/self/maps whose range contains `address` and hands it to `found` with
// its fields; returns what `found` returns, or `not_found` when no line contains the address.
static int find_mapping(uintptr_t address, int (*found)(const linkrouter_mapping *, const char *, void *), void *context, int not_found) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return not_found;
    char *line = 0;
    size_t length = 0;
    int result = not_found;
    while (getline(&line, &length, maps) > 0) {
        // "start-end perms offset major:minor inode   path"
        unsigned long start = 0, end = 0, offset = 0, inode = 0;
        unsigned int major = 0, minor = 0;
        int pathOffset = 0;
        if (sscanf(line, "%lx-%lx %*s %lx %x:%x %lu %n", &start, &end, &offset, &major, &minor, &inode, &pathOffset) < 6 || pathOffset == 0) continue;
        if (address < start || address >= end) continue;
        char *path = line + pathOffset;
        path[strcspn(path, "\n")] = 0;
        linkrouter_mapping mapping = {start, end, offset, major, minor, inode};
        result = found(&mapping, path, context);
        break;
    }
    free(line);
    fclose(maps);
    return result;
}

struct path_buffer {
    char *buffer;
    size_t capacity;
};

static int copy_path(const linkrouter_mapping *mapping, const char *path, void *context) {
    (void)mapping;
    struct path_buffer *out = context;
    if (path[0] != '/' || strlen(path) >= out->capacity) return 0;
    strcpy(out->buffer, path);
    return 1;
}

int linkrouter_mapped_file(uintptr_t address, char *buffer, size_t capacity) {
    struct path_buffer out = {buffer, capacity};
    return find_mapping(address, copy_path, &out, 0);
}

struct identity_check {
    const char *path;
    char *buffer;
    size_t capacity;
};

static int compare_identity(const linkrouter_mapping *mapping, const char *mapped_path, void *context) {
    (void)mapped_path;
    struct identity_check *check = context;
    struct stat status;
    if (stat(check->path, &status) == 0 && major(status.st_dev) == mapping->major && minor(status.st_dev) == mapping->minor &&
        status.st_ino == mapping->inode) return 1;
    int written = snprintf(check->buffer, check->capacity, "/proc/self/map_files/%lx-%lx", (unsigned long)mapping->start, (unsigned long)mapping->end);
    return written > 0 && (size_t)written < check->capacity ? 0 : -1;
}

int linkrouter_check_loaded_file(uintptr_t address, const char *path, char *buffer, size_t capacity) {
    struct identity_check check = {path, buffer, capacity};
    if (capacity > 0) buffer[0] = 0;
    return find_mapping(address, compare_identity, &check, -1);
}

int linkrouter_keep_image_loaded(uintptr_t address) {
    Dl_info info;
    if (!dladdr((const void *)address, &info) || !info.dli_fname || !info.dli_fname[0]) return 0;
    // RTLD_NOLOAD finds the object by the name the dynamic linker knows it by, without opening a
    // file; RTLD_NODELETE then stays on it after this reference is dropped again.
    void *handle = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
    if (!handle) return 0;
    dlclose(handle);
    return 1;
}

// Defined by the linker for a section whose name is a C identifier, in the object being linked;
// weak, so that an object without route records links (and reads them as absent), and hidden, so
// that each object sees its own section, never another library's.
extern const char __start_linkrouter_routes[] __attribute__((weak, visibility("hidden")));
extern const char __stop_linkrouter_routes[] __attribute__((weak, visibility("hidden")));

int linkrouter_own_route_section(uintptr_t *start, uintptr_t *end) {
    *start = (uintptr_t)__start_linkrouter_routes;
    *end = (uintptr_t)__stop_linkrouter_routes;
    return *start != 0 && *end >= *start;
}

uintptr_t linkrouter_own_image_address(void) {
    return (uintptr_t)&linkrouter_own_route_section;
}

// What the dynamic linker's tables of one object give, at run-time addresses.
struct dynamic_symbols {
    const ElfW(Sym) *symbols;
    const char *names;
    size_t names_size;
    const uint32_t *gnu_hash;
};

// glibc relocates the pointers of a writable dynamic section in place; a read-only one (the vdso,
// some architectures) keeps link-time addresses, which are below the load bias of a shared object.
static uintptr_t run_time_address(uintptr_t value, uintptr_t bias) {
    return value != 0 && value < bias ? value + bias : value;
}

static int read_dynamic_symbols(uintptr_t dynamic, uintptr_t bias, struct dynamic_symbols *out) {
    memset(out, 0, sizeof *out);
    for (const ElfW(Dyn) *entry = (const ElfW(Dyn) *)dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: out->symbols = (const ElfW(Sym) *)run_time_address(entry->d_un.d_ptr, bias); break;
        case DT_STRTAB: out->names = (const char *)run_time_address(entry->d_un.d_ptr, bias); break;
        case DT_STRSZ: out->names_size = entry->d_un.d_val; break;
        case DT_GNU_HASH: out->gnu_hash = (const uint32_t *)run_time_address(entry->d_un.d_ptr, bias); break;
        default: break;
        }
    }
    return out->symbols && out->names && out->names_size && out->gnu_hash;
}

static uint32_t gnu_hash_of(const char *name) {
    uint32_t hash = 5381;
    for (const unsigned char *byte = (const unsigned char *)name; *byte; byte++) hash = hash * 33 + *byte;
    return hash;
}

// Whether the object defines `name` in its dynamic symbol table: the dynamic linker's own lookup
// through the GNU hash table (buckets, then a chain whose last entry has bit 0 set).
static int defines_symbol(const struct dynamic_symbols *table, const char *name) {
    const uint32_t bucket_count = table->gnu_hash[0], first_hashed = table->gnu_hash[1], bloom_words = table->gnu_hash[2];
    if (bucket_count == 0) return 0;
    const uint32_t *buckets = (const uint32_t *)((const ElfW(Addr) *)(table->gnu_hash + 4) + bloom_words);
    const uint32_t *chain = buckets + bucket_count;
    const uint32_t hash = gnu_hash_of(name);
    uint32_t index = buckets[hash % bucket_count];
    if (index < first_hashed) return 0;
    for (;; index++) {
        const uint32_t entry = chain[index - first_hashed];
        const ElfW(Sym) *symbol = &table->symbols[index];
        if ((entry | 1) == (hash | 1) && symbol->st_shndx != SHN_UNDEF && symbol->st_name < table->names_size &&
            strcmp(table->names + symbol->st_name, name) == 0) return 1;
        if (entry & 1) return 0;
    }
}

int linkrouter_is_linkrouter_swift_symbol(const char *name) {
    // Swift's mangled names of the modules LinkRouter, LinkRouterCore and LinkRouterServices
    // start "$s10LinkRouter", "$s14LinkRouterCore", "$s18LinkRouterServices".
    if (name[0] != '$' || name[1] != 's' || name[2] != '1' || name[3] == 0 || strncmp(name + 4, "LinkRouter", 10) != 0) return 0;
    return name[3] == '0' || (name[3] == '4' && strncmp(name + 14, "Core", 4) == 0) ||
        (name[3] == '8' && strncmp(name + 14, "Services", 8) == 0);
}

// Whether the object uses a symbol of LinkRouter's Swift modules that it does not define. The
// linkers put the symbols they do not hash (the undefined ones) before the first hashed one.
static int uses_linkrouter(const struct dynamic_symbols *table) {
    const uint32_t first_hashed = table->gnu_hash[1];
    for (uint32_t index = 1; index < first_hashed; index++) {
        const ElfW(Sym) *symbol = &table->symbols[index];
        if (symbol->st_shndx != SHN_UNDEF || symbol->st_name >= table->names_size) continue;
        if (linkrouter_is_linkrouter_swift_symbol(table->names + symbol->st_name)) return 1;
    }
    return 0;
}

int linkrouter_dynamic_symbols_allow_records(uintptr_t dynamic, uintptr_t load_bias) {
    struct dynamic_symbols table;
    if (!dynamic || !read_dynamic_symbols(dynamic, load_bias, &table)) return -1;
    // C records: the record header defines the marker in every object that includes it. A copy of
    // LinkRouter: its C helpers. Swift records: their accessors call LinkRouter.
    if (defines_symbol(&table, "linkrouter_route_records_marker")) return 1;
    if (defines_symbol(&table, "linkrouter_enumerate_images")) return 1;
    return uses_linkrouter(&table);
}

int linkrouter_imported_build(uintptr_t dynamic, uintptr_t load_bias, char *buffer, size_t capacity) {
    struct dynamic_symbols table;
    if (!dynamic || !read_dynamic_symbols(dynamic, load_bias, &table)) return -1;
    int uses_swift = 0;
    // As in uses_linkrouter: the undefined symbols come before the first hashed one.
    const uint32_t first_hashed = table.gnu_hash[1];
    for (uint32_t index = 1; index < first_hashed; index++) {
        const ElfW(Sym) *symbol = &table.symbols[index];
        if (symbol->st_shndx != SHN_UNDEF || symbol->st_name >= table.names_size) continue;
        const char *name = table.names + symbol->st_name;
        if (!linkrouter_is_build_symbol(name)) {
            uses_swift = uses_swift || linkrouter_is_linkrouter_swift_symbol(name);
            continue;
        }
        if (capacity > 0) {
            size_t length = strnlen(name, table.names_size - symbol->st_name);
            if (length >= capacity) length = capacity - 1;
            memcpy(buffer, name, length);
            buffer[length] = 0;
        }
        return 1;
    }
    return uses_swift ? 2 : 0;
}

int linkrouter_is_build_symbol(const char *name) {
    return strncmp(name, "linkrouter_build_", 17) == 0;
}
