internal import RoutePatterns
import Synchronization

/// The registered routes: registration and removal, refusal of a second route of one shape, and
/// the frozen view that lookups read (the list with its trie, built once per change).
///
/// A change bumps ``generation``, which the router's snapshot compares to know it is stale.
final class RouteRegistry: Sendable {
    /// The routes as lookups read them: the list and the trie built from it, as of one generation.
    struct Frozen: Sendable {
        let entries: [RouteEntry]
        let trie: RouteTrie
        let generation: UInt64
    }

    private struct State {
        var entries: [RouteEntry] = []
        var shapes = ShapeIndex()
        /// The sources (loaded objects) whose records discovery registered, so each is read once.
        var sources: Set<String> = []
        /// Kept until the next registration or removal.
        var frozen: Frozen?
        var generation: UInt64 = 0

        /// Drops the frozen view first, so that the list is uniquely referenced again (unless a
        /// lookup still holds it) and changes in place rather than being copied.
        mutating func willChange() {
            frozen = nil
            generation += 1
        }
    }

    private let state = Mutex(State())
    private let currentGeneration = Atomic<UInt64>(0)

    /// Counts the changes so far; read without the lock.
    var generation: UInt64 { currentGeneration.load(ordering: .acquiring) }

    /// The registered routes, in registration order.
    var descriptions: [RouteDescription] {
        state.withLock { $0.entries.map { RouteDescription(pattern: $0.pattern, kind: $0.handler.kind, options: $0.options) } }
    }

    /// Adds a route unless one of the same shape is registered.
    /// - Returns: The pattern of the route of the same shape, as registered; `nil` when added.
    func add(_ pattern: consuming RoutePattern, options: consuming RouteOptions, handler: consuming RouteHandler) -> String? {
        // Made before taking the lock, and moved into the list rather than copied (a copy
        // retains every field).
        var entry: RouteEntry? = RouteEntry(pattern: consume pattern, options: consume options, handler: consume handler)
        return state.withLock { state in
            if let existing = state.shapes.insert(entry!.pattern, at: state.entries.count, among: state.entries, \.pattern) {
                return state.entries[existing].pattern.text
            }
            state.willChange()
            state.entries.append(entry.take()!)
            currentGeneration.store(state.generation, ordering: .releasing)
            return nil
        }
    }

    /// Adds routes in order, refusing those whose shape is registered, by an earlier route or one
    /// of these; the list becomes the registry's own when the registry is empty.
    /// - Returns: The refused routes' indices and the registered patterns of their shapes.
    func add(discovered routes: consuming [RouteEntry]) -> [(index: Int, existing: String)] {
        state.withLock { state in
            var refused: [(index: Int, existing: String)] = []
            state.shapes.reserveCapacity(forAdditional: routes.count)
            let countBefore = state.entries.count
            if state.entries.isEmpty {
                // The list is taken as it is, each shape checked in place; in the rare pass with a
                // refusal, the refused are dropped and the index made again.
                routes.withUnsafeBufferPointer { buffer in
                    // Patterns read where they are: reading an entry out of the list copies it whole.
                    let entries = buffer.baseAddress!
                    for index in buffer.indices {
                        let digest = entries[index].pattern.shapeDigest
                        let existing = state.shapes.insert(digest: digest, at: index) { other in
                            entries[other].pattern.hasSameShape(as: entries[index].pattern)
                        }
                        if let existing { refused.append((index, entries[existing].pattern.text)) }
                    }
                }
                if !refused.isEmpty {
                    for (index, _) in refused.reversed() { routes.remove(at: index) }
                    state.shapes = ShapeIndex(shapesOf: routes.lazy.map(\.pattern))
                }
                state.entries = routes
            } else {
                state.entries.reserveCapacity(state.entries.count + routes.count)
                for index in routes.indices {
                    if let existing = state.shapes.insert(routes[index].pattern, at: state.entries.count, among: state.entries, \.pattern) {
                        refused.append((index, state.entries[existing].pattern.text))
                    } else {
                        state.entries.append(routes[index])
                    }
                }
            }
            if state.entries.count != countBefore {
                state.willChange()
                currentGeneration.store(state.generation, ordering: .releasing)
            }
            return refused
        }
    }

    /// Removes the route of the same shape as `pattern`.
    /// - Returns: Whether a route was removed.
    func remove(shapeOf pattern: RoutePattern) -> Bool {
        state.withLock { state in
            guard state.shapes.remove(shapeOf: pattern, from: &state.entries, \.pattern) else { return false }
            state.willChange()
            currentGeneration.store(state.generation, ordering: .releasing)
            return true
        }
    }

    /// Makes room for `count` more routes, so the list and the shape index grow once.
    func reserveCapacity(forAdditionalRoutes count: Int) {
        state.withLock { state in
            state.entries.reserveCapacity(state.entries.count + count)
            state.shapes.reserveCapacity(forAdditional: count)
        }
    }

    /// Claims a named source of routes, such as one loaded object file.
    /// - Returns: `true` the first time a name is claimed, `false` after.
    func claimSource(_ name: String) -> Bool {
        state.withLock { $0.sources.insert(name).inserted }
    }

    /// The routes and their trie as of now, made on the first call after a change; the trie builds
    /// its table in parts as lookups need them (``TrieParts``).
    func frozen() -> Frozen {
        state.withLock { state in
            if let frozen = state.frozen { return frozen }
            let generation = state.generation
            let trie = RouteTrie(lazilyFrom: state.entries) { [weak self] whole in self?.keep(whole, madeAt: generation) }
            let frozen = Frozen(entries: state.entries, trie: trie, generation: generation)
            state.frozen = frozen
            return frozen
        }
    }

    /// Makes the whole trie that a lookup built the frozen view's, unless the routes changed
    /// since: later lookups then read it directly rather than through the parts. A new
    /// generation, so that the router makes its snapshot again; the routes are the same.
    private func keep(_ whole: RouteTrie, madeAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation, let frozen = state.frozen else { return }
            state.generation += 1
            state.frozen = Frozen(entries: frozen.entries, trie: whole, generation: state.generation)
            currentGeneration.store(state.generation, ordering: .releasing)
        }
    }
}
