import RouteRecordReader
import Testing

struct EntrySymbolsTests {
    /// Accessor symbols from object files the Swift compiler built from annotations.
    @Test("an accessor's symbol reads as the annotation that made it, wherever the macro named its record", arguments: [
        // @Routable: the type's first record has a plain name...
        ("$s11TwoRoutable0A4PageV18__linkRouterRecords6UInt32V_s6UInt16VAh2FSbSv_S2VSgtXCs6UInt64VA12KtvpZfiSbSv_SVAItcfU_",
         "accessor of TwoRoutable.TwoPage.__linkRouterRecord"),
        // ...the second a unique one.
        ("$s11TwoRoutable0A4PageV04$s11A46Routable0A4Page0B0fMe_18__linkRouterRecordfMu_s6UInt32V_s6UInt16VAh2FSbSv_S2VSgtXCs6UInt64VA12KtvpZfiSbSv_SVAItcfU_",
         "accessor of TwoRoutable.TwoPage.__linkRouterRecord"),
        // #route at file scope, in a file whose name has a digit.
        ("$s9Annotated96$s9Annotated0016File0swift_eCJAcfMX8_0_33_F3B3B62110714B14933C549DE02EEC23Ll5routefMf_5routefMu_01_ghijklM0LLs6UInt32V_s6UInt16VAg2ESbSv_S2VSgtXCs6UInt64VA12JtvpfiSbSv_SVAHtcfU_",
         "#route at File0.swift:9 in Annotated"),
        // #route in a type.
        ("$s7InTypes12File3ActionsO03$s7A91Types0016File3swift_eCJAcfMX178_4_33_63EDC1A292B18B2B7958DD8ABCD1E44BLl5routefMf_5routefMu_03_63jklmnopQ1BLLs6UInt32V_s6UInt16VAi2GSbSv_S2VSgtXCs6UInt64VA12LtvpZfiSbSv_SVAJtcfU_",
         "#route at File3.swift:179 in InTypes.File3Actions"),
        // Not Swift: a C action's function.
        ("act", "act"),
    ])
    func demangle(_ symbol: String, _ expected: String) {
        #expect(EntrySymbols.demangle(symbol) == expected)
    }
}
