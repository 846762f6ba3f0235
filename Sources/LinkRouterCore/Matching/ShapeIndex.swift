import RoutePatterns

/// Finds the registered pattern of a given shape, so that a second route or redirect of that
/// shape is refused.
///
/// An open-addressing table keyed by the shape's digest, a plain integer that is already a hash,
/// so that registering thousands of routes hashes nothing twice and counts no reference. A slot
/// whose tag (half the digest) matches is confirmed by comparing the shapes themselves; two
/// shapes that share a tag simply take two slots. Slots are 8 bytes, so that the index of 10,000
/// routes fills 128 KB: at start-up every fresh page costs a page fault.
struct ShapeIndex {
    /// One slot: a tag of the digest and the position of its pattern plus one, 0 for an empty slot.
    private struct Slot {
        var tag: UInt32 = 0
        var positionPlusOne: UInt32 = 0
    }

    /// Kept at most three quarters full; its count is a power of two.
    private var slots = [Slot](repeating: Slot(), count: 16)
    private var count = 0

    init() {}

    /// An index of patterns whose shapes are all different, each at its offset.
    init(shapesOf patterns: some Collection<RoutePattern>) {
        reserveCapacity(forAdditional: patterns.count)
        for (position, pattern) in patterns.enumerated() {
            add(pattern.shapeDigest, position: position)
        }
    }

    /// Records `pattern` as the one at `position` in `elements`, unless an element already has a
    /// pattern of its shape.
    /// - Returns: The position of the element with a pattern of the same shape, or `nil` when
    ///   `pattern` was recorded.
    mutating func insert<Elements: RandomAccessCollection<Element>, Element>(
        _ pattern: RoutePattern, at position: Int, among elements: Elements, _ patternOf: (Element) -> RoutePattern
    ) -> Int? where Elements.Index == Int {
        if let existing = self.position(ofShape: pattern, among: elements, patternOf) { return existing }
        add(pattern.shapeDigest, position: position)
        return nil
    }

    /// The position of the element in `elements` whose pattern has the shape of `pattern`.
    func position<Elements: RandomAccessCollection<Element>, Element>(
        ofShape pattern: RoutePattern, among elements: Elements, _ patternOf: (Element) -> RoutePattern
    ) -> Int? where Elements.Index == Int {
        let tag = Self.tag(of: pattern.shapeDigest)
        let mask = slots.count - 1
        var index = Self.home(of: tag, mask: mask)
        while slots[index].positionPlusOne != 0 {
            if slots[index].tag == tag {
                let position = Int(slots[index].positionPlusOne) - 1
                if patternOf(elements[position]).hasSameShape(as: pattern) { return position }
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Records the pattern of digest `digest` as the one at `position`, unless `hasShape` says a
    /// recorded position holds a pattern of its shape: the same as
    /// ``insert(_:at:among:_:)``, for callers that compare patterns in place rather than copy them.
    /// - Returns: The position of the pattern of the same shape, or `nil` when recorded.
    mutating func insert(digest: UInt64, at position: Int, hasShape: (Int) -> Bool) -> Int? {
        let tag = Self.tag(of: digest)
        let mask = slots.count - 1
        var index = Self.home(of: tag, mask: mask)
        while slots[index].positionPlusOne != 0 {
            if slots[index].tag == tag, hasShape(Int(slots[index].positionPlusOne) - 1) { return Int(slots[index].positionPlusOne) - 1 }
            index = (index + 1) & mask
        }
        add(digest, position: position)
        return nil
    }

    /// Removes from `elements` the one whose pattern has the shape of `pattern`, and re-indexes
    /// the rest (their positions shift).
    /// - Returns: Whether an element was removed.
    mutating func remove<Element>(shapeOf pattern: RoutePattern, from elements: inout [Element], _ patternOf: (Element) -> RoutePattern) -> Bool {
        guard let position = position(ofShape: pattern, among: elements, patternOf) else { return false }
        elements.remove(at: position)
        self = ShapeIndex(shapesOf: elements.lazy.map(patternOf))
        return true
    }

    /// Makes room for `count` more patterns.
    mutating func reserveCapacity(forAdditional count: Int) {
        var size = slots.count
        while (self.count + count) * 4 > size * 3 { size *= 2 }
        if size > slots.count { rehash(size: size) }
    }

    private mutating func add(_ digest: UInt64, position: Int) {
        if (count + 1) * 4 > slots.count * 3 { rehash(size: slots.count * 2) }
        let tag = Self.tag(of: digest)
        insert(Slot(tag: tag, positionPlusOne: UInt32(position + 1)), home: Self.home(of: tag, mask: slots.count - 1))
    }

    private mutating func insert(_ slot: Slot, home: Int) {
        let mask = slots.count - 1
        var index = home
        while slots[index].positionPlusOne != 0 { index = (index + 1) & mask }
        slots[index] = slot
        count += 1
    }

    /// Moves the slots to a table of `size`; a slot's home follows from its tag alone.
    private mutating func rehash(size: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: size)
        count = 0
        for slot in old where slot.positionPlusOne != 0 {
            insert(slot, home: Self.home(of: slot.tag, mask: size - 1))
        }
    }

    /// The digest's high half, kept in the slot to rule out most other shapes without reading them.
    private static func tag(of digest: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: digest >> 32)
    }

    /// Where a tag's probe starts: the tag mixed (the digest is FNV-1a, whose bits alone spread
    /// poorly), then masked to the table.
    private static func home(of tag: UInt32, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
