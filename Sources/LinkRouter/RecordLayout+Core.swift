// Where a record's open style and service lifetime become the core's: the core knows nothing of
// records, so the mapping lives with discovery.
import LinkRouterCore
import RouteRecordLayout

extension RouteOptions.OpenStyle {
    /// The open style a route record stores.
    init(_ style: RecordOpenStyle) {
        switch style {
        case .automatic: self = .automatic
        case .push: self = .push
        case .present: self = .present
        }
    }
}

extension ServiceLifetime {
    /// The lifetime a service record stores.
    init(_ lifetime: RecordServiceLifetime) {
        switch lifetime {
        case .perRequest: self = .perRequest
        case .shared: self = .shared
        }
    }
}
