// Fuzz target: the apple-app-site-association reader `routes links --check` uses on a file from a
// web server. Any bytes must read or throw LinkFileError with a message — never trap, never take
// more than libFuzzer's time and memory limits. A file read must write back (`json`) as text the
// reader reads to the same document.
import AppLinkFiles

/// libFuzzer's entry point: reads one input as an `apple-app-site-association` file and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let document: AppleAppSiteAssociation
    do {
        document = try AppleAppSiteAssociation(json: text)
    } catch {
        require(!error.description.isEmpty, "an error without a message")
        return 0
    }
    do {
        let again = try AppleAppSiteAssociation(json: document.json)
        require(again == document, "the file written back reads differently")
    } catch {
        require(false, "the file written back does not read: \(error)")
    }
    return 0
}
