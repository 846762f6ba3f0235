#if canImport(Glibc)
import Glibc
#endif

/// The `--screenshot-dir` folder, made with its parents (`mkdir -p`) at start-up.
enum ScreenshotFolder {
    struct CannotMake: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes `path` and its missing parents, or says which one could not be made and why.
    static func make(_ path: String) throws(CannotMake) {
        let absolute = path.hasPrefix("/")
        var prefix = absolute ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            let current = absolute ? prefix : String(prefix.dropFirst(2))
            if mkdir(current, 0o755) == 0 { continue }
            let error = errno
            var status = stat()
            if error == EEXIST, stat(current, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            let reason = error == EEXIST ? "it exists and is not a folder" : String(cString: strerror(error))
            throw CannotMake(description: "cannot make the folder '\(current)': \(reason)")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw CannotMake(description: "cannot write in the folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
