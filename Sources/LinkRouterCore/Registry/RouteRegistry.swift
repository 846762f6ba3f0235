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

    /// The routes and their trie as of now; the trie is built on the first call after a change.
    func frozen() -> Frozen {
        state.withLock { state in
            if let frozen = state.frozen { return frozen }
            let frozen = Frozen(entries: state.entries, trie: RouteTrie(patternsOf: state.entries), generation: state.generation)
            state.frozen = frozen
            return frozen
        }
    }
}
