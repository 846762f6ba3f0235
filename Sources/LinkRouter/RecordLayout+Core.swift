// Where a record's service lifetime becomes the core's (its open style: RecordPass): the core knows nothing of
// records, so the mapping lives with discovery.
import LinkRouterCore
import RouteRecordLayout

extension ServiceLifetime {
    /// The lifetime a service record stores.
    init(_ lifetime: RecordServiceLifetime) {
        switch lifetime {
        case .perRequest: self = .perRequest
        case .shared: self = .shared
        }
    }
}
