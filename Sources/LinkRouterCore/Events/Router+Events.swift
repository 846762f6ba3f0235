extension Router {
    /// The delegate, held weakly.
    public var delegate: (any RouterDelegate)? {
        get { events.delegate }
        set { events.delegate = newValue }
    }

    /// A stream of every event from now on, until the consumer stops iterating. Each call returns
    /// a new stream; a consumer that falls more than 1,024 events behind loses the oldest.
    public func eventStream() -> AsyncStream<RouterEvent> {
        events.stream()
    }
}
