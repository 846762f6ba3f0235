/// The key a literal edge is stored and found under: its parent node and its bytes.
struct LiteralKey {
    var hash: UInt32
    var length: Int32
    /// The bytes, zero-padded, when there are at most 16 of them.
    var text: (UInt64, UInt64)

    /// The longest literal kept in the key and the slot themselves rather than in the byte store.
    static let inlineCapacity = 16

    /// 2^64/φ, the multiplier of Fibonacci hashing: it spreads the parent's index, a small
    /// integer that neighbouring parents share most bits of, over the whole word.
    static let parentMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The multipliers of SplitMix64's finalizer (Steele, Lea, Flood 2014): each round of
    /// xor-shift-multiply makes every bit depend on every lower one, so literals that differ in
    /// one byte (`s12`, `s13`) land in unrelated slots.
    static let mixMultiplier1: UInt64 = 0xBF58_476D_1CE4_E5B9
    static let mixMultiplier2: UInt64 = 0x94D0_49BB_1331_11EB
    /// Brings the first round's high bits down before the second multiply, which only carries upward.
    static let mixShift: UInt64 = 29
    /// FNV-1a's 64-bit offset basis and prime, for literals too long to mix as two words: one
    /// multiply per byte is cheap next to the byte comparison that confirms a long match anyway.
    static let fnvOffsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, parent: Int32) {
        length = Int32(truncatingIfNeeded: bytes.count)
        var mixed = UInt64(UInt32(bitPattern: parent)) &* Self.parentMultiplier ^ UInt64(bytes.count)
        if bytes.count <= Self.inlineCapacity {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for index in 0..<min(bytes.count, 8) { low |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            if bytes.count > 8 {
                for index in 8..<bytes.count { high |= UInt64(bytes[index]) << (8 * UInt64(index - 8)) }
            }
            text = (low, high)
            mixed = (mixed ^ low) &* Self.mixMultiplier1
            mixed = (mixed ^ high ^ (mixed >> Self.mixShift)) &* Self.mixMultiplier2
        } else {
            text = (0, 0)
            mixed ^= Self.fnvOffsetBasis
            for byte in bytes { mixed = (mixed ^ UInt64(byte)) &* Self.fnvPrime }
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

/// The literal edges of the whole trie, in the order they were added and found through an
/// open-addressing index, which ``frozenSlots(nodes:)`` turns into the lookup's table. Keyed by
/// the literal's UTF-8 bytes, not `String`, because the lookup compares bytes and `String`
/// equality would merge canonically equivalent spellings (`é`, `e`+U+0301).
struct LiteralEdges {
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

    /// Index slots per edge while building: at most half full, where linear probing reads 1.5
    /// slots per hit and 2.5 per miss on average; the slots are 8 bytes, so the room is cheap.
    static let buildingSlotsPerEdge = 2
    /// Lookup slots per edge: at most a third full, where a hit reads 1.25 slots and a miss 1.6
    /// on average; each slot read is a cache line, so the lookup pays for every extra probe.
    static let frozenSlotsPerEdge = 3
    /// The fewest slots a table has, so that a trie of few literals does not rehash at once.
    static let minimumSize = 16

    /// A table with room for `capacity` edges before its index grows.
    init(capacity: Int) {
        slots = [Slot](repeating: Slot(), count: Self.size(for: capacity * Self.buildingSlotsPerEdge))
        edges.reserveCapacity(capacity)
    }

    /// The smallest power-of-two table size, ``minimumSize`` or more, that is at least `minimum`.
    private static func size(for minimum: Int) -> Int {
        var size = minimumSize
        while size < minimum { size *= 2 }
        return size
    }

    /// The child of `parent` along `value`; when there is none yet, an edge to `next` is added
    /// and `next` returned.
    ///
    /// Always inlined into the builder, as the optimizer chose to while both were private to one
    /// file: as a call, it costs building 10,000 routes 8% more instructions in `TrieBuilder.add`.
    @inline(__always)
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
        if edges.count * Self.buildingSlotsPerEdge > slots.count { rehash(size: slots.count * 2) }
        return next
    }

    /// The lookup's table: every edge with a copy of its child from `nodes`, in a table sized for
    /// the edges there are (the builder's index was sized for every literal segment, shared or
    /// not), at most a third full so that a probe seldom reads a second slot.
    func frozenSlots(nodes: UnsafeBufferPointer<RouteTrie.Node>) -> UnsafeBufferPointer<RouteTrie.LiteralSlot> {
        let cacheLine = RouteTrie.LiteralSlot.cacheLine
        // A precondition, not an assert, so that release builds keep it; the stride is a
        // compile-time constant, so the optimizer folds the check away (and nothing of it reaches
        // the lookup) unless a change to the layout makes it fail every trie build.
        precondition(MemoryLayout<RouteTrie.LiteralSlot>.stride == cacheLine, "a literal slot no longer fills one cache line")
        let count = Self.size(for: edges.count * Self.frozenSlotsPerEdge)
        let slots = RouteTrie.allocate(RouteTrie.LiteralSlot.self, count: count, alignment: cacheLine)
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
