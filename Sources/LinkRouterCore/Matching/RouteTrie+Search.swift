internal import RoutePatterns
internal import ByteParsing

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
        if let parts { return parts.match(url, includingHost: includingHost, captures: &captures) }
        return match(url, from: url.layout.keyStart(includingHost: includingHost), captures: &captures)
    }

    /// Finds the best route for the URL's key from `cursor` on (a position
    /// ``RouteURL/Layout/segment(after:in:)`` reads from), in a trie built whole.
    @inline(__always)
    func match(_ url: RouteURL, from cursor: Int, captures: inout Captures) -> Int? {
        let layout = url.layout
        // The search reads this trie's buffers: keep the trie alive until it ends, even
        // where this call is inlined into a caller whose last use of the trie comes before.
        let variant = withExtendedLifetime(self) { url.withUTF8 { bytes in
            var search = Search(layout: layout, bytes: bytes, nodes: nodes, rareTyped: rareTyped, slots: slots, literals: literalBytes)
            let variant = search.run(nodes[0], id: 0, cursor: cursor, depth: 0)
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
