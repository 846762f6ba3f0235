import Logging
#if canImport(Glibc)
import Glibc
#endif

/// With --print-stack, log messages are lines on standard output, written at once, as the app's
/// other lines are: `log: shop.catalog: viewing product 42` (the pages' views, LinkRouter's own messages).
struct PrintedLog: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let bytes = Array("log: \(label): \(event.message)\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}
