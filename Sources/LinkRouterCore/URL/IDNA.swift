internal import ByteParsing

/// Domain to ASCII, as the WHATWG URL Standard asks of a special URL's host: UTS #46 ToASCII with
/// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off, CheckBidi and CheckJoiners on,
/// nontransitional processing (`faß.example` is `xn--fa-hia.example`), then Punycode.
///
/// What it does not implement is refused, never guessed (``URLParseError/Reason/undecidedHost(_:)``):
/// - a domain that needs NFC normalization after mapping (or whose NFC form the quick check
///   cannot tell), since the router does not normalize;
/// - a domain with a right-to-left or Arabic-number character (the Bidi rule of RFC 5893);
/// - a label with U+200C or U+200D (the ContextJ rules);
/// - a host longer than ``maximumLength`` bytes;
/// - a code point whose UTS #46 status changed between ``baselineVersion`` and ``mappingVersion``
///   (browsers of different ages read it differently);
/// - a code point unassigned in the Unicode version of the property table (``IDNATable.swift``,
///   ``propertiesVersion``), which is older than the mapping table's.
enum IDNA {
    /// The longest host, in UTF-8 bytes, that goes through UTS #46, before and after (an ASCII
    /// host without an `xn--` label has no limit but the URL's).
    static let maximumLength = 1024

    /// The ASCII form of `domain` (percent-decoded), or an error when a browser refuses it or when
    /// the router cannot tell what a browser makes of it.
    static func toASCII(_ domain: String, offset: Int, url: String) throws(URLParseError) -> String {
        // An ASCII domain without an `xn--` label: ToASCII lowercases it (the standard says so).
        if domain.utf8.allSatisfy({ $0 < 0x80 }), !hasPunycodeLabel(domain.utf8) {
            return String(decoding: domain.utf8.map(ASCII.lowercased), as: UTF8.self)
        }
        func invalid(_ why: String) -> URLParseError { URLParseError(.invalidHost(why), offset: offset, url: url) }
        func undecided(_ what: String) -> URLParseError { URLParseError(.undecidedHost(what), offset: offset, url: url) }
        let tooLong = undecided("a non-ASCII or xn-- host longer than \(maximumLength) bytes")
        // Punycode is quadratic in a label's length: a long host is refused before it.
        guard domain.utf8.count <= maximumLength else { throw tooLong }
        func changed(_ scalar: Unicode.Scalar) -> URLParseError {
            undecided("\(name(scalar)), whose IDNA status changed between Unicode \(baselineVersion) and \(mappingVersion)")
        }
        let table = Table.shared

        var mapped: [Unicode.Scalar] = []
        for scalar in domain.unicodeScalars {
            switch table.status(of: scalar) {
            case .valid: mapped.append(scalar)
            case .ignored: break
            case .mapped(let replacement): mapped.append(contentsOf: replacement)
            case .disallowed: throw invalid("\(name(scalar)) is not allowed in a domain name")
            case .changed: throw changed(scalar)
            }
        }
        switch table.nfcCheck(mapped) {
        case .yes: break
        case .no, .maybe: throw undecided("a domain name that needs Unicode normalization")
        case .unassigned(let scalar): throw undecided("\(name(scalar)), unassigned in Unicode \(propertiesVersion)")
        }

        var labels: [String] = []
        for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            var unicode = Array(label)
            let isPunycode = label.count >= 4 && label.prefix(4).elementsEqual("xn--".unicodeScalars)
            if isPunycode {
                guard label.allSatisfy(\.isASCII), let decoded = Punycode.decode(label.dropFirst(4).map { UInt8($0.value) }) else {
                    throw invalid("an xn-- label that is not Punycode")
                }
                guard decoded.contains(where: { !$0.isASCII }) else { throw invalid("an xn-- label that decodes to ASCII") }
                unicode = decoded
                switch table.nfcCheck(unicode) {
                case .yes: break
                case .no: throw invalid("an xn-- label not in NFC")
                case .maybe: throw undecided("an xn-- label whose NFC form the router does not compute")
                case .unassigned(let scalar): throw undecided("\(name(scalar)), unassigned in Unicode \(propertiesVersion)")
                }
                if unicode.count >= 4, unicode.prefix(4).elementsEqual("xn--".unicodeScalars) { throw invalid("a label that decodes to xn--") }
                if unicode.contains(".") { throw invalid("an xn-- label that decodes to a dot") }
            }
            // Every code point of a label is valid (a mapping's output too, so a code point
            // whose status changed is refused wherever it comes from).
            if let scalar = unicode.first(where: { table.status(of: $0) != .valid }) {
                if table.status(of: scalar) == .changed {
                    throw changed(scalar)
                }
                throw invalid("\(name(scalar)) is not valid in a label")
            }
            if let first = unicode.first, table.properties(of: first).isMark { throw invalid("a label that starts with a combining mark") }
            if unicode.contains("\u{200C}") || unicode.contains("\u{200D}") { throw undecided("a zero-width joiner or non-joiner") }
            if unicode.contains(where: { table.properties(of: $0).isRightToLeft }) { throw undecided("a right-to-left label") }
            if isPunycode || unicode.allSatisfy(\.isASCII) {
                labels.append(String(String.UnicodeScalarView(label)))
            } else {
                labels.append("xn--" + String(decoding: Punycode.encode(unicode), as: UTF8.self))
            }
        }
        let result = labels.joined(separator: ".")
        guard !result.isEmpty else { throw invalid("empty host") }
        // The ASCII form is read again when the normalized text is parsed: it obeys the limit too.
        guard result.utf8.count <= maximumLength else { throw tooLong }
        return result
    }

    /// Whether a label starts with `xn--`, in any case.
    static func hasPunycodeLabel(_ domain: some Collection<UInt8>) -> Bool {
        domain.split(separator: ASCII.dot, omittingEmptySubsequences: false).contains { label in
            label.count >= 4 && label.prefix(4).map(ASCII.lowercased) == Array("xn--".utf8)
        }
    }

    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A code point's UTS #46 status (deviations are valid: processing is nontransitional).
    enum Status: Equatable {
        case valid, ignored, disallowed
        /// Read differently by UTS #46 of ``baselineVersion`` and of ``mappingVersion``.
        case changed
        case mapped(ArraySlice<Unicode.Scalar>)
    }

    /// What the NFC quick check says of a string.
    enum NFCCheck {
        case yes, no, maybe
        case unassigned(Unicode.Scalar)
    }

    /// The Unicode properties IDNA needs, from ``packedProperties``.
    struct Properties {
        let value: UInt32
        var combiningClass: UInt8 { UInt8(value & 0xFF) }
        var isNotNFC: Bool { value & 0x100 != 0 }
        var mayCompose: Bool { value & 0x200 != 0 }
        var isMark: Bool { value & 0x400 != 0 }
        var isRightToLeft: Bool { value & 0x800 != 0 }
        var isUnassigned: Bool { value & 0x1000 != 0 }
    }

    /// The two packed tables, decoded once.
    struct Table: Sendable {
        static let shared = Table()

        let mappingStarts: [UInt32]
        let statuses: [UInt8]
        /// For a mapped range, where its replacement lies in ``replacements``.
        let replacementRanges: [Range<Int>]
        let replacements: [Unicode.Scalar]
        let propertyStarts: [UInt32]
        let propertyValues: [UInt32]

        init() {
            var mappingStarts: [UInt32] = [], statuses: [UInt8] = [], ranges: [Range<Int>] = [], replacements: [Unicode.Scalar] = []
            for entry in packedMapping.utf8.split(separator: ASCII.space) {
                let statusIndex = entry.firstIndex { $0 >= UInt8(ascii: "G") }!
                mappingStarts.append(UInt32(Substring(entry[..<statusIndex]), radix: 16)!)
                statuses.append(entry[statusIndex])
                let start = replacements.count
                for hex in entry[entry.index(after: statusIndex)...].split(separator: UInt8(ascii: ",")) {
                    replacements.append(Unicode.Scalar(UInt32(Substring(hex), radix: 16)!)!)
                }
                ranges.append(start..<replacements.count)
            }
            var propertyStarts: [UInt32] = [], propertyValues: [UInt32] = []
            for entry in packedProperties.utf8.split(separator: ASCII.space) {
                let colon = entry.firstIndex(of: ASCII.colon)!
                propertyStarts.append(UInt32(Substring(entry[..<colon]), radix: 16)!)
                propertyValues.append(UInt32(Substring(entry[entry.index(after: colon)...]), radix: 16)!)
            }
            (self.mappingStarts, self.statuses, replacementRanges, self.replacements) = (mappingStarts, statuses, ranges, replacements)
            (self.propertyStarts, self.propertyValues) = (propertyStarts, propertyValues)
        }

        /// The index of the last start at or below `value`.
        private static func entry(of value: UInt32, in starts: [UInt32]) -> Int {
            var (low, high) = (0, starts.count)
            while high - low > 1 {
                let middle = (low + high) / 2
                if starts[middle] <= value { low = middle } else { high = middle }
            }
            return low
        }

        func status(of scalar: Unicode.Scalar) -> Status {
            let index = Self.entry(of: scalar.value, in: mappingStarts)
            switch statuses[index] {
            case UInt8(ascii: "V"): return .valid
            case UInt8(ascii: "I"): return .ignored
            case UInt8(ascii: "M"): return .mapped(replacements[replacementRanges[index]])
            case UInt8(ascii: "U"): return .changed
            default: return .disallowed
            }
        }

        func properties(of scalar: Unicode.Scalar) -> Properties {
            Properties(value: propertyValues[Self.entry(of: scalar.value, in: propertyStarts)])
        }

        /// The NFC quick check (UAX #15), with unassigned code points set apart.
        func nfcCheck(_ scalars: [Unicode.Scalar]) -> NFCCheck {
            var result = NFCCheck.yes
            var lastClass: UInt8 = 0
            for scalar in scalars {
                let properties = properties(of: scalar)
                if properties.isUnassigned { return .unassigned(scalar) }
                let combiningClass = properties.combiningClass
                if properties.isNotNFC || (combiningClass != 0 && lastClass > combiningClass) { return .no }
                if properties.mayCompose { result = .maybe }
                lastClass = combiningClass
            }
            return result
        }
    }
}

/// Punycode (RFC 3492) for IDNA labels.
enum Punycode {
    private static let (base, tMin, tMax, skew, damp, initialBias, initialN) = (36, 1, 26, 38, 700, 72, 128)
    private static let maximum = Int(Int32.max)

    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// The code points of a label's Punycode (after `xn--`), or `nil` when it is not Punycode.
    ///
    /// As RFC 3492's decoder (section 6.2, and its sample implementation) reads it: the basic
    /// code points are those before the last `-`, and the deltas start after it only when some
    /// come before it. A `-` at the very start is not a delimiter but the first character of the
    /// deltas, where it is no digit: `xn---tda` is refused, as browsers refuse it.
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        var output: [Unicode.Scalar] = []
        var position = 0
        if let dash = input.lastIndex(of: ASCII.minus), dash > 0 {
            output = input[..<dash].map { Unicode.Scalar($0) }
            position = dash + 1
        }
        var (n, i, bias) = (initialN, 0, initialBias)
        while position < input.count {
            let oldI = i
            var (w, k) = (1, base)
            while true {
                guard position < input.count else { return nil }
                let byte = input[position]
                position += 1
                let digit: Int
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte) - 22
                case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte) - 97
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte) - 65
                default: return nil
                }
                guard digit <= (maximum - i) / w else { return nil }
                i += digit * w
                let t = threshold(k, bias: bias)
                if digit < t { break }
                guard w <= maximum / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count: count, first: oldI == 0)
            guard i / count <= maximum - n else { return nil }
            n += i / count
            i %= count
            guard let scalar = Unicode.Scalar(UInt32(exactly: n) ?? 0xD800) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// The Punycode of a label's code points (without `xn--`).
    static func encode(_ input: [Unicode.Scalar]) -> [UInt8] {
        var output = input.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(ASCII.minus) }
        var (n, delta, bias) = (initialN, 0, initialBias)
        func digit(_ value: Int) -> UInt8 { UInt8(value < 26 ? value + 97 : value + 22) }
        while handled < input.count {
            let m = Int(input.lazy.map(\.value).filter { Int($0) >= n }.min()!)
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in input {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias: bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
