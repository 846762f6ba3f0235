internal import ByteParsing

/// The path parameters of one match: where each capture starts in the URL, and, through the trie
/// and the form of the pattern that matched, their names and which one spans the rest of the path.
///
/// Values are decoded only when read, so a match allocates nothing for its captures.
struct PathCaptures: Sendable {
    private let trie: RouteTrie
    private let variant: RouteTrie.Variant
    private let captures: Captures

    init(trie: RouteTrie, variant: RouteTrie.Variant, captures: Captures) {
        self.trie = trie
        self.variant = variant
        self.captures = captures
    }

    /// The names of the path parameters, in pattern order.
    var names: ArraySlice<String> {
        let start = Int(variant.namesStart)
        return trie.captureNames[start..<(start + Int(variant.nameCount))]
    }

    /// The position of the path parameter with this name, or `nil`.
    func index(of name: String) -> Int? {
        let start = Int(variant.namesStart)
        for index in 0..<Int(variant.nameCount) where trie.captureNames[start + index] == name { return index }
        return nil
    }

    /// The decoded value of capture `index` in `url`; a `<path:>` capture's segments joined by `/`,
    /// so that `a/b%2Fc` and `a/b/c` read the same here (``segments(_:in:)`` keeps them apart).
    func value(_ index: Int, in url: RouteURL) -> String {
        let start = Int(captures.starts[index])
        guard isPath(index) else {
            return url.withUTF8 { bytes in
                let end = url.layout.captureEnd(from: start, spanningRest: false, in: bytes)
                return PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: false)
            }
        }
        return segments(index, in: url).joined(separator: "/")
    }

    /// The segments capture `index` spans in `url`, each decoded on its own: one for a `:name` or
    /// typed capture, one or more for a `<path:>` capture (`a/b%2Fc` gives `a` and `b/c`).
    func segments(_ index: Int, in url: RouteURL) -> [String] {
        rawSegments(index, in: url) { PercentEncoding.decodeTrusted($0, plusAsSpace: false) }
    }

    /// The text capture `index` spans in `url`, still percent-encoded as written: `a/b%2Fc`. The
    /// segments of a `<path:>` capture are joined by one `/`, as in ``value(_:in:)``.
    func rawValue(_ index: Int, in url: RouteURL) -> String {
        rawSegments(index, in: url) { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
    }

    /// Each segment capture `index` spans in `url`, as written, through `transform`.
    private func rawSegments(_ index: Int, in url: RouteURL, _ transform: (UnsafeBufferPointer<UInt8>) -> String) -> [String] {
        let start = Int(captures.starts[index])
        let spansRest = isPath(index)
        return url.withUTF8 { bytes in
            let end = url.layout.captureEnd(from: start, spanningRest: spansRest, in: bytes)
            guard spansRest else { return [transform(UnsafeBufferPointer(rebasing: bytes[start..<end]))] }
            var parts: [String] = []
            var cursor = start
            while let segment = url.layout.segment(after: cursor, in: bytes), segment.start < end {
                parts.append(transform(UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end])))
                cursor = url.layout.cursor(after: segment.end)
            }
            return parts
        }
    }

    /// The same match with no path parameters: what a view of the parameters that must not read the
    /// URL's path sees (``RouteParameters/restricted(to:)``).
    var withoutNames: PathCaptures {
        PathCaptures(
            trie: trie,
            variant: RouteTrie.Variant(routeIndex: variant.routeIndex, namesStart: variant.namesStart, nameCount: 0, pathCaptures: 0),
            captures: captures
        )
    }

    /// Whether capture `index` is a `<path:>` capture, spanning the rest of the path.
    private func isPath(_ index: Int) -> Bool {
        variant.pathCaptures & (1 << UInt32(index)) != 0
    }
}
