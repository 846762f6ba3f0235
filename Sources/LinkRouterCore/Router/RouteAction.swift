/// An action route's body: a function of the parameters that returns a value, synchronously or not.
///
/// ```swift
/// let share = RouteAction { parameters in "shared \(try parameters.string("text"))" }
/// try router.register("share", action: share)
/// ```
public struct RouteAction: Sendable {
    let body: Body

    enum Body: Sendable {
        case sync(@Sendable (RouteParameters) throws -> (any Sendable)?)
        case async(@Sendable (RouteParameters) async throws -> (any Sendable)?)
        /// A function that captures nothing, and the one word it needs (see
        /// ``RouteAction/init(context:_:)``).
        case withContext(@Sendable (UInt, RouteParameters) throws -> (any Sendable)?, UInt)
    }

    /// An action that completes synchronously.
    public init(_ body: @escaping @Sendable (RouteParameters) throws -> (any Sendable)?) {
        self.body = .sync(body)
    }

    /// An action that completes asynchronously.
    public init(_ body: @escaping @Sendable (RouteParameters) async throws -> (any Sendable)?) {
        self.body = .async(body)
    }

    /// An action that completes synchronously and needs one word of context, such as a C
    /// function's address, that `body` receives as its first argument.
    ///
    /// Discovery registers thousands of C routes this way: a closure that captured the word would
    /// cost an allocation each, whereas a `body` that captures nothing costs none.
    package init(context: UInt, _ body: @escaping @Sendable (UInt, RouteParameters) throws -> (any Sendable)?) {
        self.body = .withContext(body, context)
    }

    /// Runs the action.
    public func callAsFunction(_ parameters: RouteParameters) async throws -> (any Sendable)? {
        switch body {
        case .sync(let body): try body(parameters)
        case .async(let body): try await body(parameters)
        case .withContext(let body, let context): try body(context, parameters)
        }
    }
}
