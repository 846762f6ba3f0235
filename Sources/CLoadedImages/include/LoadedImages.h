// Enumerating the loaded ELF objects of this process. Swift's Glibc module hides
// dl_iterate_phdr (it needs _GNU_SOURCE), so it is called from C here.
#ifndef LINKROUTER_LOADED_IMAGES_H
#define LINKROUTER_LOADED_IMAGES_H

#include <stdint.h>

/// Called once per loaded object: its path as the dynamic linker knows it ("" for the main
/// program), its load bias, and the caller's context. Return non-zero to stop.
typedef int (*linkrouter_image_visitor)(const char *name, uintptr_t load_bias, void *context);

/// Calls `visitor` for each loaded object, in load order; returns the last visitor result.
int linkrouter_enumerate_images(linkrouter_image_visitor visitor, void *context);

/// The path and load bias of the object that contains `address`; returns 0 when none does.
int linkrouter_image_containing(const void *address, const char **name, uintptr_t *load_bias);

/// The path and load bias of the object a `dlopen` handle refers to; returns 0 on failure.
int linkrouter_image_of_handle(void *handle, const char **name, uintptr_t *load_bias);

#endif
