// An app that uses LinkRouterGTK gets the desktop features that need no GTK with it:
// DesktopEntry for its `.desktop` file, DesktopOpenerDispatcher for other apps' links.
@_exported public import LinkRouterDesktop
