#include "LoadedImages.h"
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    visit->found = 1;
    int result = visit->visitor(name, (uintptr_t)info->dlpi_addr, segments, count, visit->context);
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

int linkrouter_mapped_file(uintptr_t address, char *buffer, size_t capacity) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return 0;
    char *line = 0;
    size_t length = 0;
    int found = 0;
    while (!found && getline(&line, &length, maps) > 0) {
        // "start-end perms offset device inode   path"
        unsigned long start = 0, end = 0;
        int pathOffset = 0;
        if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &start, &end, &pathOffset) < 2 || pathOffset == 0) continue;
        if (address < start || address >= end) continue;
        char *path = line + pathOffset;
        path[strcspn(path, "\n")] = 0;
        if (path[0] == '/' && strlen(path) < capacity) {
            strcpy(buffer, path);
            found = 1;
        }
        break;
    }
    free(line);
    fclose(maps);
    return found;
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
