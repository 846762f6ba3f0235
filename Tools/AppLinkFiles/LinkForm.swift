import LinkRouterCore

/// One form of a route (a pattern's optional groups taken or left out), as the web paths it takes.
struct LinkForm {
    /// The route's pattern, as registered.
    let pattern: RoutePattern
    /// The form's segments.
    let segments: [RoutePattern.Segment]
    /// Whether the route is external.
    let isExternal: Bool
    /// The form's index among its pattern's forms, in precedence order.
    let formIndex: Int

    /// Every form of every route, in registration order, each pattern's forms in precedence order.
    static func forms(of routes: AppLinkRoutes) -> [LinkForm] {
        routes.routes.flatMap { route in
            route.pattern.variants.enumerated().map { index, segments in
                LinkForm(pattern: route.pattern, segments: segments, isExternal: route.options.exposure == .external, formIndex: index)
            }
        }
    }

    /// The form as a pattern writes it: `account/profile/:user/:tab`; the root form is `(root)`.
    var text: String { segments.isEmpty ? "(root)" : segments.map(\.description).joined(separator: "/") }

    /// The paths the form takes: each segment as the URL writes it, percent-encoded as
    /// `RouteLink` encodes it, and a trailing `/` or not (the router drops empty segments).
    var expression: PathExpression {
        guard !segments.isEmpty else { return .literal("/") }
        let slash = PathExpression.bytes(.slash)
        let segment = LinkForm.anySegment
        var parts: [PathExpression] = []
        for part in segments {
            switch part {
            case .literal(let text): parts += [slash, .literal(RouteLink.encode(text))]
            case .parameter, .wildcard: parts += [slash, segment]
            case .typed(let type, _): parts += [slash, Self.expression(of: type)]
            case .path: parts += [slash, segment, .star(.sequence([slash, segment]))]
            case .catchAll: parts.append(.star(.sequence([slash, segment])))
            }
        }
        return .sequence(parts + [.optional(slash)])
    }

    // The expressions below are computed, not stored: a stored indirect enum keeps its box behind
    // a pointer with the case in its spare bits, which LeakSanitizer does not recognize as a
    // pointer, so the AddressSanitizer run reported every such constant as a leak.

    /// One segment of unreserved characters.
    static var anySegment: PathExpression { .plus(.bytes(.unreserved)) }

    /// The paths `routes links` reasons about: `/`, and segments of unreserved characters after
    /// single slashes. A link spelled otherwise (an escape that did not need to be one, an empty
    /// segment) is one of these to the router, written another way.
    static var canonicalPaths: PathExpression { .choice([.literal("/"), .plus(.sequence([.bytes(.slash), anySegment]))]) }
    /// The same paths with a `/` at the end, which the router reads as without it.
    static var trailingSlashPaths: PathExpression { .sequence([.plus(.sequence([.bytes(.slash), anySegment])), .bytes(.slash)]) }

    /// The values a typed placeholder accepts, as `RoutePattern.PlaceholderType.accepts` reads
    /// them (an `int` that overflows aside).
    static func expression(of type: RoutePattern.PlaceholderType) -> PathExpression {
        let digits = PathExpression.plus(.bytes(.digits))
        let sign = PathExpression.optional(.bytes(ByteSet("+-")))
        switch type {
        case .int:
            return .sequence([sign, digits])
        case .double:
            let mantissa = PathExpression.choice([
                .sequence([digits, .optional(.sequence([.literal("."), .star(.bytes(.digits))]))]),
                .sequence([.literal("."), digits]),
            ])
            return .sequence([sign, mantissa, .optional(.sequence([.bytes(ByteSet("eE")), sign, digits]))])
        case .bool:
            return .choice(["true", "false", "yes", "no", "1", "0"].map { PathExpression.literal($0, ignoringCase: true) })
        case .uuid:
            let hex = PathExpression.bytes(ByteSet.digits.union(ByteSet("a", through: "f")).union(ByteSet("A", through: "F")))
            let groups = [8, 4, 4, 4, 12].map { PathExpression.repeated(hex, minimum: $0, maximum: $0) }
            return .sequence(Array(groups.map { [$0] }.joined(separator: [.literal("-")])))
        }
    }

    /// Why the pattern does not take `path`, which a rule made for it claims: for the over-claim
    /// reports. `nil` when a form takes it, or the reason is not one of these.
    static func mismatch(of pattern: RoutePattern, with path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        let forms = pattern.variants
        let variable = forms.contains { $0.contains { if case .path = $0 { true } else if case .catchAll = $0 { true } else { false } } }
        if !variable, !forms.contains(where: { $0.count == parts.count }) {
            let most = forms.map(\.count).max() ?? 0
            return parts.count > most ? "more segments than '\(pattern.text)' takes" : "fewer segments than '\(pattern.text)' takes"
        }
        for form in forms where variable || form.count == parts.count {
            if let reason = mismatch(of: form, with: parts) { return reason }
        }
        return nil
    }

    private static func mismatch(of segments: [RoutePattern.Segment], with parts: [String]) -> String? {
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text) where RouteLink.encode(text) != part:
                return "'\(part)' is not '\(text)'"
            case .typed(let type, let name) where !type.accepts(part):
                return "'<\(type.rawValue):\(name)>' takes only \(type.rawValue) values, not '\(part)'"
            default:
                continue
            }
        }
        return nil
    }
}

extension LinkForm {
    /// The order in which rules for forms are listed where the first match decides (an
    /// `apple-app-site-association` file): the router's precedence, segment by segment from the
    /// left (a literal, then a typed placeholder, a parameter, `*`, then `**` and `<path:>`), a
    /// longer form before a shorter one it extends (its rule's `*` would claim the longer one's
    /// paths), then registration order. Rules for forms whose paths cannot overlap keep any order.
    static func precedes(_ lhs: LinkForm, _ rhs: LinkForm) -> Bool {
        for (left, right) in zip(lhs.segments, rhs.segments) {
            let (leftRank, rightRank) = (left.precedenceRank, right.precedenceRank)
            if leftRank != rightRank { return leftRank < rightRank }
            if case .literal(let leftText) = left, case .literal(let rightText) = right, leftText != rightText {
                return leftText < rightText
            }
        }
        return lhs.segments.count > rhs.segments.count
    }
}

extension RoutePattern.Segment {
    /// The segment's rank in the router's precedence: lower wins.
    fileprivate var precedenceRank: Int {
        switch self {
        case .literal: 0
        case .typed(.int, _): 1
        case .typed(.uuid, _): 2
        case .typed(.bool, _): 3
        case .typed(.double, _): 4
        case .parameter: 5
        case .wildcard: 6
        case .path, .catchAll: 7
        }
    }
}
