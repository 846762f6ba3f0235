import RouteRecordReader
#if canImport(Glibc)
import Glibc
#endif

/// What to do about a record whose accessor refused this copy of LinkRouter, saying which side is
/// wrong: the record's image (a plugin, most often) when it carries a copy of its own, or the host
/// when this copy, linked statically into the program, is not exported to the libraries it loads.
///
/// Both mistakes produce the same refusal, so the copy running the check tells them apart by where
/// it lives and which copy the process's libraries bind to: the one that defines `Routable`'s
/// protocol descriptor in the global scope (`dlsym(RTLD_DEFAULT, …)`). When that is this copy, the
/// record's image bound to another one of its own. When no copy is global, or another one is,
/// this copy is the one nobody binds to.
func privateCopyFix(accessorAt address: UInt) -> String {
    let fromPlugin = "the image carries a private copy of LinkRouter: link it with the LinkRouterDynamic product instead of LinkRouter, and give its host the same copy (LinkRouterDynamic too, or LinkRouter linked with -Xlinker --export-dynamic)"
    let images = LoadedImage.all()
    guard let here = images.first(where: \.linksThisCopyOfLinkRouter), !here.contains(address: address) else { return fromPlugin }
    // RTLD_DEFAULT is the null handle in glibc.
    let global = dlsym(nil, routableDescriptor).flatMap { symbol in images.first { $0.contains(address: UInt(bitPattern: symbol)) } }
    if global == here { return fromPlugin }
    if here.isMainProgram {
        return "the host is linked wrong, not the library: the program links LinkRouter statically without -Xlinker --export-dynamic, so the libraries it loads cannot bind to its copy"
            + (global.map { " and use the one in \($0.path)" } ?? "")
            + "; link the host's executable target with linkerSettings: [.unsafeFlags([\"-Xlinker\", \"--export-dynamic\"])], or make it depend on the LinkRouterDynamic product as its plugins do"
    }
    return "the copy of LinkRouter that discovers, in \(here.path), is not the one the process's libraries bind to"
        + (global.map { " (\($0.path))" } ?? " (none is exported)")
        + ": host and plugins must share one copy, the LinkRouterDynamic product (or the host's static copy linked with -Xlinker --export-dynamic)"
}

/// The mangled name of `LinkRouterCore.Routable`'s protocol descriptor, which every record of a
/// page refers to.
private let routableDescriptor = "$s14LinkRouterCore8RoutableMp"
