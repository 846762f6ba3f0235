import LinkRouterCore

/// Android `android:pathAdvancedPattern` attributes (API level 31 and later) for route forms:
/// a segment is `[^/]+`, an `<int:>` `[-+]{0,1}[0-9]+`, a `<uuid:>` its hexadecimal shape, so a
/// form is claimed segment by segment; and where an internal route takes some of a form's paths,
/// the form's set of segments is split so as to leave them out (`[^/]+` without `search` is a
/// dozen patterns, such as `[^s/][^/]*` and `s[^e/][^/]*`), since Android has no exclusions.
enum AdvancedPathRules {
    /// The strings one segment may be.
    enum SegmentSet: Hashable {
        case literal(String)
        case any
        /// Any segment but these (percent-encoded) words.
        case anyExcept(Set<String>)
        case typed(RoutePattern.PlaceholderType)
        /// Patterns whose union is the set, each for one whole segment.
        case patterns([String])

        init(_ segment: RoutePattern.Segment) {
            switch segment {
            case .literal(let text): self = .literal(RouteLink.encode(text))
            case .typed(let type, _): self = .typed(type)
            case .parameter, .wildcard, .path, .catchAll: self = .any
            }
        }

        /// The patterns, each for one whole segment.
        var patterns: [String] {
            switch self {
            case .literal(let text): [escaped(text)]
            case .any, .typed(.double): ["[^/]+"]
            case .anyExcept(let words): Self.otherThan(words)
            case .typed(.int): ["[\\-+]{0,1}[0-9]+"]
            case .typed(.uuid): ["[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"]
            case .typed(.bool): ["true", "false", "yes", "no"].map { $0.map { "[\($0)\($0.uppercased())]" }.joined() } + ["1", "0"]
            case .patterns(let patterns): patterns
            }
        }

        /// Whether the set holds `text`.
        func accepts(_ text: String) -> Bool {
            switch self {
            case .literal(let literal): literal == text
            case .any: !text.isEmpty
            case .anyExcept(let words): !text.isEmpty && !words.contains(text)
            case .typed(let type): type.accepts(text)
            case .patterns(let patterns): patterns.contains { AndroidPathRule(.pathAdvancedPattern, $0).matches(text) }
            }
        }

        /// The strings in both sets: `.some(nil)` for none; `nil` when it cannot be said here.
        func intersection(_ other: SegmentSet) -> SegmentSet?? {
            switch (self, other) {
            case (.literal(let text), _): return other.accepts(text) ? .some(self) : .some(nil)
            case (_, .literal(let text)): return accepts(text) ? .some(other) : .some(nil)
            case (.any, _): return .some(other)
            case (_, .any): return .some(self)
            case (.anyExcept(let left), .anyExcept(let right)): return .some(.anyExcept(left.union(right)))
            case (.anyExcept(let words), .typed(let type)), (.typed(let type), .anyExcept(let words)):
                return words.contains(where: type.accepts) ? nil : .some(.typed(type))
            case (.typed(let left), .typed(let right)) where left == right: return .some(self)
            case (.typed(.int), .typed(.double)), (.typed(.double), .typed(.int)): return .some(.typed(.int))
            case (.typed(.uuid), .typed), (.typed, .typed(.uuid)): return .some(nil)
            default: return nil
            }
        }

        /// The strings of this set not in `other`, as a union of sets; `nil` when they cannot be said here.
        func subtracting(_ other: SegmentSet) -> [SegmentSet]? {
            switch (self, other) {
            case (.literal(let text), _): return other.accepts(text) ? [] : [self]
            case (_, .any): return []
            case (.any, .literal(let text)): return [.anyExcept([text])]
            case (.anyExcept(let words), .literal(let text)): return [words.contains(text) ? self : .anyExcept(words.union([text]))]
            case (.typed(let type), .literal(let text)): return type.accepts(text) ? nil : [self]
            case (.typed(let left), .typed(let right)) where left == right: return []
            case (.typed(.int), .typed(.double)): return []
            case (.typed(.uuid), .typed), (.typed, .typed(.uuid)): return [self]
            case (.any, .typed(.int)): return [.patterns(["[^\\-+0-9/][^/]*", "[\\-+]", "[\\-+][^/]*[^0-9/][^/]*", "[0-9][^/]*[^0-9/][^/]*"])]
            default: return nil
            }
        }

        /// One segment that is none of `words`: for each start of a word (the empty one too), a
        /// segment that goes on with another character than the words do, or ends there when
        /// that start is no word itself.
        static func otherThan(_ words: Set<String>) -> [String] {
            var prefixes: [String: Set<Character>] = [:]  // each start of a word, and the characters that follow it
            for word in words {
                let characters = Array(word)
                for index in 0...characters.count {
                    let prefix = String(characters[..<index])
                    prefixes[prefix, default: []].formUnion(index < characters.count ? [characters[index]] : [])
                }
            }
            var result: [String] = []
            for prefix in prefixes.keys.sorted(by: { ($0.count, $0) < ($1.count, $1) }) {
                let following = prefixes[prefix]!.sorted().map(escapedInSet).joined()
                result.append(escaped(prefix) + "[^" + following + "/][^/]*")
                if !prefix.isEmpty, !words.contains(prefix) { result.append(escaped(prefix)) }
            }
            return result
        }
    }

    /// A form's paths as segment sets, and whether any number of further segments may follow
    /// (`**`; a `<path:>` is one segment and then any number).
    struct Sequence: Equatable {
        var segments: [SegmentSet]
        var isOpen: Bool

        init(_ form: LinkForm) {
            segments = []
            isOpen = false
            for segment in form.segments {
                switch segment {
                case .path:
                    segments.append(.any)
                    isOpen = true
                case .catchAll: isOpen = true
                default: segments.append(SegmentSet(segment))
                }
            }
        }

        init(segments: some Swift.Sequence<SegmentSet>, isOpen: Bool) {
            self.segments = Array(segments)
            self.isOpen = isOpen
        }

        /// The patterns, at most `limit`: every choice of each segment's patterns; none when there
        /// would be more.
        func patterns(limit: Int = 64) -> [String] {
            // An open sequence ending with any segment: that segment and whatever follows it.
            if isOpen, segments.last == .any {
                return Sequence(segments: segments.dropLast(), isOpen: false).patterns(limit: limit).map { ($0 == "/" ? "" : $0) + "/[^/].*" }
            }
            var result = [""]
            for segment in segments {
                result = result.flatMap { prefix in segment.patterns.map { prefix + "/" + $0 } }
                if result.count > limit { return [] }
            }
            guard isOpen else { return result.map { $0.isEmpty ? "/" : $0 } }
            return result.flatMap { [$0.isEmpty ? "/" : $0, $0 + "/[^/].*"] }
        }

        /// The sequence with `count` segments, the added ones any segment.
        private func padded(to count: Int, isOpen: Bool) -> Sequence {
            Sequence(segments: segments + Array(repeating: .any, count: count - segments.count), isOpen: isOpen)
        }

        /// The paths of this sequence that `other` does not take, as sequences; `nil` when they
        /// cannot be said in patterns here.
        func subtracting(_ other: Sequence) -> [Sequence]? {
            let (count, otherCount) = (segments.count, other.segments.count)
            switch (isOpen, other.isOpen) {
            case (false, false):
                guard count == otherCount else { return [self] }
                return differenceOfSegments(other, isOpen: false)
            case (true, false):
                // Only the paths with exactly as many segments as the other's meet it.
                guard otherCount >= count else { return [self] }
                let shorter = (count..<otherCount).map { padded(to: $0, isOpen: false) }
                guard let meeting = padded(to: otherCount, isOpen: false).subtracting(other) else { return nil }
                return shorter + meeting + [padded(to: otherCount + 1, isOpen: true)]
            case (false, true):
                guard count >= otherCount else { return [self] }
                return subtracting(other.padded(to: count, isOpen: false))
            case (true, true):
                if count < otherCount {
                    let shorter = (count..<otherCount).map { padded(to: $0, isOpen: false) }
                    guard let rest = padded(to: otherCount, isOpen: true).subtracting(other) else { return nil }
                    return shorter + rest
                }
                return differenceOfSegments(other.padded(to: count, isOpen: true), isOpen: true)
            }
        }

        /// For sequences of as many segments: those paths of this one whose segments are not all
        /// in the other's (a path in both differs from the other's at a first segment).
        private func differenceOfSegments(_ other: Sequence, isOpen: Bool) -> [Sequence]? {
            var result: [Sequence] = []
            var common: [SegmentSet] = []
            for index in segments.indices {
                guard let difference = segments[index].subtracting(other.segments[index]) else { return nil }
                for part in difference {
                    result.append(Sequence(segments: common + [part] + segments[(index + 1)...], isOpen: isOpen))
                }
                guard let shared = segments[index].intersection(other.segments[index]) else { return nil }
                guard let shared else { return result }
                common.append(shared)
            }
            return result
        }
    }

    /// Text made literal in an advanced pattern.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if ".*+{}[]\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A character made literal in a set.
    private static func escapedInSet(_ character: Character) -> String {
        "]^-\\".contains(character) ? "\\" + String(character) : String(character)
    }
}
