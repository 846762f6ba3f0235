// The record layout is checked by the header's static assertions, compiled here once.
#include "LinkRouterRecord.h"
