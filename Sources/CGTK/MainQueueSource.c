// Runs libdispatch's main queue from the GLib main loop, as CoreFoundation's run loop does on
// Linux: libdispatch signals an eventfd when main-queue work arrives, and the loop that owns the
// main thread drains the queue. Swift's main actor enqueues its jobs on that queue, so while
// g_application_run turns, `@MainActor` code runs on the GLib main thread, between GTK events.
#include "CGTK.h"
#include <sys/syscall.h>
#include <unistd.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean linkrouter_gtk_drain_main_queue(int fd, int condition, gpointer data) {
    (void)condition;
    (void)data;
    uint64_t count;
    // Clears the eventfd's counter (it is non-blocking and readable: GLib saw G_IO_IN).
    ssize_t ignored = read(fd, &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return 1;
}

void linkrouter_gtk_attach_main_queue_source(void) {
    static int attached = 0;
    if (attached) return;
    attached = 1;
    g_unix_fd_add(_dispatch_get_main_queue_handle_4CF(), CGTK_IO_IN, linkrouter_gtk_drain_main_queue, NULL);
}

int linkrouter_gtk_is_main_thread(void) {
    // The process's main thread is the one whose thread id is the process id.
    return syscall(SYS_gettid) == getpid();
}
