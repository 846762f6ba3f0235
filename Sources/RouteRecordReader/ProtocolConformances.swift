internal import RouteRecordLayout

/// The protocol conformances a file on disk declares, read from its `swift5_protocol_conformances`
/// section and named through its symbol table: what `routes check` compares a page's declared
/// protocol with (`@Routable(..., as: P.self)`), from the binary alone.
///
/// The section is an array of 32-bit relative pointers, each to a conformance descriptor; in a
/// linked file (an executable or a shared library) each descriptor is found at its address and
/// named by its symbol, `$s...Mc`, whose demangling names the conforming type and the protocol
/// (`protocol conformance descriptor for Demo.NotePage : Notes.NoteEditing in Demo`). In an object
/// file the pointers are relocations still: every conformance descriptor symbol is taken.
///
/// Limits: at most ``maximumCount`` entries in the section, else
/// ``ELFReadError/Reason/tooManyConformances(count:limit:)``; an entry that points at no descriptor
/// symbol (a stripped file) names nothing, so ``read(file:)`` then says the file has no symbols.
package enum ProtocolConformances {
    /// The most entries a `swift5_protocol_conformances` section is read with: 4 MB of pointers,
    /// far more than any app declares.
    package static let maximumCount = 1_000_000
    /// The section's name in ELF files.
    package static let sectionName = "swift5_protocol_conformances"

    /// One conformance: a type, and a protocol it conforms to, both as the runtime names them
    /// (module-qualified: `Demo.NotePage`, `Notes.NoteEditing`).
    package struct Conformance: Sendable, Hashable {
        /// The conforming type.
        package let type: String
        /// The protocol.
        package let `protocol`: String
    }

    /// What a file declares.
    package struct Declared: Sendable {
        /// The conformances named.
        package let conformances: Set<Conformance>
        /// Whether the file has a symbol table to name descriptors with; without one, nothing is named.
        package let hasSymbols: Bool
    }

    /// Reads the conformances of a file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - modules: When given, only the conformances of types declared in these modules are
    ///     read: the others' descriptors, whose mangled names start with another module's, are
    ///     not demangled, which is most of the cost in a large binary.
    /// - Throws: ``ELFReadError`` when the file cannot be read, or its section lists more than
    ///   ``maximumCount`` entries.
    package static func read(file path: String, modules: Set<String>? = nil) throws(ELFReadError) -> Declared {
        let file = try ELFFile(path: path)
        let symbols = try file.symbols()
        let descriptors = symbols.filter { $0.name.hasSuffix("Mc") && ($0.name.hasPrefix("$s") || $0.name.hasPrefix("_$s")) }
        guard let section = try file.section(named: sectionName) else {
            return Declared(conformances: [], hasSymbols: !symbols.isEmpty)
        }
        let count = Int(section.size / 4)
        guard count <= maximumCount else {
            throw ELFReadError(path: path, reason: .tooManyConformances(count: count, limit: maximumCount))
        }
        let names: [String]
        if file.isRelocatable {
            names = descriptors.map(\.name)
        } else {
            let byAddress = Dictionary(descriptors.map { ($0.value, $0.name) }, uniquingKeysWith: { first, _ in first })
            names = try file.withContents(of: section) { bytes in
                (0..<(bytes.count / 4)).compactMap { index in
                    let relative = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: Int32.self))
                    // Wrapping: a corrupt header may put the section anywhere.
                    let address = section.address &+ UInt64(4 * index) &+ UInt64(bitPattern: Int64(relative))
                    return byAddress[address]
                }
            }
        }
        // A type's mangled name starts with its module's, spelled as its length and its text
        // (`$s4Demo8NotePageV...`): the first identifier of a name, never abbreviated.
        let prefixes = modules.map { $0.flatMap { ["$s\($0.utf8.count)\($0)", "_$s\($0.utf8.count)\($0)"] } }
        let conformances = names.compactMap { name -> Conformance? in
            if let prefixes, !prefixes.contains(where: { name.hasPrefix($0) }) { return nil }
            guard let demangled = runtimeDemangle(name),
                  let match = demangled.firstMatch(of: #/^protocol conformance descriptor for (?<type>.+) : (?<protocol>[^ ]+) in [^ ]+$/#)
            else { return nil }
            return Conformance(type: String(match.output.type), protocol: String(match.output.protocol))
        }
        return Declared(conformances: Set(conformances), hasSymbols: !symbols.isEmpty)
    }
}
