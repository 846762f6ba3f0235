// Fuzz target: the XML reader `routes links --check` uses on an AndroidManifest.xml or a file of
// intent filters. Any bytes must read or throw LinkFileError naming a line — never trap (no
// recursion a file can drive: elements nest 10,000 deep in a 60 KB input). Filters read must
// write back (`xml(header:)`) as text the reader reads to the same filters.
import AppLinkFiles

/// libFuzzer's entry point: reads one input as intent filters and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let filters: AndroidIntentFilters
    do {
        filters = try AndroidIntentFilters(xml: text)
    } catch {
        require(!error.description.isEmpty, "an error without a message")
        return 0
    }
    let written = filters.xml(header: "written -- back")
    do {
        let again = try AndroidIntentFilters(xml: written)
        require(again.filters.count == filters.filters.count, "the file written back has other filters")
        for (read, back) in zip(filters.filters, again.filters) {
            require(read.schemes == back.schemes && read.hosts == back.hosts && read.paths == back.paths && read.autoVerify == back.autoVerify,
                    "a filter written back reads differently: \(read) / \(back)")
        }
    } catch {
        require(false, "the file written back does not read: \(error)\n\(written)")
    }
    return 0
}
