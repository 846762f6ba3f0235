// Fuzz target: the matcher. The input chooses a table of up to 8 patterns and up to 6 URLs from
// small alphabets picked to collide (typed values that several types accept, escaped and
// unescaped spellings, canonically equivalent but different bytes). For every URL the router's
// answer must equal a reference written here from the precedence rules (Declaring routes, "Precedence", in LinkRouter's DocC), which tries
// every registered pattern alone:
//
// - a match consumes the whole key, and the matched pattern matches the key on its own
//   (RoutePattern.mismatch(forKey:) agrees);
// - per segment, literal > <int:> > <uuid:> > <bool:> > <double:> > :param > * > **/<path:>,
//   the first difference deciding; a `**` that matched nothing loses to an otherwise equal route
//   that ends there; complete ties go to the earlier registration;
// - the captured parameters are the key's segments at the placeholders' positions.
//
// The same checks run again after one route is unregistered.
import LinkRouterCore

/// libFuzzer's entry point: builds a table and URLs from one input and checks every answer. Returns 0,
/// as libFuzzer requires; a broken invariant aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let router = Router()
    var registered: [RoutePattern] = []
    for _ in 0..<(1 + input.below(8)) {
        let text = patternText(&input)
        let parsed = try? RoutePattern(text)
        do {
            try router.register(text, action: { _ in text })
            require(parsed != nil, "router registered '\(text)', which does not parse")
            registered.append(parsed!)
        } catch {
            switch error {
            case .invalidPattern:
                require(parsed == nil, "router refused '\(text)', which parses")
            case .duplicate(_, let existing):
                require(parsed != nil && registered.contains { $0.text == existing && $0.shape == parsed!.shape },
                        "'\(text)' refused as a duplicate of '\(existing)', which is not registered with its shape")
            }
        }
    }
    let urls = (0..<(1 + input.below(6))).map { _ in urlText(&input) }
    for url in urls { check(url, router: router, registered: registered) }

    if !registered.isEmpty {
        let removed = registered.remove(at: input.below(registered.count))
        require(router.unregister(removed.text), "unregister '\(removed.text)' failed")
        for url in urls { check(url, router: router, registered: registered) }
    }
    return 0
}

// MARK: - Input alphabets

let patternSegments = [
    "a", "b", "A", "1", "0", "true", "2.5", "\u{E9}", "e\u{301}", "123e4567-e89b-12d3-a456-426614174000",
    "a%2Fb", "%61", ":p", ":p", "<int:p>", "<uuid:p>", "<bool:p>", "<double:p>", "*", "*", "**", "<path:p>",
]

/// Up to 4 required segments and up to 2 optional groups of 1–2 segments, each group before any
/// required segment or after the last; parameter names are made unique by position. Some texts do
/// not parse (a catch-all not last): the router must refuse them.
func patternText(_ input: inout FuzzInput) -> String {
    var position = 0
    func segment() -> String {
        position += 1
        return input.pick(patternSegments).replacing(":p", with: ":p\(position)")
    }
    func group() -> String {
        "(" + (0..<(1 + input.below(2))).map { _ in "/" + segment() }.joined() + ")"
    }
    let required = input.below(5)
    var groups = input.below(3)
    var text = ""
    for index in 0..<required {
        if groups > 0, input.below(3) == 0 {
            text += group()
            groups -= 1
        }
        text += (index == 0 && text.isEmpty ? "" : "/") + segment()
    }
    for _ in 0..<groups { text += group() }
    return text
}

let keySegments = [
    "a", "b", "A", "1", "0", "-3", "+1", "2.5", "1e3", "true", "yes", "TRUE", "x", "%C3%A9", "\u{E9}",
    "e%CC%81", "e\u{301}", "123e4567-e89b-12d3-a456-426614174000", "%61", "a%2Fb", "", "%31", "0x1",
]

/// Up to 5 segments, as `app://…` (the first segment is the host), `app:/…`, a bare key, or with a query.
func urlText(_ input: inout FuzzInput) -> String {
    let path = (0..<input.below(6)).map { _ in input.pick(keySegments) }.joined(separator: "/")
    switch input.below(4) {
    case 0: return "app://" + path
    case 1: return "app:/" + path
    case 2: return path
    default: return "app://" + path + "?p1=query&q=1"
    }
}

// MARK: - Reference

/// How well one form of a pattern matches a key, position by position (lower is better), with
/// one more entry for the end of the key; `nil` when it does not match.
func ranks(_ form: [RoutePattern.Segment], _ key: [String]) -> [Int]? {
    var ranks: [Int] = []
    for (index, segment) in form.enumerated() {
        switch segment {
        case .catchAll, .path:
            if case .path = segment, index >= key.count { return nil }
            guard index <= key.count else { return nil }
            return ranks + Array(repeating: 7, count: key.count - index + 1)
        case .literal(let text):
            guard index < key.count, sameBytes(text, key[index]) else { return nil }
            ranks.append(0)
        case .typed(let type, _):
            guard index < key.count, type.accepts(key[index]) else { return nil }
            ranks.append(1 + RoutePattern.PlaceholderType.allCases.firstIndex(of: type)!)
        case .parameter:
            guard index < key.count else { return nil }
            ranks.append(5)
        case .wildcard:
            guard index < key.count else { return nil }
            ranks.append(6)
        }
    }
    guard form.count == key.count else { return nil }
    return ranks + [0]
}

struct Candidate {
    let pattern: RoutePattern
    let form: [RoutePattern.Segment]
    let ranks: [Int]
}

/// The best route for the key by the documented precedence, trying each pattern alone.
func reference(_ key: [String], _ registered: [RoutePattern]) -> Candidate? {
    var best: Candidate?
    for pattern in registered {
        var matches = false
        for form in pattern.variants {
            guard let ranks = ranks(form, key) else { continue }
            matches = true
            // Strictly better only: an equal candidate registered earlier keeps its place.
            if best == nil || ranks.lexicographicallyPrecedes(best!.ranks) {
                best = Candidate(pattern: pattern, form: form, ranks: ranks)
            }
        }
        let mismatch = pattern.mismatch(forKey: key)
        require((mismatch == nil) == matches,
                "mismatch(forKey: \(key)) of '\(pattern.text)' is \(String(describing: mismatch)), the reference says \(matches ? "it matches" : "it does not")")
    }
    return best
}

/// The path parameters the reference expects from the winning form.
func expectedCaptures(_ candidate: Candidate, _ key: [String]) -> [String: String] {
    var captures: [String: String] = [:]
    for (index, segment) in candidate.form.enumerated() {
        switch segment {
        case .parameter(let name), .typed(_, let name): captures[name] = key[index]
        case .path(let name): captures[name] = key[index...].joined(separator: "/")
        case .literal, .wildcard, .catchAll: break
        }
    }
    return captures
}

func check(_ text: String, router: Router, registered: [RoutePattern]) {
    guard let url = try? RouteURL(text) else {
        require(false, "the alphabet produced a URL that does not parse: \(text)")
        return
    }
    var key = url.pathSegments
    if let host = url.host, !host.isEmpty { key.insert(host, at: 0) }
    let expected = reference(key, registered)
    let resolved = try? router.resolve(url)
    require(resolved?.pattern.text == expected?.pattern.text,
            "\(text) (key \(key)) resolved to \(resolved.map { "'\($0.pattern.text)'" } ?? "nothing"), the reference picks \(expected.map { "'\($0.pattern.text)'" } ?? "nothing") among \(registered.map(\.text))")
    require(router.canOpen(text) == (resolved != nil), "canOpen(\(text)) disagrees with resolve")
    guard let resolved, let expected else { return }
    require(resolved.pattern.mismatch(forKey: key) == nil, "'\(resolved.pattern.text)' won \(text) but does not match it alone")
    let captures = resolved.parameters.pathParameters
    let wanted = expectedCaptures(expected, key)
    require(captures.count == wanted.count && wanted.allSatisfy { name, value in captures[name].map { sameBytes($0, value) } == true },
            "\(text) on '\(resolved.pattern.text)': captured \(captures), expected \(wanted)")
}
