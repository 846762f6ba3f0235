/// The query parameters a route declares: their names, types and defaults, and what happens to
/// the query parameters it does not declare (WAAppRouting's allowed parameters).
///
/// Written as declarations, `name: type` or `name: type = default`, with the types `string`,
/// `int`, `double`, `bool` and `uuid`; shared by the router (checked at open) and the macros
/// (checked at compile time), so that a contract is judged the same way in both.
///
/// ```swift
/// let contract = try QueryContract(["tab: string = posts", "page: int = 1", "ref: string"], unknown: .refuse)
/// ```
public struct QueryContract: Sendable, Hashable, CustomStringConvertible {
    /// The type a declared parameter's value must have.
    public enum ValueType: String, Sendable, Hashable, CaseIterable {
        /// Any text.
        case string
        /// An integer: `-42`.
        case int
        /// A finite decimal number: `2.5`, `1e3` (not `1e999`, which reads as infinity).
        case double
        /// `true`, `false`, `yes`, `no`, `1` or `0`, in any letter case.
        case bool
        /// A UUID: `123e4567-e89b-12d3-a456-426614174000`.
        case uuid

        /// Whether `text` is a value of this type, as a path placeholder of the type would accept it.
        public func accepts(_ text: String) -> Bool {
            switch self {
            case .string: true
            case .int: RoutePattern.PlaceholderType.int.accepts(text)
            case .double: RoutePattern.PlaceholderType.double.accepts(text) && Double(text)?.isFinite == true
            case .bool: RoutePattern.PlaceholderType.bool.accepts(text)
            case .uuid: RoutePattern.PlaceholderType.uuid.accepts(text)
            }
        }
    }

    /// One declared parameter.
    public struct Parameter: Sendable, Hashable, CustomStringConvertible {
        /// The query item's name.
        public let name: String
        /// The type its value must have.
        public let type: ValueType
        /// The value the route sees when the URL and the caller give none, if any.
        public let defaultValue: String?

        /// `name: type` or `name: type = default`, as declared.
        public var description: String {
            "\(name): \(type.rawValue)" + (defaultValue.map { " = \($0)" } ?? "")
        }
    }

    /// What happens to a query item the contract does not declare.
    public enum UnknownParameters: String, Sendable, Hashable, CaseIterable {
        /// The route sees it, as without a contract.
        case keep
        /// It is removed before the route sees it.
        case drop
        /// The open fails, naming it.
        case refuse
    }

    /// The declared parameters, in the order declared.
    public let parameters: [Parameter]
    /// What happens to the query items not declared.
    public let unknown: UnknownParameters

    /// Parses declarations such as `"page: int = 1"`.
    ///
    /// - Throws: ``QueryContractError`` naming the declaration and what is wrong with it: a name
    ///   that is not letters, digits and `_`, a name declared twice, an unknown type, or a default
    ///   its type does not accept; a `,`, `;` or control character in a default (the record could
    ///   not hold it).
    public init(_ declarations: [String], unknown: UnknownParameters = .keep) throws(QueryContractError) {
        var parameters: [Parameter] = []
        for declaration in declarations {
            let parameter = try Self.parse(declaration)
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw QueryContractError(declaration: declaration, reason: .duplicateName(parameter.name))
            }
            parameters.append(parameter)
        }
        self.parameters = parameters
        self.unknown = unknown
    }

    /// The declaration of `name`, if the contract has one.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }

    /// The declarations and the rule for the others: `page: int = 1, tab: string; unknown: refuse`.
    public var description: String {
        parameters.map(\.description).joined(separator: ", ") + "; unknown: \(unknown.rawValue)"
    }

    private static func parse(_ declaration: String) throws(QueryContractError) -> Parameter {
        func fail(_ reason: QueryContractError.Reason) -> QueryContractError {
            QueryContractError(declaration: declaration, reason: reason)
        }
        guard let colon = declaration.firstIndex(of: ":") else { throw fail(.expectedType) }
        let name = declaration[..<colon].trimmingSpaces
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
              name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { throw fail(.invalidName) }
        let rest = declaration[declaration.index(after: colon)...]
        let equals = rest.firstIndex(of: "=")
        let typeName = rest[..<(equals ?? rest.endIndex)].trimmingSpaces
        guard let type = ValueType(rawValue: typeName) else { throw fail(.unknownType(typeName)) }
        var defaultValue: String?
        if let equals {
            let value = rest[rest.index(after: equals)...].trimmingSpaces
            guard !value.unicodeScalars.contains(where: { $0 == "," || $0 == ";" || $0.value < 0x20 || $0.value == 0x7F }) else {
                throw fail(.unsupportedDefault(value))
            }
            guard type.accepts(value), !(type != .string && value.isEmpty) else { throw fail(.defaultNotOfType(value, type)) }
            defaultValue = value
        }
        return Parameter(name: name, type: type, defaultValue: defaultValue)
    }

    // MARK: Record text

    /// The contract as a route record carries it after its summary: the rule for unknown
    /// parameters (`k`, `d` or `r`), then the declarations without spaces, joined by `,`:
    /// `rpage:int=1,tab:string`.
    package var recordText: String {
        let rule = switch unknown {
        case .keep: "k"
        case .drop: "d"
        case .refuse: "r"
        }
        return rule + parameters.map { "\($0.name):\($0.type.rawValue)" + ($0.defaultValue.map { "=\($0)" } ?? "") }.joined(separator: ",")
    }

    /// Reads ``recordText``.
    /// - Throws: ``QueryContractError`` when the text is not one.
    package init(recordText text: String) throws(QueryContractError) {
        let rule: UnknownParameters
        switch text.first {
        case "k": rule = .keep
        case "d": rule = .drop
        case "r": rule = .refuse
        default: throw QueryContractError(declaration: text, reason: .expectedType)
        }
        let body = text.dropFirst()
        try self.init(body.isEmpty ? [] : body.split(separator: ",", omittingEmptySubsequences: false).map(String.init), unknown: rule)
    }
}

/// Why query parameter declarations do not parse.
public struct QueryContractError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    ///
    /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
    /// package ends with `@unknown default` (README, "Versioning").
    @nonexhaustive
    public enum Reason: Sendable, Hashable {
        /// No `:` between the name and the type.
        case expectedType
        /// A name that is empty, starts with a digit or has characters other than letters, digits and `_`.
        case invalidName
        /// The same name declared twice.
        case duplicateName(String)
        /// A type other than `string`, `int`, `double`, `bool` and `uuid`.
        case unknownType(String)
        /// A default that its type does not accept.
        case defaultNotOfType(String, QueryContract.ValueType)
        /// A default with a `,`, `;` or a control character.
        case unsupportedDefault(String)
    }

    /// The declaration at fault, as written.
    public let declaration: String
    /// What is wrong.
    public let reason: Reason

    /// `query parameter 'page: int = x': the default 'x' is not an int`.
    public var description: String {
        let message = switch reason {
        case .expectedType: "expected 'name: type' or 'name: type = default'"
        case .invalidName: "a name is letters, digits and _, not starting with a digit"
        case .duplicateName(let name): "'\(name)' is declared twice"
        case .unknownType(let type): "unknown type '\(type)' (use string, int, double, bool or uuid)"
        case .defaultNotOfType(let value, let type): "the default '\(value)' is not a valid \(type.rawValue)"
        case .unsupportedDefault(let value): "the default '\(value)' may not contain ',', ';' or control characters"
        }
        return "query parameter '\(declaration)': \(message)"
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
