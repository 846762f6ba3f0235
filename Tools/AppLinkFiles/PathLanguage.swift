/// Sets of URL paths as regular expressions over their bytes, and an explorer that walks every
/// class of paths that a list of such sets cannot tell apart, within a budget of steps.
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

    /// The ASCII bytes from `first` to `last`, both included.
    init(_ first: Unicode.Scalar, through last: Unicode.Scalar) {
        guard first <= last else { return }
        for value in first.value...last.value where value < 128 { insert(UInt8(value)) }
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

/// A nondeterministic automaton built from a ``PathExpression`` (Thompson's construction): each
/// state has its moves on byte sets, each move leading to a set of states closed over the empty
/// moves (computed by ``PathClasses/explore(_:alphabet:budget:_:)``, within its budget).
private struct PathAutomaton {
    var epsilons: [[Int]] = []
    var edges: [[(set: ByteSet, target: Int)]] = []
    private(set) var accept = 0
    var stateCount: Int { epsilons.count }
    var wordCount: Int { (stateCount + 63) / 64 }

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

    /// The states reached from `state` by empty moves, itself included, as ``wordCount`` words
    /// appended to `words`; each state visited and each word written is a step.
    func appendClosure(of state: Int, to words: inout [UInt64], steps: inout Int) {
        let first = words.count
        words += repeatElement(0, count: wordCount)
        steps += wordCount
        var pending = [state]
        while let state = pending.popLast() {
            steps += 1
            let (word, bit) = (first + state / 64, UInt64(1) << UInt64(state % 64))
            guard words[word] & bit == 0 else { continue }
            words[word] |= bit
            pending += epsilons[state]
        }
    }
}

/// The classes of paths that a list of ``PathExpression``s cannot tell apart: two paths of one
/// class are matched by the same expressions, and so are all their continuations.
///
/// The explorer walks the product of the expressions' automata breadth first: every reachable
/// combination of their states, once, with its shortest path. Its work is counted in steps, the
/// same on every machine, and bounded by a budget (see ``explore(_:alphabet:budget:_:)``).
enum PathClasses {
    /// One class, as the explorer reaches it.
    struct Visit {
        /// One of the class's shortest paths.
        let path: String
        /// The expressions that match the paths of the class, by index, in increasing order.
        let matching: [Int]
        /// The expressions that can still match some continuation of them, in increasing order.
        let alive: [Int]
    }

    /// How an exploration ended.
    struct Exploration {
        /// Whether every class was visited; `false` when the exploration stopped at its budget.
        let isComplete: Bool
        /// The steps it took: at most the budget, and one class's work more.
        let steps: Int
    }

    /// One move of a combined state: from a state, on the byte classes of `atoms`, to the
    /// states of a closure.
    private struct Move {
        /// The byte classes it takes, as a bit set over their indices (at most 128).
        let atoms: (low: UInt64, high: UInt64)
        /// Where its closure starts in the automaton's closures.
        let closure: Int

        func takes(_ atom: Int) -> Bool {
            atom < 64 ? atoms.low & (1 << UInt64(atom)) != 0 : atoms.high & (1 << UInt64(atom - 64)) != 0
        }
    }

    /// An automaton prepared for the exploration: its moves, flat, and their closures.
    private struct Prepared {
        let wordCount: Int
        let accept: Int
        /// The start state's closure.
        let start: [UInt64]
        /// For each state, its moves: `moves[firstMove[state]..<firstMove[state + 1]]`.
        let firstMove: [Int]
        let moves: [Move]
        /// The closures, ``wordCount`` words each.
        let closures: [UInt64]
    }

    /// Visits every reachable class, shortest paths first, expanding only the classes for which
    /// `visit` returns `true`.
    ///
    /// Every unit of work is a step, counted as it is done, and the exploration stops once the
    /// steps pass `budget`: preparing the automata (each state a closure visits, each word of a
    /// closure written), and for each class, each byte of its path, each live state and each of
    /// its moves, each word a move adds to the next combined state, and four per word of each
    /// combined state reached (sorted, stored, hashed, looked up). So the time and the memory an
    /// exploration takes are bounded by its budget, and whether it finishes is the same on every
    /// machine. A combined state is kept sparse, as the words of the automata still alive
    /// (`word index, bits` pairs): in a table of many routes most forms are dead after a few
    /// characters, and stepping or hashing them would cost every class the whole table.
    ///
    /// - Parameters:
    ///   - expressions: The sets of paths to tell apart.
    ///   - alphabet: The bytes paths are made of.
    ///   - budget: The most steps to take.
    ///   - visit: Called with each class; returns whether to expand it.
    static func explore(_ expressions: [PathExpression], alphabet: ByteSet, budget: Int, _ visit: (Visit) -> Bool) -> Exploration {
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
        let representatives = classes.compactMap { part in part.bytes.min { rank($0) < rank($1) } }.sorted { rank($0) < rank($1) }

        var steps = 0
        var prepared: [Prepared] = []
        for expression in expressions {
            guard let automaton = prepare(PathAutomaton(expression), representatives: representatives, budget: budget, steps: &steps) else {
                return Exploration(isComplete: false, steps: steps)
            }
            prepared.append(automaton)
        }
        return explore(prepared, representatives: representatives, budget: budget, steps: steps, visit)
    }

    /// The automaton's moves on the byte classes and their closures; `nil` when preparing it
    /// passes the budget.
    private static func prepare(_ automaton: PathAutomaton, representatives: [UInt8], budget: Int, steps: inout Int) -> Prepared? {
        var start: [UInt64] = []
        automaton.appendClosure(of: 0, to: &start, steps: &steps)
        var closures: [UInt64] = []
        var closureOf: [Int: Int] = [:]
        var firstMove: [Int] = []
        var moves: [Move] = []
        for stateEdges in automaton.edges {
            firstMove.append(moves.count)
            for (set, target) in stateEdges {
                steps += 1 + representatives.count
                var atoms: (low: UInt64, high: UInt64) = (0, 0)
                for (atom, byte) in representatives.enumerated() where set.contains(byte) {
                    if atom < 64 { atoms.low |= 1 << UInt64(atom) } else { atoms.high |= 1 << UInt64(atom - 64) }
                }
                guard atoms != (0, 0) else { continue }
                let closure: Int
                if let known = closureOf[target] {
                    closure = known
                } else {
                    closure = closures.count
                    closureOf[target] = closure
                    automaton.appendClosure(of: target, to: &closures, steps: &steps)
                }
                moves.append(Move(atoms: atoms, closure: closure))
            }
            if steps > budget { return nil }
        }
        firstMove.append(moves.count)
        return Prepared(
            wordCount: automaton.wordCount, accept: automaton.accept, start: start, firstMove: firstMove, moves: moves, closures: closures
        )
    }

    private static func explore(_ automata: [Prepared], representatives: [UInt8], budget: Int, steps: Int, _ visit: (Visit) -> Bool) -> Exploration {
        var steps = steps
        var offsets: [Int] = []
        var owners: [Int] = []
        for (index, automaton) in automata.enumerated() {
            offsets.append(owners.count)
            owners += repeatElement(index, count: automaton.wordCount)
        }
        let width = owners.count
        var start: [UInt64] = []
        for (index, automaton) in automata.enumerated() {
            for (word, bits) in automaton.start.enumerated() where bits != 0 { start += [UInt64(offsets[index] + word), bits] }
        }
        var keys: [[UInt64]] = [start]
        // Each key's parent and the byte that reached it (two arrays: no tuple in the hot loop).
        var parents: [Int] = [-1]
        var parentBytes: [UInt8] = [0]
        var seen: [[UInt64]: Int] = [start: 0]
        let atomCount = representatives.count
        // The next combined state on each byte class, as it is made: `width` words per class,
        // and the words touched.
        var scratch = [UInt64](repeating: 0, count: width * atomCount)
        var touched = [[Int]](repeating: [], count: atomCount)
        var next = 0
        while next < keys.count {
            let key = keys[next]
            var path: [UInt8] = []
            var cursor = next
            while parents[cursor] >= 0 {
                path.append(parentBytes[cursor])
                cursor = parents[cursor]
            }
            steps += 1 + path.count + key.count
            var matching: [Int] = []
            var alive: [Int] = []
            var pair = 0
            while pair < key.count {
                defer { pair += 2 }
                let word = Int(key[pair]), owner = owners[word]
                if alive.last != owner { alive.append(owner) }
                let accept = automata[owner].accept
                if word - offsets[owner] == accept / 64, key[pair + 1] & (UInt64(1) << UInt64(accept % 64)) != 0 { matching.append(owner) }
            }
            let expand = visit(Visit(path: String(decoding: path.reversed(), as: UTF8.self), matching: matching, alive: alive))
            if expand {
                var pair = 0
                while pair < key.count {
                    defer { pair += 2 }
                    let word = Int(key[pair]), owner = owners[word], offset = offsets[owner]
                    let automaton = automata[owner]
                    let words = automaton.wordCount
                    var bits = key[pair + 1]
                    while bits != 0 {
                        let state = (word - offset) * 64 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        let moves = automaton.firstMove[state]..<automaton.firstMove[state + 1]
                        steps += 1 + moves.count
                        for move in automaton.moves[moves] {
                            for atom in 0..<atomCount where move.takes(atom) {
                                steps += words
                                let base = atom * width + offset
                                // Indexed, not enumerated: this loop is the exploration's cost.
                                automaton.closures.withUnsafeBufferPointer { closures in
                                    for index in 0..<words {
                                        let reached = closures[move.closure + index]
                                        if reached != 0 {
                                            if scratch[base + index] == 0 { touched[atom].append(offset + index) }
                                            scratch[base + index] |= reached
                                        }
                                    }
                                }
                            }
                        }
                        if steps > budget { return Exploration(isComplete: false, steps: steps) }
                    }
                }
                for atom in 0..<atomCount {
                    steps += 1 + 4 * touched[atom].count
                    touched[atom].sort()
                    var reached: [UInt64] = []
                    reached.reserveCapacity(touched[atom].count * 2)
                    for word in touched[atom] {
                        reached.append(UInt64(word))
                        reached.append(scratch[atom * width + word])
                        scratch[atom * width + word] = 0
                    }
                    touched[atom].removeAll(keepingCapacity: true)
                    guard seen[reached] == nil else { continue }
                    seen[reached] = keys.count
                    keys.append(reached)
                    parents.append(next)
                    parentBytes.append(representatives[atom])
                }
            }
            if steps > budget { return Exploration(isComplete: false, steps: steps) }
            next += 1
        }
        return Exploration(isComplete: true, steps: steps)
    }
}
