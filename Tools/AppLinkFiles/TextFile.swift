#if canImport(Glibc)
import Glibc
#endif

/// Whole text files read and written with the system's calls, failing with the system's message.
package enum TextFile {
    /// Why a file cannot be read or written: the system's message.
    package struct Failure: Error, CustomStringConvertible {
        /// The system's message, or why the text was refused.
        package let description: String
    }

    /// The file's text: at most `maximumBytes` bytes of UTF-8, a byte order mark at its start
    /// left out. A longer file (`/dev/zero` too) is refused after reading one byte more than the
    /// limit, and so are bytes that are not UTF-8.
    package static func read(_ path: String, maximumBytes: Int) throws(Failure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Glibc.read(descriptor, $0 + count, buffer.count - count) } ?? 0
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw Failure(description: String(cString: strerror(errno)))
            }
            if read == 0 { break }
            count += read
        }
        guard count <= maximumBytes else { throw Failure(description: "larger than \(maximumBytes) bytes, the limit for this kind of file") }
        var text = bytes[..<count]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        guard let decoded = String(validating: text, as: UTF8.self) else { throw Failure(description: "not UTF-8 text") }
        return decoded
    }

    /// Writes `text` to the file, replacing it.
    package static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var text = text
        let failure: String? = text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        if close(descriptor) != 0, failure == nil { throw Failure(description: String(cString: strerror(errno))) }
        if let failure { throw Failure(description: failure) }
    }
}
