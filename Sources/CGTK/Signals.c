#include "CGTK.h"

void linkrouter_gtk_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

void linkrouter_gtk_set_accessible_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(widget, CGTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

typedef struct {
    linkrouter_gtk_method_call call;
    gpointer data;
    GDestroyNotify destroy;
} linkrouter_gtk_export;

static void linkrouter_gtk_dispatch_call(GDBusConnection *connection, const char *sender, const char *object_path,
                                         const char *interface_name, const char *method_name, GVariant *parameters,
                                         GDBusMethodInvocation *invocation, gpointer user_data) {
    (void)connection;
    (void)sender;
    (void)object_path;
    (void)interface_name;
    linkrouter_gtk_export *export = user_data;
    export->call(method_name, parameters, invocation, export->data);
}

static void linkrouter_gtk_free_export(gpointer user_data) {
    linkrouter_gtk_export *export = user_data;
    if (export->destroy) export->destroy(export->data);
    g_free(export);
}

guint linkrouter_gtk_export_interface(GDBusConnection *connection, const char *path, const char *xml, const char *interface_name,
                                      linkrouter_gtk_method_call call, gpointer data, GDestroyNotify destroy, GError **error) {
    static const CGTKDBusInterfaceVTable vtable = {linkrouter_gtk_dispatch_call, NULL, NULL, {NULL}};
    GDBusNodeInfo *info = g_dbus_node_info_new_for_xml(xml, error);
    if (!info) return 0;
    GDBusInterfaceInfo *interface = g_dbus_node_info_lookup_interface(info, interface_name);
    if (!interface) {
        g_dbus_node_info_unref(info);
        return 0;
    }
    linkrouter_gtk_export *export = g_malloc0(sizeof *export);
    export->call = call;
    export->data = data;
    export->destroy = destroy;
    // The registration keeps its own reference to the interface description.
    guint id = g_dbus_connection_register_object(connection, path, interface, &vtable, export, linkrouter_gtk_free_export, error);
    g_dbus_node_info_unref(info);
    return id;
}
