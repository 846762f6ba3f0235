package import RoutePatterns

// Which Swift module declared a record, for what a module's set-up guards: the routes declared in
// the same Swift module (a contested or refused set-up blocks them).
extension RecordPass {
    /// The Swift module that declared a hook record: the one its record states, else the one its
    /// accessor's symbol names (read from its file), else `nil` (a stripped file).
    package func declaringModule(ofHook index: Int) -> String? {
        let record = hooks[index]
        if let module = record.hookOrigin?.module { return module }
        let symbol = EntrySymbols.symbols(in: record.location.file, atOffsets: [record.location.fileOffset])[record.location.fileOffset]
        return symbol.flatMap(Self.module(ofAccessorSymbol:))
    }

    /// The patterns of the routes registered from the records that `modules` declared, in `files`
    /// (the files of the hooks that guard them), their modules read from their accessors'
    /// symbols; with `wholeFiles`, every route registered from those files. A route whose module
    /// cannot be told (its file has no symbol table) is taken as one of them: what a guard covers
    /// is never narrowed by a missing symbol. C routes name no module and are not.
    package func registeredPatterns(declaredIn modules: Set<String>, files: Set<String>, wholeFiles: Bool = false) -> [RoutePattern] {
        // Places first: a record is read again only once its file is known to be one of them.
        let candidates = records.indices.filter { index in
            if case .registered = fate(of: index) { files.contains(records.location(at: index).file) } else { false }
        }
        guard !candidates.isEmpty else { return [] }
        if wholeFiles { return candidates.compactMap { try? records[$0].parsedPattern() } }
        var offsets: [String: Set<Int>] = [:]
        for index in candidates {
            let location = records.location(at: index)
            offsets[location.file, default: []].insert(location.fileOffset)
        }
        let symbols = Dictionary(uniqueKeysWithValues: offsets.map { file, offsets in (file, EntrySymbols.symbols(in: file, atOffsets: offsets)) })
        return candidates.compactMap { index in
            let location = records.location(at: index)
            guard let fileSymbols = symbols[location.file], !fileSymbols.isEmpty else { return try? records[index].parsedPattern() }
            guard let symbol = fileSymbols[location.fileOffset] else { return try? records[index].parsedPattern() }
            guard let module = Self.module(ofAccessorSymbol: symbol), modules.contains(module) else { return nil }
            return try? records[index].parsedPattern()
        }
    }

    /// `Feature` for `accessor of Feature.UserPage.__linkRouterRecord` and
    /// `#route at Routes.swift:12 in Feature.Actions` (``EntrySymbols/demangle(_:)``); `nil` for
    /// a C function's name.
    static func module(ofAccessorSymbol symbol: String) -> String? {
        if symbol.hasPrefix("accessor of ") {
            // A type's member: the module is what comes before the first dot.
            let qualified = symbol.dropFirst("accessor of ".count)
            let module = qualified.prefix { $0 != "." }
            return module.isEmpty || module.count == qualified.count ? nil : String(module)
        }
        // A #route's scope: its module, then the types it is in.
        guard symbol.hasPrefix("#route at "), let range = symbol.ranges(of: " in ").last else { return nil }
        let module = symbol[range.upperBound...].prefix { $0 != "." }
        return module.isEmpty ? nil : String(module)
    }
}
