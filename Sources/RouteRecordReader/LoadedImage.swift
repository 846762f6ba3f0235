internal import CLoadedImages
#if canImport(Glibc)
internal import Glibc
#endif

/// An ELF object loaded into this process: the main program or a shared library.
public struct LoadedImage: Sendable, Hashable {
    /// The path to read the object from.
    public let path: String
    /// The difference between the object's run-time and link-time addresses.
    public let loadBias: UInt
    /// Whether this is the main program.
    public let isMainProgram: Bool

    /// Every loaded object, in load order: the main program first.
    ///
    /// Objects without a file (the vdso) are listed too; reading them fails quickly and is skipped.
    public static func all() -> [LoadedImage] {
        var images: [LoadedImage] = []
        withUnsafeMutablePointer(to: &images) { pointer in
            _ = linkrouter_enumerate_images({ name, bias, context in
                let images = context!.assumingMemoryBound(to: [LoadedImage].self)
                let path = name.map { String(cString: $0) } ?? ""
                let isMain = images.pointee.isEmpty && path.isEmpty
                images.pointee.append(LoadedImage(path: isMain ? LoadedImage.mainProgramPath : path, loadBias: UInt(bias), isMainProgram: isMain))
                return 0
            }, pointer)
        }
        return images.filter { !$0.path.isEmpty }
    }

    /// The main program's path as a person would name it (`/proc/self/exe` resolved).
    static let mainProgramPath: String = {
        guard let resolved = realpath("/proc/self/exe", nil) else { return "/proc/self/exe" }
        defer { free(resolved) }
        return String(cString: resolved)
    }()

    /// The object a `dlopen` handle refers to, or `nil`.
    public static func opened(by handle: UnsafeMutableRawPointer) -> LoadedImage? {
        var name: UnsafePointer<CChar>?
        var bias: UInt = 0
        guard linkrouter_image_of_handle(handle, &name, &bias) != 0 else { return nil }
        let path = name.map { String(cString: $0) } ?? ""
        return path.isEmpty ? LoadedImage(path: mainProgramPath, loadBias: bias, isMainProgram: true)
            : LoadedImage(path: path, loadBias: bias, isMainProgram: false)
    }

    /// The loaded object that contains `address` (a symbol from a `dlopen`ed handle, say), or `nil`.
    public static func containing(_ address: UnsafeRawPointer) -> LoadedImage? {
        var name: UnsafePointer<CChar>?
        var bias: UInt = 0
        guard linkrouter_image_containing(address, &name, &bias) != 0 else { return nil }
        let path = name.map { String(cString: $0) } ?? ""
        return path.isEmpty ? LoadedImage(path: mainProgramPath, loadBias: bias, isMainProgram: true)
            : LoadedImage(path: path, loadBias: bias, isMainProgram: false)
    }
}
