/// An element of an XML document, read by a small parser that knows what an Android manifest or a
/// file of intent filters uses: elements, attributes, namespaces, comments, the XML declaration,
/// CDATA, and the five named and the numeric character references. A document type declaration
/// or an unbalanced tag is an error naming its line.
struct XMLElement {
    /// The name as written, prefix included (`intent-filter`, `android:foo`).
    let name: String
    /// The attributes, by name as written (`android:host`), with references replaced.
    let attributes: [String: String]
    let children: [XMLElement]
    /// The namespace declarations in scope, by prefix (`""` for the default namespace).
    let namespaces: [String: String]

    /// The value of the attribute `local` in the namespace `namespace`, whatever its prefix.
    func attribute(_ local: String, namespace: String) -> String? {
        for (name, value) in attributes {
            let parts = name.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[1] == local, namespaces[String(parts[0])] == namespace else { continue }
            return value
        }
        return nil
    }

    /// The element's local name (without its prefix).
    var localName: String { name.split(separator: ":").last.map(String.init) ?? name }

    /// This element and every element below it, in document order.
    var descendants: [XMLElement] { [self] + children.flatMap(\.descendants) }

    /// Parses a document and returns its root element.
    ///
    /// - Throws: ``LinkFileError`` naming the line of the first problem.
    static func parse(_ text: String) throws(LinkFileError) -> XMLElement {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        return try parser.document()
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        private var line: Int { scalars[..<min(index, scalars.count)].filter { $0 == "\n" }.count + 1 }

        private func fail(_ message: String) -> LinkFileError { LinkFileError("line \(line): \(message)") }

        private func peek(_ text: String) -> Bool {
            let expected = Array(text.unicodeScalars)
            return index + expected.count <= scalars.count && Array(scalars[index..<(index + expected.count)]) == expected
        }

        private mutating func skip(past text: String) throws(LinkFileError) {
            while index < scalars.count, !peek(text) { index += 1 }
            guard index < scalars.count else { throw fail("'\(text)' expected before the end") }
            index += text.unicodeScalars.count
        }

        private mutating func skipSpace() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }

        /// Skips comments, processing instructions and space; refuses a document type declaration.
        private mutating func skipMisc() throws(LinkFileError) {
            while true {
                skipSpace()
                if peek("<!--") {
                    try skip(past: "-->")
                } else if peek("<?") {
                    try skip(past: "?>")
                } else if peek("<!DOCTYPE") {
                    throw fail("a document type declaration is not accepted")
                } else {
                    return
                }
            }
        }

        mutating func document() throws(LinkFileError) -> XMLElement {
            try skipMisc()
            guard peek("<") else { throw fail("an element expected") }
            let root = try element(namespaces: ["xml": "http://www.w3.org/XML/1998/namespace"])
            try skipMisc()
            guard index == scalars.count else { throw fail("text after the root element") }
            return root
        }

        private mutating func name() throws(LinkFileError) -> String {
            let start = index
            while index < scalars.count {
                let scalar = scalars[index]
                guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ":-_.".unicodeScalars.contains(scalar) else { break }
                index += 1
            }
            guard index > start else { throw fail("a name expected") }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        private mutating func element(namespaces inherited: [String: String]) throws(LinkFileError) -> XMLElement {
            index += 1  // <
            let elementName = try name()
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard index < scalars.count else { throw fail("unterminated tag <\(elementName)>") }
                if peek("/>") || peek(">") { break }
                let attribute = try name()
                skipSpace()
                guard peek("=") else { throw fail("'=' expected after the attribute \(attribute)") }
                index += 1
                skipSpace()
                guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { throw fail("a quoted value expected for \(attribute)") }
                let quote = scalars[index]
                index += 1
                let start = index
                while index < scalars.count, scalars[index] != quote { index += 1 }
                guard index < scalars.count else { throw fail("unterminated value of \(attribute)") }
                guard attributes[attribute] == nil else { throw fail("the attribute \(attribute) is given twice") }
                attributes[attribute] = try resolvingReferences(String(String.UnicodeScalarView(scalars[start..<index])))
                index += 1
            }
            var namespaces = inherited
            for (attribute, value) in attributes {
                if attribute == "xmlns" { namespaces[""] = value }
                if attribute.hasPrefix("xmlns:") { namespaces[String(attribute.dropFirst(6))] = value }
            }
            if peek("/>") {
                index += 2
                return XMLElement(name: elementName, attributes: attributes, children: [], namespaces: namespaces)
            }
            index += 1  // >
            var children: [XMLElement] = []
            while true {
                guard index < scalars.count else { throw fail("<\(elementName)> is not closed") }
                if peek("</") {
                    index += 2
                    let closing = try name()
                    guard closing == elementName else { throw fail("</\(closing)> closes <\(elementName)>") }
                    skipSpace()
                    guard peek(">") else { throw fail("'>' expected") }
                    index += 1
                    return XMLElement(name: elementName, attributes: attributes, children: children, namespaces: namespaces)
                } else if peek("<!--") {
                    try skip(past: "-->")
                } else if peek("<![CDATA[") {
                    try skip(past: "]]>")
                } else if peek("<?") {
                    try skip(past: "?>")
                } else if peek("<") {
                    children.append(try element(namespaces: namespaces))
                } else {
                    index += 1  // text: intent filters hold none that matters
                }
            }
        }

        private func resolvingReferences(_ text: String) throws(LinkFileError) -> String {
            guard text.contains("&") else { return text }
            var result = ""
            var rest = Substring(text)
            while let ampersand = rest.firstIndex(of: "&") {
                result += rest[..<ampersand]
                guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { throw fail("unterminated reference in '\(text)'") }
                let reference = rest[rest.index(after: ampersand)..<semicolon]
                switch reference {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let number = reference.hasPrefix("#x") ? UInt32(reference.dropFirst(2), radix: 16)
                        : reference.hasPrefix("#") ? UInt32(reference.dropFirst(), radix: 10) : nil
                    guard let number, let scalar = Unicode.Scalar(number) else { throw fail("unknown reference &\(reference);") }
                    result.unicodeScalars.append(scalar)
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }

    /// Text escaped for an attribute value in double quotes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
