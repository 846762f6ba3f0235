internal import RoutePatterns
internal import ByteParsing

/// A frozen, read-only routing trie built from a list of patterns (the registered routes, or the
/// source patterns of redirect and rule tables).
///
/// Layout: nodes in one flat array; literal edges of the whole trie in one open-addressing hash
/// table keyed by (parent node, segment bytes), so finding a literal child costs the same with 2
/// siblings or 20,000. Placeholder and wildcard children are direct node indices. Routes ending in
/// `**` or `<path:>` end at their parent node.
///
/// Lookup is a depth-first search that tries children in precedence order (literal, `<int>`,
/// `<uuid>`, `<bool>`, `<double>`, `:param`, `*`, then `<path:>`/`**`), so the first complete
/// match is the best one. Every node sits at a fixed depth, so one lookup visits each node at most
/// once: the work is bounded by the key's length and the table's shape.
final class RouteTable: Sendable {
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

        subscript(type: RoutePattern.PlaceholderType) -> Int32 {
            get {
                switch type {
                case .int: int
                case .uuid: uuid
                case .bool: bool
                case .double: double
                }
            }
            set {
                switch type {
                case .int: int = newValue
                case .uuid: uuid = newValue
                case .bool: bool = newValue
                case .double: double = newValue
                }
            }
        }
    }

    struct LiteralSlot {
        var hash: UInt64 = 0
        var parent: Int32 = -1
        var child: Int32 = -1
        var offset: Int32 = 0
        var length: Int32 = 0
    }

    /// One concrete form of a registered pattern (a pattern with optional groups has several).
    struct Variant: Sendable {
        let routeIndex: Int
        let captureNames: [String]
        /// Bit `i` set: capture `i` is a `<path:>` capture spanning several segments.
        let pathCaptures: UInt32
    }

    /// The patterns, in the order given; a variant's `routeIndex` indexes this array.
    let patterns: [RoutePattern]
    let variants: [Variant]
    /// Variants that lost their slot to an earlier route with the same shape (`a(/:b)` and `a/:c`).
    let shadowed: [(variant: Int, by: Int)]
    private let nodes: [Node]
    private let slots: [LiteralSlot]
    private let literalBytes: [UInt8]

    init(patterns: [RoutePattern]) {
        var nodes = [Node()]
        var variants: [Variant] = []
        var shadowed: [(Int, Int)] = []
        var literals = LiteralEdges()

        func child(_ parent: Int32, _ keyPath: WritableKeyPath<Node, Int32>) -> Int32 {
            let existing = nodes[Int(parent)][keyPath: keyPath]
            if existing >= 0 { return existing }
            nodes.append(Node())
            let created = Int32(nodes.count - 1)
            nodes[Int(parent)][keyPath: keyPath] = created
            return created
        }

        for (routeIndex, pattern) in patterns.enumerated() {
            // Variant k is the required segments plus the first k optional groups: walk them in
            // turn instead of materialising `pattern.variants`.
            var node: Int32 = 0
            var names: [String] = []
            var pathCaptures: UInt32 = 0
            var endSlot: WritableKeyPath<Node, Int32> = \.terminal
            for groupCount in 0...pattern.optionalGroups.count {
                let segments = groupCount == 0 ? pattern.segments : pattern.optionalGroups[groupCount - 1]
                for segment in segments {
                    switch segment {
                    case .literal(let text):
                        node = literals.child(of: node, text: text) {
                            nodes.append(Node())
                            nodes[Int(node)].hasLiterals = true
                            return Int32(nodes.count - 1)
                        }
                    case .parameter(let name):
                        node = child(node, \.parameter)
                        names.append(name)
                    case .typed(let type, let name):
                        node = child(node, \Node.[type])
                        names.append(name)
                    case .wildcard:
                        node = child(node, \.wildcard)
                    case .catchAll:
                        endSlot = \.catchAll
                    case .path(let name):
                        pathCaptures |= 1 << UInt32(names.count)
                        names.append(name)
                        endSlot = \.pathTail
                    }
                }
                let variantIndex = Int32(variants.count)
                variants.append(Variant(routeIndex: routeIndex, captureNames: names, pathCaptures: pathCaptures))
                let occupant = nodes[Int(node)][keyPath: endSlot]
                if occupant < 0 {
                    nodes[Int(node)][keyPath: endSlot] = variantIndex
                } else if variants[Int(occupant)].routeIndex != routeIndex {
                    shadowed.append((Int(variantIndex), Int(occupant)))
                }
            }
        }

        self.patterns = patterns
        self.variants = variants
        self.shadowed = shadowed
        self.nodes = nodes
        self.slots = literals.slots
        self.literalBytes = literals.bytes
    }

    /// FNV-1a over the segment bytes, mixed with the parent node.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, parent: Int32) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// The literal edges of the whole trie, built straight into the open-addressing table the lookup
/// probes (kept at most half full). Keyed by the literal's UTF-8 bytes, not `String`, because the
/// lookup compares bytes and `String` equality would merge canonically equivalent spellings
/// (`é`, `e`+U+0301).
private struct LiteralEdges {
    private(set) var slots = [RouteTable.LiteralSlot](repeating: RouteTable.LiteralSlot(), count: 16)
    private(set) var bytes: [UInt8] = []
    private var count = 0

    /// The child of `parent` along `text`, created with `makeNode` when there is none yet.
    mutating func child(of parent: Int32, text: String, makeNode: () -> Int32) -> Int32 {
        var text = text
        return text.withUTF8 { value in
            let hash = RouteTable.hash(value, parent: parent)
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].child >= 0 {
                let slot = slots[index]
                if slot.hash == hash, slot.parent == parent, Int(slot.length) == value.count,
                   value.elementsEqual(bytes[Int(slot.offset)..<Int(slot.offset + slot.length)]) {
                    return slot.child
                }
                index = (index + 1) & mask
            }
            let created = makeNode()
            slots[index] = RouteTable.LiteralSlot(
                hash: hash, parent: parent, child: created, offset: Int32(bytes.count), length: Int32(value.count)
            )
            bytes.append(contentsOf: value)
            count += 1
            if count * 2 > slots.count { grow() }
            return created
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [RouteTable.LiteralSlot](repeating: RouteTable.LiteralSlot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.child >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].child >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}

// MARK: - Lookup

/// The up-to-16 captures of one match, kept inline: a lookup allocates nothing.
struct Captures: Sendable {
    /// A capture's UTF-8 range in the URL string; a `<path:>` capture spans several segments.
    struct Range: Sendable {
        var start: Int32 = 0
        var end: Int32 = 0
    }

    var ranges = InlineArray<16, Range>(repeating: Range())
}

/// The outcome of a successful lookup.
struct TableMatch: Sendable {
    let variant: Int
    let captures: Captures
}

extension RouteTable {
    /// Finds the best route for a parsed URL.
    ///
    /// - Parameter includingHost: Whether the host is the key's first segment (the default mode)
    ///   rather than fixed by the router.
    func match(_ url: RouteURL, includingHost: Bool) -> TableMatch? {
        var string = url.string
        return string.withUTF8 { bytes in
            nodes.withUnsafeBufferPointer { nodes in
                slots.withUnsafeBufferPointer { slots in
                    literalBytes.withUnsafeBufferPointer { literals in
                        var search = Search(url: url, bytes: bytes, nodes: nodes, slots: slots, literals: literals, variants: variants)
                        let variant = search.run(node: 0, cursor: url.keyStart(includingHost: includingHost), depth: 0)
                        return variant < 0 ? nil : TableMatch(variant: Int(variant), captures: search.captures)
                    }
                }
            }
        }
    }

    private struct Search {
        let url: RouteURL
        let bytes: UnsafeBufferPointer<UInt8>
        let nodes: UnsafeBufferPointer<Node>
        let slots: UnsafeBufferPointer<LiteralSlot>
        let literals: UnsafeBufferPointer<UInt8>
        let variants: [Variant]
        var captures = Captures()

        /// The best variant reachable from `node` for the key from `cursor` on, or -1.
        mutating func run(node index: Int32, cursor: Int, depth: Int) -> Int32 {
            let node = nodes[Int(index)]
            guard let (start, end) = url.segment(after: cursor, in: bytes) else {
                return node.terminal >= 0 ? node.terminal : node.catchAll
            }
            let next = url.cursor(after: end)
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let found: Int32
            if raw.contains(ASCII.percent) {
                let decoded = PercentEncoding.decodeBytes(raw, plusAsSpace: false) ?? Array(raw)
                found = decoded.withUnsafeBufferPointer { value in
                    descend(node, parent: index, value: value, start: start, end: end, next: next, depth: depth)
                }
            } else {
                found = descend(node, parent: index, value: raw, start: start, end: end, next: next, depth: depth)
            }
            if found >= 0 { return found }

            // `<path:>` and `**` take the rest of the key; the earlier registration wins a tie.
            let tail = earlier(node.pathTail, node.catchAll)
            if tail >= 0, tail == node.pathTail, depth < 16 {
                captures.ranges[depth] = Captures.Range(start: Int32(start), end: Int32(url.pathEnd))
            }
            return tail
        }

        private mutating func descend(
            _ node: Node, parent: Int32, value: UnsafeBufferPointer<UInt8>,
            start: Int, end: Int, next: Int, depth: Int
        ) -> Int32 {
            if node.hasLiterals, let child = literalChild(parent: parent, value: value) {
                let found = run(node: child, cursor: next, depth: depth)
                if found >= 0 { return found }
            }
            let capturing = depth < 16
            if capturing {
                for type in RoutePattern.PlaceholderType.allCases {
                    let child = node[type]
                    guard child >= 0, type.accepts(bytes: value) else { continue }
                    captures.ranges[depth] = Captures.Range(start: Int32(start), end: Int32(end))
                    let found = run(node: child, cursor: next, depth: depth + 1)
                    if found >= 0 { return found }
                }
                if node.parameter >= 0 {
                    captures.ranges[depth] = Captures.Range(start: Int32(start), end: Int32(end))
                    let found = run(node: node.parameter, cursor: next, depth: depth + 1)
                    if found >= 0 { return found }
                }
            }
            if node.wildcard >= 0 {
                let found = run(node: node.wildcard, cursor: next, depth: depth)
                if found >= 0 { return found }
            }
            return -1
        }

        private func literalChild(parent: Int32, value: UnsafeBufferPointer<UInt8>) -> Int32? {
            let hash = RouteTable.hash(value, parent: parent)
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots[index]
                if slot.child < 0 { return nil }
                if slot.hash == hash, slot.parent == parent, Int(slot.length) == value.count,
                   value.elementsEqual(literals[Int(slot.offset)..<Int(slot.offset + slot.length)]) {
                    return slot.child
                }
                index = (index + 1) & mask
            }
        }

        private func earlier(_ a: Int32, _ b: Int32) -> Int32 {
            if a < 0 { return b }
            if b < 0 { return a }
            return variants[Int(a)].routeIndex <= variants[Int(b)].routeIndex ? a : b
        }
    }
}
