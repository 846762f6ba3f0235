internal import ByteParsing

/// An interceptor record's text (``RecordKind/interceptor``): its name, a NUL, its scope, a NUL
/// and its priority in decimal: `LoginInterceptor\0group:requiresLogin\0100`.
///
/// The scope is `all`, `group:` and a group's name, or `pattern:` and a route pattern.
package struct InterceptorRecordText: Sendable, Hashable {
    /// Which opens an interceptor sees, as its record stores it.
    package enum Scope: Sendable, Hashable, CustomStringConvertible {
        /// Every open: `all`.
        case all
        /// The routes of a group: `group:NAME`.
        case group(String)
        /// The routes a pattern matches: `pattern:PATTERN`.
        case pattern(String)

        /// The scope's text in the record.
        package var description: String {
            switch self {
            case .all: "all"
            case .group(let name): "group:" + name
            case .pattern(let pattern): "pattern:" + pattern
            }
        }

        /// The scope its record text spells, or `nil` for another text (an empty group or pattern included).
        package init?(recordText text: Substring) {
            if text == "all" {
                self = .all
            } else if text.hasPrefix("group:"), text.count > 6 {
                self = .group(String(text.dropFirst(6)))
            } else if text.hasPrefix("pattern:"), text.count > 8 {
                self = .pattern(String(text.dropFirst(8)))
            } else {
                return nil
            }
        }
    }

    /// The interceptor's name: what traces, failures, `removeInterceptors(named:)` and the
    /// override rule know it by.
    package var name: String
    /// Which opens it sees.
    package var scope: Scope
    /// Higher runs earlier.
    package var priority: Int

    /// A text from its parts.
    package init(name: String, scope: Scope, priority: Int) {
        self.name = name
        self.scope = scope
        self.priority = priority
    }

    /// The text's bytes, as the record stores them.
    package var bytes: [UInt8] { Array("\(name)\0\(scope)\0\(priority)".utf8) }

    /// The text a record holds.
    ///
    /// - Returns: `nil` when it is not UTF-8, not three parts, or a part is malformed: an empty
    ///   name, a scope of another form, a priority that is not a decimal `Int`.
    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard let text = UTF8Validator.string(validating: bytes) else { return nil }
        let parts = text.split(separator: "\0", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let scope = Scope(recordText: parts[1]), let priority = Int(parts[2]) else { return nil }
        self.init(name: String(parts[0]), scope: scope, priority: priority)
    }
}
