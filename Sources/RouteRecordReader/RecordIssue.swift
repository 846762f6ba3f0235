package import RouteRecordLayout

/// A record, or a whole section, that could not be used, and why.
package struct RecordIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: the codec's reason, or the reader's (``RecordProblem/missingAccessor``,
    /// ``RecordProblem/badCompiledPattern``).
    package let problem: RecordProblem
    /// Where.
    package let location: RecordLocation
    /// The record's version field, when it starts with the magic number.
    package let version: UInt16?

    /// Creates an issue.
    package init(_ problem: RecordProblem, at location: RecordLocation, version: UInt16? = nil) {
        self.problem = problem
        self.location = location
        self.version = version
    }

    /// A one-line explanation without the location.
    package var message: String { problem.description }

    package var description: String { "\(location): \(message)" }
}
