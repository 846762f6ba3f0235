// Route records planted in the test binary: a C action, and records a reader must skip.
#ifndef LINKROUTER_DISCOVERY_FIXTURES_H
#define LINKROUTER_DISCOVERY_FIXTURES_H

/// Referenced by the tests so the linker keeps this object file.
int linkrouter_discovery_fixtures_anchor(void);

#endif
