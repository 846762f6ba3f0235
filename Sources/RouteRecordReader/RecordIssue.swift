internal import RouteRecordLayout

/// A record, or a whole section, that could not be used, and why.
package struct RecordIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Hashable {
        /// The section's size is not a whole number of records.
        case sectionSizeNotMultiple(size: Int)
        /// The record does not start with the magic number.
        case badMagic(UInt32)
        /// The record has a layout version this reader does not know.
        case unsupportedVersion(UInt16)
        /// The record's kind is not one this reader knows (a newer library's record).
        case unknownKind(UInt32)
        /// The text length is larger than the text capacity.
        case badTextLength(UInt32)
        /// The text is not UTF-8, or the pattern is empty where text follows.
        case badText
        /// A service record's text is not one protocol name: empty, or holding a NUL.
        case badServiceName
        /// A reserved field is not 0.
        case reservedFieldSet
        /// The record has no accessor (only checked for loaded images).
        case missingAccessor
    }

    /// What is wrong.
    package let problem: Problem
    /// Where.
    package let location: RecordLocation

    /// Creates an issue.
    package init(_ problem: Problem, at location: RecordLocation) {
        self.problem = problem
        self.location = location
    }

    /// A one-line explanation without the location.
    package var message: String {
        switch problem {
        case .sectionSizeNotMultiple(let size): "section size \(size) is not a multiple of the \(RecordLayout.size)-byte record"
        case .badMagic(let magic): "bad magic 0x\(String(magic, radix: 16)) (expected 0x\(String(RecordLayout.magic, radix: 16)))"
        case .unsupportedVersion(let version): "record version \(version) is not supported (this reader knows \(RecordLayout.version))"
        case .unknownKind(let kind): "unknown record kind 0x\(String(kind, radix: 16))"
        case .badTextLength(let length): "text length \(length) exceeds \(RecordLayout.textCapacity) bytes"
        case .badText: "record text is not valid UTF-8"
        case .badServiceName: "a service record's text is not one protocol name"
        case .reservedFieldSet: "a reserved field is not 0"
        case .missingAccessor: "record has no accessor"
        }
    }

    package var description: String { "\(location): \(message)" }
}
