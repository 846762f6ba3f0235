/// One path attribute of an Android `<data>` element, and how Android matches a URI's path with it.
///
/// Matching follows the documentation of `<data>` and of `android.os.PatternMatcher`:
/// `android:path` must equal the whole path (`PATTERN_LITERAL`), `android:pathPrefix` begin it
/// (`PATTERN_PREFIX`), `android:pathSuffix` end it (`PATTERN_SUFFIX`). `android:pathPattern` is a
/// simple glob matched against the whole path (`PATTERN_SIMPLE_GLOB`): `.` matches any character,
/// `*` zero or more of the character just before it (`.*` any text), and `\` makes the next
/// character literal. `android:pathAdvancedPattern` (`PATTERN_ADVANCED_GLOB`) adds sets (`[a-z]`,
/// `[^/]`) and the modifiers `+` (one or more) and `{n}`, `{n,m}` (a number of times). The value is
/// the pattern as Android reads it, after the XML resource's own escapes (a literal `*` in a
/// pattern is written `\\*` in the manifest).
///
/// Android's own `PatternMatcher` does not backtrack after `.*` (it stops at the first occurrence
/// of the character that follows); this matcher follows the documented semantics, which claim at
/// least as much, so an over-claim it reports may be narrower on a device, never wider.
package struct AndroidPathRule: Sendable, Hashable, CustomStringConvertible {
    /// Which attribute.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case path
        case pathPrefix
        case pathPattern
        case pathAdvancedPattern
        case pathSuffix
    }

    /// The attribute.
    package let kind: Kind
    /// Its value, as Android reads it.
    package let value: String

    /// A rule.
    package init(_ kind: Kind, _ value: String) {
        self.kind = kind
        self.value = value
    }

    /// The longest path attribute read, in characters. Android's `PatternMatcher` stores a
    /// parsed `pathAdvancedPattern` in 2,048 entries and refuses a larger one ("Pattern is too
    /// large!"); every path attribute is held to 2,048 characters here.
    package static let maximumLength = 2048
    /// The most entries Android's `PatternMatcher` stores for a parsed `pathAdvancedPattern`
    /// (`MAX_PATTERN_STORAGE`, of which it keeps 3 free).
    static let androidPatternStorage = 2048 - 3
    /// The highest repetition count (`{n}`, `{n,m}`) verified. Android accepts any `int`; a rule
    /// with more stands for an automaton too large to explore, so a file holding one cannot be
    /// verified.
    package static let maximumRepetition = 1000
    /// Why the rule is past a limit (length, Android's storage, repetition count): with
    /// `refusedByAndroid` when Android refuses it too, else it is one that cannot be verified.
    package func limitProblem() -> (message: String, refusedByAndroid: Bool)? {
        let length = value.unicodeScalars.count
        if length > Self.maximumLength {
            return ("an android:\(kind.rawValue) of \(length) characters, more than the \(Self.maximumLength) verified", false)
        }
        guard kind == .pathAdvancedPattern || kind == .pathPattern else { return nil }
        if kind == .pathAdvancedPattern, let storage = Self.androidStorage(value), storage > Self.androidPatternStorage {
            return ("an android:pathAdvancedPattern takes \(storage) entries of Android's pattern storage, more than \(Self.androidPatternStorage): Android refuses it", true)
        }
        let tokens = kind == .pathPattern ? Self.simpleTokens(value) : (Self.advancedTokens(value) ?? [])
        if let count = tokens.map({ $0.maximum ?? $0.minimum }).max(), count > Self.maximumRepetition {
            return ("a repetition of \(count) in an android:\(kind.rawValue), more than the \(Self.maximumRepetition) verified", false)
        }
        return nil
    }

    /// The entries Android's `PatternMatcher.parseAndVerifyAdvancedPattern` stores for a pattern:
    /// one per character, `.`, `*` or `+`; a set two, and two per character or range in it; a
    /// range `{n,m}` four. `nil` when the pattern does not parse.
    static func androidStorage(_ pattern: String) -> Int? {
        guard advancedTokens(pattern) != nil else { return nil }
        let scalars = Array(pattern.unicodeScalars)
        var storage = 0
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "[":
                storage += 2
                index += 1
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                while index < scalars.count, scalars[index] != "]" {
                    if scalars[index] == "\\" { index += 1 }
                    if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" { index += 2 }
                    storage += 2
                    index += 1
                }
            case "{":
                storage += 4
                while index < scalars.count, scalars[index] != "}" { index += 1 }
            case "\\":
                storage += 1
                index += 1
            default:
                storage += 1
            }
            index += 1
        }
        return storage
    }

    /// `pathPattern="/user/..*"`.
    package var description: String { "\(kind.rawValue)=\"\(value)\"" }

    /// Whether the rule matches `path`.
    package func matches(_ path: String) -> Bool {
        switch kind {
        case .path: path == value
        case .pathPrefix: path.hasPrefix(value)
        case .pathSuffix: path.hasSuffix(value)
        case .pathPattern: Self.match(Self.simpleTokens(value), Array(path.unicodeScalars))
        case .pathAdvancedPattern: Self.advancedTokens(value).map { Self.match($0, Array(path.unicodeScalars)) } ?? false
        }
    }

    /// The paths the rule matches.
    var expression: PathExpression {
        switch kind {
        case .path: .literal(value)
        case .pathPrefix: .sequence([.literal(value), .anything])
        case .pathSuffix: .sequence([.anything, .literal(value)])
        case .pathPattern: .sequence(Self.simpleTokens(value).map(\.expression))
        case .pathAdvancedPattern: Self.advancedTokens(value).map { .sequence($0.map(\.expression)) } ?? .choice([])
        }
    }

    /// One character test with how many times it repeats.
    struct Token {
        /// The characters it accepts: `nil` for any.
        var characters: Set<Unicode.Scalar>?
        /// The ranges of a set (`[a-z]`), kept as ranges: `[\u{1}-\u{10FFFF}]` is one, not a
        /// million members.
        var ranges: [ClosedRange<UInt32>] = []
        var negated = false
        var minimum = 1
        var maximum: Int? = 1

        func accepts(_ scalar: Unicode.Scalar) -> Bool {
            guard let characters else { return true }
            return (characters.contains(scalar) || ranges.contains { $0.contains(scalar.value) }) != negated
        }

        var expression: PathExpression {
            var set = ByteSet()
            if let characters {
                for scalar in characters where scalar.isASCII { set.insert(UInt8(scalar.value)) }
                for byte in UInt8(0)..<128 where ranges.contains(where: { $0.contains(UInt32(byte)) }) { set.insert(byte) }
                if negated { set = ByteSet.all.subtracting(set) }
            } else {
                set = .all
            }
            return .repeated(.bytes(set), minimum: minimum, maximum: maximum)
        }
    }

    /// `PATTERN_SIMPLE_GLOB`'s tokens.
    static func simpleTokens(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        var scalars = pattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "*", !tokens.isEmpty, tokens[tokens.count - 1].maximum == 1 {
                tokens[tokens.count - 1].minimum = 0
                tokens[tokens.count - 1].maximum = nil
            } else if scalar == "\\" {
                if let next = scalars.next() { tokens.append(Token(characters: [next])) }
            } else {
                tokens.append(Token(characters: scalar == "." ? nil : [scalar]))
            }
        }
        return tokens
    }

    /// `PATTERN_ADVANCED_GLOB`'s tokens; `nil` for a pattern that does not parse (Android refuses it).
    static func advancedTokens(_ pattern: String) -> [Token]? {
        let scalars = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*", "+", "{":
                guard !tokens.isEmpty, tokens[tokens.count - 1].minimum == 1, tokens[tokens.count - 1].maximum == 1 else { return nil }
                if scalar == "*" {
                    (tokens[tokens.count - 1].minimum, tokens[tokens.count - 1].maximum) = (0, nil)
                } else if scalar == "+" {
                    tokens[tokens.count - 1].maximum = nil
                } else {
                    guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
                    let bounds = String(String.UnicodeScalarView(scalars[index..<close])).split(separator: ",", omittingEmptySubsequences: false)
                    index = close + 1
                    // Counts are decimal digits: `Int` would also read a sign (`{-1}`, a negative count).
                    func count(_ text: Substring) -> Int? { text.allSatisfy { $0.isASCII && $0.isNumber } ? Int(text) : nil }
                    guard (1...2).contains(bounds.count), let low = count(bounds[0]) else { return nil }
                    let high = bounds.count == 1 ? low : (bounds[1].isEmpty ? nil : count(bounds[1]))
                    if bounds.count == 2, !bounds[1].isEmpty, high == nil { return nil }
                    if let high, high < low { return nil }
                    (tokens[tokens.count - 1].minimum, tokens[tokens.count - 1].maximum) = (low, high)
                }
            case "[":
                var set = Set<Unicode.Scalar>()
                var ranges: [ClosedRange<UInt32>] = []
                var negated = false
                if index < scalars.count, scalars[index] == "^" {
                    negated = true
                    index += 1
                }
                var closed = false
                while index < scalars.count {
                    var first = scalars[index]
                    index += 1
                    if first == "]" {
                        closed = true
                        break
                    }
                    if first == "\\", index < scalars.count {
                        first = scalars[index]
                        index += 1
                    }
                    if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                        let last = scalars[index + 1]
                        index += 2
                        guard first.value <= last.value else { return nil }
                        ranges.append(first.value...last.value)
                    } else {
                        set.insert(first)
                    }
                }
                guard closed else { return nil }
                tokens.append(Token(characters: set, ranges: ranges, negated: negated))
            case "\\":
                guard index < scalars.count else { return nil }
                tokens.append(Token(characters: [scalars[index]]))
                index += 1
            case ".":
                tokens.append(Token(characters: nil))
            default:
                tokens.append(Token(characters: [scalar]))
            }
        }
        return tokens
    }

    /// Whether the tokens match the whole text, trying every count of every repeated token.
    static func match(_ tokens: [Token], _ text: [Unicode.Scalar]) -> Bool {
        var failed = Set<Int>()  // (token, position) pairs known not to match
        func match(_ token: Int, _ position: Int) -> Bool {
            if token == tokens.count { return position == text.count }
            let key = token * (text.count + 1) + position
            if failed.contains(key) { return false }
            let current = tokens[token]
            var count = 0
            var cursor = position
            while count < current.minimum {
                guard cursor < text.count, current.accepts(text[cursor]) else {
                    failed.insert(key)
                    return false
                }
                cursor += 1
                count += 1
            }
            while true {
                if match(token + 1, cursor) { return true }
                guard current.maximum.map({ count < $0 }) ?? true, cursor < text.count, current.accepts(text[cursor]) else { break }
                cursor += 1
                count += 1
            }
            failed.insert(key)
            return false
        }
        return match(0, 0)
    }
}
