internal import RoutePatterns
internal import ByteParsing
import Synchronization

/// The registry's routing table, built as lookups need it rather than whole at the first one.
///
/// The first lookup after a change builds only the part of the table its key can reach, from one
/// scan of the patterns: the forms whose first two parts are literals equal to the key's first two
/// segments, those whose first part is the key's first segment and whose second is not a literal
/// (or is absent), and those that do not start with a literal. Each group is a small trie keyed
/// from the segment after the literals it stands for. Looking them up in that order is what the
/// whole trie's depth-first search does (a literal child before any other, at the root and at its
/// child), so a key with the same first segments gets the whole table's answer. The first lookup
/// of a key outside them builds the whole trie, which answers every lookup from then on.
///
/// So an app launched by a deep link opens it after building the few forms that link can reach;
/// the whole table is built at the first lookup of another part, as it was at the first lookup.
///
/// Thread safety: the parts and the whole trie are each written once, under `building`, before
/// `stage` is raised with a releasing store, and never changed after; a lookup reads them after an
/// acquiring load of `stage`, and takes the lock only to build what it needs.
final class TrieParts: Sendable {
    /// The registered routes, as the registry froze them.
    private let entries: [RouteEntry]
    /// 0: nothing built; 1: `prefix` built; 2: `wholeTrie` built (and `prefix` no longer read).
    private let stage = Atomic<Int>(0)
    nonisolated(unsafe) private var prefix: PrefixParts?
    nonisolated(unsafe) private var wholeTrie: RouteTrie?
    private let building = Mutex(())
    private let whenWhole: @Sendable (RouteTrie) -> Void

    init(entries: [RouteEntry], whenWhole: @escaping @Sendable (RouteTrie) -> Void) {
        self.entries = entries
        self.whenWhole = whenWhole
    }

    /// The best variant for the URL, as ``RouteTrie/match(_:includingHost:captures:)``.
    func match(_ url: RouteURL, includingHost: Bool, captures: inout Captures) -> Int? {
        switch stage.load(ordering: .acquiring) {
        case 2:
            return wholeTrie.unsafelyUnwrapped.match(url, from: url.layout.keyStart(includingHost: includingHost), captures: &captures)
        case 1:
            if let found = prefix.unsafelyUnwrapped.match(url, includingHost: includingHost, captures: &captures) { return found }
        default:
            break
        }
        buildPart(for: url, includingHost: includingHost)
        // Now built: the parts of this key, or the whole trie.
        return match(url, includingHost: includingHost, captures: &captures)
    }

    /// The whole trie, built now unless a lookup has built it.
    var whole: RouteTrie {
        let whole = building.withLock { _ -> (trie: RouteTrie, isNew: Bool) in
            if stage.load(ordering: .acquiring) == 2 { return (wholeTrie.unsafelyUnwrapped, false) }
            return (buildWhole(), true)
        }
        if whole.isNew { whenWhole(whole.trie) }
        return whole.trie
    }

    /// The variant at `index` and the trie that holds its names (``RouteTrie/located(_:)``).
    func located(_ index: Int) -> (trie: RouteTrie, variant: RouteTrie.Variant) {
        if stage.load(ordering: .acquiring) == 2 {
            // The whole trie numbers the variants as the parts do.
            let whole = wholeTrie.unsafelyUnwrapped
            return (whole, whole.variants[index])
        }
        return prefix.unsafelyUnwrapped.located(index)
    }

    /// Builds the parts that `url`'s key reaches when nothing is built yet, else the whole trie,
    /// unless another lookup built what this one needs while it waited for the lock.
    private func buildPart(for url: RouteURL, includingHost: Bool) {
        let whole = building.withLock { _ -> RouteTrie? in
            switch stage.load(ordering: .acquiring) {
            case 0:
                prefix = PrefixParts(entries: entries, key: url, includingHost: includingHost)
                stage.store(1, ordering: .releasing)
                return nil
            case 1 where !prefix.unsafelyUnwrapped.covers(url, includingHost: includingHost):
                return buildWhole()
            default:
                return nil
            }
        }
        // Outside the lock: the registry takes its own to keep the whole trie.
        if let whole { whenWhole(whole) }
    }

    /// Builds the whole trie; called with `building` held.
    private func buildWhole() -> RouteTrie {
        let whole = RouteTrie(patternsOf: entries)
        wholeTrie = whole
        stage.store(2, ordering: .releasing)
        return whole
    }
}

/// The parts of the table that one key reaches (see ``TrieParts``).
private struct PrefixParts: Sendable {
    /// The forms of one part in a trie, with each of its variants' index among all the table's.
    struct Part: Sendable {
        let trie: RouteTrie
        let variants: [Int32]

        func match(_ url: RouteURL, from cursor: Int, captures: inout Captures) -> Int? {
            trie.match(url, from: cursor, captures: &captures).map { Int(variants[$0]) }
        }
    }

    /// Which part a form belongs to.
    private enum Place {
        case both, afterFirst, rest
    }

    /// One form of a route, and its index among all the forms.
    private struct Form {
        let routeIndex: Int
        let mask: UInt32
        let variant: Int32
    }

    /// Where a key's first segments lead, when these parts hold every form the key can match.
    private struct Reach {
        let start: Int
        var afterFirst: Int?
        var afterSecond: Int?
    }

    /// The first two segments of the key these parts were built for, decoded; `nil` where the
    /// key had fewer.
    let first: [UInt8]?
    let second: [UInt8]?
    /// The forms that start with the literals `first` and `second`.
    let both: Part?
    /// The forms that start with the literal `first`, then a part that is not a literal, or nothing.
    let afterFirst: Part?
    /// The forms that do not start with a literal.
    let rest: Part?

    init(entries: [RouteEntry], key url: RouteURL, includingHost: Bool) {
        var first: [UInt8]?
        var second: [UInt8]?
        url.withUTF8 { bytes in
            Self.withSegment(of: url, bytes: bytes, after: url.layout.keyStart(includingHost: includingHost)) { segment, next in
                guard let segment else { return }
                first = Array(segment)
                Self.withSegment(of: url, bytes: bytes, after: next) { segment, _ in second = segment.map(Array.init) }
            }
        }
        var forms: (both: [Form], afterFirst: [Form], rest: [Form]) = ([], [], [])
        // Every form, numbered as `TrieBuilder` numbers them: by route, then in precedence order.
        var variant: Int32 = 0
        (first ?? []).withUnsafeBufferPointer { firstBytes in (second ?? []).withUnsafeBufferPointer { secondBytes in
            let key = KeyStart(first: first == nil ? nil : firstBytes, second: second == nil ? nil : secondBytes)
            entries.withUnsafeBufferPointer { buffer in
                // Each pattern read where it is: reading an entry out of the list copies it whole,
                // its options and handler too.
                let patterns = UnsafeRawPointer(buffer.baseAddress!) + MemoryLayout<RouteEntry>.offset(of: \RouteEntry.pattern)!
                for routeIndex in buffer.indices {
                    let pattern = (patterns + routeIndex * MemoryLayout<RouteEntry>.stride).assumingMemoryBound(to: RoutePattern.self).pointee
                    let groupCount = pattern.optionalGroupCount
                    pattern.withPartBytes { bytes in pattern.parts.withUnsafeBufferPointer { parts in
                        func place(_ mask: UInt32) {
                            let form = Form(routeIndex: routeIndex, mask: mask, variant: variant)
                            variant += 1
                            switch key.place(parts, bytes: bytes, taking: mask) {
                            case .both?: forms.both.append(form)
                            case .afterFirst?: forms.afterFirst.append(form)
                            case .rest?: forms.rest.append(form)
                            case nil: break
                            }
                        }
                        guard groupCount > 0 else { return place(0) }
                        for mask in RoutePattern.formMasks(groupCount: groupCount) { place(mask) }
                    } }
                }
            }
        } }
        self.first = first
        self.second = second
        both = Self.part(of: forms.both, skipping: 2, entries: entries)
        afterFirst = Self.part(of: forms.afterFirst, skipping: 1, entries: entries)
        rest = Self.part(of: forms.rest, skipping: 0, entries: entries)
    }

    /// The variant of index `index` among all the table's, which one of these parts matched, and
    /// the part's trie, which holds its names.
    func located(_ index: Int) -> (trie: RouteTrie, variant: RouteTrie.Variant) {
        for part in [both, afterFirst, rest] {
            // Each part's variants are in increasing order.
            guard let part, let local = Self.position(of: Int32(index), in: part.variants) else { continue }
            return (part.trie, part.trie.variants[local])
        }
        preconditionFailure("variant \(index) was not matched by these parts")
    }

    /// The position of `value` in the sorted `values`, or `nil`.
    private static func position(of value: Int32, in values: [Int32]) -> Int? {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value ? low : nil
    }

    /// Whether these parts hold every form that `url`'s key can match.
    func covers(_ url: RouteURL, includingHost: Bool) -> Bool {
        reach(of: url, includingHost: includingHost) != nil
    }

    /// The best variant for the URL, or `nil` when these parts do not cover its key (`.some(nil)`
    /// when they do and no form matches).
    func match(_ url: RouteURL, includingHost: Bool, captures: inout Captures) -> Int?? {
        guard let reach = reach(of: url, includingHost: includingHost) else { return nil }
        // The whole trie's order: the literal child of the first segment's node, then that
        // node's other children and its tail, then the root's.
        if let cursor = reach.afterSecond, let both, let found = both.match(url, from: cursor, captures: &captures) { return found }
        if let cursor = reach.afterFirst, let afterFirst, let found = afterFirst.match(url, from: cursor, captures: &captures) { return found }
        return .some(rest?.match(url, from: reach.start, captures: &captures))
    }

    private func reach(of url: RouteURL, includingHost: Bool) -> Reach? {
        let start = url.layout.keyStart(includingHost: includingHost)
        return url.withUTF8 { bytes in
            Self.withSegment(of: url, bytes: bytes, after: start) { segment, afterFirst -> Reach? in
                guard let segment else { return Reach(start: start) }
                guard let first, segment.elementsEqual(first) else { return nil }
                return Self.withSegment(of: url, bytes: bytes, after: afterFirst) { segment, afterSecond -> Reach? in
                    guard let segment else { return Reach(start: start, afterFirst: afterFirst) }
                    guard let second, segment.elementsEqual(second) else { return nil }
                    return Reach(start: start, afterFirst: afterFirst, afterSecond: afterSecond)
                }
            }
        }
    }

    /// Calls `body` with the key segment after `cursor`, decoded as the trie compares it, and the
    /// cursor after it; with `nil` at the key's end.
    private static func withSegment<Value>(
        of url: RouteURL, bytes: UnsafeBufferPointer<UInt8>, after cursor: Int, _ body: (UnsafeBufferPointer<UInt8>?, Int) -> Value
    ) -> Value {
        let layout = url.layout
        guard let (start, end) = layout.segment(after: cursor, in: bytes) else { return body(nil, cursor) }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let next = layout.cursor(after: end)
        if layout.hasEscapes, raw.contains(ASCII.percent) {
            let decoded = PercentEncoding.decodeBytes(raw, plusAsSpace: false) ?? Array(raw)
            return decoded.withUnsafeBufferPointer { body($0, next) }
        }
        return body(raw, next)
    }

    /// The first two segments of the key, borrowed while the patterns are scanned.
    private struct KeyStart {
        let first: UnsafeBufferPointer<UInt8>?
        let second: UnsafeBufferPointer<UInt8>?

        /// The part the form `mask` of a pattern belongs to, or `nil` when the key cannot reach it.
        func place(_ parts: UnsafeBufferPointer<RoutePattern.Part>, bytes: UnsafeBufferPointer<UInt8>, taking mask: UInt32) -> Place? {
            var isFirst = true
            for part in parts where RoutePattern.form(mask, takes: part.group) {
                guard case .literal = part.kind else { return isFirst ? .rest : .afterFirst }
                guard let literal = isFirst ? first : second, Self.equal(bytes, part.range, literal) else { return nil }
                if !isFirst { return .both }
                isFirst = false
            }
            return isFirst ? .rest : .afterFirst
        }

        /// Whether `bytes[range]` are the bytes of `other`.
        @inline(__always)
        private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
            guard range.count == other.count else { return false }
            for offset in 0..<other.count where bytes[range.lowerBound + offset] != other[offset] { return false }
            return true
        }
    }

    /// A trie of `forms` without their first `skipped` parts, or `nil` when there are none.
    private static func part(of forms: [Form], skipping skipped: Int, entries: [RouteEntry]) -> Part? {
        guard !forms.isEmpty else { return nil }
        var builder = TrieBuilder(segmentCount: forms.count * 2, literalCount: forms.count)
        for form in forms {
            builder.add(form: form.mask, of: entries[form.routeIndex].pattern, routeIndex: form.routeIndex, skipping: skipped)
        }
        return Part(trie: RouteTrie(built: builder), variants: forms.map(\.variant))
    }
}
