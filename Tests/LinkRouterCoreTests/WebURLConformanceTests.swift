import Foundation
import LinkRouterCore
import Testing

/// RouteURL against the web platform's URL tests (WPT `urltestdata.json`), as shipped by Debian's
/// `librust-url-dev` (installed by scripts/setup; the corpus is not part of this repository).
@Suite("Web URLs against the WPT URL corpus")
struct WebURLConformanceTests {
    /// A test file of the newest version of a Rust crate under Debian's Cargo registry
    /// (`/usr/share/cargo/registry/CRATE-VERSION/tests/FILE`).
    static func registryFile(crate: String, _ file: String) -> String? {
        let registry = "/usr/share/cargo/registry"
        let crates = (try? FileManager.default.contentsOfDirectory(atPath: registry)) ?? []
        return crates.filter { $0.hasPrefix(crate + "-") }.sorted().reversed()
            .map { "\(registry)/\($0)/tests/\(file)" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The scheme a browser reads at the start of `input` (lowercased), and what follows its `:`.
    static func scheme(of input: String) -> (String, Substring)? {
        // A browser strips leading and trailing C0 controls and spaces and removes tabs and newlines.
        let cleaned = String(String.UnicodeScalarView(input.unicodeScalars.filter { !["\t", "\n", "\r"].contains($0) }))
            .trimmingCharacters(in: CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x20)))
        guard let colon = cleaned.firstIndex(of: ":"), let first = cleaned.first, first.isASCII, first.isLetter,
              cleaned[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return (cleaned[..<colon].lowercased(), cleaned[cleaned.index(after: colon)...])
    }

    /// The port written in the URL as the router reads it, or `""`.
    static func port(of url: RouteURL) -> String {
        guard let start = url.string.range(of: "://")?.upperBound else { return "" }
        let authority = url.string[start...].prefix { $0 != "/" }
        let afterHost = authority.lastIndex(of: "]") ?? authority.startIndex
        guard let colon = authority[afterHost...].lastIndex(of: ":") else { return "" }
        return String(authority[authority.index(after: colon)...])
    }

    @Test("Every absolute http(s) input: refused, or read with the browser's host, port and text; refused wherever a browser fails")
    func corpus() throws {
        let path = try #require(Self.registryFile(crate: "url", "urltestdata.json"), "no urltestdata.json under /usr/share/cargo/registry/url-*/tests: install librust-url-dev (scripts/setup)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [Any])
        var (tried, refused, agreed, refusedValid) = (0, 0, 0, 0)
        var disagreements: [String] = []
        var textDisagreements: [String] = []
        for case let entry as [String: Any] in entries {
            guard let input = entry["input"] as? String, let (scheme, rest) = Self.scheme(of: input), scheme == "http" || scheme == "https" else { continue }
            // With a base of the same scheme, `http:foo` is relative to it: only `http://…` is absolute.
            if let base = entry["base"] as? String, Self.scheme(of: base)?.0 == scheme, !rest.hasPrefix("//") { continue }
            tried += 1
            let fails = entry["failure"] as? Bool ?? false
            guard let url = try? RouteURL(input) else {
                refused += 1
                if !fails { refusedValid += 1 }
                continue
            }
            let host = entry["hostname"] as? String
            let port = entry["port"] as? String
            if fails || url.host != host || Self.port(of: url) != port {
                disagreements.append("\(input.debugDescription): router \(url.string.debugDescription), browser \(fails ? "fails" : "\(host ?? "nil"):\(port ?? "")")")
            } else {
                agreed += 1
                // The text as a browser serializes it, without userinfo; WPT's `search` and `hash`
                // are "" for an empty query or fragment too.
                let expected = "\(entry["protocol"] as? String ?? "")//\(entry["host"] as? String ?? "")\(entry["pathname"] as? String ?? "")"
                    + "\(entry["search"] as? String ?? "")\(entry["hash"] as? String ?? "")"
                var text = url.string
                if text.hasSuffix("#") { text.removeLast() }
                if text.hasSuffix("?") { text.removeLast() }
                if text != expected { textDisagreements.append("\(input.debugDescription): router \(url.string.debugDescription), browser \(expected.debugDescription)") }
            }
        }
        print("WPT urltestdata.json (\(path)): \(tried) absolute http(s) inputs, \(refused) refused (\(refusedValid) of them valid for a browser), \(agreed) agreed (\(agreed - textDisagreements.count) of them on the whole text), \(disagreements.count) disagreements")
        #expect(tried > 300)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(textDisagreements.isEmpty, "\(textDisagreements.joined(separator: "\n"))")
    }

    /// A column of IdnaTestV2.txt with its `\uXXXX` and `\x{XXXX}` escapes replaced; `nil` for a
    /// lone surrogate, which no Swift string holds.
    static func unescaped(_ column: Substring) -> String? {
        var result = String.UnicodeScalarView()
        var rest = column.trimmingCharacters(in: .whitespaces)[...]
        while let first = rest.first {
            if rest.hasPrefix("\\u"), rest.count >= 6, let value = UInt32(rest.dropFirst(2).prefix(4), radix: 16) {
                guard let scalar = Unicode.Scalar(value) else { return nil }
                result.append(scalar)
                rest = rest.dropFirst(6)
            } else if rest.hasPrefix("\\x{"), let close = rest.firstIndex(of: "}"),
                      let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 3)..<close], radix: 16) {
                guard let scalar = Unicode.Scalar(value) else { return nil }
                result.append(scalar)
                rest = rest[rest.index(after: close)...]
            } else {
                result.append(contentsOf: String(first).unicodeScalars)
                rest = rest.dropFirst()
            }
        }
        return String(result)
    }

    @Test("Every IdnaTestV2 source the router accepts as an https host reads as its toAsciiN value; none it expects to fail")
    func idnaTests() throws {
        let path = try #require(Self.registryFile(crate: "idna", "IdnaTestV2.txt"), "no IdnaTestV2.txt under /usr/share/cargo/registry/idna-*/tests: install librust-idna-dev (scripts/setup)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Errors that the URL Standard's settings turn off: CheckHyphens (V2, V3), VerifyDnsLength
        // (A4_1, A4_2, X4_2). P1 and V6 may come from UseSTD3ASCIIRules, which the tests turn on
        // and the URL Standard off: such lines are compared only when their result has no ASCII
        // character outside letters, digits, `-` and `.` (then STD3 played no part).
        let ignored: Set<Substring> = ["V2", "V3", "A4_1", "A4_2", "X4_2"]
        var (tried, refused, agreed, refusedValid) = (0, 0, 0, 0)
        var disagreements: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "#", maxSplits: 1)[0].split(separator: ";", omittingEmptySubsequences: false)
            guard columns.count >= 5, let source = Self.unescaped(columns[0]), let toUnicode = Self.unescaped(columns[1]),
                  let toASCII = Self.unescaped(columns[3]) else { continue }
            let unicodeStatus = columns[2].trimmingCharacters(in: .whitespaces)
            let asciiStatus = columns[4].trimmingCharacters(in: .whitespaces).isEmpty ? unicodeStatus : columns[4].trimmingCharacters(in: .whitespaces)
            let expected = toASCII.isEmpty ? (toUnicode.isEmpty ? source : toUnicode) : toASCII
            let errors = Set(asciiStatus.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces)[...] }).subtracting(ignored)
            // A source the URL parser reads differently before IDNA: a separator, an escape, a
            // number (IPv4), an empty host.
            if source.isEmpty || source.unicodeScalars.contains(where: { "/\\?#@:[]% \t\n\r".unicodeScalars.contains($0) }) { continue }
            if let last = source.split(separator: ".").last, last.allSatisfy(\.isNumber) || last.lowercased().hasPrefix("0x") { continue }
            // UseSTD3ASCIIRules disallows ASCII other than letters, digits, `-` and `.`, and ≠ ≮ ≯
            // (which decompose to `=`, `<`, `>` and U+0338), whether written or mapped to.
            let unicode = (toUnicode.isEmpty ? source : toUnicode).unicodeScalars
            let isSTD3Dependent = !errors.isEmpty && errors.isSubset(of: ["P1", "V6"])
                && (unicode.contains { $0.isASCII && !($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".") }
                    || unicode.contains { ["\u{2260}", "\u{226E}", "\u{226F}"].contains($0) })
            if isSTD3Dependent { continue }
            // This IdnaTestV2.txt (dated 2019-11-07, before Unicode 13.0 was final) expects Khitan
            // Small Script (U+18B00–U+18CFF, new in 13.0) to be disallowed; its own
            // IdnaMappingTable.txt and every later one make it valid, as browsers do.
            if unicode.contains(where: { (0x18B00...0x18CFF).contains($0.value) }) { continue }
            tried += 1
            guard let url = try? RouteURL("https://\(source)/") else {
                refused += 1
                if errors.isEmpty { refusedValid += 1 }
                continue
            }
            if errors.isEmpty, url.host == expected {
                agreed += 1
            } else {
                disagreements.append("\(source.debugDescription): router \(url.host ?? "nil"), UTS #46 \(errors.isEmpty ? expected : asciiStatus)")
            }
        }
        print("IdnaTestV2.txt (\(path)): \(tried) sources tried, \(refused) refused (\(refusedValid) of them valid for UTS #46), \(agreed) agreed, \(disagreements.count) disagreements")
        #expect(tried > 3000)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
