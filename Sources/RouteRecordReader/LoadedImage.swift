internal import CLoadedImages
#if canImport(Glibc)
internal import Glibc
#endif

/// An ELF object loaded into this process: the main program or a shared library.
package struct LoadedImage: Sendable, Hashable {
    /// The absolute path of the object's file.
    package let path: String
    /// The difference between the object's run-time and link-time addresses.
    package let loadBias: UInt
    /// Whether this is the main program.
    package let isMainProgram: Bool
    /// Where the object's loadable segments are in this process's memory. A route section is
    /// read from memory only when it lies inside them, so a file on disk that no longer matches
    /// the loaded object (rebuilt or replaced since it was loaded) cannot send a read astray.
    package let segments: [Range<UInt>]
    /// The run-time address of the object's dynamic section, 0 when it has none.
    let dynamicSection: UInt
    /// For each segment, where its file-backed bytes come from: the file offset of its start and
    /// how many bytes the file provides.
    private let fileExtents: [FileExtent]

    private struct FileExtent: Sendable, Hashable {
        let offset: UInt
        let size: UInt
    }

    /// Every loaded object with a file, in load order: the main program first.
    ///
    /// Objects without a file (the vdso) are left out.
    package static func all() -> [LoadedImage] {
        var images: [LoadedImage] = []
        withUnsafeMutablePointer(to: &images) { pointer in
            _ = linkrouter_enumerate_images({ name, bias, segments, count, dynamic, context in
                let images = context!.assumingMemoryBound(to: [LoadedImage].self)
                if let image = LoadedImage(
                    name: name, bias: bias, segments: segments, count: count, dynamic: dynamic, mayBeMainProgram: images.pointee.isEmpty
                ) {
                    images.pointee.append(image)
                }
                return 0
            }, pointer)
        }
        return images
    }

    /// The object a `dlopen` handle refers to, or `nil`.
    package static func opened(by handle: UnsafeMutableRawPointer) -> LoadedImage? {
        var image: LoadedImage?
        _ = withUnsafeMutablePointer(to: &image) { pointer in
            linkrouter_visit_image_of_handle(handle, { name, bias, segments, count, dynamic, context in
                let image = context!.assumingMemoryBound(to: LoadedImage?.self)
                image.pointee = LoadedImage(name: name, bias: bias, segments: segments, count: count, dynamic: dynamic, mayBeMainProgram: true)
                return 1
            }, pointer)
        }
        return image
    }

    /// An image as the dynamic linker describes it, or `nil` for one without a file.
    ///
    /// - Parameter mayBeMainProgram: Whether an empty name means the main program: for the first
    ///   object of an enumeration, and for a handle's.
    private init?(
        name: UnsafePointer<CChar>?, bias: UInt, segments: UnsafePointer<linkrouter_segment>?, count: Int, dynamic: UInt, mayBeMainProgram: Bool
    ) {
        let described = UnsafeBufferPointer(start: segments, count: count)
        let ranges = described.map { UInt($0.start)..<UInt(max($0.start, $0.end)) }
        let name = name.map { String(cString: $0) } ?? ""
        let isMain = mayBeMainProgram && name.isEmpty
        let path: String
        if isMain {
            path = Self.mainProgramPath
        } else if name.hasPrefix("/") {
            path = name
        } else {
            // A library opened by a relative path keeps that name, which stops naming the file
            // once the process changes directory; the kernel's map of the process has its
            // absolute path. An object without a file (the vdso) has none there.
            guard let first = ranges.first, let mapped = Self.mappedFile(at: first.lowerBound) else { return nil }
            path = mapped
        }
        self.path = path
        self.loadBias = bias
        self.isMainProgram = isMain
        self.segments = ranges
        dynamicSection = dynamic
        fileExtents = described.map { FileExtent(offset: UInt($0.file_offset), size: UInt($0.file_size)) }
    }

    /// The offset in the object's file of the bytes loaded at `address`, or `nil` when no segment
    /// loads file bytes there.
    package func fileOffset(ofAddress address: UInt) -> Int? {
        for (segment, extent) in zip(segments, fileExtents) where segment.contains(address) {
            let delta = address - segment.lowerBound
            return delta < extent.size ? Int(extent.offset + delta) : nil
        }
        return nil
    }

    /// Whether the object can hold route records, judged from memory alone, so that discovery
    /// opens no file for the many system and runtime libraries that cannot: `false` only for a
    /// library whose dynamic symbol table neither defines `linkrouter_route_records_marker` (the
    /// record header's marker of C records) nor a copy of LinkRouter, and uses no symbol of
    /// LinkRouter's Swift modules (as every Swift record's accessor does). The main program and
    /// the object LinkRouter is linked into always can; so can an object whose table cannot be
    /// read from memory (no dynamic section or no GNU hash table).
    package var mayHoldRecords: Bool {
        if isMainProgram || linksThisCopyOfLinkRouter { return true }
        return linkrouter_dynamic_symbols_allow_records(dynamicSection, loadBias) != 0
    }

    /// Whether this is the object LinkRouter is linked into (usually the main program), whose
    /// route section the linker's section bounds give with no file read.
    package var linksThisCopyOfLinkRouter: Bool {
        contains(address: linkrouter_own_image_address())
    }

    /// Whether the object's loadable segments contain `address`.
    package func contains(address: UInt) -> Bool {
        segments.contains { $0.contains(address) }
    }

    /// The run-time bounds of the route section of the object LinkRouter is linked into, from the
    /// linker's `__start_`/`__stop_` symbols; `nil` when that object has no route section.
    package static var linkedRouteSection: Range<UInt>? {
        var start: UInt = 0
        var end: UInt = 0
        guard linkrouter_own_route_section(&start, &end) != 0 else { return nil }
        return start..<end
    }

    /// Keeps the image loaded for the rest of the process (`RTLD_NODELETE`): a `dlclose` of a
    /// library whose routes or services were registered must not unmap the code they point into.
    /// The main program is never unloaded.
    /// - Returns: Whether the image stays loaded.
    package func keepLoaded() -> Bool {
        if isMainProgram { return true }
        guard let first = segments.first else { return false }
        return linkrouter_keep_image_loaded(first.lowerBound) != 0
    }

    /// The file to read the object's section headers from: its path while the path still names
    /// the file that was loaded (the device and inode `/proc/self/maps` gives for the object's
    /// first segment); otherwise the loaded file itself, which the kernel keeps reachable however
    /// the path changed: `/proc/self/exe` for the main program, `/proc/self/map_files/START-END`
    /// for a library (replaced or deleted on disk, or loaded from a memfd whose descriptor was
    /// closed). Opening a `map_files` entry takes `CAP_SYS_ADMIN` or `CAP_CHECKPOINT_RESTORE`.
    package var loadedFile: String {
        if isMainProgram { return "/proc/self/exe" }
        guard let first = segments.first else { return path }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            linkrouter_check_loaded_file(first.lowerBound, path, buffer.baseAddress!, buffer.count) == 0
                ? String(cString: buffer.baseAddress!) : path
        }
    }

    /// Whether `range` of run-time addresses lies inside one of the loaded segments.
    func contains(_ range: Range<UInt>) -> Bool {
        segments.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
    }

    /// The absolute path of the file mapped at `address`, from `/proc/self/maps`.
    private static func mappedFile(at address: UInt) -> String? {
        let capacity = Int(PATH_MAX) + 1
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            guard linkrouter_mapped_file(address, buffer.baseAddress!, capacity) != 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
    }

    /// The main program's path as a person would name it (`/proc/self/exe` resolved).
    static let mainProgramPath: String = {
        guard let resolved = realpath("/proc/self/exe", nil) else { return "/proc/self/exe" }
        defer { free(resolved) }
        return String(cString: resolved)
    }()
}
