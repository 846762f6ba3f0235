/// Sets of URL paths as regular expressions over their bytes, and an explorer that walks every
/// class of paths that a list of such sets cannot tell apart.
///
/// `routes links` states each route form, each platform rule (an `apple-app-site-association`
/// component, an Android `<data>` path) and the paths it reasons about as a ``PathExpression``;
/// ``PathClasses`` then visits the product of their automata: every reachable combination of
/// "which of them match", once, with its shortest path. A router's answer is the same for every
/// path of a class (it depends only on which route forms match), so asking the router about each
/// class's shortest path decides every path there is, not a sample.

/// A set of ASCII bytes; paths are ASCII once percent-encoded, and the paths `routes links` reasons
/// about use only a URL's unreserved characters and `/`.
struct ByteSet: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    /// The bytes of `characters`, each an ASCII character.
    init(_ characters: String) {
        for byte in characters.utf8 { insert(byte) }
    }

    /// The bytes from `first` to `last`, both included.
    init(_ first: Character, through last: Character) {
        for byte in first.asciiValue!...last.asciiValue! { insert(byte) }
    }

    /// Every ASCII byte.
    static let all: ByteSet = {
        var set = ByteSet()
        set.low = .max
        set.high = .max
        return set
    }()

    /// The unreserved characters of RFC 3986, which `RouteLink.encode` leaves as they are.
    static let unreserved = ByteSet("A", through: "Z").union(ByteSet("a", through: "z")).union(ByteSet("0", through: "9")).union(ByteSet("-._~"))
    static let digits = ByteSet("0", through: "9")
    static let slash = ByteSet("/")

    mutating func insert(_ byte: UInt8) {
        guard byte < 128 else { return }
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func contains(_ byte: UInt8) -> Bool {
        guard byte < 128 else { return false }
        return byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }

    var isEmpty: Bool { low == 0 && high == 0 }

    func union(_ other: ByteSet) -> ByteSet {
        var result = self
        result.low |= other.low
        result.high |= other.high
        return result
    }

    func intersection(_ other: ByteSet) -> ByteSet {
        var result = self
        result.low &= other.low
        result.high &= other.high
        return result
    }

    func subtracting(_ other: ByteSet) -> ByteSet {
        var result = self
        result.low &= ~other.low
        result.high &= ~other.high
        return result
    }

    /// The set with each ASCII letter's other case added.
    var ignoringCase: ByteSet {
        var result = self
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") where contains(byte) || contains(byte | 0x20) {
            result.insert(byte)
            result.insert(byte | 0x20)
        }
        return result
    }

    /// The bytes in the set, in increasing order.
    var bytes: [UInt8] { (0..<128).filter { contains($0) } }
}

/// A regular set of byte strings.
indirect enum PathExpression: Sendable {
    /// One byte of the set.
    case bytes(ByteSet)
    /// The parts one after another.
    case sequence([PathExpression])
    /// Any one of the parts.
    case choice([PathExpression])
    /// The part between `minimum` and `maximum` times (`nil`: any number).
    case repeated(PathExpression, minimum: Int, maximum: Int?)

    /// Exactly this text.
    static func literal(_ text: String, ignoringCase: Bool = false) -> PathExpression {
        .sequence(text.utf8.map { byte in
            var set = ByteSet()
            set.insert(byte)
            return .bytes(ignoringCase ? set.ignoringCase : set)
        })
    }

    /// Any number of the part, none included.
    static func star(_ part: PathExpression) -> PathExpression { .repeated(part, minimum: 0, maximum: nil) }
    /// One or more of the part.
    static func plus(_ part: PathExpression) -> PathExpression { .repeated(part, minimum: 1, maximum: nil) }
    /// The part or nothing.
    static func optional(_ part: PathExpression) -> PathExpression { .repeated(part, minimum: 0, maximum: 1) }
    // Computed, as LinkForm's expressions are (LeakSanitizer reads a stored one as a leak).

    /// Any text.
    static var anything: PathExpression { .star(.bytes(.all)) }
    /// The empty string.
    static var empty: PathExpression { .sequence([]) }

    /// The states its automaton needs, about: one per byte it reads, a repetition counted its
    /// highest number of times (an unbounded one its least plus one). Computed without building
    /// it, to refuse an expression too large to explore.
    var positions: Int {
        switch self {
        case .bytes: 1
        case .sequence(let parts), .choice(let parts): parts.reduce(0) { $0 + $1.positions }
        case .repeated(let part, let minimum, let maximum):
            part.positions * min(maximum ?? (minimum + 1), Int.max / max(1, part.positions))
        }
    }

    /// Every byte set the expression tests, for splitting the alphabet.
    fileprivate func collectSets(into sets: inout [ByteSet]) {
        switch self {
        case .bytes(let set): sets.append(set)
        case .sequence(let parts), .choice(let parts): for part in parts { part.collectSets(into: &sets) }
        case .repeated(let part, _, _): part.collectSets(into: &sets)
        }
    }
}

/// A nondeterministic automaton built from a ``PathExpression`` (Thompson's construction), with
/// its moves precomputed per class of bytes.
private struct PathAutomaton {
    private var epsilons: [[Int]] = []
    private var edges: [[(ByteSet, Int)]] = []
    private(set) var accept = 0
    /// For each state and byte class: the states reached, closed over empty moves, as a bit set
    /// of ``wordCount`` words at `(state * classes + class) * wordCount`. One flat array: the
    /// exploration reads it in its innermost loop.
    private(set) var moves: [UInt64] = []
    private(set) var start: [UInt64] = []
    var wordCount: Int { (epsilons.count + 63) / 64 }

    init(_ expression: PathExpression) {
        let first = newState()
        accept = build(expression, from: first)
    }

    private mutating func newState() -> Int {
        epsilons.append([])
        edges.append([])
        return epsilons.count - 1
    }

    /// Adds the states of `expression` after `state`; returns the state where it ends.
    private mutating func build(_ expression: PathExpression, from state: Int) -> Int {
        switch expression {
        case .bytes(let set):
            let end = newState()
            edges[state].append((set, end))
            return end
        case .sequence(let parts):
            return parts.reduce(state) { build($1, from: $0) }
        case .choice(let parts):
            let end = newState()
            for part in parts {
                let start = newState()
                epsilons[state].append(start)
                epsilons[build(part, from: start)].append(end)
            }
            if parts.isEmpty { return newState() }  // nothing matches: an end no move reaches
            return end
        case .repeated(let part, let minimum, let maximum):
            var current = state
            for _ in 0..<minimum { current = build(part, from: current) }
            if let maximum {
                let end = newState()
                for _ in minimum..<maximum {
                    epsilons[current].append(end)
                    current = build(part, from: current)
                }
                epsilons[current].append(end)
                return end
            }
            let loop = newState()
            epsilons[current].append(loop)
            let after = build(part, from: loop)
            epsilons[after].append(loop)
            let end = newState()
            epsilons[loop].append(end)
            return end
        }
    }

    private func closure(of states: [Int]) -> [UInt64] {
        var set = [UInt64](repeating: 0, count: wordCount)
        var pending = states
        while let state = pending.popLast() {
            let (word, bit) = (state / 64, UInt64(1) << UInt64(state % 64))
            guard set[word] & bit == 0 else { continue }
            set[word] |= bit
            pending += epsilons[state]
        }
        return set
    }

    /// Precomputes the moves for the byte classes, each given by a representative byte.
    mutating func prepare(representatives: [UInt8]) {
        start = closure(of: [0])
        moves = []
        moves.reserveCapacity(edges.count * representatives.count * wordCount)
        for stateEdges in edges {
            for byte in representatives { moves += closure(of: stateEdges.filter { $0.0.contains(byte) }.map(\.1)) }
        }
    }
}

/// The classes of paths that a list of ``PathExpression``s cannot tell apart: two paths of one
/// class are matched by the same expressions, and so are all their continuations.
struct PathClasses {
    /// One class, as the explorer reaches it.
    struct Visit {
        /// One of the class's shortest paths.
        let path: String
        /// The expressions that match the paths of the class, by index, in increasing order.
        let matching: [Int]
        /// The expressions that can still match some continuation of them, in increasing order.
        let alive: [Int]
    }

    private var automata: [PathAutomaton]
    private let offsets: [Int]
    /// For each word of a combined state, the automaton it belongs to.
    private let owners: [Int]
    private let width: Int
    /// One representative byte per class of bytes that every expression treats alike.
    private let representatives: [UInt8]

    /// Prepares the automata of `expressions` over the bytes of `alphabet`.
    init(_ expressions: [PathExpression], alphabet: ByteSet) {
        var sets: [ByteSet] = []
        for expression in expressions { expression.collectSets(into: &sets) }
        // Split the alphabet into classes whose bytes every set either holds or lacks.
        var classes: [ByteSet] = [alphabet]
        for set in Set(sets) {
            classes = classes.flatMap { part -> [ByteSet] in
                let inside = part.intersection(set), outside = part.subtracting(set)
                return [inside, outside].filter { !$0.isEmpty }
            }
        }
        // Witnesses read best with lowercase letters, then digits, then the rest.
        let preferred = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-._~/".utf8)
        let rank = { (byte: UInt8) in preferred.firstIndex(of: byte) ?? preferred.count + Int(byte) }
        // Explored in that order too, so that a class's shortest path is the most readable one.
        representatives = classes.map { part in part.bytes.min { rank($0) < rank($1) }! }.sorted { rank($0) < rank($1) }
        automata = expressions.map { PathAutomaton($0) }
        var offsets: [Int] = []
        var owners: [Int] = []
        for index in automata.indices {
            automata[index].prepare(representatives: representatives)
            offsets.append(owners.count)
            owners += Array(repeating: index, count: automata[index].wordCount)
        }
        self.offsets = offsets
        self.owners = owners
        width = owners.count
    }

    /// Visits every reachable class, shortest paths first, expanding only the classes for which
    /// `visit` returns `true`.
    ///
    /// A combined state is kept sparse, as the words of the automata that are still alive
    /// (`word index, bits` pairs): in a table of many routes most forms are dead after a few
    /// characters, and stepping or hashing them would cost every class the whole table.
    ///
    /// The work is bounded: each class costs one unit, and expanding it, for each class of bytes,
    /// four units (the state reached is looked up among those seen, the costliest step) and one
    /// per live word of its combined state; past `budget` units the exploration stops. (A
    /// count of classes alone is no bound: a rule such as `*a??????????????????????` makes
    /// classes whose states grow large, and 400,000 of them took 295 s.)
    ///
    /// - Returns: `false` when it stopped at its budget with more to visit.
    func explore(budget: Int, _ visit: (Visit) -> Bool) -> Bool {
        var start: [UInt64] = []
        for (index, automaton) in automata.enumerated() {
            for (word, bits) in automaton.start.enumerated() where bits != 0 { start += [UInt64(offsets[index] + word), bits] }
        }
        var keys: [[UInt64]] = [start]
        // Each key's parent and the byte that reached it (two arrays: no tuple in the hot loop).
        var parents: [Int] = [-1]
        var parentBytes: [UInt8] = [0]
        var seen: [[UInt64]: Int] = [start: 0]
        var scratch = [UInt64](repeating: 0, count: width)
        var touched: [Int] = []
        var next = 0
        let tables = automata.map(\.moves), wordCounts = automata.map(\.wordCount), accepts = automata.map(\.accept)
        let atomCount = representatives.count
        var work = 0
        while next < keys.count {
            work += 1 + (4 + keys[next].count / 2) * atomCount
            if work > budget { return false }
            let key = keys[next]
            var path: [UInt8] = []
            var cursor = next
            while parents[cursor] >= 0 {
                path.append(parentBytes[cursor])
                cursor = parents[cursor]
            }
            var matching: [Int] = []
            var alive: [Int] = []
            var pair = 0
            while pair < key.count {
                defer { pair += 2 }
                let word = Int(key[pair]), owner = owners[word]
                if alive.last != owner { alive.append(owner) }
                let accept = accepts[owner]
                if word - offsets[owner] == accept / 64, key[pair + 1] & (UInt64(1) << UInt64(accept % 64)) != 0 { matching.append(owner) }
            }
            if visit(Visit(path: String(decoding: path.reversed(), as: UTF8.self), matching: matching, alive: alive)) {
                for atom in representatives.indices {
                    var pair = 0
                    while pair < key.count {
                        defer { pair += 2 }
                        let word = Int(key[pair]), owner = owners[word], offset = offsets[owner]
                        var bits = key[pair + 1]
                        while bits != 0 {
                            let state = (word - offset) * 64 + bits.trailingZeroBitCount
                            bits &= bits - 1
                            // Indexed, not enumerated: this loop is the exploration's cost.
                            let words = wordCounts[owner]
                            let first = (state * atomCount + atom) * words
                            tables[owner].withUnsafeBufferPointer { moves in
                                for index in 0..<words {
                                    let reached = moves[first + index]
                                    if reached != 0 {
                                        if scratch[offset + index] == 0 { touched.append(offset + index) }
                                        scratch[offset + index] |= reached
                                    }
                                }
                            }
                        }
                    }
                    touched.sort()
                    var reached: [UInt64] = []
                    reached.reserveCapacity(touched.count * 2)
                    for word in touched {
                        reached.append(UInt64(word))
                        reached.append(scratch[word])
                        scratch[word] = 0
                    }
                    touched.removeAll(keepingCapacity: true)
                    guard seen[reached] == nil else { continue }
                    seen[reached] = keys.count
                    keys.append(reached)
                    parents.append(next)
                    parentBytes.append(representatives[atom])
                }
            }
            next += 1
        }
        return true
    }
}
