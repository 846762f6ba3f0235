import CRouteRecord
import RouteRecordLayout
import Testing

/// Every constant of the Swift statement of the record ABI, compared with the C header that owns
/// it (`LinkRouterRecord.h`), read through the C module.
struct RouteRecordLayoutTests {
    @Test("The section name, magic, versions, block size and capacities are the header's")
    func recordConstants() {
        #expect(RecordLayout.sectionName == LINKROUTER_SECTION_NAME)
        #expect(RecordLayout.magic == LINKROUTER_RECORD_MAGIC)
        #expect(Int(RecordLayout.versions.lowerBound) == Int(LINKROUTER_RECORD_VERSION))
        #expect(Int(RecordLayout.newestVersion) == Int(LINKROUTER_RECORD_VERSION_2))
        #expect(RecordLayout.blockSize == Int(LINKROUTER_RECORD_SIZE))
        #expect(RecordLayout.version1TextCapacity == Int(LINKROUTER_RECORD_TEXT_CAPACITY))
        #expect(RecordLayout.continuationBodySize == Int(LINKROUTER_RECORD_CONTINUATION_CAPACITY))
        #expect(RecordLayout.writerRelease == LINKROUTER_WRITER_RELEASE)
        for size in [MemoryLayout<linkrouter_route_record>.size, MemoryLayout<linkrouter_route_record_v2>.size, MemoryLayout<linkrouter_route_record_block>.size] {
            #expect(size == RecordLayout.blockSize)
        }
        #expect(MemoryLayout<linkrouter_route_record>.alignment == 8)
        #expect(MemoryLayout<linkrouter_route_record_v2>.alignment == 8)
    }

    @Test("Every field of both versions sits at the offset the C structs give it")
    func fieldOffsets() {
        let version1: [(PartialKeyPath<linkrouter_route_record>, Int)] = [
            (\.magic, RecordLayout.Offset.magic),
            (\.version, RecordLayout.Offset.version),
            (\.flags, RecordLayout.Offset.flags),
            (\.kind, RecordLayout.Offset.kind),
            (\.text_length, RecordLayout.Offset.textLength),
            (\.accessor, RecordLayout.Offset.accessor),
            (\.reserved, RecordLayout.Offset.reserved),
            (\.text, RecordLayout.Offset.body),
        ]
        for (field, offset) in version1 {
            #expect(MemoryLayout<linkrouter_route_record>.offset(of: field) == offset, "\(field)")
        }
        let version2: [(PartialKeyPath<linkrouter_route_record_v2>, Int)] = [
            (\.magic, RecordLayout.Offset.magic),
            (\.version, RecordLayout.Offset.version),
            (\.flags, RecordLayout.Offset.flags),
            (\.kind, RecordLayout.Offset.kind),
            (\.block_count, RecordLayout.Offset.blockCount),
            (\.text_length, RecordLayout.Offset.version2TextLength),
            (\.accessor, RecordLayout.Offset.accessor),
            (\.compiled_length, RecordLayout.Offset.compiledLength),
            (\.reserved, RecordLayout.Offset.version2Reserved),
            (\.writer, RecordLayout.Offset.writer),
            (\.body, RecordLayout.Offset.body),
        ]
        for (field, offset) in version2 {
            #expect(MemoryLayout<linkrouter_route_record_v2>.offset(of: field) == offset, "\(field)")
        }
        #expect(MemoryLayout<linkrouter_route_record_block>.offset(of: \.index) == RecordLayout.Offset.flags)
        #expect(MemoryLayout<linkrouter_route_record_block>.offset(of: \.body) == RecordLayout.Offset.continuationBody)
        #expect(RecordLayout.Offset.body + RecordLayout.version1TextCapacity == RecordLayout.blockSize)
        #expect(RecordLayout.firstBodySize == RecordLayout.version1TextCapacity)
    }

    @Test("Each kind's code is the header's, and spells its FourCC")
    func kinds() {
        let header: [(RecordKind, UInt32, String)] = [
            (.page, LINKROUTER_KIND_PAGE, "page"),
            (.action, LINKROUTER_KIND_ACTION, "actn"),
            (.cAction, LINKROUTER_KIND_C_ACTION, "cact"),
            (.service, LINKROUTER_KIND_SERVICE, "srvc"),
            (.interceptor, LINKROUTER_KIND_INTERCEPTOR, "icpt"),
            (.module, LINKROUTER_KIND_MODULE, "modl"),
            (.routableProtocol, LINKROUTER_KIND_PROTOCOL, "prot"),
            (.group, LINKROUTER_KIND_GROUP, "grup"),
        ]
        #expect(header.map(\.0) == RecordKind.allCases)
        for (kind, code, fourCC) in header {
            #expect(kind.rawValue == code)
            #expect(kind.fourCC == fourCC)
            #expect(RecordKind(rawValue: code) == kind)
        }
    }

    @Test("The flag bits, the open style's field and the open styles' values are the header's")
    func flags() {
        #expect(RecordFlags.external.rawValue == LINKROUTER_FLAG_EXTERNAL)
        #expect(RecordFlags.sharedService.rawValue == LINKROUTER_FLAG_SHARED_SERVICE)
        #expect(RecordFlags.override.rawValue == LINKROUTER_FLAG_OVERRIDE)
        #expect(RecordFlags.compiledPattern.rawValue == LINKROUTER_FLAG_COMPILED_PATTERN)
        #expect(RecordFlags.declaredProtocol.rawValue == LINKROUTER_FLAG_DECLARED_PROTOCOL)
        #expect(RecordFlags.launcherAction.rawValue == LINKROUTER_FLAG_LAUNCHER_ACTION)
        #expect(RecordFlags.typedAction.rawValue == LINKROUTER_FLAG_TYPED_ACTION)
        #expect(RecordFlags.declaredResult.rawValue == LINKROUTER_FLAG_DECLARED_RESULT)
        #expect(RecordFlags.hookOrigin.rawValue == LINKROUTER_FLAG_HOOK_ORIGIN)
        #expect(RecordFlags.continuationBlock.rawValue == LINKROUTER_FLAG_CONTINUATION_BLOCK)
        #expect(RecordFlags.openStyleMask.rawValue == LINKROUTER_FLAG_STYLE_MASK)
        #expect(RecordFlags.openStyleShift == Int(LINKROUTER_FLAG_STYLE_SHIFT))
        let styles: [(RecordOpenStyle, Int32)] = [
            (.automatic, LINKROUTER_STYLE_AUTOMATIC), (.push, LINKROUTER_STYLE_PUSH), (.present, LINKROUTER_STYLE_PRESENT),
        ]
        #expect(styles.map(\.0) == RecordOpenStyle.allCases)
        for (style, value) in styles {
            #expect(Int32(style.rawValue) == value)
            #expect(UInt32(style.flags.rawValue) == UInt32(value) << LINKROUTER_FLAG_STYLE_SHIFT)
        }
    }

    @Test("Flags encode and decode the exposure, the open style, the override mark and the service lifetime")
    func flagsRoundTrip() {
        for style in RecordOpenStyle.allCases {
            for isExternal in [false, true] {
                let flags = RecordFlags(isExternal: isExternal, openStyle: style)
                #expect(flags.openStyle == style)
                #expect(flags.contains(.external) == isExternal)
                #expect(!flags.contains(.sharedService))
            }
        }
        #expect(RecordFlags(rawValue: 0x5) == [.external, RecordOpenStyle.present.flags])
        #expect(RecordFlags(rawValue: 0x7).openStyle == .automatic)
        #expect(RecordFlags(isExternal: false, openStyle: .automatic, isOverride: true).rawValue == 0x10)
        #expect(RecordFlags(isExternal: true, openStyle: .push, isOverride: true) == [.external, .override, RecordOpenStyle.push.flags])
        #expect(RecordFlags(lifetime: .shared).rawValue == 0x8)
        #expect(RecordFlags(lifetime: .perRequest).rawValue == 0)
        #expect(RecordServiceLifetime.allCases.allSatisfy { RecordFlags(lifetime: $0).serviceLifetime == $0 })
    }

    @Test("Open styles and lifetimes are found by the names annotations write")
    func names() {
        #expect(RecordOpenStyle.allCases.map(\.description) == ["automatic", "push", "present"])
        #expect(RecordOpenStyle.allCases.allSatisfy { RecordOpenStyle(name: $0.description) == $0 })
        #expect(RecordOpenStyle(name: "modal") == nil)
        #expect(RecordServiceLifetime.allCases.map(\.description) == ["perRequest", "shared"])
        #expect(RecordServiceLifetime.allCases.allSatisfy { RecordServiceLifetime(name: $0.description) == $0 })
        #expect(RecordServiceLifetime(name: "singleton") == nil)
        #expect(RecordKind.allCases.map(\.description) == ["page", "action", "c-action", "service", "interceptor", "module", "protocol", "group"])
    }
}
