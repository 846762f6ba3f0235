internal import RoutePatterns
internal import ByteParsing

/// A frozen, read-only routing trie built from a list of patterns (the registered routes, or the
/// source patterns of redirect and rule tables).
///
/// Layout: nodes in one flat array; literal edges of the whole trie in one open-addressing hash
/// table keyed by (parent node, segment bytes), so finding a literal child costs the same with 2
/// siblings or 20,000. Each slot fills one cache line with the edge's key (a literal of up to 16
/// bytes inline) and a copy of the child node, so a literal step reads one line, which matters
/// once the table outgrows the caches. Placeholder and wildcard children are direct node indices.
/// Routes ending in `**` or `<path:>` end at their parent node.
///
/// Lookup is a depth-first search that tries children in precedence order (literal, `<int>`,
/// `<uuid>`, `<bool>`, `<double>`, `:param`, `*`, then `<path:>`/`**`), so the first complete
/// match is the best one. Every node sits at a fixed depth, so one lookup visits each node at most
/// once: the work is bounded by the key's length and the trie's shape.
final class RouteTrie: Sendable {
    /// A node as the lookup reads it: every child and ending it may need, decided at build time.
    struct Node {
        /// The variant that ends here when the key ends here: a route ending at this node, else a
        /// `**` that matches zero segments.
        var end: Int32 = -1
        /// The variant that takes one or more remaining segments (`<path:>` or `**`, whichever
        /// was registered first).
        var tail: Int32 = -1
        var parameter: Int32 = -1
        var wildcard: Int32 = -1
        var int: Int32 = -1
        /// Index into `rareTyped`: the `<uuid>`, `<bool>` and `<double>` children, or -1.
        var rareTyped: Int32 = -1
        var flags: UInt8 = 0

        static let hasLiterals: UInt8 = 1
        static let tailCaptures: UInt8 = 2
    }

    /// The `<uuid>`, `<bool>` and `<double>` children of one node, in precedence order.
    struct RareTyped {
        var uuid: Int32 = -1
        var bool: Int32 = -1
        var double: Int32 = -1
    }

    /// One literal edge. `text` holds the literal's bytes when it has at most 16 of them, else
    /// its offset into `literalBytes`.
    struct LiteralEdge {
        var hash: UInt32 = 0
        var parent: Int32 = -1
        var child: Int32 = -1
        var length: Int32 = 0
        var text: (UInt64, UInt64) = (0, 0)
    }

    /// A slot of the lookup's literal table: an edge and a copy of its child node, 64 bytes.
    struct LiteralSlot {
        var edge = LiteralEdge()
        var node = Node()
    }

    /// One concrete form of a registered pattern (a pattern with optional groups has several).
    struct Variant: Sendable {
        let routeIndex: Int32
        /// Where the variant's capture names start in ``captureNames``; the forms of one pattern
        /// share its list, each taking a prefix.
        let namesStart: Int32
        let nameCount: Int32
        /// Bit `i` set: capture `i` is a `<path:>` capture spanning several segments.
        let pathCaptures: UInt32
    }

    /// The forms of the patterns; a variant's `routeIndex` is its pattern's position in the
    /// collection the trie was built from.
    let variants: [Variant]
    /// The capture names of every pattern, one list after the other (see ``Variant``).
    let captureNames: [String]
    /// Variants that lost their slot to an earlier route with the same shape (`a(/:b)` and `a/:c`).
    let shadowed: [(variant: Int, by: Int)]
    // The lookup's storage, copied once out of the builder's arrays so that a lookup reads it
    // without a nest of `withUnsafeBufferPointer` closures (each would copy the captures on
    // return). Written only here and freed in `deinit`: immutable, so safe to share.
    nonisolated(unsafe) private let nodes: UnsafeBufferPointer<Node>
    nonisolated(unsafe) private let rareTyped: UnsafeBufferPointer<RareTyped>
    nonisolated(unsafe) private let slots: UnsafeBufferPointer<LiteralSlot>
    nonisolated(unsafe) private let literalBytes: UnsafeBufferPointer<UInt8>

    /// A trie of the patterns of `sources`, which it reads while building and does not keep.
    init(patternsOf sources: [some PatternSource]) {
        // Read in place through a buffer: iterating the array would copy each source, retaining
        // every field of a registered route.
        let builder = sources.withUnsafeBufferPointer { sources in
            var segmentCount = 0
            var literalCount = 0
            for index in sources.indices {
                let parts = sources[index].pattern.parts
                segmentCount += parts.count
                for part in parts where part.kind == .literal { literalCount += 1 }
            }
            var builder = TrieBuilder(segmentCount: segmentCount, literalCount: literalCount)
            for index in sources.indices {
                builder.add(sources[index].pattern, routeIndex: index)
            }
            return builder
        }
        self.variants = builder.variants
        self.captureNames = builder.captureNames
        self.shadowed = builder.shadowed
        let (nodes, rareTyped) = builder.frozenNodes()
        self.nodes = nodes
        self.rareTyped = Self.frozen(rareTyped)
        self.slots = builder.literals.frozenSlots(nodes: nodes)
        self.literalBytes = Self.frozen(builder.literals.bytes)
    }

    deinit {
        UnsafeMutableRawPointer(mutating: nodes.baseAddress)?.deallocate()
        UnsafeMutableRawPointer(mutating: rareTyped.baseAddress)?.deallocate()
        UnsafeMutableRawPointer(mutating: slots.baseAddress)?.deallocate()
        UnsafeMutableRawPointer(mutating: literalBytes.baseAddress)?.deallocate()
    }

    /// A copy of `elements` that the trie owns (freed in `deinit`).
    private static func frozen<Element: BitwiseCopyable>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = allocate(Element.self, count: elements.count)
        _ = buffer.initialize(fromContentsOf: elements)
        return UnsafeBufferPointer(buffer)
    }

    /// Uninitialized room for `count` elements, aligned to `alignment` bytes; `deinit` frees it.
    fileprivate static func allocate<Element>(
        _ type: Element.Type, count: Int, alignment: Int = MemoryLayout<Element>.alignment
    ) -> UnsafeMutableBufferPointer<Element> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, count) * MemoryLayout<Element>.stride, alignment: max(alignment, MemoryLayout<Element>.alignment)
        )
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: count), count: count)
    }
}

/// What a route trie is built from: patterns, or the registered routes that hold them (read
/// in place, so that building the trie copies no pattern).
protocol PatternSource {
    var pattern: RoutePattern { get }
}

extension RoutePattern: PatternSource {
    var pattern: RoutePattern { self }
}

/// The key a literal edge is stored and found under: its parent node and its bytes.
struct LiteralKey {
    var hash: UInt32
    var length: Int32
    /// The bytes, zero-padded, when there are at most 16 of them.
    var text: (UInt64, UInt64)

    static let inlineCapacity = 16

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, parent: Int32) {
        length = Int32(truncatingIfNeeded: bytes.count)
        var mixed = UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        if bytes.count <= Self.inlineCapacity {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for index in 0..<min(bytes.count, 8) { low |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            if bytes.count > 8 {
                for index in 8..<bytes.count { high |= UInt64(bytes[index]) << (8 * UInt64(index - 8)) }
            }
            text = (low, high)
            mixed = (mixed ^ low) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ high ^ (mixed >> 29)) &* 0x94D0_49BB_1331_11EB
        } else {
            text = (0, 0)
            // FNV-1a over longer literals.
            mixed ^= 0xcbf2_9ce4_8422_2325
            for byte in bytes { mixed = (mixed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        hash = UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }

    /// Whether `edge` holds this key under `parent`; `value` is the key's bytes, `literals` the
    /// trie's store of long literals.
    @inline(__always)
    func matches(
        _ edge: RouteTrie.LiteralEdge, parent: Int32,
        value: UnsafeBufferPointer<UInt8>, literals: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard edge.hash == hash, edge.parent == parent, edge.length == length else { return false }
        if Int(length) <= Self.inlineCapacity { return edge.text == text }
        let offset = Int(edge.text.0)
        return value.elementsEqual(literals[offset..<(offset + Int(length))])
    }
}

// MARK: - Building

/// Builds the trie one pattern at a time; ``frozenNodes()`` turns its nodes into the lookup's.
private struct TrieBuilder {
    struct Node {
        var terminal: Int32 = -1
        var catchAll: Int32 = -1
        var pathTail: Int32 = -1
        var parameter: Int32 = -1
        var wildcard: Int32 = -1
        var int: Int32 = -1
        var uuid: Int32 = -1
        var bool: Int32 = -1
        var double: Int32 = -1
        var hasLiterals = false

        subscript(edge: Edge) -> Int32 {
            get {
                switch edge {
                case .parameter: parameter
                case .wildcard: wildcard
                case .typed(.int): int
                case .typed(.uuid): uuid
                case .typed(.bool): bool
                case .typed(.double): double
                }
            }
            set {
                switch edge {
                case .parameter: parameter = newValue
                case .wildcard: wildcard = newValue
                case .typed(.int): int = newValue
                case .typed(.uuid): uuid = newValue
                case .typed(.bool): bool = newValue
                case .typed(.double): double = newValue
                }
            }
        }

        subscript(ending: Ending) -> Int32 {
            get {
                switch ending {
                case .terminal: terminal
                case .catchAll: catchAll
                case .pathTail: pathTail
                }
            }
            set {
                switch ending {
                case .terminal: terminal = newValue
                case .catchAll: catchAll = newValue
                case .pathTail: pathTail = newValue
                }
            }
        }
    }

    /// A child that is not a literal.
    enum Edge {
        case parameter
        case wildcard
        case typed(RoutePattern.PlaceholderType)
    }

    /// Where a variant ends at its last node.
    enum Ending {
        case terminal
        case catchAll
        case pathTail
    }

    private var nodes = [Node()]
    private(set) var variants: [RouteTrie.Variant] = []
    private(set) var captureNames: [String] = []
    private(set) var shadowed: [(variant: Int, by: Int)] = []
    private(set) var literals: LiteralEdges

    /// A builder sized for patterns with `segmentCount` segments in all, `literalCount` of them
    /// literals, so that no array or table grows while it builds.
    init(segmentCount: Int, literalCount: Int) {
        nodes.reserveCapacity(segmentCount + 1)
        literals = LiteralEdges(capacity: literalCount)
    }

    mutating func add(_ pattern: RoutePattern, routeIndex: Int) {
        pattern.withPartBytes { bytes in add(pattern.parts, bytes: bytes, groupCount: pattern.optionalGroupCount, routeIndex: routeIndex) }
    }

    private mutating func add(_ parts: [RoutePattern.Part], bytes: UnsafeBufferPointer<UInt8>, groupCount: Int, routeIndex: Int) {
        // Variant k is the required segments plus the first k optional groups: parts come in
        // group order, so each variant extends the one before.
        var node: Int32 = 0
        let namesStart = Int32(captureNames.count)
        var pathCaptures: UInt32 = 0
        var ending = Ending.terminal
        var next = parts.startIndex
        for group in 0...groupCount {
            while next < parts.endIndex, parts[next].group == group {
                let part = parts[next]
                next += 1
                switch part.kind {
                case .literal:
                    node = literalChild(of: node, bytes: UnsafeBufferPointer(rebasing: bytes[part.range]))
                case .parameter:
                    node = child(of: node, .parameter)
                    captureNames.append(part.text(in: bytes))
                case .int, .uuid, .bool, .double:
                    node = child(of: node, .typed(part.placeholderType!))
                    captureNames.append(part.text(in: bytes))
                case .wildcard:
                    node = child(of: node, .wildcard)
                case .catchAll:
                    ending = .catchAll
                case .path:
                    pathCaptures |= 1 << UInt32(Int32(captureNames.count) - namesStart)
                    captureNames.append(part.text(in: bytes))
                    ending = .pathTail
                }
            }
            let variantIndex = Int32(variants.count)
            variants.append(RouteTrie.Variant(
                routeIndex: Int32(routeIndex), namesStart: namesStart, nameCount: Int32(captureNames.count) - namesStart,
                pathCaptures: pathCaptures
            ))
            let occupant = nodes[Int(node)][ending]
            if occupant < 0 {
                nodes[Int(node)][ending] = variantIndex
            } else if variants[Int(occupant)].routeIndex != Int32(routeIndex) {
                shadowed.append((Int(variantIndex), Int(occupant)))
            }
        }
    }

    private mutating func child(of parent: Int32, _ edge: Edge) -> Int32 {
        let existing = nodes[Int(parent)][edge]
        if existing >= 0 { return existing }
        nodes.append(Node())
        let created = Int32(nodes.count - 1)
        nodes[Int(parent)][edge] = created
        return created
    }

    private mutating func literalChild(of parent: Int32, bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let next = Int32(nodes.count)
        let child = literals.child(of: parent, bytes: bytes, next: next)
        if child == next { nodes.append(Node()) }
        nodes[Int(parent)].hasLiterals = true
        return child
    }

    /// The nodes as the lookup reads them, with each node's endings decided: a route ending at a
    /// node beats a `**` matching nothing, and between `<path:>` and `**` the earlier
    /// registration wins. Written straight into the trie's own buffer, which the trie frees.
    func frozenNodes() -> (UnsafeBufferPointer<RouteTrie.Node>, [RouteTrie.RareTyped]) {
        var rareTyped: [RouteTrie.RareTyped] = []
        let frozen = RouteTrie.allocate(RouteTrie.Node.self, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            var lookupNode = RouteTrie.Node()
            lookupNode.end = node.terminal >= 0 ? node.terminal : node.catchAll
            lookupNode.tail = earlier(node.pathTail, node.catchAll)
            lookupNode.parameter = node.parameter
            lookupNode.wildcard = node.wildcard
            lookupNode.int = node.int
            if node.uuid >= 0 || node.bool >= 0 || node.double >= 0 {
                rareTyped.append(RouteTrie.RareTyped(uuid: node.uuid, bool: node.bool, double: node.double))
                lookupNode.rareTyped = Int32(rareTyped.count - 1)
            }
            if node.hasLiterals { lookupNode.flags |= RouteTrie.Node.hasLiterals }
            if lookupNode.tail >= 0, lookupNode.tail == node.pathTail { lookupNode.flags |= RouteTrie.Node.tailCaptures }
            frozen.initializeElement(at: index, to: lookupNode)
        }
        return (UnsafeBufferPointer(frozen), rareTyped)
    }

    private func earlier(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        return variants[Int(a)].routeIndex <= variants[Int(b)].routeIndex ? a : b
    }
}

/// The literal edges of the whole trie, in the order they were added and found through an
/// open-addressing index, which ``frozenSlots(nodes:)`` turns into the lookup's table. Keyed by
/// the literal's UTF-8 bytes, not `String`, because the lookup compares bytes and `String`
/// equality would merge canonically equivalent spellings (`é`, `e`+U+0301).
private struct LiteralEdges {
    /// One slot of the index: an edge's hash and its position in `edges` plus one, 0 when empty.
    private struct Slot {
        var hash: UInt32 = 0
        var edgePlusOne: UInt32 = 0
    }

    /// The edges, in the order they were added.
    private var edges: [RouteTrie.LiteralEdge] = []
    /// The index that finds an edge by parent and bytes, at most half full. 8-byte slots rather
    /// than the edges themselves: sized for every literal segment, shared or not, it is most of
    /// what building a trie writes, and every fresh page is a page fault.
    private var slots: [Slot]
    private(set) var bytes: [UInt8] = []

    /// A table with room for `capacity` edges before its index grows.
    init(capacity: Int) {
        slots = [Slot](repeating: Slot(), count: Self.size(for: capacity * 2))
        edges.reserveCapacity(capacity)
    }

    /// The smallest power-of-two table size, 16 or more, that is at least `minimum`.
    private static func size(for minimum: Int) -> Int {
        var size = 16
        while size < minimum { size *= 2 }
        return size
    }

    /// The child of `parent` along `value`; when there is none yet, an edge to `next` is added
    /// and `next` returned.
    mutating func child(of parent: Int32, bytes value: UnsafeBufferPointer<UInt8>, next: Int32) -> Int32 {
        let key = LiteralKey(value, parent: parent)
        let mask = slots.count - 1
        var index = Int(key.hash) & mask
        while slots[index].edgePlusOne != 0 {
            if slots[index].hash == key.hash {
                let edge = edges[Int(slots[index].edgePlusOne) - 1]
                // Only a long literal needs the byte store; borrowing it in a closure for every
                // probe would retain the builder's arrays each time.
                let matches = Int(key.length) <= LiteralKey.inlineCapacity
                    ? key.matches(edge, parent: parent, value: value, literals: UnsafeBufferPointer(start: nil, count: 0))
                    : bytes.withUnsafeBufferPointer { key.matches(edge, parent: parent, value: value, literals: $0) }
                if matches { return edge.child }
            }
            index = (index + 1) & mask
        }
        var edge = RouteTrie.LiteralEdge(hash: key.hash, parent: parent, child: next, length: key.length, text: key.text)
        if value.count > LiteralKey.inlineCapacity {
            edge.text.0 = UInt64(bytes.count)
            bytes.append(contentsOf: value)
        }
        edges.append(edge)
        slots[index] = Slot(hash: key.hash, edgePlusOne: UInt32(edges.count))
        if edges.count * 2 > slots.count { rehash(size: slots.count * 2) }
        return next
    }

    /// The lookup's table: every edge with a copy of its child from `nodes`, in a table sized for
    /// the edges there are (the builder's index was sized for every literal segment, shared or
    /// not), at most a third full so that a probe seldom reads a second slot.
    func frozenSlots(nodes: UnsafeBufferPointer<RouteTrie.Node>) -> UnsafeBufferPointer<RouteTrie.LiteralSlot> {
        assert(MemoryLayout<RouteTrie.LiteralSlot>.stride == 64, "a literal slot no longer fills one cache line")
        let slots = RouteTrie.allocate(RouteTrie.LiteralSlot.self, count: Self.size(for: edges.count * 3), alignment: 64)
        slots.initialize(repeating: RouteTrie.LiteralSlot())
        let mask = slots.count - 1
        for edge in edges {
            var index = Int(edge.hash) & mask
            while slots[index].edge.child >= 0 { index = (index + 1) & mask }
            slots[index] = RouteTrie.LiteralSlot(edge: edge, node: nodes[Int(edge.child)])
        }
        return UnsafeBufferPointer(slots)
    }

    private mutating func rehash(size: Int) {
        slots = [Slot](repeating: Slot(), count: size)
        let mask = size - 1
        for (position, edge) in edges.enumerated() {
            var index = Int(edge.hash) & mask
            while slots[index].edgePlusOne != 0 { index = (index + 1) & mask }
            slots[index] = Slot(hash: edge.hash, edgePlusOne: UInt32(position + 1))
        }
    }
}

// MARK: - Lookup

/// The up-to-16 captures of one match, kept inline: a lookup allocates nothing.
///
/// Only where each capture starts is kept; where it ends follows from the URL (see
/// ``RouteURL/Layout/captureEnd(from:spanningRest:in:)``), which halves what a match copies.
struct Captures: Sendable {
    var starts = InlineArray<16, Int32>(repeating: 0)
}

extension RouteTrie {
    /// Finds the best route for a parsed URL.
    ///
    /// - Parameters:
    ///   - includingHost: Whether the host is the key's first segment (the default mode) rather
    ///     than fixed by the router.
    ///   - captures: Receives the capture ranges of the match.
    /// - Returns: The index of the matching variant in ``variants``, or `nil`.
    func match(_ url: RouteURL, includingHost: Bool, captures: inout Captures) -> Int? {
        let layout = url.layout
        // The search reads this trie's buffers: keep the trie alive until it ends, even
        // where this call is inlined into a caller whose last use of the trie comes before.
        let variant = withExtendedLifetime(self) { url.withUTF8 { bytes in
            var search = Search(layout: layout, bytes: bytes, nodes: nodes, rareTyped: rareTyped, slots: slots, literals: literalBytes)
            let variant = search.run(nodes[0], id: 0, cursor: layout.keyStart(includingHost: includingHost), depth: 0)
            if variant >= 0 { captures = search.captures }
            return variant
        } }
        return variant < 0 ? nil : Int(variant)
    }

    /// Whether any route matches the URL.
    func matches(_ url: RouteURL, includingHost: Bool) -> Bool {
        var captures = Captures()
        return match(url, includingHost: includingHost, captures: &captures) != nil
    }

    /// One lookup's state: the URL's bytes and layout and the trie's storage, all borrowed, so
    /// the recursion copies no reference-counted value.
    private struct Search {
        let layout: RouteURL.Layout
        let bytes: UnsafeBufferPointer<UInt8>
        let nodes: UnsafeBufferPointer<Node>
        let rareTyped: UnsafeBufferPointer<RareTyped>
        let slots: UnsafeBufferPointer<LiteralSlot>
        let literals: UnsafeBufferPointer<UInt8>
        var captures = Captures()

        /// The best variant reachable from `node` (whose index is `id`) for the key from
        /// `cursor` on, or -1.
        mutating func run(_ node: Node, id: Int32, cursor: Int, depth: Int) -> Int32 {
            guard let (start, end) = layout.segment(after: cursor, in: bytes) else { return node.end }
            let next = layout.cursor(after: end)
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let found: Int32
            if layout.hasEscapes, raw.contains(ASCII.percent) {
                let decoded = PercentEncoding.decodeBytes(raw, plusAsSpace: false) ?? Array(raw)
                found = decoded.withUnsafeBufferPointer { value in
                    descend(node, parent: id, value: value, start: start, next: next, depth: depth)
                }
            } else {
                found = descend(node, parent: id, value: raw, start: start, next: next, depth: depth)
            }
            if found >= 0 { return found }

            // `<path:>` and `**` take the rest of the key.
            if node.tail >= 0, node.flags & Node.tailCaptures != 0, depth < 16 {
                captures.starts[depth] = Int32(start)
            }
            return node.tail
        }

        private mutating func descend(
            _ node: Node, parent: Int32, value: UnsafeBufferPointer<UInt8>,
            start: Int, next: Int, depth: Int
        ) -> Int32 {
            if node.flags & Node.hasLiterals != 0, let slot = Self.literalSlot(parent: parent, value: value, slots: slots, literals: literals) {
                let found = run(slots[slot].node, id: slots[slot].edge.child, cursor: next, depth: depth)
                if found >= 0 { return found }
            }
            if depth < 16 {
                if node.int >= 0, RoutePattern.PlaceholderType.int.accepts(bytes: value) {
                    let found = capture(start, child: node.int, next: next, depth: depth)
                    if found >= 0 { return found }
                }
                if node.rareTyped >= 0 {
                    let typed = rareTyped[Int(node.rareTyped)]
                    if typed.uuid >= 0, RoutePattern.PlaceholderType.uuid.accepts(bytes: value) {
                        let found = capture(start, child: typed.uuid, next: next, depth: depth)
                        if found >= 0 { return found }
                    }
                    if typed.bool >= 0, RoutePattern.PlaceholderType.bool.accepts(bytes: value) {
                        let found = capture(start, child: typed.bool, next: next, depth: depth)
                        if found >= 0 { return found }
                    }
                    if typed.double >= 0, RoutePattern.PlaceholderType.double.accepts(bytes: value) {
                        let found = capture(start, child: typed.double, next: next, depth: depth)
                        if found >= 0 { return found }
                    }
                }
                if node.parameter >= 0 {
                    let found = capture(start, child: node.parameter, next: next, depth: depth)
                    if found >= 0 { return found }
                }
            }
            if node.wildcard >= 0 {
                let found = run(nodes[Int(node.wildcard)], id: node.wildcard, cursor: next, depth: depth)
                if found >= 0 { return found }
            }
            return -1
        }

        private mutating func capture(_ start: Int, child: Int32, next: Int, depth: Int) -> Int32 {
            captures.starts[depth] = Int32(start)
            return run(nodes[Int(child)], id: child, cursor: next, depth: depth + 1)
        }

        /// The index of the slot holding `parent`'s literal edge along `value`, or `nil`.
        ///
        /// Static, so that calling it from a mutating method does not copy the whole search.
        private static func literalSlot(
            parent: Int32, value: UnsafeBufferPointer<UInt8>,
            slots: UnsafeBufferPointer<LiteralSlot>, literals: UnsafeBufferPointer<UInt8>
        ) -> Int? {
            let key = LiteralKey(value, parent: parent)
            let mask = slots.count - 1
            var index = Int(key.hash) & mask
            while true {
                let edge = slots[index].edge
                if edge.child < 0 { return nil }
                if key.matches(edge, parent: parent, value: value, literals: literals) { return index }
                index = (index + 1) & mask
            }
        }
    }
}
