// Fuzz target: the route pattern parser (RoutePattern). Any text must parse or throw PatternError
// with a column inside it — never trap. A parsed pattern must obey the documented limits, read back
// the same from its own segments, register with a router, and match a URL built from each of its
// forms with the values put in.
import LinkRouterCore

/// libFuzzer's entry point: parses one input as a route pattern and checks it. Returns 0, as libFuzzer
/// requires; a broken invariant aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let pattern: RoutePattern
    do {
        pattern = try RoutePattern(text)
    } catch {
        checkError(error, text: text)
        return 0
    }
    checkStructure(pattern)
    checkRoundTrip(pattern)
    checkMatchesItsForms(pattern)
    return 0
}

/// The error names the pattern and a column in it (or just past its end); registering fails the same way.
func checkError(_ expected: PatternError, text: String) {
    let length = text.utf8.count
    require(expected.column >= 1 && expected.column <= length + 1, "column \(expected.column) outside a \(length)-byte pattern")
    require(sameBytes(expected.pattern, text), "error names another pattern")
    require(!expected.message.isEmpty && !expected.description.isEmpty, "empty message")
    do {
        try Router().register(text, action: { _ in nil })
        require(false, "router registered a pattern that does not parse")
    } catch {
        guard case .invalidPattern(let again) = error else {
            require(false, "router gave \(error) for a pattern that does not parse")
            return
        }
        require(again == expected, "router's error \(again) differs from \(expected)")
    }
}

/// Names are unique and within the limit; catch-alls come last and never in a group.
func checkStructure(_ pattern: RoutePattern) {
    let names = pattern.parameterNames
    require(Set(names).count == names.count, "duplicate parameter names \(names)")
    require(names.count <= RoutePattern.maximumParameterCount, "\(names.count) parameters")
    require(pattern.optionalGroups.count <= RoutePattern.maximumOptionalGroupCount, "\(pattern.optionalGroups.count) groups")
    require(pattern.variants.count == 1 << pattern.optionalGroups.count, "variant count")
    for variant in pattern.variants {
        require(variant.count <= RoutePattern.maximumSegmentCount, "\(variant.count) segments")
        for (index, segment) in variant.enumerated() where isRest(segment) {
            require(index == variant.count - 1, "catch-all at \(index) of \(variant.count) in '\(pattern.text)'")
        }
    }
    for group in pattern.optionalGroups {
        require(!group.isEmpty && !group.contains(where: isRest), "bad group \(group)")
    }
    for case .literal(let text) in pattern.segments + pattern.optionalGroups.joined() {
        require(!text.isEmpty, "empty literal in '\(pattern.text)'")
    }
}

func isRest(_ segment: RoutePattern.Segment) -> Bool {
    switch segment {
    case .catchAll, .path: true
    default: false
    }
}

/// Writing the segments back as pattern text (literals percent-encoded) parses to the same pattern.
func checkRoundTrip(_ pattern: RoutePattern) {
    func written(_ segment: RoutePattern.Segment) -> String {
        if case .literal(let text) = segment { return percentEncoded(text) }
        return segment.description
    }
    var text = ""
    for element in pattern.elements {
        switch element {
        case .segment(let segment): text += (text.isEmpty ? "" : "/") + written(segment)
        case .optionalGroup(let group): text += "(" + group.map { "/" + written($0) }.joined() + ")"
        }
    }
    let again: RoutePattern
    do { again = try RoutePattern(text) } catch {
        require(false, "'\(text)', written back from '\(pattern.text)', does not parse: \(error)")
        return
    }
    require(again.elements == pattern.elements,
            "'\(text)' reads back differently from '\(pattern.text)'")
    require(again.shape == pattern.shape, "shape '\(again.shape)' vs '\(pattern.shape)'")
    for case (.literal(let a), .literal(let b)) in zip(again.segments + again.optionalGroups.joined(), pattern.segments + pattern.optionalGroups.joined()) {
        require(sameBytes(a, b), "literal '\(a)' vs '\(b)' differ in bytes")
    }
}

/// A URL built from each form of the pattern resolves to it, with the values that were put in
/// when no other form of the pattern has as many segments (such a form may take the URL by
/// precedence: `list(/:page)(/:size)` reads `list/7` as `page`; the matcher target checks those
/// captures against its reference).
func checkMatchesItsForms(_ pattern: RoutePattern) {
    // No length limit: a literal percent-encoded back into a URL may grow threefold.
    let router = Router(configuration: RouterConfiguration(maximumURLLength: .max))
    do { try router.register(pattern.text, action: { _ in nil }) } catch {
        require(false, "a parsed pattern does not register: \(error)")
        return
    }
    for (formIndex, form) in pattern.variants.enumerated() {
        let (url, expected) = sampleURL(form, emptyCatchAll: formIndex % 2 == 1)
        let route: ResolvedRoute
        do { route = try router.resolve(url) } catch {
            require(false, "'\(pattern.text)' does not match its own form \(url): \(error)")
            return
        }
        require(sameBytes(route.pattern.text, pattern.text), "resolved to another pattern")
        guard pattern.variants.filter({ $0.count == form.count }).count == 1 else { continue }
        let captured = route.parameters.pathParameters
        require(captured.count == expected.count, "\(url): captured \(captured), expected \(expected)")
        for (name, value) in expected {
            require(captured[name].map { sameBytes($0, value) } == true, "\(url): \(name) = \(String(describing: captured[name])), expected \(value)")
        }
    }
}
