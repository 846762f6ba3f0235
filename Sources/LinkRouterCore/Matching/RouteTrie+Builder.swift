internal import RoutePatterns

/// What a route trie is built from: patterns, or the registered routes that hold them (read
/// in place, so that building the trie copies no pattern).
protocol PatternSource {
    var pattern: RoutePattern { get }
}

extension RoutePattern: PatternSource {
    var pattern: RoutePattern { self }
}

/// Builds the trie one pattern at a time; ``frozenNodes()`` turns its nodes into the lookup's.
struct TrieBuilder {
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

    /// Adds the form `mask` of a route without its first `skipped` parts, literals that a part of
    /// the table stands for (see ``TrieParts``).
    mutating func add(form mask: UInt32, of pattern: RoutePattern, routeIndex: Int, skipping skipped: Int) {
        pattern.withPartBytes { bytes in addForm(pattern.parts, bytes: bytes, taking: mask, routeIndex: routeIndex, skipping: skipped) }
    }

    private mutating func add(_ parts: [RoutePattern.Part], bytes: UnsafeBufferPointer<UInt8>, groupCount: Int, routeIndex: Int) {
        guard groupCount > 0 else {
            addForm(parts, bytes: bytes, taking: 0, routeIndex: routeIndex)
            return
        }
        // Each form, in precedence order: where two forms of this route end at one node, the
        // earlier keeps it.
        for mask in RoutePattern.formMasks(groupCount: groupCount) {
            addForm(parts, bytes: bytes, taking: mask, routeIndex: routeIndex)
        }
    }

    /// Adds one form of a route: its parts outside groups and those of the groups in `groups`;
    /// each form has its own capture names, so their positions match the form's captures.
    private mutating func addForm(
        _ parts: [RoutePattern.Part], bytes: UnsafeBufferPointer<UInt8>, taking groups: UInt32, routeIndex: Int, skipping skipped: Int = 0
    ) {
        var node: Int32 = 0
        let namesStart = Int32(captureNames.count)
        var pathCaptures: UInt32 = 0
        var ending = Ending.terminal
        var toSkip = skipped
        for part in parts where RoutePattern.form(groups, takes: part.group) {
            if toSkip > 0 {
                toSkip -= 1
                continue
            }
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
