/// The check of the protocols pages declare (`@Routable(..., as: P.self)`): each page
/// type must conform to its route's protocol, which the compiler does not check, since the
/// conformance may be declared in another module.
///
/// Read from the binaries alone: the page type is the type whose extension holds the record (its
/// accessor's symbol, ``EntrySymbols``), and its conformances are those of the files'
/// `swift5_protocol_conformances` sections (``ProtocolConformances``), the files given taken
/// together. A conformance declared in a file not given is not seen; a record whose accessor has
/// no symbol (a stripped file), or in a file whose conformances cannot be read, cannot be
/// checked, and says so: a check that could not finish does not pass. One of ``RecordChecks``.
package enum ProtocolCheck {
    /// The problems of the declared protocols of the records of `sections`.
    package static func findings(of sections: [RouteSection]) -> [RecordFinding] {
        guard sections.contains(where: { $0.records.contains { $0.declaredProtocol != nil } }) else { return [] }
        // Each declaring record's accessor symbol, which names its page type: only those records'.
        var symbols: [RecordLocation: String] = [:]
        for section in sections {
            let declaring = section.entries.filter { (try? $0.get())?.declaredProtocol != nil }
            guard !declaring.isEmpty else { continue }
            symbols.merge((try? EntrySymbols.resolve(in: RouteSection(file: section.file, entries: declaring)))?.symbols ?? [:]) { first, _ in first }
        }
        let modules = Set(symbols.values.compactMap(pageType(ofAccessor:)).map { String($0.prefix { $0 != "." }) })
        var conformances: Set<ProtocolConformances.Conformance> = []
        var unreadable: [String: ELFReadError] = [:]
        for section in sections {
            do {
                conformances.formUnion(try ProtocolConformances.read(file: section.file, modules: modules).conformances)
            } catch {
                unreadable[section.file] = error
            }
        }
        var problems: [RecordFinding] = []
        for section in sections {
            let declaring = section.records.filter { $0.declaredProtocol != nil }
            guard !declaring.isEmpty else { continue }
            if let error = unreadable[section.file] {
                problems += declaring.map { record in
                    RecordFinding(
                        .unverifiedProtocol, at: record.location,
                        "'\(record.pattern)': cannot check that its page conforms to '\(record.declaredProtocol ?? "")': \(error)"
                    )
                }
                continue
            }
            for record in declaring {
                guard let declared = record.declaredProtocol else { continue }
                guard let page = symbols[record.location].flatMap(pageType(ofAccessor:)) else {
                    problems.append(RecordFinding(
                        .unverifiedProtocol, at: record.location,
                        "'\(record.pattern)': cannot check that its page conforms to '\(declared)': the file does not name the record's accessor (stripped?)"
                    ))
                    continue
                }
                let conforms = conformances.contains { $0.type == page && ($0.protocol == declared || $0.protocol.hasSuffix("." + declared)) }
                if !conforms {
                    problems.append(RecordFinding(
                        .protocolNotConformed, at: record.location,
                        "'\(record.pattern)': page \(page) does not conform to '\(declared)', the protocol its route declares"
                            + " (no conformance in the files given); an open that asks for it fails with pageMismatch"
                    ))
                }
            }
        }
        return problems
    }

    /// `Demo.NotePage` for `accessor of Demo.NotePage.__linkRouterRecord`: a `@Routable` record is a
    /// static member of an extension of its page type.
    package static func pageType(ofAccessor symbol: String) -> String? {
        guard symbol.hasPrefix("accessor of "), let dot = symbol.lastIndex(of: ".") else { return nil }
        let type = symbol[symbol.index(symbol.startIndex, offsetBy: "accessor of ".count)..<dot]
        return type.isEmpty ? nil : String(type)
    }
}
