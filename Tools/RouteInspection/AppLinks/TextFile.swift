#if canImport(Glibc)
import Glibc
#endif

/// Whole text files read and written with the system's calls, failing with the system's message.
enum TextFile {
    /// Why a file cannot be read or written: the system's message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The file's bytes, read as UTF-8.
    static func read(_ path: String) throws(Failure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to the file, replacing it.
    static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var text = text
        let failure: String? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
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
