/// Where a service implementation found by discovery was declared: its record's object file
/// (the module that annotated it) and offset, and the record's accessor symbol when known.
public struct ServiceOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The object file (executable or shared library) holding the record.
    public let file: String
    /// The record's offset in that file.
    public let fileOffset: Int
    /// The demangled symbol of the record's accessor, which names the module and the type
    /// (`accessor of AccountFeature.AccountSession.__linkRouterService`); `nil` when not known.
    public let symbol: String?

    /// Creates an origin.
    public init(file: String, fileOffset: Int, symbol: String? = nil) {
        self.file = file
        self.fileOffset = fileOffset
        self.symbol = symbol
    }

    /// `'accessor of Module.Type.__linkRouterService' in /path/app at offset 0x1f40`.
    public var description: String {
        (symbol.map { "'\($0)' in " } ?? "") + "\(file) at offset 0x\(String(fileOffset, radix: 16))"
    }
}
