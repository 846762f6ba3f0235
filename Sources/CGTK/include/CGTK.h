// The slice of GLib, GIO, GTK 4 and libadwaita that LinkRouterGTK calls, declared here instead of
// including <adwaita.h>: pkg-config's flags for GTK (-pthread, -msse...) make SwiftPM warn and a
// package cannot pass them through unsafeFlags, so the module needs no header search path at all.
// Each declaration is the library's own prototype (GTK 4.8, libadwaita 1.2); objects are opaque.
// The libraries are linked by the target's linkerSettings.
#ifndef CGTK_H
#define CGTK_H

#include <stdint.h>
#include <stddef.h>

typedef int gboolean;
typedef void *gpointer;
typedef unsigned long gulong;
typedef unsigned int guint;

typedef struct _GObject GObject;
typedef struct _GApplication GApplication;
typedef struct _GFile GFile;
typedef struct _GSimpleAction GSimpleAction;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GError { uint32_t domain; int code; char *message; } GError;
typedef struct _GtkWidget GtkWidget;
typedef struct _GtkApplication GtkApplication;
typedef struct _GtkEventController GtkEventController;
typedef struct _GdkPaintable GdkPaintable;
typedef struct _GtkSnapshot GtkSnapshot;
typedef struct _GskRenderNode GskRenderNode;
typedef struct _GskRenderer GskRenderer;
typedef struct _GdkTexture GdkTexture;
typedef struct _GdkFrameClock GdkFrameClock;
typedef struct _GBytes GBytes;
typedef struct _AdwToast AdwToast;
typedef struct _AdwViewStackPage AdwViewStackPage;
typedef struct _GBinding GBinding;
typedef struct _GNotification GNotification;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusMethodInvocation GDBusMethodInvocation;
typedef struct _GCancellable GCancellable;
typedef struct _GDBusNodeInfo GDBusNodeInfo;
typedef struct _GDBusInterfaceInfo GDBusInterfaceInfo;
typedef struct { float x, y, width, height; } CGTKRect;   // graphene_rect_t

typedef void (*GCallback)(void);
typedef void (*GClosureNotify)(gpointer data, void *closure);
typedef void (*GDestroyNotify)(gpointer data);
typedef gboolean (*GSourceFunc)(gpointer data);
typedef gboolean (*CGTKUnixFDSourceFunc)(int fd, int condition, gpointer data);   // GUnixFDSourceFunc
typedef gboolean (*CGTKTickCallback)(GtkWidget *widget, GdkFrameClock *frame_clock, gpointer data);   // GtkTickCallback

// GLib / GObject / GIO
void g_object_unref(gpointer object);
gpointer g_object_ref(gpointer object);
gpointer g_object_ref_sink(gpointer object);
void g_signal_emit_by_name(gpointer instance, const char *detailed_signal, ...);
void gtk_accessible_update_property(gpointer accessible, int first_property, ...);
gulong g_signal_connect_data(gpointer instance, const char *detailed_signal, GCallback handler, gpointer data,
                             GClosureNotify destroy_data, int connect_flags);
guint g_unix_fd_add(int fd, int condition, CGTKUnixFDSourceFunc function, gpointer data);
guint g_timeout_add_full(int priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify);
void g_signal_handler_disconnect(gpointer instance, gulong handler_id);
gboolean g_signal_handler_is_connected(gpointer instance, gulong handler_id);
gboolean g_source_remove(guint tag);
void g_free(gpointer memory);
char *g_markup_escape_text(const char *text, long length);
void g_error_free(GError *error);
gboolean g_file_set_contents(const char *filename, const char *contents, long length, GError **error);
const void *g_bytes_get_data(GBytes *bytes, size_t *size);
void g_bytes_unref(GBytes *bytes);
int g_application_run(GApplication *application, int argc, char **argv);
void g_application_quit(GApplication *application);
void g_application_hold(GApplication *application);
void g_application_release(GApplication *application);
char *g_file_get_uri(GFile *file);
GSimpleAction *g_simple_action_new(const char *name, const GVariantType *parameter_type);
void g_action_map_add_action(gpointer action_map, gpointer action);
GVariantType *g_variant_type_new(const char *type_string);
void g_variant_type_free(GVariantType *type);
const char *g_variant_get_string(GVariant *value, size_t *length);
GBinding *g_object_bind_property(gpointer source, const char *source_property, gpointer target, const char *target_property,
                                 int flags);
gboolean g_application_register(GApplication *application, GCancellable *cancellable, GError **error);
gboolean g_application_get_is_remote(GApplication *application);
const char *g_application_get_application_id(GApplication *application);
GDBusConnection *g_application_get_dbus_connection(GApplication *application);
const char *g_application_get_dbus_object_path(GApplication *application);
void g_application_send_notification(GApplication *application, const char *id, GNotification *notification);
void g_application_withdraw_notification(GApplication *application, const char *id);
GNotification *g_notification_new(const char *title);
void g_notification_set_body(GNotification *notification, const char *body);
void g_notification_set_default_action_and_target_value(GNotification *notification, const char *action, GVariant *target);
void g_notification_add_button_with_target_value(GNotification *notification, const char *label, const char *action, GVariant *target);
GVariant *g_variant_new_string(const char *string);
GVariant *g_variant_new_strv(const char *const *strv, long length);
GVariant *g_variant_new_tuple(GVariant *const *children, size_t n_children);
GVariant *g_variant_new_array(const GVariantType *child_type, GVariant *const *children, size_t n_children);
GVariant *g_variant_new_dict_entry(GVariant *key, GVariant *value);
GVariant *g_variant_new_variant(GVariant *value);
GVariant *g_variant_ref_sink(GVariant *value);
void g_variant_unref(GVariant *value);
size_t g_variant_n_children(GVariant *value);
GVariant *g_variant_get_child_value(GVariant *value, size_t index);
const char **g_variant_get_strv(GVariant *value, size_t *length);
uint32_t g_variant_get_uint32(GVariant *value);
const char *g_variant_get_type_string(GVariant *value);
void g_dbus_method_invocation_return_value(GDBusMethodInvocation *invocation, GVariant *parameters);
void g_dbus_method_invocation_return_dbus_error(GDBusMethodInvocation *invocation, const char *error_name, const char *error_message);
GVariant *g_dbus_connection_call_sync(GDBusConnection *connection, const char *bus_name, const char *object_path,
                                      const char *interface_name, const char *method_name, GVariant *parameters,
                                      const GVariantType *reply_type, int flags, int timeout_msec, GCancellable *cancellable,
                                      GError **error);
gboolean g_dbus_connection_unregister_object(GDBusConnection *connection, guint registration_id);
GDBusNodeInfo *g_dbus_node_info_new_for_xml(const char *xml_data, GError **error);
GDBusInterfaceInfo *g_dbus_node_info_lookup_interface(GDBusNodeInfo *info, const char *name);
void g_dbus_node_info_unref(GDBusNodeInfo *info);
gpointer g_malloc0(size_t n_bytes);
// GDBusInterfaceVTable: three functions, then eight pointers of padding (the header test compares the layout).
typedef void (*CGTKDBusMethodCallFunc)(GDBusConnection *connection, const char *sender, const char *object_path,
                                       const char *interface_name, const char *method_name, GVariant *parameters,
                                       GDBusMethodInvocation *invocation, gpointer user_data);
typedef struct {
    CGTKDBusMethodCallFunc method_call;
    void *get_property;
    void *set_property;
    gpointer padding[8];
} CGTKDBusInterfaceVTable;
guint g_dbus_connection_register_object(GDBusConnection *connection, const char *object_path, GDBusInterfaceInfo *interface_info,
                                        const CGTKDBusInterfaceVTable *vtable, gpointer user_data, GDestroyNotify user_data_free_func,
                                        GError **error);

// G_BINDING_SYNC_CREATE
#define CGTK_BINDING_SYNC_CREATE 2

// Constants: each names, after `// =`, the one it stands for (the header test compares them).
#define CGTK_IO_IN 1  // = G_IO_IN
#define CGTK_APPLICATION_HANDLES_OPEN 4  // = G_APPLICATION_HANDLES_OPEN

// GTK
void gtk_window_set_title(GtkWidget *window, const char *title);
void gtk_window_set_default_size(GtkWidget *window, int width, int height);
void gtk_window_set_transient_for(GtkWidget *window, GtkWidget *parent);
void gtk_window_set_modal(GtkWidget *window, gboolean modal);
void gtk_window_set_destroy_with_parent(GtkWidget *window, gboolean setting);
void gtk_window_present(GtkWidget *window);
gboolean gtk_window_is_active(GtkWidget *window);
GtkWidget *gtk_separator_new(int orientation);
void gtk_widget_set_size_request(GtkWidget *widget, int width, int height);
void gtk_box_remove(GtkWidget *box, GtkWidget *child);
void gtk_window_destroy(GtkWidget *window);
GtkWidget *gtk_box_new(int orientation, int spacing);
void gtk_box_append(GtkWidget *box, GtkWidget *child);
GtkWidget *gtk_label_new(const char *text);
void gtk_label_set_wrap(GtkWidget *label, gboolean wrap);
GtkWidget *gtk_button_new_with_label(const char *label);
GtkWidget *gtk_button_new_from_icon_name(const char *icon_name);
GtkWidget *gtk_entry_new(void);
const char *gtk_editable_get_text(GtkWidget *editable);
void gtk_editable_set_text(GtkWidget *editable, const char *text);
void gtk_entry_set_placeholder_text(GtkWidget *entry, const char *text);
GtkWidget *gtk_stack_new(void);
void *gtk_stack_add_child(GtkWidget *stack, GtkWidget *child);   // a GtkStackPage*, unused
void gtk_stack_remove(GtkWidget *stack, GtkWidget *child);
void gtk_stack_set_visible_child(GtkWidget *stack, GtkWidget *child);
void gtk_stack_set_transition_type(GtkWidget *stack, int transition);
unsigned gtk_stack_get_transition_duration(GtkWidget *stack);
int gtk_stack_get_transition_type(GtkWidget *stack);
gboolean gtk_stack_get_transition_running(GtkWidget *stack);
void gtk_widget_set_visible(GtkWidget *widget, gboolean visible);
void gtk_widget_set_vexpand(GtkWidget *widget, gboolean expand);
void gtk_widget_set_hexpand(GtkWidget *widget, gboolean expand);
void gtk_widget_set_halign(GtkWidget *widget, int align);
void gtk_widget_add_css_class(GtkWidget *widget, const char *css_class);
void gtk_widget_set_tooltip_text(GtkWidget *widget, const char *text);
const char *gtk_widget_get_tooltip_text(GtkWidget *widget);
gboolean gtk_widget_activate(GtkWidget *widget);
GtkWidget *gtk_widget_get_parent(GtkWidget *widget);
GtkWidget *gtk_widget_get_first_child(GtkWidget *widget);
GtkWidget *gtk_widget_get_next_sibling(GtkWidget *widget);
const char *gtk_button_get_label(GtkWidget *button);
size_t gtk_button_get_type(void);   // a GType
size_t gtk_label_get_type(void);    // a GType
const char *gtk_label_get_text(GtkWidget *label);
gboolean g_type_check_instance_is_a(void *instance, size_t type);
void gtk_window_close(GtkWidget *window);
int gtk_widget_get_width(GtkWidget *widget);
int gtk_widget_get_height(GtkWidget *widget);
void gtk_widget_add_controller(GtkWidget *widget, GtkEventController *controller);
GtkEventController *gtk_event_controller_key_new(void);
GdkPaintable *gtk_widget_paintable_new(GtkWidget *widget);
GtkSnapshot *gtk_snapshot_new(void);
GskRenderNode *gtk_snapshot_free_to_node(GtkSnapshot *snapshot);
void gdk_paintable_snapshot(GdkPaintable *paintable, GtkSnapshot *snapshot, double width, double height);
GskRenderer *gtk_native_get_renderer(GtkWidget *native);
GdkTexture *gsk_renderer_render_texture(GskRenderer *renderer, GskRenderNode *root, const CGTKRect *viewport);
void gsk_render_node_unref(GskRenderNode *node);
GBytes *gdk_texture_save_to_png_bytes(GdkTexture *texture);
GdkFrameClock *gtk_widget_get_frame_clock(GtkWidget *widget);
guint gtk_widget_add_tick_callback(GtkWidget *widget, CGTKTickCallback callback, gpointer user_data, GDestroyNotify notify);
gboolean gtk_widget_get_mapped(GtkWidget *widget);
void gtk_widget_queue_draw(GtkWidget *widget);
const char *gtk_window_get_title(GtkWidget *window);

// GtkOrientation, GtkAlign, GtkStackTransitionType, GdkModifierType, key values
#define CGTK_ORIENTATION_HORIZONTAL 0  // = GTK_ORIENTATION_HORIZONTAL
#define CGTK_ORIENTATION_VERTICAL 1  // = GTK_ORIENTATION_VERTICAL
#define CGTK_ALIGN_CENTER 3  // = GTK_ALIGN_CENTER
#define CGTK_STACK_TRANSITION_NONE 0  // = GTK_STACK_TRANSITION_TYPE_NONE
#define CGTK_STACK_TRANSITION_SLIDE_LEFT 3  // = GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
#define CGTK_STACK_TRANSITION_SLIDE_RIGHT 2  // = GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
#define CGTK_ALT_MASK (1 << 3)  // = GDK_ALT_MASK
#define CGTK_KEY_Escape 0xff1b  // = GDK_KEY_Escape
#define CGTK_KEY_Left 0xff51  // = GDK_KEY_Left
#define CGTK_ACCESSIBLE_PROPERTY_LABEL 4  // = GTK_ACCESSIBLE_PROPERTY_LABEL
#define CGTK_FOLD_THRESHOLD_POLICY_MINIMUM 0  // = ADW_FOLD_THRESHOLD_POLICY_MINIMUM

// libadwaita
GtkApplication *adw_application_new(const char *application_id, int flags);
GtkWidget *adw_application_window_new(GtkApplication *application);
void adw_application_window_set_content(GtkWidget *window, GtkWidget *content);
GtkWidget *adw_window_new(void);
void adw_window_set_content(GtkWidget *window, GtkWidget *content);
GtkWidget *adw_header_bar_new(void);
void adw_header_bar_pack_start(GtkWidget *header_bar, GtkWidget *child);
void adw_header_bar_pack_end(GtkWidget *header_bar, GtkWidget *child);
void adw_header_bar_set_title_widget(GtkWidget *header_bar, GtkWidget *title_widget);
GtkWidget *adw_window_title_new(const char *title, const char *subtitle);
void adw_window_title_set_title(GtkWidget *self, const char *title);
GtkWidget *adw_toast_overlay_new(void);
void adw_toast_overlay_set_child(GtkWidget *overlay, GtkWidget *child);
void adw_toast_overlay_add_toast(GtkWidget *overlay, AdwToast *toast);
AdwToast *adw_toast_new(const char *title);
void adw_toast_set_timeout(AdwToast *toast, guint timeout);
GtkWidget *adw_status_page_new(void);
void adw_status_page_set_title(GtkWidget *page, const char *title);
void adw_status_page_set_description(GtkWidget *page, const char *description);
void adw_status_page_set_icon_name(GtkWidget *page, const char *icon_name);
void adw_status_page_set_child(GtkWidget *page, GtkWidget *child);
const char *adw_status_page_get_description(GtkWidget *page);
GtkWidget *adw_view_stack_new(void);
AdwViewStackPage *adw_view_stack_add_titled(GtkWidget *stack, GtkWidget *child, const char *name, const char *title);
void adw_view_stack_page_set_icon_name(AdwViewStackPage *page, const char *icon_name);
void adw_view_stack_set_visible_child(GtkWidget *stack, GtkWidget *child);
const char *adw_view_stack_get_visible_child_name(GtkWidget *stack);
GtkWidget *adw_view_switcher_title_new(void);
void adw_view_switcher_title_set_stack(GtkWidget *title, GtkWidget *stack);
void adw_view_switcher_title_set_title(GtkWidget *title, const char *text);
GtkWidget *adw_leaflet_new(void);
void *adw_leaflet_append(GtkWidget *leaflet, GtkWidget *child);   // an AdwLeafletPage*
void adw_leaflet_page_set_navigatable(void *page, gboolean navigatable);
void adw_leaflet_set_visible_child(GtkWidget *leaflet, GtkWidget *visible_child);
gboolean adw_leaflet_get_folded(GtkWidget *leaflet);
gboolean adw_leaflet_get_child_transition_running(GtkWidget *leaflet);
void adw_leaflet_set_mode_transition_duration(GtkWidget *leaflet, guint duration);
void adw_leaflet_set_fold_threshold_policy(GtkWidget *leaflet, int policy);
GtkWidget *adw_clamp_new(void);
void adw_clamp_set_child(GtkWidget *clamp, GtkWidget *child);
void adw_clamp_set_maximum_size(GtkWidget *clamp, int maximum_size);
GtkWidget *adw_clamp_get_child(GtkWidget *clamp);
GtkWidget *adw_view_switcher_bar_new(void);
void adw_view_switcher_bar_set_stack(GtkWidget *bar, GtkWidget *stack);

// LinkRouterGTK's own C: lets the GLib main loop run the jobs of libdispatch's main queue (and so
// of Swift's main actor); see MainQueueSource.c. Call on the main thread, once.
void linkrouter_gtk_attach_main_queue_source(void);

// Exports a D-Bus interface, described by `xml` (introspection data holding `interface_name`), at
// `path` on `connection`: GDBus checks each call's arguments against the description and passes
// it to `call` (on the main context's thread) with `data`; `destroy` frees `data` when the object
// is unregistered. Returns the registration id, or 0 with `error` set. (GDBusInterfaceVTable, the
// table g_dbus_connection_register_object takes, is filled here, in C.)
typedef void (*linkrouter_gtk_method_call)(const char *method_name, GVariant *parameters, GDBusMethodInvocation *invocation,
                                            gpointer data);
guint linkrouter_gtk_export_interface(GDBusConnection *connection, const char *path, const char *xml, const char *interface_name,
                                      linkrouter_gtk_method_call call, gpointer data, GDestroyNotify destroy, GError **error);

// Whether the calling thread is the process's main thread (its thread id is the process id).
int linkrouter_gtk_is_main_thread(void);

// Emits a signal that takes no arguments and returns nothing (g_signal_emit_by_name is variadic,
// which Swift cannot call): an entry's `activate`, as pressing Enter does.
void linkrouter_gtk_emit(gpointer instance, const char *signal);

// Gives a widget its accessible name (GTK_ACCESSIBLE_PROPERTY_LABEL), what a screen reader says
// for it: gtk_accessible_update_property is variadic too.
void linkrouter_gtk_set_accessible_label(gpointer widget, const char *label);

#endif
