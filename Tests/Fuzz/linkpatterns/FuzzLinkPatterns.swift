// Fuzz target: the path-pattern compilers of `routes links` (an Android <data> path attribute, an
// apple-app-site-association path pattern, each made a PathExpression and an automaton). The first
// byte chooses the kind of rule, the rest is the pattern. The automaton must agree with the
// platform's matcher on the shortest path of every class of paths it tells apart, within the
// limits `--check` verifies within — never trap.
import AppLinkFiles

/// libFuzzer's entry point: compiles one pattern and compares it with its matcher.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let selector = bytes.first else { return 0 }
    let pattern = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let kinds = AndroidPathRule.Kind.allCases
    let choice = Int(selector) % (kinds.count + 2)
    let disagreement: String?
    let name: String
    if choice < kinds.count {
        let rule = AndroidPathRule(kinds[choice], pattern)
        _ = rule.limitProblem()
        disagreement = LinkPatternProbe.disagreement(android: rule)
        name = rule.description
    } else {
        let caseSensitive = choice == kinds.count
        disagreement = LinkPatternProbe.disagreement(applePath: pattern, caseSensitive: caseSensitive)
        name = "apple \"/\": \"\(pattern)\" caseSensitive \(caseSensitive)"
    }
    require(disagreement == nil, "\(name): the automaton and the matcher disagree on \(disagreement ?? "")")
    return 0
}
