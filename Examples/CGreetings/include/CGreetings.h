// A C module that registers a route with the C macro.
#ifndef DEMO_C_GREETINGS_H
#define DEMO_C_GREETINGS_H
#endif
