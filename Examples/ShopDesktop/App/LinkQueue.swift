import LinkRouter

/// Links waiting to be opened: opened one at a time, in the order they arrived, by a background
/// task (so every `open` runs off the main thread and the navigator hops onto it).
///
/// The rule for a link that arrives while a modal window is up (the login page, say): it waits in
/// the queue behind the open that presented the modal, if that open is still waiting for it;
/// otherwise it opens over the modal, like an in-app open: a push goes into the modal's navigation
/// container (a modal without one gets a new container on top).
final class LinkQueue: Sendable {
    struct Link: Sendable {
        let url: String
        let source: OpenSource
        let options: OpenOptions
    }

    private let continuation: AsyncStream<Link>.Continuation

    /// Starts the task that opens the links with `router` and reports each outcome to `opened`.
    init(router: Router, opened: @escaping @Sendable (Link, RouteOutcome) async -> Void) {
        let (links, continuation) = AsyncStream.makeStream(of: Link.self)
        self.continuation = continuation
        Task.detached {
            for await link in links {
                await opened(link, await router.open(link.url, source: link.source, options: link.options))
            }
        }
    }

    /// Queues a link.
    func send(_ url: String, from source: OpenSource, options: OpenOptions = OpenOptions()) {
        continuation.yield(Link(url: url, source: source, options: options))
    }
}
