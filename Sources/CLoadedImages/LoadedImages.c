#include "LoadedImages.h"
#include <link.h>
#include <dlfcn.h>

struct visit {
    linkrouter_image_visitor visitor;
    void *context;
};

static int visit_one(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct visit *visit = data;
    return visit->visitor(info->dlpi_name ? info->dlpi_name : "", (uintptr_t)info->dlpi_addr, visit->context);
}

int linkrouter_enumerate_images(linkrouter_image_visitor visitor, void *context) {
    struct visit visit = {visitor, context};
    return dl_iterate_phdr(visit_one, &visit);
}

int linkrouter_image_containing(const void *address, const char **name, uintptr_t *load_bias) {
    Dl_info info;
    struct link_map *map = 0;
    if (!dladdr1(address, &info, (void **)&map, RTLD_DL_LINKMAP) || !map) return 0;
    *name = map->l_name ? map->l_name : "";
    *load_bias = (uintptr_t)map->l_addr;
    return 1;
}

int linkrouter_image_of_handle(void *handle, const char **name, uintptr_t *load_bias) {
    struct link_map *map = 0;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map) return 0;
    *name = map->l_name ? map->l_name : "";
    *load_bias = (uintptr_t)map->l_addr;
    return 1;
}
