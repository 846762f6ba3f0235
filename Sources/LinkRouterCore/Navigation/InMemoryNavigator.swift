import Synchronization

/// A headless navigator: it renders the navigation state into memory. For tests, command-line
/// tools and servers, and as the reference a UIKit or SwiftUI navigator mirrors.
///
/// It records every transition and every lifecycle change so behaviour can be asserted; pages
/// hear of lifecycle changes and results are delivered when the change is committed, as with any
/// navigator (``NavigationChange/commit()``).
///
/// ```swift
/// let navigator = InMemoryNavigator()
/// router.navigator = navigator
/// await router.open("app://catalog/item/7")
/// navigator.description   // "catalog > catalog/item/<int:id>"
/// ```
public final class InMemoryNavigator: Navigator, CustomStringConvertible {
    /// One change of what is shown.
    public struct Transition: Sendable, Hashable, CustomStringConvertible {
        /// What changed.
        public let kind: NavigationOperation.Kind
        /// The route of the entry on top after the change.
        public let route: String?
        /// Whether the change was animated.
        public let animated: Bool

        /// The kind and the route, then `(no animation)` when it was not animated: `push cart`.
        public var description: String { "\(kind.rawValue) \(route ?? "(empty)")\(animated ? "" : " (no animation)")" }
    }

    /// A page becoming visible or hidden.
    ///
    /// Closed for good: no case is added before a major version, so a `switch` over it needs no
    /// `default` (README, "Versioning").
    public enum LifecycleEvent: Sendable, Hashable {
        /// The entry of this route became the top of what is shown.
        case appear(String)
        /// The entry of this route stopped being the top of what is shown.
        case disappear(String)
    }

    private struct Memory {
        var state: NavigationState
        var transitions: [Transition] = []
        var lifecycle: [LifecycleEvent] = []
    }

    private let memory: Mutex<Memory>

    /// Creates a navigator without tabs whose root stack holds `root`.
    public init(root: [NavigationEntry] = []) {
        memory = Mutex(Memory(state: NavigationState(root: root)))
    }

    /// Creates a navigator with these tabs, each with an empty stack, the first one shown.
    /// - Throws: ``NavigationError/invalidTabs(_:)`` when a name is empty or repeated.
    public init(tabs: [NavigationTab]) throws(NavigationError) {
        memory = Mutex(Memory(state: try NavigationState(tabs: tabs)))
    }

    /// What is shown.
    public var state: NavigationState { memory.withLock(\.state) }
    /// What is shown, bottom first: the selected tab's stack, then each presented layer's entries.
    public var stack: [NavigationEntry] { memory.withLock(\.state.visibleEntries) }
    /// Every transition so far, oldest first.
    public var transitions: [Transition] { memory.withLock(\.transitions) }
    /// Every lifecycle change so far, oldest first.
    public var lifecycle: [LifecycleEvent] { memory.withLock(\.lifecycle) }
    /// How many modal layers are presented.
    public var presentedLayerCount: Int { memory.withLock(\.state.layers.count) }

    /// What is shown, as ``NavigationState`` prints it: `home > catalog | picker`.
    public var description: String { memory.withLock { $0.state.description } }

    /// Applies the operation, records the transition and the lifecycle changes, then commits.
    /// - Throws: ``NavigationError`` when the operation does not apply; nothing changes then.
    @discardableResult
    public func perform(_ operation: NavigationOperation, animated: Bool) throws(NavigationError) -> NavigationChange {
        let change = try memory.withLock { (memory: inout Memory) throws(NavigationError) -> NavigationChange in
            let change = try memory.state.apply(operation)
            guard !change.isEmpty else { return change }
            memory.transitions.append(Transition(kind: change.kind, route: change.top?.route.text, animated: animated))
            if let disappeared = change.disappeared { memory.lifecycle.append(.disappear(disappeared.route.text)) }
            if let appeared = change.appeared { memory.lifecycle.append(.appear(appeared.route.text)) }
            return change
        }
        // Outside the lock: pages and result receivers may call the navigator.
        change.commit()
        return change
    }
}
