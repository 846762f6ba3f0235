import RouteRecordReader

/// `routes check`'s check of the protocols pages declare (`@Routable(..., as: P.self)`): each page
/// type must conform to its route's protocol, which the compiler does not check, since the
/// conformance may be declared in another module.
///
/// Read from the binaries alone: the page type is the type whose extension holds the record (its
/// accessor's symbol, ``EntrySymbols``), and its conformances are those of the files'
/// `swift5_protocol_conformances` sections (``ProtocolConformances``), the files given taken
/// together. A conformance declared in a file not given is not seen; a record whose accessor has
/// no symbol (a stripped file) cannot be checked, and says so: a check that could not finish does
/// not pass.
enum ProtocolCheck {
    /// The problems of the declared protocols of the records of `sections`.
    ///
    /// - Throws: ``RouteInspectionError/unreadableFile(_:)`` when a file's conformances cannot be read.
    static func problems(of sections: [RouteSection]) throws(RouteInspectionError) -> [CheckProblem] {
        guard sections.contains(where: { $0.records.contains { $0.declaredProtocol != nil } }) else { return [] }
        var conformances: Set<ProtocolConformances.Conformance> = []
        for section in sections {
            do { conformances.formUnion(try ProtocolConformances.read(file: section.file).conformances) } catch { throw .unreadableFile(error) }
        }
        var problems: [CheckProblem] = []
        for section in sections {
            let declaring = section.records.filter { $0.declaredProtocol != nil }
            guard !declaring.isEmpty else { continue }
            let symbols = (try? EntrySymbols.resolve(in: section))?.symbols ?? [:]
            for record in declaring {
                let declared = record.declaredProtocol!
                guard let page = symbols[record.location].flatMap(pageType(ofAccessor:)) else {
                    problems.append(CheckProblem(
                        .unverifiedProtocol, at: record.location,
                        "'\(record.pattern)': cannot check that its page conforms to '\(declared)': the file does not name the record's accessor (stripped?)"
                    ))
                    continue
                }
                let conforms = conformances.contains { $0.type == page && ($0.protocol == declared || $0.protocol.hasSuffix("." + declared)) }
                if !conforms {
                    problems.append(CheckProblem(
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
    static func pageType(ofAccessor symbol: String) -> String? {
        guard symbol.hasPrefix("accessor of "), let dot = symbol.lastIndex(of: ".") else { return nil }
        let type = symbol[symbol.index(symbol.startIndex, offsetBy: "accessor of ".count)..<dot]
        return type.isEmpty ? nil : String(type)
    }
}
