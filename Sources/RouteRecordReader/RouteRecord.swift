package import RoutePatterns
package import RouteRecordLayout

/// One route record read from a `linkrouter_routes` section: what a module registered by annotation
/// (a route, the implementation of a service protocol, an interceptor or a module's set-up).
///
/// The layout is documented in `Documentation/ABI/RouteRecord.md`.
package struct RouteRecord: Sendable, Hashable {
    /// The record's layout version: 1 or 2.
    package let version: UInt16
    /// What the record registers.
    package let kind: RecordKind
    /// The route pattern, as written in the annotation; for a ``RecordKind/service`` record, the name
    /// of the protocol it implements, as written in the annotation; for an interceptor or a
    /// module, its name.
    package let pattern: String
    /// The pattern as the macro parsed it when it checked the annotation, carried by Swift records
    /// (checked for what matching relies on); `nil` for C records and records written before it.
    package let compiledPattern: RoutePattern?
    /// The groups the route joins.
    package let groups: [String]
    /// The one-line description, if any.
    package let summary: String?
    /// The query contract as the record spells it (`rpage:int=1,tab:string`), if any; read with
    /// `QueryContract(recordText:)`.
    package let query: String?
    /// Whether the route is reachable from outside the app.
    package let isExternal: Bool
    /// The route's preferred open style.
    package let openStyle: RecordOpenStyle
    /// Whether the record overrides the unmarked records of the same route shape, or for a
    /// service of the same protocol (`overrides: true`).
    package let isOverride: Bool
    /// Whether the route is a launcher action (`launcherAction: true`): flag bit 7.
    package let isLauncherAction: Bool
    /// The protocol the route's page offers, as the annotation wrote it
    /// (`@Routable("note/edit", as: NoteEditing.self)` gives `NoteEditing`); `nil` when it declares none.
    package let declaredProtocol: String?
    /// Whether the record is an action declared as a type (`@RoutableAction`, flag bit 7): its
    /// accessor yields a function of the router rather than a `RouteAction`.
    package let isTypedAction: Bool
    /// The type of the result the record's page returns (`PageReturn<Value>`, flag bit 8), as
    /// written, or `nil`.
    package let declaredResult: String?
    /// For a `service` record: whether one instance is shared or one made per request; `nil` for a route.
    package let serviceLifetime: RecordServiceLifetime?
    /// What an interceptor or module record declares beyond its name; `nil` for the other
    /// records. Kept behind one reference, so that the route records, by far the most, carry no
    /// room for it (at 10,000 records, the room is start-up page faults).
    package let hook: HookDeclaration?
    /// For an ``RecordKind/interceptor`` record: its name, scope and priority; `nil` otherwise.
    package var interceptor: InterceptorRecordText? { hook?.interceptor }
    /// For an interceptor or module record that states it (written since hook names are
    /// module-qualified): the Swift module that declares the hook and the hook it replaces, when
    /// it names one; `nil` for other records and for older hook records.
    package var hookOrigin: HookOrigin? { hook?.origin }
    /// The accessor's address as stored in the record: the run-time address for a loaded image;
    /// in a file on disk often 0, since the dynamic linker fills it in.
    package let accessorAddress: UInt
    /// Where the record was read.
    package let location: RecordLocation

    /// What the record's target is read through.
    package var accessor: RecordAccessor {
        RecordAccessor(kind: kind, address: accessorAddress, isTypedAction: isTypedAction)
    }

    /// The record a view of the codec's holds, once what the codec leaves to the reader is
    /// checked: the accessor, the text as UTF-8 (a service's as one protocol name), and a
    /// compiled pattern's segments as a pattern (``RoutePatterns/RoutePattern/init(text:compiled:)``).
    ///
    /// - Throws: The ``RouteRecordLayout/RecordProblem`` that makes the record unusable.
    package init(_ view: RecordView, at location: RecordLocation, requireAccessor: Bool) throws(RecordProblem) {
        if requireAccessor && view.accessor == 0 { throw .missingAccessor }
        let text: RecordText
        var hook: HookDeclaration?
        var compiled: RoutePattern?
        if view.kind == .interceptor {
            guard let declared = InterceptorRecordText(view.text) else { throw .badDeclarationText }
            hook = HookDeclaration(interceptor: declared, origin: try Self.origin(of: view))
            text = RecordText(pattern: declared.name)
        } else if view.kind == .module {
            guard let name = RecordText.serviceName(view.text) else { throw .badDeclarationText }
            hook = HookDeclaration(interceptor: nil, origin: try Self.origin(of: view))
            text = RecordText(pattern: name)
        } else if view.kind == .routableProtocol || view.kind == .group {
            guard let name = RecordText.serviceName(view.text) else { throw .badDeclarationText }
            text = RecordText(pattern: name)
        } else if view.kind == .service {
            guard !view.text.isEmpty, !view.text.contains(0) else { throw .badServiceName }
            guard let name = RecordText.serviceName(view.text) else { throw .badText }
            text = RecordText(pattern: name)
        } else {
            text = try Self.route(of: view, compiledPattern: &compiled)
        }
        if !view.kind.isRoute, let view = view.compiledPattern {
            guard let pattern = RoutePattern.compiled(text: text.pattern, view) else { throw .badCompiledPattern }
            compiled = pattern
        }
        compiledPattern = compiled
        declaredProtocol = try Self.name(view.declaredProtocol)
        declaredResult = try Self.name(view.declaredResult)
        version = view.version
        kind = view.kind
        pattern = text.pattern
        groups = text.groups
        summary = text.summary
        query = text.query
        // Flag bits tested directly: OptionSet's `contains` is not specialized across modules.
        isExternal = view.flags.rawValue & RecordFlags.external.rawValue != 0
        openStyle = view.flags.openStyle
        isOverride = view.flags.rawValue & RecordFlags.override.rawValue != 0
        isLauncherAction = view.kind.isRoute && view.flags.rawValue & RecordFlags.launcherAction.rawValue != 0
        serviceLifetime = view.kind == .service ? view.flags.serviceLifetime : nil
        isTypedAction = view.kind == .action && view.flags.rawValue & RecordFlags.typedAction.rawValue != 0
        self.hook = hook
        accessorAddress = UInt(view.accessor)
        self.location = location
    }

    /// What a route record's view holds beyond its fixed fields, checked as ``init(_:at:requireAccessor:)``
    /// checks it: its text, read as UTF-8 (``RouteRecordLayout/RecordText/init(route:)``), its
    /// compiled pattern made a pattern (into `compiledPattern`, which it leaves `nil` for a record
    /// without one), and the protocol and result it declares, each one name. The one reading of a
    /// route record's body, for the records a pass reads in place (``RecordPass``) and the records
    /// made whole alike.
    ///
    /// - Returns: The record's text.
    /// - Throws: ``RouteRecordLayout/RecordProblem/badText``,
    ///   ``RouteRecordLayout/RecordProblem/badCompiledPattern`` or
    ///   ``RouteRecordLayout/RecordProblem/badDeclaredProtocol``.
    @inline(__always)
    package static func route(of view: RecordView, compiledPattern: inout RoutePattern?) throws(RecordProblem) -> RecordText {
        guard let text = RecordText(route: view.text) else { throw .badText }
        if let compiled = view.compiledPattern {
            guard let pattern = RoutePattern.compiled(text: text.pattern, compiled) else { throw .badCompiledPattern }
            compiledPattern = pattern
        }
        if let declared = view.declaredProtocol, !RecordText.isServiceName(declared) { throw .badDeclaredProtocol }
        if let declared = view.declaredResult, !RecordText.isServiceName(declared) { throw .badDeclaredProtocol }
        return text
    }

    /// A record named only by where it is: what a pass's ``RecordPass/Records`` gives for a place
    /// whose bytes no longer read as the record it read there. That never happens (a loaded
    /// section is read-only, a file's a copy); the record is named rather than trapped on.
    init(unreadableAt location: RecordLocation) {
        version = 0
        kind = .action
        pattern = ""
        compiledPattern = nil
        groups = []
        summary = nil
        query = nil
        isExternal = false
        openStyle = .automatic
        isOverride = false
        isLauncherAction = false
        declaredProtocol = nil
        isTypedAction = false
        declaredResult = nil
        serviceLifetime = nil
        hook = nil
        accessorAddress = 0
        self.location = location
    }

    /// A declared protocol's or result's name, when the record declares one.
    ///
    /// - Throws: ``RouteRecordLayout/RecordProblem/badDeclaredProtocol`` when it is not one name.
    private static func name(_ bytes: UnsafeRawBufferPointer?) throws(RecordProblem) -> String? {
        guard let bytes else { return nil }
        guard let name = RecordText.serviceName(bytes) else { throw .badDeclaredProtocol }
        return name
    }

    /// A hook record's origin, when it states one.
    ///
    /// - Throws: ``RouteRecordLayout/RecordProblem/badHookOrigin`` when it is not UTF-8 or holds a NUL.
    private static func origin(of view: RecordView) throws(RecordProblem) -> HookOrigin? {
        guard let bytes = view.hookOrigin else { return nil }
        guard let origin = HookOrigin(bytes) else { throw .badHookOrigin }
        return origin
    }

    /// The pattern, parsed: the compiled one when the record carries it, else parsed from the text.
    ///
    /// - Throws: ``RoutePatterns/PatternError`` when the text does not parse.
    package func parsedPattern() throws(PatternError) -> RoutePattern {
        if let compiledPattern { return compiledPattern }
        return try RoutePattern(pattern)
    }
}

/// What a record's target is read through: its kind, its accessor's address, and whether it is a
/// typed action. What a pass hands the caller that makes a route's target
/// (``RecordPass/init(_:capacity:makesRoutes:executables:target:serviceKey:)``), read from the
/// record's fixed fields with no text decoded.
package struct RecordAccessor: Sendable {
    /// What the record registers.
    package let kind: RecordKind
    /// The accessor's address as stored in the record (``RouteRecord/accessorAddress``).
    package let address: UInt
    /// Whether the record is an action declared as a type (``RouteRecord/isTypedAction``).
    package let isTypedAction: Bool

    /// The accessor of the record `view` holds.
    init(_ view: RecordView) {
        kind = view.kind
        address = UInt(view.accessor)
        isTypedAction = view.kind == .action && view.flags.rawValue & RecordFlags.typedAction.rawValue != 0
    }

    init(kind: RecordKind, address: UInt, isTypedAction: Bool) {
        self.kind = kind
        self.address = address
        self.isTypedAction = isTypedAction
    }
}

/// What an interceptor or module record declares beyond its name (``RouteRecord/hook``).
package final class HookDeclaration: Sendable, Hashable {
    /// An interceptor's name, scope and priority; `nil` for a module.
    package let interceptor: InterceptorRecordText?
    /// The declaring module and the hook replaced, when the record states them.
    package let origin: HookOrigin?

    init(interceptor: InterceptorRecordText?, origin: HookOrigin?) {
        self.interceptor = interceptor
        self.origin = origin
    }

    package static func == (lhs: HookDeclaration, rhs: HookDeclaration) -> Bool {
        lhs.interceptor == rhs.interceptor && lhs.origin == rhs.origin
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(interceptor)
        hasher.combine(origin)
    }
}

/// Where a record (or a problem with one) was found.
package struct RecordLocation: Sendable, Hashable, CustomStringConvertible {
    /// The object file's path.
    package let file: String
    /// The record's offset in the file, in bytes.
    package let fileOffset: Int
    /// The record's index within its section.
    package let index: Int

    /// Creates a location.
    package init(file: String, fileOffset: Int, index: Int) {
        self.file = file
        self.fileOffset = fileOffset
        self.index = index
    }

    package var description: String {
        "\(file) at offset 0x\(String(fileOffset, radix: 16)) (record \(index))"
    }
}
