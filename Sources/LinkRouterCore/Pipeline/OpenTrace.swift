/// What the router decided during one open, step by step, for debugging; recorded when the open
/// asks for it (``OpenOptions/recordsTrace``).
///
/// Unless ``OpenOptions/tracesParameterValues`` is set, values are redacted: in URLs, every path
/// segment that is not a literal of some registered pattern and every query value is shown as `•`,
/// and parameters are listed by name only.
///
/// ```
///   0.003 ms  start        open app://old/•?ref=• from app
///   0.011 ms  redirect     'old/:id' -> app://item/•?ref=•
///   0.015 ms  match        'item/<int:id>' (id)
///   0.020 ms  interceptor  'login' (priority 100): proceed
///   0.024 ms  open         page ItemPage
/// ```
public struct OpenTrace: Sendable, CustomStringConvertible {
    /// One decision.
    public struct Step: Sendable, CustomStringConvertible {
        /// The pipeline stage that decided.
        ///
        /// May gain cases in a minor version (`@nonexhaustive`): a `switch` over it outside LinkRouter's
        /// package ends with `@unknown default` (README, "Versioning").
        @nonexhaustive
        public enum Kind: String, Sendable, Hashable {
            /// The open started, or the delegate rewrote its URL.
            case start
            /// A dispatcher took the URL.
            case dispatch
            /// A static, dynamic or interceptor redirect.
            case redirect
            /// A route matched, or none did.
            case match
            /// The route's exposure hid it from the source.
            case exposure
            /// An interceptor answered.
            case interceptor
            /// A fallback URL or the not-found handler was used, or refused.
            case fallback
            /// The page was built or the action ran.
            case open
            /// The navigator showed the page.
            case navigate
            /// The open failed.
            case failure
        }

        /// The stage.
        public let kind: Kind
        /// When, since the open started.
        public let elapsed: Duration
        private let render: @Sendable (TraceRedactor) -> String
        private let redactor: TraceRedactor

        init(kind: Kind, elapsed: Duration, redactor: TraceRedactor, render: @escaping @Sendable (TraceRedactor) -> String) {
            self.kind = kind
            self.elapsed = elapsed
            self.redactor = redactor
            self.render = render
        }

        /// What was decided. Rendered when read, so recording a step costs no formatting.
        public var detail: String { render(redactor) }

        /// One line: the elapsed time, the step's kind and its detail.
        public var description: String {
            let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
            let milliseconds = "\(microseconds / 1000).\(String(microseconds % 1000 + 1000).dropFirst())"
            let label = kind.rawValue + String(repeating: " ", count: max(1, 13 - kind.rawValue.count))
            return "\(String(repeating: " ", count: max(0, 7 - milliseconds.count)))\(milliseconds) ms  \(label)\(detail)"
        }
    }

    /// The steps, in order.
    public internal(set) var steps: [Step]

    /// Creates a trace with these steps.
    public init(steps: [Step] = []) {
        self.steps = steps
    }

    /// Every step, one line each, oldest first.
    public var description: String { steps.map(\.description).joined(separator: "\n") }
}

/// Records an open's trace. Steps keep their values and render (redacted unless asked not to)
/// only when read.
final class TraceRecorder {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let redactor: TraceRedactor
    private(set) var trace = OpenTrace()

    init(redacting: Bool, literals: @escaping @Sendable () -> Set<String>) {
        self.start = clock.now
        self.redactor = TraceRedactor(redacting: redacting, literals: literals)
        trace.steps.reserveCapacity(8)
    }

    /// Records a step; `detail` renders it with the redactor when the trace is read.
    ///
    /// Callers hold an optional recorder and call `trace?.record(...)`: when no trace was asked
    /// for, the optional chain skips the call, and `detail`'s closure is never even made.
    func record(_ kind: OpenTrace.Step.Kind, _ detail: @escaping @Sendable (TraceRedactor) -> String) {
        trace.steps.append(.init(kind: kind, elapsed: clock.now - start, redactor: redactor, render: detail))
    }
}

/// Shows values in a trace: as they are, or redacted.
struct TraceRedactor: Sendable {
    let redacting: Bool
    let literals: @Sendable () -> Set<String>

    /// A URL as the trace shows it.
    func show(_ url: String) -> String {
        guard redacting else { return url }
        guard let parsed = try? RouteURL(url, maximumLength: .max) else { return "<invalid URL of \(url.utf8.count) bytes>" }
        return show(parsed)
    }

    /// A parsed URL as the trace shows it.
    func show(_ url: RouteURL) -> String {
        guard redacting else { return url.string }
        let literals = literals()
        var result = url.scheme.map { url.host == nil ? "\($0):/" : "\($0)://" } ?? ""
        var segments: [String] = []
        if let host = url.host, !host.isEmpty { segments.append(host) }
        segments += url.pathSegments
        result += segments.map { literals.contains($0) ? RouteLink.encode($0) : "•" }.joined(separator: "/")
        let query = url.queryItems
        if !query.isEmpty { result += "?" + query.map { RouteLink.encode($0.name) + "=•" }.joined(separator: "&") }
        if url.fragment != nil { result += "#•" }
        return result
    }

    /// A failure as the trace shows it.
    func show(_ failure: RouteFailure) -> String {
        redacting ? failure.redactedDescription : failure.description
    }

    /// Rewritten values as the trace shows them.
    func show(_ values: [String: any Sendable]) -> String {
        let names = values.keys.sorted()
        guard !redacting else { return names.joined(separator: ", ") }
        return names.map { "\($0)=\(values[$0].map { String(describing: $0) } ?? "")" }.joined(separator: ", ")
    }

    /// Parameters as the trace shows them: names only, or `name=value` when not redacting.
    func show(_ parameters: RouteParameters) -> String {
        let names = parameters.names
        guard !redacting else { return names.joined(separator: ", ") }
        return names.map { "\($0)=\(parameters[$0] ?? "")" }.joined(separator: ", ")
    }
}
