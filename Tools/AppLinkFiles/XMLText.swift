/// XML text as `routes links` writes it: the declaration, comments, then one root element, each
/// child on a line of its own, indented by four spaces, an element without children closed as
/// `<data android:path="/a" />`.
///
/// The one writer of XML in the app-link files: a document is built as a tree and written once,
/// so every attribute value and comment goes through the one escaper, and what a conforming
/// parser reads back is what was built (the tests read every file with `xmllint` and Python's
/// `xml`). Its reader is ``XMLElement``.
///
/// ```swift
/// XMLText.document(.element("intent-filter", ["android:autoVerify": "true"], [.comment("route 'a'")]), comments: ["Generated"])
/// ```
indirect enum XMLText {
    /// An element: its name as written (`android:foo` with its prefix), its attributes in the
    /// order given, its children.
    case element(String, attributes: [(name: String, value: String)] = [], children: [XMLText] = [])
    /// A comment.
    case comment(String)

    /// The whole document, with its final newline: the XML declaration, the comments, and the root.
    static func document(_ root: XMLText, comments: [String] = []) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>"]
        lines += comments.map { XMLText.comment($0).lines(indent: "") }.joined()
        lines += root.lines(indent: "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node's lines, each indented by `indent` and its children by four spaces more.
    private func lines(indent: String) -> [String] {
        switch self {
        case .comment(let text):
            // A comment may not hold `--`; a line break is kept as a line of its own.
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { "\(indent)<!-- \(Self.commentText(String($0))) -->" }
        case .element(let name, let attributes, let children):
            let start = "\(indent)<\(name)" + attributes.map { " \($0.name)=\"\(Self.attributeValue($0.value))\"" }.joined()
            guard !children.isEmpty else { return [start + " />"] }
            return [start + ">"] + children.flatMap { $0.lines(indent: indent + "    ") } + ["\(indent)</\(name)>"]
        }
    }

    /// Text escaped for an attribute value in double quotes: `&`, `<`, `>` and `"` as references;
    /// a tab or line break as a character reference, since a parser reads a raw one as a space;
    /// the other control characters, which XML 1.0 cannot hold at all, as U+FFFD.
    private static func attributeValue(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text for a comment: `--` broken up (a comment may not hold it), characters XML cannot hold
    /// as U+FFFD.
    private static func commentText(_ text: String) -> String {
        var result = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 && scalar != "\t" || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar
        }))
        while result.contains("--") { result = result.replacing("--", with: "- -") }
        return result
    }
}
