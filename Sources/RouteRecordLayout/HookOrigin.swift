internal import ByteParsing

/// Where a hook (an interceptor, or a module's set-up) comes from, as its record states it after
/// its text (``RecordFlags/hookOrigin``): the Swift module that declares it and, for an override
/// that names what it replaces (`overrides: "Auth.LoginInterceptor"`), that hook.
///
/// In the record: the module's length in one byte (1 to 255) and its UTF-8 bytes, then the
/// replaced hook's length in one byte (0 when it names none) and its UTF-8 bytes.
package struct HookOrigin: Sendable, Hashable {
    /// The declaring module (`AccountFeature`), from the declaration's file ID.
    package var module: String
    /// The hook it replaces, by its module-qualified name (`Auth.LoginInterceptor`), or `nil`.
    package var replaces: String?

    /// An origin from its parts.
    package init(module: String, replaces: String? = nil) {
        self.module = module
        self.replaces = replaces
    }

    /// The bytes the record stores after its text; parts longer than
    /// ``RecordLayout/maximumHookOriginPartLength`` are cut (the macro refuses them first).
    package var bytes: [UInt8] {
        let module = Array(module.utf8.prefix(RecordLayout.maximumHookOriginPartLength))
        let replaced = Array((replaces ?? "").utf8.prefix(RecordLayout.maximumHookOriginPartLength))
        return [UInt8(module.count)] + module + [UInt8(replaced.count)] + replaced
    }

    /// The origin at the start of `bytes`, the rest of a record after its text.
    ///
    /// - Returns: `nil` when the module is empty, a part runs past `bytes`, is not UTF-8 or holds a NUL.
    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard let moduleLength = bytes.first.map(Int.init), moduleLength > 0, 2 + moduleLength <= bytes.count else { return nil }
        let replacedLength = Int(bytes[1 + moduleLength])
        guard 2 + moduleLength + replacedLength <= bytes.count,
              let module = Self.name(UnsafeRawBufferPointer(rebasing: bytes[1..<(1 + moduleLength)])),
              let replaced = Self.name(UnsafeRawBufferPointer(rebasing: bytes[(2 + moduleLength)..<(2 + moduleLength + replacedLength)]))
        else { return nil }
        self.init(module: module, replaces: replaced.isEmpty ? nil : replaced)
    }

    /// The UTF-8 text of `bytes`, `nil` when it is not UTF-8 or holds a NUL.
    private static func name(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard !bytes.contains(0) else { return nil }
        return UTF8Validator.string(validating: bytes)
    }
}
