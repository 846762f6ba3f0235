#include "CGTK.h"

void linkrouter_gtk_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}
