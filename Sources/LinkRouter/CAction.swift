import LinkRouterCore
import CRouteRecord
#if canImport(Glibc)
import Glibc
#endif

/// A route registered from C with `LINKROUTER_C_ACTION`.
///
/// The action holds the C function's address alone, as its context word (the router names the
/// route in any failure), so that each of thousands of C records costs no allocation.
enum CAction {
    struct Failed: Error, CustomStringConvertible {
        var description: String { "the C function reported failure" }
    }

    static func routeAction(address: UInt) -> RouteAction {
        RouteAction(context: address) { address, parameters in
            let function = unsafeBitCast(UnsafeRawPointer(bitPattern: address)!, to: linkrouter_c_action.self)
            return try call(function, with: parameters)
        }
    }

    /// Calls the C function with the merged parameters as C strings; its result is a `String`.
    private static func call(_ function: linkrouter_c_action, with parameters: RouteParameters) throws -> String {
        let names = parameters.names
        let cNames = names.map { strdup($0) }
        let cValues = names.map { strdup(parameters[$0] ?? "") }
        defer { (cNames + cValues).forEach { free($0) } }
        var result = [CChar](repeating: 0, count: 4096)
        let succeeded = cNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { namePointers in
            cValues.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                function(namePointers.baseAddress, valuePointers.baseAddress, names.count, &result, result.count)
            }
        }
        guard succeeded else { throw Failed() }
        return String(decoding: result.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
