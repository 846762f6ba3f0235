public import RoutePatterns
import Synchronization

/// A page on a navigation stack: the page, the route and URL that opened it, and its result slot.
///
/// Each entry has an identifier of its own (``id``), given when it is made and never reused in
/// the process: the navigation state (``NavigationState``) tells its entries apart by it, so one
/// entry is shown at most once at a time, and two entries are equal when they are the same entry.
public final class NavigationEntry: Sendable, Identifiable, Hashable, CustomStringConvertible {
    /// An entry's identifier: unique among the entries made in the process.
    public struct ID: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The number, counted up from 1 as entries are made.
        public let value: UInt64

        /// Whether this entry was made before `other`.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.value < rhs.value }

        /// `#` and the number: `#12`.
        public var description: String { "#\(value)" }
    }

    /// The entry's identifier.
    public let id: ID
    /// The page.
    public let page: any Routable
    /// The pattern of the route that opened it.
    public let route: RoutePattern
    /// The URL that opened it.
    public let url: RouteURL
    /// Its parameters.
    public let parameters: RouteParameters
    /// Where it puts its result; closed when the entry leaves the navigation state
    /// (``NavigationChange/commit()``).
    public let result: PageResultSlot

    /// Creates an entry; without a result slot, the entry gets an empty one of its own.
    public init(page: any Routable, route: RoutePattern, url: RouteURL, parameters: RouteParameters, result: PageResultSlot? = nil) {
        self.page = page
        self.route = route
        self.url = url
        self.parameters = parameters
        self.result = result ?? PageResultSlot()
        id = ID(value: lastEntryID.add(1, ordering: .relaxed).newValue)
    }

    /// Whether both are the same entry (the same identifier).
    public static func == (lhs: NavigationEntry, rhs: NavigationEntry) -> Bool { lhs.id == rhs.id }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The route's pattern text.
    public var description: String { route.text }
}

/// The identifier of the last entry made.
private let lastEntryID = Atomic<UInt64>(0)

/// Optional callbacks for pages that want to know when they become visible or hidden.
public protocol PageLifecycle: Sendable {
    /// The page became the top of what is shown.
    func pageDidAppear()
    /// The page stopped being the top of what is shown (another page covers it, its tab was left,
    /// or it left the stack).
    func pageDidDisappear()
}
