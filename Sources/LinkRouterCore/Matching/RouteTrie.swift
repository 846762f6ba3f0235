internal import RoutePatterns

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

    /// A slot of the lookup's literal table: an edge and a copy of its child node, one cache line.
    struct LiteralSlot {
        var edge = LiteralEdge()
        var node = Node()

        /// The size of a slot, and the alignment of the slot table: a cache line on x86-64 and
        /// most arm64 cores, so that a literal step reads one line.
        static let cacheLine = 64
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
    /// collection the trie was built from. A trie built in parts builds its whole table to answer
    /// (a lookup reads a matched variant through ``located(_:)``, which builds nothing).
    var variants: [Variant] { parts?.whole.builtVariants ?? builtVariants }
    private let builtVariants: [Variant]
    /// The capture names of every pattern, one list after the other (see ``Variant``); empty in a
    /// trie built in parts, whose variants ``located(_:)`` finds with the trie holding their names.
    let captureNames: [String]
    /// Variants that lost their slot to an earlier route with the same shape (`a(/:b)` and `a/:c`).
    /// A trie built in parts builds its whole table to answer.
    var shadowed: [(variant: Int, by: Int)] { parts?.whole.shadowedVariants ?? shadowedVariants }
    private let shadowedVariants: [(variant: Int, by: Int)]
    /// The parts of a trie built as lookups need them (the registry's); `nil` for a trie built whole,
    /// whose lookups read the buffers below.
    let parts: TrieParts?
    // The lookup's storage, copied once out of the builder's arrays so that a lookup reads it
    // without a nest of `withUnsafeBufferPointer` closures (each would copy the captures on
    // return). `UnsafeBufferPointer` is not `Sendable`, hence `nonisolated(unsafe)`, which is
    // safe here: the memory is written only before `init` returns and freed only in `deinit`,
    // so the threads that share a trie only ever read it.
    nonisolated(unsafe) let nodes: UnsafeBufferPointer<Node>
    nonisolated(unsafe) let rareTyped: UnsafeBufferPointer<RareTyped>
    nonisolated(unsafe) let slots: UnsafeBufferPointer<LiteralSlot>
    nonisolated(unsafe) let literalBytes: UnsafeBufferPointer<UInt8>

    /// A trie of the patterns of `sources`, which it reads while building and does not keep.
    convenience init(patternsOf sources: [some PatternSource]) {
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
        self.init(built: builder)
    }

    /// The trie of what `builder` was given.
    init(built builder: TrieBuilder) {
        self.builtVariants = builder.variants
        self.captureNames = builder.captureNames
        self.shadowedVariants = builder.shadowed
        self.parts = nil
        let (nodes, rareTyped) = builder.frozenNodes()
        self.nodes = nodes
        self.rareTyped = Self.frozen(rareTyped)
        self.slots = builder.literals.frozenSlots(nodes: nodes)
        self.literalBytes = Self.frozen(builder.literals.bytes)
    }

    /// A trie of the registered routes `entries` that builds its table in parts, as lookups need
    /// them (see ``TrieParts``); nothing is built now. `whenWhole` receives the whole trie once a
    /// lookup has built it, with the same variants, so that later lookups can read it directly.
    init(lazilyFrom entries: [RouteEntry], whenWhole: @escaping @Sendable (RouteTrie) -> Void) {
        self.builtVariants = []
        self.captureNames = []
        self.shadowedVariants = []
        self.parts = TrieParts(entries: entries, whenWhole: whenWhole)
        self.nodes = UnsafeBufferPointer(Self.allocate(Node.self, count: 0))
        self.rareTyped = UnsafeBufferPointer(Self.allocate(RareTyped.self, count: 0))
        self.slots = UnsafeBufferPointer(Self.allocate(LiteralSlot.self, count: 0))
        self.literalBytes = UnsafeBufferPointer(Self.allocate(UInt8.self, count: 0))
    }

    /// The variant at `index` (as ``match(_:includingHost:captures:)`` returned it) and the trie
    /// that holds its capture names: this one, or the part of a trie built in parts that matched.
    @inline(__always)
    func located(_ index: Int) -> (trie: RouteTrie, variant: Variant) {
        guard let parts else { return (self, builtVariants[index]) }
        return parts.located(index)
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
    static func allocate<Element>(
        _ type: Element.Type, count: Int, alignment: Int = MemoryLayout<Element>.alignment
    ) -> UnsafeMutableBufferPointer<Element> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, count) * MemoryLayout<Element>.stride, alignment: max(alignment, MemoryLayout<Element>.alignment)
        )
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: count), count: count)
    }
}
