import RoutePatterns

/// Finds the registered pattern of a given shape, so that a second route or redirect of that
/// shape is refused.
///
/// Keyed by the shape's digest, a plain integer, so that registering thousands of routes hashes
/// no string and counts no reference. A hit is confirmed by comparing the shapes themselves; a
/// digest that two different shapes share keeps the later ones in a short side list.
struct ShapeIndex {
    private var positions: [UInt64: Int] = [:]
    private var collisions: [(digest: UInt64, position: Int)] = []

    init() {}

    /// An index of patterns whose shapes are all different, each at its offset.
    init(shapesOf patterns: some Sequence<RoutePattern>) {
        for (position, pattern) in patterns.enumerated() {
            if let first = positions.updateValue(position, forKey: pattern.shapeDigest) {
                positions[pattern.shapeDigest] = first
                collisions.append((pattern.shapeDigest, position))
            }
        }
    }

    /// Records `pattern` as the one at `position` in `elements`, unless an element already has a
    /// pattern of its shape.
    /// - Returns: The position of the element with a pattern of the same shape, or `nil` when
    ///   `pattern` was recorded.
    mutating func insert<Element>(
        _ pattern: RoutePattern, at position: Int, among elements: [Element], _ patternOf: (Element) -> RoutePattern
    ) -> Int? {
        let digest = pattern.shapeDigest
        // One hash lookup in the usual case, where the digest is new.
        guard let first = positions.updateValue(position, forKey: digest) else { return nil }
        positions[digest] = first
        if let existing = self.position(ofShape: pattern, among: elements, patternOf) { return existing }
        collisions.append((digest, position))
        return nil
    }

    /// The position of the element in `elements` whose pattern has the shape of `pattern`.
    func position<Element>(ofShape pattern: RoutePattern, among elements: [Element], _ patternOf: (Element) -> RoutePattern) -> Int? {
        let digest = pattern.shapeDigest
        guard let first = positions[digest] else { return nil }
        if patternOf(elements[first]).hasSameShape(as: pattern) { return first }
        return collisions.first { $0.digest == digest && patternOf(elements[$0.position]).hasSameShape(as: pattern) }?.position
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
        positions.reserveCapacity(positions.count + count)
    }
}
