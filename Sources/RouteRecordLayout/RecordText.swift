internal import ByteParsing

/// A route record's text: the pattern; then, when present, a NUL and the groups separated by `,`;
/// a NUL and the one-line summary; a NUL and the query contract (the parts before it written,
/// empty, when absent). A service record's text is the protocol's name alone.
///
/// The same text in every version: version 1 keeps it in its 96-byte field, version 2 at the start
/// of its body.
package struct RecordText: Sendable, Hashable {
    /// The route pattern, as the annotation writes it; a service's protocol name.
    package var pattern: String
    /// The groups the route joins.
    package var groups: [String]
    /// The one-line description, if any.
    package var summary: String?
    /// The query contract as the record spells it (`QueryContract.recordText`), if any.
    package var query: String?

    /// A text of these parts.
    package init(pattern: String, groups: [String] = [], summary: String? = nil, query: String? = nil) {
        self.pattern = pattern
        self.groups = groups
        self.summary = summary
        self.query = query
    }

    /// The text as stored: the pattern alone when there are no groups, no summary and no query
    /// contract; else the parts after the pattern up to the last one present (an empty summary
    /// before a contract).
    package var bytes: [UInt8] {
        var bytes = Array(pattern.utf8)
        if !groups.isEmpty || summary != nil || query != nil {
            bytes.append(0)
            bytes += groups.joined(separator: ",").utf8
            if summary != nil || query != nil {
                bytes.append(0)
                bytes += (summary ?? "").utf8
            }
            if let query {
                bytes.append(0)
                bytes += query.utf8
            }
        }
        return bytes
    }

    /// The size of each part as stored, for a message about a text that is too long:
    /// `pattern 90, groups 12, summary 40, query 20, separators 3`.
    package var partSizes: String {
        let parts = [
            "pattern \(pattern.utf8.count)",
            groups.isEmpty && summary == nil && query == nil ? nil : "groups \(groups.joined(separator: ",").utf8.count)",
            summary == nil && query == nil ? nil : "summary \((summary ?? "").utf8.count)",
            query.map { "query \($0.utf8.count)" },
        ].compactMap { $0 }
        return parts.count > 1 ? parts.joined(separator: ", ") + ", separators \(parts.count - 1)" : parts.joined()
    }

    /// Reads a route's text as every reader since query contracts reads it: the pattern up to the
    /// first NUL, then up to three parts; an empty summary before a contract is no summary.
    ///
    /// - Returns: `nil` when a part is not UTF-8.
    package init?(route bytes: UnsafeRawBufferPointer) {
        // Most texts are a pattern alone: a plain loop finds the first NUL, if any.
        var separator: Int?
        for index in 0..<bytes.count where bytes[index] == 0 {
            separator = index
            break
        }
        guard let separator else {
            // The common record: a pattern alone.
            guard let whole = UTF8Validator.string(validating: bytes) else { return nil }
            self.init(pattern: whole)
            return
        }
        guard let head = UTF8Validator.string(validating: UnsafeRawBufferPointer(rebasing: bytes[..<separator])) else { return nil }
        var parts: [String] = []
        var start = separator + 1
        while parts.count < 3 {
            let end = parts.count < 2 ? bytes[start...].firstIndex(of: 0) ?? bytes.endIndex : bytes.endIndex
            guard let part = UTF8Validator.string(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end])) else { return nil }
            parts.append(part)
            if end == bytes.endIndex { break }
            start = end + 1
        }
        self.init(pattern: head, groups: parts[0].split(separator: ",").map(String.init), summary: parts.count > 1 ? parts[1] : nil)
        if parts.count > 2 {
            // A contract after an empty summary: the route has none.
            if summary == "" { summary = nil }
            query = parts[2]
        }
    }

    /// A service record's text: one protocol name, never empty, with no NUL.
    ///
    /// - Returns: `nil` when the text is empty, holds a NUL or is not UTF-8.
    package static func serviceName(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        return UTF8Validator.string(validating: bytes)
    }

    /// Whether `bytes` are one name as ``serviceName(_:)`` reads it, without making the string.
    package static func isServiceName(_ bytes: UnsafeRawBufferPointer) -> Bool {
        !bytes.isEmpty && !bytes.contains(0) && UTF8Validator.isValid(bytes)
    }
}
