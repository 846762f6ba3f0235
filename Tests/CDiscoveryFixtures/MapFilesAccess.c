#include "DiscoveryFixtures.h"
#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

// CAP_SYS_ADMIN and CAP_CHECKPOINT_RESTORE (Linux 5.9), by number: older headers lack the second.
static const unsigned map_files_capabilities[] = {21, 40};

int linkrouter_fixture_allow_map_files(int allowed) {
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    if (syscall(SYS_capget, &header, data) != 0) return -1;
    for (size_t index = 0; index < sizeof map_files_capabilities / sizeof *map_files_capabilities; index++) {
        const unsigned word = map_files_capabilities[index] / 32, mask = 1u << (map_files_capabilities[index] % 32);
        data[word].effective = allowed ? data[word].effective | (data[word].permitted & mask) : data[word].effective & ~mask;
    }
    return (int)syscall(SYS_capset, &header, data);
}

int linkrouter_fixture_memfd(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 0u);
}
