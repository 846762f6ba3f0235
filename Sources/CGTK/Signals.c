#include "CGTK.h"

void linkrouter_gtk_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

void linkrouter_gtk_set_accessible_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(widget, CGTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
