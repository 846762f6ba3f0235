public import RoutePatterns

/// Why an open's query parameters break its route's ``/RoutePatterns/QueryContract``.
///
/// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
/// package ends with `@unknown default` (README, "Versioning").
@nonexhaustive
public enum QueryContractViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// A declared parameter's value is not of its type.
    case malformed(parameter: String, value: String, expected: QueryContract.ValueType)
    /// A query parameter the contract does not declare, with the rule ``/RoutePatterns/QueryContract/UnknownParameters/refuse``.
    case undeclared(parameter: String)

    /// `query parameter 'page' is 'x', not a valid int`, or `query parameter 'utm' is not declared by the route`.
    public var description: String {
        switch self {
        case .malformed(let parameter, let value, let expected): "query parameter '\(parameter)' is '\(value)', not a valid \(expected.rawValue)"
        case .undeclared(let parameter): "query parameter '\(parameter)' is not declared by the route"
        }
    }
}

extension RouteParameters {
    /// These parameters under `contract`: each declared parameter's value checked against its type
    /// (the last value of a repeated item, as the accessors read it; a caller value when the URL
    /// has none), its default added beneath the caller's values when neither gives one, and the
    /// undeclared query items kept, dropped or refused. A path parameter's name is never undeclared.
    ///
    /// - Throws: ``QueryContractViolation`` naming the first parameter at fault.
    func applying(_ contract: QueryContract) throws(QueryContractViolation) -> RouteParameters {
        var result = self
        for parameter in contract.parameters {
            if let value = query.last(where: { $0.name == parameter.name })?.value ?? callerValues[parameter.name].map({ String(describing: $0) }) {
                guard parameter.type.accepts(value) else {
                    throw .malformed(parameter: parameter.name, value: value, expected: parameter.type)
                }
            } else if let defaultValue = parameter.defaultValue {
                result.callerValues[parameter.name] = defaultValue
            }
        }
        guard contract.unknown != .keep else { return result }
        let undeclared = { (item: QueryItem) in contract.parameter(named: item.name) == nil && path.index(of: item.name) == nil }
        if contract.unknown == .refuse, let item = query.first(where: undeclared) {
            throw .undeclared(parameter: item.name)
        }
        result.query.removeAll(where: undeclared)
        return result
    }
}

extension ResolvedRoute {
    /// The route with its parameters under `contract`, its query contract.
    func applying(_ contract: QueryContract) throws(RouteFailure) -> ResolvedRoute {
        do {
            return withParameters(try parameters.applying(contract))
        } catch {
            throw .parametersRejected(pattern: pattern.text, underlying: error)
        }
    }
}
