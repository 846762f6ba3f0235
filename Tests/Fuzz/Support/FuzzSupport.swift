// Shared by every fuzz target (compiled into each fuzzer binary by scripts/fuzz): reading
// structured choices from libFuzzer's bytes, invariant checks that crash loudly, and the
// percent-encoding the targets use to rebuild URLs and patterns.
#if canImport(Glibc)
import Glibc
#endif
import LinkRouterCore

/// Reads choices from the fuzzer's input, front to back; an exhausted input reads as zeros.
struct FuzzInput {
    let bytes: UnsafeRawBufferPointer
    private(set) var position = 0

    init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = UnsafeRawBufferPointer(start: start, count: count)
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 when the input is exhausted.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` (bound ≤ 256).
    mutating func below(_ bound: Int) -> Int {
        Int(byte()) % bound
    }

    /// One of `options`.
    mutating func pick<T>(_ options: [T]) -> T {
        options[below(options.count)]
    }
}

/// Stops the fuzzer with a message when an invariant does not hold: libFuzzer reports the abort as
/// a crash and saves the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    guard !condition() else { return }
    let text = "INVARIANT FAILED at \(file):\(line): \(message())\n"
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
    abort()
}

/// Byte-for-byte equality: `String`'s `==` treats canonically equivalent spellings as equal, the
/// router does not.
func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8)
}

func sameBytes(_ a: [String], _ b: [String]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy(sameBytes)
}

/// Percent-encodes every byte except ASCII letters, digits and `-._~`, so the text reads back
/// as one URL component (or one literal pattern segment) with exactly these bytes.
func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            bytes.append(byte)
        default:
            bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}


/// A URL that one form of a pattern matches, with plain values in its placeholders, and the path
/// parameters it must capture. Literals are percent-encoded, so any literal reads back whole.
func sampleURL(_ form: [RoutePattern.Segment], emptyCatchAll: Bool = false) -> (url: String, captures: [String: String]) {
    var raw: [String] = []
    var captures: [String: String] = [:]
    for (index, segment) in form.enumerated() {
        switch segment {
        case .literal(let text): raw.append(percentEncoded(text))
        case .parameter(let name): raw.append("v\(index)"); captures[name] = "v\(index)"
        case .typed(let type, let name):
            let value = sampleValues[type]!
            raw.append(value)
            captures[name] = value
        case .wildcard: raw.append("w")
        case .catchAll: if !emptyCatchAll { raw += ["c1", "c2"] }
        case .path(let name): raw += ["p1", "p%2F2"]; captures[name] = "p1/p/2"
        }
    }
    return ("app://" + raw.joined(separator: "/"), captures)
}

/// A value of each placeholder type, spelled as a URL would carry it.
let sampleValues: [RoutePattern.PlaceholderType: String] = [
    .int: "-42", .uuid: "123e4567-e89b-12d3-a456-426614174000", .bool: "Yes", .double: "2.5e3",
]
