/// An element of an XML document, read by a small parser for what an Android manifest or a file of
/// intent filters uses: elements, attributes, namespaces, comments, processing instructions, the
/// XML declaration, CDATA, and the five named and the numeric character references.
///
/// The parser refuses what XML 1.0 and Namespaces in XML call not well-formed, as a conforming
/// parser (libxml2, expat) does: a `--` inside a comment, a `<` or a bare `&` in an attribute
/// value, a `&` that starts no reference in text, `]]>` in text, characters XML does not allow
/// (control characters), a name that does not start like one, attributes not separated by space,
/// an unbalanced tag, text outside the root, a prefix no `xmlns:` declares. It refuses a document
/// type declaration too (conforming parsers accept one; link files need none, and refusing it
/// rules out entity expansion).
///
/// Limits, for files from a web server: ``maximumDepth`` nested elements (the parser keeps its
/// open elements on a stack of its own, so no file can drive its recursion); the file's size is
/// bounded by its reader (``AppLinkFile``).
struct XMLElement {
    /// The name as written, prefix included (`intent-filter`, `android:foo`).
    let name: String
    /// The attributes, by name as written (`android:host`), with references replaced.
    let attributes: [String: String]
    let children: [XMLElement]
    /// The namespace declarations in scope, by prefix (`""` for the default namespace).
    let namespaces: [String: String]

    /// The most elements nested in one another: an Android manifest nests five
    /// (`manifest`, `application`, `activity`, `intent-filter`, `data`).
    static let maximumDepth = 64

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
    var descendants: [XMLElement] {
        var result: [XMLElement] = []
        var pending = [self]
        while let element = pending.popLast() {
            result.append(element)
            pending += element.children.reversed()
        }
        return result
    }

    /// Parses a document and returns its root element.
    ///
    /// - Throws: ``LinkFileError`` naming the line of the first problem.
    static func parse(_ text: String) throws(LinkFileError) -> XMLElement {
        var parser = Parser(bytes: Array(text.utf8))
        return try parser.document()
    }

    /// The parser, over the document's UTF-8 bytes.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        /// An element whose content is being read.
        struct Open {
            let name: String
            let attributes: [String: String]
            let namespaces: [String: String]
            var children: [XMLElement] = []

            /// The element with the content read so far.
            var element: XMLElement {
                XMLElement(name: name, attributes: attributes, children: children, namespaces: namespaces)
            }
        }

        private func fail(_ message: String) -> LinkFileError {
            let line = bytes[..<min(index, bytes.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return LinkFileError("line \(line): \(message)")
        }

        private func peek(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }
        }

        private var atEnd: Bool { index >= bytes.count }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private mutating func skipSpace() {
            while !atEnd, Self.isSpace(bytes[index]) { index += 1 }
        }

        /// The text up to `terminator`, which it skips; the text is checked by `check`.
        private mutating func text(until terminator: StaticString, what: String) throws(LinkFileError) -> ArraySlice<UInt8> {
            let start = index
            while !atEnd, !peek(terminator) { index += 1 }
            guard !atEnd else { throw fail("\(what) is not closed") }
            let body = bytes[start..<index]
            index += terminator.utf8CodeUnitCount
            return body
        }

        /// `<!-- … -->`: a comment may not hold `--`, nor end with `-`.
        private mutating func comment() throws(LinkFileError) {
            index += 4
            let start = index
            while !atEnd, !peek("--") { index += 1 }
            guard !atEnd else { throw fail("a comment is not closed") }
            guard peek("-->") else { throw fail("'--' inside a comment") }
            guard index == start || bytes[index - 1] != UInt8(ascii: "-") else { throw fail("a comment ends with '-'") }
            index += 3
        }

        /// `<?target …?>`; the target `xml` is the declaration, allowed only at the very start.
        private mutating func processingInstruction() throws(LinkFileError) {
            let atStart = index == 0
            index += 2
            let target = try name()
            if target.lowercased() == "xml" {
                guard atStart, target == "xml" else { throw fail("an XML declaration is allowed only at the start") }
            }
            guard peek("?>") || (!atEnd && Self.isSpace(bytes[index])) else { throw fail("space expected after <?\(target)") }
            _ = try text(until: "?>", what: "<?\(target)")
        }

        /// Skips comments, processing instructions and space; refuses a document type declaration
        /// and other text.
        private mutating func skipMisc() throws(LinkFileError) {
            while true {
                skipSpace()
                if peek("<!--") {
                    try comment()
                } else if peek("<?") {
                    try processingInstruction()
                } else if peek("<!DOCTYPE") {
                    throw fail("a document type declaration is not accepted")
                } else {
                    return
                }
            }
        }

        mutating func document() throws(LinkFileError) -> XMLElement {
            try checkCharacters()
            try skipMisc()
            guard peek("<"), !peek("</") else { throw fail(atEnd ? "no root element" : "an element expected") }
            let root = try elements()
            try skipMisc()
            guard atEnd else { throw fail("text after the root element") }
            return root
        }

        /// Refuses the characters XML 1.0 does not allow anywhere: control characters but tab,
        /// line feed and carriage return, and U+FFFE and U+FFFF.
        private mutating func checkCharacters() throws(LinkFileError) {
            for position in bytes.indices {
                let byte = bytes[position]
                let refused = (byte < 0x20 && !Self.isSpace(byte))
                    || (byte == 0xEF && position + 2 < bytes.count && bytes[position + 1] == 0xBF && bytes[position + 2] >= 0xBE)
                if refused {
                    index = position
                    throw fail("a character XML does not allow (byte 0x\(String(byte, radix: 16)))")
                }
            }
        }

        private static func isNameStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
        }

        private static func isNameCharacter(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }

        private mutating func name() throws(LinkFileError) -> String {
            let start = index
            guard !atEnd, Self.isNameStart(bytes[index]) else { throw fail("a name expected") }
            while !atEnd, Self.isNameCharacter(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A start tag, after its `<`: the element opened, and whether it is empty (`/>`).
        private mutating func startTag(namespaces inherited: [String: String]) throws(LinkFileError) -> (Open, isEmpty: Bool) {
            let elementName = try name()
            var attributes: [String: String] = [:]
            while true {
                let spaced = !atEnd && Self.isSpace(bytes[index])
                skipSpace()
                guard !atEnd else { throw fail("unterminated tag <\(elementName)>") }
                if peek("/>") || peek(">") { break }
                guard spaced else { throw fail("space expected before an attribute in <\(elementName)>") }
                let attribute = try name()
                skipSpace()
                guard peek("=") else { throw fail("'=' expected after the attribute \(attribute)") }
                index += 1
                skipSpace()
                guard !atEnd, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { throw fail("a quoted value expected for \(attribute)") }
                let quote = bytes[index]
                index += 1
                let start = index
                while !atEnd, bytes[index] != quote {
                    guard bytes[index] != UInt8(ascii: "<") else { throw fail("'<' in the value of \(attribute)") }
                    index += 1
                }
                guard !atEnd else { throw fail("unterminated value of \(attribute)") }
                guard attributes[attribute] == nil else { throw fail("the attribute \(attribute) is given twice") }
                // A conforming parser reads a raw tab or line break in a value as a space.
                var value = bytes[start..<index]
                if value.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                    var normalized: [UInt8] = []
                    for (offset, byte) in zip(value.indices, value) where !(byte == 0x0D && offset + 1 < index && bytes[offset + 1] == 0x0A) {
                        normalized.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
                    }
                    value = normalized[...]
                }
                attributes[attribute] = try resolvingReferences(value)
                index += 1
            }
            var namespaces = inherited
            for (attribute, value) in attributes {
                if attribute == "xmlns" { namespaces[""] = value }
                if attribute.hasPrefix("xmlns:") { namespaces[String(attribute.dropFirst(6))] = value }
            }
            for qualified in [elementName] + attributes.keys where qualified.contains(":") {
                let prefix = qualified.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
                guard prefix == "xmlns" || namespaces[String(prefix)] != nil else { throw fail("the prefix \(prefix) of \(qualified) is not declared") }
            }
            let isEmpty = peek("/>")
            index += isEmpty ? 2 : 1
            return (Open(name: elementName, attributes: attributes, namespaces: namespaces), isEmpty)
        }

        /// The root element and everything in it, read with a stack of open elements: the one
        /// whose content is being read, and the elements it is in.
        private mutating func elements() throws(LinkFileError) -> XMLElement {
            // At the root's `<`.
            index += 1
            var (current, isEmpty) = try startTag(namespaces: ["xml": "http://www.w3.org/XML/1998/namespace"])
            if isEmpty { return current.element }
            var outer: [Open] = []
            while true {
                guard !atEnd else { throw fail("<\(current.name)> is not closed") }
                if peek("</") {
                    index += 2
                    let closing = try name()
                    guard closing == current.name else { throw fail("</\(closing)> closes <\(current.name)>") }
                    skipSpace()
                    guard peek(">") else { throw fail("'>' expected") }
                    index += 1
                    guard let parent = outer.popLast() else { return current.element }
                    let finished = current.element
                    current = parent
                    current.children.append(finished)
                } else if peek("<!--") {
                    try comment()
                } else if peek("<![CDATA[") {
                    index += 9
                    _ = try text(until: "]]>", what: "a CDATA section")
                } else if peek("<?") {
                    try processingInstruction()
                } else if peek("<!") {
                    throw fail("a declaration is not allowed inside an element")
                } else if peek("<") {
                    index += 1
                    guard outer.count + 1 < XMLElement.maximumDepth else { throw fail("elements nested deeper than \(XMLElement.maximumDepth)") }
                    let (child, childIsEmpty) = try startTag(namespaces: current.namespaces)
                    if childIsEmpty {
                        current.children.append(child.element)
                    } else {
                        outer.append(current)
                        current = child
                    }
                } else {
                    try characterData()
                }
            }
        }

        /// Text between tags: intent filters hold none that matters, but it must be well-formed.
        private mutating func characterData() throws(LinkFileError) {
            let start = index
            while !atEnd, bytes[index] != UInt8(ascii: "<") {
                guard !peek("]]>") else { throw fail("']]>' in text") }
                index += 1
            }
            _ = try resolvingReferences(bytes[start..<index])
        }

        /// The text with its references replaced; a `&` that starts no reference is an error.
        private func resolvingReferences(_ text: ArraySlice<UInt8>) throws(LinkFileError) -> String {
            guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
            var result = ""
            var rest = text
            while let ampersand = rest.firstIndex(of: UInt8(ascii: "&")) {
                result += String(decoding: rest[..<ampersand], as: UTF8.self)
                guard let semicolon = rest[ampersand...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fail("a '&' that starts no reference") }
                let reference = String(decoding: rest[(ampersand + 1)..<semicolon], as: UTF8.self)
                switch reference {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let digits = reference.hasPrefix("#x") ? reference.dropFirst(2) : reference.dropFirst()
                    let allowed = reference.hasPrefix("#x") ? "0123456789abcdefABCDEF" : "0123456789"
                    let number = !reference.hasPrefix("#") || digits.isEmpty || !digits.allSatisfy(allowed.contains) ? nil
                        : UInt32(digits, radix: reference.hasPrefix("#x") ? 16 : 10)
                    guard let number, let scalar = Unicode.Scalar(number), Self.isCharacter(scalar) else { throw fail("unknown reference &\(reference);") }
                    result.unicodeScalars.append(scalar)
                }
                rest = rest[(semicolon + 1)...]
            }
            return result + String(decoding: rest, as: UTF8.self)
        }

        /// XML 1.0's `Char`.
        private static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
    }
}
