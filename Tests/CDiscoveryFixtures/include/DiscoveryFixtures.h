// Route records planted in the test binary: a C action, and records a reader must skip.
#ifndef LINKROUTER_DISCOVERY_FIXTURES_H
#define LINKROUTER_DISCOVERY_FIXTURES_H

/// Referenced by the tests so the linker keeps this object file.
int linkrouter_discovery_fixtures_anchor(void);

/// Lowers (0) or raises again (1) the calling thread's effective CAP_SYS_ADMIN and
/// CAP_CHECKPOINT_RESTORE, which opening /proc/self/map_files entries takes; they stay permitted.
/// Returns 0 on success. Capabilities are per thread: only the caller is affected.
int linkrouter_fixture_allow_map_files(int allowed);

/// A new anonymous memory file (memfd_create), or -1.
int linkrouter_fixture_memfd(const char *name);

#endif
