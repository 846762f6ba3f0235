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

    /// The decoded value of capture `index` in `url`; a `<path:>` capture's segments joined by `/`.
    func value(_ index: Int, in url: RouteURL) -> String {
        let start = Int(captures.starts[index])
        let spansRest = variant.pathCaptures & (1 << UInt32(index)) != 0
        return url.withUTF8 { bytes in
            let end = url.layout.captureEnd(from: start, spanningRest: spansRest, in: bytes)
            guard spansRest else {
                return PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: bytes[start..<end]), plusAsSpace: false)
            }
            var parts: [String] = []
            var cursor = start
            while let segment = url.layout.segment(after: cursor, in: bytes), segment.start < end {
                parts.append(PercentEncoding.decodeTrusted(UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end]), plusAsSpace: false))
                cursor = url.layout.cursor(after: segment.end)
            }
            return parts.joined(separator: "/")
        }
    }
}
