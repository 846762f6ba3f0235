import Synchronization

/// A headless navigator: the stack lives in memory. For tests, command-line tools and servers,
/// and as the reference a UIKit or SwiftUI navigator mirrors.
///
/// It records every transition and every lifecycle change so behaviour can be asserted, calls
/// ``PageLifecycle`` pages when they appear and disappear, and closes each entry's result slot
/// when the entry leaves the stack. Pushing onto a modal layer that has no navigation container
/// presents the page in a new container instead.
///
/// ```swift
/// let navigator = InMemoryNavigator()
/// router.navigator = navigator
/// await router.open("app://catalog/item/7")
/// navigator.description   // "catalog > catalog/item/<int:id>"
/// ```
public final class InMemoryNavigator: Navigator, CustomStringConvertible {
    /// One change of the stack.
    public struct Transition: Sendable, Hashable, CustomStringConvertible {
        /// What changed.
        public enum Kind: String, Sendable, Hashable {
            /// An entry was pushed.
            case push
            /// An entry was presented.
            case present
            /// The top entry was popped.
            case pop
            /// The top modal layer was dismissed.
            case dismiss
            /// Entries were taken off by going back levels or to a route.
            case back
            /// The whole stack was replaced.
            case replace
        }

        /// What changed.
        public let kind: Kind
        /// The route of the entry pushed or presented, or of the new top after the others.
        public let route: String?
        /// Whether the change was animated.
        public let animated: Bool

        /// The kind and the route, then `(no animation)` when it was not animated: `push cart`.
        public var description: String { "\(kind.rawValue) \(route ?? "(empty)")\(animated ? "" : " (no animation)")" }
    }

    /// A page becoming visible or hidden.
    public enum LifecycleEvent: Sendable, Hashable {
        /// The entry of this route became the top of the stack.
        case appear(String)
        /// The entry of this route stopped being the top of the stack.
        case disappear(String)
    }

    private struct Layer {
        var entries: [NavigationEntry]
        var wrapped: Bool
    }

    private struct State {
        var layers = [Layer(entries: [], wrapped: true)]
        var transitions: [Transition] = []
        var lifecycle: [LifecycleEvent] = []

        var entries: [NavigationEntry] { layers.flatMap(\.entries) }
        var top: NavigationEntry? { entries.last }

        func topmost(_ route: String) -> (layer: Int, index: Int)? {
            for layer in layers.indices.reversed() {
                if let index = layers[layer].entries.lastIndex(where: { $0.route.text == route }) { return (layer, index) }
            }
            return nil
        }
    }

    private let state = Mutex(State())

    /// Creates a navigator whose root stack holds `root`.
    public init(root: [NavigationEntry] = []) {
        state.withLock { $0.layers[0].entries = root }
    }

    /// Every entry, bottom first.
    public var stack: [NavigationEntry] { state.withLock(\.entries) }
    /// Every transition so far, oldest first.
    public var transitions: [Transition] { state.withLock(\.transitions) }
    /// Every lifecycle change so far, oldest first.
    public var lifecycle: [LifecycleEvent] { state.withLock(\.lifecycle) }
    /// How many modal layers are presented over the root stack.
    public var presentedLayerCount: Int { state.withLock { $0.layers.count - 1 } }

    /// The stack as route patterns: `home > catalog | picker` (`|` starts a modal layer, `[...]`
    /// marks one without a navigation container).
    public var description: String {
        state.withLock { state in NavigationEntry.describe(layers: state.layers.map { ($0.entries, $0.wrapped) }) }
    }

    /// Pushes onto the top layer, or presents the entry in a new container when the top layer has none.
    public func push(_ entry: NavigationEntry, animated: Bool) async {
        change(.push, animated: animated) { state in
            if state.layers[state.layers.count - 1].wrapped {
                state.layers[state.layers.count - 1].entries.append(entry)
            } else {
                state.layers.append(Layer(entries: [entry], wrapped: true))
            }
            return ()
        }
    }

    /// Presents the entry as a new modal layer.
    public func present(_ entry: NavigationEntry, inNavigationContainer: Bool, animated: Bool) async {
        change(.present, animated: animated) { state in
            state.layers.append(Layer(entries: [entry], wrapped: inNavigationContainer))
            return ()
        }
    }

    /// Pops the top entry of the top layer; `false` when it is the layer's only entry.
    @discardableResult
    public func pop(animated: Bool) async -> Bool {
        change(.pop, animated: animated) { state in
            guard state.layers[state.layers.count - 1].entries.count > 1 else { return false }
            state.layers[state.layers.count - 1].entries.removeLast()
            return true
        }
    }

    /// Dismisses the top modal layer; `false` when nothing is presented.
    @discardableResult
    public func dismiss(animated: Bool) async -> Bool {
        change(.dismiss, animated: animated) { state in
            guard state.layers.count > 1 else { return false }
            state.layers.removeLast()
            return true
        }
    }

    /// Takes the top `levels` entries off, popping and dismissing, never the root entry; returns
    /// how many were taken off.
    @discardableResult
    public func back(levels: Int, animated: Bool) async -> Int {
        change(.back, animated: animated) { state in
            var taken = 0
            while taken < levels {
                if state.layers[state.layers.count - 1].entries.count > 1 {
                    state.layers[state.layers.count - 1].entries.removeLast()
                } else if state.layers.count > 1 {
                    state.layers.removeLast()
                } else {
                    break
                }
                taken += 1
            }
            return taken
        }
    }

    /// Takes off every entry above the topmost entry of `route` and returns it; `nil`, changing
    /// nothing, when no entry of the route is on the stack.
    @discardableResult
    public func back(toRoute route: String, animated: Bool) async -> NavigationEntry? {
        change(.back, animated: animated) { state in
            guard let (layer, index) = state.topmost(route) else { return nil }
            state.layers.removeSubrange((layer + 1)...)
            state.layers[layer].entries.removeSubrange((index + 1)...)
            return state.layers[layer].entries[index]
        }
    }

    /// The topmost entry of `route`, if one is on the stack.
    public func entry(ofRoute route: String) async -> NavigationEntry? {
        state.withLock { state in state.topmost(route).map { state.layers[$0.layer].entries[$0.index] } }
    }

    /// Replaces every layer with one root stack of `entries`.
    public func replaceStack(with entries: [NavigationEntry], animated: Bool) async {
        change(.replace, animated: animated) { state in
            state.layers = [Layer(entries: entries, wrapped: true)]
            return ()
        }
    }

    /// Applies a change, records it, then (outside the lock) tells pages and closes the result
    /// slots of entries that left.
    private func change<Result>(_ kind: Transition.Kind, animated: Bool, _ body: (inout State) -> Result) -> Result {
        let (result, oldTop, newTop, removed) = state.withLock { state in
            let before = state.entries
            let oldTop = state.top
            let result = body(&state)
            let after = state.entries
            let newTop = state.top
            let remaining = Set(after.map(ObjectIdentifier.init))
            let removed = before.filter { !remaining.contains(ObjectIdentifier($0)) }
            if before.map(ObjectIdentifier.init) != after.map(ObjectIdentifier.init) {
                state.transitions.append(Transition(kind: kind, route: newTop?.route.text, animated: animated))
            }
            if oldTop !== newTop {
                if let oldTop { state.lifecycle.append(.disappear(oldTop.route.text)) }
                if let newTop { state.lifecycle.append(.appear(newTop.route.text)) }
            }
            return (result, oldTop, newTop, removed)
        }
        if oldTop !== newTop {
            (oldTop?.page as? any PageLifecycle)?.pageDidDisappear()
            (newTop?.page as? any PageLifecycle)?.pageDidAppear()
        }
        for entry in removed { entry.result.close() }
        return result
    }
}
