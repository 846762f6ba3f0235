extension Router {
    /// Where opened pages are shown; `nil` (the default) builds pages and shows them nowhere.
    public var navigator: (any Navigator)? {
        get { navigatorSlot.withLock { $0 } }
        set { navigatorSlot.withLock { $0 = newValue } }
    }
}
